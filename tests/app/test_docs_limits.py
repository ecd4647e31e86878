"""The limits the reference states (the random dealers', the card game's values) are the code's
own: a changed limit fails here until its page says the new one."""

from __future__ import annotations

from pathlib import Path

from pnpkit.games.cardgame import model
from pnpkit.games.false_colors.charts.engine import deal, mapsearch
from pnpkit.games.tabletop_fleets import rules
from pnpkit.load.limits import MAX_PRINTED_CARDS

REFERENCE = Path(__file__).resolve().parents[2] / "docs" / "reference"


def _said(page: str) -> str:
    return " ".join((REFERENCE / page).read_text(encoding="utf-8").split())


def test_the_chart_reference_states_the_dealers_step_limits() -> None:
    text = _said("charts.md")
    assert f"tries {deal.DEAL_ATTEMPTS} uniform draws" in text
    assert f"searches at most {deal.SEARCH_LIMIT:,} steps" in text
    assert f"at most {deal.COUNT_LIMIT:,} steps before it settles for bounds" in text
    assert f"`pnpkit check` at most {deal.CHECK_LIMIT:,}" in text
    assert f"at most {deal.NEAR_LIMIT:,} for each of 8 nearby counts" in text
    assert f"up to {deal.DEAL_ATTEMPTS * deal.DRAW_LONGER:,} more" in text
    assert f"a chart of up to {mapsearch.NODE_CELLS} cells" in text
    assert f"cells ÷ {mapsearch.NODE_CELLS} steps" in text
    assert f"stops past {deal.REASON_LIMIT:,} of them" in text


def test_the_tabletop_reference_states_the_table_dealers_caps() -> None:
    text = _said("tabletop-fleets.md")
    assert f"at most {rules.MAX_ISLANDS} islands are dealt" in text
    assert f"at most {rules.THROWS} throws per island" in text
    assert f"at most {rules.MAX_THROWS:,} throws in the whole deal" in text
    fills = f"÷ {rules.ATTEMPTS_PER_FILL} times, at most {rules.MAX_ROUNDS} and at least once"
    assert fills in text


def test_the_card_game_reference_states_its_limits() -> None:
    text = _said("cardgame.md")
    largest = f"{model.LARGEST_NUMBER:,}"
    assert f"`number` (whole or not, from -{largest} to {largest})" in text
    assert f"at most {MAX_PRINTED_CARDS:,} cards in the game, copies included" in text
    items = f"of at most {model.LIST_ITEMS} texts of up to {model.LIST_ITEM_LENGTH} characters"
    assert items in text
