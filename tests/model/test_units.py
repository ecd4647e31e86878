import pytest

from pnpkit.units import UnitError, to_mm, to_points


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("1.25in", 90.0),
        ("1in", 72.0),
        ("25.4mm", 72.0),
        ("2.54cm", 72.0),
        ("18pt", 18.0),
        (".5in", 36.0),
    ],
)
def test_lengths_become_points(text: str, points: float) -> None:
    assert to_points(text) == pytest.approx(points)


@pytest.mark.parametrize(
    "bad", ["1.25", "1.25 inches", "in", "-1in", "1,5mm", "", 90, 1.5, True, None]
)
def test_bad_lengths_say_what_is_allowed(bad: object) -> None:
    with pytest.raises(UnitError, match="allowed: a number with in, mm, cm or pt"):
        to_points(bad)  # type: ignore[arg-type]


def test_mm_round_trip() -> None:
    assert to_mm(to_points("32mm")) == pytest.approx(32.0)
