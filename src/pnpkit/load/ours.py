"""Our choices marked in a game's YAML: ``{ours: …}`` around any value the source rules do not give.

::

    move:
      click: {ours: 3in}          # a value
    factions:
      - key: queens-fleet         # from the seed
        ...
      - ours:                     # a whole record
          key: free-traders
          ...

:func:`unwrap_ours` returns the tree with every mark taken off (so the schema reader reads the
value as if it were written plainly) and the path of each marked value, named the way the
reader names fields (``move.click``, ``factions[2]``). Whatever prints a value at or below a
marked path prints :data:`~pnpkit.model.ours.MARK` after it
(:func:`pnpkit.model.ours.is_ours`).
"""

from __future__ import annotations

import dataclasses

from pnpkit.errors import Location
from pnpkit.load.nodes import ListNode, MapNode, Node, child_path, item_path

OURS = "ours"


def unwrap_ours(node: Node, path: str = "") -> tuple[Node, dict[str, Location]]:
    """``node`` with every ``{ours: value}`` replaced by its value, and where each was written,
    by path."""
    marked: dict[str, Location] = {}
    return _unwrap(node, path, marked), marked


def _unwrap(node: Node, path: str, marked: dict[str, Location]) -> Node:
    if isinstance(node, MapNode):
        if node.keys() == (OURS,):
            marked[path] = node.where
            inner = node.entries[0][1]
            return _unwrap(inner, path, marked)
        entries = tuple(
            (key, _unwrap(value, child_path(path, str(key.value)), marked))
            for key, value in node.entries
        )
        return dataclasses.replace(node, entries=entries)
    if isinstance(node, ListNode):
        items = tuple(
            _unwrap(item, item_path(path, i), marked) for i, item in enumerate(node.items)
        )
        return dataclasses.replace(node, items=items)
    return node
