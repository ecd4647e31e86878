from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.errors import CheckFailed
from pnpkit.games.false_colors.charts.chartjson import chart_to_json
from pnpkit.games.false_colors.charts.engine.checks import check_chart
from pnpkit.games.false_colors.charts.engine.deal import DealFailed, deal_islands
from pnpkit.games.false_colors.charts.engine.symmetry import seat_group
from pnpkit.model.cells import Square

from .charts import duel_chart, hex_chart, square_chart

SQUARE, DUEL, HEX = square_chart(), duel_chart(), hex_chart()
SCREEN = SQUARE.islands  # the design's islands are exactly the eight screening cells
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def assert_good_deal(chart, dealt, count):
    assert check_chart(dealt) == []
    assert len(dealt.islands) == count
    # Dealt with the rotations that carry seat k to seat k + 1; a mirror is not asked for.
    assert dealt.symmetry.rotations == chart.symmetry.rotations
    assert not dealt.symmetry.reflections
    group = seat_group(dealt)
    assert len(group.elements) == chart.symmetry.rotations
    for t in group.elements:
        assert t.apply(dealt.islands) == dealt.islands
    reserved = set(chart.harbors) | set(chart.capital)
    for seat in chart.seats:
        reserved |= seat.anchorage | seat.wings
    assert not dealt.islands & reserved
    # nothing but the islands changed
    assert replace(dealt, islands=chart.islands, symmetry=chart.symmetry) == chart


@given(seed=SEEDS, count=st.sampled_from([8, 12, 16, 20, 24]))
@settings(max_examples=30, deadline=None)
def test_square_deals_pass_every_check_and_keep_the_screen(seed, count):
    dealt = deal_islands(SQUARE, count, random.Random(seed))
    assert_good_deal(SQUARE, dealt, count)
    assert dealt.islands >= SCREEN


@given(seed=SEEDS, count=st.sampled_from([2, 4, 6, 8, 12, 16]))
@settings(max_examples=30, deadline=None)
def test_duel_deals_pass_every_check(seed, count):
    assert_good_deal(DUEL, deal_islands(DUEL, count, random.Random(seed)), count)


@given(seed=SEEDS, count=st.sampled_from([6, 12, 18, 24, 36]))
@settings(max_examples=30, deadline=None)
def test_hex_deals_pass_every_check(seed, count):
    assert_good_deal(HEX, deal_islands(HEX, count, random.Random(seed)), count)


@given(seed=SEEDS, chart=st.sampled_from([SQUARE, DUEL, HEX]))
@settings(max_examples=30, deadline=None)
def test_same_seed_same_json(seed, chart):
    islands = 16 if chart is SQUARE else None
    first = deal_islands(chart, islands, random.Random(seed))
    second = deal_islands(chart, islands, random.Random(seed))
    a = json.dumps(chart_to_json(replace(first, seed=seed)), sort_keys=True)
    b = json.dumps(chart_to_json(replace(second, seed=seed)), sort_keys=True)
    assert a == b


def test_seeds_give_different_maps():
    maps = {deal_islands(HEX, 24, random.Random(seed)).islands for seed in range(20)}
    assert len(maps) > 5


def test_none_keeps_the_charts_own_count_and_the_seed_is_the_callers():
    dealt = deal_islands(HEX, None, random.Random(3))
    assert len(dealt.islands) == len(HEX.islands)
    assert dealt.seed is None


_SCRIPT = """
import json, random, sys
sys.path.insert(0, {tests!r})
from engine.charts import square_chart
from pnpkit.games.false_colors.charts.chartjson import chart_to_json
from pnpkit.games.false_colors.charts.engine.deal import deal_islands
print(json.dumps(chart_to_json(deal_islands(square_chart(), 20, random.Random(11))), sort_keys=True))
"""


def test_same_seed_same_map_whatever_the_hash_seed():
    tests = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    outputs = set()
    for hash_seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        result = subprocess.run(
            [sys.executable, "-c", _SCRIPT.format(tests=tests)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        outputs.add(result.stdout)
    assert len(outputs) == 1


def test_eighty_islands_fail_clearly_with_counted_reasons():
    with pytest.raises(DealFailed) as info:
        deal_islands(SQUARE, 80, random.Random(1))
    message = str(info.value)
    assert isinstance(info.value, CheckFailed)
    assert "cannot deal 80 islands on square" in message
    assert "only 32 of its 144 cells may hold an island" in message
    assert "64 anchorage cells (anchorage-open)" in message
    assert "32 wing cells (wings)" in message
    assert "8 cells beside the Capital (capital-open)" in message


def test_hopeless_count_is_proved_impossible_with_the_failing_check():
    # all 32 free cells as islands: the harbors are cut off once ring 2 closes
    with pytest.raises(DealFailed) as info:
        deal_islands(SQUARE, 32, random.Random(1), max_attempts=20)
    assert info.value.rejections == {"storm-rings": 1}
    assert info.value.exists is False
    assert str(info.value) == (
        "no valid map with 32 islands exists on square: the only way to place them as whole "
        "orbits of the seat group fails its checks (failing checks: storm-rings 1)"
    )


def test_counts_not_made_of_whole_orbits_are_refused():
    with pytest.raises(DealFailed, match=r"whole orbits.*nearest possible counts: 12, 18"):
        deal_islands(HEX, 16, random.Random(1))


def test_fewer_islands_than_the_screen_needs_are_refused():
    with pytest.raises(DealFailed, match="8 screening islands"):
        deal_islands(SQUARE, 4, random.Random(1))
    with pytest.raises(DealFailed, match="zero or more"):
        deal_islands(DUEL, -2, random.Random(1))


def test_a_broken_layout_is_refused_before_dealing():
    broken = replace(SQUARE, capital=frozenset({Square(0, 0)}))
    with pytest.raises(DealFailed, match="fails its checks: capital-size"):
        deal_islands(broken, 16, random.Random(1))


def test_dealing_uses_only_the_given_rng():
    random.seed(5)
    before = random.random()
    random.seed(5)
    deal_islands(HEX, 24, random.Random(9))
    assert random.random() == before


@given(
    chart=st.sampled_from([SQUARE, HEX]), picks=st.lists(st.booleans(), min_size=40, max_size=40)
)
@settings(max_examples=30, deadline=None)
def test_quick_rejection_agrees_with_the_full_checks(chart, picks):
    from pnpkit.games.false_colors.charts.engine.prepared import prepare
    from pnpkit.games.false_colors.charts.engine.sea_checks import (
        connectivity_failures,
        sea_violations,
    )

    facts = prepare(chart).facts
    islands = 0
    for orbit, pick in zip(facts.orbits, picks, strict=False):
        if pick:
            islands |= orbit
    full = {v.check for v in sea_violations(chart, facts, islands)}
    assert set(connectivity_failures(facts, islands)) == full & {"sea-connected", "storm-rings"}
