"""Bugs the fuzzers found, each pinned by the smallest input that showed it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

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


def test_a_folder_that_vanishes_while_verify_walks_it_is_a_problem_not_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # found by tests/fuzz: `pnpkit verify /` walked into /proc, where a process folder vanished
    # mid-walk, and rglob's FileNotFoundError escaped as a traceback
    from pnpkit.verify import verify_paths

    def vanishing(self: Path, pattern: str) -> Iterator[Path]:
        raise FileNotFoundError(2, "No such file or directory", str(self / "gone"))
        yield self

    monkeypatch.setattr(Path, "rglob", vanishing)
    assert verify_paths([tmp_path]) == [
        f"{tmp_path / 'gone'}: cannot read the folder: No such file or directory"
    ]
