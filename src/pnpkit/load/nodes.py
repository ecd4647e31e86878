"""A YAML document as a small tree of values that remember where they were written.

:func:`pnpkit.load.yamlnode.load_yaml` builds these; :mod:`pnpkit.load.fields` reads them.
Every node carries a :class:`~pnpkit.errors.Location` (file, 1-based line and column), so any
problem found later can point at the exact spot in the file.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from pnpkit.errors import Location

ScalarValue = str | int | float | bool | None

QUOTE_CHARS = 40
"""Most characters of a value a message quotes; a longer value is cut with ``…``."""


@dataclass(frozen=True, slots=True)
class Node:
    """Base of the three node kinds."""

    where: Location


@dataclass(frozen=True, slots=True)
class ScalarNode(Node):
    """A single value. ``value`` is typed the way YAML reads it (``7`` an int, ``true`` a bool,
    ``~`` None); ``text`` is what the file says."""

    value: ScalarValue
    text: str
    comment: str = ""
    """For a value left empty, the ``#`` comment that follows it on its line (``#7a4a1d``), if
    any: what YAML did not read as the value (an unquoted colour ``colour: #7a4a1d``). The
    value's place is then the ``#``."""


@dataclass(frozen=True, slots=True)
class ListNode(Node):
    """A sequence of nodes, in the order written."""

    items: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class MapNode(Node):
    """A mapping with text keys, in the order written. Duplicate keys never get this far."""

    entries: tuple[tuple[ScalarNode, Node], ...]
    _index: dict[str, int] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "_index", {str(key.value): i for i, (key, _) in enumerate(self.entries)}
        )

    def keys(self) -> tuple[str, ...]:
        return tuple(str(key.value) for key, _ in self.entries)

    def get(self, key: str) -> Node | None:
        index = self._index.get(key)
        return None if index is None else self.entries[index][1]

    def key_node(self, key: str) -> ScalarNode | None:
        index = self._index.get(key)
        return None if index is None else self.entries[index][0]

    def __contains__(self, key: object) -> bool:
        return key in self._index


def child_path(path: str, key: str) -> str:
    """The field path of ``key`` under ``path``: ``ships[2].rating``."""
    return f"{path}.{key}" if path else key


def item_path(path: str, index: int) -> str:
    """The field path of item ``index`` of the list at ``path``: ``ships[2]``."""
    return f"{path}[{index}]"


def iter_strings(node: Node, path: str = "") -> Iterator[tuple[str, ScalarNode]]:
    """Every text value under ``node`` with its field path, in the order written, keys
    included (a key is reported with the path of its field). A value reached twice through a
    YAML alias is given each time. Pure: for checks that look at every string (the font).

    >>> from pnpkit.load.yamlnode import parse_yaml
    >>> [(p, s.value) for p, s in iter_strings(parse_yaml("a: [x, 1]\\nb: {c: y}", "f"))]
    [('a', 'a'), ('a[0]', 'x'), ('b', 'b'), ('b.c', 'c'), ('b.c', 'y')]
    """
    if isinstance(node, ScalarNode):
        if isinstance(node.value, str):
            yield path, node
    elif isinstance(node, ListNode):
        for index, item in enumerate(node.items):
            yield from iter_strings(item, item_path(path, index))
    elif isinstance(node, MapNode):
        for key, value in node.entries:
            field = child_path(path, str(key.value))
            yield field, key
            yield from iter_strings(value, field)


def quote(text: str, limit: int = QUOTE_CHARS) -> str:
    """``text`` as a message shows it: in quotes, escaped, cut to ``limit`` characters.

    >>> quote("x" * 50, 10)
    "'xxxxxxxxxx…' (50 characters)"
    """
    if len(text) <= limit:
        return repr(text)
    cut = repr(text[:limit])
    return f"{cut[:-1]}…{cut[-1]} ({len(text)} characters)"


def shorten(text: str, limit: int = 20) -> str:
    """``text`` cut to ``limit`` characters with ``…`` (for numbers: no quotes).

    >>> shorten("1" + "0" * 400)
    '10000000000000000000… (401 characters)'
    """
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text)} characters)"


def describe(node: Node) -> str:
    """How a node reads in a message: ``a list``, ``the number 7``, ``text 'E1'``."""
    if isinstance(node, ListNode):
        return "a list"
    if isinstance(node, MapNode):
        braced = braced_name(node)
        if braced is not None:  # text: {name} — YAML reads a placeholder unquoted as a mapping
            return (
                f'a mapping ({{{braced}}} unquoted is a mapping in YAML: write "{{{braced}}}" '
                "in quotes)"
            )
        return "a mapping"
    assert isinstance(node, ScalarNode)
    value = node.value
    if value is None:
        return f"empty ({commented_out(node.comment)})" if node.comment else "empty (null)"
    if isinstance(value, bool):
        return f"the boolean {shorten(node.text)}"
    if isinstance(value, int | float):
        return f"the number {shorten(node.text)}"
    return f"text {quote(value)}"


def commented_out(comment: str) -> str:
    """Why a value followed by ``comment`` on its line is empty, and what to write instead:
    the comment up to a comment after it (white space, then ``#``) is the value meant.

    >>> commented_out("#7a4a1d      # the deck's colour")
    '# starts a comment in YAML, so #7a4a1d is not read: write "#7a4a1d" in quotes'
    >>> commented_out("# to do")
    '# starts a comment in YAML: nothing after it on the line is read'
    """
    meant = re.split(r"\s#", comment, maxsplit=1)[0].rstrip()
    if meant == "#" or meant[1].isspace():  # a comment meant as one: "key:  # to do"
        return "# starts a comment in YAML: nothing after it on the line is read"
    if len(meant) > QUOTE_CHARS or not meant.isprintable():  # shown escaped, cut
        return f"# starts a comment in YAML, so {quote(meant)} is not read: write it in quotes"
    return f'# starts a comment in YAML, so {meant} is not read: write "{meant}" in quotes'


def braced_name(node: Node) -> str | None:
    """``name`` when ``node`` is what YAML makes of an unquoted ``{name}`` (a mapping of one key
    with no value), meant as a placeholder; else None."""
    if isinstance(node, MapNode) and len(node.entries) == 1:
        key, value = node.entries[0]
        if isinstance(value, ScalarNode) and value.value is None and value.text == "":
            return str(key.value)
    return None
