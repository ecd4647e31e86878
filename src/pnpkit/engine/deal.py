"""Random islands: ``deal_islands(chart, islands, rng)`` deals a fair map with the chart's symmetry.

How a map is dealt:

1. The chart's islands are stripped. Its fixed layout must pass every check, or nothing can help.
2. Islands go down as whole orbits of the seat group's rotations, so every seat sees the same map
   (a declared mirror is left out: it would halve the orbits without making seats any fairer).
3. Only orbits that keep anchorages, wings, harbors, the Capital and the cells beside the
   Capital clear are candidates; on ``screened`` charts the screening cells are always islands
   and count towards ``islands``.
4. A random subset of the candidate orbits with exactly the wanted number of cells is drawn in
   one pass (a subset-sum table says which choices still lead to the exact count), then checked
   with the same island checks as :func:`pnpkit.engine.checks.check_chart`; a rejected map is
   counted under the names of the checks it failed and another is drawn. The cheap checks
   (``sea-connected``, the storm's connectivity) run first; a map they reject is counted under
   them alone.

Impossible requests fail before any drawing, with the reason; requests no drawn map satisfies
fail after ``max_attempts`` with the rejections counted by check name. Everything iterates in
a fixed order and draws only from ``rng``: the same seed gives the same map on every machine.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from pnpkit.engine.checks import prepare
from pnpkit.engine.facts import ChartFacts
from pnpkit.engine.sea_checks import connectivity_failures, sea_violations
from pnpkit.errors import CheckFailed
from pnpkit.model import Chart


class DealFailed(CheckFailed):
    """No map could be dealt. ``rejections`` counts rejected maps by the check that failed."""

    def __init__(self, message: str, rejections: dict[str, int] | None = None) -> None:
        self.rejections = dict(sorted((rejections or {}).items()))
        super().__init__(message)


def deal_islands(
    chart: Chart, islands: int | None, rng: random.Random, max_attempts: int = 2000
) -> Chart:
    """A copy of ``chart`` with ``islands`` islands dealt at random (None: ``chart.random_islands``,
    or as many as the chart has when that is 0).

    The caller sets ``seed`` on the result. Raises :class:`DealFailed` (a
    :class:`pnpkit.errors.CheckFailed`) when no valid map can be dealt.
    """
    if chart.symmetry.reflections:
        # Deal with the rotations alone: they carry seat k to seat k + 1, which is all fairness
        # asks; a mirror as well would halve the orbits and leave only a handful of maps.
        chart = replace(chart, symmetry=replace(chart.symmetry, reflections=False))
    prepared = prepare(chart)
    if prepared.layout:
        lines = "; ".join(str(v) for v in prepared.layout[:5])
        raise DealFailed(
            f"cannot deal islands on {chart.name}: the chart itself fails its checks: {lines}"
        )
    facts = prepared.facts
    grid = facts.grid
    default = chart.random_islands or len(chart.islands)
    wanted = default if islands is None else islands
    forced = facts.screen_mask if chart.screened else 0
    blocked = facts.reserved | facts.capital_sides
    if forced & blocked:
        raise DealFailed(f"cannot deal islands on {chart.name}: screening cells are reserved")
    free = [m for m in facts.orbits if not m & (blocked | forced)]
    capacity = sum(m.bit_count() for m in free)
    rest = wanted - forced.bit_count()
    if wanted < 0:
        raise DealFailed(f"cannot deal {wanted} islands: the count must be zero or more")
    if rest < 0:
        raise DealFailed(
            f"cannot deal {wanted} islands on {chart.name}: its {forced.bit_count()} screening islands "
            f"(screen) are always placed and count towards the total"
        )
    if rest > capacity:
        raise DealFailed(_too_many(chart, wanted, forced.bit_count(), capacity, facts))
    sums = _sums(free, capacity)
    if not sums >> rest & 1:
        raise DealFailed(_not_whole(chart, wanted, forced.bit_count(), free, sums))

    rejections: Counter[str] = Counter()
    for _ in range(max_attempts):
        chosen = _draw(free, rest, rng)
        mask = forced | chosen
        quick = connectivity_failures(facts, mask)
        if quick:
            rejections.update(quick)
            continue
        violations = sea_violations(chart, facts, mask)
        if not violations:
            return replace(chart, islands=frozenset(grid.cells_of(mask)))
        rejections.update(sorted({v.check for v in violations}))
    counted = ", ".join(f"{name} {count}" for name, count in sorted(rejections.items()))
    raise DealFailed(
        f"no valid map with {wanted} islands on {chart.name} after {max_attempts} attempts "
        f"(rejections by check: {counted})",
        dict(rejections),
    )


def _sums(orbits: list[int], limit: int) -> int:
    """Bitset of the island counts some subset of ``orbits`` makes (bit k: k cells)."""
    reach = 1
    cap = (1 << (limit + 1)) - 1
    for m in orbits:
        reach |= (reach << m.bit_count()) & cap
    return reach


def _draw(orbits: list[int], target: int, rng: random.Random) -> int:
    """A random subset of ``orbits`` with exactly ``target`` cells (one must exist)."""
    order = list(range(len(orbits)))
    rng.shuffle(order)
    sizes = [orbits[i].bit_count() for i in order]
    # suffix[k]: the counts the orbits order[k:] can make
    suffix = [1] * (len(order) + 1)
    total = [0] * (len(order) + 1)
    cap = (1 << (target + 1)) - 1
    for k in range(len(order) - 1, -1, -1):
        suffix[k] = (suffix[k + 1] | (suffix[k + 1] << sizes[k])) & cap
        total[k] = total[k + 1] + sizes[k]
    chosen = 0
    need = target
    for k, i in enumerate(order):
        if need == 0:
            break
        size = sizes[k]
        can_take = size <= need and suffix[k + 1] >> (need - size) & 1
        can_skip = suffix[k + 1] >> need & 1
        if can_take and (not can_skip or rng.random() * total[k] < need):
            chosen |= orbits[i]
            need -= size
    return chosen


def _too_many(chart: Chart, wanted: int, forced: int, capacity: int, facts: ChartFacts) -> str:
    reserved = facts.reserved
    kept = [
        ("anchorage cells", facts.all_anchorages, "anchorage-open"),
        ("wing cells", facts.all_wings & ~facts.all_anchorages, "wings"),
        ("harbors", facts.harbor_mask, "harbor-water"),
        ("Capital cells", facts.capital, "islands-clear"),
        ("cells beside the Capital", facts.capital_sides & ~reserved, "capital-open"),
    ]
    reasons = ", ".join(
        f"{mask.bit_count()} {what} ({check})" for what, mask, check in kept if mask
    )
    return (
        f"cannot deal {wanted} islands on {chart.name}: only {capacity + forced} of its "
        f"{len(facts.grid.cells)} cells may hold an island; kept clear: {reasons}"
    )


def _not_whole(chart: Chart, wanted: int, forced: int, orbits: list[int], sums: int) -> str:
    sizes = Counter(m.bit_count() for m in orbits)
    shapes = ", ".join(f"{n} of {size}" for size, n in sorted(sizes.items()))
    possible = [k + forced for k in range(sums.bit_length()) if sums >> k & 1]
    near = sorted(possible, key=lambda k: (abs(k - wanted), k))[:2]
    return (
        f"cannot deal {wanted} islands on {chart.name}: islands come in whole orbits of the seat "
        f"group (free orbits: {shapes} cells; {forced} screening islands always placed); "
        f"nearest possible counts: {', '.join(map(str, sorted(near)))}"
    )
