"""Whole kits, read back: card counts, page sizes and PrintScaling the data promises, every back
at the mirror of its front, the credit to Nicholas Wolff, deterministic bytes."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest
from tests.pdfread import forms_drawn, page_sizes, page_texts, print_scaling
from tests.writing import PlacedKit, ShippedKit, build_kit

from pnpkit.build.write import Written
from pnpkit.errors import CheckFailed
from pnpkit.games.high_seas.load import load_high_seas
from pnpkit.games.pirate_fleets.load import load_pirate_fleets
from pnpkit.layout.offset import BackOffset
from pnpkit.layout.paper import A4, LETTER
from pnpkit.verify.check import verify_pdf

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def hs_kit(placed_kit: PlacedKit) -> dict[str, Written]:
    return placed_kit("high-seas", LETTER, BackOffset.from_mm(1.0, -0.5))


@pytest.fixture(scope="module")
def pf_kit(placed_kit: PlacedKit) -> dict[str, Written]:
    return placed_kit("pirate-fleets", LETTER)


def fronts_in_pdf(written: Written) -> Counter[str]:
    """Forms drawn on front pages of the PDF, counted by form."""
    front_pages = {p.page for p in written.placements if p.side == "front"}
    return Counter(d.form for d in forms_drawn(written.path) if d.page in front_pages)


def assert_backs_mirror_fronts(written: Written) -> None:
    drawn = {(d.page, round(d.x, 1), round(d.y, 1)): d.form for d in forms_drawn(written.path)}
    fronts = {p.item: p for p in written.placements if p.side == "front"}
    backs = {p.item: p for p in written.placements if p.side == "back"}
    assert fronts.keys() == backs.keys()
    width = page_sizes(written.path)[0][0]
    shifts: set[tuple[float, float]] = set()
    for item, front in fronts.items():
        back = backs[item]
        # Long-edge flip: the back's box is the front's box mirrored across the page's centre,
        # moved by the one back offset the kit was given.
        mirrored = width - front.x - front.width
        shifts.add((round(back.x - mirrored, 6), round(back.y - front.y, 6)))
        assert drawn[(front.page, round(front.x, 1), round(front.y, 1))] == front.form
        assert drawn[(back.page, round(back.x, 1), round(back.y, 1))] == back.form
        assert back.page == front.page + 1
    assert len(shifts) == 1


def test_high_seas_files_verify(hs_kit: dict[str, Written]) -> None:
    assert sorted(hs_kit) == [
        "board.pdf",
        "crew-cards.pdf",
        "duplex-calibration.pdf",
        "examples.pdf",
        "print-this-kit.pdf",
        "reference-card.pdf",
        "tokens.pdf",
    ]
    for written in hs_kit.values():
        assert verify_pdf(written.path) == []
        assert print_scaling(written.path) == "/None"


def test_high_seas_crew_cards_match_the_data(
    hs_kit: dict[str, Written], request: pytest.FixtureRequest
) -> None:
    game = load_high_seas(Path(request.config.rootpath) / "data" / "high-seas")
    cards = hs_kit["crew-cards.pdf"]
    counts = fronts_in_pdf(cards)
    assert sum(counts.values()) == sum(c.count for c in game.crew) == 30
    assert sorted(counts.values()) == sorted(c.count for c in game.crew)
    # 9 poker cards per portrait Letter page: 4 sheets (5 before 9-up), each front then back.
    sizes = page_sizes(cards.path)
    assert len(sizes) == 8 and set(sizes) == {(612.0, 792.0)}
    backs = [p for p in cards.placements if p.side == "back"]
    assert len({p.form for p in backs}) == 1  # one common back
    assert_backs_mirror_fronts(cards)


def test_high_seas_back_offset_is_applied(hs_kit: dict[str, Written]) -> None:
    cards = hs_kit["crew-cards.pdf"]
    width = page_sizes(cards.path)[0][0]
    fronts = {p.item: p for p in cards.placements if p.side == "front"}
    for back in (p for p in cards.placements if p.side == "back"):
        front = fronts[back.item]
        assert back.x - (width - front.x - front.width) == pytest.approx(1.0 * 72 / 25.4)
        assert back.y - front.y == pytest.approx(-0.5 * 72 / 25.4)


def test_high_seas_tokens_and_credit(hs_kit: dict[str, Written]) -> None:
    tokens = hs_kit["tokens.pdf"]
    assert sum(fronts_in_pdf(tokens).values()) == 10 + 38
    assert_backs_mirror_fronts(tokens)
    for name in ("reference-card.pdf", "board.pdf"):
        assert "Nicholas Wolff" in "\n".join(page_texts(hs_kit[name].path))
    reference = "\n".join(page_texts(hs_kit["reference-card.pdf"].path))
    assert "Cannoneer beats Boarding Party beats Musketeer beats Cannoneer" in reference
    assert "3, 4, 5, 4, 3† hearts" in reference


def test_pirate_fleets_decks_and_pieces(
    pf_kit: dict[str, Written], request: pytest.FixtureRequest
) -> None:
    game = load_pirate_fleets(Path(request.config.rootpath) / "data" / "pirate-fleets")
    supply = pf_kit["supply-cards.pdf"]
    assert sum(fronts_in_pdf(supply).values()) == game.supply_count == 59
    assert len(page_sizes(supply.path)) == 2 * 7  # 7 sheets of 9 (10 sheets of 6 before)
    captains = fronts_in_pdf(pf_kit["captain-cards.pdf"])
    assert sum(captains.values()) == 36 and set(captains.values()) == {2}
    pieces = len(game.colours) * (game.pawns_per_player + game.disks_per_player)
    gold = sum(g.qty for g in game.gold)
    ships = sum(s.qty for s in game.ships)
    assert sum(fronts_in_pdf(pf_kit["tokens.pdf"]).values()) == pieces + gold + ships + 2
    for name in ("supply-cards.pdf", "captain-cards.pdf", "tokens.pdf", "reference-card.pdf"):
        assert_backs_mirror_fronts(pf_kit[name])
    for written in pf_kit.values():
        assert verify_pdf(written.path) == []


def test_pirate_fleets_board_and_reference_text(pf_kit: dict[str, Written]) -> None:
    board = "\n".join(page_texts(pf_kit["board.pdf"].path))
    for title in ("Spanish Convoy", "Pirates Cove", "Betrayal", "TN 6"):
        assert title in board
    reference = "\n".join(page_texts(pf_kit["reference-card.pdf"].path))
    for words in (
        "Haven table (1D6)",
        "Treachery table (2D6)",
        "6+ Captain",
        "2–6: Nothing happens",
        "Skirmish (D)",
        "2–3 players: spaces 1–16",
    ):
        assert words in reference


def test_builds_are_byte_identical(tmp_path: Path, data_dir: Path) -> None:
    a = build_kit("high-seas", data_dir / "high-seas", tmp_path / "a", verify=False)
    b = build_kit("high-seas", data_dir / "high-seas", tmp_path / "b", verify=False)
    for first, second in zip(a, b, strict=True):
        assert first.path.read_bytes() == second.path.read_bytes(), first.path.name


def test_a4_kit_verifies(shipped_kit: ShippedKit) -> None:
    """(The build read every document back and verified it before writing it.)"""
    written = sorted(shipped_kit("pirate-fleets", "a4").glob("*.pdf"))
    assert len(written) > 3
    for path in written:
        sizes = page_sizes(path)
        assert {tuple(sorted(s)) for s in sizes} == {(595.28, 841.89)}


def test_broken_data_stops_the_build(tmp_path: Path, data_dir: Path) -> None:
    game = tmp_path / "high-seas"
    shutil.copytree(data_dir / "high-seas", game)
    text = (
        (game / "game.yaml")
        .read_text()
        .replace("hearts: {ours: [3, 4, 5, 4, 3]}", "hearts: {ours: [3, 4, 5, 4, 4]}")
    )
    (game / "game.yaml").write_text(text)
    with pytest.raises(CheckFailed, match="heart-total"):
        build_kit("high-seas", game, tmp_path / "out")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("offset", [(5.0, -5.0), (-5.0, 5.0)])
def test_largest_back_offsets_stay_inside_the_margin(
    tmp_path: Path, data_dir: Path, offset: tuple[float, float]
) -> None:
    for paper in (LETTER, A4):
        for written in build_kit(
            "high-seas",
            data_dir / "high-seas",
            tmp_path / paper.name,
            paper,
            BackOffset.from_mm(*offset),
            verify=False,  # verified here
        ):
            assert verify_pdf(written.path) == []
