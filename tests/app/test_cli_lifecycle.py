"""The command's life from start to end: ``check`` holds faces to the build's options, Ctrl-C
ends any command with 130 and no traceback, ``export`` of several games reports each failure
and exports the rest, ``map --out`` is refused where a build's ``--out`` would be, and
``verify`` says each problem once, in its own words."""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from tests.processes import DEADLINE, HAS_PROC, children, loaded, wait_until

from pnpkit.app import build as build_module
from pnpkit.app.cli import main
from pnpkit.build.staging import OWNER, STAGING_SUFFIX


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def new_game(data: Path, name: str, capsys: pytest.CaptureFixture[str]) -> Path:
    assert main(["new", name, "--data", str(data)]) == 0
    capsys.readouterr()
    return data / name


# --- 1. check lays faces out as the build does ------------------------------------------------


@pytest.fixture
def wide_card(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A data folder with one card game whose 7.6 × 10 in cards fit a sheet only with a bleed
    of 2 mm at most (upright or turned)."""
    data = tmp_path / "data"
    game = new_game(data, "cs", capsys)
    yaml = game / "game.yaml"
    text = yaml.read_text()
    assert "\ncard_size: poker " in text
    yaml.write_text(text.replace("\ncard_size: poker ", "\ncard_size: [7.6in, 10in] ", 1))
    return data


def _card_line(data: Path) -> str:
    lines = (data / "cs" / "game.yaml").read_text().splitlines()
    number = next(n for n, line in enumerate(lines, start=1) if line.startswith("card_size:"))
    return f"error: {data / 'cs' / 'game.yaml'}:{number}:12: card_size: a 7.60 × 10.00 in card"


def test_check_uses_the_bleed_of_pnpkit_toml(
    wide_card: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "check", "cs", "--data", str(wide_card))[0] == 0
    (wide_card / "pnpkit.toml").write_text('paper = "a4"\nbleed = "0.25in"\n')
    code, _, err = run(capsys, "check", "cs", "--data", str(wide_card))
    assert code == 1
    assert _card_line(wide_card) in err
    assert "a 0.250 in bleed on a portrait duplex sheet" in err
    assert err.rstrip().endswith("1 problem in 1 game")
    assert run(capsys, "build", "cs", "--data", str(wide_card), "-q")[0] == 1  # as check said


def test_check_takes_the_build_s_sheet_options(
    wide_card: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = ["--data", str(wide_card)]
    code, _, err = run(capsys, "check", "cs", "--bleed", "0.25in", *data)
    assert code == 1 and _card_line(wide_card) in err
    # single-sided, fold-over or duplex: no more room, a duplex card may lie turned too
    code, _, err = run(capsys, "check", "cs", "--bleed", "0.25in", "--duplex", "fold", *data)
    assert code == 1 and _card_line(wide_card) in err
    code, out, _ = run(capsys, "check", "cs", "--bleed", "2mm", "--duplex", "fold", *data)
    assert (code, out) == (0, "checked 1 game: no problems\n")
    out_dir = ["--out", str(tmp_path / "out"), "-q"]  # and what passed check builds
    assert run(capsys, "build", "cs", "--bleed", "2mm", "--duplex", "fold", *data, *out_dir)[0] == 0
    assert run(capsys, "check", "cs", "--paper", "a4", *data)[0] == 0


# --- 2. Ctrl-C -------------------------------------------------------------------------------


class _StartingPool:
    """A process pool interrupted while ``submit`` is still starting it: CPython cannot join
    its manager thread then."""

    def __init__(self, **_: Any) -> None:
        pass

    def submit(self, *_: Any) -> None:
        raise KeyboardInterrupt

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        raise RuntimeError("cannot join thread before it is started")


def test_ctrl_c_while_the_pool_starts_is_an_interrupt(
    monkeypatch: pytest.MonkeyPatch, data_dir: Path, tmp_path: Path
) -> None:
    monkeypatch.setattr(build_module, "ProcessPoolExecutor", _StartingPool)
    with pytest.raises(KeyboardInterrupt):
        build_module.build_kits(["high-seas", "pirate-fleets"], data_dir, tmp_path, jobs=2)


def test_an_error_raised_by_an_interrupted_clean_up_exits_130(
    monkeypatch: pytest.MonkeyPatch, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from pnpkit.app import cli

    def interrupted(args: Any) -> int:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt:
            raise RuntimeError("cannot join thread before it is started") from None

    monkeypatch.setattr(cli, "run_build", interrupted)
    assert run(capsys, "build", "--data", str(data_dir))[0] == 130


INTERRUPT_WHILE_LOADING = """
import os, signal, sys

class Interrupt:  # Ctrl-C while the command imports what it needs
    def find_spec(self, name, path=None, target=None):
        if name == "pnpkit.games":
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, Interrupt())
from pnpkit.app.start import run
run()
"""


def test_ctrl_c_while_the_command_loads_exits_130_quietly(data_dir: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", INTERRUPT_WHILE_LOADING, "check", "--data", str(data_dir)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "")


def _hashes(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def _staged(out: Path) -> bool:
    """Whether a build into ``out`` has begun writing a kit (a staging folder it owns)."""
    return any(stage.joinpath(OWNER).is_file() for stage in out.glob(f".*{STAGING_SUFFIX}"))


@pytest.mark.slow
@pytest.mark.skipif(not HAS_PROC, reason="needs Linux /proc to see the command's state")
@pytest.mark.parametrize(
    "state",
    ["loading", "forked", "writing"],  # the imports, the pool started, the kits being drawn
)
def test_ctrl_c_during_a_build_of_several_games_exits_130_and_keeps_the_kits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], state: str
) -> None:
    data, out = tmp_path / "data", tmp_path / "out"
    for name in ("deck-one", "deck-two"):
        new_game(data, name, capsys)
    command = [sys.executable, "-m", "pnpkit", "build", "-q", "-j", "2"]
    command += ["--data", str(data), "--out", str(out)]
    env = {**os.environ, "PNPKIT_CACHE_DIR": ""}
    assert subprocess.run(command, env=env, check=False, capture_output=True).returncode == 0
    before = _hashes(out)
    reached = {
        # pnpkit is importing what the command needs (json comes after its Ctrl-C handler;
        # a Ctrl-C before that, as the interpreter itself starts, is Python's own traceback)
        "loading": lambda pid: loaded(pid, "/_json."),
        "forked": lambda pid: bool(children(pid)),
        "writing": lambda pid: _staged(out),
    }[state]
    with subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as proc:
        # the state the Ctrl-C is meant for, or the build's end on a machine too quick to see it
        wait_until(lambda: proc.poll() is not None or reached(proc.pid))
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=DEADLINE)
    assert "Traceback" not in err, (state, err)
    assert proc.returncode in (0, 130), (state, proc.returncode, err)
    assert _hashes(out) == before, state


@pytest.mark.slow
def test_serve_exits_130_on_ctrl_c(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    new_game(data, "wgame", capsys)
    command = [sys.executable, "-m", "pnpkit", "serve", "wgame", "--port", "0"]
    command += ["--data", str(data), "--out", str(tmp_path / "out")]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as proc:
        try:
            assert proc.stdout is not None
            for line in proc.stdout:
                if line.startswith("watching "):  # serving, and the kit built
                    break
            proc.send_signal(signal.SIGINT)
            out, err = proc.communicate(timeout=DEADLINE)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    assert proc.returncode == 130, err
    assert out.rstrip().endswith("stopped") and "Traceback" not in err


# --- 3. export of several games ----------------------------------------------------------------


def test_export_reports_a_failed_game_and_exports_the_rest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data, out = tmp_path / "data", tmp_path / "out"
    for name in ("alpha", "broken", "zulu"):
        new_game(data, name, capsys)
    (data / "broken" / "assets" / "ship.png").unlink()
    code, _, err = run(capsys, "export", "--format", "tts", "--data", str(data), "--out", str(out))
    assert code == 1
    assert f"error: {data / 'broken'}" in err and "'ship.png' does not exist" in err
    assert err.rstrip().endswith("error: 1 of 3 games failed (broken); the other 2 exported")
    assert (out / "alpha" / "tts").is_dir() and (out / "zulu" / "tts").is_dir()


def test_export_of_one_failing_game_says_its_own_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    new_game(data, "broken", capsys)
    (data / "broken" / "assets" / "ship.png").unlink()
    code, _, err = run(capsys, "export", "broken", "--data", str(data), "--out", str(tmp_path))
    assert code == 1 and "'ship.png' does not exist" in err and "games failed" not in err


# --- 5. map --out ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("out", "format_", "message"),
    [
        (
            "m.svg",
            "pdf",
            "--out m.svg: a .svg name for --format pdf (allowed: m.pdf, or --format svg)",
        ),
        ("m.pdf", "json", "--out m.pdf: a .pdf name for --format json"),
        ("m.json", "text", "--out m.json: a .json name for --format text"),
        ("-", "pdf", "--out -: pdf is written to a file"),
        ("-", "text", "--out -: text goes to stdout without --out (leave it out)"),
    ],
)
def test_map_out_that_contradicts_the_format_is_refused(
    tmp_path: Path,
    data_dir: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    out: str,
    format_: str,
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    argv = ["map", "square", "--seed", "7", "--format", format_, "--out", out]
    code, stdout, err = run(capsys, *argv, "--data", str(data_dir))
    assert (code, stdout) == (2, "")
    assert f"error: {message}" in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("inside", ["", "high-seas/", "false-colors/map.pdf"])
def test_map_out_among_the_game_data_is_refused(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str], inside: str
) -> None:
    data = tmp_path / "data"  # copies: a map written anyway must not land in the shipped data
    for game in ("false-colors", "high-seas"):
        shutil.copytree(data_dir / game, data / game)
    out = f"{data}/{inside}"
    argv = ["map", "square", "--seed", "7", "--format", "pdf", "--out", out, "--data", str(data)]
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert f"error: --out {out} is among the game data in {data}" in err
    assert sorted(p.name for p in data.iterdir()) == ["false-colors", "high-seas"]


def test_map_out_with_a_matching_name_is_written(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "m.json"
    argv = ["map", "square", "--seed", "7", "--format", "json", "--out", str(target)]
    assert run(capsys, *argv, "--data", str(data_dir))[:2] == (0, f"wrote {target}\n")
    assert target.read_text().startswith("{")


def test_no_seed_line_when_no_map_exists(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "map", "hex", "--islands", "78", "--data", str(data_dir))
    assert (code, out) == (1, "")
    assert "seed " not in err and "deals this map again" not in err
    assert err.startswith("error: no valid map with 78 islands exists on hex")


# --- 8, 9. verify ------------------------------------------------------------------------------


def test_verify_says_an_unreadable_pdf_once(tmp_path: Path) -> None:
    text = tmp_path / "passwd.pdf"
    text.write_text("root:x:0:0:root:/root:/bin/bash\n")
    done = subprocess.run(
        [sys.executable, "-m", "pnpkit", "verify", str(text)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        f"error: {text}: cannot read the PDF: Stream has ended unexpectedly",
        "1 problem found",
    ]


def test_a_pdf_with_no_pages_fails_verify(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from pypdf import PdfWriter
    from pypdf.generic import DictionaryObject, NameObject

    writer = PdfWriter()
    writer._root_object[NameObject("/ViewerPreferences")] = DictionaryObject(
        {NameObject("/PrintScaling"): NameObject("/None")}
    )
    empty = tmp_path / "empty.pdf"
    writer.write(empty)
    code, out, err = run(capsys, "verify", str(empty))
    assert (code, out) == (1, "")
    assert err.splitlines() == [
        f"error: {empty}: the PDF has no pages (nothing to print)",
        "1 problem found",
    ]
