"""The one way a document becomes a file: :func:`write_document`.

Every game's kit describes its documents as :class:`~pnpkit.layout.document.DocumentPlan`
values (a file name, a title, and the function that draws the pages); this module draws each
into memory, reads it back with :mod:`pnpkit.verify` and only then writes it, atomically. A
rebuild skips a document whose inputs did not change (its fingerprint) or whose bytes came out
the same; the :class:`~pnpkit.build.context.BuildContext` records and reports what was written.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from pnpkit.build.atomic import atomic_write
from pnpkit.build.context import BuildContext
from pnpkit.build.fingerprint import fingerprint
from pnpkit.layout.cards import Placement
from pnpkit.layout.document import Document
from pnpkit.layout.plan import DocumentPlan
from pnpkit.verify.check import require_verified


@dataclass(frozen=True, slots=True)
class Written:
    """One PDF a kit wrote, and where each face went (for tests and tools)."""

    path: Path
    placements: tuple[Placement, ...] = ()


def draw(plan: DocumentPlan) -> tuple[bytes, object]:
    """The PDF bytes of ``plan``, and what its ``pages`` returned."""
    buffer = io.BytesIO()
    doc = Document(buffer, title=plan.title, subject=plan.subject)
    placed = plan.pages(doc)
    doc.save()
    return buffer.getvalue(), placed


def write_document(path: Path, plan: DocumentPlan, context: BuildContext | None = None) -> Written:
    """Draw ``plan`` and write it at ``path``: verified first (unless the context says not),
    then atomically; skipped when the context does not want it or its inputs are unchanged."""
    context = context if context is not None else BuildContext()
    inputs = fingerprint(path.name, plan.title, plan.subject, plan.pages)
    if not context.should_write(path, inputs):
        return Written(path)
    body, placed = draw(plan)
    if context.same_bytes(path, body, inputs):
        return Written(path)
    if context.verify:  # named where the reader will find it, not where it is staged
        require_verified(context.published_path(path), data=body)
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_write(path) as out:
        out.write(body)
    context.wrote(path, inputs)
    if isinstance(placed, list) and all(isinstance(p, Placement) for p in placed):
        return Written(path, tuple(placed))
    return Written(path)


def write_documents(
    out_dir: Path, plans: list[DocumentPlan], context: BuildContext | None = None
) -> list[Written]:
    """Every plan written into ``out_dir`` under its file name, in order."""
    context = context if context is not None else BuildContext()
    return [write_document(out_dir / plan.filename, plan, context) for plan in plans]
