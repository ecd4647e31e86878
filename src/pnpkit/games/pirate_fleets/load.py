"""``data/pirate-fleets/*.yaml`` → :class:`~pnpkit.games.pirate_fleets.model.PirateFleetsGame`.

Files: ``game.yaml`` (players, pieces, sizes, colours, scaling, reference text), ``actions.yaml``,
``spaces.yaml``, ``tables.yaml``, ``supply.yaml``, ``captains.yaml``, and ``layouts.yaml``, the
cards' look (:func:`~pnpkit.load.face_layouts.read_layouts_file`). Every field is read from
the model's annotations; every problem in every file is raised together as one DataError.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from pnpkit.games.pirate_fleets.model import (
    CAPTAINS_BLOCK,
    LAYOUTS,
    DiceTable,
    OpenQuestion,
    PirateFleetsGame,
    Players,
)
from pnpkit.load.face_layouts import LAYOUTS_FILE, read_layouts_file
from pnpkit.load.nodes import ListNode
from pnpkit.load.schema import Reader

FILES = ("actions.yaml", "spaces.yaml", "tables.yaml", "supply.yaml", "captains.yaml")


def load_pirate_fleets(game_dir: Path) -> PirateFleetsGame:
    reader = Reader()
    game = reader.folder(
        PirateFleetsGame, game_dir, "game.yaml", *FILES, source=str(game_dir / "spaces.yaml")
    )
    for players in reader.built(Players):
        if players.min > players.max:
            reader.add(players, "", f"{players.min}–{players.max} runs backwards", "[fewest, most]")
    if game is not None and game.players_min > game.players_max:
        message = f"min {game.players_min} is greater than max {game.players_max}"
        reader.add(game, "players", message, "min at most max")
    for table in reader.built(DiceTable):
        _covered(reader, table)
    if game is not None:
        _placed(reader, game)
    layouts = read_layouts_file(reader, game_dir / LAYOUTS_FILE, LAYOUTS)
    reader.problems.raise_if_any()
    assert game is not None
    captains = tuple(replace(c, copies=c.copies or game.captain_copies) for c in game.captains)
    return replace(game, captains=captains, layouts=tuple(layouts.values()))


def _covered(reader: Reader, table: DiceTable) -> None:
    """The rows of ``table`` cover every roll of its dice once each, in order (the last row may
    be open, ``6+``): a roll the dice cannot make, one two rows give or one no row gives is
    refused at the row's ``roll``."""
    written = reader.node(table, "rows")
    if not isinstance(written, ListNode) or len(written.items) != len(table.rows) or not table.rows:
        return  # a row could not be read (reported): its roll is not known
    count = int(table.dice[0])
    least, most = count, 6 * count
    expected = least
    allowed = f"rolls {least}–{most} of {table.dice}, each in one row, in order"
    for i, row in enumerate(table.rows):
        low, high = row.roll.low, row.roll.high
        last = i == len(table.rows) - 1
        if high is None and not last:
            reader.add(row, "roll", f"{row.roll} is open, but row {i + 2} follows it", allowed)
            return
        if low < least or low > most or (high is not None and high > most):
            reader.add(row, "roll", f"{table.dice} cannot roll {row.roll}", allowed)
            return
        if low < expected:
            message = f"{row.roll}: an earlier row already gives {_rolls(low, expected - 1)}"
            reader.add(row, "roll", message, allowed)
            return
        if low > expected:
            gap = _rolls(expected, low - 1)
            reader.add(row, "roll", f"{row.roll}: no row gives {gap}", allowed)
            return
        expected = most + 1 if high is None else high + 1
    if expected <= most:
        last_row = table.rows[-1]
        gap = _rolls(expected, most)
        message = f"{last_row.roll} is the last row: no row gives {gap}"
        reader.add(last_row, "roll", message, allowed)


def _placed(reader: Reader, game: PirateFleetsGame) -> None:
    """Each open question names the reference card's block it is printed under:
    ``actions.<key>``, ``tables.<key>``, ``reference.<section title>`` or ``captains``."""
    blocks = [f"actions.{a.key}" for a in game.actions] + [f"tables.{t.key}" for t in game.tables]
    blocks += [f"reference.{s.title}" for s in game.reference]
    blocks.append(CAPTAINS_BLOCK)
    for question in reader.built(OpenQuestion):
        if question.at not in blocks:
            message = f"{question.at!r} is no block of the reference card"
            reader.add(question, "at", message, "one of " + ", ".join(blocks))


def _rolls(low: int, high: int) -> str:
    return f"roll {low}" if low == high else f"rolls {low}–{high}"
