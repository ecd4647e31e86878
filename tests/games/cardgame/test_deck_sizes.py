"""A deck of a card game may have its own card size and orientation: each deck's document is
imposed at its own size (measured from the cut lines of the PDF), its exports follow, and a
size that cannot print is refused at the line of the deck that writes it."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from tests.refusals import at

from pnpkit.app.cli import main
from pnpkit.app.export import export_game
from pnpkit.app.export_tts import DPI as TTS_DPI
from pnpkit.app.raster import pixels
from pnpkit.games.cardgame.faces import faces
from pnpkit.games.cardgame.load import load_card_game
from pnpkit.layout.cards import CARD_TRIM_COLOR
from pnpkit.layout.print_settings import DEFAULTS
from pnpkit.model.cards import CARD_SIZES
from pnpkit.units import INCH
from pnpkit.verify import verify_paths
from pnpkit.verify.check import positions
from pnpkit.verify.content import read_page

GAME = """\
kit: cards
title: Mixed Sizes
card_size: poker
decks:
  - key: crew
    title: Crew
    card_size: mini
    cards:
      - {key: bosun, name: Bosun, kind: Crew, text: Draw a card., icon: wheel, copies: 3}
      - {key: gunner, name: Gunner, kind: Crew, text: Fire a cannon., icon: cannon}
  - key: omens
    title: Omens
    card_size: tarot
    cards:
      - {key: storm, name: Storm, kind: Omen, text: Every ship moves., icon: wave, copies: 2}
      - {key: calm, name: Calm, kind: Omen, text: No ship moves., icon: moon}
  - key: orders
    title: Orders
    cards:
      - {key: sail, name: Full Sail, kind: Order, text: Move two spaces., icon: anchor}
"""


def _game(root: Path, text: str = GAME) -> Path:
    """``text`` as the game ``mixed`` of the data folder ``root/data``; the data folder."""
    game = root / "data" / "mixed"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(text, encoding="utf-8")
    return root / "data"


def _deck(text: str, deck: str, *lines: str) -> str:
    """``text`` with ``lines`` added to ``deck``'s header, after its title."""
    title = f"    title: {deck.capitalize()}\n"
    assert title in text
    return text.replace(title, title + "".join(f"    {line}\n" for line in lines), 1)


def card_size(pdf: Path) -> tuple[float, float]:
    """The trim of the cards on the first sheet, in inches, measured between the PDF's cut
    lines (the cards touch: no bleed); every gap must agree."""
    reader = PdfReader(pdf)
    content = read_page(reader, reader.pages[0])
    sides = []
    for axis in ("x", "y"):
        lines = positions(content.segments, CARD_TRIM_COLOR, axis)
        gaps = {round((b - a) / INCH, 3) for a, b in itertools.pairwise(lines)}
        assert len(gaps) == 1, (pdf.name, axis, gaps)
        sides.append(gaps.pop())
    return sides[0], sides[1]


def _build(data: Path, out: Path, capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    code = main(["build", "mixed", "--data", str(data), "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 0, err
    return err


def test_two_decks_of_two_sizes_build_two_documents_measured_at_their_sizes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Mini and tarot in one game: each deck's document packs its own size (the game's poker
    for the deck that gives none), and the measured cut lines say so."""
    data = _game(tmp_path)
    out = tmp_path / "out"
    _build(data, out, capsys)
    kit = out / "mixed"
    assert card_size(kit / "crew-cards.pdf") == (1.75, 2.5)
    assert card_size(kit / "omens-cards.pdf") == (2.75, 4.75)
    assert card_size(kit / "orders-cards.pdf") == (2.5, 3.5)
    assert verify_paths([kit]) == []  # every promised card size measured as promised


def test_a_landscape_deck_is_its_named_size_turned(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``orientation: landscape`` turns the deck's named size (and the game's, for a deck that
    takes it): wider than tall, on a sheet laid out for it; the faces get the turned w × h."""
    text = _deck(GAME, "omens", "orientation: landscape")
    text = _deck(text, "orders", "orientation: landscape")
    data = _game(tmp_path, text)
    game = load_card_game(data / "mixed")
    sizes = {deck.key: game.size_of(deck) for deck in game.decks}
    assert (sizes["omens"].width, sizes["omens"].height) == (4.75 * INCH, 2.75 * INCH)
    assert (sizes["orders"].width, sizes["orders"].height) == (3.5 * INCH, 2.5 * INCH)
    assert (sizes["crew"].width, sizes["crew"].height) == (1.75 * INCH, 2.5 * INCH)
    out = tmp_path / "out"
    _build(data, out, capsys)
    kit = out / "mixed"
    assert card_size(kit / "omens-cards.pdf") == (4.75, 2.75)  # 3 cards: one sheet either way
    assert card_size(kit / "orders-cards.pdf") == (3.5, 2.5)
    assert verify_paths([kit]) == []


@pytest.mark.parametrize(
    ("size", "orientation", "expected"),
    [
        ("square", "landscape", (2.5, 2.5)),  # a square card is both
        ("jumbo", "landscape", (5.5, 3.5)),
        ("jumbo", "portrait", (3.5, 5.5)),
        ("[88mm, 63mm]", "landscape", (88 / 25.4, 63 / 25.4)),  # agrees: as written
        ("[63mm, 88mm]", "portrait", (63 / 25.4, 88 / 25.4)),
        ("[2in, 2in]", "landscape", (2.0, 2.0)),
    ],
)
def test_orientation_turns_a_named_size_and_agrees_with_two_lengths(
    tmp_path: Path, size: str, orientation: str, expected: tuple[float, float]
) -> None:
    text = GAME.replace("card_size: tarot", f"card_size: {size}")
    text = _deck(text, "omens", f"orientation: {orientation}")
    game = load_card_game(_game(tmp_path, text) / "mixed")
    omens = game.size_of(game.decks[1])
    assert (omens.width / INCH, omens.height / INCH) == pytest.approx(expected)


def _check(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> tuple[Path, str]:
    data = _game(tmp_path, text)
    capsys.readouterr()
    assert main(["check", "mixed", "--data", str(data)]) == 1
    return data / "mixed" / "game.yaml", capsys.readouterr().err


@pytest.mark.parametrize(
    ("written", "size", "deck", "orientation", "said", "allowed"),
    [
        (
            "card_size: tarot",
            "[63mm, 88mm]",
            "omens",
            "landscape",
            "decks[1].orientation: landscape contradicts its card_size [63mm, 88mm] ({size}), "
            "which is taller than wide",
            "card_size: [88mm, 63mm] without orientation",
        ),
        (
            "card_size: poker",
            "[3in, 2in]",
            "orders",
            "portrait",
            "decks[2].orientation: portrait contradicts the game's card_size [3in, 2in] ({size}), "
            "which is wider than tall",
            "card_size: [2in, 3in] on the deck, and no orientation",
        ),
    ],
)
def test_an_orientation_a_size_of_two_lengths_contradicts_is_refused_at_it(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    written: str,
    size: str,
    deck: str,
    orientation: str,
    said: str,
    allowed: str,
) -> None:
    """The deck's own size or the game's: the lengths are as written, never turned."""
    text = _deck(GAME.replace(written, f"card_size: {size}"), deck, f"orientation: {orientation}")
    path, err = _check(tmp_path, text, capsys)
    assert err.splitlines() == [
        f"error: {at(path, orientation)}: "
        + said.format(size=at(path, size))
        + "; a size of two lengths is printed as written, width first (allowed: "
        + allowed
        + " (orientation turns a named size: poker, tarot, …))",
        "1 problem in 1 game",
    ]


def test_an_unknown_size_name_on_a_deck_says_the_sizes_there_are(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, err = _check(tmp_path, GAME.replace("card_size: tarot", "card_size: tarrot"), capsys)
    assert err.splitlines()[0] == (
        f"error: {at(path, 'tarrot')}: decks[1].card_size: 'tarrot' is not known; did you "
        "mean 'tarot'? (allowed: poker (2.5 × 3.5 in), mini (1.75 × 2.5 in), bridge (2.25 × "
        "3.5 in), tarot (2.75 × 4.75 in), square (2.5 × 2.5 in), jumbo (3.5 × 5.5 in), large "
        "(3.5 × 5.75 in), or [width, height] as lengths, e.g. [63mm, 88mm])"
    )


def test_an_unknown_orientation_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, err = _check(tmp_path, _deck(GAME, "omens", "orientation: sideways"), capsys)
    assert err.splitlines()[0] == (
        f"error: {at(path, 'sideways')}: decks[1].orientation: 'sideways' is not known "
        "(allowed: portrait, landscape)"
    )


def test_a_deck_too_big_for_the_paper_is_refused_at_its_card_size_by_check_and_build(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The paper fit is the deck's, said at the deck's line; a landscape turn is held to it at
    the deck's orientation; the decks of the game's size fit, and nothing is built."""
    text = GAME.replace("card_size: tarot", "card_size: [11in, 3in]")
    text = _deck(
        text.replace("card_size: poker", "card_size: large"), "orders", "orientation: landscape"
    )
    path, err = _check(tmp_path, text, capsys)
    too_big = (
        f"error: {at(path, '[11in')}: decks[1].card_size: a 11.00 × 3.00 in card does not fit "
        "letter paper inside the 0.25 in margin with the calibration ruler on a portrait "
        "duplex sheet (allowed: on letter a card of at most "
    )
    assert err.startswith(too_big), err
    assert "decks[2]" not in err and "error: " + at(path, "large") not in err, err
    out = tmp_path / "out"
    capsys.readouterr()
    assert main(["build", "mixed", "--data", str(path.parent.parent), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(too_big) and "Traceback" not in err, err
    assert not (out / "mixed").exists()


@pytest.mark.parametrize("size", CARD_SIZES)
def test_the_built_in_faces_draw_every_named_size_turned_landscape(
    tmp_path: Path, size: str
) -> None:
    """A named size turned landscape is as flat as a card gets from a name (mini: 2.5 × 1.75
    in): the built-in front and back lay every card out at the turned w × h."""
    text = GAME.replace("card_size: mini", f"card_size: {size}")
    game = load_card_game(_game(tmp_path, _deck(text, "crew", "orientation: landscape")) / "mixed")
    named = CARD_SIZES[size]
    ((deck, laid), *_) = faces(game, DEFAULTS)  # a DataError on any face that cannot print
    assert deck.key == "crew"
    turned = (max(named.width, named.height), min(named.width, named.height))
    for front, back in laid:
        assert (front.width, front.height) == turned
        assert (back.width, back.height) == turned


def test_the_games_size_too_big_is_said_once_at_its_line_for_the_decks_that_take_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two decks take the game's size: one error, at the game's ``card_size``; the decks that
    give a size of their own that fits are not blamed."""
    text = _deck(GAME, "omens", "orientation: landscape").replace("    card_size: tarot\n", "")
    path, err = _check(tmp_path, text.replace("card_size: poker", "card_size: [11in, 3in]"), capsys)
    errors = [line for line in err.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1, err
    assert errors[0].startswith(
        f"error: {at(path, '[11in')}: card_size: a 11.00 × 3.00 in card does not fit letter paper"
    ), err


def test_a_deck_too_small_for_the_built_in_front_is_one_error_at_its_card_size(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = GAME.replace("card_size: mini", "card_size: [0.6in, 0.6in]")
    path, err = _check(tmp_path, text, capsys)
    assert err.splitlines() == [
        f"error: {at(path, '[0.6in')}: decks[0].card_size: 0.6in × 0.6in is too small for the "
        "built-in front: its name band, kind, picture, numbers and footer (none set under 6 pt) "
        "leave no room for a card's name or text (allowed: at 0.6in wide, at least 0.79in "
        "(20.1mm) tall; or a front template of the game's own)",
        "1 problem in 1 game",
    ]


def test_sheets_shared_prints_every_deck_in_one_document_its_sizes_mixed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``sheets: shared``: the mini, tarot and poker decks share two sheets (three on their
    own), each card at its deck's size, the document verified (each block's sizes measured)."""
    data = _game(tmp_path, GAME.replace("card_size: poker\n", "card_size: poker\nsheets: shared\n"))
    out = tmp_path / "out"
    _build(data, out, capsys)
    kit = out / "mixed"
    assert sorted(path.name for path in kit.glob("*.pdf")) == [
        "cards.pdf",
        "duplex-calibration.pdf",
        "print-this-kit.pdf",
    ]
    assert verify_paths([kit]) == []
    reader = PdfReader(kit / "cards.pdf")
    assert len(reader.pages) == 4  # two duplex sheets
    sizes = set()
    for page in reader.pages[::2]:  # the fronts
        for placed in read_page(reader, page).forms:
            x0, y0, x1, y1 = placed.box
            sizes.add((round((x1 - x0) / INCH, 3), round((y1 - y0) / INCH, 3)))
    assert {(1.75, 2.5), (2.75, 4.75), (2.5, 3.5)} <= sizes


# --- exports ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The mini crew, the tarot omens turned landscape and the poker orders, exported for
    Tabletop Simulator and print shops; the kit's export folder."""
    root = tmp_path_factory.mktemp("decksizes")
    data = _game(root, _deck(GAME, "omens", "orientation: landscape"))
    export_game("mixed", data, root / "out", ("tts", "printshop"))
    return root / "out" / "mixed"


def test_tts_each_deck_has_its_card_size_and_sideways_only_when_landscape(
    exported: Path,
) -> None:
    for deck, (width, height), sideways in (
        ("crew", (1.75, 2.5), False),
        ("omens", (4.75, 2.75), True),
        ("orders", (2.5, 3.5), False),
    ):
        saved = json.loads((exported / "tts" / f"{deck}.json").read_text("utf-8"))
        (state,) = saved["ObjectStates"]
        assert state["SidewaysCard"] is sideways, deck
        assert {card["SidewaysCard"] for card in state.get("ContainedObjects", [state])} == {
            sideways
        }, deck
        with Image.open(exported / "tts" / f"{deck}-back.png") as back:
            assert back.size == (pixels(width * INCH, TTS_DPI), pixels(height * INCH, TTS_DPI))


def test_print_shop_pictures_are_each_decks_size_at_300_dpi(exported: Path) -> None:
    """The card plus 0.125 in of bleed a side, at 300 dpi: a landscape deck stays landscape."""
    expected = {"crew": (600, 825), "omens": (1500, 900), "orders": (825, 1125)}
    for deck, size in expected.items():
        pngs = sorted((exported / "print-shop" / deck).glob("*.png"))
        assert pngs, deck
        for png in pngs:
            with Image.open(png) as image:
                assert image.size == size, png
