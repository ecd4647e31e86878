"""Random islands from print: ``random-islands.pdf`` gives every face of the die (``map_die``,
ours) a map of each chart, the maps the engine deals seed by seed, each named cell by cell, the
same maps ``pnpkit map`` deals; a chart with fewer fair maps than faces prints every one, each
on as many faces, and says why its islands stand where they do."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

from tests.pdfread import page_texts

from pnpkit.games.false_colors.charts.engine.checks import check_chart
from pnpkit.games.false_colors.charts.engine.deal import count_maps, deal_islands, dealing_chart
from pnpkit.games.false_colors.charts.engine.mapsearch import map_space
from pnpkit.games.false_colors.data import load_kit
from pnpkit.games.false_colors.random_islands import die_maps, faces_text
from pnpkit.model.ours import MARK, NOTE

DATA = Path("data/false-colors")


def test_every_face_of_the_die_picks_a_fair_map_of_every_chart() -> None:
    """Each face of the die picks one map (or, past the last, "roll again"), every fair map
    equally often; as many maps as faces where the chart has that many fair maps, else every
    one; each passes the engine's checks and keeps every seat's map alike; the same data deals
    the same maps, and each map is the one its seed deals."""
    kit = load_kit(DATA)
    sides = kit.game.map_die
    assert sides == 6 and kit.game.ours.of("map_die")
    for name, chart in kit.charts.items():
        die = die_maps(kit.game, chart)
        counted = count_maps(chart)
        assert counted.exact, name
        assert len(die.maps) == min(sides, counted.found), name
        assert len({m.islands for m in die.maps}) == len(die.maps), name  # no map twice
        faces = [f for first, last in die.faces for f in range(first, last + 1)]
        again = list(range(die.again[0], die.again[1] + 1)) if die.again else []
        assert faces + again == list(range(1, sides + 1)), name
        assert {last - first for first, last in die.faces} == {sides // len(die.maps) - 1}
        for dealt in die.maps:
            assert dealt.seed is not None
            assert not check_chart(dealt), (name, dealt.seed)
            again_dealt = deal_islands(chart, None, random.Random(dealt.seed))
            assert again_dealt.islands == dealt.islands, (name, dealt.seed)
        assert die_maps(kit.game, chart) == die, name  # the same data, the same maps
    # the duel and hex charts have a map for every face; the square chart has 3 fair maps
    assert [len(die_maps(kit.game, kit.charts[n]).maps) for n in ("square", "duel", "hex")] == [
        3,
        6,
        6,
    ]


def test_the_square_charts_islands_stand_in_its_corners_because_the_checks_say_so() -> None:
    """The square chart's 12 dealt islands all stand in its four corners: the anchorages, wings,
    harbors, Capital and the Capital's sides stay clear, and each free orbit beside a harbor
    breaks a check (its harbor no longer midway, or cut off by the storm), so the corners are
    left: the rules, not a bug. The count (3 fair maps) comes from the engine's exact search."""
    kit = load_kit(DATA)
    chart = kit.charts["square"]
    die = die_maps(kit.game, chart)
    assert die.every_map and die.fair == 3
    corners = {chart.label(c) for c in die.dealt_cells}
    assert corners == {f"{col}{row}" for col in "ABKL" for row in (1, 2, 11, 12)}
    # every free orbit of cells beside a harbor breaks the harbor's place on its own: the
    # harbor is no longer midway between its two neighbouring anchorages
    base = dealing_chart(chart)  # its rotations, as the maps are dealt
    space = map_space(base)
    sides = {n for h in chart.harbors for n in h.neighbours()}
    beside = [o for o in space.orbits if set(space.facts.grid.cells_of(o)) & sides]
    assert len(beside) == 2
    for orbit in beside:
        cells = frozenset(space.facts.grid.cells_of(orbit))
        assert not cells & die.dealt_cells
        broken = {v.check for v in check_chart(replace(base, islands=chart.islands | cells))}
        assert broken == {"harbor-place"}, broken
    both = frozenset(c for o in beside for c in space.facts.grid.cells_of(o))
    broken = {v.check for v in check_chart(replace(base, islands=chart.islands | both))}
    assert "storm-rings" in broken


def test_the_maps_are_printed_face_by_face(letter_kit: Path) -> None:
    kit = load_kit(DATA)
    text = " ".join(
        " ".join(page.split()) for page in page_texts(letter_kit / "random-islands.pdf")
    )
    assert text.startswith(f"False Colors{MARK}: random islands {NOTE} page 1 of 6 The Random")
    assert "roll a 6-sided die" in text and f"These maps are ours{MARK}" in text
    assert f"seed 1{MARK}" not in text  # no mark on a value
    for name in ("square", "duel", "hex"):
        chart = kit.charts[name]
        die = die_maps(kit.game, chart)
        section = text[text.index(f"{chart.title}, {chart.size_text}") :]
        for dealt, faces in zip(die.maps, die.faces, strict=True):
            head = f"{faces_text(faces)} (seed {dealt.seed})"
            assert f"{head.lower()}" in section, (name, head)  # the picture's caption
            found = re.search(
                rf"{re.escape(head)}\. Islands: ([^.]*)\. Island tokens on ([^;]*); water tokens "
                r"on the printed islands ([^.]*)\.",
                section,
            )
            assert found, (name, head)
            assert set(found.group(1).split(", ")) == {chart.label(c) for c in dealt.islands}
            new = {chart.label(c) for c in dealt.islands - chart.islands} or {"none"}
            kept = {chart.label(c) for c in chart.islands - dealt.islands} or {"none"}
            assert set(found.group(2).split(", ")) == new
            assert set(found.group(3).split(", ")) == kept
    square = text[text.index("The square chart, 12 × 12") : text.index("The duel chart")]
    assert "Only 3 fair maps. With 20 islands this chart has 3 maps" in square
    assert "so each takes 2 faces of the die" in square
    assert "can stand only on A1, A2, A11, A12, B1, B2, B11, B12, K1, K2, K11, K12, L1, L2" in (
        square
    )
    assert "nearer one of its two neighbouring anchorages than the other" in square
    guide = " ".join(" ".join(p.split()) for p in page_texts(letter_kit / "print-this-kit.pdf"))
    assert "for the Random islands variant: a 6-sided die to pick the map" in guide
    # as many tokens as the hardest map needs, each shape on its own
    for words in (
        "square island tokens, 12 in all",
        "square water tokens, 4 in all",
        "hex island tokens, 12 in all",
        "hex water tokens, 12 in all",
    ):
        assert words in text
