"""What ``check`` refuses in a broken copy of the Tabletop Fleets data, each at its place: a
ship or faction key used twice (a card would be lost), and two factions the ship cards could
not tell apart in black and white (the build's read-back rule, found by check)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.games.refused import check, game_copy
from tests.writing import replace_once

from pnpkit.app.cli import main
from pnpkit.errors import Location
from pnpkit.games.tabletop_fleets.context import rule_context
from pnpkit.games.tabletop_fleets.load import load_tabletop
from pnpkit.render.rule_text import render_text

GAME = "tabletop-fleets"


@pytest.fixture
def game(data_dir: Path, tmp_path: Path) -> Path:
    return game_copy(data_dir, tmp_path, GAME)


def test_a_ship_key_used_twice_is_refused(capsys: pytest.CaptureFixture[str], game: Path) -> None:
    path = game / "game.yaml"
    line = replace_once(path, "      key: swift", "      key: sovereign")
    code, errors = check(capsys, game)
    assert code == 1
    assert errors == [
        f"error: {path}:{line}:12: ships[2].ours.key: 'sovereign' is already used by ships[1]"
    ]


def test_a_faction_key_used_twice_is_refused(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    path = game / "game.yaml"
    line = replace_once(path, "  - key: corsairs", "  - key: queens-fleet")
    text = path.read_text(encoding="utf-8").replace("faction: corsairs", "faction: queens-fleet")
    path.write_text(text, encoding="utf-8")
    code, errors = check(capsys, game)
    assert code == 1
    assert errors == [
        f"error: {path}:{line}:10: factions[1].key: 'queens-fleet' is already used by factions[0]"
    ]


def test_factions_alike_in_grayscale_with_the_same_cues_are_refused(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    path = game / "game.yaml"
    line = replace_once(path, 'colour: "#8b1a1a"', 'colour: "#1f4e79"')
    replace_once(path, "pattern: dots", "pattern: stripes")
    replace_once(path, "emblem: skull", "emblem: crown")
    code, errors = check(capsys, game)
    assert code == 1
    assert errors == [
        f"error: {path}:{line}:13: factions[1].colour: #1f4e79 (gray 69) is 0 levels from "
        "factions[0]'s #1f4e79 (gray 69) and the pattern and emblem are the same too "
        "(allowed: a colour 40 grayscale levels away, or another pattern or emblem)"
    ]


def test_factions_alike_in_grayscale_told_apart_by_an_emblem_pass(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    path = game / "game.yaml"
    replace_once(path, 'colour: "#8b1a1a"', 'colour: "#1f4e79"')
    replace_once(path, "pattern: dots", "pattern: stripes")
    assert check(capsys, game) == (0, [])


def test_a_placeholder_naming_a_group_is_refused_with_its_fields(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    path = game / "rules.yaml"
    replace_once(path, "{{ table.size }} table", "{{ table }} table")
    capsys.readouterr()
    assert main(["check", GAME, "--data", str(game.parent)]) == 1
    out = capsys.readouterr()
    lines = [line for line in (out.out + out.err).splitlines() if "placeholder" in line]
    assert lines == [
        f"{path}:32:7: p: placeholder: 'table' names a group of values, not one: name one of "
        "its fields (table.size, table.edge, table.apart, table.island, table.least_edge, "
        "table.step, table.max_crews, table.round)"
    ]
    assert "{'size'" not in out.out + out.err


def test_a_placeholder_naming_a_field_a_group_lacks_names_the_fields_it_has(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    path = game / "rules.yaml"
    replace_once(path, "{{ table.size }} table", "{{ table.sise }} table")
    capsys.readouterr()
    assert main(["check", GAME, "--data", str(game.parent)]) == 1
    out = capsys.readouterr()
    lines = [line for line in (out.out + out.err).splitlines() if "placeholder" in line]
    assert lines == [
        f"{path}:32:7: p: placeholder: 'table' has no field 'sise' (its fields: table.size, "
        "table.edge, table.apart, table.island, table.least_edge, table.step, table.max_crews, "
        "table.round)"
    ]


def test_a_group_field_named_like_an_attribute_prints_its_value(data_dir: Path) -> None:
    """``ships.industry.name`` is the ship's name: the group's own bookkeeping hides no key."""
    game = load_tabletop(data_dir / GAME)
    text = render_text("{{ ships.industry.name }}", rule_context(game), Location("x"))
    assert text == "Industry"
