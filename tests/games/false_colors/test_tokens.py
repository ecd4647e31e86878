"""Tent tokens: the roster, the two sides, and a footprint that fits one cell of every chart."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from pnpkit.games.false_colors.charts.load.chart import load_charts
from pnpkit.games.false_colors.load import load_fleet_game
from pnpkit.games.false_colors.model import FleetGame
from pnpkit.games.false_colors.tokens import (
    FOOTPRINT_DEPTH_COLOUR,
    FOOTPRINT_WIDTH_COLOUR,
    TentGeometry,
    fleet_tokens,
)
from pnpkit.render.vector import Shape, Svg, Words
from pnpkit.units import INCH

DATA = Path(__file__).resolve().parents[3] / "data" / "false-colors"


@pytest.fixture(scope="module")
def game() -> FleetGame:
    return load_fleet_game(DATA)


def test_footprint_fits_one_cell_of_every_chart() -> None:
    geometry = TentGeometry()
    smallest = min(chart.cell_size for chart in load_charts(DATA).values())
    assert smallest == pytest.approx(1.25 * INCH)
    assert geometry.fits_cell(smallest)
    width, depth = geometry.footprint
    assert width <= smallest and depth <= smallest
    assert geometry.footprint_diagonal <= smallest  # fits a hex's inscribed circle too


def test_a_footprint_too_big_is_refused() -> None:
    assert not TentGeometry().fits_cell(1.0 * INCH)
    assert not TentGeometry(width=1.3 * INCH).fits_cell(1.25 * INCH)


def test_every_fleet_gets_the_whole_roster(game: FleetGame) -> None:
    for fleet in game.fleets:
        tokens = fleet_tokens(game.roster, fleet)
        assert len(tokens) == game.fleet_size
        assert Counter(t.ship.key for t in tokens) == {s.key: s.count for s in game.roster}


def test_face_shows_rating_and_name_back_shows_no_words(game: FleetGame) -> None:
    geometry = TentGeometry()
    for ship in game.roster:
        token = fleet_tokens((ship,), game.fleets[0], geometry)[0]
        words = [item for item in token.items() if isinstance(item, Words)]
        back = [w for w in words if w.at[1] < geometry.face]
        assert back == []  # the others see colours, pattern and emblem only
        face = {w.text for w in words if geometry.face <= w.at[1] < 2 * geometry.face}
        assert ship.name in face
        assert (ship.key if ship.rating is None else str(ship.rating)) in face


def test_fleets_differ_in_more_than_colour(game: FleetGame) -> None:
    assert len({f.emblem for f in game.fleets}) == len(game.fleets)
    assert len({f.pattern for f in game.fleets}) == len(game.fleets)
    backs = []
    for fleet in game.fleets:
        token = fleet_tokens(game.roster[:1], fleet)[0]
        shapes = tuple(
            (item.points, item.closed)
            for item in token.items()
            if isinstance(item, Shape) and item.points[0][1] < TentGeometry().face
        )
        emblems_and_patterns = tuple(  # their geometry, without their colours
            re.sub(r'(fill|stroke)="#[0-9a-fA-F]{6}"', "", item.markup)
            for item in token.items()
            if isinstance(item, Svg) and item.at[1] < TentGeometry().face
        )
        backs.append((shapes, emblems_and_patterns))
    assert len(set(backs)) == len(game.fleets)  # the geometry alone tells them apart


def test_promised_lines_measure_the_footprint(game: FleetGame) -> None:
    geometry = TentGeometry()
    token = fleet_tokens(game.roster[:1], game.fleets[0], geometry)[0]
    shapes = [item for item in token.items() if isinstance(item, Shape)]
    sides = sorted({p[0] for s in shapes if s.stroke == FOOTPRINT_WIDTH_COLOUR for p in s.points})
    folds = sorted({p[1] for s in shapes if s.stroke == FOOTPRINT_DEPTH_COLOUR for p in s.points})
    assert sides == pytest.approx([0.0, geometry.width])
    assert folds[1] - folds[0] == pytest.approx(geometry.base)
    fold_dashes = {s.dash for s in shapes if s.stroke == FOOTPRINT_DEPTH_COLOUR}
    cut_dashes = {s.dash for s in shapes if s.stroke == FOOTPRINT_WIDTH_COLOUR}
    assert fold_dashes != {()} and cut_dashes == {()}  # folds dashed, cuts solid
