"""The rules reference (``rules-reference.pdf``): ``rules.yaml`` printed by the shared
:mod:`pnpkit.layout.rules`, every number read from the game's model.

:func:`~pnpkit.games.tabletop_fleets.context.rule_context` is all rule text may quote; the
``table`` blocks (fleets, scoring, coins) are drawn from the model too.
"""

from __future__ import annotations

from pnpkit.games.tabletop_fleets.context import fleet_name, rule_context, ship_name
from pnpkit.games.tabletop_fleets.model import TabletopGame
from pnpkit.games.tabletop_fleets.sheets import score_rows
from pnpkit.layout.flow import Block, Cell, Grid
from pnpkit.layout.paper import Paper
from pnpkit.layout.plan import DocumentPlan
from pnpkit.layout.rules import rules_plan
from pnpkit.model.rule_document import RawBlock

FILENAME = "rules-reference.pdf"
TABLE_SIZE = 8.5
SHADE = "#eef2f6"
EMPTY_COIN_TABLE = (
    "The source rules' coin table is empty: they give nothing for a coin to buy. "
    "In this kit coins buy nothing; keep them for points."
)


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
    )
