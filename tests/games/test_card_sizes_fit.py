"""A card size of a bundled game too big for the paper is refused by ``pnpkit check`` (on
Letter and A4) and ``build`` alike, at the size's line, with the sizes that fit: the rule of
:func:`pnpkit.layout.imposition.card_problem`, the one the imposer lays cards out by."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.refusals import at, copy_game
from tests.writing import replace_once

from pnpkit.app.cli import main

CASES = [
    ("pirate-fleets", "game.yaml", "reference_card: [5.5in, 8.5in]", "sizes.reference_card"),
    ("high-seas", "game.yaml", "reference_card: [4in, 6in]", "sizes.reference_card"),
    ("british-vs-pirates", "cards.yaml", "market: [7in, 4.5in]", "sizes.market"),
    ("british-vs-pirates", "cards.yaml", "ship: [3.5in, 5in]", "sizes.ship"),
]


@pytest.mark.parametrize(("game", "name", "written", "field"), CASES)
def test_a_card_too_big_for_the_paper_is_refused_at_its_size(
    data_dir: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    game: str,
    name: str,
    written: str,
    field: str,
) -> None:
    path = copy_game(data_dir, tmp_path, game) / name
    key = written.split(":")[0]
    replace_once(path, written, f"{key}: [8in, 10.5in]")
    said = (
        f"error: {at(path, '[8in, 10.5in]')}: {field}: a 8.00 × 10.50 in card does not fit "
        "letter paper inside the 0.25 in margin with the calibration ruler"
    )
    capsys.readouterr()
    assert main(["check", game, "--data", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert (
        "(allowed: on letter a card of at most 8.00 × 10.18 in or 7.68 × 10.50 in; on a4 at most "
        "7.76 × 10.87 in or 7.44 × 11.19 in; on both at most 7.76 × 10.18 in or 7.68 × 10.50 in "
        "(either way round))"
    ) in err, err
    assert said in err, err
    out = tmp_path / "out"
    assert main(["build", game, "--data", str(tmp_path), "--out", str(out), "-q"]) == 1
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err, err
