"""The rule text of a fleet game (``rules.yaml``): blocks of our own words with placeholders.

:func:`load_rules` reads the file with the shared field reader (every problem with its
file:line:col). :func:`render_text` fills placeholders from the game's models in a Jinja
sandbox that refuses anything but placeholders (:mod:`pnpkit.render.placeholders`), with
``StrictUndefined``, so a misspelt placeholder is an error naming
the file and block, never a silent blank.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from jinja2 import TemplateError

from pnpkit.errors import DataError, Location, Problem
from pnpkit.load.fields import Fields, Invalid, Problems, integer, list_of, text
from pnpkit.load.locate import place
from pnpkit.load.nodes import ListNode, MapNode, Node, ScalarNode
from pnpkit.load.yamlnode import load_yaml
from pnpkit.model.ours import Ours
from pnpkit.render.placeholders import PlaceholderEnvironment, render_placeholders

BLOCK_KINDS = ("h", "h2", "p", "bullets", "steps", "table", "picture", "break")
OUTCOME_PHRASES: tuple[Literal["win", "lose", "both", "capture"], ...] = (
    "win",
    "lose",
    "both",
    "capture",
)
"""The combat key's outcomes, one phrase each (``combat_key.<outcome>``)."""
SCORING_PHRASES = (
    "harbor",
    "capital",
    "admiral_captured",
    "sunk",
    "admiral_afloat",
    "admiral_lost",
)
PHRASES: tuple[str, ...] = (
    *(f"combat_key.{kind}" for kind in OUTCOME_PHRASES),
    *(f"scoring.{key}" for key in SCORING_PHRASES),
)
"""Every phrase the generated tables need (``group.key`` in ``phrases``)."""
AID_PHRASES = (
    "round_track",
    "round_note",
    "markers",
    "markers_note",
    "score_track",
    "score_note",
    "ships_lost",
    "ships_lost_note",
    "wind_rose",
    "wind_note",
    "log",
    "log_note",
    "log_final",
    "log_harbors",
    "log_capital",
    "log_fights",
    "log_total",
    "round_marker",
    "wind_marker",
)
"""The play aids' headings and notes (``aids.<key>`` in ``phrases``)."""
AID_NUMBERS = ("wind_veers", "score_track")
"""The numbers the play aids draw (``numbers.<key>``): the rounds the wind veers after, and
the top of the score track."""
TOKEN_PICTURE = "token"
"""The picture block that shows one ship token of each fleet (the others name a chart)."""
TABLES = ("roster", "combat", "combat-key", "scoring", "storm", "charts", "orders", "seatings")
BREAKS = ("column", "page")


@dataclass(frozen=True, slots=True)
class RawBlock:
    """One block as written: its kind, its text (or texts) and where it is."""

    kind: str
    texts: tuple[str, ...]
    where: Location


@dataclass(frozen=True, slots=True)
class RuleDocument:
    title: str
    subtitle: str
    pages: int
    blocks: tuple[RawBlock, ...]


Value = int | str | tuple[int, ...] | Ours
"""A number, a word or a list of numbers rule text may quote; :class:`Ours` when the data marks
it as our choice (``{ours: 24}``)."""


@dataclass(frozen=True, slots=True)
class RuleText:
    source: str
    numbers: Mapping[str, Value]
    pirates: Mapping[str, Value]
    rulebook: RuleDocument
    card: RuleDocument
    phrases: Mapping[str, tuple[str, Location]]
    """Short texts for generated tables, by ``group.key`` (e.g. ``scoring.harbor``)."""
    wind: Mapping[str, Value] = field(default_factory=dict)
    ours_seatings: Mapping[str, tuple[tuple[str, Location], ...]] = field(default_factory=dict)
    """Seatings the source rules do not give, by chart: ``"2"`` for the seats of two captains,
    ``"6 teams"`` for the teams of six (printed with the mark)."""


def load_rules(path: Path | str) -> RuleText:
    """Read ``rules.yaml``; raises :class:`DataError` listing every problem."""
    problems = Problems()
    root = Fields(load_yaml(path, problems.items), problems)
    numbers = _values(root.sub("numbers"), problems)
    pirates = _values(root.sub("pirates"), problems)
    wind = _values(root.sub("wind"), problems)
    rulebook = _document(root.sub("rulebook"), problems)
    card = _document(root.sub("card"), problems)
    phrases = _phrases(root.sub("phrases"), problems)
    seatings = _ours_seatings(root.sub("ours"), problems)
    root.done()
    problems.raise_if_any()
    assert rulebook is not None and card is not None
    return RuleText(str(path), numbers, pirates, rulebook, card, phrases, wind, seatings)


def _phrases(f: Fields | None, problems: Problems) -> dict[str, tuple[str, Location]]:
    out: dict[str, tuple[str, Location]] = {}
    if f is None or f.mapping is None:
        return out
    for key_node, _ in f.mapping.entries:
        group = f.sub(str(key_node.value))
        if group is None or group.mapping is None:
            continue
        for inner_key, node in group.mapping.entries:
            name = str(inner_key.value)
            value = group.get(name, text(max_len=800), "")
            if value:
                out[f"{key_node.value}.{name}"] = (value, node.where)
        group.done()
    f.done()
    return out


def _values(f: Fields | None, problems: Problems) -> dict[str, Value]:
    """A section of values rule text quotes: each a number, a list of numbers or a word, or
    ``{ours: …}`` around one when the source rules do not give it."""
    out: dict[str, Value] = {}
    if f is None or f.mapping is None:
        return out
    for key_node, value in f.mapping.entries:
        key = str(key_node.value)
        f.node_of(key)
        field_name = f.field(key)
        marked = False
        if isinstance(value, MapNode):
            inner = value.get("ours") if value.keys() == ("ours",) else None
            if inner is None:
                problems.add(
                    value.where,
                    field_name,
                    "expected a value",
                    "a number, a list of numbers, a word, or {ours: …} for our own choice",
                )
                continue
            value, marked, field_name = inner, True, f"{field_name}.ours"
        try:
            found = _value(value, field_name)
        except Invalid as exc:
            problems.extend(exc.problems)
            continue
        out[key] = Ours(found) if marked else found
    f.done()
    return out


def _value(node: Node, field_name: str) -> int | str | tuple[int, ...]:
    if isinstance(node, ListNode):
        return tuple(list_of(integer(0, 999))(node, field_name))
    if isinstance(node, ScalarNode) and isinstance(node.value, str):
        return text(max_len=60)(node, field_name)
    return integer(0, 999)(node, field_name)


def _ours_seatings(
    f: Fields | None, problems: Problems
) -> dict[str, tuple[tuple[str, Location], ...]]:
    """``ours: {seatings: {hex: ["2", "6 teams"]}}``: seatings the charts give that the source
    rules do not."""
    out: dict[str, tuple[tuple[str, Location], ...]] = {}
    if f is None:
        return out
    seatings = f.sub("seatings")
    f.done()
    if seatings is None or seatings.mapping is None:
        return out
    for key_node, node in seatings.mapping.entries:
        chart = str(key_node.value)
        seatings.node_of(chart)
        if not isinstance(node, ListNode):
            problems.add(node.where, seatings.field(chart), "expected a list", '"2", "6 teams"')
            continue
        entries: list[tuple[str, Location]] = []
        for index, item in enumerate(node.items):
            try:
                entries.append(
                    (
                        text(pattern=r"[0-9]{1,2}( teams)?", allowed='"2" or "6 teams"')(
                            item, f"{seatings.field(chart)}[{index}]"
                        ),
                        item.where,
                    )
                )
            except Invalid as exc:
                problems.extend(exc.problems)
        out[chart] = tuple(entries)
    seatings.done()
    return out


def _document(f: Fields | None, problems: Problems) -> RuleDocument | None:
    if f is None:
        return None
    title = f.need("title", text()) or ""
    subtitle = f.get("subtitle", text(), "")
    pages = f.need("pages", integer(1, 64)) or 1
    blocks: list[RawBlock] = []
    node = f.node_of("blocks")
    if node is None:
        f.add(None, "blocks", "missing")
    elif not isinstance(node, ListNode):
        f.add(node, "blocks", "expected a list of blocks")
    else:
        for index, item in enumerate(node.items):
            block = _block(item, f"{f.field('blocks')}[{index}]", problems)
            if block is not None:
                blocks.append(block)
    f.done()
    return RuleDocument(title, subtitle, pages, tuple(blocks))


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


def phrasebook(
    rules: RuleText, context: Mapping[str, Any], required: Sequence[str] = PHRASES
) -> Callable[[str], str]:
    """Phrases with placeholders filled (the tables' unless told); a DataError names any of
    ``required`` that is missing."""
    missing = [key for key in required if key not in rules.phrases]
    if missing:
        raise DataError(
            [
                Problem(
                    place(rules.source, "phrases", key.split(".")[0]),
                    "phrases",
                    f"{key} is missing",
                )
                for key in missing
            ]
        )

    def say(key: str) -> str:
        template, where = rules.phrases[key]
        return render_text(template, context, where, f"phrases.{key}")

    return say


def picture_problem(name: str, where: Location, charts: Collection[str]) -> Problem | None:
    """A picture block naming neither a chart nor the token, as a problem at ``where``."""
    if name in charts or name == TOKEN_PICTURE:
        return None
    allowed = ", ".join([*sorted(charts), TOKEN_PICTURE])
    return Problem(where, "picture", f"{name!r} is not a picture the kit can draw", allowed)


def document_place(rules: RuleText, document: RuleDocument, field: str) -> Location:
    """Where ``field`` of ``document`` (the rulebook or the card) is written in rules.yaml."""
    return place(rules.source, "rulebook" if document is rules.rulebook else "card", field)


def rule_text_problems(
    rules: RuleText, context: Mapping[str, Any], charts: Collection[str]
) -> list[Problem]:
    """Every problem the rule documents would meet when printed, found without drawing: each
    title, subtitle, block and phrase rendered (a placeholder naming a missing field is a
    problem at its block), each picture named. ``pnpkit check`` runs this, so rule text that
    passes ``check`` renders in ``build``."""
    problems: list[Problem] = []

    def rendered(template: str, where: Location, field: str) -> None:
        try:
            render_text(template, context, where, field)
        except DataError as exc:
            problems.extend(exc.problems)

    for document in (rules.rulebook, rules.card):
        rendered(document.title, document_place(rules, document, "title"), "title")
        if document.subtitle:
            rendered(document.subtitle, document_place(rules, document, "subtitle"), "subtitle")
        for raw in document.blocks:
            if raw.kind == "picture":
                problem = picture_problem(raw.texts[0], raw.where, charts)
                if problem is not None:
                    problems.append(problem)
            elif raw.kind not in ("table", "break"):
                for template in raw.texts:
                    rendered(template, raw.where, raw.kind)
    for required in (PHRASES, tuple(f"aids.{key}" for key in AID_PHRASES)):
        try:
            say = phrasebook(rules, context, required)
        except DataError as exc:
            problems.extend(exc.problems)
            continue
        for key in required:
            try:
                say(key)
            except DataError as exc:
                problems.extend(exc.problems)
    for key in AID_NUMBERS:
        value = rules.numbers.get(key)
        value = value.value if isinstance(value, Ours) else value
        if not isinstance(value, (int, tuple)):
            where = place(rules.source, "numbers", key)
            problems.append(Problem(where, f"numbers.{key}", "the play aids need a number here"))
    return problems
