"""``data/british-vs-pirates/{game,cards,tiles}.yaml`` → :class:`~pnpkit.games.british_vs_pirates.model.BvpGame`.

Every field is read from the model's annotations; the prices (``good: {port: MOV}``) are read
here, and a good's harvest roll (a chest has none) is checked. Whether the numbers agree with
each other (thresholds on a D12, prices naming real ports and goods, cargo holds by size) is the
engine's question (:mod:`pnpkit.games.british_vs_pirates.rules`), so the loader accepts any
names there. Every problem in all three files is raised as one DataError.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from pnpkit.errors import Problem
from pnpkit.games.british_vs_pirates.model import SIZES, BvpGame, Good, Price
from pnpkit.load.fields import Invalid, integer, invalid, text
from pnpkit.load.nodes import MapNode, Node, ScalarNode, describe
from pnpkit.load.schema import Reader
from pnpkit.model.ours import Ours

T = TypeVar("T", bound=int | str)


def marked(kind: Callable[[Node, str], T]) -> Callable[[Node, str], T | Ours]:
    """``kind``'s value as written, or ``{ours: value}`` around it: the source rules do not
    give it, and wherever it prints it carries the mark (:class:`~pnpkit.model.ours.Ours`)."""

    def read(node: Node, field: str) -> T | Ours:
        if isinstance(node, MapNode):
            inner = node.get("ours") if node.keys() == ("ours",) else None
            if inner is None:
                raise invalid(
                    node, field, "expected a value", "a value, or {ours: value} for our own choice"
                )
            return Ours(kind(inner, f"{field}.ours"))
        return kind(node, field)

    return read


def _number_or_word(node: Node, field: str) -> int | str:
    value = node.value if isinstance(node, ScalarNode) else None
    if isinstance(value, int) and not isinstance(value, bool):
        return integer(0, 999)(node, field)
    return text(max_len=80)(node, field)


def numbers(node: Node, field: str) -> dict[str, int | str | Ours]:
    """``name: value``: a whole number or a word, ``{ours: …}`` around one the book lacks."""
    if not isinstance(node, MapNode):
        raise invalid(node, field, f"expected a mapping of name: value, found {describe(node)}")
    out: dict[str, int | str | Ours] = {}
    problems: list[Problem] = []
    for name, value in node.entries:
        path = f"{field}.{name.value}"
        try:
            out[str(name.value)] = marked(_number_or_word)(value, path)
        except Invalid as exc:
            problems.extend(exc.problems)
    if problems:
        raise Invalid(problems)
    return out


def holds(node: Node, field: str) -> dict[str, int | Ours]:
    """``size: cargo tokens`` for the known ship sizes; ``{ours: N}`` where the book gives none."""
    if not isinstance(node, MapNode):
        raise invalid(node, field, f"expected a mapping of size: tokens, found {describe(node)}")
    out: dict[str, int | Ours] = {}
    problems: list[Problem] = []
    for size, value in node.entries:
        path = f"{field}.{size.value}"
        if size.value not in SIZES:
            problems.append(Problem(size.where, path, "unknown ship size", ", ".join(SIZES)))
            continue
        try:
            out[str(size.value)] = marked(integer(0, 20))(value, path)
        except Invalid as exc:
            problems.extend(exc.problems)
    if problems:
        raise Invalid(problems)
    return out


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
    count = marked(integer(0, 99))
    reader = Reader(
        prices=prices,
        holds=holds,
        numbers=numbers,
        count=count,
        sea_monsters=count,
        forts=count,
        crew_per_faction=count,
        goods_each=count,
        chests_each=count,
        result=marked(text(max_len=120)),
        flag=marked(text(max_len=40)),
    )
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
