"""High Seas checks: the crew cycle, the card counts, the heart total and the crews dealt; the
arithmetic the board's heart spaces and the reference's cannon words are made from. Pure;
returns data (no drawing library: ``pnpkit check`` and the board both use it)."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from pnpkit.games.high_seas.model import NO_CREW, Example, HighSeasGame
from pnpkit.model.violation import Violation, located


def check_crew_cycle(game: HighSeasGame) -> list[Violation]:
    """Each crew type beats exactly one other and loses to exactly one, in one full cycle."""
    found: list[Violation] = []
    keys = [c.key for c in game.crew]
    for crew in game.crew:
        beats = str(game.where.at(crew, "beats")) or crew.source  # the line that names it
        if crew.beats == crew.key:
            found.append(Violation("crew-cycle", message=f"{crew.name} beats itself", source=beats))
        elif crew.beats not in keys:
            found.append(
                Violation(
                    "crew-cycle",
                    message=f"{crew.name} beats {crew.beats!r}, which is no crew type "
                    f"(allowed: {', '.join(keys)})",
                    source=beats,
                )
            )
        losers = game.beaten_by(crew.key)
        if len(losers) != 1:
            names = ", ".join(c.name for c in losers) or "no one"
            found.append(
                Violation(
                    "crew-cycle",
                    message=f"{crew.name} loses to {names}; each type must lose to exactly one",
                    source=crew.source,
                )
            )
    if found or not keys:
        return found
    seen = [keys[0]]
    while True:
        nxt = game.crew_type(seen[-1]).beats
        if nxt == seen[0]:
            break
        seen.append(nxt)
    if len(seen) != len(keys):
        found.append(
            Violation(
                "crew-cycle",
                message=f"the cycle {' > '.join(seen)} leaves out "
                f"{', '.join(k for k in keys if k not in seen)}",
                source=str(game.where.of("crew")),
            )
        )
    return found


def crew_cycle(game: HighSeasGame) -> tuple[str, ...]:
    """The crew keys in beating order from the first type: a beats b beats c (beats a)."""
    order = [game.crew[0].key]
    while len(order) < len(game.crew):
        order.append(game.crew_type(order[-1]).beats)
    return tuple(order)


def check_counts(game: HighSeasGame) -> list[Violation]:
    """The crew cards, heart pieces and cannons add up to the rules' component list."""
    found: list[Violation] = []
    cards = sum(c.count for c in game.crew)
    if cards != game.component("crew_cards"):
        detail = " + ".join(f"{c.count} {c.name}" for c in game.crew)
        found.append(
            Violation(
                "card-count",
                message=f"{detail} = {cards} crew cards, the rules list {game.component('crew_cards')}",
                source=str(game.where.of("components", "crew_cards")),
            )
        )
    hearts = sum(game.hearts) * len(game.ships)
    if hearts != game.component("heart_pieces"):
        found.append(
            Violation(
                "heart-total",
                message=f"hearts per area {list(game.hearts)} × {len(game.ships)} ships = {hearts}, "
                f"the rules list {game.component('heart_pieces')} heart pieces",
                source=str(game.where.of("hearts")),
            )
        )
    cannons = game.areas * len(game.ships)
    if cannons != game.component("cannons"):
        found.append(
            Violation(
                "cannon-count",
                message=f"{game.areas} areas × {len(game.ships)} ships = {cannons} cannon mounts, "
                f"the rules list {game.component('cannons')} cannons",
                source=str(game.where.of("components", "cannons")),
            )
        )
    if any(h < 1 for h in game.hearts):
        found.append(
            Violation(
                "heart-total",
                message="every staging area needs at least one heart",
                source=str(game.where.of("hearts")),
            )
        )
    if len(game.ships) != 2:
        found.append(
            Violation(
                "ships",
                message=f"{len(game.ships)} ships; High Seas has two",
                source=str(game.where.of("ships")),
            )
        )
    return found


def check_crews(game: HighSeasGame) -> list[Violation]:
    """The first crew fills every staging area, +1, as every later crew is dealt ("one card
    per open staging area, +1"; the rules' 6 for 5 areas)."""
    wanted = game.areas + 1
    if game.first_crew == wanted:
        return []
    return [
        Violation(
            "first-crew",
            message=f"first_crew {game.first_crew} for {game.areas} staging areas; a crew is one card "
            f"per staging area, +1 (allowed: {wanted})",
            source=str(game.where.of("first_crew")),
        )
    ]


HEART_ROW = 3
"""The most heart spaces in one row of a staging area."""
HEART_GAP = 5.0
"""From one heart piece's edge to the next one's, points."""
HEART_RING = 1.0
"""How far a heart space's ring reaches past its piece, points, each side."""


def heart_pitch(game: HighSeasGame) -> float:
    """From one heart space's centre to the next one's, points."""
    return game.heart_token + HEART_GAP


def hearts_per_row(game: HighSeasGame) -> int:
    """Heart spaces in one row of a staging area: :data:`HEART_ROW`, fewer when that many would
    be wider than the area; 0 when not even one space (its piece and ring) fits its width."""
    width = game.area_size[0]
    space = game.heart_token + 2 * HEART_RING
    if space > width + 1e-6:
        return 0
    return min(HEART_ROW, 1 + int((width - space + 1e-6) // heart_pitch(game)))


def heart_rows(game: HighSeasGame) -> int:
    """Rows of heart spaces above (or below) the card spaces: enough for the most hearts."""
    return max(1, math.ceil(max(game.hearts, default=1) / max(1, hearts_per_row(game))))


def largest_heart_token(width: float) -> float:
    """The widest heart piece a staging area ``width`` points wide holds, points."""
    return width - 2 * HEART_RING


def aim_reach(max_aim: int) -> str:
    """The enemy areas a re-aimed cannon may face, as the reference says it: the rules'
    words for one area either side, else the reach in areas."""
    if max_aim == 1:
        return "the enemy area directly left or right of the one in front of it"
    return f"an enemy area up to {max_aim} areas left or right of the one in front of it"


def turn_step(max_turn: int) -> str:
    """How far a cannon shifts in one turn, as the reference says it: the rules' words for
    one area, else the reach in areas."""
    if max_turn == 1:
        return "one staging area"
    return f"up to {max_turn} staging areas"


def turn_example(max_turn: int, areas: int) -> str:
    """The rules' example of a cannon shifting, for the middle area's cannon (the rules' 3 of
    5), with its parentheses: a shift by two takes two turns, or one when ``max_turn`` allows
    two; nothing when the ship has too few areas to show it."""
    middle = (areas + 1) // 2
    if areas < 3:
        return ""
    right, left = middle + 1, middle - 1
    if max_turn == 1:
        back = f"back to {left} takes a turn to {middle}, then a turn to {left}"
    else:
        back = f"back to {left} takes one turn too"
    return f" (from {middle} to {right} in one turn; {back})"


AREA_GAP = 8.0
"""Between two staging areas of a ship, points."""
SEA_GAP = 72.0
"""The water between the two ships, points."""
MOUNT_RIM = 1.5
"""How far a cannon mount's rim reaches past its cannon, points."""
MOUNT_MARKS = 26.0
"""Room beyond a mount's rim for its aim marks and their numbers, points."""
AIM_LABEL = 17.0
"""From a mount's rim to the centre of an aim mark's number, points."""
AIM_GAP = 8.0
"""The least distance between the centres of two aim numbers of one mount, points: a 7 pt
digit is about 4 pt wide and 5 pt tall."""


def mount_radius(game: HighSeasGame) -> float:
    """A cannon mount's radius, points."""
    return game.cannon_token / 2 + MOUNT_RIM


MOUNT_GAP = 2.0
"""The least space between two neighbouring cannon mounts, points."""


def largest_cannon_token(area_width: float) -> float:
    """The widest cannon piece whose mount (:func:`mount_radius`) keeps :data:`MOUNT_GAP`
    from the next staging area's, the mounts a staging area's pitch apart, points."""
    return area_width + AREA_GAP - MOUNT_GAP - 2 * MOUNT_RIM


def mount_reach(game: HighSeasGame) -> float:
    """From a ship's bow edge to a mount's centre, points: room for the aim marks and numbers."""
    return mount_radius(game) + MOUNT_MARKS


def aim_angle(game: HighSeasGame, offset: int) -> float:
    """The direction, radians from the mount's side, of the aim mark at the enemy area
    ``offset`` areas to one side of straight ahead (``0``: straight ahead, a right angle)."""
    across = SEA_GAP + 2 * mount_reach(game)
    return math.atan2(across, offset * (game.area_size[0] + AREA_GAP))


def aim_spacing(game: HighSeasGame, max_aim: int) -> float:
    """The least distance between two neighbouring aim numbers of one mount when a cannon may
    face ``max_aim`` areas either side (as far as the ship has areas), points."""
    reach = min(max_aim, game.areas - 1)
    radius = mount_radius(game) + AIM_LABEL
    angles = [aim_angle(game, d) for d in range(reach + 1)]
    gaps = (2 * radius * math.sin((a - b) / 2) for a, b in itertools.pairwise(angles))
    return min(gaps, default=math.inf)


def check_aim(game: HighSeasGame) -> list[Violation]:
    """A cannon mount's aim numbers print apart (:data:`AIM_GAP`): the further a cannon may
    face, the closer its furthest numbers lie (the board draws each towards its enemy area)."""
    if aim_spacing(game, game.max_aim) >= AIM_GAP:
        return []
    most = max((m for m in range(1, game.max_aim) if aim_spacing(game, m) >= AIM_GAP), default=1)
    return [
        Violation(
            "aim-marks",
            message=f"max_aim {game.max_aim}: a cannon mount's aim numbers would print "
            f"{aim_spacing(game, game.max_aim):.1f}pt apart, under {AIM_GAP:g}pt "
            f"(allowed: 1–{most} with these sizes.cannon_token and sizes.staging_area)",
            source=str(game.where.of("max_aim")),
        )
    ]


def aim_targets(game: HighSeasGame, area: int) -> tuple[int, ...]:
    """Enemy areas (0-based, the firing captain's left to right) a cannon at ``area`` may face.

    The ships face each other, so the enemy area straight ahead of area ``a`` is the enemy's
    area ``n - 1 - a`` counted from the enemy captain's left; here both are counted from the
    firing captain's left, so straight ahead is ``a``.
    """
    return tuple(
        t for t in range(area - game.max_aim, area + game.max_aim + 1) if 0 <= t < game.areas
    )


def check_high_seas(game: HighSeasGame) -> list[Violation]:
    found = [*check_crew_cycle(game), *check_counts(game), *check_crews(game), *check_aim(game)]
    return found or check_examples(game)  # an example is read with a whole crew cycle


@dataclass(frozen=True, slots=True)
class Clash:
    """One match-up of a round: the crews of ``areas`` (bottom ship's, top ship's; 0-based)
    meet because at least one of their cannons faces the other. ``winner`` is ``"bottom"``,
    ``"top"`` or ``""`` (a draw); the loser loses a heart only when the winner's cannon faces
    it (``hit``): an attacker beaten by an area whose cannon faces elsewhere loses nothing."""

    bottom: int
    top: int
    bottom_crew: str
    top_crew: str
    winner: str
    hit: bool


def aims(game: HighSeasGame, given: tuple[int, ...] | None) -> tuple[int, ...]:
    """The enemy area (0-based) each cannon faces: ``given`` (1-based), else straight ahead."""
    return tuple(a - 1 for a in given) if given is not None else tuple(range(game.areas))


def hearts_left(game: HighSeasGame, given: tuple[int, ...] | None) -> tuple[int, ...]:
    """Each area's hearts in an example: ``given``, else every area's full hearts."""
    return given if given is not None else game.hearts


def battle(game: HighSeasGame, example: Example) -> tuple[Clash, ...]:
    """Every match-up of ``example``'s round, left to right: each open area with a crew meets
    the enemy area its cannon faces (two areas facing each other meet once). An area that
    loses to two attackers loses a heart to each (our ruling on what the rules leave open)."""
    bottom_aim, top_aim = aims(game, example.bottom_aims), aims(game, example.top_aims)
    bottom_hearts = hearts_left(game, example.bottom_hearts)
    top_hearts = hearts_left(game, example.top_hearts)
    pairs: list[tuple[int, int]] = []
    for area in range(game.areas):
        if bottom_hearts[area] and example.bottom[area] != NO_CREW:
            pairs.append((area, bottom_aim[area]))
        if top_hearts[area] and example.top[area] != NO_CREW:
            pairs.append((top_aim[area], area))
    clashes = []
    for bottom, top in sorted(set(pairs)):
        crews = example.bottom[bottom], example.top[top]
        if NO_CREW in crews or not bottom_hearts[bottom] or not top_hearts[top]:
            continue  # no crew to meet: nothing happens
        winner = _winner(game, *crews)
        faces = bottom_aim[bottom] == top if winner == "bottom" else top_aim[top] == bottom
        clashes.append(Clash(bottom, top, *crews, winner, bool(winner) and faces))
    return tuple(clashes)


def _winner(game: HighSeasGame, bottom: str, top: str) -> str:
    if game.crew_type(bottom).beats == top:
        return "bottom"
    if game.crew_type(top).beats == bottom:
        return "top"
    return ""


def hearts_lost(clashes: tuple[Clash, ...], side: str, area: int) -> int:
    """Hearts ``side``'s ``area`` loses in the round."""
    loser = "top" if side == "bottom" else "bottom"
    return sum(1 for c in clashes if c.hit and c.winner == loser and getattr(c, side) == area)


def check_examples(game: HighSeasGame) -> list[Violation]:
    """Each example fits the ship (an entry per staging area), names crew types, gives no area
    more hearts than it has, shows no crew in a closed area, and re-aims only a cannon whose
    enemy area across is closed, within ``max_aim``; a freed cannon's enemy area is closed."""
    found: list[Violation] = []
    keys = {c.key for c in game.crew}
    n = game.areas

    def bad(example: Example, field: str, message: str) -> None:
        where = str(game.where.at(example, field)) or example.source
        found.append(
            Violation(
                "examples", message=f"example {example.key}: {field}: {message}", source=where
            )
        )

    for ex in game.examples:
        rows = {
            "top": ex.top,
            "bottom": ex.bottom,
            "top_hearts": ex.top_hearts,
            "bottom_hearts": ex.bottom_hearts,
            "top_aims": ex.top_aims,
            "bottom_aims": ex.bottom_aims,
        }
        wrong = [f for f, row in rows.items() if row is not None and len(row) != n]
        for f in wrong:
            bad(ex, f, f"{len(rows[f] or ())} entries for {n} staging areas")
        if wrong:
            continue
        for side, crews, given, aimed in (
            ("top", ex.top, ex.top_hearts, ex.top_aims),
            ("bottom", ex.bottom, ex.bottom_hearts, ex.bottom_aims),
        ):
            other = ex.bottom_hearts if side == "top" else ex.top_hearts
            enemy = hearts_left(game, other)
            for crew in crews:
                if crew != NO_CREW and crew not in keys:
                    allowed = ", ".join([*sorted(keys), NO_CREW])
                    bad(ex, side, f"{crew!r} is no crew type (allowed: {allowed})")
            for area, hearts in enumerate(hearts_left(game, given)):
                if hearts > game.hearts[area]:
                    bad(ex, f"{side}_hearts", f"area {area + 1} has {game.hearts[area]} hearts")
                if hearts == 0 and crews[area] != NO_CREW:
                    bad(ex, side, f"area {area + 1} is closed (no hearts) but shows a crew")
            for area, target in enumerate(aims(game, aimed)):
                if target == area:
                    continue
                if target not in aim_targets(game, area):
                    bad(ex, f"{side}_aims", f"area {area + 1} cannot face enemy area {target + 1}")
                elif enemy[area]:
                    bad(
                        ex,
                        f"{side}_aims",
                        f"area {area + 1} is re-aimed, but the enemy area across is open",
                    )
        if ex.free is not None and (ex.free > n or hearts_left(game, ex.top_hearts)[ex.free - 1]):
            bad(ex, "free", f"area {ex.free}'s cannon is not freed (the enemy area across is open)")
    return found


def problems(game: HighSeasGame) -> list[Violation]:
    """Every rule the game breaks, each at its place in the data (the game's file when the
    rule has no place of its own): what ``pnpkit check`` prints."""
    return located(check_high_seas(game), game.source)
