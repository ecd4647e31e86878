"""``data/british-vs-pirates/{game,cards,tiles}.yaml`` → :class:`~pnpkit.games.british_vs_pirates.model.BvpGame`.

Every field is read from the model's annotations; the prices (``good: {port: MOV}``) are read
here, and a good's harvest roll (a chest has none) is checked. Whether the numbers agree with
each other (thresholds on a D12, prices naming real ports and goods, cargo holds by size) is the
engine's question (:mod:`pnpkit.games.british_vs_pirates.rules`), so the loader accepts any
names there. Every problem in all three files is raised as one DataError.
"""

from __future__ import annotations

from pathlib import Path

from pnpkit.errors import Location, Problem
from pnpkit.games.british_vs_pirates.model import BvpGame, Good, Price, Tile
from pnpkit.games.british_vs_pirates.rules import tile_spaces
from pnpkit.games.british_vs_pirates.sailing import NEIGHBOURS
from pnpkit.load.fields import Invalid, integer
from pnpkit.load.nodes import ListNode, MapNode, Node, describe
from pnpkit.load.schema import Reader


def prices(node: Node, field: str) -> tuple[Price, ...]:
    """``good: {port: MOV}`` as one price per port, each where its port is written."""
    if not isinstance(node, MapNode):
        raise Invalid(
            [
                Problem(
                    node.where, field, f"expected a mapping of good: ports, found {describe(node)}"
                )
            ]
        )
    found: list[Price] = []
    problems: list[Problem] = []
    for good, ports in node.entries:
        path = f"{field}.{good.value}"
        if not isinstance(ports, MapNode):
            message = f"expected a mapping of port: MOV, found {describe(ports)}"
            problems.append(Problem(ports.where, path, message))
            continue
        for port, mov in ports.entries:
            try:
                value = integer(0, 99)(mov, f"{path}.{port.value}")
            except Invalid as exc:
                problems.extend(exc.problems)
                continue
            found.append(Price(str(good.value), str(port.value), value, str(port.where)))
    if problems:
        raise Invalid(problems)
    return tuple(found)


def load_bvp(game_dir: Path) -> BvpGame:
    reader = Reader(prices=prices)
    source = str(game_dir / "game.yaml")
    game = reader.folder(BvpGame, game_dir, "game.yaml", "cards.yaml", "tiles.yaml", source=source)
    if game is not None:
        _harvests(reader, game)
        for tile in game.tiles:
            _tile_spaces(reader, tile, game.radius)
    reader.problems.raise_if_any()
    assert game is not None
    return game


def _harvests(reader: Reader, game: BvpGame) -> None:
    """A good names its harvest threshold; a chest is found, never harvested."""
    good: Good
    for good in game.goods:
        if good.harvest is None:
            reader.add(good, "harvest", "missing")
    for good in game.chests:
        if good.harvest is not None:
            reader.add(good, "harvest", "a chest has no harvest roll (it is found as treasure)")


def _tile_spaces(reader: Reader, tile: Tile, radius: int) -> None:
    """Every feature of ``tile`` (land, port, fort, point of interest, harvest spot, the wind
    vane and its six direction spaces) lies on the tile, and no two on one space: the tile pages
    draw one feature a space, and a space off the tile is not drawn at all."""
    on_tile = set(tile_spaces(radius))
    held: dict[tuple[int, int], str] = {}
    on = f"a space of the radius-{radius} tile: max(|q|, |r|, |q + r|) <= {radius}"

    def claim(at: tuple[int, int], what: str, where: Location, path: str) -> None:
        if at not in on_tile:
            reader.problems.add(where, path, f"{list(at)} is not on a radius-{radius} tile", on)
        elif at in held:
            message = f"{list(at)} already holds {held[at]}"
            reader.problems.add(where, path, message, "a space no other feature uses")
        else:
            held[at] = what

    for island in tile.islands:
        land = reader.node(island, "land")
        for i, at in enumerate(island.land):
            where = land.items[i].where if isinstance(land, ListNode) else reader.at(island)
            path = f"{reader.path(island, 'land')}[{i}]"
            claim(at, f"the land of {island.name}", where, path)
        for key in ("port", "fort", "poi"):
            spot = getattr(island, key)
            if spot is not None:
                what = f"the {_FEATURE[key]} of {island.name}"
                claim(spot, what, reader.at(island, key), reader.path(island, key))
    for harvest in tile.harvest:
        what = f"the {harvest.good} harvest spot"
        claim(harvest.at, what, reader.at(harvest, "at"), reader.path(harvest, "at"))
    if tile.wind_vane is not None:
        where, path = reader.at(tile, "wind_vane"), reader.path(tile, "wind_vane")
        q0, r0 = tile.wind_vane
        claim(tile.wind_vane, "the wind vane", where, path)
        if tile.wind_vane not in on_tile:
            return
        for n, (dq, dr) in enumerate(NEIGHBOURS, start=1):
            at = (q0 + dq, r0 + dr)
            if at in on_tile:
                claim(at, f"the wind vane's direction {n}", where, path)
                continue
            message = f"{list(tile.wind_vane)} puts wind direction {n} on {list(at)}, off the tile"
            inside = f"a space at most {radius - 1} from the tile's centre"
            reader.problems.add(where, path, message, inside)
            return


_FEATURE = {"port": "port entrance", "fort": "fort", "poi": "point of interest"}
