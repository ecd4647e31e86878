"""The board's heart spaces fit their staging area at every allowed heart size, and the cannons'
limits (``max_aim``, ``max_turn``) reach the reference card's words as they reach the board."""

from __future__ import annotations

import dataclasses
import itertools
import math
from unittest.mock import MagicMock

import pytest

from pnpkit.games.high_seas.board import HighSeasBoard, board_words
from pnpkit.games.high_seas.faces import reference_blocks
from pnpkit.games.high_seas.model import HighSeasGame
from pnpkit.games.high_seas.rules import (
    HEART_RING,
    aim_spacing,
    check_aim,
    check_crews,
    hearts_per_row,
)
from pnpkit.units import INCH

SEED_CANNONS = (
    "A cannon starts facing straight ahead. Once the enemy area across from it is destroyed, "
    "it may be re-aimed, but only at the enemy area directly left or right of the one in front "
    "of it, never further. It shifts by one staging area per turn (from 3 to 4 in one turn; "
    "back to 2 takes a turn to 3, then a turn to 2)."
)


def cannons(game: HighSeasGame) -> str:
    (text,) = (lines[0] for title, lines in reference_blocks(game, "back") if title == "Cannons")
    return text


def heart_centres(game: HighSeasGame, monkeypatch: pytest.MonkeyPatch) -> list[tuple[float, float]]:
    """Where the board draws its heart spaces."""
    drawn: list[tuple[float, float]] = []
    monkeypatch.setattr(
        HighSeasBoard, "_heart_space", lambda self, canvas, cx, cy: drawn.append((cx, cy))
    )
    board = HighSeasBoard(game, board_words(game))
    board.draw(MagicMock())
    return drawn


@pytest.mark.parametrize("inches", [0.25, 0.55, 0.85, 1.0, 1.5, 2.0])
def test_heart_spaces_never_overlap_nor_leave_their_staging_area(
    game: HighSeasGame, monkeypatch: pytest.MonkeyPatch, inches: float
) -> None:
    sized = dataclasses.replace(game, heart_token=inches * INCH)
    board = HighSeasBoard(sized, board_words(sized))
    centres = heart_centres(sized, monkeypatch)
    assert len(centres) == 2 * sum(game.hearts)
    radius = sized.heart_token / 2 + HEART_RING
    for (ax, ay), (bx, by) in itertools.combinations(centres, 2):
        assert math.hypot(ax - bx, ay - by) >= 2 * radius, (ax, ay, bx, by)
    width = sized.area_size[0]
    starts = [board.area_x(a) for a in range(sized.areas)]
    for cx, _ in centres:  # each space lies across one staging area's width
        assert any(x - 1e-6 <= cx - radius and cx + radius <= x + width + 1e-6 for x in starts)


def test_the_shipped_hearts_keep_three_to_a_row(game: HighSeasGame) -> None:
    assert hearts_per_row(game) == 3
    assert hearts_per_row(dataclasses.replace(game, heart_token=1 * INCH)) == 2
    assert hearts_per_row(dataclasses.replace(game, heart_token=2 * INCH)) == 1


def test_the_shipped_cannon_words_are_the_seeds(game: HighSeasGame) -> None:
    assert cannons(game) == SEED_CANNONS


def test_the_cannon_words_follow_max_aim_and_max_turn(game: HighSeasGame) -> None:
    wider = dataclasses.replace(game, max_aim=2, max_turn=3)
    assert cannons(wider) == (
        "A cannon starts facing straight ahead. Once the enemy area across from it is "
        "destroyed, it may be re-aimed, but only at an enemy area up to 2 areas left or right "
        "of the one in front of it, never further. It shifts by up to 3 staging areas per turn "
        "(from 3 to 4 in one turn; back to 2 takes one turn too)."
    )
    assert check_aim(wider) == []


def test_the_turn_example_names_only_areas_the_ship_has(game: HighSeasGame) -> None:
    three = dataclasses.replace(game, hearts=(6, 7, 6))
    assert cannons(three).endswith(
        "per turn (from 2 to 3 in one turn; back to 1 takes a turn to 2, then a turn to 1)."
    )
    two = dataclasses.replace(game, hearts=(10, 9))
    assert cannons(two).endswith("It shifts by one staging area per turn.")


def test_the_aim_numbers_of_the_allowed_reach_print_apart(game: HighSeasGame) -> None:
    assert aim_spacing(game, 2) >= 8 > aim_spacing(game, 3)
    assert check_aim(game) == []


def test_the_first_crew_is_one_card_a_staging_area_plus_one(game: HighSeasGame) -> None:
    assert game.first_crew == game.areas + 1 == 6
    assert check_crews(game) == []
    (found,) = check_crews(dataclasses.replace(game, first_crew=5))
    assert found.check == "first-crew" and "(allowed: 6)" in found.message
