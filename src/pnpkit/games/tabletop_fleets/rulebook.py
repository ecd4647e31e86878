"""The rules reference (``rules-reference.pdf``): ``rules.yaml`` printed by the shared
:mod:`pnpkit.layout.rules`, every number read from the game's model.

:func:`rule_context` is all rule text may quote. A value the data marks ``{ours: …}`` is an
:class:`~pnpkit.model.ours.Ours` here, so it prints with the mark wherever a sentence quotes
it, and the document carries the footnote. The ``table`` blocks (fleets, scoring, coins) are
drawn from the model too.
"""

from __future__ import annotations

from typing import Any

from pnpkit.games.tabletop_fleets.model import TabletopGame
from pnpkit.games.tabletop_fleets.sheets import score_rows
from pnpkit.layout.flow import Block, Cell, Grid
from pnpkit.layout.paper import Paper
from pnpkit.layout.plan import DocumentPlan
from pnpkit.layout.rules import and_list, rules_plan
from pnpkit.model.ours import MARK, Ours
from pnpkit.model.rule_document import RawBlock
from pnpkit.units import CM, INCH

FILENAME = "rules-reference.pdf"
TABLE_SIZE = 8.5
SHADE = "#eef2f6"
EMPTY_COIN_TABLE = (
    "The source rules' coin table is empty: they give nothing for a coin to buy. "
    "In this kit coins buy nothing; keep them for points."
)


def inches(points: float) -> str:
    return f"{points / INCH:g} in"


def feet(points: float) -> str:
    size = points / INCH
    return f"{size / 12:g} ft" if size % 12 == 0 else f"{size:g} in"


def centimetres(points: float) -> str:
    return f"{points / CM:g} cm"


def signed(value: int) -> str:
    return f"{value:+d}".replace("-", "\u2212")


def _value(game: TabletopGame, path: str, text: str) -> str | Ours:
    """``text``, marked when the data marks ``path`` as our choice."""
    return Ours(text) if game.mark(path) else text


def fleet_name(game: TabletopGame, key: str) -> str:
    faction = game.faction(key)
    return faction.name + game.mark(game.faction_path(faction))


def ship_name(game: TabletopGame, index: int) -> str:
    return game.ships[index].name + game.mark(f"ships[{index}].name")


def rule_context(game: TabletopGame) -> dict[str, Any]:
    """Every value rule text may quote, from the model (marked where the data marks it)."""
    t = game.table

    def v(path: str, text: str) -> str | Ours:
        return _value(game, path, text)

    move_counts = [f"{fleet_name(game, f.key)} {f.move_count}" for f in game.factions]
    order = game.fitting_order
    islands = v("terrain.islands.count", str(game.islands))
    return {
        "game": {"title": game.title, "subtitle": game.subtitle},
        "fleets": {"count": len(game.factions), "move_counts": and_list(move_counts)},
        "ships": {ship.key: {"name": ship_name(game, i)} for i, ship in enumerate(game.ships)},
        "fittings": {
            "order": and_list(order, ", then "),
            "first": order[0],
            "last": order[-1],
        },
        "table": {
            "size": feet(t.size),
            "edge": inches(t.edge),
            "apart": inches(t.apart),
            "island": v("table.island", inches(t.island)),
            "least_edge": v("table.least_edge", inches(t.least_edge)),
            "step": v("table.step", inches(t.step)),
            "max_crews": t.max_crews,
        },
        "terrain": {
            "islands": islands,
            "rocks": v("terrain.rocks", str(game.rocks.count)),
            "rock_size": v("terrain.rocks", inches(game.rocks.size)),
            "reefs": v("terrain.reefs", str(game.reefs.count)),
            "reef_size": v("terrain.reefs", inches(game.reefs.size)),
        },
        "shots": {
            "straight_low": centimetres(game.straight_out.low),
            "straight_high": centimetres(game.straight_out.high),
            "tipped_low": centimetres(game.tipped_up.low),
            "tipped_high": centimetres(game.tipped_up.high),
            "lands": centimetres(game.tipped_lands),
        },
        "click": v("move.click", inches(game.click)),
        "score": {
            "island": game.scoring.island,
            "prize_fitting": game.scoring.prize_fitting,
            "prize_hull": game.scoring.prize_hull,
            "coin": game.scoring.coin,
            "most_ships": game.scoring.most_ships,
            "most_islands": game.scoring.most_islands,
            "victory": game.scoring.victory,
        },
        "stalemate": {"rounds": game.stalemate_rounds},
        "wind": {
            "within": game.wind.within,
            "with_wind": signed(game.wind.with_wind),
            "into_wind": signed(game.wind.into_wind),
        },
        "coins": {
            "count": v("coins.count", str(game.coins)),
            "size": v("coins.size", inches(game.coin_size)),
            "uses": len(game.coin_uses),
        },
        "pieces": {
            "ship": v("pieces.ship", inches(game.ship_piece)),
            "flag": v("pieces.flag", inches(game.flag_size)),
            "flags": islands,
        },
        "ours": MARK,
    }


# -- the game's own blocks ---------------------------------------------------------------------


def fleets_table(game: TabletopGame) -> Grid:
    """Each fleet: its Move Count and its ships (with their fittings, in the order they come off)."""
    rows: list[tuple[Cell, ...]] = [(Cell("Fleet"), Cell("Move Count"), Cell("Ships (fittings)"))]
    for faction in game.factions:
        ships = []
        for index, ship in enumerate(game.ships):
            if ship.faction != faction.key:
                continue
            track = game.track(ship)
            parts = [f"{track.count(f)} {f}" for f in game.fitting_order if f in track]
            mark = game.mark(f"ships[{index}].fittings") if not game.mark(f"ships[{index}]") else ""
            ships.append(f"{ship_name(game, index)} ({', '.join(parts)}{mark})")
        rows.append(
            (
                Cell(fleet_name(game, faction.key), bold=True),
                Cell(str(faction.move_count)),
                Cell("; ".join(ships)),
            )
        )
    return Grid(tuple(rows), widths=(0.9, 0.7, 2.4), size=TABLE_SIZE)


def scoring_table(game: TabletopGame) -> Grid:
    """The points, from the same rows as the score sheet."""
    rows = [(Cell("What scores"), Cell("Points"))]
    rows += [(Cell(what), Cell(points)) for what, points in score_rows(game.scoring)]
    rows.append(
        (
            Cell("Declare victory at the start of your turn with", shade=SHADE),
            Cell(f"{game.scoring.victory}+", bold=True, shade=SHADE),
        )
    )
    return Grid(tuple(rows), widths=(3.0, 1.0), size=TABLE_SIZE)


def coins_table(game: TabletopGame) -> Grid:
    """What a coin buys, as the source rules' table gives it; an empty table says so."""
    rows = [(Cell("Coin"), Cell("What it does"))]
    if game.coin_uses:
        rows += [(Cell(str(use.cost)), Cell(use.effect)) for use in game.coin_uses]
    else:
        rows.append((Cell("none"), Cell(EMPTY_COIN_TABLE, shade=SHADE)))
    return Grid(tuple(rows), widths=(0.6, 3.4), size=TABLE_SIZE)


def table_block(game: TabletopGame, raw: RawBlock) -> Block:
    name = raw.texts[0]
    if name == "fleets":
        return fleets_table(game)
    if name == "scoring":
        return scoring_table(game)
    return coins_table(game)


def rules_reference(game: TabletopGame, paper: Paper, subject: str) -> DocumentPlan:
    """The rules reference, set in two columns."""
    if game.rules is None:
        raise ValueError("the game was loaded without its rules")
    return rules_plan(
        FILENAME,
        game.rules,
        rule_context(game),
        paper=paper,
        subject=subject,
        special=lambda raw: table_block(game, raw),
        source=str(game.rules.where.file) if game.rules.where else "rules.yaml",
    )
