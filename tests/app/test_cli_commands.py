"""The command line: exit codes 0/1/2, messages, help for every command, no tracebacks."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pnpkit.app import cli
from pnpkit.app.cli import main
from pnpkit.games import REGISTRY

COMMANDS = ("check", "map", "build", "verify")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_every_command_has_help(capsys: pytest.CaptureFixture[str], command: str) -> None:
    argv = [command, "--help"] if command else ["--help"]
    code, out, _ = run(capsys, *argv)
    assert code == 0
    assert out.startswith(f"usage: pnpkit {command}".rstrip())
    assert "--data DIR" in out or not command
    assert "--out" in out or not command


def test_no_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys)
    assert code == 2
    assert "usage: pnpkit" in err


def test_unknown_option_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "check", "--colour=red")
    assert code == 2
    assert "unrecognized arguments: --colour=red" in err


def test_check_shipped_data_is_clean(capsys: pytest.CaptureFixture[str], data_dir: Path) -> None:
    code, out, err = run(capsys, "check", "--data", str(data_dir))
    assert (code, err) == (0, "")
    games = sorted(p.name for p in data_dir.iterdir() if p.is_dir())
    assert out.strip().endswith(f"checked {len(games)} games: no problems")
    assert set(REGISTRY) == set(games)  # every shipped game is registered
    assert "no checks for this game" not in out


def test_check_one_game(capsys: pytest.CaptureFixture[str], data_dir: Path) -> None:
    code, out, _ = run(capsys, "check", "false-colors", "--data", str(data_dir))
    assert code == 0
    *report, last = out.splitlines()
    assert last == "checked 1 game: no problems"
    # the seating report: one line per seating of every chart, honest about five captains
    assert len(report) == 10 and all(": seating report: " in line for line in report)
    square = data_dir / "false-colors" / "charts" / "square.yaml"
    assert (
        f"{square}: square: seating report: Pairs, 4 captains in 2 teams on seats 0, 1, 2, 3: "
        "as the rules ask, symmetric and fair"
    ) in report
    assert any("5 captains on 6 corners cannot be symmetric" in line for line in report)


def test_check_unknown_game_lists_the_available_ones(
    capsys: pytest.CaptureFixture[str], data_dir: Path
) -> None:
    code, out, err = run(capsys, "check", "falsecolors", "--data", str(data_dir))
    assert code == 2 and out == ""
    assert err.startswith(
        "error: unknown game 'falsecolors'; did you mean 'false-colors'? (available: "
    )
    available = err.split("(available: ", 1)[1].split(")", 1)[0].split(", ")
    assert "false-colors" in available and available == sorted(available)


def test_check_missing_data_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "check", "--data", str(tmp_path / "nowhere"))
    assert code == 2
    assert err == f"error: no data folder at {tmp_path / 'nowhere'} (use --data DIR)\n"


def test_check_bad_data_reports_every_problem_with_location(
    capsys: pytest.CaptureFixture[str], data_copy: Path
) -> None:
    game = data_copy / "false-colors"
    roster = game / "roster.yaml"
    roster.write_text(roster.read_text().replace("rating: 5", "rating: 9"))
    square = game / "charts" / "square.yaml"
    square.write_text(square.read_text().replace("width: 12", "width: 1000000"))
    hexes = game / "charts" / "hex.yaml"
    hexes.write_text(hexes.read_text().replace("radius: 8", "radios: 8"))
    code, _, err = run(capsys, "check", "false-colors", "--data", str(data_copy))
    assert code == 1
    lines = err.splitlines()
    assert f"error: {roster}:21:13: ships[2].rating: 9 is out of range" in lines[0]
    assert any(f"error: {square}:10:8: width: 1000000 is out of range" in ln for ln in lines)
    assert any(f"{hexes}:11:1: radios: unknown key; did you mean 'radius'?" in ln for ln in lines)
    assert lines[-1] == "4 problems in 1 game"  # the missing `radius` too
    assert "Traceback" not in err


def test_check_reports_chart_rule_violations(
    capsys: pytest.CaptureFixture[str], data_copy: Path
) -> None:
    duel = data_copy / "false-colors" / "charts" / "duel.yaml"
    duel.write_text(
        duel.read_text().replace("harbors: {ours: [B6, I5]}", "harbors: {ours: [B6, I6]}")
    )
    code, out, err = run(capsys, "check", "false-colors", "--data", str(data_copy))
    assert code == 1
    assert out, "each violation is printed"
    for line in out.splitlines():
        if ": seating report: " not in line:  # the report is printed too, and is no problem
            assert re.match(rf"{re.escape(str(duel))}(:\d+:\d+)?: duel: ", line), line
    assert any("[" in line and "I6" in line for line in out.splitlines())
    assert err.endswith("in 1 game\n")


def test_yaml_syntax_error_and_alias_bomb_exit_1(
    capsys: pytest.CaptureFixture[str], data_copy: Path
) -> None:
    charts = data_copy / "false-colors" / "charts"
    (charts / "duel.yaml").write_text("name: duel\nseats: [\n")
    bomb = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"] + [
        f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 10)
    ]
    (charts / "hex.yaml").write_text("\n".join(bomb) + "\n")
    code, _, err = run(capsys, "check", "false-colors", "--data", str(data_copy))
    assert code == 1
    assert f"error: {charts / 'duel.yaml'}:3:1: YAML syntax:" in err
    assert f"error: {charts / 'hex.yaml'}:5:5: this value expands to more than" in err  # a4


def test_console_script_never_shows_a_traceback(data_copy: Path) -> None:
    game = data_copy / "false-colors" / "game.yaml"
    game.write_text(game.read_text().replace("rounds: 24", "rounds: twenty-four"))
    done = subprocess.run(
        [sys.executable, "-m", "pnpkit.app.cli", "check", "--data", str(data_copy)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert f"error: {game}:" in done.stderr
    assert "rounds: expected a whole number, found text 'twenty-four'" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("argv", "code", "last"),
    [
        (("check", "false-colors"), 0, "checked 1 game: no problems"),
        (("--help",), 0, "Exit codes: 0 done, 1 bad data or a failed check, 2 bad usage."),
        (("build", "no-such-game"), 2, None),
    ],
)
def test_the_command_ends_with_all_it_printed_and_its_exit_code(
    data_dir: Path, argv: tuple[str, ...], code: int, last: str | None
) -> None:
    """``pnpkit`` ends its process at once when done: what it printed to a pipe (buffered)
    still arrives whole, and the exit code is the command's."""
    data = ["--data", str(data_dir)] if len(argv) > 1 else []
    buffered = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    done = subprocess.run(
        [sys.executable, "-m", "pnpkit", *argv, *data],
        env=buffered,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == code, done.stderr
    if last is None:
        assert "error: " in done.stderr and not done.stdout
    else:
        assert done.stdout.rstrip().splitlines()[-1] == last


def test_a_command_runs_with_the_collector_on_and_what_it_started_with_frozen() -> None:
    """``run`` pauses the garbage collector while ``pnpkit`` starts; every command runs with it
    on again (``watch`` may run all day), and its exit code is the process's."""
    probe = (
        "import gc; from pnpkit.app import cli\n"
        "def report(args):\n"
        "    print(gc.isenabled(), gc.get_freeze_count() > 10000, gc.get_threshold()[0])\n"
        "    return 7\n"
        "cli.run_check = report\n"
        "cli.run()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, "check"], capture_output=True, text=True, check=False
    )
    assert (done.returncode, done.stdout) == (7, f"True True {cli.YOUNG}\n"), done.stderr


def test_verify_missing_path_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, "verify", str(tmp_path / "none.pdf"))
    assert code == 2
    assert err == f"error: no such file or folder: {tmp_path / 'none.pdf'}\n"


def test_verify_empty_folder_is_a_failed_check(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "verify", str(tmp_path))
    assert (code, out) == (1, "")
    assert err == f"error: {tmp_path}: no PDF files found\n1 problem found\n"


def test_verify_a_broken_pdf_exits_1(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "bad.pdf").write_bytes(b"%PDF-1.4\nnot really\n")
    code, _, err = run(capsys, "verify", str(tmp_path))
    assert code == 1
    assert "bad.pdf" in err and "Traceback" not in err


def test_build_unknown_game_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], data_dir: Path, tmp_path: Path
) -> None:
    code, _, err = run(capsys, "build", "chess", "--data", str(data_dir), "--out", str(tmp_path))
    assert code == 2
    assert err.startswith("error: unknown game 'chess' (available: ")


def test_build_paper_is_checked(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "build", "--paper", "a3")
    assert code == 2
    assert "invalid choice: 'a3'" in err


@pytest.mark.slow
def test_build_writes_and_lists_the_kit(
    capsys: pytest.CaptureFixture[str], data_dir: Path, tmp_path: Path
) -> None:
    code, out, err = run(
        capsys,
        "build",
        "high-seas",
        "--paper",
        "a4",
        "--data",
        str(data_dir),
        "--out",
        str(tmp_path),
    )
    assert (code, err) == (0, "")
    lines = out.splitlines()
    written = [Path(line) for line in lines[:-1]]
    assert lines[-1] == f"wrote {len(written)} files"
    assert written and all(p.is_file() and p.parent == tmp_path / "high-seas" for p in written)
    code, out, _ = run(capsys, "verify", str(tmp_path))
    assert (code, out) == (0, "every PDF prints at true scale\n")


def test_preview_of_an_unknown_game_says_so(
    capsys: pytest.CaptureFixture[str], built_kit: Path, data_dir: Path
) -> None:
    args = ["--data", str(data_dir), "--out", str(built_kit)]
    assert main(["preview", "nosuch", *args]) == 2
    err = capsys.readouterr().err
    assert "error: unknown game 'nosuch' (available: " in err and "high-seas" in err
    assert "no kits built" not in err
    assert main(["preview", "high-sea", *args]) == 2
    assert "did you mean 'high-seas'?" in capsys.readouterr().err
    assert main(["preview", "false-colors", *args]) == 2  # a game, not built in this folder
    assert f"no kit of false-colors built in {built_kit}" in capsys.readouterr().err


@pytest.mark.parametrize(
    "url",
    ["javascript:alert(1)", "file:///etc/passwd", "example.org/kits", "https://", "http://a b/"],
)
def test_export_url_base_is_a_web_address(
    capsys: pytest.CaptureFixture[str], data_dir: Path, tmp_path: Path, url: str
) -> None:
    args = ["--data", str(data_dir), "--out", str(tmp_path), "--format", "tts"]
    assert main(["export", "high-seas", *args, "--url-base", url]) == 2
    err = capsys.readouterr().err
    assert "is not a web address (allowed: http:// or https://" in err
    assert "Traceback" not in err
    assert not (tmp_path / "high-seas").exists()
