"""The stuck points a group met reading the British vs Pirates PDFs alone (issue 29), each
resolved in print and read back from the PDFs: harvest is one kind of action everywhere, pieces
match cards, captains pair with ships, every port entrance belongs to one port, the seed's cannon
example is printed with its inconsistency, and running out of Marks of Victory is covered."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from tests.games.british_vs_pirates import GAME, edit
from tests.pdfread import page_texts
from tests.writing import ShippedKit

from pnpkit.games.british_vs_pirates.load import load_bvp
from pnpkit.games.british_vs_pirates.model import BvpGame
from pnpkit.games.british_vs_pirates.rules import check_bvp, check_port_entrances
from pnpkit.games.british_vs_pirates.sailing import NEIGHBOURS
from pnpkit.model.ours import MARK


@pytest.fixture
def game(data_dir: Path) -> BvpGame:
    return load_bvp(data_dir / GAME)


@pytest.fixture
def out(shipped_kit: ShippedKit) -> Path:
    return shipped_kit(GAME)


def _text(path: Path) -> str:
    return " ".join(" ".join(page_texts(path)).split())


@pytest.mark.slow
def test_harvest_takes_the_attack_action_in_every_place_it_is_printed(out: Path) -> None:
    rules = _text(out / "rules-reference.pdf")
    free = rules[rules.index("Free actions,") : rules.index("Harvesting is not one of them")]
    assert "harvest" not in free.lower()
    assert "attack action (cannons, boarding or a harvest roll)" in rules
    assert "Harvesting takes the ship's attack action" in rules
    assert "The rulebook says both" in rules
    assert f"Our reading{MARK}: the attack action" in rules
    events = _text(out / "event-cards.pdf")
    catch = events[events.index("Lucky Catch") : events.index("Lucky Catch") + 300]
    assert "without spending its attack action (harvesting takes it)" in catch


def test_every_faction_has_a_piece_for_each_of_its_ship_cards(game: BvpGame) -> None:
    for faction in game.factions:
        cards = Counter(game.ship(s).ship_class for s in game.ships if s.faction == faction.key)
        pieces = {kind.name: kind.count for kind in game.pieces.ships}
        assert dict(cards) == pieces, faction.name


@pytest.mark.slow
def test_setup_gives_each_ship_one_captain(game: BvpGame, out: Path) -> None:
    assert game.numbers["captains"] == game.numbers["starting_ships"]
    rules = _text(out / "rules-reference.pdf")
    assert f"A captain to each ship{MARK}:" in rules
    assert '"his ship" is that one' in rules
    assert "When a mission reward changes the ship card, he moves to the new card" in rules


def test_every_port_entrance_touches_its_own_port_and_no_other(game: BvpGame) -> None:
    assert check_port_entrances(game) == []
    lands = {
        (tile.at[0] + q, tile.at[1] + r): island.name
        for tile in game.tiles
        for island in tile.islands
        for q, r in island.land
    }
    tile8 = game.tiles[7]
    assert {i.name for i in tile8.islands} == {"Port-au-Prince", "Rovers Grotto"}
    for tile in game.tiles:
        for island in tile.islands:
            assert island.port is not None
            q, r = tile.at[0] + island.port[0], tile.at[1] + island.port[1]
            touched = {lands[n] for n in ((q + dq, r + dr) for dq, dr in NEIGHBOURS) if n in lands}
            assert touched == {island.name}, (tile.name, island.name, touched)


def test_an_entrance_between_two_ports_is_refused(data_copy: Path) -> None:
    edit(
        data_copy,
        "tiles.yaml",
        "{name: Rovers Grotto, land: [[2, -1]]",
        "{name: Rovers Grotto, land: [[1, -1]]",
    )
    found = check_bvp(load_bvp(data_copy / GAME))
    assert [v.check for v in found] == ["ports"]
    assert (
        "East (free ports): Port-au-Prince's port entrance touches Port-au-Prince, Rovers "
        "Grotto; it must touch Port-au-Prince and no other island"
    ) in found[0].message


@pytest.mark.slow
def test_each_printed_entrance_names_its_port(game: BvpGame, out: Path) -> None:
    tiles = _text(out / "sea-tiles.pdf")
    for tile in game.tiles:
        for island in tile.islands:
            assert f"port of {island.name}" in tiles, island.name


@pytest.mark.slow
def test_the_seeds_cannon_example_is_printed_with_its_inconsistency(out: Path) -> None:
    examples = _text(out / "examples.pdf")
    assert "A cannon attack" in examples
    assert "11 + 1 = 12: hit" in examples and "10 + 1 = 11: miss" in examples
    assert "turns the port D6 down from 5 to 4" in examples
    assert "only against a port armour of 7 (7 + 5 = 12)" in examples
    assert "the Venture's Port +3 (3 + 5 = 8) both would hit" in examples
    assert f"Our reading{MARK}: the example's target has Port +7" in examples
    assert not any(f"+7{MARK}" in t for t in page_texts(out / "examples.pdf"))


@pytest.mark.slow
def test_running_out_of_marks_of_victory_is_covered(out: Path) -> None:
    rules = _text(out / "rules-reference.pdf")
    assert f"When the Mark of Victory tokens run out{MARK}" in rules
    assert "The tokens never limit how many Marks a faction can earn" in rules
