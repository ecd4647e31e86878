"""What stands on the table for each fleet: one square piece per ship (its bow marked, its
guns' firing arcs round its edge) and one flag per island, for every fleet, in the fleet's colour, pattern and emblem.

Sizes and counts come from the model (``pieces`` in ``game.yaml``; a fleet's flags are as many
as the kit has islands). A ship the source rules do not give prints its name with the mark.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnpkit.games.tabletop_fleets.arcs import piece_arcs
from pnpkit.games.tabletop_fleets.model import Faction, TabletopGame
from pnpkit.model.cards import Counter, CounterShape, Face
from pnpkit.model.ours import NOTE
from pnpkit.render.rule_text import and_list
from pnpkit.units import INCH

NOTE_TEMPLATE = "tabletop/note.svg.j2"
NOTE_SIZE = 1.25 * INCH
"""The side of the footnote's square on a sheet of pieces."""
SHIP_TEMPLATE = "tabletop/ship-piece.svg.j2"
FLAG_TEMPLATE = "tabletop/flag.svg.j2"
PATTERN_INK = "#ffffff"


def _look(faction: Faction) -> tuple[tuple[str, object], ...]:
    return (
        ("colour", faction.colour),
        ("ink", PATTERN_INK),
        ("pattern", faction.pattern),
        ("emblem_name", faction.emblem),
    )


def ship_pieces(game: TabletopGame) -> list[Counter]:
    """One piece per ship, fleet by fleet in the order the data lists the fleets."""
    out: list[Counter] = []
    for faction in game.factions:
        for index, ship in enumerate(game.ships):
            if ship.faction != faction.key:
                continue
            name = ship.name + game.mark(f"ships[{index}].name")
            where = str(game.where.at(ship, "name"))
            arcs = piece_arcs(game.battery(ship), game.ship_piece)
            face = Face(
                SHIP_TEMPLATE, (*_look(faction), ("name", name), *sorted(arcs.items())), where
            )
            out.append(
                Counter(f"ship-{ship.key}", name, CounterShape.SQUARE, game.ship_piece, face, face)
            )
    return out


def flags(game: TabletopGame) -> list[Counter]:
    """For each fleet, one flag per island of the kit."""
    out: list[Counter] = []
    for faction in game.factions:
        label = faction.name + game.mark(game.faction_path(faction))
        where = str(game.where.at(faction, "name"))
        face = Face(FLAG_TEMPLATE, (*_look(faction), ("label", label)), where)
        out.append(
            Counter(
                f"flag-{faction.key}",
                f"{faction.name} flag",
                CounterShape.SQUARE,
                game.flag_size,
                face,
                face,
                game.islands,
            )
        )
    return out


def footnote(game: TabletopGame, title: str, unmarked: Sequence[str] = ()) -> list[Counter]:
    """The our-choice footnote as a square among the pieces of a sheet document, when the
    game marks anything (a sheet's own label is too short to hold it whole); none otherwise.
    ``unmarked``: the values of the sheet that are our choice but print no mark, the mark kept
    off their faces (where "Island 1†" would read as part of the number), named in the key."""
    if not game.ours:
        return []
    note = ours_key(unmarked)
    face = Face(NOTE_TEMPLATE, (("title", title), ("note", note)), game.source)
    return [Counter("note", "Note", CounterShape.SQUARE, NOTE_SIZE, face, face)]


def ours_key(unmarked: Sequence[str]) -> str:
    """The footnote, naming the values that are our choice though they print no mark."""
    return f"{NOTE}; {and_list(list(unmarked))} too." if unmarked else NOTE


def fleet_pieces(game: TabletopGame) -> list[Counter]:
    """Every fleet's ship pieces, then every fleet's flags, then the footnote."""
    return [*ship_pieces(game), *flags(game), *footnote(game, "Ship pieces and flags")]
