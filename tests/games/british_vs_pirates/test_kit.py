"""British vs Pirates: the kit builds and reads back; checks catch bad data; errors name file:line:col."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.games.british_vs_pirates import GAME, edit
from tests.pdfread import forms_drawn, print_scaling, text_of
from tests.writing import ShippedKit

from pnpkit.app.build import build_kits
from pnpkit.build.control import BuildControl
from pnpkit.errors import CheckFailed, DataError
from pnpkit.games.british_vs_pirates.faces import DECKS, decks
from pnpkit.games.british_vs_pirates.load import load_bvp
from pnpkit.games.british_vs_pirates.rules import check_bvp
from pnpkit.model.ours import MARK, NOTE
from pnpkit.units import INCH
from pnpkit.verify import verify_pdf


def test_shipped_data_passes_every_check(data_dir: Path) -> None:
    game = load_bvp(data_dir / GAME)
    assert check_bvp(game) == []
    assert {g.name: g.harvest for g in game.goods} == {
        "Fish": 4,
        "Lumber": 5,
        "Rope": 6,
        "Iron": 7,
        "Pearl": 8,
        "Jewel": 9,
    }
    venture = game.ships[0]
    assert venture.cannons is not None
    assert venture.cannons.dice == ("2", "2", "2", "X")
    assert venture.cannons.accuracy == ("4", "4", "1", "X")
    assert venture.speed is not None
    assert sorted(venture.speed.around(), reverse=True) == ["4", "3", "3", "2", "2", "1"]


def test_bad_harvest_threshold_is_caught(data_copy: Path) -> None:
    edit(data_copy, "game.yaml", "harvest: 9,", "harvest: 13,")
    found = check_bvp(load_bvp(data_copy / GAME))
    assert [v.check for v in found] == ["harvest"]
    assert "Jewel: threshold 13 cannot be rolled on a D12 (allowed: 2–12)" in found[0].message
    line = next(
        n
        for n, text in enumerate((data_copy / GAME / "game.yaml").read_text().splitlines(), 1)
        if "harvest: 13," in text
    )
    assert found[0].source.endswith(f"game.yaml:{line}:5")


def test_unknown_port_in_prices_is_caught(data_copy: Path) -> None:
    edit(data_copy, "game.yaml", "fish: {clew-bay: 1,", "fish: {gustav-port: 1,")
    found = check_bvp(load_bvp(data_copy / GAME))
    assert any(v.check == "prices" and "'gustav-port' is no port" in v.message for v in found)


def test_unknown_good_in_prices_is_caught(data_copy: Path) -> None:
    edit(data_copy, "game.yaml", "  pearl: {vanish-port", "  pearls: {vanish-port")
    messages = [v.message for v in check_bvp(load_bvp(data_copy / GAME))]
    assert any("'pearls' is no good or chest" in m for m in messages)
    assert any("Pearl sells at no port" in m for m in messages)


VENTURE_SIZE = "      structure: {start: {ours: 5}}\n    size: small\n"
"""The Venture's size, the line a test adds its cargo after."""


def test_wrong_cargo_hold_is_caught(data_copy: Path) -> None:
    edit(data_copy, "cards.yaml", VENTURE_SIZE, f"{VENTURE_SIZE}    cargo: 3\n")
    found = check_bvp(load_bvp(data_copy / GAME))
    assert [v.check for v in found] == ["cargo"]
    assert "Venture: carries 3 cargo, a small ship holds 1" in found[0].message


def test_cargo_stated_otherwise_on_the_card_is_allowed(data_copy: Path) -> None:
    edit(
        data_copy,
        "cards.yaml",
        VENTURE_SIZE,
        f"{VENTURE_SIZE}    cargo: 2\n    cargo_reason: extra hold\n",
    )
    assert check_bvp(load_bvp(data_copy / GAME)) == []


def test_skill_check_bands_with_a_gap_are_caught(data_copy: Path) -> None:
    edit(data_copy, "cards.yaml", "{from: 6, to: 9,", "{from: 7, to: 9,")
    found = check_bvp(load_bvp(data_copy / GAME))
    assert [v.check for v in found] == ["bands"]


def test_bad_data_lists_every_problem_with_file_line_col(data_copy: Path) -> None:
    venture = "    pivots: 3\n    defence:\n      bow: {armor: 2, start: {ours"
    path = edit(data_copy, "cards.yaml", venture, venture.replace("pivots", "pivot"))
    edit(data_copy, "cards.yaml", "dice: [3, 2, 1, 1]", "dice: [3, 2, 1, Y]")
    with pytest.raises(DataError) as caught:
        load_bvp(data_copy / GAME)
    lines = [str(p) for p in caught.value.problems]
    assert any(
        line.startswith(f"{path}:")
        and "ships[0].pivot: unknown key; did you mean 'pivots'?" in line
        for line in lines
    ), lines
    assert any(
        "cannons[1].dice[3]: 'Y' is not a stat (allowed: 0–12, or X)" in line for line in lines
    ), lines


@pytest.fixture
def built(shipped_kit: ShippedKit) -> tuple[Path, list[Path]]:
    """The shipped kit (built once per test process) and its files."""
    out = shipped_kit(GAME)
    return out, sorted(out.glob("*.pdf"))


@pytest.mark.slow
def test_kit_builds_and_reads_back(built: tuple[Path, list[Path]], data_dir: Path) -> None:
    out, written = built
    assert {p.name for p in written} == {
        "ship-cards.pdf",
        "captain-cards.pdf",
        "fort-cards.pdf",
        "skill-cards.pdf",
        "mission-cards.pdf",
        "event-cards.pdf",
        "sea-monster-cards.pdf",
        "market-prices.pdf",
        "cannon-reference.pdf",
        "tokens.pdf",
        "pieces.pdf",
        "sea-tiles.pdf",
        "rules-reference.pdf",
        "examples.pdf",
        "duplex-calibration.pdf",
        "print-this-kit.pdf",
    }
    game = load_bvp(data_dir / GAME)
    for (filename, _), deck in zip(DECKS, decks(game), strict=True):
        assert len(forms_drawn(out / filename)) == 2 * deck.count, filename
    for path in written:
        assert print_scaling(path) == "/None"
        assert verify_pdf(path) == []  # includes: no text under 6 pt, faction colours apart
    ships = text_of(out / "ship-cards.pdf")
    assert "Venture" in ships and "Light Zebec" in ships and "Ship name" in ships
    assert "36lb Fortress Cannons" in text_of(out / "fort-cards.pdf")
    reference = text_of(out / "cannon-reference.pdf")
    assert "18lb Exquisite Cannons" in reference and "36lb Fortress Cannons" in reference
    assert "Gustav Port" in text_of(out / "mission-cards.pdf")
    market = text_of(out / "market-prices.pdf")
    assert "Rovers Grotto" in market and "Admiral Chest" in market
    from tests.pdfread import page_sizes

    # the legend and the assembly page first
    assert len(page_sizes(out / "sea-tiles.pdf")) == len(game.tiles) + 2
    legend = text_of(out / "sea-tiles.pdf")
    assert "Spanish Armada" in legend and "Saint Vincent" in legend
    assert f"How the {len(game.tiles)} sea tiles fit together{MARK}" in legend
    assert game.hex == pytest.approx(1.25 * INCH)


@pytest.mark.slow
def test_pieces_pdf_holds_every_piece_the_data_asks_for(
    built: tuple[Path, list[Path]], data_dir: Path
) -> None:
    out, _ = built
    game = load_bvp(data_dir / GAME)
    per_faction = sum(s.count for s in game.pieces.ships)
    forts = game.pieces.forts
    monsters = game.pieces.sea_monsters
    expected = len(game.factions) * (per_faction + forts) + monsters
    drawn = forms_drawn(out / "pieces.pdf")
    assert len(drawn) == 2 * expected  # every piece front and back (duplex)
    text = text_of(out / "pieces.pdf")
    for name in ("Sloop", "Light Zebec", "Frigate", "Carrack", "3rd Rate", "Fort", "Sea Monster"):
        assert name in text, name


RULE_TOPICS = {
    "Double Shot": ("double damage", "rolls a D6"),
    "Grape Shot": ("Crew Morale drops to {grape_morale}",),
    "Bar Shot": ("moves only {bar_shot_speed} space",),
    "Tacking": ("pivot {tack_pivot}, then move {tack_extra} more space",),
    "Drift": ("slide {drift} space sideways or backwards",),
    "Ramming": ("at least {ram_min} space", "{ram_damage} D6 damage"),
    "Boarding": ("within {board_range} space", "Grapple", "Repel"),
    "Harvesting and selling": ("two D12 and keep the higher", "port entrance"),
    "Victory game mode": (
        "{victory_short} Marks of Victory at its home port",
        "{victory_standard} Marks of Victory at its home port",
        "{starting_ships} small ships",
    ),
    "Annihilation game mode": ("{annihilation_minutes} minutes", "sink {annihilation_short} enemy"),
    "Your turn": ("up by {morale_per_turn}", "up to {skill_hand}"),
    "Sea Monster": ("up to {monster_range} spaces",),
    "Current": ("its arrow points",),
}


@pytest.mark.slow
def test_every_rule_topic_and_its_numbers_are_in_the_rules_reference(
    built: tuple[Path, list[Path]], data_dir: Path
) -> None:
    out, _ = built
    game = load_bvp(data_dir / GAME)
    text = " ".join(text_of(out / "rules-reference.pdf").split())
    numbers = {k: str(v) for k, v in game.numbers.items()}
    for topic, phrases in RULE_TOPICS.items():
        assert topic in text, topic
        for phrase in phrases:
            assert phrase.format(**numbers) in text, (topic, phrase)
    for good in game.goods:  # the harvest table, from the goods' data
        assert f"{good.name} {good.harvest} or more" in text, good.name
    assert f"Small 1{MARK}" in text and "Medium 2" in text  # our Small hold carries the mark
    for token in game.tokens:  # the components table: every count is ours, and marked
        assert token.ours.of("count") and f"{token.name} {token.count}{MARK}" in text
    assert NOTE in text


def test_a_number_changed_in_data_changes_the_rules(data_copy: Path) -> None:
    from pnpkit.games.british_vs_pirates import kit
    from pnpkit.games.british_vs_pirates.rule_text import rules_context, rules_document
    from pnpkit.layout.rules import block_texts, flow_blocks

    edit(data_copy, "game.yaml", "victory_short: 6 ", "victory_short: 7 ")
    game = load_bvp(data_copy / GAME)
    blocks = flow_blocks(
        rules_document(game), rules_context(game), lambda raw: kit._table(game, raw)
    )
    text = " ".join(" ".join(t for t in block_texts(blocks) if t).split())
    assert "first faction with 7 Marks of Victory" in text
    assert "first faction with 6 Marks" not in text


def test_a_misspelt_placeholder_is_found_by_check(data_copy: Path) -> None:
    path = edit(data_copy, "rules.yaml", "{{ n.drift }}", "{{ n.drfit }}")
    from pnpkit.games.british_vs_pirates.game import GAME as BVP

    found = [str(v) for v in BVP.check(load_bvp(data_copy / GAME))]
    assert len(found) == 1 and str(path) in found[0] and "drfit" in found[0]


@pytest.mark.slow
def test_a_designers_new_ship_appears_without_code(tmp_path: Path, data_copy: Path) -> None:
    edit(
        data_copy,
        "cards.yaml",
        "  - key: blank-ship\n",
        "  - key: blank-ship\n  - key: gale\n    name: Gale\n    class: Sloop\n"
        "    faction: pirate\n    cannons: 18lb-exquisite\n    size: medium\n",
    )
    only = frozenset({"ship-cards.pdf"})  # the one document that shows it
    assert build_kits([GAME], data_copy, tmp_path, control=BuildControl(only=only)) == [
        tmp_path / GAME / "ship-cards.pdf"
    ]
    cards = tmp_path / GAME / "ship-cards.pdf"
    text = text_of(cards)
    assert "Gale" in text and "18lb Exquisite Cannons" in text
    ships = len(load_bvp(data_copy / GAME).ships)  # the shipped ones and Gale
    assert len(forms_drawn(cards)) == 2 * ships


def test_build_refuses_data_that_fails_a_check(tmp_path: Path, data_copy: Path) -> None:
    edit(data_copy, "game.yaml", "harvest: 4,", "harvest: 1,")
    with pytest.raises(CheckFailed, match="Fish: threshold 1"):
        build_kits([GAME], data_copy, tmp_path)


@pytest.mark.slow
def test_kit_bytes_repeat(tmp_path: Path, data_dir: Path, shipped_kit: ShippedKit) -> None:
    again = build_kits([GAME], data_dir, tmp_path / "two")
    first = [shipped_kit(GAME) / p.name for p in again]
    assert [p.read_bytes() for p in first] == [p.read_bytes() for p in again]
