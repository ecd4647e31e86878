"""The rule text of a fleet game (``rules.yaml``): blocks of our own words with placeholders.

:func:`load_rules` reads the file with the shared field reader (every problem with its
file:line:col). :func:`render_text` fills placeholders from the game's models in a Jinja
sandbox that refuses anything but placeholders (:mod:`pnpkit.render.placeholders`), with
``StrictUndefined``, so a misspelt placeholder is an error naming
the file and block, never a silent blank.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

from jinja2 import TemplateError

from pnpkit.errors import DataError, Location, Problem
from pnpkit.load.fields import Invalid, Problems, list_of, text
from pnpkit.load.nodes import ListNode, MapNode, Node, ScalarNode, describe
from pnpkit.load.schema import Reader
from pnpkit.model.schema import NOWHERE, Custom, Range, Text, Where
from pnpkit.render.placeholders import PlaceholderEnvironment, render_placeholders

BLOCK_KINDS = ("h", "h2", "p", "bullets", "steps", "table", "picture", "break")
TABLES = ("roster", "combat", "combat-key", "scoring", "storm", "charts", "orders")
BREAKS = ("column", "page")
Number = Annotated[int, Range(0, 999)]


@dataclass(frozen=True, slots=True)
class RawBlock:
    """One block as written: its kind, its text (or texts) and where it is."""

    kind: str
    texts: tuple[str, ...]
    where: Location


@dataclass(frozen=True, slots=True)
class RuleDocument:
    title: str
    pages: Annotated[int, Range(1, 64)]
    blocks: Annotated[tuple[RawBlock, ...], Custom("one key a block: h, p, bullets, ...")]
    subtitle: str = ""


@dataclass(frozen=True, slots=True)
class Pirates:
    """The numbers of the pirates variant."""

    extra_orders_per_navy: Annotated[int, Range(0, 9)] = 1
    plunder: Annotated[int, Range(1, 999)] = 24
    captains: Annotated[str, Text(max_len=40)] = "3 to 6"


@dataclass(frozen=True, slots=True, kw_only=True)
class RuleText:
    numbers: dict[str, Number | tuple[Number, ...]]
    """Numbers rule text may quote as ``rules.<name>``: a whole number or a list of them."""
    pirates: Pirates
    rulebook: RuleDocument
    card: RuleDocument
    phrases: Annotated[Mapping[str, tuple[str, Location]], Custom("group: {key: text}")]
    """Short texts for generated tables, by ``group.key`` (e.g. ``scoring.harbor``)."""
    source: str = ""
    where: Where = field(default=NOWHERE, compare=False)


def load_rules(path: Path | str) -> RuleText:
    """Read ``rules.yaml``; raises :class:`DataError` listing every problem."""
    reader = Reader(blocks=_blocks, phrases=_phrases)
    rules = reader.file(RuleText, path, source=str(path))
    reader.problems.raise_if_any()
    assert rules is not None
    return rules


def _phrases(node: Node, path: str) -> dict[str, tuple[str, Location]]:
    """``group: {key: text}`` as ``group.key``, each text with where it is written."""
    problems = Problems()
    out: dict[str, tuple[str, Location]] = {}
    for group, inner in _entries(node, path, problems, "group: {key: text}"):
        here = f"{path}.{group.value}"
        for key, value in _entries(inner, here, problems, "key: text"):
            try:
                out[f"{group.value}.{key.value}"] = (
                    text(max_len=400)(value, f"{here}.{key.value}"),
                    value.where,
                )
            except Invalid as exc:
                problems.extend(exc.problems)
    if problems:
        raise Invalid(problems.items)
    return out


def _entries(
    node: Node, path: str, problems: Problems, allowed: str
) -> tuple[tuple[ScalarNode, Node], ...]:
    if isinstance(node, MapNode):
        return node.entries
    problems.add(node.where, path, f"expected a mapping, found {describe(node)}", allowed)
    return ()


def _blocks(node: Node, path: str) -> tuple[RawBlock, ...]:
    if not isinstance(node, ListNode):
        raise Invalid([Problem(node.where, path, "expected a list of blocks")])
    problems = Problems()
    blocks = [_block(item, f"{path}[{i}]", problems) for i, item in enumerate(node.items)]
    if problems:
        raise Invalid(problems.items)
    return tuple(block for block in blocks if block is not None)


def _block(node: Node, field: str, problems: Problems) -> RawBlock | None:
    allowed = ", ".join(BLOCK_KINDS)
    if not isinstance(node, MapNode) or len(node.entries) != 1:
        problems.add(node.where, field, "expected one key naming the block", allowed)
        return None
    key_node, value = node.entries[0]
    kind = str(key_node.value)
    if kind not in BLOCK_KINDS:
        problems.add(key_node.where, field, f"unknown block {kind!r}", allowed)
        return None
    try:
        if kind in ("bullets", "steps"):
            texts = tuple(list_of(text(max_len=2000), min_len=1)(value, f"{field}.{kind}"))
        elif kind == "table":
            texts = (_choice(value, f"{field}.table", TABLES),)
        elif kind == "picture":
            texts = (text(max_len=40)(value, f"{field}.picture"),)
        elif kind == "break":
            texts = (_choice(value, f"{field}.break", BREAKS),)
        else:
            texts = (text(max_len=4000)(value, f"{field}.{kind}"),)
    except Invalid as exc:
        problems.extend(exc.problems)
        return None
    return RawBlock(kind, texts, node.where)


def _choice(node: Node, field: str, options: Sequence[str]) -> str:
    value = node.value if isinstance(node, ScalarNode) else None
    if not isinstance(value, str) or value not in options:
        raise Invalid([Problem(node.where, field, f"{value!r} is not known", ", ".join(options))])
    return value


# -- placeholders -----------------------------------------------------------------------------


def and_list(values: Sequence[object], last: str = " and ") -> str:
    """``[13, 18, 22]`` → ``"13, 18 and 22"``."""
    words = [str(v) for v in values]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + last + words[-1]


_ENV = PlaceholderEnvironment({"and_list": and_list})


def render_text(
    template: str, context: Mapping[str, Any], where: Location, field: str = "text"
) -> str:
    """Fill ``template``'s placeholders from ``context``; a bad placeholder is a DataError at
    ``where``."""
    try:
        return render_placeholders(_ENV, template, context)
    except TemplateError as exc:
        raise DataError([Problem(where, field, f"placeholder: {exc.message or exc}")]) from None
