"""The field reader: every kind, unknown keys with did-you-mean, and every problem collected."""

from __future__ import annotations

import pytest

from pnpkit.errors import DataError
from pnpkit.games.false_colors.charts.model import Shape
from pnpkit.games.false_colors.model import Ability
from pnpkit.load.fields import (
    Fields,
    Problems,
    boolean,
    choice,
    enum_of,
    integer,
    length,
    list_of,
    nullable,
    text,
)
from pnpkit.load.yamlnode import parse_yaml


def reader(yaml_text: str) -> tuple[Fields, Problems]:
    problems = Problems()
    return Fields(parse_yaml(yaml_text, "f.yaml"), problems), problems


def messages(problems: Problems) -> list[str]:
    return [str(p) for p in problems.items]


def test_good_values_come_back_converted() -> None:
    f, problems = reader(
        "name: Fog\nrounds: 24\nopen: true\nsize: 1.25in\nshape: hex\n"
        "rating: ~\nabilities: [cutter, admiral]\n"
    )
    assert f.need("name", text()) == "Fog"
    assert f.need("rounds", integer(1, 99)) == 24
    assert f.need("open", boolean()) is True
    assert f.need("size", length()) == 90.0
    assert f.need("shape", enum_of(Shape)) is Shape.HEX
    assert f.get("rating", nullable(integer(1, 7)), 5) is None
    assert f.need("abilities", list_of(enum_of(Ability))) == [Ability.CUTTER, Ability.ADMIRAL]
    assert f.get("absent", integer(), 3) == 3
    f.done()
    assert not problems


def test_out_of_range_integer_names_field_place_and_range() -> None:
    f, problems = reader("rounds: 240\n")
    assert f.need("rounds", integer(1, 99)) is None
    assert messages(problems) == ["f.yaml:1:9: rounds: 240 is out of range (allowed: 1–99)"]


def test_wrong_types_are_named() -> None:
    f, problems = reader("rounds: many\nkey: 7\nopen: 'yes'\nseats: {a: 1}\n")
    f.need("rounds", integer(1, 99))
    f.need("key", text())
    f.need("open", boolean())
    f.need("seats", list_of(integer()))
    assert messages(problems) == [
        "f.yaml:1:9: rounds: expected a whole number, found text 'many' (allowed: 1–99)",
        "f.yaml:2:6: key: expected text, found the number 7; write it in quotes",
        "f.yaml:3:7: open: expected true or false, found text 'yes' (allowed: true, false)",
        "f.yaml:4:8: seats: expected a list, found a mapping",
    ]


def test_a_bare_number_is_not_a_length() -> None:
    f, problems = reader("cell_size: 1.25\nmargin: 3 furlongs\n")
    f.need("cell_size", length())
    f.need("margin", length())
    assert messages(problems) == [
        "f.yaml:1:12: cell_size: 1.25 has no unit "
        "(allowed: a number with in, mm, cm or pt, e.g. 1.25in, 32mm, 18pt)",
        "f.yaml:2:9: margin: '3 furlongs' is not a length "
        "(allowed: a number with in, mm, cm or pt, e.g. 1.25in, 32mm, 18pt)",
    ]


def test_length_bounds_are_in_points() -> None:
    f, problems = reader("size: 10in\n")
    assert f.need("size", length(18.0, 288.0)) is None
    assert messages(problems) == ["f.yaml:1:7: size: 10in is out of range (allowed: 0.25in–4in)"]


def test_choice_suggests_the_nearest_word() -> None:
    f, problems = reader("shape: hexx\n")
    assert f.need("shape", choice(["square", "hex"])) is None
    assert messages(problems) == [
        "f.yaml:1:8: shape: 'hexx' is not known; did you mean 'hex'? (allowed: square, hex)"
    ]


def test_missing_field_is_reported_at_the_mapping() -> None:
    f, problems = reader("title: Fog\nrounds: 24\n")
    f.need("title", text())
    assert f.need("orders", integer()) is None
    assert messages(problems) == ["f.yaml:1:1: orders: missing"]


def test_unknown_key_gets_a_did_you_mean_and_the_allowed_keys() -> None:
    f, problems = reader("ratin: 7\nname: Sloop\ncolour_of_sky: blue\n")
    f.get("rating", integer(1, 7), 1)
    f.need("name", text())
    f.done()
    assert messages(problems) == [
        "f.yaml:1:1: ratin: unknown key; did you mean 'rating'? (allowed: name, rating)",
        "f.yaml:3:1: colour_of_sky: unknown key (allowed: name, rating)",
    ]


def test_every_bad_item_of_a_list_is_reported() -> None:
    f, problems = reader("seats: [0, x, 9, 1, 0]\n")
    assert f.need("seats", list_of(integer(0, 3), unique=True)) is None
    assert messages(problems) == [
        "f.yaml:1:12: seats[1]: expected a whole number, found text 'x' (allowed: 0–3)",
        "f.yaml:1:15: seats[2]: 9 is out of range (allowed: 0–3)",
        "f.yaml:1:21: seats[4]: 0 is listed twice",
    ]


def test_list_length_limits() -> None:
    f, problems = reader("rounds: [13]\n")
    assert f.need("rounds", list_of(integer(), min_len=2, max_len=3)) is None
    assert messages(problems) == ["f.yaml:1:9: rounds: has 1 entry (allowed: 2–3)"]


def test_records_nested_paths_and_forbid() -> None:
    f, problems = reader(
        "ships:\n  - name: Sloop\n    rating: 9\n  - rating: 2\n    width: 3\nscoring: {harbor: x}\n"
    )
    for ship in f.records("ships"):
        ship.need("name", text())
        ship.need("rating", integer(1, 7))
        ship.forbid("width", "ships have no width")
        ship.done()
    scoring = f.sub("scoring")
    assert scoring is not None
    scoring.need("harbor", integer(0, 9))
    scoring.done()
    f.done()
    assert messages(problems) == [
        "f.yaml:3:13: ships[0].rating: 9 is out of range (allowed: 1–7)",
        "f.yaml:4:5: ships[1].name: missing",
        "f.yaml:5:5: ships[1].width: not allowed here: ships have no width",
        "f.yaml:6:19: scoring.harbor: expected a whole number, found text 'x' (allowed: 0–9)",
    ]


def test_a_reader_on_a_non_mapping_reports_once() -> None:
    f, problems = reader("- 1\n- 2\n")
    assert f.need("title", text()) is None
    assert f.records("ships") == []
    f.done()
    assert messages(problems) == ["f.yaml:1:1: expected a mapping of fields, found a list"]


def test_raise_if_any_lists_every_problem_in_file_order() -> None:
    f, problems = reader("b: x\na: y\n")
    f.need("a", integer())
    f.need("b", integer())
    f.need("c", integer())
    with pytest.raises(DataError) as caught:
        problems.raise_if_any()
    assert [p.where.line for p in caught.value.problems] == [1, 1, 2]
    assert str(caught.value).count("\n") == 2


def test_no_problems_no_error() -> None:
    Problems().raise_if_any()
