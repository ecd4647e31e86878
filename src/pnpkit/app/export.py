"""``pnpkit export``: every deck of a game for print shops and for Tabletop Simulator."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pnpkit.app import export_printshop, export_tts
from pnpkit.app.export_decks import rendered_decks
from pnpkit.app.prune import record
from pnpkit.errors import DataError, PnpkitError

FORMATS = ("printshop", "tts")


class ExportsFailed(PnpkitError):
    """Some games of an export of several failed (the others were exported), as
    :class:`~pnpkit.errors.KitsFailed` for a build: each failed game's problems, then one line
    naming them."""

    def __init__(self, failures: dict[str, PnpkitError], exported: int) -> None:
        self.failures = dict(failures)
        lines = [line for error in failures.values() for line in _lines(error)]
        total = exported + len(failures)
        names = ", ".join(failures)
        lines.append(
            f"{len(failures)} of {total} games failed ({names}); the other {exported} exported"
        )
        super().__init__("\n".join(lines))
        self.exit_code = max(error.exit_code for error in failures.values())


def _lines(error: PnpkitError) -> list[str]:
    if isinstance(error, DataError):
        return [str(p) for p in error.problems]
    return str(error).splitlines() or [type(error).__name__]


def export_game(
    game: str,
    data_dir: Path,
    out_dir: Path,
    formats: tuple[str, ...],
    url_base: str | None = None,
    report: Callable[[str, list[Path]], None] | None = None,
) -> list[Path]:
    """Export every deck of ``game`` (data in ``data_dir/<game>``) in ``formats`` into
    ``out_dir/<game>/print-shop/`` and ``out_dir/<game>/tts/``; returns the files written.
    ``report`` hears each deck's key and files as soon as the deck is exported."""
    decks = rendered_decks(game, data_dir / game)
    written: list[Path] = []
    for deck in decks:
        before = len(written)
        if "printshop" in formats:
            folder = out_dir / game / export_printshop.FOLDER
            written += export_printshop.export_printshop(deck, folder, subject=game)
        if "tts" in formats:
            folder = out_dir / game / export_tts.FOLDER
            written += export_tts.export_tts(deck, folder, url_base)
        if report is not None:
            report(deck.deck.key, written[before:])
    record(out_dir / game, written)  # so a later build may remove the files of a deck gone
    return written
