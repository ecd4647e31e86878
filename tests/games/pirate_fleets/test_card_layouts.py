"""The supply and captain cards are laid out from ``data/pirate-fleets/layouts.yaml`` and print
as they did when Jinja templates drew them: their pages, drawn in gray at 50 dpi, match the
pages printed before the move (:mod:`tests.pixels`) to a fraction of a gray level on
average."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.games.refused import game_copy
from tests.pixels import difference
from tests.refusals import at
from tests.writing import ShippedKit, replace_once

from pnpkit.app.cli import main
from pnpkit.games.pirate_fleets.faces import captains_deck, supply_deck
from pnpkit.games.pirate_fleets.load import load_pirate_fleets
from pnpkit.load.face_layouts import LAYOUT

DATA = Path(__file__).resolve().parents[3] / "data"
MEAN = 0.25
"""The mean difference allowed, gray levels of 255: measured 0.003 (supply fronts, pages 1
and 11), 0.029 (supply backs), 0.004 (captain fronts) and 0.024 (captain backs), every pixel
within 12 levels (the first stripe's edge along the card's top)."""


@pytest.mark.parametrize(
    ("pdf", "page"),
    [
        ("supply-cards", 1),
        ("supply-cards", 2),
        ("supply-cards", 11),
        ("captain-cards", 1),
        ("captain-cards", 2),
    ],
)
def test_the_cards_look_as_they_did(shipped_kit: ShippedKit, pdf: str, page: int) -> None:
    found = difference(
        shipped_kit("pirate-fleets") / f"{pdf}.pdf", page, f"pirate-fleets-{pdf}-{page}.png"
    )
    assert found.mean < MEAN
    assert found.close >= 0.995


def test_both_decks_are_laid_out_from_the_data() -> None:
    game = load_pirate_fleets(DATA / "pirate-fleets")
    for deck in (supply_deck(game), captains_deck(game)):
        assert {card.front.template for card in deck.cards} == {LAYOUT + "front"}
        assert deck.back.template == LAYOUT + "back"
    # the note on the back is drawn only for the deck that has one
    assert dict(captains_deck(game).back.fields)["note"]
    assert dict(supply_deck(game).back.fields)["note"] == ""


def test_text_fainter_than_the_layout_allows_is_refused(
    capsys: pytest.CaptureFixture[str], data_dir: Path, tmp_path: Path
) -> None:
    game = game_copy(data_dir, tmp_path, "pirate-fleets")
    path = game / "layouts.yaml"
    replace_once(path, "        min_contrast: 1.5\n", "")  # the name's
    capsys.readouterr()
    assert main(["check", "pirate-fleets", "--data", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    name = at(path, 'text: "{name}"')
    assert (
        f"error: {name}: Scatter and 6 more cards: text: text in #ffffff on #d9b44a has contrast "
        "2.0: too faint to read (allowed: a colour with a contrast of at least 4.5 with #d9b44a)"
    ) in err
