"""British vs Pirates: Volume 2 — factions, ports, goods and prices, cards, tokens and sea tiles.

Read once from ``data/british-vs-pirates/`` (``game.yaml``, ``cards.yaml``, ``tiles.yaml``).
Lengths are points. Optional card fields are None/empty: such a card prints its blank slots.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnpkit.model.cards import CardSize

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


@dataclass(frozen=True, slots=True)
class Faction:
    key: str
    name: str
    home: str
    colour: str
    emblem: str
    pattern: str
    source: str = ""


@dataclass(frozen=True, slots=True)
class Port:
    key: str
    name: str
    source: str = ""


@dataclass(frozen=True, slots=True)
class Good:
    """A harvest good (``harvest`` the D12 threshold) or a chest (``harvest`` None)."""

    key: str
    name: str
    colour: str
    harvest: int | None
    source: str = ""


@dataclass(frozen=True, slots=True)
class Price:
    good: str
    port: str
    mov: int
    source: str = ""


@dataclass(frozen=True, slots=True)
class Cannons:
    name: str
    dice: tuple[str, ...]
    """Dice at range 1–4 spaces ("X": cannot reach)."""
    accuracy: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Slot:
    side: str
    armor: int | None
    penalty: str


@dataclass(frozen=True, slots=True)
class ShipCard:
    key: str
    name: str
    ship_class: str
    faction: str | None
    cannons: Cannons | None
    speed: tuple[str, ...]
    pivots: str
    slots: tuple[Slot, ...]
    size: str | None
    cargo: int | None
    cargo_reason: str
    source: str = ""


@dataclass(frozen=True, slots=True)
class Captain:
    key: str
    name: str
    faction: str | None
    morale: int | None
    skill: str
    stats: tuple[tuple[str, str], ...]
    source: str = ""


@dataclass(frozen=True, slots=True)
class Fort:
    key: str
    name: str
    faction: str | None
    cannons: Cannons | None
    armor: int | None
    ability: str
    source: str = ""


@dataclass(frozen=True, slots=True)
class Skill:
    key: str
    name: str
    colour: str
    faction: str | None
    cost: int | None
    ability: str
    source: str = ""


@dataclass(frozen=True, slots=True)
class Band:
    """A D12 + skill result from ``low`` to ``high`` (None: and above)."""

    low: int
    high: int | None
    result: str


@dataclass(frozen=True, slots=True)
class Check:
    skill: str
    bands: tuple[Band, ...]


@dataclass(frozen=True, slots=True)
class Mission:
    key: str
    type: str
    flag: str | None
    story: str
    pickup: str
    skills: tuple[str, ...]
    destination: str
    check: Check | None
    reward: Check | None
    note: str
    source: str = ""


@dataclass(frozen=True, slots=True)
class Event:
    key: str
    name: str
    text: str
    source: str = ""


@dataclass(frozen=True, slots=True)
class Colour:
    """A named colour with its emblem (skill colours, mission flags)."""

    key: str
    name: str
    colour: str
    emblem: str


@dataclass(frozen=True, slots=True)
class TokenKind:
    key: str
    name: str
    count: int
    colour: str
    emblem: str


@dataclass(frozen=True, slots=True)
class TileIsland:
    name: str
    faction: str | None
    land: tuple[tuple[int, int], ...]
    port: tuple[int, int] | None
    fort: tuple[int, int] | None
    poi: tuple[int, int] | None


@dataclass(frozen=True, slots=True)
class Tile:
    name: str
    islands: tuple[TileIsland, ...]
    harvest: tuple[tuple[str, tuple[int, int]], ...]
    wind_vane: tuple[int, int] | None
    source: str = ""


@dataclass(frozen=True, slots=True)
class BvpGame:
    title: str
    factions: tuple[Faction, ...]
    ports: tuple[Port, ...]
    goods: tuple[Good, ...]
    chests: tuple[Good, ...]
    prices: tuple[Price, ...]
    holds: tuple[tuple[str, int], ...]
    skill_colours: tuple[Colour, ...]
    mission_flags: tuple[Colour, ...]
    tokens: tuple[TokenKind, ...]
    token_size: float
    crew_per_faction: int
    goods_each: int
    chests_each: int
    vane_size: float
    sizes: tuple[tuple[str, CardSize], ...]
    cannons: tuple[tuple[str, Cannons], ...]
    ships: tuple[ShipCard, ...]
    captains: tuple[Captain, ...]
    forts: tuple[Fort, ...]
    skills: tuple[Skill, ...]
    missions: tuple[Mission, ...]
    events: tuple[Event, ...]
    hex: float
    radius: int
    tiles: tuple[Tile, ...]
    source: str = ""

    def size(self, deck: str) -> CardSize:
        return dict(self.sizes)[deck]

    def hold(self, size: str) -> int | None:
        return dict(self.holds).get(size)

    def faction(self, key: str | None) -> Faction | None:
        return next((f for f in self.factions if f.key == key), None)

    def port_name(self, key: str) -> str:
        return next((p.name for p in self.ports if p.key == key), key)

    @property
    def all_goods(self) -> tuple[Good, ...]:
        return self.goods + self.chests
