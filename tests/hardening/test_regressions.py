"""Bugs the fuzzers found, each pinned by the smallest input that showed it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from pnpkit.errors import DataError
from pnpkit.load.yamlnode import parse_yaml

REPO = Path(__file__).resolve().parents[2]
PROBLEM_AT = re.compile(r"[^:\n]+:[1-9]\d*:\d+: ")


@pytest.mark.parametrize(
    ("text", "where", "code"),
    [
        ("\x00title: x\n", "f.yaml:1:1", "U+0000"),
        ("a: 1\nb: x\x07y\n", "f.yaml:2:5", "U+0007"),
        ("a: '\x1b[31m'\n", "f.yaml:1:5", "U+001B"),
    ],
)
def test_a_control_character_is_a_data_error_with_its_place(
    text: str, where: str, code: str
) -> None:
    # found by tests/fuzz: PyYAML's reader raised ReaderError from the loader's constructor,
    # outside the handler for syntax errors, and the CLI showed a traceback
    with pytest.raises(DataError) as caught:
        parse_yaml(text, "f.yaml")
    (problem,) = caught.value.problems
    assert str(problem).startswith(f"{where}: character {code} is not allowed in YAML")


def test_a_folder_that_vanishes_while_verify_walks_it_is_a_problem_not_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # found by tests/fuzz: `pnpkit verify /` walked into /proc, where a process folder vanished
    # mid-walk, and rglob's FileNotFoundError escaped as a traceback
    from pnpkit.verify import verify_paths

    def vanishing(self: Path, pattern: str) -> Iterator[Path]:
        raise FileNotFoundError(2, "No such file or directory", str(self / "gone"))
        yield self

    monkeypatch.setattr(Path, "rglob", vanishing)
    assert verify_paths([tmp_path]) == [
        f"{tmp_path / 'gone'}: cannot read the folder: No such file or directory"
    ]


@pytest.mark.parametrize(
    ("command", "exit_code", "says"),
    [
        ("verify", 2, "error: no such file or folder: xxx"),
        ("check --data", 2, "error: no data folder at xxx"),
        ("build --data", 2, "error: no data folder at xxx"),
        ("map duel --seed 1 --data", 1, "File name too long"),
    ],
)
def test_a_path_too_long_for_the_file_system_is_a_clean_error(
    command: str, exit_code: int, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # found by tests/fuzz: Path.exists() and is_dir() raise ENAMETOOLONG instead of answering
    # False, and `pnpkit verify xxx…x` (300 characters) ended in a traceback
    from pnpkit.app.cli import main

    code = main([*command.split(), "x" * 300])
    err = capsys.readouterr().err
    assert code == exit_code, err
    assert err.startswith("error: ") and says in err
    assert "Traceback" not in err


def test_an_os_error_in_a_command_is_exit_1_with_the_file_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from pnpkit.app import cli

    def full(args: object) -> int:
        raise OSError(28, "No space left on device", str(tmp_path / "out" / "a.pdf"))

    monkeypatch.setattr(cli, "run_check", full)
    code = cli.main(["check"])
    assert code == 1
    assert (
        capsys.readouterr().err == f"error: {tmp_path / 'out' / 'a.pdf'}: No space left on device\n"
    )


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        (b"/FlateDecode", b"/FlateDecodX", "NotImplementedError: Unsupported filter"),
        # streams written in ASCII85 that are not (pnpkit writes binary streams; verify reads
        # PDFs from anywhere)
        (b"/Filter [ /FlateDecode ]", b"/Filter [/ASCII85Decode /FlateDecode]", "ValueError"),
    ],
)
def test_a_pdf_with_a_damaged_stream_is_a_verify_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], old: bytes, new: bytes, says: str
) -> None:
    # found by tests/fuzz: pypdf raised ValueError (a85decode) or NotImplementedError while the
    # verifier read the page content, outside its handler for unreadable files
    from pnpkit.app.cli import main
    from pnpkit.games.false_colors.charts.load.chart import load_charts
    from pnpkit.games.false_colors.maps import write_map_pdf

    path = tmp_path / "duel.pdf"
    write_map_pdf(load_charts(REPO / "data" / "false-colors")["duel"], path)
    data = path.read_bytes()
    assert old in data
    path.write_bytes(data.replace(old, new))
    code = main(["verify", str(path)])
    err = capsys.readouterr().err
    assert code == 1
    assert f"error: {path}: cannot read the PDF: {says}" in err


def _build_false_colors(tmp_path: Path, file: str, old: str, new: str) -> tuple[int, str, Path]:
    import contextlib
    import io
    import shutil

    from pnpkit.app.cli import main

    data = tmp_path / "data"
    shutil.copytree(REPO / "data" / "false-colors", data / "false-colors")
    path = data / "false-colors" / file
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), "utf-8")
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = main(["build", "false-colors", "--data", str(data), "--out", str(tmp_path / "o")])
    return code, err.getvalue(), path


def test_charts_that_disagree_on_the_storm_are_named_at_their_line(tmp_path: Path) -> None:
    # found by tests/fuzz (the build oracle): the problem named rules.yaml without a line,
    # not the chart whose storm differed. The charts take the storm from game.yaml now; one
    # that writes its own anyway breaks the game's rules (storm-schedule) and is named at its line
    storm = "storm: {closes_after_rounds: [1, 18, 22]}"
    code, err, duel = _build_false_colors(
        tmp_path, "charts/duel.yaml", "cell_size: 1.25in", f"cell_size: 1.25in\n{storm}"
    )
    assert code == 1
    line = duel.read_text("utf-8").splitlines().index(storm) + 1
    lines = err.splitlines()
    assert (
        f"error: {duel}: duel: storm-schedule: the chart's storm closes rings after rounds "
        "1, 18, 22; the game's rules close them after rounds 13, 18, 22"
    ) in lines
    assert (
        f"error: {duel}:{line}:30: storm.closes_after_rounds: the duel chart's storm closes "
        "after rounds [1, 18, 22], the hex chart's after [13, 18, 22]; the rules quote one "
        "schedule (allowed: the same rounds on every chart)"
    ) in lines


def test_a_role_no_ship_carries_is_named_at_the_roster_line(tmp_path: Path) -> None:
    # the same oracle: "no ship has the ability" named the game folder, not a file and line
    code, err, roster = _build_false_colors(
        tmp_path, "roster.yaml", "abilities: [boards-fireships]", "abilities: []"
    )
    assert code == 1
    line = roster.read_text("utf-8").splitlines().index("ships:") + 1
    assert f"error: {roster}:{line + 1}:" in err
    assert "ships: no ship has the ability 'boards-fireships'" in err


def test_a_fort_naming_cannons_when_the_cannons_list_is_unreadable(tmp_path: Path) -> None:
    # found by tests/fuzz: with `cannons:` a mapping instead of a list, a fort's
    # `cannons: 36lb-fortress` looked itself up in an empty table: KeyError, a traceback
    import shutil

    from pnpkit.games.british_vs_pirates.load import load_bvp

    game = tmp_path / "british-vs-pirates"
    shutil.copytree(REPO / "data" / "british-vs-pirates", game)
    cards = game / "cards.yaml"
    text = cards.read_text("utf-8")
    assert "\ncannons:\n  - key: 18lb-exquisite" in text
    cards.write_text(text.replace("\ncannons:\n  - key", "\ncannons:\n  x:\n  - key", 1), "utf-8")
    with pytest.raises(DataError) as caught:
        load_bvp(game)
    said = [str(p) for p in caught.value.problems]
    assert any("cannons: '36lb-fortress' names no cannons" in p for p in said), said
    assert all(p.startswith(f"{game}/") for p in said)


def test_a_bad_placeholder_in_a_title_is_named_at_the_title_line(tmp_path: Path) -> None:
    # the build oracle: a title's placeholder error pointed at the first block (or at no line)
    old = 'title: "{{ game.printed_title }} — rules card"'
    code, err, rules = _build_false_colors(
        tmp_path, "rules.yaml", old, 'title: "{{ game.titel }} — rules card"'
    )
    assert code == 1
    line = rules.read_text("utf-8").splitlines().index('  title: "{{ game.titel }} — rules card"')
    assert err.startswith(f"error: {rules}:{line + 1}:10: title: placeholder: ")


def test_a_missing_phrase_is_named_at_its_group(tmp_path: Path) -> None:
    # the build oracle: "phrases: scoring.harbor is missing" named rules.yaml without a line
    code, err, rules = _build_false_colors(
        tmp_path, "rules.yaml", "    harbor: each harbor", "    harbour: each harbor"
    )
    assert code == 1
    line = rules.read_text("utf-8").splitlines().index("  scoring:") + 1
    assert f"error: {rules}:{line + 1}:5: phrases: scoring.harbor is missing" in err


def test_a_ship_name_too_long_for_its_token_is_named_at_the_ship(tmp_path: Path) -> None:
    # found by make fuzz (the build oracle): the cannon token's overflow named game.yaml
    # without a line; ships now keep where they are written
    import contextlib
    import io
    import shutil

    from pnpkit.app.cli import main

    data = tmp_path / "data"
    shutil.copytree(REPO / "data" / "high-seas", data / "high-seas")
    game = data / "high-seas" / "game.yaml"
    text = game.read_text("utf-8")
    assert "    name: Bottom ship\n" in text
    game.write_text(
        text.replace("    name: Bottom ship\n", "    name: Brigantine-Royal-Navy-Flagship\n"),
        "utf-8",
    )
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = main(["build", "high-seas", "--data", str(data), "--out", str(tmp_path / "o")])
    assert code == 1
    line = game.read_text("utf-8").splitlines().index("  - key: bottom") + 1
    assert err.getvalue().startswith(
        f"error: {game}:{line}:5: Brigantine-Royal-Navy-Flagship cannon (front): label: text does not fit"
    )


def test_a_good_too_long_for_the_market_card_is_named_in_game_yaml(tmp_path: Path) -> None:
    # found by the build fuzzer: the market card's overflow named game.yaml without a line
    import contextlib
    import io
    import shutil

    from pnpkit.app.cli import main

    data = tmp_path / "data"
    shutil.copytree(REPO / "data" / "british-vs-pirates", data / "british-vs-pirates")
    game = data / "british-vs-pirates" / "game.yaml"
    text = game.read_text("utf-8")
    assert "name: Rope," in text or "name: Rope}" in text or "name: Rope\n" in text
    for end in (",", "}", "\n"):
        text = text.replace(f"name: Rope{end}", f"name: RopeRopeRopeRopeRope{end}", 1)
    game.write_text(text, "utf-8")
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = main(
            ["build", "british-vs-pirates", "--data", str(data), "--out", str(tmp_path / "o")]
        )
    assert code == 1
    assert PROBLEM_AT.match(err.getvalue().removeprefix("error: ")), err.getvalue()
    assert "market prices: goods.rope: text does not fit" in err.getvalue()
    rope = next(i for i, line in enumerate(text.splitlines(), 1) if "RopeRope" in line)
    assert f"{game}:{rope}:" in err.getvalue()  # at the good's own name


def test_a_player_colour_too_long_for_its_pawn_is_named_in_game_yaml(tmp_path: Path) -> None:
    # found by the build fuzzer: the pawn's overflow named spaces.yaml without a line
    import contextlib
    import io
    import shutil

    from pnpkit.app.cli import main

    data = tmp_path / "data"
    shutil.copytree(REPO / "data" / "pirate-fleets", data / "pirate-fleets")
    game = data / "pirate-fleets" / "game.yaml"
    text = game.read_text("utf-8")
    assert "name: Purple" in text
    game.write_text(text.replace("name: Purple", "name: WWWWWWWWWWWWWWWWWWWW", 1), "utf-8")
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = main(["build", "pirate-fleets", "--data", str(data), "--out", str(tmp_path / "o")])
    assert code == 1
    lines = game.read_text("utf-8").splitlines()
    line = next(i for i, row in enumerate(lines) if "name: WWWW" in row) + 1  # the colour's own
    assert err.getvalue().startswith(f"error: {game}:{line}:"), err.getvalue()
    assert "WWWWWWWWWWWWWWWWWWWW pawn (front): label: text does not fit" in err.getvalue()
