"""Pirate Fleets: the 6 × 6 board of action spaces, the decks, the tables and the player pieces.

Everything the board, cards, tokens and reference card print is read once from
``data/pirate-fleets/*.yaml``. Whether it obeys the game's rules is :mod:`pnpkit.games.pirate_fleets.rules`'s
question.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from pnpkit.model.cards import CardSize


class SpaceType(StrEnum):
    PIRATE = "P"
    """Pawns go here."""
    DANGER = "D"
    """Danger disks go here."""


@dataclass(frozen=True, slots=True)
class Action:
    """What a kind of space does; ``effect`` is the reference card's wording."""

    key: str
    name: str
    type: SpaceType
    colour: str
    effect: str
    short: str
    """The one-line summary printed on the board space."""
    source: str = ""


@dataclass(frozen=True, slots=True)
class ActionSpace:
    number: int
    action: str
    target: int
    type: SpaceType
    title: str
    source: str = ""


@dataclass(frozen=True, slots=True)
class Scaling:
    """With ``players_min``–``players_max`` players only spaces 1…``spaces`` are used."""

    players_min: int
    players_max: int
    spaces: int
    source: str = ""


@dataclass(frozen=True, slots=True)
class OptionalSpace:
    """A space an optional rule adds for some player counts (the Island for 2–3)."""

    number: int
    players_min: int
    players_max: int
    source: str = ""


@dataclass(frozen=True, slots=True)
class SupplyCard:
    name: str
    effect: str
    qty: int = 1
    source: str = ""


@dataclass(frozen=True, slots=True)
class Captain:
    name: str
    effect: str
    copies: int
    source: str = ""


@dataclass(frozen=True, slots=True)
class TableRow:
    """One line of a dice table: rolls ``low``…``high`` (``high`` None means "or more")."""

    low: int
    high: int | None
    result: str
    note: str = ""

    @property
    def roll(self) -> str:
        if self.high is None:
            return f"{self.low}+"
        if self.high == self.low:
            return str(self.low)
        return f"{self.low}–{self.high}"


@dataclass(frozen=True, slots=True)
class DiceTable:
    key: str
    title: str
    dice: str
    """``1D6`` or ``2D6``."""
    rows: tuple[TableRow, ...]
    source: str = ""


@dataclass(frozen=True, slots=True)
class PlayerColour:
    """A player's colour; the pattern and emblem tell colours apart without seeing colour."""

    key: str
    name: str
    colour: str
    ink: str
    pattern: str
    emblem: str


@dataclass(frozen=True, slots=True)
class GoldToken:
    value: int
    qty: int


@dataclass(frozen=True, slots=True)
class PirateFleetsGame:
    title: str
    players_min: int
    players_max: int
    turns: int
    target_min: int
    target_max: int
    actions: tuple[Action, ...]
    spaces: tuple[ActionSpace, ...]
    scaling: tuple[Scaling, ...]
    optional_spaces: tuple[OptionalSpace, ...]
    supply: tuple[SupplyCard, ...]
    supply_count: int
    """The number of cards the rules list; the check compares it with the cards."""
    captains: tuple[Captain, ...]
    captains_count: int
    tables: tuple[DiceTable, ...]
    colours: tuple[PlayerColour, ...]
    pawns_per_player: int
    disks_per_player: int
    gold: tuple[GoldToken, ...]
    reference: tuple[tuple[str, tuple[str, ...]], ...]
    """Titled blocks of reference text (setup, turn, victory …), in the designer's words."""
    space_size: float
    card_size: CardSize
    reference_size: CardSize
    pawn: float
    disk: float
    gold_token: float
    first_player: float
    source: str = ""

    def action(self, key: str) -> Action:
        for action in self.actions:
            if action.key == key:
                return action
        raise KeyError(key)

    def table(self, key: str) -> DiceTable:
        for table in self.tables:
            if table.key == key:
                return table
        raise KeyError(key)

    def space(self, number: int) -> ActionSpace:
        for space in self.spaces:
            if space.number == number:
                return space
        raise KeyError(number)
