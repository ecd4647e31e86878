"""Tabletop Fleets: ship cards with fittings, islands, rocks and reefs, coins, the wind dial,
shot and move rulers, the score sheet, and random island layouts for a 4 ft table."""

from __future__ import annotations

from pnpkit.build.options import BuildOptions
from pnpkit.games.game import Game
from pnpkit.games.tabletop_fleets.commands import add_commands
from pnpkit.games.tabletop_fleets.load import load_tabletop
from pnpkit.games.tabletop_fleets.model import TabletopGame
from pnpkit.games.tabletop_fleets.rules import check_table_rules
from pnpkit.layout.plan import DocumentPlan
from pnpkit.model.cards import Deck


def _crews(game: TabletopGame) -> list[str]:
    """One island per player (the rules: "Use one island per player"), so the kit prints an
    island piece for each of the ``max_crews`` crews a layout may be dealt for; and every fleet
    the kit prints can have a layout dealt."""
    crews, fleets = game.table.max_crews, len(game.factions)
    found: list[str] = []
    if game.islands < crews:
        found.append(
            f"{game.where.of('terrain', 'islands', 'count')}: terrain.islands.count: "
            f"{game.islands} island pieces for up to {crews} crews, one island per player "
            f"(allowed: at least table.max_crews, {crews})"
        )
    if crews < fleets:
        found.append(
            f"{game.where.of('table', 'max_crews')}: table.max_crews: {crews}, but the kit "
            f"prints {fleets} fleets, so up to {fleets} players (allowed: at least {fleets}, "
            "one a fleet)"
        )
    return found


def _check(game: TabletopGame) -> list[str]:
    source = game.table.source or game.source
    lines = [f"{source}: {v.check}: {v.message}" for v in check_table_rules(game.table)]
    lines += _crews(game)
    if game.rules is not None:
        from pnpkit.games.tabletop_fleets.context import rule_context
        from pnpkit.render.rule_text import document_problems

        lines += [str(p) for p in document_problems(game.rules, rule_context(game))]
    return lines


def _documents(game: TabletopGame, options: BuildOptions) -> list[DocumentPlan]:
    from pnpkit.games.tabletop_fleets import kit

    return kit.documents(game, options)


def _faces(game: TabletopGame, options: BuildOptions) -> object:
    """Every face the kit prints, laid out (:func:`pnpkit.games.tabletop_fleets.faces.faces`)."""
    from pnpkit.games.tabletop_fleets.faces import faces

    return faces(game, options)


def _decks(game: TabletopGame) -> list[Deck]:
    from pnpkit.games.tabletop_fleets.faces import ship_deck

    return [ship_deck(game)]


GAME = Game(
    "tabletop-fleets", load_tabletop, _check, _documents, _decks, add_commands, faces=_faces
)
