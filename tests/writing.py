"""Writing test documents straight to a file, unverified (tests then verify them on purpose)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pnpkit.app import pipeline
from pnpkit.build.context import BuildContext
from pnpkit.build.write import Written, write_document, write_documents
from pnpkit.games import find_game
from pnpkit.layout.duplex import Imposition
from pnpkit.layout.offset import NO_OFFSET, BackOffset
from pnpkit.layout.paper import LETTER, Paper
from pnpkit.layout.plan import DocumentPlan
from pnpkit.layout.print_settings import PrintSettings
from pnpkit.layout.tiled_pdf import tiled_document
from pnpkit.layout.tiling import TiledLayout

ShippedKit = Callable[..., Path]
"""The ``shipped_kit`` fixture: ``shipped_kit(game, paper="letter")`` is a built kit's folder."""
PlacedKit = Callable[..., dict[str, Written]]
"""The ``placed_kit`` fixture: ``placed_kit(game, paper=LETTER, offset=NO_OFFSET)`` is a kit's
documents by file name, with where each face went."""


def write_plan(path: str | Path, plan: DocumentPlan) -> Written:
    """``plan`` written at ``path`` without reading it back first."""
    return write_document(Path(path), plan, BuildContext(verify=False))


def write_tiled_pdf(layout: TiledLayout, path: str | Path, *, subject: str = "") -> None:
    """The sheets and assembly page of ``layout`` as one PDF at ``path`` (unverified)."""
    write_plan(path, tiled_document(layout, Path(path).name, subject=subject))


def build_kit(
    name: str,
    game_dir: Path,
    out_dir: Path,
    paper: Paper = LETTER,
    offset: BackOffset = NO_OFFSET,
    *,
    verify: bool = True,
) -> list[Written]:
    """Load, check and write game ``name``'s kit straight into ``out_dir`` (no staging), with
    every document's placements, as the build does it."""
    done = pipeline.checked(find_game(name, game_dir), game_dir)
    plans = pipeline.documents(done, PrintSettings(Imposition(paper, offset=offset)))
    return write_documents(out_dir, plans, BuildContext(verify=verify))


def replace_once(path: Path, old: str, new: str) -> int:
    """Replace the first ``old`` in the file with ``new`` (``old`` must be there); the 1-based
    line it was on. Tests break shipped data with it, one edit at a time."""
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8", errors="surrogatepass")
    return text[: text.index(old)].count("\n") + 1
