"""Reading YAML into marked nodes: locations, syntax errors, duplicates and hostile input."""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest

from pnpkit.errors import DataError, Location, Problem
from pnpkit.load.nodes import ListNode, MapNode, ScalarNode, commented_out, describe
from pnpkit.load.yamlnode import (
    MAX_BYTES,
    MAX_DEPTH,
    MAX_NODES,
    load_yaml,
    parse_yaml,
    try_load_yaml,
)

WriteFile = Callable[[str, str], Path]


def problems_of(text: str) -> list[str]:
    with pytest.raises(DataError) as caught:
        parse_yaml(text, "x.yaml")
    return [str(p) for p in caught.value.problems]


def billion_laughs(levels: int = 9) -> str:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for level in range(1, levels + 1):
        refs = ", ".join([f"*a{level - 1}"] * 9)
        lines.append(f"a{level}: &a{level} [{refs}]")
    return "\n".join(lines) + "\n"


def test_values_carry_one_based_line_and_column() -> None:
    tree = parse_yaml("title: Fog\nships:\n  - key: '7'\n    rating: 7\n", "g.yaml")
    assert isinstance(tree, MapNode)
    assert tree.where == Location("g.yaml", 1, 1)
    title = tree.get("title")
    assert isinstance(title, ScalarNode) and title.value == "Fog"
    assert title.where == Location("g.yaml", 1, 8)
    ships = tree.get("ships")
    assert isinstance(ships, ListNode)
    first = ships.items[0]
    assert isinstance(first, MapNode)
    rating = first.get("rating")
    assert isinstance(rating, ScalarNode)
    assert (rating.value, rating.where.line, rating.where.column) == (7, 4, 13)
    key = first.key_node("rating")
    assert key is not None and key.where == Location("g.yaml", 4, 5)


def test_scalars_are_typed_as_yaml_reads_them() -> None:
    tree = parse_yaml("a: 7\nb: '7'\nc: true\nd: ~\ne: 1.5\nf: 2024-01-02\n", "t.yaml")
    assert isinstance(tree, MapNode)
    values = {key.value: node.value for key, node in tree.entries if isinstance(node, ScalarNode)}
    assert values == {"a": 7, "b": "7", "c": True, "d": None, "e": 1.5, "f": "2024-01-02"}


def test_describe_names_each_kind() -> None:
    tree = parse_yaml("a: 7\nb: x\nc: [1]\nd: {e: 1}\nf: ~\ng: false\n", "t.yaml")
    assert isinstance(tree, MapNode)
    described = [describe(node) for _, node in tree.entries]
    assert described == [
        "the number 7",
        "text 'x'",
        "a list",
        "a mapping",
        "empty (null)",
        "the boolean false",
    ]


def test_a_value_left_empty_keeps_the_comment_that_follows_it_on_its_line() -> None:
    text = "a: #7a4a1d  # cream\nb:\n  - #fff\nc:\n  # next line\nd: ~ # x\ne: '' # y\n"
    tree = parse_yaml(text, "t.yaml")
    assert isinstance(tree, MapNode)
    a, b, c, d, e = (node for _, node in tree.entries)
    assert a == ScalarNode(Location("t.yaml", 1, 4), None, "", "#7a4a1d  # cream")  # at the #
    assert isinstance(b, ListNode)
    assert b.items[0] == ScalarNode(Location("t.yaml", 3, 5), None, "", "#fff")
    assert isinstance(c, ScalarNode) and c.comment == ""  # the comment is on the next line
    assert isinstance(d, ScalarNode) and d.comment == ""  # ~ is written: nothing was cut off
    assert isinstance(e, ScalarNode) and e.comment == ""
    assert describe(a) == (
        'empty (# starts a comment in YAML, so #7a4a1d is not read: write "#7a4a1d" in quotes)'
    )
    to_do = parse_yaml("a:  # to do\n", "t.yaml")
    assert isinstance(to_do, MapNode)
    assert describe(to_do.entries[0][1]) == (
        "empty (# starts a comment in YAML: nothing after it on the line is read)"
    )


CUT = "# starts a comment in YAML, so "
"""How a value a comment cut off is said to be empty."""


@pytest.mark.parametrize(
    ("comment", "said"),
    [
        ("#7a4a1d", CUT + '#7a4a1d is not read: write "#7a4a1d" in quotes'),
        ("#7a4a1d    # the deck's colour", CUT + '#7a4a1d is not read: write "#7a4a1d" in quotes'),
        ("#1 Captain", CUT + '#1 Captain is not read: write "#1 Captain" in quotes'),
        ("# to do", "# starts a comment in YAML: nothing after it on the line is read"),
        ("#", "# starts a comment in YAML: nothing after it on the line is read"),
        ("#ab\u202ecd", CUT + "'#ab\\u202ecd' is not read: write it in quotes"),
        (
            "#" + "f" * 50,
            CUT + f"'#{'f' * 39}…' (51 characters) is not read: write it in quotes",
        ),
    ],
)
def test_a_value_a_comment_cut_off_says_what_was_not_read(comment: str, said: str) -> None:
    assert commented_out(comment) == said


def test_syntax_error_points_at_the_line_and_column() -> None:
    (message,) = problems_of("title: Fog\nrounds: [24, 25\nfleets: 3\n")
    assert message.startswith("x.yaml:3:7: YAML syntax:")


def test_bad_indentation_is_a_syntax_error_with_location() -> None:
    (message,) = problems_of("a:\n  b: 1\n c: 2\n")
    assert message.startswith("x.yaml:3:")
    assert "YAML syntax" in message


def test_duplicate_keys_are_refused_naming_both_lines() -> None:
    (message,) = problems_of("rounds: 24\norders: 3\nrounds: 25\n")
    assert message == "x.yaml:3:1: duplicate key 'rounds' (first at line 1)"


def test_problems_that_leave_a_tree_are_collected_when_asked() -> None:
    found: list[Problem] = []
    tree = parse_yaml("a: 1\na: 2\nb: !!binary aGk=\n", "x.yaml", found)
    assert isinstance(tree, MapNode)
    assert tree.keys() == ("a", "b")
    assert [p.where.line for p in found] == [2, 3]


def test_python_tags_are_refused_not_run() -> None:
    (message,) = problems_of("a: !!python/object/apply:os.system ['echo hacked']\n")
    assert "x.yaml:1:4: tag !!python/object/apply:os.system is not supported" in message


def test_merge_keys_are_refused() -> None:
    (message,) = problems_of("base: &b {x: 1}\nother:\n  <<: *b\n")
    assert message.startswith("x.yaml:3:3: merge keys (<<) are not supported")


def test_billion_laughs_is_refused_early_and_small() -> None:
    tracemalloc.start()
    try:
        with pytest.raises(DataError) as caught:
            parse_yaml(billion_laughs(), "bomb.yaml")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    (problem,) = caught.value.problems
    assert f"expands to more than {MAX_NODES} values" in problem.message
    # refused at a4, the first level past the limit (about 66 000 values), not at a9
    assert problem.where.line == 5
    assert peak < 20_000_000


def test_aliases_within_the_limit_are_followed() -> None:
    tree = parse_yaml("base: &b [1, 2]\ncopy: *b\n", "x.yaml")
    assert isinstance(tree, MapNode)
    copy = tree.get("copy")
    assert isinstance(copy, ListNode)
    assert [item.value for item in copy.items if isinstance(item, ScalarNode)] == [1, 2]


def test_an_alias_inside_its_own_anchor_is_refused() -> None:
    (message,) = problems_of("a: &loop [1, *loop]\n")
    assert message == "x.yaml:1:14: alias *loop refers to the value it is inside"


def test_empty_file_reads_as_null_at_line_one() -> None:
    tree = parse_yaml("", "e.yaml")
    assert isinstance(tree, ScalarNode) and tree.value is None
    assert tree.where == Location("e.yaml", 1, 1)


def test_file_over_the_size_cap_is_not_read(write_file: WriteFile) -> None:
    path = write_file("big.yaml", "# padding\n" * (MAX_BYTES // 10 + 1))
    with pytest.raises(DataError) as caught:
        load_yaml(path)
    assert str(caught.value) == f"{path}: file too large (allowed: at most {MAX_BYTES} bytes)"


def test_missing_file_and_bad_encoding(write_file: WriteFile, tmp_path: Path) -> None:
    with pytest.raises(DataError, match="file not found"):
        load_yaml(tmp_path / "absent.yaml")
    path = tmp_path / "latin.yaml"
    path.write_bytes(b"a: 1\nname: caf\xe9\n")
    with pytest.raises(DataError) as caught:
        load_yaml(path)
    assert str(caught.value) == (
        f"{path}:2:10: not valid UTF-8 text (byte 0xE9) (allowed: UTF-8 text: save the file as "
        "UTF-8 (a spreadsheet program's \"CSV UTF-8\"; a text editor's UTF-8 encoding))"
    )
    path.write_bytes("a: 1\n".encode("utf-16"))
    with pytest.raises(DataError, match=r"latin.yaml:1:1: UTF-16 text \(allowed: UTF-8 text"):
        load_yaml(path)


def test_try_load_collects_even_fatal_problems(write_file: WriteFile) -> None:
    path = write_file("bad.yaml", "a: [\n")
    found: list[Problem] = []
    assert try_load_yaml(path, found) is None
    assert len(found) == 1 and found[0].where.file == str(path)


def test_deep_nesting_is_refused_before_python_recursion_runs_out() -> None:
    depth = 100_000
    (message,) = problems_of("a: " + "[" * depth + "]" * depth + "\n")
    assert (
        message == f"x.yaml:1:{3 + MAX_DEPTH}: values are nested more than {MAX_DEPTH} levels deep"
    )


def test_nesting_within_the_limit_is_read() -> None:
    depth = MAX_DEPTH - 2
    tree = parse_yaml("a: " + "[" * depth + "1" + "]" * depth + "\n", "x.yaml")
    assert isinstance(tree, MapNode)
    node = tree.get("a")
    for _ in range(depth):
        assert isinstance(node, ListNode)
        node = node.items[0]
    assert isinstance(node, ScalarNode) and node.value == 1


@pytest.mark.parametrize(
    ("written", "base", "read"),
    [
        ("1:30", "base 60", "90"),
        ("-1:30", "base 60", "-90"),
        ("1:30.5", "base 60", "90.5"),
        ("0x1F", "hexadecimal", "31"),
        ("007", "octal", "7"),
        ("0b101", "binary", "5"),
    ],
)
def test_numbers_yaml_reads_in_another_base_are_refused(written: str, base: str, read: str) -> None:
    """YAML 1.1 reads ``value: 1:30`` as 90: the card would print 90 where 1:30 was meant."""
    assert problems_of(f"title: Fog\nvalue: {written}\n") == [
        f"x.yaml:2:8: value: {written} is a number in {base} to YAML, which reads it as {read} "
        f'(allowed: a plain number such as {read}, or text in quotes ("{written}"))'
    ]


def test_plain_numbers_and_quoted_forms_are_read_as_written() -> None:
    tree = parse_yaml('a: 0\nb: 12\nc: 0.5\nd: 1_000\ne: "1:30"\nf: -3\ng: 1e3\n', "x.yaml")
    assert isinstance(tree, MapNode)
    values = [v.value for _, v in tree.entries if isinstance(v, ScalarNode)]
    assert values == [0, 12, 0.5, 1000, "1:30", -3, "1e3"]


@pytest.mark.parametrize("text", ["a:\n\tb: 1\n", "a: 1\nb:\t\t[1]\n"])
def test_a_tab_says_yaml_indents_with_spaces(text: str) -> None:
    from pnpkit.load.yamlnode import compose

    with pytest.raises(DataError) as raised:
        compose(text, "game.yaml")
    (problem,) = raised.value.problems
    assert str(problem.where).startswith("game.yaml:2:")
    assert "replace the tab with spaces" in problem.message
