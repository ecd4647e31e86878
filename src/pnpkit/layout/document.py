"""A PDF canvas that prints at 100 %, embeds its fonts, writes the same bytes every time, and
carries its physical promises for :mod:`pnpkit.verify`.

Usage::

    doc = Document(path_or_bytesio, title="Square chart", subject="my-game")
    doc.start_page(LETTER)               # every page starts like this, with its paper
                                         # (or: Document(target, LETTER, title=…) starts page 1)
    c = doc.canvas                       # a reportlab.pdfgen.canvas.Canvas
    ...draw page 1...
    doc.promise_lines(what="cell", pitch=90.0, color=GRID_COLOR, axis="both")
    doc.start_page(LETTER.landscape())   # finishes page 1
    ...draw page 2...
    doc.save()                           # finishes the last page, records the promises

Writers that append pages (``tiled_pdf.write_tiled``, the card imposer…) take a ``Document`` and
call ``start_page`` for each page they draw, so several writers can share one PDF. To draw the
same component on many pages, :meth:`Document.form` stores it once as a PDF form XObject.

Every PDF gets ``/ViewerPreferences << /PrintScaling /None >>``, ReportLab ``invariant=1`` (no
wall clock; ``SOURCE_DATE_EPOCH``, checked by :mod:`pnpkit.layout.pdfdate`, or else a fixed
2000-01-01 is the creation date), page compression and
title/author/subject metadata. Promises name 1-based page numbers; the ``promise_*`` methods
default to the page being drawn.
"""

from __future__ import annotations

from pathlib import Path
from typing import IO, Any

from reportlab import rl_config
from reportlab.pdfbase.pdfdoc import (
    PDFInfo,
    PDFResourceDictionary,
    PDFStream,
    PDFZCompress,
    xObjectName,
)
from reportlab.pdfgen.canvas import Canvas

from pnpkit import __version__
from pnpkit.layout.paper import MARGIN, Paper
from pnpkit.layout.pdfdate import source_date_epoch
from pnpkit.layout.print_settings import DEFAULTS
from pnpkit.render import fonts
from pnpkit.render.drawable import Drawable
from pnpkit.verify.promises import (
    INFO_KEY,
    AssemblyPromise,
    AssemblySheet,
    Box,
    ColorMember,
    ColorSetPromise,
    LinePromise,
    MirrorPromise,
    Promises,
    RulerPromise,
)

RGB = tuple[float, float, float]
AUTHOR = "pnpkit"


class _PromisingInfo(PDFInfo):  # type: ignore[misc]
    """ReportLab's document info plus one custom key naming the promises' JSON, kept in a
    compressed stream of its own (a long deck promises thousands of lines: as a string in the
    dictionary they were escaped on writing and read back a character at a time)."""

    promises_json = ""

    def format(self, document: Any) -> Any:
        text = super().format(document)
        if not self.promises_json:
            return text
        # PDFInfo.format returns the dictionary's bytes "<< ... >>"; add our key before ">>".
        # The stream is registered as the info is formatted, so it is the file's last object.
        stream = PDFStream(content=self.promises_json, filters=[PDFZCompress])
        extra = b" " + INFO_KEY.encode("ascii") + b" " + document.Reference(stream).format(document)
        end = text.rstrip().rfind(b">>")
        return text[:end] + extra + b"\n" + text[end:]


class Document:
    """One PDF being written. ``target`` is a path or a binary file object (e.g. BytesIO)."""

    def __init__(
        self,
        target: str | Path | IO[bytes],
        paper: Paper | None = None,
        *,
        title: str,
        subject: str = "",
        author: str = AUTHOR,
        margin: float = MARGIN,
    ) -> None:
        fonts.register()
        # Streams are compressed only, not also written out in ASCII85 (a quarter larger, and
        # pypdf decodes ASCII85 in pure Python: a fifth of the time verify spent on a page).
        rl_config.useA85 = 0
        self.epoch = source_date_epoch()  # checked here: ReportLab reads it with a bare int()
        """The seconds since 1970 of the PDF's one date (:mod:`pnpkit.layout.pdfdate`)."""
        filename: Any = str(target) if isinstance(target, (str, Path)) else target
        self.canvas: Canvas = Canvas(
            filename,
            pagesize=(612.0, 792.0),
            invariant=1,
            pageCompression=1,
            # ReportLab's default initial font is Helvetica (base-14, never embedded): every
            # page's preamble would name it. Start every page in our embedded face instead.
            initialFontName=fonts.REGULAR,
            initialFontSize=10,
            initialLeading=12,
        )
        info = _PromisingInfo()
        info.invariant = 1
        self.canvas._doc.info = info  # a private touch (tested): a custom info key; and see form
        self.canvas.setTitle(title)
        self.canvas.setAuthor(author)
        self.canvas.setSubject(subject)
        self.canvas.setCreator(f"pnpkit {__version__}")
        self.canvas.setViewerPreference("PrintScaling", "/None")
        self.paper: Paper = paper or DEFAULTS.paper
        """The paper of the page being drawn."""
        self.page = 0
        """The 1-based number of the page being drawn (0 before the first)."""
        self._open = False
        self._forms: dict[int, tuple[object, str]] = {}
        self._turned: dict[tuple[str, int], str] = {}
        self._resources: dict[tuple[str, ...], Any] = {}
        self._sizes: list[tuple[float, float]] = []
        self._margin = margin
        self._lines: list[LinePromise] = []
        self._rulers: list[RulerPromise] = []
        self._assemblies: list[AssemblyPromise] = []
        self._mirrors: list[MirrorPromise] = []
        self._duplex = ""
        self._color_sets: list[ColorSetPromise] = []
        self._saved = False
        if paper is not None:
            self.start_page(paper)

    # pages ---------------------------------------------------------------------------------

    def start_page(self, paper: Paper) -> None:
        """Finish the page being drawn (if any) and start page ``self.page + 1`` on ``paper``."""
        if self._open:
            self.canvas.showPage()
        self.page += 1
        self._open = True
        self.paper = paper
        self.canvas.setPageSize(paper.size)

    def next_page(self, paper: Paper | None = None) -> None:
        """Start the next page on ``paper`` (default: the paper of the current page)."""
        self.start_page(paper or self.paper)

    def form(self, drawable: Drawable) -> str:
        """The name of a form XObject holding ``drawable`` (drawn once per document).

        Use ``canvas.doForm(name)`` with the canvas translated to the box's lower-left corner.
        The form's bounding box is the drawable's box: nothing outside it shows.
        """
        key = id(drawable)
        known = self._forms.get(key)
        if known is not None and known[0] is drawable:
            return known[1]
        name = f"pnpkitItem{len(self._forms) + 1}"
        self.canvas.beginForm(name, 0, 0, drawable.width, drawable.height)
        drawable.draw(self.canvas)
        self.canvas.endForm()
        self._share_resources(name)
        self._forms[key] = (drawable, name)
        return name

    def _share_resources(self, name: str) -> None:
        """Give the form ``name`` the one resource dictionary of every form that places the
        same forms (ReportLab writes each form its own copy: a thousand faces wrote, and verify
        read, a thousand identical dictionaries)."""
        doc = self.canvas._doc
        form = doc.idToObject[xObjectName(name)]
        placed = form.XObjects
        key = tuple(sorted(placed.dict)) if placed is not None else ()
        shared = self._resources.get(key)
        if shared is None:
            resources = PDFResourceDictionary()
            resources.basicFonts()
            resources.allProcs()
            if placed is not None:
                resources.XObject = placed
            shared = self._resources[key] = doc.Reference(resources)
        form.Resources = shared

    def turned_form(self, form: str, width: float, height: float, turns: int) -> str:
        """The name of a form XObject holding the form ``form`` (``width`` × ``height``) turned
        ``turns`` quarter turns anticlockwise (-1: clockwise) inside its own box, drawn once
        per document: placed unscaled like any face, it is ``height`` wide and ``width`` tall
        (verify measures it as placed)."""
        turns %= 4
        key = (form, turns)
        known = self._turned.get(key)
        if known is not None:
            return known
        name = f"{form}Turned{turns}"
        box_w, box_h = (height, width) if turns % 2 else (width, height)
        move = {1: (height, 0.0), 2: (width, height), 3: (0.0, width)}[turns]
        self.canvas.beginForm(name, 0, 0, box_w, box_h)
        self.canvas.translate(*move)
        self.canvas.rotate(90 * turns)
        self.canvas.doForm(form)
        self.canvas.endForm()
        self._turned[key] = name
        return name

    def allow_size(self, width: float, height: float) -> None:
        """Promise a page size other than Letter or A4 (e.g. a print-shop sheet)."""
        self._sizes.append((width, height))

    def set_margin(self, margin: float) -> None:
        """The margin verify checks (0 turns the check off, e.g. a bleed file)."""
        self._margin = margin

    # promises ------------------------------------------------------------------------------

    def promise_lines(
        self,
        *,
        what: str,
        pitch: float,
        color: RGB,
        axis: str = "both",
        bbox: Box | None = None,
        page: int | None = None,
    ) -> None:
        """Lines stroked in ``color`` on the page are ``pitch`` points apart (see verify).

        Every vertical (``axis="x"``) / horizontal (``"y"``) line stroked in ``color`` — inside
        ``bbox`` if given — counts; neighbouring distinct positions must be ``pitch`` apart.
        """
        self._lines.append(
            LinePromise(page or self.page, what, float(pitch), _rgb(color), axis, bbox)
        )

    def promise_ruler(
        self,
        *,
        what: str,
        length: float,
        divisions: int,
        color: RGB,
        bbox: Box,
        page: int | None = None,
        axis: str = "x",
    ) -> None:
        """Vertical ticks in ``color`` inside ``bbox`` span ``length`` in ``divisions`` steps
        (``axis="y"``: horizontal ticks, a ruler turned a quarter turn)."""
        self._rulers.append(
            RulerPromise(page or self.page, what, float(length), divisions, _rgb(color), bbox, axis)
        )

    def promise_assembly(
        self,
        *,
        what: str,
        width: float,
        height: float,
        color: RGB,
        sheets: list[tuple[int, int, int]],
        overlaps: tuple[tuple[float, ...], tuple[float, ...]] = ((), ()),
    ) -> None:
        """Sheets ``(page, row, column)`` whose outlined regions glue into width × height;
        ``overlaps``: how much each row's and each column's outlines overlap (zigzag seams)."""
        self._assemblies.append(
            AssemblyPromise(
                what,
                float(width),
                float(height),
                _rgb(color),
                tuple(AssemblySheet(p, r, c) for p, r, c in sheets),
                tuple(float(v) for v in overlaps[0]),
                tuple(float(v) for v in overlaps[1]),
            )
        )

    def promise_mirror(self, promise: MirrorPromise) -> None:
        """Backs that land behind their fronts (see :class:`MirrorPromise`)."""
        self._mirrors.append(promise)

    def set_duplex(self, mode: str) -> None:
        """Ask the print dialog for ``mode`` (``DuplexFlipLongEdge`` or ``Simplex``) through
        ``/ViewerPreferences /Duplex``, and promise it. Long-edge duplex wins over simplex
        when parts of one document ask for both."""
        if self._duplex == "DuplexFlipLongEdge":
            return
        self._duplex = mode
        self.canvas.setViewerPreference("Duplex", f"/{mode}")

    def promise_colors(
        self,
        *,
        what: str,
        members: list[ColorMember],
        pages: list[int] | None = None,
    ) -> None:
        """The fill colours of ``members`` tell ``what`` apart (seats, fleets, players…).

        verify fails every pair less than 40 grayscale levels apart unless both members name a
        cue of one kind (pattern, emblem, label) with different values; give the cues from the
        data that decides what is drawn, never a constant. Each colour must be filled on one of
        ``pages`` (default: the page being drawn), and each label written there.
        """
        chosen = tuple(pages) if pages is not None else (self.page,)
        members = [
            ColorMember(m.name, _rgb(m.color), tuple((k, str(v)) for k, v in m.cues))
            for m in members
        ]
        self._color_sets.append(ColorSetPromise(what, tuple(members), chosen))

    @property
    def promises(self) -> Promises:
        return Promises(
            pages=self.page,
            sizes=tuple(self._sizes),
            margin=self._margin,
            lines=tuple(self._lines),
            rulers=tuple(self._rulers),
            assemblies=tuple(self._assemblies),
            mirrors=tuple(self._mirrors),
            duplex=self._duplex,
            color_sets=tuple(self._color_sets),
        )

    def save(self) -> None:
        """Finish the last page, record the promises and write the file."""
        if self._saved:
            raise RuntimeError("document already saved")
        if not self._open:
            raise RuntimeError("a document needs at least one page (call start_page)")
        self._saved = True
        self.canvas._doc.info.promises_json = self.promises.to_json()
        self.canvas.showPage()
        self._open = False
        self.canvas.save()


def _rgb(color: RGB) -> RGB:
    return (float(color[0]), float(color[1]), float(color[2]))
