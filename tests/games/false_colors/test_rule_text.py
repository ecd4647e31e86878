"""rules.yaml: read with file:line:col problems; placeholders filled only from the models."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpkit.errors import DataError, Location
from pnpkit.games.false_colors.charts.load.chart import load_charts
from pnpkit.games.false_colors.context import rule_context
from pnpkit.games.false_colors.load import load_fleet_game
from pnpkit.games.false_colors.rule_text import and_list, load_rules, render_text
from pnpkit.games.false_colors.rulebook import blocks_for
from pnpkit.layout.flow import Grid, Heading, Items, Para

DATA = Path(__file__).resolve().parents[3] / "data" / "false-colors"
HERE = Location("rules.yaml", 3, 5)


def test_shipped_rules_load_and_fill() -> None:
    rules = load_rules(DATA / "rules.yaml")
    game, charts = load_fleet_game(DATA), load_charts(DATA)
    context = rule_context(game, charts, rules)
    blocks = blocks_for(rules.rulebook, game, charts, context, rules)
    assert any(isinstance(b, Grid) for b in blocks)
    texts = [b.text for b in blocks if isinstance(b, (Heading, Para))]
    texts += [t for b in blocks if isinstance(b, Items) for t in b.items]
    assert texts and not any("{" in t or "}" in t for t in texts)
    joined = " ".join(texts)
    assert f"{game.fleet_size} ships" in joined
    assert f"up to {game.orders} ships ({game.orders + game.admiral_orders} while" in joined
    assert f"{charts['square'].width} by {charts['square'].height}" in joined


def test_context_numbers_come_from_models() -> None:
    rules = load_rules(DATA / "rules.yaml")
    game, charts = load_fleet_game(DATA), load_charts(DATA)
    context = rule_context(game, charts, rules)
    assert context["max_orders"] == game.orders + game.admiral_orders
    assert context["storm_rounds"] == charts["square"].storm_rounds
    assert (
        context["square"].spare_cells == len(charts["square"].seats[0].anchorage) - game.fleet_size
    )
    assert context["square"].anchorage == "4 by 4"
    assert context["hex"].anchorage_cells == 16
    assert context["ships"]["privateer"].key == "1"


def test_and_list() -> None:
    assert and_list([13, 18, 22]) == "13, 18 and 22"
    assert and_list([0, 4, 8], " or ") == "0, 4 or 8"
    assert and_list([5]) == "5"


def test_unknown_placeholder_is_a_data_error_with_its_place() -> None:
    with pytest.raises(DataError, match=r"rules\.yaml:3:5: p: placeholder: .*nope"):
        render_text("{{ nope }} ships", {}, HERE, "p")


def test_the_sandbox_refuses_internals() -> None:
    with pytest.raises(DataError, match="placeholder"):
        render_text("{{ x.__class__.__mro__ }}", {"x": 1}, HERE)


def test_bad_blocks_are_reported_with_file_line_column(tmp_path: Path) -> None:
    path = tmp_path / "rules.yaml"
    path.write_text(
        "numbers: {close_band: 5}\n"
        "pirates: {plunder: 24}\n"
        "rulebook:\n"
        "  title: T\n"
        "  pages: 4\n"
        "  blocks:\n"
        "    - para: typo\n"
        "    - table: nonsense\n"
        "card:\n"
        "  title: C\n"
        "  pages: 2\n"
        "  blocks: []\n"
        "colour: red\n"
    )
    with pytest.raises(DataError) as caught:
        load_rules(path)
    message = str(caught.value)
    assert "rules.yaml:7:7: rulebook.blocks[0]: unknown block 'para'" in message
    assert "rules.yaml:8:14: rulebook.blocks[1].table: 'nonsense' is not known" in message
    assert "colour: unknown key" in message


def test_a_picture_of_an_unknown_chart_is_refused() -> None:
    from pnpkit.games.false_colors.rulebook import picture_block

    game, charts = load_fleet_game(DATA), load_charts(DATA)
    with pytest.raises(DataError, match=r"rules\.yaml:3:5: picture: 'atlantic' is not a picture"):
        picture_block("atlantic", HERE, game, charts)


def test_table_phrases_come_from_rules_yaml_with_numbers_from_models() -> None:
    from pnpkit.games.false_colors.rule_text import PHRASES, phrasebook

    rules = load_rules(DATA / "rules.yaml")
    game, charts = load_fleet_game(DATA), load_charts(DATA)
    say = phrasebook(rules, rule_context(game, charts, rules))
    assert set(PHRASES) <= set(rules.phrases)
    assert "First Rate 3" in say("scoring.sunk") and "Cutter 1" in say("scoring.sunk")
    assert say("scoring.capital").startswith(
        "the Capital, each round, to the side with the most ships"
    )


def test_a_missing_phrase_is_named(tmp_path: Path) -> None:
    import dataclasses

    from pnpkit.games.false_colors.rule_text import phrasebook

    rules = load_rules(DATA / "rules.yaml")
    partial = dict(rules.phrases)
    del partial["scoring.harbor"]
    with pytest.raises(DataError, match=r"phrases: scoring\.harbor is missing"):
        phrasebook(dataclasses.replace(rules, phrases=partial), {})


def test_our_choices_print_with_the_mark() -> None:
    from pnpkit.model.ours import MARK, Ours

    rules = load_rules(DATA / "rules.yaml")
    assert rules.pirates["plunder"] == Ours(24)
    game, charts = load_fleet_game(DATA), load_charts(DATA)
    context = rule_context(game, charts, rules)
    text = render_text("at least {{ pirates.plunder }} points{{ ours }}", context, HERE)
    assert text == f"at least 24{MARK} points{MARK}"
    assert context["wind"]["seat"] == 6  # North-east is the hex chart's sixth seat
    assert str(context["rules"]["close_band"]) == "5"  # from the source rules: no mark


def _rules_with(tmp_path: Path, old: str, new: str) -> Path:
    path = tmp_path / "rules.yaml"
    text = (DATA / "rules.yaml").read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return path


def test_a_bad_our_choice_is_named_at_its_line(tmp_path: Path) -> None:
    path = _rules_with(tmp_path, "plunder: {ours: 24}", "plunder: {our: 24}")
    with pytest.raises(DataError, match=r"rules\.yaml:\d+:\d+: pirates\.plunder: expected a value"):
        load_rules(path)


def test_an_unknown_wind_corner_is_refused(tmp_path: Path) -> None:
    game, charts = load_fleet_game(DATA), load_charts(DATA)
    path = _rules_with(tmp_path, "from: {ours: North-east}", "from: {ours: Northeast}")
    with pytest.raises(DataError, match=r"wind\.from: 'Northeast' is not a seat of the hex chart"):
        rule_context(game, charts, load_rules(path))


def test_seats_and_teams_the_source_does_not_give_print_with_the_mark() -> None:
    """The hex chart marks its seats for two to five captains and its Triads' teams
    (``{ours: …}`` in charts/hex.yaml); the seatings table prints "†" after exactly those."""
    from pnpkit.games.false_colors.tables import seatings_table
    from pnpkit.model.ours import MARK

    charts = load_charts(DATA)
    hex_rows = [
        tuple(cell.text for cell in row) for row in seatings_table({"hex": charts["hex"]}).rows[1:]
    ]
    assert [(captains, seats) for _, captains, seats, _ in hex_rows] == [
        ("2", f"1, 4{MARK}"),
        ("3", f"1, 3, 5{MARK}"),
        ("4", f"1, 2, 4, 5{MARK}"),
        ("5", f"1–5{MARK}"),
        ("6", "1–6"),
        ("6", "1–6"),
    ]
    assert hex_rows[-1][3].startswith(f"Triads{MARK}: ") and MARK not in hex_rows[-2][3]
    square = seatings_table({"square": charts["square"]}).rows[1:]
    assert not any(MARK in cell.text for row in square for cell in row)  # the rules fix it
