"""What the rules reference may quote: every value read from the game's model.

A value the data marks ``{ours: …}`` is an :class:`~pnpkit.model.ours.Ours` here, so it prints
with the mark wherever a sentence quotes it (and the document carries the footnote). No drawing
library is imported: ``pnpkit check`` renders the rule text with this context.
"""

from __future__ import annotations

from typing import Any

from pnpkit.games.tabletop_fleets.model import TableRules, TableShape, TabletopGame
from pnpkit.model.ours import MARK, Ours
from pnpkit.render.rule_text import and_list
from pnpkit.units import CM, INCH


def inches(points: float) -> str:
    return f"{points / INCH:g} in"


def feet(points: float) -> str:
    size = points / INCH
    return f"{size / 12:g} ft" if size % 12 == 0 else f"{size:g} in"


def table_feet(table: TableRules) -> str:
    """The table's size as the rules say it: ``4 ft``, ``6 ft × 4 ft`` for a rectangle, ``4 ft
    round`` for a round table."""
    width, depth = table.sides
    if table.shape is TableShape.ROUND:
        return f"{feet(width)} round"
    return feet(width) if table.depth is None else f"{feet(width)} × {feet(depth)}"


def table_needed(table: TableRules) -> str:
    """The table a kit's print guide asks for."""
    if table.shape is TableShape.ROUND:
        return f"a round table {feet(table.size)} across"
    across = "" if table.depth else " across"
    return f"a flat table (or floor) {table_feet(table)}{across}"


def centimetres(points: float) -> str:
    return f"{points / CM:g} cm"


def signed(value: int) -> str:
    return f"{value:+d}".replace("-", "\u2212")


def fleet_name(game: TabletopGame, key: str) -> str:
    faction = game.faction(key)
    return faction.name + game.mark(game.faction_path(faction))


def ship_name(game: TabletopGame, index: int) -> str:
    return game.ships[index].name + game.mark(f"ships[{index}].name")


def ship_fleet(game: TabletopGame, index: int) -> str | Ours:
    """The name of the ship's fleet, marked when putting the ship in it is our choice."""
    ship = game.ships[index]
    return game.ours.quote(f"ships[{index}].faction", fleet_name(game, ship.faction))


def rule_context(game: TabletopGame) -> dict[str, Any]:
    """Every value rule text may quote, from the model (marked where the data marks it)."""
    t = game.table

    def v(path: str, text: str) -> str | Ours:
        """``text``, quoted as :class:`Ours` when the data marks ``path`` as our choice."""
        return game.ours.quote(path, text)

    move_counts = [f"{fleet_name(game, f.key)} {f.move_count}" for f in game.factions]
    order = game.fitting_order
    islands = v("terrain.islands.count", str(game.islands))
    return {
        "game": {"title": v("title", game.title), "subtitle": game.subtitle},
        "fleets": {"count": len(game.factions), "move_counts": and_list(move_counts)},
        "ships": {
            ship.key: {"name": ship_name(game, i), "fleet": ship_fleet(game, i)}
            for i, ship in enumerate(game.ships)
        },
        "fittings": {
            "order": and_list(order, ", then "),
            "first": order[0],
            "last": order[-1],
        },
        "table": {
            "size": table_feet(t),
            "edge": inches(t.edge),
            "apart": inches(t.apart),
            "island": v("table.island", inches(t.island)),
            "least_edge": v("table.least_edge", inches(t.least_edge)),
            "step": v("table.step", inches(t.step)),
            "max_crews": t.max_crews,
            "round": t.shape is TableShape.ROUND,
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
            "spray": v("shots.spray", f"{game.spray}°"),
            "straight_stops": and_list([f"{s / CM:g}" for s in game.stops(game.straight_out)]),
            "tipped_stops": and_list([f"{s / CM:g}" for s in game.stops(game.tipped_up)]),
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
