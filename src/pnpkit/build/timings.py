"""How long each document of a kit took to draw and verify last time, kept between builds
(:mod:`pnpkit.render.kept`), so a build drawing in several processes starts the longest
documents first (as ninja schedules from its log): a long document started last keeps every
other process waiting. Only the order of the work depends on it, never a byte of what is
written; a kit built for the first time is drawn in its documents' order.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping
from pathlib import Path

from pnpkit.render.kept import Kept

_KEPT = "timings"


def _kept() -> Kept:
    return Kept.named(_KEPT, ".json")


def _key(kit: Path) -> str:
    return hashlib.sha256(str(kit.resolve()).encode("utf-8", "surrogatepass")).hexdigest()[:32]


def last_times(kit: Path) -> dict[str, float]:
    """Seconds per document file name of the last build into ``kit`` (empty when unknown)."""
    raw = _kept().read(_key(kit))
    try:
        times = json.loads(raw) if raw is not None else {}
    except ValueError:
        return {}
    if not isinstance(times, dict):
        return {}
    return {
        str(name): float(seconds)
        for name, seconds in times.items()
        if isinstance(seconds, int | float) and math.isfinite(seconds) and seconds >= 0
    }


def keep_times(kit: Path, times: Mapping[str, float]) -> None:
    """Remember this build's seconds per document (merged over the last ones)."""
    merged = {**last_times(kit), **times}
    data = json.dumps(merged, sort_keys=True).encode("utf-8")
    _kept().write(_key(kit), data)


def longest_first(names: list[str], times: Mapping[str, float]) -> list[int]:
    """Indexes of ``names`` in the order to start them: the ones that took longest first, a
    document not timed yet before all (it may be long), ties in the given order."""
    return sorted(range(len(names)), key=lambda i: -times.get(names[i], math.inf))
