"""The British vs Pirates rule text as data: ``rules.yaml`` beside ``game.yaml`` holds the rules
reference (``rules``) and the words around the rulebook's pictures (``examples``), and the
values their placeholders read, every one from the game's model (one source of truth). Printed
by the shared rule-document path (:mod:`pnpkit.layout.rules`, in :mod:`.kit`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pnpkit.games.british_vs_pirates.model import SIDES, BvpGame
from pnpkit.load.rule_blocks import RuleDocument, choice, load_rule_documents
from pnpkit.model.ours import MARK, plain
from pnpkit.model.violation import Violation

RULES_FILE = "rules.yaml"
TABLES = ("harvest", "holds", "components")
"""The tables the rule text may hold: ``table: harvest`` (each good, its D12 roll and
where it sells), ``table: holds`` (cargo tokens by ship size) and ``table: components`` (how
many of each token and piece the kit prints)."""
PICTURES = ("movement", "pivot-first", "arcs", "targets", "sides", "damage", "cannon")
"""The rulebook's pictures the rule text may draw (``picture: arcs``), each a diagram of
:mod:`pnpkit.games.british_vs_pirates.diagram` with its caption."""
DOCUMENTS = ("rules", "examples")
"""The documents of ``rules.yaml``: the rules reference and the rulebook's examples."""


def rule_documents(game: BvpGame) -> dict[str, RuleDocument]:
    """``rules.yaml`` beside ``game.yaml``, by document (a DataError at file:line:col when it
    is wrong)."""
    path = Path(game.source).parent / RULES_FILE
    kinds = {"table": choice(TABLES), "picture": choice(PICTURES)}
    return load_rule_documents(path, DOCUMENTS, kinds)


def rules_document(game: BvpGame) -> RuleDocument:
    """The rules reference of ``rules.yaml``."""
    return rule_documents(game)["rules"]


def rules_context(game: BvpGame) -> dict[str, Any]:
    """What the rule text's placeholders read: every number from the data, once."""
    return {
        "game": {"title": game.title},
        "n": {k: game.ours.quote(f"numbers.{k}", v) for k, v in game.numbers.items()},
        "harvest": {g.key: g.harvest for g in game.goods},
        "holds": {k: game.ours.quote(f"cargo_holds.{k}", v) for k, v in game.holds.items()},
        "tiles": len(game.tiles),
        "d6": d6_needed(game),
        "flags": _and([flag.key for flag in game.mission_flags]),
        "ours": MARK,
    }


def d6_needed(game: BvpGame) -> dict[str, int]:
    """The D6 one ship card holds (a square a side and the Structure's), and one faction's at
    the start: its starting ships', one a captain (Crew Morale) and one a fort."""
    ship = len(SIDES)
    ships, captains = (plain(game.numbers.get(k, 0)) for k in ("starting_ships", "captains"))
    assert isinstance(ships, int) and isinstance(captains, int)
    return {"ship": ship, "faction": ships * ship + captains + game.pieces.forts}


def _and(words: list[str]) -> str:
    """``a, b and c``."""
    return " and ".join([", ".join(words[:-1]), words[-1]]) if len(words) > 1 else "".join(words)


def rules_problems(game: BvpGame) -> list[Violation]:
    """Every placeholder of the rule text that would not print (for ``pnpkit check``)."""
    from pnpkit.render.rule_text import document_problems

    context = rules_context(game)
    return [
        Violation.of(p)
        for document in rule_documents(game).values()
        for p in document_problems(document, context)
    ]
