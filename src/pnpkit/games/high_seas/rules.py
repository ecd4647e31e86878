"""High Seas checks: the crew cycle, the card counts and the heart total. Pure; returns data."""

from __future__ import annotations

from pnpkit.engine.cardgames import Violation
from pnpkit.games.high_seas.model import HighSeasGame


def check_crew_cycle(game: HighSeasGame) -> list[Violation]:
    """Each crew type beats exactly one other and loses to exactly one, in one full cycle."""
    found: list[Violation] = []
    keys = [c.key for c in game.crew]
    for crew in game.crew:
        beats = str(game.where.at(crew, "beats")) or crew.source  # the line that names it
        if crew.beats == crew.key:
            found.append(Violation("crew-cycle", f"{crew.name} beats itself", beats))
        elif crew.beats not in keys:
            found.append(
                Violation(
                    "crew-cycle",
                    f"{crew.name} beats {crew.beats!r}, which is no crew type "
                    f"(allowed: {', '.join(keys)})",
                    beats,
                )
            )
        losers = game.beaten_by(crew.key)
        if len(losers) != 1:
            names = ", ".join(c.name for c in losers) or "no one"
            found.append(
                Violation(
                    "crew-cycle",
                    f"{crew.name} loses to {names}; each type must lose to exactly one",
                    crew.source,
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
                f"the cycle {' > '.join(seen)} leaves out "
                f"{', '.join(k for k in keys if k not in seen)}",
                str(game.where.of("crew")),
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
                f"{detail} = {cards} crew cards, the rules list {game.component('crew_cards')}",
                str(game.where.of("components", "crew_cards")),
            )
        )
    hearts = sum(game.hearts) * len(game.ships)
    if hearts != game.component("heart_pieces"):
        found.append(
            Violation(
                "heart-total",
                f"hearts per area {list(game.hearts)} × {len(game.ships)} ships = {hearts}, "
                f"the rules list {game.component('heart_pieces')} heart pieces",
                str(game.where.of("hearts")),
            )
        )
    cannons = game.areas * len(game.ships)
    if cannons != game.component("cannons"):
        found.append(
            Violation(
                "cannon-count",
                f"{game.areas} areas × {len(game.ships)} ships = {cannons} cannon mounts, "
                f"the rules list {game.component('cannons')} cannons",
                str(game.where.of("components", "cannons")),
            )
        )
    if any(h < 1 for h in game.hearts):
        found.append(
            Violation(
                "heart-total",
                "every staging area needs at least one heart",
                str(game.where.of("hearts")),
            )
        )
    if len(game.ships) != 2:
        found.append(
            Violation(
                "ships", f"{len(game.ships)} ships; High Seas has two", str(game.where.of("ships"))
            )
        )
    return found


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
    return [*check_crew_cycle(game), *check_counts(game)]
