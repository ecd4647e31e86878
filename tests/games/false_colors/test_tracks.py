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


def test_the_logs_order_headings_never_run_into_each_other() -> None:
    """Eight orders and an Admiral's put 'order 9 (Admiral afloat)' over 'harbors': each
    heading is now the longest wording its column holds, down to the number alone."""
    from pnpkit.render.fonts import BOLD, text_width

    scores = ("harbors", "Capital", "fights", "total")
    for orders, extra in [(3, 1), (8, 1), (12, 1), (9, 4)]:
        pad = OrdersPad(24, orders, extra, (), 540.0, scores=scores, score_column=46.0)
        heads = sorted(
            (i for i in pad.items() if isinstance(i, Words) and i.at[1] < pad.line),
            key=lambda w: w.at[0],
        )[1:]  # after 'Round'
        spans = [
            (w.at[0] - (text_width(w.text, BOLD, 8.0) / 2 if w.anchor == "middle" else 0.0))
            for w in heads
        ]
        ends = [s + text_width(w.text, BOLD, 8.0) for s, w in zip(spans, heads, strict=True)]
        assert all(end <= start for end, start in zip(ends[:-1], spans[1:], strict=True)), (
            orders,
            extra,
            heads,
        )
        assert [w.text for w in heads[-4:]] == list(scores)
    wide = OrdersPad(24, 3, 1, (), 573.0, scores=scores, score_column=46.0)  # Letter's
    assert "order 4 (Admiral afloat)" in _texts(wide.items())
