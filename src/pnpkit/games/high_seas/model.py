"""High Seas, a game by Nicholas Wolff: the crew, the two ships, the pieces, the rules text.

Every count the cards, board, tokens and reference card print lives here once, read from
``data/high-seas/game.yaml``. Whether the numbers agree is the engine's question.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

from pnpkit.model.cards import DEFAULT_CARD_SIZE, CardSize
from pnpkit.model.face_layout import Layout
from pnpkit.model.ours import NO_MARKS, Marks
from pnpkit.model.rule_document import RuleDocument
from pnpkit.model.schema import (
    LATER,
    NOWHERE,
    Colour,
    Distinct,
    Items,
    Key,
    Length,
    OneOf,
    Range,
    Source,
    Text,
    Where,
    by_key,
)
from pnpkit.model.vocabulary import PATTERNS
from pnpkit.units import INCH

Name = Annotated[str, Text(max_len=40)]
Token = Annotated[float, Length(0.25 * INCH, 2 * INCH)]
Side = Annotated[float, Length(0.5 * INCH, 11 * INCH)]
REFERENCE_CARD = CardSize("reference", 4 * INCH, 6 * INCH)


@dataclass(frozen=True, slots=True)
class CrewType:
    """A kind of crew card: how many the deck holds, which kind it beats and why, and the
    pirates, colour and icon it shows."""

    key: Annotated[str, Text(max_len=40, pattern=r"[a-z][a-z0-9-]*"), Distinct()]
    name: Name
    count: Annotated[int, Range(1, 99)]
    """Cards of this type in the deck."""
    beats: Name
    """The key of the crew type this one beats."""
    pirates: Annotated[str, Text(max_len=120)]
    """How many pirates the card shows, as the rules say it ("two", "one", "twenty")."""
    why: Annotated[str, Text(max_len=200)]
    """The rules' reason, condensed for the card."""
    colour: Colour
    icon: Literal["cannon", "musket", "cutlass"]
    source: Source = ""


@dataclass(frozen=True, slots=True)
class Ship:
    """One of the two facing ships; colour and pattern tell them apart."""

    key: Annotated[Name, Distinct()]
    name: Name
    colour: Colour
    ink: Colour
    pattern: Annotated[str, OneOf(PATTERNS)]
    half: Colour
    """The fill of the ship's half of the board (light; the halves differ in grayscale too)."""
    source: Source = ""
    """``file:line:col`` of the ship's record, for messages about its tokens."""


@dataclass(frozen=True, slots=True)
class Section:
    """A titled block of reference text."""

    title: Annotated[str, Text(max_len=60)]
    lines: Annotated[tuple[Annotated[str, Text(max_len=600)], ...], Items(min_len=1)]
    side: Literal["front", "back"] = "front"
    """Which side of the reference card it prints on: ``front`` or ``back``."""


@dataclass(frozen=True, slots=True)
class Components:
    """The rules' component list."""

    crew_cards: Annotated[int, Range(1, 999)]
    heart_pieces: Annotated[int, Range(1, 999)]
    cannons: Annotated[int, Range(1, 999)]


Hearts = Annotated[tuple[Annotated[int, Range(0, 12)], ...], Items(1, 9)]

NO_CREW = "none"
"""An example's staging area that shows no crew card (closed, or not part of the example)."""
Crews = Annotated[tuple[Annotated[str, Text(max_len=40)], ...], Items(1, 9)]
"""An example's crew, area by area: a crew type's key, or ``none``."""
Aims = Annotated[tuple[Annotated[int, Range(1, 9)], ...], Items(1, 9)]
"""The enemy area (1-based) each cannon of a ship faces, area by area."""


@dataclass(frozen=True, slots=True)
class Example:
    """One of the rules' worked examples, drawn as a diagram (``picture: <key>`` in
    ``rules.yaml``): the crews of both ships area by area (left to right as the board numbers
    them), the hearts left where the example says (else every area's full hearts), where the
    cannons face (else straight ahead) and, for the aiming picture, the one freed cannon whose
    reach it shows. Whose match-ups lose hearts is worked out by
    :func:`pnpkit.games.high_seas.rules.battle`, never written."""

    key: Annotated[str, Text(max_len=40, pattern=r"[a-z][a-z0-9-]*"), Distinct()]
    top: Crews
    bottom: Crews
    top_hearts: Hearts | None = None
    bottom_hearts: Hearts | None = None
    top_aims: Aims | None = None
    bottom_aims: Aims | None = None
    free: Annotated[int, Range(1, 9)] | None = None
    """The bottom ship's area whose cannon the picture shows may face (green) or not (red)."""
    ours: Marks = field(default=NO_MARKS, compare=False)
    """Marked ``{ours: …}`` when the example shows our ruling, not the rules' own."""
    source: Source = ""


@dataclass(frozen=True, slots=True)
class OpenQuestion:
    """A question the rules leave open: ``question`` as they leave it (in our words),
    ``ruling`` the kit's answer (our choice, marked)."""

    about: Annotated[str, Text(max_len=40)]
    question: Annotated[str, Text(max_len=300)]
    ruling: Annotated[str, Text(max_len=300)]
    ours: Marks = field(default=NO_MARKS, compare=False)

    @property
    def ruling_text(self) -> str:
        """Our ruling as printed, marked when it is our choice."""
        return self.ruling + self.ours.mark("ruling")


CREW_LAYOUT, BACK_LAYOUT = "crew", "back"
LAYOUTS = {CREW_LAYOUT: "the crew cards' fronts", BACK_LAYOUT: "the crew cards' back"}
"""The layouts of ``layouts.yaml`` the kit lays its crew cards out with, and what with each."""


@dataclass(frozen=True, slots=True, kw_only=True)
class HighSeasGame:
    """``data/high-seas/game.yaml``: the credit and components, the crew, the ships, the board's
    hearts, the cannons' limits, the sizes (points) and the reference card's text."""

    title: str
    author: str
    credit: Annotated[str, Text(max_len=400)]
    components: Components
    crew: Annotated[tuple[CrewType, ...], Items(min_len=2)]
    ships: Annotated[tuple[Ship, ...], Items(min_len=1)]
    hearts: Hearts
    """Hearts of each staging area of one ship, left to right as its captain sees it; the
    rules give only the total (38 heart pieces), so the split is marked ours."""
    first_crew: Annotated[int, Range(1, 30)]
    """Cards in the first crew each captain is dealt: one per staging area, +1 (checked)."""
    max_turn: Annotated[int, Range(1, 8)]
    """Staging areas a cannon's aim may shift in one turn (the reference says it)."""
    max_aim: Annotated[int, Range(1, 8)]
    """Areas left or right of straight ahead a cannon may face (the board's aim marks and the
    reference say it)."""
    card_size: Annotated[CardSize, Key.of("sizes", "crew_card")] = DEFAULT_CARD_SIZE
    reference_size: Annotated[CardSize, Key.of("sizes", "reference_card")] = REFERENCE_CARD
    heart_token: Annotated[Token, Key.of("sizes", "heart_token")]
    """Heart piece diameter, points; the board's heart spaces are drawn to fit it, as many to a
    row as the staging area's width holds (at most 3)."""
    cannon_token: Annotated[Token, Key.of("sizes", "cannon_token")]
    area_size: Annotated[tuple[Side, Side], Key.of("sizes", "staging_area")]
    """A staging area's card space, points (width, height)."""
    reference: Annotated[tuple[Section, ...], Items(min_len=1)]
    open_questions: tuple[OpenQuestion, ...] = ()
    """What the rules leave open, each with our ruling (the reference card's back)."""
    examples: tuple[Example, ...] = ()
    """The rules' worked examples, drawn on ``examples.pdf``."""
    examples_document: RuleDocument | None = field(default=None, compare=False)
    layouts: Annotated[tuple[Layout, ...], LATER] = field(default=(), compare=False)
    """The crew cards' look, front and back: ``layouts.yaml`` (the loader reads it)."""
    """``rules.yaml``'s ``examples``: the words around the diagrams, placeholders not filled."""
    source: str = ""
    where: Where = field(default=NOWHERE, compare=False)
    ours: Marks = field(default=NO_MARKS, compare=False)
    """What the data marks ``{ours: …}`` (the split of the hearts)."""

    @property
    def hearts_ours(self) -> bool:
        """Whether the split is our choice (printed with :data:`~pnpkit.model.ours.MARK`)."""
        return self.ours.of("hearts")

    def hearts_text(self, area: int | None = None) -> str:
        """The hearts of one area (or the split, ``3, 4, 5, 4, 3``) as printed, with the mark
        when the split is ours."""
        mark = self.ours.mark("hearts")
        if area is None:
            return ", ".join(str(h) for h in self.hearts) + mark
        return f"{self.hearts[area]}{mark}"

    @property
    def areas(self) -> int:
        return len(self.hearts)

    def component(self, name: str) -> int:
        value: int = getattr(self.components, name)
        return value

    def crew_type(self, key: str) -> CrewType:
        return by_key(self.crew, key)

    def example(self, key: str) -> Example:
        return by_key(self.examples, key)

    def beaten_by(self, key: str) -> tuple[CrewType, ...]:
        return tuple(c for c in self.crew if c.beats == key)
