"""Fuzzing the command line: ``main(argv)`` with generated arguments (commands, options, odd
values, paths that are missing, files where folders belong, garbage PDFs) returns 0, 1 or 2 and
never raises. It runs in a scratch folder, so a default ``./output`` lands there. No path outside
the scratch folder is offered as an output: the suite may run as root, and ``--out /dev/null``
once could have replaced the device (see tests/hardening/test_atomic.py)."""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnpkit.app.cli import main

from .harness import DATA, budget, copy_data

FAST_GAME = "high-seas"
"""The game the fuzzed command lines may build: the quickest kit."""


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("fuzz-cli")
    copy_data(root, [FAST_GAME, "tabletop-fleets"])
    charts = root / "data" / "false-colors" / "charts"
    charts.mkdir(parents=True)
    (charts / "duel.yaml").write_bytes(
        (DATA / "false-colors" / "charts" / "duel.yaml").read_bytes()
    )
    (root / "empty").mkdir()
    (root / "a-file.txt").write_text("not a folder\n", encoding="utf-8")
    (root / "garbage.pdf").write_bytes(b"%PDF-1.4\n%garbage\n" + bytes(range(256)))
    (root / "empty.pdf").write_bytes(b"")
    return root


@contextlib.contextmanager
def inside(folder: Path) -> Iterator[None]:
    before = Path.cwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(before)


WORDS = st.sampled_from(
    (
        "check", "map", "build", "verify", "help", "--help", "-h", "--version",
        "--data", "--out", "--seed", "--islands", "--format", "--paper",
        "data", "empty", "a-file.txt", "missing", "garbage.pdf", "empty.pdf", "out", "out/",
        "high-seas", "false-colors", "nope", "duel", "square", "hex",
        "text", "json", "svg", "pdf", "letter", "a4", "A4", "legal",
        "0", "1", "7", "-1", "99999", "10000000000000000000000", "1e3", "", " ", "--", "-",
        "--seed=3", "--islands=-2", "--paper=a4", "--format=json", "--data=", "--out=",
        "/nonexistent/x", "..", "ÆØÅ", "\u202e", "x" * 300,
        "table-layout", "--crews", "--table", "round", "max", "tabletop-fleets",
        "new", "--title", "salvage-run", "export", "printshop", "tts", "all", "preview",
    )
)  # fmt: skip
ARGS = st.lists(st.one_of(WORDS, WORDS, WORDS, st.text(max_size=12)), max_size=8)


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def assume_quick(argv: list[str]) -> bool:
    """Builds of every game take long; the fuzzed ones build one small game at most."""
    if "build" not in argv or any(a in ("-h", "--help", "--version") for a in argv):
        return True
    return FAST_GAME in argv and "false-colors" not in argv


@budget(40)
@given(argv=ARGS)
def test_any_command_line_exits_0_1_or_2(scratch: Path, argv: list[str]) -> None:
    if not assume_quick(argv):
        argv = [a for a in argv if a != "build"]
    argv = [a for a in argv if a != "watch"]  # runs until interrupted
    with inside(scratch):
        code, _, err = run(argv)
    assert code in (0, 1, 2), f"exit {code} for {argv!r}"
    assert "Traceback" not in err
    if code:
        assert err.strip(), f"exit {code} with nothing on stderr for {argv!r}"


@budget(25)
@given(
    command=st.sampled_from(
        ("map duel", "check", "verify", "table-layout --crews 2", "export", "new x-game")
    ),
    extra=st.lists(WORDS, max_size=5),
)
def test_commands_with_odd_options(scratch: Path, command: str, extra: list[str]) -> None:
    argv = [*command.split(), *extra]
    if command.startswith(("map", "table-layout")) and "--seed" not in extra:
        argv += ["--seed", "1"]
    with inside(scratch):
        code, _, err = run(argv)
    assert code in (0, 1, 2), f"exit {code} for {argv!r}"
    if code:
        assert err.strip()
