"""The words of an action or a captain card as printed: the data's text with its placeholders
filled (``{{ escape }}``, the roll that escapes the action; ``{{ ours }}``, the mark after our
reading). A placeholder that cannot be filled is a DataError at the field that holds it; the
board (:mod:`pnpkit.games.pirate_fleets.board`) and the faces
(:mod:`pnpkit.games.pirate_fleets.faces`) both print through here, and ``check`` lays both out.
"""

from __future__ import annotations

from typing import Any, Literal

from pnpkit.games.pirate_fleets.model import Action, Captain, PirateFleetsGame
from pnpkit.model.ours import MARK
from pnpkit.render.rule_text import render_text


def action_words(game: PirateFleetsGame, action: Action, which: Literal["effect", "short"]) -> str:
    """``action.effect`` or ``action.short`` filled: ``{{ escape }}`` is the action's escape
    roll (an action without one cannot quote it), ``{{ ours }}`` the mark."""
    context: dict[str, Any] = {"ours": MARK}
    if action.escape is not None:
        context["escape"] = action.escape
    where = game.where.at(action, which)
    return render_text(getattr(action, which), context, where, f"actions.{action.key}.{which}")


def captain_words(game: PirateFleetsGame, captain: Captain) -> str:
    """A captain card's effect filled (``{{ ours }}``: the mark after our reading)."""
    where = game.where.at(captain, "effect")
    return render_text(captain.effect, {"ours": MARK}, where, "effect")
