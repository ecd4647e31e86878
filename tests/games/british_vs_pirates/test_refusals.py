"""What ``check`` refuses in a broken copy of the British vs Pirates data, each at its place:
a card key used twice (the exports would lose a card)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.games.british_vs_pirates import GAME
from tests.games.refused import game_copy, refused
from tests.writing import replace_once


@pytest.fixture
def game(data_dir: Path, tmp_path: Path) -> Path:
    return game_copy(data_dir, tmp_path, GAME)


@pytest.mark.parametrize(
    ("old", "new", "field", "first"),
    [
        ("- key: blank-ship", "- key: venture", "ships[30].key", "ships[0]"),
        ("- key: blank-fort", "- key: tobis-bastion", "forts[6].key", "forts[0]"),
        ("- key: blank-mission", "- key: smuggler", "missions[9].key", "missions[0]"),
        (
            "- key: blank-event",
            "- key: blank-event\n  - key: blank-event",
            "events[15].key",
            "events[14]",
        ),
    ],
)
def test_a_card_key_used_twice_is_refused(
    capsys: pytest.CaptureFixture[str], game: Path, old: str, new: str, field: str, first: str
) -> None:
    path = game / "cards.yaml"
    line = replace_once(path, old, new) + new.count("\n")
    key = new.split("key: ")[-1]
    assert refused(capsys, game) == [
        f"error: {path}:{line}:10: {field}: {key!r} is already used by {first}"
    ]


ON = "(allowed: a space of the radius-2 tile: max(|q|, |r|, |q + r|) <= 2)"
FREE = "(allowed: a space no other feature uses)"


@pytest.mark.parametrize(
    ("old", "new", "value", "message"),
    [
        (
            "port: [1, 0], fort",
            "port: [9, 9], fort",
            "[9, 9]",
            f"tiles[1].islands[0].port: [9, 9] is not on a radius-2 tile {ON}",
        ),
        (
            "fort: [1, -1]",
            "fort: [0, 7]",
            "[0, 7]",
            f"tiles[2].islands[0].fort: [0, 7] is not on a radius-2 tile {ON}",
        ),
        (
            "{good: iron, at: [2, 0]}",
            "{good: iron, at: [5, 5]}",
            "[5, 5]",
            f"tiles[2].harvest[0].at: [5, 5] is not on a radius-2 tile {ON}",
        ),
        (
            "land: [[0, 0]], port: [0, 1]",
            "land: [[0, 0], [8, 8]], port: [0, 1]",
            "[8, 8]",
            f"tiles[3].islands[0].land[1]: [8, 8] is not on a radius-2 tile {ON}",
        ),
        (
            "wind_vane: [0, 0]",
            "wind_vane: [6, 0]",
            "[6, 0]",
            f"tiles[0].wind_vane: [6, 0] is not on a radius-2 tile {ON}",
        ),
        (
            "wind_vane: [0, 0]",
            "wind_vane: [2, 0]",
            "[2, 0]",
            "tiles[0].wind_vane: [2, 0] puts wind direction 1 on [3, -1], off the tile "
            "(allowed: a space at most 1 from the tile's centre)",
        ),
        (
            "port: [1, 0], fort: [0, 1]",
            "port: [1, 0], fort: [1, 0]",
            "[1, 0]",
            f"tiles[1].islands[0].fort: [1, 0] already holds the port entrance of Clew Bay {FREE}",
        ),
        (
            "{good: pearl, at: [2, 0]}",
            "{good: pearl, at: [0, 0]}",
            "[0, 0]",
            f"tiles[5].harvest[0].at: [0, 0] already holds the land of Betray Bay {FREE}",
        ),
    ],
)
def test_a_tile_feature_off_the_tile_or_on_a_held_space_is_refused(
    capsys: pytest.CaptureFixture[str],
    game: Path,
    old: str,
    new: str,
    value: str,
    message: str,
) -> None:
    path = game / "tiles.yaml"
    replace_once(path, old, new)
    assert refused(capsys, game) == [f"error: {at(path, new, value)}: {message}"]


def at(path: Path, line: str, value: str) -> str:
    """``file:line:col`` of the last ``value`` within the text ``line`` of the file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    row = next(i for i, text in enumerate(lines) if line in text)
    start = lines[row].index(line)
    return f"{path}:{row + 1}:{lines[row].rindex(value, start, start + len(line)) + 1}"
