"""One game's kit, from its data folder to its output folder: load, check, write, publish.

:func:`build_game` is what ``pnpkit build`` and ``pnpkit watch`` run for each game: the game's
data is loaded (every problem at once), its rules are checked (a kit is never printed from data
that breaks them), every document is written through :func:`pnpkit.build.write.write_document`
into a staging folder beside the output, and the kit is published whole
(:mod:`pnpkit.build.staging`); then what the build no longer makes is removed from the kit's
folder (:mod:`pnpkit.app.prune`): the folder holds exactly the current build.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from pnpkit.app.prune import prune_kit
from pnpkit.build.context import BuildContext
from pnpkit.build.options import BuildOptions, as_options
from pnpkit.build.staging import final_path, staged
from pnpkit.build.write import write_documents
from pnpkit.errors import CheckFailed
from pnpkit.games import chosen_games, find_game
from pnpkit.games.game import Game
from pnpkit.layout.paper import Paper


def refuse(violations: list[str]) -> None:
    """Raise :class:`~pnpkit.errors.CheckFailed` listing every violation, if there is any:
    a kit is never printed from data that fails its game's checks."""
    if violations:
        raise CheckFailed("\n".join(violations))


def build_game(
    game: Game[Any], game_dir: Path, out_dir: Path, options: BuildOptions
) -> BuildContext:
    """Build ``game`` from ``game_dir`` into ``out_dir``, staged and published whole. The
    returned context lists every document written (at its published path) and skipped.
    Progress is reported once the kit is published, so every reported path exists."""
    model = game.read(game_dir)
    refuse(game.check(model))
    options = game.options_for(game_dir, options)
    plans = game.documents(model, options)
    context = replace(options, report=None).context()
    context.published = out_dir
    with staged(out_dir) as stage:
        try:
            write_documents(stage, plans, context)
        except OSError as exc:  # a full disk: name the document, not its staging copy
            if exc.filename is None or exc.errno is None:
                raise
            published = final_path(Path(exc.filename), stage, out_dir)
            raise OSError(exc.errno, exc.strerror, str(published)) from exc
    prune_kit(out_dir, [plan.filename for plan in plans], _deck_keys(game, model))
    context.written = [final_path(path, stage, out_dir) for path in context.written]
    context.skipped = [final_path(path, stage, out_dir) for path in context.skipped]
    if options.report is not None:
        for path in context.written:
            options.report(path)
    return context


def _deck_keys(game: Game[Any], model: Any) -> list[str] | None:
    """The keys of the game's decks (None for a game without cards): their exports stay."""
    return None if game.decks is None else [deck.key for deck in game.decks(model)]


def build_kits(
    games: list[str] | tuple[str, ...] | None,
    data_dir: Path | str,
    out_dir: Path | str,
    options: BuildOptions | Paper | str | None = None,
) -> list[Path]:
    """Build the kits of ``games`` (every game folder in ``data_dir`` when empty) from
    ``data_dir/<game>`` into ``out_dir/<game>``; returns every file written.

    ``options`` is a :class:`BuildOptions` (or, for short, just the paper or its name)."""
    data, out = Path(data_dir), Path(out_dir)
    chosen = as_options(options)
    written: list[Path] = []
    for name in chosen_games(data, list(games or ())):
        game = find_game(name, data / name)
        written += build_game(game, data / name, out / name, chosen).written
    return written
