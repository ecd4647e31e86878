"""Rule documents written in YAML: a title, a page count and a list of blocks of our own words.

Every game that prints rules writes them one way::

    rules:                       # any name; a file may hold several documents
      title: "{{ game.title }}"
      subtitle: the rules         # optional
      pages: 2                    # optional: the build fails unless the text fills exactly this
      blocks:
        - h: Heading
        - h2: Subheading
        - p: A paragraph with {{ placeholders }}, **bold** and *italic*.
        - bullets: [one, two]
        - steps: [first, second]  # numbered
        - break: column           # or page

The built-in kinds are :data:`BUILT_IN` and ``break``; a game adds its own (a generated table,
a picture) as a *kind*: a function that reads the block's one value (``table: roster``) and
returns its text. Every block keeps its ``file:line:col``
(:class:`~pnpkit.model.rule_document.RawBlock`), so a placeholder
that fails when the document is printed points at the block that holds it.

:func:`read_values` reads a section of values rule text may quote, each a number, a list of
numbers or a word, or ``{ours: …}`` around one when the source rules do not give it (read by the
schema reader like any field; quoted as :class:`~pnpkit.model.ours.Ours`).

Nothing here renders or draws: :mod:`pnpkit.layout.rules` fills the placeholders and flows the
blocks into a document.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Annotated

from pnpkit.errors import Problem
from pnpkit.load.fields import (
    Fields,
    Invalid,
    Kind,
    Problems,
    integer,
    list_of,
    nullable,
    text,
)
from pnpkit.load.nodes import ListNode, MapNode, Node, ScalarNode
from pnpkit.load.schema import Reader
from pnpkit.load.yamlnode import load_yaml
from pnpkit.model.ours import Ours
from pnpkit.model.rule_document import RawBlock as RawBlock
from pnpkit.model.rule_document import RuleDocument as RuleDocument
from pnpkit.model.schema import Parse, Range

MAX_PAGES = 64
"""The most pages a rule document may fill (or ask for with ``pages``)."""
BUILT_IN = ("h", "h2", "p", "bullets", "steps")
"""Block kinds of words every rule document has (``break`` too)."""
BREAKS = ("column", "page")
TEXT_CHARS = 4000
"""Most characters of one heading or paragraph."""
ITEM_CHARS = 2000
"""Most characters of one list item."""


def choice(options: Sequence[str]) -> Kind[str]:
    """A block kind whose value is one of ``options`` (``table: roster``)."""

    def read(node: Node, field: str) -> str:
        value = node.value if isinstance(node, ScalarNode) else None
        if not isinstance(value, str) or value not in options:
            raise Invalid(
                [Problem(node.where, field, f"{value!r} is not known", ", ".join(options))]
            )
        return value

    return read


def read_document(
    f: Fields | None,
    problems: Problems,
    kinds: Mapping[str, Kind[str]] | None = None,
    *,
    pages_required: bool = True,
) -> RuleDocument | None:
    """The rule document in mapping ``f`` (None when the mapping is absent). ``kinds``: the
    game's own block kinds, each read by its kind."""
    if f is None:
        return None
    title = f.need("title", text()) or ""
    title_node = f.node_of("title")
    subtitle = f.get("subtitle", text(), "")
    subtitle_node = f.node_of("subtitle")
    pages = (
        f.need("pages", integer(1, MAX_PAGES)) or 1
        if pages_required
        else f.get("pages", nullable(integer(1, MAX_PAGES)), None)
    )
    pages_node = f.node_of("pages")
    blocks: list[RawBlock] = []
    node = f.node_of("blocks")
    if node is None:
        f.add(None, "blocks", "missing")
    elif not isinstance(node, ListNode):
        f.add(node, "blocks", "expected a list of blocks")
    else:
        for index, item in enumerate(node.items):
            block = read_block(item, f"{f.field('blocks')}[{index}]", problems, kinds or {})
            if block is not None:
                blocks.append(block)
    f.done()
    return RuleDocument(
        title,
        subtitle,
        pages,
        tuple(blocks),
        f.mapping.where if f.mapping is not None else None,
        title_node.where if title_node is not None else None,
        subtitle_node.where if subtitle_node is not None else None,
        pages_node.where if pages_node is not None else None,
        f.field("pages"),
    )


def block_kinds(kinds: Mapping[str, Kind[str]]) -> tuple[str, ...]:
    """Every kind a document may hold: the built-in ones, the game's own, and ``break``."""
    return (*BUILT_IN, *kinds, "break")


def read_block(
    node: Node, field: str, problems: Problems, kinds: Mapping[str, Kind[str]]
) -> RawBlock | None:
    """One block (``- p: …``); a problem and None when it cannot be read."""
    allowed = ", ".join(block_kinds(kinds))
    if not isinstance(node, MapNode) or len(node.entries) != 1:
        problems.add(node.where, field, "expected one key naming the block", allowed)
        return None
    key_node, value = node.entries[0]
    kind = str(key_node.value)
    if kind not in BUILT_IN and kind not in kinds and kind != "break":
        problems.add(key_node.where, field, f"unknown block {kind!r}", allowed)
        return None
    try:
        if kind in ("bullets", "steps"):
            texts = tuple(list_of(text(max_len=ITEM_CHARS), min_len=1)(value, f"{field}.{kind}"))
        elif kind == "break":
            texts = (choice(BREAKS)(value, f"{field}.break"),)
        elif kind in kinds:
            texts = (kinds[kind](value, f"{field}.{kind}"),)
        else:
            texts = (text(max_len=TEXT_CHARS)(value, f"{field}.{kind}"),)
    except Invalid as exc:
        problems.extend(exc.problems)
        return None
    return RawBlock(kind, texts, node.where)


def load_rule_documents(
    path: Path | str,
    names: Sequence[str],
    kinds: Mapping[str, Kind[str]] | None = None,
) -> dict[str, RuleDocument]:
    """Read a file holding only rule documents (``names``, each required, nothing else);
    raises :class:`~pnpkit.errors.DataError` listing every problem."""
    problems = Problems()
    root = Fields(load_yaml(path, problems.items), problems)
    out: dict[str, RuleDocument] = {}
    for name in names:
        document = read_document(root.sub(name), problems, kinds, pages_required=False)
        if document is not None:
            out[name] = document
    root.done()
    problems.raise_if_any()
    return out


# -- values rule text quotes -------------------------------------------------------------------

Value = int | str | tuple[int, ...] | Ours
"""A number, a word or a list of numbers rule text may quote; :class:`Ours` when the data marks
it as our choice (``{ours: 24}``)."""


QUOTED = "a number 0–999, a list of them, or a word (up to 60 characters)"


def _number_or_word(value: object) -> int | str:
    if value is None:
        raise ValueError("expected a value, found nothing")
    if isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value <= 999:
            raise ValueError(f"{value} is out of range")
        return value
    if isinstance(value, str) and value.strip() and len(value) <= 60:
        return value
    raise ValueError(f"{value!r} is not a number or a word")


Quoted = (
    Annotated[int | str, Parse(_number_or_word, "a value", QUOTED)]
    | tuple[Annotated[int, Range(0, 999)], ...]
)
"""How a value rule text quotes is declared (read by :class:`~pnpkit.load.schema.Reader`, so
``{ours: …}`` may mark any of them)."""


def read_values(f: Fields | None, problems: Problems) -> dict[str, Value]:
    """A section of values rule text quotes: each a number, a list of numbers or a word, or
    ``{ours: …}`` around one when the source rules do not give it (quoted as :class:`Ours`)."""
    if f is None or f.mapping is None:
        return {}
    reader = Reader()
    values = reader.typed(dict[str, Quoted], f.mapping, f.path) or {}
    problems.extend(reader.problems.items)
    marks = reader.marks(f.path)
    for key_node, _ in f.mapping.entries:
        f.node_of(str(key_node.value))
    return {key: marks.quote(key, value) for key, value in values.items()}
