"""Hostile input through the command line: each case is exit 1 with a message at the file (and
line and column where there is one), never a traceback, never a hang.

Characters the embedded font cannot draw (Hebrew, Arabic, emoji), characters that cannot be
printed at all (control, zero-width and direction characters, lone surrogates), numbers too
long to read or to quote, data files that are not regular files, links out of the data folder,
and a disk that fills up while a kit is written.
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
from tests.writing import replace_once

from pnpkit.app.cli import main
from pnpkit.errors import DataError, Problem
from pnpkit.load.nodes import iter_strings
from pnpkit.load.yamlnode import MAX_DIGITS, data_folder, load_yaml, parse_yaml
from pnpkit.render import fonts

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
    return path, replace_once(path, old, new)


def no_staging_left(root: Path) -> bool:
    return not [p for p in root.rglob("*") if p.name.endswith(".staging")]


# --- characters the embedded font has no glyph for ------------------------------------------

FONT_ALLOWED = (
    "(allowed: characters the embedded font Source Sans Pro draws in every face: Latin letters "
    "and accents, digits, punctuation and common symbols)"
)


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize(
    ("written", "says"),
    [
        ("name: Canא", "U+05D0 HEBREW LETTER ALEF at character 4"),
        (
            "name: مدفع Cannon",
            "U+0645 ARABIC LETTER MEEM at character 1, U+062F ARABIC LETTER DAL at character 2, "
            "U+0641 ARABIC LETTER FEH at character 3, and 1 more",
        ),
        ("name: Can 💀", "U+1F480 SKULL at character 5"),
        ("name: α Cannoneer", "U+03B1 GREEK SMALL LETTER ALPHA at character 1 (in italic)"),
    ],
)
def test_a_character_without_a_glyph_is_refused_at_its_value(
    data: Path, run: Run, command: str, written: str, says: str
) -> None:
    # it printed as an empty box, with exit 0
    path, line = edit(data, "name: Cannoneer", written)
    code, err = run(command)
    assert code == 1
    text = written.removeprefix("name: ")
    assert err.startswith(
        f"error: {path}:{line}:11: crew[0].name: {text!r} has no glyph in the embedded font "
        f"Source Sans Pro for {says} {FONT_ALLOWED}\n"
    )
    assert not (data.parent / "out").exists()


@pytest.mark.parametrize("game", sorted(p.name for p in (REPO / "data").iterdir() if p.is_dir()))
def test_every_game_checks_its_text_against_the_font(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str
) -> None:
    shutil.copytree(REPO / "data" / game, tmp_path / game)
    path = tmp_path / game / "game.yaml"
    text = path.read_text("utf-8")
    # the title's text, also where it is marked our choice (``title: {ours: …}``)
    found = re.search(r"^title: (\{ours: )?\"?", text, re.MULTILINE)
    assert found is not None
    line = text[: found.start()].count("\n") + 1
    column = found.end() - found.start() + 1 - found.group().endswith('"')  # where the value starts
    path.write_text(text[: found.end()] + "\u05d0" + text[found.end() :], "utf-8")
    assert main(["check", game, "--data", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"error: {path}:{line}:{column}: title")
    assert "has no glyph in the embedded font Source Sans Pro for U+05D0 HEBREW LETTER ALEF" in err


@pytest.mark.parametrize("command", COMMANDS)
def test_a_new_card_game_checks_its_text_against_the_font(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    data = tmp_path / "data"
    assert main(["new", "my-game", "--data", str(data)]) == 0
    path = data / "my-game" / "game.yaml"
    lines = path.read_text("utf-8").splitlines(keepends=True)
    line = next(i for i, text in enumerate(lines, 1) if "name: Bosun " in text)
    lines[line - 1] = lines[line - 1].replace("Bosun", "Bosun \u05d0")
    path.write_text("".join(lines), "utf-8")
    capsys.readouterr()
    code = main([command, "--data", str(data), "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert code == 1
    assert err.startswith(
        f"error: {path}:{line}:15: decks[0].cards[0].name: 'Bosun \u05d0' has no glyph in the "
        "embedded font Source Sans Pro for U+05D0 HEBREW LETTER ALEF at character 7"
    )


def test_missing_glyphs_reads_the_fonts_character_maps() -> None:
    assert fonts.missing_glyphs("Ab\n\tç—→−×") == ()  # line breaks and tabs are layout
    assert fonts.missing_glyphs("\u05d0b\u05d0\U0001f600") == ("\u05d0", "\U0001f600")
    assert fonts.faces_without("\u03b1") == (fonts.ITALIC,)


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
    node = parse_yaml(f"a: {'9' * MAX_DIGITS}\n", "f.yaml")
    assert node.get("a").value == int("9" * MAX_DIGITS)  # type: ignore[union-attr]
    problems: list[Problem] = []  # a hexadecimal number is refused, never echoed longer
    parse_yaml(f"b: -0x{'f' * MAX_DIGITS}\n", "f.yaml", problems)
    assert [str(p) for p in problems] == [
        f"f.yaml:1:4: b: -0x{'f' * MAX_DIGITS} is a number in hexadecimal to YAML, which reads "
        f"it as a number of 25 digits (allowed: a plain number, or text in quotes "
        f'("-0x{"f" * MAX_DIGITS}"))'
    ]


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
        [sys.executable, "-m", "pnpkit", *argv],
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


def test_a_new_card_games_game_yaml_that_is_a_fifo_is_refused(tmp_path: Path) -> None:
    # `check` said "no checks for this game yet" and `build` wrote nothing, both with exit 0
    data = tmp_path / "data"
    assert main(["new", "my-game", "--data", str(data)]) == 0
    game_yaml = data / "my-game" / "game.yaml"
    game_yaml.unlink()
    os.mkfifo(game_yaml)
    for command in COMMANDS:
        done = _pnpkit(command, "--data", str(data), "--out", str(tmp_path / "out"))
        assert (done.returncode, done.stderr.splitlines()[0]) == (
            1,
            f"error: {game_yaml}: is a named pipe (FIFO), not a data file (allowed: regular files)",
        )
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
    from pnpkit.build import atomic

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(atomic.os, "fsync", full)
    code, err = run("build", "--quiet")
    assert code == 1
    out = tmp_path / "out" / GAME
    assert re.fullmatch(
        rf"error: {re.escape(str(out))}/[a-z-]+\.pdf: No space left on device\n", err
    )
    assert no_staging_left(tmp_path)


# --- file names longer than the file system takes --------------------------------------------


@pytest.mark.parametrize("field", ["cards: fortune.csv", "art: ship.png"])
def test_a_file_name_too_long_for_the_file_system_is_refused_at_its_value(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], field: str
) -> None:
    """A card table or an image named by a value no file system takes (a part over 255
    bytes: looking it up fails with ENAMETOOLONG) is refused at the value like a missing file,
    quoted short, never an OSError (found by `make fuzz`)."""
    data = tmp_path / "data"
    assert main(["new", "my-game", "--data", str(data)]) == 0
    path = data / "my-game" / "game.yaml"
    name, suffix = field.split(": ")[1].split(".")
    long_name = f"{name * 40}.{suffix}"
    line = replace_once(path, field, field.replace(f"{name}.{suffix}", long_name))
    capsys.readouterr()
    for command in COMMANDS:
        code = main([command, "--data", str(data), "--out", str(tmp_path / "out")])
        err = capsys.readouterr().err
        assert code == 1, err
        assert f"error: {path}:{line}:" in err
        assert "does not exist in" in err and f"({len(long_name)} characters)" in err
        assert long_name not in err and "Traceback" not in err


# --- text that does not fit, at the value that wrote it ---------------------------------------


@pytest.mark.parametrize(
    ("game", "old", "new", "says"),
    [
        (
            "tabletop-fleets",
            "title: {ours: Table Fleets}",
            "title: {ours: Table Fleets Table Fleets Table Fleets Table Fleets}",
            "Ship cards: back: title: text does not fit",
        ),
        (
            "british-vs-pirates",
            "{key: fog, name: Fog,",
            "{key: fog, name: FogFogFogFogFog,",
            "FogFogFogFogFog (front): label: text does not fit",
        ),
    ],
)
def test_text_too_long_for_its_face_is_refused_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, old: str, new: str, says: str
) -> None:
    """A card back's title (from the game's title) and a token's label (from its kind's name)
    that do not fit are refused at the line that wrote them (found by `make fuzz`: they named
    the file alone)."""
    data = tmp_path / "data"
    shutil.copytree(REPO / "data" / game, data / game)
    path = data / game / "game.yaml"
    line = replace_once(path, old, new)
    capsys.readouterr()
    code = main(["build", game, "--data", str(data), "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert code == 1
    assert re.search(rf"^error: {re.escape(str(path))}:{line}:\d+: {re.escape(says)}", err, re.M), (
        err
    )
