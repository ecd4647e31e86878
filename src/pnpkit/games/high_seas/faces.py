"""Every face the High Seas kit prints, laid out with no drawing library: the crew deck (laid out
from ``layouts.yaml``), the cannon and heart tokens, the reference card and the board's words.
The kit prints what :func:`faces` returns and ``pnpkit check`` runs it
(:attr:`pnpkit.games.game.Game.faces`), so a face that passes ``check`` prints."""

from __future__ import annotations

from dataclasses import dataclass

from pnpkit.errors import DataError
from pnpkit.games.game import GameBoard
from pnpkit.games.high_seas.board import BoardWords, HighSeasBoard, board_words
from pnpkit.games.high_seas.diagram import caption, diagram_words
from pnpkit.games.high_seas.model import BACK_LAYOUT, CREW_LAYOUT, HighSeasGame, Ship
from pnpkit.games.high_seas.rules import aim_reach, crew_cycle, turn_example, turn_step
from pnpkit.layout.imposition import fit_cards
from pnpkit.layout.print_settings import PrintSettings
from pnpkit.load.face_layouts import LAYOUT
from pnpkit.model.cards import Card, Counter, CounterShape, Deck, Face
from pnpkit.model.ours import MARK, NOTE
from pnpkit.render.faces.counters import counter_faces
from pnpkit.render.faces.decks import Gathered, deck_faces
from pnpkit.render.faces.face import FacePairs, SvgFace
from pnpkit.render.faces.reference import Block, ReferenceStyle, reference_face
from pnpkit.render.faces.renderer import FaceRenderer
from pnpkit.render.rule_text import document_problems, render_text

ExampleWords = dict[str, tuple[dict[str, float], str]]
"""By example key: each crew name's size on its card, and the diagram's caption."""


@dataclass(frozen=True)
class HighSeasFaces:
    """Every laid-out face of the kit."""

    crew: FacePairs
    """The crew deck, one pair per printed card."""
    pieces: list[Counter]
    """The cannon and heart tokens (the sheets ask which are round)."""
    tokens: FacePairs
    """The tokens' faces, one pair per printed token."""
    reference: FacePairs
    """The reference card: its front and back."""
    board: BoardWords
    """The board's words, fitted to their room."""
    examples: ExampleWords
    """Each example's crew names fitted (:func:`~pnpkit.games.high_seas.diagram.diagram_words`)
    and its caption, by key (:func:`example_words`)."""


def faces(game: HighSeasGame, settings: PrintSettings) -> HighSeasFaces:
    """Every face laid out, nothing drawn; a DataError lists every face that cannot be printed
    (text that does not fit, in every group), each at its place in the data."""
    renderer = FaceRenderer(settings.templates)
    gathered = Gathered()
    sizes = (
        (game.card_size, game.where.of("sizes", "crew_card"), "sizes.crew_card"),
        (game.reference_size, game.where.of("sizes", "reference_card"), "sizes.reference_card"),
    )
    gathered(lambda: fit_cards(settings.imposition, *sizes), None)  # seen at the size's line
    none: FacePairs = []
    crew = gathered(lambda: deck_faces(renderer, crew_deck(game)), none)
    pieces = tokens(game)
    counters = gathered(lambda: counter_faces(renderer, pieces), none)
    front = gathered(lambda: reference_side(renderer, game, "front"), None)
    back = gathered(lambda: reference_side(renderer, game, "back"), None)
    board = gathered(lambda: board_words(game), None)
    no_words: ExampleWords = {}
    examples = gathered(lambda: example_words(game), no_words)
    gathered.done()
    assert front is not None and back is not None and board is not None  # else done() raised
    return HighSeasFaces(crew, pieces, counters, [(front, back)], board, examples)


def example_words(game: HighSeasGame) -> ExampleWords:
    """Every example's crew names fitted to their cards and its caption, by key, and the
    words of ``rules.yaml``'s ``examples`` filled (a DataError at every placeholder that
    cannot be): what ``examples.pdf`` prints, found without drawing."""
    document = game.examples_document
    if document is None:
        return {}
    problems = document_problems(document, rule_context(game))
    if problems:
        raise DataError(problems)
    return {e.key: (diagram_words(game, e), caption(game, e)) for e in game.examples}


def crew_deck(game: HighSeasGame) -> Deck:
    """The crew deck, each card laid out from ``layouts.yaml``'s ``crew`` with its crew type's
    words and colour, one common back laid out from its ``back``."""
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
            LAYOUT + CREW_LAYOUT,
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
            written(game, crew, "name", "pirates", "why"),
        )
        cards.append(Card(crew.key, crew.name, front, crew.count))
    back = Face(
        LAYOUT + BACK_LAYOUT,
        (("title", game.title), ("subtitle", f"a game by {game.author}")),
        str(game.where.of("title")),
    )
    return Deck("crew", "Crew cards", game.card_size, tuple(cards), back, game.layouts)


def written(game: HighSeasGame, record: object, *keys: str) -> tuple[tuple[str, str], ...]:
    """Where ``record`` wrote each of ``keys`` (``(field, "file:line:col")``), for those whose
    place the loader kept (a problem with any other field is reported at the record's place)."""
    places = ((key, str(game.where.at(record, key))) for key in keys)
    return tuple((key, place) for key, place in places if place)


def rule_context(game: HighSeasGame) -> dict[str, object]:
    """What the reference text and ``rules.yaml`` may quote: ``{{ areas }}``,
    ``{{ crew_cards }}``, ``{{ first_crew }}``, ``{{ max_aim }}``, ``{{ max_turn }}``, the
    rules' words made from them (``{{ aim_reach }}``, ``{{ turn_step }}``,
    ``{{ turn_example }}``), ``{{ title }}``, ``{{ author }}`` and ``{{ ours }}``, the mark."""
    return {
        "title": game.title,
        "author": game.author,
        "areas": game.areas,
        "crew_cards": game.component("crew_cards"),
        "first_crew": game.first_crew,
        "max_aim": game.max_aim,
        "max_turn": game.max_turn,
        "aim_reach": aim_reach(game.max_aim),
        "turn_step": turn_step(game.max_turn),
        "turn_example": turn_example(game.max_turn, game.areas),
        "ours": MARK,
    }


def open_questions(game: HighSeasGame) -> list[str]:
    """Each question the rules leave open, as they leave it, with our ruling (marked), their
    placeholders filled (:func:`rule_context`): the reference card's back and
    ``examples.pdf`` print these lines."""
    context = rule_context(game)
    return [
        f"{q.about}: "
        + render_text(
            f"{q.question} Our ruling: ", context, game.where.at(q, "question"), "question"
        )
        + render_text(q.ruling, context, game.where.at(q, "ruling"), "ruling")
        + q.ours.mark("ruling")
        for q in game.open_questions
    ]


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
    context = rule_context(game)
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
        if game.open_questions:
            blocks.append(("What the rules leave open", open_questions(game)))
    return blocks


REFERENCE = ReferenceStyle(accent="#16324f", size=8.5, min_size=6.0)


def reference_side(renderer: FaceRenderer, game: HighSeasGame, side: str) -> SvgFace:
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


def tokens(game: HighSeasGame) -> list[Counter]:
    out: list[Counter] = []
    for ship in game.ships:
        face = Face(
            "counters/cannon.svg.j2",
            (
                ("colour", ship.colour),
                ("ink", ship.ink),
                ("pattern", ship.pattern),
                ("label", cannon_label(ship)),
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


def cannon_label(ship: Ship) -> str:
    """The word on a ship's cannon tokens: the first of its name."""
    return ship.name.split()[0]


def decks(game: HighSeasGame) -> list[Deck]:
    """Every card deck the kit prints, for the exports."""
    return [crew_deck(game)]


def boards(game: HighSeasGame) -> list[GameBoard]:
    """The two-ship board as one picture (``board``, as the kit's ``board.pdf``), for the
    exports."""
    return [GameBoard("board", f"{game.title} board", HighSeasBoard(game, board_words(game)))]
