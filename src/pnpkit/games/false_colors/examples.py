"""What the rulebook's worked examples tell of fights, held against the combat rules.

The examples in ``rules.yaml`` name their ships through placeholders (``fleet['4'].name``,
``ships.cutter.rating``), but the stories are words: "the Cutter sinks", "the Frigate sinks
Blue's Sloop", "the two Sloops would have met and both sunk". A roster on which
:func:`~pnpkit.games.false_colors.combat.resolve` decides these fights otherwise would print an
example that contradicts the combat table beside it, so :func:`example_problems` refuses it at
the rating that turns the fight, saying what the example needs. The captains an example seats
must sit as some chart's seating table allows (:func:`seating_problems`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pnpkit.errors import Problem
from pnpkit.games.false_colors.charts.model import Chart
from pnpkit.games.false_colors.combat import Outcome, resolve
from pnpkit.games.false_colors.model import ROSTER, Ability, FleetGame, ShipClass


@dataclass(frozen=True, slots=True)
class Fight:
    """One fight an example tells: ``attacker`` (a role or a token key) sails into
    ``defender``; the example says ``outcome``, and what the rating must be to say so."""

    example: str
    attacker: str
    defender: str
    outcome: Outcome
    needs: str


FIGHTS = (
    Fight("example round", "cutter", "4", Outcome.ATTACKER_LOSES, "below"),
    Fight("example of ships meeting", "5", "4", Outcome.ATTACKER_WINS, "above"),
    Fight("example of ships meeting", "4", "4", Outcome.BOTH_SINK, "equal to"),
)
"""The fights the shipped examples tell: the Cutter attacks a Sloop (4) and sinks; the Frigate
(5) sinks each Sloop in turn; two Sloops that meet both sink."""


EXAMPLE_ROUNDS = (("example round", 5), ("example of ships meeting", 9))
"""The round each shipped example is told in ("Round 5, two captains", "Round 9, three
captains"): its ships fight, so it must be a round of the game past the truce."""


EXAMPLE_SEATS = (("example round", (0, 1)), ("example of ships meeting", (0, 2, 4)))
"""The seats (from 0) each shipped example seats its captains on, seat k sailing fleet k: Blue
and Orange (seats 1 and 2, the duel chart); Blue, Green and Yellow (seats 1, 3 and 5, three
captains on the hex chart)."""


def seating_problems(game: FleetGame, charts: Mapping[str, Chart]) -> list[Problem]:
    """An example that seats its captains as no chart's seating table allows (three captains
    on seats 1, 2 and 3, where the hex chart seats three on 1, 3 and 5), at ``charts`` in
    ``game.yaml`` with the seatings that are allowed."""
    allowed = {
        (name, tuple(sorted(seating.seats)))
        for name, chart in sorted(charts.items())
        for seating in chart.seatings
    }
    problems: list[Problem] = []
    for example, seats in EXAMPLE_SEATS:
        if any(taken == tuple(sorted(seats)) for _, taken in allowed):
            continue
        shown = ", ".join(str(seat + 1) for seat in seats)
        choices = "; ".join(
            f"{name}: {', '.join(str(seat + 1) for seat in taken)}"
            for name, taken in sorted(allowed)
            if len(taken) == len(seats)
        )
        problems.append(
            Problem(
                game.where.of("charts"),
                "charts",
                f"the rulebook's {example} seats {len(seats)} captains on seats {shown}, which "
                "no chart's seating table allows",
                f"seats a chart gives {len(seats)} captains ({choices or 'none'}), "
                "or a rulebook example rewritten",
            )
        )
    return problems


def _ship(game: FleetGame, name: str) -> ShipClass | None:
    if name == "cutter":
        return next((s for s in game.roster if s.has(Ability.CUTTER)), None)
    return next((s for s in game.roster if s.key == name), None)


def example_problems(game: FleetGame) -> list[Problem]:
    """One problem per fight an example tells that the roster's combat decides otherwise, at
    the attacker's ``rating`` (a ship an example names that the roster lacks is the rule text's
    problem, found when its placeholder renders)."""
    problems = _round_problems(game)
    for fight in FIGHTS:
        attacker, defender = _ship(game, fight.attacker), _ship(game, fight.defender)
        if attacker is None or defender is None:
            continue
        try:
            outcome = resolve(attacker, defender)
        except ValueError:  # a class no rule decides: the combat table says so
            continue
        if outcome is fight.outcome:
            continue
        index = game.roster.index(attacker)
        where = game.where.of(*ROSTER.path, str(index), "rating")
        problems.append(
            Problem(
                where,
                f"{ROSTER.path[-1]}[{index}].rating",
                f"{_rating(attacker)}: the {attacker.name} attacking a {defender.name} "
                f"({_rating(defender)}) gives '{outcome.value}', but the rulebook's "
                f"{fight.example} tells '{fight.outcome.value}'",
                f"a rating {fight.needs} the {defender.name}'s {_rating(defender)}, "
                "or a rulebook example rewritten",
            )
        )
    return problems


def _round_problems(game: FleetGame) -> list[Problem]:
    """An example told in a round the game does not have, or in a round of truce (when no
    ship may attack), at ``rounds`` or ``truce_rounds``."""
    problems: list[Problem] = []
    for example, number in EXAMPLE_ROUNDS:
        if number > game.rounds:
            field, said = "rounds", f"a {game.rounds}-round game has no round {number}"
            allowed = f"at least {number} rounds, or a rulebook example rewritten"
        elif number <= game.truce_rounds:
            field, said = "truce_rounds", f"round {number} is a round of truce"
            allowed = f"at most {number - 1} rounds of truce, or a rulebook example rewritten"
        else:
            continue
        problems.append(
            Problem(
                game.where.of(field),
                field,
                f"{getattr(game, field)}: the rulebook's {example} is told in round {number}, "
                f"and its ships fight, but {said}",
                allowed,
            )
        )
    return problems


def _rating(ship: ShipClass) -> str:
    return ship.key if ship.rating is None else str(ship.rating)
