"""The fleet game ("False Colors"): the roster of one fleet, the fleets, orders and scoring.

Every number the rulebook, tokens and tables print lives here once, read from
``data/false-colors/game.yaml`` and ``roster.yaml``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from pnpkit.model.chart import ChartRules


class Ability(StrEnum):
    """The rule exceptions a ship class may carry. The combat table is computed from these."""

    FIRESHIP = "fireship"
    """Never moves; burns any attacker, except a ship with ``boards-fireships``."""
    BOARDS_FIRESHIPS = "boards-fireships"
    """Takes a Fireship instead of burning."""
    SINKS_FIRST_RATE_ATTACKING = "sinks-first-rate-attacking"
    """Beats the ``first-rate`` class when she attacks it (the Privateer)."""
    FIRST_RATE = "first-rate"
    """The class a Privateer can sink."""
    ADMIRAL = "admiral"
    """Never attacks; any attacker captures her."""
    CUTTER = "cutter"
    """Sails up to ``moves`` cells in a line; may spyglass a neighbour instead of moving."""


@dataclass(frozen=True, slots=True)
class ShipClass:
    """One line of the roster. ``rating`` is None for the Fireship and the Admiral."""

    key: str
    """What the token shows: ``"7"``, ``"X"``, ``"A"``."""
    name: str
    count: int
    rating: int | None
    moves: int
    abilities: frozenset[Ability] = frozenset()
    note: str = ""

    def has(self, ability: Ability) -> bool:
        return ability in self.abilities


@dataclass(frozen=True, slots=True)
class Fleet:
    """A fleet's look: colours and an emblem, so players who cannot tell the colours apart
    still can tell the fleets."""

    key: str
    name: str
    colour: str
    """Main colour, ``#rrggbb``."""
    ink: str
    """Text and line colour on the main colour, ``#rrggbb``."""
    emblem: str
    """One of the emblems the renderer knows: anchor, star, cross, wave, ..."""
    pattern: str
    """One of the patterns the renderer knows: plain, stripes, checks, dots, ..."""


@dataclass(frozen=True, slots=True)
class Scoring:
    harbor: int
    capital: int
    admiral_captured: int
    admiral_afloat: int
    admiral_lost: int
    """Negative: what an Admiral lost uncaptured costs her own captain."""
    sunk_divisor: int
    """A ship sunk scores her rating divided by this, rounded down."""
    capital_lead: str = "most ships on its cells"


@dataclass(frozen=True, slots=True)
class FleetGame:
    title: str
    subtitle: str
    roster: tuple[ShipClass, ...]
    fleets: tuple[Fleet, ...]
    scoring: Scoring
    rounds: int
    orders: int
    """Orders a round."""
    admiral_orders: int
    """Extra orders while the Admiral is afloat."""
    stalling_rounds: int
    """Rounds with no fight and no change of hands before the storm hurries."""
    truce_rounds: int
    chart_rules: Mapping[str, ChartRules] = field(default_factory=dict)
    """What the rules ask of each chart, by chart name (with the storm's schedule)."""
    source: str = ""

    @property
    def fleet_size(self) -> int:
        return sum(ship.count for ship in self.roster)

    def ship(self, key: str) -> ShipClass:
        for ship in self.roster:
            if ship.key == key:
                return ship
        raise KeyError(key)
