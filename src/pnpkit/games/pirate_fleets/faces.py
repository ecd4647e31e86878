"""Every face the Pirate Fleets kit prints, laid out with no drawing library: the board's words
(each space's title and summary, fitted to its box), the supply and captains decks (laid out
from ``layouts.yaml``), the pieces
and the reference card. The kit prints what :func:`faces` returns and ``pnpkit check`` runs it
(:attr:`pnpkit.games.game.Game.faces`), so a face that passes ``check`` prints."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pnpkit.games.game import GameBoard
from pnpkit.games.pirate_fleets.board import PirateFleetsBoard, SpaceText, board_text
from pnpkit.games.pirate_fleets.model import (
    BACK_LAYOUT,
    CAPTAINS_BLOCK,
    FRONT_LAYOUT,
    PirateFleetsGame,
    ValueToken,
)
from pnpkit.games.pirate_fleets.words import action_words, captain_words
from pnpkit.layout.imposition import fit_cards
from pnpkit.layout.print_settings import PrintSettings
from pnpkit.load.face_layouts import LAYOUT
from pnpkit.model.cards import Card, Counter, CounterShape, Deck, Face
from pnpkit.model.ours import MARK, NOTE
from pnpkit.render.colour import mix
from pnpkit.render.faces.counters import counter_faces
from pnpkit.render.faces.decks import Gathered, deck_faces
from pnpkit.render.faces.face import FacePairs, SvgFace
from pnpkit.render.faces.reference import Block, ReferenceStyle, reference_face
from pnpkit.render.faces.renderer import FaceRenderer
from pnpkit.render.rule_text import render_text

SUPPLY_ACCENT = "#7a4a1d"
CAPTAIN_ACCENT = "#4a235a"
GOLD = "#d4a017"
SHIP = "#5b3a1e"
CREAM = "#f7f0dc"
"""The cards' paper (``layouts.yaml`` writes it too): a front's emblem sits on its accent
mixed most of the way to it."""


@dataclass(frozen=True)
class PirateFleetsFaces:
    """Every laid-out face of the kit."""

    board: tuple[SpaceText, ...]
    """The words of every board space, fitted to their boxes."""
    supply: FacePairs
    """The supply deck, one pair per printed card."""
    captains: FacePairs
    """The captains deck, one pair per printed card."""
    pieces: list[Counter]
    """Pawns, danger disks, gold, ships and markers (the sheets ask which are round)."""
    tokens: FacePairs
    """The pieces' faces, one pair per printed piece."""
    reference: FacePairs
    """The reference card: its front and back."""


def faces(game: PirateFleetsGame, settings: PrintSettings) -> PirateFleetsFaces:
    """Every face laid out, nothing drawn; a DataError lists every face that cannot be printed
    (text that does not fit, in every group and on every board space), each at its place in
    the data."""
    renderer = FaceRenderer(settings.templates)
    gathered = Gathered()
    sizes = (
        (game.card_size, game.where.of("sizes", "card"), "sizes.card"),
        (game.reference_size, game.where.of("sizes", "reference_card"), "sizes.reference_card"),
    )
    gathered(lambda: fit_cards(settings.imposition, *sizes), None)  # seen at the size's line
    none: FacePairs = []
    words: tuple[SpaceText, ...] = ()
    board = gathered(lambda: board_text(game), words)
    supply = gathered(lambda: deck_faces(renderer, supply_deck(game)), none)
    captains = gathered(lambda: deck_faces(renderer, captains_deck(game)), none)
    pieces = tokens(game)
    counters = gathered(lambda: counter_faces(renderer, pieces), none)
    front = gathered(lambda: reference_side(renderer, game, "front"), None)
    back = gathered(lambda: reference_side(renderer, game, "back"), None)
    gathered.done()
    reference: FacePairs = [(front, back)] if front is not None and back is not None else none
    return PirateFleetsFaces(board, supply, captains, pieces, counters, reference)


def _accent(game: PirateFleetsGame, effect: str) -> str:
    """The colour of the first action an effect names (a Storm card wears Storm's colour)."""
    found = [(effect.find(a.name), a.colour) for a in game.actions if a.name in effect]
    return min(found)[1] if found else SUPPLY_ACCENT


@dataclass(frozen=True, slots=True)
class _DeckLook:
    """What tells a deck's cards apart: its key and name, the word on every card, the emblem,
    the footer, and the note on its back (how the deck is dealt, when the rules say so)."""

    key: str
    name: str
    kind: str
    icon: str
    footer: str
    back_note: str = ""


MARKED_FOOTER = f"{MARK} our reading: see the reference card"
"""The footer of a card whose effect carries the mark, in place of the deck's: its key."""

Places = tuple[tuple[str, str], ...]
"""Where the data wrote a face's fields: ``(field, "file:line:col")``."""


def written(game: PirateFleetsGame, record: object, *keys: str) -> Places:
    """Where ``record`` wrote each of ``keys``, for those whose place the loader kept (a problem
    with any other field is reported at the record's place)."""
    places = ((key, str(game.where.at(record, key))) for key in keys)
    return tuple((key, place) for key, place in places if place)


def _deck(
    game: PirateFleetsGame,
    look: _DeckLook,
    cards: Sequence[tuple[str, str, int, str, Places]],
    accent: Callable[[str], str],
) -> Deck:
    """A deck of ``cards`` (name, effect, copies, source, where each field is written), each
    front in ``accent(effect)``, one common back in ``accent("")``: laid out from
    ``layouts.yaml``'s ``front`` and ``back``."""
    made = []
    for i, (name, effect, copies, source, places) in enumerate(cards):
        footer = MARKED_FOOTER if MARK in effect else look.footer
        colour = accent(effect)
        front = Face(
            LAYOUT + FRONT_LAYOUT,
            (
                ("name", name),
                ("kind", look.kind.upper()),
                ("icon", look.icon),
                ("accent", colour),
                ("accent_light", mix(colour, CREAM, 0.85)),
                ("effect", effect),
                ("footer", footer),
            ),
            source,
            places,
        )
        made.append(Card(f"{look.key}-{i}", name, front, copies))
    back = Face(
        LAYOUT + BACK_LAYOUT,
        (
            ("title", game.title),
            ("kind", look.kind),
            ("icon", look.icon),
            ("accent", accent("")),
            ("stripe", mix(accent(""), "#ffffff", 0.12)),
            ("note", look.back_note),
        ),
        str(game.where.of("title")),
    )
    return Deck(look.key, look.name, game.card_size, tuple(made), back, game.layouts)


def supply_deck(game: PirateFleetsGame) -> Deck:
    look = _DeckLook("supply", "Supply deck", "Supply", "anchor", f"{game.title} · supply card")
    cards = [
        (c.name, c.effect, c.qty, c.source, written(game, c, "name", "effect")) for c in game.supply
    ]
    return _deck(
        game, look, cards, lambda effect: _accent(game, effect) if effect else SUPPLY_ACCENT
    )


def captains_deck(game: PirateFleetsGame) -> Deck:
    look = _DeckLook(
        "captains",
        "Captains deck",
        "Captain",
        "crown",
        f"{game.title} · optional captains deck",
        f"Optional: {game.captains_rule}",
    )
    cards = [
        (c.name, captain_words(game, c), c.copies, c.source, written(game, c, "name", "effect"))
        for c in game.captains
    ]
    return _deck(game, look, cards, lambda effect: CAPTAIN_ACCENT)


@dataclass(frozen=True, slots=True)
class _Look:
    """How a gold, ship or marker counter looks: fill, ink, emblem (or none) and label."""

    colour: str
    ink: str
    emblem: str
    label: str


def _counter(
    key: str,
    name: str,
    look: _Look,
    value: str,
    shape: CounterShape,
    size: float,
    count: int,
    source: str,
) -> Counter:
    """``count`` counters of one face: ``value`` large, ``look.label`` below it."""
    face = Face(
        "counters/value.svg.j2",
        (
            ("colour", look.colour),
            ("ink", look.ink),
            ("emblem_name", look.emblem),
            ("value", value),
            ("label", look.label),
        ),
        source,
    )
    return Counter(key, name, shape, size, face, face, count)


def _valued(
    key: str, token: ValueToken, look: _Look, shape: CounterShape, size: float, source: str
) -> Counter:
    """``token.qty`` counters worth ``token.value``, the value plain on the face (a value the
    rules do not give is marked in the sheet's footer and on the reference card, never on
    the face: "5†" would read as part of the value)."""
    name = f"{token.value} {look.label.lower()}"
    return _counter(
        f"{key}-{token.value}", name, look, str(token.value), shape, size, token.qty, source
    )


def _marker(key: str, name: str, look: _Look, count: int, size: float, source: str) -> Counter:
    """A round marker with an emblem (one the rules do not give is marked in the sheet's
    footer, never on its face)."""
    return _counter(key, name, look, "", CounterShape.ROUND, size, count, source)


def tokens(game: PirateFleetsGame) -> list[Counter]:
    out: list[Counter] = []
    colours = str(game.where.of("colours"))
    for colour in game.colours:
        look = (
            ("colour", colour.colour),
            ("ink", colour.ink),
            ("pattern", colour.pattern),
            ("emblem_name", colour.emblem),
            ("label", colour.name),
        )
        piece = Face("counters/piece.svg.j2", look, str(game.where.at(colour)) or colours)
        out.append(
            Counter(
                f"pawn-{colour.key}",
                f"{colour.name} pawn",
                CounterShape.SQUARE,
                game.pawn,
                piece,
                piece,
                game.pawns_per_player,
            )
        )
        out.append(
            Counter(
                f"disk-{colour.key}",
                f"{colour.name} danger disk",
                CounterShape.ROUND,
                game.disk,
                piece,
                piece,
                game.disks_per_player,
            )
        )
    gold = str(game.where.of("pieces", "gold"))
    coin = _Look(GOLD, "#000000", "", "GOLD")
    for token in game.gold:
        out.append(_valued("gold", token, coin, CounterShape.ROUND, game.gold_token, gold))
    ships = str(game.where.of("pieces", "ships"))
    for token in game.ships:
        hull = _Look(SHIP, "#ffffff", "", "SHIP" if token.value == 1 else "SHIPS")
        out.append(_valued("ships", token, hull, CounterShape.SQUARE, game.ship_token, ships))
    pieces = str(game.where.of("pieces"))
    turn = _Look("#7a4a1d", "#ffffff", "anchor", "TURN")
    out.append(_marker("turn", "Turn marker", turn, game.turn_markers, game.turn_marker, pieces))
    first = _Look("#16324f", "#ffffff", "wheel", "FIRST PLAYER")
    size = game.first_player
    out.append(_marker("first-player", "First player", first, game.first_markers, size, pieces))
    return out


def tokens_key(game: PirateFleetsGame) -> str:
    """The token sheets' key to the faces the rules do not give ("† our choice: 5 gold, 5
    ships, both markers"), or ``""`` when every face is the rules'."""
    faces = [f"{t.value} gold" for t in game.gold if t.ours.of("value")]
    faces += [f"{t.value} ships" for t in game.ships if t.ours.of("value")]
    markers = [
        name
        for key, name in (("turn_marker", "turn"), ("first_player", "first-player"))
        if game.ours.of(f"pieces.{key}")
    ]
    if markers:  # short: the key shares the sheet's label line with "(back; flip on …)"
        faces.append("both markers" if len(markers) == 2 else f"the {markers[0]} marker")
    return f"{MARK} our choice: {', '.join(faces)}" if faces else ""


def _counts(tokens: Sequence[ValueToken], unit: str) -> str:
    return ", ".join(f"{t.qty_text} × {t.value_text} {unit}" for t in tokens)


def contents(game: PirateFleetsGame) -> list[str]:
    """What the kit holds, counted from the data; what the rules do not give is marked."""
    colours = len(game.colours)
    captains = sum(c.copies for c in game.captains)
    return [
        f"Board: {len(game.spaces)} action spaces and the {game.turn_track_title.lower()} "
        f"(turns 1–{game.turns}).",
        f"Supply deck: {sum(c.qty for c in game.supply)} cards. Captains deck (optional): "
        f"{captains} cards, {game.captain_copies} of each.",
        f"Pawns (square) and danger disks (round): {game.pawns_per_player} and "
        f"{game.disks_per_player} in each of {colours} colours.",
        f"Gold: {_counts(game.gold, 'gold')}. Ships (shared): {_counts(game.ships, 'ship')}.",
        f"Markers: {game.marker_count('turn_marker')} turn marker, "
        f"{game.marker_count('first_player')} first-player marker.",
        f"You need: {game.dice_text}.",
    ]


def sections(game: PirateFleetsGame) -> list[Block]:
    """The game's own reference text, its placeholders filled (``{{ turns }}``,
    ``{{ pieces.pawns_per_player }}``, ``{{ pieces.disks_per_player }}``, and ``{{ ours }}``
    for the mark after words the rules do not give)."""
    where = game.where.of("reference")
    pieces = {
        "pawns_per_player": game.pawns_per_player,
        "disks_per_player": game.disks_per_player,
    }
    context = {"turns": game.turns, "pieces": pieces, "ours": MARK}
    return [
        (
            s.title,
            [
                *(render_text(line, context, where, "reference") for line in s.lines),
                *left_open(game, f"reference.{s.title}"),
            ],
        )
        for s in game.reference
    ]


def reference_blocks(game: PirateFleetsGame, side: str) -> list[Block]:
    """Front: what is in the kit, the game's own reference text, scaling, the captains deck and
    the two tables; back: every action."""
    if side == "back":
        lines = [
            line
            for a in game.actions
            for line in (
                f"{a.name} ({a.type.value}): {action_words(game, a, 'effect')}",
                *left_open(game, f"actions.{a.key}"),
            )
        ]
        return [("Action spaces (TN: the space's target number)", lines), rules_notes(game)]
    blocks: list[Block] = [("In this kit", contents(game)), *sections(game)]
    scaling = [
        f"{t.players.min}–{t.players.max} players: spaces 1–{t.spaces}" for t in game.scaling
    ]
    scaling += [
        f"Optional: {o.players.min}–{o.players.max} players may add space {o.number} "
        f"({game.space(o.number).title})"
        for o in game.optional_spaces
    ]
    blocks.append(("Spaces in play", ["; ".join(scaling) + "."]))
    blocks.append(
        (
            "Captains deck (optional)",
            [
                f"{game.captains_rule} The deck holds {game.captain_copies} copies of each card.",
                *left_open(game, CAPTAINS_BLOCK),
            ],
        )
    )
    for table in game.tables:
        rows = [
            f"{row.roll} {row.result}: {row.note}" if row.note else f"{row.roll}: {row.result}"
            for row in table.rows
        ]
        blocks.append(
            (f"{table.title} ({table.dice})", [*rows, *left_open(game, f"tables.{table.key}")])
        )
    return blocks


def left_open(game: PirateFleetsGame, at: str) -> list[str]:
    """The questions the rules leave open that are printed under the reference card's block
    ``at`` (``actions.merchant``, ``tables.haven``, ``reference.Setup``, ``captains``), each
    with our ruling."""
    return [q.printed for q in game.open_questions if q.at == at]


def rules_notes(game: PirateFleetsGame) -> Block:
    """What the source rules leave open or contradict, each with our ruling (marked): the
    contradictions as the rules say them, when captain cards are drawn, the bank."""
    lines = [f"{c.about}: {c.rules_say} Our reading: {c.reading_text}" for c in game.contradictions]
    lines.append(f"Captain cards (optional deck): {game.captains_when_text}")
    lines.append(f"Bank: {game.bank_text}")
    return ("Rules notes", lines)


REFERENCE = ReferenceStyle(accent="#7a4a1d", size=9.0, min_size=6.5)


def reference_side(renderer: FaceRenderer, game: PirateFleetsGame, side: str) -> SvgFace:
    blocks = reference_blocks(game, side)
    # the front is mostly the reference text of game.yaml, the back every action's effect
    where = (
        game.where.of("reference") if side == "front" else game.where.of("actions.yaml", "actions")
    )
    footer = f"{game.title}: P spaces take pawns, D spaces take danger disks."
    if any(MARK in line for _, lines in blocks for line in lines):
        footer += f" {NOTE}."
    return reference_face(
        renderer,
        game.reference_size,
        REFERENCE,
        title=f"{game.title}: " + ("turn and tables" if side == "front" else "actions"),
        blocks=blocks,
        footer=footer,
        name=f"reference card ({side})",
        source=str(where),
    )


def decks(game: PirateFleetsGame) -> list[Deck]:
    """Every card deck the kit prints, for the exports."""
    return [supply_deck(game), captains_deck(game)]


def boards(game: PirateFleetsGame) -> list[GameBoard]:
    """The action-space board as one picture (``board``, as the kit's ``board.pdf``), for
    the exports."""
    drawing = PirateFleetsBoard(game, board_text(game))
    return [GameBoard("board", f"{game.title} board", drawing)]
