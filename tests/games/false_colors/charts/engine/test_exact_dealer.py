"""The exact dealer: it finds every valid map, deals them uniformly, proves when none exists,
and counts them."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.games.false_colors.charts.engine.checks import check_chart
from pnpkit.games.false_colors.charts.engine.deal import (
    DealFailed,
    count_maps,
    deal_islands,
    dealing_chart,
)
from pnpkit.games.false_colors.charts.engine.mapsearch import map_space
from pnpkit.games.false_colors.charts.engine.prepared import prepare
from pnpkit.games.false_colors.charts.engine.sea_checks import sea_violations

from .charts import duel_chart, hex_chart, square_chart

SQUARE, DUEL, HEX = square_chart(), duel_chart(), hex_chart()

CHI2_999 = {4: 18.47, 11: 31.26}
"""Chi-square critical values at p = 0.001 by degrees of freedom."""


def brute_force(chart, islands, **options):
    """Every valid map, by trying every set of free orbits with the full checks."""
    base = dealing_chart(chart, **options)
    facts = prepare(base).facts
    forced = facts.screen_mask if base.screened else 0
    free = [m for m in facts.orbits if not m & (facts.reserved | facts.capital_sides | forced)]
    valid = set()
    for k in range(len(free) + 1):
        for combo in combinations(free, k):
            mask = forced
            for orbit in combo:
                mask |= orbit
            if mask.bit_count() != islands:
                continue
            cells = frozenset(facts.grid.cells_of(mask))
            if check_chart(replace(base, islands=cells)) == []:
                valid.add(cells)
    return valid


@pytest.mark.parametrize(
    ("chart", "islands", "options", "maps"),
    [
        (SQUARE, 16, {}, 5),
        (SQUARE, 12, {"wings": False}, 12),
    ],
    ids=["square-16", "square-12-no-wings"],
)
@pytest.mark.parametrize(
    "way",
    [{}, {"list_limit": 0}, {"list_limit": 0, "max_attempts": 1}],
    ids=["listed", "drawn", "drawn-then-searched"],
)
def test_the_dealer_finds_every_valid_map_and_deals_them_uniformly(
    chart, islands, options, maps, way
):
    every = brute_force(chart, islands, **options)
    assert len(every) == maps
    rng = random.Random(2024)
    draws = 150 * maps
    counts = Counter(
        deal_islands(chart, islands, rng, **way, **options).islands for _ in range(draws)
    )
    assert set(counts) == every  # each one found, nothing else dealt
    expected = draws / maps
    statistic = sum((counts[m] - expected) ** 2 / expected for m in every)
    assert statistic < CHI2_999[maps - 1]
    assert count_maps(chart, islands, **options).found == maps


@given(
    chart=st.sampled_from([SQUARE, DUEL, HEX]),
    options=st.sampled_from(
        [{}, {"wings": False}, {"symmetry": "full"}, {"wings": False, "symmetry": "full"}]
    ),
    picks=st.lists(st.integers(0, 40), max_size=14),
)
@settings(max_examples=150, deadline=None)
def test_the_exact_test_agrees_with_the_checks(chart, options, picks):
    if chart is DUEL and options.get("symmetry") == "full":
        return  # the duel declares no mirror
    base = dealing_chart(chart, **options)
    space = map_space(base)
    islands = space.forced
    for pick in picks:  # a few orbits: most such maps are valid, so every test is exercised
        islands |= space.orbits[pick % len(space.orbits)]
    assert space.valid(islands) == (sea_violations(base, space.facts, islands) == [])


def test_hex_seed_3_deals_72_islands_where_drawing_alone_gave_up():
    dealt = deal_islands(HEX, 72, random.Random(3))
    assert len(dealt.islands) == 72
    assert check_chart(dealt) == []
    assert count_maps(HEX, 72).found == 3
    # every seed deals one of the three (drawing alone failed on 55 seeds in 1,000)
    maps = {deal_islands(HEX, 72, random.Random(seed)).islands for seed in range(300)}
    assert len(maps) == 3


def test_seventy_eight_hex_islands_are_proved_impossible():
    with pytest.raises(DealFailed) as info:
        deal_islands(HEX, 78, random.Random(3))
    assert info.value.exists is False
    assert str(info.value).startswith(
        "no valid map with 78 islands exists on hex: none of the 560 ways"
    )
    count = count_maps(HEX, 78)
    assert (count.found, count.exact, count.candidates) == (0, True, 560)


def test_the_square_chart_without_wings_has_maps_worth_dealing():
    assert SQUARE.random_islands == 20
    with_wings = count_maps(SQUARE)
    without = count_maps(SQUARE, wings=False)
    assert (with_wings.found, with_wings.exact) == (3, True)
    assert (without.found, without.exact) == (195, True)
    assert without.found >= 100
    mirrored = count_maps(SQUARE, wings=False, symmetry="full")
    assert (mirrored.found, mirrored.exact) == (7, True)


def test_maps_dealt_without_wings_use_the_wing_cells_and_drop_the_wings():
    wing_cells = frozenset().union(*(s.wings for s in SQUARE.seats))
    seen = set()
    for seed in range(40):
        dealt = deal_islands(SQUARE, 24, random.Random(seed), wings=False)
        assert all(not seat.wings for seat in dealt.seats)
        assert check_chart(dealt) == []
        seen |= dealt.islands & wing_cells
    assert seen  # islands do land on former wings


def test_full_symmetry_keeps_the_mirror():
    dealt = deal_islands(HEX, 24, random.Random(5), symmetry="full")
    assert dealt.symmetry.reflections
    assert check_chart(dealt) == []
    with pytest.raises(DealFailed, match="declares no mirror"):
        deal_islands(DUEL, 4, random.Random(5), symmetry="full")


def test_a_count_too_costly_to_finish_gives_bounds():
    count = count_maps(DUEL, 12, limit=2_000)
    assert not count.exact
    assert 0 < count.found <= count.candidates
    assert str(count).startswith(f"duel: at least {count.found:,} and at most")


def test_the_count_names_impossible_requests():
    count = count_maps(SQUARE, 17)
    assert count.found == 0 and count.exact
    assert "whole orbits" in str(count)


def test_dealt_maps_pass_the_games_rules_and_say_what_their_symmetry_allows():
    from pnpkit.games.false_colors.charts.engine.seats import seating_reports

    from .charts import rules_for

    for chart in (SQUARE, HEX):
        rules = rules_for(chart)
        turned = deal_islands(chart, None, random.Random(1))
        mirrored = deal_islands(chart, None, random.Random(1), symmetry="full")
        assert check_chart(turned, rules) == [] and check_chart(mirrored, rules) == []
        # with turns alone, mirror-image seatings (square Pairs, hex four captains) cannot be
        # symmetric, and the report says why; dealt with the mirror, they are
        odd = [r for r in seating_reports(turned, rules) if not r.symmetric]
        assert odd and all("with turns alone (no mirror declared)" in r.summary for r in odd)
        assert {r.captains for r in odd} >= {4}
        assert all(r.symmetric for r in seating_reports(mirrored, rules) if r.captains != 5)
