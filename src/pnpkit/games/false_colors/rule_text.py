"""The rule text of a fleet game (``rules.yaml``): blocks of our own words with placeholders.

:func:`load_rules` reads the file: its documents (the rulebook and the card) through the shared
:mod:`pnpkit.load.rule_blocks`, with this game's own blocks (``table``, ``picture``), its
values (``numbers``, ``pirates``, ``wind``: ``{ours: …}`` marks our choices) and the phrases of
its generated tables. A ``truce`` block (a paragraph) or ``truce-bullet`` block (one bullet) is
printed only when the game has a truce (``truce_rounds`` above 0): :func:`printed`. Placeholders are
filled by :func:`pnpkit.render.rule_text.render_text` (a sandbox with ``StrictUndefined``: a
misspelt placeholder is an error naming the file and block, never a silent blank).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from pnpkit.errors import DataError, Location, Problem
from pnpkit.games.false_colors.charts.load.chart import FALLS, RISING, falls
from pnpkit.load.fields import Fields, Kind, Problems, text
from pnpkit.load.rule_blocks import (
    ITEM_CHARS,
    TEXT_CHARS,
    choice,
    read_document,
    read_values,
)
from pnpkit.load.rule_blocks import RawBlock as RawBlock
from pnpkit.load.rule_blocks import RuleDocument as RuleDocument
from pnpkit.load.rule_blocks import Value as Value
from pnpkit.load.schema import PLACES
from pnpkit.load.yamlnode import load_yaml
from pnpkit.model.ours import Ours
from pnpkit.model.schema import NOWHERE, Where
from pnpkit.render.rule_text import and_list as and_list
from pnpkit.render.rule_text import document_problems
from pnpkit.render.rule_text import render_text as render_text

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
    "quiet_track",
    "quiet_note",
    "quiet_truce",
    "quiet_marker",
    "quiet_last",
    "slips",
    "slips_note",
    "slip_round",
    "slip_start",
    "slip_end",
    "formation",
    "formation_note",
    "formation_front",
    "formation_back",
    "hex_formation",
    "hex_formation_note",
    "hex_formation_corner",
    "random_title",
    "random_note",
    "random_few",
    "random_tokens",
    "random_tokens_note",
)
"""The play aids' headings and notes (``aids.<key>`` in ``phrases``)."""
VEERS = "wind_veers"
"""The rounds after which the wind veers (``numbers.wind_veers``)."""
AID_NUMBERS = (VEERS, "score_track")
"""The numbers the play aids draw (``numbers.<key>``): the rounds the wind veers after, and
the top of the score track."""
TOKEN_PICTURE = "token"
"""The picture block that shows one ship token of each fleet (the others name a chart)."""
TABLES = ("roster", "combat", "combat-key", "scoring", "storm", "charts", "orders", "seatings")
TRUCE_BLOCKS = {"truce": "p", "truce-bullet": "bullets"}
"""Blocks printed only when the game has a truce, and the built-in block each prints as."""
KINDS: dict[str, Kind[str]] = {
    "table": choice(TABLES),
    "picture": text(max_len=40),
    "truce": text(max_len=TEXT_CHARS),
    "truce-bullet": text(max_len=ITEM_CHARS),
}
"""The game's own blocks: a generated table by name, a picture (a chart by name, or token), and
a paragraph or a bullet of the truce's rules (printed only when there is a truce)."""


@dataclass(frozen=True, slots=True)
class RuleText:
    """``rules.yaml``: the rulebook and the rules card, the values their placeholders quote
    (``numbers``, ``pirates``, ``wind``) and the phrases of the generated tables."""

    source: str
    numbers: Mapping[str, Value]
    pirates: Mapping[str, Value]
    rulebook: RuleDocument
    card: RuleDocument
    phrases: Mapping[str, tuple[str, Location]]
    """Short texts for generated tables, by ``group.key`` (e.g. ``scoring.harbor``)."""
    wind: Mapping[str, Value] = field(default_factory=dict)
    where: Where = field(default=NOWHERE, compare=False)
    """Where each value is written, kept at load time: ``rules.where.of("wind", "from")``."""


def load_rules(path: Path | str) -> RuleText:
    """Read ``rules.yaml``; raises :class:`DataError` listing every problem."""
    problems = Problems()
    node = load_yaml(path, problems.items)
    root = Fields(node, problems)
    numbers = read_values(root.sub("numbers"), problems)
    pirates = read_values(root.sub("pirates"), problems)
    wind = read_values(root.sub("wind"), problems)
    rulebook = read_document(root.sub("rulebook"), problems, KINDS)
    card = read_document(root.sub("card"), problems, KINDS)
    phrases = _phrases(root.sub("phrases"), problems)
    root.done()
    problems.raise_if_any()
    assert rulebook is not None and card is not None
    where = Where(PLACES, node)
    return RuleText(str(path), numbers, pirates, rulebook, card, phrases, wind, where)


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


def printed(document: RuleDocument, truce_rounds: int) -> RuleDocument:
    """``document`` as it prints for a game with ``truce_rounds`` opening rounds of truce: each
    truce block a paragraph (or a one-bullet list) when there is a truce, left out when there is
    none (a list split around a bullet sets as the whole list did)."""
    blocks = tuple(
        RawBlock(TRUCE_BLOCKS[raw.kind], raw.texts, raw.where) if raw.kind in TRUCE_BLOCKS else raw
        for raw in document.blocks
        if raw.kind not in TRUCE_BLOCKS or truce_rounds > 0
    )
    return replace(document, blocks=blocks)


# -- placeholders -----------------------------------------------------------------------------


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
                    rules.where.of("phrases", key.split(".")[0]),
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


def aid_phrases(rules: RuleText, context: Mapping[str, Any]) -> Callable[[str], str]:
    """The play aids' words by key (``phrases.aids`` of ``rules.yaml``: ``say("log")``),
    placeholders filled from ``context``; a DataError names any that does not render."""
    phrase = phrasebook(rules, context, tuple(f"aids.{key}" for key in AID_PHRASES))

    def say(key: str) -> str:
        return phrase(f"aids.{key}")

    return say


def picture_problem(name: str, where: Location, charts: Collection[str]) -> Problem | None:
    """A picture block naming neither a chart nor the token, as a problem at ``where``."""
    if name in charts or name == TOKEN_PICTURE:
        return None
    allowed = ", ".join([*sorted(charts), TOKEN_PICTURE])
    return Problem(where, "picture", f"{name!r} is not a picture the kit can draw", allowed)


def rule_text_problems(
    rules: RuleText, context: Mapping[str, Any], charts: Collection[str]
) -> list[Problem]:
    """Every problem the rule documents would meet when printed, found without drawing: each
    title, subtitle, block and phrase rendered (a placeholder naming a missing field is a
    problem at its block), each picture named. ``pnpkit check`` runs this, so rule text that
    passes ``check`` renders in ``build``."""
    problems: list[Problem] = []
    for document in (rules.rulebook, rules.card):
        # every truce block is rendered, printed or not, so check finds what a truce would meet
        document = printed(document, truce_rounds=1)
        problems.extend(document_problems(document, context))
        for raw in document.blocks:
            if raw.kind == "picture":
                problem = picture_problem(raw.texts[0], raw.where, charts)
                if problem is not None:
                    problems.append(problem)
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
            where = rules.where.of("numbers", key)
            problems.append(Problem(where, f"numbers.{key}", "the play aids need a number here"))
    return problems + veer_problems(rules, context["game"].rounds)


def veer_problems(rules: RuleText, rounds: int) -> list[Problem]:
    """``numbers.wind_veers`` held as the storm's rounds are: at least one round, each 1 to the
    game's ``rounds``, rising (a word is refused with the play aids' other numbers)."""
    written = rules.numbers.get(VEERS)
    value = written.value if isinstance(written, Ours) else written
    if not isinstance(value, (int, tuple)):
        return []
    inner = ("ours",) if isinstance(written, Ours) else ()
    field = f"numbers.{VEERS}"
    if isinstance(value, int):
        where = rules.where.of("numbers", VEERS, *inner)
        return [
            Problem(where, field, f"{value} is one number", f"a list of rounds, e.g. [{value}]")
        ]
    veers = value
    if not veers:
        where = rules.where.of("numbers", VEERS, *inner)
        return [Problem(where, field, "[] is empty", f"at least one round, 1–{rounds}, rising")]
    problems = [
        Problem(
            rules.where.of("numbers", VEERS, *inner, str(i)),
            f"{field}[{i}]",
            f"{veer} is out of range",
            f"1–{rounds}, the game's rounds",
        )
        for i, veer in enumerate(veers)
        if not 1 <= veer <= rounds
    ]
    if falls(veers):
        where = rules.where.of("numbers", VEERS, *inner)
        problems.append(Problem(where, field, f"{list(veers)} {FALLS}", RISING))
    return problems
