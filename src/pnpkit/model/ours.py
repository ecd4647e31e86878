"""Our choices: what a kit prints that its source rules do not give.

Data marks such a value where it is written: ``{ours: value}`` around any field's value in a
game's YAML (``plunder: {ours: 24}``, ``- ours: {key: free-traders, …}`` for a whole record),
or ``{{ ours }}`` inside rule text. The schema reader (:mod:`pnpkit.load.schema`) reads the
value as the field declares it and keeps the value plain; it records *where* the marks are.
A record that prints its values declares ``ours: Marks`` and is given the marks at or below
it (:class:`Marks`: ``token.ours.mark("count")`` is :data:`MARK` or ``""``). Rule text quotes
a marked value as :class:`Ours`, which prints with the mark. Whatever prints a mark, its
document says once, in its footer, what it means (:data:`NOTE`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

MARK = "†"
"""The small mark after anything printed that the source rules do not give."""
NOTE = f"{MARK} not in the source rules: our choice"
"""The one footnote of a document that carries the mark."""


@dataclass(frozen=True, slots=True)
class Ours:
    """A value the source rules do not give, as rule text quotes it: printed, it carries
    :data:`MARK`."""

    value: int | str | tuple[int, ...]

    def __str__(self) -> str:
        return _shown(self.value) + MARK


def plain(value: object) -> object:
    """The value itself, mark or not (for arithmetic and comparisons)."""
    return value.value if isinstance(value, Ours) else value


Quoted = TypeVar("Quoted", int, str, tuple[int, ...])
"""A value rule text may quote (it keeps its own type when it is not ours)."""


@dataclass(frozen=True, slots=True)
class Marks:
    """Where the data marks a record's values ``{ours: …}``: field paths relative to the
    record, named as the reader names fields (``count``, ``move.click``, ``ships[2]``;
    ``""`` when the whole record is marked). The reader fills a record's field of this type
    (declare it ``ours: Marks = field(default=NO_MARKS, compare=False)``); a value is ours
    when it, or a record, list or mapping that holds it, is marked."""

    paths: frozenset[str] = frozenset()

    def __bool__(self) -> bool:
        """Whether anything in the record is marked."""
        return bool(self.paths)

    def of(self, path: str = "") -> bool:
        """Whether the value at ``path`` (the record itself for ``""``) is our choice: it is
        marked, or something that holds it is."""
        return "" in self.paths or any(
            path == marked or _below(path, marked) for marked in self.paths
        )

    def mark(self, path: str = "") -> str:
        """:data:`MARK` when the value at ``path`` is our choice, else ``""``."""
        return MARK if self.of(path) else ""

    def quote(self, path: str, value: Quoted) -> Quoted | Ours:
        """``value`` as rule text quotes the value at ``path``: :class:`Ours` (printed with
        the mark) when it is our choice."""
        return Ours(value) if self.of(path) else value

    def printed(self, path: str, value: int | str | tuple[int, ...]) -> str:
        """``value`` as printed (a list as ``3, 4, 5``), :data:`MARK` after it when it is our
        choice."""
        return _shown(value) + self.mark(path)


NO_MARKS = Marks()
"""The marks of a record that has none (or was not read from data)."""


def _below(path: str, prefix: str) -> bool:
    """Whether ``path`` lies inside ``prefix`` (``ships[1].name`` in ``ships[1]``, not in
    ``ships[10]`` or ``ship``)."""
    return path.startswith(prefix) and path[len(prefix) : len(prefix) + 1] in (".", "[")


def _shown(value: int | str | tuple[int, ...]) -> str:
    return ", ".join(str(v) for v in value) if isinstance(value, tuple) else str(value)
