"""Random islands from print: ``random-islands.pdf`` prints the maps the engine deals with the
seeds the data fixes, each named cell by cell, the same maps ``pnpkit map`` deals."""

from __future__ import annotations

import random
import re
from pathlib import Path

from tests.pdfread import page_texts

from pnpkit.games.false_colors.charts.engine.deal import deal_islands
from pnpkit.games.false_colors.data import load_kit
from pnpkit.games.false_colors.random_islands import dealt_maps
from pnpkit.model.ours import MARK, NOTE


def test_the_dealt_maps_are_printed_seed_by_seed(letter_kit: Path) -> None:
    kit = load_kit(Path("data/false-colors"))
    assert kit.game.dealt_seeds and kit.game.ours.of("dealt_seeds")
    text = " ".join(
        " ".join(page.split()) for page in page_texts(letter_kit / "random-islands.pdf")
    )
    assert text.startswith(f"False Colors{MARK}: random islands {NOTE} page 1 of 4 The Random")
    for name in ("square", "duel", "hex"):
        chart = kit.charts[name]
        maps = dealt_maps(kit.game, chart)
        assert maps, name
        assert len({m.islands for m in maps}) == len(maps)  # no map printed twice
        section = text[text.index(f"{chart.title}, {chart.size_text}") :]
        for dealt in maps:
            assert dealt.seed is not None
            again = deal_islands(chart, None, random.Random(dealt.seed))
            assert again.islands == dealt.islands  # what `pnpkit map --seed` deals
            found = re.search(rf"Seed {dealt.seed}{MARK}\. Islands: ([^.]*)\.", section)
            assert found, (name, dealt.seed)
            printed = set(found.group(1).split(", "))
            assert printed == {chart.label(cell) for cell in dealt.islands}, (name, dealt.seed)
            tokens = re.search(
                rf"Seed {dealt.seed}{MARK}\. Islands: [^.]*\. Island tokens on ([^;]*); water "
                r"tokens on the printed islands ([^.]*)\.",
                section,
            )
            assert tokens, (name, dealt.seed)
            new = {chart.label(cell) for cell in dealt.islands - chart.islands} or {"none"}
            kept = {chart.label(cell) for cell in chart.islands - dealt.islands} or {"none"}
            assert set(tokens.group(1).split(", ")) == new
            assert set(tokens.group(2).split(", ")) == kept
    # as many tokens as the hardest map needs, each shape on its own
    for words in (
        "square island tokens, 12 in all",
        "square water tokens, 4 in all",
        "hex island tokens, 12 in all",
        "hex water tokens, 12 in all",
    ):
        assert words in text
