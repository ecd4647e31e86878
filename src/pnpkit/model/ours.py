"""Our choices: what a kit prints that its source rules do not give.

Data marks such a value where it is written (``plunder: {ours: 24}`` in a game's YAML, or
``{{ ours }}`` inside rule text); whatever prints it adds :data:`MARK`, and every document that
carries the mark says once, in its footer, what it means (:data:`NOTE`).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

MARK = "†"
"""The small mark after anything printed that the source rules do not give."""
NOTE = f"{MARK} not in the source rules: our choice"
"""The one footnote of a document that carries the mark."""


@dataclass(frozen=True, slots=True)
class Ours:
    """A value the source rules do not give: printed, it carries :data:`MARK`."""

    value: int | str | tuple[int, ...]

    def __str__(self) -> str:
        if isinstance(self.value, tuple):
            return ", ".join(str(v) for v in self.value) + MARK
        return f"{self.value}{MARK}"


def plain(value: object) -> object:
    """The value itself, mark or not (for arithmetic and comparisons)."""
    return value.value if isinstance(value, Ours) else value


def is_ours(marked: Collection[str], path: str) -> bool:
    """Whether the value at field ``path`` (``move.click``, ``ships[2].name``) is our choice:
    ``marked`` (the paths a loader found ``{ours: …}`` at, :mod:`pnpkit.load.ours`) holds it,
    or a record or section that holds it."""
    if path in marked:
        return True
    return any(
        path.startswith(prefix) and path[len(prefix) : len(prefix) + 1] in (".", "[")
        for prefix in marked
    )
