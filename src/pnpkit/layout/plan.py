"""A document to draw, before it is drawn: what kits hand to :mod:`pnpkit.build.write`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from pnpkit.verify.promises import ColorMember

if TYPE_CHECKING:
    from pnpkit.layout.document import Document


@dataclass(frozen=True, slots=True)
class DocumentPlan:
    """A document to draw: its file name, its metadata and the function that draws its pages
    into a :class:`~pnpkit.layout.document.Document` (and may return what it placed).
    :func:`pnpkit.build.write.write_document` turns a plan into a verified file."""

    filename: str
    title: str
    subject: str
    pages: Callable[[Document], object]


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
