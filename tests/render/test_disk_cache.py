"""SVG converted by svglib (card faces, emblems) is kept between runs (pnpkit.render.disk_cache): read
back, it draws the same bytes; a damaged kept drawing is converted again, never an error; a
document whose drawings are all kept never loads svglib."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Iterator
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest
import svglib.svglib
from reportlab.graphics import renderPDF
from reportlab.pdfgen.canvas import Canvas

from pnpkit.render import fonts
from pnpkit.render.disk_cache import ENV, DiskCache
from pnpkit.render.svg import drawings as svg_drawings
from pnpkit.render.svg import rules as svg_rules

FACE = """<svg xmlns="http://www.w3.org/2000/svg" width="180pt" height="252pt" viewBox="0 0 180 252">
<rect x="6" y="6" width="168" height="240" rx="7" fill="#f6efdc" stroke="#5d4037" stroke-width="3"/>
<text x="20" y="38" font-family="Source Sans Pro" font-size="16" font-weight="bold"
 fill="#5d4037">Sloop</text>
<circle cx="90" cy="140" r="30" fill="#1f4e79" stroke-dasharray="3 2" stroke="#000000"/>
</svg>"""


@pytest.fixture
def conversions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """svglib's conversions counted; faces kept in a folder of this test."""
    fonts.register()  # as a FaceRenderer does before it converts a face
    seen: list[str] = []
    real = svglib.svglib.svg2rlg

    def counting(source: Any, **options: Any) -> Any:
        seen.append("converted")
        return real(source, **options)

    monkeypatch.setattr(svglib.svglib, "svg2rlg", counting)
    monkeypatch.setattr(svg_drawings, "_kept", lambda: DiskCache(tmp_path / "faces", ".pickle"))
    svg_drawings.converted.cache_clear()
    yield seen
    svg_drawings.converted.cache_clear()


def _pdf(drawing: Any) -> bytes:
    fonts.register()
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(180, 252), invariant=1)
    drawing.initialFontName = fonts.REGULAR
    renderPDF.draw(drawing, canvas, 0, 0)
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def test_a_face_is_converted_once_and_read_back_the_same(
    conversions: list[str], tmp_path: Path
) -> None:
    first = svg_drawings.converted(FACE, "templates")
    assert conversions == ["converted"]
    assert len(list((tmp_path / "faces").glob("*.pickle"))) == 1

    svg_drawings.converted.cache_clear()  # the next process
    again = svg_drawings.converted(FACE, "templates")
    assert conversions == ["converted"]
    assert again is not first
    assert _pdf(again) == _pdf(first)

    svg_drawings.converted.cache_clear()  # another template folder: another face
    svg_drawings.converted(FACE, "other-templates")
    assert conversions == ["converted", "converted"]


def test_a_damaged_kept_face_is_converted_again(conversions: list[str], tmp_path: Path) -> None:
    first = svg_drawings.converted(FACE, "templates")
    (kept,) = (tmp_path / "faces").glob("*.pickle")
    kept.write_bytes(kept.read_bytes()[:40])  # cut short, as by a full disk
    svg_drawings.converted.cache_clear()
    again = svg_drawings.converted(FACE, "templates")
    assert conversions == ["converted", "converted"]
    assert _pdf(again) == _pdf(first)
    kept.write_bytes(b"\x80\x05K\x07.")  # a pickle of something that is no drawing
    svg_drawings.converted.cache_clear()
    svg_drawings.converted(FACE, "templates")
    assert len(conversions) == 3


def test_drawing_what_is_all_kept_never_loads_svglib(tmp_path: Path, data_dir: Path) -> None:
    """False Colors' token sheets draw emblems (SVG fragments): the first drawing of them
    converts the emblems, the next reads them back and never imports svglib (nor lxml)."""
    probe = (
        "import sys\n"
        "from pathlib import Path\n"
        "from pnpkit.layout.print_settings import DEFAULTS\n"
        "from pnpkit.build.write import draw\n"
        "from pnpkit.app import pipeline\n"
        "from pnpkit.games import find_game\n"
        f"folder = Path({str(data_dir / 'false-colors')!r})\n"
        "done = pipeline.checked(find_game('false-colors', folder), folder)\n"
        "plans = pipeline.documents(done, DEFAULTS)\n"
        "draw(next(p for p in plans if p.filename == 'tokens.pdf'))\n"
        "print(0, 'svglib' in sys.modules, 'lxml' in sys.modules)\n"
    )
    env = {**os.environ, ENV: str(tmp_path / "cache")}
    runs = [
        subprocess.run(
            [sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=False
        )
        for _ in range(2)
    ]
    assert [run.stdout for run in runs] == ["0 True True\n", "0 False False\n"], runs[0].stderr
    (folder,) = (tmp_path / "cache").glob("drawings-*")
    assert len(list(folder.glob("*.pickle"))) >= 12  # each emblem at each size it is drawn


def test_disk_cache_are_foldered_by_the_versions_they_depend_on() -> None:
    """svglib's version is read from its ``.dist-info`` folder's name (cheaply), and agrees with
    ``importlib.metadata``; a reinstall of the same versions keeps the same folder."""
    from importlib.metadata import version

    assert svg_drawings._installed("svglib") == version("svglib")
    assert svg_drawings._installed("reportlab") == version("reportlab")
    assert svg_drawings._installed("font_source_sans_pro") == version("font_source_sans_pro")


def test_the_folder_changes_with_the_code_and_fonts_that_convert(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A checkout's code changes without its version: drawings converted by other code (the
    faces svglib may find, say) are never read, nor those placed with another font package."""
    monkeypatch.setenv("PNPKIT_CACHE_DIR", str(tmp_path))
    svg_drawings._kept.cache_clear()
    try:
        name = svg_drawings._kept().folder.name  # type: ignore[union-attr]
    finally:
        svg_drawings._kept.cache_clear()
    assert f"-{svg_drawings._converter_digest()}-" in name
    packages = ("font_source_sans_pro", "font_source_serif_pro", "font_fjallaone")
    assert name.endswith(f"-fonts-{'-'.join(version(p) for p in packages)}")
    rules = Path(svg_rules.__file__ or "")
    before = svg_drawings._converter_digest()
    monkeypatch.setattr(svg_rules, "__file__", str(tmp_path / "edited.py"))
    (tmp_path / "edited.py").write_bytes(rules.read_bytes() + b"\n# edited\n")
    assert svg_drawings._converter_digest() != before


def test_a_new_folder_removes_those_of_other_versions_only(tmp_path: Path) -> None:
    """Folders of other versions are read by no run of this code: they go when this version's
    folder is made, and nothing else in the cache does."""
    for name in ("drawings-0.0.9-old", "drawings-0.1.0-other", "drawing-times", "kits"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "f.pickle").write_bytes(b"x")
    kept = DiskCache(tmp_path / "drawings-0.1.0-now", ".pickle", family="drawings")
    kept.write("a", b"drawn")
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "drawing-times",
        "drawings-0.1.0-now",
        "kits",
    ]
    (tmp_path / "drawings-0.0.9-old").mkdir()
    kept.write("b", b"drawn")  # the folder is there: nothing is looked for
    assert (tmp_path / "drawings-0.0.9-old").is_dir()
    assert kept.read("a") == b"drawn"
