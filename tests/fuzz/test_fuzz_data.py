"""Fuzzing the data files: every YAML file of every game under ``data/``, mutated, goes through
the game's loaders and rule checks. Whatever the damage, the outcome is a result or a
PnpkitError for exit 1 whose problems each name the file and a line: never another exception."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnpkit.errors import PnpkitError

from .harness import DATA, SCAFFOLDED, assert_clean, budget, copy_data, games, loaders, replaced
from .mutate import mutation, yaml_files

GAMES = games()


@pytest.fixture(scope="module")
def data_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy_data(tmp_path_factory.mktemp("fuzz-data"))


def run_loaders(game: str, root: Path) -> None:
    for load in loaders(game):
        try:
            load(root / game)
        except PnpkitError as exc:
            assert_clean(exc, root)


def test_every_game_is_fuzzed() -> None:
    """The games are found on disk, so a new one is fuzzed the day its data lands."""
    assert {"false-colors", "high-seas", "pirate-fleets"} <= set(GAMES)
    assert all(yaml_files(DATA / game) for game in GAMES if game != SCAFFOLDED)


@pytest.mark.parametrize("game", GAMES)
def test_shipped_data_loads_and_passes_its_checks(game: str, data_root: Path) -> None:
    """The starting point of every mutation is clean, so each failure is the mutation's."""
    for load in loaders(game):
        found = load(data_root / game)  # raises on any problem in the data
        assert not isinstance(found, list) or found == [], found  # a check's violations


@pytest.mark.parametrize("game", GAMES)
@budget(25)
@given(data=st.data())
def test_mutated_files_load_or_fail_cleanly(
    game: str, data_root: Path, data: st.DataObject
) -> None:
    files = yaml_files(data_root / game)
    path = data.draw(st.sampled_from(files), label="file")
    broken = data.draw(mutation(path.read_text(encoding="utf-8")), label="content")
    with replaced(path, broken):
        run_loaders(game, data_root)


@pytest.mark.parametrize("game", [g for g in GAMES if len(yaml_files(DATA / g)) > 1])
@budget(8)
@given(data=st.data())
def test_two_broken_files_at_once_fail_cleanly(
    game: str, data_root: Path, data: st.DataObject
) -> None:
    """Damage in two files at once: still a result or a clean failure."""
    files = yaml_files(data_root / game)
    first, second = data.draw(
        st.lists(st.sampled_from(files), min_size=2, max_size=2, unique=True), label="files"
    )
    one = data.draw(mutation(first.read_text(encoding="utf-8")), label="first")
    two = data.draw(mutation(second.read_text(encoding="utf-8")), label="second")
    with replaced(first, one), replaced(second, two):
        run_loaders(game, data_root)
