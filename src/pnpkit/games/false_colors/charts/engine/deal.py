"""Random islands: ``deal_islands(chart, islands, rng)`` deals a valid map with the chart's
symmetry, every valid map equally likely, and says so when none exists.

How a map is dealt:

1. The chart's islands are stripped. Its fixed layout must pass every check, or nothing can help.
2. Islands go down as whole orbits of the dealing group, so every seat sees the same map:
   the turns that carry seat k to seat k + 1 (``symmetry="rotations"``, the default), or the
   chart's whole declared group, mirror included (``symmetry="full"``: fewer maps, but a mirror
   makes seatings such as square Pairs symmetric). The dealt chart declares the group it was
   dealt with.
3. The Wings variant keeps the wings clear (``wings=True``, the default). With ``wings=False``
   the wing cells are ordinary sea and may hold islands; the dealt chart has no wings.
4. Candidates are the sets of free orbits (:mod:`pnpkit.games.false_colors.charts.engine.mapsearch`)
   with exactly the wanted number of cells, screening islands included. When there are at most
   :data:`LIST_LIMIT`, the exact search lists every valid map once (cached per layout and count)
   and one is chosen uniformly.
5. Otherwise a candidate is drawn uniformly (a counting table weighs each orbit's chance) and
   kept if valid; up to ``max_attempts`` are drawn. Conditioned on being valid, a uniform
   candidate is a uniform valid map. If every draw fails, the exact search lists every valid
   map and one is chosen uniformly: the two steps together still give every valid map the same
   chance. Which way a deal goes depends only on the chart and the count, never on what is
   cached, so the same seed gives the same map.
6. An empty complete search proves that no valid map exists ("no valid map … exists"); a
   search that reaches its step limit without one says so: whether a map exists "cannot be
   decided within N steps" (fewer islands then decide quickly). Every search is bounded
   (:mod:`pnpkit.games.false_colors.charts.engine.mapsearch`: a step is one node of the search
   tree, more on a chart past 144 cells, and branches that cannot make the count or leave a
   cell cut off are pruned), so a deal or a check answers within seconds on any chart up to
   60 × 60: at most :data:`DEAL_ATTEMPTS` × 51 draws (fewer past 144 cells) and
   :data:`SEARCH_LIMIT` steps for a deal, :data:`CHECK_LIMIT` steps and 8 × :data:`NEAR_LIMIT`
   for the ``random-islands`` check, :data:`COUNT_LIMIT` for a count, and the reasons why no
   map is valid are listed from at most :data:`REASON_LIMIT` candidates.

The dealt map is checked once more with the full island checks before it is returned. Impossible
requests fail before any drawing, with the reason. Everything iterates in a fixed order and draws
only from ``rng``: the same seed gives the same map on every machine.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace
from enum import StrEnum

from pnpkit.errors import CheckFailed
from pnpkit.games.false_colors.charts.engine.catalogue import Violation, placed
from pnpkit.games.false_colors.charts.engine.facts import ChartFacts
from pnpkit.games.false_colors.charts.engine.mapsearch import MapSpace, Search, map_space
from pnpkit.games.false_colors.charts.engine.prepared import layout_key, prepare
from pnpkit.games.false_colors.charts.engine.sea_checks import connectivity_failures, sea_violations
from pnpkit.games.false_colors.charts.model import Chart

DEAL_ATTEMPTS = 64
"""Uniform random candidates tried before the exact search."""
DRAW_LONGER = 50
"""After a search that reached its limit, ``DRAW_LONGER`` × the attempts more draws (divided by
:attr:`~pnpkit.games.false_colors.charts.engine.mapsearch.MapSpace.weight` on a large chart)."""
SEARCH_LIMIT = 200_000
"""Steps of the exact search before a deal gives up; a step is one node of the search tree."""
COUNT_LIMIT = 150_000
"""Steps of the exact search before a count settles for bounds."""
LIST_LIMIT = 2_000
"""Candidates few enough to list every valid map at once (then cached) instead of drawing."""
CHECK_LIMIT = 50_000
"""Steps of the search the ``random-islands`` check makes before it says "none found"."""
NEAR_LIMIT = 20_000
"""Steps of each short search for a nearby count with a valid map."""
REASON_LIMIT = 2_000
"""Candidates few enough to check one by one when explaining why none is valid."""


class DealSymmetry(StrEnum):
    ROTATIONS = "rotations"
    """The turns that carry seat k to seat k + 1 (the default)."""
    FULL = "full"
    """The chart's whole declared seat group, its mirror included."""


class DealFailed(CheckFailed):
    """No map could be dealt. ``rejections`` counts rejected maps by the check that failed;
    ``exists`` is False when no valid map exists, None when that is not known."""

    def __init__(
        self, message: str, rejections: dict[str, int] | None = None, exists: bool | None = False
    ) -> None:
        self.rejections = dict(sorted((rejections or {}).items()))
        self.exists = exists
        super().__init__(message)


def dealing_chart(
    chart: Chart, symmetry: DealSymmetry | str = DealSymmetry.ROTATIONS, wings: bool = True
) -> Chart:
    """``chart`` as islands are dealt on it: declaring the dealing group, without wings when
    the Wings variant is off, without islands."""
    group = DealSymmetry(symmetry)
    if group is DealSymmetry.FULL and not chart.symmetry.reflections:
        raise DealFailed(
            f"cannot deal {chart.name} with its full symmetry: the chart declares no mirror "
            f"(symmetry.reflections is false); deal with its rotations"
        )
    dealt = replace(
        chart,
        islands=frozenset(),
        symmetry=replace(chart.symmetry, reflections=group is DealSymmetry.FULL),
    )
    if not wings:
        dealt = replace(dealt, seats=tuple(replace(s, wings=frozenset()) for s in dealt.seats))
    return dealt


def deal_islands(
    chart: Chart,
    islands: int | None,
    rng: random.Random,
    max_attempts: int = DEAL_ATTEMPTS,
    *,
    symmetry: DealSymmetry | str = DealSymmetry.ROTATIONS,
    wings: bool = True,
    search_limit: int = SEARCH_LIMIT,
    list_limit: int = LIST_LIMIT,
) -> Chart:
    """A copy of ``chart`` with ``islands`` islands dealt at random (None: ``chart.random_islands``,
    or as many as the chart has when that is 0), every valid map equally likely.

    The caller sets ``seed`` on the result. Raises :class:`DealFailed` (a
    :class:`pnpkit.errors.CheckFailed`) when no valid map can be dealt, saying whether none
    exists or none was found.
    """
    wanted = default_count(chart) if islands is None else islands
    base = dealing_chart(chart, symmetry, wings)
    space = _space(base, wanted)
    facts = space.facts
    rejections: Counter[str] = Counter()
    if space.candidates(wanted) <= list_limit:
        # few candidates: list the valid maps once (cached) and choose among them
        listed = _exhaust(space, wanted, search_limit)
        if listed.complete:
            if not listed.maps:
                raise _none_exists(space, wanted)
            return _dealt(base, facts, listed.maps[rng.randrange(len(listed.maps))])
    for _ in range(max_attempts):
        mask = space.draw(wanted, rng)
        if space.valid(mask):
            return _dealt(base, facts, mask)
        rejections.update(connectivity_failures(facts, mask) or ["harbor-place"])
    search = _exhaust(space, wanted, search_limit)
    if search.complete:
        if not search.maps:
            raise _none_exists(space, wanted)
        return _dealt(base, facts, search.maps[rng.randrange(len(search.maps))])
    # too many candidates to list them all: valid maps may exist but be rare; draw longer
    # (fewer draws on a chart past 144 cells, each costing more: see MapSpace.weight)
    more = max_attempts * DRAW_LONGER // space.weight
    for _ in range(more):
        mask = space.draw(wanted, rng)
        if space.valid(mask):
            return _dealt(base, facts, mask)
        rejections.update(connectivity_failures(facts, mask) or ["harbor-place"])
    counted = ", ".join(f"{name} {count}" for name, count in sorted(rejections.items()))
    tried = f"{max_attempts + more} random tries (rejections by check: {counted})"
    if search.maps:
        raise DealFailed(
            f"valid maps with {wanted} islands on {chart.name} are too rare to deal one fairly "
            f"within {search_limit:,} steps (the search found {len(search.maps)} before its "
            f"limit; {tried}, none valid)",
            dict(rejections),
            exists=True,
        )
    raise DealFailed(
        f"whether a valid map with {wanted} islands exists on {chart.name} cannot be decided "
        f"within {search_limit:,} steps ({tried}, none valid)",
        dict(rejections),
        exists=None,
    )


def default_count(chart: Chart) -> int:
    """How many islands a deal places when none is asked for."""
    return chart.random_islands or len(chart.islands)


def _space(base: Chart, wanted: int) -> MapSpace:
    """The candidate space, refusing requests no candidate can meet, with the reason."""
    space = map_space(base)
    if space.blocked:
        layout = prepare(base).layout  # cached without places: this chart's are added here
        lines = "; ".join(placed(base, v) for v in layout[:5])
        why = f"the chart itself fails its checks: {lines}" if layout else space.blocked
        raise DealFailed(f"cannot deal islands on {base.name}: {why}")
    facts = space.facts
    forced = space.forced.bit_count()
    if wanted < 0:
        raise DealFailed(f"cannot deal {wanted} islands: the count must be zero or more")
    if wanted < forced:
        raise DealFailed(
            f"cannot deal {wanted} islands on {base.name}: its {forced} screening islands "
            f"(screen) are always placed and count towards the total"
        )
    if wanted > space.capacity:
        raise DealFailed(_too_many(base, wanted, space.capacity, facts))
    if not space.possible(wanted):
        raise DealFailed(_not_whole(base, wanted, space))
    return space


def _dealt(base: Chart, facts: ChartFacts, mask: int) -> Chart:
    dealt = replace(base, islands=frozenset(facts.grid.cells_of(mask)))
    wrong = sea_violations(dealt, facts, mask)
    if wrong:  # the exact test and the checks disagree: a bug, never the user's data
        raise RuntimeError(f"the dealer chose a map that fails its checks: {wrong[0]}")
    return dealt


_SEARCHES: dict[tuple[object, int], Search] = {}
_SEARCHES_LIMIT = 32


def _exhaust(space: MapSpace, wanted: int, limit: int) -> Search:
    """Every valid map with ``wanted`` islands (cached when complete)."""
    key = (layout_key(space.chart), wanted)
    hit = _SEARCHES.get(key)
    if hit is not None and hit.steps <= limit:  # what a fresh search within limit would find
        return hit
    search = space.search(wanted, limit)
    if search.complete:
        if len(_SEARCHES) >= _SEARCHES_LIMIT:
            _SEARCHES.clear()
        _SEARCHES[key] = search
    return search


def _none_exists(space: MapSpace, wanted: int) -> DealFailed:
    chart = space.chart
    total = space.candidates(wanted)
    reasons: Counter[str] = Counter()
    listed = space.every_candidate(wanted, REASON_LIMIT // space.weight)
    for mask in listed or ():
        reasons.update(
            sorted({v.check for v in sea_violations(chart, space.facts, mask)}) or ["(none)"]
        )
    why = (
        f" (failing checks: {', '.join(f'{n} {c}' for n, c in sorted(reasons.items()))})"
        if reasons
        else ""
    )
    ways = (
        "the only way to place them as whole orbits of the seat group fails its checks"
        if total == 1
        else f"none of the {total:,} ways to place them as whole orbits of the seat group "
        f"passes every check"
    )
    return DealFailed(
        f"no valid map with {wanted} islands exists on {chart.name}: {ways}{why}",
        dict(reasons),
        exists=False,
    )


def _too_many(chart: Chart, wanted: int, capacity: int, facts: ChartFacts) -> str:
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
        f"cannot deal {wanted} islands on {chart.name}: only {capacity} of its "
        f"{len(facts.grid.cells)} cells may hold an island; kept clear: {reasons}"
    )


def _not_whole(chart: Chart, wanted: int, space: MapSpace) -> str:
    sizes = Counter(m.bit_count() for m in space.orbits)
    shapes = ", ".join(f"{n} of {size}" for size, n in sorted(sizes.items()))
    possible = space.possible_counts()
    near = sorted(possible, key=lambda k: (abs(k - wanted), k))[:2]
    return (
        f"cannot deal {wanted} islands on {chart.name}: islands come in whole orbits of the seat "
        f"group (free orbits: {shapes} cells; {space.forced.bit_count()} screening islands "
        f"always placed); nearest possible counts: {', '.join(map(str, sorted(near)))}"
    )


# --- counting ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MapCount:
    """How many valid maps a chart has with ``islands`` islands."""

    chart: str
    islands: int
    symmetry: DealSymmetry
    wings: bool
    candidates: int
    """Maps of whole orbits with that many islands, valid or not: an upper bound."""
    found: int
    """Valid maps found: every one when ``exact``, else a lower bound."""
    exact: bool
    steps: int
    reason: str = ""
    """Why there are no candidates at all, when there are none."""

    def __str__(self) -> str:
        how = f"symmetry: {self.symmetry.value}; wings: " + (
            "kept clear" if self.wings else "ordinary sea"
        )
        if self.reason:
            return f"{self.chart}: no valid map with {self.islands} islands ({self.reason}; {how})"
        if self.exact:
            maps = "valid map" if self.found == 1 else "valid maps"
            return (
                f"{self.chart}: {self.found:,} {maps} with {self.islands} islands, exactly "
                f"(of {self.candidates:,} candidate maps of whole orbits; {how})"
            )
        return (
            f"{self.chart}: at least {self.found:,} and at most {self.candidates:,} valid maps "
            f"with {self.islands} islands (the count stopped after {self.steps:,} search steps; "
            f"{how})"
        )


def count_maps(
    chart: Chart,
    islands: int | None = None,
    *,
    symmetry: DealSymmetry | str = DealSymmetry.ROTATIONS,
    wings: bool = True,
    limit: int = COUNT_LIMIT,
) -> MapCount:
    """How many valid maps ``chart`` has with ``islands`` islands (None: its default count):
    exactly when the search finishes within ``limit`` steps, else bounds."""
    wanted = default_count(chart) if islands is None else islands
    group = DealSymmetry(symmetry)
    base = dealing_chart(chart, group, wings)
    try:
        space = _space(base, wanted)
    except DealFailed as exc:
        if map_space(base).blocked:
            raise
        reason = str(exc).split(": ", 1)[-1]
        return MapCount(chart.name, wanted, group, wings, 0, 0, True, 0, reason)
    search = _exhaust(space, wanted, limit)
    return MapCount(
        chart.name,
        wanted,
        group,
        wings,
        space.candidates(wanted),
        len(search.maps),
        search.complete,
        search.steps,
    )


# --- the random-islands check ------------------------------------------------------------------

_DEALABLE: dict[tuple[object, int], list[Violation]] = {}


def dealable(chart: Chart) -> list[Violation]:
    """The ``random-islands`` check: a chart naming ``random_islands`` has a valid map with that
    many islands (dealt with its rotations, the wings kept clear). Silent on a chart whose own
    layout fails its checks: those checks say so."""
    wanted = chart.random_islands
    if wanted <= 0 or prepare(chart).layout:
        return []
    key = (layout_key(chart), wanted)
    hit = _DEALABLE.get(key)
    if hit is None:
        hit = _dealable(chart, wanted)
        if len(_DEALABLE) > 64:
            _DEALABLE.clear()
        _DEALABLE[key] = hit
    return list(hit)


def _dealable(chart: Chart, wanted: int) -> list[Violation]:
    try:
        deal_islands(chart, wanted, random.Random(0), max_attempts=16, search_limit=CHECK_LIMIT)
    except DealFailed as exc:
        near = _nearest_dealable(chart, wanted)
        hint = ": lower random_islands" if exc.exists is not False else ""
        if near:
            hint += f"; nearest counts with a valid map: {', '.join(map(str, near))}"
        message = f"random_islands is {wanted}, but {exc}{hint}".rstrip()
        return [Violation("random-islands", (), message, ("random_islands",))]
    return []


def _nearest_dealable(chart: Chart, wanted: int, tries: int = 8) -> list[int]:
    """Up to two counts near ``wanted`` that have a valid map (a quick look: a few draws and a
    short search per count, so a count it misses may still have one)."""
    space = map_space(dealing_chart(chart))
    if space.blocked:
        return []
    counts = sorted(space.possible_counts(), key=lambda k: (abs(k - wanted), k))
    near: list[int] = []
    rng = random.Random(0)
    for k in [c for c in counts if c != wanted][:tries]:
        found = any(space.valid(space.draw(k, rng)) for _ in range(16))
        if found or space.search(k, NEAR_LIMIT, stop=1).maps:
            near.append(k)
            if len(near) == 2:
                break
    return sorted(near)
