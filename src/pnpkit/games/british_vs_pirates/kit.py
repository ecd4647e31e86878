"""The British vs Pirates: Volume 2 kit.

``output/british-vs-pirates/``: ``ship-cards.pdf``, ``captain-cards.pdf``, ``fort-cards.pdf``,
``skill-cards.pdf``, ``mission-cards.pdf``, ``event-cards.pdf`` (each with duplex backs),
``market-prices.pdf`` (goods × ports), ``cannon-reference.pdf`` (every named cannon type),
``tokens.pdf`` (fog, storm, current, shallow, treasure,
anchor, bar shot, marks of victory, crew tokens per faction, the six goods, the three chests,
the wind vane), ``pieces.pdf`` (the miniatures' stand-ins: each faction's ships by class and its
fort, the Sea Monsters), ``sea-tiles.pdf`` (the map legend, how the tiles fit together, then one
tile a page, hexes promised at size) and ``duplex-calibration.pdf``, and ``rules-reference.pdf`` (``rules.yaml`` flowed through the shared
rule-document path, its numbers from the data). The engine's checks run before anything is drawn. A value the data marks ``{ours: …}`` prints with
:data:`~pnpkit.model.ours.MARK`, and its document's sheet label carries
:data:`~pnpkit.model.ours.NOTE` once.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

from pnpkit.build.options import BuildOptions
from pnpkit.games.british_vs_pirates.model import BvpGame, Cannons, Speed
from pnpkit.games.british_vs_pirates.rule_text import RULES_FILE, rules_context, rules_document
from pnpkit.games.british_vs_pirates.tiles import (
    HEX_EDGE_COLOR,
    SeaTile,
    assembly_page,
    assembly_title,
)
from pnpkit.layout.cards import calibration_sheet, card_sheets, counter_sheets, round_pieces
from pnpkit.layout.document import Document
from pnpkit.layout.duplex import Imposition
from pnpkit.layout.flow import Block, Cell, Grid
from pnpkit.layout.marks import calibration
from pnpkit.layout.paper import MARGIN, Paper
from pnpkit.layout.plan import DocumentPlan, with_colors
from pnpkit.layout.rules import rules_plan
from pnpkit.load.rule_blocks import RawBlock
from pnpkit.model.cards import Card, Counter, CounterShape, Deck, Face
from pnpkit.model.ours import MARK, NOTE
from pnpkit.render import fonts
from pnpkit.render.base import Drawable
from pnpkit.render.cards import FaceRenderer, deck_faces
from pnpkit.render.colour import hex_rgb
from pnpkit.render.counters import counter_faces
from pnpkit.verify.promises import ColorMember

GAME = "british-vs-pirates"
NEUTRAL = "#5d4037"


def _cannon_rows(cannons: Cannons | None) -> tuple[tuple[str, tuple[str, ...]], ...]:
    blank = ("", "", "", "")
    return (
        ("Range", ("1 space", "2 spaces", "3 spaces", "4 spaces")),
        ("Dice", cannons.dice if cannons else blank),
        ("Accuracy", cannons.accuracy if cannons else blank),
    )


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


def _card(
    key: str, label: str, kind: str, fields: tuple[tuple[str, object], ...], source: str
) -> Card:
    """A card of ``kind`` (its template ``bvp/<kind>.svg.j2``) with ``fields``."""
    return Card(key, label or key, Face(f"bvp/{kind}.svg.j2", fields, source))


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


def _label(title: str, marked: bool) -> str:
    """A document's sheet label, with the one footnote when it prints a mark."""
    return f"{title} ({NOTE})" if marked else title


def ship_deck(game: BvpGame) -> Deck:
    dial_x, dial_y, dial_r = 48.0, 157.0, 31.0
    outline = _pts(_hex_points(dial_x, dial_y, dial_r, 0))
    cards: list[Card] = []
    for ship in game.ships:
        colour, flag = _look(game, ship.faction)
        slots = ship.defence
        shown = []
        for side in ("bow", "starboard", "stern", "port", "structure"):
            slot = slots.get(side)
            armor = "" if slot is None or slot.armor is None else f"+{slot.armor}"
            penalty = (
                slot.penalty
                if slot and slot.penalty
                else ("when this D6 is removed, the ship sinks" if side == "structure" else "")
            )
            shown.append({"side": side.capitalize(), "armor": armor, "penalty": penalty})
        own = ship.cargo is not None  # the card's own number, else its size's (maybe ours)
        hold = str(ship.cargo or "") if own else game.hold_text(ship.size or "")
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
            ("slots_top", 192.0),
            ("d6", game.d6_slot),
            ("size", (ship.size or "").capitalize()),
            ("cargo", "" if ship.size is None and ship.cargo is None else hold),
            ("cargo_reason", ship.cargo_reason),
        )
        cards.append(_card(ship.key, ship.name, "ship", fields, ship.source))
    return _deck(game, "ship", cards)


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
        )
        cards.append(_card(c.key, c.name, "captain", fields, c.source))
    return _deck(game, "captain", cards)


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
        )
        cards.append(_card(f.key, f.name, "fort", fields, f.source))
    return _deck(game, "fort", cards)


def skill_deck(game: BvpGame) -> Deck:
    colours = {c.key: c for c in game.skill_colours}
    cards = []
    for sk in game.skills:
        kind = colours.get(sk.colour)
        _, flag = _look(game, sk.faction)
        fields = (
            ("name", sk.name),
            ("colour", kind.colour if kind else NEUTRAL),
            ("kind", f"{kind.name} card" if kind else sk.colour),
            ("kind_emblem", kind.emblem if kind else "star"),
            ("flag", flag),
            ("cost", "" if sk.cost is None else str(sk.cost)),
            ("ability", sk.ability),
        )
        cards.append(_card(sk.key, sk.name, "skill", fields, sk.source))
    return _deck(game, "skill", cards)


def _bands(check: object) -> tuple[tuple[str, str], ...]:
    from pnpkit.games.british_vs_pirates.model import Check

    if not isinstance(check, Check):
        return (("", ""), ("", ""), ("", ""))
    return tuple(
        (f"{b.low}+" if b.high is None else f"{b.low}–{b.high}", b.ours.printed("result", b.result))
        for b in check.bands
    )


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
            ("flag_mark", m.ours.mark("flag")),
            ("story", m.story),
            ("pickup", m.pickup),
            ("skills", " / ".join(m.skills)),
            ("destination", m.destination),
            ("checks", checks),
            ("note", m.note),
        )
        cards.append(_card(m.key, m.type, "mission", fields, m.source))
    return _deck(game, "mission", cards)


def event_deck(game: BvpGame) -> Deck:
    cards = [
        _card(e.key, e.name, "event", (("name", e.name), ("text", e.text)), e.source)
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
                "name": good.name,
                "colour": good.colour,
                "roll": "" if good.harvest is None else f"{good.harvest}+",
                "cells": tuple(cells),
            }
        )
    return Face(
        "bvp/market.svg.j2",
        (("ports", tuple(p.name for p in ports)), ("goods", tuple(rows))),
        str(game.where.of("prices")),
    )


def faction_colors(game: BvpGame) -> list[ColorMember]:
    """The factions' colours, each with the emblem its crew tokens and its legend swatch draw
    (several colours are within 40 grayscale levels of each other: the emblems tell them apart)."""
    return [ColorMember(f.name, hex_rgb(f.colour), (("emblem", f.emblem),)) for f in game.factions]


def ink_on(colour: str) -> str:
    """Black or white, whichever reads better on ``colour`` (relative luminance)."""
    r, g, b = (int(colour.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4))
    return "#000000" if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.45 else "#ffffff"


def cannon_face(game: BvpGame) -> Face:
    """Every named cannon type's table (the rulebook's 18lb Exquisite and 36lb Fortress)."""
    cannons = tuple({"key": c.key, "name": c.name, "rows": _cannon_rows(c)} for c in game.cannons)
    return Face("bvp/cannons.svg.j2", (("cannons", cannons),), game.source)


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
        look = {"colour": faction.colour, "emblem_name": faction.emblem, "label": "Crew"}
        out.append(
            _piece(
                game,
                f"crew-{faction.key}",
                f"{faction.name} crew",
                game.crew_per_faction,
                size,
                look,
                faction.source,
            )
        )
    for good in game.goods:
        look = {"colour": good.colour, "value": good.name[:1], "label": good.name}
        out.append(_piece(game, good.key, good.name, game.goods_each, size, look, good.source))
    for chest in game.chests:
        look = {"colour": chest.colour, "emblem_name": "crown", "label": chest.name}
        out.append(_piece(game, chest.key, chest.name, game.chests_each, size, look, chest.source))
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
    return Face(
        "bvp/legend.svg.j2",
        (("factions", factions), ("key", key), ("tiles", tiles)),
        str(game.where.of("tiles.yaml", "tiles")),
    )


def _neighbours(game: BvpGame) -> dict[int, list[int]]:
    """Tile number → the numbers of the tiles it touches on the assembled map."""
    from pnpkit.games.british_vs_pirates.rules import NEIGHBOURS, placed

    owner = {s: n for n, t in enumerate(game.tiles, 1) for s in placed(t, game.radius)}
    out: dict[int, list[int]] = {n: [] for n in range(1, len(game.tiles) + 1)}
    for (q, r), n in owner.items():
        for dq, dr in NEIGHBOURS:
            m = owner.get((q + dq, r + dr))
            if m is not None and m != n and m not in out[n]:
                out[n].append(m)
    return {n: sorted(ms) for n, ms in out.items()}


def write_tiles(doc: Document, game: BvpGame, paper: Paper, legend: Drawable) -> None:
    sheet = paper.portrait()
    doc.start_page(sheet)
    place = doc.form(legend)
    doc.canvas.saveState()
    doc.canvas.translate(MARGIN + 18, sheet.height - MARGIN - 18 - legend.height)
    doc.canvas.doForm(place)
    doc.canvas.restoreState()
    calibration(doc.canvas, MARGIN, MARGIN, doc)
    touching = _neighbours(game)
    doc.start_page(sheet)
    canvas = doc.canvas
    top = sheet.height - MARGIN
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setFont(fonts.BOLD, 15)
    canvas.drawString(MARGIN + 4, top - 18, assembly_title(game))
    canvas.setFont(fonts.REGULAR, 9)
    canvas.drawString(
        MARGIN + 4,
        top - 34,
        "Lay the tiles out as below, every tile the same way up (its title at the top). "
        "Heavy lines: tile edges.",
    )
    canvas.drawString(
        MARGIN + 4,
        top - 46,
        "The spaces of neighbouring tiles interlock; no space is shared and none is left out.",
    )
    list_h = 14.0 * len(game.tiles) + 10
    box_y = MARGIN + 40 + list_h
    assembly_page(canvas, game, MARGIN + 4, box_y, sheet.width - 2 * MARGIN - 8, top - 58 - box_y)
    canvas.setFillColorRGB(0, 0, 0)
    for n, tile in enumerate(game.tiles, start=1):
        islands = ", ".join(i.name for i in tile.islands) or "open sea"
        extra = " and the Wind Vane space" if tile.wind_vane is not None else ""
        y = box_y - 14 - 14 * (n - 1)
        canvas.setFont(fonts.BOLD, 9)
        canvas.drawString(MARGIN + 4, y, f"{n}. {tile.name}")
        canvas.setFont(fonts.REGULAR, 9)
        canvas.drawString(
            MARGIN + 120,
            y,
            f"{islands}{extra}; touches tiles {', '.join(map(str, touching[n]))}",
        )
    canvas.setFont(fonts.REGULAR, 7)
    canvas.drawRightString(sheet.width - MARGIN, MARGIN + 28, NOTE)
    calibration(canvas, MARGIN, MARGIN, doc)
    for n, tile in enumerate(game.tiles, start=1):
        drawing = SeaTile(game, tile)
        doc.start_page(sheet)
        canvas = doc.canvas
        canvas.setFont(fonts.BOLD, 13)
        canvas.setFillColorRGB(0, 0, 0)
        canvas.drawString(
            MARGIN + 4,
            sheet.height - MARGIN - 16,
            f"{game.title}: sea tile {n} of {len(game.tiles)} · {tile.name}{MARK}",
        )
        canvas.setFont(fonts.REGULAR, 8)
        canvas.drawString(
            MARGIN + 4,
            sheet.height - MARGIN - 30,
            f"Spaces {game.hex / 72:g} in across the flats. P port entrance, F fort, "
            f"POI point of interest, H harvest. Touches tiles "
            f"{', '.join(map(str, touching[n]))} (see page 2). Keep this side up.",
        )
        x = (sheet.width - drawing.width) / 2
        y = (sheet.height - drawing.height) / 2
        canvas.saveState()
        canvas.translate(x, y)
        drawing.draw(canvas)
        canvas.restoreState()
        doc.promise_lines(
            what=f"sea tile {tile.name}: hex spacing",
            pitch=game.hex / 2,
            color=HEX_EDGE_COLOR,
            axis="x",
            bbox=(x, y, x + drawing.width, y + drawing.height),
        )
        calibration(canvas, MARGIN, MARGIN, doc)


def _marked(deck: Deck) -> bool:
    """Whether any card of ``deck`` prints a value the source rules do not give."""
    return any(MARK in repr(card.front.fields) for card in deck.cards)


def _card_file(
    filename: str,
    deck: Deck,
    renderer: FaceRenderer,
    sheets: Imposition,
    name: str,
) -> DocumentPlan:
    faces = deck_faces(renderer, deck)
    title = f"{name}: {deck.title.lower()}"
    label = _label(title, _marked(deck))
    return card_sheets(filename, faces, sheets, title=title, subject=name, label=label)


def _table(game: BvpGame, raw: RawBlock) -> Block:

    def head(*words: str) -> tuple[Cell, ...]:
        return tuple(Cell(w, bold=True, shade="#e8dcc0") for w in words)

    if raw.texts[0] == "components":
        rows = [head("Token or piece", "How many")]
        rows += [(Cell(t.name), Cell(t.ours.printed("count", t.count))) for t in game.tokens]
        ours, kit = game.ours, game.pieces
        each = (
            ("Crew, per faction", ours.printed("tokens.crew_per_faction", game.crew_per_faction)),
            ("Each good", ours.printed("tokens.goods_each", game.goods_each)),
            ("Each chest", ours.printed("tokens.chests_each", game.chests_each)),
            *((f"{s.name}, per faction", s.ours.printed("count", s.count)) for s in kit.ships),
            ("Fort, per faction", kit.ours.printed("forts", kit.forts)),
            ("Sea Monster", kit.ours.printed("sea_monsters", kit.sea_monsters)),
        )
        rows += [(Cell(name), Cell(count)) for name, count in each]
        return Grid(tuple(rows), widths=(0.7, 0.3), size=7.5)
    if raw.texts[0] == "holds":
        rows = [head("Ship size", "Cargo tokens")]
        rows += [(Cell(size.capitalize()), Cell(game.hold_text(size))) for size in game.holds]
        return Grid(tuple(rows), widths=(0.5, 0.5))
    rows = [head("Good", "D12 roll", "Sold at (Marks of Victory)")]
    for good in game.all_goods:
        ports = ", ".join(
            f"{game.port_name(p.port)} {p.mov}" for p in game.prices if p.good == good.key
        )
        roll = "as treasure" if good.harvest is None else f"{good.harvest} or more"
        rows.append((Cell(good.name, bold=True), Cell(roll), Cell(ports)))
    return Grid(tuple(rows), widths=(0.24, 0.2, 0.56), size=7.5)


def documents(game: BvpGame, options: BuildOptions) -> list[DocumentPlan]:
    paper, sheets = options.paper, options.imposition
    renderer = FaceRenderer(options.templates)
    name = game.title
    decks = [
        ("ship-cards.pdf", ship_deck(game)),
        ("captain-cards.pdf", captain_deck(game)),
        ("fort-cards.pdf", fort_deck(game)),
        ("skill-cards.pdf", skill_deck(game)),
        ("mission-cards.pdf", mission_deck(game)),
        ("event-cards.pdf", event_deck(game)),
    ]
    plans = [_card_file(filename, deck, renderer, sheets, name) for filename, deck in decks]
    market_size, cannon_size = game.size("market"), game.size("cannons")
    market = renderer.render(
        "bvp/market.svg.j2",
        market_size.width,
        market_size.height,
        market_face(game).as_dict(),
        name="market prices",
        source=str(game.where.of("goods")),
    )
    cannon_card = renderer.render(
        "bvp/cannons.svg.j2",
        cannon_size.width,
        cannon_size.height,
        cannon_face(game).as_dict(),
        name="cannon reference",
        source=str(game.where.of("cards.yaml", "cannons")),
    )
    pieces_ = tokens(game)
    counters = counter_faces(renderer, pieces_)
    stand_ins = pieces(game)
    legend = renderer.render(
        "bvp/legend.svg.j2", 6.5 * 72, 8.5 * 72, legend_face(game).as_dict(), name="map legend"
    )
    return [
        *plans,
        card_sheets(
            "market-prices.pdf",
            [(market, None)],  # one-sided: no back to line up
            sheets,
            title=f"{name}: market prices",
            subject=name,
        ),
        card_sheets(
            "cannon-reference.pdf",
            [(cannon_card, None)],  # one-sided: no back to line up
            sheets,
            title=f"{name}: cannon reference",
            subject=name,
        ),
        with_colors(
            counter_sheets(
                "tokens.pdf",
                counters,
                sheets,
                title=f"{name}: tokens",
                subject=name,
                round_pieces=round_pieces(pieces_),
            ),
            what="factions",
            members=faction_colors(game),
        ),
        with_colors(
            counter_sheets(
                "pieces.pdf",
                counter_faces(renderer, stand_ins),
                sheets,
                title=f"{name}: ship, fort and Sea Monster pieces",
                subject=name,
                round_pieces=round_pieces(stand_ins),
            ),
            what="factions",
            members=faction_colors(game),
        ),
        with_colors(
            DocumentPlan(
                "sea-tiles.pdf",
                f"{name}: sea tiles",
                name,
                lambda doc: write_tiles(doc, game, paper, legend),
            ),
            what="factions",
            members=faction_colors(game),
        ),
        rules_plan(
            "rules-reference.pdf",
            rules_document(game),
            rules_context(game),
            paper=paper,
            subject=name,
            special=lambda raw: _table(game, raw),
            source=str(Path(game.source).parent / RULES_FILE),
        ),
        *calibration_sheet(sheets, subject=name),
    ]
