"""Two-sided promises, measured: backs that land behind their fronts, and the duplex setting.

:func:`check_mirror` reads where the page itself drew its form XObjects (cards and counters are
drawn as forms, unscaled; the mirrored, stretched copies that make a bleed are not counted) and
checks a :class:`~pnpkit.verify.promises.MirrorPromise`: sizes, every back at the mirror image of
a front (plus the back offset), and on fold-over sheets the fold line itself.
:func:`duplex_problem` checks the ``/ViewerPreferences /Duplex`` entry a PDF promised.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pnpkit.verify.content import PageContent, Placed
from pnpkit.verify.promises import TOLERANCE, MirrorPromise

MM = 72.0 / 25.4
COLOR_TOLERANCE = 0.002
Box = tuple[float, float, float, float]


def _near(a: Box, b: Box) -> bool:
    return (
        abs(a[0] - b[0]) <= TOLERANCE
        and abs(a[1] - b[1]) <= TOLERANCE
        and abs(a[2] - b[2]) <= TOLERANCE
        and abs(a[3] - b[3]) <= TOLERANCE
    )


def _size_problem(what: str, side: str, box: Box, size: tuple[float, float]) -> str | None:
    width, height = box[2] - box[0], box[3] - box[1]
    if abs(width - size[0]) <= TOLERANCE and abs(height - size[1]) <= TOLERANCE:
        return None
    return (
        f"{what}: a {side} at ({box[0]:.1f}, {box[1]:.1f}) pt measures {width / MM:.1f} × "
        f"{height / MM:.1f} mm, promised {size[0] / MM:.1f} × {size[1] / MM:.1f} mm"
    )


def check_mirror(promise: MirrorPromise, content: Callable[[int], PageContent | None]) -> list[str]:
    """Every problem with the promise: missing pages, wrong sizes, a back that is not the mirror
    of a front, a wrong count, a missing fold line."""
    what = promise.what
    fronts_page, backs_page = content(promise.front_page), content(promise.back_page)
    if fronts_page is None or backs_page is None:
        return [f"{what}: pages {promise.front_page} and {promise.back_page} are promised"]
    axis = promise.axis
    fronts: list[Placed] = [p for p in fronts_page.forms if p.unscaled]
    backs: list[Placed] = [p for p in backs_page.forms if p.unscaled]
    if promise.fold_color is not None:
        fronts = [p for p in fronts if p.box[2] <= axis + TOLERANCE]
        backs = [p for p in backs if p.box[0] >= axis - TOLERANCE]
    problems: list[str] = []
    if promise.size is not None:
        for side, placed in (("front", fronts), ("back", backs)):
            for p in placed:
                problem = _size_problem(what, side, p.box, promise.size)
                if problem:
                    problems.append(problem)
    dx, dy = promise.offset
    expected = [
        (2 * axis - p.box[2] + dx, p.box[1] + dy, 2 * axis - p.box[0] + dx, p.box[3] + dy)
        for p in fronts
    ]
    strays = [b for b in backs if not any(_near(b.box, e) for e in expected)]
    for stray in strays[:3]:
        x0, y0, x1, y1 = stray.box
        problems.append(
            f"{what}: the back at ({x0:.1f}, {y0:.1f})–({x1:.1f}, {y1:.1f}) pt on page "
            f"{promise.back_page} is not behind any front (mirror about x = {axis:.2f} pt, "
            f"offset {dx / MM:+.2f}, {dy / MM:+.2f} mm)"
        )
    if len(strays) > 3:
        problems.append(f"{what}: {len(strays) - 3} more backs are not behind any front")
    if len(backs) != promise.backs:
        problems.append(f"{what}: {len(backs)} backs printed, promised {promise.backs}")
    if promise.fold_color is not None:
        problems += _fold_problems(promise, fronts_page, fronts + backs)
    return problems


def _fold_problems(promise: MirrorPromise, page: PageContent, cards: list[Placed]) -> list[str]:
    color = promise.fold_color
    assert color is not None
    lines = [
        s
        for s in page.segments
        if s.vertical
        and abs(s.x0 - promise.axis) <= TOLERANCE
        and s.color is not None
        and all(abs(a - b) <= COLOR_TOLERANCE for a, b in zip(s.color, color, strict=True))
    ]
    if not lines:
        return [f"{promise.what}: no fold line at x = {promise.axis:.2f} pt"]
    low = min(min(s.y0, s.y1) for s in lines)
    high = max(max(s.y0, s.y1) for s in lines)
    if not cards:
        return []
    reach = 1.0  # the line may stop short of the margin by its half width
    bottom, top = min(c.box[1] for c in cards), max(c.box[3] for c in cards)
    if low > bottom + reach or high < top - reach:
        return [f"{promise.what}: the fold line does not run the length of the cards"]
    return []


def duplex_problem(root: Any, promised: str) -> str | None:
    """The PDF catalogue's ``/ViewerPreferences /Duplex`` against ``promised`` (a name without
    the slash; empty: nothing promised)."""
    if not promised:
        return None
    prefs = root.get("/ViewerPreferences")
    found = str(prefs.get_object().get("/Duplex")) if prefs is not None else "None"
    if found != f"/{promised}":
        return f"/ViewerPreferences /Duplex is {found}, promised /{promised}"
    return None
