"""Read a model from its type annotations: every field declared once, in its dataclass.

:class:`Reader` reads a frozen dataclass from a YAML node (or a file, or a game's folder of
files) by looking at the annotations (see :mod:`pnpkit.model.schema` for what a field may
declare). It collects every problem, each at ``file:line:col`` with the field's path
(``ships[6].rating``) and what is allowed, and rejects unknown keys with a did-you-mean.

A record is built when its required fields read well. A bad optional field is reported and
left at its default; a bad list item is reported and left out, so the checks a loader runs
after reading (references between records, totals) see everything that could be read. The
reader keeps where each record is written: :meth:`Reader.at` and :meth:`Reader.add` point at
a record's keys, and a model's ``Where`` field lets checks and kits do the same later.

Any field's value may be written ``{ours: value}`` (our choice: the source rules do not give
it, :mod:`pnpkit.load.ours`). The value inside is read as the field declares it and kept plain;
the reader records the field's path as marked, and a record that declares a
:class:`~pnpkit.model.ours.Marks` field is given the marks at and below it.
"""

from __future__ import annotations

import dataclasses
import difflib
import types
import typing
from collections.abc import Sequence
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any, Literal, TypeVar

from pnpkit.errors import Location
from pnpkit.load.cards import card_size
from pnpkit.load.fields import (
    Invalid,
    Kind,
    Problems,
    boolean,
    choice,
    entries,
    enum_of,
    integer,
    invalid,
    length,
    text,
)
from pnpkit.load.nodes import ListNode, MapNode, Node, ScalarNode, braced_name, describe
from pnpkit.load.ours import is_marked, logical, misspelt, unwrap
from pnpkit.load.yamlnode import try_load_yaml
from pnpkit.model.cards import CardSize
from pnpkit.model.ours import Marks
from pnpkit.model.schema import (
    FILLED,
    LATER,
    Custom,
    Distinct,
    Items,
    Key,
    Length,
    OneOf,
    Parse,
    Range,
    Ref,
    Row,
    Text,
    Where,
)

T = TypeVar("T")

_BAD: Any = object()
"""What a read returns when the value could not be read (its problems are recorded)."""

_KINDS: dict[type, Kind[Any]] = {CardSize: card_size()}
"""Types with a reader of their own: a card size is a name or ``[width, height]``."""


KIT = "kit"
"""The key at the top of a game's main file that names which game the folder is (a kind, or
the bundled game a copy was made from). :func:`pnpkit.games.kind_of` reads and checks it, so a
game's model need not declare it."""


@dataclasses.dataclass(frozen=True, slots=True)
class _Field:
    """One field of a model dataclass as the reader sees it: its name, annotation, the keys it is
    written under, its default and whether the reader fills it itself."""

    name: str
    kind: Any
    """The annotation, with its metadata."""
    key: tuple[str, ...]
    default: Any
    """``_BAD`` when the field is required."""
    filled: bool
    """The reader fills it (a ``Source``, a ``Where`` or the record's ``Marks``), it is not
    written in data."""


@cache
def _fields(cls: type) -> tuple[_Field, ...]:
    hints = typing.get_type_hints(cls, include_extras=True)
    found: list[_Field] = []
    for f in dataclasses.fields(cls):
        kind = hints[f.name]
        metas = _metas(kind)
        key = next((m.path for m in metas if isinstance(m, Key)), (f.name,))
        if f.default is not dataclasses.MISSING:
            default = f.default
        elif f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        else:
            default = _BAD
        filled = FILLED in metas or LATER in metas or _base(kind) in (Where, Marks)
        found.append(_Field(f.name, kind, key, default, filled))
    return tuple(found)


def _metas(kind: Any) -> tuple[Any, ...]:
    return tuple(kind.__metadata__) if typing.get_origin(kind) is typing.Annotated else ()


def _base(kind: Any) -> Any:
    return typing.get_args(kind)[0] if typing.get_origin(kind) is typing.Annotated else kind


def _meta(metas: Sequence[Any], cls: type[T]) -> T | None:
    return next((m for m in metas if isinstance(m, cls)), None)


def _child(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


class Reader:
    """Reads models, collects problems, and remembers where every record it built is written.

    ::

        reader = Reader()
        game = reader.file(HighSeasGame, game_dir / "game.yaml", source=str(path))
        for crew in reader.built(CrewType): ...          # checks between records
        reader.problems.raise_if_any()
    """

    def __init__(self, **custom: Kind[Any]) -> None:
        """``custom``: for each field declared :class:`Custom`, by name, the kind that reads it
        (a function ``(node, path) -> value`` raising :class:`Invalid`). A custom field with no
        kind here is left to the loader: the reader knows its key (and reports it missing when
        it is required) and leaves it empty; the loader reads :meth:`written` later."""
        self.problems = Problems()
        self._records: dict[int, tuple[object, Node, str]] = {}
        self._dropped: set[str] = set()
        self._files: dict[str, bool] = {}
        """Other files of a folder read as one record: name → whether it could be read."""
        self._root: Node | None = None
        self._custom = custom
        self._marked: set[str] = set()
        """The paths written ``{ours: …}`` in the read under way (see :meth:`marks`)."""

    # -- reading ------------------------------------------------------------------------------

    def file(self, cls: type[T], path: Path | str, **given: Any) -> T | None:
        """Read ``cls`` from one YAML file; None when it cannot be built (problems recorded)."""
        return self.parsed(cls, self.load(path), **given)

    def load(self, path: Path | str) -> Node | None:
        """The YAML file at ``path`` as nodes (None, the problem recorded, if it cannot be
        read), for a loader that looks at it before :meth:`parsed` reads it."""
        return try_load_yaml(path, self.problems.items)

    def parsed(self, cls: type[T], node: Node | None, **given: Any) -> T | None:
        """Read ``cls`` from the file :meth:`load` read as ``node``."""
        if node is None:
            return None
        self._root = node
        return self.read(cls, node, **given)

    def folder(self, cls: type[T], folder: Path, main: str, *others: str, **given: Any) -> T | None:
        """Read ``cls`` from ``main`` in ``folder``; fields declared with
        ``Key("other.yaml", ...)`` come from the folder's other files. A file that cannot be
        read is reported once; the fields it should hold are not reported missing."""
        nodes = {name: try_load_yaml(folder / name, self.problems.items) for name in others}
        self._files = {name: node is not None for name, node in nodes.items()}
        main_node = try_load_yaml(folder / main, self.problems.items)
        self._files[""] = main_node is not None
        base = main_node if main_node is not None else MapNode(Location(str(folder / main)), ())
        if not isinstance(base, MapNode):
            return self.read(cls, base, **given)
        extra = tuple(
            (ScalarNode(base.where, name, name), node)
            for name, node in nodes.items()
            if node is not None
        )
        root = MapNode(base.where, base.entries + extra)
        self._root = root
        return self.read(cls, root, **given)

    def read(
        self,
        cls: type[T],
        node: Node,
        path: str = "",
        claimed: frozenset[str] = frozenset(),
        **given: Any,
    ) -> T | None:
        """Read the record ``cls`` from ``node``; ``given`` supplies fields not read from data
        (the game's ``source``); keys ``claimed`` are read by the caller (not reported as
        unknown: a card's fields that its deck declares)."""
        self._marked = set()
        value = self._record(cls, node, path, None, given, claimed)
        return None if value is _BAD else typing.cast(T, value)

    def part(self, cls: type[T], node: Node) -> T | None:
        """Read ``cls`` from the keys of ``node`` it declares, leaving any other key to the
        model that reads the rest of the file (unknown keys of the records inside are still
        reported)."""
        self._root = self._root or node
        self._marked = set()
        value = self._record(cls, node, "", None, {}, report=False)
        return None if value is _BAD else typing.cast(T, value)

    def value(self, cls: type, name: str, node: Node) -> Any:
        """The field ``name`` of ``cls`` as ``node`` (a mapping of ``cls``'s keys) writes it, read
        as the field declares; None when it is not written or does not read (problems go to
        this reader: a throwaway one reads a value early, before the record that holds it)."""
        f = next(f for f in _fields(cls) if f.name == name)
        inner: Node | None = node
        for key in f.key:
            inner = inner.get(key) if isinstance(inner, MapNode) else None
        if inner is None:
            return None
        self._marked = set()
        value = self._value(f.kind, inner, ".".join(f.key))
        return None if value is _BAD else value

    def typed(self, kind: Any, node: Node, path: str) -> Any:
        """``node`` read as the annotation ``kind`` declares (``dict[str, int]``), for a value
        that belongs to no record; None when it does not read (problems go to this reader).
        :meth:`marks` then tells which parts of it are marked ``{ours: …}``."""
        self._marked = set()
        value = self._value(kind, node, path)
        return None if value is _BAD else value

    def marks(self, path: str = "") -> Marks:
        """The marks ``{ours: …}`` of the last read at and below the field ``path`` (the
        whole read for ``""``), relative to it: what a record declaring ``Marks`` is given."""
        return _relative(self._marked, logical(path))

    # -- where things are ------------------------------------------------------------------

    def built(self, cls: type[T]) -> list[T]:
        """Every record of ``cls`` built so far, in the order written."""
        return [record for record, _, _ in self._records.values() if type(record) is cls]

    def at(self, record: object, *keys: str) -> Location:
        """Where ``keys`` of ``record`` are written (or the nearest enclosing place); a record
        of None stands for the file (or folder) read last, a model that could not be built."""
        if record is None and self._root is not None:
            node = self._root
        elif isinstance(record, Node):
            node = record
        else:
            found = self._records.get(id(record))
            if found is None:
                return Location("")
            node = found[1]
        return deepest(node, keys).where

    def written(self, record: object, key: str) -> Node | None:
        """The node of ``key`` of ``record``, if the record writes it."""
        found = self._records.get(id(record))
        node = None if found is None else found[1]
        return node.get(key) if isinstance(node, MapNode) else None

    def node(self, record: object, *keys: str) -> Node | None:
        """The node ``keys`` of ``record`` are written at (or the nearest that is written); a
        record of None stands for the file read last, as in :meth:`at`."""
        found = self._records.get(id(record))
        base = self._root if record is None else None if found is None else found[1]
        return None if base is None else deepest(base, keys)

    def path(self, record: object, *keys: str) -> str:
        """The field path of ``keys`` of ``record`` for messages: ``fleets[1].ink``."""
        found = self._records.get(id(record))
        path = "" if found is None else found[2]
        for key in keys:
            if key not in self._files:
                path = _child(path, key)
        return path

    def add(self, record: object, key: str, message: str, allowed: str = "") -> None:
        """Record a problem about ``key`` of ``record`` (or the record itself, key "")."""
        keys = (key,) if key else ()
        self.problems.add(self.at(record, *keys), self.path(record, *keys), message, allowed)

    def refers(self, record: object, value: str, options: Sequence[str], *keys: str) -> bool:
        """Whether ``value`` (written at ``keys`` of ``record``) names one of ``options``; if
        not, a problem with a did-you-mean and the options."""
        if value in options:
            return True
        close = difflib.get_close_matches(value, list(options), n=1, cutoff=0.6)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        self.problems.add(
            self.at(record, *keys),
            self.path(record, *keys),
            f"{value!r} is not known{hint}",
            ", ".join(options),
        )
        return False

    def distinct(self, cls: type, records: Sequence[object]) -> None:
        """Check the :class:`Distinct` fields of ``records`` of ``cls``, read one by one rather
        than as a list (the cards of a deck, from a table or written in the deck)."""
        self._distinct(_fields(cls), list(records))

    def complete(self, path: str) -> bool:
        """Whether every item of the list at ``path`` was read (none left out as bad)."""
        return path not in self._dropped

    # -- records ------------------------------------------------------------------------------

    def _record(
        self,
        cls: type,
        node: Node,
        path: str,
        row: Row | None,
        given: dict[str, Any],
        claimed: frozenset[str] = frozenset(),
        report: bool = True,
    ) -> Any:
        fields = [f for f in _fields(cls) if f.name not in given]
        if row is not None and isinstance(node, ListNode):
            values = self._row(fields, node, path, row)
        elif not isinstance(node, MapNode):
            self.problems.add(
                node.where, path, f"expected a mapping of fields, found {describe(node)}"
            )
            return _BAD
        else:
            wanted = [(f, f.key) for f in fields if not f.filled]
            values = self._mapping(node, wanted, path, claimed, report)
        if values is None:
            return _BAD
        for f in fields:
            if LATER in _metas(f.kind):
                values[f.name] = f.default
            elif _base(f.kind) is Marks:
                values[f.name] = self.marks(path)
            elif f.filled:
                values[f.name] = (
                    Where(self, node, path) if _base(f.kind) is Where else str(node.where)
                )
        record = cls(**values, **given)
        self._records[id(record)] = (record, node, path)
        return record

    def _mapping(
        self,
        node: MapNode,
        wanted: list[tuple[_Field, tuple[str, ...]]],
        path: str,
        claimed: frozenset[str] = frozenset(),
        report: bool = True,
    ) -> dict[str, Any] | None:
        """Read ``wanted`` fields (each at its remaining key path) from ``node``; None when a
        required one could not be read. Keys neither wanted nor ``claimed`` (read by another
        field) are reported unless ``report`` is false."""
        values: dict[str, Any] = {}
        ok = True
        known: list[str] = []
        for f in (f for f, keys in wanted if not keys):  # Key.of(): its fields share this mapping
            value = self._record(_base(f.kind), node, path, None, {}, report=False)
            if value is _BAD:
                ok = ok and f.default is not _BAD
                value = f.default
            values[f.name] = value
            known += [inner.key[0] for inner in _fields(_base(f.kind)) if inner.key]
        groups: dict[str, list[tuple[_Field, tuple[str, ...]]]] = {}
        for f, keys in wanted:
            if keys:
                groups.setdefault(keys[0], []).append((f, keys[1:]))
        for key, members in groups.items():
            inner = node.get(key)
            here = path if key in self._files else _child(path, key)
            if inner is None:
                if self._silent(node, key):
                    ok = False
                    continue
                required = [f for f, rest in members if f.default is _BAD]
                if required:
                    self.problems.add(node.where, here, "missing")
                    ok = False
                for f, _ in members:
                    values[f.name] = f.default
                continue
            whole = [f for f, rest in members if not rest]
            deeper = [(f, rest) for f, rest in members if rest]
            marked = is_marked(inner)
            if marked:  # {ours: …} around the value, or around the mapping of its fields
                unmarked = self._unmark(typing.cast(MapNode, inner), here)
                if unmarked is None:
                    ok = ok and all(f.default is not _BAD for f, _ in members)
                    values.update({f.name: f.default for f, _ in members})
                    continue
                inner, here = unmarked
            if whole:  # the field read from the value itself (its record claims the rest)
                f = whole[0]
                if _meta(_metas(f.kind), Custom):
                    kind = self._custom.get(f.name)
                    left = _empty(f) if kind is None else _BAD  # the loader reads it later
                    value = left if kind is None else self._scalar(kind, inner, here)
                else:
                    declared = _required(f.kind) if marked and _is_null(inner) else f.kind
                    value = self._value(declared, inner, here, frozenset(r[0] for _, r in deeper))
                if value is _BAD:
                    ok = ok and f.default is not _BAD
                    value = f.default
                values[f.name] = value
            if not deeper:
                continue
            if not isinstance(inner, MapNode):  # a mapping (or a file) holding several fields
                if not whole:
                    self.problems.add(
                        inner.where, here, f"expected a mapping of fields, found {describe(inner)}"
                    )
                ok = ok and all(f.default is not _BAD for f, _ in deeper)
                values.update({f.name: f.default for f, _ in deeper})
                continue
            found = self._mapping(inner, deeper, here, report=not whole)
            ok = ok and found is not None
            values.update(found or {})
        if report:
            self._unknown(node, [*groups, *known, *claimed], path)
        return values if ok else None

    def _silent(self, node: MapNode, key: str) -> bool:
        """A key of a folder's root whose file could not be read (already reported)."""
        if node is not self._root:
            return False
        return not self._files.get(key, self._files.get("", True))

    def _unknown(self, node: MapNode, known: list[str], path: str) -> None:
        for key_node, _ in node.entries:
            key = str(key_node.value)
            if key in known or (key == KIT and node is self._root):
                continue
            allowed = ", ".join(sorted(k for k in known if k not in self._files))
            close = difflib.get_close_matches(key, known, n=1, cutoff=0.6)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            self.problems.add(key_node.where, _child(path, key), f"unknown key{hint}", allowed)

    def _row(
        self, fields: list[_Field], node: ListNode, path: str, row: Row
    ) -> dict[str, Any] | None:
        written = [f for f in fields if not f.filled]
        if len(node.items) != len(written):
            self.problems.add(
                node.where,
                path,
                f"expected a {row.name}, found {_values(len(node.items))}",
                "[" + ", ".join(f.key[-1] for f in written) + "]",
            )
            return None
        values = {
            f.name: self._value(f.kind, item, _child(path, f.key[-1]))
            for f, item in zip(written, node.items, strict=True)
        }
        return None if _BAD in values.values() else values

    # -- values -------------------------------------------------------------------------------

    def _unmark(self, node: MapNode, path: str) -> tuple[Node, str] | None:
        """The value inside ``{ours: …}`` and its path, the field recorded as marked; None
        (the problem recorded) when the mark is written badly."""
        try:
            inner, inner_path = unwrap(node, path)
        except Invalid as exc:
            self.problems.extend(exc.problems)
            return None
        self._marked.add(logical(path))
        return inner, inner_path

    def _value(
        self, kind: Any, node: Node, path: str, claimed: frozenset[str] = frozenset()
    ) -> Any:
        if is_marked(node):
            found = self._unmark(typing.cast(MapNode, node), path)
            if found is None:
                return _BAD
            node, path = found
            if _is_null(node):  # {ours: } marks nothing: read as if the field were required
                kind = _required(kind)
        metas = _metas(kind)
        base = _base(kind)
        origin = typing.get_origin(base)
        args = typing.get_args(base)
        if origin in (typing.Union, types.UnionType):
            if type(None) in args and _is_null(node) and not _cut_off(args, node):
                return None
            records = _tagged(args)
            if records and isinstance(node, MapNode):
                chosen = self._tag(records, node, path)
                if chosen is None:
                    return _BAD
                return self._value(_with(chosen, metas), node, path, claimed)
            return self._value(_with(_shaped(args, node), metas), node, path)
        ref = _meta(metas, Ref)
        if ref is not None and isinstance(node, ScalarNode) and isinstance(node.value, str):
            return self._ref(base, ref, node, path)
        if dataclasses.is_dataclass(base) and base not in _KINDS and not _meta(metas, Parse):
            return self._record(typing.cast(type, base), node, path, _meta(metas, Row), {}, claimed)
        if origin is dict:
            return self._dict(args, metas, node, path)
        mistake = misspelt(node, path)  # {our: 1} where a value or a list is expected
        if mistake is not None:
            self.problems.extend(mistake.problems)
            return _BAD
        if origin in (tuple, list, frozenset):
            return self._list(base, metas, node, path)
        return self._scalar(_kind(base, metas), node, path)

    def _tag(self, records: dict[str, Any], node: MapNode, path: str) -> Any:
        """Of a union of records, the one whose first key ``node`` writes (a layout's element:
        ``text:``, ``shape:`` …); None, the problem recorded, when it writes none or several."""
        written = [key for key in records if node.get(key) is not None]
        tags = ", ".join(records)
        if len(written) == 1:
            return records[written[0]]
        if written:
            message = f"writes {' and '.join(written)}: one of them only"
            self.problems.add(node.where, path, message, f"one of {tags}")
            return None
        keys = node.keys()
        close = [
            (key, found[0])
            for key in keys
            if (found := difflib.get_close_matches(key, list(records), n=1, cutoff=0.6))
        ]
        hint = f" ({close[0][0]!r}: did you mean {close[0][1]!r}?)" if close else ""
        self.problems.add(node.where, path, f"says what it is with none of {tags}{hint}", tags)
        return None

    def _ref(self, base: type, ref: Ref, node: ScalarNode, path: str) -> Any:
        named: dict[str, object] = {}
        for record, _, _ in self._records.values():
            key = getattr(record, ref.key, None) if isinstance(record, base) else None
            if isinstance(key, str) and key:
                named[key] = record
        if node.value in named:
            return named[node.value]
        if named:
            self._scalar(choice(sorted(named)), node, path)  # not known; did you mean …
        else:
            message = f"{node.value!r} names no {ref.what}"
            self.problems.add(node.where, path, message, f"a key of the {ref.what} list")
        return _BAD

    def _scalar(self, kind: Kind[Any], node: Node, path: str) -> Any:
        try:
            return kind(node, path)
        except Invalid as exc:
            self.problems.extend(exc.problems)
            return _BAD

    def _list(self, base: Any, metas: tuple[Any, ...], node: Node, path: str) -> Any:
        if not isinstance(node, ListNode):
            self.problems.add(node.where, path, f"expected a list, found {describe(node)}")
            return _BAD
        args = typing.get_args(base)
        if typing.get_origin(base) is tuple and (len(args) != 2 or args[1] is not Ellipsis):
            return self._fixed(args, metas, node, path)
        rule = _meta(metas, Items) or Items()
        values: list[Any] = []
        for i, item in enumerate(node.items):
            here = f"{path}[{i}]"
            value = self._value(_with(args[0], metas), item, here)
            if value is _BAD:
                self._dropped.add(path)
            elif rule.unique and value in values:
                shown = value.value if isinstance(value, Enum) else value  # as written
                self.problems.add(item.where, here, f"{shown!r} is listed twice")
            else:
                values.append(value)
        count = len(node.items)
        if count < rule.min_len or (rule.max_len is not None and count > rule.max_len):
            self.problems.add(node.where, path, f"has {entries(count)}", _span(rule))
        if dataclasses.is_dataclass(_base(args[0])):
            self._distinct(_fields(_base(args[0])), values)
        return typing.get_origin(base)(values)

    def _distinct(self, fields: tuple[_Field, ...], records: list[Any]) -> None:
        """Report a record whose :class:`Distinct` field repeats an earlier record's."""
        for f in fields:
            rule = _meta(_metas(f.kind), Distinct)
            if rule is None:
                continue
            used: dict[object, object] = {}
            for record in records:
                value = getattr(record, f.name)
                if value not in used:
                    used[value] = record
                    continue
                message = f"{value!r} is already used by {logical(self.path(used[value]))}"
                self.problems.add(
                    self.at(record, *f.key), self.path(record, *f.key), message, rule.allowed
                )

    def _dict(self, args: tuple[Any, ...], metas: tuple[Any, ...], node: Node, path: str) -> Any:
        """A mapping whose keys are data too (``fittings: {cargo: 1, masts: 2}``)."""
        if not isinstance(node, MapNode):
            self.problems.add(node.where, path, f"expected a mapping, found {describe(node)}")
            return _BAD
        values: dict[Any, Any] = {}
        for key_node, inner in node.entries:
            here = _child(path, str(key_node.value))
            key = self._value(args[0], key_node, here)
            value = self._value(_with(args[1], metas), inner, here)
            if key is not _BAD and value is not _BAD:
                values[key] = value
            else:
                self._dropped.add(path)
        return values

    def _fixed(
        self, args: tuple[Any, ...], metas: tuple[Any, ...], node: ListNode, path: str
    ) -> Any:
        if len(node.items) != len(args):
            self.problems.add(
                node.where, path, f"has {entries(len(node.items))}", f"exactly {len(args)}"
            )
            return _BAD
        values = tuple(
            self._value(_with(a, metas), item, f"{path}[{i}]")
            for i, (a, item) in enumerate(zip(args, node.items, strict=True))
        )
        return _BAD if _BAD in values else values


class Places:
    """Where keys of a record kept as its node are written: the locator of a :class:`Where`
    that must outlive its reader (a chart, which may cross processes; the rule text)."""

    def at(self, record: object, *keys: str) -> Location:
        return deepest(record, keys).where if isinstance(record, Node) else Location("")


PLACES = Places()


def deepest(node: Node, keys: Sequence[str]) -> Node:
    """The node at ``keys`` (mapping keys, or a list's index written as digits: ``"seats", "1",
    "anchorage"``) below ``node``, or the deepest one that is written."""
    for key in keys:
        if isinstance(node, ListNode) and key.isdigit():
            inner = node.items[int(key)] if int(key) < len(node.items) else None
        else:
            inner = node.get(key) if isinstance(node, MapNode) else None
        if inner is None:
            break
        node = inner
    return node


def writes(node: Node, cls: type, name: str) -> bool:
    """Whether ``node`` (a mapping of ``cls``'s keys) writes the field ``name`` of ``cls``."""
    f = next(f for f in _fields(cls) if f.name == name)
    inner: Node | None = node
    for key in f.key:
        inner = inner.get(key) if isinstance(inner, MapNode) else None
    return inner is not None


def _tagged(kinds: tuple[Any, ...]) -> dict[str, Any]:
    """A union of two or more records told apart by their first key (a layout's elements),
    that key → the record's kind; empty for any other union."""
    records = [k for k in kinds if k is not type(None) and dataclasses.is_dataclass(_base(k))]
    if len(records) < 2:
        return {}
    tags = {_fields(_base(k))[0].key[0]: k for k in records}
    return tags if len(tags) == len(records) else {}


def _shaped(kinds: tuple[Any, ...], node: Node) -> Any:
    """Of a union's kinds, the one written the way ``node`` is (a list, a mapping or a single
    value); the first when none is. A mapping that is an unquoted placeholder (``{accent}``:
    one key, no value, and no key of a record of the union) is taken for the single value it
    was meant to be, whose message says to quote it."""
    kinds = tuple(k for k in kinds if k is not type(None))
    written: type = type(node)
    braced = braced_name(node)
    if braced is not None and not any(braced in _keys(_base(k)) for k in kinds):
        written = ScalarNode

    def shape(kind: Any) -> type:
        origin = typing.get_origin(_base(kind))
        if origin in (tuple, list, frozenset):
            return ListNode
        if origin is dict or dataclasses.is_dataclass(_base(kind)):
            return MapNode
        return ScalarNode

    return next((k for k in kinds if issubclass(written, shape(k))), kinds[0])


def _keys(kind: Any) -> set[str]:
    """The keys a record of ``kind`` reads in its mapping (its fields', and those of a record
    written beside them); none for a kind that is no record."""
    if not dataclasses.is_dataclass(kind):
        return set()
    keys: set[str] = set()
    for f in _fields(typing.cast(type, kind)):
        keys |= {f.key[0]} if f.key else _keys(_base(f.kind))
    return keys


@cache
def _kind(base: Any, metas: tuple[Any, ...]) -> Kind[Any]:
    """The kind that reads a single value of ``base`` declared with ``metas``."""
    parse = _meta(metas, Parse)
    if parse is not None:
        return _parsed(parse)
    if base in _KINDS:
        return _KINDS[base]
    if typing.get_origin(base) is Literal:
        return choice([str(a) for a in typing.get_args(base)])
    if isinstance(base, type) and issubclass(base, Enum):
        return enum_of(base)
    if base is bool:
        return boolean()
    if base is int:
        r = _meta(metas, Range) or Range()
        return integer(r.lo, r.hi, r.allowed)
    if base is float:
        span = _meta(metas, Length)
        if span is None:
            raise TypeError(f"a float field needs Length(...): {metas}")
        return length(span.lo, span.hi)
    if base is str:
        one_of = _meta(metas, OneOf)
        if one_of is not None:
            return choice(one_of.options)
        t = _meta(metas, Text) or Text()
        return text(min_len=t.min_len, max_len=t.max_len, pattern=t.pattern, allowed=t.allowed)
    raise TypeError(f"no reader for {base!r}")


@cache
def _with(kind: Any, metas: tuple[Any, ...]) -> Any:
    """``kind`` annotated with ``metas`` too: what a list or an optional declares (a range,
    a length) holds for each of its items; how many items (:class:`Items`) does not."""
    passed = tuple(m for m in metas if not isinstance(m, Items | Key))
    return typing.Annotated[(kind, *passed)] if passed else kind


def _empty(f: _Field) -> Any:
    """What a field left to the loader holds until the loader reads it: its default, else an
    empty value of its type."""
    if f.default is not _BAD:
        return f.default
    origin = typing.get_origin(_base(f.kind))
    return origin() if origin in (tuple, list, frozenset, dict) else None


def _values(count: int) -> str:
    return f"{count} value" if count == 1 else f"{count} values"


def _span(rule: Items) -> str:
    if rule.max_len is None:
        return f"at least {rule.min_len}"
    if rule.min_len == rule.max_len:
        return f"exactly {rule.min_len}"
    return f"{rule.min_len}–{rule.max_len}"


def _parsed(parse: Parse) -> Kind[Any]:
    def read(node: Node, field: str) -> Any:
        expected = f"expected {parse.expected}, found {describe(node)}"
        if not isinstance(node, ScalarNode):
            raise invalid(node, field, expected, parse.allowed)
        try:
            return parse.read(node.value)
        except ValueError as exc:
            said = expected if node.value is None else str(exc)  # never "None is not …"
            raise invalid(node, field, said, parse.allowed) from None

    return read


def _is_null(node: Node) -> bool:
    return isinstance(node, ScalarNode) and node.value is None


def _cut_off(kinds: tuple[Any, ...], node: Node) -> bool:
    """Whether ``node``, a value left empty, is one a ``#`` comment cut off, of a field whose
    values start with ``#`` (``background: #fbf7ee`` unquoted): refused, never read as not
    given."""
    if not (isinstance(node, ScalarNode) and node.comment):
        return False
    parses = (_meta(_metas(k), Parse) for k in kinds)
    return any(p is not None and p.starts_with_hash for p in parses)


def _required(kind: Any) -> Any:
    """``kind`` without ``None`` among what it allows (``X | None`` → ``X``)."""
    base = _base(kind)
    if typing.get_origin(base) not in (typing.Union, types.UnionType):
        return kind
    args = tuple(a for a in typing.get_args(base) if a is not type(None))
    base = args[0] if len(args) == 1 else typing.Union[args]  # noqa: UP007
    metas = _metas(kind)
    return typing.Annotated[(base, *metas)] if metas else base


def _relative(marked: set[str], path: str) -> Marks:
    """The paths of ``marked`` at and below ``path``, relative to it (``""``: ``path`` itself)."""
    if not path:
        return Marks(frozenset(marked))
    found: set[str] = set()
    for mark in marked:
        if mark == path:
            found.add("")
        elif mark.startswith(path) and mark[len(path) : len(path) + 1] == ".":
            found.add(mark[len(path) + 1 :])
        elif mark.startswith(path) and mark[len(path) : len(path) + 1] == "[":
            found.add(mark[len(path) :])
    return Marks(frozenset(found))
