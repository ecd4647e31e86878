"""A build drawing in several processes starts the documents that took longest last time first;
the order of the work never changes a byte of what is written."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpkit.app.build import build_kits
from pnpkit.build import timings
from pnpkit.build.timings import keep_times, last_times, longest_first
from pnpkit.render.kept import Kept

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "kept"
    monkeypatch.setattr(timings, "_kept", lambda: Kept(folder, ".json"))
    return folder


def test_the_longest_start_first_and_new_ones_before_all() -> None:
    names = ["rulebook.pdf", "card.pdf", "tokens.pdf", "new.pdf", "aids.pdf"]
    times = {"rulebook.pdf": 0.8, "card.pdf": 0.2, "tokens.pdf": 0.4, "aids.pdf": 0.2}
    assert [names[i] for i in longest_first(names, times)] == [
        "new.pdf",
        "rulebook.pdf",
        "tokens.pdf",
        "card.pdf",  # a tie keeps the kit's order
        "aids.pdf",
    ]
    assert longest_first(names, {}) == [0, 1, 2, 3, 4]


def test_times_are_kept_per_kit_and_damage_reads_as_none(kept: Path, tmp_path: Path) -> None:
    one, other = tmp_path / "out" / "one", tmp_path / "out" / "other"
    keep_times(one, {"a.pdf": 0.5})
    keep_times(one, {"b.pdf": 0.25})
    assert last_times(one) == {"a.pdf": 0.5, "b.pdf": 0.25}
    assert last_times(other) == {}
    for damaged in (b"{not json", b"[1, 2]", b'{"a.pdf": "slow", "b.pdf": -1, "c.pdf": 2}'):
        (file,) = kept.glob("*.json")
        file.write_bytes(damaged)
        assert last_times(one) == ({"c.pdf": 2.0} if b"c.pdf" in damaged else {})


def test_a_parallel_build_times_every_document_and_writes_the_same_bytes(
    kept: Path, tmp_path: Path
) -> None:
    serial = build_kits(["high-seas"], REPO / "data", tmp_path / "serial", "letter", jobs=1)
    assert last_times(tmp_path / "serial" / "high-seas") == {}  # one process: nothing to order
    for _ in range(2):  # the second build is ordered by the first one's times
        out = tmp_path / "parallel"
        parallel = build_kits(["high-seas"], REPO / "data", out, "letter", jobs=2)
        assert [p.read_bytes() for p in parallel] == [p.read_bytes() for p in serial]
        assert set(last_times(out / "high-seas")) == {p.name for p in serial}
