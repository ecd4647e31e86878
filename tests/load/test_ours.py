"""load.ours: {ours: …} marks taken off the tree, their paths kept; model.ours.is_ours."""

from __future__ import annotations

from pathlib import Path

from pnpkit.load.nodes import MapNode, ScalarNode
from pnpkit.load.ours import unwrap_ours
from pnpkit.load.yamlnode import load_yaml
from pnpkit.model.ours import is_ours


def test_marks_come_off_and_their_paths_stay(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    path.write_text(
        "move:\n  click: {ours: 3in}\n"
        "ships:\n  - name: Industry\n    fittings: {ours: {turret: 1}}\n"
        "  - ours:\n      name: Swift\n"
        "plain: {a: 1}\n"
    )
    tree, marked = unwrap_ours(load_yaml(path))
    assert set(marked) == {"move.click", "ships[0].fittings", "ships[1]"}
    assert marked["move.click"].line == 2
    assert isinstance(tree, MapNode)
    move = tree.get("move")
    assert isinstance(move, MapNode)
    click = move.get("click")
    assert isinstance(click, ScalarNode) and click.value == "3in"
    assert click.where.line == 2  # the value keeps its own place for messages


def test_a_value_inside_a_marked_record_is_ours() -> None:
    marked = {"ships[1]", "move.click"}
    assert is_ours(marked, "ships[1].name") and is_ours(marked, "move.click")
    assert not is_ours(marked, "ships[10].name")  # a prefix of the text, not of the path
    assert not is_ours(marked, "move.clicks") and not is_ours(marked, "ships[0]")
