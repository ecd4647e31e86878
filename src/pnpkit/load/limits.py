"""Upper bounds that keep a build of mistaken or hostile data finite, each reported as an
ordinary data problem naming the place and the limit.

The YAML reader bounds every file (:mod:`pnpkit.load.yamlnode`: size, values, aliases, depth)
and the field reader bounds every value (ranges, text lengths). What neither sees is a product:
a hundred cards of 99 copies each stays within both yet prints ten thousand cards. The bounds
here are for such totals.
"""

from __future__ import annotations

from pnpkit.errors import Location
from pnpkit.load.fields import Problems

MAX_PRINTED_CARDS = 2000
"""Most cards one game prints, copies included: about 225 Letter pages of poker cards, a build
of some ten seconds. The shipped games print a few hundred at most."""


def printed_cards(problems: Problems, where: Location, field: str, count: int) -> None:
    """Record a problem at ``where`` if a game prints more than :data:`MAX_PRINTED_CARDS`."""
    if count > MAX_PRINTED_CARDS:
        problems.add(
            where,
            field,
            f"the decks print {count} cards, copies included",
            f"at most {MAX_PRINTED_CARDS} in a game",
        )
