"""The fleet game from YAML: ``game.yaml`` (numbers, scoring, fleets, the storm and what the
rules ask of each chart) and ``roster.yaml`` (the ship classes of one fleet) →
:class:`pnpkit.games.false_colors.model.FleetGame`.

Besides types and ranges the loader checks what makes the data mean something: the roster
adds up to the fleet size the game declares, ship keys are unique, only Fireships and Admirals
go without a rating, and the fleets differ in colour, emblem and pattern so players who cannot
tell the colours apart can still tell the fleets.
"""

from __future__ import annotations

from pathlib import Path

from pnpkit.games.false_colors.model import Ability, Fleet, FleetGame, Scoring, ShipClass
from pnpkit.load.cards import colour
from pnpkit.load.chart import read_chart_rules
from pnpkit.load.fields import (
    Fields,
    Problems,
    choice,
    enum_of,
    integer,
    list_of,
    nullable,
    text,
)
from pnpkit.load.nodes import Node, ScalarNode
from pnpkit.load.yamlnode import try_load_yaml
from pnpkit.model.chart import ChartRules
from pnpkit.model.vocabulary import EMBLEMS, PATTERNS

"""Emblems a fleet may carry; the token renderer draws each of these."""
"""Patterns a fleet's tokens may be filled with; the token renderer draws each of these."""
MIN_CONTRAST = 4.5
"""Least contrast between a fleet's colour and its ink (the WCAG ratio for normal text)."""
UNRATED = (Ability.FIRESHIP, Ability.ADMIRAL)

_KEY = r"[0-9A-Z]{1,2}"
_FLEET_KEY = r"[a-z][a-z0-9-]*"


def load_fleet_game(game_dir: Path | str) -> FleetGame:
    """Read ``game.yaml`` and ``roster.yaml`` from ``game_dir``; raise one
    :class:`~pnpkit.errors.DataError` listing every problem in both files."""
    folder = Path(game_dir)
    problems = Problems()
    game_node = try_load_yaml(folder / "game.yaml", problems.items)
    roster_node = try_load_yaml(folder / "roster.yaml", problems.items)

    game = None if game_node is None else Fields(game_node, problems)
    title = subtitle = ""
    rounds = orders = stalling_rounds = fleet_size = None
    admiral_orders = truce_rounds = 0
    scoring: Scoring | None = None
    fleets: tuple[Fleet, ...] = ()
    chart_rules: dict[str, ChartRules] = {}
    if game is not None:
        game.node_of("kit")  # which game a copied folder is: pnpkit.games.find_game reads it
        title = game.need("title", text(max_len=60)) or ""
        subtitle = game.get("subtitle", text(max_len=120), "")
        rounds = game.need("rounds", integer(1, 99))
        orders = game.need("orders", integer(1, 20))
        admiral_orders = game.get("admiral_orders", integer(0, 20), 0)
        stalling_rounds = game.need("stalling_rounds", integer(1, 99))
        truce_rounds = game.get("truce_rounds", integer(0, 99), 0)
        fleet_size = game.need("fleet_size", integer(1, 99))
        scoring = _scoring(game)
        fleets = _fleets(game)
        chart_rules = read_chart_rules(game, rounds)
        game.done()
    roster = () if roster_node is None else _roster(Fields(roster_node, problems), fleet_size)
    problems.raise_if_any()
    assert title and rounds and orders and stalling_rounds and scoring
    return FleetGame(
        title=title,
        subtitle=subtitle,
        roster=roster,
        fleets=fleets,
        scoring=scoring,
        rounds=rounds,
        orders=orders,
        admiral_orders=admiral_orders,
        stalling_rounds=stalling_rounds,
        truce_rounds=truce_rounds,
        chart_rules=chart_rules,
        source=str(folder),
    )


def _scoring(game: Fields) -> Scoring | None:
    sub = game.sub("scoring")
    if sub is None:
        return None
    points = integer(0, 99)
    values = (
        sub.need("harbor", points),
        sub.need("capital", points),
        sub.need("admiral_captured", points),
        sub.need("admiral_afloat", points),
        sub.need("admiral_lost", integer(-99, 0, "-99–0: what the loser pays")),
        sub.need("sunk_divisor", integer(1, 10)),
    )
    lead = sub.get("capital_lead", text(), "most ships on its cells")
    sub.done()
    if any(value is None for value in values):
        return None
    harbor, capital, captured, afloat, lost, divisor = (int(v or 0) for v in values)
    return Scoring(harbor, capital, captured, afloat, lost, divisor, lead)


def _fleets(game: Fields) -> tuple[Fleet, ...]:
    fleets: list[Fleet] = []
    seen: dict[str, dict[str, str]] = {
        k: {} for k in ("key", "name", "colour", "emblem", "pattern")
    }
    for entry in game.records("fleets", min_len=2):
        values = {
            "key": entry.need("key", text(pattern=_FLEET_KEY, allowed="lower-case letters")),
            "name": entry.need("name", text(max_len=40)),
            "colour": entry.need("colour", colour()),
            "ink": entry.need("ink", colour()),
            "emblem": entry.need("emblem", choice(EMBLEMS)),
            "pattern": entry.need("pattern", choice(PATTERNS)),
        }
        entry.done()
        for key, used in seen.items():
            value = values[key]
            if value is None:
                continue
            if value in used:
                entry.add(
                    entry.node_of(key),
                    key,
                    f"{value!r} is already used by {used[value]}",
                    "different for every fleet",
                )
            else:
                used[value] = entry.path
        main, ink = values["colour"], values["ink"]
        if main is not None and ink is not None and contrast(main, ink) < MIN_CONTRAST:
            entry.add(
                entry.node_of("ink"),
                "ink",
                f"{ink} on {main} has contrast {contrast(main, ink):.1f}",
                f"at least {MIN_CONTRAST}, e.g. #000000 or #ffffff",
            )
        if all(value is not None for value in values.values()):
            fleets.append(
                Fleet(
                    *(str(values[k]) for k in ("key", "name", "colour", "ink", "emblem", "pattern"))
                )
            )
    return tuple(fleets)


def _roster(roster: Fields, fleet_size: int | None) -> tuple[ShipClass, ...]:
    ships: list[ShipClass] = []
    keys: dict[str, str] = {}
    names: dict[str, str] = {}
    entries = roster.records("ships", min_len=1)
    for entry in entries:
        key = entry.need("key", text(pattern=_KEY, allowed="1 or 2 digits or capitals, quoted"))
        name = entry.need("name", text(max_len=40))
        count = entry.need("count", integer(1, 99))
        rating = entry.need("rating", nullable(integer(1, 7, "1–7, or null for X and A")))
        moves = entry.need("moves", integer(0, 12))
        none: list[Ability] = []
        abilities = entry.get("abilities", list_of(enum_of(Ability), unique=True), none)
        note = entry.get("note", text(max_len=200), "")
        entry.done()
        for value, used, field in ((key, keys, "key"), (name, names, "name")):
            if value is None:
                continue
            if value in used:
                entry.add(
                    entry.node_of(field), field, f"{value!r} is already used by {used[value]}"
                )
            else:
                used[value] = entry.path
        unrated = any(ability in abilities for ability in UNRATED)
        if rating is not None and unrated:
            entry.add(
                entry.node_of("rating"), "rating", "a Fireship or an Admiral has no rating", "null"
            )
        elif rating is None and _is_null(entry.node_of("rating")) and not unrated:
            entry.add(
                entry.node_of("rating"),
                "rating",
                "only a Fireship or an Admiral goes without a rating",
                "1–7, or add the ability fireship or admiral",
            )
        if key and name and count and moves is not None:
            ships.append(ShipClass(key, name, count, rating, moves, frozenset(abilities), note))
    _roster_as_a_whole(roster, ships, fleet_size, len(entries))
    return tuple(ships)


def _roster_as_a_whole(
    roster: Fields, ships: list[ShipClass], fleet_size: int | None, entries: int
) -> None:
    if len(ships) != entries:
        return
    node = roster.node_of("ships")
    total = sum(ship.count for ship in ships)
    if fleet_size is not None and total != fleet_size:
        roster.add(
            node,
            "ships",
            f"the counts add up to {total} ships",
            f"{fleet_size}, the fleet_size in game.yaml",
        )
    has = {ability for ship in ships for ability in ship.abilities}
    if Ability.SINKS_FIRST_RATE_ATTACKING in has and Ability.FIRST_RATE not in has:
        roster.add(
            node,
            "ships",
            "a ship sinks a first-rate, but no ship is first-rate",
            "give one ship the ability first-rate",
        )
    if Ability.ADMIRAL not in has:
        roster.add(node, "ships", "no ship is an admiral", "give one ship the ability admiral")


def _is_null(node: Node | None) -> bool:
    return isinstance(node, ScalarNode) and node.value is None


def contrast(first: str, second: str) -> float:
    """The WCAG contrast ratio of two ``#rrggbb`` colours (1 to 21)."""
    light, dark = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _luminance(colour_text: str) -> float:
    channels = [int(colour_text[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
