"""The High Seas kit (a game by Nicholas Wolff): crew cards, board, tokens, reference card.

``output/high-seas/``:

- ``crew-cards.pdf`` — the crew deck, fronts and a common back (duplex, long-edge flip);
- ``board.pdf`` — the two ships at 1:1, tiled over sheets with an assembly page;
- ``tokens.pdf`` — cannons (one per staging area) and heart pieces, fronts and backs;
- ``reference-card.pdf`` — crew cycle, round, cannons, scoring; credit to Nicholas Wolff;
- ``duplex-calibration.pdf`` — the test print that gives the back offset.

Every count comes from ``data/high-seas/game.yaml`` through the model; the engine's checks run
before anything is drawn, and every PDF is read back and verified after it is written.
"""

from __future__ import annotations

from pnpkit.build.options import BuildOptions
from pnpkit.games.high_seas.board import HighSeasBoard
from pnpkit.games.high_seas.model import HighSeasGame, Ship
from pnpkit.games.high_seas.rules import crew_cycle
from pnpkit.layout.cards import calibration_sheet, card_sheets, counter_sheets, round_pieces
from pnpkit.layout.plan import DocumentPlan, with_colors
from pnpkit.layout.tiled_pdf import write_tiled
from pnpkit.layout.tiling import tile
from pnpkit.model.cards import Card, Counter, CounterShape, Deck, Face
from pnpkit.model.ours import MARK, NOTE
from pnpkit.render.cards import FaceRenderer, SvgFace, deck_faces
from pnpkit.render.colour import hex_rgb
from pnpkit.render.counters import counter_faces
from pnpkit.render.reference import Block, ReferenceStyle, reference_face
from pnpkit.render.rule_text import render_text
from pnpkit.verify.promises import ColorMember

GAME = "high-seas"


def crew_deck(game: HighSeasGame) -> Deck:
    footer = f"{game.title} · a game by {game.author}"
    cards = []
    for crew in game.crew:
        beats = (
            game.crew_type(crew.beats).name
            if crew.beats in {c.key for c in game.crew}
            else crew.beats
        )
        loses = " and ".join(c.name for c in game.beaten_by(crew.key))
        front = Face(
            "cards/highseas-crew.svg.j2",
            (
                ("name", crew.name),
                ("colour", crew.colour),
                ("icon", crew.icon),
                ("beats", beats),
                ("loses_to", loses),
                ("pirates", crew.pirates.capitalize()),
                ("why", crew.why),
                ("footer", footer),
            ),
            crew.source,
        )
        cards.append(Card(crew.key, crew.name, front, crew.count))
    back = Face(
        "cards/highseas-back.svg.j2",
        (("title", game.title), ("subtitle", f"a game by {game.author}")),
        str(game.where.of("title")),
    )
    return Deck("crew", "Crew cards", game.card_size, tuple(cards), back)


def reference_blocks(game: HighSeasGame, side: str) -> list[Block]:
    """The reference card's blocks for one side; the crew cycle and the board facts are made
    from the data, the rest is the rules' text condensed in ``game.yaml``."""
    blocks: list[Block] = []
    if side == "front":
        order = crew_cycle(game)
        names = [game.crew_type(k).name for k in order]
        cycle = " beats ".join([*names, names[0]])
        blocks.append(("The crew", [cycle + ".", "Same type against same type is a draw."]))
    where = game.where.of("reference")
    context = {
        "areas": game.areas,
        "crew_cards": game.component("crew_cards"),
        "first_crew": game.first_crew,
        "ours": MARK,
    }
    blocks += [
        (s.title, [render_text(line, context, where, "reference") for line in s.lines])
        for s in game.reference
        if s.side == side
    ]
    if side == "back":
        blocks.append(
            (
                "Board and pieces",
                [
                    f"Each ship has {game.areas} staging areas with {game.hearts_text()} hearts "
                    f"({sum(game.hearts)} a ship); {game.component('heart_pieces')} heart pieces, "
                    f"{game.component('cannons')} cannons, {game.component('crew_cards')} crew cards.",
                    "The numbers at each cannon mount are the enemy areas it may face.",
                ],
            )
        )
    return blocks


REFERENCE = ReferenceStyle(accent="#16324f", size=8.5, min_size=6.0)


def _reference_face(renderer: FaceRenderer, game: HighSeasGame, side: str) -> SvgFace:
    marked = any(MARK in line for _, lines in reference_blocks(game, side) for line in lines)
    return reference_face(
        renderer,
        game.reference_size,
        REFERENCE,
        title=f"{game.title}: reference" + (" (2)" if side == "back" else ""),
        blocks=reference_blocks(game, side),
        footer=game.credit + (f" {NOTE}." if marked else ""),
        name=f"reference card ({side})",
        source=str(game.where.of("reference")),
    )


def cannon_colors(game: HighSeasGame) -> list[ColorMember]:
    """The ships' colours on their cannon tokens, each with the ship's pattern and the first
    word of its name, both drawn on every cannon (the colours are 42 grayscale levels apart)."""
    return [
        ColorMember(
            ship.name,
            hex_rgb(ship.colour),
            (("pattern", ship.pattern), ("label", _cannon_label(ship))),
        )
        for ship in game.ships
    ]


def _cannon_label(ship: Ship) -> str:
    return ship.name.split()[0]


def tokens(game: HighSeasGame) -> list[Counter]:
    out: list[Counter] = []
    for ship in game.ships:
        face = Face(
            "counters/cannon.svg.j2",
            (
                ("colour", ship.colour),
                ("ink", ship.ink),
                ("pattern", ship.pattern),
                ("label", _cannon_label(ship)),
            ),
            ship.source or game.source,
        )
        out.append(
            Counter(
                f"cannon-{ship.key}",
                f"{ship.name} cannon",
                CounterShape.ROUND,
                game.cannon_token,
                face,
                face,
                game.areas,
            )
        )
    heart = Face("counters/heart.svg.j2", (("colour", "#c0392b"),), game.source)
    out.append(
        Counter(
            "heart",
            "Heart piece",
            CounterShape.ROUND,
            game.heart_token,
            heart,
            heart,
            game.component("heart_pieces"),
        )
    )
    return out


def documents(game: HighSeasGame, options: BuildOptions) -> list[DocumentPlan]:
    """Build every High Seas document into ``out_dir`` (the game's own folder)."""
    paper, sheets = options.paper, options.imposition
    renderer = FaceRenderer(options.templates)
    subject = game.credit
    name = game.title

    cards = deck_faces(renderer, crew_deck(game))
    drawing = HighSeasBoard(game)
    board = tile(drawing, paper, title=f"{name} board", subtitle=f"a game by {game.author}")
    pieces = tokens(game)
    counters = counter_faces(renderer, pieces)
    reference = [
        (_reference_face(renderer, game, "front"), _reference_face(renderer, game, "back"))
    ]
    return [
        card_sheets(
            "crew-cards.pdf",
            cards,
            sheets,
            title=f"{name}: crew cards",
            subject=subject,
        ),
        with_colors(
            DocumentPlan(
                "board.pdf", f"{name}: board", subject, lambda doc: write_tiled(board, doc)
            ),
            what="ships",
            members=drawing.ship_colors(),
        ),
        with_colors(
            counter_sheets(
                "tokens.pdf",
                counters,
                sheets,
                title=f"{name}: tokens",
                subject=subject,
                label=f"{name}, a game by {game.author}: tokens",
                round_pieces=round_pieces(pieces),
            ),
            what="ships",
            members=cannon_colors(game),
        ),
        card_sheets(
            "reference-card.pdf",
            reference,
            sheets,
            title=f"{name}: reference card",
            subject=subject,
        ),
        *calibration_sheet(sheets, subject=subject),
    ]
