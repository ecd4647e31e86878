"""How a model's fields are written in data, declared once, next to each field.

A model is a frozen dataclass; its type annotations are its schema. The loader
(:mod:`pnpkit.load.schema`) reads every field from them: ``str``, ``int``, ``float``, ``bool``,
enums, ``Literal`` words, nested dataclasses, tuples and lists of them, ``X | None``, and the
defaults of the dataclass. What a plain type cannot say is added with ``typing.Annotated``::

    @dataclass(frozen=True, slots=True)
    class Ship:
        key: Annotated[str, Text(max_len=40, pattern=KEY)]
        count: Annotated[int, Range(1, 99)]
        colour: Colour
        size: Annotated[float, Length(0.25 * INCH, 2 * INCH)]   # "0.9in" → 64.8 points
        note: str = ""                                            # a default: may be left out
        source: Source = ""                                       # filled with file:line:col

Nothing here reads YAML; these are plain values the loader interprets.
"""

from __future__ import annotations

import dataclasses
import re
import typing
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Annotated, Any, Protocol, TypeVar

from pnpkit.errors import Location
from pnpkit.model.ours import Marks


@dataclass(frozen=True, slots=True)
class Text:
    """Text of ``min_len``–``max_len`` characters, optionally matching ``pattern``."""

    min_len: int = 1
    max_len: int = 200
    pattern: str | None = None
    allowed: str = ""
    """What a message says is allowed, when the pattern would say it badly."""


@dataclass(frozen=True, slots=True)
class Range:
    """A whole number from ``lo`` to ``hi`` (inclusive; None: unbounded)."""

    lo: int | None = None
    hi: int | None = None
    allowed: str = ""


@dataclass(frozen=True, slots=True)
class Length:
    """A length written with its unit (``1.25in``, ``32mm``), read as points, within
    ``lo``–``hi`` points."""

    lo: float | None = None
    hi: float | None = None


@dataclass(frozen=True, slots=True)
class OneOf:
    """One of a fixed set of words (for text fields whose words are kept in a constant)."""

    options: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Items:
    """How many items a list holds, and whether each may appear only once."""

    min_len: int = 0
    max_len: int | None = None
    unique: bool = False


@dataclass(frozen=True, slots=True)
class Distinct:
    """The field (text) differs between every two records of a list: keys, names, or a fleet's
    colour, emblem and pattern; ``allowed`` is what a message says is allowed."""

    allowed: str = ""


@dataclass(frozen=True, slots=True)
class Key:
    """Where the field is written, when not under its own name: ``Key("class")`` (a Python
    keyword), ``Key("sizes", "crew_card")`` (inside the mapping ``sizes``), or
    ``Key("cards.yaml", "ships")`` (in another file of the game's folder); ``Key.of()``: a
    record whose fields are written beside the model's own, in the same mapping."""

    path: tuple[str, ...]

    @staticmethod
    def of(*path: str) -> Key:
        return Key(tuple(path))


@dataclass(frozen=True, slots=True)
class Row:
    """A record that may also be written as a list of its fields in order,
    e.g. ``[5, mutiny, 4, D, Officer Mutiny]``; ``name`` is what messages call it."""

    name: str


@dataclass(frozen=True, slots=True)
class Parse:
    """A value read by ``read`` from a plain scalar (text, number, boolean or null).

    ``read`` returns the value or raises ValueError with the message to show
    (``'6-2' runs backwards``); ``expected`` names the kind (``a roll``) and ``allowed``
    what may be written."""

    read: Callable[[Any], Any]
    expected: str
    allowed: str = ""
    starts_with_hash: bool = False
    """Its values start with ``#`` (a colour, ``#1f4e79``). Written unquoted, YAML reads the
    rest of the line as a comment and the value as empty: the loader refuses an empty value
    that a comment follows on its line, even where the field may be left out."""


@dataclass(frozen=True, slots=True)
class Ref:
    """Written as text, the value names a record read before it by its ``key`` field
    (``cannons: 36lb-fortress`` names an entry of the list ``what``, here ``cannons``);
    written as a mapping, it is the record itself."""

    what: str
    key: str = "key"


@dataclass(frozen=True, slots=True)
class Custom:
    """A field the game's loader reads itself, for a shape the annotations cannot say
    (``prices: {fish: {clew-bay: 1}}`` as price records); ``how`` says where."""

    how: str


class _Filled:
    """Marks a field the loader fills itself (see :data:`Source`)."""

    def __repr__(self) -> str:
        return "FILLED"


FILLED = _Filled()

Source = Annotated[str, FILLED]
"""A record's ``file:line:col``, filled by the loader (never read from data)."""


class _Later:
    """Marks a field never read from data: it keeps its default, and the game's loader sets
    it from other fields once they are read (see :data:`LATER`)."""

    def __repr__(self) -> str:
        return "LATER"


LATER = _Later()
"""``Annotated[int, LATER] = 0``: a field the loader derives after reading (a chart's rules take
the game's ``rounds``), so it is not a key of the data."""

_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


def _colour(value: object) -> str:
    if not isinstance(value, str) or not _COLOUR.fullmatch(value):
        raise ValueError(f"{value!r} is not a colour")
    return value.lower()


Colour = Annotated[str, Parse(_colour, "a colour", "#rrggbb, e.g. #1f4e79", starts_with_hash=True)]
"""A colour written ``#rrggbb``, kept lower-case."""


class Locator(Protocol):
    """What the loader hands a :class:`Where`: the place of any record it read."""

    def at(self, record: object, *keys: str) -> Location: ...


class Where:
    """Where a loaded model's values are written, kept by the loader so that a problem found
    later (by a check or a kit) can point at the line.

    A model that wants it declares ``where: Where = field(default=NOWHERE, compare=False)``;
    ``game.where.of("reference")`` is where its ``reference`` is written (keys as written in
    the data; ``of("cards.yaml", "cannons")`` in another file of the folder), and
    ``game.where.at(ship, "name")`` where a record read with it wrote ``name``. A key that is
    not written gives the nearest place that is (the record, then the file).
    ``cell.where.field("text")`` is the field path a message names it by
    (``boards[0].cells[2].text``)."""

    __slots__ = ("_locator", "_path", "_record")

    def __init__(
        self, locator: Locator | None = None, record: object = None, path: str = ""
    ) -> None:
        self._locator = locator
        self._record = record
        """What the locator knows this model's place by."""
        self._path = path
        """The model's field path, as the loader's messages name it (``boards[0].cells[2]``)."""

    def of(self, *keys: str) -> Location:
        return self.at(self._record, *keys)

    def field(self, *keys: str) -> str:
        """The field path of ``keys`` of this model (a list's index written as digits)."""
        path = self._path
        for key in keys:
            path = f"{path}[{key}]" if key.isdigit() else f"{path}.{key}" if path else key
        return path

    def __fingerprint__(self) -> str:
        """Nothing (:mod:`pnpkit.build.fingerprint`): where a value is written never changes
        what is drawn from it, so a line moved in a file redraws no document."""
        return ""

    def at(self, record: object, *keys: str) -> Location:
        if self._locator is None:
            return Location("")
        return self._locator.at(record, *keys)

    def __repr__(self) -> str:
        return "Where()"


NOWHERE = Where()
"""The place of a model not read from data (built in code or in a test)."""


def written_keys(cls: type) -> tuple[str, ...]:
    """The keys a record of ``cls`` may write, in the order its fields are declared: every
    field but those the loader fills (``Source``, ``Where``, ``Marks``) or derives (``LATER``)."""
    hints = typing.get_type_hints(cls, include_extras=True)
    keys: list[str] = []
    for f in dataclasses.fields(cls):
        kind = hints[f.name]
        annotated = typing.get_origin(kind) is Annotated
        metas = kind.__metadata__ if annotated else ()
        base = typing.get_args(kind)[0] if annotated else kind
        if FILLED in metas or LATER in metas or base in (Where, Marks):
            continue
        path = next((m.path for m in metas if isinstance(m, Key)), (f.name,))
        if path:
            keys.append(path[0])
    return tuple(keys)


class Keyed(Protocol):
    """A record named by a ``key`` field (a ship class, a faction, a table)."""

    @property
    def key(self) -> str: ...


_K = TypeVar("_K", bound=Keyed)


def by_key(items: Iterable[_K], key: str) -> _K:
    """The item of ``items`` whose ``key`` is ``key``; KeyError if none is."""
    for item in items:
        if item.key == key:
            return item
    raise KeyError(key)
