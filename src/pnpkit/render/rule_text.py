"""Rule text filled: the placeholders of a rule document rendered from a game's values.

Light on purpose (Jinja's sandbox, no drawing library): ``pnpkit check`` renders every block of
every rule document with :func:`document_problems` to find what ``build`` would meet, and must
not load ReportLab to do it. :mod:`pnpkit.layout.rules` prints what this fills.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from jinja2 import TemplateError, TemplateRuntimeError

from pnpkit.errors import DataError, Location, Problem
from pnpkit.load.rule_blocks import BUILT_IN
from pnpkit.model.ours import MARK, Ours
from pnpkit.model.rule_document import RuleDocument
from pnpkit.render.placeholders import PlaceholderEnvironment, render_placeholders

NOWHERE = Location("", 0, 0)


def and_list(values: Sequence[object] | Ours, last: str = " and ") -> str:
    """``[13, 18, 22]`` → ``"13, 18 and 22"``; a list the data marks ``{ours: …}`` carries the
    mark once, at its end (``"6, 12 and 18†"``)."""
    if isinstance(values, Ours):
        inner = values.value
        return (and_list(inner, last) if isinstance(inner, tuple) else str(inner)) + MARK
    words = [str(v) for v in values]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + last + words[-1]


_ENV = PlaceholderEnvironment({"and_list": and_list})
GROUP_FIELDS_SHOWN = 8
"""The most fields of a group a message names."""


class Group(dict[str, Any]):
    """A group of values in a rule context (``table``: its size, edge, …), read by placeholders
    like the mapping it is; printed whole (``{{ table }}``), it refuses, naming its fields,
    where a plain mapping would print Python's picture of itself."""

    __slots__ = ("_group_name",)

    def __init__(self, name: str, values: Mapping[str, Any]) -> None:
        super().__init__(values)
        self._group_name = name
        """Its path in the context; an attribute a placeholder cannot reach (``_``), so it hides
        no key (``ships.industry.name`` is the ship's name)."""

    def _fields(self) -> str:
        """Its first fields as placeholders name them: ``table.size, table.edge, …``."""
        fields = [f"{self._group_name}.{key}" for key in self]
        more = ", …" if len(fields) > GROUP_FIELDS_SHOWN else ""
        return ", ".join(fields[:GROUP_FIELDS_SHOWN]) + more

    def __str__(self) -> str:
        raise TemplateRuntimeError(
            f"{self._group_name!r} names a group of values, not one: name one of its fields "
            f"({self._fields()})"
        )

    def __getattr__(self, key: str) -> Any:
        """``table.size`` (Jinja asks for an attribute first); a field the group lacks is
        undefined with a message naming the fields it has."""
        if key.startswith("_"):
            raise AttributeError(key)
        if key in self:
            return self[key]
        hint = f"{self._group_name!r} has no field {key!r} (its fields: {self._fields()})"
        return _ENV.undefined(hint=hint)


_LAST: list[tuple[Mapping[str, Any], dict[str, Any]]] = []
"""The context last grouped, and its groups: a game's every block is filled from one context
(175 of them in False Colors' check), grouped once (it is held here, so it is the same object,
never another at its address)."""


def _grouped_once(context: Mapping[str, Any]) -> dict[str, Any]:
    if not _LAST or _LAST[0][0] is not context:
        _LAST[:] = [(context, _grouped(context))]
    return _LAST[0][1]


def _grouped(context: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """``context`` with every mapping inside it a :class:`Group` named by its path."""
    return {
        key: Group(f"{prefix}{key}", _grouped(value, f"{prefix}{key}."))
        if isinstance(value, Mapping)
        else value
        for key, value in context.items()
    }


def render_text(
    template: str, context: Mapping[str, Any], where: Location, field: str = "text"
) -> str:
    """Fill ``template``'s placeholders from ``context``; a bad placeholder is a DataError at
    ``where`` (one that names a group of values, not a value, too)."""
    try:
        return render_placeholders(_ENV, template, _grouped_once(context))
    except TemplateError as exc:
        raise DataError([Problem(where, field, f"placeholder: {exc.message or exc}")]) from None


def document_title(document: RuleDocument, context: Mapping[str, Any]) -> tuple[str, str]:
    """The document's title and subtitle, placeholders filled."""
    title = render_text(document.title, context, document.title_where or NOWHERE, "title")
    subtitle = (
        render_text(document.subtitle, context, document.subtitle_where or NOWHERE, "subtitle")
        if document.subtitle
        else ""
    )
    return title, subtitle


def document_problems(document: RuleDocument, context: Mapping[str, Any]) -> list[Problem]:
    """Every problem the built-in blocks would meet when printed, found without drawing (each
    title, subtitle and block rendered), so ``pnpkit check`` finds what ``build`` would."""
    problems: list[Problem] = []

    def rendered(template: str, where: Location | None, field: str) -> None:
        try:
            render_text(template, context, where or NOWHERE, field)
        except DataError as exc:
            problems.extend(exc.problems)

    rendered(document.title, document.title_where, "title")
    if document.subtitle:
        rendered(document.subtitle, document.subtitle_where, "subtitle")
    for raw in document.blocks:
        if raw.kind in BUILT_IN:
            for template in raw.texts:
                rendered(template, raw.where, raw.kind)
    return problems
