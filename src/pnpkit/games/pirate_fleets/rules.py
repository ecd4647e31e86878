"""Pirate Fleets checks and the board's geometry. Pure; returns data.

The board nests its player-count subsets: spaces 1–16 fill the top-left 4 × 4 block, 17–25
the rest of the 5 × 5 block, 26–36 the rest of the 6 × 6 board, so each player count plays
on one square.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnpkit.games.pirate_fleets.model import PirateFleetsGame
from pnpkit.model.violation import Violation, located
from pnpkit.units import INCH


def check_numbers(game: PirateFleetsGame) -> list[Violation]:
    """Spaces are numbered 1…N without gaps or repeats, N the board's size."""
    found: list[Violation] = []
    seen: dict[int, str] = {}
    for space in game.spaces:
        if space.number in seen:
            found.append(
                Violation(
                    "space-numbers",
                    message=f"space {space.number} ({space.title}) repeats the number of "
                    f"{seen[space.number]}",
                    source=space.source,
                )
            )
        else:
            seen[space.number] = space.title
    size = board_side(game) ** 2
    missing = [n for n in range(1, size + 1) if n not in seen]
    extra = sorted(n for n in seen if not 1 <= n <= size)
    if missing:
        found.append(
            Violation(
                "space-numbers",
                message=f"no space numbered {_ranges(missing)}",
                source=str(game.where.of("spaces.yaml", "spaces")),
            )
        )
    if extra:
        first = next(space for space in game.spaces if space.number in extra)
        found.append(
            Violation(
                "space-numbers",
                message=f"space numbers {_ranges(extra)} are off the board (allowed: 1–{size})",
                source=first.source or game.source,
            )
        )
    return found


def check_spaces(game: PirateFleetsGame) -> list[Violation]:
    """Each space names a known action, its target number is in range, its type is the action's."""
    found: list[Violation] = []
    keys = {a.key: a for a in game.actions}
    for space in game.spaces:
        action = keys.get(space.action)
        if action is None:
            found.append(
                Violation(
                    "space-action",
                    message=f"space {space.number}: unknown action {space.action!r} "
                    f"(allowed: {', '.join(sorted(keys))})",
                    source=space.source,
                )
            )
        elif space.type != action.type:
            found.append(
                Violation(
                    "space-type",
                    message=f"space {space.number} ({space.title}) is type {space.type.value}, "
                    f"but {action.name} spaces are type {action.type.value}",
                    source=space.source,
                )
            )
        if not game.target_min <= space.target <= game.target_max:
            found.append(
                Violation(
                    "target-number",
                    message=f"space {space.number} ({space.title}) has target number {space.target} "
                    f"(allowed: {game.target_min}–{game.target_max})",
                    source=space.source,
                )
            )
    return found


def check_scaling(game: PirateFleetsGame) -> list[Violation]:
    """The player counts are covered once each, the subsets grow as nested squares to the board,
    and optional spaces lie outside the subset they are added to."""
    found: list[Violation] = []
    covered: dict[int, int] = {}
    previous = 0
    for tier in game.scaling:
        for players in range(tier.players.min, tier.players.max + 1):
            if players in covered:
                found.append(
                    Violation(
                        "scaling",
                        message=f"{players} players appear in two scaling rows",
                        source=tier.source,
                    )
                )
            covered[players] = tier.spaces
        if tier.spaces <= previous:
            found.append(
                Violation(
                    "scaling",
                    message=f"{tier.players.min}–{tier.players.max} players use {tier.spaces} spaces, "
                    f"not more than the {previous} of fewer players",
                    source=tier.source,
                )
            )
        if math.isqrt(tier.spaces) ** 2 != tier.spaces:
            found.append(
                Violation(
                    "scaling",
                    message=f"{tier.spaces} spaces do not make a square block of the board",
                    source=tier.source,
                )
            )
        previous = tier.spaces
    wanted = range(game.players_min, game.players_max + 1)
    missing = [p for p in wanted if p not in covered]
    if missing:
        found.append(
            Violation(
                "scaling",
                message=f"no scaling row for {_ranges(missing)} players",
                source=str(game.where.of("scaling")),
            )
        )
    if game.scaling and game.scaling[-1].spaces != len(game.spaces):
        found.append(
            Violation(
                "scaling",
                message=f"the largest game uses {game.scaling[-1].spaces} spaces, the board has "
                f"{len(game.spaces)}",
                source=game.scaling[-1].source,
            )
        )
    for extra in game.optional_spaces:
        used = [covered.get(p) for p in range(extra.players.min, extra.players.max + 1)]
        if any(u is not None and extra.number <= u for u in used):
            found.append(
                Violation(
                    "scaling",
                    message=f"optional space {extra.number} is already in play for "
                    f"{extra.players.min}–{extra.players.max} players",
                    source=extra.source,
                )
            )
        if not any(s.number == extra.number for s in game.spaces):
            found.append(
                Violation(
                    "scaling",
                    message=f"optional space {extra.number} is not on the board",
                    source=extra.source,
                )
            )
    return found


def check_decks(game: PirateFleetsGame) -> list[Violation]:
    found: list[Violation] = []
    supply = sum(card.qty for card in game.supply)
    if supply != game.supply_count:
        found.append(
            Violation(
                "supply-count",
                message=f"the supply deck has {supply} cards, the rules list {game.supply_count}",
                source=str(game.where.of("supply.yaml", "count")),
            )
        )
    captains = sum(c.copies for c in game.captains)
    if captains != game.captains_count:
        found.append(
            Violation(
                "captains-count",
                message=f"the captains deck has {captains} cards, the rules list {game.captains_count}",
                source=str(game.where.of("captains.yaml", "count")),
            )
        )
    colours = len(game.colours)
    if colours < game.players_max:
        found.append(
            Violation(
                "colours",
                message=f"{colours} player colours for up to {game.players_max} players",
                source=str(game.where.of("colours")),
            )
        )
    looks = [(c.pattern, c.emblem) for c in game.colours]
    if len(set(c.pattern for c in game.colours)) != colours or len(set(looks)) != colours:
        found.append(
            Violation(
                "colours",
                message="each player colour needs its own pattern (colour-blind players)",
                source=str(game.where.of("colours")),
            )
        )
    if len(set(c.emblem for c in game.colours)) != colours:
        found.append(
            Violation(
                "colours",
                message="each player colour needs its own emblem (colour-blind players)",
                source=str(game.where.of("colours")),
            )
        )
    return found


TRACK_TITLE = 14.0
"""The turn track's title line, above its boxes, points."""
TRACK_BOX = 44.0
"""The narrowest box of the turn track, points: its number (up to "99" at 30 pt, 32 pt wide)
and "TURN 99" (7 pt, 26 pt wide) fit with room to spare."""
TRACK_ROW = 58.0
"""The lowest box of the turn track, points."""
TRACK_PAD = 4.0
"""Room a turn marker keeps inside its box, points."""


@dataclass(frozen=True, slots=True)
class TurnTrack:
    """The turn track's boxes: ``rows`` rows of at most ``per_row`` boxes, turn 1 at the top
    left, each ``box`` wide and ``row`` high, points."""

    per_row: int
    rows: int
    box: float
    row: float

    @property
    def height(self) -> float:
        """The track's height with its title line, points."""
        return TRACK_TITLE + self.rows * self.row


def _track_room(game: PirateFleetsGame) -> tuple[float, float]:
    """The turn track's width (the board's) and its narrowest box (a turn marker's, and at
    least :data:`TRACK_BOX`), points."""
    return board_side(game) * game.space_size, max(TRACK_BOX, game.turn_marker + TRACK_PAD)


def turn_track(game: PirateFleetsGame) -> TurnTrack:
    """The turn track laid out under the spaces: as many boxes to a row as the board's width
    holds (each at least a turn marker wide, and :data:`TRACK_BOX`), in as few rows as that
    allows, the turns shared evenly between them."""
    width, least = _track_room(game)
    fits = max(1, int(width // least))
    rows = math.ceil(game.turns / fits)
    per_row = math.ceil(game.turns / rows)
    return TurnTrack(per_row, rows, width / per_row, max(TRACK_ROW, game.turn_marker + TRACK_PAD))


def check_turn_track(game: PirateFleetsGame) -> list[Violation]:
    """A box of the turn track holds a turn marker: the board is wider than one."""
    width, least = _track_room(game)
    if not game.spaces or width >= least:
        return []
    return [
        Violation(
            "turn-track",
            message=f"sizes.turn_marker {game.turn_marker / INCH:g}in: a turn track box that holds it "
            f"is wider than the {width / INCH:g}in board (allowed: at most "
            f"{math.floor((width - TRACK_PAD) / INCH * 100) / 100:g}in, "
            f"the board's width less {TRACK_PAD:g}pt)",
            source=str(game.where.of("sizes", "turn_marker")),
        )
    ]


def check_pirate_fleets(game: PirateFleetsGame) -> list[Violation]:
    return [
        *check_numbers(game),
        *check_spaces(game),
        *check_scaling(game),
        *check_decks(game),
        *check_turn_track(game),
    ]


def board_side(game: PirateFleetsGame) -> int:
    """Spaces along one side of the square board (6 for 36 spaces)."""
    return max(1, math.isqrt(len(game.spaces) - 1) + 1) if game.spaces else 0


def space_cells(game: PirateFleetsGame) -> dict[int, tuple[int, int]]:
    """Where each space number sits as ``(column, row)`` from the top-left.

    Each scaling subset fills its own square block; within a ring the new cells are taken in
    reading order. Numbers beyond the largest subset (none on a sound board) follow on.
    """
    side = board_side(game)
    sides = [math.isqrt(t.spaces) for t in game.scaling if math.isqrt(t.spaces) ** 2 == t.spaces]
    sides = sorted({s for s in sides if s <= side} | {side})
    order: list[tuple[int, int]] = []
    inner = 0
    for outer in sides:
        for row in range(outer):
            for col in range(outer):
                if col >= inner or row >= inner:
                    order.append((col, row))
        inner = outer
    numbers = sorted(space.number for space in game.spaces)
    return {n: order[i] for i, n in enumerate(numbers) if i < len(order)}


def tier_of(game: PirateFleetsGame, number: int) -> tuple[int, int] | None:
    """The smallest player count range whose game uses space ``number``."""
    for tier in game.scaling:
        if number <= tier.spaces:
            return (tier.players.min, tier.players.max)
    return None


def _ranges(numbers: list[int]) -> str:
    parts: list[str] = []
    for n in sorted(numbers):
        if parts and parts[-1].split("–")[-1] == str(n - 1):
            parts[-1] = f"{parts[-1].split('–')[0]}–{n}"
        else:
            parts.append(str(n))
    return ", ".join(parts)


def problems(game: PirateFleetsGame) -> list[Violation]:
    """Every rule the game breaks, each at its place in the data (the game's file when the
    rule has no place of its own): what ``pnpkit check`` prints."""
    return located(check_pirate_fleets(game), game.source)
