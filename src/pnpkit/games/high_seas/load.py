"""``data/high-seas/game.yaml`` → :class:`~pnpkit.games.high_seas.model.HighSeasGame`, with
the crew cards' look from ``layouts.yaml`` (:func:`~pnpkit.load.face_layouts.read_layouts_file`).

Every field is read from the model's annotations (:mod:`pnpkit.load.schema`); what they cannot
say (a staging area holds a crew card; the ships' halves of the board differ in grayscale) is
checked here. Every problem in the files is collected and raised together as one DataError.
"""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

from pnpkit.games.high_seas.model import LAYOUTS, HighSeasGame, Ship
from pnpkit.games.high_seas.rules import (
    largest_cannon_token,
    largest_heart_token,
)
from pnpkit.load.face_layouts import LAYOUTS_FILE, read_layouts_file
from pnpkit.load.fields import Fields, Kind, Problems, text
from pnpkit.load.rule_blocks import choice, read_document
from pnpkit.load.schema import Reader
from pnpkit.load.yamlnode import try_load_yaml
from pnpkit.model.rule_document import RuleDocument
from pnpkit.render.colour import hex_rgb
from pnpkit.units import INCH
from pnpkit.verify.promises import MIN_GRAY_STEP, gray_level

RULES_FILE = "rules.yaml"
"""The words of ``examples.pdf`` (``examples:``), beside ``game.yaml``; a diagram is a block
``picture: <key>`` drawing ``game.yaml``'s example of that key, and ``questions: open``
lists ``game.yaml``'s open questions with our rulings."""
RULE_KINDS: dict[str, Kind[str]] = {"picture": text(max_len=40), "questions": choice(("open",))}


def load_high_seas(game_dir: Path) -> HighSeasGame:
    path = game_dir / "game.yaml"
    reader = Reader()
    examples = _examples(game_dir / RULES_FILE, reader.problems)
    game = reader.file(HighSeasGame, path, source=str(path), examples_document=examples)
    if game is not None:
        _staging_area(reader, game)
        _pieces_fit(reader, game)
        _pictures(reader, game)
    _halves(reader, reader.built(Ship))
    layouts = read_layouts_file(reader, game_dir / LAYOUTS_FILE, LAYOUTS)
    reader.problems.raise_if_any()
    assert game is not None
    return replace(game, layouts=tuple(layouts.values()))


def _examples(path: Path, problems: Problems) -> RuleDocument | None:
    """``examples:`` in ``rules.yaml`` (None when the file is not there: no examples.pdf)."""
    if not path.is_file():
        return None
    node = try_load_yaml(path, problems.items)
    if node is None:
        return None
    root = Fields(node, problems)
    document = read_document(root.sub("examples"), problems, RULE_KINDS)
    root.done()
    return document


def _pictures(reader: Reader, game: HighSeasGame) -> None:
    """Each ``picture:`` names an example of ``game.yaml``."""
    if game.examples_document is None:
        return
    keys = [e.key for e in game.examples]
    for block in game.examples_document.blocks:
        if block.kind == "picture" and block.texts[0] not in keys:
            message = f"{block.texts[0]!r} is no example of game.yaml"
            reader.problems.add(block.where, "picture", message, ", ".join(keys) or "none")


def _inches(points: float) -> str:
    return f"{points / INCH:g}in"


def _staging_area(reader: Reader, game: HighSeasGame) -> None:
    """A staging area holds a crew card (the board draws the card's space inside it)."""
    width, height = game.area_size
    card = game.card_size
    if width < card.width or height < card.height:
        size = f"[{_inches(width)}, {_inches(height)}]"
        message = f"{size} is smaller than the crew card it holds"
        allowed = f"at least [{_inches(card.width)}, {_inches(card.height)}], sizes.crew_card"
        where = reader.at(game, "sizes", "staging_area")
        reader.problems.add(where, "sizes.staging_area", message, allowed)


def _pieces_fit(reader: Reader, game: HighSeasGame) -> None:
    """A staging area holds a heart space (the piece and its ring) across its width (the board
    puts as many in a row as fit: :func:`~pnpkit.games.high_seas.rules.hearts_per_row`), and
    its cannon mount, centred under it, keeps clear of the next area's: a piece too wide for
    either is refused at its size, with the widest that fits."""
    width = game.area_size[0]
    for field, size, widest, fails in (
        ("heart_token", game.heart_token, largest_heart_token(width), "space does not fit across"),
        (
            "cannon_token",
            game.cannon_token,
            largest_cannon_token(width),
            "mount does not fit beside the next one under",
        ),
    ):
        if size <= widest + 1e-6:
            continue
        piece = field.removesuffix("_token")
        message = f"a {_inches(size)} {piece} piece's {fails} a {_inches(width)} wide staging area"
        most = math.floor(widest / INCH * 100) / 100
        allowed = f"at most {most:g}in ({widest:g}pt), or a wider sizes.staging_area"
        reader.problems.add(reader.at(game, "sizes", field), f"sizes.{field}", message, allowed)


def _halves(reader: Reader, ships: list[Ship]) -> None:
    """Each ship's half of the board differs from every other's by
    :data:`~pnpkit.verify.promises.MIN_GRAY_STEP` grayscale levels, as the reference says."""
    for i, ship in enumerate(ships):
        for other in ships[:i]:
            a, b = gray_level(hex_rgb(other.half)), gray_level(hex_rgb(ship.half))
            if abs(a - b) < MIN_GRAY_STEP:
                message = (
                    f"{ship.half} (gray {b}) is {abs(a - b)} levels from "
                    f"{reader.path(other)}'s half {other.half} (gray {a})"
                )
                allowed = f"a half at least {MIN_GRAY_STEP} grayscale levels from the others"
                reader.add(ship, "half", message, allowed)
