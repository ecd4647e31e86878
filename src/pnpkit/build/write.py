"""The one way a document becomes a file: :func:`write_document`.

Every game's kit describes its documents as :class:`~pnpkit.layout.plan.DocumentPlan`
values (a file name, a title, and the function that draws the pages); this module draws each
into memory, reads it back with :mod:`pnpkit.verify` and only then writes it, atomically.
What only some writes need (the verifier and pypdf, process pools) is imported when they do: a
write that does not verify (``BuildContext(verify=False)``) never loads them. A rebuild skips a document whose inputs did not change (its fingerprint) or whose bytes came out
the same; the :class:`~pnpkit.build.context.BuildContext` records and reports what was written.
"""

from __future__ import annotations

import gc
import hashlib
import io
import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from itertools import repeat
from pathlib import Path
from typing import TYPE_CHECKING

from pnpkit.build.atomic import atomic_write
from pnpkit.build.context import BuildContext
from pnpkit.build.fingerprint import fingerprint
from pnpkit.errors import BuildError
from pnpkit.layout.document import Document
from pnpkit.layout.plan import DocumentPlan, Placement
from pnpkit.render.disk_cache import DiskCache
from pnpkit.workers import fork_context, forked_pool

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor


@dataclass(frozen=True, slots=True)
class Written:
    """One PDF a kit wrote, and where each face went (for tests and tools)."""

    path: Path
    placements: tuple[Placement, ...] = ()


def draw(plan: DocumentPlan) -> tuple[bytes, object]:
    """The PDF bytes of ``plan``, and what its ``pages`` returned."""
    body, placed, _ = _draw(plan)
    return body, placed


def _draw(plan: DocumentPlan) -> tuple[bytes, object, int]:
    """:func:`draw`, and the number of pages drawn."""
    buffer = io.BytesIO()
    doc = Document(buffer, title=plan.title, subject=plan.subject)
    placed = plan.pages(doc)
    doc.save()
    return buffer.getvalue(), placed, doc.page


@contextmanager
def drawing() -> Iterator[None]:
    """While documents are drawn: the garbage collector runs (drawing leaves garbage behind,
    whatever the command did before), but what is loaded by now is frozen, so a collection
    does not walk the modules, data and plans again and again, and forked workers share those
    pages untouched (the pattern :func:`gc.freeze` documents). Re-entrant; the collector is
    left as it was found."""
    if _DRAWING:
        yield
        return
    was = gc.isenabled()
    gc.freeze()
    gc.enable()
    _DRAWING.append(was)
    try:
        yield
    finally:
        _DRAWING.pop()
        gc.unfreeze()
        if not was:
            gc.disable()


_DRAWING: list[bool] = []
"""Whether :func:`drawing` is under way (and whether the collector was on before it)."""


def write_document(path: Path, plan: DocumentPlan, context: BuildContext | None = None) -> Written:
    """Draw ``plan`` and write it at ``path``: verified first (unless the context says not),
    then atomically; skipped when the context does not want it or its inputs are unchanged."""
    with drawing():
        return _write_document(path, plan, context)


def _write_document(path: Path, plan: DocumentPlan, context: BuildContext | None) -> Written:
    context = context if context is not None else BuildContext()
    inputs = _inputs(path, plan, context)
    if not context.should_write(path, inputs):
        return Written(path)
    body, placed = draw(plan)
    if context.same_bytes(path, body, inputs):
        return Written(path)
    if context.verify:  # named where the reader will find it, not where it is staged
        from pnpkit.verify.check import require_verified

        require_verified(context.published_path(path), data=body)
    return _written(path, body, placed, inputs, context)


def _inputs(path: Path, plan: DocumentPlan, context: BuildContext) -> str | None:
    """The fingerprint of what ``plan`` is drawn from, when the build remembers them (``pnpkit
    watch``); a plain build does not describe its plans."""
    if context.known is None:
        return None
    return fingerprint(path.name, plan.title, plan.subject, plan.pages)


def _written(
    path: Path, body: bytes, placed: object, inputs: str | None, context: BuildContext
) -> Written:
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_write(path) as out:
        out.write(body)
    context.wrote(path, inputs)
    if isinstance(placed, list) and all(isinstance(p, Placement) for p in placed):
        return Written(path, tuple(placed))
    return Written(path)


def write_documents(
    out_dir: Path, plans: list[DocumentPlan], context: BuildContext | None = None, jobs: int = 1
) -> list[Written]:
    """Every plan written into ``out_dir`` under its file name, in order. With ``jobs`` above
    1, the documents are drawn and verified in that many processes at once (forked, so they
    share what is already imported and the plans themselves; a plan that asks to be drawn
    here, :attr:`~pnpkit.layout.plan.DocumentPlan.draw_here`, is drawn by this one meanwhile),
    a long document's pages read back by all of them at once, then written here in order: the
    same files, sooner. A rebuild that compares with earlier output (``pnpkit watch``) draws
    here."""
    with drawing():
        return _write_documents(out_dir, plans, context, jobs)


def _write_documents(
    out_dir: Path, plans: list[DocumentPlan], context: BuildContext | None, jobs: int
) -> list[Written]:
    context = context if context is not None else BuildContext()
    fork = fork_context() if jobs > 1 and plans and context.known is None else None
    if fork is None:
        return [_write_document(out_dir / plan.filename, plan, context) for plan in plans]
    paths = [out_dir / plan.filename for plan in plans]
    inputs = [_inputs(p, plan, context) for p, plan in zip(paths, plans, strict=True)]
    wanted = [i for i in range(len(plans)) if context.should_write(paths[i], inputs[i])]
    names = {i: str(context.published_path(paths[i])) if context.verify else "" for i in wanted}
    times = _Times(context.source or context.published or out_dir)
    if context.verify:  # loaded once, here, rather than by each process once it has drawn
        import pnpkit.verify.check  # noqa: F401  (0.06 s, on the way of the longest document)
    started = times.longest_first(wanted, [plans[i].filename for i in wanted])
    here = [i for i in started if plans[i].draw_here]
    elsewhere = [i for i in started if not plans[i].draw_here]
    _SHARED[:] = [plans]
    try:
        with forked_pool(jobs, fork) as pool:
            futures = [pool.submit(_draw_verified, i, names[i], jobs) for i in elsewhere]
            # drawn here while the others are drawn, and its faces laid out, elsewhere
            drawn = {i: _draw_verified(i, names[i], jobs) for i in here}
            drawn |= {i: future.result() for i, future in zip(elsewhere, futures, strict=True)}
            for i in [*here, *elsewhere]:
                if not drawn[i].verified:
                    drawn[i] = _verified_in_parts(pool, jobs, names[i], drawn[i])
    finally:
        _SHARED.clear()
    times.remember({plans[i].filename: drawn[i].seconds for i in wanted})
    written = {i: Written(paths[i]) for i in range(len(plans))}
    for i in wanted:
        result = drawn[i]
        if result.error is not None:
            raise result.error
        written[i] = _written(paths[i], result.body, result.placed, inputs[i], context)
    return [written[i] for i in range(len(plans))]


_SHARED: list[list[DocumentPlan]] = []
"""The plans a forked worker draws from (set in the parent just before it forks)."""


@dataclass(frozen=True, slots=True)
class _Drawn:
    """A document a worker drew: its bytes, what its plan returned, what verifying it found
    (once ``verified``: a long document is read back in parts by every worker, then this is
    verified), and the seconds its worker took."""

    body: bytes
    placed: object
    seconds: float
    verified: bool = True
    error: BuildError | None = None


def _draw_verified(index: int, name: str, workers: int) -> _Drawn:
    """In a worker (or here, for a plan drawn here): draw plan ``index`` and, given its
    ``name``, verify it; a document long enough to read in parts
    (:func:`~pnpkit.verify.check.page_parts`, by ``workers`` processes) is left to
    :func:`_verified_in_parts`."""
    start = time.perf_counter()
    body, placed, pages = _draw(_SHARED[0][index])
    if name:
        from pnpkit.verify.check import page_parts, require_verified

        if len(page_parts(pages, workers)) > 1:
            return _Drawn(body, placed, time.perf_counter() - start, verified=False)
        try:
            require_verified(name, data=body)
        except BuildError as exc:
            return _Drawn(body, None, time.perf_counter() - start, error=exc)
    return _Drawn(body, placed, time.perf_counter() - start)


def _verified_in_parts(pool: ProcessPoolExecutor, workers: int, name: str, drawn: _Drawn) -> _Drawn:
    """``drawn`` verified, its pages read back in parts by the ``workers`` processes of
    ``pool`` at once (the same problems, in the same order, as one process finds)."""
    from pnpkit.verify.check import PageIds, PagesRead, page_parts, read_pages, require_verified
    from pnpkit.verify.promises import Promises

    def in_parts(pages: PageIds, promises: Promises) -> list[PagesRead]:
        parts = page_parts(len(pages), workers)
        body = drawn.body
        found = [pages[part.start : part.stop] for part in parts]
        return list(
            pool.map(read_pages, repeat(name), repeat(body), parts, repeat(promises), found)
        )

    try:
        require_verified(name, data=drawn.body, read_pages=in_parts)
    except BuildError as exc:
        return replace(drawn, placed=None, error=exc)
    return replace(drawn, verified=True)


class _Times:
    """How long each document of a kit took to draw and verify the last time it was built
    in parallel, kept (:mod:`pnpkit.render.disk_cache`) by the game's folder: the longest
    start first, so the processes finish together instead of one drawing the rulebook while
    the other waits. Only the order of the work depends on it, never what is written."""

    def __init__(self, game: Path) -> None:
        self.kept = DiskCache.named("drawing-times", ".json")
        self.key = hashlib.sha256(str(game.absolute()).encode()).hexdigest()[:32]
        self.seconds: dict[str, float] = {}
        try:
            seconds = json.loads(self.kept.read(self.key) or b"{}")
            self.seconds = {str(k): float(v) for k, v in seconds.items()}
        except (ValueError, TypeError, AttributeError):  # a damaged file: no order known
            pass

    def longest_first(self, items: list[int], names: list[str]) -> list[int]:
        """``items`` (the documents named ``names``) in the order to start them: those never
        timed first, in the kit's order, then the rest, longest first."""
        known = self.seconds
        order = sorted(
            range(len(items)), key=lambda k: (names[k] in known, -known.get(names[k], 0.0), k)
        )
        return [items[k] for k in order]

    def remember(self, seconds: dict[str, float]) -> None:
        self.kept.write(self.key, json.dumps({**self.seconds, **seconds}, sort_keys=True).encode())
