"""The card size kind shared by the card games: a named size or ``[width, height]``."""

from __future__ import annotations

import re
from dataclasses import replace

from pnpkit.errors import Problem
from pnpkit.load.fields import Invalid, Kind, choice, in_unit, invalid, length
from pnpkit.load.nodes import ListNode, Node, ScalarNode, describe
from pnpkit.model.cards import CARD_SIZES, CardSize
from pnpkit.units import INCH

_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


def colour() -> Kind[str]:
    """A colour written ``#rrggbb``, returned lower-case (for loaders that read field by field;
    the schema reader has :class:`pnpkit.model.schema.Colour`)."""

    def read(node: Node, field: str) -> str:
        if not isinstance(node, ScalarNode) or not isinstance(node.value, str):
            raise invalid(node, field, f"expected a colour, found {describe(node)}", "#rrggbb")
        if not _COLOUR.fullmatch(node.value):
            raise invalid(node, field, f"{node.value!r} is not a colour", "#rrggbb, e.g. #1f4e79")
        return node.value.lower()

    return read


MIN_CONTRAST = 4.5
"""Least contrast between printed words and what they are printed on (the WCAG ratio for
normal text)."""


def contrast(first: str, second: str) -> float:
    """The WCAG contrast ratio of two ``#rrggbb`` colours (1 to 21).

    >>> round(contrast("#000000", "#ffffff"), 1), round(contrast("#f0e68c", "#fbf7ee"), 1)
    (21.0, 1.2)
    """
    light, dark = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _luminance(colour_text: str) -> float:
    channels = [int(colour_text[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


SIZE_ALLOWED = (
    ", ".join(
        f"{name} ({size.width / INCH:g} × {size.height / INCH:g} in)"
        for name, size in CARD_SIZES.items()
    )
    + ", or [width, height] as lengths, e.g. [63mm, 88mm]"
)
"""Every named size with its sides, and the custom size: what a card size may be."""


def two_lengths(side: Kind[float], allowed: str) -> Kind[tuple[float, float]]:
    """``[width, height]``: a list of two lengths, each read by ``side`` (every problem of
    both said)."""

    def read(node: Node, field: str) -> tuple[float, float]:
        items = node.items if isinstance(node, ListNode) else []
        if len(items) != 2:
            raise invalid(node, field, f"has {len(items)} lengths", allowed)
        problems: list[Problem] = []
        sides: list[float] = []
        for i, item in enumerate(items):
            try:
                sides.append(side(item, f"{field}[{i}]"))
            except Invalid as exc:
                problems.extend(exc.problems)
        if problems:
            raise Invalid(problems)
        return sides[0], sides[1]

    return read


LONGEST_SIDE = 40 * INCH
"""The longest side of a card the loader reads: past any paper's, so that what a paper holds is
said by the paper (:func:`pnpkit.layout.imposition.card_problem`: the largest card of each, at
the size's line), the side only bounded against absurd numbers here."""
PAPER_SIDES = "a card the paper holds: at most about 8 × 10 in on letter and a4"


def card_size() -> Kind[CardSize]:
    """A named size (``poker``, ``mini``, ``square``) or ``[width, height]`` as lengths."""
    named = choice(list(CARD_SIZES))
    least = length(lo=0.5 * INCH)

    def side(node: Node, field: str) -> float:
        points = least(node, field)
        if points > LONGEST_SIDE:
            said = node.text if isinstance(node, ScalarNode) else in_unit(points, "in")
            raise invalid(node, field, f"{said} is larger than any paper", PAPER_SIDES)
        return points

    pair = two_lengths(side, SIZE_ALLOWED)

    def read(node: Node, field: str) -> CardSize:
        if isinstance(node, ListNode):
            return CardSize("custom", *pair(node, field))
        if isinstance(node, ScalarNode) and isinstance(node.value, str):
            try:
                return CARD_SIZES[named(node, field)]
            except Invalid as exc:  # not a name: say every size there is
                raise Invalid([replace(p, allowed=SIZE_ALLOWED) for p in exc.problems]) from None
        raise invalid(node, field, f"expected a card size, found {describe(node)}", SIZE_ALLOWED)

    return read
