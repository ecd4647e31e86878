"""Who beats whom: the combat table computed from ratings and abilities, never typed in.

Rules, in the order they apply when ``attacker`` sails into ``defender``'s cell:

1. A ship with ``fireship`` or ``admiral`` never attacks: no attack possible.
2. Anyone captures an ``admiral``.
3. Anyone attacking a ``fireship`` burns, except a ship with ``boards-fireships``, who takes her.
4. A ship with ``sinks-first-rate-attacking`` beats a ``first-rate`` when she attacks (only then).
5. Otherwise the bigger rating wins; equal ratings both sink.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from pnpkit.errors import CheckFailed
from pnpkit.games.false_colors.model import Ability, FleetGame, Scoring, ShipClass


class Outcome(StrEnum):
    ATTACKER_WINS = "attacker wins"
    ATTACKER_LOSES = "attacker loses"
    BOTH_SINK = "both sink"
    ADMIRAL_CAPTURED = "admiral captured"
    NO_ATTACK = "no attack"

    @property
    def symbol(self) -> str:
        """The rulebook's mark: ✓ ✕ = ⚑, and – where no attack is possible."""
        return _SYMBOLS[self]


_SYMBOLS = {
    Outcome.ATTACKER_WINS: "✓",
    Outcome.ATTACKER_LOSES: "✕",
    Outcome.BOTH_SINK: "=",
    Outcome.ADMIRAL_CAPTURED: "⚑",
    Outcome.NO_ATTACK: "–",
}


@dataclass(frozen=True, slots=True)
class CombatTable:
    """Outcomes for every attacker (row) and defender (column), classes in roster order."""

    classes: tuple[ShipClass, ...]
    outcomes: tuple[tuple[Outcome, ...], ...]
    """``outcomes[a][d]``: attacker ``classes[a]`` sails into defender ``classes[d]``."""

    def outcome(self, attacker: str, defender: str) -> Outcome:
        """By token key: ``table.outcome("1", "7")``."""
        keys = [c.key for c in self.classes]
        return self.outcomes[keys.index(attacker)][keys.index(defender)]

    def rows(self) -> list[tuple[str, list[str]]]:
        """(attacker key, symbols across the defenders) for printing."""
        return [
            (c.key, [o.symbol for o in row])
            for c, row in zip(self.classes, self.outcomes, strict=True)
        ]


def resolve(attacker: ShipClass, defender: ShipClass) -> Outcome:
    """What happens when ``attacker`` sails into ``defender``'s cell."""
    if attacker.has(Ability.FIRESHIP) or attacker.has(Ability.ADMIRAL):
        return Outcome.NO_ATTACK
    if defender.has(Ability.ADMIRAL):
        return Outcome.ADMIRAL_CAPTURED
    if defender.has(Ability.FIRESHIP):
        if attacker.has(Ability.BOARDS_FIRESHIPS):
            return Outcome.ATTACKER_WINS
        return Outcome.ATTACKER_LOSES
    if attacker.has(Ability.SINKS_FIRST_RATE_ATTACKING) and defender.has(Ability.FIRST_RATE):
        return Outcome.ATTACKER_WINS
    if attacker.rating is None or defender.rating is None:
        raise ValueError(f"{attacker.name} against {defender.name}: no rating and no rule decides")
    if attacker.rating > defender.rating:
        return Outcome.ATTACKER_WINS
    if attacker.rating < defender.rating:
        return Outcome.ATTACKER_LOSES
    return Outcome.BOTH_SINK


def combat_table(game: FleetGame) -> CombatTable:
    """The whole table. Raises :class:`pnpkit.errors.CheckFailed` listing every pair of classes
    no rule decides (a class without a rating and without a rule-breaking ability)."""
    roster = game.roster
    undecided: list[str] = []
    rows: list[tuple[Outcome, ...]] = []
    for attacker in roster:
        row: list[Outcome] = []
        for defender in roster:
            try:
                row.append(resolve(attacker, defender))
            except ValueError as exc:
                undecided.append(str(exc))
                row.append(Outcome.NO_ATTACK)
        rows.append(tuple(row))
    if undecided:
        raise CheckFailed("combat table: " + "; ".join(undecided))
    return CombatTable(roster, tuple(rows))


def sink_points(ship: ShipClass, scoring: Scoring) -> int:
    """Points for sinking ``ship`` in a fight: her rating divided by ``sunk_divisor``, rounded
    down; a ship without a rating is worth nothing this way (an Admiral is captured instead)."""
    if ship.rating is None or scoring.sunk_divisor <= 0:
        return 0
    return ship.rating // scoring.sunk_divisor
