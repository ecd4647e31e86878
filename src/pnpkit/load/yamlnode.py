"""Read a YAML file into :mod:`pnpkit.load.nodes`, each value marked with its file:line:col.

The file is read with PyYAML's safe loader, stopping at composition: no Python object is ever
built from a tag. Hostile input is refused early:

- a file larger than :data:`MAX_BYTES` is not read at all;
- while composing, the loader counts how many nodes each value would expand to once its
  aliases (``*name``) are followed; a value above :data:`MAX_NODES` ends the load at once, so a
  "billion laughs" file costs a few milliseconds and almost no memory; so does the
  :data:`MAX_NODES`-th value composed, so a long flat list stops while it is read;
- an alias that refers to the value it is inside is refused, and so is nesting deeper than
  :data:`MAX_DEPTH` levels (before Python's own recursion limit is near);
- only a regular file is read: a named pipe (FIFO), a device, a socket or a folder is refused
  before a byte is read, so nothing waits on a writer that never comes; a file reached through
  a symbolic link that leads out of the data folder (:func:`data_folder`) is refused without
  reading it, so no message can quote anything of it;
- every text value and key is checked for characters that cannot be printed
  (:mod:`pnpkit.load.characters`: control, zero-width and direction characters, lone
  surrogates), and every number for more than :data:`MAX_DIGITS` digits (Python refuses to
  convert an integer of more than 4300 digits at all) or for not being finite.

Problems that still leave a readable tree (a duplicate key, an unsupported tag) are collected;
the ones that do not (a syntax error, a limit, a refused character or number: the file is not
used) raise :class:`~pnpkit.errors.DataError`, all of that file's at once.
"""

from __future__ import annotations

import contextlib
import math
import os
import re
import stat
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.events import AliasEvent
from yaml.nodes import MappingNode as YamlMapping
from yaml.nodes import Node as YamlNode
from yaml.nodes import ScalarNode as YamlScalar
from yaml.nodes import SequenceNode as YamlSequence

from pnpkit.errors import DataError, Location, Problem
from pnpkit.load import characters
from pnpkit.load.nodes import (
    ListNode,
    MapNode,
    Node,
    ScalarNode,
    ScalarValue,
    child_path,
    item_path,
    quote,
)

MAX_BYTES = 4_000_000
"""Largest data file read, in bytes. Game data is a few kilobytes; the largest file the other
limits allow (a card game of :data:`~pnpkit.load.limits.MAX_PRINTED_CARDS` cards, every field at
its longest, in characters of up to 3 bytes) is about 2.5 MB.
"""
MAX_NODES = 40_000
"""Most values one document may hold, or expand to with its aliases followed. It is as large as
the other limits need: a card game's one file may list :data:`~pnpkit.load.limits.
MAX_PRINTED_CARDS` cards, each with every field written (15 values), with room to spare. The
largest shipped file holds about 450; composing 40 000 takes about a second."""
MAX_DEPTH = 64
"""Deepest nesting of lists and mappings. Game data nests a few levels."""
MAX_DIGITS = 20
"""Most digits a number may be written with (a 64-bit integer has 19). Game data's largest
numbers have four; Python itself refuses to read an integer of more than 4300 digits."""

_TAG = "tag:yaml.org,2002:"
_PLAIN_SCALARS = {_TAG + name for name in ("str", "int", "float", "bool", "null", "timestamp")}


class _LimitExceeded(Exception):
    def __init__(self, mark: yaml.Mark | None, message: str) -> None:
        super().__init__(message)
        self.mark = mark
        self.message = message


class _Counting(yaml.composer.Composer):
    """Composes values knowing how large each is with its aliases expanded (the limits).
    The events come from the parser it is mixed with."""

    expanded: dict[int, int]
    depth: int
    composed: int
    check_event: Callable[..., bool]
    peek_event: Callable[[], Any]

    def compose_node(self, parent: YamlNode | None, index: int) -> YamlNode | None:
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                event = self.peek_event()
                raise _LimitExceeded(
                    event.start_mark, f"values are nested more than {MAX_DEPTH} levels deep"
                )
            return self._compose_counted(parent, index)
        finally:
            self.depth -= 1

    def _compose_counted(self, parent: YamlNode | None, index: int) -> YamlNode | None:
        if self.check_event(AliasEvent):
            event = self.peek_event()
            target = self.anchors.get(event.anchor)
            if target is not None and id(target) not in self.expanded:
                raise _LimitExceeded(
                    event.start_mark, f"alias *{event.anchor} refers to the value it is inside"
                )
            return super().compose_node(parent, index)
        node = super().compose_node(parent, index)
        if node is not None:
            self.composed += 1
            if self.composed > MAX_NODES:  # a long flat list: stop while reading it
                raise _LimitExceeded(
                    node.start_mark, f"the file holds more than {MAX_NODES} values"
                )
            size = 1
            if isinstance(node, YamlSequence):
                size += sum(self.expanded[id(item)] for item in node.value)
            elif isinstance(node, YamlMapping):
                size += sum(self.expanded[id(k)] + self.expanded[id(v)] for k, v in node.value)
            if size > MAX_NODES:
                raise _LimitExceeded(
                    node.start_mark,
                    f"this value expands to more than {MAX_NODES} values through aliases",
                )
            self.expanded[id(node)] = size
        return node


class _CountingLoader(_Counting, yaml.SafeLoader):
    """A safe loader that knows how large each composed value is with its aliases expanded."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.expanded = {}
        self.depth = 0
        self.composed = 0


def _libyaml_parser() -> Any:
    try:
        from yaml import cyaml
    except ImportError:  # pragma: no cover - PyYAML without its C part
        return None
    return getattr(cyaml, "CParser", None)


_CParser: Any = _libyaml_parser()
"""libyaml's parser (None when PyYAML is built without it: the pure-Python reader does it all)."""

if _CParser is not None:

    class _FastCountingLoader(
        _Counting,
        _CParser,  # type: ignore[misc]  # libyaml's parser is untyped
        yaml.constructor.SafeConstructor,
        yaml.resolver.Resolver,
    ):
        """The same composer reading libyaml's events (scanning YAML in C is most of the
        cost of reading it). Only a document that reads without a problem is taken from here:
        anything else is read again by :class:`_CountingLoader`, so every message, and every
        place, is the one the pure-Python reader gives."""

        def __init__(self, text: str) -> None:
            _CParser.__init__(self, text)
            yaml.constructor.SafeConstructor.__init__(self)
            yaml.resolver.Resolver.__init__(self)
            yaml.composer.Composer.__init__(self)
            self.expanded = {}
            self.depth = 0
            self.composed = 0

        def compose_scalar_node(self, anchor: Any) -> YamlScalar:
            event = self.peek_event()
            if event.value == "" and not event.style:
                # an empty value ("key:" with nothing): libyaml places it at the next token,
                # the pure-Python reader just after the colon; let that reader place it
                raise _Unplaced
            node: YamlScalar = super().compose_scalar_node(anchor)
            return node

    class _Unplaced(Exception):
        """A value whose place libyaml gives differently."""


def _short(tag: str) -> str:
    return "!!" + tag[len(_TAG) :] if tag.startswith(_TAG) else tag


def _where(file: str, mark: yaml.Mark | None) -> Location:
    if mark is None:
        return Location(file)
    return Location(file, mark.line + 1, mark.column + 1)


@dataclass(frozen=True, slots=True)
class Reading:
    """The data files read inside a :func:`data_folder` block: each file's tree, in the order
    read (a file read twice is listed twice). For checks that look at every value a game's
    loader read, such as the font's (:func:`pnpkit.load.nodes.iter_strings`)."""

    folder: Path
    trees: list[tuple[str, Node]] = field(default_factory=list)

    def files(self) -> dict[str, Node]:
        """Each file read, once, with the tree read last."""
        return dict(self.trees)


_READING: ContextVar[Reading | None] = ContextVar("pnpkit_data_folder", default=None)


@contextlib.contextmanager
def data_folder(folder: Path | str) -> Iterator[Reading]:
    """Read data files as parts of ``folder`` while inside this block; yields the
    :class:`Reading` that lists every tree read.

    A data file inside ``folder`` that is (or lies in) a symbolic link leading out of it is
    refused unread. Outside such a block, or for a file not under ``folder``, a file's own
    folder is its data folder: a link may lead anywhere inside it, nowhere else."""
    reading = Reading(Path(folder))
    token = _READING.set(reading)
    try:
        yield reading
    finally:
        _READING.reset(token)


def leaves_data_folder(path: Path) -> bool:
    """Whether ``path``, once its symbolic links are followed, lies outside its data folder
    (:func:`data_folder`, or else the folder that holds it)."""
    absolute = Path(os.path.abspath(path))
    reading = _READING.get()
    root = None if reading is None else reading.folder
    if root is None or not absolute.is_relative_to(os.path.abspath(root)):
        root = absolute.parent
    return not Path(os.path.realpath(absolute)).is_relative_to(os.path.realpath(root))


def missing_file(path: Path, folder: Path) -> str | None:
    """Why the file a data value names, ``path`` in ``folder``, cannot be read, said after the
    name: ``does not exist in FOLDER`` (also a name the file system will not look
    up), ``is a named pipe (FIFO), not a regular file`` (a device, a socket, a folder alike);
    None for a regular file (links followed). Nothing is opened: a FIFO is never waited on."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return f"does not exist in {folder}"
    if stat.S_ISREG(mode):
        return None
    return f"is {_not_a_file(mode)}, not a regular file"


_FILE_KINDS = (
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISDIR, "a folder"),
)


def _not_a_file(mode: int) -> str:
    for test, name in _FILE_KINDS:
        if test(mode):
            return name
    return "a special file"


def _read_text(path: Path, file: str) -> str:
    def refuse(message: str, allowed: str = "") -> DataError:
        return DataError([Problem(Location(file), "", message, allowed)])

    try:
        if leaves_data_folder(path):
            # nothing of the target is read or named: it may be any file on the machine
            raise refuse(
                "is a symbolic link that leads out of the data folder; not read",
                "files inside the data folder, or links to them",
            )
        mode = os.stat(path).st_mode  # a socket cannot be opened at all: ask first
        if not stat.S_ISREG(mode):
            raise refuse(f"is {_not_a_file(mode)}, not a data file", "regular files")
        # O_NONBLOCK: opening a FIFO for reading waits for a writer; should the file have
        # become one since it was asked, this returns at once and the check below refuses it
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise refuse("file not found") from None
    except OSError as exc:
        raise refuse(f"cannot read: {exc.strerror}") from None
    with os.fdopen(fd, "rb") as stream:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise refuse(f"is {_not_a_file(mode)}, not a data file", "regular files")
        try:
            raw = stream.read(MAX_BYTES + 1)
        except OSError as exc:
            raise refuse(f"cannot read: {exc.strerror}") from None
    if len(raw) > MAX_BYTES:
        raise refuse("file too large", f"at most {MAX_BYTES} bytes")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
            saved = "UTF-16 text"
        else:
            saved = f"not valid UTF-8 text (byte 0x{raw[exc.start]:02X})"
        raise DataError([Problem(Location(file, line, column), "", saved, SAVE_AS_UTF8)]) from None


SAVE_AS_UTF8 = (
    'UTF-8 text: save the file as UTF-8 (a spreadsheet program\'s "CSV UTF-8"; a text '
    "editor's UTF-8 encoding)"
)
"""What a data file's text must be, said when it is not."""


def compose(text: str, file: str) -> YamlNode | None:
    """Compose one YAML document with the limits above; raise DataError on a syntax error."""
    fast = _compose_fast(text)
    if fast is not None:
        return fast
    try:
        loader = _CountingLoader(text)  # the reader refuses control characters here
    except yaml.reader.ReaderError as exc:
        raise DataError([_unprintable(text, file, exc)]) from None
    try:
        return loader.get_single_node()
    except _LimitExceeded as exc:
        raise DataError([Problem(_where(file, exc.mark), "", exc.message)]) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        message = ", ".join(part for part in (exc.context, exc.problem) if part)
        if "'\\t'" in message:  # a tab where YAML wants indentation or a token
            message += ": YAML indents with spaces; replace the tab with spaces"
        raise DataError([Problem(_where(file, mark), "", f"YAML syntax: {message}")]) from None
    except yaml.YAMLError as exc:
        raise DataError([Problem(Location(file), "", f"YAML syntax: {exc}")]) from None
    finally:
        loader.dispose()


_DIVERGE = re.compile("(?:^|[\\s{\\[,])\\?|[\t\ufeff]", re.MULTILINE)
"""Characters around which libyaml and the pure-Python reader disagree (found by comparing them
on mutated data, ``tests/load/test_fast_reader.py``): ``?`` where a token may start (at a line's
start, after white space or a flow indicator: libyaml reads an explicit key in flow context
that PyYAML refuses; a ``?`` inside a word, as in ``"does it? yes"``, starts nothing), a tab
(libyaml allows it in more places) and a byte order mark inside the text."""


def _compose_fast(text: str) -> YamlNode | None:
    """The document read through libyaml, when it reads without any problem; None otherwise
    (an empty document too): the pure-Python reader then reads it and says what is wrong."""
    if _CParser is None or _DIVERGE.search(text) or yaml.reader.Reader.NON_PRINTABLE.search(text):
        return None
    try:
        loader = _FastCountingLoader(text)
    except Exception:
        return None
    try:
        return loader.get_single_node()
    except Exception:  # a syntax error or a limit: the full reader reports it
        return None
    finally:
        loader.dispose()


def _unprintable(text: str, file: str, exc: yaml.reader.ReaderError) -> Problem:
    """A character YAML does not allow in a file (a NUL, a control character), where it is."""
    before = text[: exc.position]
    line = before.count("\n") + 1
    column = exc.position - (before.rfind("\n") + 1) + 1
    return Problem(
        Location(file, line, column),
        "",
        f"character U+{exc.character:04X} is not allowed in YAML",
        "printable text, tabs and line breaks",
    )


def _digits(number: str) -> int:
    """How many digits ``number`` is written with: its mantissa's, in any base.

    >>> _digits("-1_000"), _digits("0x1F"), _digits("6.02e23")
    (4, 2, 3)
    """
    body = number.lstrip("+-").lower()
    prefixed = body[:2] in ("0x", "0b", "0o")
    mantissa = body[2:] if prefixed else body.split("e")[0]  # a float's exponent is not counted
    return sum(char.isalnum() for char in mantissa)


def _base(number: str) -> str:
    """The base a YAML 1.1 number is written in when it is not a plain decimal: base 60
    (``1:30``), hexadecimal (``0x1F``), octal (``007``, ``0o7``) or binary (``0b101``); empty
    for a plain number.

    >>> _base("1:30"), _base("-0x1F"), _base("007"), _base("0b11"), _base("0"), _base("0.5")
    ('base 60', 'hexadecimal', 'octal', 'binary', '', '')
    """
    body = number.lstrip("+-").lower()
    if ":" in body:
        return "base 60"
    if body.startswith("0x"):
        return "hexadecimal"
    if body.startswith("0b"):
        return "binary"
    if body.startswith("0o") or (len(body) > 1 and body[0] == "0" and body[1:].isdigit()):
        return "octal"
    if body.startswith("0_"):
        return "octal"
    return ""


_COMMENT = re.compile("[ \t]*(#[^\r\n\x85\u2028\u2029]*)")
"""White space then a comment, up to the end of the line (YAML's line breaks)."""


class _Converter:
    """Turns composed YAML nodes into :mod:`pnpkit.load.nodes`. ``problems`` receives what
    leaves a usable tree; ``refused`` what makes the file unusable (a character that cannot be
    printed, a number too long or not finite). ``text`` is the document's, to find the comment
    that follows a value left empty."""

    def __init__(self, file: str, text: str, problems: list[Problem]) -> None:
        self.file = file
        self.text = text
        self.problems = problems
        self.refused: list[Problem] = []
        self.done: dict[int, Node] = {}
        self.constructor = yaml.SafeLoader("")

    def convert(self, node: YamlNode, path: str = "", is_key: bool = False) -> Node:
        known = self.done.get(id(node))
        if known is None:
            known = self._convert(node, path, is_key)
            self.done[id(node)] = known
        return known

    def _convert(self, node: YamlNode, path: str, is_key: bool) -> Node:
        where = _where(self.file, node.start_mark)
        if isinstance(node, YamlScalar):
            value = self._scalar(node, where, path)
            if isinstance(value, str):
                self._check_text(value, where, path, is_key)
            if value is None and node.value == "" and node.style is None:
                return self._empty(node, where)
            return ScalarNode(where, value, str(node.value))
        if isinstance(node, YamlSequence):
            self._check_tag(node, _TAG + "seq", where)
            return ListNode(
                where,
                tuple(self.convert(item, item_path(path, i)) for i, item in enumerate(node.value)),
            )
        assert isinstance(node, YamlMapping)
        self._check_tag(node, _TAG + "map", where)
        entries: list[tuple[ScalarNode, Node]] = []
        seen: dict[str, Location] = {}
        for key_node, value_node in node.value:
            if key_node.tag == _TAG + "merge":
                self._add(
                    _where(self.file, key_node.start_mark),
                    "merge keys (<<) are not supported; write the fields out",
                )
                continue
            key_ = self.convert(key_node, path, is_key=True)
            key_where = key_.where
            if not isinstance(key_, ScalarNode) or key_.value is None:
                self._add(key_where, "a key must be a plain name")
                continue
            name = str(key_.value)
            if name in seen:
                first = seen[name]
                self._add(key_where, f"duplicate key {name!r} (first at line {first.line})")
                continue
            seen[name] = key_where
            entries.append(
                (
                    ScalarNode(key_where, name, key_.text),
                    self.convert(value_node, child_path(path, name)),
                )
            )
        return MapNode(where, tuple(entries))

    def _empty(self, node: YamlScalar, where: Location) -> ScalarNode:
        """A value left empty (``key:``), with the comment that follows it on its line, placed
        at the comment's ``#`` (``colour: #7a4a1d`` unquoted is such a value)."""
        found = _COMMENT.match(self.text, node.start_mark.index)
        if found is None:
            return ScalarNode(where, None, "")
        hash_at = Location(self.file, where.line, where.column + found.start(1) - found.start())
        return ScalarNode(hash_at, None, "", found.group(1).rstrip())

    def _scalar(self, node: YamlScalar, where: Location, path: str) -> ScalarValue:
        tag = node.tag
        if tag not in _PLAIN_SCALARS:
            self._add(
                where, f"tag {_short(tag)} is not supported", "text, numbers, true/false, null"
            )
            return str(node.value)
        if tag == _TAG + "null":
            return None
        if tag == _TAG + "bool":
            return self.constructor.construct_yaml_bool(node)
        if tag in (_TAG + "int", _TAG + "float"):
            return self._number(node, where, path)
        return str(node.value)

    def _number(self, node: YamlScalar, where: Location, path: str) -> ScalarValue:
        """An int or a float, unless it has too many digits or is not finite (refused)."""
        text = str(node.value)
        digits = _digits(text)
        if digits > MAX_DIGITS:
            # never converted (an int of over 4300 digits would raise) nor echoed whole
            cut = f"{text[:MAX_DIGITS]}…" if len(text) > MAX_DIGITS else text
            self.refused.append(
                Problem(
                    where,
                    path,
                    f"the number {cut} has {digits} digits",
                    f"numbers of at most {MAX_DIGITS} digits",
                )
            )
            return None
        base = _base(text)
        if base:  # YAML 1.1 reads 1:30 as 90, 0x1F as 31, 007 as 7: never what was meant, so
            # refused (the file's problems always stop the load)
            number = (
                self.constructor.construct_yaml_int(node)
                if node.tag == _TAG + "int"
                else self.constructor.construct_yaml_float(node)
            )
            shown = str(number) if isinstance(number, int) else f"{number:g}"
            example = f" such as {shown}"
            if _digits(shown) > MAX_DIGITS:  # never echoed longer than a number may be
                shown, example = f"a number of {_digits(shown)} digits", ""
            self.problems.append(
                Problem(
                    where,
                    path,
                    f"{text} is a number in {base} to YAML, which reads it as {shown}",
                    f'a plain number{example}, or text in quotes ("{text}")',
                )
            )
            return number  # as YAML reads it (a number field says no more), never used
        if node.tag == _TAG + "int":
            return self.constructor.construct_yaml_int(node)
        value = self.constructor.construct_yaml_float(node)
        if not math.isfinite(value):
            self.refused.append(
                Problem(
                    where,
                    path,
                    f"{text} is not a finite number",
                    f"numbers of at most {MAX_DIGITS} digits",
                )
            )
            return None
        return value

    def _check_text(self, text: str, where: Location, path: str, is_key: bool) -> None:
        found = characters.refused(text)
        if found:
            holder = f"key {quote(text)}" if is_key else "text"
            self.refused.append(
                Problem(
                    where,
                    path,
                    f"{holder} holds {characters.describe_refused(text, found)}",
                    characters.ALLOWED,
                )
            )

    def _check_tag(self, node: YamlNode, expected: str, where: Location) -> None:
        if node.tag != expected:
            self._add(where, f"tag {_short(node.tag)} is not supported", "plain lists and mappings")

    def _add(self, where: Location, message: str, allowed: str = "") -> None:
        self.problems.append(Problem(where, "", message, allowed))


def parse_yaml(text: str, file: str, problems: list[Problem] | None = None) -> Node:
    """Read YAML ``text`` as if it came from ``file``; see :func:`load_yaml`."""
    root = compose(text, file)
    found: list[Problem] = []
    if root is None:
        tree: Node = ScalarNode(Location(file, 1, 1), None, "")
    else:
        converter = _Converter(file, text, found)
        tree = converter.convert(root)
        if converter.refused:  # the file is not used: no reader sees a half-refused tree
            raise DataError(
                sorted(found + converter.refused, key=lambda p: (p.where.line, p.where.column))
            )
    if problems is None:
        if found:
            raise DataError(found)
    else:
        problems.extend(found)
    return tree


def load_yaml(path: Path | str, problems: list[Problem] | None = None) -> Node:
    """Read a YAML file into nodes marked with ``file:line:col``.

    ``problems``, if given, receives the problems that leave a usable tree (duplicate keys,
    unsupported tags), so the caller can report them with its own; without it they raise.
    A missing or unreadable file, anything but a regular file, a link out of the data folder,
    a file over the size cap, a syntax error, an alias bomb, a character that cannot be printed
    or a number too long always raise :class:`~pnpkit.errors.DataError`.
    """
    file = str(path)
    tree = _parsed(_read_text(Path(path), file), file, problems)
    reading = _READING.get()
    if reading is not None:
        reading.trees.append((file, tree))
    return tree


_PARSED: OrderedDict[str, tuple[str, Node, tuple[Problem, ...]]] = OrderedDict()
"""The trees last parsed, by file, with the text each was parsed from and the problems that
left it usable: a file read again with the same text is not parsed again (a game's
``game.yaml`` is read for its ``kit:`` by :func:`pnpkit.games.kind_of`, then by the game's
loader). Keyed by the text, not the modification time, so an edit is never missed; the file is
still opened and checked each time (and heard by the read audit of ``pnpkit watch``)."""
_PARSED_MOST = 64
_PARSED_LOCK = threading.Lock()


def _parsed(text: str, file: str, problems: list[Problem] | None) -> Node:
    """:func:`parse_yaml`, once for each text of ``file`` (see :data:`_PARSED`)."""
    with _PARSED_LOCK:
        kept = _PARSED.get(file)
        if kept is not None and kept[0] == text:
            _PARSED.move_to_end(file)
    if kept is not None and kept[0] == text:
        tree, found = kept[1], kept[2]
    else:
        problems_found: list[Problem] = []
        tree = parse_yaml(text, file, problems_found)
        found = tuple(problems_found)
        with _PARSED_LOCK:
            _PARSED[file] = (text, tree, found)
            _PARSED.move_to_end(file)
            while len(_PARSED) > _PARSED_MOST:
                _PARSED.popitem(last=False)
    if problems is None:
        if found:
            raise DataError(list(found))
    else:
        problems.extend(found)
    return tree


def try_load_yaml(path: Path | str, problems: list[Problem]) -> Node | None:
    """Like :func:`load_yaml`, but every problem, even one that stops the read, goes to
    ``problems``; None when there is no tree to read. For loaders that read several files
    and report them all at once."""
    try:
        return load_yaml(path, problems)
    except DataError as exc:
        problems.extend(exc.problems)
        return None


def read_data_text(path: Path | str) -> str:
    """The text of a data file that is not YAML (a card table), with every check a YAML file
    gets before it is parsed: a regular file inside the data folder, of capped size, UTF-8."""
    return _read_text(Path(path), str(path))


def remember(file: str, tree: Node) -> None:
    """List a tree read from a data file that is not YAML in the current :func:`data_folder`
    reading, so checks of every value read (the font's glyphs) see it too."""
    reading = _READING.get()
    if reading is not None:
        reading.trees.append((file, tree))
