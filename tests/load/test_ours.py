"""{ours: …} around any field's value: read by the schema reader with the field's own
declaration, kept plain, its path recorded (model.ours.Marks); bad marks at file:line:col."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated

import pytest

from pnpkit.load.ours import logical
from pnpkit.load.schema import Reader
from pnpkit.load.yamlnode import parse_yaml
from pnpkit.model.ours import MARK, NO_MARKS, Marks, Ours
from pnpkit.model.schema import Items, Key, Length, Range, Row, Text
from pnpkit.units import INCH


@dataclass(frozen=True, slots=True)
class Ship:
    name: Annotated[str, Text(max_len=12)]
    fittings: dict[str, Annotated[int, Range(0, 3)]] = field(default_factory=dict)
    crew: Annotated[int, Range(1, 9)] | None = None
    ours: Marks = field(default=NO_MARKS, compare=False)


@dataclass(frozen=True, slots=True)
class Rocks:
    count: Annotated[int, Range(0, 20)]
    size: Annotated[float, Length(0.5 * INCH, 3 * INCH)]


@dataclass(frozen=True, slots=True)
class Cell:
    q: int
    r: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Game:
    title: Annotated[str, Text(max_len=40)]
    click: Annotated[float, Length(0.5 * INCH, 6 * INCH), Key.of("move", "click")]
    ships: Annotated[tuple[Ship, ...], Items(min_len=1)]
    hearts: Annotated[tuple[Annotated[int, Range(0, 12)], ...], Items(1, 9)] = (1,)
    rocks: Rocks | None = None
    islands: Annotated[int, Range(0, 20), Key.of("terrain", "islands", "count")] = 0
    start: Annotated[Cell, Row("cell")] | None = None
    ours: Marks = field(default=NO_MARKS, compare=False)


GOOD = """\
title: {ours: Tides}
move:
  click: {ours: 3in}
ships:
  - name: Industry
    fittings: {ours: {turret: 1, cargo: 2}}
  - ours:
      name: Swift
      crew: 3
  - name: Gull
    fittings: {masts: {ours: 2}}
hearts: {ours: [3, 4, 5]}
rocks: {ours: {count: 6, size: 1.5in}}
terrain: {islands: {count: {ours: 7}}}
start: {ours: [1, 2]}
"""


def read(text: str) -> tuple[Game | None, list[str]]:
    reader = Reader()
    game = reader.read(Game, parse_yaml(text, "g.yaml"))
    return game, [str(p) for p in reader.problems.items]


def test_any_field_may_be_marked_and_is_read_as_declared() -> None:
    game, problems = read(GOOD)
    assert problems == []
    assert game is not None
    assert (game.title, game.click, game.hearts, game.islands) == ("Tides", 216.0, (3, 4, 5), 7)
    assert game.rocks == Rocks(6, 108.0) and game.start == Cell(1, 2)
    assert game.ships[0].fittings == {"turret": 1, "cargo": 2}
    assert game.ships[1] == Ship("Swift", crew=3)
    assert game.ships[2].fittings == {"masts": 2}


def test_the_marked_paths_are_kept_as_the_reader_names_fields() -> None:
    game, _ = read(GOOD)
    assert game is not None
    assert game.ours.paths == {
        "title",
        "move.click",
        "ships[0].fittings",
        "ships[1]",
        "ships[2].fittings.masts",
        "hearts",
        "rocks",
        "terrain.islands.count",
        "start",
    }
    industry, swift, gull = game.ships
    assert industry.ours.paths == {"fittings"}  # relative to the record
    assert swift.ours.paths == {""}  # the whole record
    assert gull.ours.paths == {"fittings.masts"}


def test_a_value_is_ours_when_it_or_what_holds_it_is_marked() -> None:
    game, _ = read(GOOD)
    assert game is not None
    industry, swift, gull = game.ships
    assert industry.ours.of("fittings.turret") and industry.ours.mark("fittings") == MARK
    assert not industry.ours.of("name") and industry.ours.mark("name") == ""
    assert swift.ours.of("name") and swift.ours.of()
    assert gull.ours.of("fittings.masts") and not gull.ours.of("fittings")
    assert game.ours.of("ships[1].name") and game.ours.of("rocks.size")
    assert not game.ours.of("ships[10].name")  # a prefix of the text, not of the path
    assert not game.ours.of("move.clicks") and not game.ours.of("ships[0]")
    assert game.ours.quote("hearts", game.hearts) == Ours((3, 4, 5))
    assert game.ours.quote("ships[0].name", "Industry") == "Industry"
    assert str(Ours(24)) == "24" + MARK and str(Ours((3, 4))) == "3, 4" + MARK


def test_a_plain_read_has_no_marks() -> None:
    game, problems = read("title: T\nmove: {click: 1in}\nships: [{name: A}]\n")
    assert problems == [] and game is not None
    assert not game.ours and not game.ships[0].ours and game.ours == NO_MARKS


def test_marks_belong_to_the_read_that_found_them() -> None:
    reader = Reader()
    reader.read(Game, parse_yaml(GOOD, "g.yaml"))
    again = reader.read(Game, parse_yaml("title: T\nmove: {click: 1in}\nships: [{name: A}]\n", "h"))
    assert again is not None and not again.ours


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        (  # nothing inside: the field's own reader says what it expects
            "move: {click: {ours: }}",
            "g.yaml:2:21: move.click.ours: expected a length, found empty (null) (allowed: a number "
            "with in, mm, cm or pt",
        ),
        (  # an optional field may not be marked as nothing either
            "ships: [{name: A, crew: {ours: }}]",
            "g.yaml:2:31: ships[0].crew.ours: expected a whole number, found empty (null) "
            "(allowed: 1–9)",
        ),
        (
            "move: {click: {ours: 3in, other: 2}}",
            "g.yaml:2:27: move.click: {ours: …} marks one value, found other keys beside it: "
            "other (allowed: {ours: value}, the value written as the field allows it)",
        ),
        (
            "ships: [{name: A, crew: {ours: abc}}]",
            "g.yaml:2:32: ships[0].crew.ours: expected a whole number, found text 'abc' "
            "(allowed: 1–9)",
        ),
        (
            "ships: [{name: A, crew: {ours: 12}}]",
            "g.yaml:2:32: ships[0].crew.ours: 12 is out of range (allowed: 1–9)",
        ),
        (
            "hearts: {ours: [3, four]}",
            "g.yaml:2:20: hearts.ours[1]: expected a whole number, found text 'four' "
            "(allowed: 0–12)",
        ),
        (
            "ships: [{ours: {name: A, crews: 3}}]",
            "g.yaml:2:26: ships[0].ours.crews: unknown key; did you mean 'crew'? (allowed: ",
        ),
        (
            "terrain: {islands: {count: {ours: {ours: 7}}}}",
            "g.yaml:2:35: terrain.islands.count.ours: is marked twice (allowed: {ours: value}",
        ),
        (
            "rocks: {ours: {count: 6}}",
            "g.yaml:2:15: rocks.ours.size: missing",
        ),
        (  # a misspelt mark where a value is expected
            "ships: [{name: A, crew: {our: 3}}]",
            "g.yaml:2:26: ships[0].crew: expected a value or {ours: value}, found {our: …}; "
            "did you mean 'ours'? (allowed: {ours: value}",
        ),
        (
            "hearts: {ours_: [3]}",
            "g.yaml:2:10: hearts: expected a value or {ours: value}, found {ours_: …}",
        ),
    ],
)
def test_a_bad_mark_names_its_place_the_field_and_what_is_allowed(
    written: str, expected: str
) -> None:
    base = {"move": "move: {click: 1in}", "ships": "ships: [{name: A}]"}
    key = written.split(":")[0]
    lines = [written] + [line for name, line in base.items() if name != key]
    _, problems = read("title: T\n" + "\n".join(lines) + "\n")
    assert any(p.startswith(expected) for p in problems), problems


def test_a_mapping_of_several_fields_may_be_marked_whole() -> None:
    game, problems = read("title: T\nmove: {ours: {click: 2in}}\nships: [{name: A}]\n")
    assert problems == [] and game is not None
    assert game.click == 144.0 and game.ours.paths == {"move"}
    assert game.ours.of("move.click") and not game.ours.of("title")


def test_a_field_outside_any_record_reads_marks_too() -> None:
    reader = Reader()
    node = parse_yaml("a: 5\nb: {ours: [1, 2]}\nc: {ours: word}\n", "v.yaml")
    values = reader.typed(dict[str, int | Annotated[tuple[int, ...], Items()]], node, "numbers")
    assert values == {"a": 5, "b": (1, 2)}
    assert reader.marks("numbers").paths == {"b", "c"}
    assert [p.field for p in reader.problems.items] == ["numbers.c.ours"]


def test_a_path_through_a_mark_names_the_field() -> None:
    assert logical("factions[2].ours.name") == "factions[2].name"
    assert logical("hearts.ours[2]") == "hearts[2]"
    assert logical("move.click.ours") == "move.click"
    assert logical("tours.ours_x") == "tours.ours_x"
