"""Promises travel as JSON: read back field by field as the dataclasses declare them."""

from __future__ import annotations

import json

import pytest

from pnpkit.verify.promises import (
    FORMAT,
    AssemblyPromise,
    AssemblySheet,
    ColorMember,
    ColorSetPromise,
    LinePromise,
    MirrorPromise,
    Promises,
    RulerPromise,
)

EVERY_KIND = Promises(
    pages=3,
    sizes=((198.0, 270.0),),
    margin=0.0,
    lines=(
        LinePromise(1, "grid", 90.0, (0.0, 0.5, 0.0), "x", (1.0, 2.0, 3.0, 4.0)),
        LinePromise(2, "grid", 90.0, (0.0, 0.5, 0.0)),
    ),
    rulers=(RulerPromise(1, "calibration ruler 1 in", 72.0, 8, (0.0, 0.0, 0.1), (0, 0, 80, 9)),),
    assemblies=(
        AssemblyPromise(
            "chart", 900.0, 900.0, (0.2, 0.0, 0.0), (AssemblySheet(2, 1, 1),), (1.5,), ()
        ),
    ),
    mirrors=(
        MirrorPromise("cards", 1, 2, 306.0, (1.0, -1.0), 9, (180.0, 252.0), (0.3, 0.3, 0.3)),
        MirrorPromise("counters", 3, 3, 300.0),
    ),
    duplex="DuplexFlipLongEdge",
    color_sets=(
        ColorSetPromise(
            "fleets",
            (
                ColorMember("red", (1.0, 0.0, 0.0), (("emblem", "anchor"),)),
                ColorMember("blue", (0, 0, 1)),
            ),
            (1, 2),
        ),
    ),
    extra={"note": [1, 2]},
)


def test_every_kind_of_promise_reads_back_as_written() -> None:
    again = Promises.from_json(EVERY_KIND.to_json())
    assert again == EVERY_KIND
    assert isinstance(again.rulers[0].bbox[2], float)  # numbers read as declared
    assert again.mirrors[1].size is None and again.mirrors[1].offset == (0.0, 0.0)


def test_missing_fields_take_their_defaults() -> None:
    text = json.dumps(
        {"format": FORMAT, "lines": [{"page": 1, "what": "g", "pitch": 9, "color": [0, 0, 0]}]}
    )
    promises = Promises.from_json(text)
    assert promises.lines == (LinePromise(1, "g", 9.0, (0.0, 0.0, 0.0), "both", None),)
    assert promises.margin == 18.0 and promises.pages is None


@pytest.mark.parametrize(
    "change",
    [
        {"lines": [{"page": 1, "what": "g", "color": [0, 0, 0]}]},  # no pitch
        {"lines": [{"page": 1, "what": "g", "pitch": 9, "color": [0, 0]}]},  # two components
        {"rulers": ["not an object"]},
        {"margin": "wide"},
        {
            "color_sets": [
                {
                    "what": "f",
                    "pages": [1],
                    "members": [{"name": "a", "color": [0, 0, 0], "cues": [["smell", "x"]]}],
                }
            ]
        },
    ],
)
def test_malformed_promises_are_a_value_error(change: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="promises are malformed"):
        Promises.from_json(json.dumps({"format": FORMAT, **change}))


def test_another_format_is_refused() -> None:
    with pytest.raises(ValueError, match="promises are not"):
        Promises.from_json(json.dumps({"format": "other/1"}))
