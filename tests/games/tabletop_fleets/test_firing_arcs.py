"""Firing arcs: every ship's guns on its card and round its piece, the Industry's turret apart
from its bow gun (so "bow gun only once the turret is gone" means something), read back from
the printed PDFs; the lanes and bands they are drawn in; a gun needing a fitting its ship does
not carry is refused at its place."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.games.refused import check, game_copy
from tests.pdfread import page_texts
from tests.writing import replace_once

from pnpkit.app.build import build_kits
from pnpkit.build.control import BuildControl
from pnpkit.games.tabletop_fleets.arcs import lanes, on_square, piece_arcs, square_band
from pnpkit.games.tabletop_fleets.faces import ship_deck
from pnpkit.games.tabletop_fleets.load import load_tabletop

GAME = "tabletop-fleets"


def test_every_ship_card_and_piece_prints_its_arcs(tmp_path: Path, data_dir: Path) -> None:
    game = load_tabletop(data_dir / GAME)
    only = frozenset({"ship-cards.pdf", "rules-reference.pdf"})
    build_kits([GAME], data_dir, tmp_path, control=BuildControl(only=only))
    flat = " ".join(" ".join(page_texts(tmp_path / GAME / "ship-cards.pdf")).split())
    assert flat.count("Firing arcs") == len(game.ships)
    assert "Turret all round, needs its turret" in flat
    assert "Bow gun 60° ahead" in flat
    assert flat.count("Port broadside 120° to port") == len(game.ships) - 1
    # every arc is ours (the broadsides, the Industry's arcs): each card says so once, in its
    # title, whether the ship is the seed's or ours; so are the fitting counts
    assert flat.count("Firing arcs† · bow up") == len(game.ships)
    assert flat.count("Fittings† · hits take them off") == len(game.ships)
    assert flat.count("Fire: one gun per action") == len(game.ships)  # the seed's Fire
    # the seed names the Industry but not its fleet: its card alone marks the fleet
    queens = [s for s in game.ships if s.faction == "queens-fleet"]
    assert flat.count("Queen's Fleet") == len(queens) and flat.count("Queen's Fleet†") == 1
    assert "Industry Queen's Fleet†" in flat
    rules = " ".join(" ".join(page_texts(tmp_path / GAME / "rules-reference.pdf")).split())
    assert "Firing arcs†. A gun fires only at a target inside its arc." in rules
    assert (
        "One gun per Fire. A Fire action fires one gun, once: choose one of the ship's guns "
        "with the target inside its arc, straight out or tipped up, and shoot." in rules
    )
    assert (
        "A held island fires one shot each time a ship spends its action on it, all round "
        "(at a target in any direction), straight out or tipped up, measured from the "
        "island's edge†." in rules
    )
    assert (
        "The source rules name the Industry but not its fleet: this kit puts it in the "
        "Queen's Fleet†." in rules
    )


def test_the_card_marks_follow_the_data(data_copy: Path) -> None:
    path = data_copy / GAME / "game.yaml"
    replace_once(path, "faction: {ours: queens-fleet}", "faction: queens-fleet")
    replace_once(
        path,
        "fittings: {ours: {turret: 1, cargo: 1, masts: 2}}",
        "fittings: {turret: 1, cargo: 1, masts: 2}",
    )
    game = load_tabletop(data_copy / GAME)
    industry, sovereign = (dict(card.front.fields) for card in ship_deck(game).cards[:2])
    assert industry["faction"] == "Queen's Fleet"
    assert str(industry["track_title"]).startswith("Fittings ·")
    assert str(industry["arcs_title"]).startswith("Firing arcs† ·")  # its arcs are still ours
    assert sovereign["name"] == "Sovereign†" and sovereign["faction"] == "Queen's Fleet"
    assert str(sovereign["track_title"]).startswith("Fittings† ·")  # the whole ship is ours


def test_the_industry_draws_turret_and_bow_gun_in_two_lanes(data_dir: Path) -> None:
    game = load_tabletop(data_dir / GAME)
    industry = game.ships[0]
    turret, bow = game.battery(industry)
    assert (turret.needs, bow.needs) == ("turret", None)
    assert lanes((turret, bow)) == (0, 1)
    assert lanes(game.guns) == (0, 0)  # port and starboard do not overlap
    drawn = piece_arcs((turret, bow), game.ship_piece)
    assert drawn["frame"] == 10.0
    assert len(drawn["ticks"]) == 2  # the bow gun's two edges; the turret has none


def test_a_band_keeps_the_square_s_corners() -> None:
    size = 90.0
    band = square_band(size, 0.0, 5.0, 210.0, 330.0)  # port, 120°
    assert (0.0, 90.0) in [(round(x, 6), round(y, 6)) for x, y in band]  # corner at 225°
    assert (0.0, 0.0) in [(round(x, 6), round(y, 6)) for x, y in band]  # corner at 315°
    assert on_square(45.0, 45.0, 0.0) == pytest.approx((45.0, 0.0))  # the bow is up
    assert on_square(45.0, 45.0, 90.0) == pytest.approx((90.0, 45.0))  # starboard is right


def test_a_gun_needing_a_fitting_the_ship_lacks_is_refused(
    capsys: pytest.CaptureFixture[str], data_dir: Path, tmp_path: Path
) -> None:
    game = game_copy(data_dir, tmp_path, GAME)
    path = game / "game.yaml"
    replace_once(path, "fittings: {ours: {turret: 1, cargo: 1, masts: 2}}", "fittings: {masts: 2}")
    code, errors = check(capsys, game)
    assert code == 1
    assert len(errors) == 1
    assert (
        "ships[0].guns: Turret needs a turret the ship does not carry (allowed: masts)"
        in (errors[0])
    )
