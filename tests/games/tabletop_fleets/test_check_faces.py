"""``check`` lays out every face the Tabletop Fleets kit prints (the ship cards, the ship
pieces and flags, the table pieces) with no drawing library, and refuses what ``build``
refuses: every text that does not fit, at its field's own ``file:line:col``."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from tests.pdfread import forms_drawn
from tests.refusals import build_refuses_what_check_refuses, not_fitting
from tests.writing import ShippedKit

from pnpkit.app.cli import main
from pnpkit.games import registered
from pnpkit.games.tabletop_fleets.faces import FleetFaces, faces
from pnpkit.games.tabletop_fleets.load import load_tabletop
from pnpkit.layout.print_settings import DEFAULTS

GAME = "tabletop-fleets"
SHIP = "W" * 24
"""A ship's name as long as the data allows: too wide for the card's title bar and the piece."""
FLEET = "W" * 30
"""A fleet's name as long as the data allows: too wide for the ship card and the flag."""
WORD = "W" * 40
"""One word wider than the ship card's note box."""


@dataclass(frozen=True, slots=True)
class Hostile:
    """``old`` replaced by ``new`` in ``game.yaml``; each of ``what`` (a face and its field)
    must be refused at the place of ``value`` in the edited line."""

    old: str
    new: str
    value: str
    what: tuple[str, ...]


HOSTILE = (
    # a ship card and its ship piece
    Hostile(
        "    name: Industry\n",
        f"    name: {SHIP}\n",
        SHIP,
        (f"{SHIP}: name", f"{SHIP} (front): name"),
    ),
    Hostile(
        '    note: "The smokestack counts as a mast.',
        f'    note: "{WORD} The smokestack counts as a mast.',
        f'"{WORD}',  # a quoted scalar is placed at its opening quote
        (f"{SHIP}: note",),
    ),
    # every Corsairs ship card, and the Corsairs' flag
    Hostile(
        "    name: Corsairs\n",
        f"    name: {FLEET}\n",
        FLEET,
        (
            "Black Gull: faction",
            "Red Widow: faction",
            "Cutthroat: faction",
            f"{FLEET} flag (front): label",
        ),
    ),
    # a table piece: the data writes no words for them (its numbers are bounded by the loader),
    # so a wind dial too small for its own words stands in
    Hostile(
        "  dial: {ours: 4in}",
        "  dial: {ours: 1.5in}",
        "{ours: 1.5in}",
        (
            "Wind dial (front): with_wind",
            "Wind dial (front): into_wind",
            "Wind dial (front): title",
        ),
    ),
    # and the words its base sets inside the dial's circle
    Hostile(
        "  base: {ours: 5in}",
        "  base: {ours: 4in}",
        "{ours: 4in}",
        ("Wind dial base (front): base",),
    ),
)


def _hostile(tmp_path: Path, shipped: Path) -> tuple[Path, list[str]]:
    """A copy of the shipped game with every :data:`HOSTILE` edit; the data folder and the
    start of each problem line it must give (``error: file:line:col: face: field: text does
    not fit``)."""
    data = tmp_path / "data"
    shutil.copytree(shipped / GAME, data / GAME)
    path = data / GAME / "game.yaml"
    text = path.read_text(encoding="utf-8")
    for edit in HOSTILE:
        assert text.count(edit.old) == 1, edit.old
        text = text.replace(edit.old, edit.new)
    path.write_text(text, encoding="utf-8")
    lines = text.splitlines()
    expected = []
    for edit in HOSTILE:
        row = next(
            i
            for i, line in enumerate(lines)
            if (line + "\n" == edit.new if edit.new.endswith("\n") else line.startswith(edit.new))
        )
        col = lines[row].index(edit.value) + 1
        expected += [
            f"error: {path}:{row + 1}:{col}: {what}: text does not fit" for what in edit.what
        ]
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
    assert len(not_fitting(err)) == len(expected)  # every group's faces, each once


def test_build_refuses_the_faces_check_refuses(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data, _ = _hostile(tmp_path, data_dir)
    build_refuses_what_check_refuses(capsys, GAME, data, tmp_path / "out")


@pytest.fixture
def laid(data_dir: Path) -> FleetFaces:
    game_dir = data_dir / GAME
    return faces(load_tabletop(game_dir), registered(GAME).settings_for(game_dir, DEFAULTS))


def test_faces_hold_every_card_and_piece_the_data_asks_for(
    laid: FleetFaces, data_dir: Path
) -> None:
    game = load_tabletop(data_dir / GAME)
    assert len(laid.ship_cards) == len(game.ships)
    note = 1 if game.ours else 0  # the our-choice footnote, a square of its own on each sheet
    flags = len(game.factions) * game.islands
    assert len(laid.fleet_faces) == len(game.ships) + flags + note
    terrain = sum(count for _, count, _ in game.terrain.pieces)
    assert len(laid.table_faces) == terrain + 2 + game.coins + note  # the wind dial, its base
    assert len(laid.fleet_faces) == sum(c.qty for c in laid.fleet_pieces)
    assert len(laid.table_faces) == sum(c.qty for c in laid.table_pieces)


@pytest.mark.slow
def test_the_pdfs_print_exactly_the_faces_laid_out(
    laid: FleetFaces, shipped_kit: ShippedKit
) -> None:
    out = shipped_kit(GAME)
    assert len(forms_drawn(out / "ship-cards.pdf")) == 2 * len(laid.ship_cards)  # and backs
    assert len(forms_drawn(out / "fleet-pieces.pdf")) == 2 * len(laid.fleet_faces)
    assert len(forms_drawn(out / "table-pieces.pdf")) == 2 * len(laid.table_faces)
