"""The three shipped false-colors charts, built in Python from the agreed designs.

The YAML under ``data/false-colors/charts/`` holds the same designs; these builders keep the
engine's tests independent of the loader.
"""

from __future__ import annotations

from pnpkit.games.false_colors.charts.model import (
    Chart,
    ChartRules,
    Partners,
    Rivals,
    Seat,
    Seating,
    SeatingRule,
    Shape,
    Symmetry,
)
from pnpkit.model.cells import Cell, Hex, Square

CELL = 90.0  # 1.25 in
STORM = (13, 18, 22)
ROUNDS = 24


def block(x0: int, x1: int, y0: int, y1: int) -> frozenset[Cell]:
    """Squares with x0 ≤ x ≤ x1 and y0 ≤ y ≤ y1."""
    return frozenset(Square(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1))


def turned(cells: frozenset[Cell] | set[Cell], turns: int, size: int) -> frozenset[Cell]:
    out: set[Cell] = set()
    for c in cells:
        assert isinstance(c, Square)
        out.add(c.rotated(turns, size, size))
    return frozenset(out)


def square_chart() -> Chart:
    anchorage = block(4, 7, 0, 3)
    wings = block(2, 3, 0, 1) | block(8, 9, 0, 1)
    names = ("North", "East", "South", "West")
    seats = tuple(
        Seat(k, names[k], turned(anchorage, k, 12), turned(wings, k, 12)) for k in range(4)
    )
    harbors = frozenset().union(*(turned({Square(2, 2)}, k, 12) for k in range(4)))
    islands = frozenset().union(*(turned({Square(3, 3), Square(4, 4)}, k, 12) for k in range(4)))
    return Chart(
        name="square",
        title="The square chart",
        shape=Shape.SQUARE,
        cell_size=CELL,
        seats=seats,
        harbors=harbors,
        capital=block(5, 6, 5, 6),
        islands=islands,
        storm_rounds=STORM,
        rounds=ROUNDS,
        symmetry=Symmetry(4, True),
        width=12,
        height=12,
        seatings=(
            Seating(2, (0, 2)),
            Seating(4, (0, 1, 2, 3)),
            Seating(4, (0, 1, 2, 3), ((0, 1), (2, 3))),
        ),
        screened=True,
        random_islands=20,
    )


def duel_chart() -> Chart:
    return Chart(
        name="duel",
        title="The duel chart",
        shape=Shape.SQUARE,
        cell_size=CELL,
        seats=(Seat(0, "North", block(3, 6, 0, 3)), Seat(1, "South", block(3, 6, 6, 9))),
        harbors=frozenset({Square(1, 5), Square(8, 4)}),
        capital=block(4, 5, 4, 5),
        islands=frozenset({Square(2, 5), Square(7, 4), Square(1, 2), Square(8, 7)}),
        storm_rounds=STORM,
        rounds=ROUNDS,
        symmetry=Symmetry(2, False),
        width=10,
        height=10,
        seatings=(Seating(2, (0, 1)),),
    )


HEX_NAMES = ("East", "South-east", "South-west", "West", "North-west", "North-east")


def hex_chart() -> Chart:
    radius = 8
    every = [
        Hex(q, r)
        for r in range(-radius, radius + 1)
        for q in range(-radius, radius + 1)
        if Hex(q, r).length() <= radius
    ]
    seats = []
    for k in range(6):
        corner = Hex(radius, 0).rotated(k)
        seats.append(Seat(k, HEX_NAMES[k], frozenset(h for h in every if h.distance(corner) <= 3)))
    centre = Hex(0, 0)
    return Chart(
        name="hex",
        title="Six Captains",
        shape=Shape.HEX,
        cell_size=CELL,
        seats=tuple(seats),
        harbors=frozenset(Hex(3, 3).rotated(k) for k in range(6)),
        capital=frozenset((centre, *centre.neighbours())),
        islands=frozenset(h.rotated(k) for h in (Hex(4, 1), Hex(1, 4)) for k in range(6)),
        storm_rounds=STORM,
        rounds=ROUNDS,
        symmetry=Symmetry(6, True),
        radius=radius,
        seatings=(
            Seating(2, (0, 3)),
            Seating(3, (0, 2, 4)),
            Seating(4, (0, 1, 3, 4)),
            Seating(5, (0, 1, 2, 3, 4)),
            Seating(6, (0, 1, 2, 3, 4, 5)),
            Seating(6, (0, 1, 2, 3, 4, 5), ((0, 2, 4), (1, 3, 5))),
        ),
    )


def shipped_charts() -> tuple[Chart, ...]:
    return square_chart(), duel_chart(), hex_chart()


# The game's rules for each chart, from the seed's "Setting up" and "Charts, seats and modes".
TWO_OPPOSITE = SeatingRule("open-water", (2,), rivals=Rivals.OPPOSITE)


def square_rules() -> ChartRules:
    return ChartRules(
        rounds=ROUNDS,
        storm_rounds=STORM,
        seatings=(
            TWO_OPPOSITE,
            SeatingRule("open-water", (4,)),
            SeatingRule("pairs", (4,), team_size=2, partners=Partners.NEIGHBOURS),
        ),
        screened=True,
        wings=True,
    )


def duel_rules() -> ChartRules:
    return ChartRules(rounds=ROUNDS, storm_rounds=STORM, seatings=(TWO_OPPOSITE,))


def hex_rules() -> ChartRules:
    return ChartRules(
        rounds=ROUNDS,
        storm_rounds=STORM,
        seatings=(
            TWO_OPPOSITE,
            SeatingRule("open-water", (3, 4, 5, 6)),
            SeatingRule("triads", (6,), team_size=3),
        ),
    )


def rules_for(chart: Chart) -> ChartRules:
    return {"square": square_rules, "duel": duel_rules, "hex": hex_rules}[chart.name]()
