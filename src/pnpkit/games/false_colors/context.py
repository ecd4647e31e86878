"""What rule text may say: the values its placeholders read, all taken from the models."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pnpkit.errors import DataError, Location, Problem
from pnpkit.games.false_colors.charts.model import Chart, Shape
from pnpkit.games.false_colors.combat import sink_points
from pnpkit.games.false_colors.model import ROSTER, Ability, FleetGame, ShipClass
from pnpkit.games.false_colors.rule_text import RuleText, and_list
from pnpkit.model.cells import Square
from pnpkit.model.ours import MARK, plain

ROLES: dict[str, Ability] = {
    "first_rate": Ability.FIRST_RATE,
    "privateer": Ability.SINKS_FIRST_RATE_ATTACKING,
    "fireship": Ability.FIRESHIP,
    "boarder": Ability.BOARDS_FIRESHIPS,
    "admiral": Ability.ADMIRAL,
    "cutter": Ability.CUTTER,
}
"""Placeholder names for the ships that break the rating rule, by the ability they carry."""


@dataclass(frozen=True, slots=True)
class ChartFacts:
    """Counts a rule sentence may quote about one chart."""

    name: str
    title: str
    size_text: str
    width: int
    height: int
    radius: int
    seats: int
    anchorage: str
    """``"4 by 4"`` on a square chart, ``"16 hexes"`` on a hex chart."""
    anchorage_cells: int
    wing_cells: int
    start_cells: int
    """Anchorage plus wings of one seat."""
    spare_cells: int
    """Anchorage cells left empty once the whole fleet stands in it."""
    harbors: int
    capital_cells: int
    islands: int
    storm_rounds: tuple[int, ...]


def chart_facts(chart: Chart, fleet_size: int) -> ChartFacts:
    seat = chart.seats[0] if chart.seats else None
    anchorage = len(seat.anchorage) if seat else 0
    wings = len(seat.wings) if seat else 0
    xs = [c.x for c in seat.anchorage if isinstance(c, Square)] if seat else []
    ys = [c.y for c in seat.anchorage if isinstance(c, Square)] if seat else []
    if chart.shape is Shape.SQUARE and xs and ys:
        shape = f"{max(xs) - min(xs) + 1} by {max(ys) - min(ys) + 1}"
    else:  # a hex chart's, or an anchorage with no cells (the chart's checks say so)
        shape = f"{anchorage} {'hexes' if chart.shape is not Shape.SQUARE else 'cells'}"
    return ChartFacts(
        name=chart.name,
        title=chart.title,
        size_text=chart.size_text,
        width=chart.width,
        height=chart.height,
        radius=chart.radius,
        seats=len(chart.seats),
        anchorage=shape,
        anchorage_cells=anchorage,
        wing_cells=wings,
        start_cells=anchorage + wings,
        spare_cells=anchorage - fleet_size,
        harbors=len(chart.harbors),
        capital_cells=len(chart.capital),
        islands=len(chart.islands),
        storm_rounds=chart.storm_rounds,
    )


def ship_roles(game: FleetGame) -> dict[str, ShipClass]:
    """The ship class carrying each role's ability; a DataError if a role has none."""
    roles: dict[str, ShipClass] = {}
    missing: list[Problem] = []
    for role, ability in ROLES.items():
        ship = next((s for s in game.roster if s.has(ability)), None)
        if ship is None:
            missing.append(
                Problem(
                    game.where.of(*ROSTER.path),
                    ROSTER.path[-1],
                    f"no ship has the ability {ability.value!r}",
                )
            )
        else:
            roles[role] = ship
    if missing:
        raise DataError(missing)
    return roles


def _storm_disagreements(charts: Mapping[str, Chart], rules: RuleText) -> list[Problem]:
    """One problem per chart whose storm rounds differ from the most common schedule."""
    if not charts:
        return [Problem(Location(rules.source), "storm", "no chart to read the storm rounds from")]
    order = [charts[name].storm_rounds for name in sorted(charts)]
    counts = Counter(order)
    usual = max(order, key=counts.__getitem__)  # the most charts'; on a tie, the first by name
    first = next(name for name in sorted(charts) if charts[name].storm_rounds == usual)
    return [
        Problem(
            chart.where.of("storm", "closes_after_rounds"),
            "storm.closes_after_rounds",
            f"the {name} chart's storm closes after rounds {list(chart.storm_rounds)}, the "
            f"{first} chart's after {list(usual)}; the rules quote one schedule",
            "the same rounds on every chart",
        )
        for name, chart in sorted(charts.items())
        if chart.storm_rounds != usual
    ]


def wind_facts(charts: Mapping[str, Chart], rules: RuleText) -> dict[str, Any]:
    """The wind's start (``rules.yaml``'s ``wind.from``, a seat of the hex chart) and that seat's
    number; a DataError names a corner the hex chart has no seat at."""
    if "from" not in rules.wind:
        return dict(rules.wind)
    corner = str(plain(rules.wind["from"]))
    seats = charts["hex"].seats if "hex" in charts else ()
    seat = next((s for s in seats if s.name == corner), None)
    if seat is None:
        raise DataError(
            [
                Problem(
                    rules.where.of("wind", "from"),
                    "wind.from",
                    f"{corner!r} is not a seat of the hex chart",
                    ", ".join(s.name for s in seats) or "no hex chart",
                )
            ]
        )
    return {**rules.wind, "seat": seat.index + 1}


NUMBER_WORDS = (
    "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve",
)  # fmt: skip
"""A ship's moves in words (``moves`` is 0–12): "sails her three cells"."""
ORDINALS = (
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
    "tenth", "eleventh", "twelfth",
)  # fmt: skip
"""Step 1, 2, … in words: "her second and third steps"."""


def truce_words(count: int) -> dict[str, Any]:
    """How rule text names the truce, from ``truce_rounds`` (a count of opening rounds):
    ``rounds`` is "round 1" or "rounds 1–3", ``sentence`` "Round 1 is a truce." or "Rounds 1–3
    are a truce.", ``clause`` "; round 1 is a truce"; all three empty when there is none."""
    if count <= 0:
        return {"count": 0, "rounds": "", "sentence": "", "clause": ""}
    rounds = "round 1" if count == 1 else f"rounds 1–{count}"
    said = f"{rounds} {'is' if count == 1 else 'are'} a truce"
    return {
        "count": count,
        "rounds": rounds,
        "sentence": f"{said[0].upper()}{said[1:]}.",
        "clause": f"; {said}",
    }


def cutter_words(cutter: ShipClass) -> dict[str, str]:
    """The Cutter's run in words, from her ``moves``: ``cells`` "three", ``later_steps``
    "second and third steps" (the steps she takes after every ship's first)."""
    later = [ORDINALS[n - 1] for n in range(2, cutter.moves + 1)]
    return {
        "cells": NUMBER_WORDS[cutter.moves],
        "later_steps": and_list(later) + (" step" if len(later) == 1 else " steps"),
    }


def rule_context(game: FleetGame, charts: Mapping[str, Chart], rules: RuleText) -> dict[str, Any]:
    """Every value rule text may name, read from the models and ``rules.yaml``'s numbers."""
    facts = {name: chart_facts(chart, game.fleet_size) for name, chart in sorted(charts.items())}
    schedules = {chart.storm_rounds for chart in charts.values()}
    if len(schedules) != 1:
        raise DataError(_storm_disagreements(charts, rules))
    ships = ship_roles(game)
    return {
        "ours": MARK,
        "wind": wind_facts(charts, rules),
        "game": game,
        "truce": truce_words(game.truce_rounds),
        "cutter": cutter_words(ships["cutter"]),
        "score": game.scoring,
        "ships": ships,
        "fleet": {ship.key: ship for ship in game.roster},
        "max_orders": game.orders + game.admiral_orders,
        "storm_rounds": next(iter(schedules)),
        "rules": dict(rules.numbers),
        "pirates": dict(rules.pirates),
        "charts": facts,
        "sunk_points": ", ".join(
            f"{ship.name} {sink_points(ship, game.scoring)}"
            for ship in game.roster
            if ship.rating is not None
        ),
        **facts,
    }
