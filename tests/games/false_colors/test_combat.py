from __future__ import annotations

from dataclasses import replace

import pytest

from pnpkit.errors import CheckFailed
from pnpkit.games.false_colors.charts.model import GameCharts, Storm
from pnpkit.games.false_colors.combat import Outcome, combat_table, resolve, sink_points
from pnpkit.games.false_colors.model import Ability, FleetGame, Scoring, ShipClass

A = Ability
ROSTER = (
    ShipClass("7", "First Rate", 1, 7, 1, frozenset({A.FIRST_RATE})),
    ShipClass("6", "Ship of the Line", 1, 6, 1),
    ShipClass("5", "Frigate", 1, 5, 1),
    ShipClass("4", "Sloop", 2, 4, 1),
    ShipClass("3", "Boarding Party", 2, 3, 1, frozenset({A.BOARDS_FIRESHIPS})),
    ShipClass("2", "Cutter", 3, 2, 3, frozenset({A.CUTTER})),
    ShipClass("1", "Privateer", 1, 1, 1, frozenset({A.SINKS_FIRST_RATE_ATTACKING})),
    ShipClass("X", "Fireship", 2, None, 0, frozenset({A.FIRESHIP})),
    ShipClass("A", "Admiral", 1, None, 1, frozenset({A.ADMIRAL})),
)
SCORING = Scoring(
    harbor=1, capital=2, admiral_captured=8, admiral_afloat=4, admiral_lost=-8, sunk_divisor=2
)
GAME = FleetGame(
    title="False Colors",
    subtitle="",
    roster=ROSTER,
    fleets=(),
    scoring=SCORING,
    orders=3,
    admiral_orders=1,
    stalling_rounds=6,
    truce_rounds=1,
    fleet_size=14,
    chart_rules=GameCharts(24, Storm((13, 18, 22))),
)

# "Who beats whom", read across from the attacker to the defender (7 6 5 4 3 2 1 X A):
# ✓ attacker wins, ✕ attacker loses, = both sink, ⚑ Admiral captured, – no attack.
WHO_BEATS_WHOM = {
    "7": "=✓✓✓✓✓✓✕⚑",
    "6": "✕=✓✓✓✓✓✕⚑",
    "5": "✕✕=✓✓✓✓✕⚑",
    "4": "✕✕✕=✓✓✓✕⚑",
    "3": "✕✕✕✕=✓✓✓⚑",
    "2": "✕✕✕✕✕=✓✕⚑",
    "1": "✓✕✕✕✕✕=✕⚑",
    "X": "–––––––––",
    "A": "–––––––––",
}


def test_table_matches_who_beats_whom():
    table = combat_table(GAME)
    assert [c.key for c in table.classes] == list(WHO_BEATS_WHOM)
    assert {key: "".join(symbols) for key, symbols in table.rows()} == WHO_BEATS_WHOM


def test_the_three_exceptions():
    assert resolve(ROSTER[6], ROSTER[0]) is Outcome.ATTACKER_WINS  # Privateer attacks First Rate
    assert resolve(ROSTER[0], ROSTER[6]) is Outcome.ATTACKER_WINS  # First Rate attacks Privateer
    assert resolve(ROSTER[4], ROSTER[7]) is Outcome.ATTACKER_WINS  # Boarding Party takes a Fireship
    assert resolve(ROSTER[0], ROSTER[7]) is Outcome.ATTACKER_LOSES  # anyone else burns
    assert resolve(ROSTER[6], ROSTER[8]) is Outcome.ADMIRAL_CAPTURED
    assert resolve(ROSTER[8], ROSTER[6]) is Outcome.NO_ATTACK
    assert combat_table(GAME).outcome("1", "1") is Outcome.BOTH_SINK


def test_sink_points_are_half_the_rating_rounded_down():
    points = {ship.key: sink_points(ship, SCORING) for ship in ROSTER}
    assert points == {"7": 3, "6": 3, "5": 2, "4": 2, "3": 1, "2": 1, "1": 0, "X": 0, "A": 0}


def test_a_class_no_rule_decides_is_reported_with_every_pair():
    odd = ShipClass("?", "Ghost", 1, None, 1)
    game = replace(GAME, roster=(ROSTER[0], odd))
    with pytest.raises(CheckFailed) as info:
        combat_table(game)
    message = str(info.value)
    assert "First Rate against Ghost" in message
    assert "Ghost against First Rate" in message
    assert "Ghost against Ghost" in message
