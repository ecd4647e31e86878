"""Page previews and output/index.html."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from tests.browser import chromium, dump_dom

from pnpkit.app.cli import main
from pnpkit.app.preview import PREVIEW_DPI, write_previews
from pnpkit.layout.document import Document
from pnpkit.layout.paper import A4


def _pages(out: Path) -> list[tuple[Path, int, float, float]]:
    found = []
    for pdf in sorted(out.glob("*/*.pdf")):
        for n, page in enumerate(PdfReader(pdf).pages, start=1):
            found.append((pdf, n, float(page.mediabox.width), float(page.mediabox.height)))
    return found


@pytest.fixture(scope="module")
def previewed(built_kit: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the kit with its previews and index.html, written once for the tests that
    only read them."""
    out = tmp_path_factory.mktemp("previewed") / "output"
    shutil.copytree(built_kit, out)
    assert write_previews(out) == out / "index.html"
    return out


def test_every_page_has_a_png_of_its_size(previewed: Path) -> None:
    pages = _pages(previewed)
    assert len(pages) > 10
    for pdf, n, width, height in pages:
        png = pdf.parent / "previews" / f"{pdf.stem}-p{n}.png"
        with Image.open(png) as image:
            assert image.size == (round(width * PREVIEW_DPI / 72), round(height * PREVIEW_DPI / 72))
            assert image.getextrema() != ((255, 255),) * 3  # something is drawn


def _written(out: Path) -> dict[str, bytes]:
    """The previews and index.html under ``out``, by relative path."""
    found = [*sorted(out.rglob("*.png")), out / "index.html"]
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in found}


def test_previews_and_index_are_deterministic(previewed: Path, kit_copy: Path) -> None:
    first = _written(previewed)
    assert not list(kit_copy.rglob("*.png"))
    write_previews(kit_copy)  # again, in another folder
    assert len(first) > 10 and _written(kit_copy) == first


def test_index_lists_every_page_with_its_size_and_verdict(previewed: Path) -> None:
    text = (previewed / "index.html").read_text(encoding="utf-8")
    pages = _pages(previewed)
    for pdf, n, _, _ in pages:
        relative = pdf.relative_to(previewed).as_posix()
        assert f'href="{relative}#page={n}"' in text
        assert f'src="high-seas/previews/{pdf.stem}-p{n}.png"' in text
    portrait = sum(1 for *_, w, h in pages if w < h)
    assert 0 < portrait < len(pages)  # the board's assembly page is landscape
    assert text.count("8.50 × 11.00 in · 215.9 × 279.4 mm") == portrait
    assert text.count("11.00 × 8.50 in · 279.4 × 215.9 mm") == len(pages) - portrait
    assert text.count("✓ verified") == len(pages) + len({p[0] for p in pages})
    assert "✗" not in text
    # opened from disk: nothing fetched from elsewhere, no absolute paths
    links = re.findall(r'(?:src|href)="([^"]*)"', text)
    assert links and all(not re.match(r"[a-z]+:|/", link) for link in links)
    assert str(previewed) not in text


def test_a_pdf_that_fails_verify_is_marked(kit_copy: Path) -> None:
    bad = kit_copy / "high-seas" / "zz-stray.pdf"
    doc = Document(bad, A4, title="stray")
    doc.canvas.rect(2, 2, 100, 100)  # inside the 0.25 in margin
    doc.save()
    text = write_previews(kit_copy).read_text(encoding="utf-8")
    article = text[text.index('id="high-seas-zz-stray-pdf"') :]
    assert "✗ problems" in article
    assert "page 1:" in article and "margin" in article
    assert "8.27 × 11.69 in · 210.0 × 297.0 mm" in article


def test_preview_command(
    capsys: pytest.CaptureFixture[str], kit_copy: Path, tmp_path: Path
) -> None:
    assert main(["preview", "--out", str(kit_copy)]) == 0
    assert capsys.readouterr().out == f"wrote {kit_copy / 'index.html'}\n"
    assert main(["preview", "--out", str(tmp_path / "empty")]) == 2
    assert "run pnpkit build first" in capsys.readouterr().err


@pytest.mark.slow
def test_index_loads_in_headless_chromium(previewed: Path, tmp_path: Path) -> None:
    browser = chromium("index.html")
    index = previewed / "index.html"
    pages = len(_pages(previewed))
    run = dump_dom(
        browser,
        index.as_uri(),
        tmp_path / "profile",
        "--enable-logging=stderr",
        "--v=0",
        timeout=90,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    # every preview loaded (the page's own script counts them after the load event)
    assert f'data-images="{pages}/{pages}"' in run.stdout
    assert f"All {pages} page previews loaded." in run.stdout
    console = [line for line in run.stderr.splitlines() if ":CONSOLE" in line]
    assert console == []


def test_index_links_the_exports(kit_copy: Path, data_dir: Path) -> None:
    from pnpkit.app.export import export_game

    export_game("high-seas", data_dir, kit_copy, ("tts",))
    text = write_previews(kit_copy).read_text(encoding="utf-8")
    for name in ("crew.json", "crew-faces.png", "crew-back.png"):
        assert f'href="high-seas/tts/{name}"' in text
        assert (kit_copy / "high-seas" / "tts" / name).is_file()
