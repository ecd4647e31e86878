"""The British vs Pirates: Volume 2 kit.

``output/british-vs-pirates/``: ``print-this-kit.pdf`` (how to print each file),
``ship-cards.pdf``, ``captain-cards.pdf``, ``fort-cards.pdf``,
``skill-cards.pdf``, ``mission-cards.pdf``, ``event-cards.pdf``, ``sea-monster-cards.pdf`` (each
with duplex backs),
``market-prices.pdf`` (goods × ports), ``cannon-reference.pdf`` (every named cannon type),
``examples.pdf`` (the rulebook's pictures drawn on hexes: movement, firing arcs and line of
sight, targeting a side, damage; :mod:`.diagram`),
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

from pnpkit.games.british_vs_pirates.diagram import DRAWN, sides
from pnpkit.games.british_vs_pirates.faces import BvpFaces
from pnpkit.games.british_vs_pirates.model import BvpGame
from pnpkit.games.british_vs_pirates.rule_text import d6_needed, rule_documents, rules_context
from pnpkit.games.british_vs_pirates.tile_pages import (
    HEADING_SIZE,
    HEADING_X,
    KEY_SIZE,
    KEY_X,
    LIST_NAME_X,
    LIST_SIZE,
    LIST_TEXT_X,
    heading,
    key_line,
    neighbours,
    tile_box,
    tile_lines,
)
from pnpkit.games.british_vs_pirates.tiles import (
    HEX_EDGE_COLOR,
    SeaTile,
    assembly_page,
    assembly_title,
)
from pnpkit.layout.cards import calibration_sheet, card_sheets, counter_sheets, round_pieces
from pnpkit.layout.document import Document
from pnpkit.layout.duplex import Imposition
from pnpkit.layout.flow import Block, Cell, FlowStyle, Grid, Picture, Pictures
from pnpkit.layout.marks import calibration
from pnpkit.layout.paper import MARGIN, Paper
from pnpkit.layout.plan import DocumentPlan, Printing, with_colors
from pnpkit.layout.print_guide import with_print_guide
from pnpkit.layout.print_settings import PrintSettings
from pnpkit.layout.rules import rules_plan
from pnpkit.load.rule_blocks import RawBlock
from pnpkit.model.cards import Deck
from pnpkit.model.ours import MARK, NOTE
from pnpkit.render import fonts
from pnpkit.render.colour import hex_rgb
from pnpkit.render.drawable import Drawable
from pnpkit.render.faces.face import FacePairs
from pnpkit.verify.promises import ColorMember

GAME = "british-vs-pirates"


def _label(title: str, marked: bool) -> str:
    """A document's sheet label, with the one footnote when it prints a mark."""
    return f"{title} ({NOTE})" if marked else title


def faction_colors(game: BvpGame) -> list[ColorMember]:
    """The factions' colours, each with the emblem its crew tokens and its legend swatch draw
    (several colours are within 40 grayscale levels of each other: the emblems tell them apart)."""
    return [ColorMember(f.name, hex_rgb(f.colour), (("emblem", f.emblem),)) for f in game.factions]


def write_tiles(doc: Document, game: BvpGame, paper: Paper, legend: Drawable) -> None:
    sheet = paper.portrait()
    doc.start_page(sheet)
    place = doc.form(legend)
    doc.canvas.saveState()
    doc.canvas.translate(MARGIN + 18, sheet.height - MARGIN - 18 - legend.height)
    doc.canvas.doForm(place)
    doc.canvas.restoreState()
    calibration(doc.canvas, MARGIN, MARGIN, doc)
    touching = neighbours(game)
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
        "Lay the tiles out as below, every tile's up mark at the top. Heavy lines: tile edges; "
        "glue each grey tab under the tile it names.",
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
    for n, line in enumerate(tile_lines(game), start=1):
        y = box_y - 14 - 14 * (n - 1)
        canvas.setFont(fonts.BOLD, LIST_SIZE)
        canvas.drawString(MARGIN + LIST_NAME_X, y, line.name)
        canvas.setFont(fonts.REGULAR, LIST_SIZE)
        canvas.drawString(MARGIN + LIST_TEXT_X, y, line.text)
    canvas.setFont(fonts.REGULAR, 7)
    canvas.drawRightString(sheet.width - MARGIN, MARGIN + 28, NOTE)
    calibration(canvas, MARGIN, MARGIN, doc)
    for n, tile in enumerate(game.tiles, start=1):
        drawing = SeaTile(game, tile, n)
        doc.start_page(sheet)
        canvas = doc.canvas
        canvas.setFont(fonts.BOLD, HEADING_SIZE)
        canvas.setFillColorRGB(0, 0, 0)
        canvas.drawString(MARGIN + HEADING_X, sheet.height - MARGIN - 16, heading(game, n, tile))
        canvas.setFont(fonts.REGULAR, KEY_SIZE)
        canvas.drawString(MARGIN + KEY_X, sheet.height - MARGIN - 30, key_line(game, touching[n]))
        x, y, _, _ = tile_box(game, paper)
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
    filename: str, deck: Deck, faces: FacePairs, sheets: Imposition, name: str
) -> DocumentPlan:
    title = f"{name}: {deck.title.lower()}"
    label = _label(title, _marked(deck))
    return card_sheets(filename, faces, sheets, title=title, subject=name, label=label)


def _picture(game: BvpGame, key: str) -> Block:
    """``picture: <key>``: one of the rulebook's pictures drawn on hexes, with its caption
    (``sides``: the three targeting examples side by side)."""
    if key in DRAWN:
        drawing, caption = DRAWN[key](game)
        return Picture(drawing, 1.0, caption)
    return Pictures(tuple(Picture(drawing, 1.0, caption) for drawing, caption in sides(game)))


def _block(game: BvpGame, raw: RawBlock) -> Block:
    """A block of the game's own kinds: a table or a picture."""
    return _picture(game, raw.texts[0]) if raw.kind == "picture" else _table(game, raw)


EXAMPLES_STYLE = FlowStyle(body=9.5, leading=12.0, h1=13.0, h2=11.0, columns=1)
"""One column, so each diagram prints whole across the page."""


def _table(game: BvpGame, raw: RawBlock) -> Block:

    def head(*words: str) -> tuple[Cell, ...]:
        return tuple(Cell(w, bold=True, shade="#e8dcc0") for w in words)

    if raw.texts[0] == "components":
        rows = [head("Token or piece", "How many")]
        rows += [(Cell(t.name), Cell(t.ours.printed("count", t.count))) for t in game.tokens]
        ours, kit = game.ours, game.pieces
        crew_count = ours.printed("tokens.crew_per_faction", game.crew_per_faction)
        crew_mark = ours.mark("tokens.crew")  # the kinds and their bonuses
        each = (
            *(
                (f"{c.name}{crew_mark} crew (+{c.plus} {c.bonus}), per faction", crew_count)
                for c in game.crew
            ),
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


def documents(game: BvpGame, laid: BvpFaces, settings: PrintSettings) -> list[DocumentPlan]:
    paper, sheets = settings.paper, settings.imposition
    name = game.title
    written = rule_documents(game)
    plans = [
        _card_file(filename, deck, cards, sheets, name)
        for filename, deck, cards in laid.decks
        if deck.cards
    ]
    kit = [
        *plans,
        card_sheets(
            "market-prices.pdf",
            [(laid.market, None)],  # one-sided: no back to line up
            sheets,
            title=f"{name}: market prices",
            subject=name,
        ),
        card_sheets(
            "cannon-reference.pdf",
            [(laid.cannons, None)],  # one-sided: no back to line up
            sheets,
            title=f"{name}: cannon reference",
            subject=name,
        ),
        with_colors(
            counter_sheets(
                "tokens.pdf",
                laid.token_faces,
                sheets,
                title=f"{name}: tokens",
                subject=name,
                round_pieces=round_pieces(laid.tokens),
            ),
            what="factions",
            members=faction_colors(game),
        ),
        with_colors(
            counter_sheets(
                "pieces.pdf",
                laid.piece_faces,
                sheets,
                title=f"{name}: ship, fort and Sea Monster pieces",
                subject=name,
                round_pieces=round_pieces(laid.pieces),
            ),
            what="factions",
            members=faction_colors(game),
        ),
        with_colors(
            DocumentPlan(
                "sea-tiles.pdf",
                f"{name}: sea tiles",
                name,
                lambda doc: write_tiles(doc, game, paper, laid.legend),
                TILE_PRINTING,
            ),
            what="factions",
            members=faction_colors(game),
        ),
        rules_plan(
            "rules-reference.pdf",
            written["rules"],
            rules_context(game),
            paper=paper,
            subject=name,
            special=lambda raw: _block(game, raw),
        ),
        rules_plan(
            "examples.pdf",
            written["examples"],
            rules_context(game),
            paper=paper,
            subject=name,
            special=lambda raw: _block(game, raw),
            style=EXAMPLES_STYLE,
        ),
        *calibration_sheet(sheets, subject=name),
    ]
    dice = d6_needed(game)["faction"]
    needs = (
        f"{dice} six-sided dice (D6) for each faction and two twelve-sided dice (D12) for each "
        "player",
        *(("one more D6 for each Sea Monster in play (its card)",) if game.monster else ()),
    )
    return with_print_guide(kit, title=name, subject=name, paper=paper, needs=needs)


TILE_PRINTING = Printing(
    card=True,
    then="Cut out each tile on its heavy outer line, its grey tabs with it; glue each tab "
    "under the tile it names, as the second page shows.",
)
