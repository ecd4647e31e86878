"""Token sheets of a designer's game: each set on ``<set>-tokens.pdf``, packed with cut lines
(a round token's is a circle), backs behind their fronts for a long-edge flip, tents and
standees folded, and every token size a promise that verify measures."""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader
from tests.games.cardgame.tokengame import make_token_game

from pnpkit.app.cli import main
from pnpkit.games.cardgame.faces import printed_faces
from pnpkit.games.cardgame.load import load_card_game
from pnpkit.games.cardgame.token_sheets import GAP, outline, with_cuts
from pnpkit.games.cardgame.tokens import (
    CUT_ROOM,
    ROUND_SIDES,
    FoldedFace,
    LaidTokens,
    Pair,
    ShapedFace,
    face_size,
    piece_size,
)
from pnpkit.layout.cards import CARD_TRIM_COLOR, backs_of, paint
from pnpkit.layout.document import Document
from pnpkit.layout.geometry import Rect
from pnpkit.layout.marks import FOLD_COLOR
from pnpkit.layout.packing import Shape, counter_sheets_of
from pnpkit.layout.print_settings import DEFAULTS
from pnpkit.layout.sheet import Faces, Sheets, SizePromise
from pnpkit.units import INCH
from pnpkit.verify import verify_paths, verify_pdf
from pnpkit.verify.check import positions, stored_promises
from pnpkit.verify.content import read_page

FILES = ["coins", "tiles", "crates", "ships", "crew"]


@pytest.fixture(scope="module")
def game_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_token_game(tmp_path_factory.mktemp("data"))


@pytest.fixture(scope="module")
def built(game_dir: Path) -> Path:
    out = game_dir.parents[1] / "out"
    assert main(["build", "token-sea", "--data", str(game_dir.parent), "--out", str(out)]) == 0
    return out / "token-sea"


def test_every_set_prints_its_own_verified_sheet(built: Path) -> None:
    assert {f"{key}-tokens.pdf" for key in FILES} <= {p.name for p in built.iterdir()}
    assert verify_paths([built]) == []


def _segments(path: Path, page: int) -> list[object]:
    reader = PdfReader(path)
    return list(read_page(reader, reader.pages[page]).segments)


def test_round_tokens_are_cut_on_circles_a_diameter_across(built: Path) -> None:
    path = built / "coins-tokens.pdf"
    reader = PdfReader(path)
    assert len(reader.pages) == 2  # 18 coins on one sheet: fronts, then backs
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipLongEdge"
    cuts = [s for s in _segments(path, 0) if s.color == CARD_TRIM_COLOR]  # type: ignore[attr-defined]
    assert len(cuts) == 18 * ROUND_SIDES
    assert not [s for s in _segments(path, 1) if s.color == CARD_TRIM_COLOR]  # type: ignore[attr-defined]
    # the upright sides of each token's cut line stand one diameter apart
    for n in range(18):
        one = cuts[n * ROUND_SIDES : (n + 1) * ROUND_SIDES]
        xs = positions(one, CARD_TRIM_COLOR, "x")  # type: ignore[arg-type]
        ys = positions(one, CARD_TRIM_COLOR, "y")  # type: ignore[arg-type]
        assert len(xs) == len(ys) == 2
        assert xs[1] - xs[0] == pytest.approx(0.75 * INCH, abs=0.001)
        assert ys[1] - ys[0] == pytest.approx(0.75 * INCH, abs=0.001)


def test_a_round_cut_line_keeps_to_its_circle() -> None:
    box = Rect.of(100.0, 100.0, 3 * INCH + 2 * CUT_ROOM, 3 * INCH + 2 * CUT_ROOM)
    cx, cy, r = box.x0 + box.width / 2, box.y0 + box.height / 2, 1.5 * INCH
    for line in outline("round", box):
        for x, y in ((line.x0, line.y0), ((line.x0 + line.x1) / 2, (line.y0 + line.y1) / 2)):
            assert -1e-9 < math.hypot(x - cx, y - cy) - r < 0.025 * 72 / 25.4  # 0.025 mm


def test_hex_tokens_are_cut_on_hexes_and_promise_their_flats(built: Path, game_dir: Path) -> None:
    game = load_card_game(game_dir)
    tiles = game.tokens[1]
    w, h = face_size(tiles)
    assert h == pytest.approx(1.25 * INCH) and w == pytest.approx(1.25 * INCH * 2 / math.sqrt(3))
    path = built / "tiles-tokens.pdf"
    reader = PdfReader(path)
    assert len(reader.pages) == 1  # no back: single-sided
    cuts = [s for s in _segments(path, 0) if s.color == CARD_TRIM_COLOR]  # type: ignore[attr-defined]
    assert len(cuts) == 7 * 6
    for n in range(7):  # each hex's level sides are its height across the flats apart
        level = positions(cuts[n * 6 : n * 6 + 6], CARD_TRIM_COLOR, "y")  # type: ignore[arg-type]
        assert len(level) == 2 and level[1] - level[0] == pytest.approx(h, abs=0.001)


def _token_sheets(laid: LaidTokens, shape: Shape) -> Sheets:
    """A set's sheets as the kit packs them, before their cut lines."""
    faces = laid.faces
    side = piece_size(laid.tokens)[0]
    shapes: list[Shape] = [shape] * len(faces)
    return counter_sheets_of(
        DEFAULTS.imposition, [side] * len(faces), shapes, backs_of(faces), "t", GAP, CUT_ROOM
    )


def _verified(sheets: Sheets, faces: list[Pair]) -> list[str]:
    """What verify says of ``sheets`` painted with ``faces``."""
    buffer = io.BytesIO()
    doc = Document(buffer, DEFAULTS.paper, title="tokens")
    paint(doc, sheets, faces)
    doc.save()
    return verify_pdf("tokens.pdf", data=buffer.getvalue())


def _promises_broken(sheets: Sheets, broken: Callable[[SizePromise], bool]) -> Sheets:
    """``sheets`` with the size promises ``broken`` picks on the first page 0.5 pt off."""
    first = sheets.sheets[0].pages[0]
    wrong = tuple(
        replace(s, pitch=s.pitch + 0.5) if isinstance(s, SizePromise) and broken(s) else s
        for s in first.steps
    )
    page = replace(first, steps=wrong)
    sheet = replace(sheets.sheets[0], pages=(page, *sheets.sheets[0].pages[1:]))
    return replace(sheets, sheets=(sheet, *sheets.sheets[1:]))


def test_every_hex_token_promises_its_flats_and_verify_measures_each(game_dir: Path) -> None:
    """The interlocked tiles: each of the seven promises its height across the flats, measured
    between its own level sides (a neighbour's, half a hex up or down the next column, stays
    out of its box); one token's promise broken, verify names that token."""
    game = load_card_game(game_dir)
    laid = printed_faces(game, DEFAULTS).tokens[1]
    assert laid.tokens.shape == "hex" and len(laid.faces) == 7
    good = with_cuts(_token_sheets(laid, "hex"), "hex", face_size(laid.tokens), "tiles")
    steps = good.sheets[0].pages[0].steps
    promised = [s for s in steps if isinstance(s, SizePromise)]
    assert [p.what for p in promised] == [f"tiles: token {n} across the flats" for n in range(1, 8)]
    places = [p for s in steps if isinstance(s, Faces) for p in s.places]
    assert len({round(p.box.y0, 3) for p in places[:2]}) == 2  # the second column sits lower
    assert _verified(good, laid.faces) == []
    said = _verified(
        _promises_broken(good, lambda s: s.what.endswith("4 across the flats")), laid.faces
    )
    assert len(said) == 1 and "tiles: token 4 across the flats" in said[0], said


def test_a_broken_size_promise_fails_verify(game_dir: Path) -> None:
    game = load_card_game(game_dir)
    laid = printed_faces(game, DEFAULTS).tokens[0]
    faces, sheets = laid.faces, _token_sheets(laid, "round")
    good = with_cuts(sheets, "round", face_size(laid.tokens), "coins")

    def written(sheets: object) -> list[str]:
        return _verified(sheets, faces)  # type: ignore[arg-type]

    assert written(good) == []
    said = written(_promises_broken(good, lambda _: True))
    assert any("diameter across" in line and "promised" in line for line in said), said


def test_backs_land_behind_their_fronts_for_a_long_edge_flip(game_dir: Path) -> None:
    game = load_card_game(game_dir)
    laid = printed_faces(game, DEFAULTS).tokens[0]
    faces, sheets = laid.faces, _token_sheets(laid, "round")
    buffer = io.BytesIO()
    doc = Document(buffer, DEFAULTS.paper, title="coins")
    placed = paint(doc, with_cuts(sheets, "round", face_size(laid.tokens), "t"), faces)
    width = DEFAULTS.paper.width
    fronts = {p.item: p for p in placed if p.side == "front"}
    backs = {p.item: p for p in placed if p.side == "back"}
    assert set(fronts) == set(backs) == set(range(18))
    for item, front in fronts.items():
        back = backs[item]
        assert back.x == pytest.approx(width - front.x - front.width)
        assert back.y == pytest.approx(front.y)


def test_round_and_hex_faces_are_shaped_and_tents_folded(game_dir: Path) -> None:
    game = load_card_game(game_dir)
    coins, tiles, crates, ships, crew = printed_faces(game, DEFAULTS).tokens
    front, back = coins.faces[0]
    assert isinstance(front, ShapedFace) and isinstance(back, ShapedFace)
    assert front.background == "#e8c547" and back.background == "#7a5a00"
    assert len(coins.faces) == 18 and coins.faces[0][0] is coins.faces[11][0]  # copies
    assert all(b is None for _, b in tiles.faces)
    assert all(b is not None for _, b in crates.faces)
    tent, none = ships.faces[0]
    assert isinstance(tent, FoldedFace) and none is None
    assert (tent.width, tent.height) == pytest.approx((INCH, 1.5 * INCH))
    standee, _ = crew.faces[0]
    assert isinstance(standee, FoldedFace)
    assert standee.height == pytest.approx(2 * 1.4 * INCH + 2 * 0.5 * INCH)


def test_a_standee_promises_its_figure_between_its_folds(built: Path) -> None:
    path = built / "crew-tokens.pdf"
    folds = [s for s in _segments(path, 0) if s.color == FOLD_COLOR]  # type: ignore[attr-defined]
    ys = positions(folds, FOLD_COLOR, "y")  # type: ignore[arg-type]
    assert len(ys) == 3
    assert ys[1] - ys[0] == pytest.approx(1.4 * INCH, abs=0.01)
    assert ys[2] - ys[1] == pytest.approx(1.4 * INCH, abs=0.01)
    reader = PdfReader(path)
    assert "standee height" in (stored_promises(reader) or "")


def test_tents_print_single_sided_their_back_folded_over(built: Path) -> None:
    reader = PdfReader(built / "ships-tokens.pdf")
    assert len(reader.pages) == 1
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/Simplex"
    folds = [s for s in _segments(built / "ships-tokens.pdf", 0) if s.color == FOLD_COLOR]  # type: ignore[attr-defined]
    assert len(positions(folds, FOLD_COLOR, "y")) == 1  # one fold across the row of tents


def test_a_token_value_marked_ours_prints_with_the_mark(tmp_path: Path) -> None:
    from tests.games.cardgame.tokengame import GAME

    from pnpkit.games.cardgame.marks import printed, tokens_marked
    from pnpkit.model.ours import MARK

    game = GAME.replace("{key: brig, name: Brig,", "{key: brig, name: {ours: Brig},")
    loaded = load_card_game(make_token_game(tmp_path, game=game))
    ships = loaded.tokens[3]
    assert ships.tokens[0].name == "Brig" and tokens_marked(ships)
    assert not tokens_marked(loaded.tokens[0])
    assert printed(loaded).tokens[3].tokens[0].name == f"Brig{MARK}"
    tent, _ = printed_faces(loaded, DEFAULTS).tokens[3].faces[0]
    assert isinstance(tent, FoldedFace) and f"Brig{MARK}" in tent.front.words()


def test_the_print_guide_says_how_to_print_and_fold_each_set(built: Path) -> None:
    words = " ".join(PdfReader(built / "print-this-kit.pdf").pages[0].extract_text().split())
    for key in FILES:
        assert f"{key}-tokens.pdf" in words
    assert "fold each on its dashed line, printed sides out" in words
    assert "fold its two base tabs out opposite ways" in words


def test_a_back_that_names_no_field_is_the_sets_common_back(game_dir: Path) -> None:
    coins = printed_faces(load_card_game(game_dir), DEFAULTS).tokens[0]
    assert len({id(back) for _, back in coins.faces}) == 1  # coin-back names no field
    assert len({id(front) for front, _ in coins.faces}) == 2


def test_single_sided_sheets_leave_a_common_back_out(tmp_path: Path) -> None:
    from tests.games.cardgame.tokengame import GAME

    game = GAME.replace(
        "      - {key: rum, name: Rum, power: 2, copies: 10}",
        "      - {key: rum, name: Rum, power: 2, copies: 10}\n      - {key: tea, name: Tea, power: 1}",
    )
    folder = make_token_game(tmp_path / "data", game=game)
    out = tmp_path / "out"
    args = ["build", "token-sea", "--data", str(folder.parent), "--out", str(out)]
    assert main([*args, "--duplex", "none"]) == 0
    crates = out / "token-sea" / "crates-tokens.pdf"
    assert "backs not printed" in PdfReader(crates).pages[0].extract_text()
