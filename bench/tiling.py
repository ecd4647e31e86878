"""Tiling a 15 × 15 in chart onto Letter: pnpkit's tiler against the ``pdfposter`` tool.

The input is one page, 15 × 15 in, holding the synthetic 12 × 12 grid of 1.25 in cells
(:class:`pnpkit.layout.sample.SampleGrid`). pnpkit tiles the drawing itself (four sheets with
glue strips, marks, labels and rulers, plus the assembly page); ``pdfposter -m Letter -s 1`` cuts
the one-page PDF at actual size into Letter pages (edge to edge: no margin, strips or marks).
``-p 2x2Letter`` is also timed: it scales the chart to fill 2 × 2 sheets, so it is not 1:1.

Medians of ``RUNS`` runs each (the pdfposter figure includes starting its interpreter, as a user
would run it). pdfposter 0.9.1 fails under pypdf 7 (it calls a removed pypdf API); set
``PNPKIT_PDFPOSTER`` to a pdfposter executable installed beside pypdf < 7 to time it.
"""

from __future__ import annotations

import io
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from pypdf import PdfReader

from bench import Row
from pnpkit.layout.document import Document
from pnpkit.layout.paper import LETTER, Paper
from pnpkit.layout.sample import SampleGrid
from pnpkit.layout.tiled_pdf import write_tiled
from pnpkit.layout.tiling import tile
from pnpkit.verify import verify_pdf

RUNS = 7
AREA = "tiling"


def _chart() -> SampleGrid:
    return SampleGrid(12, 12, 90.0, title="Square chart 15 in")


def one_page_pdf(path: Path) -> None:
    """The whole chart on one 15 × 15 in page (the input pdfposter cuts up)."""
    chart = _chart()
    doc = Document(path, title=chart.title)
    doc.allow_size(chart.width, chart.height)
    doc.set_margin(0)
    doc.start_page(Paper("chart", chart.width, chart.height))
    chart.draw(doc.canvas)
    doc.save()


def _median_ms(run: Callable[[], object]) -> float:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def _ours() -> bytes:
    layout = tile(_chart(), LETTER, title="Square chart")
    buffer = io.BytesIO()
    doc = Document(buffer, title="Square chart")
    write_tiled(layout, doc)
    doc.save()
    return buffer.getvalue()


def _runner(command: list[str]) -> Callable[[], object]:
    def run() -> object:
        return subprocess.run(command, capture_output=True, timeout=120, check=True)

    return run


def _pdfposter() -> str | None:
    configured = os.environ.get("PNPKIT_PDFPOSTER")
    if configured:
        return configured
    beside = Path(sys.executable).parent / "pdfposter"
    if beside.exists():
        return str(beside)
    return shutil.which("pdfposter")


def _poster_rows(folder: Path, source: Path) -> list[Row]:
    tool = _pdfposter()
    if tool is None:
        return [Row(AREA, "pdfposter", "not installed (make bench installs it in .venv-poster)")]
    out: list[Row] = []
    for label, args in (
        ("pdfposter -m Letter -s 1 (actual size)", ["-m", "Letter", "-s", "1"]),
        ("pdfposter -m Letter -p 2x2Letter (scaled to fill)", ["-m", "Letter", "-p", "2x2Letter"]),
    ):
        target = folder / "poster.pdf"
        command = [tool, *args, str(source), str(target)]
        probe = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
        if probe.returncode != 0:
            last = (probe.stderr.strip().splitlines() or ["no message"])[-1]
            out.append(Row(AREA, label, f"failed: {last[:90]}"))
            continue
        ms = _median_ms(_runner(command))
        pages = len(PdfReader(target).pages)
        problems = len(verify_pdf(target))
        out.append(
            Row(
                AREA,
                label,
                f"{ms:.0f} ms median of {RUNS}; {pages} pages; {problems} verify problems",
            )
        )
    return out


def rows() -> list[Row]:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        source = folder / "chart-15in.pdf"
        one_page_pdf(source)
        data = _ours()
        ours_path = folder / "tiled.pdf"
        ours_path.write_bytes(data)
        ms = _median_ms(_ours)
        verify_ms = _median_ms(lambda: verify_pdf(ours_path))
        problems = verify_pdf(ours_path)
        layout = tile(_chart(), LETTER, title="Square chart")
        out = [
            Row(
                AREA,
                "pnpkit tile + write, 15 × 15 in on Letter (in-process)",
                f"{ms:.0f} ms median of {RUNS}; {layout.sheet_count} sheets + assembly page; "
                f"{len(data) // 1024} KiB",
            ),
            Row(
                AREA,
                "pnpkit verify_pdf of that PDF (pitch, rulers, regions, margin, fonts)",
                f"{verify_ms:.0f} ms median of {RUNS}; {len(problems)} problems",
            ),
        ]
        # Only what a command that tiles a chart imports (not this module, which imports pypdf).
        script = (
            "import sys; from pnpkit.layout.paper import LETTER; "
            "from pnpkit.layout.sample import SampleGrid; from pnpkit.layout.tiling import tile; "
            "from pathlib import Path; from pnpkit.build.context import BuildContext; "
            "from pnpkit.build.write import write_document; "
            "from pnpkit.layout.tiled_pdf import tiled_document; "
            "write_document(Path(sys.argv[1]), tiled_document(tile(SampleGrid(12, 12, 90.0, "
            "title='Square chart 15 in'), LETTER, title='Square chart'), 'cold.pdf'), "
            "BuildContext(verify=False))"
        )
        command = [sys.executable, "-c", script, str(folder / "cold.pdf")]
        cold = _median_ms(_runner(command))
        out.append(
            Row(
                AREA,
                "pnpkit tile + write in a fresh interpreter (like a command)",
                f"{cold:.0f} ms median of {RUNS}",
            )
        )
        out += _poster_rows(folder, source)
        return out
