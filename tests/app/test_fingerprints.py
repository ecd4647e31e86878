"""Every document of every shipped kit has a fingerprint (what it is drawn from), so ``pnpkit
watch`` draws again only what a change touches."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tests.writing import replace_once

from pnpkit.app import pipeline
from pnpkit.build.fingerprint import fingerprint
from pnpkit.games import REGISTRY, find_game
from pnpkit.layout.print_settings import DEFAULTS


def _prints(data: Path, game: str) -> dict[str, str | None]:
    done = pipeline.checked(find_game(game, data / game), data / game)
    plans = pipeline.documents(done, DEFAULTS)
    return {p.filename: fingerprint(p.filename, p.title, p.subject, p.pages) for p in plans}


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_every_document_has_a_fingerprint(data_dir: Path, game: str) -> None:
    prints = _prints(data_dir, game)
    assert prints and [name for name, value in prints.items() if value is None] == []
    assert prints == _prints(data_dir, game)  # the same data, the same fingerprints


def test_a_rule_note_changes_the_rule_documents_not_the_charts(
    data_dir: Path, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    shutil.copytree(data_dir / "false-colors", data / "false-colors")
    before = _prints(data, "false-colors")
    replace_once(data / "false-colors/roster.yaml", "whoever reaches her", "whoever comes at her")
    after = _prints(data, "false-colors")
    changed = {name for name in before if before[name] != after[name]}
    assert {"rulebook.pdf", "rules-card.pdf"} <= changed
    assert not {n for n in changed if n.startswith("chart-")}

    # a comment line moves every line of a chart file: where values are written is not drawn
    duel = data / "false-colors/charts/duel.yaml"
    duel.write_text("# a note of the designer's\n" + duel.read_text("utf-8"), encoding="utf-8")
    assert _prints(data, "false-colors")["chart-duel.pdf"] == after["chart-duel.pdf"]
    replace_once(duel, "cell_size: ", "cell_size:  ")  # still the same values
    assert _prints(data, "false-colors")["chart-duel.pdf"] == after["chart-duel.pdf"]
    text = duel.read_text("utf-8")
    duel.write_text(text.replace("title: ", "title: Another ", 1), encoding="utf-8")
    assert _prints(data, "false-colors")["chart-duel.pdf"] != after["chart-duel.pdf"]
