"""``pnpkit export``: every deck and board of a game for print shops and for Tabletop Simulator.

An export is published as a build is (:mod:`pnpkit.build.staging`): each format's folder of the
game (``print-shop/``, ``tts/``) is written whole in a staging folder beside it and then takes
its place in one step (:func:`~pnpkit.build.staging.staged_folder`), so a kill at any moment
leaves each folder all old or all new, and the next export removes what a killed one left.
Files of the old folder that this export does not write stay (another deck's, the user's own),
except a card or token picture of a deck exported now that pnpkit wrote and the deck no longer
has.

Card images are streamed: each is drawn, written and let go before the next
(:mod:`pnpkit.app.export_printshop`, :mod:`pnpkit.app.export_tts`); with ``jobs`` above 1 the
print-shop pictures are drawn in that many processes at once (the same bytes). A round, square
or hex token set goes to Tabletop Simulator as tiles, not cards, and each board
(:attr:`pnpkit.games.game.Game.boards`) as one picture to both
(:mod:`pnpkit.app.export_tiles`, :func:`pnpkit.app.export_printshop.export_board`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path

from pnpkit.app import export_printshop, export_tiles, export_tts
from pnpkit.app.export_decks import exports_of, render_deck
from pnpkit.app.prune import digest, read_manifest, record
from pnpkit.build.staging import final_path, staged_folder

FORMATS = ("printshop", "tts")
FOLDERS = {"printshop": export_printshop.FOLDER, "tts": export_tts.FOLDER}
"""Each format's folder in the game's output folder."""


def export_game(
    game: str,
    data_dir: Path,
    out_dir: Path,
    formats: tuple[str, ...],
    url_base: str | None = None,
    report: Callable[[str, list[Path]], None] | None = None,
    jobs: int = 1,
) -> list[Path]:
    """Export every deck and board of ``game`` (data in ``data_dir/<game>``) in ``formats``
    into ``out_dir/<game>/print-shop/`` and ``out_dir/<game>/tts/``, each folder published
    whole; returns the files written. ``report`` hears each deck's and board's key and files
    once they are published."""
    export_tts.hosted(url_base)
    decks, boards, renderer = exports_of(game, data_dir / game)
    faces = [render_deck(renderer, deck) for deck in decks]  # a bad face: nothing is made
    kit = out_dir / game
    keys = {deck.key for deck in decks} | {board.key for board in boards}
    written: dict[str, list[Path]] = {
        key: [] for key in [*(d.key for d in decks), *(b.key for b in boards)]
    }
    with contextlib.ExitStack() as stack:
        stages: dict[str, tuple[Path, Path]] = {}
        for fmt in formats:
            folder = kit / FOLDERS[fmt]
            keep = keep_unless_stale(kit, folder, keys)
            stages[fmt] = (stack.enter_context(staged_folder(folder, keep)), folder)
        for rendered in faces:
            deck = rendered.deck
            if "printshop" in stages:
                stage = stages["printshop"][0]
                written[deck.key] += export_printshop.export_printshop(
                    rendered, stage, subject=game, jobs=jobs
                )
            if "tts" in stages:
                stage, published = stages["tts"]
                tiles = deck.token_shape in export_tiles.TILE_TYPES
                export = export_tiles.export_tiles if tiles else export_tts.export_tts
                written[deck.key] += export(rendered, stage, url_base, published)
        for board in boards:
            if "printshop" in stages:
                stage = stages["printshop"][0]
                written[board.key] += export_printshop.export_board(board, stage, subject=game)
            if "tts" in stages:
                stage, published = stages["tts"]
                written[board.key] += export_tiles.export_board(board, stage, url_base, published)
        final = {key: [_published(p, stages) for p in paths] for key, paths in written.items()}
        # listed before they are published, so a later build or export may remove them
        record(kit, {_published(p, stages): p for paths in written.values() for p in paths})
    every = [path for paths in final.values() for path in paths]
    if report is not None:
        for key, paths in final.items():
            report(key, paths)
    return every


def _published(path: Path, stages: dict[str, tuple[Path, Path]]) -> Path:
    """Where ``path``, written in one of the staging folders, is once published."""
    for stage, folder in stages.values():
        if path.is_relative_to(stage):
            return final_path(path, stage, folder.resolve())
    return path


def keep_unless_stale(kit: Path, folder: Path, keys: set[str]) -> Callable[[str], bool]:
    """Which files of an old export folder (``print-shop/``, ``tts/``) a new one carries over:
    all but the pictures of cards or tokens gone from a deck exported now (in the deck's own
    folder), when pnpkit wrote them (the manifest of ``kit`` holds them with these very
    bytes)."""
    ours = read_manifest(kit)

    def keep(name: str) -> bool:
        deck, _, picture = name.partition("/")
        if deck not in keys or "/" in picture or not picture.endswith(".png"):
            return True
        listed = f"{folder.name}/{name}"
        return listed not in ours or digest(folder / name) != ours[listed]

    return keep
