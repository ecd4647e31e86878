"""``data/tabletop-fleets/game.yaml`` → :class:`~pnpkit.games.tabletop_fleets.model.TabletopGame`.

Every problem in the file is collected and raised together as one DataError.
"""

from __future__ import annotations

from pathlib import Path

from pnpkit.games.tabletop_fleets.model import (
    Faction,
    Scoring,
    Ship,
    Span,
    TableRules,
    TabletopGame,
    Terrain,
    Wind,
)
from pnpkit.load.cards import colour, source
from pnpkit.load.fields import Fields, Problems, choice, integer, length, list_of, text
from pnpkit.load.yamlnode import load_yaml
from pnpkit.model.vocabulary import EMBLEMS, PATTERNS
from pnpkit.units import INCH

FITTINGS = ("turret", "cargo", "masts")
TERRAIN = ("islands", "rocks", "reefs")
KEY = r"[a-z][a-z0-9-]*"
SCORES = ("island", "prize_fitting", "prize_hull", "coin", "most_ships", "most_islands", "victory")


def _span(parent: Fields, key: str, *, lands: bool = False) -> tuple[Span, float]:
    sub = parent.sub(key)
    if sub is None:
        return Span(0.0, 0.0), 0.0
    low = sub.need("min", length(1.0, 400 * INCH)) or 0.0
    high = sub.need("max", length(1.0, 400 * INCH)) or 0.0
    if low and high and high <= low:
        sub.add(sub.node_of("max"), "max", "must be longer than min")
    landing = (sub.need("lands", length(1.0, 400 * INCH)) or 0.0) if lands else 0.0
    sub.done()
    return Span(low, high), landing


def load_tabletop(game_dir: Path) -> TabletopGame:
    path = game_dir / "game.yaml"
    problems = Problems()
    root = Fields(load_yaml(path, problems.items), problems)
    root.node_of("kit")  # which game a copied folder is: pnpkit.games.find_game reads it
    title = root.need("title", text(max_len=60)) or ""
    subtitle = root.get("subtitle", text(max_len=120), "")
    order = tuple(
        root.need("fitting_order", list_of(choice(FITTINGS), min_len=1, unique=True)) or FITTINGS
    )

    factions: list[Faction] = []
    for rec in root.records("factions", min_len=2):
        factions.append(
            Faction(
                key=rec.need("key", text(max_len=40, pattern=KEY)) or "",
                name=rec.need("name", text(max_len=30)) or "",
                move_count=rec.need("move_count", integer(1, 9)) or 1,
                colour=rec.need("colour", colour()) or "#000000",
                pattern=rec.need("pattern", choice(PATTERNS)) or "plain",
                emblem=rec.need("emblem", choice(EMBLEMS)) or "star",
                source=source(rec),
            )
        )
        rec.done()
    faction_keys = [f.key for f in factions]

    ships: list[Ship] = []
    for rec in root.records("ships", min_len=1):
        key = rec.need("key", text(max_len=40, pattern=KEY)) or ""
        name = rec.need("name", text(max_len=24)) or ""
        faction = rec.need("faction", choice(faction_keys) if faction_keys else text()) or ""
        fittings: list[tuple[str, int]] = []
        sub = rec.sub("fittings")
        if sub is not None:
            for fitting in order:
                count = sub.get(fitting, integer(0, 6), 0)
                if count:
                    fittings.append((fitting, count))
            sub.done()
            if not fittings and sub.mapping is not None:
                sub.add(None, "", "a ship needs at least one fitting", ", ".join(order))
        note = rec.get("note", text(max_len=240), "")
        ships.append(Ship(key, name, faction, tuple(fittings), note, source(rec)))
        rec.done()

    shots = root.sub("shots")
    straight = tipped = Span(0.0, 0.0)
    lands = 0.0
    if shots is not None:
        straight, _ = _span(shots, "straight_out")
        tipped, lands = _span(shots, "tipped_up", lands=True)
        shots.done()

    click = 0.0
    move = root.sub("move")
    if move is not None:
        click = move.need("click", length(0.25 * INCH, 24 * INCH)) or 0.0
        move.done()

    piece, ruler_width = 20 * 72 / 2.54, 0.75 * INCH
    ruler = root.sub("ruler")
    if ruler is not None:
        piece = ruler.need("piece", length(2 * INCH, 9.5 * INCH)) or piece
        ruler_width = ruler.need("width", length(0.4 * INCH, 1.5 * INCH)) or ruler_width
        ruler.done()

    points = {key: 0 for key in SCORES}
    scoring = root.sub("scoring")
    if scoring is not None:
        for key in SCORES:
            points[key] = scoring.need(key, integer(0, 999)) or 0
        scoring.done()

    wind = Wind(45, 1, -1, 4 * INCH)
    w = root.sub("wind")
    if w is not None:
        wind = Wind(
            w.need("within", integer(1, 89)) or 45,
            w.need("with_wind", integer(-3, 3)) or 0,
            w.need("into_wind", integer(-3, 3)) or 0,
            w.need("dial", length(1.5 * INCH, 7 * INCH)) or 4 * INCH,
        )
        w.done()

    table = _table(root, str(path))

    pieces: list[tuple[str, int, float]] = []
    terrain = root.sub("terrain")
    if terrain is not None:
        for kind in TERRAIN:
            sub = terrain.sub(kind)
            if sub is None:
                continue
            count = sub.need("count", integer(0, 40)) or 0
            size = (
                table.island
                if kind == "islands"
                else (sub.need("size", length(0.5 * INCH, 7 * INCH)) or INCH)
            )
            if kind == "islands":
                sub.forbid("size", "an island's size is table.island (one source)")
            pieces.append((kind, count, size))
            sub.done()
        terrain.done()

    coins, coin_size = 0, 0.75 * INCH
    c = root.sub("coins")
    if c is not None:
        coins = c.need("count", integer(1, 200)) or 0
        coin_size = c.need("size", length(0.4 * INCH, 2 * INCH)) or coin_size
        c.done()
    root.done()
    problems.raise_if_any()
    return TabletopGame(
        title=title,
        subtitle=subtitle,
        fitting_order=order,
        factions=tuple(factions),
        ships=tuple(ships),
        straight_out=straight,
        tipped_up=tipped,
        tipped_lands=lands,
        click=click,
        ruler_piece=piece,
        ruler_width=ruler_width,
        scoring=Scoring(**points),
        wind=wind,
        table=table,
        terrain=Terrain(tuple(pieces)),
        coins=coins,
        coin_size=coin_size,
        source=str(path),
    )


def _table(root: Fields, path: str) -> TableRules:
    t = root.sub("table")
    if t is None:
        return TableRules(48 * INCH, 12 * INCH, 6 * INCH, INCH, 2 * INCH, 5 * INCH, 7, 400, path)
    size = t.need("size", length(12 * INCH, 240 * INCH)) or 48 * INCH
    edge = t.need("edge", length(0.0, 120 * INCH)) or 0.0
    apart = t.need("apart", length(0.0, 120 * INCH)) or 0.0
    step = t.need("step", length(0.1 * INCH, 12 * INCH)) or INCH
    least = t.get("least_edge", length(0.0, 120 * INCH), 0.0)
    island = t.need("island", length(0.5 * INCH, 7 * INCH)) or 5 * INCH
    max_crews = t.need("max_crews", integer(1, 12)) or 1
    attempts = t.need("attempts", integer(1, 100_000)) or 1
    if least > edge:
        t.add(t.node_of("least_edge"), "least_edge", "is larger than edge")
    rules = TableRules(size, edge, apart, step, least, island, max_crews, attempts, str(t.where))
    t.done()
    return rules
