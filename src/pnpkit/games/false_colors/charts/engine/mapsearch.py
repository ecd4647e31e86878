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

Every search is bounded by design: it stops after a stated number of steps (its ``limit``) and
says so (``complete`` false), never runs on. A step is one node of the search tree on a chart of
up to :data:`NODE_CELLS` cells; a node of a larger chart costs ``cells // NODE_CELLS`` steps
(:attr:`MapSpace.weight`), since the floods that decide it grow with the chart, so a limit costs
about the same time on a 60 × 60 chart as on the shipped ones. Listing candidates one by one
(:meth:`MapSpace.every_candidate`) follows only branches that can still make the count, and
stops past a stated number. Counting candidates never lists them: a table by orbit on small
spaces, by orbit size (binomials) on large ones, where a table would hold millions of numbers.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache
from math import comb

from pnpkit.games.false_colors.charts.engine.facts import ChartFacts
from pnpkit.games.false_colors.charts.engine.layout_checks import describe
from pnpkit.games.false_colors.charts.engine.prepared import layout_key, prepare
from pnpkit.games.false_colors.charts.model import Chart, Shape

NODE_CELLS = 144
"""A node of the search costs one step on a chart of up to this many cells (the square chart's
144), ``cells // NODE_CELLS`` steps on a larger one."""
TABLE_LIMIT = 200_000
"""Entries (orbits × counts) of the largest counting table kept by orbit; past it, candidates are
counted and drawn by orbit size."""


_LEFT, _TAKEN, _AFTER = 0, 1, 2
"""How the search came to a node: orbit i - 1 left, orbit i - 1 taken, or back from taking
orbit i (to go on without it)."""


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
    _split_cache: dict[int, list[tuple[int, tuple[int, ...]]]] = field(default_factory=dict)
    _classes: tuple[tuple[int, tuple[int, ...]], ...] = ()
    """(orbit size, the indices of the free orbits of that size), by size."""
    weight: int = 1
    """Steps one node of a search costs on this chart: 1 up to :data:`NODE_CELLS` cells, else
    ``cells // NODE_CELLS``."""

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
        by_size: dict[int, list[int]] = {}
        for i, size in enumerate(sizes):
            by_size.setdefault(size, []).append(i)
        self._classes = tuple((size, tuple(by_size[size])) for size in sorted(by_size))
        self.weight = max(1, len(self.facts.grid.cells) // NODE_CELLS)

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
        if self._tabled(rest):
            return self._table(rest)[0][rest]
        return sum(ways for ways, _ in self._splits(rest))

    def _tabled(self, rest: int) -> bool:
        """Whether candidates of ``rest`` free cells are counted and drawn by orbit (a table
        of at most :data:`TABLE_LIMIT` entries), else by orbit size."""
        return len(self.orbits) * (rest + 1) <= TABLE_LIMIT

    def _splits(self, rest: int) -> list[tuple[int, tuple[int, ...]]]:
        """Each way to make ``rest`` cells from the orbit sizes: how many orbits of each size
        (in :attr:`_classes` order), with how many candidates take exactly those (cached)."""
        hit = self._split_cache.get(rest)
        if hit is not None:
            return hit
        classes = self._classes

        @cache
        def made(c: int, need: int) -> int:
            if c == len(classes):
                return 1 if need == 0 else 0
            size, members = classes[c]
            return sum(
                comb(len(members), k) * made(c + 1, need - k * size)
                for k in range(min(len(members), need // size) + 1)
            )

        out: list[tuple[int, tuple[int, ...]]] = []

        def go(c: int, need: int, ways: int, counts: tuple[int, ...]) -> None:
            if c == len(classes):
                if need == 0:
                    out.append((ways, counts))
                return
            size, members = classes[c]
            for k in range(min(len(members), need // size) + 1):
                if made(c + 1, need - k * size):
                    go(c + 1, need - k * size, ways * comb(len(members), k), (*counts, k))

        go(0, rest, 1, ())
        if len(self._split_cache) > 64:
            self._split_cache.clear()
        self._split_cache[rest] = out
        return out

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
        if not self._tabled(rest):
            return self._draw_by_size(rest, rng)
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

    def _draw_by_size(self, rest: int, rng: random.Random) -> int:
        """One candidate of ``rest`` free cells, every one equally likely, drawn by orbit size:
        how many orbits of each size (weighed by the candidates each split has), then which."""
        splits = self._splits(rest)
        pick = rng.randrange(sum(ways for ways, _ in splits))
        counts = splits[-1][1]
        for ways, split in splits:
            if pick < ways:
                counts = split
                break
            pick -= ways
        chosen = self.forced
        for (_, members), count in zip(self._classes, counts, strict=True):
            if 2 * count <= len(members):  # the fewer of those taken and those left is drawn
                taken = set(rng.sample(members, count))
            else:
                taken = set(members) - set(rng.sample(members, len(members) - count))
            for i in taken:
                chosen |= self.orbits[i]
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

    def every_candidate(self, islands: int, most: int) -> list[int] | None:
        """Every candidate with exactly ``islands`` islands, valid or not, in search order; None
        when there are more than ``most``. Only branches that can still make the count are
        followed (the subset-sum table), so the work is at most ``most`` × the free orbits."""
        rest = islands - self.forced.bit_count()
        if rest < 0 or self.candidates(islands) > most:
            return None
        out: list[int] = []
        orbits, sizes, sums = self.orbits, self._sizes, self._sums
        # (first orbit undecided, islands so far, cells still wanted), last in first out:
        # taking orbit i is explored before leaving it, as a recursion would
        todo = [(0, self.forced, rest)] if sums[0] >> rest & 1 else []
        while todo:
            i, chosen, need = todo.pop()
            if need == 0:
                out.append(chosen)
                continue
            size = sizes[i]
            if sums[i + 1] >> need & 1:
                todo.append((i + 1, chosen, need))
            if size <= need and sums[i + 1] >> (need - size) & 1:
                todo.append((i + 1, chosen | orbits[i], need - size))
        return out

    # --- the exact search -------------------------------------------------------------------

    def search(self, islands: int, limit: int, stop: int = 0) -> Search:
        """Every valid map with exactly ``islands`` islands, in a fixed order, unless the search
        would take more than ``limit`` steps or (``stop`` > 0) finds ``stop`` maps first: then
        ``complete`` is false. ``steps`` (never more than ``limit``) counts the nodes visited,
        each :attr:`weight` steps."""
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

        # Depth first, taking orbit i before leaving it, with a stack of our own (a deal of
        # thousands of islands on a 60 × 60 chart takes thousands of orbits, past Python's
        # recursion limit). A node is (orbit i, islands so far, cells still wanted, how the
        # search came to it); once a node's taking branch is done, _AFTER goes on to leave
        # orbit i, if the count can still be made without it.
        weight = self.weight
        todo: list[tuple[int, int, int, int]] = [(0, self.forced, rest, _TAKEN)]
        while todo:
            i, islands_now, need, how = todo.pop()
            if how == _AFTER:
                if sums[i + 1] >> need & 1:
                    todo.append((i + 1, islands_now, need, _LEFT))
                continue
            if steps + weight > limit:
                return Search(tuple(found), False, steps)
            steps += weight
            if need == 0:
                if self.valid(islands_now):
                    found.append(islands_now)
                    if stop and len(found) >= stop:
                        return Search(tuple(found), False, steps)
                continue
            if not sums[i] >> need & 1:
                continue
            if how == _TAKEN and hopeless(islands_now, i):
                continue
            size = sizes[i]
            todo.append((i, islands_now, need, _AFTER))
            if size <= need and sums[i + 1] >> (need - size) & 1:
                todo.append((i + 1, islands_now | orbits[i], need - size, _TAKEN))
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
