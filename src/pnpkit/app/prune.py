"""A kit folder holds exactly the current build: documents and exports nothing names are removed.

After a kit is published (:func:`pnpkit.app.build.build_game`), :func:`prune_kit` removes the
documents of the game's folder that the build's plans no longer name (a deck deleted from the
data leaves no PDF behind) and the export files (``print-shop/``, ``tts/``) of decks the game no
longer has. Only the game's own folder is looked at; hidden files (staging folders, temporary
files of a build under way) and the previews folder are left alone (the previews follow the
documents: :func:`pnpkit.app.preview.write_previews` drops the pictures of a document that is
gone).
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterable
from pathlib import Path

PRINT_SHOP = "print-shop"
"""The print-shop export's folder (:data:`pnpkit.app.export_printshop.FOLDER`, a test checks)."""
TTS = "tts"
"""The Tabletop Simulator export's folder (:data:`pnpkit.app.export_tts.FOLDER`)."""

DOCUMENT_SUFFIXES = (".pdf",)
"""What a kit writes into its folder (every plan is a PDF)."""


def stale_documents(kit_dir: Path, named: Iterable[str]) -> list[Path]:
    """The documents directly in ``kit_dir`` that are not among ``named`` (plan file names)."""
    if not kit_dir.is_dir():
        return []
    keep = set(named)
    return sorted(
        path
        for path in kit_dir.iterdir()
        if path.is_file()
        and not path.name.startswith(".")
        and path.suffix.lower() in DOCUMENT_SUFFIXES
        and path.name not in keep
    )


def owns(key: str, folder: str, name: str) -> bool:
    """Whether the export file (or folder) ``name`` in ``folder`` is deck ``key``'s:
    ``print-shop/<key>.pdf|.csv`` and ``print-shop/<key>/``; ``tts/<key>.json``,
    ``tts/<key>-back.png`` and ``tts/<key>-faces<N>.png|-backs<N>.png``."""
    if folder == PRINT_SHOP:
        return name in (key, f"{key}.pdf", f"{key}.csv")
    if name in (f"{key}.json", f"{key}-back.png"):
        return True
    return re.fullmatch(re.escape(key) + r"-(?:faces|backs)\d*\.png", name) is not None


def stale_exports(kit_dir: Path, decks: Iterable[str]) -> list[Path]:
    """The export files and folders in ``kit_dir`` of decks not among ``decks`` (their keys)."""
    keys = set(decks)
    found: list[Path] = []
    for folder in (PRINT_SHOP, TTS):
        place = kit_dir / folder
        if not place.is_dir():
            continue
        for path in sorted(place.iterdir()):
            if path.name.startswith("."):
                continue
            if not any(owns(key, folder, path.name) for key in keys):
                found.append(path)
    return found


def prune_kit(kit_dir: Path, named: Iterable[str], decks: Iterable[str] | None) -> list[Path]:
    """Remove the stale documents and exports of ``kit_dir``; returns what was removed.
    ``decks`` is None for a game without cards: every export of its folder is stale."""
    gone = stale_documents(kit_dir, named) + stale_exports(kit_dir, decks or ())
    for path in gone:
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink(missing_ok=True)
    return gone
