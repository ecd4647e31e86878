"""Can a player read the kit, in black and white? Two checks on the drawn content.

- :func:`small_text` — every string shown at an effective size under
  :data:`~pnpkit.verify.promises.MIN_TEXT_SIZE` (6 pt), with its words; tables, tokens and labels
  are text like any other, and a form scaled down scales its text down too.
- :func:`color_set_problems` — a :class:`~pnpkit.verify.promises.ColorSetPromise` kept: the
  colours that tell things apart differ by at least
  :data:`~pnpkit.verify.promises.MIN_GRAY_STEP` grayscale levels (as ``pdftoppm -gray`` prints
  them, :func:`~pnpkit.verify.promises.gray_level`) or by a second cue; each colour is really
  filled on a promised page, and each label cue is really written there.
"""

from __future__ import annotations

from collections.abc import Callable

from pnpkit.verify.content import PageContent, TextRun
from pnpkit.verify.promises import (
    MIN_GRAY_STEP,
    MIN_TEXT_SIZE,
    RGB,
    Box,
    ColorMember,
    ColorSetPromise,
    gray_level,
)

SIZE_TOLERANCE = 0.005
"""Points: rounding in a content stream never makes 6 pt text fail."""
COLOR_TOLERANCE = 0.002


def _visible(run: TextRun, media: Box) -> bool:
    x0, y0, x1, y1 = run.box
    return x1 > media[0] and x0 < media[2] and y1 > media[1] and y0 < media[3]


def small_text(content: PageContent, media: Box, minimum: float = MIN_TEXT_SIZE) -> str:
    """One line naming every distinct run under ``minimum`` on the page ('' when none).

    Runs are grouped by size and words (a token drawn twelve times is one entry, ×12), smallest
    first; strings of spaces alone are not text a player must read.
    """
    counts: dict[tuple[float, str], int] = {}
    for run in content.texts:
        if run.size >= minimum - SIZE_TOLERANCE or not _visible(run, media):
            continue
        words = " ".join(run.text.split())
        if not words:
            continue
        key = (round(run.size, 2), words)
        counts[key] = counts.get(key, 0) + 1
    if not counts:
        return ""
    total = sum(counts.values())
    listed = ", ".join(
        f"{size:.2f} pt {words!r}" + (f" ×{n}" if n > 1 else "")
        for (size, words), n in sorted(counts.items())
    )
    return f"{total} text run{'s' if total > 1 else ''} smaller than {minimum:g} pt: {listed}"


def _hex(color: RGB) -> str:
    return "#" + "".join(f"{round(min(1.0, max(0.0, c)) * 255):02X}" for c in color)


def _describe(member: ColorMember) -> str:
    return f"{member.name!r} {_hex(member.color)} (gray {gray_level(member.color)})"


def _filled(color: RGB, fills: set[RGB]) -> bool:
    return any(
        all(abs(a - b) <= COLOR_TOLERANCE for a, b in zip(color, fill, strict=True))
        for fill in fills
    )


def _squeeze(text: str) -> str:
    return "".join(text.split()).casefold()


def color_set_problems(
    promise: ColorSetPromise, content: Callable[[int], PageContent | None]
) -> list[str]:
    """Every way ``promise`` is broken; ``content(page)`` reads a 1-based page (None: missing)."""
    what = promise.what
    problems = [
        f"{what}: {_describe(a)} and {_describe(b)} are {gap} levels apart in grayscale "
        f"(need {MIN_GRAY_STEP}) and differ by no pattern, emblem or label"
        for a, b, gap in promise.pairs_without_cue()
    ]
    pages: list[PageContent] = []
    for number in promise.pages:
        got = content(number)
        if got is None:
            problems.append(f"{what}: promised on page {number}, which is missing")
        else:
            pages.append(got)
    if not promise.pages:
        problems.append(f"{what}: the colour promise names no page")
    if not pages:
        return problems
    where = ", ".join(str(n) for n in promise.pages)
    page_words: list[str] | None = None
    for member in promise.members:
        if not any(_filled(member.color, page.fills) for page in pages):
            problems.append(
                f"{what}: {member.name!r} {_hex(member.color)} is filled on none of pages {where}"
            )
        label = member.cue("label")
        if label is None:
            continue
        if page_words is None:
            page_words = [_squeeze("".join(run.text for run in page.texts)) for page in pages]
        if _squeeze(label) and not any(_squeeze(label) in words for words in page_words):
            problems.append(
                f"{what}: {member.name!r}'s label {label!r} is written on none of pages {where}"
            )
    return problems
