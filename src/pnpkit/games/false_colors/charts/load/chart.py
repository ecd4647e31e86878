"""Charts from YAML: ``data/<game>/charts/<name>.yaml`` →
:class:`pnpkit.games.false_colors.charts.model.Chart`, and the game's rules for its charts (the
``storm`` and ``charts`` fields of the game's own file) →
:class:`pnpkit.games.false_colors.charts.model.ChartRules`.

The loader checks that the files are well formed (types, ranges, labels on the chart, seat
numbers that exist); whether the design obeys the game's rules is the engine's question
(:func:`pnpkit.games.false_colors.charts.engine.checks.check_chart`).

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
from pnpkit.games.false_colors.charts.load.regions import cell_set
from pnpkit.games.false_colors.charts.model import (
    CHARTS,
    MAX_CAPTAINS,
    MAX_PRINTED_SIDE,
    MAX_ROUNDS,
    Chart,
    ChartRules,
    GameCharts,
    Seating,
    SeatingRule,
    Shape,
    Symmetry,
    printed_size,
)
from pnpkit.load.fields import Kind, Problems, integer, invalid, list_of
from pnpkit.load.nodes import ListNode, MapNode, Node, describe
from pnpkit.load.schema import PLACES, Reader, writes
from pnpkit.load.yamlnode import try_load_yaml
from pnpkit.model.cells import Cell
from pnpkit.model.schema import Where

ROTATIONS = {Shape.SQUARE: (1, 2, 4), Shape.HEX: (1, 2, 3, 6)}


GameRules = Mapping[str, ChartRules]
"""The game's rules for each of its charts, by chart name."""


GAME_FILE = "game.yaml"
"""The game's own file, beside its ``charts`` folder: where its chart rules are written."""


def load_chart(path: Path | str, rules: GameRules | None = None) -> Chart:
    """Read one chart file; raise :class:`DataError` listing every problem in it.

    ``rules`` are the game's rules for its charts (:func:`load_charts` reads them from the
    game's file); None: the chart alone, taking nothing from a game's rules. Where the file
    lies says nothing: a game's chart is read through its game (False Colors' ``load_kit``)."""
    problems = Problems()
    chart = read_chart(Path(path), problems, rules)
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
    ``storm`` and ``screened`` comes from its rules.

    The fields are read from :class:`Chart`'s annotations; the cells, seat numbers, rotations
    and storm are read by kinds made here for this chart's geometry, seats and rounds (read
    first, silently: the reader reports them once, where they are read)."""
    before = len(problems)
    node = try_load_yaml(path, problems.items)
    if node is None:
        return None
    if not isinstance(node, MapNode):
        problems.add(node.where, "", f"expected a mapping of fields, found {describe(node)}")
        return None
    early = Reader().value
    name: str | None = early(Chart, "name", node)
    shape: Shape | None = early(Chart, "shape", node)
    width, height, radius = (early(Chart, key, node) or 0 for key in ("width", "height", "radius"))
    own = _rules_of(problems, node, name, rules)
    rounds = early(Chart, "rounds", node) or (own.rounds if own else None) or MAX_ROUNDS
    seats = node.get("seats")
    seat_count = len(seats.items) if isinstance(seats, ListNode) else 0
    board = _board(shape, width, height, radius)
    reader = Reader(**_kinds(board, shape, width, height, rounds, seat_count))
    reader.problems = problems
    given: dict[str, Any] = {"source": str(path)}
    if own is not None:
        for field_name, value in (
            ("rounds", own.rounds),
            ("storm_rounds", own.storm_rounds),
            ("screened", own.screened),
        ):
            if not writes(node, Chart, field_name):
                given[field_name] = value
    chart = reader.read(Chart, node, **given)
    _geometry(problems, node, shape)
    where = Where(PLACES, node)
    if name is not None and name != path.stem:
        message = f"{name!r} differs from the file name"
        problems.add(where.of("name"), "name", message, f"{path.stem!r}, the file's name")
    cell_size: float | None = early(Chart, "cell_size", node)
    if board is not None and cell_size:
        size = printed_size(board.shape, width, height, radius, cell_size)
        _printable(problems, where, size, cell_size)
    for seating in reader.built(Seating):
        _seating(reader, seating)
    if len(problems) > before or chart is None:
        return None
    numbered = tuple(replace(seat, index=i) for i, seat in enumerate(chart.seats))
    return replace(chart, seats=numbered, where=where)


def _board(shape: Shape | None, width: int, height: int, radius: int) -> Chart | None:
    """A chart with geometry only, to read labels against; None when the geometry is bad."""
    if (shape is Shape.SQUARE and width and height) or (shape is Shape.HEX and radius):
        return _blank(shape, width, height, radius)
    return None


def _kinds(
    board: Chart | None,
    shape: Shape | None,
    width: int,
    height: int,
    rounds: int,
    seat_count: int,
) -> dict[str, Kind[Any]]:
    """How this chart's :class:`~pnpkit.model.schema.Custom` fields are read: the cells on its
    ``board`` (none when the geometry is bad: its problems are reported already), seat numbers
    of its ``seat_count`` seats, the rotations its shape allows, a storm within its ``rounds``."""

    def cells(node: Node, field: str) -> frozenset[Cell]:
        return frozenset(cell_set(board)(node, field)) if board is not None else frozenset()

    last = seat_count - 1
    seat_number = (
        integer(0, last, f"0–{last}, the seats in the order listed")
        if seat_count
        else integer(0)  # no seats were read: their problems are reported already
    )
    seat_list = list_of(seat_number, min_len=1, unique=True)
    listed = _tupled(seat_list)
    teams = list_of(seat_list, min_len=0)

    def team_tuples(node: Node, field: str) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(team) for team in teams(node, field))

    return {
        "harbors": cells,
        "capital": cells,
        "islands": cells,
        "anchorage": cells,
        "wings": cells,
        "rotations": _rotations(shape, width, height),
        "storm_rounds": _storm_kind(rounds),
        "captains": integer(1, seat_count or None),
        "seats": listed,
        "teams": team_tuples,
    }


def _tupled(kind: Kind[list[int]]) -> Kind[tuple[int, ...]]:
    def read(node: Node, field: str) -> tuple[int, ...]:
        return tuple(kind(node, field))

    return read


def _rotations(shape: Shape | None, width: int, height: int) -> Kind[int]:
    """The turns a chart of ``shape`` may declare (a square chart that is not square: 1, 2)."""
    options = ROTATIONS.get(shape, (1, 2, 3, 4, 6)) if shape is not None else (1, 2, 3, 4, 6)
    if shape is Shape.SQUARE and width and height and width != height:
        options = (1, 2)
    allowed = ", ".join(str(n) for n in options)
    if shape is not None:
        allowed += f" on a {shape.value} chart" + (
            " that is not square" if options == (1, 2) else ""
        )
    turns = integer(1, 6, allowed)

    def read(node: Node, field: str) -> int:
        rotations = turns(node, field)
        if rotations not in options:
            raise invalid(node, field, f"{rotations} is not possible", allowed)
        return rotations

    return read


def _storm_kind(rounds: int) -> Kind[tuple[int, ...]]:
    """A storm's ``closes_after_rounds``: rising rounds, each 1 to the chart's ``rounds``."""
    closes = list_of(integer(1, rounds, f"1–{rounds}, the chart's rounds"))

    def read(node: Node, field: str) -> tuple[int, ...]:
        found = closes(node, field)
        if falls(found):
            raise invalid(node, field, f"{found} {FALLS}", RISING)
        return tuple(found)

    return read


def _geometry(problems: Problems, node: MapNode, shape: Shape | None) -> None:
    """A square chart writes ``width`` and ``height``, a hex chart ``radius``, not the others."""
    need, forbid, reason = {
        Shape.SQUARE: (("width", "height"), ("radius",), "square charts use width and height"),
        Shape.HEX: (("radius",), ("width", "height"), "hex charts use radius"),
        None: ((), (), ""),
    }[shape]
    for key in need:
        if node.get(key) is None:
            problems.add(node.where, key, "missing")
    for key in forbid:
        written = node.key_node(key)
        if written is not None:
            problems.add(written.where, key, f"not allowed here: {reason}")


def _printable(problems: Problems, where: Where, size: tuple[float, float], cell: float) -> None:
    """A chart longer than :data:`MAX_PRINTED_SIDE` on a side is a problem at its ``cell`` size."""
    longest = max(size)
    if longest > MAX_PRINTED_SIDE + 1e-6:
        cells = int(MAX_PRINTED_SIDE // cell)
        problems.add(
            where.of("cell_size"),
            "cell_size",
            f"the chart would print {longest / 72:.2f} in ({longest / 72 * 25.4:.0f} mm) on its "
            "longest side",
            f"at most {MAX_PRINTED_SIDE / 72:g} in: fewer cells, or smaller ones "
            f"(about {cells} cells a side at {cell / 72:g} in)",
        )


def _seating(reader: Reader, seating: Seating) -> None:
    """A seating lists one seat per captain, and its teams split exactly its seats."""
    seats, captains = seating.seats, seating.captains
    if len(seats) != captains:
        message = f"lists {len(seats)} seat{'' if len(seats) == 1 else 's'} for {captains} captains"
        reader.add(seating, "seats", message, "one seat per captain")
    placed: list[int] = []
    for team in seating.teams:
        for member in team:
            if member not in seats:
                message = f"seat {member} is in a team but not in seats {list(seats)}"
                reader.add(seating, "teams", message)
            elif member in placed:
                reader.add(seating, "teams", f"seat {member} is in two teams")
            placed.append(member)
    missing = sorted(set(seats) - set(placed))
    if seating.teams and missing:
        reader.add(seating, "teams", f"seats {missing} are in no team")


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


def _rules_of(
    problems: Problems, node: MapNode, name: str | None, rules: GameRules | None
) -> ChartRules | None:
    """The game's rules for the chart ``name``; a problem at ``name`` if the game has none."""
    if rules is None or name is None:
        return None
    own = rules.get(name)
    if own is None:
        known = ", ".join(sorted(rules)) or "none"
        problems.add(
            Where(PLACES, node).of("name"),
            "name",
            f"the game's rules name no chart {name!r}",
            f"{known} (the charts of the game's file)",
        )
    return own


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


def game_rules(game_dir: Path | str) -> dict[str, ChartRules] | None:
    """The chart rules of the game in ``game_dir`` (:func:`read_game_rules`); raise
    :class:`DataError` listing every problem in them."""
    problems = Problems()
    rules = read_game_rules(Path(game_dir), problems)
    problems.raise_if_any()
    return rules


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
