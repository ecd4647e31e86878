"""``data/british-vs-pirates/{game,cards,tiles}.yaml`` → :class:`~pnpkit.games.british_vs_pirates.model.BvpGame`.

Every field is read from the model's annotations; the prices (``good: {port: MOV}``) are read
here, and a good's harvest roll (a chest has none) is checked. Whether the numbers agree with
each other (thresholds on a D12, prices naming real ports and goods, cargo holds by size) is the
engine's question (:mod:`pnpkit.games.british_vs_pirates.rules`), so the loader accepts any
names there. Every problem in all three files is raised as one DataError.
"""

from __future__ import annotations

from pathlib import Path

from pnpkit.errors import Problem
from pnpkit.games.british_vs_pirates.model import BvpGame, Good, Price
from pnpkit.load.fields import Invalid, integer
from pnpkit.load.nodes import MapNode, Node, describe
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
