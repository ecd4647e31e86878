"""Same data, seed and version → the same bytes: PDFs, PNG previews and JSON, in one process or
in separate processes with different ``PYTHONHASHSEED``; the PDF's one date comes from
``SOURCE_DATE_EPOCH`` or is the fixed 2000-01-01, never the wall clock."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader
from tests.writing import ShippedKit

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


def run_here(argv: list[str]) -> bytes:
    """``pnpkit argv`` in this process: what it printed."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert main(argv) == 0
    return out.getvalue().encode()


HASH_OF = "import sys; print(hash('pnpkit'), file=sys.stderr); "
"""Put before a command run with ``python -c``: it says how that process hashes a string."""


@pytest.mark.slow
def test_kits_previews_and_json_are_identical_across_processes(
    tmp_path: Path, shipped_kit: ShippedKit
) -> None:
    """One run in this process (the shipped kits as the test run built them, then previews, an
    export and a dealt chart), the same in a fresh process that hashes strings differently."""
    data = tmp_path / "data"
    for game in ("high-seas", "false-colors"):
        shutil.copytree(REPO / "data" / game, data / game)
    here, there = tmp_path / "here", tmp_path / "there"
    date = os.environ.get("SOURCE_DATE_EPOCH")  # the shipped kits carry this process's date
    env = {"SOURCE_DATE_EPOCH": date} if date is not None else {}
    seed = "2" if os.environ.get("PYTHONHASHSEED") == "1" else "1"  # not this process's
    # previews (PNGs drawn by PDFium) of the card game only: the same code draws every kit's
    build = ["build", "high-seas", "--quiet", "--preview", "--paper", "letter"]
    rules = ["build", "false-colors", "--quiet", "--paper", "letter"]
    export = ["export", "high-seas", "--data", str(data), "--url-base", "https://example.org/kit/"]
    # (file:// URLs would name the folder)
    chart = ["map", "hex", "--seed", "7", "--format", "json", "--data", str(data)]
    running = (
        start([*build, "--data", str(data), "--out", str(there / "cards")], seed, **env),
        start([*rules, "--data", str(data), "--out", str(there / "rules")], seed, **env),
        # print-shop PNGs at 300 dpi, Tabletop Simulator JSON
        start([*export, "--out", str(there / "export")], seed, **env),
        subprocess.Popen(
            [
                sys.executable,
                "-c",
                HASH_OF + f"from pnpkit.app.cli import main; sys.exit(main({chart!r}))",
            ],
            env={**os.environ, "PYTHONHASHSEED": seed},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        ),
    )
    shutil.copytree(shipped_kit("high-seas"), here / "cards" / "high-seas")
    shutil.copytree(shipped_kit("false-colors"), here / "rules" / "false-colors")
    run_here(["preview", "--out", str(here / "cards")])
    run_here([*export, "--out", str(here / "export")])
    json_here = run_here(chart)
    *_, dealt = running
    json_there, hashed = dealt.communicate(timeout=600)
    assert dealt.returncode == 0, hashed.decode()
    assert int(hashed.decode().splitlines()[0]) != hash("pnpkit")  # another hash seed
    for process in running[:-1]:
        finish(process)
    first, second = files(here), files(there)
    assert sorted(first) == sorted(second)
    assert any(name.endswith(".pdf") for name in first)
    assert any(name.startswith("rules/false-colors/chart-") for name in first)
    assert any(name.endswith(".png") for name in first), "no PNG previews to compare"
    assert any(name.startswith("export/") and name.endswith(".png") for name in first)
    assert any(name.endswith(".json") for name in first)
    different = [name for name in first if first[name] != second[name]]
    assert different == []
    assert json_here == json_there
    assert json_here.startswith(b"{")


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


def test_a_build_carries_source_date_epoch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "data"
    shutil.copytree(REPO / "data" / "high-seas", data / "high-seas")
    out = tmp_path / "out"
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    run_here(["build", "high-seas", "--quiet", "--data", str(data), "--out", str(out)])
    # crew cards, board, tokens, reference card, examples and the calibration page
    assert len(list(out.rglob("*.pdf"))) == 7  # with print-this-kit.pdf
    for pdf in sorted(out.rglob("*.pdf")):
        assert dates(PdfReader(str(pdf))) == ("D:20231114221320+00'00'",) * 2, pdf
