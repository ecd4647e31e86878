"""Play-aid drawings print exactly the numbers they are given."""

from __future__ import annotations

from pnpkit.games.false_colors.tracks import (
    CaptainsLog,
    OrderSlips,
    QuietTrack,
    RoundTrack,
    ScoreTrack,
    SunkTally,
)
from pnpkit.render.vector import Shape, Words


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


def test_the_captains_log_has_no_order_columns() -> None:
    """The log holds the secret score only: the orders go on the slips, shown at the reveal."""
    scores = ("harbors", "Capital", "fights", "total")
    log = CaptainsLog(10, (5,), 400.0, scores=scores)
    texts = _texts(log.items())
    assert texts[:5] == ["harbors", "Capital", "fights", "total", "Round"]
    assert not [t for t in texts if "order" in t]
    assert log.score_column == (400.0 - CaptainsLog.ROUND_COLUMN) / 4
    assert log.height == 11 * log.line


def test_order_slips_one_a_round_a_line_an_order() -> None:
    slips = OrderSlips((1, 2, 3, 4), 3, 1, (2,), 540.0, columns=3)
    texts = _texts(slips.items())
    assert [t for t in texts if t.startswith("Round")] == [
        "Round 1",
        "Round 2",
        "Round 3",
        "Round 4",
    ]
    assert texts.count("ship at") == 4 * 4 and texts.count("to") == 4 * 4
    assert slips.slip_height == OrderSlips.HEAD + 4 * slips.line + OrderSlips.FOOT
    assert slips.height == 2 * slips.slip_height  # two rows of three


def test_quiet_track_counts_to_the_stalling_rounds() -> None:
    track = QuietTrack(6, box=40.0, last_words="storm hurries")
    texts = _texts(track.items())
    assert [t for t in texts if t.isdigit()] == [str(n) for n in range(7)]
    assert texts[-1] == "storm hurries"
    assert (track.width, track.height) == (480.0, 40.0)
    assert sum(isinstance(i, Shape) for i in QuietTrack(13).items()) == 14 + 1


def test_score_track_and_tally() -> None:
    assert _texts(ScoreTrack(9, per_row=5).items()) == [str(n) for n in range(10)]
    tally = SunkTally(("Blue", "Red"), (("7", 1), ("2", 3)), 300.0)
    assert _texts(tally.items()) == ["Blue", "7", "2", "2", "2", "Red", "7", "2", "2", "2"]
