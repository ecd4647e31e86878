"""The space of dealable island maps on one chart, and an exact search of it.

A dealt map is the chart's fixed layout plus islands placed as whole orbits of the dealing group
(:mod:`pnpkit.games.false_colors.charts.engine.symmetry`): the screening islands of a screened
chart, always, and any set of the *free* orbits — the orbits clear of anchorages, wings, harbors,
the Capital and the cells beside it. Every such set is a *candidate*; a candidate is *valid* when
the chart with those islands passes every check.

For candidates most checks hold by construction (islands off reserved cells, symmetric, seats
equally far from everything, since one turn carries seat k and everything else onto seat k + 1
and itself). What remains is decided exactly by :meth:`MapSpace.valid`, with bitsets:

- ``sea-connected``: the open water is one sea around the Capital;
- ``storm-rings``: after each closing the water left is still one sea around the Capital;
- ``harbor-place`` (three seats or more): the anchorages nearest each harbor are two
  neighbouring seats'. Distances from seat k are those from seat 0 turned k times, so one
  breadth-first search from seat 0 serves every seat.

A test holds :meth:`MapSpace.valid` to
:func:`pnpkit.games.false_colors.charts.engine.sea_checks.sea_violations` on thousands of
candidates.

:meth:`MapSpace.search` backtracks over the free orbits, each taken or left, and prunes a branch
when no completion can pass: the exact count is out of reach (a subset-sum table), or some cell
that every completion leaves open — off the chosen islands and off the orbits still undecided —
is cut off from the Capital even if every undecided orbit stays open (then it is cut off in
every completion; the same after each closing of the storm). A search that runs to its end has
found every valid map, so an empty result proves that none exists.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from pnpkit.games.false_colors.charts.engine.facts import ChartFacts
from pnpkit.games.false_colors.charts.engine.layout_checks import describe
from pnpkit.games.false_colors.charts.engine.prepared import layout_key, prepare
from pnpkit.games.false_colors.charts.model import Chart, Shape


class _Stop(Exception):
    """The search reached its step limit or found enough maps."""


@dataclass(frozen=True, slots=True)
class Search:
    """What one search found."""

    maps: tuple[int, ...]
    """Island bitsets of the valid maps found (screening islands included), in search order."""
    complete: bool
    """True when the search ran to its end: ``maps`` is then every valid map."""
    steps: int


@dataclass(eq=False)
class MapSpace:
    """The candidate maps of one chart layout under its declared group (the dealing group)."""

    chart: Chart
    facts: ChartFacts
    forced: int
    """Islands every map has: the screening cells of a screened chart."""
    orbits: tuple[int, ...]
    """The free orbits, in search order."""
    blocked: str = ""
    """Non-empty when no candidate can be valid, saying why."""
    _sizes: tuple[int, ...] = ()
    _open_after: tuple[int, ...] = ()
    """By orbit index i: every free cell of orbits i, i+1, …"""
    _sums: tuple[int, ...] = ()
    """By orbit index i: the bitset of cell counts that orbits i, i+1, … can make."""
    _harbor_of_seat: tuple[tuple[int, ...], ...] = ()
    """[k][j]: which harbor (index in reading order) seat 0 sees where seat k sees harbor j."""
    _pairs: frozenset[frozenset[int]] = frozenset()
    _ways: dict[int, tuple[tuple[int, ...], ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        sizes = tuple(m.bit_count() for m in self.orbits)
        opens = [0] * (len(self.orbits) + 1)
        sums = [1] * (len(self.orbits) + 1)
        limit = (1 << (sum(sizes) + 1)) - 1
        for i in range(len(self.orbits) - 1, -1, -1):
            opens[i] = opens[i + 1] | self.orbits[i]
            sums[i] = (sums[i + 1] | (sums[i + 1] << sizes[i])) & limit
        self._sizes = sizes
        self._open_after = tuple(opens)
        self._sums = tuple(sums)
        self._pairs = frozenset(frozenset(p) for p in self.facts.neighbour_pairs)
        self._harbor_of_seat = _harbor_maps(self.facts)

    # --- counts -----------------------------------------------------------------------------

    @property
    def capacity(self) -> int:
        """The most islands a candidate can hold."""
        return self.forced.bit_count() + sum(self._sizes)

    def possible(self, islands: int) -> bool:
        """Whether some candidate has exactly ``islands`` islands."""
        rest = islands - self.forced.bit_count()
        return rest >= 0 and bool(self._sums[0] >> rest & 1)

    def possible_counts(self) -> list[int]:
        forced = self.forced.bit_count()
        sums = self._sums[0]
        return [k + forced for k in range(sums.bit_length()) if sums >> k & 1]

    def candidates(self, islands: int) -> int:
        """How many candidates have exactly ``islands`` islands."""
        rest = islands - self.forced.bit_count()
        if rest < 0:
            return 0
        return self._table(rest)[0][rest]

    def _table(self, rest: int) -> tuple[tuple[int, ...], ...]:
        """ways[i][t]: how many sets of orbits i, i+1, … hold exactly t cells (t ≤ rest)."""
        hit = self._ways.get(rest)
        if hit is not None:
            return hit
        n = len(self.orbits)
        rows: list[tuple[int, ...]] = [()] * (n + 1)
        rows[n] = tuple(1 if t == 0 else 0 for t in range(rest + 1))
        for i in range(n - 1, -1, -1):
            after, size = rows[i + 1], self._sizes[i]
            rows[i] = tuple(
                after[t] + (after[t - size] if t >= size else 0) for t in range(rest + 1)
            )
        table = tuple(rows)
        if len(self._ways) > 64:
            self._ways.clear()
        self._ways[rest] = table
        return table

    # --- drawing and deciding ---------------------------------------------------------------

    def draw(self, islands: int, rng: random.Random) -> int:
        """One candidate with exactly ``islands`` islands, every candidate equally likely (one
        must exist: see :meth:`possible`). Returns its island bitset."""
        rest = islands - self.forced.bit_count()
        ways = self._table(rest)
        chosen = self.forced
        need = rest
        for i, orbit in enumerate(self.orbits):
            if need == 0:
                break
            size = self._sizes[i]
            take = ways[i + 1][need - size] if size <= need else 0
            if take and rng.randrange(ways[i][need]) < take:
                chosen |= orbit
                need -= size
        return chosen

    def valid(self, islands: int) -> bool:
        """Whether the candidate with island bitset ``islands`` passes every check."""
        if self.blocked:
            return False
        facts = self.facts
        grid = facts.grid
        sea = grid.valid & ~islands
        if sea & ~grid.flood(facts.capital, sea):
            return False
        for _, left in facts.remaining:
            rest = sea & left
            if rest & ~grid.flood(rest & facts.capital, rest):
                return False
        return self._midway(sea)

    def _midway(self, sea: int) -> bool:
        facts = self.facts
        seats = len(facts.anchorages)
        if seats < 3 or not facts.harbors:
            return True
        harbors = facts.harbors
        found: list[int] = [-1] * len(harbors)
        missing = len(harbors)
        for d, layer in enumerate(facts.grid.layers(facts.anchorages[0], sea)):
            for j, pos in enumerate(harbors):
                if found[j] < 0 and layer >> pos & 1:
                    found[j] = d
                    missing -= 1
            if not missing:
                break
        if missing:
            return False
        for j in range(len(harbors)):
            ds = [found[self._harbor_of_seat[k][j]] for k in range(seats)]
            least = min(ds)
            nearest = frozenset(k for k, d in enumerate(ds) if d == least)
            if nearest not in self._pairs:
                return False
        return True

    # --- the exact search -------------------------------------------------------------------

    def search(self, islands: int, limit: int, stop: int = 0) -> Search:
        """Every valid map with exactly ``islands`` islands, in a fixed order, unless the search
        takes more than ``limit`` steps or (``stop`` > 0) finds ``stop`` maps first."""
        found: list[int] = []
        rest = islands - self.forced.bit_count()
        if self.blocked or not self.possible(islands):
            return Search((), True, 0)
        facts = self.facts
        grid = facts.grid
        capital = facts.capital
        stages = tuple(left for _, left in facts.remaining)
        orbits, sizes, sums, opens = self.orbits, self._sizes, self._sums, self._open_after
        everything = grid.valid
        steps = 0

        def hopeless(islands_now: int, i: int) -> bool:
            most = everything & ~islands_now  # the sea if every undecided orbit stays open
            sure = most & ~opens[i]  # open in every completion
            if sure & ~grid.flood(capital, most):
                return True
            for left in stages:
                room = most & left
                if sure & left & ~grid.flood(capital, room):
                    return True
            return False

        def go(i: int, islands_now: int, need: int, took: bool) -> None:
            # Taking orbit i recurses; passing it by moves on in this loop, so the depth is the
            # number of orbits taken (a few), not the number of orbits (thousands on a
            # 60 × 60 chart, past Python's recursion limit). Same order, same steps.
            nonlocal steps
            while True:
                steps += 1
                if steps > limit:
                    raise _Stop
                if need == 0:
                    if self.valid(islands_now):
                        found.append(islands_now)
                        if stop and len(found) >= stop:
                            raise _Stop
                    return
                if not sums[i] >> need & 1:
                    return
                if took and hopeless(islands_now, i):
                    return
                size = sizes[i]
                if size <= need and sums[i + 1] >> (need - size) & 1:
                    go(i + 1, islands_now | orbits[i], need - size, True)
                if not sums[i + 1] >> need & 1:
                    return
                i, took = i + 1, False

        try:
            go(0, self.forced, rest, True)
        except _Stop:
            return Search(tuple(found), False, steps)
        return Search(tuple(found), True, steps)


def _harbor_maps(facts: ChartFacts) -> tuple[tuple[int, ...], ...]:
    """[k][j]: the harbor that k turns carry onto harbor j. Seat k stands to harbor j as seat 0
    stands to that harbor, so seat k's distance to harbor j is seat 0's distance to it."""
    seats = len(facts.anchorages)
    rotation = next((perm for t, perm in facts.generators if t.mirror_turns is None), None)
    index = {pos: j for j, pos in enumerate(facts.harbors)}
    if rotation is None or seats < 3:
        return tuple(tuple(range(len(facts.harbors))) for _ in range(max(seats, 1)))
    back = {rotation[pos]: pos for pos in facts.harbors}
    out: list[tuple[int, ...]] = []
    current = list(facts.harbors)
    for _ in range(seats):
        out.append(tuple(index.get(pos, 0) for pos in current))
        current = [back.get(pos, pos) for pos in current]
    return tuple(out)


_SPACES: dict[object, MapSpace] = {}
_SPACES_LIMIT = 32


def map_space(chart: Chart) -> MapSpace:
    """The candidate maps of ``chart``'s layout under its declared symmetry (cached by layout).
    ``blocked`` says why none can be valid, when that is known before any search."""
    key = layout_key(chart)
    hit = _SPACES.get(key)
    if hit is not None:
        return hit
    space = _build(chart)
    if len(_SPACES) >= _SPACES_LIMIT:
        _SPACES.clear()
    _SPACES[key] = space
    return space


def _build(chart: Chart) -> MapSpace:
    prepared = prepare(chart)
    facts = prepared.facts
    grid = facts.grid
    if prepared.layout:
        lines = "; ".join(str(v) for v in prepared.layout[:5])
        return MapSpace(chart, facts, 0, (), f"the chart itself fails its checks: {lines}")
    forced = facts.screen_mask if chart.screened and chart.shape is Shape.SQUARE else 0
    reserved = facts.reserved | facts.capital_sides
    blocked = ""
    if forced & reserved:
        cells = grid.cells_of(forced & reserved)
        blocked = f"screening cells are reserved: {describe(chart, cells)}"
    for i, j, _ in facts.screen:
        a, b = facts.anchorages[i], facts.anchorages[j]
        if (grid.spread(a) & b) | (grid.spread(b) & a):
            blocked = "neighbouring anchorages share an edge, so no islands can screen them"
    free = tuple(m for m in facts.orbits if not m & (reserved | forced))
    return MapSpace(chart, facts, forced, free, blocked)
