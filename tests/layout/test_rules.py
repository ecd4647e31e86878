"""layout.rules: the one way a rule document is printed (placeholders, blocks, footnote)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from tests.pdfread import text_of

from pnpkit.errors import BuildError, DataError
from pnpkit.layout.document import Document
from pnpkit.layout.flow import Break, FlowResult, Grid, Heading, Items, Para, flow
from pnpkit.layout.paper import LETTER
from pnpkit.layout.plan import DocumentPlan
from pnpkit.layout.rules import (
    and_list,
    document_problems,
    flow_blocks,
    render_text,
    rules_plan,
)
from pnpkit.load.rule_blocks import RawBlock, RuleDocument, choice, load_rule_documents
from pnpkit.model.ours import MARK, NOTE, Ours

RULES = """\
rules:
  title: "{{ title }}"
  subtitle: the rules
  blocks:
    - h: Setting up
    - p: Place {{ islands }} islands, {{ gap }} apart.
    - steps: ["Roll {{ dice | and_list }}.", second]
    - break: column
    - table: points
"""


def _document(tmp_path: Path, text: str = RULES) -> RuleDocument:
    path = tmp_path / "rules.yaml"
    path.write_text(text)
    return load_rule_documents(path, ["rules"], {"table": choice(("points",))})["rules"]


CONTEXT: dict[str, object] = {
    "title": "Fleets",
    "islands": 4,
    "gap": Ours("6 in"),
    "dice": [1, 2, 3],
}


def _table(raw: RawBlock) -> Grid:
    from pnpkit.layout.flow import Cell

    return Grid(((Cell("what"), Cell("points")), (Cell("island"), Cell("8"))))


def test_blocks_are_filled_and_the_game_draws_its_own(tmp_path: Path) -> None:
    document = _document(tmp_path)
    blocks = flow_blocks(document, CONTEXT, _table)
    assert blocks[0] == Heading("Setting up", 1)
    assert blocks[1] == Para(f"Place 4 islands, 6 in{MARK} apart.")
    assert blocks[2] == Items(("Roll 1, 2 and 3.", "second"), numbered=True)
    assert blocks[3] == Break("column")
    assert isinstance(blocks[4], Grid)


def test_a_game_block_without_a_drawer_is_a_data_error(tmp_path: Path) -> None:
    with pytest.raises(DataError, match=r"rules\.yaml:9:7: table: this document cannot print"):
        flow_blocks(_document(tmp_path), CONTEXT)


def test_a_bad_placeholder_is_found_at_its_block_before_drawing(tmp_path: Path) -> None:
    document = _document(tmp_path)
    problems = document_problems(document, {"title": "T"})
    assert [(p.where.line, p.field) for p in problems] == [(6, "p"), (7, "steps")]
    with pytest.raises(DataError, match=r"rules\.yaml:6:7: p: placeholder: .*islands"):
        flow_blocks(document, {"title": "T"}, _table)
    with pytest.raises(DataError, match="placeholder"):
        render_text("{{ x.__class__ }}", {"x": 1}, document.blocks[0].where)


def _written(plan: DocumentPlan) -> str:
    buffer = io.BytesIO()
    doc = Document(buffer, LETTER, title="t")
    plan.pages(doc)
    doc.save()
    return text_of(buffer.getvalue())


def test_a_marked_document_carries_the_footnote_once_per_page(tmp_path: Path) -> None:
    plan = rules_plan(
        "rules.pdf", _document(tmp_path), CONTEXT, paper=LETTER, subject="s", special=_table
    )
    text = _written(plan)
    assert "Place 4 islands, 6 in" in text and NOTE in text
    assert "page 1 of 1" in text and "Fleets" in text and "the rules" in text
    unmarked = dict(CONTEXT, gap="6 in")
    text = _written(
        rules_plan(
            "r.pdf", _document(tmp_path), unmarked, paper=LETTER, subject="s", special=_table
        )
    )
    assert NOTE not in text and MARK not in text


def test_a_page_count_the_text_does_not_fill_fails_the_build(tmp_path: Path) -> None:
    document = _document(tmp_path, RULES.replace("  subtitle", "  pages: 3\n  subtitle"))
    plan = rules_plan("r.pdf", document, CONTEXT, paper=LETTER, subject="s", special=_table)
    with pytest.raises(BuildError) as refused:
        _written(plan)
    assert str(refused.value) == (
        f"{tmp_path / 'rules.yaml'}:3:10: rules.pages: the rule text of r.pdf fills 1 pages on "
        "letter, not 3: shorten or lengthen it, or ask for 1"
    )


def test_and_list() -> None:
    assert and_list([8, 4, 8, 1]) == "8, 4, 8 and 1"
    assert and_list(["a"], " or ") == "a"


def _long(tmp_path: Path, pages: str) -> RuleDocument:
    """A rule text of 120 pages (a paragraph, then a page break, 120 times)."""
    blocks = "".join(f"    - p: Page {n} of the rules.\n    - break: page\n" for n in range(120))
    return _document(tmp_path, f"rules:\n  title: Long\n{pages}  blocks:\n{blocks}")


@pytest.mark.parametrize(
    ("pages", "laid_out", "said"),
    [
        (
            "  pages: 2\n",
            2,
            "rules.pages: the rule text of r.pdf fills more than 2 pages on letter",
        ),
        ("", 64, "the rule text of r.pdf fills more than 64 pages on letter: shorten it"),
    ],
)
def test_rule_text_too_long_for_its_pages_stops_where_they_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pages: str, laid_out: int, said: str
) -> None:
    laid: list[int] = []

    def counted(*args: Any, **kwargs: Any) -> FlowResult:
        result = flow(*args, **kwargs)
        laid.append(result.pages)
        return result

    monkeypatch.setattr("pnpkit.layout.rules.flow", counted)
    plan = rules_plan("r.pdf", _long(tmp_path, pages), {}, paper=LETTER, subject="s")
    with pytest.raises(BuildError) as refused:
        _written(plan)
    assert said in str(refused.value)
    assert laid == [laid_out]  # not the 120 pages the text would fill
