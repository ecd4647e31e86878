"""A document to draw, before it is drawn: what kits hand to :mod:`pnpkit.build.write`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from pnpkit.layout.duplex import Duplex
from pnpkit.verify.promises import ColorMember

if TYPE_CHECKING:
    from pnpkit.layout.document import Document


@dataclass(frozen=True, slots=True)
class Printing:
    """How a player prints a document and what they do with the sheets: what the kit's
    "print this kit" page (:mod:`pnpkit.layout.print_guide`) says of it. ``duplex`` is how its
    sheets print (:class:`~pnpkit.layout.duplex.Duplex`: double-sided flipped on the long edge,
    single-sided, or folded over); ``card`` asks for card stock instead of plain paper;
    ``then`` says in a sentence what to do with the printed sheets; ``copies`` how many to
    print."""

    duplex: Duplex = Duplex.NONE
    card: bool = False
    then: str = ""
    copies: int = 1


READ = Printing(then="Read it; keep it at the table.")
"""A document to read (rules, references): plain paper, single-sided."""


@dataclass(frozen=True, slots=True)
class DocumentPlan:
    """A document to draw: its file name, its metadata, the function that draws its pages
    into a :class:`~pnpkit.layout.document.Document` (and may return what it placed) and how a
    player prints it (:class:`Printing`). :func:`pnpkit.build.write.write_document` turns a
    plan into a verified file."""

    filename: str
    title: str
    subject: str
    pages: Callable[[Document], object]
    printing: Printing = READ
    draw_here: bool = False
    """Drawn by the build's own process, not handed to another: some of its faces are still
    being laid out by processes that hand them to this one only
    (:class:`~pnpkit.render.faces.decks.LaidLater`)."""


@dataclass(frozen=True, slots=True)
class Placement:
    """Where one face was printed: page (1-based), side, the box in page points, grid cell."""

    item: int
    """Index of the item in the list given to the imposer."""
    page: int
    side: str
    """``"front"`` or ``"back"``."""
    x: float
    y: float
    width: float
    height: float
    column: int
    row: int
    form: str
    """The PDF form XObject drawn there."""
    turns: int = 0
    """Quarter turns (anticlockwise; -1 clockwise) the face is drawn at in the box."""


def with_colors(plan: DocumentPlan, *, what: str, members: Sequence[ColorMember]) -> DocumentPlan:
    """``plan``, promising that the fill colours of ``members`` tell ``what`` apart on the pages
    it draws (:meth:`~pnpkit.layout.document.Document.promise_colors`; verify measures it)."""
    chosen = tuple(members)
    draw = plan.pages

    def pages(doc: Document) -> object:
        first = doc.page + 1
        placed = draw(doc)
        doc.promise_colors(what=what, members=list(chosen), pages=list(range(first, doc.page + 1)))
        return placed

    return replace(plan, pages=pages)
