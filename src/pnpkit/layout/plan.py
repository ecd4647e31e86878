"""A document to draw, before it is drawn: what kits hand to :mod:`pnpkit.build.write`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

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
