"""What the British vs Pirates kit prints on its faces, as data: the six decks, the market and
cannon cards, the map legend, the tokens and the pieces (:class:`~pnpkit.model.cards.Face`
values filled from the model, each field the data writes reported at its own place). Nothing
here lays out or draws: :mod:`pnpkit.games.british_vs_pirates.faces` lays these out."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from pnpkit.games.british_vs_pirates.model import BvpGame, Cannons, Side, Speed
from pnpkit.model.cards import Card, Counter, CounterShape, Deck, Face
from pnpkit.model.ours import MARK, Marks

NEUTRAL = "#5d4037"


def _cannon_rows(cannons: Cannons | None) -> tuple[tuple[str, tuple[str, ...]], ...]:
    blank = ("", "", "", "")
    return (
        ("Range", ("1 space", "2 spaces", "3 spaces", "4 spaces")),
        ("Dice", cannons.dice if cannons else blank),
        ("Accuracy", cannons.accuracy if cannons else blank),
    )


def ours_line(marks: Marks, labels: tuple[tuple[str, str], ...], also: tuple[str, ...] = ()) -> str:
    """The one line a card prints at its foot about what on it is our choice (never beside a
    value): the whole card, or the ``labels`` of the marked paths (a path is named when it or
    anything inside it is marked) and ``also`` (ours from elsewhere: a size's cargo hold);
    "" when nothing is."""
    if marks.of(""):
        return f"{MARK} this card is our own (not in the source rules)"
    # a marked path is named by its most specific label (``cannons.name`` before ``cannons``)
    covered: set[str] = set()
    found: set[str] = set()
    for path, label in sorted(labels, key=lambda pair: -len(pair[0])):
        inside = {
            p
            for p in marks.paths
            if p not in covered and (p == path or p.startswith((f"{path}.", f"{path}[")))
        }
        if inside:
            found.add(label)
            covered |= inside
    named = [label for _, label in labels if label in found] + list(also)
    return f"{MARK} our choice: {', '.join(named)}" if named else ""


def _look(game: BvpGame, faction: str | None) -> tuple[str, str]:
    found = game.faction(faction)
    return (found.colour, found.emblem) if found else (NEUTRAL, "")


def _hex_points(cx: float, cy: float, r: float, start: float) -> list[tuple[float, float]]:
    return [
        (
            cx + r * math.cos(math.radians(start + 60 * k)),
            cy + r * math.sin(math.radians(start + 60 * k)),
        )
        for k in range(6)
    ]


def _back(game: BvpGame, kind: str, colour: str = "#16324f") -> Face:
    fields = (("kind", kind), ("title", game.title), ("colour", colour))
    return Face("bvp/back.svg.j2", fields, str(game.where.of("title")))


Places = tuple[tuple[str, str], ...]
"""``(field, file:line:col)``: where the data writes the text a face's field prints."""


def places(game: BvpGame, record: object, *fields: str) -> Places:
    """Where ``record`` writes each of ``fields`` (``defence.bow``: a key in a key); a field
    it does not write is placed at the record."""
    return tuple((f, str(game.where.at(record, *f.split(".")))) for f in fields)


def _card(
    key: str,
    label: str,
    kind: str,
    fields: tuple[tuple[str, object], ...],
    source: str,
    where: Places = (),
) -> Card:
    """A card of ``kind`` (its template ``bvp/<kind>.svg.j2``) with ``fields``; ``where`` the
    places of the fields the data writes. A card with no name is a blank to fill in by hand,
    and its foot says so."""
    if not label:
        fields = tuple((k, BLANK if k == "foot" else v) for k, v in fields)
    return Card(key, label or key, Face(f"bvp/{kind}.svg.j2", fields, source, where))


BLANK = "Blank card: fill it in by hand"
"""The foot of a card the data leaves blank."""


def _deck(game: BvpGame, kind: str, cards: Sequence[Card], back: str = "#16324f") -> Deck:
    """The deck of ``kind`` cards (``ship`` → "ships", "Ship cards"), sized by the data."""
    name = kind.capitalize()
    return Deck(f"{kind}s", f"{name} cards", game.size(kind), tuple(cards), _back(game, name, back))


def speed_dial(
    speed: Speed | None, cx: float, cy: float, r: float
) -> tuple[tuple[float, float, str], ...]:
    """The six speeds at the sides of a flat-top hexagon of corner radius ``r`` (SVG, y down),
    clockwise from the bow at the top. Side ``k`` and side ``6 - k`` are mirror images across
    the bow–stern line, and :meth:`Speed.around` gives them one number."""
    values = speed.around() if speed else ("",) * 6
    spots = _hex_points(cx, cy, r * 0.62, -90)
    return tuple((x, y, values[i]) for i, (x, y) in enumerate(spots))


VANE_ARROW_ANGLE = 0.0
"""Where the vane's arrow points in its own frame, degrees anticlockwise from the right: square
at the right-hand flat side, like every wind direction around the Wind Vane space."""


def vane_geometry(size: float) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """The wind vane (SVG, y down, in a ``size`` square): a pointy-top hexagon ``size`` across
    the corners, and an arrow from the centre whose tip meets the middle of the flat side at
    :data:`VANE_ARROW_ANGLE`, so the arrow points at the space beyond that side."""
    r = size / 2 - 1
    c = size / 2
    outline = _hex_points(c, c, r, -90)
    apothem = r * math.sqrt(3) / 2
    a = math.radians(VANE_ARROW_ANGLE)
    ux, uy = math.cos(a), -math.sin(a)  # y down
    vx, vy = -uy, ux
    tip = apothem - 3
    shaft, head, half, thin = -apothem * 0.55, apothem * 0.35, r * 0.2, r * 0.07

    def at(along: float, across: float) -> tuple[float, float]:
        return (c + ux * along + vx * across, c + uy * along + vy * across)

    arrow = [
        at(tip, 0),
        at(head, half),
        at(head, thin),
        at(shaft, thin),
        at(shaft, -thin),
        at(head, -thin),
        at(head, -half),
    ]
    return outline, arrow


def _pts(points: Sequence[tuple[float, float]]) -> str:
    return " ".join(f"{x:.2f},{y:.2f}" for x, y in points)


SIDES: tuple[Side, ...] = ("bow", "starboard", "stern", "port", "structure")
"""A ship card's defence slots, in the order it prints them."""

SHIP_OURS = (
    ("name", "name"),
    ("faction", "faction"),
    ("cannons.name", "cannon name"),
    ("cannons", "cannons"),
    ("speed", "speed dial order"),
    ("pivots", "pivots"),
    ("defence", "D6 starting numbers"),
    ("size", "size"),
)
"""What a ship card's foot names when the data marks it ours."""


def ship_deck(game: BvpGame) -> Deck:
    dial_x, dial_y, dial_r = 48.0, 157.0, 31.0
    outline = _pts(_hex_points(dial_x, dial_y, dial_r, 0))
    cards: list[Card] = []
    for card in game.ships:
        ship = game.ship(card)
        colour, flag = _look(game, ship.faction)
        slots = ship.defence
        shown = []
        for side in SIDES:
            slot = slots.get(side)
            armor = "" if slot is None or slot.armor is None else f"+{slot.armor}"
            start = "" if slot is None or slot.start is None else str(slot.start)
            penalty = (
                slot.penalty
                if slot and slot.penalty
                else ("when this D6 is removed, the ship sinks" if side == "structure" else "")
            )
            shown.append(
                {"side": side.capitalize(), "armor": armor, "penalty": penalty, "start": start}
            )
        own = ship.cargo is not None  # the card's own number, else its size's (maybe ours)
        hold = str(ship.cargo or "") if own else str(game.hold(ship.size or "") or "")
        hold_ours = not own and game.ours.of(f"cargo_holds.{ship.size}")
        fields = (
            ("name", ship.name),
            ("ship_class", ship.ship_class),
            ("colour", colour),
            ("flag", flag),
            ("cannon_name", ship.cannons.name if ship.cannons else ""),
            ("cannon_rows", _cannon_rows(ship.cannons)),
            ("dial_x", dial_x),
            ("dial_y", dial_y),
            ("dial_r", dial_r),
            ("dial_outline", outline),
            ("dial", speed_dial(ship.speed, dial_x, dial_y, dial_r)),
            ("pivots", ship.pivots),
            ("slots", tuple(shown)),
            ("slots_top", 189.0),
            ("d6", game.d6_slot),
            ("size", (ship.size or "").capitalize()),
            ("cargo", "" if ship.size is None and ship.cargo is None else hold),
            ("cargo_reason", ship.cargo_reason),
            ("foot", ours_line(ship.ours, SHIP_OURS, ("cargo hold",) if hold_ours else ())),
        )
        at = places(game, card, "name", "class", "cannons", "speed", "pivots", "defence", "size")
        at += places(game, card, "cargo", "foot", *(f"defence.{side}" for side in SIDES))
        cards.append(_card(ship.key, ship.name, "ship", fields, ship.source, at))
    return _deck(game, "ship", cards)


CAPTAIN_OURS = (
    ("faction", "faction"),
    ("morale", "Crew Morale"),
    ("skill", "skill"),
    ("stats", "stats"),
)
"""What a captain card's foot names when the data marks it ours."""


def captain_deck(game: BvpGame) -> Deck:
    cards = []
    for c in game.captains:
        colour, flag = _look(game, c.faction)
        fields = (
            ("name", c.name),
            ("colour", colour),
            ("flag", flag),
            ("morale", "" if c.morale is None else str(c.morale)),
            ("skill", c.skill),
            ("stats", c.stat_rows),
            ("foot", ours_line(c.ours, CAPTAIN_OURS)),
        )
        at = places(game, c, "name", "morale", "skill", "stats", "foot")
        cards.append(_card(c.key, c.name, "captain", fields, c.source, at))
    return _deck(game, "captain", cards)


FORT_OURS = (("faction", "faction"), ("start", "D6 starting number"))
"""What a fort card's foot names when the data marks it ours."""


def fort_deck(game: BvpGame) -> Deck:
    cards = []
    for f in game.forts:
        colour, flag = _look(game, f.faction)
        faction = game.faction(f.faction)
        fields = (
            ("name", f.name),
            ("colour", colour),
            ("flag", flag),
            ("cannon_name", f.cannons.name if f.cannons else ""),
            ("cannon_rows", _cannon_rows(f.cannons)),
            ("armor", "" if f.armor is None else str(f.armor)),
            ("ability", f.ability),
            ("faction", faction.name if faction else ""),
            ("start", "" if f.start is None else str(f.start)),
            ("foot", ours_line(f.ours, FORT_OURS)),
        )
        at = places(game, f, "name", "cannons", "armor", "ability", "faction", "start", "foot")
        cards.append(_card(f.key, f.name, "fort", fields, f.source, at))
    return _deck(game, "fort", cards)


def skill_deck(game: BvpGame) -> Deck:
    colours = {c.key: c for c in game.skill_colours}
    cards = []
    for sk in game.skills:
        kind = colours.get(sk.colour)
        # a filled card of no faction goes in every faction's deck, with its flag
        owners = [sk.faction] if sk.faction or not sk.name else [f.key for f in game.factions]
        for owner in owners:
            _, flag = _look(game, owner)
            fields = (
                ("name", sk.name),
                ("colour", kind.colour if kind else NEUTRAL),
                ("kind", f"{kind.name} card" if kind else sk.colour),
                ("kind_emblem", kind.emblem if kind else "star"),
                ("flag", flag),
                ("cost", "" if sk.cost is None else str(sk.cost)),
                ("ability", sk.ability),
                ("foot", ours_line(sk.ours, ())),
            )
            at = places(game, sk, "name", "colour", "cost", "ability", "foot")
            key = sk.key if owner == sk.faction else f"{sk.key}-{owner}"
            cards.append(_card(key, sk.name, "skill", fields, sk.source, at))
    return _deck(game, "skill", cards)


def _bands(check: object) -> tuple[tuple[str, str], ...]:
    from pnpkit.games.british_vs_pirates.model import Check

    if not isinstance(check, Check):
        return (("", ""), ("", ""), ("", ""))
    return tuple(
        (f"{b.low}+" if b.high is None else f"{b.low}–{b.high}", b.result) for b in check.bands
    )


MISSION_OURS = (
    ("flag", "flag"),
    ("story", "back story"),
    ("check", "check results"),
    ("reward", "reward amounts"),
)
"""What a mission card's foot names when the data marks it ours."""
DISCARD = "Discard when every roll is done, the ship sinks, or mission cargo is stolen."
"""The foot of every filled mission card (the rulebook's rule, unless the card says its own)."""


def mission_deck(game: BvpGame) -> Deck:
    flags = {f.key: f for f in game.mission_flags}
    cards = []
    for m in game.missions:
        flag = flags.get(m.flag or "")
        checks = (
            {
                "title": f"On arrival: D12 + {m.check.skill if m.check else '______'}",
                "field": "check",
                "bands": _bands(m.check),
            },
            {
                "title": f"Reward: D12 + {m.reward.skill if m.reward else '______'}",
                "field": "reward",
                "bands": _bands(m.reward),
            },
        )
        fields = (
            ("type", m.type),
            ("colour", flag.colour if flag else NEUTRAL),
            ("flag", flag.emblem if flag else ""),
            ("story", m.story),
            ("pickup", m.pickup),
            ("skills", " / ".join(m.skills)),
            ("destination", m.destination),
            ("checks", checks),
            ("note", m.note or (DISCARD if m.type else "")),
            ("foot", ours_line(m.ours, MISSION_OURS)),
        )
        at = places(game, m, "type", "flag", "story", "pickup", "skills", "destination", "check")
        at += places(game, m, "reward", "note", "foot")
        cards.append(_card(m.key, m.type, "mission", fields, m.source, at))
    return _deck(game, "mission", cards)


MONSTER_OURS = (
    ("name", "name"),
    ("moves", "moves"),
    ("pivots", "pivots"),
    ("bite", "bite"),
    ("defence", "defence"),
    ("start", "D6 starting number"),
)
"""What the Sea Monster card's foot names when the data marks it ours."""


def monster_deck(game: BvpGame) -> Deck:
    """The Sea Monster's card, one for each Sea Monster piece (none without ``monster``)."""
    kit, m = game.pieces, game.monster
    cards: list[Card] = []
    if m is not None:
        fields = (
            ("name", m.name),
            ("colour", kit.monster_colour),
            ("cannon_name", m.bite.name),
            ("cannon_rows", _cannon_rows(m.bite)),
            ("moves", str(m.moves)),
            ("pivots", str(m.pivots)),
            ("defence", str(m.defence)),
            ("start", str(m.start)),
            ("text", m.text),
            ("foot", ours_line(m.ours, MONSTER_OURS)),
        )
        at = places(game, m, "name", "bite", "moves", "pivots", "defence", "start", "text")
        card = _card("sea-monster", m.name, "monster", fields, m.source, at)
        cards.append(replace(card, qty=kit.sea_monsters))
    back = _back(game, "Sea Monster", kit.monster_colour)
    return Deck("monsters", "Sea Monster cards", game.size("monster"), tuple(cards), back)


KEEP = "Keep it face up; play it later, then discard it."
"""An event card's foot when it may be saved (``keep``)."""
AT_ONCE = "Read it aloud and play it out at once."
"""An event card's foot when it is played as drawn."""


def event_deck(game: BvpGame) -> Deck:
    cards = [
        _card(
            e.key,
            e.name,
            "event",
            (
                ("name", e.name),
                ("text", e.text),
                ("timing", KEEP if e.keep else AT_ONCE),
                ("foot", ours_line(e.ours, ())),
            ),
            e.source,
            places(game, e, "name", "text", "keep", "foot"),
        )
        for e in game.events
    ]
    return _deck(game, "event", cards, "#4a148c")


def market_face(game: BvpGame) -> Face:
    ports = [p for p in game.ports if any(pr.port == p.key for pr in game.prices)]
    rows = []
    for good in game.all_goods:
        cells = []
        for port in ports:
            price = next(
                (pr.mov for pr in game.prices if pr.good == good.key and pr.port == port.key), None
            )
            cells.append("" if price is None else str(price))
        rows.append(
            {
                "key": good.key,
                "name": good.name,
                "colour": good.colour,
                "roll": "" if good.harvest is None else f"{good.harvest}+",
                "cells": tuple(cells),
            }
        )
    size = str(game.where.of("cards.yaml", "sizes", "market"))  # the card's own words fit it
    return Face(
        "bvp/market.svg.j2",
        (
            ("ports", tuple(p.name for p in ports)),
            ("port_keys", tuple(p.key for p in ports)),
            ("goods", tuple(rows)),
        ),
        str(game.where.of("prices")),
        (
            ("title", size),
            ("note", size),
            *((f"ports.{p.key}", str(game.where.at(p, "name"))) for p in ports),
            *((f"goods.{g.key}", str(game.where.at(g, "name"))) for g in game.all_goods),
            ("goods", str(game.where.of("goods"))),
            ("prices", str(game.where.of("prices"))),
        ),
    )


def ink_on(colour: str) -> str:
    """Black or white, whichever reads better on ``colour`` (relative luminance)."""
    r, g, b = (int(colour.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4))
    return "#000000" if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.45 else "#ffffff"


def cannon_face(game: BvpGame) -> Face:
    """Every named cannon type's table (the rulebook's 18lb Exquisite and 36lb Fortress)."""
    cannons = tuple({"key": c.key, "name": c.name, "rows": _cannon_rows(c)} for c in game.cannons)
    size = str(game.where.of("cards.yaml", "sizes", "cannons"))  # the card's own words fit it
    where = str(game.where.of("cards.yaml", "cannons"))
    return Face(
        "bvp/cannons.svg.j2",
        (("cannons", cannons),),
        where,
        (
            ("title", size),
            ("note", size),
            ("cannons", where),
            *((f"cannons.{c.key}", str(game.where.at(c, "name"))) for c in game.cannons),
        ),
    )


LABEL_SIZE = 7.5
"""The type size of every token's and piece's label (never set under 6.5 pt)."""


def _piece(
    game: BvpGame,
    key: str,
    name: str,
    count: int,
    size: float,
    look: dict[str, object],
    source: str,
) -> Counter:
    """A round piece: ``look`` holds its colour, emblem or value, label, arrow and pointer;
    ``source`` is where its label is written (``file:line:col``, for messages)."""
    colour = str(look["colour"])
    fields: dict[str, object] = {
        "ink": ink_on(colour),
        "emblem_name": "",
        "value": "",
        "arrow": False,
        "pointer": False,
        "label_size": LABEL_SIZE,
        **look,
    }
    face = Face("bvp/token.svg.j2", tuple(fields.items()), source)
    return Counter(key, name, CounterShape.ROUND, size, face, face, count)


def tokens(game: BvpGame) -> list[Counter]:
    size = game.token_size
    out: list[Counter] = []
    for kind in game.tokens:
        look = {"colour": kind.colour, "label": kind.name, "arrow": kind.arrow}
        look["emblem_name"] = kind.emblem
        where = str(game.where.at(kind, "name"))
        out.append(_piece(game, kind.key, kind.name, kind.count, size, look, where))
    for faction in game.factions:
        for crew in game.crew:
            label = f"{crew.name} +{crew.plus}"
            look = {"colour": faction.colour, "emblem_name": faction.emblem, "label": label}
            out.append(
                _piece(
                    game,
                    f"crew-{faction.key}-{crew.key}",
                    f"{faction.name} {crew.name}",
                    game.crew_per_faction,
                    size,
                    look,
                    str(game.where.at(crew, "name")),
                )
            )
    for good in game.goods:
        look = {"colour": good.colour, "value": good.name[:1], "label": good.name}
        where = str(game.where.at(good, "name"))
        out.append(_piece(game, good.key, good.name, game.goods_each, size, look, where))
    for chest in game.chests:
        look = {"colour": chest.colour, "emblem_name": "crown", "label": chest.name}
        where = str(game.where.at(chest, "name"))
        out.append(_piece(game, chest.key, chest.name, game.chests_each, size, look, where))
    outline, arrow = vane_geometry(game.vane_size)
    vane = Face(
        "bvp/vane.svg.j2", (("outline", _pts(outline)), ("arrow", _pts(arrow))), game.source
    )
    out.append(Counter("wind-vane", "Wind vane", CounterShape.SQUARE, game.vane_size, vane, vane))
    return out


def pieces(game: BvpGame) -> list[Counter]:
    """Stand-ins for the miniatures: each faction's ships by class (with a bow pointer) and its
    fort, in the faction's colour and emblem; the Sea Monsters (with a pointer: they sail)."""
    kit = game.pieces
    out: list[Counter] = []
    for faction in game.factions:
        for ship in kit.ships:
            look = {
                "colour": faction.colour,
                "emblem_name": faction.emblem,
                "label": ship.name,
                "pointer": True,
            }
            key, where = f"{faction.key}-{ship.key}", str(game.where.at(ship, "name"))
            name = f"{faction.name} {ship.name}"
            out.append(_piece(game, key, name, ship.count, kit.size, look, where))
        look = {"colour": faction.colour, "emblem_name": faction.emblem, "label": "Fort"}
        name = f"{faction.name} fort"
        out.append(
            _piece(game, f"{faction.key}-fort", name, kit.forts, kit.size, look, faction.source)
        )
    look = {
        "colour": kit.monster_colour,
        "emblem_name": "wave",
        "label": "Sea Monster",
        "pointer": True,
    }
    where = str(game.where.at(kit, "sea_monsters"))
    out.append(_piece(game, "sea-monster", "Sea Monster", kit.sea_monsters, kit.size, look, where))
    return out


def legend_face(game: BvpGame) -> Face:
    """The map legend: faction key (home island, colour and emblem) and the tile markings."""
    factions = tuple(
        {
            "key": f.key,
            "name": f.name,
            "home": game.port_name(f.home),
            "colour": f.colour,
            "emblem": f.emblem,
            "ink": ink_on(f.colour),
        }
        for f in game.factions
    )
    goods = ", ".join(f"{g.name} {g.harvest}+" for g in game.goods)
    key = (
        {"fill": "#d8c08c", "mark": "", "text": "island (land): ships cannot enter"},
        {"fill": "#ffffff", "mark": "P", "text": "port entrance: end here and drop anchor to sell"},
        {"fill": "#9e9e9e", "mark": "F", "text": "fort: the faction's fort miniature stands here"},
        {"fill": "#fff59d", "mark": "POI", "text": "point of interest"},
        {
            "fill": "#4fc3f7",
            "mark": "H",
            "text": f"harvest spot, in the good's colour (D12: {goods})",
        },
        {
            "fill": "#e3f2fd",
            "mark": "1–6",
            "text": "wind: roll a D6, the wind blows towards that number",
        },
    )
    tiles = tuple(
        tile.name
        + (": " + ", ".join(i.name for i in tile.islands) if tile.islands else "")
        + (" (wind vane)" if tile.wind_vane is not None else "")
        for tile in game.tiles
    )
    where = str(game.where.of("tiles.yaml", "tiles"))
    return Face(
        "bvp/legend.svg.j2",
        (("factions", factions), ("key", key), ("tiles", tiles)),
        where,
        (
            *((f"factions.{f.key}", str(game.where.at(f, "name"))) for f in game.factions),
            *((f"factions.{f.key}.home", str(game.where.at(f, "home"))) for f in game.factions),
            ("key", str(game.where.of("goods"))),
            ("tiles", where),
        ),
    )
