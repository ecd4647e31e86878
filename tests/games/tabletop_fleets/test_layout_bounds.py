"""Table layouts are bounded by design: ``--islands max`` costs the same at any ``attempts``,
every deal throws at most ``MAX_THROWS`` islands, and a max fill leaves no room for one more.

Work is counted (throws), not timed: the times are in ``make bench``."""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pnpkit.games.tabletop_fleets.rules as rules_module
from pnpkit.app.cli import main
from pnpkit.games.tabletop_fleets.load import load_tabletop
from pnpkit.games.tabletop_fleets.model import TableRules, TableShape
from pnpkit.games.tabletop_fleets.rules import (
    MAX_ISLANDS,
    MAX_THROWS,
    LayoutImpossible,
    check_layout,
    deal_table,
    free_spots,
)
from pnpkit.units import INCH

DATA = Path(__file__).resolve().parents[3] / "data" / "tabletop-fleets"
RULES = load_tabletop(DATA).table
MOST_ATTEMPTS = 100_000
"""The largest ``table.attempts`` the loader accepts."""


@pytest.fixture
def throws(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Counts every random throw the dealer makes: ``throws[0]``."""
    counted = [0]
    sample = rules_module._sample

    def counting(*args: object) -> tuple[float, float]:
        counted[0] += 1
        return sample(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(rules_module, "_sample", counting)
    yield counted


def _with(attempts: int, **changes: float) -> TableRules:
    return dataclasses.replace(RULES, attempts=attempts, **changes)


@pytest.mark.parametrize("shape", list(TableShape))
def test_islands_max_costs_the_same_at_the_largest_attempts(
    throws: list[int], shape: TableShape
) -> None:
    counts = []
    for attempts in (4_000, MOST_ATTEMPTS):
        throws[0] = 0
        layout = deal_table(_with(attempts), shape, 2, random.Random(5), as_many=True)
        assert check_layout(layout) == []
        counts.append(throws[0])
    # beyond MAX_ROUNDS * 20 attempts nothing more is tried: the same throws, the same deal
    assert counts[0] == counts[1]
    assert counts[1] < 100_000


def test_an_impossible_request_at_the_largest_attempts_stops_at_the_throw_limit(
    throws: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    # 20 islands pass the area bound on a round table but cannot be dealt: every clearance is
    # tried until the deal's throws run out, not 100 000 attempts at each of 11 clearances
    # (the limit is lowered here to keep the test cheap; the shipped one is MAX_THROWS)
    assert MAX_THROWS == 2_000_000
    monkeypatch.setattr(rules_module, "MAX_THROWS", 100_000)
    with pytest.raises(LayoutImpossible, match=r"cannot deal 20 islands.*100,000 throws"):
        deal_table(_with(MOST_ATTEMPTS), TableShape.ROUND, 3, random.Random(1), islands=20)
    assert 0 < throws[0] <= 100_000


def test_a_request_the_area_cannot_hold_is_refused_without_a_throw(throws: list[int]) -> None:
    with pytest.raises(LayoutImpossible, match="cannot deal 150 islands"):
        deal_table(_with(MOST_ATTEMPTS), TableShape.SQUARE, 3, random.Random(1), islands=150)
    assert throws[0] == 0


def test_more_attempts_never_lose_a_layout_fewer_found() -> None:
    # the throw limit is shared forward: clearances that give up early leave theirs to the rest
    for attempts in (400, MOST_ATTEMPTS):
        layout = deal_table(_with(attempts), TableShape.ROUND, 3, random.Random(1), islands=8)
        assert len(layout.islands) == 8
        assert check_layout(layout) == []


@pytest.mark.parametrize("shape", list(TableShape))
def test_a_crowded_table_stops_at_the_most_islands(shape: TableShape, throws: list[int]) -> None:
    tiny = _with(40, size=240 * INCH, island=0.5 * INCH, apart=0.0)  # two fills
    tiny = dataclasses.replace(tiny, edge=0.0, least_edge=0.0)
    layout = deal_table(tiny, shape, 2, random.Random(2), as_many=True)
    assert len(layout.islands) == MAX_ISLANDS
    assert check_layout(layout) == []


def test_more_islands_than_the_most_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["table-layout", "--crews", "2", "--seed", "1", "--islands", str(MAX_ISLANDS + 1)]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert f"allowed: 1–{MAX_ISLANDS}, or max" in err
    assert "Traceback" not in err


def _room_left(
    layout_rules: TableRules,
    shape: TableShape,
    clearance: float,
    islands: list[tuple[float, float]],
) -> bool:
    """Whether a fine grid of centres finds one more island's place (the slow, obvious way)."""
    inner = clearance + layout_rules.island / 2
    least = layout_rules.apart + layout_rules.island
    size = layout_rules.size
    steps = 120
    for i in range(steps + 1):
        for j in range(steps + 1):
            if shape is TableShape.SQUARE:
                x = inner + (size - 2 * inner) * i / steps
                y = inner + (size - 2 * inner) * j / steps
            else:
                reach = size / 2 - inner
                x, y = -reach + 2 * reach * i / steps, -reach + 2 * reach * j / steps
                if math.hypot(x, y) > reach:
                    continue
            if all(math.hypot(x - a, y - b) >= least + 1e-3 for a, b in islands):
                return True
    return False


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), shape=st.sampled_from(list(TableShape)))
def test_a_max_fill_leaves_no_room_for_one_more_island(seed: int, shape: TableShape) -> None:
    small = _with(400, island=3 * INCH, apart=3 * INCH)
    layout = deal_table(small, shape, 2, random.Random(seed), as_many=True)
    assert check_layout(layout) == []
    centres = [(i.x, i.y) for i in layout.islands]
    assert not _room_left(small, shape, layout.clearance, centres)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    count=st.integers(0, 6),
    shape=st.sampled_from(list(TableShape)),
)
def test_free_spots_are_exact(seed: int, count: int, shape: TableShape) -> None:
    """Where random islands leave room, free_spots finds some (every one of them a legal
    place); where they leave none, it finds none."""
    rng = random.Random(seed)
    clearance = 4 * INCH
    inner = clearance + RULES.island / 2
    placed = rules_module._Placed(RULES.apart + RULES.island)
    for _ in range(count):
        for _ in range(60):
            x, y = rules_module._sample(shape, RULES.sides, inner, rng)
            if placed.fits(x, y):
                placed.add(x, y)
                break
    spots = free_spots(shape, RULES.sides, inner, placed)
    centres = [(i.x, i.y) for i in placed.islands]
    for x, y in spots:
        assert placed.fits(x, y)
        assert rules_module._inside(shape, RULES.sides, inner, x, y)
    if _room_left(RULES, shape, clearance, centres):
        assert spots
