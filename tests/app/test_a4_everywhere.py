"""Every kit builds on A4 with the same physical promises as on Letter."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from tests.writing import ShippedKit

from pnpkit.games import REGISTRY as KITS
from pnpkit.verify.check import stored_promises
from pnpkit.verify.promises import Promises

COLOUR_SETS = {
    "british-vs-pirates": {
        ("pieces.pdf", "factions"),
        ("sea-tiles.pdf", "factions"),
        ("tokens.pdf", "factions"),
    },
    "false-colors": {
        ("chart-duel.pdf", "seats"),
        ("chart-hex-overview.pdf", "seats"),
        ("chart-hex.pdf", "seats"),
        ("chart-square.pdf", "seats"),
        ("tokens.pdf", "fleets"),
    },
    "high-seas": {("board.pdf", "ships"), ("tokens.pdf", "ships")},
    "pirate-fleets": {("tokens.pdf", "players")},
    "tabletop-fleets": {
        ("ship-cards.pdf", "factions"),
        ("fleet-pieces.pdf", "factions"),
        ("table-layout-example.pdf", "crews"),
    },
}
"""The colours that tell seats, fleets, players or factions apart, promised where they print:
verify holds each set to 40 grayscale levels or a second cue (issue 13)."""


def _colour_sets(path: Path) -> set[tuple[str, tuple[str, ...]]]:
    promises = Promises.from_json(stored_promises(PdfReader(path)) or "")
    return {(c.what, tuple(m.name for m in c.members)) for c in promises.color_sets}


def _physical(
    path: Path,
) -> tuple[set[tuple[str, float]], set[tuple[str, float]], set[tuple[str, float, float]]]:
    """What the PDF promises to print at size, without page numbers (tiling may differ)."""
    promises = Promises.from_json(stored_promises(PdfReader(path)) or "")
    lines = {
        (p.what.split(": sheet")[0], round(p.pitch, 2))
        for p in promises.lines
        if "at scale" not in p.what  # a one-page overview is scaled to its paper on purpose
    }
    rulers = {(r.what, round(r.length, 2)) for r in promises.rulers}
    assemblies = {(a.what, round(a.width, 2), round(a.height, 2)) for a in promises.assemblies}
    return lines, rulers, assemblies


def _page_sizes(path: Path) -> set[tuple[float, float]]:
    sizes = set()
    for page in PdfReader(path).pages:
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        sizes.add((round(min(w, h), 1), round(max(w, h), 1)))
    return sizes


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(KITS))
def test_every_kit_prints_the_same_sizes_on_a4(game: str, shipped_kit: ShippedKit) -> None:
    """(Each build has read its PDFs back and verified them; this compares the two papers.)"""
    letter = sorted(shipped_kit(game, "letter").glob("*.pdf"))
    a4 = sorted(shipped_kit(game, "a4").glob("*.pdf"))
    assert letter and [p.name for p in letter] == [p.name for p in a4]
    for on_letter, on_a4 in zip(letter, a4, strict=True):
        assert _page_sizes(on_a4) == {(595.3, 841.9)}, on_a4.name
        assert _page_sizes(on_letter) == {(612.0, 792.0)}, on_letter.name
        assert _physical(on_letter) == _physical(on_a4), on_a4.name
        assert _colour_sets(on_letter) == _colour_sets(on_a4), on_a4.name
    promised = {(p.name, what) for p in letter for what, _members in _colour_sets(p)}
    assert promised == COLOUR_SETS[game]
