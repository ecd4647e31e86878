"""``data/pirate-fleets/*.yaml`` → :class:`~pnpkit.games.pirate_fleets.model.PirateFleetsGame`.

Files: ``game.yaml`` (players, pieces, sizes, colours, scaling, reference text), ``actions.yaml``,
``spaces.yaml``, ``tables.yaml``, ``supply.yaml``, ``captains.yaml``. Every problem in every
file is collected and raised together as one DataError.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from pnpkit.games.pirate_fleets.model import (
    Action,
    ActionSpace,
    Captain,
    DiceTable,
    GoldToken,
    OptionalSpace,
    PirateFleetsGame,
    PlayerColour,
    Scaling,
    SpaceType,
    SupplyCard,
    TableRow,
)
from pnpkit.load.cards import card_size, colour, source
from pnpkit.load.fields import (
    Fields,
    Invalid,
    Problems,
    check,
    choice,
    enum_of,
    integer,
    invalid,
    length,
    list_of,
    text,
)
from pnpkit.load.nodes import ListNode, Node, ScalarNode, describe
from pnpkit.load.yamlnode import load_yaml
from pnpkit.model.cards import DEFAULT_CARD_SIZE, CardSize
from pnpkit.model.vocabulary import EMBLEMS, PATTERNS
from pnpkit.units import INCH

SPACE_ROW = "[number, action, target number, P or D, title]"
_ROLL = re.compile(r"([0-9]+)(?:-([0-9]+)|(\+))?")


def _space(node: Node, field: str) -> ActionSpace:
    if not isinstance(node, ListNode) or len(node.items) != 5:
        found = describe(node) if not isinstance(node, ListNode) else f"{len(node.items)} values"
        raise invalid(node, field, f"expected a space row, found {found}", SPACE_ROW)
    items = node.items
    problems: Problems = Problems()
    number = check(integer(1, 99), items[0], f"{field}.number", problems)
    action = check(text(max_len=40), items[1], f"{field}.action", problems)
    target = check(integer(), items[2], f"{field}.target", problems)
    kind = check(enum_of(SpaceType), items[3], f"{field}.type", problems)
    title = check(text(max_len=40), items[4], f"{field}.title", problems)
    if problems:
        raise Invalid(problems.items)
    assert number is not None and action is not None and target is not None
    assert kind is not None and title is not None
    return ActionSpace(number, action, target, kind, title, str(node.where))


def _roll(node: Node, field: str) -> tuple[int, int | None]:
    allowed = "a number, a range such as 2-6, or 6+"
    if not isinstance(node, ScalarNode) or node.value is None or isinstance(node.value, bool):
        raise invalid(node, field, f"expected a roll, found {describe(node)}", allowed)
    match = _ROLL.fullmatch(str(node.value).strip())
    if match is None:
        raise invalid(node, field, f"{node.text!r} is not a roll", allowed)
    low = int(match.group(1))
    if match.group(3):
        return (low, None)
    high = int(match.group(2)) if match.group(2) else low
    if high < low:
        raise invalid(node, field, f"{node.text!r} runs backwards", allowed)
    return (low, high)


def _players(node: Node, field: str) -> tuple[int, int]:
    pair = list_of(integer(1, 20), min_len=2, max_len=2)(node, field)
    if pair[0] > pair[1]:
        raise invalid(node, field, f"{pair[0]}–{pair[1]} runs backwards", "[fewest, most]")
    return (pair[0], pair[1])


def _size(fields: Fields | None, key: str, default: float) -> float:
    if fields is None:
        return default
    return fields.need(key, length(0.25 * INCH, 4 * INCH)) or default


@dataclass(frozen=True, slots=True)
class _GameFile:
    title: str
    players: tuple[int, int]
    turns: int
    tn: tuple[int, int]
    pawns: int
    disks: int
    gold: tuple[GoldToken, ...]
    space: float
    card: CardSize
    reference_size: CardSize
    pieces: dict[str, float]
    colours: tuple[PlayerColour, ...]
    scaling: tuple[Scaling, ...]
    optional: tuple[OptionalSpace, ...]
    reference: tuple[tuple[str, tuple[str, ...]], ...]


def _pair(fields: Fields | None, lo: int, hi: int) -> tuple[int, int]:
    if fields is None:
        return (0, 0)
    pair = (fields.need("min", integer(lo, hi)) or 0, fields.need("max", integer(lo, hi)) or 0)
    fields.done()
    return pair


def _read_game(path: Path, problems: Problems) -> _GameFile:
    root = Fields(load_yaml(path, problems.items), problems)
    root.node_of("kit")  # which game a copied folder is: pnpkit.games.find_game reads it
    title = root.need("title", text()) or ""
    players = _pair(root.sub("players"), 1, 20)
    turns = root.need("turns", integer(1, 99)) or 0
    tn = _pair(root.sub("target_numbers"), 0, 20)
    pieces = root.sub("pieces")
    gold: list[GoldToken] = []
    pawns = disks = 0
    if pieces is not None:
        pawns = pieces.need("pawns_per_player", integer(1, 20)) or 0
        disks = pieces.need("disks_per_player", integer(1, 20)) or 0
        for rec in pieces.records("gold", min_len=1):
            gold.append(
                GoldToken(
                    rec.need("value", integer(1, 100)) or 1, rec.need("qty", integer(1, 200)) or 0
                )
            )
            rec.done()
        pieces.done()
    sizes = root.sub("sizes")
    space = _size(sizes, "space", 1.75 * INCH)
    card: CardSize = DEFAULT_CARD_SIZE
    reference = CardSize("reference", 5.5 * INCH, 8.5 * INCH)
    if sizes is not None:
        card = sizes.get("card", card_size(), DEFAULT_CARD_SIZE)
        reference = sizes.get("reference_card", card_size("reference"), reference)
    piece_sizes = {
        key: _size(sizes, key, 0.75 * INCH) for key in ("pawn", "disk", "gold", "first_player")
    }
    if sizes is not None:
        sizes.done()
    colours: list[PlayerColour] = []
    for rec in root.records("colours", min_len=1):
        colours.append(
            PlayerColour(
                key=rec.need("key", text(max_len=20)) or "",
                name=rec.need("name", text(max_len=20)) or "",
                colour=rec.need("colour", colour()) or "#000000",
                ink=rec.need("ink", colour()) or "#ffffff",
                pattern=rec.need("pattern", choice(PATTERNS)) or "plain",
                emblem=rec.need("emblem", choice(EMBLEMS)) or "star",
            )
        )
        rec.done()
    scaling: list[Scaling] = []
    for rec in root.records("scaling", min_len=1):
        lo, hi = rec.need("players", _players) or (0, 0)
        scaling.append(Scaling(lo, hi, rec.need("spaces", integer(1, 400)) or 0, source(rec)))
        rec.done()
    optional: list[OptionalSpace] = []
    for rec in root.records("optional_spaces", required=False):
        lo, hi = rec.need("players", _players) or (0, 0)
        number = rec.need("number", integer(1, 400)) or 0
        optional.append(OptionalSpace(number, lo, hi, source(rec)))
        rec.done()
    blocks: list[tuple[str, tuple[str, ...]]] = []
    for rec in root.records("reference", min_len=1):
        heading = rec.need("title", text(max_len=60)) or ""
        lines = rec.need("lines", list_of(text(max_len=600), min_len=1)) or []
        blocks.append((heading, tuple(lines)))
        rec.done()
    root.done()
    return _GameFile(
        title,
        players,
        turns,
        tn,
        pawns,
        disks,
        tuple(gold),
        space,
        card,
        reference,
        piece_sizes,
        tuple(colours),
        tuple(scaling),
        tuple(optional),
        tuple(blocks),
    )


def _read_actions(path: Path, problems: Problems) -> tuple[Action, ...]:
    root = Fields(load_yaml(path, problems.items), problems)
    actions: list[Action] = []
    for rec in root.records("actions", min_len=1):
        actions.append(
            Action(
                key=rec.need("key", text(max_len=30, pattern=r"[a-z][a-z0-9-]*")) or "",
                name=rec.need("name", text(max_len=30)) or "",
                type=rec.need("type", enum_of(SpaceType)) or SpaceType.PIRATE,
                colour=rec.need("colour", colour()) or "#000000",
                short=rec.need("short", text(max_len=80)) or "",
                effect=rec.need("effect", text(max_len=600)) or "",
                source=source(rec),
            )
        )
        rec.done()
    root.done()
    return tuple(actions)


def _read_spaces(path: Path, problems: Problems) -> tuple[ActionSpace, ...]:
    root = Fields(load_yaml(path, problems.items), problems)
    spaces = root.need("spaces", list_of(_space, min_len=1)) or []
    root.done()
    return tuple(spaces)


def _read_tables(path: Path, problems: Problems) -> tuple[DiceTable, ...]:
    root = Fields(load_yaml(path, problems.items), problems)
    tables: list[DiceTable] = []
    for rec in root.records("tables", min_len=1):
        rows: list[TableRow] = []
        for row in rec.records("rows", min_len=1):
            low, high = row.need("roll", _roll) or (0, 0)
            rows.append(
                TableRow(
                    low,
                    high,
                    row.need("result", text(max_len=120)) or "",
                    row.get("note", text(max_len=120), ""),
                )
            )
            row.done()
        tables.append(
            DiceTable(
                key=rec.need("key", text(max_len=30)) or "",
                title=rec.need("title", text(max_len=60)) or "",
                dice=rec.need("dice", choice(("1D6", "2D6"))) or "1D6",
                rows=tuple(rows),
                source=source(rec),
            )
        )
        rec.done()
    root.done()
    return tuple(tables)


def _read_deck(path: Path, problems: Problems, copies_key: bool) -> tuple[int, int, list[Fields]]:
    root = Fields(load_yaml(path, problems.items), problems)
    count = root.need("count", integer(1, 999)) or 0
    copies = root.need("copies", integer(1, 9)) or 1 if copies_key else 1
    records = root.records("cards", min_len=1)
    root.done()
    return count, copies, records


def load_pirate_fleets(game_dir: Path) -> PirateFleetsGame:
    problems = Problems()
    game = _read_game(game_dir / "game.yaml", problems)
    actions = _read_actions(game_dir / "actions.yaml", problems)
    spaces = _read_spaces(game_dir / "spaces.yaml", problems)
    tables = _read_tables(game_dir / "tables.yaml", problems)
    supply_count, _, records = _read_deck(game_dir / "supply.yaml", problems, False)
    supply: list[SupplyCard] = []
    for rec in records:
        supply.append(
            SupplyCard(
                rec.need("name", text(max_len=40)) or "",
                rec.need("effect", text(max_len=200)) or "",
                rec.get("qty", integer(1, 20), 1),
                source(rec),
            )
        )
        rec.done()
    captains_count, copies, records = _read_deck(game_dir / "captains.yaml", problems, True)
    captains: list[Captain] = []
    for rec in records:
        captains.append(
            Captain(
                rec.need("name", text(max_len=40)) or "",
                rec.need("effect", text(max_len=200)) or "",
                rec.get("copies", integer(1, 9), copies),
                source(rec),
            )
        )
        rec.done()
    problems.raise_if_any()
    return PirateFleetsGame(
        title=game.title,
        players_min=game.players[0],
        players_max=game.players[1],
        turns=game.turns,
        target_min=game.tn[0],
        target_max=game.tn[1],
        actions=actions,
        spaces=spaces,
        scaling=game.scaling,
        optional_spaces=game.optional,
        supply=tuple(supply),
        supply_count=supply_count,
        captains=tuple(captains),
        captains_count=captains_count,
        tables=tables,
        colours=game.colours,
        pawns_per_player=game.pawns,
        disks_per_player=game.disks,
        gold=game.gold,
        reference=game.reference,
        space_size=game.space,
        card_size=game.card,
        reference_size=game.reference_size,
        pawn=game.pieces["pawn"],
        disk=game.pieces["disk"],
        gold_token=game.pieces["gold"],
        first_player=game.pieces["first_player"],
        source=str(game_dir / "spaces.yaml"),
    )
