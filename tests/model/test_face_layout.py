"""The layout language's conditions: every well-formed one read, every malformed one refused
(never a condition that cannot hold, which would drop its element from every card)."""

from __future__ import annotations

import pytest

from pnpkit.model.face_layout import Condition, read_condition


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("art", Condition("art")),
        ("not art", Condition("art", negated=True)),
        ("kind = Crew, Officer", Condition("kind", ("Crew", "Officer"))),
        ("kind=Crew", Condition("kind", ("Crew",))),
        ("kind != Crew", Condition("kind", ("Crew",), negated=True)),
        ("kind = Land ho!", Condition("kind", ("Land ho!",))),
    ],
)
def test_a_condition_is_read(written: str, read: Condition) -> None:
    assert read_condition(written) == read


@pytest.mark.parametrize(
    "written",
    [
        "kind ==",
        "kind == Crew",
        "kind = = Crew",
        "kind === Crew",
        "kind =! Crew",
        "kind != = Crew",
        "kind = Crew = Officer",
        "kind => 2",
        "kind =< 2",
        "kind !=",
        "kind = ",
        "= Crew",
        "kind = Crew,",
        "kind = Crew,, Officer",
        "kind is Crew",
        "not not art",
        "!art",
        "",
    ],
)
def test_a_malformed_condition_is_refused(written: str) -> None:
    with pytest.raises(ValueError, match="is not a condition"):
        read_condition(written)
