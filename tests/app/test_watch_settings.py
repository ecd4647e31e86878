"""``pnpkit watch`` and ``serve`` read ``pnpkit.toml`` again before every rebuild: a saved
setting takes effect, a bad one is reported at its line and the last good kit stays."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from pnpkit.app.cli import build_parser
from pnpkit.app.new_game import scaffold
from pnpkit.app.settings import settings_from
from pnpkit.app.watch import Watcher

GAME = "salvage-run"
"""A card game made by ``pnpkit new``: settings are read alike for every game."""


def _page_width(kit: Path) -> float:
    return round(float(PdfReader(kit / "crew-cards.pdf").pages[0].mediabox.width), 1)


def test_a_saved_pnpkit_toml_takes_effect_on_the_next_rebuild(
    tmp_path: Path,
) -> None:
    data, out = tmp_path / "data", tmp_path / "out"
    scaffold(data, GAME, None)
    args = build_parser(["watch", GAME]).parse_args(
        ["watch", GAME, "--data", str(data), "--out", str(out)]
    )
    lines: list[str] = []
    watcher = Watcher(
        GAME, data, out, settings_from(args), echo=lines.append, resolve=lambda: settings_from(args)
    )
    assert watcher.build().ok
    kit = out / GAME
    letter_width = _page_width(kit)

    seen = watcher.snapshot()
    (data / "pnpkit.toml").write_text('paper = "a4"\n', encoding="utf-8")
    assert watcher.snapshot() != seen  # the watcher notices the new file
    assert watcher.build().ok
    assert (letter_width, _page_width(kit)) in {(612.0, 595.3), (792.0, 841.9)}

    kept = (kit / "crew-cards.pdf").read_bytes()
    (data / "pnpkit.toml").write_text('paper = "tabloid"\n', encoding="utf-8")
    outcome = watcher.build()
    assert not outcome.ok
    assert any("pnpkit.toml:1" in line and "tabloid" in line for line in outcome.problems)
    assert (kit / "crew-cards.pdf").read_bytes() == kept  # the last good kit stays
