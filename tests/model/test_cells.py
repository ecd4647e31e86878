import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnpkit.model.cells import Hex, Square, column_index, column_letters

hexes = st.builds(Hex, st.integers(-30, 30), st.integers(-30, 30))
squares = st.builds(Square, st.integers(0, 11), st.integers(0, 11))


@given(hexes)
def test_six_sixth_turns_are_the_identity(h: Hex) -> None:
    assert h.rotated(6) == h
    assert h.rotated(1) != h or h == Hex(0, 0)


@given(hexes, st.integers(0, 5))
def test_rotation_keeps_distance_from_centre(h: Hex, k: int) -> None:
    assert h.rotated(k).length() == h.length()


@given(squares)
def test_four_quarter_turns_are_the_identity(s: Square) -> None:
    assert s.rotated(4, 12, 12) == s
    assert s.rotated(2, 12, 12) == Square(11 - s.x, 11 - s.y)


def test_quarter_turn_is_clockwise() -> None:
    # The top-left corner goes to the top-right corner.
    assert Square(0, 0).rotated(1, 12, 12) == Square(11, 0)
    with pytest.raises(ValueError):
        Square(0, 0).rotated(1, 10, 12)


def test_hex_neighbours_are_at_distance_one() -> None:
    centre = Hex(2, -1)
    assert len(set(centre.neighbours())) == 6
    assert all(centre.distance(n) == 1 for n in centre.neighbours())


def test_labels() -> None:
    assert Square(0, 0).label() == "A1"
    assert Square(11, 11).label() == "L12"
    assert Square.parse("l12") == Square(11, 11)
    assert Square.parse("A0") is None
    assert Hex(0, 0).label(8) == "I9"
    assert Hex(0, -8).label(8) == "A1"
    assert column_letters(26) == "AA" and column_index("AA") == 26


@given(
    st.integers(1, 12).flatmap(
        lambda n: st.tuples(st.just(n), st.integers(-n, n), st.integers(-n, n))
    )
)
def test_hex_labels_round_trip(args: tuple[int, int, int]) -> None:
    radius, q, r = args
    h = Hex(q, r)
    if h.length() <= radius:
        assert Hex.parse(h.label(radius), radius) == h
