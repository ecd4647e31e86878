"""``data/high-seas/game.yaml`` → :class:`~pnpkit.games.high_seas.model.HighSeasGame`.

Every problem in the file is collected and raised together as one DataError.
"""

from __future__ import annotations

from pathlib import Path

from pnpkit.games.high_seas.model import CrewType, HighSeasGame, Section, Ship
from pnpkit.load.cards import card_size, colour, pair_of_lengths, source
from pnpkit.load.fields import Fields, Problems, choice, integer, length, list_of, text
from pnpkit.load.yamlnode import load_yaml
from pnpkit.model.cards import DEFAULT_CARD_SIZE, CardSize
from pnpkit.model.vocabulary import PATTERNS
from pnpkit.units import INCH

ICONS = ("cannon", "musket", "cutlass")
COMPONENTS = ("crew_cards", "heart_pieces", "cannons")


def load_high_seas(game_dir: Path) -> HighSeasGame:
    path = game_dir / "game.yaml"
    problems = Problems()
    root = Fields(load_yaml(path, problems.items), problems)
    root.node_of("kit")  # which game a copied folder is: pnpkit.games.find_game reads it
    title = root.need("title", text()) or ""
    author = root.need("author", text()) or ""
    credit = root.need("credit", text(max_len=400)) or ""

    components: list[tuple[str, int]] = []
    comp = root.sub("components")
    if comp is not None:
        for key in COMPONENTS:
            components.append((key, comp.need(key, integer(1, 999)) or 0))
        comp.done()

    crew: list[CrewType] = []
    for rec in root.records("crew", min_len=2):
        crew.append(
            CrewType(
                key=rec.need("key", text(max_len=40, pattern=r"[a-z][a-z0-9-]*")) or "",
                name=rec.need("name", text(max_len=40)) or "",
                count=rec.need("count", integer(1, 99)) or 0,
                beats=rec.need("beats", text(max_len=40)) or "",
                pirates=rec.need("pirates", text(max_len=120)) or "",
                why=rec.need("why", text(max_len=200)) or "",
                colour=rec.need("colour", colour()) or "#000000",
                icon=rec.need("icon", choice(ICONS)) or ICONS[0],
                source=source(rec),
            )
        )
        rec.done()

    ships: list[Ship] = []
    for rec in root.records("ships", min_len=1):
        ships.append(
            Ship(
                key=rec.need("key", text(max_len=40)) or "",
                name=rec.need("name", text(max_len=40)) or "",
                colour=rec.need("colour", colour()) or "#000000",
                ink=rec.need("ink", colour()) or "#ffffff",
                pattern=rec.need("pattern", choice(PATTERNS)) or "plain",
                source=source(rec),
            )
        )
        rec.done()

    hearts = root.need("hearts", list_of(integer(0, 12), min_len=1, max_len=9)) or []
    first_crew = root.need("first_crew", integer(1, 30)) or 0
    max_turn = root.need("max_turn", integer(0, 9)) or 0
    max_aim = root.need("max_aim", integer(0, 9)) or 0

    sizes = root.sub("sizes")
    crew_card: CardSize = DEFAULT_CARD_SIZE
    reference = CardSize("reference", 4 * INCH, 6 * INCH)
    heart = cannon = 0.5 * INCH
    area = (2.75 * INCH, 3.75 * INCH)
    if sizes is not None:
        crew_card = sizes.get("crew_card", card_size(), DEFAULT_CARD_SIZE)
        reference = sizes.get("reference_card", card_size("reference"), reference)
        heart = sizes.need("heart_token", length(0.25 * INCH, 2 * INCH)) or heart
        cannon = sizes.need("cannon_token", length(0.25 * INCH, 2 * INCH)) or cannon
        area = sizes.need("staging_area", pair_of_lengths()) or area
        sizes.done()

    sections: list[Section] = []
    for rec in root.records("reference", min_len=1):
        sections.append(
            Section(
                title=rec.need("title", text(max_len=60)) or "",
                lines=tuple(rec.need("lines", list_of(text(max_len=600), min_len=1)) or ()),
                side=rec.get("side", choice(("front", "back")), "front"),
            )
        )
        rec.done()
    root.done()
    problems.raise_if_any()
    return HighSeasGame(
        title=title,
        author=author,
        credit=credit,
        crew=tuple(crew),
        ships=tuple(ships),
        hearts=tuple(hearts),
        components=tuple(components),
        first_crew=first_crew,
        max_turn=max_turn,
        max_aim=max_aim,
        reference=tuple(sections),
        card_size=crew_card,
        reference_size=reference,
        heart_token=heart,
        cannon_token=cannon,
        area_size=area,
        source=str(path),
    )
