"""One pipeline (:mod:`pnpkit.app.pipeline`): every command that reads a game (check, build,
export, proof, watch, serve, new) reads it through :func:`pnpkit.app.pipeline.read`, so what passes
``check`` builds, for the fixture game too."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.app.test_serve import _wait

from pnpkit.app import pipeline
from pnpkit.app.cli import main
from pnpkit.app.serve import Server
from pnpkit.app.watch import Watcher
from pnpkit.games import REGISTRY, register
from pnpkit.games.game import Game

LIGHTHOUSE = Path(__file__).resolve().parents[1] / "fixtures" / "games" / "lighthouse"


@pytest.fixture
def lighthouse(tmp_path: Path) -> Iterator[Path]:
    """The sixth game registered, its data copied: the data folder."""
    register("lighthouse", "tests.fixtures.games.lighthouse")
    data = tmp_path / "data"
    shutil.copytree(LIGHTHOUSE / "data", data)
    yield data
    REGISTRY.pop("lighthouse")


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The games the pipeline reads, in order (its one reading step, spied on)."""
    seen: list[str] = []
    real = pipeline.read

    def spy(game: Game[Any, Any], game_dir: Path) -> pipeline.Read:
        seen.append(game.name)
        return real(game, game_dir)

    monkeypatch.setattr(pipeline, "read", spy)
    return seen


def test_check_build_export_and_proof_read_through_the_pipeline(
    lighthouse: Path, reads: list[str], tmp_path: Path
) -> None:
    out = tmp_path / "output"
    common = ["--data", str(lighthouse), "--out", str(out)]
    assert main(["check", "lighthouse", *common]) == 0
    assert reads == ["lighthouse"]
    assert main(["build", "lighthouse", "-q", "--jobs", "1", *common]) == 0
    assert reads == ["lighthouse"] * 2
    assert main(["export", "lighthouse", "--format", "tts", *common]) == 0
    assert reads == ["lighthouse"] * 3
    assert main(["proof", "lighthouse", *common]) == 0
    assert reads == ["lighthouse"] * 4


def test_watch_and_serve_build_through_the_pipeline(
    lighthouse: Path, reads: list[str], tmp_path: Path
) -> None:
    watcher = Watcher("lighthouse", lighthouse, tmp_path / "output", echo=lambda line: None)
    assert watcher.build().ok
    assert reads == ["lighthouse"]
    server = Server(
        Watcher("lighthouse", lighthouse, tmp_path / "served", echo=lambda line: None), port=0
    )
    server.start()
    try:
        _wait(lambda: server.live.build >= 1)
    finally:
        server.stop()
    assert reads[:2] == ["lighthouse"] * 2


def test_new_checks_the_game_it_writes_through_the_pipeline(
    reads: list[str], tmp_path: Path
) -> None:
    assert main(["new", "salvage-run", "--data", str(tmp_path / "data")]) == 0
    assert reads == ["salvage-run"]


def test_what_check_refuses_of_the_fixture_game_build_refuses_alike(
    lighthouse: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A keeper's name that no card can print: ``check`` lays out the fixture's faces (its
    ``faces`` hook), so it says what the build says, at the same place."""
    data = lighthouse / "lighthouse" / "game.yaml"
    data.write_text(data.read_text().replace("name: Ada", "name: " + "W" * 30))
    assert main(["check", "lighthouse", "--data", str(lighthouse)]) == 1
    checked = [line for line in capsys.readouterr().err.splitlines() if "name" in line]
    assert checked and all(f"{data}:" in line for line in checked), checked
    out = ["--out", str(tmp_path / "output"), "-q", "--jobs", "1"]
    assert main(["build", "lighthouse", "--data", str(lighthouse), *out]) == 1
    built = [line for line in capsys.readouterr().err.splitlines() if "name" in line]
    assert built[0] == checked[0]
