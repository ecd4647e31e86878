"""Text set in lines: the one line breaker of every text pnpkit sets (card and counter faces,
boards, play aids, reference cards) and the sizes a text fitted to a box tries.

Words go on a line while the line fits (:func:`fill_lines`, greedy, the words kept in order);
a ``\\n`` starts a new line. :func:`break_lines` refuses a text with a word wider than the line
(it is then tried at a smaller size); :func:`wrap_lines` lets such a word run over on a line of
its own. Text is measured with the real font (:func:`~pnpkit.render.fonts.text_width`). The
rulebook's two-column flow is set by ReportLab's platypus (:mod:`pnpkit.layout.flow`).

No text is fitted under :data:`~pnpkit.verify.promises.MIN_TEXT_SIZE` (6 pt), the smallest a
player can read and the size :mod:`pnpkit.verify` holds every PDF to.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

from pnpkit.errors import Location
from pnpkit.render import fonts
from pnpkit.verify.promises import MIN_TEXT_SIZE

W = TypeVar("W")


def fill_lines(
    words: Iterable[W], fits: Callable[[list[W]], bool], *, overlong: bool = False
) -> list[list[W]] | None:
    """``words`` in lines, each taking the next word while ``fits`` says the line with it
    fits; one line at least (empty when there are no words). A word that fits no line alone
    stands on a line of its own if ``overlong``, else the words are refused: None."""
    lines: list[list[W]] = []
    line: list[W] = []
    for word in words:
        if line and fits([*line, word]):
            line.append(word)
        elif overlong or fits([word]):
            if line:
                lines.append(line)
            line = [word]
        else:
            return None
    lines.append(line)
    return lines


def _set(text: str, font: str, size: float, width: float, overlong: bool) -> list[str] | None:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        filled = fill_lines(
            paragraph.split(),
            lambda line: fonts.text_width(" ".join(line), font, size) <= width,
            overlong=overlong,
        )
        if filled is None:
            return None
        lines += [" ".join(line) for line in filled]
    return lines


def break_lines(text: str, font: str, size: float, width: float) -> list[str] | None:
    """The words of ``text`` in lines no wider than ``width``; None if a single word is wider.
    ``\\n`` in the text starts a new line."""
    return _set(text, font, size, width, overlong=False)


def wrap_lines(text: str, font: str, size: float, width: float) -> list[str]:
    """The words of ``text`` in lines no wider than ``width``, but that a word wider than
    ``width`` runs over on a line of its own. ``\\n`` in the text starts a new line."""
    return _set(text, font, size, width, overlong=True) or []


def smallest_size(size: float, min_size: float | None) -> float:
    """The smallest size text may be fitted at: ``min_size`` (or ``size``), never under 6 pt."""
    return max(min_size if min_size is not None else size, MIN_TEXT_SIZE)


def text_sizes(size: float, min_size: float | None) -> Iterator[float]:
    """The sizes to try, largest first, in 0.25 pt steps (all of them at least 6 pt): every
    text fitted to a box, on a face or on a page (:mod:`pnpkit.render.textbox`), steps so."""
    start = max(size, MIN_TEXT_SIZE)
    smallest = min(smallest_size(size, min_size), start)
    yield start
    step = start - 0.25
    while step >= smallest - 1e-9:
        yield step
        step -= 0.25


def location_of(source: str) -> Location:
    """The place a text's ``source`` names (``file:line:column``, or a file alone), where what
    is wrong with the text is reported."""
    parts = source.rsplit(":", 2)
    if len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
        return Location(parts[0], int(parts[1]), int(parts[2]))
    return Location(source or "<data>")
