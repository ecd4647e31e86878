"""British vs Pirates checks. Pure (model only); every violation is returned as data.

- ``harvest``: every good's threshold is a roll a D12 can make and need (2–12: a 1 always fails);
- ``prices``: every market price names a good (or chest) and a port that exist, once;
- ``cargo``: a ship's cargo is its size's hold unless the card says why not; every size used
  has a hold;
- ``bands``: a skill check's bands run from 1 upwards without gaps or overlaps and end open;
- ``tiles``: tiles name real goods and factions, and every harvest good has a spot on the map;
- ``ports``: every port entrance touches its own island's land and no other island's, on the
  assembled map, so a player can tell which port it sells to;
- ``assembly``: placed at their ``at``, no two tiles share a space and every tile touches the
  rest (the assembled map is one piece);
- ``missions``: every mission's destination is an island on the sea tiles;
- ``factions``: every faction's home is a port;
- ``examples``: the first ship card, which the rulebook's examples sail (``examples.pdf``),
  has a speed of 1 or more on every side of its dial, a pivot and cannons that reach, and the
  cannons list holds the cannon example's (:data:`CANNON_EXAMPLE`), with a number of dice and
  an accuracy at its range;
- ``numbers``: ``numbers.auto_success`` is a roll a D12 can make that a 1 does not fail (2–12,
  as harvest thresholds), and the Marks of Victory a faction needs to win are at least 1,
  ``victory_short`` at most ``victory_standard``, and neither more than the Mark of Victory
  tokens the kit prints (the token kind keyed :data:`MARK_OF_VICTORY`).
"""

from __future__ import annotations

from pnpkit.games.british_vs_pirates.model import BvpGame, Check, Tile
from pnpkit.games.british_vs_pirates.sailing import NEIGHBOURS, reach
from pnpkit.model.violation import Violation, located

D12 = (2, 12)
CANNON_EXAMPLE = "18lb-exquisite"
"""The cannons of the rulebook's cannon example (its +1 accuracy at 2 spaces): a key of the
cannons list in ``cards.yaml``."""
CANNON_RANGE = 2
"""The rulebook's cannon example: the target is 2 spaces away, shot at its port side."""
MARK_OF_VICTORY = "mov"
"""The key of the token kind that holds the Marks of Victory (``tokens.kinds`` in
``game.yaml``): a faction wins with ``numbers.victory_short`` or ``victory_standard`` of them."""


def tile_spaces(radius: int) -> list[tuple[int, int]]:
    """Axial (q, r) of every space within ``radius`` of a tile's centre, row by row."""
    return [
        (q, r)
        for r in range(-radius, radius + 1)
        for q in range(-radius, radius + 1)
        if max(abs(q), abs(r), abs(q + r)) <= radius
    ]


def placed(tile: Tile, radius: int) -> set[tuple[int, int]]:
    """The spaces ``tile`` covers on the assembled map."""
    q0, r0 = tile.at
    return {(q0 + q, r0 + r) for q, r in tile_spaces(radius)}


def check_assembly(game: BvpGame) -> list[Violation]:
    found: list[Violation] = []
    owner: dict[tuple[int, int], str] = {}
    covers = [(tile, placed(tile, game.radius)) for tile in game.tiles]
    for tile, spaces in covers:
        shared = sorted({owner[s] for s in spaces if s in owner})
        if shared:
            found.append(
                Violation(
                    "assembly",
                    message=f"{tile.name} at {list(tile.at)} overlaps {', '.join(shared)}",
                    source=tile.source,
                )
            )
        owner.update(dict.fromkeys(spaces, tile.name))
    if not covers:
        return found
    joined = {0}
    grew = True
    while grew:
        grew = False
        for i, (_, spaces) in enumerate(covers):
            if i in joined:
                continue
            near = {(q + dq, r + dr) for q, r in spaces for dq, dr in NEIGHBOURS}
            if any(near & covers[j][1] for j in joined):
                joined.add(i)
                grew = True
    for i, (tile, _) in enumerate(covers):
        if i not in joined:
            found.append(
                Violation(
                    "assembly",
                    message=f"{tile.name} at {list(tile.at)} touches no other tile of the map",
                    source=tile.source,
                )
            )
    return found


def check_harvest(game: BvpGame) -> list[Violation]:
    lo, hi = D12
    return [
        Violation(
            "harvest",
            message=f"{good.name}: threshold {good.harvest} cannot be rolled on a D12 (allowed: {lo}–{hi})",
            source=good.source,
        )
        for good in game.goods
        if good.harvest is None or not lo <= good.harvest <= hi
    ]


def _whole(game: BvpGame, key: str) -> int | None:
    """``numbers.<key>`` when it is written as a whole number, else None."""
    value = game.numbers.get(key)
    return value if isinstance(value, int) else None


def check_numbers(game: BvpGame) -> list[Violation]:
    """``auto_success`` on a D12, and the victory numbers against each other and the tokens."""
    found: list[Violation] = []

    def refuse(key: str, message: str, allowed: str) -> None:
        where = str(game.where.of("numbers", key))
        found.append(
            Violation(
                "numbers", message=f"numbers.{key}: {message} (allowed: {allowed})", source=where
            )
        )

    lo, hi = D12
    if "auto_success" in game.numbers:
        roll = _whole(game, "auto_success")
        if roll is None or not lo <= roll <= hi:
            refuse(
                "auto_success",
                f"{game.numbers['auto_success']!r} cannot be rolled on a D12 to succeed",
                f"{lo}–{hi}: a 1 always fails",
            )
    kinds = [t for t in game.tokens if t.key == MARK_OF_VICTORY]
    tokens = kinds[0].count if kinds else 0
    printed = f"the kit prints {tokens} Mark of Victory tokens (tokens.kinds {MARK_OF_VICTORY})"
    standard = _whole(game, "victory_standard")
    if "victory_standard" in game.numbers and (standard is None or not 1 <= standard <= tokens):
        written = game.numbers["victory_standard"]
        refuse(
            "victory_standard", f"{written!r} Marks of Victory to win, and {printed}", f"1–{tokens}"
        )
    if "victory_short" in game.numbers:
        short, said = _whole(game, "victory_short"), game.numbers["victory_short"]
        most = min(tokens, standard) if standard is not None else tokens
        if short is None or not 1 <= short <= most:
            than = f"victory_standard is {standard}, and " if standard is not None else ""
            refuse(
                "victory_short", f"{said!r} Marks of Victory to win; {than}{printed}", f"1–{most}"
            )
    return found


def check_prices(game: BvpGame) -> list[Violation]:
    goods = {g.key for g in game.all_goods}
    ports = {p.key for p in game.ports}
    found: list[Violation] = []
    for price in game.prices:
        if price.good not in goods:
            found.append(
                Violation(
                    "prices",
                    message=f"{price.good!r} is no good or chest (allowed: {', '.join(sorted(goods))})",
                    source=price.source,
                )
            )
        if price.port not in ports:
            found.append(
                Violation(
                    "prices",
                    message=f"{price.port!r} is no port (allowed: {', '.join(sorted(ports))})",
                    source=price.source,
                )
            )
    for good in game.all_goods:
        if not any(p.good == good.key for p in game.prices):
            found.append(
                Violation("prices", message=f"{good.name} sells at no port", source=good.source)
            )
    return found


def check_cargo(game: BvpGame) -> list[Violation]:
    found: list[Violation] = []
    for ship in (*game.classes, *map(game.ship, game.ships)):
        if ship.size is None:
            continue
        hold = game.hold(ship.size)
        label = ship.name or ship.key
        if hold is None:
            found.append(
                Violation(
                    "cargo",
                    message=f"{label}: no cargo hold for size {ship.size}",
                    source=ship.source,
                )
            )
        elif ship.cargo is not None and ship.cargo != hold and not ship.cargo_reason:
            found.append(
                Violation(
                    "cargo",
                    message=f"{label}: carries {ship.cargo} cargo, a {ship.size} ship holds {hold} "
                    "(say why on the card with cargo_reason, or drop cargo)",
                    source=ship.source,
                )
            )
    return found


def check_bands(check: Check, where: str, name: str) -> list[Violation]:
    found: list[Violation] = []
    expected = 1
    for i, band in enumerate(check.bands):
        if band.low != expected:
            found.append(
                Violation(
                    "bands",
                    message=f"{name}: band {i + 1} starts at {band.low}, expected {expected}",
                    source=where,
                )
            )
        if band.high is None:
            if i != len(check.bands) - 1:
                found.append(
                    Violation(
                        "bands", message=f"{name}: only the last band may be open", source=where
                    )
                )
            return found
        if band.high < band.low:
            found.append(
                Violation(
                    "bands", message=f"{name}: band {i + 1} ends before it starts", source=where
                )
            )
        expected = band.high + 1
    if check.bands:
        found.append(
            Violation(
                "bands", message=f"{name}: the last band must be open ('{expected}+')", source=where
            )
        )
    return found


def check_tiles(game: BvpGame) -> list[Violation]:
    goods = {g.key for g in game.goods}
    factions = {f.key for f in game.factions}
    found: list[Violation] = []
    spots: set[str] = set()
    for tile in game.tiles:
        for good in (spot.good for spot in tile.harvest):
            spots.add(good)
            if good not in goods:
                found.append(
                    Violation(
                        "tiles", message=f"{tile.name}: {good!r} is no good", source=tile.source
                    )
                )
        for island in tile.islands:
            if island.faction is not None and island.faction not in factions:
                found.append(
                    Violation(
                        "tiles",
                        message=f"{tile.name}: {island.faction!r} is no faction",
                        source=tile.source,
                    )
                )
    for item in game.goods:
        if item.key not in spots:
            found.append(
                Violation(
                    "tiles",
                    message=f"{item.name} has no harvest spot on any tile",
                    source=item.source,
                )
            )
    return found


def check_port_entrances(game: BvpGame) -> list[Violation]:
    """Each port entrance touches its own island and no other (on the assembled map)."""
    lands: dict[tuple[int, int], str] = {}
    entrances: list[tuple[Tile, str, tuple[int, int]]] = []
    for tile in game.tiles:
        tq, tr = tile.at
        for island in tile.islands:
            lands.update({(tq + q, tr + r): island.name for q, r in island.land})
            if island.port is not None:
                entrances.append((tile, island.name, (tq + island.port[0], tr + island.port[1])))
    found: list[Violation] = []
    for tile, name, (q, r) in entrances:
        touched = {lands[s] for s in ((q + dq, r + dr) for dq, dr in NEIGHBOURS) if s in lands}
        if touched != {name}:
            message = (
                f"{tile.name}: {name}'s port entrance touches "
                f"{', '.join(sorted(touched)) or 'no land'}; it must touch {name} and no "
                "other island, so that a player knows which port it sells to"
            )
            found.append(Violation("ports", message=message, source=tile.source))
    return found


def check_destinations(game: BvpGame) -> list[Violation]:
    """Every mission goes to an island on the sea tiles (its name, then any words in
    brackets: ``Rovers Grotto (point of interest)``)."""
    islands = {island.name for tile in game.tiles for island in tile.islands}
    return [
        Violation(
            "missions",
            message=f"{m.type or m.key}: destination {m.destination!r} is on no sea tile "
            f"(allowed: {', '.join(sorted(islands))})",
            source=m.source,
        )
        for m in game.missions
        if m.destination and m.destination.split(" (")[0] not in islands
    ]


def check_examples(game: BvpGame) -> list[Violation]:
    """The first ship card (its stats filled from its class) can sail the examples."""
    card = game.ships[0]
    ship = game.ship(card)
    wants = []
    dial = ship.speed.around() if ship.speed is not None else ()
    if not dial or not all(side.isdigit() and int(side) >= 1 for side in dial):
        wants.append("a speed of 1 or more on every side of its dial")
    if not ship.pivots or ship.pivots == "0":
        wants.append("at least 1 pivot")
    if ship.cannons is None or reach(ship.cannons) < 1:
        wants.append("cannons that reach at least 1 space")
    found: list[Violation] = []
    if wants:
        message = (
            f"{card.name or card.key}: the rulebook's examples (examples.pdf) sail the first "
            f"ship card, which needs {', '.join(wants)}"
        )
        found.append(Violation("examples", message=message, source=card.source))
    guns = next((c for c in game.cannons if c.key == CANNON_EXAMPLE), None)
    at_range = (
        () if guns is None else (guns.dice[CANNON_RANGE - 1], guns.accuracy[CANNON_RANGE - 1])
    )
    if not at_range or not all(value.isdigit() for value in at_range):
        message = (
            f"the cannons list needs {CANNON_EXAMPLE!r} with dice and an accuracy at "
            f"{CANNON_RANGE} spaces: the rulebook's cannon example (examples.pdf) fires them"
        )
        found.append(Violation("examples", message=message, source=game.source))
    return found


def check_bvp(game: BvpGame) -> list[Violation]:
    found = check_harvest(game) + check_prices(game) + check_cargo(game)
    for mission in game.missions:
        for check in (mission.check, mission.reward):
            if check is not None:
                found += check_bands(
                    check, mission.source, f"{mission.type or mission.key} {check.skill} check"
                )
    found += check_destinations(game)
    ports = {p.key for p in game.ports}
    for faction in game.factions:
        if faction.home not in ports:
            found.append(
                Violation(
                    "factions",
                    message=f"{faction.name}: home {faction.home!r} is no port",
                    source=faction.source,
                )
            )
    found += check_tiles(game) + check_port_entrances(game) + check_assembly(game)
    found += check_numbers(game)
    return found + check_examples(game)


def problems(game: BvpGame) -> list[Violation]:
    """Every rule the game breaks, each at its place in the data (the game's file when the
    rule has no place of its own), then every placeholder of the rule text that would not
    print: what ``pnpkit check`` prints."""
    from pnpkit.games.british_vs_pirates.rule_text import rules_problems

    return located(check_bvp(game), game.source) + rules_problems(game)
