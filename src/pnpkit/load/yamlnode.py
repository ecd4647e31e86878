"""Read a YAML file into :mod:`pnpkit.load.nodes`, each value marked with its file:line:col.

The file is read with PyYAML's safe loader, stopping at composition: no Python object is ever
built from a tag. Hostile input is refused early:

- a file larger than :data:`MAX_BYTES` is not read at all;
- while composing, the loader counts how many nodes each value would expand to once its
  aliases (``*name``) are followed; a value above :data:`MAX_NODES` ends the load at once, so a
  "billion laughs" file costs a few milliseconds and almost no memory; so does the
  :data:`MAX_NODES`-th value composed, so a long flat list stops while it is read;
- an alias that refers to the value it is inside is refused, and so is nesting deeper than
  :data:`MAX_DEPTH` levels (before Python's own recursion limit is near).

Problems that still leave a readable tree (a duplicate key, an unsupported tag) are collected;
the ones that do not (a syntax error, a limit) raise :class:`~pnpkit.errors.DataError` at once.
"""

from __future__ import annotations

from pathlib import Path

import yaml
from yaml.events import AliasEvent
from yaml.nodes import MappingNode as YamlMapping
from yaml.nodes import Node as YamlNode
from yaml.nodes import ScalarNode as YamlScalar
from yaml.nodes import SequenceNode as YamlSequence

from pnpkit.errors import DataError, Location, Problem
from pnpkit.load.nodes import ListNode, MapNode, Node, ScalarNode, ScalarValue

MAX_BYTES = 1_000_000
"""Largest data file read, in bytes. Game data is a few kilobytes."""
MAX_NODES = 20_000
"""Most values one document may hold, or expand to with its aliases followed. The largest
game file holds about 450; composing 20 000 takes well under a second."""
MAX_DEPTH = 64
"""Deepest nesting of lists and mappings. Game data nests a few levels."""

_TAG = "tag:yaml.org,2002:"
_PLAIN_SCALARS = {_TAG + name for name in ("str", "int", "float", "bool", "null", "timestamp")}


class _LimitExceeded(Exception):
    def __init__(self, mark: yaml.Mark | None, message: str) -> None:
        super().__init__(message)
        self.mark = mark
        self.message = message


class _CountingLoader(yaml.SafeLoader):
    """A safe loader that knows how large each composed value is with its aliases expanded."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.expanded: dict[int, int] = {}
        self.depth = 0
        self.composed = 0

    def compose_node(self, parent: YamlNode | None, index: int) -> YamlNode | None:
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                event = self.peek_event()  # type: ignore[no-untyped-call]
                raise _LimitExceeded(
                    event.start_mark, f"values are nested more than {MAX_DEPTH} levels deep"
                )
            return self._compose_counted(parent, index)
        finally:
            self.depth -= 1

    def _compose_counted(self, parent: YamlNode | None, index: int) -> YamlNode | None:
        if self.check_event(AliasEvent):
            event = self.peek_event()  # type: ignore[no-untyped-call]
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


def _short(tag: str) -> str:
    return "!!" + tag[len(_TAG) :] if tag.startswith(_TAG) else tag


def _where(file: str, mark: yaml.Mark | None) -> Location:
    if mark is None:
        return Location(file)
    return Location(file, mark.line + 1, mark.column + 1)


def _read_text(path: Path, file: str) -> str:
    try:
        with path.open("rb") as stream:
            raw = stream.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise DataError([Problem(Location(file), "", "file not found")]) from None
    except OSError as exc:
        raise DataError([Problem(Location(file), "", f"cannot read: {exc.strerror}")]) from None
    if len(raw) > MAX_BYTES:
        raise DataError(
            [Problem(Location(file), "", "file too large", f"at most {MAX_BYTES} bytes")]
        )
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise DataError(
            [Problem(Location(file, line, column), "", "not valid UTF-8 text")]
        ) from None


def compose(text: str, file: str) -> YamlNode | None:
    """Compose one YAML document with the limits above; raise DataError on a syntax error."""
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
        raise DataError([Problem(_where(file, mark), "", f"YAML syntax: {message}")]) from None
    except yaml.YAMLError as exc:
        raise DataError([Problem(Location(file), "", f"YAML syntax: {exc}")]) from None
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


class _Converter:
    def __init__(self, file: str, problems: list[Problem]) -> None:
        self.file = file
        self.problems = problems
        self.done: dict[int, Node] = {}
        self.constructor = yaml.SafeLoader("")

    def convert(self, node: YamlNode) -> Node:
        known = self.done.get(id(node))
        if known is None:
            known = self._convert(node)
            self.done[id(node)] = known
        return known

    def _convert(self, node: YamlNode) -> Node:
        where = _where(self.file, node.start_mark)
        if isinstance(node, YamlScalar):
            return ScalarNode(where, self._scalar(node, where), str(node.value))
        if isinstance(node, YamlSequence):
            self._check_tag(node, _TAG + "seq", where)
            return ListNode(where, tuple(self.convert(item) for item in node.value))
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
            key = self.convert(key_node)
            key_where = key.where
            if not isinstance(key, ScalarNode) or key.value is None:
                self._add(key_where, "a key must be a plain name")
                continue
            name = str(key.value)
            if name in seen:
                first = seen[name]
                self._add(key_where, f"duplicate key {name!r} (first at line {first.line})")
                continue
            seen[name] = key_where
            entries.append((ScalarNode(key_where, name, key.text), self.convert(value_node)))
        return MapNode(where, tuple(entries))

    def _scalar(self, node: YamlScalar, where: Location) -> ScalarValue:
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
        if tag == _TAG + "int":
            return self.constructor.construct_yaml_int(node)
        if tag == _TAG + "float":
            return self.constructor.construct_yaml_float(node)
        return str(node.value)

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
        tree = _Converter(file, found).convert(root)
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
    A missing or unreadable file, a file over the size cap, a syntax error or an alias bomb
    always raise :class:`~pnpkit.errors.DataError`.
    """
    file = str(path)
    return parse_yaml(_read_text(Path(path), file), file, problems)


def try_load_yaml(path: Path | str, problems: list[Problem]) -> Node | None:
    """Like :func:`load_yaml`, but every problem, even one that stops the read, goes to
    ``problems``; None when there is no tree to read. For loaders that read several files
    and report them all at once."""
    try:
        return load_yaml(path, problems)
    except DataError as exc:
        problems.extend(exc.problems)
        return None
