"""The tutorial's token step, done to a game ``pnpkit new`` makes, builds as the tutorial says."""

from __future__ import annotations

import re
from pathlib import Path

from pypdf import PdfReader

from pnpkit.app.cli import main
from pnpkit.verify import verify_paths

TUTORIAL = Path(__file__).resolve().parents[3] / "docs" / "designer" / "tutorial.md"


def _step() -> tuple[str, str]:
    """The layouts and the token set the tutorial's token step adds, as YAML lines."""
    text = TUTORIAL.read_text(encoding="utf-8")
    step = text[text.index("## 9. Add tokens") :]
    block = re.search(r"```yaml\n(.*?)```", step, re.DOTALL)
    assert block is not None
    layouts, tokens = block.group(1).split("tokens:\n", 1)
    kept = [line for line in layouts.splitlines()[1:] if not line.strip().startswith("#")]
    return "\n".join(kept) + "\n", "tokens:\n" + tokens


def test_the_tutorials_token_step_builds(tmp_path: Path) -> None:
    data, out = tmp_path / "data", tmp_path / "out"
    assert main(["new", "salvage-run", "--data", str(data)]) == 0
    path = data / "salvage-run" / "game.yaml"
    layouts, tokens = _step()
    text = path.read_text(encoding="utf-8")
    text = text.replace("layouts:", "layouts:\n" + layouts.rstrip("\n"), 1)
    text = text.replace("\ndecks:", "\n" + tokens + "decks:", 1)
    path.write_text(text, encoding="utf-8")
    assert main(["build", "salvage-run", "--data", str(data), "--out", str(out)]) == 0
    sheet = out / "salvage-run" / "coins-tokens.pdf"
    assert len(PdfReader(sheet).pages) == 2  # the coins, then their backs
    assert verify_paths([sheet]) == []
