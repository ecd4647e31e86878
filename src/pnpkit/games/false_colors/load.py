"""The fleet game from YAML: ``game.yaml`` (numbers, scoring, fleets, the storm and what the
rules ask of each chart) and ``roster.yaml`` (the ship classes of one fleet) →
:class:`pnpkit.games.false_colors.model.FleetGame`.

Every field is read from the model's annotations (:mod:`pnpkit.load.schema`). What they cannot
say is checked here, over every record that could be read: the roster adds up to the fleet size
the game declares, only Fireships and Admirals go without a rating, a Cutter sails more than one
cell, the truce ends before the game does, the storm closes at least one ring, and a fleet's ink
stands out on its colour (the fleets differ in key, name, colour, emblem and pattern by their annotations,
so players who cannot tell the colours apart can still tell the fleets).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from pnpkit.games.false_colors.charts.load.chart import CAPTAINS, chart_rules
from pnpkit.games.false_colors.charts.model import GameCharts, Storm
from pnpkit.games.false_colors.model import ROSTER, Ability, Fleet, FleetGame, ShipClass
from pnpkit.load.cards import MIN_CONTRAST, contrast
from pnpkit.load.schema import Reader

UNRATED = (Ability.FIRESHIP, Ability.ADMIRAL)
MIN_CUTTER_MOVES = 2
"""A Cutter runs further than any ship: the rules give her a second step and more."""


def load_fleet_game(game_dir: Path | str) -> FleetGame:
    """Read ``game.yaml`` and ``roster.yaml`` from ``game_dir``; raise one
    :class:`~pnpkit.errors.DataError` listing every problem in both files."""
    folder = Path(game_dir)
    reader = Reader(**CAPTAINS)
    game = reader.folder(FleetGame, folder, "game.yaml", "roster.yaml", source=str(folder))
    for fleet in reader.built(Fleet):
        _ink(reader, fleet)
    ships = reader.built(ShipClass)
    for ship in ships:
        _rating(reader, ship)
        _cutter(reader, ship)
    if ships and reader.complete(ROSTER.path[-1]):
        _roster(reader, ships, game.fleet_size if game else None)
    completed = [chart_rules(reader, charts) for charts in reader.built(GameCharts)]
    for storm in reader.built(Storm):
        _storm(reader, storm)
    if game is not None:
        _truce(reader, game)
        if not reader.problems:  # read against a roster that holds
            _formation(reader, game, "formation", game.formation_rows, ships)
            _formation(reader, game, "hex_formation", game.hex_formation_rows, ships)
    reader.problems.raise_if_any()
    assert game is not None
    return replace(game, chart_rules=completed[0])


def _storm(reader: Reader, storm: Storm) -> None:
    """The storm is no option of the rules (every chart prints its rings, the rule text quotes
    its rounds): it closes at least one ring."""
    if not storm.closes_after_rounds:
        message = "[] is empty: the storm would close no ring, yet the rules and charts print one"
        allowed = "at least one round, rising, each 1 to the game's rounds, e.g. [13, 18, 22]"
        reader.add(storm, "closes_after_rounds", message, allowed)


def _truce(reader: Reader, game: FleetGame) -> None:
    """``truce_rounds`` counts the opening rounds of truce: fewer than the game's rounds."""
    rounds = game.chart_rules.rounds
    if rounds and game.truce_rounds >= rounds:
        message = (
            f"{game.truce_rounds} rounds of truce leave no round to fight in a {rounds}-round game"
        )
        reader.add(game, "truce_rounds", message, f"0–{rounds - 1}, fewer than the game's rounds")


EMPTY = "."
"""An empty cell of the standard formation."""


def _formation(
    reader: Reader,
    game: FleetGame,
    name: str,
    rows: tuple[tuple[str, ...], ...],
    ships: list[ShipClass],
) -> None:
    """A standard formation (``formation`` or ``hex_formation``) stands the whole roster, each
    class as many times as the roster counts her, in its anchorage's shape: ``formation`` a
    rectangle, ``hex_formation`` a corner's layers of 2k + 1 hexes, k steps from the corner,
    from the front back to the corner hex (7, 5, 3, 1)."""
    if not rows:
        return
    keys = {ship.key: ship.count for ship in ships}
    cells = f"each cell a ship's key ({', '.join(keys)}) or {EMPTY}"
    lengths = [len(row) for row in rows]
    if name == "hex_formation":
        shape = [2 * (len(rows) - 1 - i) + 1 for i in range(len(rows))]
        allowed = (
            f"rows of {', '.join(map(str, shape))} hexes from the front to the corner, {cells}"
        )
    else:
        shape = [lengths[0]] * len(rows)
        allowed = f"rows of equal length, {cells}"
    if lengths != shape:
        message = f"rows of {', '.join(map(str, lengths))} cells"
        reader.add(game, name, message, allowed)
        return
    placed = [cell for row in rows for cell in row if cell != EMPTY]
    unknown = sorted({cell for cell in placed if cell not in keys})
    if unknown:
        reader.add(game, name, f"{', '.join(unknown)} is no ship of the roster", allowed)
        return
    wrong = [
        f"{key} stands {placed.count(key)} times, the roster has {count}"
        for key, count in keys.items()
        if placed.count(key) != count
    ]
    if wrong:
        message = "; ".join(wrong)
        reader.add(game, name, message, "every ship of the roster once: " + allowed)


def _ink(reader: Reader, fleet: Fleet) -> None:
    ratio = contrast(fleet.colour, fleet.ink)
    if ratio < MIN_CONTRAST:
        message = f"{fleet.ink} on {fleet.colour} has contrast {ratio:.1f}"
        reader.add(fleet, "ink", message, f"at least {MIN_CONTRAST}, e.g. #000000 or #ffffff")


def _cutter(reader: Reader, ship: ShipClass) -> None:
    if ship.has(Ability.CUTTER) and ship.moves < MIN_CUTTER_MOVES:
        message = f"{ship.moves} is too few for a cutter: the rules give her a second step"
        reader.add(ship, "moves", message, f"{MIN_CUTTER_MOVES}–12 for a cutter")


def _rating(reader: Reader, ship: ShipClass) -> None:
    unrated = any(ship.has(ability) for ability in UNRATED)
    if ship.rating is not None and unrated:
        reader.add(ship, "rating", "a Fireship or an Admiral has no rating", "null")
    elif ship.rating is None and not unrated:
        message = "only a Fireship or an Admiral goes without a rating"
        reader.add(ship, "rating", message, "1–7, or add the ability fireship or admiral")


def _roster(reader: Reader, ships: list[ShipClass], fleet_size: int | None) -> None:
    where = reader.at(None, *ROSTER.path)

    def add(message: str, allowed: str) -> None:
        reader.problems.add(where, ROSTER.path[-1], message, allowed)

    total = sum(ship.count for ship in ships)
    if fleet_size is not None and total != fleet_size:
        add(f"the counts add up to {total} ships", f"{fleet_size}, the fleet_size in game.yaml")
    has = {ability for ship in ships for ability in ship.abilities}
    if Ability.SINKS_FIRST_RATE_ATTACKING in has and Ability.FIRST_RATE not in has:
        add(
            "a ship sinks a first-rate, but no ship is first-rate",
            "give one ship the ability first-rate",
        )
    if Ability.ADMIRAL not in has:
        add("no ship is an admiral", "give one ship the ability admiral")
