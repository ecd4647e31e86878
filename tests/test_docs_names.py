"""Every module, function or value the docs and docstrings name exists.

Names are found three ways, in the docstrings of ``src/pnpkit`` and ``bench/`` and in
``README.md`` and ``docs/**/*.md``:

- a dotted name starting with ``pnpkit.`` (``pnpkit.render.vector``), anywhere;
- a dotted name in backquotes whose first part is a package or module right under pnpkit
  (```render.vector```, ``:func:`app.prune.prune_kit```), read as ``pnpkit.`` + the name;
- a path of a Python file in backquotes (```load/schema.py```, ```games/high_seas/game.py```),
  looked for under ``src/pnpkit``, the repository, or (in a docstring) beside its module.

Names relative to a docstring's own package (``rules.deal_table`` in a game) and bare module
names are not looked up: they cannot be told from a value's attributes (``chart.seats``).

A name resolves when its longest importable prefix is a module and each part after it is an
attribute (or a dataclass field, or an annotated name) of the one before. Modules move while
docs stay: this is what tells.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import importlib.util
import inspect
import itertools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SRC = REPO / "src" / "pnpkit"
DOCS = [REPO / "README.md", *sorted((REPO / "docs").rglob("*.md"))]

FILE_SUFFIXES = {"toml", "py", "yaml", "yml", "md", "json", "j2", "svg", "pdf", "png", "txt", "csv"}
"""A dotted name ending in one of these is a file (``pnpkit.toml``), not a module."""

FULL = re.compile(r"(?<![\w/.-])pnpkit(?:\.[A-Za-z_]\w*)+")
QUOTED = re.compile(r"`+~?([A-Za-z_][\w./<>*-]*)(?:\(.*?\))?`+")
PART = re.compile(r"[A-Za-z_]\w*")


def _text(statement: ast.stmt) -> str | None:
    """The string ``statement`` is, when it is a bare string (a docstring)."""
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
        value = statement.value.value
        return value if isinstance(value, str) else None
    return None


def docstrings(path: Path) -> Iterator[tuple[int, str]]:
    """``(line, text)`` of every docstring in the Python file at ``path``: of the module, its
    classes and functions, and of attributes (a string right after an assignment)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        body = getattr(node, "body", None)
        if not isinstance(body, list) or not body:
            continue
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            text = _text(body[0])
            if text is not None:
                yield body[0].lineno, text
        for before, after in itertools.pairwise(body):
            text = _text(after)
            if isinstance(before, ast.Assign | ast.AnnAssign) and text is not None:
                yield after.lineno, text


def names_in(text: str) -> Iterator[tuple[str, str]]:
    """``(kind, name)`` for each name in ``text``: ``full`` (``pnpkit.x.y``), ``short``
    (```x.y```, looked up when ``x`` is a module of pnpkit) or ``path`` (```x/y.py```)."""
    for match in FULL.finditer(text):
        name = match.group(0)
        if name.rpartition(".")[2] not in FILE_SUFFIXES:
            yield "full", name
    for match in QUOTED.finditer(text):
        name = match.group(1)
        if any(mark in name for mark in "<>*"):
            continue  # a pattern (``games/<game>/game.py``), not a name
        if name.endswith(".py") and "/" in name:
            yield "path", name
        elif "/" not in name and "-" not in name and not name.startswith("pnpkit."):
            parts = name.split(".")
            dotted = len(parts) > 1 and all(PART.fullmatch(p) for p in parts)
            if dotted and parts[-1] not in FILE_SUFFIXES:
                yield "short", name


def resolves(name: str) -> bool:
    """Whether the dotted ``name`` is a module, or a module and attributes of it."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        module = ".".join(parts[:cut])
        try:
            spec = importlib.util.find_spec(module)
        except ModuleNotFoundError:
            spec = None
        if spec is None:
            continue
        if cut == len(parts):
            return True
        if parts[cut - 1] == "__main__":
            return False  # never run a command to look inside it
        value: object = importlib.import_module(module)
        for part in parts[cut:]:
            if not has(value, part):
                return False
            value = getattr(value, part, None)
        return True
    return False


def has(value: object, part: str) -> bool:
    """Whether ``part`` is an attribute of ``value``, a field of its dataclass or a name its
    class annotates (a field without a default is no class attribute)."""
    if hasattr(value, part):
        return True
    if dataclasses.is_dataclass(value) and part in {f.name for f in dataclasses.fields(value)}:
        return True
    classes = inspect.getmro(value) if isinstance(value, type) else ()
    return any(part in inspect.get_annotations(c) for c in classes)


def short_module(name: str) -> str | None:
    """``pnpkit.`` + ``name`` when its first part is a module of pnpkit's own (``render``,
    ``cli_args``), else None: ``chart.seats`` or ``game.where.of`` name a value's attributes,
    not a module, and are not looked up."""
    if importlib.util.find_spec(f"pnpkit.{name.split('.')[0]}") is None:
        return None
    return f"pnpkit.{name}"


def path_exists(path: str, home: Path | None) -> bool:
    """Whether ``path`` is a file under pnpkit's sources, the repository or ``home``'s folder."""
    folders = [SRC, REPO, *([home.parent] if home is not None else [])]
    return any((folder / path).is_file() for folder in folders)


def problems(text: str, where: str, home: Path | None = None) -> list[str]:
    """Every name in ``text`` (found at ``where``) that does not resolve."""
    found: list[str] = []
    for kind, name in names_in(text):
        if kind == "full":
            ok = resolves(name)
        elif kind == "path":
            ok = path_exists(name, home)
        else:
            full = short_module(name)
            ok = full is None or resolves(full)
        if not ok:
            found.append(f"{where}: {name}")
    return found


def test_every_name_in_a_docstring_exists() -> None:
    found = [
        problem
        for path in [*sorted(SRC.rglob("*.py")), *sorted((REPO / "bench").rglob("*.py"))]
        if "templates" not in path.relative_to(REPO).parts
        for line, text in docstrings(path)
        for problem in problems(text, f"{path.relative_to(REPO)}:{line}", path)
    ]
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("page", DOCS, ids=lambda p: str(p.relative_to(REPO)))
def test_every_name_in_the_docs_exists(page: Path) -> None:
    found = [
        problem
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), start=1)
        for problem in problems(line, f"{page.relative_to(REPO)}:{number}")
    ]
    assert found == [], "\n".join(found)


def test_a_name_that_moved_is_found() -> None:
    assert problems("see `render.vector` and pnpkit.build.write.write_document", "x") == []
    assert problems("see :func:`pnpkit.layout.paper.nowhere`", "x") == [
        "x: pnpkit.layout.paper.nowhere"
    ]
    assert problems("kept in ``render.gone``", "x") == ["x: render.gone"]
    assert problems("read by `load/nowhere.py`", "x") == ["x: load/nowhere.py"]
    assert problems("set in `pnpkit.toml`, a `game.yaml` or `Game.check`", "x") == []
