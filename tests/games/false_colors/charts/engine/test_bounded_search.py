"""The dealer's search is bounded: it answers "no valid map exists" or "cannot be decided within
N steps" within its step limits on any chart, and its pruning never loses a valid map."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.false_colors.bigcharts import add_chart

from pnpkit.app.cli import main
from pnpkit.games.false_colors.charts.engine import deal, mapsearch
from pnpkit.games.false_colors.charts.engine.checks import check_chart
from pnpkit.games.false_colors.charts.engine.deal import dealing_chart
from pnpkit.games.false_colors.charts.engine.mapsearch import MapSpace, Search, map_space
from pnpkit.games.false_colors.charts.model import Chart

from .charts import duel_chart, hex_chart, square_chart

Capture = pytest.CaptureFixture[str]

SMALL = {
    "square": dealing_chart(square_chart()),
    "square-no-wings": dealing_chart(square_chart(), wings=False),
    "duel": dealing_chart(duel_chart()),
    "hex": dealing_chart(hex_chart()),
}
"""Charts whose candidates at a few counts are few enough to try one by one."""
TRIED = 3_000
"""The most candidates a comparison tries with the full checks."""


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[int, Search]]]:
    """Every search the engine makes while the test runs: (its limit, what it found)."""
    made: list[tuple[int, Search]] = []
    search = MapSpace.search

    def spy(self: MapSpace, islands: int, limit: int, stop: int = 0) -> Search:
        found = search(self, islands, limit, stop)
        made.append((limit, found))
        return found

    monkeypatch.setattr(MapSpace, "search", spy)
    yield made


def _counts(chart: Chart) -> list[int]:
    space = map_space(chart)
    return [k for k in space.possible_counts() if 0 < space.candidates(k) <= TRIED]


CASES = [(name, k) for name, chart in SMALL.items() for k in _counts(chart)]


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(CASES))
def test_pruning_never_loses_a_valid_map(case: tuple[str, int]) -> None:
    """The pruned search finds exactly the maps that trying every candidate with the full
    chart checks finds."""
    name, islands = case
    chart = SMALL[name]
    space = map_space(chart)
    every = space.every_candidate(islands, TRIED)
    assert every is not None and len(every) == space.candidates(islands)
    cells = space.facts.grid.cells_of
    exhaustive = {
        mask for mask in every if check_chart(replace(chart, islands=frozenset(cells(mask)))) == []
    }
    found = space.search(islands, 10**9)
    assert found.complete
    assert set(found.maps) == exhaustive
    assert len(found.maps) == len(exhaustive)  # each map once


@pytest.mark.parametrize("name", sorted(SMALL))
def test_counting_by_orbit_size_agrees_with_the_table(name: str) -> None:
    space = map_space(SMALL[name])
    for islands in range(space.capacity + 2):
        rest = islands - space.forced.bit_count()
        if rest < 0:
            continue
        by_size = sum(ways for ways, _ in space._splits(rest))
        assert by_size == space._table(rest)[0][rest], islands


def test_a_draw_by_orbit_size_is_a_candidate_of_the_count(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(mapsearch, "TABLE_LIMIT", 0)  # every space drawn by orbit size
    space = map_space(SMALL["duel"])
    every = set(space.every_candidate(6, 10_000) or ())
    rng = random.Random(5)
    drawn = [space.draw(6, rng) for _ in range(400)]
    assert set(drawn) <= every
    assert len(set(drawn)) > 200  # of 3,654: spread, not one map again and again


def _duel_asking(data: Path, islands: int) -> Path:
    path = data / "false-colors" / "charts" / "duel.yaml"
    path.write_text(path.read_text("utf-8") + f"random_islands: {islands}\n", encoding="utf-8")
    return path


def test_check_answers_58_duel_islands_within_its_limits(
    data_copy: Path, capsys: Capture, searches: list[tuple[int, Search]]
) -> None:
    path = _duel_asking(data_copy, 58)
    line = len(path.read_text("utf-8").splitlines())
    assert main(["check", "false-colors", "--data", str(data_copy)]) == 1
    out = capsys.readouterr().out
    assert (
        f"{path}:{line}:17: duel: random-islands: random_islands is 58, but no valid map with "
        "58 islands exists on duel"
    ) in out
    assert searches
    assert all(found.steps <= limit for limit, found in searches)
    assert all(limit <= deal.CHECK_LIMIT for limit, _ in searches)


def test_map_answers_58_duel_islands_within_its_limit(
    data_dir: Path, capsys: Capture, searches: list[tuple[int, Search]]
) -> None:
    argv = ["map", "duel", "--islands", "58", "--seed", "1", "--data", str(data_dir)]
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: no valid map with 58 islands exists on duel")
    assert all(found.steps <= limit <= deal.SEARCH_LIMIT for limit, found in searches)


@pytest.mark.slow
def test_a_60_by_60_chart_is_answered_within_the_limits(
    data_copy: Path, capsys: Capture, searches: list[tuple[int, Search]]
) -> None:
    """1,000 islands on a 60 × 60 chart: valid maps are too rare for a fair deal or a proof;
    check and map say so, name the limit and what to lower, and stay within their steps."""
    path = add_chart(data_copy, 60)
    chart = path.read_text("utf-8")
    path.write_text(chart + "random_islands: 1000\n", encoding="utf-8")
    assert main(["check", "false-colors", "--data", str(data_copy)]) == 1
    out = capsys.readouterr().out
    said = next(line for line in out.splitlines() if "random-islands" in line)
    assert said.startswith(f"{path}:")
    assert f"within {deal.CHECK_LIMIT:,} steps" in said
    assert ": lower random_islands" in said
    assert all(found.steps <= limit <= deal.CHECK_LIMIT for limit, found in searches)
    searches.clear()
    path.write_text(chart, encoding="utf-8")  # map deals from no chart that check refuses
    argv = ["map", "duel", "--islands", "1000", "--seed", "1", "--data", str(data_copy)]
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert f"within {deal.SEARCH_LIMIT:,} steps" in err
    assert err.rstrip().endswith(": lower --islands")
    assert all(found.steps <= limit <= deal.SEARCH_LIMIT for limit, found in searches)
