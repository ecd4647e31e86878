"""Loading the fleet game: the shipped False Colors data, and bad game and roster files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tests.conftest import DATA
from tests.writing import replace_once

from pnpkit.errors import DataError
from pnpkit.games.false_colors.load import load_fleet_game
from pnpkit.games.false_colors.model import Ability
from pnpkit.load.cards import MIN_CONTRAST, contrast
from pnpkit.model.vocabulary import EMBLEMS, PATTERNS


def problems_in(game_dir: Path) -> list[str]:
    with pytest.raises(DataError) as caught:
        load_fleet_game(game_dir)
    return [str(p) for p in caught.value.problems]


@pytest.fixture
def game_dir(data_copy: Path) -> Path:
    return data_copy / "false-colors"


def test_shipped_game_numbers(data_dir: Path) -> None:
    game = load_fleet_game(data_dir / "false-colors")
    assert game.title == "False Colors"
    assert (game.rounds, game.orders, game.admiral_orders) == (24, 3, 1)
    assert (game.stalling_rounds, game.truce_rounds) == (6, 1)
    s = game.scoring
    assert (s.harbor, s.capital, s.admiral_captured, s.admiral_afloat, s.admiral_lost) == (
        1,
        2,
        8,
        4,
        -8,
    )
    assert s.sunk_divisor == 2


def test_shipped_roster(data_dir: Path) -> None:
    game = load_fleet_game(data_dir / "false-colors")
    assert game.fleet_size == 14
    table = [(s.key, s.name, s.count, s.rating, s.moves) for s in game.roster]
    assert table == [
        ("7", "First Rate", 1, 7, 1),
        ("6", "Ship of the Line", 1, 6, 1),
        ("5", "Frigate", 1, 5, 1),
        ("4", "Sloop", 2, 4, 1),
        ("3", "Boarding Party", 2, 3, 1),
        ("2", "Cutter", 3, 2, 3),
        ("1", "Privateer", 1, 1, 1),
        ("X", "Fireship", 2, None, 0),
        ("A", "Admiral", 1, None, 1),
    ]
    assert game.ship("X").has(Ability.FIRESHIP)
    assert game.ship("3").has(Ability.BOARDS_FIRESHIPS)
    assert game.ship("1").has(Ability.SINKS_FIRST_RATE_ATTACKING)
    assert game.ship("7").has(Ability.FIRST_RATE)
    assert game.ship("2").has(Ability.CUTTER)
    assert game.ship("A").has(Ability.ADMIRAL)


def test_shipped_fleets_differ_in_colour_emblem_and_pattern(data_dir: Path) -> None:
    fleets = load_fleet_game(data_dir / "false-colors").fleets
    assert len(fleets) == 6  # one for each seat of the hex chart
    for attribute in ("key", "name", "colour", "emblem", "pattern"):
        assert len({getattr(f, attribute) for f in fleets}) == 6, attribute
    for fleet in fleets:
        assert fleet.emblem in EMBLEMS and fleet.pattern in PATTERNS
        assert contrast(fleet.colour, fleet.ink) >= MIN_CONTRAST


def test_contrast_ratio_extremes() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#777777") == pytest.approx(1.0)


def test_rating_out_of_range_names_the_ship_and_the_range(game_dir: Path) -> None:
    replace_once(game_dir / "roster.yaml", "rating: 5", "rating: 9")
    path = game_dir / "roster.yaml"
    assert problems_in(game_dir) == [
        f"{path}:21:13: ships[2].rating: 9 is out of range (allowed: 1–7, or null for X and A)"
    ]


def test_roster_rules(game_dir: Path) -> None:
    roster = game_dir / "roster.yaml"
    replace_once(roster, 'key: "6"', 'key: "7"')
    replace_once(roster, "    count: 3\n", "    count: 2\n")  # the Cutters: 13 ships in all
    replace_once(roster, "rating: null\n    moves: 0", "rating: 2\n    moves: 0")
    replace_once(roster, "    rating: 1\n", "    rating: ~\n")
    replace_once(roster, "abilities: [cutter]", "abilities: [cuter]")
    replace_once(roster, "    moves: 1\n", "    moves: 1\n    movs: 2\n")
    assert problems_in(game_dir) == [
        f"{roster}:6:3: ships: the counts add up to 13 ships "
        "(allowed: 14, the fleet_size in game.yaml)",
        f"{roster}:11:5: ships[0].movs: unknown key; did you mean 'moves'? "
        "(allowed: abilities, count, key, moves, name, note, rating)",
        f"{roster}:14:10: ships[1].key: '7' is already used by ships[0]",
        f"{roster}:41:17: ships[5].abilities[0]: 'cuter' is not known; did you mean 'cutter'? "
        "(allowed: fireship, boards-fireships, sinks-first-rate-attacking, first-rate, "
        "admiral, cutter)",
        f"{roster}:46:13: ships[6].rating: only a Fireship or an Admiral goes without a rating "
        "(allowed: 1–7, or add the ability fireship or admiral)",
        f"{roster}:53:13: ships[7].rating: a Fireship or an Admiral has no rating (allowed: null)",
    ]


def test_roster_must_add_up_to_the_fleet_size(game_dir: Path) -> None:
    roster = game_dir / "roster.yaml"
    replace_once(roster, "    count: 3\n", "    count: 2\n")
    assert problems_in(game_dir) == [
        f"{roster}:6:3: ships: the counts add up to 13 ships "
        "(allowed: 14, the fleet_size in game.yaml)"
    ]


def test_a_number_where_a_key_is_expected_asks_for_quotes(game_dir: Path) -> None:
    replace_once(game_dir / "roster.yaml", 'key: "5"', "key: 5")
    (found,) = problems_in(game_dir)
    assert found.endswith(
        "ships[2].key: expected text, found the number 5; write it in quotes "
        "(allowed: 1 or 2 digits or capitals, quoted)"
    )


def test_fleets_must_be_told_apart(game_dir: Path) -> None:
    game = game_dir / "game.yaml"
    replace_once(game, "emblem: star", "emblem: anchor")
    replace_once(game, 'ink: "#000000"', 'ink: "#777777"')
    replace_once(game, "pattern: dots", "pattern: spots")
    assert problems_in(game_dir) == [
        f"{game}:36:10: fleets[1].ink: #777777 on #e69f00 has contrast 2.0 "
        "(allowed: at least 4.5, e.g. #000000 or #ffffff)",
        f"{game}:37:13: fleets[1].emblem: 'anchor' is already used by fleets[0] "
        "(allowed: different for every fleet)",
        f"{game}:50:14: fleets[3].pattern: 'spots' is not known; did you mean 'dots'? "
        "(allowed: plain, stripes, dots, checks, waves, cross, diagonal)",
    ]


def test_problems_in_both_files_are_reported_together(game_dir: Path) -> None:
    replace_once(game_dir / "game.yaml", "rounds: 24", "rounds: [24")
    replace_once(game_dir / "roster.yaml", "moves: 3", "moves: -3")
    found = problems_in(game_dir)
    assert len(found) == 2
    assert "game.yaml:" in found[0] and "YAML syntax" in found[0]
    assert "roster.yaml:" in found[1] and "ships[5].moves: -3 is out of range" in found[1]


def test_missing_scoring_field_and_wrong_type(game_dir: Path) -> None:
    game = game_dir / "game.yaml"
    replace_once(game, "  sunk_divisor: 2 ", "  sunk_divisr: 2 ")
    replace_once(game, "orders: 3 ", "orders: three ")
    found = problems_in(game_dir)
    assert any("orders: expected a whole number, found text 'three'" in p for p in found)
    assert any(p.endswith("scoring.sunk_divisor: missing") for p in found)
    assert any("scoring.sunk_divisr: unknown key; did you mean 'sunk_divisor'?" in p for p in found)


def test_missing_roster_file(game_dir: Path) -> None:
    (game_dir / "roster.yaml").unlink()
    assert problems_in(game_dir) == [f"{game_dir / 'roster.yaml'}: file not found"]


def test_kit_problems_point_at_lines_kept_at_load_time(
    data_copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What the kit finds after loading (a chart the game's rules name without a file, a wind
    corner the hex chart has no seat at, a play-aid number that is not one) is named at the line
    where it is written, from the places the loaders kept: no file is read again."""
    from pnpkit.app.cli import main

    folder = data_copy / "false-colors"
    rules, game = folder / "rules.yaml", folder / "game.yaml"

    def at(path: Path, text: str) -> str:
        lines = path.read_text("utf-8").splitlines()
        row = next(i for i, line in enumerate(lines) if text in line)
        return f"{path}:{row + 1}:{lines[row].index(text) + 1}"

    def check() -> str:
        capsys.readouterr()
        assert main(["check", "false-colors", "--data", str(data_copy)]) == 1
        out, err = capsys.readouterr()
        return out + err

    shipped = game.read_text("utf-8")
    replace_once(game, "  duel:\n", "  ghost:\n    wings: true\n  duel:\n")
    row = int(at(game, "ghost:").split(":")[-2])  # the rules written under ghost: a line on
    assert f"{game}:{row + 1}:5: charts.ghost: no chart file charts/ghost.yaml" in check()
    game.write_text(shipped, "utf-8")
    replace_once(rules, "from: {ours: North-east}", "from: {ours: Nowhere}")
    assert f"{at(rules, '{ours: Nowhere}')}: wind.from: 'Nowhere' is not a seat" in check()
    replace_once(rules, "from: {ours: Nowhere}", "from: {ours: North-east}")
    replace_once(rules, "score_track: {ours: 59}", "score_track: {ours: many}")
    found = check()
    assert f"{at(rules, '{ours: many}')}: numbers.score_track: the play aids need a number" in found


SHIPPED_FORMATIONS = {
    "formation": '["2 4 . 2", "5 . 4 6", "X 3 7 3", "1 X A 2"]',
    "hex_formation": '["2 4 . 2 . 4 2", "3 5 7 6 3", "X 1 X", "A"]',
}


@pytest.mark.parametrize(
    ("key", "formation", "said"),
    [
        ("formation", '["2 4 . 2", "5 . 4"]', "formation: rows of 4, 3 cells"),
        ("formation", '["2 4 . 2", "5 . 4 Q"]', "formation: Q is no ship of the roster"),
        ("formation", '["2 4 . 2", "5 . 4 4"]', "; 4 stands 3 times, the roster has 2;"),
        # the hex formation's rows are a corner's layers, 7, 5, 3 and 1 hexes
        (
            "hex_formation",
            '["2 4 . 2 . 4", "3 5 7 6 3 2", "X 1 X", "A"]',
            "hex_formation: rows of 6, 6, 3, 1 cells (allowed: rows of 7, 5, 3, 1 hexes from the "
            "front to the corner",
        ),
        (
            "hex_formation",
            '["2 4 . 2 . 4 2", "3 5 7 6 3", "X 1 X", "Q"]',
            "hex_formation: Q is no ship",
        ),
        (
            "hex_formation",
            '["2 4 . 2 . 4 2", "3 5 7 6 3", "X 1 X", "X"]',
            "A stands 0 times, the roster has 1",
        ),
    ],
)
def test_a_formation_that_does_not_stand_the_roster_is_refused(
    tmp_path: Path, key: str, formation: str, said: str
) -> None:
    folder = tmp_path / "false-colors"
    shutil.copytree(DATA / "false-colors", folder)
    game = folder / "game.yaml"
    text = game.read_text()
    old = f"\n{key}: {{ours: {SHIPPED_FORMATIONS[key]}}}"
    assert old in text
    game.write_text(text.replace(old, f"\n{key}: {formation}"))
    with pytest.raises(DataError) as caught:
        load_fleet_game(folder)
    assert said in str(caught.value)
