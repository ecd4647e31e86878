"""A game's ``layouts:`` (:mod:`pnpkit.model.face_layout`), read and made whole.

:func:`read_layouts` reads the mapping of named layouts with the schema reader (every key at
its ``file:line:col``, unknown keys with a did-you-mean) and gives each layout that ``extends``
another the other's elements first, an element of the same ``name`` replaced in place; a name
that is no layout, and a layout that extends itself through others, are errors at its line.
:func:`read_layouts_file` reads a game's ``layouts.yaml`` (a bundled kit's card faces) and
asks for the layouts its code lays faces out with.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Annotated

from pnpkit.load.nodes import MapNode, Node
from pnpkit.load.schema import Reader
from pnpkit.model.face_layout import LAYOUT_NAME, Element, Layout
from pnpkit.model.schema import Custom

LAYOUT = "layout:"
"""How a face's template names a layout (``layout:crew``) rather than a template file."""
LAYOUTS_FILE = "layouts.yaml"
"""The file of a game's folder that holds the layouts of a bundled kit's card faces."""


@dataclass(frozen=True, slots=True)
class LayoutsFile:
    """``layouts.yaml``: a mapping of names to layouts under ``layouts:``, and nothing else."""

    layouts: Annotated[tuple[Layout, ...], Custom("read_layouts_file reads it")]


def read_layouts(reader: Reader, node: Node | None, path: str = "layouts") -> dict[str, Layout]:
    """The layouts written at ``node`` (a mapping of names to layouts), each made whole; the
    problems go to ``reader``. A layout that cannot be read is left out (its problems said)."""
    if node is None:
        return {}
    written = reader.typed(dict[str, Layout], node, path)
    if not isinstance(written, dict) or not isinstance(node, MapNode):
        return {}
    places = {str(key.value): key.where for key, _ in node.entries}
    layouts: dict[str, Layout] = {}
    written_as: dict[str, Layout] = {}  # as the reader read them: it knows where each is
    for name, layout in written.items():
        if not re.fullmatch(LAYOUT_NAME, name):
            reader.problems.add(
                places[name],
                f"{path}.{name}",
                f"{name!r} is not a layout's name",
                "lower-case letters, digits, - and _, starting with a letter (at most 40)",
            )
            continue
        layouts[name] = replace(layout, name=name)
        written_as[name] = layout
    whole: dict[str, Layout] = {}
    for name in layouts:
        made = _whole(reader, layouts, written_as, name, path, [])
        if made is not None:
            whole[name] = made
    return whole


def read_layouts_file(reader: Reader, path: Path, needed: Mapping[str, str]) -> dict[str, Layout]:
    """The layouts of the file at ``path`` (:class:`LayoutsFile`), each made whole; the
    problems go to ``reader``. ``needed`` names each layout a kit lays faces out with, and
    which (``{"crew": "the crew cards' fronts"}``): one the file does not write is an error at
    ``layouts:``, with a did-you-mean."""
    node = reader.load(path)
    if node is None or reader.parsed(LayoutsFile, node) is None:
        return {}
    written = node.get("layouts") if isinstance(node, MapNode) else None
    layouts = read_layouts(reader, written)
    names = dict.fromkeys(written.keys() if isinstance(written, MapNode) else ())
    for name, faces in needed.items():
        wrong = layout_problem(name, names)
        if wrong is not None and isinstance(written, MapNode):
            reader.problems.add(
                written.where,
                f"layouts.{name}",
                f"{wrong[0]}: the kit lays out {faces} with it",
                f"a layout named {name} under layouts:",
            )
    return layouts


def _whole(
    reader: Reader,
    layouts: dict[str, Layout],
    written_as: dict[str, Layout],
    name: str,
    path: str,
    chain: list[str],
) -> Layout | None:
    layout = layouts[name]
    if not layout.extends:
        return layout
    here = reader.at(written_as[name], "extends")
    if layout.extends in chain or layout.extends == name:
        root = chain[0] if chain else name
        if layout.extends == root:  # said once, at each layout of the loop
            loop = " → ".join([*chain, name, layout.extends])
            reader.problems.add(
                reader.at(written_as[root], "extends"),
                f"{path}.{root}.extends",
                f"extends itself: {loop}",
                "a layout that does not lead back to this one",
            )
        return None
    if layout.extends not in layouts:
        close = difflib.get_close_matches(layout.extends, list(layouts), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        reader.problems.add(
            here,
            f"{path}.{name}.extends",
            f"{layout.extends!r} is no layout of this game{hint}",
            ", ".join(sorted(layouts)) or "a layout written under layouts:",
        )
        return None
    base = _whole(reader, layouts, written_as, layout.extends, path, [*chain, name])
    if base is None:
        return None
    return replace(
        layout,
        elements=_merged(base.elements, layout.elements),
        background=layout.background if layout.background is not None else base.background,
        extends="",
    )


def _merged(base: tuple[Element, ...], own: tuple[Element, ...]) -> tuple[Element, ...]:
    """``base``'s elements, each replaced by an element of ``own`` of the same name, then the
    rest of ``own``."""
    named = {e.box.name: e for e in own if e.box.name}
    kept = tuple(named.get(e.box.name, e) if e.box.name else e for e in base)
    used = {e.box.name for e in base if e.box.name}
    return kept + tuple(e for e in own if not e.box.name or e.box.name not in used)


def layout_problem(name: str, layouts: Mapping[str, object]) -> tuple[str, str] | None:
    """What is wrong with naming the layout ``name`` (``(message, allowed)``), or None."""
    if name in layouts:
        return None
    close = difflib.get_close_matches(name, list(layouts), n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    return (
        f"{name!r} is no layout of this game{hint}",
        ", ".join(sorted(layouts)) or "a layout written under layouts: in game.yaml",
    )
