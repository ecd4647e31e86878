"""The markup grammar of a designer's card text: ``**bold**``, ``*italic*``, line breaks,
``:name:`` icons and ``<span colour="#b22222" size="120%">…</span>``, read without measuring or
drawing anything (no font, no drawing library), so the card loader checks text with it and the
renderer (:mod:`pnpkit.render.faces.markup_lines`) lays it out and draws it.

A span colours and sizes the text (and icons) in it: ``colour`` (or ``color``) is ``#rrggbb``,
``size`` a percentage of the text's size from :data:`SMALLEST_SPAN` to :data:`LARGEST_SPAN` %
(a span never prints under the 6 pt every PDF is held to). Spans do not nest (one span sets both
colour and size) and do not cross a line break: each is closed with ``</span>`` on its line.
An HTML tag (``<b>``, ``<font color=…>``: :data:`HTML_TAGS`) is refused, as it would print as
written.

Icons are the built-in emblems (:data:`pnpkit.model.vocabulary.EMBLEMS`) and the SVG files of a
game's ``assets/icons/`` folder (``assets/icons/coin.svg`` is ``:coin:``, :func:`icon_names`),
each file's name held to the same rule as an icon in text (:data:`ICON_NAME`).
"""

from __future__ import annotations

import difflib
import functools
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from pnpkit.model.vocabulary import EMBLEMS

ICON_NAME = r"[a-z][a-z0-9_-]*"
"""The one rule of an icon's name, in text (``:gold-coin:``) and as an icon file's name
(``assets/icons/gold-coin.svg``)."""
ICON_RULE = "lower-case letters, digits, - and _, starting with a letter"
""":data:`ICON_NAME` in words, for messages."""
ICON = re.compile(rf":({ICON_NAME}):")
LOOKALIKE = re.compile(
    r"(?<![A-Za-z0-9]):([A-Za-z][A-Za-z0-9_./\\-]*(?: [A-Za-z0-9_./\\-]+){0,2}):", re.IGNORECASE
)
"""Text written as an icon that is no icon name (``:Coin:``, ``:gold coin:``, ``:coin.svg:``,
``:coin/../../etc:``): refused, since it would print as written. Not after a letter or digit
(``Ready:Set:Go``, ``Step 1:Draw:``), nor with a space after the first colon (``Note: Cost:``)
or before the last, nor of more than three words, so prose with colons is let be."""
SPAN_OPEN = re.compile(r"<span(\s[^<>\n]*)?>")
"""A span's opening tag, its attributes in group 1."""
SPAN_CLOSE = re.compile(r"</span\s*>")
SPAN_TAG = re.compile(rf"{SPAN_OPEN.pattern}|{SPAN_CLOSE.pattern}")
HTML_TAGS = (
    "b", "i", "u", "s", "em", "strong", "font", "span", "spam", "br", "p", "div", "big", "small",
    "sup", "sub", "strike", "mark", "color", "colour", "size", "tt", "code", "bold", "italic",
)  # fmt: skip
"""Tags a designer may write expecting HTML; only ``<span …>`` and ``</span>`` are markup, the
others (and ``<SPAN>``) are refused, as they would print as written. Other text in angle
brackets (``<Fireship>``) is text."""
TAG_LOOKALIKE = re.compile(rf"</?((?i:{'|'.join(HTML_TAGS)}))(?:\s[^<>\n]*)?/?>")
"""Text written as an HTML tag (:data:`HTML_TAGS`) that is no span's."""
_SPAN_LIKE = ("span", "spam", "font", "color", "colour", "size", "big", "small")
_TAG_HINTS = {
    **dict.fromkeys(("b", "strong", "bold"), "; did you mean **bold**?"),
    **dict.fromkeys(("i", "em", "italic"), "; did you mean *italic*?"),
    "br": "; for a line break, start a new line in the text",
}
TOKEN = re.compile(
    rf"\*\*|\*|:{ICON_NAME}:|{SPAN_OPEN.pattern}|{SPAN_CLOSE.pattern}"
    r"|(?:[^*:<]|<(?!/?span\b))+|:|<"
)
"""A piece of a paragraph: a ``**`` or ``*`` switch, an icon, a span's tag, a run of text (a
``<`` in it, but for one that starts a span's tag), a lone colon or the ``<`` of a broken tag."""
_ATTRIBUTE = re.compile(r"""\s*([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))\s*""")
SPAN_ATTRIBUTES = {"colour": "colour", "color": "colour", "size": "size"}
"""A span's attributes, by what each sets (``color`` is ``colour``, as designers write it)."""
SMALLEST_SPAN = 50
LARGEST_SPAN = 300
SPAN_RULE = (
    f'<span colour="#rrggbb" size="NN%">text</span>, the size {SMALLEST_SPAN}%–{LARGEST_SPAN}%'
    " of the text's"
)
""":data:`SPAN_OPEN` in words, for messages."""
SPANS_ALLOWED = f"{SPAN_RULE}, closed on its line, never inside another span"
"""What a span may be: the "allowed" of every problem of a span."""
MARKUP_ALLOWED = f"**bold**, *italic*, :icon: and {SPAN_RULE}"
"""The markup there is: the "allowed" of text written as a tag that is no span's."""
EMPHASIS_ALLOWED = "**bold** and *italic*, each closed on the line it opens on"
TAB_ALLOWED = "spaces, or a line break"


@functools.lru_cache(maxsize=64)  # every text of every card is checked against the same icons
def icons_allowed(icons: tuple[str, ...]) -> str:
    """The icons a text may show, as it writes them: ``icons: :skull:, :coin:``."""
    return "icons: " + ", ".join(f":{name}:" for name in icons)


class MarkupProblem(Exception):
    """Text whose markup cannot be drawn (an unknown icon, an unclosed ``**``); ``allowed``
    says what the markup may be."""

    def __init__(self, message: str, allowed: str = "") -> None:
        super().__init__(message)
        self.allowed = allowed


def as_icon_name(written: str) -> str:
    """``written`` (``Gold Coin``, ``Münze``, ``coin.svg``) made an icon name: ``gold-coin``,
    ``munze``, ``coin``."""
    if written.lower().endswith(".svg"):
        written = written[: -len(".svg")]
    ascii_only = unicodedata.normalize("NFKD", written).encode("ascii", "ignore").decode()
    name = re.sub(r"[^a-z0-9_-]+", "-", ascii_only.lower()).strip("-_")
    return name if re.fullmatch(ICON_NAME, name) else f"icon-{name}".rstrip("-")


def icon_names(game_dir: Path | None) -> tuple[str, ...]:
    """Every icon a game's text may name: the built-in emblems and ``assets/icons/*.svg``."""
    return (*EMBLEMS, *sorted(game_icons(game_dir)))


def game_icons(game_dir: Path | None) -> dict[str, Path]:
    """The icons of a game's ``assets/icons/``: each SVG file whose name is an icon name
    (:func:`misnamed_icons` lists the others)."""
    return {name: path for name, path in _icon_files(game_dir) if _named_well(name, path)}


def misnamed_icons(game_dir: Path | None) -> list[tuple[Path, str]]:
    """Each file of ``assets/icons/`` that would be an icon but for its name (``Gold Coin.svg``,
    ``coin.SVG``), with the name it should have (``gold-coin.svg``): no text could name it."""
    return [
        (path, f"{as_icon_name(name)}.svg")
        for name, path in _icon_files(game_dir)
        if not _named_well(name, path)
    ]


def _icon_files(game_dir: Path | None) -> list[tuple[str, Path]]:
    """Each SVG file of ``assets/icons/`` (``.svg`` in any case) with its name before it."""
    folder = None if game_dir is None else game_dir / "assets" / "icons"
    if folder is None or not folder.is_dir():
        return []
    return [
        (path.name[: -len(".svg")], path)
        for path in sorted(folder.iterdir())
        if path.name.lower().endswith(".svg") and path.is_file()
    ]


def _named_well(name: str, path: Path) -> bool:
    return path.name.endswith(".svg") and re.fullmatch(ICON_NAME, name) is not None


def did_you_mean(written: str, icons: tuple[str, ...], key: str = "") -> str:
    """``; did you mean :coin:?`` when an icon is close to ``written`` (``; did you mean icon:
    coin?`` for the value of a ``key``, ``icon`` in a layout), else nothing."""
    name = as_icon_name(written)
    alike = [c for c in (name, name.replace("-", "_"), name.replace("-", "")) if c in icons]
    close = alike or difflib.get_close_matches(name, icons, n=1)
    if not close:
        return ""
    return f"; did you mean {f'{key}: {close[0]}' if key else f':{close[0]}:'}?"


def unknown_icon(name: str, icons: tuple[str, ...], key: str = "") -> str:
    """Why the icon ``name`` (``:coin:`` in text, or the value of a ``key``: ``icon: coin`` in
    a layout) cannot be shown: it is no built-in emblem, and its file ``assets/icons/coin.svg``
    is not there; with a did-you-mean written as it would be written there."""
    written = name if key else f":{name}:"
    hint = did_you_mean(name, icons, key)
    if not re.fullmatch(ICON_NAME, name):
        return f"{written!r} is no icon name ({ICON_RULE}){hint}"
    return f"{written} is no built-in emblem, and assets/icons/{name}.svg does not exist{hint}"


def plain(text: str) -> str:
    """``text`` with its markup taken out, as a name is shown where no markup is drawn (a
    Tabletop Simulator card's name): ``**Gold** <span colour="#b22222">:coin:</span>`` is
    ``Gold coin``."""
    return re.sub(r"\*+", "", ICON.sub(lambda icon: icon.group(1), SPAN_TAG.sub("", text)))


@dataclass(frozen=True, slots=True)
class SpanStyle:
    """What a ``<span>`` sets: a colour (``#rrggbb``, or ``""`` for the text's own) and a size
    (a multiple of the text's size)."""

    colour: str = ""
    scale: float = 1.0


def read_span(attributes: str) -> tuple[SpanStyle, list[str]]:
    """The span an opening tag's ``attributes`` (what follows ``<span``) set, and what is wrong
    with them (the span is read as far as it can be)."""
    found: dict[str, str] = {}
    problems: list[str] = []
    tag = f"<span{attributes}>"
    at = 0
    while at < len(attributes):
        match = _ATTRIBUTE.match(attributes, at)
        if match is None or match.end() == at:
            problems.append(
                f"{tag} cannot be read from {attributes[at:].strip()[:20]!r}: write each "
                'attribute as name="value"'
            )
            break
        at = match.end()
        name = match.group(1)
        value = next(v for v in match.group(2, 3, 4) if v is not None)
        key = SPAN_ATTRIBUTES.get(name)
        if key is None:
            close = difflib.get_close_matches(name.lower(), SPAN_ATTRIBUTES, n=1)
            hint = f"; did you mean {close[0]}?" if close else ""
            problems.append(
                f"{tag} has an unknown attribute {name!r}{hint} (a span takes colour (or "
                "color) and size)"
            )
        elif key in found:
            problems.append(f"{tag} sets its {key} twice")
        else:
            found[key] = value.strip()
    span = SpanStyle()
    if "colour" in found:
        written = found["colour"]
        if re.fullmatch(r"#[0-9a-fA-F]{6}", written):
            span = SpanStyle(written.lower(), span.scale)
        else:
            problems.append(
                f"{tag}: colour {written!r} is not a colour (write #rrggbb: # and six hex "
                "digits, e.g. #b22222)"
            )
    if "size" in found:
        written = found["size"]
        amount = re.fullmatch(r"(\d+(?:\.\d+)?)\s*%", written)
        number = re.fullmatch(r"\d+(?:\.\d+)?", written)
        if amount and SMALLEST_SPAN <= float(amount.group(1)) <= LARGEST_SPAN:
            span = SpanStyle(span.colour, float(amount.group(1)) / 100)
        elif amount:
            problems.append(
                f"{tag}: size {written} is out of range (a span's size is "
                f"{SMALLEST_SPAN}%–{LARGEST_SPAN}% of the text's)"
            )
        else:
            fix = f"write {written}%" if number else 'e.g. size="120%"'
            problems.append(
                f"{tag}: size {written!r} is not a percentage of the text's size ({fix}; "
                f"{SMALLEST_SPAN}%–{LARGEST_SPAN}%)"
            )
    return span, problems


def _span_problems(paragraph: str, carried: bool) -> tuple[list[tuple[str, str]], bool]:
    """What is wrong with the spans of one line of text (their attributes, a span opened in
    another, a ``</span>`` that closes none, a span left open at the line's end, a ``<span``
    with no ``>``, a tag that is no markup), and whether a span is left open. ``carried``: the
    line before left one open (its ``</span>`` here is not said again); each problem with
    what is allowed."""
    found: list[str] = []
    tags: list[tuple[str, str]] = []
    bare = SPAN_TAG.sub("", paragraph)
    broken = re.search(r"<span\b(?![^<>\n]*>)", bare, re.IGNORECASE) is not None
    if broken:
        found.append("a <span has no closing > on its line")
    open_tags: list[str] = []
    for match in SPAN_TAG.finditer(paragraph):
        tag = match.group()
        if SPAN_OPEN.fullmatch(tag) is None:
            if open_tags:
                open_tags.pop()
            elif not (carried or broken):
                found.append(f"a {tag} closes no <span>")
            carried = False
            continue
        found += read_span(match.group(1) or "")[1]
        if open_tags:
            found.append(
                f"{tag} is inside {open_tags[-1]}: spans do not nest; close the first with "
                "</span> before opening the next (one span may set both colour and size)"
            )
        open_tags.append(tag)
    if open_tags:
        found.append(
            f"{open_tags[0]} is not closed on its line with </span> (a span cannot cross a line "
            "break: close it before the break and open another after it)"
        )
    named: set[str] = set()
    for match in TAG_LOOKALIKE.finditer(bare):
        name = match.group(1).lower()
        if name in named:
            continue
        named.add(name)
        hint = _TAG_HINTS.get(name, "; did you mean <span>?" if name in _SPAN_LIKE else "")
        tags.append(
            (f"{match.group()} is not markup, so it would print as written{hint}", MARKUP_ALLOWED)
        )
    return [(said, SPANS_ALLOWED) for said in found] + tags, bool(open_tags)


def problems_in(text: str, icons: tuple[str, ...]) -> list[str]:
    """What is wrong with the markup of ``text`` (empty when it can be drawn)."""
    return [message for message, _ in markup_problems(text, icons)]


def markup_problems(text: str, icons: tuple[str, ...]) -> list[tuple[str, str]]:
    """What is wrong with the markup of ``text``, each problem with what is allowed there (the
    icons for an icon, what a span may be for a span); empty when it can be drawn."""
    listed = icons_allowed(icons)
    found = [
        (unknown_icon(name, icons), listed) for name in ICON.findall(text) if name not in icons
    ]
    found += [
        (
            f"{match.group()} is not an icon name, so it would print as written (icon names are "
            f"{ICON_RULE}){did_you_mean(match.group(1), icons)}",
            listed,
        )
        for match in LOOKALIKE.finditer(text)
        if not re.fullmatch(ICON_NAME, match.group(1))
    ]
    if "\t" in text:
        found.append(
            (
                "a tab would print as one space, as would a run of them (printed text has no "
                "tab stops)",
                TAB_ALLOWED,
            )
        )
    carried = False
    for paragraph in text.split("\n"):
        spans, carried = _span_problems(paragraph, carried)
        found += spans
        bare = ICON.sub("", SPAN_TAG.sub("", paragraph))
        if bare.count("**") % 2:
            found.append(("a ** (bold) is not closed on its line", EMPHASIS_ALLOWED))
        elif bare.replace("**", "").count("*") % 2:
            found.append(("a * (italic) is not closed on its line", EMPHASIS_ALLOWED))
    return found


@dataclass(frozen=True, slots=True)
class Atom:
    """A piece of a word: text in one style (``weight``: ``normal``, ``600``, ``bold`` or
    ``italic``), or an icon; in a span's ``colour`` (``""``: the text's own) and ``scale`` (a
    multiple of the text's size)."""

    text: str
    weight: str
    icon: str = ""
    colour: str = ""
    scale: float = 1.0


Word = tuple[Atom, ...]

_MARKUP_CHARACTERS = frozenset("*:<")
"""What every piece of markup starts with (``**``, ``*``, ``:icon:``, ``<span>``): a paragraph
with none of them is plain words, split at white space as :data:`TOKEN` splits them."""


def words(paragraph: str, weight: str, icons: tuple[str, ...]) -> list[Word]:
    """The words of one paragraph, each a run of styled atoms; :class:`MarkupProblem` for an
    icon not among ``icons`` or a span :func:`problems_in` refuses."""
    if not _MARKUP_CHARACTERS.intersection(paragraph):  # most text: each word one atom
        return [(Atom(word, weight),) for word in paragraph.split()]
    bold = italic = False
    span: SpanStyle | None = None
    out: list[Word] = []
    current: list[Atom] = []

    def style() -> str:
        if italic:
            return "italic"
        return "bold" if bold else weight

    def atom(text: str, style: str, icon: str = "") -> Atom:
        if span is None:
            return Atom(text, style, icon)
        return Atom(text, style, icon, span.colour, span.scale)

    for match in TOKEN.finditer(paragraph):
        token = match.group()
        if token == "**":
            bold = not bold
        elif token == "*":
            italic = not italic
        elif ICON.fullmatch(token) and token[1:-1] in icons:
            current.append(atom("", weight, token[1:-1]))
        elif ICON.fullmatch(token):
            raise MarkupProblem(unknown_icon(token[1:-1], icons), icons_allowed(icons))
        elif token.startswith("<") and SPAN_TAG.fullmatch(token):
            span = _switch_span(token, span)
        else:
            parts = re.split(r"(\s+)", token)
            for part in parts:
                if not part:
                    continue
                if part.isspace():
                    if current:
                        out.append(tuple(current))
                        current = []
                    continue
                current.append(atom(part, style()))
    if span is not None:
        raise MarkupProblem(*_span_problems(paragraph, False)[0][0])
    if current:
        out.append(tuple(current))
    return out


def _switch_span(tag: str, span: SpanStyle | None) -> SpanStyle | None:
    """The span in force after ``tag`` (an opening or closing one) where ``span`` was;
    :class:`MarkupProblem` for a tag :func:`problems_in` refuses."""
    opening = SPAN_OPEN.fullmatch(tag)
    if opening is None:
        if span is None:
            raise MarkupProblem(f"a {tag} closes no <span>", SPANS_ALLOWED)
        return None
    read, problems = read_span(opening.group(1) or "")
    if span is not None:
        problems.append(f"{tag} is inside another <span>: spans do not nest")
    if problems:
        raise MarkupProblem(problems[0], SPANS_ALLOWED)
    return read
