"""British vs Pirates components: the geometry facts the kit fixes (the wind vane points at a
numbered space, the speed dial is mirror symmetric, a 16 mm die fits every D6 square), labels
set large enough, the pieces counted against the data, and the marks of our own choices."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from tests.games.british_vs_pirates import GAME, edit

from pnpkit.errors import CheckFailed, DataError
from pnpkit.games.british_vs_pirates import components, kit
from pnpkit.games.british_vs_pirates.load import load_bvp
from pnpkit.games.british_vs_pirates.model import BvpGame
from pnpkit.games.british_vs_pirates.rules import check_bvp
from pnpkit.games.british_vs_pirates.tiles import wind_direction
from pnpkit.model.ours import MARK, NOTE
from pnpkit.render.faces.counters import render_counter
from pnpkit.render.faces.renderer import FaceRenderer
from pnpkit.resources import package_folder
from pnpkit.units import MM

_FOLDER = package_folder("pnpkit.games.british_vs_pirates", "templates")
assert _FOLDER is not None
TEMPLATES: Path = _FOLDER
SIZE = re.compile(r'font-size="([0-9.]+)"')


@pytest.fixture
def game(data_dir: Path) -> BvpGame:
    return load_bvp(data_dir / GAME)


def test_the_vane_arrow_points_square_at_a_numbered_space(game: BvpGame) -> None:
    outline, arrow = components.vane_geometry(game.vane_size)
    c = game.vane_size / 2
    tip_x, tip_y = arrow[0]
    tip_angle = math.degrees(math.atan2(-(tip_y - c), tip_x - c)) % 360  # SVG y runs down
    assert tip_angle == pytest.approx(components.VANE_ARROW_ANGLE)
    # the tip lies on the line to the middle of a flat side of the vane, not towards a corner
    sides = list(zip(outline, outline[1:] + outline[:1], strict=True))
    middles = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in sides]
    side_angles = [math.degrees(math.atan2(-(y - c), x - c)) % 360 for x, y in middles]
    assert min(abs(tip_angle - a) for a in side_angles) < 1e-6
    corner_angles = [math.degrees(math.atan2(-(y - c), x - c)) % 360 for x, y in outline]
    assert min(abs(tip_angle - a) % 360 for a in corner_angles) == pytest.approx(30)
    # and every wind direction printed around the Wind Vane space lies across a flat side, so
    # the arrow turned by whole sixths points at each number in turn
    numbers = {n: wind_direction(n) for n in range(1, 7)}
    assert sorted(round(a) for a in numbers.values()) == [0, 60, 120, 180, 240, 300]
    assert any(abs(a - tip_angle) < 1e-6 for a in numbers.values())
    assert all(min(abs(a - s) for s in side_angles) < 1e-6 for a in numbers.values())


def test_the_vane_fits_in_its_space(game: BvpGame) -> None:
    across_flats = game.vane_size * math.sqrt(3) / 2
    assert across_flats < game.hex


def test_mirror_image_headings_have_equal_speeds(game: BvpGame) -> None:
    venture = game.ships[0]
    assert venture.speed is not None
    spots = components.speed_dial(venture.speed, 50.0, 100.0, 30.0)
    assert sorted(v for _, _, v in spots) == ["1", "2", "2", "3", "3", "4"]  # the book's six
    for x, y, value in spots:
        mirror = [
            v for mx, my, v in spots if mx == pytest.approx(100.0 - x) and my == pytest.approx(y)
        ]
        assert mirror == [value], (x, y)
    bow = min(spots, key=lambda s: s[1])
    stern = max(spots, key=lambda s: s[1])
    assert bow[0] == pytest.approx(50.0) and bow[2] == "4"
    assert stern[0] == pytest.approx(50.0) and stern[2] == "1"


def _ship_svg(game: BvpGame) -> str:
    deck = components.ship_deck(game)
    size = deck.size
    card = deck.cards[0]
    renderer = FaceRenderer((TEMPLATES,))
    face = renderer.render(
        card.front.template, size.width, size.height, card.front.as_dict(), name="ship"
    )
    return face.svg


def test_every_d6_square_on_a_ship_card_takes_a_16_mm_die(game: BvpGame) -> None:
    svg = _ship_svg(game)
    sides = [
        float(w)
        for w, h in re.findall(r'<rect [^>]*width="([0-9.]+)" height="([0-9.]+)" rx="4"', svg)
        if w == h
    ]
    assert len(sides) == 5  # bow, starboard, stern, port, structure
    assert all(side >= 16 * MM for side in sides)
    # the penalty stays readable beside the die, not under it
    beside = re.findall(r'<text x="([0-9.]+)"[^>]*>(Ship speed[^<]*)</text>', svg)
    assert beside, "the bow's penalty is printed"
    assert all(float(x) >= 16 + game.d6_slot for x, _ in beside)


def test_a_slot_smaller_than_a_die_is_refused(data_copy: Path) -> None:
    edit(data_copy, "cards.yaml", "d6_slot: 17mm", "d6_slot: 12mm")
    with pytest.raises(DataError, match="d6_slot"):
        load_bvp(data_copy / GAME)


def test_token_and_piece_labels_are_at_least_6_5_pt(game: BvpGame) -> None:
    renderer = FaceRenderer((TEMPLATES,))
    counters = [
        c for c in components.tokens(game) + components.pieces(game) if c.key != "wind-vane"
    ]
    for counter in counters:
        svg = render_counter(renderer, counter).svg
        sizes = [float(s) for s in SIZE.findall(svg)]
        assert sizes and min(sizes) >= 6.5, counter.name
    mov = next(c for c in counters if c.key == "mov")
    svg = render_counter(renderer, mov).svg
    assert "Mark of" in svg and "Victory" in svg
    assert "<path" not in svg  # no ring to strike the label


def test_every_label_is_black_on_white_whatever_the_colour(game: BvpGame) -> None:
    renderer = FaceRenderer((TEMPLATES,))
    pirate = next(c for c in components.tokens(game) if c.key == "crew-pirate-gunner")
    svg = render_counter(renderer, pirate).svg
    label = re.search(r'<text [^>]*fill="([^"]+)"[^>]*>Gunner \+1</text>', svg)
    assert label is not None and label.group(1) == "#000000"
    assert 'fill="#ffffff" stroke="#000000" stroke-width="0.4"' in svg  # the label's band
    assert components.ink_on("#212121") == "#ffffff"  # the skull is white on black


def test_the_current_token_has_an_arrow_and_others_do_not(game: BvpGame) -> None:
    renderer = FaceRenderer((TEMPLATES,))
    by_key = {c.key: c for c in components.tokens(game)}
    assert "<polygon" in render_counter(renderer, by_key["current"]).svg
    assert "<polygon" not in render_counter(renderer, by_key["fog"]).svg


def test_pieces_stand_in_for_every_miniature(game: BvpGame) -> None:
    pieces = components.pieces(game)
    per_faction = sum(s.count for s in game.pieces.ships)
    ships = [p for p in pieces if p.key.split("-", 1)[0] != "sea" and not p.key.endswith("-fort")]
    assert sum(p.qty for p in ships) == len(game.factions) * per_faction
    forts = [p for p in pieces if p.key.endswith("-fort")]
    assert len(forts) == len(game.factions) and all(p.qty == game.pieces.forts for p in forts)
    monsters = [p for p in pieces if p.key == "sea-monster"]
    assert [p.qty for p in monsters] == [game.pieces.sea_monsters]
    assert {s.name for s in game.pieces.ships} == {
        "Sloop",
        "Light Zebec",
        "Frigate",
        "Carrack",
        "3rd Rate",
    }
    assert all(p.size < game.hex for p in pieces)  # a piece fits inside its space


def test_ours_in_data_is_marked_in_print(game: BvpGame) -> None:
    assert game.hold("small") == 1 and game.ours.of("cargo_holds.small")
    assert game.hold("medium") == 2 and not game.ours.of("cargo_holds.medium")
    assert game.hold_text("small") == f"1{MARK}" and game.hold_text("medium") == "2"
    deck = components.ship_deck(game)
    fields = dict(deck.cards[0].front.fields)
    assert fields["cargo"] == "1"  # the mark is said at the card's foot, not on the value
    assert str(fields["foot"]).startswith(MARK) and str(fields["foot"]).endswith("cargo hold")
    assert kit._marked(deck)
    assert kit._marked(components.fort_deck(game))  # every fort but Tobi's Bastion is ours
    missions = dict(components.mission_deck(game).cards[0].front.fields)
    assert missions["foot"] == f"{MARK} our choice: flag, back story, reward amounts"
    assert f"{MARK} not in the source rules: our choice" == NOTE


def test_a_value_from_the_book_prints_without_the_mark(data_copy: Path) -> None:
    edit(data_copy, "game.yaml", "small: {ours: 1}", "small: 1")
    game = load_bvp(data_copy / GAME)
    fields = dict(components.ship_deck(game).cards[0].front.fields)
    assert fields["cargo"] == "1" and "cargo hold" not in str(fields["foot"])


def test_a_bad_ours_marker_names_its_place(data_copy: Path) -> None:
    path = edit(data_copy, "game.yaml", "small: {ours: 1}", "small: {our: 1}")
    with pytest.raises(DataError) as caught:
        load_bvp(data_copy / GAME)
    text = str(caught.value)
    assert str(path) in text and "cargo_holds.small" in text and "{ours: value}" in text


def test_overlapping_tiles_are_caught(data_copy: Path) -> None:
    edit(data_copy, "tiles.yaml", "at: [7, 1]", "at: [6, -1]")
    found = check_bvp(load_bvp(data_copy / GAME))
    assert [v.check for v in found] == ["assembly"]
    assert "East (free ports) at [6, -1] overlaps" in found[0].message


def test_a_tile_apart_from_the_map_is_caught(data_copy: Path) -> None:
    edit(data_copy, "tiles.yaml", "at: [7, 1]", "at: [15, 1]")
    found = check_bvp(load_bvp(data_copy / GAME))
    assert [v.message for v in found] == [
        "East (free ports) at [15, 1] touches no other tile of the map"
    ]


def test_build_refuses_a_broken_assembly(tmp_path: Path, data_copy: Path) -> None:
    from pnpkit.app.build import build_kits

    edit(data_copy, "tiles.yaml", "at: [7, 1]", "at: [0, 1]")
    with pytest.raises(CheckFailed, match="overlaps"):
        build_kits([GAME], data_copy, tmp_path)
