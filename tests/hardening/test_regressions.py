"""Bugs the fuzzers found, each pinned by the smallest input that showed it."""

from __future__ import annotations

import pytest

from pnpkit.errors import DataError
from pnpkit.load.yamlnode import parse_yaml


@pytest.mark.parametrize(
    ("text", "where", "code"),
    [
        ("\x00title: x\n", "f.yaml:1:1", "U+0000"),
        ("a: 1\nb: x\x07y\n", "f.yaml:2:5", "U+0007"),
        ("a: '\x1b[31m'\n", "f.yaml:1:5", "U+001B"),
    ],
)
def test_a_control_character_is_a_data_error_with_its_place(
    text: str, where: str, code: str
) -> None:
    # found by tests/fuzz: PyYAML's reader raised ReaderError from the loader's constructor,
    # outside the handler for syntax errors, and the CLI showed a traceback
    with pytest.raises(DataError) as caught:
        parse_yaml(text, "f.yaml")
    (problem,) = caught.value.problems
    assert str(problem).startswith(f"{where}: character {code} is not allowed in YAML")
