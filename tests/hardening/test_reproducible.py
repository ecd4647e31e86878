"""Same data, seed and version → the same bytes: PDFs, PNG previews and JSON, in one process or
in separate processes with different ``PYTHONHASHSEED``; the PDF's one date comes from
``SOURCE_DATE_EPOCH`` or is the fixed 2000-01-01, never the wall clock."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnpkit.app.cli import main
from pnpkit.errors import UsageError
from pnpkit.layout.document import Document
from pnpkit.layout.paper import LETTER
from pnpkit.layout.pdfdate import FIXED_EPOCH, MAX_EPOCH, pdf_date, source_date_epoch

REPO = Path(__file__).resolve().parents[2]
PNPKIT = (sys.executable, "-m", "pnpkit.app.cli")


def files(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


def start(argv: list[str], hash_seed: str, **env: str) -> subprocess.Popen[bytes]:
    environ = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    return subprocess.Popen(
        [*PNPKIT, *argv],
        env={**environ, "PYTHONHASHSEED": hash_seed, **env},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def finish(process: subprocess.Popen[bytes]) -> bytes:
    out, err = process.communicate(timeout=600)
    assert process.returncode == 0, err.decode()
    return out


@pytest.mark.slow
def test_kits_previews_and_json_are_identical_across_processes(tmp_path: Path) -> None:
    data = tmp_path / "data"
    for game in ("high-seas", "false-colors"):
        shutil.copytree(REPO / "data" / game, data / game)
    runs = []
    for seed in ("0", "12345"):
        out = tmp_path / f"out-{seed}"
        # previews (PNGs drawn by PDFium) of the card game only: the same code draws every kit's
        build = ["build", "high-seas", "--quiet", "--preview", "--data", str(data)]
        rules = ["build", "false-colors", "--quiet", "--data", str(data)]
        export = ["export", "high-seas", "--data", str(data), "--out", str(out / "export")]
        export += ["--url-base", "https://example.org/kit/"]  # file:// URLs name the folder
        runs.append(
            (
                out,
                start([*build, "--out", str(out / "cards")], seed),
                start([*rules, "--out", str(out / "rules")], seed),
                start(export, seed),  # print-shop PNGs at 300 dpi, Tabletop Simulator JSON
                start(["map", "hex", "--seed", "7", "--format", "json", "--data", str(data)], seed),
            )
        )
    outputs = []
    for out, cards, rules, exported, chart in runs:
        finish(cards)
        finish(rules)
        finish(exported)
        outputs.append((files(out), finish(chart)))
    (first, first_json), (second, second_json) = outputs
    assert sorted(first) == sorted(second)
    assert any(name.endswith(".pdf") for name in first)
    assert any(name.endswith(".png") for name in first), "no PNG previews to compare"
    assert any(name.startswith("export/") and name.endswith(".png") for name in first)
    assert any(name.endswith(".json") for name in first)
    different = [name for name in first if first[name] != second[name]]
    assert different == []
    assert first_json == second_json
    assert first_json.startswith(b"{")


def one_page_pdf() -> PdfReader:
    buffer = io.BytesIO()
    doc = Document(buffer, LETTER, title="date")
    doc.save()
    return PdfReader(io.BytesIO(buffer.getvalue()))


def dates(reader: PdfReader) -> tuple[str, str]:
    info = reader.trailer["/Info"].get_object()
    return str(info["/CreationDate"]), str(info["/ModDate"])


def test_without_source_date_epoch_the_date_is_fixed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    assert source_date_epoch() == FIXED_EPOCH
    assert dates(one_page_pdf()) == ("D:20000101000000+00'00'",) * 2


@pytest.mark.parametrize(
    ("epoch", "shown"),
    [
        ("1700000000", "D:20231114221320+00'00'"),
        ("0", "D:19700101000000+00'00'"),
        (f" {MAX_EPOCH} ", "D:99991231235959+00'00'"),
    ],
)
def test_source_date_epoch_is_the_pdf_date(
    monkeypatch: pytest.MonkeyPatch, epoch: str, shown: str
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", epoch)
    assert pdf_date(source_date_epoch()) == shown
    assert dates(one_page_pdf()) == (shown, shown)


@pytest.mark.parametrize("epoch", ["yesterday", "1.5", "-5", "1e9", "١٢٣", str(MAX_EPOCH + 1)])
def test_a_malformed_source_date_epoch_is_a_usage_error(
    monkeypatch: pytest.MonkeyPatch, epoch: str
) -> None:
    # ReportLab reads it with int(): "yesterday" raised ValueError inside the canvas, and a
    # huge number wrote a 17-digit year
    monkeypatch.setenv("SOURCE_DATE_EPOCH", epoch)
    with pytest.raises(UsageError, match=r"SOURCE_DATE_EPOCH=.* is not a date"):
        one_page_pdf()


def test_the_cli_says_so_with_exit_2(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "yesterday")
    code = main(["build", "high-seas", "--out", str(tmp_path), "--data", str(REPO / "data")])
    assert code == 2
    assert capsys.readouterr().err.startswith("error: SOURCE_DATE_EPOCH='yesterday' is not a date")
    assert list(tmp_path.rglob("*")) == []


def test_a_build_carries_source_date_epoch(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(REPO / "data" / "high-seas", data / "high-seas")
    out = tmp_path / "out"
    argv = ["build", "high-seas", "--quiet", "--data", str(data), "--out", str(out)]
    finish(start(argv, "0", SOURCE_DATE_EPOCH="1700000000"))
    for pdf in sorted(out.rglob("*.pdf")):
        assert dates(PdfReader(str(pdf))) == ("D:20231114221320+00'00'",) * 2, pdf
