"""The schema reader: a model's annotations are its schema; every problem at file:line:col."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Literal

import pytest

from pnpkit.errors import DataError, Location
from pnpkit.load.schema import Reader
from pnpkit.load.yamlnode import parse_yaml
from pnpkit.model.cards import DEFAULT_CARD_SIZE, CardSize
from pnpkit.model.schema import (
    NOWHERE,
    Colour,
    Custom,
    Distinct,
    Items,
    Key,
    Length,
    OneOf,
    Parse,
    Range,
    Ref,
    Row,
    Source,
    Text,
    Where,
)
from pnpkit.units import INCH


class Kind(StrEnum):
    SLOOP = "sloop"
    FRIGATE = "frigate"


def _even(value: object) -> int:
    if not isinstance(value, int) or value % 2:
        raise ValueError(f"{value!r} is not even")
    return value


@dataclass(frozen=True, slots=True)
class Ship:
    key: Annotated[str, Text(max_len=4, pattern=r"[a-z]+")]
    rating: Annotated[int, Range(1, 7)] | None
    kind: Kind
    colour: Colour
    side: Literal["left", "right"] = "left"
    note: str = ""
    source: Source = ""


@dataclass(frozen=True, slots=True)
class Space:
    number: Annotated[int, Range(1, 9)]
    title: str
    source: Source = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Game:
    title: str
    ships: Annotated[tuple[Ship, ...], Items(min_len=1)]
    spaces: tuple[Annotated[Space, Row("space row")], ...] = ()
    hearts: Annotated[tuple[Annotated[int, Range(0, 5)], ...], Items(1, 3, unique=True)] = (1,)
    token: Annotated[float, Length(0.25 * INCH, 2 * INCH), Key.of("sizes", "token")]
    card: Annotated[CardSize, Key.of("sizes", "card")] = DEFAULT_CARD_SIZE
    area: Annotated[tuple[float, float], Length(0, 800), Key.of("sizes", "area")] = (1.0, 1.0)
    pattern: Annotated[str, OneOf(("plain", "dots"))] = "plain"
    even: Annotated[int, Parse(_even, "an even number", "0, 2, 4, ...")] = 0
    fast: bool = False
    source: str = ""
    where: Where = field(default=NOWHERE, compare=False)


GOOD = """\
title: Test
ships:
  - key: abc
    rating: 3
    kind: sloop
    colour: "#AABBCC"
  - {key: d, rating: ~, kind: frigate, colour: "#000000", side: right}
spaces:
  - [1, Harbor]
  - {number: 2, title: Island}
sizes: {token: 0.5in, card: mini, area: [1in, 2in]}
hearts: [0, 5]
even: 4
fast: true
"""


def read(text: str) -> tuple[Game | None, Reader]:
    reader = Reader()
    game = reader.read(Game, parse_yaml(text, "g.yaml"), source="g.yaml")
    return game, reader


def problems(text: str) -> list[str]:
    _, reader = read(text)
    with pytest.raises(DataError) as caught:
        reader.problems.raise_if_any()
    return [str(p) for p in caught.value.problems]


def test_every_kind_of_field_is_read_from_the_annotations() -> None:
    game, reader = read(GOOD)
    assert not reader.problems
    assert game is not None
    first, second = game.ships
    assert (first.key, first.rating, first.kind, first.colour, first.side) == (
        "abc",
        3,
        Kind.SLOOP,
        "#aabbcc",
        "left",
    )
    assert (second.rating, second.side, second.note) == (None, "right", "")
    assert [(s.number, s.title) for s in game.spaces] == [(1, "Harbor"), (2, "Island")]
    assert game.token == pytest.approx(36.0)
    assert (game.card.width, game.card.height) == pytest.approx((1.75 * INCH, 2.5 * INCH))
    assert game.area == pytest.approx((72.0, 144.0))
    assert (game.hearts, game.pattern, game.even, game.fast) == ((0, 5), "plain", 4, True)
    assert game.source == "g.yaml"


def test_records_keep_where_they_are_written() -> None:
    game, reader = read(GOOD)
    assert game is not None
    assert game.ships[0].source == "g.yaml:3:5"
    assert game.spaces[0].source == "g.yaml:9:5"
    assert game.where.of("sizes", "token") == Location("g.yaml", 11, 16)
    assert game.where.of("sizes", "nothing") == Location("g.yaml", 11, 8)
    assert game.where.at(game.ships[1], "side") == Location("g.yaml", 7, 65)
    assert reader.path(game.ships[1], "side") == "ships[1].side"
    assert reader.built(Ship) == list(game.ships)
    assert NOWHERE.of("title") == Location("")


def test_every_problem_at_once_with_field_value_and_allowed() -> None:
    bad = (
        GOOD.replace("rating: 3", "rating: 9")
        .replace("kind: sloop", "kind: slop")
        .replace('"#AABBCC"', "red")
        .replace("side: right", "side: up")
        .replace("[1, Harbor]", "[1]")
        .replace("token: 0.5in", "token: 0.5")
        .replace("hearts: [0, 5]", "hearts: [0, 0, 6, 1]")
        .replace("even: 4", "even: 3\nevn: 2")
        .replace("fast: true", "fast: yes please")
    )
    assert problems(bad) == [
        "g.yaml:4:13: ships[0].rating: 9 is out of range (allowed: 1–7)",
        "g.yaml:5:11: ships[0].kind: 'slop' is not known; did you mean 'sloop'? "
        "(allowed: sloop, frigate)",
        "g.yaml:6:13: ships[0].colour: 'red' is not a colour (allowed: #rrggbb, e.g. #1f4e79)",
        "g.yaml:7:65: ships[1].side: 'up' is not known (allowed: left, right)",
        "g.yaml:9:5: spaces[0]: expected a space row, found 1 value (allowed: [number, title])",
        "g.yaml:11:16: sizes.token: 0.5 has no unit "
        "(allowed: a number with in, mm, cm or pt, e.g. 1.25in, 32mm, 18pt)",
        "g.yaml:12:9: hearts: has 4 entries (allowed: 1–3)",
        "g.yaml:12:13: hearts[1]: 0 is listed twice",
        "g.yaml:12:16: hearts[2]: 6 is out of range (allowed: 0–5)",
        "g.yaml:13:7: even: 3 is not even (allowed: 0, 2, 4, ...)",
        "g.yaml:14:1: evn: unknown key; did you mean 'even'? "
        "(allowed: even, fast, hearts, pattern, ships, sizes, spaces, title)",
        "g.yaml:15:7: fast: expected true or false, found text 'yes please' (allowed: true, false)",
    ]


def test_missing_fields_and_wrong_shapes() -> None:
    assert problems("title: T\nships: {key: a}\n") == [
        "g.yaml:1:1: sizes: missing",
        "g.yaml:2:8: ships: expected a list, found a mapping",
    ]
    assert problems("title: T\nships: [{key: a}]\nsizes: [1in]\n") == [
        "g.yaml:2:9: ships[0].rating: missing",
        "g.yaml:2:9: ships[0].kind: missing",
        "g.yaml:2:9: ships[0].colour: missing",
        "g.yaml:3:8: sizes: expected a mapping of fields, found a list",
    ]
    assert problems("- a\n") == ["g.yaml:1:1: expected a mapping of fields, found a list"]


def test_a_bad_item_is_left_out_and_its_list_marked_incomplete() -> None:
    game, reader = read(GOOD.replace("rating: 3", "rating: 8"))
    assert game is not None and len(game.ships) == 1
    assert not reader.complete("ships") and reader.complete("spaces")
    assert len(reader.problems) == 1


def test_a_bad_optional_field_keeps_its_default_and_the_record() -> None:
    game, reader = read(GOOD.replace("side: right", "side: 7"))
    assert game is not None and game.ships[1].side == "left"
    assert len(reader.problems) == 1


def test_reader_add_points_at_a_records_key() -> None:
    game, reader = read(GOOD)
    assert game is not None
    reader.add(game.ships[1], "colour", "too dark", "lighter")
    reader.add(game.ships[0], "", "whole ship")
    assert [str(p) for p in reader.problems.items] == [
        "g.yaml:7:48: ships[1].colour: too dark (allowed: lighter)",
        "g.yaml:3:5: ships[0]: whole ship",
    ]


@dataclass(frozen=True, slots=True, kw_only=True)
class Folder:
    title: str
    deck: Annotated[tuple[Space, ...], Key.of("deck.yaml", "cards")]
    count: Annotated[int, Key.of("deck.yaml", "count")]
    where: Where = field(default=NOWHERE, compare=False)


def test_a_folder_reads_fields_from_its_other_files(tmp_path: Path) -> None:
    (tmp_path / "game.yaml").write_text("title: T\n")
    (tmp_path / "deck.yaml").write_text("count: 1\ncards:\n  - {number: 1, title: A}\n")
    reader = Reader()
    game = reader.folder(Folder, tmp_path, "game.yaml", "deck.yaml")
    assert game is not None and game.count == 1 and game.deck[0].title == "A"
    assert game.where.of("deck.yaml", "cards") == Location(str(tmp_path / "deck.yaml"), 3, 3)
    (tmp_path / "deck.yaml").write_text("count: x\ncard: []\n")
    reader = Reader()
    assert reader.folder(Folder, tmp_path, "game.yaml", "deck.yaml") is None
    deck = tmp_path / "deck.yaml"
    assert [str(p) for p in reader.problems.items] == [
        f"{deck}:1:1: cards: missing",
        f"{deck}:1:8: count: expected a whole number, found text 'x'",
        f"{deck}:2:1: card: unknown key; did you mean 'cards'? (allowed: cards, count)",
    ]


def test_a_file_that_cannot_be_read_is_reported_once(tmp_path: Path) -> None:
    (tmp_path / "game.yaml").write_text("title: T\n")
    reader = Reader()
    assert reader.folder(Folder, tmp_path, "game.yaml", "deck.yaml") is None
    assert [str(p) for p in reader.problems.items] == [f"{tmp_path / 'deck.yaml'}: file not found"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Gun:
    key: str = ""
    dice: Annotated[int, Range(1, 6)]


@dataclass(frozen=True, slots=True)
class Span:
    low: Annotated[int, Key.of("min")]
    high: Annotated[int, Key.of("max")]


@dataclass(frozen=True, slots=True, kw_only=True)
class Armoury:
    guns: tuple[Gun, ...]
    forts: tuple[Annotated[Gun, Ref("guns")], ...]
    fittings: dict[Literal["mast", "hold"], Annotated[int, Range(0, 3)]]
    numbers: dict[str, Annotated[int, Range(0, 9)] | tuple[Annotated[int, Range(0, 9)], ...]]
    shot: Span
    lands: Annotated[int, Key.of("shot", "lands")]
    prices: Annotated[tuple[str, ...], Custom("name: price")]


ARMOURY = """\
guns: [{key: long, dice: 2}, {key: short, dice: 3}]
forts: [long, {dice: 5}]
fittings: {mast: 2, hold: 0}
numbers: {rounds: 3, storm: [1, 2]}
shot: {min: 1, max: 4, lands: 2}
prices: {fish: 1}
"""


def _prices(node: object, path: str) -> tuple[str, ...]:
    assert hasattr(node, "keys")
    return tuple(node.keys())


def read_armoury(text: str) -> tuple[Armoury | None, list[str]]:
    reader = Reader(prices=_prices)
    armoury = reader.read(Armoury, parse_yaml(text, "a.yaml"))
    return armoury, [str(p) for p in reader.problems.items]


def test_references_mappings_unions_and_custom_fields() -> None:
    armoury, problems = read_armoury(ARMOURY)
    assert problems == [] and armoury is not None
    assert armoury.forts[0] is armoury.guns[0] and armoury.forts[1].dice == 5
    assert armoury.fittings == {"mast": 2, "hold": 0}
    assert armoury.numbers == {"rounds": 3, "storm": (1, 2)}
    assert (armoury.shot, armoury.lands) == (Span(1, 4), 2)
    assert armoury.prices == ("fish",)


def test_references_mappings_and_unions_report_their_problems() -> None:
    bad = (
        ARMOURY.replace("forts: [long,", "forts: [lon,")
        .replace("mast: 2", "mats: 2")
        .replace("storm: [1, 2]", "storm: [1, 12]")
        .replace("lands: 2", "land: 2")
    )
    armoury, problems = read_armoury(bad)
    assert armoury is None
    assert problems == [
        "a.yaml:2:9: forts[0]: 'lon' is not known; did you mean 'long'? (allowed: long, short)",
        "a.yaml:3:12: fittings.mats: 'mats' is not known; did you mean 'mast'? "
        "(allowed: mast, hold)",
        "a.yaml:4:33: numbers.storm[1]: 12 is out of range (allowed: 0–9)",
        "a.yaml:5:24: shot.land: unknown key; did you mean 'lands'? (allowed: lands, max, min)",
        "a.yaml:5:7: shot.lands: missing",
    ]
    _, problems = read_armoury("guns: []\n" + ARMOURY.split("\n", 1)[1])
    assert problems == [
        "a.yaml:2:9: forts[0]: 'long' names no guns (allowed: a key of the guns list)"
    ]


@dataclass(frozen=True, slots=True)
class Crew:
    key: Annotated[str, Distinct("one key a crew")]
    name: Annotated[str, Distinct()]


@dataclass(frozen=True, slots=True)
class Crews:
    crews: tuple[Crew, ...]


def test_a_distinct_field_repeated_in_a_list_names_the_first_record() -> None:
    reader = Reader()
    text = "crews:\n- {key: a, name: X}\n- {key: b, name: X}\n- {key: a, name: Y}\n"
    found = reader.read(Crews, parse_yaml(text, "c.yaml"))
    assert found is not None and len(found.crews) == 3
    assert [str(p) for p in reader.problems.items] == [
        "c.yaml:4:9: crews[2].key: 'a' is already used by crews[0] (allowed: one key a crew)",
        "c.yaml:3:18: crews[1].name: 'X' is already used by crews[0]",
    ]


@dataclass(frozen=True, slots=True)
class Tint:
    """A colour chosen by a field's value, or a colour (as a layout's)."""

    by: str
    cases: dict[str, Colour]


@dataclass(frozen=True, slots=True)
class Painted:
    ink: Colour | Tint = "#000000"
    paper: Colour | Tint | None = None
    even: Annotated[int, Parse(_even, "an even number", "0, 2, 4, ...")] = 0


def painted(text: str) -> tuple[Painted | None, list[str]]:
    reader = Reader()
    record = reader.read(Painted, parse_yaml(text, "p.yaml"))
    return record, [str(p) for p in reader.problems.items]


CUT_OFF = (
    "expected a colour, found empty (# starts a comment in YAML, so #fbf7ee is not read: write "
    '"#fbf7ee" in quotes) (allowed: #rrggbb, e.g. #1f4e79)'
)


def test_a_colour_a_comment_cut_off_is_refused_even_where_empty_is_allowed() -> None:
    assert painted("ink: #fbf7ee\n")[1] == [f"p.yaml:1:6: ink: {CUT_OFF}"]
    assert painted("paper: #fbf7ee  # cream\n")[1] == [f"p.yaml:1:8: paper: {CUT_OFF}"]
    assert painted("paper:\n")[0] == Painted()  # left empty on purpose: no paper
    assert painted("paper: ~  # none\n")[0] == Painted()


def test_an_empty_value_is_said_empty_never_none() -> None:
    assert painted("ink:\neven:\n")[1] == [
        "p.yaml:1:5: ink: expected a colour, found empty (null) (allowed: #rrggbb, e.g. #1f4e79)",
        "p.yaml:2:6: even: expected an even number, found empty (null) (allowed: 0, 2, 4, ...)",
    ]


def test_an_unquoted_placeholder_is_one_problem_with_the_hint_to_quote_it() -> None:
    assert painted("ink: {accent}\n")[1] == [
        "p.yaml:1:6: ink: expected a colour, found a mapping ({accent} unquoted is a mapping in "
        'YAML: write "{accent}" in quotes) (allowed: #rrggbb, e.g. #1f4e79)'
    ]
    # a key of the record is the record, half written
    assert painted("ink: {by: }\n")[1] == [
        "p.yaml:1:10: ink.by: expected text, found empty (null)",
        "p.yaml:1:6: ink.cases: missing",
    ]
