"""Charts from YAML: ``data/<game>/charts/<name>.yaml`` → :class:`pnpkit.model.Chart`.

The loader checks that the file is well formed (types, ranges, labels on the chart, seat
numbers that exist); whether the design obeys the game's rules is the engine's question
(:func:`pnpkit.engine.checks.check_chart`).
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

from pnpkit.errors import DataError, Location, Problem
from pnpkit.load.fields import (
    Fields,
    Problems,
    boolean,
    enum_of,
    integer,
    length,
    list_of,
    text,
)
from pnpkit.load.regions import cell_set
from pnpkit.load.yamlnode import try_load_yaml
from pnpkit.model import Cell, Chart, Seat, Seating, Shape, Symmetry
from pnpkit.model.chart import MAX_PRINTED_SIDE, printed_size
from pnpkit.units import to_points

MAX_SIDE = 60
"""Largest width or height of a square chart, in cells."""
MAX_RADIUS = 30
"""Largest radius of a hex chart."""
MAX_ROUNDS = 99
ROTATIONS = {Shape.SQUARE: (1, 2, 4), Shape.HEX: (1, 2, 3, 6)}
NAME_PATTERN = r"[a-z0-9][a-z0-9-]*"


def load_chart(path: Path | str) -> Chart:
    """Read one chart file; raise :class:`DataError` listing every problem in it."""
    problems = Problems()
    chart = read_chart(Path(path), problems)
    problems.raise_if_any()
    assert chart is not None
    return chart


def load_charts(game_dir: Path | str) -> dict[str, Chart]:
    """Read every ``charts/*.yaml`` of a game, keyed and sorted by name. Problems in all the
    files are reported together."""
    folder = Path(game_dir) / "charts"
    paths = sorted(folder.glob("*.yaml"))
    if not paths:
        raise DataError([Problem(Location(str(folder)), "", "no chart files (*.yaml) found")])
    problems = Problems()
    charts = [read_chart(path, problems) for path in paths]
    problems.raise_if_any()
    return {chart.name: chart for chart in sorted(charts, key=_name) if chart is not None}


def _name(chart: Chart | None) -> str:
    return "" if chart is None else chart.name


def read_chart(path: Path, problems: Problems) -> Chart | None:
    """Read one chart, adding its problems to ``problems``; None if any were found."""
    before = len(problems)
    node = try_load_yaml(path, problems.items)
    if node is None:
        return None
    f = Fields(node, problems)
    name = f.need("name", text(pattern=NAME_PATTERN, allowed="lower-case letters, digits, -"))
    if name is not None and name != path.stem:
        f.add(
            f.node_of("name"),
            "name",
            f"{name!r} differs from the file name",
            f"{path.stem!r}, the file's name",
        )
    title = f.need("title", text())
    shape = f.need("shape", enum_of(Shape))
    width = height = radius = 0
    if shape is Shape.SQUARE:
        f.forbid("radius", "square charts use width and height")
        width = f.need("width", integer(1, MAX_SIDE)) or 0
        height = f.need("height", integer(1, MAX_SIDE)) or 0
    elif shape is Shape.HEX:
        f.forbid("width", "hex charts use radius")
        f.forbid("height", "hex charts use radius")
        radius = f.need("radius", integer(1, MAX_RADIUS)) or 0
    else:
        for key in ("width", "height", "radius"):
            f.node_of(key)
    cell_size = f.need("cell_size", length(to_points("0.25in"), to_points("4in")))
    if cell_size and shape is not None and (width and height if shape is Shape.SQUARE else radius):
        _printable(f, printed_size(shape, width, height, radius, cell_size), cell_size)
    rounds = f.need("rounds", integer(1, MAX_ROUNDS))
    symmetry = _symmetry(f, shape, width, height)
    screened = f.get("screened", boolean(), False)
    random_islands = f.get("random_islands", integer(0, MAX_SIDE * MAX_SIDE), 0)
    storm = _storm(f, rounds or MAX_ROUNDS)

    geometry_ok = shape is not None and (width and height if shape is Shape.SQUARE else radius)
    board: Chart | None = None
    if geometry_ok and shape is not None:
        board = _blank(shape, width, height, radius)
    seats = _seats(f, board)
    harbors = _cells(f, "harbors", board)
    capital = _cells(f, "capital", board)
    islands = _cells(f, "islands", board)
    seatings = _seatings(f, len(seats))
    f.done()
    if len(problems) > before:
        return None
    assert name and title and shape and cell_size and rounds and symmetry and board
    return Chart(
        name=name,
        title=title,
        shape=shape,
        cell_size=cell_size,
        seats=seats,
        harbors=frozenset(harbors),
        capital=frozenset(capital),
        islands=frozenset(islands),
        storm_rounds=storm,
        rounds=rounds,
        symmetry=symmetry,
        width=width,
        height=height,
        radius=radius,
        seatings=seatings,
        screened=screened,
        random_islands=random_islands,
        source=str(path),
    )


def _printable(f: Fields, size: tuple[float, float], cell_size: float) -> None:
    """A chart longer than :data:`MAX_PRINTED_SIDE` on a side is a problem at ``cell_size``."""
    longest = max(size)
    if longest > MAX_PRINTED_SIDE + 1e-6:
        cells = int(MAX_PRINTED_SIDE // cell_size)
        f.add(
            f.node_of("cell_size"),
            "cell_size",
            f"the chart would print {longest / 72:.2f} in ({longest / 72 * 25.4:.0f} mm) on its "
            "longest side",
            f"at most {MAX_PRINTED_SIDE / 72:g} in: fewer cells, or smaller ones "
            f"(about {cells} cells a side at {cell_size / 72:g} in)",
        )


def _blank(shape: Shape, width: int, height: int, radius: int) -> Chart:
    """A chart with geometry only, to read labels against."""
    return Chart(
        name="",
        title="",
        shape=shape,
        cell_size=0.0,
        seats=(),
        harbors=frozenset(),
        capital=frozenset(),
        islands=frozenset(),
        storm_rounds=(),
        rounds=0,
        symmetry=Symmetry(1),
        width=width,
        height=height,
        radius=radius,
    )


def _symmetry(f: Fields, shape: Shape | None, width: int, height: int) -> Symmetry | None:
    sub = f.sub("symmetry")
    if sub is None:
        return None
    options = ROTATIONS.get(shape, (1, 2, 3, 4, 6)) if shape is not None else (1, 2, 3, 4, 6)
    if shape is Shape.SQUARE and width and height and width != height:
        options = (1, 2)
    allowed = ", ".join(str(n) for n in options)
    if shape is not None:
        allowed += f" on a {shape.value} chart" + (
            " that is not square" if options == (1, 2) else ""
        )
    rotations = sub.need("rotations", integer(1, 6, allowed))
    if rotations is not None and rotations not in options:
        sub.add(sub.node_of("rotations"), "rotations", f"{rotations} is not possible", allowed)
        rotations = None
    reflections = sub.get("reflections", boolean(), False)
    sub.done()
    return None if rotations is None else Symmetry(rotations, reflections)


def _storm(f: Fields, rounds: int) -> tuple[int, ...]:
    sub = f.sub("storm")
    if sub is None:
        return ()
    closes = sub.need(
        "closes_after_rounds", list_of(integer(1, rounds, f"1–{rounds}, the chart's rounds"))
    )
    sub.done()
    if closes is None:
        return ()
    if any(b <= a for a, b in pairwise(closes)):
        sub.add(
            sub.node_of("closes_after_rounds"),
            "closes_after_rounds",
            f"{closes} does not rise round by round",
            "rounds in increasing order",
        )
    return tuple(closes)


def _cells(f: Fields, key: str, board: Chart | None, required: bool = True) -> tuple[Cell, ...]:
    if board is None:
        f.node_of(key)
        return ()
    if required:
        return f.need(key, cell_set(board)) or ()
    return f.get(key, cell_set(board), ())


def _seats(f: Fields, board: Chart | None) -> tuple[Seat, ...]:
    seats: list[Seat] = []
    for index, seat in enumerate(f.records("seats", min_len=1)):
        name = seat.need("name", text(max_len=40))
        anchorage = _cells(seat, "anchorage", board)
        wings = _cells(seat, "wings", board, required=False)
        seat.done()
        seats.append(Seat(index, name or "", frozenset(anchorage), frozenset(wings)))
    return tuple(seats)


def _seatings(f: Fields, seat_count: int) -> tuple[Seating, ...]:
    seatings: list[Seating] = []
    last = seat_count - 1
    seat_number = (
        integer(0, last, f"0–{last}, the seats in the order listed")
        if seat_count
        else integer(0)  # no seats were read: their problems are reported already
    )
    for entry in f.records("seatings", required=False):
        captains = entry.need("captains", integer(1, seat_count or None))
        seats = entry.need("seats", list_of(seat_number, min_len=1, unique=True)) or []
        no_teams: list[list[int]] = []
        teams = entry.get("teams", list_of(list_of(seat_number, min_len=1, unique=True)), no_teams)
        if captains is not None and seats and len(seats) != captains:
            entry.add(
                entry.node_of("seats"),
                "seats",
                f"lists {len(seats)} seat{'' if len(seats) == 1 else 's'} for {captains} captains",
                "one seat per captain",
            )
        placed: list[int] = []
        for team in teams:
            for member in team:
                if member not in seats:
                    entry.add(
                        entry.node_of("teams"),
                        "teams",
                        f"seat {member} is in a team but not in seats {seats}",
                    )
                elif member in placed:
                    entry.add(entry.node_of("teams"), "teams", f"seat {member} is in two teams")
                placed.append(member)
        if teams and sorted(placed) != sorted(seats):
            missing = sorted(set(seats) - set(placed))
            if missing:
                entry.add(entry.node_of("teams"), "teams", f"seats {missing} are in no team")
        entry.done()
        seatings.append(Seating(captains or 0, tuple(seats), tuple(tuple(team) for team in teams)))
    return tuple(seatings)
