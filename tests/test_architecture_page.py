"""The architecture page stays a one-page map, and the decisions it points to are all listed."""

from __future__ import annotations

import re
from pathlib import Path

DOCS = Path(__file__).resolve().parents[1] / "docs"


def test_the_architecture_page_fits_on_one_page() -> None:
    lines = (DOCS / "ARCHITECTURE.md").read_text("utf-8").splitlines()
    assert len(lines) <= 150, (
        f"{len(lines)} lines: move the detail to docs/decisions/ or packages.md"
    )


def test_every_decision_is_listed_once_and_every_listed_one_exists() -> None:
    index = (DOCS / "decisions" / "README.md").read_text("utf-8")
    listed = re.findall(r"\]\((\d{4}-[a-z0-9-]+\.md)\)", index)
    files = sorted(p.name for p in (DOCS / "decisions").glob("[0-9][0-9][0-9][0-9]-*.md"))
    assert sorted(listed) == files
    assert len(set(listed)) == len(listed)
    numbers = [int(name[:4]) for name in files]
    assert numbers == list(range(1, len(files) + 1)), "decisions are numbered 1, 2, 3, … in order"
