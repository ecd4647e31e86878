"""False Colors: fleets in the fog, where no ship shows her rating until she fights. The kit
holds the rulebook, the rules card, the square, duel and hex charts tiled over sheets, the hex
overview, the ship tokens and the play aids; ``pnpkit map`` deals random-island charts."""

from __future__ import annotations

from pnpkit.build.options import BuildOptions
from pnpkit.errors import DataError
from pnpkit.games.false_colors.commands import add_commands
from pnpkit.games.false_colors.data import FleetKit, chart_lines, load_kit, seating_lines
from pnpkit.games.game import Game
from pnpkit.layout.plan import DocumentPlan


def _check(kit: FleetKit) -> list[str]:
    """The charts' rules and their cells' room for a ship token, the fights the rulebook's
    examples tell, the play aids' room on a page, then the rule text as it would print: every
    placeholder rendered, every phrase and picture found (what passes here prints)."""
    from pnpkit.games.false_colors.aid_layout import aid_lines
    from pnpkit.games.false_colors.context import rule_context
    from pnpkit.games.false_colors.examples import example_problems
    from pnpkit.games.false_colors.rule_text import rule_text_problems
    from pnpkit.games.false_colors.tokens import token_lines

    lines = chart_lines(kit) + token_lines(kit.charts)
    lines += [str(p) for p in example_problems(kit.game)]
    try:
        context = rule_context(kit.game, kit.charts, kit.rules)
    except DataError as exc:
        return lines + [str(p) for p in exc.problems]
    lines += [str(p) for p in rule_text_problems(kit.rules, context, kit.charts)]
    return lines + aid_lines(kit.game, kit.charts, kit.rules, context)


def _documents(kit: FleetKit, options: BuildOptions) -> list[DocumentPlan]:
    from pnpkit.games.false_colors.kit import documents

    return documents(kit, options)


GAME = Game(
    "false-colors", load_kit, _check, _documents, commands=add_commands, report=seating_lines
)
