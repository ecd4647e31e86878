"""Every face the Tabletop Fleets kit prints, laid out with no drawing library: the ship cards,
the fleet pieces (ship pieces and flags) and the table pieces (islands, rocks, reefs, the wind
dial, the coins). :func:`faces` is what ``pnpkit check`` runs
(:attr:`pnpkit.games.game.Game.faces`) and what :func:`pnpkit.games.tabletop_fleets.kit.documents`
prints, so a face that passes ``check`` prints, and each is laid out once a build."""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnpkit.errors import Location
from pnpkit.games.tabletop_fleets.arcs import CARD_LANE, card_arcs, describe, gun_fill, lanes
from pnpkit.games.tabletop_fleets.model import Gun, Ship, TabletopGame
from pnpkit.games.tabletop_fleets.pieces import fleet_pieces, footnote
from pnpkit.layout.print_settings import PrintSettings
from pnpkit.model.cards import DEFAULT_CARD_SIZE, Card, Counter, CounterShape, Deck, Face
from pnpkit.model.ours import MARK
from pnpkit.render.faces.counters import counter_faces
from pnpkit.render.faces.decks import Gathered, deck_faces
from pnpkit.render.faces.face import FacePairs
from pnpkit.render.faces.renderer import FaceRenderer

ARC_CENTRE = (42.0, 148.0)
"""Where a card draws its ship, the arcs round it (the template's ``ax``, ``ay``)."""
ARC_RADIUS = 24.0
LABELS = {"turret": "Turret", "cargo": "Cargo", "masts": "Mast"}
FIRE_RULE = "Fire: one gun per action"
"""The seed's Fire (one slot chip, one shot), said on every ship card above its arcs."""
PIECE_LOOK = {
    "islands": ("#d9bd83", "#6b4f1d", "dots"),
    "rocks": ("#9e9e9e", "#2b2b2b", "cross"),
    "reefs": ("#f4a582", "#7a2f12", "waves"),
}


def ship_deck(game: TabletopGame) -> Deck:
    """One card per ship: faction, Move Count, the fittings track in the order hits take them
    off; each field the data writes is reported at its own place.

    Marks, the same rule on every card, each once: the ship's name when the ship is ours; the
    fleet's name when the fleet is ours or the seed gives the ship but not its fleet
    (:func:`fleet_mark`); the titles "Firing arcs" and "Fittings" whenever the arcs or the
    fitting counts are ours (also on a ship that is ours as a whole), never the values."""
    cards: list[Card] = []
    footer = f"{game.title}{game.mark('title')} · fittings come off: " + ", ".join(
        game.fitting_order
    )
    for index, ship in enumerate(game.ships):
        faction = game.faction(ship.faction)
        path = f"ships[{index}]"
        battery = game.battery(ship)
        arcs = card_arcs(battery, ARC_CENTRE[0], ARC_CENTRE[1], ARC_RADIUS)
        arcs_mark = MARK if game.arcs_ours(ship) else ""
        fittings_mark = game.mark(f"{path}.fittings")
        guns = tuple(
            {"name": gun.name, "arc": describe(gun) + _while(gun), "fill": gun_fill(gun)}
            for gun in battery
        )
        front = Face(
            "tabletop/ship.svg.j2",
            (
                ("name", ship.name + game.mark(f"{path}.name")),
                ("faction", faction.name + fleet_mark(game, ship)),
                ("colour", faction.colour),
                ("emblem_name", faction.emblem),
                ("pattern_name", faction.pattern),
                ("move_count", str(faction.move_count)),
                ("track", tuple(LABELS[f] for f in game.track(ship))),
                ("track_title", f"Fittings{fittings_mark} · hits take them off left to right"),
                ("note", ship.note),
                ("footer", footer),
                ("arc_radius", ARC_RADIUS),
                ("arc_inner", ARC_RADIUS - CARD_LANE * (max(lanes(battery)) + 1)),
                ("arc_bands", arcs["bands"]),
                ("arc_ticks", arcs["ticks"]),
                ("arcs_title", f"Firing arcs{arcs_mark} · bow up"),
                ("fire_rule", FIRE_RULE),
                ("guns", guns),
            ),
            ship.source,
            (
                ("name", str(game.where.at(ship, "name"))),
                ("faction", str(game.where.at(faction, "name"))),
                ("move_count", str(game.where.at(faction, "move_count"))),
                ("track", str(game.where.at(ship, "fittings"))),
                ("note", str(game.where.at(ship, "note"))),
                ("guns", str(_guns_at(game, ship))),
                ("footer", str(game.where.of("title"))),
            ),
        )
        cards.append(Card(ship.key, ship.name, front))
    back = Face(
        "tabletop/back.svg.j2",
        (("title", game.title + game.mark("title")),),
        str(game.where.of("title")),
    )
    return Deck("ships", "Ship cards", DEFAULT_CARD_SIZE, tuple(cards), back)


def fleet_mark(game: TabletopGame, ship: Ship) -> str:
    """The mark after the fleet's name on ``ship``'s card: the fleet is ours, or the ship's
    fleet is (a ship the seed gives, put in a fleet by us); a ship that is ours as a whole
    carries its mark on its name, which covers its fleet."""
    path = game.ship_path(ship)
    faction = game.faction(ship.faction)
    own = "" if game.mark(path) else game.mark(f"{path}.faction")
    return game.mark(game.faction_path(faction)) or own


def _guns_at(game: TabletopGame, ship: Ship) -> Location:
    return game.where.of("guns") if ship.guns is None else game.where.at(ship, "guns")


def _while(gun: Gun) -> str:
    return f", needs its {gun.needs}" if gun.needs else ""


def _sectors(size: float, within: int) -> tuple[dict[str, object], ...]:
    c = size / 2
    r = c - 1
    out: list[dict[str, object]] = []
    for centre, fill in (
        (-90.0, "#b7dfb0"),
        (90.0, "#f3b6a8"),
        (0.0, "#dddddd"),
        (180.0, "#dddddd"),
    ):
        half = within if centre in (-90.0, 90.0) else 90 - within
        a0, a1 = math.radians(centre - half), math.radians(centre + half)
        out.append(
            {
                "x0": c + r * math.cos(a0),
                "y0": c + r * math.sin(a0),
                "x1": c + r * math.cos(a1),
                "y1": c + r * math.sin(a1),
                "fill": fill,
            }
        )
    return tuple(out)


def _base_marks(size: float, dial: float) -> tuple[dict[str, object], ...]:
    """The base's eight marks round the dial, 1 at the top and on clockwise (an eighth of a
    turn each): a tick from the dial's edge outwards and its number beyond."""
    c, r = size / 2, dial / 2
    out: list[dict[str, object]] = []
    for k in range(8):
        a = math.radians(k * 45.0)
        dx, dy = math.sin(a), -math.cos(a)
        out.append(
            {
                "x0": c + dx * (r + 1),
                "y0": c + dy * (r + 1),
                "x1": c + dx * (r + 7),
                "y1": c + dy * (r + 7),
                "tx": c + dx * (r + 15),
                "ty": c + dy * (r + 15),
                "label": str(k + 1),
            }
        )
    return tuple(out)


def table_pieces(game: TabletopGame) -> list[Counter]:
    """Islands (numbered as on the layout diagrams), rocks, reefs, the wind dial and its base,
    the coins, then the our-choice footnote: it names the pieces whose number or size is ours,
    the mark kept off their faces ("Island 1†" would read as part of the number)."""
    out: list[Counter] = []
    unmarked = [
        what
        for what, marked in (
            (
                "the islands' number and size",
                game.mark("terrain.islands.count") or game.mark("table.island"),
            ),
            ("the rocks", game.mark("terrain.rocks")),
            ("the reefs", game.mark("terrain.reefs")),
            ("the coins' number and size", game.mark("coins.count") or game.mark("coins.size")),
        )
        if marked
    ]
    for kind, count, size in game.terrain.pieces:
        colour, ink, pattern = PIECE_LOOK[kind]
        singular = kind[:-1].capitalize()
        for n in range(1, count + 1):
            label = f"{singular} {n}" if kind == "islands" else singular
            face = Face(
                "tabletop/piece.svg.j2",
                (("colour", colour), ("ink", ink), ("pattern", pattern), ("label", label)),
                str(game.where.of("terrain", kind)),
            )
            out.append(Counter(f"{kind}-{n}", label, CounterShape.ROUND, size, face, face))
    wind = game.wind
    dial = Face(
        "tabletop/wind.svg.j2",
        (
            ("sectors", _sectors(wind.dial, wind.within)),
            ("with_label", f"{wind.with_wind:+d} Move Count"),
            ("into_label", f"{wind.into_wind:+d} Move Count"),
            ("title", f"Wind{game.mark('wind.dial')} · within {wind.within}°"),
        ),
        # its numbers are bounded by the loader: the dial's size is what can refuse its text
        str(game.where.of("wind", "dial")),
    )
    out.append(Counter("wind", "Wind dial", CounterShape.ROUND, wind.dial, dial, dial))
    base = Face(
        "tabletop/wind-base.svg.j2",
        (
            ("dial", wind.dial),
            ("marks", _base_marks(wind.base, wind.dial)),
            ("title", f"Wind dial base{game.mark('wind.base')}"),
        ),
        str(game.where.of("wind", "base")),
    )
    out.append(Counter("wind-base", "Wind dial base", CounterShape.SQUARE, wind.base, base, base))
    coin = Face(
        "tabletop/coin.svg.j2",
        (("value", str(game.scoring.coin)), ("label", "coin")),
        str(game.where.of("coins")),
    )
    out.append(Counter("coin", "Coin", CounterShape.ROUND, game.coin_size, coin, coin, game.coins))
    return [*out, *footnote(game, "Table pieces", unmarked)]


@dataclass(frozen=True, slots=True)
class FleetFaces:
    """Every face the kit prints, laid out: the ship cards, and the two sheets of pieces with
    the counters they print (a sheet nests its round pieces)."""

    ship_cards: FacePairs
    fleet_pieces: tuple[Counter, ...]
    fleet_faces: FacePairs
    table_pieces: tuple[Counter, ...]
    table_faces: FacePairs


def faces(game: TabletopGame, settings: PrintSettings) -> FleetFaces:
    """Every face of the kit laid out; a DataError lists every face that cannot be printed
    (the text that does not fit, in every group), each at its place in the data."""
    renderer = FaceRenderer(settings.templates)
    gathered = Gathered()
    cards: FacePairs = gathered(lambda: deck_faces(renderer, ship_deck(game)), [])
    table = tuple(table_pieces(game))
    table_faces = gathered(lambda: counter_faces(renderer, table), FacePairs())
    fleet = tuple(fleet_pieces(game))
    fleet_faces = gathered(lambda: counter_faces(renderer, fleet), FacePairs())
    gathered.done()
    return FleetFaces(cards, fleet, fleet_faces, table, table_faces)


def decks(game: TabletopGame) -> list[Deck]:
    """Every card deck the kit prints, for the exports."""
    return [ship_deck(game)]
