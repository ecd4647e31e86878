"""load.rule_blocks: a rule document read from YAML, every block with its file:line:col."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpkit.errors import DataError
from pnpkit.load.fields import Fields, Problems
from pnpkit.load.rule_blocks import choice, load_rule_documents, read_document, read_values
from pnpkit.load.yamlnode import load_yaml
from pnpkit.model.ours import Ours

DOCUMENT = """\
rules:
  title: "{{ game.title }}"
  blocks:
    - h: Setting up
    - p: Place {{ islands }} islands.
    - bullets: [one, two]
    - steps: [first, second]
    - break: column
    - h2: Scoring
"""


def test_a_document_keeps_every_block_and_its_place(tmp_path: Path) -> None:
    path = tmp_path / "rules.yaml"
    path.write_text(DOCUMENT)
    document = load_rule_documents(path, ["rules"])["rules"]
    assert document.title == "{{ game.title }}" and document.pages is None
    assert [b.kind for b in document.blocks] == ["h", "p", "bullets", "steps", "break", "h2"]
    assert document.blocks[2].texts == ("one", "two")
    assert document.blocks[4].texts == ("column",)
    assert [(b.where.line, b.where.column) for b in document.blocks][:2] == [(4, 7), (5, 7)]
    assert document.title_where is not None and document.title_where.line == 2


def test_the_game_adds_its_own_kinds(tmp_path: Path) -> None:
    path = tmp_path / "rules.yaml"
    path.write_text("rules:\n  title: T\n  blocks:\n    - table: scoring\n    - table: nope\n")
    kinds = {"table": choice(("scoring", "fittings"))}
    with pytest.raises(DataError) as caught:
        load_rule_documents(path, ["rules"], kinds)
    assert "rules.yaml:5:14: rules.blocks[1].table: 'nope' is not known" in str(caught.value)
    assert "(allowed: scoring, fittings)" in str(caught.value)
    path.write_text("rules:\n  title: T\n  blocks:\n    - table: scoring\n")
    assert load_rule_documents(path, ["rules"], kinds)["rules"].blocks[0].texts == ("scoring",)


def test_every_bad_block_is_reported_at_once(tmp_path: Path) -> None:
    path = tmp_path / "rules.yaml"
    path.write_text(
        "rules:\n"
        "  title: T\n"
        "  pages: 0\n"
        "  blocks:\n"
        "    - para: typo\n"
        "    - table: roster\n"
        "    - {h: a, p: b}\n"
        "    - break: sideways\n"
        "    - bullets: []\n"
        "  colour: red\n"
        "card: {}\n"
    )
    with pytest.raises(DataError) as caught:
        load_rule_documents(path, ["rules"])
    message = str(caught.value)
    assert "rules.yaml:5:7: rules.blocks[0]: unknown block 'para'" in message
    assert "(allowed: h, h2, p, bullets, steps, break)" in message
    assert "rules.yaml:6:7: rules.blocks[1]: unknown block 'table'" in message
    assert "rules.yaml:7:7: rules.blocks[2]: expected one key naming the block" in message
    assert "rules.blocks[3].break: 'sideways' is not known" in message
    assert "rules.blocks[4].bullets" in message
    assert "rules.pages" in message
    assert "rules.colour: unknown key" in message
    assert "card: unknown key" in message


def test_a_missing_document_is_named(tmp_path: Path) -> None:
    path = tmp_path / "rules.yaml"
    path.write_text("other:\n  title: T\n  blocks: []\n")
    with pytest.raises(DataError, match="rules: missing"):
        load_rule_documents(path, ["rules", "other"])


def test_pages_are_required_when_the_game_says_so(tmp_path: Path) -> None:
    path = tmp_path / "rules.yaml"
    path.write_text("title: T\nblocks: []\n")
    problems = Problems()
    read_document(Fields(load_yaml(path), problems), problems)
    assert any(p.field == "pages" and "missing" in p.message for p in problems.items)


def test_values_mark_our_choices(tmp_path: Path) -> None:
    path = tmp_path / "values.yaml"
    path.write_text("a: 5\nb: [1, 2]\nc: {ours: 24}\nd: word\ne: {other: 1}\n")
    problems = Problems()
    values = read_values(Fields(load_yaml(path), problems), problems)
    assert values == {"a": 5, "b": (1, 2), "c": Ours(24), "d": "word"}
    assert [p.field for p in problems.items] == ["e"]
