"""British vs Pirates read from its PDFs alone (issue 29): the rulebook's pictures drawn on hexes
in ``examples.pdf``, each worked out by the game's own rules (``sailing``), captioned from the
same computation; the mission flags' ruling and our readings marked."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from tests.games.british_vs_pirates import GAME
from tests.games.refused import game_copy, refused
from tests.pdfread import page_texts
from tests.writing import ShippedKit, replace_once

from pnpkit.games.british_vs_pirates import diagram
from pnpkit.games.british_vs_pirates.diagram import (
    ARC,
    DRAWN,
    SIDE_EXAMPLES,
    Sketch,
    example_ship,
    side_aim,
    target_aims,
    within,
)
from pnpkit.games.british_vs_pirates.load import load_bvp
from pnpkit.games.british_vs_pirates.model import BvpGame, Speed
from pnpkit.games.british_vs_pirates.rule_text import PICTURES
from pnpkit.games.british_vs_pirates.rules import check_bvp
from pnpkit.games.british_vs_pirates.sailing import (
    NEIGHBOURS,
    aim,
    defence,
    distance,
    reach,
    sight_lines,
    speed,
    take_hits,
)
from pnpkit.model.ours import MARK, NOTE
from pnpkit.render.vector import Shape, Words

DATA = Path(__file__).resolve().parents[3] / "data" / GAME


@pytest.fixture(scope="module")
def game() -> BvpGame:
    """The shipped game, read once for the module."""
    return load_bvp(DATA)


def _angle(space: tuple[int, int], facing: int) -> float:
    """Degrees (−180…180) between a ship's heading and the centre of ``space``, from a ship at
    (0, 0): plain trigonometry on the page, independent of the rules' cube arithmetic."""
    q, r = space
    x, y = q + r / 2, r * math.sqrt(3) / 2
    fq, fr = NEIGHBOURS[facing]
    hx, hy = fq + fr / 2, fr * math.sqrt(3) / 2
    turn = math.degrees(math.atan2(y, x) - math.atan2(hy, hx))
    return (turn + 180) % 360 - 180


def test_speed_is_the_dial_at_the_side_the_wind_blows_towards() -> None:
    dial = Speed("4", "3", "2", "1")  # the Venture's, bow to stern
    assert speed(dial, facing=1, wind=1) == "4"  # the wind blows towards the bow
    assert speed(dial, facing=1, wind=4) == "1"  # towards the stern
    assert speed(dial, facing=1, wind=2) == speed(dial, facing=1, wind=0) == "3"  # mirror images
    assert speed(dial, facing=5, wind=4) == "3"  # towards its port bow after two pivots to port


@pytest.mark.parametrize("facing", range(6))
def test_the_firing_arcs_are_the_broadsides_and_half_a_space_is_in(facing: int) -> None:
    """A space is in an arc when its centre lies 30° to 150° off the heading, either side, the
    edges included (half the space is inside): ahead and astern stay out."""
    for space in within((0, 0), 5) - {(0, 0)}:
        off = abs(_angle(space, facing))
        found = aim((0, 0), facing, space, 0, set(), 12)
        assert found.in_arc == (30 - 1e-9 <= off <= 150 + 1e-9), (space, off)
        if found.in_arc and off < 90 - 1e-9 and _angle(space, facing) > 0:
            assert found.broadside == "starboard"  # clockwise of the heading: starboard


def test_line_of_sight_needs_half_the_target_and_is_cut_by_land_and_ships() -> None:
    down_an_edge = sight_lines((0, 0), (1, -2))
    assert {line.between for line in down_an_edge} == {((0, -1),), ((1, -1),)}
    half = aim((0, 0), 1, (1, -2), 4, {(0, -1)}, 3)
    assert half.seen and half.valid  # one side of the edge hidden: half the target in sight
    both = aim((0, 0), 1, (1, -2), 4, {(0, -1), (1, -1)}, 3)
    assert not both.seen and not both.valid and both.why_not == "no line of sight"
    behind = aim((0, 0), 1, (0, 3), 4, {(0, 2)}, 3)
    assert not behind.seen
    assert aim((0, 0), 1, (0, -4), 4, set(), 3).why_not == "4 spaces away: out of range"
    assert distance((0, 0), (-2, -2)) == 4


def test_the_rulebooks_targeting_examples_a_b_and_c(game: BvpGame) -> None:
    a, b, c = (side_aim(game, example) for example in SIDE_EXAMPLES)
    assert a.sides == ("bow",)
    assert b.sides == ("bow", "starboard")  # equal sides: the shooter names one
    assert c.sides == ("stern",)  # the port side is hidden by the ship against it
    unblocked = SIDE_EXAMPLES[2]
    most = reach(example_ship(game).cannons)  # type: ignore[arg-type]
    bare = aim(
        unblocked.shooter, unblocked.shooter_facing, (0, 0), unblocked.target_facing, (), most
    )
    assert bare.sides == ("stern", "port")


def test_the_damage_example_follows_its_words() -> None:
    """3 hits on the stern: the stern absorbs 2, the Structure goes 6 → 5; the next shot at the
    stern meets the stern's armour plus the Structure."""
    hits = take_hits({"stern": 2, "structure": 6}, "stern", 3)
    assert (hits.absorbed, hits.structure, hits.removed, hits.sunk) == (2, 1, True, False)
    assert hits.dice == {"stern": None, "structure": 5}
    assert defence(4, hits.dice, "stern") == 9
    assert take_hits({"stern": 1, "structure": 1}, "stern", 2).sunk


def _filled(drawing: diagram.Diagram, fill: str) -> int:
    return sum(1 for item in drawing.items if isinstance(item, Shape) and item.fill == fill)


def test_the_arc_picture_shades_exactly_the_spaces_the_rules_let_it_fire_on(
    game: BvpGame,
) -> None:
    drawing, caption = DRAWN["arcs"](game)
    ship = example_ship(game)
    assert ship.cannons is not None
    most = reach(ship.cannons)
    expected = [
        s
        for s in within((0, 0), most + 1) - {(0, 0)}
        if 30 - 1e-9 <= abs(_angle(s, 1)) <= 150 + 1e-9 and distance((0, 0), s) <= most
    ]
    assert _filled(drawing, ARC) == len(expected) > 0
    numbers = [i.text for i in drawing.items if isinstance(i, Words) and i.text.isdigit()]
    assert sorted(numbers) == sorted(str(distance((0, 0), s)) for s in expected)
    assert f"out to {most} spaces" in caption and caption.count(MARK) == 1


def test_the_target_picture_ticks_what_the_rules_allow(game: BvpGame) -> None:
    seen = {target.letter: found for target, found in target_aims(game)}
    assert {k for k, found in seen.items() if found.valid} == {"A", "C"}
    drawing, caption = DRAWN["targets"](game)
    ticks = sum(1 for i in drawing.items if isinstance(i, Shape) and i.stroke == "#1b5e20")
    assert ticks == 2
    for told in (
        "**A** may be shot (port, 2 spaces, half hidden by the island)",
        "**C** may be shot (starboard, 2 spaces)",
        "**B** may not: ahead or astern",
        "**D** may not: ship C stands in the way",
        "**E** may not: 4 spaces away: out of range",
        "**G** may not: the island stands in the way",
        "With a target on each side, it may shoot twice this turn",
    ):
        assert told in caption, told


def test_every_picture_the_rules_may_name_is_drawn_inside_its_box(game: BvpGame) -> None:
    assert set(PICTURES) == {*DRAWN, "sides"}
    drawings = [DRAWN[key](game)[0] for key in DRAWN]
    drawings += [drawing for drawing, _ in diagram.sides(game)]
    for drawing in drawings:
        for item in drawing.items:
            points = item.points if isinstance(item, Shape) else ()
            for x, y in points:
                assert -0.5 <= x <= drawing.width + 0.5 and -0.5 <= y <= drawing.height + 0.5


def test_a_sketch_places_spaces_inside_its_padding() -> None:
    sketch = Sketch(within((0, 0), 1))
    xs = [x for s in sketch.spaces for x, _ in sketch.corners(s)]
    assert min(xs) >= 0 and max(xs) <= sketch.width


def _text(path: Path) -> str:
    return " ".join(re.sub(r"\s+", " ", page) for page in page_texts(path))


@pytest.mark.slow
def test_examples_pdf_prints_every_picture_with_its_caption_and_marks(
    shipped_kit: ShippedKit,
) -> None:
    out = shipped_kit(GAME)
    text = _text(out / "examples.pdf")
    for words in (
        "so its speed is the number on that side of the dial: 3",
        "The Venture faces right, the wind blowing towards its stern: its dial gives 1",
        "the dial gives 3: it sails up to 3 spaces",
        "Straight ahead and astern it cannot fire",
        "Only the target's bow faces the shooter: only it may be hit.",
        "the shooter names the bow or the starboard before any Skill Card or roll",
        f"only the stern may be hit{MARK}",
        "Structure: 4 + 5 = 9",
        "Pivot reduced to 1",
        NOTE,
    ):
        assert words in text, words
    guide = _text(out / "print-this-kit.pdf")
    assert "examples.pdf" in guide


@pytest.mark.slow
def test_the_mission_flags_ruling_is_printed_and_marked(shipped_kit: ShippedKit) -> None:
    text = _text(shipped_kit(GAME) / "rules-reference.pdf")
    assert "flies one of three flags: green, black and blue" in text
    assert "does not say what they mean for who may draw or do a mission" in text
    assert f"Our ruling{MARK}: they are one shared deck" in text
    assert f"a damage to a D6 showing 1 takes it off{MARK}" in text


def test_a_picture_the_game_does_not_draw_is_refused_at_its_line(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = game_copy(data_dir, tmp_path, GAME)
    rules = folder / "rules.yaml"
    line = replace_once(rules, "picture: arcs", "picture: arks")
    errors = refused(capsys, folder)
    assert len(errors) == 1
    assert errors[0].startswith(f"error: {rules}:{line}:")
    assert "'arks' is not known" in errors[0] and "movement, pivot-first, arcs" in errors[0]


def test_a_first_ship_that_cannot_sail_the_examples_is_refused(
    data_dir: Path, tmp_path: Path
) -> None:
    folder = game_copy(data_dir, tmp_path, GAME)
    replace_once(
        folder / "cards.yaml",
        "speed: {ours: {bow: 4, fore: 3, aft: 2, stern: 1}}",
        "speed: {ours: {bow: 4, fore: 3, aft: 2, stern: X}}",
    )
    found = [v for v in check_bvp(load_bvp(folder)) if v.check == "examples"]
    assert [v.message for v in found] == [
        "Venture: the rulebook's examples (examples.pdf) sail the first ship card, which needs "
        "a speed of 1 or more on every side of its dial"
    ]
