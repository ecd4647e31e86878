"""The British vs Pirates: Volume 2 kit.

``output/british-vs-pirates/``: ``ship-cards.pdf``, ``captain-cards.pdf``, ``fort-cards.pdf``,
``skill-cards.pdf``, ``mission-cards.pdf``, ``event-cards.pdf`` (each with duplex backs),
``market-prices.pdf`` (goods × ports), ``cannon-reference.pdf`` (every named cannon type),
``tokens.pdf`` (fog, storm, current, shallow, treasure,
anchor, bar shot, marks of victory, crew tokens per faction, the six goods, the three chests,
the wind vane), ``sea-tiles.pdf`` (the map legend, then one tile a page, hexes promised at size) and
``duplex-calibration.pdf``. The engine's checks run before anything is drawn.
"""

from __future__ import annotations

import math

from pnpkit.build.options import BuildOptions
from pnpkit.games.british_vs_pirates.model import BvpGame, Cannons
from pnpkit.games.british_vs_pirates.tiles import HEX_EDGE_COLOR, SeaTile
from pnpkit.layout.cards import calibration_sheet, card_sheets, counter_sheets, round_pieces
from pnpkit.layout.document import Document
from pnpkit.layout.duplex import Imposition
from pnpkit.layout.marks import calibration
from pnpkit.layout.paper import MARGIN, Paper
from pnpkit.layout.plan import DocumentPlan, with_colors
from pnpkit.model.cards import Card, Counter, CounterShape, Deck, Face
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
    return Face(
        "bvp/back.svg.j2", (("kind", kind), ("title", game.title), ("colour", colour)), game.source
    )


def ship_deck(game: BvpGame) -> Deck:
    size = game.size("ship")
    dial_x, dial_y, dial_r = 62.0, 160.0, 30.0
    outline = " ".join(f"{x:.2f},{y:.2f}" for x, y in _hex_points(dial_x, dial_y, dial_r, 0))
    cards: list[Card] = []
    for ship in game.ships:
        colour, flag = _look(game, ship.faction)
        # speeds clockwise from the bow (top), one per hexagon side
        spots = _hex_points(dial_x, dial_y, dial_r * 0.7, -90)
        dial = tuple((x, y, ship.speed[i] if ship.speed else "") for i, (x, y) in enumerate(spots))
        slots = ship.defence
        shown = []
        for side in ("bow", "starboard", "stern", "port", "structure"):
            slot = slots.get(side)
            armor = "" if slot is None or slot.armor is None else f"+{slot.armor}"
            penalty = (
                slot.penalty
                if slot and slot.penalty
                else ("central slot: place a D6" if side == "structure" else "")
            )
            shown.append({"side": side.capitalize(), "armor": armor, "penalty": penalty})
        front = Face(
            "bvp/ship.svg.j2",
            (
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
                ("dial", dial),
                ("speed", ship.speed),
                ("pivots", ship.pivots),
                ("slots", tuple(shown)),
                ("size", (ship.size or "").capitalize()),
                (
                    "cargo",
                    ""
                    if ship.cargo is None and ship.size is None
                    else str(
                        ship.cargo if ship.cargo is not None else game.hold(ship.size or "") or ""
                    ),
                ),
                ("cargo_reason", ship.cargo_reason),
            ),
            ship.source,
        )
        cards.append(Card(ship.key, ship.name or ship.key, front))
    return Deck("ships", "Ship cards", size, tuple(cards), _back(game, "Ship"))


def captain_deck(game: BvpGame) -> Deck:
    cards = []
    for c in game.captains:
        colour, flag = _look(game, c.faction)
        front = Face(
            "bvp/captain.svg.j2",
            (
                ("name", c.name),
                ("colour", colour),
                ("flag", flag),
                ("morale", "" if c.morale is None else str(c.morale)),
                ("skill", c.skill),
                ("stats", c.stat_rows),
            ),
            c.source,
        )
        cards.append(Card(c.key, c.name or c.key, front))
    return Deck(
        "captains", "Captain cards", game.size("captain"), tuple(cards), _back(game, "Captain")
    )


def fort_deck(game: BvpGame) -> Deck:
    cards = []
    for f in game.forts:
        colour, flag = _look(game, f.faction)
        faction = game.faction(f.faction)
        front = Face(
            "bvp/fort.svg.j2",
            (
                ("name", f.name),
                ("colour", colour),
                ("flag", flag),
                ("cannon_name", f.cannons.name if f.cannons else ""),
                ("cannon_rows", _cannon_rows(f.cannons)),
                ("armor", "" if f.armor is None else str(f.armor)),
                ("ability", f.ability),
                ("faction", faction.name if faction else ""),
            ),
            f.source,
        )
        cards.append(Card(f.key, f.name or f.key, front))
    return Deck("forts", "Fort cards", game.size("fort"), tuple(cards), _back(game, "Fort"))


def skill_deck(game: BvpGame) -> Deck:
    colours = {c.key: c for c in game.skill_colours}
    cards = []
    for s in game.skills:
        kind = colours.get(s.colour)
        _, flag = _look(game, s.faction)
        front = Face(
            "bvp/skill.svg.j2",
            (
                ("name", s.name),
                ("colour", kind.colour if kind else NEUTRAL),
                ("kind", f"{kind.name} card" if kind else s.colour),
                ("kind_emblem", kind.emblem if kind else "star"),
                ("flag", flag),
                ("cost", "" if s.cost is None else str(s.cost)),
                ("ability", s.ability),
            ),
            s.source,
        )
        cards.append(Card(s.key, s.name or s.key, front))
    return Deck("skills", "Skill cards", game.size("skill"), tuple(cards), _back(game, "Skill"))


def _bands(check: object) -> tuple[tuple[str, str], ...]:
    from pnpkit.games.british_vs_pirates.model import Check

    if not isinstance(check, Check):
        return (("", ""), ("", ""), ("", ""))
    return tuple(
        (f"{b.low}+" if b.high is None else f"{b.low}–{b.high}", b.result) for b in check.bands
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
        front = Face(
            "bvp/mission.svg.j2",
            (
                ("type", m.type),
                ("colour", flag.colour if flag else NEUTRAL),
                ("flag", flag.emblem if flag else ""),
                ("story", m.story),
                ("pickup", m.pickup),
                ("skills", " / ".join(m.skills)),
                ("destination", m.destination),
                ("checks", checks),
                ("note", m.note),
            ),
            m.source,
        )
        cards.append(Card(m.key, m.type or m.key, front))
    return Deck(
        "missions", "Mission cards", game.size("mission"), tuple(cards), _back(game, "Mission")
    )


def event_deck(game: BvpGame) -> Deck:
    cards = [
        Card(
            e.key,
            e.name or e.key,
            Face("bvp/event.svg.j2", (("name", e.name), ("text", e.text)), e.source),
        )
        for e in game.events
    ]
    return Deck(
        "events", "Event cards", game.size("event"), tuple(cards), _back(game, "Event", "#4a148c")
    )


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
        game.source,
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


def tokens(game: BvpGame) -> list[Counter]:
    size = game.token_size
    out: list[Counter] = []

    def add(
        key: str, name: str, count: int, colour: str, emblem: str, value: str, label: str
    ) -> None:
        face = Face(
            "counters/value.svg.j2",
            (
                ("colour", colour),
                ("ink", ink_on(colour)),
                ("emblem_name", emblem),
                ("value", value),
                ("label", label),
            ),
            game.source,
        )
        out.append(Counter(key, name, CounterShape.ROUND, size, face, face, count))

    for kind in game.tokens:
        add(kind.key, kind.name, kind.count, kind.colour, kind.emblem, "", kind.name)
    for faction in game.factions:
        add(
            f"crew-{faction.key}",
            f"{faction.name} crew",
            game.crew_per_faction,
            faction.colour,
            faction.emblem,
            "",
            "Crew",
        )
    for good in game.goods:
        add(good.key, good.name, game.goods_each, good.colour, "", good.name[:1], good.name)
    for chest in game.chests:
        add(
            chest.key,
            chest.name,
            game.chests_each,
            chest.colour,
            "crown",
            "",
            chest.name.split()[0],
        )
    r = game.vane_size / 2
    outline = " ".join(f"{x:.2f},{y:.2f}" for x, y in _hex_points(r, r, r - 1, 30))
    spots = tuple(
        (x, y, str(n)) for n, (x, y) in enumerate(_hex_points(r, r, r * 0.72, -60), start=1)
    )
    vane = Face("bvp/vane.svg.j2", (("outline", outline), ("spots", spots)), game.source)
    out.append(Counter("wind-vane", "Wind vane", CounterShape.SQUARE, game.vane_size, vane, vane))
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
        game.source,
    )


def write_tiles(doc: Document, game: BvpGame, paper: Paper, legend: Drawable) -> None:
    sheet = paper.portrait()
    doc.start_page(sheet)
    place = doc.form(legend)
    doc.canvas.saveState()
    doc.canvas.translate(MARGIN + 18, sheet.height - MARGIN - 18 - legend.height)
    doc.canvas.doForm(place)
    doc.canvas.restoreState()
    calibration(doc.canvas, MARGIN, MARGIN, doc)
    for n, tile in enumerate(game.tiles, start=1):
        drawing = SeaTile(game, tile)
        doc.start_page(sheet)
        canvas = doc.canvas
        canvas.setFont(fonts.BOLD, 13)
        canvas.setFillColorRGB(0, 0, 0)
        canvas.drawString(
            MARGIN + 4,
            sheet.height - MARGIN - 16,
            f"{game.title}: sea tile {n} of {len(game.tiles)} · {tile.name}",
        )
        canvas.setFont(fonts.REGULAR, 8)
        canvas.drawString(
            MARGIN + 4,
            sheet.height - MARGIN - 30,
            f"Spaces {game.hex / 72:g} in across the flats. P port entrance, F fort, POI point of interest, H harvest.",
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


def _card_file(
    filename: str,
    deck: Deck,
    renderer: FaceRenderer,
    sheets: Imposition,
    name: str,
) -> DocumentPlan:
    faces = deck_faces(renderer, deck)
    label = f"{name}: {deck.title.lower()}"
    return card_sheets(filename, faces, sheets, title=label, subject=name)


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
    pieces = tokens(game)
    counters = counter_faces(renderer, pieces)
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
                round_pieces=round_pieces(pieces),
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
        *calibration_sheet(sheets, subject=name),
    ]
