"""Read mapping nodes field by field, collecting every problem instead of stopping at the first.

A loader makes one :class:`Problems`, wraps each mapping in a :class:`Fields` reader, asks for
the fields it expects with a *kind* that checks and converts the value, calls
:meth:`Fields.done` to reject unknown keys, and finally calls :meth:`Problems.raise_if_any`,
which raises one :class:`~pnpkit.errors.DataError` listing everything that is wrong::

    problems = Problems()
    game = Fields(load_yaml(path, problems.items), problems)
    title = game.need("title", text())
    rounds = game.get("rounds", integer(1, 99), default=24)
    size = game.get("cell_size", length(), default=90.0)
    for ship in game.records("ships"):
        rating = ship.get("rating", nullable(integer(1, 7)), default=None)
        ship.done()
    game.done()
    problems.raise_if_any()

A *kind* is any callable ``(node, field) -> value`` that raises :class:`Invalid` when the node
does not fit; the ready-made kinds below cover text, integers, booleans, lengths, enumerations
and lists, and loaders may write their own (a chart label, a colour) the same way.
Field names in messages are paths such as ``ships[6].rating``.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable, Sequence
from enum import Enum
from typing import TypeAlias, TypeVar

from pnpkit.errors import DataError, Location, PartlyRead, Problem
from pnpkit.load.nodes import ListNode, MapNode, Node, ScalarNode, describe
from pnpkit.units import UNITS, UnitError, to_points

T = TypeVar("T")
E = TypeVar("E", bound=Enum)

Kind: TypeAlias = Callable[[Node, str], T]
"""Checks one node and returns its value, or raises :class:`Invalid`."""

LENGTH_EXAMPLES = "a number with in, mm, cm or pt, e.g. 1.25in, 32mm, 18pt"


class Invalid(Exception):
    """Raised by a kind: the node does not fit. Carries one problem or several (from a list)."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = tuple(problems)


def invalid(node: Node, field: str, message: str, allowed: str = "") -> Invalid:
    """The :class:`Invalid` for one problem at ``node``."""
    return Invalid([Problem(node.where, field, message, allowed)])


class Problems:
    """Collects problems from any number of files and readers."""

    def __init__(self) -> None:
        self.items: list[Problem] = []

    def add(self, where: Location, field: str, message: str, allowed: str = "") -> None:
        self.items.append(Problem(where, field, message, allowed))

    def extend(self, problems: Iterable[Problem]) -> None:
        self.items.extend(problems)

    def __len__(self) -> int:
        return len(self.items)

    def __bool__(self) -> bool:
        return bool(self.items)

    def raise_if_any(self, partial: object = None) -> None:
        """Raise one DataError listing every problem, in file and line order; with a
        ``partial`` model (what read well), a :class:`~pnpkit.errors.PartlyRead`."""
        if self.items:
            ordered = sorted(
                dict.fromkeys(self.items),
                key=lambda p: (p.where.file, p.where.line, p.where.column),
            )
            raise DataError(ordered) if partial is None else PartlyRead(ordered, partial)


def check(kind: Kind[T], node: Node, field: str, problems: Problems) -> T | None:
    """Apply ``kind`` to ``node``; on failure record the problems and return None."""
    try:
        return kind(node, field)
    except Invalid as exc:
        problems.extend(exc.problems)
        return None


class Fields:
    """Reads the fields of one mapping node.

    Every read marks its key as known; :meth:`done` reports the keys nobody asked for, with a
    did-you-mean. If the node is not a mapping, one problem is recorded and every read
    behaves as if the field were absent.
    """

    def __init__(self, node: Node, problems: Problems, path: str = "") -> None:
        self.node = node
        self.problems = problems
        self.path = path
        self.known: list[str] = []
        self.forbidden: set[str] = set()
        self.mapping: MapNode | None = node if isinstance(node, MapNode) else None
        if self.mapping is None:
            problems.add(node.where, path, f"expected a mapping of fields, found {describe(node)}")

    @property
    def where(self) -> Location:
        return self.node.where

    def field(self, key: str) -> str:
        """The path of ``key`` for messages: ``ships[2].rating``."""
        return f"{self.path}.{key}" if self.path else key

    def add(self, node: Node | None, key: str, message: str, allowed: str = "") -> None:
        """Record a problem about ``key`` (at ``node``, or at this mapping if None)."""
        where = node.where if node is not None else self.where
        self.problems.add(where, self.field(key) if key else self.path, message, allowed)

    def node_of(self, key: str) -> Node | None:
        """The raw node of ``key``, or None when absent. Marks ``key`` as known."""
        if key not in self.known:
            self.known.append(key)
        return None if self.mapping is None else self.mapping.get(key)

    def has(self, key: str) -> bool:
        return self.mapping is not None and key in self.mapping

    def need(self, key: str, kind: Kind[T]) -> T | None:
        """A required field: its value, or None when it is missing or wrong (recorded)."""
        node = self.node_of(key)
        if node is None:
            if self.mapping is not None:
                self.add(None, key, "missing")
            return None
        return check(kind, node, self.field(key), self.problems)

    def get(self, key: str, kind: Kind[T], default: T) -> T:
        """An optional field: its value, or ``default`` when absent or wrong (recorded)."""
        node = self.node_of(key)
        if node is None:
            return default
        try:
            return kind(node, self.field(key))
        except Invalid as exc:
            self.problems.extend(exc.problems)
            return default

    def sub(self, key: str, required: bool = True) -> Fields | None:
        """A nested mapping, as its own reader (call its :meth:`done` too)."""
        node = self.node_of(key)
        if node is None:
            if required and self.mapping is not None:
                self.add(None, key, "missing")
            return None
        return Fields(node, self.problems, self.field(key))

    def records(self, key: str, required: bool = True, min_len: int = 0) -> list[Fields]:
        """A list of mappings, one reader each with the path ``key[i]``."""
        node = self.node_of(key)
        if node is None:
            if required and self.mapping is not None:
                self.add(None, key, "missing")
            return []
        if not isinstance(node, ListNode):
            self.add(node, key, f"expected a list, found {describe(node)}")
            return []
        if len(node.items) < min_len:
            self.add(node, key, f"has {entries(len(node.items))}", f"at least {min_len}")
        return [
            Fields(item, self.problems, f"{self.field(key)}[{i}]")
            for i, item in enumerate(node.items)
        ]

    def forbid(self, key: str, reason: str) -> None:
        """Reject ``key`` if present, saying why (``"hex charts use radius"``)."""
        self.forbidden.add(key)
        if self.mapping is not None and key in self.mapping:
            self.add(self.mapping.key_node(key), key, f"not allowed here: {reason}")

    def done(self) -> None:
        """Report every key that no read asked for, suggesting the nearest known key."""
        if self.mapping is None:
            return
        allowed = ", ".join(sorted(self.known))
        for key_node, _ in self.mapping.entries:
            key = str(key_node.value)
            if key in self.known or key in self.forbidden:
                continue
            close = difflib.get_close_matches(key, self.known, n=1, cutoff=0.6)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            self.add(key_node, key, f"unknown key{hint}", allowed)


def _is_null(node: Node) -> bool:
    return isinstance(node, ScalarNode) and node.value is None


# --- kinds ----------------------------------------------------------------------------------


def _scalar(node: Node, field: str, expected: str, allowed: str = "") -> ScalarNode:
    if not isinstance(node, ScalarNode):
        raise invalid(node, field, f"expected {expected}, found {describe(node)}", allowed)
    return node


def text(
    *, min_len: int = 1, max_len: int = 200, pattern: str | None = None, allowed: str = ""
) -> Kind[str]:
    """Text. A number or boolean is refused (quote it: ``key: "7"``)."""
    compiled = re.compile(pattern) if pattern else None

    def read(node: Node, field: str) -> str:
        scalar = _scalar(node, field, "text", allowed)
        if not isinstance(scalar.value, str):
            hint = "; write it in quotes" if scalar.value is not None else ""
            raise invalid(node, field, f"expected text, found {describe(node)}{hint}", allowed)
        value = scalar.value
        if len(value.strip()) < min_len:
            raise invalid(
                node,
                field,
                "is empty" if not value.strip() else "is too short",
                allowed or f"at least {min_len} character{'s' if min_len != 1 else ''}",
            )
        if len(value) > max_len:
            raise invalid(
                node, field, f"is {len(value)} characters long", allowed or f"at most {max_len}"
            )
        if compiled is not None and not compiled.fullmatch(value):
            raise invalid(node, field, f"{value!r} does not fit", allowed or pattern or "")
        return value

    return read


def integer(lo: int | None = None, hi: int | None = None, allowed: str = "") -> Kind[int]:
    """A whole number, optionally within ``lo``–``hi`` (inclusive)."""
    span = allowed or _span(lo, hi)

    def read(node: Node, field: str) -> int:
        scalar = _scalar(node, field, "a whole number", span)
        value = scalar.value
        if isinstance(value, bool) or not isinstance(value, int):
            raise invalid(node, field, f"expected a whole number, found {describe(node)}", span)
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise invalid(node, field, f"{value} is out of range", span)
        return value

    return read


def boolean() -> Kind[bool]:
    """``true`` or ``false``."""

    def read(node: Node, field: str) -> bool:
        scalar = _scalar(node, field, "true or false", "true, false")
        if not isinstance(scalar.value, bool):
            raise invalid(
                node, field, f"expected true or false, found {describe(node)}", "true, false"
            )
        return scalar.value

    return read


def in_unit(points: float, unit: str) -> str:
    """``points`` written in ``unit`` (``in``, ``mm``, ``cm`` or ``pt``), to four figures:
    ``in_unit(54, "in") == "0.75in"``."""
    return f"{points / UNITS[unit]:.4g}{unit}"


def length(lo: float | None = None, hi: float | None = None) -> Kind[float]:
    """A length with its unit (``"1.25in"``, ``"32mm"``), returned in points. Bare numbers are
    refused: a length always names its unit. ``lo``/``hi`` are in points."""

    def read(node: Node, field: str) -> float:
        scalar = _scalar(node, field, "a length", LENGTH_EXAMPLES)
        if scalar.value is None:
            raise invalid(
                node, field, f"expected a length, found {describe(node)}", LENGTH_EXAMPLES
            )
        if not isinstance(scalar.value, str):
            raise invalid(node, field, f"{scalar.text} has no unit", LENGTH_EXAMPLES)
        try:
            points = to_points(scalar.value)
        except UnitError:
            raise invalid(
                node, field, f"{scalar.value!r} is not a length", LENGTH_EXAMPLES
            ) from None
        if (lo is not None and points < lo) or (hi is not None and points > hi):
            unit = scalar.value.strip()[-2:]  # the bounds in the unit the value is written in
            bounds = _span(
                None if lo is None else in_unit(lo, unit), None if hi is None else in_unit(hi, unit)
            )
            raise invalid(node, field, f"{scalar.value} is out of range", bounds)
        return points

    return read


def choice(options: Sequence[str]) -> Kind[str]:
    """One of a fixed set of words."""
    listed = ", ".join(options)

    def read(node: Node, field: str) -> str:
        scalar = _scalar(node, field, "one of the listed words", listed)
        if not isinstance(scalar.value, str) or scalar.value not in options:
            close = difflib.get_close_matches(scalar.text, list(options), n=1, cutoff=0.6)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise invalid(node, field, f"{scalar.text!r} is not known{hint}", listed)
        return scalar.value

    return read


def enum_of(enum: type[E]) -> Kind[E]:
    """One of an Enum's values (written as the value: ``fireship``), returned as the member."""
    members = {str(member.value): member for member in enum}
    word = choice(list(members))

    def read(node: Node, field: str) -> E:
        return members[word(node, field)]

    return read


def nullable(kind: Kind[T]) -> Kind[T | None]:
    """``kind``, or null (``~``, ``null`` or nothing) for None."""

    def read(node: Node, field: str) -> T | None:
        return None if _is_null(node) else kind(node, field)

    return read


def list_of(
    kind: Kind[T], *, min_len: int = 0, max_len: int | None = None, unique: bool = False
) -> Kind[list[T]]:
    """A list whose every item fits ``kind``; every bad item is reported, not only the first."""

    def read(node: Node, field: str) -> list[T]:
        if not isinstance(node, ListNode):
            raise invalid(node, field, f"expected a list, found {describe(node)}")
        found: list[Problem] = []
        values: list[T] = []
        seen: set[object] = set()
        for i, item in enumerate(node.items):
            try:
                value = kind(item, f"{field}[{i}]")
            except Invalid as exc:
                found.extend(exc.problems)
                continue
            if unique:
                if value in seen:
                    found.append(Problem(item.where, f"{field}[{i}]", f"{value!r} is listed twice"))
                    continue
                seen.add(value)
            values.append(value)
        count = len(node.items)
        if count < min_len or (max_len is not None and count > max_len):
            found.append(
                Problem(node.where, field, f"has {entries(count)}", _span(min_len, max_len))
            )
        if found:
            raise Invalid(found)
        return values

    return read


def entries(count: int) -> str:
    """``1 entry``, ``3 entries``."""
    return f"{count} entry" if count == 1 else f"{count} entries"


def _span(lo: object, hi: object) -> str:
    if lo is not None and hi is not None:
        return f"{lo}–{hi}"
    if lo is not None:
        return f"at least {lo}"
    if hi is not None:
        return f"at most {hi}"
    return ""
