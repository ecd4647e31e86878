"""The fleet game ("False Colors"): the roster of one fleet, the fleets, orders and scoring.

Every number the rulebook, tokens and tables print lives here once, read from
``data/false-colors/game.yaml`` and ``roster.yaml``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Annotated

from pnpkit.games.false_colors.charts.model import GameCharts
from pnpkit.model.ours import NO_MARKS, Marks
from pnpkit.model.schema import (
    NOWHERE,
    Colour,
    Distinct,
    Items,
    Key,
    OneOf,
    Range,
    Text,
    Where,
    by_key,
)
from pnpkit.model.vocabulary import EMBLEMS, PATTERNS

SHIP_KEY = r"[0-9A-Z]{1,2}"
FLEET_KEY = r"[a-z][a-z0-9-]*"
ROSTER = Key.of("roster.yaml", "ships")
"""Where the roster is written: the list ``ships`` of ``roster.yaml``."""
APART = Distinct("different for every fleet")
"""What tells the fleets apart differs between every two of them."""


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

    key: Annotated[
        str, Text(pattern=SHIP_KEY, allowed="1 or 2 digits or capitals, quoted"), Distinct()
    ]
    """What the token shows: ``"7"``, ``"X"``, ``"A"``."""
    name: Annotated[str, Text(max_len=40), Distinct()]
    count: Annotated[int, Range(1, 99)]
    rating: Annotated[int | None, Range(1, 7, "1–7, or null for X and A")]
    moves: Annotated[int, Range(0, 12)]
    abilities: Annotated[frozenset[Ability], Items(unique=True)] = frozenset()
    note: Annotated[str, Text(max_len=200)] = ""

    def has(self, ability: Ability) -> bool:
        return ability in self.abilities


@dataclass(frozen=True, slots=True)
class Fleet:
    """A fleet's look: colours and an emblem, so players who cannot tell the colours apart
    still can tell the fleets."""

    key: Annotated[str, Text(pattern=FLEET_KEY, allowed="lower-case letters"), APART]
    name: Annotated[str, Text(max_len=40), APART]
    colour: Annotated[Colour, APART]
    """Main colour, ``#rrggbb``."""
    ink: Colour
    """Text and line colour on the main colour, ``#rrggbb``."""
    emblem: Annotated[str, OneOf(EMBLEMS), APART]
    """One of the emblems the renderer knows: anchor, star, cross, wave, ..."""
    pattern: Annotated[str, OneOf(PATTERNS), APART]
    """One of the patterns the renderer knows: plain, stripes, checks, dots, ..."""
    ours: Marks = field(default=NO_MARKS, compare=False)
    """The values the source rules do not give (``name: {ours: Blue Squadron}``)."""

    @property
    def label(self) -> str:
        """The fleet's name as printed: with the mark when it is our choice."""
        return self.ours.printed("name", self.name)


@dataclass(frozen=True, slots=True)
class Scoring:
    """The points a captain scores: for harbors and the Capital each round, for Admirals, and for
    ships sunk."""

    harbor: Annotated[int, Range(0, 99)]
    capital: Annotated[int, Range(0, 99)]
    admiral_captured: Annotated[int, Range(0, 99)]
    admiral_afloat: Annotated[int, Range(0, 99)]
    admiral_lost: Annotated[int, Range(-99, 0, "-99–0: what the loser pays")]
    """Negative: what an Admiral lost uncaptured costs her own captain."""
    sunk_divisor: Annotated[int, Range(1, 10)]
    """A ship sunk scores her rating divided by this, rounded down."""
    capital_lead: str = "most ships on its cells"


@dataclass(frozen=True, slots=True)
class FleetGame:
    """``game.yaml`` with the roster of ``roster.yaml``."""

    title: Annotated[str, Text(max_len=60)]
    roster: Annotated[tuple[ShipClass, ...], ROSTER, Items(min_len=1)]
    fleets: Annotated[tuple[Fleet, ...], Items(min_len=2)]
    scoring: Scoring
    orders: Annotated[int, Range(1, 20)]
    """Orders a round."""
    stalling_rounds: Annotated[int, Range(1, 99)]
    """Rounds with no fight and no change of hands before the storm hurries."""
    fleet_size: Annotated[int, Range(1, 99)]
    """Ships in one fleet: the roster's counts add up to it."""
    chart_rules: Annotated[GameCharts, Key.of()]
    """The game's length, its storm and what the rules ask of each chart (written beside the
    fields above: ``rounds``, ``storm``, ``charts``)."""
    subtitle: Annotated[str, Text(max_len=120)] = ""
    admiral_orders: Annotated[int, Range(0, 20)] = 0
    """Extra orders while the Admiral is afloat."""
    truce_rounds: Annotated[int, Range(0, 99)] = 0
    formation: Annotated[tuple[str, ...], Items(max_len=12)] = ()
    """The standard formation, rows from the front back to the captain's edge: a ship's key
    for each cell, ``.`` for an empty one, parted by spaces (the whole roster, once)."""
    hex_formation: Annotated[tuple[str, ...], Items(max_len=12)] = ()
    """The standard formation on the hex chart, rows from the front back to the corner hex:
    row ``i`` holds the hexes ``n − 1 − i`` steps from the corner (7, 5, 3, then 1 for an
    anchorage of the hexes within 3 of the corner), each read from the left to the right as
    seen from the corner; keys as in :attr:`formation`."""
    map_die: Annotated[int, Range(0, 12)] = 0
    """The faces of the die that picks a random-island map: ``random-islands.pdf`` prints a map
    of each chart for every face (0: no such document)."""
    source: str = ""
    """The game's folder."""
    where: Where = field(default=NOWHERE, compare=False)
    ours: Marks = field(default=NO_MARKS, compare=False)
    """The values the source rules do not give (``title: {ours: False Colors}``)."""

    @property
    def printed_title(self) -> str:
        """The title as printed: with the mark when it is our choice (a document's metadata
        keeps :attr:`title` plain)."""
        return self.ours.printed("title", self.title)

    @property
    def formation_rows(self) -> tuple[tuple[str, ...], ...]:
        """The standard formation's cells, row by row from the front (``.``: empty)."""
        return tuple(tuple(row.split()) for row in self.formation)

    @property
    def hex_formation_rows(self) -> tuple[tuple[str, ...], ...]:
        """The hex chart's standard formation, row by row from the front (``.``: empty)."""
        return tuple(tuple(row.split()) for row in self.hex_formation)

    @property
    def rounds(self) -> int:
        """The game's length (read with the chart rules)."""
        return self.chart_rules.rounds

    def ship(self, key: str) -> ShipClass:
        return by_key(self.roster, key)
