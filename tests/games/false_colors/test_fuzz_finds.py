"""Two files the fuzz run made that once ended ``check`` in a traceback: each is now an error
at its line, and ``check`` and ``build`` agree."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from pnpkit.app.cli import main

DATA = Path(__file__).resolve().parents[3] / "data"


def _copy(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    shutil.copytree(DATA / "false-colors", data / "false-colors")
    return data


def _errors(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    capsys.readouterr()
    code = main([*args])
    said = capsys.readouterr()
    return code, said.out + said.err  # check prints problems, build says them as errors


def test_an_empty_score_track_number_is_said_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _copy(tmp_path)
    rules = data / "false-colors" / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(re.sub(r"(?m)^  score_track: .*$", "  score_track: []", text), "utf-8")
    said = "numbers.score_track: the play aids need one number here, not none"
    code, err = _errors(capsys, "check", "false-colors", "--data", str(data))
    assert code == 1 and said in err and "Traceback" not in err, err
    out = tmp_path / "out"
    code, err = _errors(capsys, "build", "false-colors", "--data", str(data), "--out", str(out))
    assert code == 1 and said in err, err


def test_a_seat_with_no_anchorage_is_refused_by_the_chart_checks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _copy(tmp_path)
    chart = data / "false-colors" / "charts" / "square.yaml"
    text = chart.read_text(encoding="utf-8")
    chart.write_text(re.sub(r"anchorage: [A-Z0-9:]+", "anchorage: []", text, count=1), "utf-8")
    code, err = _errors(capsys, "check", "false-colors", "--data", str(data))
    assert code == 1 and "Traceback" not in err
    assert "square.yaml" in err and "cannot sail" in err, err
