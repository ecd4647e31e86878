"""British vs Pirates plays a full game from its PDFs alone (issue 29): every card the seed
names is filled, read back from the printed pages; what the seed does not give says so at the
card's foot, never beside a value. The stuck points a group met reading the PDFs alone are each
resolved in print: harvest is one kind of action everywhere, pieces match cards, captains pair
with ships, every port entrance belongs to one port, the seed's cannon example is printed with
its inconsistency, and running out of Marks of Victory is covered."""

from __future__ import annotations

import re
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
from pnpkit.games.british_vs_pirates.tile_pages import neighbours, tile_label
from pnpkit.games.british_vs_pirates.tiles import SeaTile
from pnpkit.model.ours import MARK

CLASSES = ("Sloop", "Light Zebec", "Frigate", "Carrack", "3rd Rate")


@pytest.fixture
def game(data_dir: Path) -> BvpGame:
    return load_bvp(data_dir / GAME)


@pytest.fixture
def out(shipped_kit: ShippedKit) -> Path:
    return shipped_kit(GAME)


def _cards(out: Path, deck: str) -> str:
    return "\n".join(page_texts(out / f"{deck}-cards.pdf"))


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _document(out: Path, name: str) -> str:
    """The text of ``name``.pdf on one line, its pages joined."""
    return _one_line(" ".join(page_texts(out / f"{name}.pdf")))


@pytest.mark.slow
def test_every_faction_has_a_ship_card_of_every_class_with_its_d6_starts(
    game: BvpGame, out: Path
) -> None:
    ships = _cards(out, "ship")
    for ship_class in CLASSES:
        assert ship_class in ships, ship_class
    for faction in game.factions:
        own = [game.ship(s) for s in game.ships if s.faction == faction.key]
        assert sorted(s.ship_class for s in own) == sorted(CLASSES), faction.name
        small = [s for s in own if s.size == "small"]
        assert len(small) >= int(game.numbers["starting_ships"]), faction.name
        for ship in own:
            assert ship.name in ships
            for side in ("bow", "starboard", "stern", "port", "structure"):
                assert ship.defence[side].start is not None, (ship.name, side)
    # the Venture as the seed gives it, its cannons and its defence
    venture = ships[ships.index("Venture") : ships.index("Venture") + 600]
    assert "Light Zebec" in venture
    assert re.search(r"Dice\s+2\s+2\s+2\s+X\s+Accuracy\s+4\s+4\s+1\s+X", venture)
    assert "Bow +2" in venture and "Starboard +3" in venture and "Port +3" in venture
    assert "Size: Small" in venture
    # what is ours is said at the foot, never beside a value
    assert (
        f"{MARK} our choice: faction, cannon name, speed dial order, D6 starting numbers" in venture
    )
    assert not re.search(rf"\d{MARK}", ships)


@pytest.mark.slow
def test_setup_prints_how_many_d6_a_faction_needs(game: BvpGame, out: Path) -> None:
    rules = _one_line("\n".join(page_texts(out / "rules-reference.pdf")))
    per_ship = 5
    faction = int(game.numbers["starting_ships"]) * per_ship + int(game.numbers["captains"]) + 1
    assert f"each faction needs {faction} D6: {per_ship} on each ship card" in rules
    assert "Set each D6 to the number printed in its square" in rules


@pytest.mark.slow
def test_every_faction_has_a_fort_card(game: BvpGame, out: Path) -> None:
    forts = _cards(out, "fort")
    assert {f.faction for f in game.forts if f.name} == {f.key for f in game.factions}
    for fort in game.forts:
        if fort.name:
            assert fort.name in forts and fort.start is not None and fort.armor is not None
    tobi = _one_line(forts[forts.index("Tobi's Bastion") :][:700])
    assert "36lb Fortress Cannons" in tobi and "Armor 6" in tobi
    assert "give up both of their actions to repair 1 damage" in tobi
    assert f"{MARK} our choice: faction, D6 starting number" in tobi
    assert not re.search(rf"\d{MARK}", forts)


@pytest.mark.slow
def test_the_event_deck_has_the_seeds_effects_and_says_when_to_play(
    game: BvpGame, out: Path
) -> None:
    events = _one_line(_cards(out, "event"))
    filled = [e for e in game.events if e.name]
    assert len(filled) >= 12
    for token in ("Fog Token", "Storm Token", "Treasure Token", "Current Token", "Shallow Token"):
        assert token in events, token
    assert "Place the Sea Monster up to 3 spaces from one of your ships" in events
    assert events.count("Keep it face up; play it later, then discard it.") == sum(
        e.keep for e in game.events
    )
    assert sum(e.keep for e in game.events) >= 1
    rules = _one_line("\n".join(page_texts(out / "rules-reference.pdf")))
    assert "When the Event deck runs out, shuffle the discards" in rules
    assert "Discard now, draw next turn." in rules
    # the sentence may run over a page break, its running head between the halves
    assert "their replacements are drawn at the start" in rules
    assert "of your next turn, never in the turn you discard" in rules


@pytest.mark.slow
def test_three_missions_a_flag_go_to_the_tiles_and_pay_in_the_games_own_rewards(
    game: BvpGame, out: Path
) -> None:
    missions = _one_line(_cards(out, "mission"))
    tiles = _one_line("\n".join(page_texts(out / "sea-tiles.pdf")))
    filled = [m for m in game.missions if m.type]
    for flag in ("green", "black", "blue"):
        assert sum(m.flag == flag for m in filled) >= 3, flag
    for mission in filled:
        assert f"Destination: {mission.destination}" in missions
        assert mission.destination.split(" (")[0] in tiles, mission.destination
    assert "gold" not in missions.lower()
    rewards = " ".join(b.result for m in filled if m.reward for b in m.reward.bands)
    for reward in ("Mark of Victory", "Marks of Victory", "Token", "Chest"):
        assert reward in rewards, reward
    assert "Discard when every roll is done" in missions
    assert not re.search(rf"\w{MARK}", missions)  # the mark only at a card's foot


def test_a_destination_on_no_tile_is_refused(data_copy: Path) -> None:
    edit(data_copy, "cards.yaml", "destination: Gustav Port", "destination: Atlantis")
    found = check_bvp(load_bvp(data_copy / GAME))
    assert [v.check for v in found] == ["missions"]
    assert "Smuggler: destination 'Atlantis' is on no sea tile" in found[0].message


@pytest.mark.slow
def test_captains_skills_crew_and_blanks_are_printed(game: BvpGame, out: Path) -> None:
    captains = _one_line(_cards(out, "captain"))
    filled = [c for c in game.captains if c.name]
    assert len(filled) >= 8
    for captain in filled:
        assert captain.name in captains and captain.morale is not None
        assert len(captain.stats) == 8, captain.name
    for stat in ("Grapple", "Repel", "Cloaked", "Saboteur", "Negotiator", "Explorer"):
        assert stat in captains
    assert "Commander" in captains and "Helmsman" in captains
    skills = _one_line(_cards(out, "skill"))
    for colour in ("green", "yellow", "red", "blue"):
        assert sum(s.colour == colour and bool(s.name) for s in game.skills) >= 4, colour
    for kind in ("Speed card", "Defense card", "Attack card", "Special card"):
        assert kind in skills
    tokens = _one_line("\n".join(page_texts(out / "tokens.pdf")))
    rules = _one_line("\n".join(page_texts(out / "rules-reference.pdf")))
    for crew in game.crew:
        assert f"{crew.name} +{crew.plus}" in tokens
        assert f"+{crew.plus} {crew.bonus}" in rules
    for deck in ("ship", "captain", "fort", "skill", "mission", "event"):
        assert "Blank card: fill it in by hand" in _cards(out, deck), deck


@pytest.mark.slow
def test_a_cut_sea_tile_carries_its_number_name_up_mark_and_glue_tabs(
    game: BvpGame, out: Path
) -> None:
    pages = page_texts(out / "sea-tiles.pdf")
    tiles = pages[2:]  # after the legend and the assembly page
    assert len(tiles) == len(game.tiles)
    touching = neighbours(game)
    for n, (tile, page) in enumerate(zip(game.tiles, tiles, strict=True), start=1):
        assert tile_label(n, tile) in page, tile.name
        # a tab goes under each neighbour with a higher number, named on the tab
        for other in touching[n]:
            assert (f"glue under {other}" in page) == (other > n), (n, other)
    # the Centre tile's outline meets every tile that touches it, and nothing else
    edges = SeaTile(game, game.tiles[0], 1).outer_edges()
    assert {other for _, _, other in edges} - {0} == set(touching[1])
    assert "glue each grey tab under the tile it names" in _one_line(pages[1])


@pytest.mark.slow
def test_harvest_takes_the_attack_action_in_every_place_it_is_printed(out: Path) -> None:
    rules = _document(out, "rules-reference")
    free = rules[rules.index("Free actions,") : rules.index("Harvesting is not one of them")]
    assert "harvest" not in free.lower()
    assert "attack action (cannons, boarding or a harvest roll)" in rules
    assert "Harvesting takes the ship's attack action" in rules
    assert "The rulebook says both" in rules
    assert f"Our reading{MARK}: the attack action" in rules
    events = _document(out, "event-cards")
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
    rules = _document(out, "rules-reference")
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
    tiles = _document(out, "sea-tiles")
    for tile in game.tiles:
        for island in tile.islands:
            assert f"port of {island.name}" in tiles, island.name


@pytest.mark.slow
def test_the_seeds_cannon_example_is_printed_with_its_inconsistency(out: Path) -> None:
    examples = _document(out, "examples")
    assert "A cannon attack" in examples
    assert "11 + 1 = 12: hit" in examples and "10 + 1 = 11: miss" in examples
    assert "turns the port D6 down from 5 to 4" in examples
    assert "only against a port armour of 7 (7 + 5 = 12)" in examples
    assert "the Venture's Port +3 (3 + 5 = 8) both would hit" in examples
    assert f"Our reading{MARK}: the example's target has Port +7" in examples
    assert not any(f"+7{MARK}" in t for t in page_texts(out / "examples.pdf"))


@pytest.mark.slow
def test_running_out_of_marks_of_victory_is_covered(out: Path) -> None:
    rules = _document(out, "rules-reference")
    assert f"When the Mark of Victory tokens run out{MARK}" in rules
    assert "The tokens never limit how many Marks a faction can earn" in rules
