"""The tutorial's token step, done to a game ``pnpkit new`` makes, builds as the tutorial says."""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from pypdf import PdfReader

from pnpkit.app.cli import main
from pnpkit.verify import verify_paths

TUTORIAL = Path(__file__).resolve().parents[3] / "docs" / "designer" / "tutorial.md"


def _step() -> object:
    """The token set the tutorial's token step shows, as YAML reads it."""
    text = TUTORIAL.read_text(encoding="utf-8")
    step = text[text.index("## 9. Tokens") :]
    block = re.search(r"```yaml\n(.*?)```", step, re.DOTALL)
    assert block is not None
    return yaml.safe_load(block.group(1))["tokens"]


def test_the_tutorials_token_step_is_the_new_games_and_builds(tmp_path: Path) -> None:
    data, out = tmp_path / "data", tmp_path / "out"
    assert main(["new", "salvage-run", "--data", str(data)]) == 0
    written = yaml.safe_load((data / "salvage-run" / "game.yaml").read_text(encoding="utf-8"))
    assert written["tokens"] == _step()  # the tutorial shows what pnpkit new wrote
    assert main(["build", "salvage-run", "--data", str(data), "--out", str(out)]) == 0
    sheet = out / "salvage-run" / "coins-tokens.pdf"
    assert len(PdfReader(sheet).pages) == 2  # the coins, then their backs
    assert verify_paths([sheet]) == []
