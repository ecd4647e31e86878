"""``pnpkit proof``: every card face at 100 % with its trim, bleed and safe zone, a PDF a deck
and a PNG a face, published whole."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from tests.pdfread import forms_drawn, page_texts

from pnpkit.app.cli import main
from pnpkit.app.new_game import scaffold
from pnpkit.layout.proof import BLEED, SAFE, SAFE_ZONE, TRIM
from pnpkit.units import INCH, MM
from pnpkit.verify import verify_pdf
from pnpkit.verify.content import Segment, read_page

GAME = "salvage-run"
CREW_DESIGNS = ("01-bosun", "02-gunner", "03-lookout")
"""The crew deck ``pnpkit new`` makes: three designs (the bosun printed twice)."""


@pytest.fixture
def game(tmp_path: Path) -> Path:
    scaffold(tmp_path / "data", GAME, None)
    return tmp_path / "data"


def _proof(data: Path, out: Path, *more: str) -> int:
    return main(["proof", GAME, *more, "--data", str(data), "--out", str(out)])


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*.*")}


def _near(a: float, b: float) -> bool:
    return abs(a - b) < 0.01


def _edges(segments: list[Segment], line: tuple[tuple[float, float, float], float]) -> set[float]:
    """The x of every vertical segment stroked in ``line``'s colour and width."""
    color, width = line
    return {
        round(s.x0, 2)
        for s in segments
        if s.vertical and s.color == color and _near(s.width, width)
    }


def test_the_proof_sheet_shows_every_face_at_100_percent_with_its_lines(
    game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "output"
    assert _proof(game, out) == 0
    said = capsys.readouterr().out
    proofs = out / GAME / "proofs"
    pdf = proofs / "crew-proof.pdf"
    assert f"wrote {pdf.resolve()} and 6 pictures" in said
    assert verify_pdf(pdf) == []  # PrintScaling None, margins, text of 6 pt at least, ruler
    # every design's front and back, each drawn once at its own size (not the bleed's pieces)
    faces = forms_drawn(pdf)
    assert len(faces) == 2 * len(CREW_DESIGNS)
    reader = PdfReader(str(pdf))
    texts = "\n".join(page_texts(pdf))
    for number, name in enumerate(("Bosun", "Gunner", "Lookout"), start=1):
        for side in ("front", "back"):
            assert f"0{number} {name} ({name.lower()}) · {side}" in texts
    assert texts.count("trim (cut here)") == len(reader.pages)  # a legend on every page
    # measured on the page: the trim round each face is the card, 2.5 × 3.5 in, the bleed
    # edge 1/8 in outside it, the safe zone 1/8 in inside it
    trims = 0
    for page in reader.pages:
        content = read_page(reader, page)
        placed = [f.box for f in content.forms if f.unscaled]
        trim_x = _edges(content.segments, (TRIM.color, TRIM.width))
        bleed_x = _edges(content.segments, (BLEED.color, BLEED.width))
        safe_x = _edges(content.segments, (SAFE.color, SAFE.width))
        for x0, y0, x1, y1 in placed:
            assert _near(x1 - x0, 2.5 * INCH) and _near(y1 - y0, 3.5 * INCH)
            assert {round(x0, 2), round(x1, 2)} <= trim_x
            assert {round(x0 - INCH / 8, 2), round(x1 + INCH / 8, 2)} <= bleed_x
            assert {round(x0 + SAFE_ZONE, 2), round(x1 - SAFE_ZONE, 2)} <= safe_x
            trims += 1
    assert trims == 2 * len(CREW_DESIGNS)
    assert SAFE_ZONE == INCH / 8


def test_a_png_a_face_at_300_dpi_with_its_bleed(game: Path, tmp_path: Path) -> None:
    out = tmp_path / "output"
    assert _proof(game, out) == 0
    pictures = out / GAME / "proofs" / "crew"
    names = sorted(p.name for p in pictures.iterdir())
    assert names == sorted(f"{d}-{side}.png" for d in CREW_DESIGNS for side in ("front", "back"))
    for path in pictures.iterdir():
        with Image.open(path) as picture:
            assert picture.size == (825, 1125)  # (2.5 in + 2 × 1/8 in) × 300 dpi, exactly
            assert round(picture.info["dpi"][0]) == 300
    # the lines are on it: the dashed bleed edge's red at the picture's edge, the trim's black
    # 1/8 in (37.5 px) in, over the card's own colour
    with Image.open(pictures / "01-bosun-front.png") as picture:
        rgb = picture.convert("RGB")
        column = [rgb.getpixel((37, y)) for y in range(200, 900)]
        assert any(r < 60 and g < 60 and b < 60 for r, g, b in column)  # the trim line
        edge = [rgb.getpixel((x, 0)) for x in range(825)]
        assert any(r > 180 and g < 80 and b < 80 for r, g, b in edge)  # the bleed edge


def test_the_same_data_gives_the_same_bytes(game: Path, tmp_path: Path) -> None:
    first, second = tmp_path / "one", tmp_path / "two"
    assert _proof(game, first) == 0
    assert _proof(game, second) == 0
    one = _files(first / GAME / "proofs")
    two = _files(second / GAME / "proofs")
    assert len(one) == 3 + 14  # two decks' and the coins' sheets, 7 designs' two sides
    assert one == two


def test_a_bleed_asked_for_is_the_proof_bleed(game: Path, tmp_path: Path) -> None:
    out = tmp_path / "output"
    assert _proof(game, out, "fortune", "--bleed", "2mm") == 0
    with Image.open(out / GAME / "proofs" / "fortune" / "01-squall-front.png") as picture:
        width = round((2.5 * INCH + 4 * MM) * 300 / 72)
        height = round((3.5 * INCH + 4 * MM) * 300 / 72)
        assert picture.size == (width, height)


def test_one_deck_is_proved_and_the_others_proofs_stay(game: Path, tmp_path: Path) -> None:
    out = tmp_path / "output"
    proofs = out / GAME / "proofs"
    assert _proof(game, out) == 0
    crew = _files(proofs / "crew")
    (proofs / "fortune" / "01-squall-front.png").unlink()
    assert _proof(game, out, "fortune") == 0
    assert (proofs / "fortune" / "01-squall-front.png").is_file()
    assert _files(proofs / "crew") == crew and (proofs / "crew-proof.pdf").is_file()


def test_an_unknown_deck_is_a_usage_error_with_a_did_you_mean(
    game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _proof(game, tmp_path / "output", "crw") == 2
    err = capsys.readouterr().err
    assert (
        "error: salvage-run has no deck 'crw'; did you mean 'crew'? "
        "(decks: crew, fortune, coins-tokens)" in err
    )
    assert not (tmp_path / "output" / GAME / "proofs").exists()


def test_a_proof_that_fails_leaves_the_last_proofs_as_they_were(
    game: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import pnpkit.layout.proof as sheet

    out = tmp_path / "output"
    assert _proof(game, out) == 0
    before = _files(out / GAME / "proofs")
    monkeypatch.setattr(sheet, "CAPTION_SIZE", 5.0)  # under 6 pt: verify refuses the sheet
    yaml = game / GAME / "game.yaml"  # new words: a proof that worked would change the files
    yaml.write_text(yaml.read_text("utf-8").replace("name: Bosun", "name: Boatswain"), "utf-8")
    assert _proof(game, out) == 1
    assert "smaller than 6 pt" in capsys.readouterr().err
    assert _files(out / GAME / "proofs") == before
    assert not [p for p in (out / GAME).iterdir() if p.name.endswith(".staging")]


def test_a_bundled_game_is_proved_and_a_game_without_cards_is_told_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from pnpkit.resources import bundled_games

    data = ["--data", str(bundled_games()), "--out", str(tmp_path / "output")]
    assert main(["proof", "high-seas", *data]) == 0
    proofs = tmp_path / "output" / "high-seas" / "proofs"
    assert verify_pdf(proofs / "crew-proof.pdf") == []
    assert len(list((proofs / "crew").glob("*-front.png"))) >= 3
    capsys.readouterr()
    assert main(["proof", "false-colors", *data]) == 2
    assert "false-colors has no card decks to proof" in capsys.readouterr().err


def test_proof_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["proof", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "pnpkit proof [-h]" in text and "GAME [DECK]" in text
    assert "trim" in text and "bleed" in text and "safe zone" in text and "825 x 1125" in text


def test_the_proofs_of_a_deck_gone_go_with_it_at_the_next_build(game: Path, tmp_path: Path) -> None:
    from pnpkit.app import prune
    from pnpkit.app.proof import FOLDER

    assert prune.PROOFS == FOLDER
    out = tmp_path / "output"
    assert _proof(game, out) == 0
    proofs = out / GAME / "proofs"
    mine = proofs / "fortune-notes.txt"  # never written by pnpkit: stays
    mine.write_text("mine", "utf-8")
    yaml = game / GAME / "game.yaml"
    text = yaml.read_text("utf-8")
    yaml.write_text(text[: text.index("  - key: fortune")], "utf-8")
    assert main(["build", GAME, "-q", "-j", "1", "--data", str(game), "--out", str(out)]) == 0
    assert not (proofs / "fortune-proof.pdf").exists() and not (proofs / "fortune").exists()
    assert (proofs / "crew-proof.pdf").is_file() and len(list((proofs / "crew").iterdir())) == 6
    assert mine.read_text("utf-8") == "mine"


def test_the_index_links_the_proof_sheets(game: Path, tmp_path: Path) -> None:
    from pnpkit.app.preview import kit_exports

    out = tmp_path / "output"
    assert _proof(game, out) == 0
    assert kit_exports(out) == {
        GAME: [
            f"{GAME}/proofs/coins-tokens-proof.pdf",
            f"{GAME}/proofs/crew-proof.pdf",
            f"{GAME}/proofs/fortune-proof.pdf",
        ]
    }


def test_bad_data_is_exit_1_with_its_place_and_nothing_is_written(
    game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    yaml = game / GAME / "game.yaml"
    yaml.write_text(yaml.read_text("utf-8").replace("copies: 2", "copies: many", 1), "utf-8")
    assert _proof(game, tmp_path / "output") == 1
    err = capsys.readouterr().err
    assert f"{yaml}:" in err and "many" in err and "Traceback" not in err
    assert not (tmp_path / "output" / GAME / "proofs").exists()


def test_a_round_tokens_faces_are_proved_as_circles(game: Path, tmp_path: Path) -> None:
    """The starter's coins (0.75 in, round): each PNG is the coin with its bleed, 300 px
    square; the trim line crosses the middle of each side as a circle would, and the corners
    of the square are blank (the art clipped to the bleed circle, no square drawn)."""
    out = tmp_path / "output"
    assert _proof(game, out, "coins-tokens") == 0
    with Image.open(out / GAME / "proofs" / "coins-tokens" / "01-one-front.png") as picture:
        rgb = picture.convert("RGB")
        assert rgb.size == (300, 300)  # (0.75 in + 2 × 1/8 in) × 300 dpi
        row = [rgb.getpixel((x, 150)) for x in range(30, 45)]  # the trim at 37.5 px
        assert any(max(p) < 90 for p in row)
        for x, y in ((2, 2), (297, 2), (2, 297), (297, 297), (40, 40)):
            assert min(rgb.getpixel((x, y))) > 240, (x, y)


def test_a_proof_and_the_print_shop_name_a_card_alike(game: Path, tmp_path: Path) -> None:
    """One rule names a design's pictures in both folders: its place among the deck's designs
    (copies counted once) and its key; the print shop's list still counts every copy."""
    out = tmp_path / "output"
    assert _proof(game, out) == 0
    args = ["export", GAME, "--format", "printshop", "--data", str(game), "--out", str(out)]
    assert main(args) == 0
    proofs, shop = out / GAME / "proofs", out / GAME / "print-shop"
    for deck in ("crew", "fortune", "coins-tokens"):
        proved = {p.name for p in (proofs / deck).glob("*-front.png")}
        assert proved == {p.name for p in (shop / deck).glob("*-front.png")}, deck
    assert (shop / "fortune" / "02-treasure-front.png").is_file()  # Buried Treasure
    assert (shop / "crew" / "02-gunner-front.png").is_file()
    with (shop / "fortune.csv").open(encoding="utf-8") as handle:
        rows = [(r["file"], r["card"], r["copies"]) for r in csv.DictReader(handle)]
    assert rows == [
        ("fortune/01-squall-front.png", "Squall", "2"),
        ("fortune/02-treasure-front.png", "Buried Treasure", "1"),
        ("fortune/back.png", "back", "3"),
    ]


def test_a_single_sided_token_is_proved_without_a_back(game: Path, tmp_path: Path) -> None:
    yaml = game / GAME / "game.yaml"
    text = yaml.read_text("utf-8")
    assert text.count("    back: coin-back") == 1
    yaml.write_text(text.replace("    back: coin-back", ""), "utf-8")
    out = tmp_path / "output"
    assert _proof(game, out, "coins-tokens") == 0
    pictures = sorted(p.name for p in (out / GAME / "proofs" / "coins-tokens").iterdir())
    assert pictures == ["01-one-front.png", "02-five-front.png"]
