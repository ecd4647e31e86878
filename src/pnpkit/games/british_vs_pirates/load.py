"""``data/british-vs-pirates/{game,cards,tiles}.yaml`` → :class:`~pnpkit.games.british_vs_pirates.model.BvpGame`.

Every problem in all three files is collected and raised as one DataError. Whether the numbers
agree with each other (thresholds on a D12, prices naming real ports and goods, cargo holds by
size) is the engine's question (:mod:`pnpkit.games.british_vs_pirates.rules`), so the loader accepts any names there.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from pnpkit.games.british_vs_pirates.model import (
    SIDES,
    STATS,
    Band,
    BvpGame,
    Cannons,
    Captain,
    Check,
    Colour,
    Event,
    Faction,
    Fort,
    Good,
    Mission,
    Port,
    Price,
    ShipCard,
    Skill,
    Slot,
    Tile,
    TileIsland,
    TokenKind,
)
from pnpkit.load.cards import card_size, colour, source
from pnpkit.load.fields import (
    Fields,
    Invalid,
    Kind,
    Problems,
    choice,
    integer,
    invalid,
    length,
    list_of,
    nullable,
    text,
)
from pnpkit.load.nodes import MapNode, Node, ScalarNode, describe
from pnpkit.load.yamlnode import load_yaml
from pnpkit.model.cards import DEFAULT_CARD_SIZE, CardSize
from pnpkit.model.vocabulary import EMBLEMS, PATTERNS
from pnpkit.units import INCH

T = TypeVar("T")
KEY = r"[a-z0-9][a-z0-9-]*"
DECKS = ("ship", "captain", "fort", "mission", "skill", "event", "market", "cannons")
SIZES = ("small", "medium", "large", "huge", "fluyt")


def die_value() -> Kind[str]:
    """A stat on a card: a whole number 0–12, or ``X`` (cannot)."""

    def read(node: Node, field: str) -> str:
        if isinstance(node, ScalarNode):
            if node.value == "X":
                return "X"
            if (
                isinstance(node.value, int)
                and not isinstance(node.value, bool)
                and 0 <= node.value <= 12
            ):
                return str(node.value)
        raise invalid(node, field, f"{describe(node)} is not a stat", "0–12, or X")

    return read


def hex_at() -> Kind[tuple[int, int]]:
    coords = list_of(integer(-9, 9), min_len=2, max_len=2)

    def read(node: Node, field: str) -> tuple[int, int]:
        q, r = coords(node, field)
        return (q, r)

    return read


def _cannons(rec: Fields, known: dict[str, Cannons]) -> Cannons | None:
    node = rec.node_of("cannons")
    if node is None:
        return None
    if isinstance(node, ScalarNode):
        key = choice(sorted(known)) if known else text()
        try:
            name = str(key(node, rec.field("cannons")))
        except Invalid as exc:
            rec.problems.extend(exc.problems)
            return None
        if name not in known:  # the cannons list is missing or unreadable (reported there)
            rec.add(node, "cannons", f"{name!r} names no cannons", "a key of the cannons list")
            return None
        return known[name]
    sub = Fields(node, rec.problems, rec.field("cannons"))
    found = Cannons(
        sub.get("name", text(max_len=40), ""),
        tuple(sub.need("dice", list_of(die_value(), min_len=4, max_len=4)) or ("", "", "", "")),
        tuple(sub.need("accuracy", list_of(die_value(), min_len=4, max_len=4)) or ("", "", "", "")),
    )
    sub.done()
    return found


def _text_of(value: int | None) -> str:
    return "" if value is None else str(value)


def _check(rec: Fields, key: str) -> Check | None:
    sub = rec.sub(key, required=False)
    if sub is None:
        return None
    skill = sub.need("skill", text(max_len=30)) or ""
    bands: list[Band] = []
    for band in sub.records("bands", min_len=1):
        bands.append(
            Band(
                band.need("from", integer(0, 30)) or 0,
                band.get("to", nullable(integer(0, 30)), None),
                band.need("result", text(max_len=120)) or "",
            )
        )
        band.done()
    sub.done()
    return Check(skill, tuple(bands))


def _game(path: Path, problems: Problems) -> dict[str, object]:
    root = Fields(load_yaml(path, problems.items), problems)
    root.node_of("kit")  # which game a copied folder is: pnpkit.games.find_game reads it
    out: dict[str, object] = {"title": root.need("title", text(max_len=80)) or ""}
    out["factions"] = tuple(
        _record(
            r,
            lambda r: Faction(
                r.need("key", text(pattern=KEY)) or "",
                r.need("name", text(max_len=30)) or "",
                r.need("home", text(pattern=KEY)) or "",
                r.need("colour", colour()) or "#000000",
                r.need("emblem", choice(EMBLEMS)) or "star",
                r.need("pattern", choice(PATTERNS)) or "plain",
                source(r),
            ),
        )
        for r in root.records("factions", min_len=2)
    )
    out["ports"] = tuple(
        _record(
            r,
            lambda r: Port(
                r.need("key", text(pattern=KEY)) or "",
                r.need("name", text(max_len=30)) or "",
                source(r),
            ),
        )
        for r in root.records("ports", min_len=1)
    )
    out["goods"] = tuple(
        _record(
            r,
            lambda r: Good(
                r.need("key", text(pattern=KEY)) or "",
                r.need("name", text(max_len=30)) or "",
                r.need("colour", colour()) or "#000000",
                r.need("harvest", integer(-99, 99)),
                source(r),
            ),
        )
        for r in root.records("goods", min_len=1)
    )
    out["chests"] = tuple(
        _record(
            r,
            lambda r: Good(
                r.need("key", text(pattern=KEY)) or "",
                r.need("name", text(max_len=30)) or "",
                r.need("colour", colour()) or "#000000",
                None,
                source(r),
            ),
        )
        for r in root.records("chests", required=False)
    )
    prices: list[Price] = []
    node = root.node_of("prices")
    if isinstance(node, MapNode):
        for good_node, ports in node.entries:
            if not isinstance(ports, MapNode):
                problems.add(
                    ports.where,
                    f"prices.{good_node.value}",
                    f"expected a mapping of port: MOV, found {describe(ports)}",
                )
                continue
            for port_node, mov in ports.entries:
                field = f"prices.{good_node.value}.{port_node.value}"
                try:
                    value = integer(0, 99)(mov, field)
                except Invalid as exc:
                    problems.extend(exc.problems)
                    continue
                prices.append(
                    Price(str(good_node.value), str(port_node.value), value, str(port_node.where))
                )
    elif node is not None:
        problems.add(
            node.where, "prices", f"expected a mapping of good: ports, found {describe(node)}"
        )
    else:
        problems.add(root.where, "prices", "missing")
    out["prices"] = tuple(prices)
    holds: list[tuple[str, int]] = []
    sub = root.sub("cargo_holds")
    if sub is not None:
        for size in SIZES:
            value = sub.get(size, integer(0, 20), -1)
            if value >= 0:
                holds.append((size, value))
        sub.done()
    out["holds"] = tuple(holds)

    def colours(key: str, named: bool) -> tuple[Colour, ...]:
        return tuple(
            _record(
                r,
                lambda r: Colour(
                    r.need("key", text(pattern=KEY)) or "",
                    (r.need("name", text(max_len=20)) or "") if named else "",
                    r.need("colour", colour()) or "#000000",
                    r.need("emblem", choice(EMBLEMS)) or "star",
                ),
            )
            for r in root.records(key, min_len=1)
        )

    out["skill_colours"] = colours("skill_colours", True)
    out["mission_flags"] = colours("mission_flags", False)
    tokens = root.sub("tokens")
    kinds: list[TokenKind] = []
    out["token_size"], out["crew_per_faction"], out["goods_each"], out["chests_each"] = (
        0.75 * INCH,
        0,
        0,
        0,
    )
    if tokens is not None:
        out["token_size"] = tokens.need("size", length(0.4 * INCH, 2 * INCH)) or 0.75 * INCH
        for r in tokens.records("kinds", min_len=1):
            kinds.append(
                _record(
                    r,
                    lambda r: TokenKind(
                        r.need("key", text(pattern=KEY)) or "",
                        r.need("name", text(max_len=24)) or "",
                        r.need("count", integer(0, 99)) or 0,
                        r.need("colour", colour()) or "#000000",
                        r.need("emblem", choice(EMBLEMS)) or "star",
                    ),
                )
            )
        out["crew_per_faction"] = tokens.need("crew_per_faction", integer(0, 20)) or 0
        out["goods_each"] = tokens.need("goods_each", integer(0, 40)) or 0
        out["chests_each"] = tokens.need("chests_each", integer(0, 40)) or 0
        tokens.done()
    out["tokens"] = tuple(kinds)
    vane = root.sub("wind_vane")
    out["vane_size"] = 3 * INCH
    if vane is not None:
        out["vane_size"] = vane.need("size", length(INCH, 7 * INCH)) or 3 * INCH
        vane.done()
    root.done()
    return out


def _record(rec: Fields, make: Callable[[Fields], T]) -> T:
    """``make(rec)``, then reject the record's unknown keys."""
    value = make(rec)
    rec.done()
    return value


def _cards(path: Path, problems: Problems) -> dict[str, object]:
    root = Fields(load_yaml(path, problems.items), problems)
    sizes: list[tuple[str, CardSize]] = []
    sub = root.sub("sizes")
    for deck in DECKS:
        size = DEFAULT_CARD_SIZE
        if sub is not None:
            size = sub.get(deck, card_size(deck), DEFAULT_CARD_SIZE)
        sizes.append((deck, size))
    if sub is not None:
        sub.done()
    cannons: dict[str, Cannons] = {}
    for r in root.records("cannons", required=False):
        key = r.need("key", text(pattern=KEY)) or ""
        cannons[key] = Cannons(
            r.need("name", text(max_len=40)) or "",
            tuple(r.need("dice", list_of(die_value(), min_len=4, max_len=4)) or ()),
            tuple(r.need("accuracy", list_of(die_value(), min_len=4, max_len=4)) or ()),
        )
        r.done()
    opt = nullable(text(max_len=40))
    ships: list[ShipCard] = []
    for r in root.records("ships", min_len=1):
        slots: list[Slot] = []
        d = r.sub("defence", required=False)
        if d is not None:
            for side in SIDES:
                s = d.sub(side, required=False)
                if s is None:
                    continue
                slots.append(
                    Slot(
                        side,
                        s.get("armor", nullable(integer(0, 12)), None),
                        s.get("penalty", text(max_len=80), ""),
                    )
                )
                s.done()
            d.done()
        ships.append(
            ShipCard(
                key=r.need("key", text(pattern=KEY)) or "",
                name=r.get("name", text(max_len=30), ""),
                ship_class=r.get("class", text(max_len=30), ""),
                faction=r.get("faction", opt, None),
                cannons=_cannons(r, cannons),
                speed=tuple(r.get("speed", list_of(die_value(), min_len=6, max_len=6), [])),
                pivots=_text_of(r.get("pivots", nullable(integer(0, 6)), None)),
                slots=tuple(slots),
                size=r.get("size", nullable(choice(SIZES)), None),
                cargo=r.get("cargo", nullable(integer(0, 20)), None),
                cargo_reason=r.get("cargo_reason", text(max_len=80), ""),
                source=source(r),
            )
        )
        r.done()
    captains: list[Captain] = []
    for r in root.records("captains", required=False):
        stats: list[tuple[str, str]] = []
        st = r.sub("stats", required=False)
        for stat in STATS:
            value = (
                st.get(stat.lower(), nullable(integer(-5, 12)), None) if st is not None else None
            )
            stats.append((stat, "" if value is None else f"{value:+d}"))
        if st is not None:
            st.done()
        captains.append(
            Captain(
                r.need("key", text(pattern=KEY)) or "",
                r.get("name", text(max_len=30), ""),
                r.get("faction", opt, None),
                r.get("morale", nullable(integer(1, 6)), None),
                r.get("skill", text(max_len=160), ""),
                tuple(stats),
                source(r),
            )
        )
        r.done()
    forts: list[Fort] = []
    for r in root.records("forts", required=False):
        forts.append(
            Fort(
                r.need("key", text(pattern=KEY)) or "",
                r.get("name", text(max_len=30), ""),
                r.get("faction", opt, None),
                _cannons(r, cannons),
                r.get("armor", nullable(integer(0, 12)), None),
                r.get("ability", text(max_len=200), ""),
                source(r),
            )
        )
        r.done()
    skills: list[Skill] = []
    for r in root.records("skills", required=False):
        skills.append(
            Skill(
                r.need("key", text(pattern=KEY)) or "",
                r.get("name", text(max_len=30), ""),
                r.need("colour", text(max_len=20)) or "",
                r.get("faction", opt, None),
                r.get("cost", nullable(integer(0, 6)), None),
                r.get("ability", text(max_len=200), ""),
                source(r),
            )
        )
        r.done()
    missions: list[Mission] = []
    for r in root.records("missions", required=False):
        missions.append(
            Mission(
                r.need("key", text(pattern=KEY)) or "",
                r.get("type", text(max_len=30), ""),
                r.get("flag", opt, None),
                r.get("story", text(max_len=240), ""),
                r.get("pickup", text(max_len=80), ""),
                tuple(r.get("skills", list_of(text(max_len=20), max_len=3), [])),
                r.get("destination", text(max_len=40), ""),
                _check(r, "check"),
                _check(r, "reward"),
                r.get("note", text(max_len=200), ""),
                source(r),
            )
        )
        r.done()
    events = [
        _record(
            r,
            lambda r: Event(
                r.need("key", text(pattern=KEY)) or "",
                r.get("name", text(max_len=30), ""),
                r.get("text", text(max_len=300), ""),
                source(r),
            ),
        )
        for r in root.records("events", required=False)
    ]
    root.done()
    return {
        "sizes": tuple(sizes),
        "cannons": tuple(cannons.items()),
        "ships": tuple(ships),
        "captains": tuple(captains),
        "forts": tuple(forts),
        "skills": tuple(skills),
        "missions": tuple(missions),
        "events": tuple(events),
    }


def _tiles(path: Path, problems: Problems) -> dict[str, object]:
    root = Fields(load_yaml(path, problems.items), problems)
    hex_size = root.need("hex", length(0.5 * INCH, 3 * INCH)) or 1.25 * INCH
    radius = root.need("radius", integer(1, 3)) or 2
    where = nullable(hex_at())
    tiles: list[Tile] = []
    for r in root.records("tiles", min_len=1):
        islands: list[TileIsland] = []
        for i in r.records("islands", required=False):
            islands.append(
                TileIsland(
                    i.need("name", text(max_len=30)) or "",
                    i.get("faction", nullable(text(pattern=KEY)), None),
                    tuple(i.need("land", list_of(hex_at(), min_len=1)) or ()),
                    i.get("port", where, None),
                    i.get("fort", where, None),
                    i.get("poi", where, None),
                )
            )
            i.done()
        harvest: list[tuple[str, tuple[int, int]]] = []
        for h in r.records("harvest", required=False):
            good = h.need("good", text(pattern=KEY)) or ""
            at = h.need("at", hex_at()) or (0, 0)
            harvest.append((good, at))
            h.done()
        tiles.append(
            Tile(
                r.need("name", text(max_len=30)) or "",
                tuple(islands),
                tuple(harvest),
                r.get("wind_vane", where, None),
                source(r),
            )
        )
        r.done()
    root.done()
    return {"hex": hex_size, "radius": radius, "tiles": tuple(tiles)}


def load_bvp(game_dir: Path) -> BvpGame:
    problems = Problems()
    parts: dict[str, object] = {}
    for name, read in (("game.yaml", _game), ("cards.yaml", _cards), ("tiles.yaml", _tiles)):
        parts.update(read(game_dir / name, problems))
    problems.raise_if_any()
    return BvpGame(source=str(game_dir / "game.yaml"), **parts)  # type: ignore[arg-type]
