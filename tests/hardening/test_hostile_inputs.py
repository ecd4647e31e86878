"""Hostile input through the command line: each case is exit 1 with a message at the file (and
line and column where there is one), never a traceback, never a hang.

Characters that cannot be printed (control, zero-width and direction characters, lone
surrogates), numbers too long to read or to quote, data files that are not regular files,
links out of the data folder, and a disk that fills up while a kit is written.
"""

from __future__ import annotations

import errno
import os
import re
import shutil
import socket
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from pnpkit.cli import main
from pnpkit.errors import DataError
from pnpkit.load.nodes import iter_strings
from pnpkit.load.yamlnode import MAX_DIGITS, data_folder, load_yaml, parse_yaml

REPO = Path(__file__).resolve().parents[2]
GAME = "high-seas"
"""The game the cases break: a card game that checks in half a second."""
COMMANDS = ("check", "build")
SECRET = "s3cret-first-line: do not print me"
"""The first line of a file outside the data folder that a link points at."""

Run = Callable[..., tuple[int, str]]


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """A data folder holding a private copy of :data:`GAME`."""
    folder = tmp_path / "data"
    shutil.copytree(REPO / "data" / GAME, folder / GAME)
    return folder


@pytest.fixture
def run(tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]) -> Run:
    """``run("check")``: the command on :data:`GAME` in ``data``; its exit code and stderr."""

    def go(command: str, *extra: str) -> tuple[int, str]:
        argv = [command, GAME, "--data", str(data), *extra]
        if command == "build":
            argv += ["--out", str(tmp_path / "out")]
        code = main(argv)
        err = capsys.readouterr().err
        assert "Traceback" not in err
        return code, err

    return go


def edit(data: Path, old: str, new: str) -> tuple[Path, int]:
    """Replace ``old`` by ``new`` in the game's ``game.yaml``; the file and the 1-based line."""
    path = data / GAME / "game.yaml"
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), "utf-8", errors="surrogatepass")
    return path, text[: text.index(old)].count("\n") + 1


def no_staging_left(root: Path) -> bool:
    return not [p for p in root.rglob("*") if p.name.endswith(".staging")]


# --- characters that cannot be printed --------------------------------------------------------


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize(
    ("written", "says"),
    [
        (
            r'name: "Can\0\e\a"',
            "text holds U+0000 NULL (a control character) at character 4, "
            "U+001B ESCAPE (a control character) at character 5, "
            "U+0007 BELL (a control character) at character 6",
        ),
        (
            "name: Can\u202enon",  # written raw: the YAML reader lets it through
            "text holds U+202E RIGHT-TO-LEFT OVERRIDE (an invisible format character) "
            "at character 4",
        ),
        (
            r'name: "Can\u200Bnon"',
            "text holds U+200B ZERO WIDTH SPACE (an invisible format character) at character 4",
        ),
        (
            r'name: "Can\uFEFFnon\u2028"',
            "text holds U+FEFF ZERO WIDTH NO-BREAK SPACE (an invisible format character) at "
            "character 4, U+2028 LINE SEPARATOR (a line separator) at character 8",
        ),
        (
            r'name: "\uD800"',
            "text holds U+D800 SURROGATE (a lone surrogate, half of an escaped pair) "
            "at character 1",
        ),
    ],
)
def test_a_character_that_cannot_be_printed_is_refused_at_its_value(
    data: Path, run: Run, command: str, written: str, says: str
) -> None:
    path, line = edit(data, "name: Cannoneer", written)
    code, err = run(command)
    assert code == 1
    assert err.startswith(
        f"error: {path}:{line}:11: crew[0].name: {says} "
        "(allowed: printable text, line breaks and tabs)\n"
    )


@pytest.mark.parametrize("command", COMMANDS)
def test_a_zero_width_character_in_a_key_is_refused(data: Path, run: Run, command: str) -> None:
    # without the check, "na\u200bme" is an unknown key whose message shows "name"
    path, line = edit(data, "    name: Cannoneer", "    na\u200bme: Cannoneer")
    code, err = run(command)
    assert code == 1
    assert err.startswith(
        f"error: {path}:{line}:5: crew[0]: key 'na\\u200bme' holds U+200B ZERO WIDTH SPACE "
        "(an invisible format character) at character 3"
    )
    assert "\u200b" not in err  # the message shows it escaped


def test_line_breaks_and_tabs_stay_allowed() -> None:
    node = parse_yaml('a: "one\\ttwo\\nthree"\nb: |\n  x\n  y\n', "f.yaml")
    assert [s.value for _, s in iter_strings(node)] == ["a", "one\ttwo\nthree", "b", "x\ny\n"]


# --- numbers ---------------------------------------------------------------------------------


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("digits", [5001, 400, MAX_DIGITS + 1])
def test_a_number_with_too_many_digits_is_refused_and_not_echoed(
    data: Path, run: Run, command: str, digits: int
) -> None:
    # 5001 digits: Python refuses to convert more than 4300, and the loader's traceback showed
    path, line = edit(data, "count: 10", "count: 1" + "0" * (digits - 1))
    code, err = run(command)
    assert code == 1
    assert err.startswith(
        f"error: {path}:{line}:12: crew[0].count: the number {'1' + '0' * 19}… has "
        f"{digits} digits (allowed: numbers of at most {MAX_DIGITS} digits)\n"
    )
    assert not re.search(r"\d{21}", err), "more than 20 digits echoed"


def test_the_longest_number_allowed_is_read() -> None:
    node = parse_yaml(f"a: {'9' * MAX_DIGITS}\nb: -0x{'f' * MAX_DIGITS}\n", "f.yaml")
    assert node.get("a").value == int("9" * MAX_DIGITS)  # type: ignore[union-attr]


@pytest.mark.parametrize("written", ["1.0e+999", ".inf", "-.inf", ".nan"])
def test_a_number_that_is_not_finite_is_refused(data: Path, run: Run, written: str) -> None:
    path, line = edit(data, "count: 10", f"count: {written}")
    code, err = run("check")
    assert code == 1
    assert f"{path}:{line}:12: crew[0].count: {written} is not a finite number" in err


# --- files that are not data files ----------------------------------------------------------


def _pnpkit(*argv: str) -> subprocess.CompletedProcess[str]:
    """Run pnpkit in its own process, killed after a minute: a hang fails, never waits."""
    return subprocess.run(
        [sys.executable, "-m", "pnpkit.cli", *argv],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )


@pytest.mark.parametrize("command", COMMANDS)
def test_a_data_file_that_is_a_fifo_is_refused_at_once(
    tmp_path: Path, data: Path, command: str
) -> None:
    # it hung `check` and `build` forever (opening a FIFO waits for a writer), and a killed
    # build left its staging folder behind
    game_yaml = data / GAME / "game.yaml"
    game_yaml.unlink()
    os.mkfifo(game_yaml)
    out = tmp_path / "out"
    done = _pnpkit(command, GAME, "--data", str(data), "--out", str(out))
    assert done.returncode == 1, done.stderr
    assert done.stderr.startswith(
        f"error: {game_yaml}: is a named pipe (FIFO), not a data file (allowed: regular files)\n"
    )
    assert "Traceback" not in done.stderr
    assert no_staging_left(tmp_path)


def test_a_socket_or_a_folder_is_refused_as_a_data_file(tmp_path: Path) -> None:
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(tmp_path / "s.yaml"))
        with pytest.raises(DataError, match=r"s\.yaml: is a socket, not a data file"):
            load_yaml(tmp_path / "s.yaml")
    (tmp_path / "d.yaml").mkdir()
    with pytest.raises(DataError, match=r"d\.yaml: is a folder, not a data file"):
        load_yaml(tmp_path / "d.yaml")


@pytest.mark.parametrize("command", COMMANDS)
def test_a_link_to_a_file_outside_the_data_folder_quotes_nothing_of_it(
    tmp_path: Path, data: Path, run: Run, command: str
) -> None:
    # it said "expected a mapping of fields, found text 'root:x:0:0:root…'" for /etc/passwd
    secret = tmp_path / "secret.txt"
    secret.write_text(f"{SECRET}\nmore: secrets\n", "utf-8")
    game_yaml = data / GAME / "game.yaml"
    game_yaml.unlink()
    game_yaml.symlink_to(secret)
    code, err = run(command)
    assert code == 1
    assert err.startswith(
        f"error: {game_yaml}: is a symbolic link that leads out of the data folder; not read"
    )
    assert "s3cret" not in err and "secrets" not in err and str(secret) not in err


def test_a_link_to_a_system_file_quotes_nothing_of_it(data: Path, run: Run) -> None:
    game_yaml = data / GAME / "game.yaml"
    game_yaml.unlink()
    game_yaml.symlink_to("/etc/passwd")
    code, err = run("check")
    assert code == 1
    assert "root:" not in err and "daemon" not in err and "/etc/passwd" not in err


def test_a_link_inside_the_data_folder_is_read(data: Path, run: Run) -> None:
    game_yaml = data / GAME / "game.yaml"
    game_yaml.rename(data / GAME / "real.yml")
    game_yaml.symlink_to("real.yml")
    assert run("check") == (0, "")


def test_a_folder_linked_out_of_the_data_folder_is_refused_inside_it(tmp_path: Path) -> None:
    # a game's `charts/` linked to a system folder: its own folder is the link's target, so only
    # the data folder tells that the file lies outside
    outside = tmp_path / "etc"
    outside.mkdir()
    (outside / "x.yaml").write_text(f"{SECRET}\n", "utf-8")
    game = tmp_path / "data" / "game"
    game.mkdir(parents=True)
    (game / "charts").symlink_to(outside)
    with data_folder(tmp_path / "data"), pytest.raises(DataError) as caught:
        load_yaml(game / "charts" / "x.yaml")
    assert str(caught.value) == (
        f"{game / 'charts' / 'x.yaml'}: is a symbolic link that leads out of the data folder; "
        "not read (allowed: files inside the data folder, or links to them)"
    )


def test_a_data_folder_block_lists_every_tree_read(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("title: A\n", "utf-8")
    (tmp_path / "b.yaml").write_text("- [x, {y: z}]\n", "utf-8")
    with data_folder(tmp_path) as reading:
        load_yaml(tmp_path / "a.yaml")
        load_yaml(tmp_path / "b.yaml")
    assert list(reading.files()) == [str(tmp_path / "a.yaml"), str(tmp_path / "b.yaml")]
    found = [(path, s.value, str(s.where)) for path, s in iter_strings(reading.trees[1][1])]
    assert found == [
        ("[0][0]", "x", f"{tmp_path / 'b.yaml'}:1:4"),
        ("[0][1].y", "y", f"{tmp_path / 'b.yaml'}:1:8"),
        ("[0][1].y", "z", f"{tmp_path / 'b.yaml'}:1:11"),
    ]


# --- a full disk -----------------------------------------------------------------------------


def test_a_full_disk_names_the_file_it_could_not_write(
    tmp_path: Path, run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the kernel's ENOSPC from write() or fsync() names no file; the message said only
    # "error: No space left on device"
    from pnpkit.layout import atomic

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(atomic.os, "fsync", full)
    code, err = run("build", "--quiet")
    assert code == 1
    assert re.fullmatch(r"error: \S+\.pdf: No space left on device\n", err), err
    assert no_staging_left(tmp_path)
