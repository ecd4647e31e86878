"""The fleet game from YAML: ``game.yaml`` (numbers, scoring, fleets) and ``roster.yaml``
(the ship classes of one fleet) → :class:`~pnpkit.games.false_colors.model.FleetGame`.

Every field is read from the model's annotations. What makes the data mean something is
checked here, on every record that could be read: the roster adds up to the fleet size the
game declares, only Fireships and Admirals go without a rating, and a fleet's ink stands out
on its colour. (That ship keys and names, and the fleets' colours, emblems and patterns,
differ is declared in the model: ``Distinct``.)
"""

from __future__ import annotations

from pathlib import Path

from pnpkit.games.false_colors.model import Ability, Fleet, FleetGame, ShipClass
from pnpkit.load.schema import Reader
from pnpkit.model.vocabulary import EMBLEMS, PATTERNS

__all__ = ["EMBLEMS", "MIN_CONTRAST", "PATTERNS", "contrast", "load_fleet_game"]

MIN_CONTRAST = 4.5
"""Least contrast between a fleet's colour and its ink (the WCAG ratio for normal text)."""
UNRATED = (Ability.FIRESHIP, Ability.ADMIRAL)


def load_fleet_game(game_dir: Path | str) -> FleetGame:
    """Read ``game.yaml`` and ``roster.yaml`` from ``game_dir``; raise one
    :class:`~pnpkit.errors.DataError` listing every problem in both files."""
    folder = Path(game_dir)
    reader = Reader()
    game = reader.folder(FleetGame, folder, "game.yaml", "roster.yaml", source=str(folder))
    for fleet in reader.built(Fleet):
        if contrast(fleet.colour, fleet.ink) < MIN_CONTRAST:
            reader.add(
                fleet,
                "ink",
                f"{fleet.ink} on {fleet.colour} has contrast {contrast(fleet.colour, fleet.ink):.1f}",
                f"at least {MIN_CONTRAST}, e.g. #000000 or #ffffff",
            )
    ships = reader.built(ShipClass)
    for ship in ships:
        _rating(reader, ship)
    if ships and reader.complete("ships"):
        _roster_as_a_whole(reader, ships, game)
    reader.problems.raise_if_any()
    assert game is not None
    return game


def _rating(reader: Reader, ship: ShipClass) -> None:
    unrated = any(ship.has(ability) for ability in UNRATED)
    if ship.rating is not None and unrated:
        reader.add(ship, "rating", "a Fireship or an Admiral has no rating", "null")
    elif ship.rating is None and not unrated:
        reader.add(
            ship,
            "rating",
            "only a Fireship or an Admiral goes without a rating",
            "1–7, or add the ability fireship or admiral",
        )


def _roster_as_a_whole(reader: Reader, ships: list[ShipClass], game: FleetGame | None) -> None:
    def problem(message: str, allowed: str) -> None:
        reader.problems.add(reader.at(None, "roster.yaml", "ships"), "ships", message, allowed)

    total = sum(ship.count for ship in ships)
    if game is not None and total != game.fleet_size:
        problem(
            f"the counts add up to {total} ships", f"{game.fleet_size}, the fleet_size in game.yaml"
        )
    has = {ability for ship in ships for ability in ship.abilities}
    if Ability.SINKS_FIRST_RATE_ATTACKING in has and Ability.FIRST_RATE not in has:
        problem(
            "a ship sinks a first-rate, but no ship is first-rate",
            "give one ship the ability first-rate",
        )
    if Ability.ADMIRAL not in has:
        problem("no ship is an admiral", "give one ship the ability admiral")


def contrast(first: str, second: str) -> float:
    """The WCAG contrast ratio of two ``#rrggbb`` colours (1 to 21)."""
    light, dark = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _luminance(colour_text: str) -> float:
    channels = [int(colour_text[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
