"""Our choices marked in a game's YAML: ``{ours: …}`` around any value the source rules do not give.

::

    move:
      click: {ours: 3in}          # a value
    fittings: {ours: {turret: 1}} # a mapping
    factions:
      - key: queens-fleet         # from the seed
        ...
      - ours:                     # a whole record
          key: free-traders
          ...

This is the one place that knows how the mark is written. The schema reader
(:class:`pnpkit.load.schema.Reader`) calls :func:`unwrap` wherever it reads a value: the value
inside is read with the field's own declaration (a problem in it names ``field.ours``), and the
field's path (``move.click``, ``factions[2]``) is recorded as marked. A record declaring
``ours: Marks`` is given the marks at and below it (:class:`~pnpkit.model.ours.Marks`).
"""

from __future__ import annotations

import difflib
import re

from pnpkit.load.fields import Invalid, invalid
from pnpkit.load.nodes import MapNode, Node

OURS = "ours"
"""The one key of a mark: ``{ours: value}``. A model cannot name a field ``ours`` in data."""
WRITTEN = "{ours: value}, the value written as the field allows it"
"""What a problem with a mark says is allowed."""


def is_marked(node: Node) -> bool:
    """Whether ``node`` is written ``{ours: …}`` (well or badly: :func:`unwrap` tells)."""
    return isinstance(node, MapNode) and OURS in node


def unwrap(node: MapNode, path: str) -> tuple[Node, str]:
    """The value inside ``{ours: value}`` and the path a problem in it names (``path.ours``);
    raises :class:`~pnpkit.load.fields.Invalid` when the mark is written badly (other keys
    beside it, or a mark inside a mark). A value of nothing (``{ours: }``) is left to the
    field's own reader, which says what it expects."""
    others = [str(key.value) for key, _ in node.entries if key.value != OURS]
    if others:
        key_node = node.key_node(others[0])
        where = node if key_node is None else key_node
        message = f"{{ours: …}} marks one value, found other keys beside it: {', '.join(others)}"
        raise invalid(where, path, message, WRITTEN)
    inner = node.get(OURS)
    assert inner is not None  # is_marked
    if is_marked(inner):
        raise invalid(inner, f"{path}.{OURS}", "is marked twice", WRITTEN)
    return inner, f"{path}.{OURS}"


def misspelt(node: Node, path: str) -> Invalid | None:
    """The problem with a one-key mapping whose key looks like a misspelt mark (``{our: 1}``)
    where a single value or a list is expected; None when it does not look like one."""
    if not isinstance(node, MapNode) or len(node.entries) != 1:
        return None
    key_node = node.entries[0][0]
    key = str(key_node.value)
    if not difflib.get_close_matches(key, [OURS], n=1, cutoff=0.6):
        return None
    message = f"expected a value or {{ours: value}}, found {{{key}: …}}; did you mean {OURS!r}?"
    return invalid(key_node, path, message, WRITTEN)


def logical(path: str) -> str:
    """``path`` without the ``.ours`` of the marks it passes through (``factions[2].ours.name``
    is the field ``factions[2].name``, ``hearts.ours[2]`` is ``hearts[2]``): the path a mark is
    recorded and looked up by."""
    return _THROUGH.sub("", path) if OURS in path else path


_THROUGH = re.compile(rf"\.{OURS}(?=$|[.\[])")
