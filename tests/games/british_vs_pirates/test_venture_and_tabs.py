"""The Venture names its cannons (the book leaves them unnamed: our choice, said at the card's
foot as "cannon name", not "cannons": the dice and accuracy are the book's); every glue tab's
label reads with the tile upright."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpkit.games.british_vs_pirates.components import SHIP_OURS, ours_line, ship_deck
from pnpkit.games.british_vs_pirates.load import load_bvp
from pnpkit.games.british_vs_pirates.tiles import label_angle
from pnpkit.model.ours import MARK

GAME = "british-vs-pirates"


def test_the_venture_prints_its_cannons_name_and_says_only_the_name_is_ours(
    data_dir: Path,
) -> None:
    game = load_bvp(data_dir / GAME)
    (venture,) = [card for card in ship_deck(game).cards if card.key == "venture"]
    fields = dict(venture.front.fields)
    assert fields["cannon_name"] == "12lb Zebec Guns"
    rows = dict(fields["cannon_rows"])  # type: ignore[arg-type]
    assert rows["Dice"] == ("2", "2", "2", "X") and rows["Accuracy"] == ("4", "4", "1", "X")
    foot = fields["foot"]
    assert isinstance(foot, str) and "cannon name" in foot
    assert "cannons" not in foot.replace("cannon name", "")


def test_a_path_is_named_by_its_most_specific_label() -> None:
    class Marked:
        paths = ("cannons.name", "speed")

        def of(self, path: str) -> bool:
            return path in self.paths

    line = ours_line(Marked(), SHIP_OURS)  # type: ignore[arg-type]
    assert line == f"{MARK} our choice: cannon name, speed dial order"

    class AllCannons(Marked):
        paths = ("cannons.name", "cannons.dice")

    assert ours_line(AllCannons(), SHIP_OURS) == f"{MARK} our choice: cannon name, cannons"  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("ex", "ey", "angle"),
    [(1, 0, 0), (-1, 0, 0), (0, 1, 90), (0, -1, 90), (0.5, -0.866, -60), (-0.5, 0.866, -60)],
)
def test_tab_labels_read_left_to_right_or_upwards(ex: float, ey: float, angle: float) -> None:
    assert label_angle(ex, ey) == pytest.approx(angle, abs=0.1)


def test_the_sea_monster_has_a_card_of_its_own_one_a_piece(data_dir: Path) -> None:
    from pnpkit.games.british_vs_pirates.components import monster_deck

    game = load_bvp(data_dir / GAME)
    assert game.monster is not None
    (card,) = monster_deck(game).cards
    assert card.qty == game.pieces.sea_monsters  # one card for each Sea Monster piece
    fields = dict(card.front.fields)
    assert (fields["moves"], fields["pivots"], fields["defence"], fields["start"]) == (
        "3",
        "2",
        "5",
        "4",
    )
    rows = dict(fields["cannon_rows"])  # type: ignore[arg-type]
    assert rows["Dice"] == ("3", "X", "X", "X") and rows["Accuracy"] == ("2", "X", "X", "X")
    # the numbers are ours, said once at the foot; the rules it follows are the book's
    assert fields["foot"] == f"{MARK} our choice: moves, pivots, bite, defence, D6 starting number"
    assert "Only cannons and other Sea Monsters can damage it" in str(fields["text"])
    (event,) = [e for e in game.events if e.key == "sea-monster"]
    assert "Sea Monster card" in event.text and "D12" not in event.text  # said once, on the card
