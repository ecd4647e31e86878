"""How documents are drawn: the garbage collector while they are, and the order a parallel
build starts them in."""

from __future__ import annotations

import gc
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from pnpkit.build.context import BuildContext
from pnpkit.build.write import _Times, drawing, write_document, write_documents
from pnpkit.layout.document import Document
from pnpkit.layout.marks import calibration
from pnpkit.layout.paper import LETTER, MARGIN
from pnpkit.layout.plan import DocumentPlan
from pnpkit.render.disk_cache import ENV


def _plan(name: str, seen: list[tuple[bool, int]]) -> DocumentPlan:
    """One calibration page; ``seen`` gets the collector's state while it is drawn."""

    def pages(doc: Document) -> None:
        seen.append((gc.isenabled(), gc.get_freeze_count()))
        doc.start_page(LETTER)
        calibration(doc.canvas, MARGIN, MARGIN, doc)

    return DocumentPlan(name, name, "test", pages)


@pytest.fixture
def collector_off() -> Iterator[None]:
    """The collector as ``pnpkit`` itself leaves it while a command loads: off."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def test_drawing_runs_the_collector_over_a_frozen_heap_and_puts_it_back(
    tmp_path: Path, collector_off: None
) -> None:
    seen: list[tuple[bool, int]] = []
    write_document(tmp_path / "a.pdf", _plan("a.pdf", seen))
    ((enabled, frozen),) = seen
    assert enabled and frozen > 1000  # the modules and data loaded so far
    assert not gc.isenabled() and gc.get_freeze_count() == 0


def test_drawing_is_reentrant_and_leaves_an_enabled_collector_on(tmp_path: Path) -> None:
    assert gc.isenabled()
    seen: list[tuple[bool, int]] = []
    with drawing():
        frozen = gc.get_freeze_count()
        write_documents(tmp_path, [_plan("a.pdf", seen), _plan("b.pdf", seen)])
        # the inner write neither thawed the outer freeze (0) nor froze again (more objects);
        # frozen objects may still be freed as the write drops them (fewer)
        assert 0 < gc.get_freeze_count() <= frozen
    assert [enabled for enabled, _ in seen] == [True, True]
    assert all(0 < count <= frozen for _, count in seen)
    assert gc.isenabled() and gc.get_freeze_count() == 0


def test_parallel_drawing_starts_with_the_documents_that_took_longest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV, str(tmp_path / "cache"))
    kit = tmp_path / "kit"
    times = _Times(kit)
    names = ["rules.pdf", "board.pdf", "new.pdf", "cards.pdf"]
    assert times.longest_first([0, 1, 2, 3], names) == [0, 1, 2, 3]  # nothing known: kit order
    times.remember({"rules.pdf": 0.4, "board.pdf": 0.1, "cards.pdf": 0.25})
    again = _Times(kit)
    # never timed first (it may be the longest), then the longest first
    assert again.longest_first([0, 1, 2, 3], names) == [2, 0, 3, 1]
    assert _Times(tmp_path / "other kit").seconds == {}


def test_a_parallel_build_remembers_how_long_each_document_took(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV, str(tmp_path / "cache"))
    out = tmp_path / "kit"
    plans = [_plan(f"{n}.pdf", []) for n in ("a", "b", "c")]
    write_documents(out, plans, BuildContext(), jobs=2)
    remembered = _Times(out).seconds
    assert sorted(remembered) == ["a.pdf", "b.pdf", "c.pdf"]
    assert all(0 < seconds < 60 for seconds in remembered.values())
    (kept,) = (tmp_path / "cache" / "drawing-times").iterdir()
    kept.write_text("{not json")  # a damaged file: the next build just has no order
    assert _Times(out).seconds == {}
    write_documents(out, plans, BuildContext(), jobs=2)
    assert sorted(json.loads(kept.read_text())) == ["a.pdf", "b.pdf", "c.pdf"]


def test_a_games_drawing_times_follow_it_to_any_output_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The times are the game's (kept by its data folder): a kit written somewhere new starts
    longest first too."""
    from pnpkit.app.build import build_kits
    from pnpkit.app.cli import main

    monkeypatch.setenv(ENV, str(tmp_path / "cache"))
    data = tmp_path / "data"
    assert main(["new", "deck", "--data", str(data)]) == 0
    build_kits(["deck"], data, tmp_path / "one", jobs=2)
    names = {path.name for path in (tmp_path / "one" / "deck").glob("*.pdf")}
    assert set(_Times(data / "deck").seconds) == names and len(names) > 1
    assert _Times(tmp_path / "one" / "deck").seconds == {}
