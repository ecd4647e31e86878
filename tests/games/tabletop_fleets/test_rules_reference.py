"""Tabletop Fleets is playable from its PDFs alone (issue 13): every rule topic of the seed and
its numbers in the rules reference, pieces and flags for every fleet, our choices marked."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from tests.pdfread import forms_drawn, page_texts
from tests.writing import ShippedKit, replace_once

from pnpkit.games.tabletop_fleets.context import rule_context
from pnpkit.games.tabletop_fleets.game import GAME as TABLETOP
from pnpkit.games.tabletop_fleets.load import load_tabletop
from pnpkit.games.tabletop_fleets.model import TabletopGame
from pnpkit.games.tabletop_fleets.pieces import flags, ship_pieces
from pnpkit.games.tabletop_fleets.rulebook import rules_reference
from pnpkit.layout.document import Document
from pnpkit.layout.paper import LETTER
from pnpkit.model.ours import MARK, NOTE
from pnpkit.render.rule_text import and_list
from pnpkit.units import CM, INCH

GAME = "tabletop-fleets"


def _words(pages: list[str]) -> str:
    return re.sub(r"\s+", " ", " ".join(pages))


def _reference(game: TabletopGame) -> list[str]:
    """The rules reference drawn in memory, page by page as pypdf reads it."""
    plan = rules_reference(game, LETTER, "test")
    buffer = io.BytesIO()
    doc = Document(buffer, title=plan.title)
    plan.pages(doc)
    doc.save()
    return list(page_texts(buffer.getvalue()))


def topics(game: TabletopGame) -> dict[str, list[str]]:
    """Each rule topic the issue lists, with what the rules must say; every number is read
    from the model, not typed here."""
    s, w = game.scoring, game.wind
    click = f"{game.click / INCH:g} in{game.mark('move.click')}"
    return {
        "turn order": [
            "Player 1 starts",
            "First spend any coins",
            "takes one action",
            "then sails",
            "turn ends by itself",
        ],
        "clicks": [
            f"a click is {click}",
            "up to its Move Count",
            "cannot turn between clicks",
            "sails on one click",
            "island action skips the click",
        ],
        "firing": [
            "Cannons need a crew",
            "no friendly fire",
            f"its reach, to {game.straight_out.high / CM:g} cm",
            f"about {game.tipped_lands / CM:g} cm out",
            f"from {game.tipped_lands / CM:g} cm to where the ball stops",
            f"the shaded band, to {game.tipped_up.high / CM:g} cm",
            "straight out at "
            + and_list([f"{d / CM:g}" for d in game.stops(game.straight_out)])
            + " cm",
            "tipped up at " + and_list([f"{d / CM:g}" for d in game.stops(game.tipped_up)]) + " cm",
            f"sprays up to {game.spray}°",
        ],
        "fittings coming off": [
            ", ".join(game.fitting_order[:-1]) + f", then {game.fitting_order[-1]}",
            "smokestack counts as a mast",
            "fires only its bow gun",
            "Repair puts fittings back the other way round",
        ],
        "dead in the water": ["Dead in the water", "skips its click", "next hit sinks it"],
        "scuttling": ["scuttle your own dead ship", "cannot take it"],
        "coins": [
            "only get coins by collecting from islands you hold",
            f"worth {s.coin} point at the end",
            "coin table is empty",
        ],
        "scoring": [
            f"Islands you hold {s.island} each",
            f"Prize fittings (knocked off enemy ships) {s.prize_fitting} each",
            f"Prize hulls (ships you sink) {s.prize_hull} each",
            f"Unspent coins {s.coin} each",
            f"Most ships afloat (ties both score) +{s.most_ships}",
            f"Most islands held (ties both score) +{s.most_islands}",
            "Surviving ships do not score",
        ],
        "the 60-point declaration": [
            f"declare victory with {s.victory} or more points",
            "at least as many as everyone else",
            "points earned during a turn wait for your next one",
        ],
        "the stalemate rule": [
            "Stalemate rule",
            f"none has changed hands for {game.stalemate_rounds} rounds",
        ],
        "the wind rule": [
            f"within {w.within}° of the arrow",
            f"+{w.with_wind} Move Count",
            f"gets \u2212{-w.into_wind}",
            "still clicks at least once",
            "crosswind",
        ],
        "setup": [
            f"at least {game.table.edge / INCH:g} in from every table edge",
            f"at least {game.table.apart / INCH:g} in from every other island",
            "one island per player",
            "touching its own stretch of table edge",
        ],
    }


def test_every_rule_topic_and_its_numbers_are_in_the_rules_reference(data_dir: Path) -> None:
    game = load_tabletop(data_dir / GAME)
    text = _words(_reference(game))
    missing = {
        topic: [phrase for phrase in phrases if phrase.lower() not in text.lower()]
        for topic, phrases in topics(game).items()
    }
    assert {topic: gone for topic, gone in missing.items() if gone} == {}


def test_the_numbers_are_read_from_the_data(data_copy: Path) -> None:
    path = data_copy / GAME / "game.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("victory: 60", "victory: 75").replace("within: 45", "within: 30")
    text = text.replace("click: {ours: 3in}", "click: 4in")
    path.write_text(text, encoding="utf-8")
    game = load_tabletop(data_copy / GAME)
    words = _words(_reference(game))
    assert "declare victory with 75 or more points" in words
    assert "within 30° of the arrow" in words
    assert "a click is 4 in," in words  # no longer marked: the mark follows the data
    assert "60 or more" not in words


def test_our_choices_carry_the_mark_and_the_document_the_footnote(data_dir: Path) -> None:
    game = load_tabletop(data_dir / GAME)
    pages = _reference(game)
    context = rule_context(game)
    assert str(context["table"]["island"]) == f"{game.table.island / INCH:g} in{MARK}"
    assert str(context["score"]["victory"]) == "60"  # the seed's number, unmarked
    words = _words(pages)
    assert f"Islands (7{MARK}, 4.5 in{MARK} across)" in words
    assert f"1 click = 3 in{MARK}" in words
    assert "Free Traders" + MARK in words  # the third fleet is ours
    assert "Industry (" in words and "Industry" + MARK not in words  # the seed's ship
    assert all(NOTE in page for page in pages)


def test_the_empty_coin_table_is_said_so_and_a_given_one_is_printed(data_copy: Path) -> None:
    path = data_copy / GAME / "game.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace("  uses: []", "  uses: [{cost: 2, effect: Hire a boarding party}]"),
        encoding="utf-8",
    )
    words = _words(_reference(load_tabletop(data_copy / GAME)))
    assert "Hire a boarding party" in words and "coin table is empty" not in words


def test_a_misspelt_placeholder_is_reported_by_check(data_copy: Path) -> None:
    path = data_copy / GAME / "rules.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("{{ score.victory }} points.", "{{ score.victorie }} points."))
    game = load_tabletop(data_copy / GAME)
    lines = [str(v) for v in TABLETOP.check(game)]
    assert any(
        re.match(rf"{re.escape(str(path))}:\d+:\d+: p: placeholder: .*victorie", line)
        for line in lines
    ), lines


def test_pieces_and_flags_for_every_fleet(data_dir: Path) -> None:
    game = load_tabletop(data_dir / GAME)
    ships = ship_pieces(game)
    assert len(ships) == len(game.ships)
    assert all(piece.size == game.ship_piece and piece.qty == 1 for piece in ships)
    by_fleet = {f.key: [s for s in game.ships if s.faction == f.key] for f in game.factions}
    assert all(by_fleet.values())  # every fleet has ships to stand on the table
    flag_sets = flags(game)
    assert [f.key for f in flag_sets] == [f"flag-{f.key}" for f in game.factions]
    assert all(f.qty == game.islands and f.size == game.flag_size for f in flag_sets)


@pytest.fixture(scope="module")
def kit(shipped_kit: ShippedKit) -> Path:
    return shipped_kit(GAME)


@pytest.mark.slow
def test_the_printed_pieces_count_per_fleet(kit: Path, data_dir: Path) -> None:
    game = load_tabletop(data_dir / GAME)
    texts = page_texts(kit / "fleet-pieces.pdf")
    assert len(texts) % 2 == 0  # fronts, each followed by its back
    fronts = " ".join(texts[i] for i in range(0, len(texts), 2))
    for faction in game.factions:
        label = faction.name + game.mark(game.faction_path(faction))
        assert fronts.count(label) == game.islands, faction.name  # its flags
        for index, ship in enumerate(game.ships):
            if ship.faction == faction.key:
                assert fronts.count(ship.name + game.mark(f"ships[{index}].name")) == 1
    drawn = [d for d in forms_drawn(kit / "fleet-pieces.pdf") if d.page % 2 == 1]
    footnote = 1  # the our-choice footnote's square
    assert len(drawn) == len(game.ships) + len(game.factions) * game.islands + footnote


@pytest.mark.slow
def test_every_document_with_a_mark_carries_the_footnote(kit: Path) -> None:
    marked = []
    for path in sorted(kit.glob("*.pdf")):
        pages = [_words([text]) for text in page_texts(path)]
        if any(MARK in page.replace(NOTE, "") for page in pages):
            marked.append(path.name)
            assert any(NOTE in page for page in pages), path.name
    assert set(marked) == {
        "rules-reference.pdf",
        "ship-cards.pdf",
        "fleet-pieces.pdf",
        "table-pieces.pdf",
        "rulers.pdf",
        "table-layout-example.pdf",
        "print-this-kit.pdf",  # the title and the die are our choice
        "score-sheet.pdf",  # the title alone
    }
    reference = list(page_texts(kit / "rules-reference.pdf"))
    assert all(NOTE in page for page in reference)  # in the footer of every page
    score = _words(list(page_texts(kit / "score-sheet.pdf"))).replace(NOTE, "")
    assert score.count(MARK) == 1 and "Table Fleets†: score sheet" in score  # not a number


@pytest.mark.parametrize("shape", ["square", "round"])
def test_the_wind_dial_base_goes_where_the_table_has_room(data_copy: Path, shape: str) -> None:
    """A square (or rectangular) table puts the base in a corner; a round table has none, so
    the reference says where it goes there, marked, and only there."""
    replace_once(data_copy / GAME / "game.yaml", "  shape: square", f"  shape: {shape}")
    words = _words(_reference(load_tabletop(data_copy / GAME)))
    corner = "put the wind dial's base in a corner of the table, two sides along the table's edges"
    rim = (
        "put the wind dial's base at the table's rim, one side marked “table edge: this side” "
        f"against it, midway between player 1's and player 2's stretches of edge{MARK}"
    )
    assert (corner in words, rim in words) == (shape == "square", shape == "round")
