"""``data/<game>/game.yaml`` with ``kit: cards`` → :class:`~pnpkit.games.cardgame.model.CardGame`.

Every problem in the file is collected and raised together as one DataError.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from pnpkit.errors import DataError
from pnpkit.games.cardgame.model import (
    BUILT_IN,
    FIELD_TYPES,
    ICONS,
    KIT,
    CardGame,
    FieldSpec,
    GenericCard,
    GenericDeck,
)
from pnpkit.load.assets import asset
from pnpkit.load.cards import card_size, colour
from pnpkit.load.fields import (
    Fields,
    Kind,
    Problems,
    choice,
    integer,
    invalid,
    list_of,
    text,
)
from pnpkit.load.limits import printed_cards
from pnpkit.load.nodes import ListNode, MapNode, Node, ScalarNode, describe
from pnpkit.load.table import TABLE_TYPES, read_table
from pnpkit.load.yamlnode import leaves_data_folder, load_yaml
from pnpkit.model.cards import DEFAULT_CARD_SIZE
from pnpkit.render.markup import icon_names, problems_in

KEY = r"[a-z][a-z0-9-]*"
FIELD_NAME = r"[a-z][a-z0-9_]{0,29}"
TEMPLATES = "templates"
"""The folder of a game's own card templates, next to its ``game.yaml``."""
TEMPLATE_NAME = r"[a-z0-9][a-z0-9_-]{0,59}\.svg\.j2"
CARD_KEYS = ("key", "name", "kind", "value", "text", "icon", "copies", "template", "colour", "back")
"""What every card may give; a deck's own fields come on top."""
RESERVED = (
    *CARD_KEYS,
    *("accent", "footer", "title", "picture", "picture_field", "stats", "w", "h", "u"),
    *("line", "wrap", "flow", "fmt", "mix", "emblem", "pattern", "image"),
)
"""Names a deck may not declare: the card's own keys, what the templates are given and the
helpers they call."""


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
    problems = Problems()
    root = Fields(load_yaml(path, problems.items), problems)
    root.need("kit", choice((KIT,)))
    title = root.need("title", text(max_len=60)) or ""
    author = root.get("author", text(max_len=80), "")
    size = root.get("card_size", card_size(), DEFAULT_CARD_SIZE)
    decks = [_deck(rec, game_dir) for rec in root.records("decks", min_len=1)]
    root.done()
    _unique(problems, root)
    printed = sum(card.copies for deck in decks for card in deck.cards)
    printed_cards(problems, (root.node_of("decks") or root.node).where, "decks", printed)
    problems.raise_if_any()
    return CardGame(title, author, size, tuple(decks), str(path), str(game_dir))


def _deck(rec: Fields, game_dir: Path) -> GenericDeck:
    specs = _fields(rec, game_dir)
    front = rec.get("template", template(game_dir, "front"), "cards/generic-front.svg.j2")
    back = rec.get("back", template(game_dir, "back"), "cards/generic-back.svg.j2")
    node = rec.node_of("cards")
    if isinstance(node, ScalarNode) and isinstance(node.value, str):
        rows = _table(rec, node, specs, game_dir)
    else:
        rows = rec.records("cards", min_len=1)
    cards = [_card(card, specs, game_dir) for card in rows]
    deck = GenericDeck(
        key=rec.need("key", text(max_len=40, pattern=KEY)) or "",
        title=rec.need("title", text(max_len=40)) or "",
        colour=rec.get("colour", colour(), "#16324f"),
        icon=rec.get("icon", choice(ICONS), "anchor"),
        cards=tuple(cards),
        source=_source(rec),
        fields=tuple(specs),
        template=front,
        back=back,
    )
    rec.done()
    return deck


TABLE_ALLOWED = "a .csv or .xlsx file in the game folder, named relative to it, e.g. ships.csv"


def _table(rec: Fields, node: ScalarNode, specs: list[FieldSpec], game_dir: Path) -> list[Fields]:
    """The rows of the deck's card table (``cards: ships.csv``), one reader each."""
    name = str(node.value)
    parts = PurePosixPath(name.replace("\\", "/")).parts
    path = game_dir.joinpath(*parts)
    if PurePosixPath(name).is_absolute() or ".." in parts or not name.endswith(TABLE_TYPES):
        rec.add(node, "cards", f"{name!r} is not a card table in the game folder", TABLE_ALLOWED)
        return []
    if not path.is_file():
        rec.add(node, "cards", f"{name!r} does not exist in {game_dir}", TABLE_ALLOWED)
        return []
    if leaves_data_folder(path):
        rec.add(node, "cards", f"{name!r} is a link that leads outside the game folder")
        return []
    numbers = {"copies", "value", *(s.name for s in specs if s.type == "number")}
    lists = {s.name for s in specs if s.type == "list"}
    try:
        table = read_table(path, numbers=numbers, lists=lists)
    except DataError as exc:
        rec.problems.extend(exc.problems)
        return []
    if not table.items:
        rec.add(node, "cards", f"{name!r} has no cards", "at least one row under the header")
    _no_twice(rec.problems, table, rec.field("cards"))
    return [
        Fields(item, rec.problems, f"{rec.field('cards')}[{i}]")
        for i, item in enumerate(table.items)
    ]


def _fields(rec: Fields, game_dir: Path) -> list[FieldSpec]:
    """The deck's own fields: ``fields: [{name: cost, type: number, default: 0}, …]``."""
    specs: list[FieldSpec] = []
    for spec in rec.records("fields", required=False):
        name = spec.need("name", text(max_len=30, pattern=FIELD_NAME, allowed=_NAME_ALLOWED))
        kind = spec.need("type", choice(FIELD_TYPES))
        if name in RESERVED:
            spec.add(spec.node_of("name"), "name", f"{name!r} is a built-in field", _NAME_ALLOWED)
            name = None
        elif name is not None and any(s.name == name for s in specs):
            spec.add(spec.node_of("name"), "name", f"{name!r} is declared twice")
            name = None
        default = EMPTY.get(kind or "text", "")
        if kind is not None and spec.has("default"):
            default = spec.get("default", value_kind(kind, game_dir), default)
        else:
            spec.node_of("default")
        spec.done()
        if name is not None and kind is not None:
            specs.append(FieldSpec(name, kind, default))
    return specs


_NAME_ALLOWED = "lower-case letters, digits and _, starting with a letter; not one of " + ", ".join(
    RESERVED
)
EMPTY: dict[str, object] = {"number": 0, "list": ()}
"""A declared field's value when neither the card nor a default gives one (else ``""``)."""


def value_kind(kind: str, game_dir: Path) -> Kind[object]:
    """How a value of a declared field of type ``kind`` is read."""
    if kind == "number":
        return number()
    if kind == "icon":
        return choice(ICONS)
    if kind == "image":
        return asset(game_dir)
    if kind == "colour":
        return colour()
    if kind == "list":
        items = list_of(text(max_len=120), max_len=20)

        def read_list(node: Node, field: str) -> object:
            return tuple(items(node, field))

        return read_list
    return rich_text(game_dir)


def rich_text(game_dir: Path, max_len: int = 300) -> Kind[str]:
    """Text with markup: ``**bold**``, ``*italic*``, ``:icon:`` (a built-in emblem or an SVG
    file of the game's ``assets/icons/``); an unknown icon or an unclosed ``*`` is refused."""
    plain = text(min_len=0, max_len=max_len)
    icons = icon_names(game_dir)

    def read(node: Node, field: str) -> str:
        value = plain(node, field)
        found = problems_in(value, icons)
        if found:
            raise invalid(
                node, field, "; ".join(found), "icons: " + ", ".join(f":{i}:" for i in icons)
            )
        return value

    return read


def number() -> Kind[object]:
    """A number, whole or not (``3``, ``-1``, ``2.5``)."""

    def read(node: Node, field: str) -> object:
        value = node.value if isinstance(node, ScalarNode) else None
        if isinstance(value, int | float) and not isinstance(value, bool) and abs(value) < 1e9:
            return value
        raise invalid(node, field, f"expected a number, found {describe(node)}", "e.g. 3 or 2.5")

    return read


def template(game_dir: Path, side: str) -> Kind[str]:
    """A template name: ``generic`` (built in) or a file in the game's ``templates/`` folder."""
    allowed = f"{BUILT_IN}, or the name of a file in {game_dir / TEMPLATES}, e.g. {side}.svg.j2"
    names = text(max_len=60, pattern=rf"{BUILT_IN}|{TEMPLATE_NAME}", allowed=allowed)

    def read(node: Node, field: str) -> str:
        name = names(node, field)
        if name == BUILT_IN:
            return f"cards/generic-{side}.svg.j2"
        path = game_dir / TEMPLATES / name
        if not path.is_file():
            raise invalid(node, field, f"{name!r} is not in {game_dir / TEMPLATES}", allowed)
        if leaves_data_folder(path):
            raise invalid(node, field, f"{name!r} is a link that leads outside the game folder")
        return f"game/{name}"

    return read


def _card(card: Fields, specs: list[FieldSpec], game_dir: Path) -> GenericCard:
    values: list[tuple[str, object]] = []
    for spec in specs:
        values.append(
            (spec.name, card.get(spec.name, value_kind(spec.type, game_dir), spec.default))
        )
    made = GenericCard(
        key=card.need("key", text(max_len=40, pattern=KEY)) or "",
        name=card.need("name", text(max_len=40)) or "",
        kind=card.get("kind", text(min_len=0, max_len=30), ""),
        value=card.get("value", short_value(), ""),
        text=card.get("text", rich_text(game_dir), ""),
        icon=card.get("icon", choice(ICONS), ""),
        copies=card.get("copies", integer(1, 99), 1),
        source=_source(card),
        sources=_sources(card),
        fields=tuple(values),
        template=card.get("template", template(game_dir, "front"), ""),
        colour=card.get("colour", colour(), ""),
        back=card.get("back", template(game_dir, "back"), ""),
    )
    card.done()
    return made


def _sources(record: Fields) -> tuple[tuple[str, str], ...]:
    """``(field, file:line:col)`` of every field the record gives."""
    if not isinstance(record.node, MapNode):
        return ()
    return tuple((str(key.value), str(value.where)) for key, value in record.node.entries)


def _unique(problems: Problems, root: Fields) -> None:
    """Deck keys are unique in the game, card keys in their deck."""
    decks = root.node_of("decks")
    if not isinstance(decks, ListNode):
        return
    _no_twice(problems, decks, "decks")
    for i, deck in enumerate(decks.items):
        cards = deck.get("cards") if isinstance(deck, MapNode) else None
        if isinstance(cards, ListNode):
            _no_twice(problems, cards, f"decks[{i}].cards")


def _no_twice(problems: Problems, items: ListNode, path: str) -> None:
    seen: set[object] = set()
    for i, item in enumerate(items.items):
        key = item.get("key") if isinstance(item, MapNode) else None
        if not isinstance(key, ScalarNode):
            continue
        if key.value in seen:
            problems.add(key.where, f"{path}[{i}].key", f"{key.value!r} is used twice")
        seen.add(key.value)


def _source(fields: Fields) -> str:
    """``file:line:col`` of a record, for messages."""
    return str(fields.where)
