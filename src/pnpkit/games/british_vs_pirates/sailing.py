"""How a ship sails, aims and takes damage on the sea tiles' spaces: pure rules, no drawing.

Spaces are axial ``(q, r)`` on pointy-top hexes (y down the page). A ship faces one side of
its space: a direction 0–5 of :data:`NEIGHBOURS`, clockwise from the upper right (the wind
directions 1–6 around the Wind Vane space, less one). Counted clockwise from the bow, a ship's
six sides are its bow, starboard bow, starboard quarter, stern, port quarter and port bow
(:data:`DIAL_SIDES`); the ship card's four defence sides group them (:data:`CARD_SIDES`).

- **Speed** (:func:`speed`): the number on the card's dial at the side the wind blows towards.
- **Sight** (:func:`sight_lines`): the rulebook's "at least half of the target's space visible
  from the centre of yours" is read as two lines from centre to centre, each nudged a hair to
  one side; along most lines both cross the same spaces, and along a line that runs down the
  edge between two spaces each takes one of them. A line is clear when no space it crosses
  holds a ship, a Sea Monster or land; with one clear line half the target is seen.
- **Arc and side** (:func:`aim`): a clear line that leaves the shooter's space through one of
  its broadside sides (starboard or port, not bow or stern) may carry a shot, within the
  cannons' reach; the side of the target it enters through is the side that takes the damage.
  A line down a corner enters through two sides: the shooter names one (the rulebook's
  example B), and a side whose half is hidden by a ship cannot be named (its example C).
- **Damage** (:func:`take_hits`): each hit turns the side's D6 down one; a hit on a D6 showing
  1 takes it off; hits on a side with no D6 turn the Structure's D6 down; the ship sinks when
  the Structure's comes off.

Where the rulebook's pictures leave a choice (the corner lines, the last hit on a 1), this is
our reading; the documents that print it mark it.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from pnpkit.games.british_vs_pirates.model import Cannons, Speed

Space = tuple[int, int]
NEIGHBOURS: tuple[Space, ...] = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
"""Axial steps to the six neighbouring spaces, clockwise from the upper right: the wind
directions 1 to 6 printed around the Wind Vane space."""
DIAL_SIDES = ("bow", "starboard bow", "starboard quarter", "stern", "port quarter", "port bow")
"""A ship's six sides clockwise from the bow: the sides of the card's speed dial."""
CardSide = Literal["bow", "starboard", "stern", "port"]
CARD_SIDES: tuple[CardSide, ...] = ("bow", "starboard", "starboard", "stern", "port", "port")
"""The ship card's defence side of each of the six sides, clockwise from the bow."""
CARD_ORDER: tuple[CardSide, ...] = ("bow", "starboard", "stern", "port")
"""The ship card's defence sides in the order it prints them."""
BROADSIDES = (1, 2, 4, 5)
"""The sides, counted clockwise from the bow, a ship's cannons fire through."""
NUDGE = Fraction(1, 10**6)
"""How far a sight line is nudged to either side (in spaces): far less than any gap between a
line and a space's edge, so it only settles which space a line along an edge counts in."""


def step(at: Space, direction: int, spaces: int = 1) -> Space:
    """The space ``spaces`` steps from ``at`` across side ``direction``."""
    dq, dr = NEIGHBOURS[direction % 6]
    return at[0] + dq * spaces, at[1] + dr * spaces


def distance(a: Space, b: Space) -> int:
    """Spaces from ``a`` to ``b``, counted centre to centre (the cannon range)."""
    dq, dr = b[0] - a[0], b[1] - a[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def relative(direction: int, facing: int) -> int:
    """Which of a ship's sides (0 bow, clockwise) faces ``direction`` when it faces ``facing``."""
    return (direction - facing) % 6


def wind_side(facing: int, wind: int) -> int:
    """The side of a ship facing ``facing`` that the wind, blowing towards ``wind``, blows
    towards (0 bow, clockwise): where its speed is read on the dial."""
    return relative(wind, facing)


def speed(dial: Speed, facing: int, wind: int) -> str:
    """How many spaces forward a ship may sail: its dial's number at :func:`wind_side`."""
    return dial.around()[wind_side(facing, wind)]


def sail(at: Space, facing: int, spaces: int) -> tuple[Space, ...]:
    """The spaces a ship enters sailing ``spaces`` forward from ``at`` (never sideways)."""
    return tuple(step(at, facing, n) for n in range(1, spaces + 1))


def reach(cannons: Cannons) -> int:
    """The farthest range, in spaces, at which ``cannons`` roll any dice (X: no dice)."""
    return max((n for n, dice in enumerate(cannons.dice, start=1) if dice != "X"), default=0)


def _round(x: Fraction, z: Fraction) -> Space:
    """The space holding the point at cube coordinates ``(x, -x - z, z)``."""
    y = -x - z
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy <= dz:
        rz = -rx - ry
    return rx, rz


def direction(a: Space, b: Space) -> int:
    """The side of ``a`` that neighbouring space ``b`` lies across."""
    return NEIGHBOURS.index((b[0] - a[0], b[1] - a[1]))


@dataclass(frozen=True, slots=True)
class SightLine:
    """One of the two nudged lines from a shooter's centre to a target's: the spaces it
    crosses, first the shooter's and last the target's."""

    spaces: tuple[Space, ...]

    @property
    def between(self) -> tuple[Space, ...]:
        """The spaces between shooter and target."""
        return self.spaces[1:-1]

    @property
    def leaves(self) -> int:
        """The side of the shooter's space the line leaves through."""
        return direction(self.spaces[0], self.spaces[1])

    @property
    def enters(self) -> int:
        """The side of the target's space the line enters through."""
        return direction(self.spaces[-1], self.spaces[-2])

    def clear(self, blocked: Collection[Space]) -> bool:
        """Whether no space between holds a ship, a Sea Monster or land."""
        return not any(space in blocked for space in self.between)


def sight_lines(a: Space, b: Space) -> tuple[SightLine, SightLine]:
    """The two lines from ``a``'s centre to ``b``'s (``a`` and ``b`` not one space), nudged to
    either side: exact, so a line down an edge always counts each side's space once."""
    steps = distance(a, b)
    if steps == 0:
        raise ValueError(f"a sight line needs two spaces, found {a} twice")
    lines = []
    for lean in (1, -1):
        spaces = []
        for n in range(steps + 1):
            t = Fraction(n, steps)
            x = a[0] + (b[0] - a[0]) * t + lean * NUDGE
            z = a[1] + (b[1] - a[1]) * t - 3 * lean * NUDGE
            spaces.append(_round(x, z))
        lines.append(SightLine(tuple(spaces)))
    return lines[0], lines[1]


@dataclass(frozen=True, slots=True)
class Aim:
    """What a ship may do against one target: the range, whether the target is in a firing arc
    and in sight, the broadside that fires, and the target's sides a shot may name."""

    target: Space
    range: int
    in_arc: bool
    """Some line to the target leaves through a broadside."""
    seen: bool
    """Some line to the target is clear: at least half its space is visible."""
    in_range: bool
    broadside: Literal["starboard", "port", ""]
    """The broadside that fires ("" when none may)."""
    sides: tuple[CardSide, ...]
    """The target's sides a shot may name (empty: no shot); two when the shooter chooses."""

    @property
    def valid(self) -> bool:
        return bool(self.sides)

    @property
    def why_not(self) -> str:
        """Why the target cannot be shot, in a few words ("" when it can)."""
        if not self.in_arc:
            return "ahead or astern: outside both firing arcs"
        if not self.seen:
            return "no line of sight"
        if not self.in_range:
            return f"{self.range} spaces away: out of range"
        return "" if self.sides else "the only clear line leaves through the bow or stern"


def aim(
    at: Space,
    facing: int,
    target: Space,
    target_facing: int,
    blocked: Collection[Space],
    most: int,
) -> Aim:
    """A ship at ``at`` facing ``facing``, with cannons reaching ``most`` spaces, against the
    ship at ``target`` facing ``target_facing``; ``blocked`` holds every space a shot cannot
    cross (ships, Sea Monsters, land)."""
    lines = sight_lines(at, target)
    arc = [line for line in lines if relative(line.leaves, facing) in BROADSIDES]
    clear = [line for line in lines if line.clear(blocked)]
    gap = distance(at, target)
    usable = [line for line in arc if line in clear] if gap <= most else []
    named = {CARD_SIDES[relative(line.enters, target_facing)] for line in usable}
    sides = [side for side in CARD_ORDER if side in named]
    fires = usable[0] if usable else None
    broadside: Literal["starboard", "port", ""] = ""
    if fires is not None:
        broadside = "starboard" if relative(fires.leaves, facing) < 3 else "port"
    return Aim(target, gap, bool(arc), bool(clear), gap <= most, broadside, tuple(sides))


Dice = Mapping[str, int | None]
"""A ship card's D6 by side (``bow``, ``starboard``, ``stern``, ``port``, ``structure``): the
number each shows, or None once it is taken off."""


@dataclass(frozen=True, slots=True)
class Hits:
    """What ``hits`` on one side did: the dice after, how many the side's D6 took, how many
    went on to the Structure, and whether the ship sank."""

    dice: dict[str, int | None]
    absorbed: int
    structure: int
    removed: bool
    """The side's D6 came off (its penalty now applies)."""
    sunk: bool


def take_hits(dice: Dice, side: str, hits: int) -> Hits:
    """``hits`` on ``side``: each turns that side's D6 down one, a hit on a D6 showing 1 takes
    it off, and once it is off each further hit does the same to the Structure's D6."""
    after = dict(dice)
    absorbed = structure = 0
    for _ in range(hits):
        where = side if after.get(side) is not None else "structure"
        value = after.get(where)
        if value is None:
            break  # sunk: nothing left to hit
        after[where] = value - 1 if value > 1 else None
        if where == side:
            absorbed += 1
        else:
            structure += 1
    sunk = after.get("structure") is None
    removed = dice.get(side) is not None and after.get(side) is None
    return Hits(after, absorbed, structure, removed, sunk)


def defence(armour: int, dice: Dice, side: str) -> int:
    """What a shot at ``side`` must equal or beat: the side's printed armour plus its D6, or
    plus the Structure's D6 once the side's is off."""
    value = dice.get(side)
    if value is None:
        value = dice.get("structure")
    return armour + (value or 0)
