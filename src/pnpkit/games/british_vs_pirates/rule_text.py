"""The British vs Pirates rules reference as data: ``rules.yaml`` beside ``game.yaml``, and the
values its placeholders read, every one from the game's model (one source of truth). Printed by
the shared rule-document path (:mod:`pnpkit.layout.rules`, in :mod:`.kit`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pnpkit.games.british_vs_pirates.model import SIDES, BvpGame
from pnpkit.load.rule_blocks import RuleDocument, choice, load_rule_documents
from pnpkit.model.ours import MARK, plain
from pnpkit.model.violation import Violation

RULES_FILE = "rules.yaml"
TABLES = ("harvest", "holds", "components")
"""The tables the rules reference may hold: ``table: harvest`` (each good, its D12 roll and
where it sells), ``table: holds`` (cargo tokens by ship size) and ``table: components`` (how
many of each token and piece the kit prints)."""


def rules_document(game: BvpGame) -> RuleDocument:
    """``rules.yaml`` beside ``game.yaml`` (a DataError at file:line:col when it is wrong)."""
    path = Path(game.source).parent / RULES_FILE
    kinds = {"table": choice(TABLES)}
    return load_rule_documents(path, ["rules"], kinds)["rules"]


def rules_context(game: BvpGame) -> dict[str, Any]:
    """What the rule text's placeholders read: every number from the data, once."""
    return {
        "game": {"title": game.title},
        "n": {k: game.ours.quote(f"numbers.{k}", v) for k, v in game.numbers.items()},
        "harvest": {g.key: g.harvest for g in game.goods},
        "holds": {k: game.ours.quote(f"cargo_holds.{k}", v) for k, v in game.holds.items()},
        "tiles": len(game.tiles),
        "d6": d6_needed(game),
        "ours": MARK,
    }


def d6_needed(game: BvpGame) -> dict[str, int]:
    """The D6 one ship card holds (a square a side and the Structure's), and one faction's at
    the start: its starting ships', one a captain (Crew Morale) and one a fort."""
    ship = len(SIDES)
    ships, captains = (plain(game.numbers.get(k, 0)) for k in ("starting_ships", "captains"))
    assert isinstance(ships, int) and isinstance(captains, int)
    return {"ship": ship, "faction": ships * ship + captains + game.pieces.forts}


def rules_problems(game: BvpGame) -> list[Violation]:
    """Every placeholder of the rule text that would not print (for ``pnpkit check``)."""
    from pnpkit.render.rule_text import document_problems

    return [Violation.of(p) for p in document_problems(rules_document(game), rules_context(game))]
