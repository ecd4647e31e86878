"""Pirate Fleets: the 6 × 6 board of action spaces, the decks, the tables and the player pieces.

Everything the board, cards, tokens and reference card print is read once from
``data/pirate-fleets/*.yaml``. Whether it obeys the game's rules is :mod:`pnpkit.games.pirate_fleets.rules`'s
question.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Annotated, Literal

from pnpkit.model.cards import DEFAULT_CARD_SIZE, CardSize
from pnpkit.model.face_layout import Layout
from pnpkit.model.ours import NO_MARKS, Marks
from pnpkit.model.schema import (
    LATER,
    NOWHERE,
    Colour,
    Distinct,
    Items,
    Key,
    Length,
    OneOf,
    Parse,
    Range,
    Row,
    Source,
    Text,
    Where,
    by_key,
)
from pnpkit.model.vocabulary import EMBLEMS, PATTERNS
from pnpkit.units import INCH

Piece = Annotated[float, Length(0.25 * INCH, 4 * INCH)]
REFERENCE_CARD = CardSize("reference", 5.5 * INCH, 8.5 * INCH)


class SpaceType(StrEnum):
    PIRATE = "P"
    """Pawns go here."""
    DANGER = "D"
    """Danger disks go here."""


@dataclass(frozen=True, slots=True)
class Action:
    """What a kind of space does; ``effect`` is the reference card's wording. Both ``effect``
    and ``short`` may quote ``{{ escape }}`` and print the mark with ``{{ ours }}``
    (:func:`pnpkit.games.pirate_fleets.words.action_words`)."""

    key: Annotated[str, Text(max_len=30, pattern=r"[a-z][a-z0-9-]*"), Distinct()]
    name: Annotated[str, Text(max_len=30)]
    type: SpaceType
    colour: Colour
    effect: Annotated[str, Text(max_len=600)]
    short: Annotated[str, Text(max_len=120)]
    """The one-line summary printed on the board space."""
    escape: Annotated[int, Range(1, 6)] | None = None
    """The Spot & Speed roll (1D6) that escapes the action, "this or higher"; None: no escape."""
    source: Source = ""


@dataclass(frozen=True, slots=True)
class ActionSpace:
    """A board space, written as a row ``[number, action, target, type, title]``."""

    number: Annotated[int, Range(1, 99)]
    action: Annotated[str, Text(max_len=40)]
    target: int
    type: SpaceType
    title: Annotated[str, Text(max_len=40)]
    source: Source = ""


@dataclass(frozen=True, slots=True)
class Players:
    """A range of player counts, written ``[fewest, most]``."""

    min: Annotated[int, Range(1, 20)]
    max: Annotated[int, Range(1, 20)]


PlayerRange = Annotated[Players, Row("player range")]


@dataclass(frozen=True, slots=True)
class Scaling:
    """With ``players`` players only spaces 1…``spaces`` are used."""

    players: PlayerRange
    spaces: Annotated[int, Range(1, 400)]
    source: Source = ""


@dataclass(frozen=True, slots=True)
class OptionalSpace:
    """A space an optional rule adds for some player counts (the Island for 2–3)."""

    number: Annotated[int, Range(1, 400)]
    players: PlayerRange
    source: Source = ""


@dataclass(frozen=True, slots=True)
class SupplyCard:
    """A supply card design: its name, its effect and how many copies the deck holds."""

    name: Annotated[str, Text(max_len=40)]
    effect: Annotated[str, Text(max_len=200)]
    qty: Annotated[int, Range(1, 20)] = 1
    source: Source = ""


@dataclass(frozen=True, slots=True)
class Captain:
    """A card of the captains deck (an optional rule): its name and effect (``{{ ours }}``
    prints the mark after our reading of it)."""

    name: Annotated[str, Text(max_len=40)]
    effect: Annotated[str, Text(max_len=200)]
    copies: Annotated[int, Range(1, 9)] = 0
    """Copies in the deck; not written (0 when read): the deck's ``copies``."""
    source: Source = ""


@dataclass(frozen=True, slots=True)
class SpaceNote:
    """A line printed on the board spaces ``spaces`` below their action's summary."""

    spaces: Annotated[tuple[Annotated[int, Range(1, 400)], ...], Items(min_len=1)]
    text: Annotated[str, Text(max_len=80)]
    source: Source = ""


def _roll(value: object) -> Roll:
    if value is None or isinstance(value, bool):
        raise ValueError(f"{value!r} is not a roll")
    text = str(value).strip()
    low, dash, high = text.partition("-")
    plus = low.endswith("+") and not dash
    low = low.removesuffix("+") if plus else low
    if not low.isdigit() or (dash and not high.isdigit()):
        raise ValueError(f"{text!r} is not a roll")
    roll = Roll(int(low), None if plus else int(high) if dash else int(low))
    if roll.high is not None and roll.high < roll.low:
        raise ValueError(f"{text!r} runs backwards")
    return roll


@dataclass(frozen=True, slots=True)
class Roll:
    """Rolls ``low``…``high`` (``high`` None means "or more")."""

    low: int
    high: int | None

    def __str__(self) -> str:
        if self.high is None:
            return f"{self.low}+"
        if self.high == self.low:
            return str(self.low)
        return f"{self.low}–{self.high}"


@dataclass(frozen=True, slots=True)
class TableRow:
    """One line of a dice table."""

    roll: Annotated[Roll, Parse(_roll, "a roll", "a number, a range such as 2-6, or 6+")]
    result: Annotated[str, Text(max_len=120)]
    note: Annotated[str, Text(max_len=120)] = ""


@dataclass(frozen=True, slots=True)
class DiceTable:
    """A table rolled on with ``dice``: what each roll gives (printed on the reference card)."""

    key: Annotated[str, Text(max_len=30), Distinct()]
    title: Annotated[str, Text(max_len=60)]
    dice: Literal["1D6", "2D6"]
    rows: Annotated[tuple[TableRow, ...], Items(min_len=1)]
    source: Source = ""


@dataclass(frozen=True, slots=True)
class PlayerColour:
    """A player's colour; the pattern and emblem tell colours apart without seeing colour."""

    key: Annotated[str, Text(max_len=20), Distinct()]
    name: Annotated[str, Text(max_len=20)]
    colour: Colour
    ink: Colour
    pattern: Annotated[str, OneOf(PATTERNS)]
    emblem: Annotated[str, OneOf(EMBLEMS)]


Count = Annotated[int, Range(1, 200)]
"""A count or value: plain when the rules give it, ``{ours: N}`` when we chose it."""


@dataclass(frozen=True, slots=True)
class ValueToken:
    """Tokens worth ``value`` (gold, ships), ``qty`` of them."""

    value: Count
    qty: Count
    ours: Marks = field(default=NO_MARKS, compare=False)

    @property
    def value_text(self) -> str:
        """The value as printed: marked when it is our choice."""
        return f"{self.value}{self.ours.mark('value')}"

    @property
    def qty_text(self) -> str:
        """How many as printed: marked when it is our choice."""
        return f"{self.qty}{self.ours.mark('qty')}"


@dataclass(frozen=True, slots=True)
class Contradiction:
    """Where the source rules contradict themselves: ``rules_say`` is what they say (in our
    words), ``reading`` how the kit reads it (our choice, marked)."""

    about: Annotated[str, Text(max_len=40)]
    rules_say: Annotated[str, Text(max_len=300)]
    reading: Annotated[str, Text(max_len=300)]
    ours: Marks = field(default=NO_MARKS, compare=False)

    @property
    def reading_text(self) -> str:
        """Our reading as printed, marked when it is our choice."""
        return self.reading + self.ours.mark("reading")


CAPTAINS_BLOCK = "captains"
"""The ``at`` of an open question printed under the reference card's captains deck block."""


@dataclass(frozen=True, slots=True)
class OpenQuestion:
    """A question the source rules leave open, with our ruling (our choice, marked): printed
    where a player looks when it comes up, under the reference card's block ``at``
    (``actions.<key>``, ``tables.<key>``, ``reference.<section title>`` or ``captains``, the
    captains deck's block)."""

    at: Annotated[str, Text(max_len=60)]
    about: Annotated[str, Text(max_len=80)]
    """When it comes up (``An escort sinks your last ship``)."""
    question: Annotated[str, Text(max_len=300)]
    """What the rules leave open, in our words."""
    ruling: Annotated[str, Text(max_len=400)]
    ours: Marks = field(default=NO_MARKS, compare=False)

    @property
    def printed(self) -> str:
        """The note as printed: the question, that the rules leave it open, our ruling (marked
        when it is our choice)."""
        return (
            f"{self.about}: {self.question} The rules leave this open. Our ruling: "
            f"{self.ruling}{self.ours.mark('ruling')}"
        )


@dataclass(frozen=True, slots=True)
class Section:
    """A titled block of reference text (setup, turn, victory …), in the designer's words."""

    title: Annotated[str, Text(max_len=60)]
    lines: Annotated[tuple[Annotated[str, Text(max_len=600)], ...], Items(min_len=1)]


FRONT_LAYOUT, BACK_LAYOUT = "front", "back"
LAYOUTS = {
    FRONT_LAYOUT: "the supply and captain cards' fronts",
    BACK_LAYOUT: "the supply and captains decks' backs",
}
"""The layouts of ``layouts.yaml`` the kit lays its cards out with, and what with each."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PirateFleetsGame:
    """``game.yaml`` and the folder's other files: actions, spaces, tables, supply, captains."""

    title: str
    players_min: Annotated[int, Range(1, 20), Key.of("players", "min")]
    players_max: Annotated[int, Range(1, 20), Key.of("players", "max")]
    turns: Annotated[int, Range(1, 99)]
    target_min: Annotated[int, Range(0, 20), Key.of("target_numbers", "min")]
    target_max: Annotated[int, Range(0, 20), Key.of("target_numbers", "max")]
    pawns_per_player: Annotated[int, Range(1, 20), Key.of("pieces", "pawns_per_player")]
    disks_per_player: Annotated[int, Range(1, 20), Key.of("pieces", "disks_per_player")]
    gold: Annotated[tuple[ValueToken, ...], Items(min_len=1), Key.of("pieces", "gold")]
    ships: Annotated[tuple[ValueToken, ...], Items(min_len=1), Key.of("pieces", "ships")]
    """The shared ship counters (the rules: "figures, or cubes or counters")."""
    turn_markers: Annotated[Count, Key.of("pieces", "turn_marker")]
    first_markers: Annotated[Count, Key.of("pieces", "first_player")]
    turn_track: Annotated[str, Text(max_len=60)]
    """The board's track of turns 1…``turns``: its title."""
    dice: Annotated[str, Text(max_len=200)]
    """What the players bring: the rules' dice, and how many (the rules do not count them); one
    phrase, no closing full stop (the reference card and the print guide add it)."""
    space_size: Annotated[Piece, Key.of("sizes", "space")]
    card_size: Annotated[CardSize, Key.of("sizes", "card")] = DEFAULT_CARD_SIZE
    reference_size: Annotated[CardSize, Key.of("sizes", "reference_card")] = REFERENCE_CARD
    pawn: Annotated[Piece, Key.of("sizes", "pawn")]
    disk: Annotated[Piece, Key.of("sizes", "disk")]
    gold_token: Annotated[Piece, Key.of("sizes", "gold")]
    ship_token: Annotated[Piece, Key.of("sizes", "ship")]
    turn_marker: Annotated[Piece, Key.of("sizes", "turn_marker")]
    first_player: Annotated[Piece, Key.of("sizes", "first_player")]
    colours: Annotated[tuple[PlayerColour, ...], Items(min_len=1)]
    scaling: Annotated[tuple[Scaling, ...], Items(min_len=1)]
    optional_spaces: tuple[OptionalSpace, ...] = ()
    reference: Annotated[tuple[Section, ...], Items(min_len=1)]
    actions: Annotated[tuple[Action, ...], Items(min_len=1), Key.of("actions.yaml", "actions")]
    spaces: Annotated[
        tuple[Annotated[ActionSpace, Row("space row")], ...],
        Items(min_len=1),
        Key.of("spaces.yaml", "spaces"),
    ]
    tables: Annotated[tuple[DiceTable, ...], Items(min_len=1), Key.of("tables.yaml", "tables")]
    supply: Annotated[tuple[SupplyCard, ...], Items(min_len=1), Key.of("supply.yaml", "cards")]
    supply_count: Annotated[int, Range(1, 999), Key.of("supply.yaml", "count")]
    """The number of cards the rules list; the check compares it with the cards."""
    captains: Annotated[tuple[Captain, ...], Items(min_len=1), Key.of("captains.yaml", "cards")]
    captains_count: Annotated[int, Range(1, 999), Key.of("captains.yaml", "count")]
    captain_copies: Annotated[int, Range(1, 9), Key.of("captains.yaml", "copies")]
    """Copies of each captain card, unless the card says otherwise."""
    captains_rule: Annotated[str, Text(max_len=200), Key.of("captains.yaml", "rule")]
    """How the optional captains deck is dealt, in our words."""
    captains_when: Annotated[str, Text(max_len=400), Key.of("captains.yaml", "when")]
    """When captain cards are drawn and what becomes of them (the rules do not say: ours)."""
    bank: Annotated[str, Text(max_len=300)]
    """What happens when the bank's gold or ship tokens run short (the rules do not say)."""
    contradictions: tuple[Contradiction, ...] = ()
    """Where the rules contradict themselves, each with our reading."""
    open_questions: tuple[OpenQuestion, ...] = ()
    """What the rules leave open, each with our ruling, printed where it comes up."""
    notes: Annotated[tuple[SpaceNote, ...], Key.of("spaces.yaml", "notes")] = ()
    """What single spaces add to their action's board summary (the escorted merchants)."""
    source: str = ""
    where: Where = field(default=NOWHERE, compare=False)
    ours: Marks = field(default=NO_MARKS, compare=False)
    """What the data marks ``{ours: …}``: our choices, printed with the mark."""
    layouts: Annotated[tuple[Layout, ...], LATER] = field(default=(), compare=False)
    """The cards' look, fronts and backs of both decks: ``layouts.yaml`` (the loader reads
    it)."""

    @property
    def captains_when_text(self) -> str:
        """When captain cards are drawn, as printed: marked when it is our choice."""
        return self.captains_when + self.ours.mark("when")

    @property
    def dice_text(self) -> str:
        """The dice the players bring, as printed: marked when it is our choice."""
        return self.dice + self.ours.mark("dice")

    @property
    def bank_text(self) -> str:
        """The bank's rule as printed: marked when it is our choice."""
        return self.bank + self.ours.mark("bank")

    @property
    def turn_track_title(self) -> str:
        """The turn track's title as printed: marked when it is our choice."""
        return self.turn_track + self.ours.mark("turn_track")

    def marker_count(self, key: str) -> str:
        """How many markers ``pieces.<key>`` (``turn_marker``) the kit holds, as printed."""
        count = self.first_markers if key == "first_player" else self.turn_markers
        return f"{count}{self.ours.mark(f'pieces.{key}')}"

    def action(self, key: str) -> Action:
        return by_key(self.actions, key)

    def table(self, key: str) -> DiceTable:
        return by_key(self.tables, key)

    def notes_of(self, number: int) -> tuple[str, ...]:
        """The notes printed on space ``number`` besides its action's summary."""
        return tuple(n.text for n in self.notes if number in n.spaces)

    def space(self, number: int) -> ActionSpace:
        for space in self.spaces:
            if space.number == number:
                return space
        raise KeyError(number)
