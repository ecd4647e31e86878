"""A YAML document as a small tree of values that remember where they were written.

:func:`pnpkit.load.yamlnode.load_yaml` builds these; :mod:`pnpkit.load.fields` reads them.
Every node carries a :class:`~pnpkit.errors.Location` (file, 1-based line and column), so any
problem found later can point at the exact spot in the file.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pnpkit.errors import Location

ScalarValue = str | int | float | bool | None


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


@dataclass(frozen=True, slots=True)
class ListNode(Node):
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


def describe(node: Node) -> str:
    """How a node reads in a message: ``a list``, ``the number 7``, ``text 'E1'``."""
    if isinstance(node, ListNode):
        return "a list"
    if isinstance(node, MapNode):
        return "a mapping"
    assert isinstance(node, ScalarNode)
    value = node.value
    if value is None:
        return "empty (null)"
    if isinstance(value, bool):
        return f"the boolean {node.text}"
    if isinstance(value, int | float):
        return f"the number {node.text}"
    return f"text {value!r}"
