"""What ``pnpkit check`` holds a game to beyond its data and rules: every face laid out as the
build lays it out (:func:`face_problems`), nothing drawn. ``pnpkit new`` holds the game it
writes to the same before it is published."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnpkit.errors import DataError
from pnpkit.games.game import Game

if TYPE_CHECKING:
    from pnpkit.build.options import BuildOptions


def face_problems(
    game: Game[Any], model: Any, game_dir: Path, options: BuildOptions | None = None
) -> list[str]:
    """Every face of the kit laid out as the build lays it out, on each paper a kit is printed
    on (a page's words may fit Letter and not the narrower A4), nothing drawn: each face that
    cannot be printed, one line each. ``options`` are the build's (its bleed and duplex mode,
    as :func:`pnpkit.app.cli.options_from` resolves them; default: none given)."""
    if game.faces is None:
        return []
    from dataclasses import replace

    from pnpkit.build.options import BuildOptions
    from pnpkit.layout.paper import PAPERS

    chosen = options if options is not None else BuildOptions()

    found: list[str] = []
    said: set[tuple[str, str]] = set()  # a field that fits neither paper is said once
    for paper in PAPERS.values():
        try:
            game.faces(model, game.options_for(game_dir, replace(chosen, paper=paper)))
        except DataError as exc:
            new = [p for p in exc.problems if (str(p.where), p.field) not in said]
            found += [str(p) for p in new]
            said.update((str(p.where), p.field) for p in new)
    return found
