"""``pnpkit check`` is the build without the PDF: rule text whose placeholders cannot render
fails ``check`` with the place and the reason, as ``build`` would.

Before: ``{{ game.nope }}`` in a rule block passed ``check``; ``build`` then failed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tests.writing import replace_once

from pnpkit.app import pipeline
from pnpkit.app.cli import main
from pnpkit.build.write import write_document
from pnpkit.games import registered
from pnpkit.layout.print_settings import DEFAULTS

REPO = Path(__file__).resolve().parents[3]
Capture = pytest.CaptureFixture[str]


@pytest.fixture
def data(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(REPO / "data" / "false-colors", folder / "false-colors")
    return folder


def test_a_placeholder_naming_a_missing_field_fails_check_and_build(
    data: Path, tmp_path: Path, capsys: Capture
) -> None:
    rules = data / "false-colors" / "rules.yaml"
    line = replace_once(
        rules, "fleet of\n        {{ game.fleet_size }}", "fleet of\n        {{ game.nope }}"
    )
    assert main(["check", "--data", str(data)]) == 1
    found = capsys.readouterr()
    expected = (
        f"{rules}:{line - 1}:7: p: placeholder: "
        "'pnpkit.games.false_colors.model.FleetGame object' has no attribute 'nope'"
    )
    assert expected in found.out.splitlines()
    assert found.err == "1 problem in 1 game\n"
    out = tmp_path / "output"
    assert main(["build", "--data", str(data), "--out", str(out), "-q"]) == 1
    assert capsys.readouterr().err.splitlines() == [f"error: {expected}", "1 problem in 1 game"]
    assert not out.exists() or not any(out.rglob("*.pdf"))


def test_check_names_every_bad_placeholder_phrase_and_picture(data: Path, capsys: Capture) -> None:
    rules = data / "false-colors" / "rules.yaml"
    replace_once(
        rules, "{{ ships.admiral.name }}, to the captor", "{{ ships.nobody.name }}, to the captor"
    )
    replace_once(rules, 'title: "{{ game.printed_title }}"', 'title: "{{ game.titel }}"')
    text = rules.read_text(encoding="utf-8")
    picture = next(line for line in text.splitlines() if "- picture:" in line)
    replace_once(rules, picture, picture.split(":")[0] + ": lighthouse")
    assert main(["check", "--data", str(data)]) == 1
    found = capsys.readouterr()
    assert "phrases.scoring.admiral_captured: placeholder: " in found.out
    assert "title: placeholder: " in found.out and "has no attribute 'titel'" in found.out
    assert "picture: 'lighthouse' is not a picture the kit can draw" in found.out
    assert found.err == "3 problems in 1 game\n"


def test_the_shipped_rule_text_renders_in_check(data_dir: Path, capsys: Capture) -> None:
    assert main(["check", "false-colors", "--data", str(data_dir)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "checked 1 game: no problems"


def test_a_chart_too_small_for_the_ship_tokens_fails_check_and_build_at_its_cell_size(
    data: Path, tmp_path: Path, capsys: Capture
) -> None:
    """Before: ``cell_size: 0.6in`` passed ``check``; ``build`` then stopped at the token sheet
    with "tokens: footprint 1.00 × 0.70 in does not fit a 0.60 in cell", naming no file."""
    duel = data / "false-colors" / "charts" / "duel.yaml"
    line = replace_once(duel, "cell_size: 1.25in", "cell_size: 0.6in")
    assert main(["check", "--data", str(data)]) == 1
    found = capsys.readouterr()
    expected = (
        f"{duel}:{line}:12: duel: tokens: a ship token stands on 1.00 × 0.70 in (1.22 in corner "
        "to corner) and does not fit a 0.60 in cell (allowed: 1.22 in or more)"
    )
    assert expected in found.out.splitlines()
    assert found.err == "1 problem in 1 game\n"
    assert main(["build", "--data", str(data), "--out", str(tmp_path / "output"), "-q"]) == 1
    assert capsys.readouterr().err.splitlines() == [f"error: {expected}", "1 problem in 1 game"]


def test_a_title_as_long_as_allowed_still_heads_the_token_sheets(
    data: Path, tmp_path: Path, capsys: Capture
) -> None:
    """A 60-character title passed check, and the token sheets' heading (13 pt) then ran into
    the right margin: the build stopped at verify (found by `make fuzz`). It is set smaller."""
    game = data / "false-colors" / "game.yaml"
    replace_once(game, "title: {ours: False Colors}", f"title: {{ours: {'False Colors' * 5}}}")
    assert main(["check", "--data", str(data)]) == 0
    folder = data / "false-colors"
    plans = pipeline.documents(pipeline.checked(registered("false-colors"), folder), DEFAULTS)
    (tokens,) = [plan for plan in plans if plan.filename == "tokens.pdf"]
    write_document(tmp_path / "tokens.pdf", tokens)  # read back and verified, or BuildError
