"""The rulebook's pictures as diagrams on hexes (``examples.pdf``), drawn with the project's
display list (:mod:`pnpkit.render.vector`) and worked out by the game's own rules
(:mod:`pnpkit.games.british_vs_pirates.sailing`): the spaces a ship sails, its firing arcs,
which targets it may shoot, which of a target's sides a shot may name, and what three hits do
to a ship card's dice. Every caption is told from the same computation, so a picture and its
words cannot disagree; a reading the rulebook's pictures leave open ends with the mark.

``rules.yaml``'s ``examples`` names each picture (``picture: <key>``, one of
:data:`~pnpkit.games.british_vs_pirates.rule_text.PICTURES`); :data:`DRAWN` draws each but
``sides``, the three targeting examples side by side, which :func:`sides` draws.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from pnpkit.games.british_vs_pirates.components import speed_dial
from pnpkit.games.british_vs_pirates.model import BvpGame, ShipCard, Speed
from pnpkit.games.british_vs_pirates.rules import CANNON_EXAMPLE, CANNON_RANGE
from pnpkit.games.british_vs_pirates.sailing import (
    CARD_SIDES,
    DIAL_SIDES,
    NEIGHBOURS,
    Aim,
    Space,
    aim,
    defence,
    reach,
    relative,
    sail,
    sight_lines,
    speed,
    take_hits,
    wind_side,
)
from pnpkit.games.british_vs_pirates.tiles import LAND, SEA
from pnpkit.model.ours import MARK
from pnpkit.render import fonts
from pnpkit.render.vector import Circle, FontNames, Item, Point, Rect, Shape, Words, paint

HEX = 32.0
"""A space's width across the flats in a diagram, points (the table's are 1.25 in)."""
CORNER = HEX / math.sqrt(3)
PAD = 10.0
"""Room around a diagram's spaces, points."""
INK = "#1a1a1a"
SEA_EDGE = "#7f9fb8"
ARC = "#9fd49a"
"""A firing arc's spaces (each also carries its range: not colour alone)."""
ARC_EDGE = "#2e6b2a"
HIT = "#c62828"
"""The sides of a target a shot may name: drawn thick, and named in words."""
YOU = "#b71c1c"
"""The ship whose turn it is."""
ENEMY = "#212121"
OTHER = "#8d8d8d"
"""A ship that only stands in the way."""
LABEL = 7.0
SMALL = 6.5
DIAL_BOX = (92.0, 86.0)
"""The box of a speed dial beside a movement picture, points."""
FONTS = FontNames(fonts.REGULAR, fonts.BOLD, fonts.ITALIC)


def _page(space: Space) -> Point:
    """A space's centre in diagram units before placing (y down)."""
    q, r = space
    return HEX * (q + r / 2), 1.5 * CORNER * r


def _unit(direction: int) -> Point:
    """The unit vector (y down) from a space's centre towards its side ``direction``."""
    x, y = _page(NEIGHBOURS[direction % 6])
    length = math.hypot(x, y)
    return x / length, y / length


def within(centre: Space, radius: int) -> set[Space]:
    """Every space at most ``radius`` from ``centre``."""
    q0, r0 = centre
    return {
        (q0 + q, r0 + r)
        for q in range(-radius, radius + 1)
        for r in range(-radius, radius + 1)
        if max(abs(q), abs(r), abs(q + r)) <= radius
    }


def _around(spaces: Iterable[Space]) -> set[Space]:
    """Every space whose centre lies in the rectangle round ``spaces`` and their neighbours:
    a patch of sea with the spaces in it."""
    near = set().union(*(within(s, 1) for s in spaces))
    xs = [_page(s)[0] for s in near]
    q0, q1 = min(q for q, _ in near) - 2, max(q for q, _ in near) + 2
    r0, r1 = min(r for _, r in near), max(r for _, r in near)
    return {
        (q, r)
        for q in range(q0 - (r1 - r0), q1 + (r1 - r0) + 1)
        for r in range(r0, r1 + 1)
        if min(xs) - 1 <= _page((q, r))[0] <= max(xs) + 1
    }


@dataclass(frozen=True, slots=True)
class Hull:
    """A ship in a diagram: its space, the side it faces, its colour, a letter (or none) and
    whether it is drawn as a ghost (where it was before it moved or pivoted)."""

    at: Space
    facing: int
    colour: str
    letter: str = ""
    ghost: bool = False


@dataclass(frozen=True, slots=True)
class Diagram:
    """A finished diagram: its items in a ``width`` × ``height`` box (y down)."""

    items: tuple[Item, ...]
    width: float
    height: float

    def draw(self, canvas: object) -> None:
        fonts.register()
        paint(canvas, self.items, self.height, FONTS)


class Sketch:
    """A diagram being drawn: ``spaces`` laid out from the top-left corner, ``right`` points
    of room beside them for a key."""

    def __init__(self, spaces: Iterable[Space], *, right: float = 0.0) -> None:
        self.spaces = sorted(spaces)
        xs = [_page(s)[0] for s in self.spaces] or [0.0]
        ys = [_page(s)[1] for s in self.spaces] or [0.0]
        self.dx = PAD + HEX / 2 - min(xs)
        self.dy = PAD + CORNER - min(ys)
        self.field = (max(xs) - min(xs) + HEX + 2 * PAD, max(ys) - min(ys) + 2 * CORNER + 2 * PAD)
        self.width = self.field[0] + right
        self.height = self.field[1]
        self.items: list[Item] = []

    def centre(self, space: Space) -> Point:
        x, y = _page(space)
        return x + self.dx, y + self.dy

    def corners(self, space: Space) -> tuple[Point, ...]:
        cx, cy = self.centre(space)
        return tuple(
            (
                cx + CORNER * math.cos(math.radians(30 + 60 * k)),
                cy + CORNER * math.sin(math.radians(30 + 60 * k)),
            )
            for k in range(6)
        )

    def edge(self, space: Space, direction: int) -> tuple[Point, Point]:
        """The two ends of ``space``'s side ``direction``."""
        cx, cy = self.centre(space)
        ux, uy = _unit(direction)
        angle = math.atan2(uy, ux)

        def end(turn: float) -> Point:
            return cx + CORNER * math.cos(angle + turn), cy + CORNER * math.sin(angle + turn)

        return end(-math.pi / 6), end(math.pi / 6)

    def sea(self, fills: dict[Space, str] | None = None) -> None:
        """Every space: sea, or the fill ``fills`` gives it."""
        fills = fills or {}
        for space in self.spaces:
            fill = fills.get(space, SEA)
            edge = ARC_EDGE if fill == ARC else SEA_EDGE
            self.items.append(Shape(self.corners(space), fill=fill, stroke=edge, width=0.6))

    def land(self, space: Space) -> None:
        self.items.append(Shape(self.corners(space), fill=LAND, stroke="#8a6d3b", width=0.8))
        cx, cy = self.centre(space)
        self.items.append(Words((cx, cy + 2.5), "island", SMALL, INK, "middle", "bold"))

    def word(self, space: Space, text: str, *, size: float = 9.0) -> None:
        """Words in the middle of a space (a range)."""
        cx, cy = self.centre(space)
        self.items.append(Words((cx, cy + size / 3), text, size, INK, "middle", "bold"))

    def steps(self, path: tuple[Space, ...], facing: int) -> None:
        """Each space of ``path`` numbered in a badge beside the hull's line."""
        ux, uy = _unit(facing)
        for n, space in enumerate(path, start=1):
            cx, cy = self.centre(space)
            x, y = cx + 10.5 * uy, cy - 10.5 * ux
            self.items.append(Circle((x, y), 5.5, fill="#ffffff", stroke=INK, width=0.5))
            self.items.append(Words((x, y + 2.8), str(n), 8.0, INK, "middle", "bold"))

    def under(self, space: Space, text: str) -> None:
        """A few words on a white ground across the bottom of a space."""
        cx, cy = self.centre(space)
        width = fonts.text_width(text, fonts.BOLD, SMALL) + 4
        self.items.append(Rect((cx - width / 2, cy + 10), width, 8.5, 2, fill="#ffffff"))
        self.items.append(Words((cx, cy + 16.5), text, SMALL, INK, "middle", "bold"))

    def path(self, start: Space, end: Space) -> None:
        """The way a ship sails: an arrow from ``start``'s centre to just short of ``end``'s."""
        (ax, ay), (bx, by) = self.centre(start), self.centre(end)
        length = math.hypot(bx - ax, by - ay)
        short = (bx - (bx - ax) * 14 / length, by - (by - ay) * 14 / length)
        self.arrow((ax, ay), short, width=1.0)

    def hull(self, ship: Hull) -> None:
        """A ship: a hull pointed at the bow, across the side it faces; a ghost is dashed."""
        cx, cy = self.centre(ship.at)
        ux, uy = _unit(ship.facing)
        vx, vy = -uy, ux
        a = HEX / 2
        shape = ((0.86, 0.0), (0.3, 0.4), (-0.66, 0.36), (-0.66, -0.36), (0.3, -0.4))
        points = tuple((cx + a * (u * ux + v * vx), cy + a * (u * uy + v * vy)) for u, v in shape)
        if ship.ghost:
            self.items.append(
                Shape(points, fill=None, stroke=ship.colour, width=1.0, dash=(2.0, 1.5))
            )
            return
        self.items.append(Shape(points, fill=ship.colour, stroke=INK, width=0.8))
        if ship.letter:
            bx, by = cx - 0.12 * a * ux, cy - 0.12 * a * uy
            self.items.append(Circle((bx, by), 5.2, fill="#ffffff", stroke=INK, width=0.5))
            self.items.append(Words((bx, by + 2.6), ship.letter, LABEL, INK, "middle", "bold"))

    def line(
        self, a: Point, b: Point, *, colour: str = INK, width: float = 0.9, dash: bool = True
    ) -> None:
        self.items.append(
            Shape((a, b), closed=False, stroke=colour, width=width, dash=(3.0, 2.0) if dash else ())
        )

    def arrow(self, a: Point, b: Point, *, colour: str = INK, width: float = 1.4) -> None:
        """A solid arrow from ``a`` to ``b``, its head at ``b``."""
        angle = math.atan2(b[1] - a[1], b[0] - a[0])
        back = (b[0] - 6 * math.cos(angle), b[1] - 6 * math.sin(angle))
        self.items.append(Shape((a, back), closed=False, stroke=colour, width=width))
        head = tuple(
            (b[0] + 7 * math.cos(angle + math.pi + s), b[1] + 7 * math.sin(angle + math.pi + s))
            for s in (-0.42, 0.42)
        )
        self.items.append(Shape((b, head[0], head[1]), fill=colour, stroke=colour, width=0.5))

    def tick(self, space: Space, valid: bool) -> None:
        """A tick (may shoot) or a cross (may not) at a space's upper right: a shape each, so
        gray printing keeps them apart."""
        cx, cy = self.centre(space)
        x, y = cx + 0.55 * HEX, cy - 0.5 * HEX
        self.items.append(Circle((x, y), 6.5, fill="#ffffff", stroke=INK, width=0.6))
        if valid:
            points = ((x - 3.6, y), (x - 1.0, y + 3.0), (x + 3.8, y - 3.4))
            self.items.append(Shape(points, closed=False, stroke="#1b5e20", width=1.8))
        else:
            for d in (1, -1):
                self.items.append(
                    Shape(
                        ((x - 3.2, y - 3.2 * d), (x + 3.2, y + 3.2 * d)),
                        closed=False,
                        stroke=HIT,
                        width=1.8,
                    )
                )

    def text(
        self, x: float, y: float, words: str, *, size: float = LABEL, bold: bool = False
    ) -> None:
        self.items.append(Words((x, y), words, size, INK, "start", "bold" if bold else "regular"))

    def wind(self, x: float, y: float, direction: int) -> None:
        """The wind: an arrow the way it blows, in a box at (x, y) (its top left)."""
        self.items.append(Rect((x, y), 64, 40, 3, fill="#ffffff", stroke=INK, line=0.6))
        self.text(x + 5, y + 10, "wind blows", size=SMALL, bold=True)
        ux, uy = _unit(direction)
        cx, cy = x + 32, y + 26
        self.arrow((cx - 15 * ux, cy - 10 * uy), (cx + 15 * ux, cy + 10 * uy))

    def dial(self, x: float, y: float, dial: Speed, pivots: str, name: str, lit: int) -> None:
        """A ship card's speed dial (bow at the top) and pivots in a box at (x, y), the side
        ``lit`` (counted clockwise from the bow) ringed."""
        self.items.append(Rect((x, y), *DIAL_BOX, 3, fill="#ffffff", stroke=INK, line=0.6))
        self.text(x + 5, y + 10, name, size=SMALL, bold=True)
        cx, cy, r = x + 34, y + 48, 25.0
        outline = tuple(
            (cx + r * math.cos(math.radians(60 * k)), cy + r * math.sin(math.radians(60 * k)))
            for k in range(6)
        )
        self.items.append(Shape(outline, fill="#f4ecd8", stroke=INK, width=0.8))
        self.items.append(
            Shape(((cx, cy - 9), (cx + 5, cy + 6), (cx - 5, cy + 6)), fill=INK, stroke=INK)
        )
        for n, (sx, sy, value) in enumerate(speed_dial(dial, cx, cy, r)):
            if n == lit:
                self.items.append(Circle((sx, sy), 6.2, fill="#ffffff", stroke=HIT, width=1.4))
            self.items.append(Words((sx, sy + 3), value or "–", 8.0, INK, "middle", "bold"))
        self.items.append(Words((cx, y + 20), "bow", SMALL, INK, "middle"))
        self.items.append(Circle((x + 77, y + 48), 9, fill="#ffffff", stroke=INK, width=0.8))
        self.items.append(Words((x + 77, y + 51.5), pivots, 10.0, INK, "middle", "bold"))
        self.items.append(Words((x + 77, y + 67), "pivots", SMALL, INK, "middle"))

    def done(self) -> Diagram:
        return Diagram(tuple(self.items), self.width, self.height)


# -- the pictures --------------------------------------------------------------------------

Told = tuple[Diagram, str]
"""A diagram and its caption."""


def example_ship(game: BvpGame) -> ShipCard:
    """The ship the examples sail: the rulebook's own card (the first ship card), its stats
    filled from its class."""
    return game.ship(game.ships[0])


SEED_DIAL = Speed("1", "", "", "3")
"""The dial of the rulebook's movement picture: 1 at the bow, 3 at the stern (it shows no
other side)."""
SEED_PIVOTS = "1"


def movement(game: BvpGame) -> Told:
    """The rulebook's standard movement example: the wind blows towards the stern, the dial's
    stern side reads 3; sail 1 to 3 forward, then pivot once."""
    start, facing, wind = (0, 0), 1, 4
    most = int(speed(SEED_DIAL, facing, wind))
    path = sail(start, facing, most)
    pivoted = (facing + int(SEED_PIVOTS)) % 6
    spaces = {(q, r) for r in (-1, 0, 1) for q in range(-1 - (r + 1) // 2, 5 - (r + 1) // 2)}
    sketch = Sketch(spaces, right=170)
    sketch.sea()
    sketch.hull(Hull(start, facing, YOU, ghost=True))
    sketch.path(start, path[-1])
    sketch.hull(Hull(path[-1], facing, YOU, ghost=True))
    sketch.hull(Hull(path[-1], pivoted, YOU))
    sketch.steps(path, facing)
    sketch.under(start, "start")
    sketch.under(path[-1], f"then {SEED_PIVOTS} pivot")
    x = sketch.field[0] + 4
    sketch.wind(x, PAD, wind)
    side = wind_side(facing, wind)
    sketch.dial(x + 72, PAD, SEED_DIAL, SEED_PIVOTS, "the picture's dial", side)
    caption = (
        f"The wind blows towards the ship's {DIAL_SIDES[side]}, so its speed is the number on "
        f"that side of the dial: {most}. It sails forward 1, 2 or {most} spaces (at least 1; "
        f"dashed: where it started), then makes its {SEED_PIVOTS} pivot, turning one side. "
        "It could as well pivot first, and then read its dial again. The rulebook's picture "
        "shows only the bow and stern numbers, and seems to draw the ship sailing with the "
        f"wind; we follow its words, the wind blowing towards the stern{MARK}."
    )
    return sketch.done(), caption


def _sides(n: int) -> str:
    return "one side" if n == 1 else f"{n} sides"


def pivot_first(game: BvpGame) -> Told:
    """Pivot before moving: the example ship's speed read again after its pivots."""
    ship = example_ship(game)
    assert ship.speed is not None
    start, facing, wind = (0, 0), 1, 4
    turn = -min(2, int(ship.pivots))  # to port, as far as two pivots
    before = speed(ship.speed, facing, wind)
    turned = (facing + turn) % 6
    after = speed(ship.speed, turned, wind)
    path = sail(start, turned, int(after))
    sketch = Sketch(_around((start, *path)), right=170)
    sketch.sea()
    sketch.hull(Hull(start, facing, YOU, ghost=True))
    sketch.hull(Hull(start, turned, YOU, ghost=True))
    sketch.path(start, path[-1])
    sketch.steps(path, turned)
    sketch.hull(Hull(path[-1], turned, YOU))
    sketch.under(start, "1 pivot first" if turn == -1 else f"{abs(turn)} pivots first")
    x = sketch.field[0] + 4
    sketch.wind(x, PAD, wind)
    lit = wind_side(turned, wind)
    title = f"the {ship.name}'s dial"
    if fonts.text_width(title, fonts.BOLD, SMALL) > DIAL_BOX[0] - 8:
        title = "its dial"
    sketch.dial(x + 72, PAD, ship.speed, ship.pivots, title, lit)
    was = DIAL_SIDES[wind_side(facing, wind)]
    caption = (
        f"The {ship.name} faces right, the wind blowing towards its {was}: its dial gives "
        f"{before}. It pivots first, {_sides(abs(turn))} to port (its card allows "
        f"{ship.pivots}; dashed: before and after the pivots). Now the wind blows towards its "
        f"{DIAL_SIDES[lit]} and the dial gives {after}: it sails up to {after} spaces, and may "
        "not pivot again this turn."
    )
    return sketch.done(), caption


SHOOTER = (0, 0)
SHOOTER_FACING = 1
"""The shooting ship of the arc and target pictures: in the middle, facing right."""


def arcs(game: BvpGame) -> Told:
    """The example ship's two firing arcs out to its cannons' reach, each space numbered with
    its range; the arcs' edges dashed."""
    ship = example_ship(game)
    assert ship.cannons is not None
    most = reach(ship.cannons)
    field = within(SHOOTER, most + 1)
    fills: dict[Space, str] = {}
    ranges: dict[Space, int] = {}
    for space in field - {SHOOTER}:
        found = aim(SHOOTER, SHOOTER_FACING, space, 0, set(), most)
        if found.valid:
            fills[space] = ARC
            ranges[space] = found.range
    sketch = Sketch(field)
    sketch.sea(fills)
    cx, cy = sketch.centre(SHOOTER)
    far = HEX * (most + 1.6)
    for d in (-1, 1):
        for toward in (SHOOTER_FACING, SHOOTER_FACING + 3):
            ux, uy = _unit(toward)
            a = math.atan2(uy, ux) + d * math.pi / 6
            end = (cx + far * math.cos(a), cy + far * math.sin(a))
            sketch.line((cx, cy), end, colour=ARC_EDGE, width=1.0)
    for space, n in ranges.items():
        sketch.word(space, str(n))
    sketch.hull(Hull(SHOOTER, SHOOTER_FACING, YOU))
    sketch.text(2, 8, "port arc (above)", size=SMALL, bold=True)
    sketch.text(2, sketch.height - 3, "starboard arc (below)", size=SMALL, bold=True)
    caption = (
        f"The {ship.name} (red, facing right) fires from both sides: into the green spaces "
        "off its port side (above) and its starboard side (below), each numbered with its "
        f"range, out to {most} spaces, where its cannons' table stops (X). Straight ahead and "
        "astern it cannot fire. A space the arc's edge (dashed) cuts in half is in the "
        f"arc{MARK}, as half a target's space in sight is enough for line of sight."
    )
    return sketch.done(), caption


@dataclass(frozen=True, slots=True)
class Target:
    """An enemy ship of the target picture: its letter and its space."""

    letter: str
    at: Space


ISLAND = ((0, -1),)
"""The target picture's land."""
TARGETS = (
    Target("A", (1, -2)),
    Target("B", (3, 0)),
    Target("C", (0, 2)),
    Target("D", (0, 3)),
    Target("E", (-2, -2)),
    Target("F", (-3, 0)),
    Target("G", (0, -3)),
)
"""The target picture's enemy ships: some the shooter may fire on, some not, each for its
own reason."""


def target_aims(game: BvpGame) -> list[tuple[Target, Aim]]:
    """Each of :data:`TARGETS` as the example ship, at :data:`SHOOTER`, sees it: every other
    ship and the island stand in the way."""
    ship = example_ship(game)
    assert ship.cannons is not None
    most = reach(ship.cannons)
    found = []
    for target in TARGETS:
        blocked = set(ISLAND) | {t.at for t in TARGETS if t != target}
        found.append((target, aim(SHOOTER, SHOOTER_FACING, target.at, 4, blocked, most)))
    return found


def targets(game: BvpGame) -> Told:
    """The rulebook's valid-target picture: ticks and crosses around the shooter."""
    ship = example_ship(game)
    assert ship.cannons is not None
    seen = target_aims(game)
    field = within(SHOOTER, 4)
    sketch = Sketch(field)
    sketch.sea()
    for space in ISLAND:
        sketch.land(space)
    for target, _ in seen:
        sketch.line(sketch.centre(SHOOTER), sketch.centre(target.at), width=0.6)
    sketch.hull(Hull(SHOOTER, SHOOTER_FACING, YOU))
    for target, found in seen:
        sketch.hull(Hull(target.at, 4, ENEMY, target.letter))
        sketch.tick(target.at, found.valid)
    told = []
    for target, found in seen:
        what = _in_the_way(target)
        if found.valid:
            half = f", half hidden by {what}" if what else ""
            told.append(
                f"**{target.letter}** may be shot ({found.broadside}, {found.range} spaces{half})"
            )
        elif found.in_arc and not found.seen:
            told.append(f"**{target.letter}** may not: {what} stands in the way")
        else:
            told.append(f"**{target.letter}** may not: {found.why_not}")
    caption = (
        f"The {ship.name} (red, facing right; cannons reach {reach(ship.cannons)} "
        f"spaces) and {len(TARGETS)} enemy ships; dashed: the lines of sight. "
        + "; ".join(told)
        + "."
    )
    both = sorted({found.broadside for _, found in seen if found.valid})
    if both == ["port", "starboard"]:
        caption += (
            " With a target on each side, it may shoot twice this turn, once from each side, "
            "each a separate attack with its own rolls and Skill Cards."
        )
    return sketch.done(), caption


def _in_the_way(target: Target) -> str:
    """What stands on a line of sight to ``target`` ("the island", "ship C"), or ""."""
    for line in sight_lines(SHOOTER, target.at):
        for space in line.between:
            if space in ISLAND:
                return "the island"
            hit = next((t for t in TARGETS if t.at == space), None)
            if hit is not None:
                return f"ship {hit.letter}"
    return ""


@dataclass(frozen=True, slots=True)
class SideExample:
    """One of the rulebook's targeting examples: the shooter, the target and any ship in the
    way, each with the side it faces."""

    key: str
    shooter: Space
    shooter_facing: int
    target_facing: int
    others: tuple[Space, ...] = ()


TARGET = (0, 0)
SIDE_EXAMPLES = (
    SideExample("A", (-2, 0), 0, 4),
    SideExample("B", (-1, -1), 0, 4),
    SideExample("C", (-1, -1), 0, 1, ((0, -1),)),
)
"""Examples A (only the bow shows), B (bow and starboard show equally: the shooter names one)
and C (stern and port would show, but a ship beside the port side hides it)."""


def side_aim(game: BvpGame, example: SideExample) -> Aim:
    ship = example_ship(game)
    assert ship.cannons is not None
    return aim(
        example.shooter,
        example.shooter_facing,
        TARGET,
        example.target_facing,
        set(example.others),
        reach(ship.cannons),
    )


def side(game: BvpGame, example: SideExample) -> Told:
    """One targeting example: the target's sides a shot may name, drawn thick and named."""
    found = side_aim(game, example)
    sketch = Sketch(within(TARGET, 2))
    sketch.sea()
    sketch.line(sketch.centre(example.shooter), sketch.centre(TARGET), width=0.7)
    for k in range(6):
        if CARD_SIDES[relative(k, example.target_facing)] in found.sides:
            a, b = sketch.edge(TARGET, k)
            sketch.items.append(Shape((a, b), closed=False, stroke=HIT, width=4.0))
    sketch.hull(Hull(example.shooter, example.shooter_facing, YOU))
    sketch.hull(Hull(TARGET, example.target_facing, ENEMY, "T"))
    for other in example.others:
        sketch.hull(Hull(other, example.target_facing, OTHER))
    (sx, sy), (cx, cy) = sketch.centre(example.shooter), sketch.centre(TARGET)
    length = math.hypot(cx - sx, cy - sy)
    nx, ny = -(cy - sy) / length, (cx - sx) / length  # across the line of sight
    entries = {line.enters for line in sight_lines(example.shooter, TARGET)}
    for k in sorted(entries):  # each side named where the line of sight comes in
        name = CARD_SIDES[relative(k, example.target_facing)]
        if name in found.sides:
            ux, uy = _unit(k)
            x, y = cx + ux * HEX * 0.95, cy + uy * HEX * 0.95
            off = (x - cx) * nx + (y - cy) * ny  # how far the words sit off the line
            if abs(off) < 11:
                shift = (11 - abs(off)) * (1 if off >= 0 else -1)
                x, y = x + nx * shift, y + ny * shift
            sketch.items.append(Rect((x - 18, y - 6), 36, 9, 2, fill="#ffffff", stroke=HIT))
            sketch.items.append(Words((x, y + 1), name, SMALL, INK, "middle", "bold"))
    return sketch.done(), side_caption(example, found)


def side_caption(example: SideExample, found: Aim) -> str:
    """What a targeting example shows, told from the aim."""
    named = " or the ".join(found.sides)
    if example.others:
        return (
            f"**{example.key}.** The shot runs down a corner of the target (T) between two "
            f"sides, but a ship lies against one of them: only the {named} may be hit{MARK}."
        )
    if len(found.sides) > 1:
        return (
            f"**{example.key}.** The shot runs down a corner between two sides that show "
            f"equally: the shooter names the {named} before any Skill Card or roll."
        )
    return f"**{example.key}.** Only the target's {named} faces the shooter: only it may be hit."


STERN_ARMOUR = 4
"""The stern armour in the rulebook's damage picture ("Stern Defense +4")."""
DAMAGE_DICE: Mapping[str, int | None] = {"stern": 2, "structure": 6}
"""The damage example's dice before the shot. The picture shows the stern D6 on 4, but its
words say the stern absorbs 2 of 3 hits, which a D6 on 2 does: we follow the words."""
DAMAGE_HITS = 3


def damage(game: BvpGame) -> Told:
    """The rulebook's damage example: 3 hits on the stern, before and after."""
    hits = take_hits(DAMAGE_DICE, "stern", DAMAGE_HITS)
    penalty = example_ship(game).defence.get("stern")
    words = penalty.penalty if penalty is not None else ""
    sketch = Sketch(())
    sketch.width, sketch.height = 470.0, 112.0
    _card_part(sketch, 6, "before", DAMAGE_DICE, "")
    sketch.arrow((196, 56), (262, 56), width=1.6)
    sketch.items.append(
        Words((229, 47), f"{DAMAGE_HITS} hits on the stern", SMALL, INK, "middle", "bold")
    )
    _card_part(sketch, 272, "after", hits.dice, words)
    after = defence(STERN_ARMOUR, hits.dice, "stern")
    structure_after = hits.dice.get("structure")
    caption = (
        f"{DAMAGE_HITS} hits on the stern. The stern's D6 takes {hits.absorbed}: it turns "
        f"down from {DAMAGE_DICE['stern']} to 1, and the next hit takes it off (a hit on a 1 "
        f"does{MARK}). The last hit goes on to the Structure: {DAMAGE_DICE['structure']} to "
        f"{structure_after}. With the stern's D6 off, its penalty applies "
        f"(“{words}”), and a shot at the stern must now reach the stern's armour plus the "
        f"Structure: {STERN_ARMOUR} + {structure_after} = {after}. When the Structure's D6 "
        "comes off, the ship sinks. (The rulebook's picture shows the stern D6 on 4, which "
        f"would take all three hits; its words say the stern takes 2, so we show it on 2{MARK}.)"
    )
    return sketch.done(), caption


CANNON_ROLLS = (11, 10)
"""Its two D12: one shows 11 (a hit); the other totals 11 with the accuracy (a miss)."""
PORT_DIE = 5
"""The target's port D6 before the shot; the hit turns it down to 4."""


def cannon(game: BvpGame) -> Told:
    """The rulebook's cannon example as its numbers give it: 2 D12 at 2 spaces, one hit on the
    port side. Its hit and miss need a defence of the miss + 1, so a port armour of that less
    the D6; the caption compares it with the Venture's and marks our reading."""
    guns = next(c for c in game.cannons if c.key == CANNON_EXAMPLE)
    accuracy = int(guns.accuracy[CANNON_RANGE - 1])
    totals = [roll + accuracy for roll in CANNON_ROLLS]
    needed = min(totals) + 1  # the miss falls one short: the hit's total is the defence
    armour = needed - PORT_DIE
    after = take_hits({"port": PORT_DIE}, "port", sum(t >= needed for t in totals)).dice
    venture = example_ship(game)
    port = venture.defence.get("port")
    venture_armour = (port.armor if port is not None else None) or 0
    venture_hits = sum(t >= venture_armour + PORT_DIE for t in totals)
    would = "both would hit" if venture_hits == len(totals) else f"{venture_hits} would hit"
    sketch = Sketch(())
    sketch.width, sketch.height = 470.0, 112.0
    _cannon_table(sketch, 6, guns.name, guns.dice, guns.accuracy)
    sketch.text(162, 16, f"{len(CANNON_ROLLS)} D12 at {CANNON_RANGE} spaces", size=8.0, bold=True)
    for n, (roll, total) in enumerate(zip(CANNON_ROLLS, totals, strict=True)):
        y = 44.0 + 36 * n
        _d12(sketch, 176, y, roll)
        verdict = "hit" if total >= needed else "miss"
        sketch.text(194, y + 3, f"{roll} + {accuracy} = {total}: {verdict}", size=8.0, bold=True)
    sketch.arrow((284, 56), (306, 56), width=1.6)
    sketch.items.append(Rect((312, 4), 152, 104, 5, fill="#f4ecd8", stroke=INK, line=0.8))
    sketch.text(320, 16, "the target's port side", size=8.0, bold=True)
    _die(sketch, 322, 30, PORT_DIE)
    sketch.arrow((360, 47), (380, 47), width=1.2)
    _die(sketch, 386, 30, after.get("port"))
    sketch.text(320, 80, f"Port +{armour}: a hit needs", size=SMALL)
    sketch.text(320, 90, f"{armour} + D6 {PORT_DIE} = {needed}", size=SMALL, bold=True)
    sketch.text(320, 100, f"1 hit: the D6 turns to {after.get('port')}", size=SMALL)
    caption = (
        f"The rulebook's cannon example. The target is {CANNON_RANGE} spaces away and the "
        f"shooter aims at its port side: its {guns.name} roll {len(CANNON_ROLLS)} D12 and add "
        f"{accuracy}. One D12 shows {CANNON_ROLLS[0]}: {totals[0]}, a hit; the other totals "
        f"{totals[1]}, a miss. The hit turns the port D6 down from {PORT_DIE} to "
        f"{after.get('port')}. **The numbers do not fit the rule:** a hit must equal or beat "
        f"the side's printed armour plus its D6, so {totals[0]} hits and {totals[1]} misses "
        f"only against a port armour of {armour} ({armour} + {PORT_DIE} = {needed}); against "
        f"the Venture's Port +{venture_armour} ({venture_armour} + {PORT_DIE} = "
        f"{venture_armour + PORT_DIE}) {would}. Our reading{MARK}: the example's target "
        f"has Port +{armour}, and the rule stands as written."
    )
    return sketch.done(), caption


def _cannon_table(
    sketch: Sketch, x: float, name: str, dice: tuple[str, ...], accuracy: tuple[str, ...]
) -> None:
    """A card's cannon table at ``x``, the example's range ringed."""
    sketch.items.append(Rect((x, 4), 146, 104, 5, fill="#f4ecd8", stroke=INK, line=0.8))
    sketch.text(x + 8, 16, name, size=8.0, bold=True)
    rows = (("range", tuple(str(r) for r in range(1, 5))), ("dice", dice), ("accuracy", accuracy))
    for n, (label, values) in enumerate(rows):
        y = 40.0 + 22 * n
        sketch.text(x + 8, y, label, size=SMALL)
        for k, value in enumerate(values):
            sketch.items.append(Words((x + 62 + 20 * k, y), str(value), 8.0, INK, "middle", "bold"))
    ring = x + 62 + 20 * (CANNON_RANGE - 1)
    sketch.items.append(Rect((ring - 9, 28), 18, 62, 4, stroke=HIT, line=1.4))


def _d12(sketch: Sketch, x: float, y: float, value: int) -> None:
    """A D12 showing ``value``, centred at (x, y)."""
    outline = tuple(
        (x + 13 * math.cos(math.radians(90 + 72 * k)), y - 13 * math.sin(math.radians(90 + 72 * k)))
        for k in range(5)
    )
    sketch.items.append(Shape(outline, fill="#ffffff", stroke=INK, width=0.8))
    sketch.items.append(Words((x, y + 3.5), str(value), 9.0, INK, "middle", "bold"))


def _card_part(
    sketch: Sketch, x: float, title: str, dice: Mapping[str, int | None], penalty: str
) -> None:
    """The stern and Structure squares of a ship card, at ``x``."""
    sketch.items.append(Rect((x, 4), 188, 104, 5, fill="#f4ecd8", stroke=INK, line=0.8))
    sketch.text(x + 8, 16, title, size=8.0, bold=True)
    rows = (("stern", f"Stern +{STERN_ARMOUR}", 24.0), ("structure", "Structure", 64.0))
    for key, name, y in rows:
        value = dice.get(key)
        _die(sketch, x + 10, y, value)
        sketch.text(x + 52, y + 12, name, size=8.0, bold=True)
        if key == "stern" and value is None:
            sketch.text(x + 52, y + 24, f"D6 off: {penalty}", size=SMALL)
            total = defence(STERN_ARMOUR, dice, "stern")
            structure = dice.get("structure")
            shot = f"a shot here needs {STERN_ARMOUR} + Structure {structure} = {total}"
            sketch.text(x + 52, y + 34, shot, size=SMALL)
        elif key == "stern":
            sketch.text(x + 52, y + 24, "its D6 on the square", size=SMALL)
        else:
            sketch.text(x + 52, y + 24, "when its D6 comes off, the ship sinks", size=SMALL)


PIPS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def _die(sketch: Sketch, x: float, y: float, value: int | None) -> None:
    """A D6 showing ``value`` in a 34 pt square at (x, y), or the empty square once it is off."""
    size = 34.0
    if value is None:
        sketch.items.append(
            Shape(
                ((x, y), (x + size, y), (x + size, y + size), (x, y + size)),
                fill="#ffffff",
                stroke=INK,
                width=0.8,
                dash=(3.0, 2.0),
            )
        )
        sketch.items.append(Words((x + size / 2, y + size / 2 + 2.5), "off", LABEL, INK, "middle"))
        return
    sketch.items.append(Rect((x + 3, y + 3), size - 6, size - 6, 4, fill="#ffffff", stroke=INK))
    cx, cy = x + size / 2, y + size / 2
    for px, py in PIPS[value]:
        sketch.items.append(Circle((cx + 8 * px, cy + 8 * py), 2.6, fill=INK))


DRAWN: dict[str, Callable[[BvpGame], Told]] = {
    "movement": movement,
    "pivot-first": pivot_first,
    "arcs": arcs,
    "targets": targets,
    "damage": damage,
    "cannon": cannon,
}
"""Each picture ``rules.yaml`` may name (``picture: arcs``) that is one diagram; ``sides``
is the three targeting examples side by side (:func:`sides`)."""


def sides(game: BvpGame) -> tuple[Told, ...]:
    """The rulebook's targeting examples A, B and C, each a diagram and its caption."""
    return tuple(side(game, example) for example in SIDE_EXAMPLES)
