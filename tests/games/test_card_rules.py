"""The engine's checks on High Seas and Pirate Fleets: the shipped data passes; broken data is
caught with the right check named."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from pnpkit.games.high_seas.load import load_high_seas
from pnpkit.games.high_seas.model import HighSeasGame
from pnpkit.games.high_seas.rules import aim_targets, check_high_seas, crew_cycle
from pnpkit.games.pirate_fleets.load import load_pirate_fleets
from pnpkit.games.pirate_fleets.model import (
    ActionSpace,
    PirateFleetsGame,
    Players,
    Scaling,
    SpaceType,
)
from pnpkit.games.pirate_fleets.rules import check_pirate_fleets, space_cells


@pytest.fixture(scope="module")
def high_seas(request: pytest.FixtureRequest) -> HighSeasGame:
    return load_high_seas(Path(request.config.rootpath) / "data" / "high-seas")


@pytest.fixture(scope="module")
def fleets(request: pytest.FixtureRequest) -> PirateFleetsGame:
    return load_pirate_fleets(Path(request.config.rootpath) / "data" / "pirate-fleets")


def checks(found: list[object]) -> list[str]:
    return sorted({v.check for v in found})  # type: ignore[attr-defined]


def test_shipped_high_seas_passes(high_seas: HighSeasGame) -> None:
    assert check_high_seas(high_seas) == []
    assert sum(high_seas.hearts) * 2 == 38
    assert crew_cycle(high_seas) == ("cannoneer", "boarding-party", "musketeer")


def test_broken_cycle_is_caught(high_seas: HighSeasGame) -> None:
    crew = list(high_seas.crew)
    # Musketeer now beats Boarding Party: Cannoneer loses to no one, Boarding Party to two.
    crew[1] = dataclasses.replace(crew[1], beats="boarding-party")
    found = check_high_seas(dataclasses.replace(high_seas, crew=tuple(crew)))
    messages = [str(v) for v in found]
    assert checks(found) == ["crew-cycle"]
    assert any("Cannoneer loses to no one" in m for m in messages)
    assert any("Boarding Party loses to Cannoneer, Musketeer" in m for m in messages)


def test_self_beating_and_unknown_crew(high_seas: HighSeasGame) -> None:
    crew = list(high_seas.crew)
    crew[0] = dataclasses.replace(crew[0], beats="cannoneer")
    crew[2] = dataclasses.replace(crew[2], beats="kraken")
    found = check_high_seas(dataclasses.replace(high_seas, crew=tuple(crew)))
    text = "\n".join(str(v) for v in found)
    assert "Cannoneer beats itself" in text
    assert "'kraken', which is no crew type" in text


def test_wrong_heart_total_is_caught(high_seas: HighSeasGame) -> None:
    found = check_high_seas(dataclasses.replace(high_seas, hearts=(3, 4, 5, 4, 4)))
    assert checks(found) == ["heart-total"]
    assert "= 40, the rules list 38 heart pieces" in str(found[0])


def test_wrong_card_count_is_caught(high_seas: HighSeasGame) -> None:
    crew = list(high_seas.crew)
    crew[0] = dataclasses.replace(crew[0], count=9)
    found = check_high_seas(dataclasses.replace(high_seas, crew=tuple(crew)))
    assert checks(found) == ["card-count"]
    assert "= 29 crew cards, the rules list 30" in str(found[0])


def test_aim_is_straight_or_one_either_side(high_seas: HighSeasGame) -> None:
    assert aim_targets(high_seas, 0) == (0, 1)
    assert aim_targets(high_seas, 2) == (1, 2, 3)
    assert aim_targets(high_seas, 4) == (3, 4)


def test_shipped_pirate_fleets_passes(fleets: PirateFleetsGame) -> None:
    assert check_pirate_fleets(fleets) == []
    assert sorted(s.number for s in fleets.spaces) == list(range(1, 37))


def _with_space(game: PirateFleetsGame, index: int, **change: object) -> PirateFleetsGame:
    spaces = list(game.spaces)
    spaces[index] = dataclasses.replace(spaces[index], **change)  # type: ignore[arg-type]
    return dataclasses.replace(game, spaces=tuple(spaces))


def test_duplicate_space_number_is_caught(fleets: PirateFleetsGame) -> None:
    found = check_pirate_fleets(_with_space(fleets, 6, number=5))
    text = "\n".join(str(v) for v in found)
    assert checks(found) == ["space-numbers"]
    assert "space 5 (Gale Winds) repeats the number of Officer Mutiny" in text
    assert "no space numbered 7" in text


def test_target_out_of_range_and_wrong_type(fleets: PirateFleetsGame) -> None:
    broken = _with_space(fleets, 0, target=7)
    broken = _with_space(broken, 4, type=SpaceType.PIRATE)
    found = check_pirate_fleets(broken)
    text = "\n".join(str(v) for v in found)
    assert checks(found) == ["space-type", "target-number"]
    assert "target number 7 (allowed: 1–6)" in text
    assert "space 5 (Officer Mutiny) is type P, but Mutiny spaces are type D" in text


def test_unknown_action_is_caught(fleets: PirateFleetsGame) -> None:
    found = check_pirate_fleets(_with_space(fleets, 0, action="kraken"))
    assert checks(found) == ["space-action"]


def test_scaling_gaps_and_non_square_blocks(fleets: PirateFleetsGame) -> None:
    broken = dataclasses.replace(
        fleets,
        scaling=(
            Scaling(Players(2, 3), 16),
            Scaling(Players(5, 5), 20),
            Scaling(Players(6, 7), 36),
        ),
    )
    text = "\n".join(str(v) for v in check_pirate_fleets(broken))
    assert "no scaling row for 4 players" in text
    assert "20 spaces do not make a square block" in text


def test_optional_island_must_be_outside_its_subset(fleets: PirateFleetsGame) -> None:
    island = dataclasses.replace(fleets.optional_spaces[0], number=3)
    found = check_pirate_fleets(dataclasses.replace(fleets, optional_spaces=(island,)))
    assert "optional space 3 is already in play for 2–3 players" in str(found[0])


def test_supply_count_must_match(fleets: PirateFleetsGame) -> None:
    found = check_pirate_fleets(dataclasses.replace(fleets, supply=fleets.supply[:-1]))
    assert checks(found) == ["supply-count"]


def test_colours_need_distinct_patterns_and_emblems(fleets: PirateFleetsGame) -> None:
    colours = list(fleets.colours)
    colours[1] = dataclasses.replace(
        colours[1], pattern=colours[0].pattern, emblem=colours[0].emblem
    )
    found = check_pirate_fleets(dataclasses.replace(fleets, colours=tuple(colours)))
    text = "\n".join(str(v) for v in found)
    assert "own pattern" in text and "own emblem" in text


def test_each_player_count_plays_on_a_square_block(fleets: PirateFleetsGame) -> None:
    cells = space_cells(fleets)
    assert sorted(cells.values()) == sorted((c, r) for c in range(6) for r in range(6))
    for tier in fleets.scaling:
        side = int(tier.spaces**0.5)
        block = {cells[n] for n in range(1, tier.spaces + 1)}
        assert block == {(c, r) for c in range(side) for r in range(side)}


def test_space_model_keeps_its_source(fleets: PirateFleetsGame) -> None:
    space: ActionSpace = fleets.space(24)
    assert space.title == "Pirates Cove"
    assert space.source.endswith("spaces.yaml:26:5")
