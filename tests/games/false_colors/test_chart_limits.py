"""What loads prints: the chart-size limits of the loader are the ones the printed layout holds.

Charts of 52 to 60 cells a side used to pass the loader and fail verification (the assembly
page's gluing steps ran off the page), and ``map --format pdf`` left the failed PDF at
``--out``. Now the loader bounds the printed size (:data:`MAX_PRINTED_SIDE`), the assembly page
fits any sheet grid that allows, and a PDF is verified before anything is written."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader
from tests.games.false_colors.bigcharts import add_chart
from tests.pdfread import page_texts

from pnpkit.app.cli import main
from pnpkit.errors import DataError
from pnpkit.games.false_colors.charts.load.chart import game_rules, load_chart
from pnpkit.games.false_colors.charts.model import MAX_PRINTED_SIDE

Capture = pytest.CaptureFixture[str]


REPO = Path(__file__).resolve().parents[3]


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """A copy of the game's data, to add charts to (``map`` reads the game's chart rules)."""
    folder = tmp_path / "data"
    shutil.copytree(REPO / "data" / "false-colors", folder / "false-colors")
    return folder


def test_the_largest_charts_load(data: Path) -> None:
    chart = load_chart(add_chart(data, 60), game_rules(data / "false-colors"))
    assert (chart.width, chart.height, len(chart.cells)) == (60, 60, 3600)


def test_a_chart_too_long_to_print_is_refused_at_its_cell_size(data: Path) -> None:
    path = add_chart(data, 60, "4in")
    with pytest.raises(DataError) as caught:
        load_chart(path, game_rules(data / "false-colors"))
    (problem,) = caught.value.problems
    assert str(problem) == (
        f"{path}:6:12: cell_size: the chart would print 240.00 in (6096 mm) on its longest side "
        f"(allowed: at most {MAX_PRINTED_SIDE / 72:g} in: fewer cells, or smaller ones "
        "(about 20 cells a side at 4 in))"
    )


def test_check_refuses_a_chart_too_long_to_print(data_copy: Path, capsys: Capture) -> None:
    path = add_chart(data_copy, 50, "2in")
    assert main(["check", "false-colors", "--data", str(data_copy)]) == 1
    err = capsys.readouterr().err
    assert f"error: {path}:6:12: cell_size: the chart would print 100.00 in" in err
    assert "Traceback" not in err


@pytest.mark.slow
def test_a_60_by_60_chart_prints_and_verifies(data: Path, tmp_path: Path, capsys: Capture) -> None:
    add_chart(data, 60)
    target = tmp_path / "big.pdf"
    argv = ["map", "duel", "--seed", "1", "--islands", "2", "--format", "pdf"]
    code = main([*argv, "--data", str(data), "--out", str(target)])
    out, err = capsys.readouterr()
    assert (code, err) == (0, ""), err
    assert out == f"wrote {target}\n"  # written only once read back and verified
    reader = PdfReader(target)
    assert len(reader.pages) == 91  # 90 sheets and the assembly page
    assembly = " ".join(page_texts(target)[-1].split())
    assert "Row 9: glue sheets 81 to 90 in order" in assembly
    assert "Assembled, it measures 75.00 × 75.00 in" in assembly


def test_a_map_that_fails_verification_leaves_no_file_at_out(
    data: Path, tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pnpkit.verify.check as check

    add_chart(data, 12)
    monkeypatch.setattr(check, "_margin_problem", lambda *args: "1 mark inside the margin")
    out_dir = tmp_path / "maps"
    out_dir.mkdir()
    target = out_dir / "big.pdf"
    argv = ["map", "duel", "--seed", "1", "--format", "pdf", "--data", str(data)]
    assert main([*argv, "--out", str(target)]) == 1
    err = capsys.readouterr().err
    assert f"error: {target} did not verify" in err
    assert "1 mark inside the margin" in err
    assert "Traceback" not in err
    assert list(out_dir.iterdir()) == []  # no PDF, no temporary file


def test_the_largest_chart_deals_without_running_out_of_stack(data: Path, capsys: Capture) -> None:
    """Found while measuring: listing the few maps of a 60 × 60 chart recursed once per orbit
    (about 1800) and ended in a RecursionError traceback."""
    add_chart(data, 60)
    argv = ["map", "duel", "--seed", "1", "--islands", "2", "--format", "json"]
    assert main([*argv, "--data", str(data)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert '"width": 60' in out
