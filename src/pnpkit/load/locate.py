"""Where a key is written in a YAML file, for problems found after loading."""

from __future__ import annotations

from pnpkit.errors import DataError, Location
from pnpkit.load.nodes import MapNode
from pnpkit.load.yamlnode import load_yaml


def place(file: str, *keys: str) -> Location:
    """Where ``keys`` (a path of mapping keys) is written in ``file``: for problems found after
    loading, when the model no longer knows the line. The file itself if it cannot be read."""
    try:
        node = load_yaml(file)
    except DataError:
        return Location(file)
    for key in keys:
        inner = node.get(key) if isinstance(node, MapNode) else None
        if inner is None:
            break
        node = inner
    return node.where
