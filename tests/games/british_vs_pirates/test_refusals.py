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
        ("- key: blank-ship", "- key: venture", "ships[1].key", "ships[0]"),
        ("- key: blank-fort", "- key: tobis-bastion", "forts[1].key", "forts[0]"),
        ("- key: blank-mission", "- key: smuggler", "missions[1].key", "missions[0]"),
        (
            "- key: blank-event",
            "- key: blank-event\n  - key: blank-event",
            "events[1].key",
            "events[0]",
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
