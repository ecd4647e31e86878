"""``data/tabletop-fleets/game.yaml`` → :class:`~pnpkit.games.tabletop_fleets.model.TabletopGame`.

Values marked ``{ours: …}`` (our choices) are read by the schema reader like any other, and
their paths kept in ``TabletopGame.ours`` (:class:`~pnpkit.model.ours.Marks`). Every field is read from the model's annotations; what they cannot say (a ship's faction is a
faction, a shot's far end lies beyond its near end) is checked here. Every problem in the file is
raised together as one DataError.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pnpkit.games.tabletop_fleets.model import (
    Faction,
    Ship,
    Span,
    TableRules,
    TableShape,
    TabletopGame,
    Wind,
)
from pnpkit.load.fields import Fields, Kind, Problems
from pnpkit.load.rule_blocks import choice, read_document
from pnpkit.load.schema import Reader
from pnpkit.load.yamlnode import try_load_yaml
from pnpkit.model.rule_document import RuleDocument
from pnpkit.render.colour import hex_rgb
from pnpkit.units import INCH
from pnpkit.verify.promises import MIN_GRAY_STEP, ColorMember, ColorSetPromise, gray_level

RULES_FILE = "rules.yaml"
BASE_ROOM = 0.9 * INCH
"""Room the wind dial's base keeps round the dial for its numbered marks."""
RULE_TABLES = ("fleets", "scoring", "coins")
"""The tables rule text may print (``table: scoring``), drawn from the model."""
RULE_KINDS: dict[str, Kind[str]] = {"table": choice(RULE_TABLES)}


def load_tabletop(game_dir: Path) -> TabletopGame:
    path = game_dir / "game.yaml"
    reader = Reader()
    rules = _rules(game_dir / RULES_FILE, reader.problems)
    game = reader.file(TabletopGame, path, source=str(path), rules=rules)
    for span in reader.built(Span):
        if span.high <= span.low:
            reader.add(span, "max", "must be longer than min")
    for wind in reader.built(Wind):
        if wind.base < wind.dial + BASE_ROOM:
            room = f"at least the dial and {BASE_ROOM / INCH:g} in ({(wind.dial + BASE_ROOM) / INCH:g} in)"
            reader.add(wind, "base", "leaves no room round the dial for its numbered marks", room)
    for table in reader.built(TableRules):
        if table.least_edge > table.edge:
            reader.add(table, "least_edge", "is larger than edge")
        _table_shape(reader, table)
    _ships(reader, game)
    _told_apart(reader, reader.built(Faction))
    reader.problems.raise_if_any()
    assert game is not None
    return game


def _table_shape(reader: Reader, table: TableRules) -> None:
    """A round table has one size, its diameter; the rectangle the layout example draws is
    longer than it is deep."""
    if table.shape is TableShape.ROUND and table.depth is not None:
        reader.add(
            table,
            "depth",
            f"{table.depth / INCH:g}in on a round table",
            "no depth on a round table (size is its diameter), or shape: square",
        )
    if table.depth is None and table.long_side <= table.size:
        reader.add(
            table,
            "long_side",
            f"{table.long_side / INCH:g}in is not longer than size ({table.size / INCH:g}in)",
            f"a length longer than {table.size / INCH:g}in, up to 240in",
        )


def _rules(path: Path, problems: Problems) -> RuleDocument | None:
    """The rules reference as written (``rules:`` in ``rules.yaml``), with the game's tables."""
    node = try_load_yaml(path, problems.items)
    if node is None:
        return None
    root = Fields(node, problems)
    document = read_document(root.sub("rules"), problems, RULE_KINDS, pages_required=False)
    root.done()
    return document


def _ships(reader: Reader, game: TabletopGame | None) -> None:
    """Ships name a faction, and fittings of the order, at least one."""
    factions = [f.key for f in reader.built(Faction)]
    for ship in reader.built(Ship):
        reader.refers(ship, ship.faction, factions, "faction")
        if game is None:
            continue
        for fitting in ship.fittings:
            reader.refers(ship, fitting, game.fitting_order, "fittings", fitting)
        if not any(ship.fittings.values()):
            order = ", ".join(game.fitting_order)
            reader.add(ship, "fittings", "a ship needs at least one fitting", order)
        carried = [f for f, n in ship.fittings.items() if n]
        for gun in game.battery(ship):
            if gun.needs is not None and gun.needs not in carried:
                what = f"{gun.name} needs a {gun.needs} the ship does not carry"
                reader.add(ship, "guns", what, ", ".join(carried))


def faction_colors(factions: Sequence[Faction]) -> list[ColorMember]:
    """The factions' colours, each with the emblem and pattern its ship cards draw: what the
    ship cards promise (``factions``) and what :func:`_told_apart` holds the data to."""
    return [
        ColorMember(f.name, hex_rgb(f.colour), (("emblem", f.emblem), ("pattern", f.pattern)))
        for f in factions
    ]


def _told_apart(reader: Reader, factions: list[Faction]) -> None:
    """Every two factions differ by :data:`~pnpkit.verify.promises.MIN_GRAY_STEP` grayscale
    levels or by their pattern or emblem: the rule the build reads the ship cards back by."""
    members = faction_colors(factions)
    promise = ColorSetPromise("factions", tuple(members), (1,))
    for a, b, gap in promise.pairs_without_cue():
        first, second = (
            next(f for f, m in zip(factions, members, strict=True) if m is x) for x in (a, b)
        )
        message = (
            f"{second.colour} (gray {gray_level(b.color)}) is {gap} levels from "
            f"{reader.path(first)}'s {first.colour} (gray {gray_level(a.color)}) and the "
            "pattern and emblem are the same too"
        )
        allowed = f"a colour {MIN_GRAY_STEP} grayscale levels away, or another pattern or emblem"
        reader.add(second, "colour", message, allowed)
