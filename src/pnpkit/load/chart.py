"""Charts from YAML: ``data/<game>/charts/<name>.yaml`` → :class:`pnpkit.model.Chart`, and the
game's rules for its charts (the ``storm`` and ``charts`` fields of the game's own file) →
:class:`pnpkit.model.chart.ChartRules`.

The loader checks that the files are well formed (types, ranges, labels on the chart, seat
numbers that exist); whether the design obeys the game's rules is the engine's question
(:func:`pnpkit.engine.checks.check_chart`).

Given the game's rules, a chart file may leave out ``rounds``, ``storm`` and ``screened``: the
chart takes them from the rules, so each number lives in one place. A chart that writes them
anyway is checked against the rules (``game-length``, ``storm-schedule``, ``screen``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import pairwise
from pathlib import Path
from typing import Any

from pnpkit.errors import DataError, Location, Problem
from pnpkit.load.fields import (
    Fields,
    Kind,
    Problems,
    boolean,
    enum_of,
    integer,
    length,
    list_of,
    text,
)
from pnpkit.load.nodes import ListNode, MapNode, Node
from pnpkit.load.regions import cell_set
from pnpkit.load.schema import PLACES, Reader
from pnpkit.load.yamlnode import try_load_yaml
from pnpkit.model import Cell, Chart, Seat, Seating, Shape, Symmetry
from pnpkit.model.chart import (
    CHARTS,
    MAX_CAPTAINS,
    MAX_PRINTED_SIDE,
    MAX_ROUNDS,
    ChartRules,
    GameCharts,
    SeatingRule,
    printed_size,
)
from pnpkit.model.schema import Where
from pnpkit.units import to_points

MAX_SIDE = 60
"""Largest width or height of a square chart, in cells."""
MAX_RADIUS = 30
"""Largest radius of a hex chart."""
ROTATIONS = {Shape.SQUARE: (1, 2, 4), Shape.HEX: (1, 2, 3, 6)}
NAME_PATTERN = r"[a-z0-9][a-z0-9-]*"


GameRules = Mapping[str, ChartRules]
"""The game's rules for each of its charts, by chart name."""


GAME_FILE = "game.yaml"
"""The game's own file, beside its ``charts`` folder: where its chart rules are written."""


def load_chart(path: Path | str, rules: GameRules | None = None) -> Chart:
    """Read one chart file; raise :class:`DataError` listing every problem in it.

    ``rules`` are the game's rules for its charts; None: read them from the game's file when
    the chart lies in a game's ``charts`` folder (``data/<game>/charts/<name>.yaml``)."""
    path = Path(path)
    problems = Problems()
    if rules is None and path.parent.name == "charts":
        rules = read_game_rules(path.parent.parent, problems)
    chart = read_chart(path, problems, rules)
    problems.raise_if_any()
    assert chart is not None
    return chart


def load_charts(game_dir: Path | str, rules: GameRules | None = None) -> dict[str, Chart]:
    """Read every ``charts/*.yaml`` of a game, keyed and sorted by name, with the game's
    ``rules`` for its charts (None: read from the game's file, when it has one). Problems in
    all the files are reported together."""
    folder = Path(game_dir) / "charts"
    paths = sorted(folder.glob("*.yaml"))
    if not paths:
        raise DataError([Problem(Location(str(folder)), "", "no chart files (*.yaml) found")])
    problems = Problems()
    if rules is None:
        rules = read_game_rules(Path(game_dir), problems)
    charts = [read_chart(path, problems, rules) for path in paths]
    problems.raise_if_any()
    return {chart.name: chart for chart in sorted(charts, key=_name) if chart is not None}


def _name(chart: Chart | None) -> str:
    return "" if chart is None else chart.name


def read_chart(path: Path, problems: Problems, rules: GameRules | None = None) -> Chart | None:
    """Read one chart, adding its problems to ``problems``; None if any were found. With the
    game's ``rules``, the chart must be one of the game's, and what it leaves out of ``rounds``,
    ``storm`` and ``screened`` comes from its rules."""
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
    own = _rules_of(f, name, rules)
    cell_size = f.need("cell_size", length(to_points("0.25in"), to_points("4in")))
    if cell_size and shape is not None and (width and height if shape is Shape.SQUARE else radius):
        _printable(f, printed_size(shape, width, height, radius, cell_size), cell_size)
    if own is None:
        rounds = f.need("rounds", integer(1, MAX_ROUNDS))
    else:
        rounds = f.get("rounds", integer(1, MAX_ROUNDS), own.rounds)
    symmetry = _symmetry(f, shape, width, height)
    screened = f.get("screened", boolean(), own.screened if own else False)
    random_islands = f.get("random_islands", integer(0, MAX_SIDE * MAX_SIDE), 0)
    storm = _storm(f, rounds or MAX_ROUNDS, own.storm_rounds if own else None)

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
        where=Where(PLACES, node),
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


def _rules_of(f: Fields, name: str | None, rules: GameRules | None) -> ChartRules | None:
    """The game's rules for the chart ``name``; a problem at ``name`` if the game has none."""
    if rules is None or name is None:
        return None
    own = rules.get(name)
    if own is None:
        known = ", ".join(sorted(rules)) or "none"
        f.add(
            f.node_of("name"),
            "name",
            f"the game's rules name no chart {name!r}",
            f"{known} (the charts of the game's file)",
        )
    return own


def _storm(f: Fields, rounds: int, default: tuple[int, ...] | None = None) -> tuple[int, ...]:
    sub = f.sub("storm", required=default is None)
    if sub is None:
        return default or ()
    closes = read_storm(sub, rounds, "the chart's rounds")
    return default or () if closes is None else closes


def read_storm(sub: Fields, rounds: int, whose: str) -> tuple[int, ...] | None:
    """``closes_after_rounds`` of a ``storm`` mapping: rising rounds, each 1 to ``rounds``."""
    closes = sub.need("closes_after_rounds", list_of(integer(1, rounds, f"1–{rounds}, {whose}")))
    sub.done()
    if closes is None:
        return None
    if falls(closes):
        sub.add(
            sub.node_of("closes_after_rounds"), "closes_after_rounds", f"{closes} {FALLS}", RISING
        )
    return tuple(closes)


FALLS = "does not rise round by round"
RISING = "rounds in increasing order"


def falls(closes: Sequence[int]) -> bool:
    """Whether a storm's schedule fails to rise round by round."""
    return any(b <= a for a, b in pairwise(closes))


# --- the game's rules for its charts -----------------------------------------------------------


def _captain_counts() -> Kind[tuple[int, ...]]:
    one = integer(1, MAX_CAPTAINS)
    many = list_of(one, min_len=1, unique=True)

    def read(node: Node, field: str) -> tuple[int, ...]:
        if isinstance(node, ListNode):
            return tuple(many(node, field))
        return (one(node, field),)

    return read


CAPTAINS: dict[str, Kind[Any]] = {"captains": _captain_counts()}
"""How a :class:`Reader` reads a seating rule's ``captains``: one count or a list of counts
(``Reader(**CAPTAINS)`` reads a model holding :class:`GameCharts`)."""


def chart_rules(reader: Reader, game: GameCharts) -> GameCharts:
    """``game``'s rules for each chart, completed with the game's ``rounds`` and storm, once
    ``reader`` has read them; adds what the annotations cannot say to the reader's problems (the
    storm within the game's rounds and rising, teams that divide the captain counts).

    ``storm.closes_after_rounds`` lists the rounds after which ring 1, 2, … closes;
    ``charts.<name>`` holds ``screened``, ``wings`` and ``seatings``, a list of
    ``{mode, captains, team_size, partners, rivals, fair}`` (:class:`ChartRules`)."""
    closes = game.storm.closes_after_rounds
    items = reader.node(game.storm, "closes_after_rounds")
    for i, value in enumerate(closes):
        if (
            value > game.rounds
            and isinstance(items, ListNode)
            and reader.complete("storm.closes_after_rounds")
        ):
            where = items.items[i].where
            reader.problems.add(
                where,
                f"storm.closes_after_rounds[{i}]",
                f"{value} is out of range",
                f"1–{game.rounds}, the game's rounds",
            )
    if falls(closes):
        reader.add(game.storm, "closes_after_rounds", f"{list(closes)} {FALLS}", RISING)
    for rule in reader.built(SeatingRule):
        uneven = [c for c in rule.captains if c % rule.team_size]
        if uneven:
            message = (
                f"{', '.join(map(str, uneven))} captains do not make teams of {rule.team_size}"
            )
            reader.add(rule, "captains", message, f"multiples of {rule.team_size}")
    charts = {
        name: replace(rules, rounds=game.rounds, storm_rounds=closes)
        for name, rules in game.charts.items()
    }
    return replace(game, charts=charts)


def read_game_rules(game_dir: Path, problems: Problems) -> dict[str, ChartRules] | None:
    """The chart rules of the game in ``game_dir`` (its ``rounds``, ``storm`` and ``charts``),
    or None when its file has no ``charts``. Only these fields are read: the game's own loader
    judges the rest of the file."""
    path = game_dir / GAME_FILE
    if not path.is_file():
        return None
    node = try_load_yaml(path, problems.items)
    if not isinstance(node, MapNode) or node.get(CHARTS.path[0]) is None:
        return None
    reader = Reader(**CAPTAINS)
    reader.problems = problems
    game = reader.part(GameCharts, node)
    return None if game is None else chart_rules(reader, game).charts


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
