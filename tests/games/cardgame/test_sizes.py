"""The built-in card templates lay out by proportions of the card: the starter deck of
``pnpkit new`` builds at every standard card size and at custom sizes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tests.refusals import at

from pnpkit.app.cli import main
from pnpkit.games.cardgame.faces import faces
from pnpkit.games.cardgame.load import load_card_game
from pnpkit.layout.print_settings import DEFAULTS
from pnpkit.model.cards import CARD_SIZES
from pnpkit.units import INCH, MM
from pnpkit.verify import verify_paths

CUSTOM = {"[2in, 3in]": (2 * INCH, 3 * INCH), "[44mm, 68mm]": (44 * MM, 68 * MM)}


def _starter(tmp_path: Path, size: str) -> Path:
    assert main(["new", "salvage", "--data", str(tmp_path)]) == 0
    game = tmp_path / "salvage" / "game.yaml"
    text = game.read_text()
    assert "card_size: poker" in text
    game.write_text(text.replace("card_size: poker", f"card_size: {size}", 1))
    return game.parent


STANDARD = {
    "poker": (2.5, 3.5),
    "bridge": (2.25, 3.5),
    "mini": (1.75, 2.5),
    "tarot": (2.75, 4.75),
    "square": (2.5, 2.5),
    "jumbo": (3.5, 5.5),
    "large": (3.5, 5.75),
}
"""Every named size, portrait, in inches."""


def test_the_standard_sizes_are_named_portrait() -> None:
    named = {name: (size.width / INCH, size.height / INCH) for name, size in CARD_SIZES.items()}
    assert named.keys() == STANDARD.keys()
    for name, sides in STANDARD.items():
        assert named[name] == pytest.approx(sides), name
    assert all(size.name == name for name, size in CARD_SIZES.items())


@pytest.mark.parametrize("size", [*CARD_SIZES, *CUSTOM])
def test_the_starter_deck_fits_at_every_size(tmp_path: Path, size: str) -> None:
    game = load_card_game(_starter(tmp_path, size))
    expected = CUSTOM.get(size) or (CARD_SIZES[size].width, CARD_SIZES[size].height)
    assert game.card_size.width == pytest.approx(expected[0])
    assert game.card_size.height == pytest.approx(expected[1])
    decks = faces(game, DEFAULTS)  # raises a DataError on any text that does not fit
    assert [deck.key for deck, _ in decks] == ["crew", "fortune"]
    for _, laid in decks:
        for front, back in laid:
            assert (front.width, front.height) == pytest.approx(expected)
            assert (back.width, back.height) == pytest.approx(expected)


@pytest.mark.parametrize("size", ["mini", "[44mm, 68mm]", "large"])
def test_the_starter_deck_builds_and_verifies(
    tmp_path: Path, size: str, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _starter(tmp_path, size).parent
    out = tmp_path / "out"
    assert main(["build", "salvage", "--data", str(data), "--out", str(out)]) == 0
    assert (out / "salvage" / "crew-cards.pdf").is_file()
    assert verify_paths([out]) == []


TOO_BIG = {
    "[11in, 3in]": "letter",  # too long either way round (8.1 × 3 in prints turned)
    "[11in, 11in]": "letter",
    "[7.9in, 10.4in]": "letter",
    "[7.8in, 9in]": "a4",  # fits Letter's 8 in, not A4's 7.77 in, upright or turned
}


@pytest.mark.parametrize("size", TOO_BIG)
def test_a_card_too_big_for_the_paper_is_refused_by_check_and_build_at_its_line(
    tmp_path: Path, size: str, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _starter(tmp_path, size) / "game.yaml"
    paper = TOO_BIG[size]
    width, height = (float(n.strip().removesuffix("in")) for n in size.strip("[]").split(","))
    said = (
        f"error: {at(game, size)}: card_size: a {width:.2f} × {height:.2f} in card does not "
        f"fit {paper} paper inside the 0.25 in margin with the calibration ruler"
    )
    capsys.readouterr()
    assert main(["check", "salvage", "--data", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert said in err and f"(allowed: on {paper} a card of at most " in err, err
    out = tmp_path / "out"
    argv = ["build", "salvage", "--data", str(tmp_path), "--out", str(out), "--paper", paper]
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err, err
    assert not (out / "salvage" / "crew-cards.pdf").exists()


def test_a_card_that_fits_only_without_the_asked_bleed_is_refused_by_build_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _starter(tmp_path, "[7.7in, 9.8in]") / "game.yaml"
    assert main(["check", "salvage", "--data", str(tmp_path)]) == 0
    out = tmp_path / "out"
    argv = ["build", "salvage", "--data", str(tmp_path), "--out", str(out), "--bleed", "0.25in"]
    capsys.readouterr()
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert (
        f"error: {at(game, '[7.7in, 9.8in]')}: card_size: a 7.70 × 9.80 in card does not fit "
        "letter paper inside the 0.25 in margin with the calibration ruler and a 0.250 in bleed "
        "on a portrait duplex sheet (allowed: on letter a card of at most 7.50 × 9.68 in or "
        "7.18 × 10.00 in; on a4 at most 7.26 × 10.37 in or 6.94 × 10.69 in; on both at most "
        "7.26 × 9.68 in or 7.18 × 10.00 in (either way round))"
    ) in err, err


def test_every_size_a_misfit_offers_fits_letter_and_a4(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Check holds a card to Letter and A4: the sizes a message offers fit both, so following
    it never leads into the other paper's refusal (8 × 10.18 in, offered for Letter, did not
    fit A4)."""
    _starter(tmp_path, "[8in, 10.5in]")
    capsys.readouterr()
    assert main(["check", "salvage", "--data", str(tmp_path)]) == 1
    offered = re.findall(
        r"(\d+\.\d\d) × (\d+\.\d\d) in", capsys.readouterr().err.split("on both")[1]
    )
    assert offered
    path = tmp_path / "salvage" / "game.yaml"
    for width, height in offered:
        text = re.sub(
            r"(?m)^card_size: .*$", f"card_size: [{width}in, {height}in]", path.read_text()
        )
        path.write_text(text)
        assert main(["check", "salvage", "--data", str(tmp_path)]) == 0, capsys.readouterr().err
