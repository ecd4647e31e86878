"""One vocabulary of emblems and patterns, drawn one way: every word the data may use draws as
itself, on cards, counters and tokens alike."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from pnpkit.games.false_colors.load import load_fleet_game
from pnpkit.games.false_colors.tokens import fleet_tokens
from pnpkit.model.cards import CounterShape
from pnpkit.model.vocabulary import EMBLEMS, PATTERNS
from pnpkit.render.emblems import emblem_item, emblem_svg, pattern_svg
from pnpkit.render.vector import Svg, to_svg

DATA = Path(__file__).resolve().parents[2] / "data" / "false-colors"


def test_every_emblem_draws_and_no_two_draw_alike() -> None:
    drawn = {name: str(emblem_svg(name, 10, 10, 8, "#000000", "#ffffff")) for name in EMBLEMS}
    assert all(drawn.values())
    assert len(set(drawn.values())) == len(EMBLEMS)


def test_every_pattern_but_plain_draws_and_no_two_draw_alike() -> None:
    drawn = {
        name: str(pattern_svg(name, CounterShape.SQUARE, 50, "#000000", "#ffffff"))
        for name in PATTERNS
    }
    assert drawn.pop("plain") == ""
    assert all(drawn.values())
    assert len(set(drawn.values())) == len(drawn)


def test_an_unknown_emblem_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown emblem 'kraken'"):
        emblem_svg("kraken", 10, 10, 8, "#000000", "#ffffff")


@pytest.mark.parametrize("emblem", EMBLEMS)
def test_a_fleet_token_wears_its_own_emblem(emblem: str) -> None:
    """Regression: a fleet with ``emblem: crown`` printed an anchor on its tokens."""
    game = load_fleet_game(DATA)
    fleet = replace(game.fleets[0], emblem=emblem)
    token = fleet_tokens(game.roster, fleet)[0]
    drawn = [item for item in token.items() if isinstance(item, Svg)]

    def shows(name: str) -> bool:  # the back's emblem: black on the white disc
        return any(item.markup == _emblem_in(item, name) for item in drawn)

    assert shows(emblem)
    assert not any(shows(other) for other in EMBLEMS if other != emblem)


def _emblem_in(item: Svg, name: str) -> str:
    r = item.width / 2.5
    return str(emblem_svg(name, r * 1.25, r * 1.25, r, "#000000", "#ffffff"))


def test_the_same_item_writes_svg_and_paints_pdf() -> None:
    item = emblem_item("crown", 20, 20, 8, "#000000", "#ffffff", turned=True)
    svg = to_svg([item], 40, 40)
    assert "rotate(180" in svg
    assert str(emblem_svg("crown", 10, 10, 8, "#000000", "#ffffff"))[:30] in svg
