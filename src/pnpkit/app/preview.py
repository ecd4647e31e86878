"""Previews: a PNG of every page and ``output/index.html`` that browses every kit.

``write_previews(out_dir)`` looks at every ``out_dir/<game>/*.pdf``, draws each page to
``out_dir/<game>/previews/<document>-p<N>.png`` (:data:`PREVIEW_DPI`, deterministic bytes;
pages are drawn and verified again only when the PDF's bytes changed; the pictures of a document
that is gone are removed) and writes
``out_dir/index.html``: every kit, every document, every page with its physical size in inches
and millimetres, the paper it matches, and what ``verify`` says about it; and links to the exports found (``pnpkit export``)
and the proof sheets (``pnpkit proof``).

The page works opened straight from disk: links are relative, the style and the little script
are inline, nothing is fetched from anywhere else. The script only counts the pictures that
loaded and says so at the top (``data-images`` on ``<body>``: ``"loaded/total"``).
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from pypdf import PdfReader
from pypdf.errors import PyPdfError

from pnpkit.build.atomic import atomic_write
from pnpkit.errors import BuildError
from pnpkit.layout.paper import matches_standard
from pnpkit.verify import verify_pdf

PREVIEW_DPI = 48
"""Letter is 408 × 528 px: enough to see a page, small enough for a kit of 100 pages."""
PREVIEWS = "previews"
INDEX = "index.html"
MM = 72.0 / 25.4
RECORD = ".json"
"""``previews/<document>.json``: what the last preview of the document found, and of which bytes."""
_PAGE = re.compile(r"(.+)-p(\d+)\.png")


@dataclass(frozen=True, slots=True)
class PagePreview:
    """One page in ``index.html``: its number, its size, its PNG and what ``verify`` found on it."""

    number: int
    width: float
    """Points."""
    height: float
    image: str
    """The PNG, relative to the output folder (``/`` separated)."""
    problems: tuple[str, ...]

    @property
    def size_text(self) -> str:
        inches = f"{self.width / 72:.2f} × {self.height / 72:.2f} in"
        mm = f"{self.width / MM:.1f} × {self.height / MM:.1f} mm"
        return f"{inches} · {mm}"

    @property
    def paper_text(self) -> str:
        paper = matches_standard(self.width, self.height)
        name = {"letter": "Letter", "a4": "A4"}.get(paper.name, paper.name) if paper else "custom"
        turn = "landscape" if self.width > self.height else "portrait"
        return f"{name} {turn}"


@dataclass(frozen=True, slots=True)
class DocumentPreview:
    """One PDF in ``index.html``: its game, title and subject, its pages, and what ``verify``
    found."""

    game: str
    pdf: str
    """The PDF, relative to the output folder."""
    title: str
    pages: tuple[PagePreview, ...]
    problems: tuple[str, ...]
    """Problems verify found that belong to no single page."""
    subject: str = ""
    """The PDF's subject: what a game's data says about it (its credit, when it has one)."""

    @property
    def verified(self) -> bool:
        return not self.problems and not any(page.problems for page in self.pages)


def _relative(path: Path, root: Path) -> str:
    return path.relative_to(root).as_posix()


def draw_previews(pdf: Path, folder: Path) -> list[Path]:
    """PNGs of every page of ``pdf`` in ``folder`` (``<stem>-p<N>.png``), drawn again only when
    the PDF is newer than them; stale pages of an earlier, longer PDF are removed."""
    from pnpkit.app.raster import png_bytes, render_pages  # PDFium: only when drawing

    folder.mkdir(parents=True, exist_ok=True)
    count = len(PdfReader(pdf).pages)
    images = [folder / f"{pdf.stem}-p{n}.png" for n in range(1, count + 1)]
    fresh = all(
        image.is_file() and image.stat().st_mtime_ns >= pdf.stat().st_mtime_ns for image in images
    )
    if not fresh:
        for target, picture in zip(images, render_pages(pdf, PREVIEW_DPI), strict=True):
            body = png_bytes(picture)
            if not target.is_file() or target.read_bytes() != body:
                with atomic_write(target) as out:
                    out.write(body)
            else:
                target.touch()
    for stale in folder.glob(f"{pdf.stem}-p*.png"):
        if stale not in images and stale.stem.rsplit("-p", 1)[-1].isdigit():
            stale.unlink()
    return images


def preview_document(pdf: Path, root: Path, *, fresh: bool = False) -> DocumentPreview:
    """Draw ``pdf``'s pages and verify it; ``root`` is the output folder. What was found is
    kept beside the pictures (``previews/<stem>.json``, with the PDF's SHA-256): a PDF whose
    bytes did not change is neither drawn nor verified again (unless ``fresh``)."""
    folder = pdf.parent / PREVIEWS
    digest = hashlib.sha256(pdf.read_bytes()).hexdigest()
    record = folder / f"{pdf.stem}{RECORD}"
    if not fresh:
        kept = _kept(record, digest, pdf, root)
        if kept is not None:
            return kept
    if fresh:
        for image in folder.glob(f"{pdf.stem}-p*.png"):
            image.unlink()
    try:
        found = _preview(pdf, root)
    except (BuildError, PyPdfError, ValueError) as exc:  # not a PDF one can read: say so
        problems = verify_pdf(pdf) or [f"{pdf}: cannot read the PDF: {exc}"]
        prefix = f"{pdf}: "
        found = DocumentPreview(
            pdf.parent.name,
            _relative(pdf, root),
            pdf.stem,
            (),
            tuple(p.removeprefix(prefix) for p in problems),
        )
    body = {
        "sha256": digest,
        "title": found.title,
        "subject": found.subject,
        "problems": list(found.problems),
        "pages": [[p.width, p.height, list(p.problems)] for p in found.pages],
    }
    with atomic_write(record) as out:
        out.write(json.dumps(body, indent=1, sort_keys=True).encode("utf-8"))
    return found


def _kept(record: Path, digest: str, pdf: Path, root: Path) -> DocumentPreview | None:
    """The preview kept in ``record`` if it is of these bytes and every picture is there."""
    try:
        body = json.loads(record.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(body, dict) or body.get("sha256") != digest or "subject" not in body:
        return None
    pages: list[PagePreview] = []
    for number, (width, height, problems) in enumerate(body["pages"], start=1):
        image = record.parent / f"{pdf.stem}-p{number}.png"
        if not image.is_file():
            return None
        pages.append(PagePreview(number, width, height, _relative(image, root), tuple(problems)))
    return DocumentPreview(
        pdf.parent.name,
        _relative(pdf, root),
        str(body["title"]),
        tuple(pages),
        tuple(body["problems"]),
        str(body["subject"]),
    )


def _preview(pdf: Path, root: Path) -> DocumentPreview:
    images = draw_previews(pdf, pdf.parent / PREVIEWS)
    reader = PdfReader(pdf)
    problems = verify_pdf(pdf)
    prefix = f"{pdf}: "
    short = [p.removeprefix(prefix) for p in problems]
    pages: list[PagePreview] = []
    for number, (page, image) in enumerate(zip(reader.pages, images, strict=True), start=1):
        mine = tuple(p for p in short if p.startswith(f"page {number}: "))
        pages.append(
            PagePreview(
                number,
                float(page.mediabox.width),
                float(page.mediabox.height),
                _relative(image, root),
                mine,
            )
        )
    paged = {p for page in pages for p in page.problems}
    info = reader.metadata
    title = str(info.title) if info is not None and info.title else pdf.stem
    subject = str(info.subject) if info is not None and info.subject else ""
    return DocumentPreview(
        pdf.parent.name,
        _relative(pdf, root),
        title,
        tuple(pages),
        tuple(p for p in short if p not in paged),
        subject,
    )


def drop_stale_previews(kit_dir: Path) -> list[Path]:
    """Remove the pictures and records in ``kit_dir/previews`` of documents that are gone."""
    folder = kit_dir / PREVIEWS
    if not folder.is_dir():
        return []
    gone: list[Path] = []
    for path in sorted(folder.iterdir()):
        page = _PAGE.fullmatch(path.name)
        stem = page.group(1) if page else path.name.removesuffix(RECORD)
        if (page or path.name.endswith(RECORD)) and not (kit_dir / f"{stem}.pdf").is_file():
            path.unlink()
            gone.append(path)
    return gone


def kit_documents(out_dir: Path, games: Sequence[str] | None = None) -> list[Path]:
    """The PDFs of every kit folder in ``out_dir`` (or of ``games``), sorted."""
    folders = _kit_folders(out_dir)
    if games:
        folders = [f for f in folders if f.name in games]
    return [pdf for folder in folders for pdf in sorted(folder.glob("*.pdf")) if _shown(pdf.name)]


def _shown(name: str) -> bool:
    """Hidden names (a build's staging folder or temporary file) are no kit's."""
    return not name.startswith(".")


def _kit_folders(out_dir: Path) -> list[Path]:
    if not out_dir.is_dir():
        return []
    return sorted(p for p in out_dir.iterdir() if p.is_dir() and _shown(p.name))


def kit_exports(out_dir: Path) -> dict[str, list[str]]:
    """``{game: [relative paths]}`` of the exports found (``pnpkit export``): print-shop PDFs,
    order lists and boards, Tabletop Simulator sidecars, sheets and boards; and the proof
    sheets (``pnpkit proof``)."""
    found: dict[str, list[str]] = {}
    patterns = (
        "print-shop/*.pdf",
        "print-shop/*.png",
        "print-shop/*.csv",
        "tts/*.json",
        "tts/*.png",
        "proofs/*.pdf",
    )
    for folder in _kit_folders(out_dir):
        files = [f for pattern in patterns for f in sorted(folder.glob(pattern)) if _shown(f.name)]
        if files:
            found[folder.name] = [_relative(f, out_dir) for f in files]
    return found


def write_previews(
    out_dir: Path,
    games: Sequence[str] | None = None,
    report: Callable[[Path], None] | None = None,
) -> Path:
    """Bring the previews of every kit in ``out_dir`` up to date and write ``index.html``;
    returns the index's path. Only documents whose bytes changed are drawn and verified again
    (the kits of ``games`` are all drawn again); the previews of documents that are gone are
    removed; ``report`` hears each document once its previews are ready. Cheap when little changed: ``build`` and ``watch`` run it after every build."""
    folders = sorted(p for p in out_dir.iterdir() if p.is_dir()) if out_dir.is_dir() else []
    for folder in folders:
        drop_stale_previews(folder)
    again = set(games or ())
    documents: list[DocumentPreview] = []
    for pdf in kit_documents(out_dir):
        documents.append(preview_document(pdf, out_dir, fresh=pdf.parent.name in again))
        if report is not None:
            report(pdf)
    index = out_dir / INDEX
    with atomic_write(index) as out:
        out.write(index_html(documents, kit_exports(out_dir)).encode("utf-8"))
    return index


# --- the page ----------------------------------------------------------------------------------

STYLE = """
body { font: 15px/1.4 system-ui, sans-serif; margin: 0; color: #1b1b1b; background: #f4f1ea; }
header { background: #16324f; color: #fff; padding: 14px 24px; }
header h1 { margin: 0; font-size: 22px; }
header p { margin: 4px 0 0; }
nav { padding: 8px 24px; background: #e3ddd0; }
nav a { margin-right: 14px; }
main { padding: 0 24px 40px; }
section.kit { margin-top: 24px; }
article { background: #fff; border: 1px solid #d5cfc2; border-radius: 6px; margin: 14px 0;
  padding: 10px 14px; }
article h3 { margin: 0 0 4px; font-size: 17px; }
.ok { color: #1e6b2e; font-weight: 600; }
.bad { color: #a11d1d; font-weight: 600; }
.pages { display: flex; flex-wrap: wrap; gap: 12px; margin-top: 8px; }
figure { margin: 0; width: 180px; }
figure img { width: 180px; height: auto; border: 1px solid #999; background: #fff;
  box-shadow: 1px 1px 3px rgba(0,0,0,.2); }
figcaption { font-size: 12px; }
ul.problems { color: #a11d1d; font-size: 13px; margin: 4px 0; }
p.exports { font-size: 13px; }
p.credit { font-style: italic; }
"""

SCRIPT = """
window.addEventListener("load", function () {
  var images = document.querySelectorAll("img");
  var loaded = 0;
  images.forEach(function (image) { if (image.complete && image.naturalWidth > 0) loaded++; });
  document.body.setAttribute("data-images", loaded + "/" + images.length);
  var status = document.getElementById("status");
  status.textContent = loaded === images.length
    ? "All " + images.length + " page previews loaded."
    : (images.length - loaded) + " of " + images.length + " page previews are missing.";
});
"""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _verdict(ok: bool) -> str:
    return '<span class="ok">✓ verified</span>' if ok else '<span class="bad">✗ problems</span>'


def _problems(lines: Sequence[str]) -> str:
    if not lines:
        return ""
    items = "".join(f"<li>{_e(line)}</li>" for line in lines)
    return f'<ul class="problems">{items}</ul>'


def _anchor(*parts: str) -> str:
    return "-".join(part.replace("/", "-").replace(".", "-") for part in parts)


def _page(document: DocumentPreview, page: PagePreview) -> str:
    link = f"{document.pdf}#page={page.number}"
    return (
        f'<figure id="{_e(_anchor(document.pdf, str(page.number)))}">'
        f'<a href="{_e(page.image)}"><img src="{_e(page.image)}" '
        f'alt="{_e(document.title)}, page {page.number}" loading="eager"></a>'
        f"<figcaption>"
        f'<a href="{_e(link)}">page {page.number}</a> · {_e(page.paper_text)}<br>'
        f"{_e(page.size_text)}<br>{_verdict(not page.problems)}"
        f"{_problems(page.problems)}</figcaption></figure>"
    )


def _document(document: DocumentPreview) -> str:
    count = len(document.pages)
    pages = "".join(_page(document, page) for page in document.pages)
    return (
        f'<article id="{_e(_anchor(document.pdf))}">'
        f'<h3><a href="{_e(document.pdf)}">{_e(Path(document.pdf).name)}</a></h3>'
        f"<div>{_e(document.title)} · {count} page{'s' if count != 1 else ''} · "
        f"{_verdict(document.verified)}</div>{_problems(document.problems)}"
        f'<div class="pages">{pages}</div></article>'
    )


def _credit(documents: Sequence[DocumentPreview]) -> str:
    """The kit's credit: the subject its documents share (a game's data writes it; a game by
    someone else names its author there)."""
    subjects = {d.subject for d in documents}
    if len(subjects) != 1 or not next(iter(subjects)):
        return ""
    return f'<p class="credit">{_e(next(iter(subjects)))}</p>'


def _exports(files: Sequence[str]) -> str:
    if not files:
        return ""
    links = " · ".join(f'<a href="{_e(f)}">{_e(f.split("/", 1)[1])}</a>' for f in files)
    return f'<p class="exports">Exports: {links}</p>'


def index_html(
    documents: Sequence[DocumentPreview], exports: dict[str, list[str]] | None = None
) -> str:
    """The whole page (pure: the same documents and exports give the same text)."""
    exports = exports or {}
    games = sorted({d.game for d in documents})
    pages = sum(len(d.pages) for d in documents)
    bad = sum(1 for d in documents if not d.verified)
    summary = (
        f"{len(games)} kit{'s' if len(games) != 1 else ''}, {len(documents)} documents, "
        f"{pages} pages; "
        + ("every document verified." if not bad else f"{bad} documents with problems.")
    )
    nav = "".join(f'<a href="#{_e(game)}">{_e(game)}</a>' for game in games)
    sections = []
    for game in games:
        mine = [d for d in documents if d.game == game]
        listing = " · ".join(
            f'<a href="#{_e(_anchor(d.pdf))}">{_e(Path(d.pdf).stem)}</a>' for d in mine
        )
        body = "".join(_document(d) for d in mine)
        sections.append(
            f'<section class="kit" id="{_e(game)}"><h2>{_e(game)}</h2>{_credit(mine)}'
            f"<p>{listing}</p>{_exports(exports.get(game, []))}{body}</section>"
        )
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<title>pnpkit: print-and-play kits</title>"
        f"<style>{STYLE}</style></head>\n"
        "<body><header><h1>Print-and-play kits</h1>"
        f"<p>{_e(summary)} Print every PDF at 100 % (actual size), not fit to page.</p>"
        '<p id="status">Page previews are loading…</p></header>'
        f"<nav>{nav}</nav>\n<main>{''.join(sections)}</main>\n"
        f"<script>{SCRIPT}</script></body></html>\n"
    )
