"""Hypothesis strategies that break game data files the way people (and editors) do.

Two families of mutation, both starting from a real file under ``data/``:

- *tree* mutations read the file with PyYAML, change one place in the tree — delete a key or an
  item, change a value's type, insert an unknown key, put in a huge or negative number, unicode,
  an empty string, markup, a Jinja placeholder, a very long text, a long list — and write the
  tree back as YAML;
- *text* mutations work on the characters or bytes: truncate, insert syntax characters, delete
  a slice, swap or duplicate lines, corrupt the UTF-8.

Every strategy returns the bytes to write in place of the file.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml
from hypothesis import strategies as st

Tree = Any
PathKey = tuple[str | int, ...]

HUGE = (10**6, 10**9, 2**31, 2**63, 10**30, 10**400)
"""Numbers far outside any range; the last is wider than a C double."""

NASTY_TEXT = (
    "",
    " ",
    "\t",
    "~",
    "null",
    '<Fireship & "Co">',
    "</text><image href='/etc/passwd'/>",
    "{{ ''.__class__.__mro__ }}",
    "{{ 1 // 0 }}",
    "{{ 'x' * 99999999 }}",
    "{{ 9 ** 9 ** 9 }}",
    "{% for a in range(99999) %}{% for b in range(99999) %}{% endfor %}{% endfor %}",
    "{{",
    "}}",
    "{{ missing }}",
    "**bold",
    "`code",
    "ÆØÅ ß ✓ ⚓ 🏴‍☠️ 中文 עברית",
    "\u200b\u202e",
    "\x00",
    "\ufffd",
    "W" * 5000,
    "word " * 2000,
    "-1",
    "1e309",
    "NaN",
    "#zzzzzz",
    "1.25in",
    "99999in",
    "-3mm",
    "0pt",
    "../../../etc/passwd",
    "/etc/passwd",
    "C:\\Windows\\win.ini",
)

SYNTAX_BITS = (
    ":", ": ", "- ", "[", "]", "{", "}", "&a ", "*a", "!!python/object:os.system ", "!!binary ",
    "<<: ", "%YAML 1.1\n", "---\n", "...\n", "|", ">", "'", '"', "#", "\t", "\n", "\r", "\x00",
    "\ufeff", "@", "`", "? ", ",", "  ", "\n  - ", "\n- ",
)  # fmt: skip


def yaml_files(game_dir: Path) -> list[Path]:
    """Every YAML file of a game, sorted, found on disk (new games are picked up by themselves)."""
    return sorted(p for p in game_dir.rglob("*.yaml") if p.is_file())


def places(tree: Tree, prefix: PathKey = ()) -> Iterator[PathKey]:
    """Every place in ``tree`` (the root included), parents before children."""
    yield prefix
    if isinstance(tree, dict):
        for key, value in tree.items():
            yield from places(value, (*prefix, key))
    elif isinstance(tree, list):
        for index, value in enumerate(tree):
            yield from places(value, (*prefix, index))


def _at(tree: Tree, path: PathKey) -> Tree:
    for key in path:
        tree = tree[key]
    return tree


def scalars() -> st.SearchStrategy[Any]:
    """Values of the wrong kind, size or sign."""
    return st.one_of(
        st.sampled_from(HUGE),
        st.sampled_from(HUGE).map(lambda n: -n),
        st.integers(-1000, 1000),
        st.floats(allow_nan=True, allow_infinity=True),
        st.booleans(),
        st.none(),
        st.sampled_from(NASTY_TEXT),
        st.text(max_size=30),
        st.just([]),
        st.just({}),
        st.lists(st.integers(-5, 5), max_size=4),
        st.dictionaries(st.text(max_size=8), st.integers(), max_size=3),
    )


@st.composite
def tree_mutation(draw: st.DrawFn, text: str) -> bytes:
    """Change one place of the YAML tree in ``text``; the result is dumped as YAML."""
    tree = copy.deepcopy(yaml.safe_load(text))
    spots = list(places(tree))
    path = draw(st.sampled_from(spots))
    action = draw(
        st.sampled_from(("delete", "replace", "unknown-key", "wrap", "unwrap", "repeat", "swap"))
    )
    if not path:  # the root
        if action in ("replace", "wrap", "unwrap", "delete"):
            tree = draw(scalars())
        elif isinstance(tree, dict):
            tree[draw(st.text(min_size=1, max_size=12))] = draw(scalars())
    else:
        parent = _at(tree, path[:-1])
        key = path[-1]
        value = parent[key]
        if action == "delete":
            del parent[key]
        elif action == "replace":
            parent[key] = draw(scalars())
        elif action == "unknown-key":
            target = value if isinstance(value, dict) else parent
            if isinstance(target, dict):
                target[draw(st.sampled_from(("colour", "extra", "Name", "count ", "x")))] = draw(
                    scalars()
                )
            else:
                parent[key] = {"unknown": value}
        elif action == "wrap":
            parent[key] = [value]
        elif action == "unwrap":
            if isinstance(value, list | dict) and value:
                inner = value[0] if isinstance(value, list) else next(iter(value.values()))
                parent[key] = inner
            else:
                parent[key] = {"value": value}
        elif action == "repeat":
            times = draw(st.sampled_from((2, 10, 60)))
            if isinstance(parent, list):
                parent.extend([copy.deepcopy(value) for _ in range(times)])
            else:
                parent[key] = [copy.deepcopy(value) for _ in range(times)]
        else:  # swap: this value with another place's value of any kind
            other = draw(st.sampled_from(spots))
            parent[key] = copy.deepcopy(_at(yaml.safe_load(text), other))
    dumped = yaml.safe_dump(tree, allow_unicode=True, sort_keys=False, width=200)
    return dumped.encode("utf-8")


@st.composite
def text_mutation(draw: st.DrawFn, text: str) -> bytes:
    """Damage the characters or bytes of ``text`` (syntax, truncation, encoding)."""
    raw = text.encode("utf-8")
    lines = text.splitlines(keepends=True)
    action = draw(
        st.sampled_from(
            ("truncate", "insert", "delete", "swap-lines", "dup-line", "indent", "bytes", "char")
        )
    )
    if action == "truncate":
        return raw[: draw(st.integers(0, len(raw)))]
    if action == "bytes":
        at = draw(st.integers(0, len(raw)))
        junk = draw(st.sampled_from((b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00", b"\xef\xbb\xbf")))
        return raw[:at] + junk + raw[at:]
    if action in ("swap-lines", "dup-line", "indent") and lines:
        i = draw(st.integers(0, len(lines) - 1))
        j = draw(st.integers(0, len(lines) - 1))
        if action == "swap-lines":
            lines[i], lines[j] = lines[j], lines[i]
        elif action == "dup-line":
            lines.insert(i, lines[j])
        else:
            lines[i] = draw(st.sampled_from((" ", "  ", "\t", "    "))) + lines[i]
        return "".join(lines).encode("utf-8")
    at = draw(st.integers(0, len(text)))
    if action == "delete":
        end = draw(st.integers(at, min(len(text), at + 40)))
        return (text[:at] + text[end:]).encode("utf-8")
    if action == "char":
        bit = draw(st.characters(codec="utf-8"))
    else:
        bit = draw(st.sampled_from(SYNTAX_BITS))
    return (text[:at] + bit + text[at:]).encode("utf-8")


def mutation(text: str) -> st.SearchStrategy[bytes]:
    """A tree or a text mutation of ``text``, now and then a made-up document instead."""
    return st.one_of(tree_mutation(text), text_mutation(text), documents())


@st.composite
def value_mutation(draw: st.DrawFn, text: str) -> bytes:
    """Replace one scalar with a value of the same kind that is odd (long, unicode, markup,
    extreme): the kind of change that still loads, so the build behind it gets exercised."""
    tree = copy.deepcopy(yaml.safe_load(text))
    spots = [p for p in places(tree) if p and not isinstance(_at(tree, p), dict | list)]
    path = draw(st.sampled_from(spots))
    parent = _at(tree, path[:-1])
    value = parent[path[-1]]
    if isinstance(value, bool) or value is None:
        new: Any = draw(st.sampled_from((True, False, None)))
    elif isinstance(value, int):
        new = draw(
            st.one_of(st.integers(-3, 3), st.sampled_from((value + 1, value - 1, 0, 99, 999)))
        )
    elif isinstance(value, float):
        new = draw(st.floats(-1e6, 1e6))
    else:
        new = draw(
            st.one_of(
                st.sampled_from(NASTY_TEXT),
                st.text(min_size=1, max_size=60),
                st.just(str(value) * draw(st.sampled_from((2, 5, 30)))),
            )
        )
    parent[path[-1]] = new
    return yaml.safe_dump(tree, allow_unicode=True, sort_keys=False, width=200).encode("utf-8")


def documents() -> st.SearchStrategy[bytes]:
    """Whole YAML documents made up from nothing: nested mappings, lists and odd scalars."""
    leaves = st.one_of(st.integers(), st.text(max_size=20), st.none(), st.booleans(), st.floats())
    trees = st.recursive(
        leaves,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=10), inner, max_size=4)
        ),
        max_leaves=20,
    )
    return trees.map(lambda t: yaml.safe_dump(t, allow_unicode=True).encode("utf-8"))
