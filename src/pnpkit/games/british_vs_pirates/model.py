"""British vs Pirates: Volume 2 — factions, ports, goods and prices, cards, tokens and sea tiles.

Read once from ``data/british-vs-pirates/`` (``game.yaml``, ``cards.yaml``, ``tiles.yaml``).
Lengths are points. Optional card fields are None/empty: such a card prints its blank slots.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Annotated, Literal

from pnpkit.model.cards import DEFAULT_CARD_SIZE, CardSize
from pnpkit.model.ours import NO_MARKS, Marks
from pnpkit.model.schema import (
    NOWHERE,
    Colour,
    Custom,
    Distinct,
    Items,
    Key,
    Length,
    OneOf,
    Parse,
    Range,
    Ref,
    Source,
    Text,
    Where,
)
from pnpkit.model.vocabulary import EMBLEMS, PATTERNS
from pnpkit.units import INCH, MM

SIDES = ("bow", "starboard", "stern", "port", "structure")
STATS = (
    "Grapple",
    "Repel",
    "Cloaked",
    "Saboteur",
    "Negotiator",
    "Explorer",
    "Commander",
    "Helmsman",
)
KEY = r"[a-z0-9][a-z0-9-]*"
Key_ = Annotated[str, Text(pattern=KEY)]
OwnKey = Annotated[str, Text(pattern=KEY), Distinct()]
"""A record's own key: no two records of one list share it."""
Name = Annotated[str, Text(max_len=30)]
Emblem = Annotated[str, OneOf(EMBLEMS)]
Faction_ = Annotated[str, Text(max_len=40)] | None
Side = Literal["bow", "starboard", "stern", "port", "structure"]
Stat = Literal[
    "grapple", "repel", "cloaked", "saboteur", "negotiator", "explorer", "commander", "helmsman"
]
ShipSize = Literal["small", "medium", "large", "huge", "fluyt"]
SIZES = ("small", "medium", "large", "huge", "fluyt")
DeckName = Literal[
    "ship", "captain", "fort", "mission", "skill", "event", "monster", "market", "cannons"
]
HexAt = tuple[Annotated[int, Range(-20, 20)], Annotated[int, Range(-20, 20)]]


def _die(value: object) -> str:
    if value == "X" or (
        isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 12
    ):
        return str(value)
    raise ValueError(f"{value!r} is not a stat")


def _whole_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 6:
        return str(value)
    raise ValueError(f"{value!r} is out of range")


Die = Annotated[str, Parse(_die, "a stat", "0–12, or X")]
"""A stat on a card: a whole number 0–12, or ``X`` (cannot)."""
Dice = Annotated[tuple[Die, ...], Items(4, 4)]
Count = Annotated[int, Range(0, 99)]
"""How many of a piece or token (``{ours: N}`` when the source rules do not give it)."""


def _number_or_word(value: object) -> int | str:
    if isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value <= 999:
            raise ValueError(f"{value} is out of range")
        return value
    if isinstance(value, str) and value.strip() and len(value) <= 80:
        return value
    raise ValueError(f"expected a number or a word, found {value!r}")


Number = Annotated[int | str, Parse(_number_or_word, "a number or a word", "0–999, or a word")]
"""A number the rulebook gives, or a word (``victory_short: 10``, ``d12: D12``)."""


@dataclass(frozen=True, slots=True)
class Speed:
    """A ship's speed by where the wind blows to, relative to the ship. The dial is mirror
    symmetric by construction: both bow quarters (``fore``) and both stern quarters (``aft``)
    share a number, so mirror-image headings always sail at the same speed."""

    bow: Die
    fore: Die
    aft: Die
    stern: Die

    def around(self) -> tuple[str, ...]:
        """The six sides of the dial clockwise from the bow: bow, starboard bow quarter,
        starboard stern quarter, stern, port stern quarter, port bow quarter."""
        return (self.bow, self.fore, self.aft, self.stern, self.aft, self.fore)


@dataclass(frozen=True, slots=True)
class Faction:
    """A faction: its name, its home port (a port's key) and the colour, emblem and pattern that
    mark it."""

    key: OwnKey
    name: Name
    home: Key_
    colour: Colour
    emblem: Emblem
    pattern: Annotated[str, OneOf(PATTERNS)]
    source: Source = ""


@dataclass(frozen=True, slots=True)
class Port:
    """A port, where goods are sold."""

    key: OwnKey
    name: Name
    source: Source = ""


@dataclass(frozen=True, slots=True)
class Good:
    """A harvest good (``harvest`` the D12 threshold) or a chest (``harvest`` None)."""

    key: OwnKey
    name: Name
    colour: Colour
    harvest: Annotated[int, Range(-99, 99)] | None = None
    source: Source = ""


@dataclass(frozen=True, slots=True)
class Price:
    """The Marks of Victory (MOV) one good fetches at one port (``prices`` in ``game.yaml``)."""

    good: str
    port: str
    mov: int
    source: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Cannons:
    """A cannon type: its dice and accuracy at range 1–4 spaces, written on a card or named in the
    cannons list."""

    name: Annotated[str, Text(max_len=40)] = ""
    dice: Dice
    """Dice at range 1–4 spaces ("X": cannot reach)."""
    accuracy: Dice


@dataclass(frozen=True, slots=True, kw_only=True)
class NamedCannons(Cannons):
    """An entry of the cannons list, which ship and fort cards may name by ``key``."""

    key: OwnKey
    name: Annotated[str, Text(max_len=40)]


@dataclass(frozen=True, slots=True)
class Slot:
    """One side of a ship card's defence: its armour (None prints blank) and the penalty when that
    side is hit."""

    armor: Annotated[int, Range(0, 12)] | None = None
    penalty: Annotated[str, Text(max_len=80)] = ""
    start: Annotated[int, Range(1, 6)] | None = None
    """The number the side's D6 starts the game on (printed in its square)."""


CardCannons = Annotated[Cannons | None, Ref("cannons")]


@dataclass(frozen=True, slots=True)
class ShipCard:
    """A ship card: class, faction, cannons, speed dial, pivots, each side's defence and the
    cargo hold."""

    key: OwnKey
    name: Name = ""
    ship_class: Annotated[Name, Key.of("class")] = ""
    faction: Faction_ = None
    cannons: CardCannons = None
    speed: Speed | None = None
    pivots: Annotated[str, Parse(_whole_text, "a whole number", "0–6")] = ""
    defence: dict[Side, Slot] = field(default_factory=dict)
    """Each side's armour and the penalty when it is hit."""
    size: ShipSize | None = None
    cargo: Annotated[int, Range(0, 20)] | None = None
    cargo_reason: Annotated[str, Text(max_len=80)] = ""
    source: Source = ""
    ours: Marks = field(default=NO_MARKS, compare=False)


@dataclass(frozen=True, slots=True)
class Captain:
    """A captain card: faction, morale, skill and stat bonuses."""

    key: OwnKey
    name: Name = ""
    faction: Faction_ = None
    morale: Annotated[int, Range(1, 6)] | None = None
    skill: Annotated[str, Text(max_len=160)] = ""
    stats: dict[Stat, Annotated[int, Range(-5, 12)] | None] = field(default_factory=dict)
    """Bonuses by stat (``grapple: 1``); a stat left out prints blank."""
    source: Source = ""
    ours: Marks = field(default=NO_MARKS, compare=False)

    @property
    def stat_rows(self) -> tuple[tuple[str, str], ...]:
        """Every stat in card order with its bonus as printed (``+1``) or blank."""
        stats = {str(k): v for k, v in self.stats.items()}
        values = {stat: stats.get(stat.lower()) for stat in STATS}
        return tuple((s, "" if v is None else f"{v:+d}") for s, v in values.items())


@dataclass(frozen=True, slots=True)
class Fort:
    """A fort card: faction, cannons, armour and ability."""

    key: OwnKey
    name: Name = ""
    faction: Faction_ = None
    cannons: CardCannons = None
    armor: Annotated[int, Range(0, 12)] | None = None
    start: Annotated[int, Range(1, 6)] | None = None
    """The number the fort's D6 starts the game on."""
    ability: Annotated[str, Text(max_len=200)] = ""
    source: Source = ""
    ours: Marks = field(default=NO_MARKS, compare=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class Skill:
    """A skill card: its skill colour, faction, cost and ability."""

    key: OwnKey
    name: Name = ""
    colour: Annotated[str, Text(max_len=20)]
    """The key of one of the skill colours."""
    faction: Faction_ = None
    cost: Annotated[int, Range(0, 6)] | None = None
    ability: Annotated[str, Text(max_len=200)] = ""
    source: Source = ""
    ours: Marks = field(default=NO_MARKS, compare=False)


@dataclass(frozen=True, slots=True)
class Band:
    """A D12 + skill result from ``low`` to ``high`` (None: and above)."""

    low: Annotated[int, Range(0, 30), Key.of("from")]
    result: Annotated[str, Text(max_len=120)]
    high: Annotated[int | None, Range(0, 30), Key.of("to")] = None
    ours: Marks = field(default=NO_MARKS, compare=False)


@dataclass(frozen=True, slots=True)
class Check:
    """A D12 + ``skill`` roll on a mission card (on arrival, or for the reward) and its result
    bands."""

    skill: Annotated[str, Text(max_len=30)]
    bands: Annotated[tuple[Band, ...], Items(min_len=1)]


@dataclass(frozen=True, slots=True)
class Mission:
    """A mission card: type, flag, story, pickup and destination, the skills it names, and its
    checks on arrival and for the reward."""

    key: OwnKey
    type: Name = ""
    flag: Annotated[str, Text(max_len=40)] | None = None
    story: Annotated[str, Text(max_len=240)] = ""
    pickup: Annotated[str, Text(max_len=80)] = ""
    skills: Annotated[tuple[Annotated[str, Text(max_len=20)], ...], Items(max_len=3)] = ()
    destination: Annotated[str, Text(max_len=40)] = ""
    check: Check | None = None
    reward: Check | None = None
    note: Annotated[str, Text(max_len=200)] = ""
    source: Source = ""
    ours: Marks = field(default=NO_MARKS, compare=False)


@dataclass(frozen=True, slots=True)
class Event:
    """An event card: its name and text."""

    key: OwnKey
    name: Name = ""
    text: Annotated[str, Text(max_len=420)] = ""
    keep: bool = False
    """The card may be kept and played later (else it is played out at once)."""
    source: Source = ""
    ours: Marks = field(default=NO_MARKS, compare=False)


@dataclass(frozen=True, slots=True)
class Flag:
    """A colour with its emblem (mission flags)."""

    key: OwnKey
    colour: Colour
    emblem: Emblem


@dataclass(frozen=True, slots=True, kw_only=True)
class SkillColour(Flag):
    """A named colour with its emblem (skill colours)."""

    name: Annotated[str, Text(max_len=20)]


@dataclass(frozen=True, slots=True)
class TokenKind:
    """A kind of token (Fog, Current, …): how many are printed, in which colour and emblem."""

    key: OwnKey
    name: Annotated[str, Text(max_len=24)]
    count: Count
    colour: Colour
    emblem: Emblem
    arrow: bool = False
    """Printed with an arrow (the Current token: it acts in the arrow's direction)."""
    ours: Marks = field(default=NO_MARKS, compare=False)


@dataclass(frozen=True, slots=True)
class CrewKind:
    """A kind of Crew Token: its name, the bonus it gives a captain it is placed on (``plus``
    to ``bonus``). Each faction has its own, in its colours: only that faction uses them."""

    key: OwnKey
    name: Annotated[str, Text(max_len=12)]
    plus: Annotated[int, Range(1, 6)]
    bonus: Annotated[str, Text(max_len=60)]


@dataclass(frozen=True, slots=True)
class ShipClass:
    """A ship miniature's class (Sloop, Light Zebec, …): a piece per faction in its colours."""

    key: OwnKey
    name: Name
    count: Count
    """Pieces of this class per faction."""
    ours: Marks = field(default=NO_MARKS, compare=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class Pieces:
    """Stand-ins for the miniatures: round counters that fit a space, the ships' and Sea
    Monsters' with a bow pointer (they face a side of their space), the forts' without."""

    size: Annotated[float, Length(0.5 * INCH, 2 * INCH)]
    ships: Annotated[tuple[ShipClass, ...], Items(min_len=1)]
    sea_monsters: Count
    monster_colour: Colour
    forts: Count
    """Fort pieces per faction (the book: each faction has a fort miniature)."""
    ours: Marks = field(default=NO_MARKS, compare=False)


@dataclass(frozen=True, slots=True)
class TileIsland:
    """An island on a sea tile: its land spaces and its port entrance, fort and point of interest
    (axial, the tile's centre at 0, 0), and the faction that holds it (None: a free port)."""

    name: Name
    land: Annotated[tuple[HexAt, ...], Items(min_len=1)]
    faction: Annotated[str, Text(pattern=KEY)] | None = None
    port: HexAt | None = None
    fort: HexAt | None = None
    poi: HexAt | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Monster:
    """The Sea Monster's own card, laid by your ship cards while it is yours: how far it moves
    (any wind) and pivots, its bite, its defence on every side, the number its one D6 starts on
    (when the D6 comes off, it sinks), and ``text``, how it plays."""

    name: Name = "Sea Monster"
    moves: Annotated[int, Range(1, 6)]
    pivots: Annotated[int, Range(0, 6)]
    bite: Cannons
    defence: Annotated[int, Range(0, 12)]
    start: Annotated[int, Range(1, 6)]
    text: Annotated[str, Text(max_len=420)] = ""
    source: Source = ""
    ours: Marks = field(default=NO_MARKS, compare=False)


@dataclass(frozen=True, slots=True)
class Harvest:
    """A harvest spot: the good and the hex it is on."""

    good: Key_
    at: HexAt


@dataclass(frozen=True, slots=True)
class Tile:
    """A sea tile: where it lies on the assembled map, and its islands, harvest spots and wind
    vane."""

    name: Name
    at: HexAt
    """Where the tile's centre space lies on the assembled map (axial; the Centre at 0, 0)."""
    islands: tuple[TileIsland, ...] = ()
    harvest: tuple[Harvest, ...] = ()
    wind_vane: HexAt | None = None
    source: Source = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class BvpGame:
    """``game.yaml``, ``cards.yaml`` (sizes, cannons and the decks) and ``tiles.yaml``."""

    title: Annotated[str, Text(max_len=80)]
    factions: Annotated[tuple[Faction, ...], Items(min_len=2)]
    ports: Annotated[tuple[Port, ...], Items(min_len=1)]
    goods: Annotated[tuple[Good, ...], Items(min_len=1)]
    chests: tuple[Good, ...] = ()
    prices: Annotated[tuple[Price, ...], Custom("good: {port: MOV}, read by the game's loader")]
    holds: Annotated[dict[ShipSize, Annotated[int, Range(0, 20)]], Key.of("cargo_holds")]
    """Cargo tokens by ship size, unless the ship card says otherwise."""
    skill_colours: Annotated[tuple[SkillColour, ...], Items(min_len=1)]
    mission_flags: Annotated[tuple[Flag, ...], Items(min_len=1)]
    token_size: Annotated[float, Length(0.4 * INCH, 2 * INCH), Key.of("tokens", "size")]
    tokens: Annotated[tuple[TokenKind, ...], Items(min_len=1), Key.of("tokens", "kinds")]
    crew_per_faction: Annotated[Count, Key.of("tokens", "crew_per_faction")]
    """Tokens of each crew kind per faction."""
    crew: Annotated[tuple[CrewKind, ...], Key.of("tokens", "crew")] = ()
    goods_each: Annotated[Count, Key.of("tokens", "goods_each")]
    chests_each: Annotated[Count, Key.of("tokens", "chests_each")]
    pieces: Pieces
    numbers: dict[str, Number]
    """The rulebook's numbers the rules reference quotes (``{{ n.victory_short }}``)."""
    vane_size: Annotated[float, Length(0.5 * INCH, 2 * INCH), Key.of("wind_vane", "size")]
    """Across the vane's corners: a pointy-top hexagon that sits in the Wind Vane space."""
    d6_slot: Annotated[float, Length(16 * MM, 30 * MM), Key.of("cards.yaml", "d6_slot")]
    """The side of every square a D6 sits in on a card (a 16 mm die fits)."""
    sizes: Annotated[dict[DeckName, CardSize], Key.of("cards.yaml", "sizes")]
    """Card sizes by deck; a deck left out is poker-sized."""
    cannons: Annotated[tuple[NamedCannons, ...], Key.of("cards.yaml", "cannons")] = ()
    classes: Annotated[tuple[ShipCard, ...], Key.of("cards.yaml", "classes")] = ()
    """Each ship class's stats: a ship card gives what differs and takes the rest from the
    class it names (:meth:`ship`)."""
    ships: Annotated[tuple[ShipCard, ...], Items(min_len=1), Key.of("cards.yaml", "ships")]
    captains: Annotated[tuple[Captain, ...], Key.of("cards.yaml", "captains")] = ()
    forts: Annotated[tuple[Fort, ...], Key.of("cards.yaml", "forts")] = ()
    skills: Annotated[tuple[Skill, ...], Key.of("cards.yaml", "skills")] = ()
    missions: Annotated[tuple[Mission, ...], Key.of("cards.yaml", "missions")] = ()
    events: Annotated[tuple[Event, ...], Key.of("cards.yaml", "events")] = ()
    monster: Annotated[Monster | None, Key.of("cards.yaml", "monster")] = None
    """The Sea Monster's card (none: the event card alone says how it plays)."""
    hex: Annotated[float, Length(0.5 * INCH, 3 * INCH), Key.of("tiles.yaml", "hex")]
    radius: Annotated[int, Range(1, 3), Key.of("tiles.yaml", "radius")]
    tiles: Annotated[tuple[Tile, ...], Items(min_len=1), Key.of("tiles.yaml", "tiles")]
    source: str = ""
    where: Where = field(default=NOWHERE, compare=False)
    ours: Marks = field(default=NO_MARKS, compare=False)
    """What the data marks ``{ours: …}`` (our choices), by path: ``cargo_holds.small``."""

    def size(self, deck: str) -> CardSize:
        return next((v for k, v in self.sizes.items() if k == deck), DEFAULT_CARD_SIZE)

    def hold(self, size: str) -> int | None:
        return next((v for k, v in self.holds.items() if k == size), None)

    def hold_text(self, size: str) -> str:
        """The cargo tokens a ship of ``size`` holds as printed (marked when ours); "" when
        it holds none."""
        hold = self.hold(size)
        return "" if not hold else self.ours.printed(f"cargo_holds.{size}", hold)

    def ship_class(self, ship: ShipCard) -> ShipCard | None:
        """The class card ``ship`` names (its ``class``), if the data gives one."""
        return next((c for c in self.classes if c.ship_class == ship.ship_class), None)

    def ship(self, ship: ShipCard) -> ShipCard:
        """``ship`` with every stat it leaves out taken from its class (:meth:`ship_class`)."""
        base = self.ship_class(ship)
        if base is None:
            return ship
        return replace(
            ship,
            cannons=ship.cannons or base.cannons,
            speed=ship.speed or base.speed,
            pivots=ship.pivots or base.pivots,
            defence=ship.defence or base.defence,
            size=ship.size or base.size,
            cargo=base.cargo if ship.cargo is None else ship.cargo,
            cargo_reason=ship.cargo_reason or base.cargo_reason,
        )

    def faction(self, key: str | None) -> Faction | None:
        return next((f for f in self.factions if f.key == key), None)

    def port_name(self, key: str) -> str:
        return next((p.name for p in self.ports if p.key == key), key)

    @property
    def all_goods(self) -> tuple[Good, ...]:
        return self.goods + self.chests
