"""``pnpkit export``: every deck of a game for print shops and for Tabletop Simulator."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pnpkit.app import export_printshop, export_tts
from pnpkit.app.export_decks import rendered_decks
from pnpkit.app.prune import record

FORMATS = ("printshop", "tts")


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
