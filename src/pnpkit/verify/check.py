"""Read a PDF back and list everything wrong with it as a printed, physical object.

Checks (each problem one line, ``file: page n: …``):

- page sizes are Letter or A4 (either orientation) or a size the PDF promises;
- the page count equals the promised count;
- ``/ViewerPreferences /PrintScaling /None`` is set;
- every font is embedded (``FontFile``/``FontFile2``/``FontFile3``; Type 3 fonts are drawings);
- nothing is drawn inside the safe margin (clipped bounding boxes of strokes, fills, text, images);
- every promised dimension, measured from the drawn content to 0.1 mm: line pitches, the
  calibration ruler's 1 in and 5 cm bars, and tiled sheets' regions adding up to the item;
- two-sided sheets: every back behind its front, the fold line, and the promised
  ``/ViewerPreferences /Duplex`` (:mod:`pnpkit.verify.sides`).
- no text is smaller than 6 pt (its effective size on the page, through every transformation
  and form), listed with its words (:func:`pnpkit.verify.legibility.small_text`);
- every promised colour set tells its members apart in grayscale (40 levels) or by a second
  cue, and each colour is filled on its pages (:func:`pnpkit.verify.legibility.color_set_problems`).

PDFs without promises get the first four checks, the margin check (0.25 in) and the text size
check.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import io
import itertools
import logging
import threading
import zlib
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from pypdf import PageObject, PdfReader
from pypdf.errors import PdfReadError
from pypdf.generic import DictionaryObject, IndirectObject, StreamObject

from pnpkit.errors import BuildError
from pnpkit.verify.content import (
    RGB,
    FormCache,
    PageContent,
    Segment,
    forms_of_one_page,
    read_page,
)
from pnpkit.verify.legibility import color_set_problems, small_text
from pnpkit.verify.promises import (
    INFO_KEY,
    TOLERANCE,
    AssemblyPromise,
    LinePromise,
    Promises,
    RulerPromise,
)
from pnpkit.verify.sides import COLOR_TOLERANCE as FOLD_COLOR_TOLERANCE
from pnpkit.verify.sides import check_mirror, duplex_problem
from pnpkit.workers import parts

LETTER_SIZE = (612.0, 792.0)
A4_SIZE = (595.28, 841.89)
SIZE_TOLERANCE = 0.5
"""Page sizes may differ from the standard by this much (points)."""
MARGIN_TOLERANCE = 0.05
COLOR_TOLERANCE = 0.002
KEPT_COLOR = max(COLOR_TOLERANCE, FOLD_COLOR_TOLERANCE)
"""A page's segments in a colour this near to one a later check measures are kept for it
(each check then finds its own, at its own tolerance, among them)."""
MM = 72.0 / 25.4


def verify_pdf(
    path: str | Path, *, data: bytes | None = None, read_pages: PageReader | None = None
) -> list[str]:
    """Every problem with the PDF at ``path`` (or, given ``data``, with those bytes, named
    ``path``: a document is verified before it is written); an empty list when it is fine.

    ``read_pages`` reads the pages of a long document in parts, each part at once (a build
    hands its process pool: see :func:`page_parts`); the problems are the same, in the same
    order, whoever reads which part.

    A PDF too damaged to read is one problem, whatever pypdf raised on the way: it raises
    ValueError, NotImplementedError, KeyError… as well as PdfReadError on corrupt streams, and
    the verifier reads files users hand it."""
    name = str(path)
    source = io.BytesIO(data) if data is not None else path
    return _guarded(name, lambda: _verify(source, name, read_pages), lambda problem: [problem])


PagesRead = tuple[list[str], list[str], dict[int, PageContent]]
"""What reading some pages of a document gives: the problems of their pages as objects (size,
scale, fonts), the problems of what they draw (margin, text size), and what the later checks
keep of each page (:func:`_kept`), by page number."""

PageIds = tuple[tuple[int, int], ...]
"""Where pages are in a PDF: the object number and generation of each, in page order."""

PageReader = Callable[[PageIds, Promises], list[PagesRead] | None]
"""Given where a document's pages are (:data:`PageIds`; there are as many as pages) and its
promises (each read once), reads the pages in parts with :func:`read_pages` (in other
processes, say: each part of :func:`page_parts`) and gives what each part gave, in page order;
or None for a document too short to be worth parting (it is read in this process)."""

PART_PAGES = 16
"""A document is read in parts (given a :data:`PageReader`) only when each part has at least
this many pages: a shorter document costs more to hand over than it saves."""


def page_parts(pages: int, workers: int) -> list[range]:
    """The page indexes of a document of ``pages`` pages in up to ``workers`` parts of at least
    :data:`PART_PAGES` pages, in order; one part when it is short. One part a process: each
    part reads the document's structure again, and two a process (to even out a slow one) cost
    more than they evened out (the 1,000-card bench build: 1.65-1.72 s against 1.67-1.76 s,
    five runs of each)."""
    return parts(pages, workers, PART_PAGES)


def read_pages(
    path: str | Path, data: bytes, indexes: range, promises: Promises, found: PageIds = ()
) -> PagesRead:
    """Read the pages ``indexes`` (from 0) of the PDF ``data`` named ``path``, which makes
    ``promises``, as :func:`verify_pdf` does, for a :data:`PageReader` (in a process of its
    own: it reads its own copy of the document). Given where those pages are (``found``, one
    for each index), they are read from there, and the rest of the page tree is not (every
    part read it whole: a tenth of its time). A document it cannot read is one problem."""
    name = str(path)

    def read() -> PagesRead:
        reader = PdfReader(io.BytesIO(data))
        pages = _pages_at(reader, indexes, found) if found else None
        if pages is None:
            pages = list(reader.pages)
        return _read_pages(reader, pages, indexes, name, promises)

    return _guarded(name, read, lambda problem: ([problem], [], {}))


INHERITED = ("/Resources", "/MediaBox", "/CropBox", "/Rotate")
"""What a page takes from the page tree above it when it does not say it itself."""


def _pages_at(reader: PdfReader, indexes: range, found: PageIds) -> list[Any] | None:
    """The pages ``indexes`` read where ``found`` says they are (the others None), as pypdf
    reads them from the page tree; None when one is not a page there, or takes something from
    the tree above it (then the tree is read)."""
    if len(found) != len(indexes):
        return None
    pages: list[Any] = [None] * (indexes.stop if indexes else 0)
    for index, (number, generation) in zip(indexes, found, strict=True):
        where = IndirectObject(number, generation, reader)
        page = where.get_object()
        if not isinstance(page, DictionaryObject) or page.get("/Type") != "/Page":
            return None
        parent = page.get("/Parent")
        for _ in range(32):  # the tree is shallow; a cycle is a damaged file
            if parent is None:
                break
            node = parent.get_object()
            if any(key in node and key not in page for key in INHERITED):
                return None
            parent = node.get("/Parent")
        else:
            return None
        pages[index] = PageObject(reader, where)
        pages[index].update(page)
    return pages


T = TypeVar("T")


def _guarded(name: str, read: Callable[[], T], failed: Callable[[str], T]) -> T:
    """What ``read`` gives reading the PDF named ``name``, or ``failed`` of the one problem
    that it cannot be read (whatever pypdf raised), with the collector paused and pypdf quiet."""
    try:
        with _no_cycle_collection(), _pypdf_quiet():
            return read()
    except RecursionError:
        return failed(f"{name}: cannot read the PDF: its objects nest too deeply")
    except Exception as exc:
        return failed(f"{name}: cannot read the PDF: {type(exc).__name__}: {exc}")


_PAUSE = threading.Lock()
_pauses = [0, False]  # verifications running, and whether collection was on before the first


@contextlib.contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while a document is read, and restore it after
    (threads verifying at once share one pause). Reading a chart makes a few hundred thousand
    small records that live until its checks are done; the collector would walk them again
    and again (a fifth of a large chart's verification) and find nothing to free: they are
    freed by reference counting, and the reader's own cycles when collection resumes."""
    with _PAUSE:
        if _pauses[0] == 0:
            _pauses[1] = gc.isenabled()
            gc.disable()
        _pauses[0] += 1
    try:
        yield
    finally:
        with _PAUSE:
            _pauses[0] -= 1
            if _pauses[0] == 0 and _pauses[1]:
                gc.enable()


_PYPDF_LOG = logging.getLogger("pypdf")
_HUSH = logging.NullHandler()
_QUIET = threading.Lock()
_quiets = [0, True]  # verifications running, and whether pypdf's log propagated before the first


@contextlib.contextmanager
def _pypdf_quiet() -> Iterator[None]:
    """Keep pypdf's own log lines (``EOF marker not found``, ``invalid pdf header``) off
    stderr while a document is read, and restore its logger after: a PDF pypdf cannot read is
    said once, as the verifier's problem, not first in pypdf's words."""
    with _QUIET:
        if _quiets[0] == 0:
            _quiets[1] = _PYPDF_LOG.propagate
            _PYPDF_LOG.propagate = False
            _PYPDF_LOG.addHandler(_HUSH)
        _quiets[0] += 1
    try:
        yield
    finally:
        with _QUIET:
            _quiets[0] -= 1
            if _quiets[0] == 0:
                _PYPDF_LOG.removeHandler(_HUSH)
                _PYPDF_LOG.propagate = bool(_quiets[1])


def _verify(
    path: str | Path | io.BytesIO, name: str, read_parts: PageReader | None = None
) -> list[str]:
    try:
        reader = PdfReader(path if isinstance(path, io.BytesIO) else str(path))
        pages = list(reader.pages)
    except (OSError, PdfReadError, ValueError) as exc:
        return [f"{name}: cannot read the PDF: {exc}"]
    problems: list[str] = []
    if not pages:
        problems.append(f"{name}: the PDF has no pages (nothing to print)")
    promises, promise_problem = _promises(reader)
    if promise_problem:
        problems.append(f"{name}: {promise_problem}")
    if promises.pages is not None and promises.pages != len(pages):
        problems.append(f"{name}: {len(pages)} pages, promised {promises.pages}")
    if not _print_scaling_none(reader):
        problems.append(f"{name}: /ViewerPreferences /PrintScaling /None is missing")
    duplex = duplex_problem(reader.trailer["/Root"].get_object(), promises.duplex)
    if duplex:
        problems.append(f"{name}: {duplex}")
    ids = tuple(_page_id(page) for page in pages) if read_parts is not None else ()
    readings = read_parts(ids, promises) if read_parts is not None else None
    if readings is None:
        readings = [_read_pages(reader, pages, range(len(pages)), name, promises)]
    contents: dict[int, PageContent] = {}
    for own, _, kept in readings:
        problems += own
        contents.update(kept)
    for _, drawn, _ in readings:
        problems += drawn

    def content(number: int) -> PageContent | None:
        if not 1 <= number <= len(pages):
            return None
        return contents.get(number)

    measured: list[tuple[int, str, RGB, Callable[[list[Segment]], list[str]]]] = [
        *(
            (p.page, p.what, p.color, functools.partial(check_lines, promise=p))
            for p in promises.lines
        ),
        *(
            (p.page, p.what, p.color, functools.partial(check_ruler, promise=p))
            for p in promises.rulers
        ),
    ]
    for number, what, color, check in measured:
        got = content(number)
        if got is None:
            problems.append(f"{name}: {what}: promised on page {number}, which is missing")
            continue
        problems += [f"{name}: page {number}: {p}" for p in check(_in_color(got, color))]
    for assembly in promises.assemblies:
        problems += [f"{name}: {p}" for p in check_assembly(assembly, content)]
    for mirror in promises.mirrors:
        problems += [f"{name}: {p}" for p in check_mirror(mirror, content)]
    for color_set in promises.color_sets:
        problems += [f"{name}: {p}" for p in color_set_problems(color_set, content)]
    return problems


def _page_id(page: Any) -> tuple[int, int]:
    where = page.indirect_reference
    return (where.idnum, where.generation) if where is not None else (0, 0)


def _read_pages(
    reader: PdfReader, pages: list[Any], indexes: range, name: str, promises: Promises
) -> PagesRead:
    """Read the pages ``indexes`` of ``reader`` (``pages``: all of them) one by one: their
    problems as objects, then as drawings, and what the later checks keep of each."""
    own: list[str] = []
    walked: Walked = {}
    for index in indexes:
        page = pages[index]
        where = f"{name}: page {index + 1}"
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        if not _allowed_size(width, height, promises.sizes):
            own.append(
                f"{where}: size {width:.2f} × {height:.2f} pt "
                f"({width / MM:.1f} × {height / MM:.1f} mm) is neither Letter nor A4 nor promised"
            )
        own += [f"{where}: {p}" for p in _scale_problems(page)]
        own += [f"{where}: {p}" for p in _font_problems(page, walked)]
    drawn: list[str] = []
    kept: dict[int, PageContent] = {}
    forms = FormCache()
    drawn_once = forms_of_one_page([pages[index] for index in indexes])
    wanted = _wanted_later(promises)
    for k, index in enumerate(indexes):
        page = pages[index]
        page_content = read_page(reader, page, forms)
        forms.release(drawn_once.get(k, ()))
        box = page.mediabox
        media = (float(box.left), float(box.bottom), float(box.right), float(box.top))
        if promises.margin > 0:
            problem = _margin_problem(page_content, media, promises.margin)
            if problem:
                drawn.append(f"{name}: page {index + 1}: {problem}")
        small = small_text(page_content, media)
        if small:
            drawn.append(f"{name}: page {index + 1}: {small}")
        kept[index + 1] = _kept(page_content, wanted.get(index + 1))
    return own, drawn, kept


class _Wanted:
    """What the checks after the page-by-page ones (measured promises, assembly, mirror and
    colour promises) read of one page: its segments in some colours, its texts."""

    __slots__ = ("colors", "texts")

    def __init__(self) -> None:
        self.colors: set[RGB] = set()
        self.texts = False


def _wanted_later(promises: Promises) -> dict[int, _Wanted]:
    """By page number, what the later checks read of it (a page not named: only the forms it
    places and the colours it fills, which every page keeps)."""
    wanted: dict[int, _Wanted] = {}

    def page(number: int) -> _Wanted:
        return wanted.setdefault(number, _Wanted())

    for line in promises.lines:
        page(line.page).colors.add(line.color)
    for ruler in promises.rulers:
        page(ruler.page).colors.add(ruler.color)
    for assembly in promises.assemblies:
        for sheet in assembly.sheets:
            page(sheet.page).colors.add(assembly.color)
    for mirror in promises.mirrors:
        if mirror.fold_color is not None:
            page(mirror.front_page).colors.add(mirror.fold_color)
    for color_set in promises.color_sets:
        for number in color_set.pages:
            page(number).texts = True
    return wanted


def _kept(content: PageContent, wanted: _Wanted | None) -> PageContent:
    """What is kept of a page once its own checks are done: the forms it places, the colours
    it fills, the segments in a colour a later check measures (within :data:`KEPT_COLOR`, in
    their order) and, for a colour promise, its texts. A card sheet's marks are most of a
    deck's reading; kept to the end, a deck of 2,000 cards held 90 MB of them."""
    colors = wanted.colors if wanted is not None else set()
    measured = {
        key
        for key in content.by_color()
        if key is not None
        and any(all(abs(a - b) <= KEPT_COLOR for a, b in zip(key, c, strict=True)) for c in colors)
    }
    return PageContent(
        segments=[s for s in content.segments if s.color in measured] if measured else [],
        forms=content.forms,
        texts=content.texts if wanted is not None and wanted.texts else [],
        fills=content.fills,
    )


def verify_paths(paths: Iterable[str | Path]) -> list[str]:
    """Problems of every PDF named, recursing into folders for ``*.pdf`` (sorted), skipping
    hidden files and folders there (builds in progress stage their kits in hidden folders)."""
    problems: list[str] = []
    for item in paths:
        path = Path(item)
        if path.is_dir():
            try:
                found = sorted(
                    p for p in path.rglob("*.pdf") if p.is_file() and not _hidden(p, path)
                )
            except OSError as exc:  # a folder that is unreadable, or gone while we walk it
                problems.append(f"{exc.filename or path}: cannot read the folder: {exc.strerror}")
                continue
            if not found:
                problems.append(f"{path}: no PDF files found")
            for pdf in found:
                problems += verify_pdf(pdf)
        elif path.is_file():
            problems += verify_pdf(path)
        else:
            problems.append(f"{path}: no such file or folder")
    return problems


def _hidden(path: Path, top: Path) -> bool:
    """Whether ``path`` under the folder ``top`` is hidden (a name that starts with a dot):
    a build's staging folder or temporary file, not a document anyone published."""
    return any(part.startswith(".") for part in path.relative_to(top).parts)


def require_verified(
    path: str | Path, *, data: bytes | None = None, read_pages: PageReader | None = None
) -> None:
    """Raise :class:`~pnpkit.errors.BuildError` listing every problem of the PDF (the file at
    ``path``, or ``data`` named ``path``, its pages read by ``read_pages`` if given: see
    :func:`verify_pdf`), if any."""
    problems = verify_pdf(path, data=data, read_pages=read_pages)
    if problems:
        raise BuildError(
            f"{path} did not verify ({len(problems)} problem{'s' if len(problems) > 1 else ''}):\n"
            + "\n".join(problems)
        )


# document-level checks ------------------------------------------------------------------------


def _promises(reader: PdfReader) -> tuple[Promises, str]:
    try:
        text = stored_promises(reader)
    except ValueError as exc:
        return Promises(), f"unreadable promises: {exc}"
    if text is None:
        return Promises(), ""
    try:
        return Promises.from_json(text), ""
    except ValueError as exc:
        return Promises(), f"unreadable promises: {exc}"


def stored_promises(reader: PdfReader) -> str | None:
    """The promises' JSON a PDF keeps (:class:`~pnpkit.layout.document.Document` writes it in a
    stream the info dictionary's ``/PnpkitPromises`` names; a file written before keeps it as
    a string there), None when it keeps none; ``ValueError`` when it cannot be read."""
    info = reader.trailer.get("/Info")
    info = info.get_object() if info is not None else None
    raw = info.get(INFO_KEY) if info is not None else None
    if raw is None:
        return None
    raw = raw.get_object()
    if isinstance(raw, StreamObject):
        try:
            return raw.get_data().decode("ascii")
        except (UnicodeDecodeError, PdfReadError, zlib.error) as exc:
            raise ValueError(f"the promises' stream cannot be read ({exc})") from None
    return str(raw)


def _print_scaling_none(reader: PdfReader) -> bool:
    root: Any = reader.trailer["/Root"].get_object()
    prefs = root.get("/ViewerPreferences")
    if prefs is None:
        return False
    return str(prefs.get_object().get("/PrintScaling")) == "/None"


def _allowed_size(width: float, height: float, promised: tuple[tuple[float, float], ...]) -> bool:
    for w, h in (LETTER_SIZE, A4_SIZE, *promised):
        for a, b in ((w, h), (h, w)):
            if abs(width - a) <= SIZE_TOLERANCE and abs(height - b) <= SIZE_TOLERANCE:
                return True
    return False


def _scale_problems(page: Any) -> list[str]:
    """What would print the page at another scale or cut part of it away, whatever its
    drawing says: a user unit other than 1 (every length multiplied by it), a turn that is not
    a quarter turn, and a crop box that hides part of the media box (the viewer prints what the
    crop box shows)."""
    problems: list[str] = []
    unit = _entry(page, "/UserUnit", 1.0)
    if not isinstance(unit, (int, float)) or abs(float(unit) - 1.0) > 1e-9:
        problems.append(f"/UserUnit {unit} prints every length {unit} times")
    turn = _entry(page, "/Rotate", 0)
    if not isinstance(turn, (int, float)) or float(turn) % 90:
        problems.append(f"/Rotate {turn} is not a quarter turn (0, 90, 180 or 270)")
    if "/CropBox" in page:
        crop, media = page.cropbox, page.mediabox
        edges = zip(
            (crop.left, crop.bottom, crop.right, crop.top),
            (media.left, media.bottom, media.right, media.top),
            strict=True,
        )
        if any(abs(float(a) - float(b)) > SIZE_TOLERANCE for a, b in edges):
            problems.append(
                f"the crop box ({float(crop.width):.2f} × {float(crop.height):.2f} pt) hides part "
                f"of the page ({float(media.width):.2f} × {float(media.height):.2f} pt): a "
                "viewer prints only what it shows"
            )
    return problems


def _entry(dictionary: Any, key: str, default: object) -> object:
    """``dictionary[key]`` resolved when it is a reference (pypdf's ``get`` does not resolve)."""
    value = dictionary.get(key, default)
    return value.get_object() if hasattr(value, "get_object") else value


Walked = dict[int, tuple[Any, list[tuple[int, str]]]]
"""The fonts each resource dictionary names (:func:`_fonts_named`), by the dictionary's
identity; the dictionary is kept with them, so its identity is not another's while they are."""


def _font_problems(page: Any, walked: Walked) -> list[str]:
    """Each font the page's drawing (and every form it places, however deep) names that is not
    embedded, once a page. ``walked`` keeps what each resource dictionary named, by object,
    for the other pages of the same reading: a thousand faces share one."""
    problems: list[str] = []
    seen: set[int] = set()
    for font, problem in _fonts_named(page.get("/Resources"), 0, walked):
        if font not in seen:
            seen.add(font)
            if problem:
                problems.append(problem)
    return problems


def _fonts_named(resources: Any, depth: int, walked: Walked) -> list[tuple[int, str]]:
    """Every font ``resources`` names, and those of the forms it names (to 10 levels), in
    order: the font's identity and the problem of it ("" if it is embedded)."""
    if resources is None or depth > 10:
        return []
    resources = resources.get_object()
    known = walked.get(id(resources))
    if known is not None:
        return known[1]
    found: list[tuple[int, str]] = []
    walked[id(resources)] = (resources, found)  # a form placing itself names nothing more
    fonts = resources.get("/Font")
    if fonts is not None:
        for key, ref in sorted(fonts.get_object().items()):
            font = ref.get_object()
            embedded = _embedded(font)
            problem = "" if embedded else f"font {font.get('/BaseFont', key)} is not embedded"
            found.append((id(font), problem))
    xobjects = resources.get("/XObject")
    if xobjects is not None:
        for _key, ref in sorted(xobjects.get_object().items()):
            xobj = ref.get_object()
            if xobj.get("/Subtype") == "/Form":
                found += _fonts_named(xobj.get("/Resources"), depth + 1, walked)
    return found


def _embedded(font: Any) -> bool:
    if font.get("/Subtype") == "/Type3":
        return True
    if font.get("/Subtype") == "/Type0":
        kids = font.get("/DescendantFonts")
        if kids is None:
            return False
        return all(_embedded(k.get_object()) for k in kids.get_object())
    descriptor = font.get("/FontDescriptor")
    if descriptor is None:
        return False
    descriptor = descriptor.get_object()
    return any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))


def _margin_problem(
    content: PageContent, media: tuple[float, float, float, float], margin: float
) -> str:
    """Marks that show on the page (inside the media box) but reach into the margin."""
    left, bottom, right, top = media
    lo_x, lo_y = left + margin - MARGIN_TOLERANCE, bottom + margin - MARGIN_TOLERANCE
    hi_x, hi_y = right - margin + MARGIN_TOLERANCE, top - margin + MARGIN_TOLERANCE
    visible = [
        p
        for p in content.painted
        if p.box[2] > left and p.box[0] < right and p.box[3] > bottom and p.box[1] < top
    ]
    outside = [
        p
        for p in visible
        if p.box[0] < lo_x or p.box[1] < lo_y or p.box[2] > hi_x or p.box[3] > hi_y
    ]
    if not outside:
        return ""
    first = outside[0]
    x0, y0, x1, y1 = first.box
    return (
        f"{len(outside)} mark{'s' if len(outside) > 1 else ''} inside the {margin / MM:.2f} mm "
        f"margin, e.g. {first.kind} at ({x0:.1f}, {y0:.1f})–({x1:.1f}, {y1:.1f}) pt"
    )


# measurements ---------------------------------------------------------------------------------


def _same_color(a: tuple[float, float, float] | None, b: tuple[float, float, float]) -> bool:
    # written out: this runs for every segment of a page against every promise on it
    return (
        a is not None
        and abs(a[0] - b[0]) <= COLOR_TOLERANCE
        and abs(a[1] - b[1]) <= COLOR_TOLERANCE
        and abs(a[2] - b[2]) <= COLOR_TOLERANCE
    )


def _in_color(content: PageContent, color: RGB) -> list[Segment]:
    """The page's segments in ``color`` (within :data:`COLOR_TOLERANCE`), found by comparing
    each colour the page uses once, not each segment: what every measurement starts from (it
    filters by colour again, finding the same segments)."""
    return [
        segment
        for key, group in content.by_color().items()
        if _same_color(key, color)
        for segment in group
    ]


def _inside(seg: Segment, box: tuple[float, float, float, float] | None) -> bool:
    if box is None:
        return True
    tol = 0.01
    a, b = seg.x0, seg.x1
    x0, x1 = (b, a) if b < a else (a, b)  # sorted((a, b)), written out
    a, b = seg.y0, seg.y1
    y0, y1 = (b, a) if b < a else (a, b)
    return not (x1 < box[0] - tol or x0 > box[2] + tol or y1 < box[1] - tol or y0 > box[3] + tol)


def distinct(values: Iterable[float], merge: float = 0.05) -> list[float]:
    """Sorted positions with neighbours closer than ``merge`` merged (their mean)."""
    groups: list[list[float]] = []
    for v in sorted(values):
        if groups and v - groups[-1][-1] <= merge:
            groups[-1].append(v)
        else:
            groups.append([v])
    return [sum(g) / len(g) for g in groups]


def positions(
    segments: Iterable[Segment],
    color: tuple[float, float, float],
    axis: str,
    box: tuple[float, float, float, float] | None = None,
) -> list[float]:
    """Distinct x of vertical (``axis="x"``) or y of horizontal (``"y"``) segments in ``color``."""
    same: dict[RGB | None, bool] = {}  # each colour compared once
    chosen = []
    for s in segments:
        alike = same.get(s.color)
        if alike is None:
            alike = same[s.color] = _same_color(s.color, color)
        if alike and _inside(s, box):
            chosen.append(s)
    if axis == "x":
        return distinct(s.x0 for s in chosen if s.vertical)
    return distinct(s.y0 for s in chosen if s.horizontal)


def _fmt(points: float) -> str:
    return f"{points:.2f} pt ({points / MM:.2f} mm)"


def check_lines(segments: list[Segment], promise: LinePromise) -> list[str]:
    """The gaps between neighbouring lines in the promised colour, against the pitch."""
    problems: list[str] = []
    axes = ("x", "y") if promise.axis == "both" else (promise.axis,)
    for axis in axes:
        found = positions(segments, promise.color, axis, promise.bbox)
        direction = "vertical" if axis == "x" else "horizontal"
        if len(found) < 2:
            problems.append(
                f"{promise.what}: found {len(found)} {direction} line(s) in the promised "
                f"colour, need at least 2 to measure the pitch {_fmt(promise.pitch)}"
            )
            continue
        gaps = [b - a for a, b in itertools.pairwise(found)]
        wrong = [g for g in gaps if abs(g - promise.pitch) > TOLERANCE]
        if wrong:
            worst = max(wrong, key=lambda g: abs(g - promise.pitch))
            problems.append(
                f"{promise.what}: {direction} lines are {_fmt(worst)} apart, promised "
                f"{_fmt(promise.pitch)} ({len(wrong)} of {len(gaps)} gaps off by more than "
                "0.1 mm)"
            )
    return problems


def check_ruler(segments: list[Segment], promise: RulerPromise) -> list[str]:
    """The calibration bar's ticks: count, total span and every step."""
    ticks = positions(segments, promise.color, promise.axis, promise.bbox)
    if len(ticks) != promise.divisions + 1:
        return [f"{promise.what}: found {len(ticks)} ticks, promised {promise.divisions + 1}"]
    problems: list[str] = []
    span = ticks[-1] - ticks[0]
    if abs(span - promise.length) > TOLERANCE:
        problems.append(f"{promise.what}: measures {_fmt(span)}, promised {_fmt(promise.length)}")
    step = promise.length / promise.divisions
    steps = [b - a for a, b in itertools.pairwise(ticks)]
    off = [s for s in steps if abs(s - step) > TOLERANCE]
    if off:
        problems.append(
            f"{promise.what}: {len(off)} tick step(s) off, e.g. {_fmt(off[0])} "
            f"instead of {_fmt(step)}"
        )
    return problems


def region_size(segments: list[Segment], color: tuple[float, float, float]) -> tuple[float, float]:
    """Width and height spanned by the outline drawn in ``color`` (0 when none); the outline may
    zigzag (a seam along hex edges)."""
    chosen = [s for s in segments if _same_color(s.color, color)]
    if not chosen:
        return 0.0, 0.0
    xs = [x for s in chosen for x in (s.x0, s.x1)]
    ys = [y for s in chosen for y in (s.y0, s.y1)]
    return max(xs) - min(xs), max(ys) - min(ys)


def check_assembly(promise: AssemblyPromise, content: Any) -> list[str]:
    """Each row's region widths add up to the item's width; each column's heights to its height."""
    problems: list[str] = []
    sizes: dict[tuple[int, int], tuple[float, float]] = {}
    for sheet in promise.sheets:
        got = content(sheet.page)
        if got is None:
            problems.append(f"{promise.what}: sheet page {sheet.page} is missing")
            continue
        size = region_size(_in_color(got, promise.color), promise.color)
        if size[0] <= 0 or size[1] <= 0:
            problems.append(
                f"{promise.what}: page {sheet.page}: no sheet outline drawn in the promised colour"
            )
        sizes[(sheet.row, sheet.column)] = size
    if problems:
        return problems
    rows = sorted({r for r, _ in sizes})
    columns = sorted({c for _, c in sizes})
    for name, lines, others, overlaps, promised, axis, word in (
        ("row", rows, columns, promise.row_overlaps, promise.width, 0, "wide"),
        ("column", columns, rows, promise.column_overlaps, promise.height, 1, "tall"),
    ):
        for n in lines:
            cells = [(n, o) if axis == 0 else (o, n) for o in others]
            total = sum(sizes[cell][axis] for cell in cells if cell in sizes)
            if n <= len(overlaps):
                total -= overlaps[n - 1]
            if abs(total - promised) > TOLERANCE:
                problems.append(
                    f"{promise.what}: {name} {n}: sheet regions add up to {_fmt(total)} {word}, "
                    f"promised {_fmt(promised)}"
                )
    return problems
