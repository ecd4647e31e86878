"""A rule document as written in a game's data: a title, a page count and blocks of our own
words, placeholders not yet filled. :mod:`pnpkit.load.rule_blocks` reads it (every block keeps
its file:line:col); :mod:`pnpkit.layout.rules` prints it."""

from __future__ import annotations

from dataclasses import dataclass

from pnpkit.errors import Location


@dataclass(frozen=True, slots=True)
class RawBlock:
    """One block as written: its kind, its text (or texts, one per list item) and where it is."""

    kind: str
    texts: tuple[str, ...]
    where: Location


@dataclass(frozen=True, slots=True)
class RuleDocument:
    """A rule document as written: placeholders not yet filled."""

    title: str
    subtitle: str
    pages: int | None
    """How many pages the text must fill (None: as many as it takes)."""
    blocks: tuple[RawBlock, ...]
    where: Location | None = None
    """Where the document's mapping starts (its title and subtitle are found from here)."""
    title_where: Location | None = None
    subtitle_where: Location | None = None
    pages_where: Location | None = None
    """Where ``pages`` is written (a text that fills another count is an error there)."""
    pages_field: str = "pages"
    """The path of ``pages`` for messages (``card.pages``)."""
