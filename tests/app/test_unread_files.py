"""Files and folders of the data that no game reads are said, by check and build alike."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnpkit.app.cli import main
from pnpkit.app.new_game import scaffold

GAME = "salvage"


@pytest.fixture
def data(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    scaffold(folder, GAME, None)
    return folder


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return code, err


def test_an_empty_game_folder_is_said_by_check_and_build(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (data / "harbour").mkdir()
    (data / "notes").mkdir()
    (data / "notes" / "game.yml").write_text("kit: cards\n", encoding="utf-8")
    out = str(tmp_path / "out")
    for args in (("check",), ("build", "--out", out, "-j", "1")):
        code, err = _run(capsys, *args, "--data", str(data))
        assert code == 0, err
        for name in ("harbour", "notes"):
            assert (
                f"warning: {data / name}: no .yaml file here, so it is not a game and is skipped"
            ) in err
    assert not (tmp_path / "out" / "harbour").exists()


def test_a_data_file_the_game_never_reads_is_said_by_check_and_build(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    extra = data / GAME / "crew.yaml"
    extra.write_text("- key: cook\n", encoding="utf-8")
    (data / GAME / "README.md").write_text("notes\n", encoding="utf-8")  # not data: no word
    (data / GAME / ".draft.yaml").write_text("x: 1\n", encoding="utf-8")  # hidden: no word
    out = str(tmp_path / "out")
    for args in (("check", GAME), ("build", GAME, "--out", out, "-j", "1")):
        code, err = _run(capsys, *args, "--data", str(data))
        assert code == 0, err
        lines = [line for line in err.splitlines() if line.startswith("warning:")]
        assert lines == [
            f"warning: {extra}: {GAME} never reads this file: nothing in it reaches the kit "
            "(it reads fortune.csv, game.yaml, harbour.csv; rename or remove it)"
        ]
    code, err = _run(capsys, "build", GAME, "--data", str(data), "--out", out, "-q")
    assert code == 0 and err == ""  # --quiet: nothing but errors


def test_bundled_copies_name_the_files_they_skip(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    shutil.copytree(data_dir / "high-seas", data / "high-seas")
    (data / "high-seas" / "crew.yaml").write_text("crew: []\n", encoding="utf-8")
    code, err = _run(capsys, "check", "high-seas", "--data", str(data))
    assert code == 0
    assert f"warning: {data / 'high-seas' / 'crew.yaml'}: high-seas never reads this file" in err
    assert "(it reads game.yaml, layouts.yaml, rules.yaml;" in err


def test_a_chart_saved_as_yml_is_said(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    assert main(["new", "myfc", "--from", "false-colors", "--data", str(data)]) == 0
    charts = data / "myfc" / "charts"
    shutil.copy(charts / "duel.yaml", charts / "extra.yml")
    code, err = _run(capsys, "check", "myfc", "--data", str(data))
    assert code == 0, err
    assert f"warning: {charts / 'extra.yml'}: myfc never reads this file" in err
    assert "charts/duel.yaml" in err


def test_the_bundled_games_read_every_data_file_they_hold(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, err = _run(capsys, "check", "--data", str(data_dir))
    assert code == 0
    assert "warning:" not in err
