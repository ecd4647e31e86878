"""``data/<game>/game.yaml`` with ``kit: cards`` → :class:`~pnpkit.games.cardgame.model.CardGame`.

The game and each deck's own fields (its header: key, title, colour, icon, the fields it declares,
its templates) and every card's built-in fields are read from the models' annotations
(:mod:`pnpkit.load.schema`). What stays here is what depends on a deck: its cards may be a CSV
or XLSX file, and the fields a deck declares are read on each of its cards by their declared
type. Every problem in the file (and its card tables, its rule text) is collected and raised
together as one DataError; when the game's own fields read well, a
:class:`~pnpkit.errors.PartlyRead` carrying the game less every part a problem is in
(:func:`_partial`), so that the faces of the rest are laid out in the same run: no problem
waits for another to be fixed unless it hides it.
"""

from __future__ import annotations

import json
import math
import os
import re
import typing
from collections.abc import Collection, Sequence
from dataclasses import replace
from pathlib import Path, PurePosixPath

from pnpkit.errors import DataError, Location, Problem
from pnpkit.games.cardgame.board.load import read_boards
from pnpkit.games.cardgame.model import (
    BACK,
    BUILT_IN,
    CARDS,
    DECKS,
    DEFAULT,
    FRONT,
    HELPERS,
    JINJA_NAMES,
    LARGEST_NUMBER,
    LIST_ITEM_LENGTH,
    LIST_ITEMS,
    NAME_ALLOWED,
    PAPER,
    RESERVED,
    WHOLE_NUMBERS,
    CardGame,
    FieldSpec,
    GenericCard,
    GenericDeck,
    TokenSet,
    contradicted,
)
from pnpkit.games.cardgame.rule_text import Unread, placeholder_name, read_rules
from pnpkit.load.assets import asset
from pnpkit.load.cards import LONGEST_SIDE, MIN_CONTRAST, colour, contrast, two_lengths
from pnpkit.load.face_layouts import LAYOUT, layout_problem, read_layouts
from pnpkit.load.fields import (
    Invalid,
    Kind,
    check,
    choice,
    entries,
    in_unit,
    invalid,
    length,
    list_of,
    text,
)
from pnpkit.load.limits import MAX_PRINTED_CARDS, printed_cards
from pnpkit.load.markup import (
    ICON_NAME,
    ICON_RULE,
    icon_names,
    markup_problems,
    misnamed_icons,
    unknown_icon,
)
from pnpkit.load.nodes import ListNode, MapNode, Node, ScalarNode, describe, quote
from pnpkit.load.ours import is_marked, unwrap
from pnpkit.load.schema import Reader
from pnpkit.load.table import TABLE_TYPES, first_sheet, read_table, sheets
from pnpkit.load.yamlnode import missing_file
from pnpkit.model.cards import CardSize
from pnpkit.model.face_layout import LAYOUT_NAME, Element, TextElement
from pnpkit.model.ours import Marks
from pnpkit.model.rule_document import RuleDocument
from pnpkit.render.face_layout.builtin import front_geometry
from pnpkit.render.typeset import text_sizes

TEMPLATES = "templates"
"""The folder of a game's own card templates, next to its ``game.yaml``."""
TEMPLATE_NAME = r"[a-z0-9][a-z0-9_-]{0,59}\.svg\.j2"


def short_value() -> Kind[str]:
    """A whole number or a short word (at most 4 characters), as text."""

    def read(node: Node, field: str) -> str:
        if isinstance(node, ScalarNode) and isinstance(node.value, int | str):
            value = str(node.value)
            if not isinstance(node.value, bool) and 0 < len(value) <= 4:
                return value
        raise invalid(
            node, field, f"{describe(node)} is not a short value", "a number or up to 4 characters"
        )

    return read


def load_card_game(game_dir: Path) -> CardGame:
    path = game_dir / "game.yaml"
    names: list[str] = []  # the layouts' names, known before any deck names one
    reader = Reader(
        template=template(game_dir, "front", names),
        back=template(game_dir, "back", names),
        text=rich_text(game_dir),
        value=short_value(),
        front=template(game_dir, "front", names),
        size=token_size(),
        icon=card_icon(game_dir),
    )
    node = reader.load(path)
    written = node.get("layouts") if isinstance(node, MapNode) else None
    names += written.keys() if isinstance(written, MapNode) else ()
    game = reader.parsed(CardGame, node, source=str(path), folder=str(game_dir))
    layouts = read_layouts(reader, written)
    icons = icon_names(game_dir)
    _printed_markup(reader, game, ("title", "author"), icons)
    decks = reader.node(game, *DECKS.path) if game else _decks_node(reader)
    read: dict[int, GenericDeck] = {}
    paths: dict[int, str] = {}  # each card's, token's, board's and cell's field path
    unread: set[str] = set()  # the decks and token sets a card or a field was left out of
    if isinstance(decks, ListNode):
        built = {id(reader.node(deck)): deck for deck in reader.built(GenericDeck)}
        for i, node in enumerate(decks.items):
            header = built.get(id(node))
            deck = _deck(reader, node, f"decks[{i}]", header, game_dir, icons, paths, unread)
            if deck is not None:
                read[id(built[id(node)])] = deck
                paths[id(deck)] = f"decks[{i}]"
    printed = sum(card.copies for deck in read.values() for card in deck.cards)
    where = decks.where if decks is not None else reader.at(None)
    printed_cards(reader.problems, where, DECKS.path[0], printed)
    _misnamed_icons(reader, game_dir)
    if game is not None:
        _orientations(reader, game)
        _front_room(reader, game, read, game_dir)
    root = reader.node(None)
    written_boards = root.get("boards") if isinstance(root, MapNode) else None
    boards = read_boards(reader, written_boards, game_dir, table_rows, card_icon(game_dir), paths)
    token_sets = _token_sets(reader, game, game_dir, icons, paths, unread)
    touched = Touched(reader.problems.items, str(path))
    rules, rulebook, rules_card = _rules(
        reader, game, read, token_sets, game_dir, unread, hidden=touched.game
    )
    if game is None:
        reader.problems.raise_if_any()
    assert game is not None
    whole = replace(
        game,
        decks=tuple(read[id(deck)] for deck in game.decks if id(deck) in read),
        layouts=tuple(layouts.values()),
        boards=boards,
        rules=rules,
        rulebook=rulebook,
        rules_card=rules_card,
        tokens=token_sets,
    )
    partial = _partial(reader, whole, touched, written, paths)
    reader.problems.items[:] = _said_once(reader.problems.items)
    reader.problems.raise_if_any(partial)
    return whole


PARTS = ("layouts", "decks", "tokens", "boards", "rules")
"""The keys of ``game.yaml`` that hold parts of the game, each read on its own: a problem in
one leaves the others to be looked at (:func:`_partial`)."""
_STEP = re.compile(r"[.\[]")


class Touched:
    """The field paths ``problems`` name (``decks[1].cards[0].cost``) and every path above
    them (``decks[1].cards[0]``, ``decks[1]``, ``decks``), and whether one is a field of the
    game's own (``card_size``, ``title``) in its ``main`` file."""

    def __init__(self, problems: Sequence[Problem], main: str) -> None:
        self.fields = [problem.field for problem in problems if problem.field]
        self.paths = {f[: step.start()] for f in self.fields for step in _STEP.finditer(f)}
        self.paths.update(self.fields)
        self.game = any(
            problem.field
            and problem.where.file == main
            and _STEP.split(problem.field, maxsplit=1)[0] not in PARTS
            for problem in problems
        )

    def __contains__(self, path: str) -> bool:
        return bool(path) and path in self.paths

    def own(self, path: str, below: str) -> bool:
        """Whether a problem names ``path`` or a field of it, but for those inside its
        ``below`` (``decks[1]``'s own, not those of its cards: ``.cards[``)."""
        return any(
            f == path or (f[len(path) : len(path) + 1] in (".", "[") and f.startswith(path))
            for f in self.fields
            if not f.startswith(path + below)
        )


def _partial(
    reader: Reader,
    game: CardGame,
    touched: Touched,
    written: Node | None,
    paths: dict[int, str],
) -> CardGame | None:
    """What of ``game`` no problem touches, for the faces of the rest to be laid out in the
    same run (:class:`~pnpkit.errors.PartlyRead`): every layout but the elements a problem is
    in (a layout whose own fields, or those of one it extends, have a problem is left out),
    every deck and token set whose own fields read well, with the cards and tokens that read
    well and whose faces are left, every board whose own fields read well, with the cells that
    read well. None when a problem is in the game's own fields (its card size, its title: every
    face prints them)."""
    if touched.game:
        return None
    layouts = {
        layout.name: replace(layout, elements=_sound(reader, layout.elements, touched))
        for layout in game.layouts
        if not any(touched.own(f"layouts.{n}", ".elements[") for n in _chain(written, layout.name))
    }

    def drawn(face: str) -> bool:
        return not face.startswith(LAYOUT) or face[len(LAYOUT) :] in layouts

    def kept(cards: tuple[GenericCard, ...]) -> tuple[GenericCard, ...]:
        return tuple(
            card
            for card in cards
            if paths.get(id(card), "") not in touched and drawn(card.template) and drawn(card.back)
        )

    decks = [
        replace(deck, cards=kept(deck.cards))
        for deck in game.decks
        if not touched.own(paths[id(deck)], ".cards[") and drawn(deck.template) and drawn(deck.back)
    ]
    sets = [
        replace(one, tokens=kept(one.tokens))
        for one in game.tokens
        if not touched.own(paths[id(one)], ".tokens[") and drawn(one.front) and drawn(one.back)
    ]
    boards = tuple(
        replace(board, cells=tuple(cell for cell in board.cells if paths[id(cell)] not in touched))
        for board in game.boards
        if not touched.own(paths[id(board)], ".cells[")
    )
    return replace(
        game,
        layouts=tuple(layouts.values()),
        decks=tuple(deck for deck in decks if deck.cards),
        tokens=tuple(one for one in sets if one.tokens),
        boards=boards,
    )


def _sound(reader: Reader, elements: tuple[Element, ...], touched: Touched) -> tuple[Element, ...]:
    """The ``elements`` of a layout no problem is in. A text drawn above one left out is not
    held to its contrast: what it is printed on is not known until the mistake is fixed."""
    kept: list[Element] = []
    left_out = False
    for element in elements:
        if reader.path(element) in touched:
            left_out = True
        elif left_out and isinstance(element, TextElement):
            kept.append(replace(element, min_contrast=1.0))
        else:
            kept.append(element)
    return tuple(kept)


def _chain(written: Node | None, name: str) -> list[str]:
    """The layout ``name`` and each it extends, in turn, as ``layouts:`` (``written``) writes
    them."""
    chain: list[str] = []
    while name and name not in chain:
        chain.append(name)
        node = written.get(name) if isinstance(written, MapNode) else None
        extends = node.get("extends") if isinstance(node, MapNode) else None
        name = str(extends.value) if isinstance(extends, ScalarNode) and extends.value else ""
    return chain


_INDEX = re.compile(r"\[\d+\]")
_TABLE_FILE = re.compile(r"\.(?:csv|xlsx)(?:#.*)?$", re.IGNORECASE | re.DOTALL)
"""A table's file as a problem names it: ``cards.csv``, ``cards.xlsx#Ships``."""


def _said_once(problems: list[Problem]) -> list[Problem]:
    """``problems`` with each said once that the reader finds once per row of a table, all at
    one cell of its header: a misspelt column (``cots``) is every row's key. The first is kept,
    its field counting the rest: ``decks[1].cards[0].cots and 31 more rows``."""
    alike: dict[tuple[Location, str, str, str], list[Problem]] = {}
    for problem in problems:
        where = problem.where
        header = where.line == 1 and _TABLE_FILE.search(where.file) is not None
        field = _INDEX.sub("[]", problem.field) if header else problem.field
        alike.setdefault((problem.where, field, problem.message, problem.allowed), []).append(
            problem
        )
    kept: list[Problem] = []
    for first, *more in alike.values():
        rows = f" and {len(more)} more row{'s' if len(more) > 1 else ''}" if more else ""
        kept.append(replace(first, field=first.field + rows))
    return kept


def _rules(
    reader: Reader,
    game: CardGame | None,
    read: dict[int, GenericDeck],
    token_sets: tuple[TokenSet, ...],
    game_dir: Path,
    unread: set[str],
    hidden: bool,
) -> tuple[str, RuleDocument | None, RuleDocument | None]:
    """The game's rule text (``rules:``), its placeholders checked against the decks and the
    token sets as they were read, but for a name missing from one a card or a field was left
    out of (``unread``), or at the top when a deck or token set could not be read at all or
    a problem of the game's own fields may have ``hidden`` one (``tokns:`` for ``tokens:``)
    (:func:`pnpkit.games.cardgame.rule_text.read_rules`)."""
    written = None if game is None else reader.written(game, "rules")
    if game is None or written is None:
        return "", None, None
    decks = tuple(read[id(deck)] for deck in game.decks if id(deck) in read)
    root = reader.node(None)
    given = [root.get(key) if isinstance(root, MapNode) else None for key in ("decks", "tokens")]
    count = sum(len(node.items) for node in given if isinstance(node, ListNode))
    left_out = Unread(
        frozenset(placeholder_name(key) for key in unread),
        more=hidden or count > len(decks) + len(token_sets),
    )
    field = reader.path(game, "rules")
    book, card = read_rules(
        reader.problems,
        written,
        field,
        replace(game, decks=decks, tokens=token_sets),
        game_dir,
        left_out,
    )
    name = written.value if isinstance(written, ScalarNode) else ""
    return str(name), book, card


def _printed_markup(
    reader: Reader, record: object, keys: tuple[str, ...], icons: tuple[str, ...]
) -> None:
    """The texts of ``record`` at ``keys`` that the faces print through markup (a card's name,
    kind and value, a deck's title, the game's title and author) hold to its rules as a card's
    text does (:func:`markup_problem`), each at its own line: a lone ``*`` would vanish, an
    unknown icon would be found only at every card that prints it."""
    if record is None:
        return
    for key in keys:
        value = getattr(record, key)
        found = markup_problem(value, icons) if isinstance(value, str) else None
        if found is not None:
            reader.add(record, key, *found)


def _misnamed_icons(reader: Reader, game_dir: Path) -> None:
    """An SVG file of ``assets/icons/`` whose name is no icon name (``Gold Coin.svg``) could
    never be shown (``:Gold Coin:`` is no icon): refused at the file, with its new name."""
    for path, renamed in misnamed_icons(game_dir):
        there = " (a file of that name is there already: keep one)"
        reader.problems.add(
            Location(str(path)),
            "",
            f"{quote(path.name)} is not an icon's file name, so no text can show it; rename it "
            f"{renamed}{there if (path.parent / renamed).exists() else ''}",
            f"a file name of {ICON_RULE}, ending in .svg: assets/icons/{renamed} is :"
            f"{renamed[: -len('.svg')]}:",
        )


def _decks_node(reader: Reader) -> Node | None:
    """The list of decks of a game that could not be built, to read their cards all the same."""
    root = reader.node(None)
    return root.get(DECKS.path[0]) if isinstance(root, MapNode) else None


def _deck(
    reader: Reader,
    node: Node,
    path: str,
    deck: GenericDeck | None,
    game_dir: Path,
    icons: tuple[str, ...],
    paths: dict[int, str],
    unread: set[str],
) -> GenericDeck | None:
    """The deck written at ``node`` with its fields' defaults and its cards (``deck``: its header
    as the reader built it, None if it could not be); every problem goes to the reader, each
    card's field path to ``paths``, the deck's key to ``unread`` when a card or a field of it
    was left out for a problem."""
    if not isinstance(node, MapNode):
        return None
    _printed_markup(reader, deck, ("title",), icons)
    specs, read, good, whole = read_cards(reader, node, path, game_dir, icons, CARDS.path[0], paths)
    if deck is None:
        return None
    if not whole:
        unread.add(deck.key)
    _legible(reader, deck, deck.colour, deck.template == FRONT or deck.back == BACK)
    for card in read:
        if card is not None and card.colour:
            front = (card.template or deck.template) == FRONT
            _legible(reader, card, card.colour, front or (card.back or deck.back) == BACK)
    return replace(deck, fields=tuple(specs), cards=good)


def read_cards(
    reader: Reader,
    node: MapNode,
    path: str,
    game_dir: Path,
    icons: tuple[str, ...],
    key: str,
    paths: dict[int, str],
) -> tuple[list[FieldSpec], list[GenericCard | None], tuple[GenericCard, ...], bool]:
    """The fields the record at ``node`` (a deck, a token set) declares and the cards (or
    tokens) it gives under ``key``: a list written there or a CSV/XLSX table it names, each
    read with the built-in fields and the declared ones; every problem goes to the reader,
    each whole card's field path (``decks[0].cards[2]``) to ``paths``. The cards come twice:
    as the reader read their built-in fields (it knows where each is written; None for a card
    it could not read), and whole; then whether every field and card written was read (none
    left out for a problem, so that every name rule text may quote is known)."""
    by_node = {id(reader.node(spec)): spec for spec in reader.built(FieldSpec)}
    declared = [  # the deck's field declarations the reader could build, in order
        by_node[id(item)]
        for _, value in node.entries
        if isinstance(value, ListNode)
        for item in value.items
        if id(item) in by_node
    ]
    specs = _specs(reader, declared, game_dir)
    cards = node.get(key)
    here = f"{path}.{key}"
    fields = node.get("fields")
    complete = len(specs) == (len(fields.items) if isinstance(fields, ListNode) else 0)
    rows: Sequence[Node | None]  # a table's row left out for a problem is None, keeping its index
    if isinstance(cards, ScalarNode) and isinstance(cards.value, str):
        said = len(reader.problems)
        rows = _table(reader, cards, here, specs, game_dir)
        complete = complete and len(reader.problems) == said  # no row left out
    elif isinstance(cards, ListNode):
        rows = list(cards.items)
        if not rows:
            reader.problems.add(cards.where, here, f"has {entries(0)}", "at least 1")
    else:
        if cards is not None:
            reader.problems.add(cards.where, here, f"expected a list, found {describe(cards)}")
            complete = False
        rows = []
    names = frozenset(spec.name for spec in specs)  # read by _card, not by the reader
    opened = [_opened(reader, row, f"{here}[{i}]") for i, row in enumerate(rows) if row is not None]
    read = [reader.read(GenericCard, row, at, names) for row, at, _ in opened]
    reader.distinct(GenericCard, [card for card in read if card is not None])
    for card in read:
        _printed_markup(reader, card, ("name", "kind", "value"), icons)
    made = [
        (_card(reader, card, row, at, specs, game_dir, whole), at)
        for card, (row, at, whole) in zip(read, opened, strict=True)
    ]
    paths.update((id(card), at) for card, at in made if card is not None)
    good = tuple(card for card, _ in made if card is not None)
    return specs, read, good, complete and len(good) == len(rows)


def _legible(reader: Reader, record: object, accent: str, built_in: bool) -> None:
    """The built-in front and back print words in a deck's or card's colour on their paper,
    and in their paper colour on it: the two must contrast (:data:`MIN_CONTRAST`)."""
    ratio = contrast(accent, PAPER)
    if built_in and ratio < MIN_CONTRAST:
        reader.add(
            record,
            "colour",
            f"{accent} has contrast {ratio:.1f} with the paper {PAPER} of the built-in card, "
            "so its name, kind and value would be hard to read",
            f"a colour of contrast at least {MIN_CONTRAST} with {PAPER}, e.g. #16324f or #7a4a1d",
        )


TABLE_ALLOWED = (
    "a .csv or .xlsx file in the game folder, named relative to it, e.g. ships.csv, or a sheet "
    "of a workbook after #, e.g. cards.xlsx#Ships"
)


def _table(
    reader: Reader, node: ScalarNode, here: str, specs: list[FieldSpec], game_dir: Path
) -> Sequence[Node | None]:
    """The rows of the deck's card table (``cards: ships.csv``, or ``cards: cards.xlsx#Ships``
    for a sheet of a workbook), each a mapping at its row."""
    numbers = {*WHOLE_NUMBERS, *(s.name for s in specs if s.type == "number")}
    lists = {s.name for s in specs if s.type == "list"}
    return table_rows(reader, node, here, game_dir, numbers=numbers, lists=lists)


def table_rows(
    reader: Reader,
    node: ScalarNode,
    here: str,
    game_dir: Path,
    *,
    numbers: Collection[str],
    lists: Collection[str] = (),
    what: str = "cards",
) -> Sequence[Node | None]:
    """The rows of a table of the game folder that ``node`` names (``ships.csv``, or
    ``cards.xlsx#Ships`` for a sheet of a workbook), each a mapping at its row: a deck's cards,
    a board's cells (``what`` they hold, for messages), the records at ``here[i]``; every
    problem goes to ``reader``. A row left out for a problem of its own (a cell too few) is
    None, so that every row keeps the index its problems name."""
    name, sheet, named = table_and_sheet(str(node.value))
    parts = PurePosixPath(name.replace("\\", "/")).parts
    path = game_dir.joinpath(*parts)

    def refuse(message: str, allowed: str = "") -> Sequence[Node | None]:
        reader.problems.add(node.where, here, message, allowed)
        return []

    if named and name.lower().endswith(".csv"):
        return refuse(f"{quote(name)} is a CSV file, which has no sheets", "the file name alone")
    if PurePosixPath(name).is_absolute() or ".." in parts or not name.lower().endswith(TABLE_TYPES):
        return refuse(f"{quote(name)} is not a card table in the game folder", TABLE_ALLOWED)
    if (missing := missing_file(path, game_dir)) is not None:
        return refuse(f"{quote(name)} {missing}", TABLE_ALLOWED)
    if leaves_game(path, game_dir):
        return refuse(f"{quote(name)} is a link that leads outside the game folder", TABLE_ALLOWED)
    if named:
        problem = _sheet_problem(path, name, sheet)
        if isinstance(problem, DataError):
            reader.problems.extend(problem.problems)
            return []
        if problem:
            return refuse(*problem)
    said = len(reader.problems)
    try:  # a row with a problem is said and left out: the others are read
        rows = read_table(
            path,
            numbers=numbers,
            lists=lists,
            sheet=sheet,
            problems=reader.problems.items,
            record=here,
        )
    except DataError as exc:
        reader.problems.extend(exc.problems)
        return []
    if not rows and len(reader.problems) == said:
        refuse(f"{str(node.value)!r} has no {what}", "at least one row under the header")
    return rows


def leaves_game(path: Path, game_dir: Path) -> bool:
    """Whether ``path``, once its symbolic links are followed, lies outside ``game_dir``: a
    card table or template there is refused, as art is (:func:`pnpkit.load.assets.find_asset`),
    even where it stays in the data folder (another game's file)."""
    real = Path(os.path.realpath(path))
    return not real.is_relative_to(os.path.realpath(game_dir))


_SHEET = re.compile(r"^(.*?\.(?:xlsx|csv))#(.*)$", re.IGNORECASE | re.DOTALL)


def table_and_sheet(value: str) -> tuple[str, str, bool]:
    """A ``cards:`` value split into its file and the sheet it names after ``#`` (a file name
    may hold ``#`` too: the sheet starts after ``.xlsx#``), and whether it names one."""
    found = _SHEET.match(value)
    if found is None:
        return value, "", False
    return found.group(1), found.group(2), True


def _sheet_problem(path: Path, name: str, sheet: str) -> tuple[str, str] | DataError | None:
    """What keeps ``sheet`` of the workbook ``path`` from being read as cards, if anything."""
    try:
        found = sheets(path)
    except DataError as exc:
        return exc
    tables = [s.name for s in found if s.cells]
    allowed = f"one of its sheets of cells, as its tab names it: {', '.join(tables) or 'none'}"
    if not sheet:
        return f"{quote(name + '#')} names no sheet after #", allowed
    if sheet in tables:
        return None
    if sheet in (s.name for s in found):
        return f"{quote(name)}'s sheet {quote(sheet)} is a chart, not a table of cards", allowed
    alike = [table for table in tables if table.casefold() == sheet.casefold()]
    cut = [table for table in tables if table.startswith(f"{sheet} #")]
    if alike:
        allowed = f"{quote(alike[0])}, as its tab writes it"
    elif cut:  # YAML read " #…" as a comment
        written = json.dumps(f"{name}#{cut[0]}", ensure_ascii=False)
        allowed = f"cards: {written}, in quotes (in YAML, ' #' starts a comment)"
    return f"{quote(name)} has no sheet {quote(sheet)}", allowed


def _specs(reader: Reader, declared: list[FieldSpec], game_dir: Path) -> list[FieldSpec]:
    """The deck's own fields (``fields: [{name: cost, type: number, default: 0}, …]``) with
    their defaults read as their type; a built-in name or a name declared twice is refused."""
    specs: list[FieldSpec] = []
    for spec in declared:
        if spec.name in RESERVED:
            reader.add(spec, "name", _reserved(spec.name), NAME_ALLOWED)
            continue
        if any(s.name == spec.name for s in specs):
            reader.add(spec, "name", f"{spec.name!r} is declared twice")
            continue
        default = EMPTY.get(spec.type, "")
        node = reader.written(spec, *DEFAULT.path)
        field = reader.path(spec, *DEFAULT.path)
        if node is not None and is_marked(node):  # {ours: 2}: marked in spec.ours
            try:
                node, field = unwrap(typing.cast(MapNode, node), field)
            except Invalid:  # the reader said what is wrong with the mark
                node = None
        if node is not None:
            value = check(value_kind(spec.type, game_dir), node, field, reader.problems)
            default = default if value is None else value
        specs.append(replace(spec, default=default))
    return specs


def _reserved(name: str) -> str:
    """Why a deck may not declare a field ``name`` of :data:`RESERVED`."""
    if name in JINJA_NAMES:
        return (
            f"{name!r} is a name Jinja gives every template, which a field of that name would "
            "hide (the built-in templates use some of them)"
        )
    if name in HELPERS:
        return f"{name!r} is a helper the templates call"
    return f"{name!r} is a built-in field"


EMPTY: dict[str, object] = {"number": 0, "list": ()}
"""A declared field's value when neither the card nor a default gives one (else ``""``)."""


def card_icon(game_dir: Path) -> Kind[str]:
    """An icon a card shows: a built-in emblem or an SVG of the game's ``assets/icons/``
    (``coin`` is ``assets/icons/coin.svg``, said when it is not there), with a did-you-mean."""
    icons = icon_names(game_dir)
    word = choice(icons)

    def read(node: Node, field: str) -> str:
        name = node.value if isinstance(node, ScalarNode) else None
        if isinstance(name, str) and name not in icons and re.fullmatch(ICON_NAME, name):
            key = field.rsplit(".", 1)[-1]
            raise invalid(node, field, unknown_icon(name, icons, key), ", ".join(icons))
        return word(node, field)

    return read


def value_kind(kind: str, game_dir: Path) -> Kind[object]:
    """How a value of a declared field of type ``kind`` is read."""
    if kind == "number":
        return number()
    if kind == "icon":
        return card_icon(game_dir)
    if kind == "image":
        return asset(game_dir)
    if kind == "colour":
        return colour()
    if kind == "list":
        items = list_of(text(max_len=LIST_ITEM_LENGTH), max_len=LIST_ITEMS)

        def read_list(node: Node, field: str) -> object:
            return tuple(items(node, field))

        return read_list
    return rich_text(game_dir)


def rich_text(game_dir: Path, max_len: int = 300) -> Kind[str]:
    """Text with markup: ``**bold**``, ``*italic*``, ``:icon:`` (a built-in emblem or an SVG
    file of the game's ``assets/icons/``); an unknown icon, text written as an icon that is no
    icon name (``:Coin:``) or an unclosed ``*`` is refused."""
    plain = text(min_len=0, max_len=max_len)
    icons = icon_names(game_dir)

    def read(node: Node, field: str) -> str:
        value = plain(node, field)
        found = markup_problem(value, icons)
        if found is not None:
            raise invalid(node, field, *found)
        return value

    return read


def markup_problem(value: str, icons: tuple[str, ...]) -> tuple[str, str] | None:
    """What keeps ``value`` from printing as written through markup, and what is allowed;
    None when it prints so."""
    found = markup_problems(value, icons)
    if not found:
        return None
    allowed = dict.fromkeys(allowed for _, allowed in found)
    return "; ".join(message for message, _ in found), "; ".join(allowed)


NUMBER_ALLOWED = f"e.g. 3 or 2.5, from -{LARGEST_NUMBER:,} to {LARGEST_NUMBER:,}"


def number() -> Kind[object]:
    """A number, whole or not (``3``, ``-1``, ``2.5``), at most :data:`LARGEST_NUMBER` either
    way from 0."""

    def read(node: Node, field: str) -> object:
        value = node.value if isinstance(node, ScalarNode) else None
        if not isinstance(value, int | float) or isinstance(value, bool) or math.isnan(value):
            raise invalid(node, field, f"expected a number, found {describe(node)}", NUMBER_ALLOWED)
        if abs(value) > LARGEST_NUMBER:
            over = "over the largest" if value > 0 else "under the smallest"
            limit = f"{'-' if value < 0 else ''}{LARGEST_NUMBER:,}"
            raise invalid(
                node,
                field,
                f"{describe(node)} is {over} number allowed, {limit}",
                NUMBER_ALLOWED,
            )
        return value

    return read


def template(game_dir: Path, side: str, layouts: Sequence[str] = ()) -> Kind[str]:
    """How a face is drawn: ``generic`` (built in), one of the game's ``layouts`` (read as
    ``layout:crew``) or a file in the game's ``templates/`` folder."""
    allowed = (
        f"{BUILT_IN}, a layout of layouts:, or the name of a file in {game_dir / TEMPLATES}, "
        f"e.g. {side}.svg.j2"
    )
    names = text(max_len=60, pattern=rf"{BUILT_IN}|{TEMPLATE_NAME}|{LAYOUT_NAME}", allowed=allowed)

    def read(node: Node, field: str) -> str:
        name = names(node, field)
        if name == BUILT_IN:
            return f"cards/generic-{side}.svg.j2"
        if not name.endswith(".svg.j2"):
            wrong = layout_problem(name, dict.fromkeys(layouts))
            if wrong is not None:
                raise invalid(node, field, *wrong)
            return LAYOUT + name
        path = game_dir / TEMPLATES / name
        if (missing := missing_file(path, game_dir / TEMPLATES)) is not None:
            raise invalid(node, field, f"{quote(name)} {missing}", allowed)
        if leaves_game(path, game_dir):
            raise invalid(
                node, field, f"{name!r} is a link that leads outside the game folder", allowed
            )
        return f"game/{name}"

    return read


def _card(
    reader: Reader,
    card: GenericCard | None,
    node: Node,
    path: str,
    specs: list[FieldSpec],
    game_dir: Path,
    whole: bool = False,
) -> GenericCard | None:
    """``card`` (its built-in fields, as the reader read them from ``node``; None if it could
    not) with the deck's own fields read by their declared type, and the marks ``{ours: …}``
    of both (``whole``: the whole card is marked)."""
    values: list[tuple[str, object]] = []
    marked: set[str] = set()
    for spec in specs:
        value = spec.default
        written = node.get(spec.name) if isinstance(node, MapNode) else None
        field = f"{path}.{spec.name}"
        if written is None and spec.ours.of(DEFAULT.path[0]):
            marked.add(spec.name)
        if written is not None and is_marked(written):
            try:
                written, field = unwrap(typing.cast(MapNode, written), field)
            except Invalid as exc:
                reader.problems.extend(exc.problems)
                written = None
            else:
                marked.add(spec.name)
        if written is not None:
            read = check(value_kind(spec.type, game_dir), written, field, reader.problems)
            value = value if read is None else read
        values.append((spec.name, value))
    if card is None:
        return None
    ours = Marks(frozenset({""}) if whole else card.ours.paths | marked)
    return replace(card, sources=_sources(node), fields=tuple(values), ours=ours)


def _opened(reader: Reader, node: Node, path: str) -> tuple[Node, str, bool]:
    """The card written at ``node``, the path its fields are named by and whether the whole
    card is marked ``- ours: {key: …}`` (then the card inside the mark, at ``path.ours``)."""
    if not is_marked(node):
        return node, path, False
    try:
        inner, inner_path = unwrap(typing.cast(MapNode, node), path)
    except Invalid as exc:
        reader.problems.extend(exc.problems)
        return node, path, False
    return inner, inner_path, True


def _sources(node: Node) -> tuple[tuple[str, str], ...]:
    """``(field, file:line:col)`` of every field the record gives."""
    if not isinstance(node, MapNode):
        return ()
    return tuple((str(key.value), str(value.where)) for key, value in node.entries)


def unread_sheets(game: CardGame) -> list[str]:
    """One line for each sheet of a workbook a deck (or token set) reads that holds something
    but that none reads (``cards: cards.xlsx`` reads the first sheet of cells not hidden,
    ``cards.xlsx#Fortune`` the one named): a deck kept on a second sheet would otherwise be left
    out without a word. ``check`` prints these; they stop nothing (a sheet of notes is no
    mistake)."""
    read: dict[str, set[str]] = {}
    for cards in [deck.cards for deck in game.decks] + [t.tokens for t in game.tokens]:
        for card in cards[:1]:
            file, sheet, named = table_and_sheet(card.source.rsplit(":", 2)[0])
            if file.lower().endswith(".xlsx"):
                read.setdefault(file, set()).add(sheet if named else "")
    lines: list[str] = []
    for file, wanted in read.items():
        found = sheets(Path(file))
        first = first_sheet(found)
        taken = {first if name == "" else name for name in wanted}
        them = ", ".join(s.name for s in found if s.name in taken)
        for unread in found:
            if unread.filled and unread.name not in taken:
                hidden = " (a hidden sheet)" if unread.hidden else ""
                value = f"{Path(file).name}#{unread.name}"
                lines.append(
                    f"{file}: sheet {unread.name!r}{hidden} is read by no deck, so none of it is "
                    f"printed (the decks read {them}; a deck reads a sheet named after #: "
                    f"cards: {json.dumps(value, ensure_ascii=False)})"
                )
    return lines


Shape = tuple[bool, bool, bool]
"""Which of the built-in front's optional lines a card prints (:func:`_front_shape`)."""


def size_place(game: CardGame, deck: GenericDeck) -> tuple[GenericDeck | CardGame, str]:
    """Where the size ``deck`` prints at is written, as a record and its key: the deck's own
    ``card_size``, else its ``orientation`` where it turns the game's size, else the game's
    ``card_size``. A problem of the size is said there."""
    if deck.card_size is not None:
        return deck, "card_size"
    if game.size_of(deck) != game.card_size:
        return deck, "orientation"
    return game, "card_size"


def _orientations(reader: Reader, game: CardGame) -> None:
    """A deck's ``orientation`` turns a named size; a size written as two lengths is printed
    as written, so an orientation it contradicts (``landscape`` with ``[63mm, 88mm]``) is
    refused at the orientation, with the size to write instead."""
    for deck in game.decks:
        size = deck.card_size or game.card_size
        if deck.orientation is None or not contradicted(size, deck.orientation):
            continue
        owner = deck if deck.card_size is not None else game
        written = reader.node(owner, "card_size")
        sides = [
            str(side.value) if isinstance(side, ScalarNode) else ""
            for side in (written.items if isinstance(written, ListNode) else ())
        ]
        if len(sides) != 2 or not all(sides):  # written in a mark, say: the lengths it reads as
            sides = [in_unit(size.width, "mm"), in_unit(size.height, "mm")]
        shape = "taller than wide" if size.height > size.width else "wider than tall"
        whose = "its" if owner is deck else "the game's"
        turned = f"card_size: [{', '.join(reversed(sides))}]"
        reader.add(
            deck,
            "orientation",
            f"{deck.orientation.value} contradicts {whose} card_size [{', '.join(sides)}] "
            f"({reader.at(owner, 'card_size')}), which is {shape}; a size of two lengths is "
            "printed as written, width first",
            f"{turned} {'without' if owner is deck else 'on the deck, and no'} orientation "
            "(orientation turns a named size: poker, tarot, …)",
        )


def _front_room(
    reader: Reader, game: CardGame, decks: dict[int, GenericDeck], game_dir: Path
) -> None:
    """The built-in front keeps, at any card size, the room its fixed lines take (the name band,
    the kind, the picture or emblem, the numbers' line and the footer, none set under 6 pt):
    on a card too small or too flat for them the name or the text would have no room on any
    card. That is one error where the size is written (:func:`size_place`: the game's
    ``card_size`` for every deck of the game's size, a deck's own for its own), with the
    smallest height the front draws at the card's width, rather than one at every card (with
    a box of negative height)."""
    if (game_dir / TEMPLATES / FRONT).is_file():  # the game's own front replaces the built-in
        return
    places: dict[tuple[int, str], tuple[CardGame | GenericDeck, CardSize, set[Shape]]] = {}
    for header in game.decks:
        deck = decks.get(id(header))
        if deck is None:
            continue
        owner, key = size_place(game, header)
        _, _, shapes = places.setdefault((id(owner), key), (owner, game.size_of(header), set()))
        shapes.update(
            _front_shape(deck, card)
            for card in deck.cards
            if (card.template or deck.template) == FRONT
        )
    for (_, key), (owner, size, shapes) in places.items():
        if not _fits_all(size.width, size.height, shapes):
            _too_small(reader, owner, key, size, shapes)


def _too_small(
    reader: Reader,
    owner: CardGame | GenericDeck,
    key: str,
    size: CardSize,
    shapes: set[Shape],
) -> None:
    low, high = size.height, max(size.height, LONGEST_SIDE)
    for _ in range(40):  # the front's room grows with the height: bisect for the least
        middle = (low + high) / 2
        low, high = (low, middle) if _fits_all(size.width, middle, shapes) else (middle, high)
    tall = math.ceil(high / 72 * 100) / 100
    reader.add(
        owner,
        key,
        f"{in_unit(size.width, 'in')} × {in_unit(size.height, 'in')} is too small for the "
        "built-in front: its name band, kind, picture, numbers and footer (none set under 6 pt) "
        "leave no room for a card's name or text",
        f"at {in_unit(size.width, 'in')} wide, at least {tall:g}in ({tall * 25.4:.1f}mm) tall; "
        "or a front template of the game's own",
    )


def _front_shape(deck: GenericDeck, card: GenericCard) -> tuple[bool, bool, bool]:
    """Which of the built-in front's optional lines ``card`` prints: its kind, a picture or
    emblem, the numbers' line (any ``number`` field of the deck)."""
    art = next((spec.name for spec in deck.fields if spec.type == "image"), "")
    picture = bool(dict(card.fields).get(art)) if art else False
    stats = any(spec.type == "number" for spec in deck.fields)
    return bool(card.kind), picture or bool(card.icon), stats


def _fits_all(w: float, h: float, shapes: set[Shape]) -> bool:
    return all(_front_fits(w, h, *shape) for shape in shapes)


def _front_fits(w: float, h: float, kind: bool, art: bool, stats: bool) -> bool:
    """Whether the built-in front (:func:`~pnpkit.render.face_layout.builtin.front_geometry`)
    leaves a ``w`` × ``h`` pt card room for one line of name and one of text at their smallest
    sizes."""
    g = front_geometry(w, h, kind=kind, art=art, stats=stats)
    if g.band - 4 * g.u < min(text_sizes(15 * g.u, max(9 * g.u, 6))) - 1e-6:
        return False
    return g.text_bottom - g.text_top >= min(text_sizes(11 * g.u, max(7 * g.u, 6))) - 1e-6


# --- token sets (tokens:) -------------------------------------------------------------------

TOKEN_LEAST = 0.25 * 72
"""The smallest side of a token, in points (a quarter inch)."""
TOKEN_SIZE_ALLOWED = (
    "one length, e.g. 1in or 25mm (round: its diameter; square: its side; hex: across the "
    "flats), or [width, height] of one face, e.g. [1in, 1.5in] (tent, standee)"
)
ONE_SIDE = ("round", "square", "hex")
"""The token shapes whose size is one length."""


def token_size() -> Kind[tuple[float, float]]:
    """A token's size: one length (both sides alike) or ``[width, height]``."""
    side = length(lo=TOKEN_LEAST, hi=11 * 72.0)
    pair = two_lengths(side, TOKEN_SIZE_ALLOWED)

    def read(node: Node, field: str) -> tuple[float, float]:
        if isinstance(node, ListNode):
            return pair(node, field)
        if isinstance(node, ScalarNode) and isinstance(node.value, str):
            one = side(node, field)
            return one, one
        raise invalid(node, field, f"expected a size, found {describe(node)}", TOKEN_SIZE_ALLOWED)

    return read


def _token_sets(
    reader: Reader,
    game: CardGame | None,
    game_dir: Path,
    icons: tuple[str, ...],
    paths: dict[int, str],
    unread: set[str],
) -> tuple[TokenSet, ...]:
    """Every token set of ``tokens:`` with its fields and tokens, read as a deck's cards
    (:func:`read_cards`: each token's field path goes to ``paths``, and the key of a set of
    which a field or a token was left out for a problem to ``unread``); its faces must be
    layouts, its size one length for a round, square or hex token and two for a tent or
    standee."""
    root = reader.node(None)
    written = root.get("tokens") if isinstance(root, MapNode) else None
    if not isinstance(written, ListNode):
        return ()
    built = {id(reader.node(one)): one for one in reader.built(TokenSet)}
    sets: list[TokenSet] = []
    printed = 0
    for i, node in enumerate(written.items):
        if not isinstance(node, MapNode):
            continue
        path = f"tokens[{i}]"
        one = built.get(id(node))
        _printed_markup(reader, one, ("title",), icons)
        specs, read, good, whole = read_cards(reader, node, path, game_dir, icons, "tokens", paths)
        printed += sum(token.copies for token in good)
        if one is None:
            continue
        for key in ("front", "back"):
            _token_face(reader, one, key, getattr(one, key))
        for token in read:
            for key in ("template", "back"):
                if token is not None:
                    _token_face(reader, token, key, getattr(token, key))
        if one.shape in ONE_SIDE and isinstance(reader.written(one, "size"), ListNode):
            reader.add(
                one,
                "size",
                f"a {one.shape} token's size is one length, not [width, height]",
                TOKEN_SIZE_ALLOWED,
            )
        if not whole:
            unread.add(one.key)
        sets.append(replace(one, fields=tuple(specs), tokens=good, sources=_sources(node)))
        paths[id(sets[-1])] = path
    if printed > MAX_PRINTED_CARDS:
        reader.problems.add(
            written.where,
            "tokens",
            f"the token sets print {printed} tokens, copies included",
            f"at most {MAX_PRINTED_CARDS} in a game",
        )
    return tuple(sets)


def _token_face(reader: Reader, record: object, key: str, value: str) -> None:
    """A token's face is a layout (``layout:NAME``): a template file or ``generic`` is
    refused at ``key``."""
    if value and not value.startswith(LAYOUT):
        reader.add(
            record,
            key,
            "a token's face is drawn from a layout, not a template",
            "the name of a layout of layouts: in game.yaml",
        )
