"""A failing template's problem placed where the designer can fix it: at the template's file,
line and, where it can be found, column, naming the card that asked for it.

- A template that asks for a name it was not given (a field misspelled) is said at the line
  and column of the name, with the field or helper it is closest to
  (:func:`undefined_problem`).
- A template that fails as it runs (a division by zero, a range too large, a macro that calls
  itself, a helper called wrongly: :class:`~pnpkit.render.templates.helpers.HelperMisuse`, more
  work for one face than its budget allows: :mod:`pnpkit.render.templates.budget`) is said at
  the line Jinja's rewritten traceback names (:func:`template_failure`).
- A template Jinja cannot read (a syntax error, an unknown filter or test, a block never
  closed) is said at the tag that fails, found again in the template's source
  (:func:`syntax_problem`); a block never closed where it opens.
- What the SVG a template made breaks (a character with no glyph, a refused SVG feature, XML
  that is not readable) is said at the line and column of the template that writes it
  (:func:`svg_problem`).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass

from jinja2 import BaseLoader, TemplateError, TemplateSyntaxError, UndefinedError

from pnpkit.errors import Location, Problem
from pnpkit.render.templates.budget import BudgetedSandbox, OverBudget
from pnpkit.render.templates.helpers import HelperMisuse

FAILED = "the template failed: "
"""How :func:`template_failure` begins its message."""


CARD_AT = " (card at "
"""How a problem said at a template's line names the card's place in the data
(:func:`card_named`)."""


def card_named(name: str, where: Location) -> str:
    """The card ``name`` that asked for a template, with its place in the data (``where``)
    when it has one: ``Bosun (card at data/salvage/game.yaml:24:9)``."""
    return f"{name}{CARD_AT}{where})" if where.line else name


def said_at_template(problem: Problem) -> bool:
    """Whether ``problem`` is said at a template's line for the card that asked for it (the
    same problem on every card the template draws), not at the card's data."""
    return CARD_AT in problem.field or problem.message.startswith((FAILED, UNREADABLE))


def template_frames(exc: BaseException) -> list[Location]:
    """The template lines ``exc`` passed through, outermost first (Jinja rewrites the
    traceback of a rendering so that a template's frames carry its file and line)."""
    frames: list[Location] = []
    tb = exc.__traceback__
    while tb is not None:
        if "__jinja_exception__" in tb.tb_frame.f_globals:
            place = Location(tb.tb_frame.f_code.co_filename, tb.tb_lineno, 1)
            if not frames or frames[-1] != place:
                frames.append(place)
        tb = tb.tb_next
    return frames


def template_failure(exc: Exception, template: str, name: str, where: Location) -> Problem:
    """The problem of a template that failed while it was drawing ``name`` (a division by
    zero, a range too large, a macro that calls itself, a helper called wrongly): at the
    template's file and line, naming the card (and its place in the data) and what went wrong."""
    frames = template_frames(exc)
    place = frames[-1] if frames else Location(template)
    if isinstance(exc, HelperMisuse):
        message = str(exc)
    elif isinstance(exc, RecursionError):
        message = f"a macro calls itself without end ({exc})"
    elif isinstance(exc, OverBudget):
        message = exc.message
    else:
        message = f"{type(exc).__name__}: {exc}"
    outer = [str(frame) for frame in frames[:-1] if frame.file != place.file]
    if outer:
        message += f" (called from {', '.join(dict.fromkeys(outer))})"
    card = card_named(name, where)
    usage = exc.usage if isinstance(exc, HelperMisuse) else ""
    if isinstance(exc, OverBudget):
        usage = exc.allowed
    return Problem(place, card, f"{FAILED}{message}", usage)


_UNDEFINED = re.compile(r"'(\w+)' is undefined")
"""What Jinja says of a name a template asks for that it was not given."""


def undefined_problem(
    env: BudgetedSandbox,
    exc: UndefinedError,
    template: str,
    name: str,
    where: Location,
    known: Iterable[str],
) -> Problem:
    """The problem of a template that asks for a name it was not given while it drew ``name``
    (at ``where``): at the template's line and the name's column there, naming the card, with
    the name among ``known`` (the card's fields and the helpers) it is closest to, and them."""
    message = exc.message or str(exc)
    frames = template_frames(exc)
    asked = _UNDEFINED.fullmatch(message)
    names = sorted(set(known))
    allowed = f"the card's fields and the helpers: {', '.join(names)}"
    if asked is not None:
        close = difflib.get_close_matches(asked.group(1), names, n=1, cutoff=0.6)
        message += f"; did you mean {close[0]!r}?" if close else ""
    if not frames:
        return Problem(where, name, f"template {template}: {message}", allowed)
    place = frames[-1]
    if asked is not None and env.loader is not None:
        try:
            source = env.loader.get_source(env, template)[0]
        except TemplateError:
            source = ""
        lines = source.split("\n")
        line = lines[place.line - 1] if 0 < place.line <= len(lines) else ""
        found = re.search(rf"\b{re.escape(asked.group(1))}\b", line)
        if found is not None:
            place = Location(place.file, place.line, found.start() + 1)
    card = card_named(name, where)
    return Problem(place, card, f"{FAILED}{message}", allowed)


def svg_problem(
    env: BudgetedSandbox,
    template: str,
    where: Location,
    name: str,
    message: str,
    allowed: str,
    pattern: str = "",
    *,
    rendered: str = "",
) -> Problem:
    """The problem ``message`` of a face drawn by ``template``, at ``where``; what the
    template itself writes (not the data, which the loader has checked) is reported at its
    line and column in the template, naming the card: a character with no glyph, the
    SVG feature ``pattern`` finds, or where the SVG it made (``rendered``) stops being
    readable (:func:`_unreadable_in`)."""
    char = _NO_GLYPH.search(message) if template else None
    if char is not None:
        pattern = re.escape(chr(int(char.group(1), 16)))
    unreadable = _UNREADABLE_SVG.fullmatch(message) if template else None
    loader: BaseLoader | None = env.loader
    if not (template and (pattern or unreadable)) or loader is None:
        return Problem(where, name, message, allowed)
    try:
        source, filename, _ = loader.get_source(env, template)
    except TemplateError:
        source, filename = "", None
    if unreadable is not None:
        at, message = _unreadable_in(unreadable, rendered, source, template)
    else:
        found = re.search(pattern, source)
        at = None if found is None else found.start()
    if at is None:
        return Problem(where, name, message, allowed)
    row, column = _row_column(source, at)
    card = card_named(name, where)
    return Problem(Location(filename or template, row, column), card, message, allowed)


_UNREADABLE_SVG = re.compile(r"the template is not readable SVG \((.*): line (\d+), column (\d+)\)")
"""What :func:`~pnpkit.render.svg.rules.svg_problems` says of a face that is not XML, with the
line and column of the SVG the template made (not of the template)."""
_SHORTEST_PIECE = 3
"""The fewest characters of the SVG a template made that are looked for in its source."""


def _unreadable_in(
    said: re.Match[str], rendered: str, source: str, template: str
) -> tuple[int | None, str]:
    """Where in the template's ``source`` the SVG it made (``rendered``) stops being readable
    (the longest piece of the made line from the place the XML parser names that the source
    holds, first found), and the message said there: the parser's reason and the piece, not
    the made SVG's line, which the designer never sees. None when the piece came from the data."""
    reason, row, column = said.group(1), int(said.group(2)), int(said.group(3))
    lines = rendered.split("\n")
    rest = lines[row - 1][column:] if 0 < row <= len(lines) else ""
    longest = min(len(rest), 60)
    for size in range(longest, min(_SHORTEST_PIECE, longest) - 1, -1):
        at = source.find(rest[:size]) if size else -1
        if at >= 0:
            piece = rest[: min(size, 20)].strip()
            return at, f"the template is not readable SVG ({reason} at {piece!r})"
    made = f"line {row}, column {column + 1} of the SVG it makes"
    return None, f"the template {template} is not readable SVG ({reason}: {made}: {rest[:20]!r})"


_NO_GLYPH = re.compile(r"with no glyph in \S+ for U\+([0-9A-F]{4,6}) ")
"""The first character without a glyph that :func:`~pnpkit.render.svg.rules.svg_problems`
names."""


UNREADABLE = "the template cannot be read: "
"""How :func:`syntax_problem` begins its message."""

_TAG = re.compile(
    r"\{#.*?#\}"
    r"|\{%[-+]?\s*raw\s*[-+]?%\}.*?\{%[-+]?\s*endraw\s*[-+]?%\}"
    r"|\{%[-+]?\s*(\w*)(.*?)[-+]?%\}"
    r"|\{\{.*?\}\}",
    re.S,
)
"""A tag of a template as written: a comment, a raw block, a statement (its name and the rest)
or an expression."""

_BLOCKS = frozenset({"if", "for", "macro", "call", "filter", "block", "with", "autoescape"})
"""The statements that open a block ``{% end… %}`` closes (and ``set`` without ``=``)."""

_INNERMOST = re.compile(r"The innermost block that needs to be closed is '(\w+)'\.")
_LOOKING = re.compile(r"Jinja was looking for the following tags: (.*?)\.(?: |$)")


@dataclass(frozen=True, slots=True)
class _Tag:
    """A tag of a template's source: where it starts, its text, its statement name ("" for an
    expression, a comment or a raw block)."""

    start: int
    text: str
    name: str

    def place(self, source: str) -> tuple[int, int]:
        """Its line and column (from 1)."""
        return _row_column(source, self.start)


def _row_column(source: str, at: int) -> tuple[int, int]:
    return source.count("\n", 0, at) + 1, at - (source.rfind("\n", 0, at) + 1) + 1


def _tags(source: str) -> list[_Tag]:
    return [
        _Tag(found.start(), found.group(), found.group(1) or "") for found in _TAG.finditer(source)
    ]


def _open_blocks(tags: Iterable[_Tag]) -> list[_Tag]:
    """The blocks ``tags`` leave open, outermost first."""
    stack: list[_Tag] = []
    for tag in tags:
        rest = _TAG.fullmatch(tag.text)
        opens = tag.name in _BLOCKS or (
            tag.name == "set" and rest is not None and "=" not in (rest.group(2) or "")
        )
        if opens:
            stack.append(tag)
        elif tag.name.startswith("end") and stack and stack[-1].name == tag.name[3:]:
            stack.pop()
    return stack


def _failing_tag(
    env: BudgetedSandbox, tags: list[_Tag], source: str, exc: Exception
) -> _Tag | None:
    """The tag on ``exc``'s line that Jinja refuses alone with the same words (the tag a
    syntax error is in); None if no tag there does."""
    message = getattr(exc, "message", None)
    for tag in tags:
        if tag.place(source)[0] != getattr(exc, "lineno", 0):
            continue
        try:
            env.compile(tag.text)
        except TemplateSyntaxError as alone:
            if alone.message == message:
                return tag
        except Exception:  # a tag that fails otherwise alone is not the one
            continue
    return None


def syntax_problem(
    env: BudgetedSandbox, exc: TemplateSyntaxError, name: str, where: Location
) -> Problem:
    """The problem of a template Jinja cannot read (a syntax error, a filter or test it does
    not have, a block never closed), at the template's line and, where it can be found, column,
    naming the card ``name`` (at ``where``) that asked for it. A block never closed is said
    where it opens."""
    source = exc.source
    if source is None and exc.name is not None and env.loader is not None:
        try:
            source = env.loader.get_source(env, exc.name)[0]
        except TemplateError:
            source = None
    source = source or ""
    message = (exc.message or "").strip()
    allowed = getattr(exc, "allowed", "")
    file = exc.filename or exc.name or "<template>"
    tags = _tags(source)
    known: int | None = getattr(exc, "column", None)
    row, column = exc.lineno, known or 1
    at_end = message.startswith("Unexpected end of template")
    tag = None if at_end or known else _failing_tag(env, tags, source, exc)
    stray = re.match(r"Encountered unknown tag '(\w+)'", message)
    if tag is None and stray is not None:  # a tag alone says less: the first of its name there
        tag = next(
            (t for t in tags if t.name == stray.group(1) and t.place(source)[0] == row), None
        )
    if tag is not None:
        row, column = tag.place(source)
    unknown = re.match(r"No (filter|test) named '(\w+)'", message)
    if unknown is not None:
        kind, what = unknown.groups()
        pattern = r"\|\s*" if kind == "filter" else r"\bis\s+(?:not\s+)?"
        line = source.split("\n")[row - 1] if 0 < row <= source.count("\n") + 1 else ""
        found = re.search(pattern + rf"({re.escape(what)})\b", line)
        if found is not None:
            column = found.start(1) + 1
    innermost = _INNERMOST.search(message)
    if innermost is not None:
        before = [t for t in tags if t.start < (tag.start if tag else len(source))]
        block = next(
            (t for t in reversed(_open_blocks(before)) if t.name == innermost.group(1)), None
        )
        if block is not None:
            opened, at = block.place(source)
            looking = _LOOKING.search(message)
            wanted = looking.group(1) if looking else f"'end{block.name}'"
            if at_end:
                row, column = opened, at
                message = (
                    f"{{% {block.name} %}} is never closed: the template ends while Jinja "
                    f"looks for {wanted}"
                )
            else:
                message = message.replace(
                    innermost.group(0),
                    f"The innermost block that needs to be closed is '{block.name}', "
                    f"opened at line {opened}, column {at}.",
                )
    card = card_named(name, where)
    message = message[:-1] if message.endswith(".") else message
    return Problem(Location(file, row, column), card, f"{UNREADABLE}{message}", allowed)
