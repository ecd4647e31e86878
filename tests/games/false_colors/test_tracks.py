"""Play-aid drawings print exactly the numbers they are given."""

from __future__ import annotations

from pnpkit.games.false_colors.tracks import OrdersPad, RoundTrack, ScoreTrack, SunkTally
from pnpkit.render.vector import Words


def _texts(items: list) -> list[str]:  # type: ignore[type-arg]
    return [item.text for item in items if isinstance(item, Words)]


def test_round_track_marks_storm_and_truce_rounds() -> None:
    track = RoundTrack(24, (13, 18, 22), 1, box=40.0, per_row=12)
    texts = _texts(track.items())
    assert [t for t in texts if t.isdigit()] == [str(n) for n in range(1, 25)]
    assert [t for t in texts if t.startswith("storm")] == [
        "storm: ring 1",
        "storm: ring 2",
        "storm: ring 3",
    ]
    assert texts.count("truce") == 1
    assert (track.width, track.height) == (480.0, 80.0)


def test_orders_pad_has_one_column_per_order() -> None:
    pad = OrdersPad(rounds=10, orders=2, extra=2, storm_rounds=(5,), width=400.0)
    texts = _texts(pad.items())
    assert texts[:5] == [
        "Round",
        "order 1",
        "order 2",
        "order 3 (Admiral afloat)",
        "order 4 (Admiral afloat)",
    ]
    assert pad.height == 11 * pad.line


def test_score_track_and_tally() -> None:
    assert _texts(ScoreTrack(9, per_row=5).items()) == [str(n) for n in range(10)]
    tally = SunkTally(("Blue", "Red"), (("7", 1), ("2", 3)), 300.0)
    assert _texts(tally.items()) == ["Blue", "7", "2", "2", "2", "Red", "7", "2", "2", "2"]
