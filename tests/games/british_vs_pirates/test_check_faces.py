"""``check`` lays out every face the British vs Pirates kit prints (the six decks, the market
and cannon cards, the tokens, the pieces, the map legend) and measures the words the sea-tile
pages set themselves, with no drawing library, and refuses what ``build`` refuses: every text
that does not fit, at its field's own ``file:line:col``."""

from __future__ import annotations

import shutil
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from tests.games.british_vs_pirates import GAME
from tests.pdfread import forms_drawn
from tests.refusals import build_refuses_what_check_refuses, not_fitting
from tests.writing import ShippedKit

from pnpkit.app.cli import main
from pnpkit.games import registered
from pnpkit.games.british_vs_pirates.faces import BvpFaces, faces
from pnpkit.games.british_vs_pirates.load import load_bvp
from pnpkit.games.british_vs_pirates.tile_pages import text_problems
from pnpkit.layout.paper import A4, LETTER
from pnpkit.layout.print_settings import DEFAULTS

WIDE = "W" * 20
"""A name as long as a port, token or piece may be: far too wide for its label."""
WIDER = "W" * 30
"""A card's name as long as the data allows: too wide for its title bar."""
WORD = "W" * 60
"""One word wider than any card's text box."""


@dataclass(frozen=True, slots=True)
class Hostile:
    """One edit of the data and the problem it must give: ``value`` written in place of
    ``old`` in ``file``; the message names ``what`` (the face and its field)."""

    file: str
    old: str
    new: str
    value: str
    what: str


HOSTILE = (
    # the six decks
    Hostile("cards.yaml", "    name: Venture\n", f"    name: {WIDER}\n", WIDER, f"{WIDER}: name"),
    Hostile(
        "cards.yaml",
        "  - key: blank-captain\n",
        f"  - {{key: blank-captain, name: {WIDER}}}\n",
        WIDER,
        f"{WIDER}: name",
    ),
    Hostile(
        "cards.yaml",
        "    ability: Friendly ships within 1 space may give up both of their actions to repair"
        " 1 damage.\n",
        f"    ability: {WORD}\n",
        WORD,
        "Tobi's Bastion: ability",
    ),
    Hostile(
        "cards.yaml",
        "  - {key: blank-speed, colour: green}\n",
        f"  - {{key: blank-speed, colour: green, ability: {WORD}}}\n",
        WORD,
        "blank-speed: ability",
    ),
    Hostile(
        "cards.yaml",
        "    story: {ours: A harbour town is short of food and the governor's tax men watch the"
        " docks. Bring fish in unseen.}\n",
        f"    story: {WORD}\n",
        WORD,
        "Smuggler: story",
    ),
    Hostile(
        "cards.yaml",
        "  - key: blank-event\n",
        f"  - {{key: blank-event, text: {WORD}}}\n",
        WORD,
        "blank-event: text",
    ),
    # the cannon card, the market card, the map legend
    Hostile(
        "cards.yaml",
        "    name: 18lb Exquisite Cannons\n",
        f"    name: {WIDE}{WIDE}\n",
        WIDE + WIDE,
        "cannon reference: cannons.18lb-exquisite",
    ),
    Hostile(
        "game.yaml",
        "{key: rovers-grotto, name: Rovers Grotto}",
        f"{{key: rovers-grotto, name: {WIDE}}}",
        WIDE,
        "market prices: ports.rovers-grotto",
    ),
    Hostile(
        "game.yaml",
        "{key: spanish-armada, name: Spanish Armada,",
        f"{{key: spanish-armada, name: {WIDER},",
        WIDER,
        "map legend: factions.spanish-armada",
    ),
    # the list of tiles on the sea tiles' assembly page (words of the page, not of a face)
    Hostile(
        "tiles.yaml",
        "  - name: North-west\n",
        f"  - name: {WIDER}\n",
        WIDER,
        f"sea tile {WIDER}: name",
    ),
    # a token, a piece
    Hostile(
        "game.yaml",
        "{key: mov, name: Mark of Victory,",
        f"{{key: mov, name: {WIDE},",
        WIDE,
        f"{WIDE} (front): label",
    ),
    Hostile(
        "game.yaml",
        "{key: light-zebec, name: Light Zebec,",
        f"{{key: light-zebec, name: {WIDE},",
        WIDE,
        f"Buccaneer {WIDE} (front): label",
    ),
)


def _hostile(tmp_path: Path, shipped: Path) -> tuple[Path, list[str]]:
    """A copy of the shipped game with every :data:`HOSTILE` edit; the data folder and the
    start of each problem line it must give (``error: file:line:col: face: field: text does
    not fit``), the line and column those of the value in the edited file."""
    data = tmp_path / "data"
    shutil.copytree(shipped / GAME, data / GAME)
    for edit in HOSTILE:
        path = data / GAME / edit.file
        text = path.read_text(encoding="utf-8")
        assert text.count(edit.old) == 1, edit.old
        path.write_text(text.replace(edit.old, edit.new), encoding="utf-8")
    expected = []
    for edit in HOSTILE:
        path = data / GAME / edit.file
        lines = path.read_text(encoding="utf-8").splitlines()
        row = next(
            i
            for i, line in enumerate(lines)
            if (line + "\n" == edit.new if edit.new.endswith("\n") else edit.new in line)
        )
        col = lines[row].index(edit.value) + 1
        expected.append(f"error: {path}:{row + 1}:{col}: {edit.what}: text does not fit")
    return data, expected


def test_check_reports_every_face_that_does_not_fit_at_its_field(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data, expected = _hostile(tmp_path, data_dir)
    capsys.readouterr()
    assert main(["check", GAME, "--data", str(data)]) == 1
    err = capsys.readouterr().err
    for line in expected:
        assert any(problem.startswith(line) for problem in err.splitlines()), (line, err)
    # each group is reported, not only the first; the piece is every faction's; a field too
    # long on Letter and on A4 (the long tile's name: its list entry, its page's heading) is
    # said once
    game = load_bvp(data_dir / GAME)
    factions = len(game.factions)
    # the widened cannon name: on the reference card and on every ship card that fires them
    fire = sum(game.ship(s).cannons == game.cannons[0] for s in game.ships)
    # and the long tile name once more: on the tile's own top space, under its up mark
    assert len(not_fitting(err)) == len(HOSTILE) - 1 + factions + fire + 1


def test_build_refuses_the_faces_check_refuses(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data, _ = _hostile(tmp_path, data_dir)
    build_refuses_what_check_refuses(capsys, GAME, data, tmp_path / "out")


@pytest.fixture
def laid(data_dir: Path) -> BvpFaces:
    game_dir = data_dir / GAME
    return faces(load_bvp(game_dir), registered(GAME).settings_for(game_dir, DEFAULTS))


def test_faces_hold_every_card_token_and_piece_the_data_asks_for(
    laid: BvpFaces, data_dir: Path
) -> None:
    game = load_bvp(data_dir / GAME)
    records = {
        "ship-cards.pdf": game.ships,
        "captain-cards.pdf": game.captains,
        "fort-cards.pdf": game.forts,
        "skill-cards.pdf": game.skills,
        "mission-cards.pdf": game.missions,
        "event-cards.pdf": game.events,
        "sea-monster-cards.pdf": (game.monster,),
    }
    assert [filename for filename, _, _ in laid.decks] == list(records)
    # a filled skill card of no faction is printed once for each faction
    spread = sum(len(game.factions) - 1 for s in game.skills if s.name and not s.faction)
    for filename, deck, cards in laid.decks:
        extra = spread if filename == "skill-cards.pdf" else 0
        # one Sea Monster card for each Sea Monster piece
        extra += game.pieces.sea_monsters - 1 if filename == "sea-monster-cards.pdf" else 0
        assert len(cards) == deck.count == len(records[filename]) + extra, filename
    tokens = (
        sum(kind.count for kind in game.tokens)
        + game.crew_per_faction * len(game.crew) * len(game.factions)
        + game.goods_each * len(game.goods)
        + game.chests_each * len(game.chests)
        + 1  # the wind vane
    )
    assert len(laid.token_faces) == tokens
    kit = game.pieces
    per_faction = sum(ship.count for ship in kit.ships) + kit.forts
    assert len(laid.piece_faces) == per_faction * len(game.factions) + kit.sea_monsters
    legend = laid.legend.svg
    assert all(f.name in legend for f in game.factions)


@pytest.mark.slow
def test_the_pdfs_print_exactly_the_faces_laid_out(laid: BvpFaces, shipped_kit: ShippedKit) -> None:
    out = shipped_kit(GAME)
    for filename, _, cards in laid.decks:
        assert len(forms_drawn(out / filename)) == 2 * len(cards), filename  # fronts and backs
    assert len(forms_drawn(out / "tokens.pdf")) == 2 * len(laid.token_faces)
    assert len(forms_drawn(out / "pieces.pdf")) == 2 * len(laid.piece_faces)
    for one_sided in ("market-prices.pdf", "cannon-reference.pdf", "sea-tiles.pdf"):
        assert len(forms_drawn(out / one_sided)) == 1, one_sided  # the card; the legend


def test_the_sea_tile_pages_measure_their_own_words_on_the_paper_asked_for(
    data_dir: Path,
) -> None:
    game = load_bvp(data_dir / GAME)
    assert text_problems(game, LETTER) == text_problems(game, A4) == []
    tile = game.tiles[1]
    crowded = replace(tile, islands=tuple(replace(tile.islands[0], name=WIDE) for _ in range(3)))
    game = replace(game, tiles=(game.tiles[0], crowded, *game.tiles[2:]))
    problems = text_problems(game, A4)
    assert [p.field for p in problems] == [f"sea tile {tile.name}: islands"]
    assert problems[0].message.startswith(f"text does not fit: '{WIDE}, {WIDE}, {WIDE}; touches")
    assert "on a4 paper" in problems[0].message


def test_check_lays_out_the_faces_on_every_paper_a_kit_prints_on(data_dir: Path) -> None:
    """A tile list that fits Letter and not the narrower A4 passed ``check`` (it laid out on
    Letter alone) and stopped ``build --paper a4``."""
    from pnpkit.app.pipeline import Read, face_problems

    game = load_bvp(data_dir / GAME)
    tile = game.tiles[1]
    names = ("W" * 17, "W" * 17, "W" * 17)  # 444 pt at 9 pt: Letter has 456 pt, A4 439 pt
    crowded = replace(tile, islands=tuple(replace(tile.islands[0], name=n) for n in names))
    game = replace(game, tiles=(game.tiles[0], crowded, *game.tiles[2:]))
    assert text_problems(game, LETTER) == []
    (problem,) = map(str, face_problems(Read(registered(GAME), data_dir / GAME, game, [])))
    assert f"sea tile {tile.name}: islands: text does not fit" in problem
    assert "on a4 paper" in problem
