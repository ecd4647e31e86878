"""The markup grammar of a designer's card text: ``**bold**``, ``*italic*``, line breaks and
``:name:`` icons, read without measuring or drawing anything (no font, no drawing library), so
the card loader checks text with it and the renderer
(:mod:`pnpkit.render.faces.markup_lines`) lays it out and draws it.

Icons are the built-in emblems (:data:`pnpkit.model.vocabulary.EMBLEMS`) and the SVG files of a
game's ``assets/icons/`` folder (``assets/icons/coin.svg`` is ``:coin:``, :func:`icon_names`),
each file's name held to the same rule as an icon in text (:data:`ICON_NAME`).
"""

from __future__ import annotations

import difflib
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
TOKEN = re.compile(rf"\*\*|\*|:{ICON_NAME}:|[^*:]+|:")
"""A piece of a paragraph: a ``**`` or ``*`` switch, an icon, a run of text or a lone colon."""


class MarkupProblem(Exception):
    """Text whose markup cannot be drawn (an unknown icon, an unclosed ``**``)."""


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


def did_you_mean(written: str, icons: tuple[str, ...]) -> str:
    """``; did you mean :coin:?`` when an icon is close to ``written``, else nothing."""
    name = as_icon_name(written)
    alike = [c for c in (name, name.replace("-", "_"), name.replace("-", "")) if c in icons]
    close = alike or difflib.get_close_matches(name, icons, n=1)
    return f"; did you mean :{close[0]}:?" if close else ""


def plain(text: str) -> str:
    """``text`` with its markup taken out, as a name is shown where no markup is drawn (a
    Tabletop Simulator card's name): ``**Gold** :coin:`` is ``Gold coin``."""
    return re.sub(r"\*+", "", ICON.sub(lambda icon: icon.group(1), text))


def problems_in(text: str, icons: tuple[str, ...]) -> list[str]:
    """What is wrong with the markup of ``text`` (empty when it can be drawn)."""
    found = [
        f"unknown icon :{name}:{did_you_mean(name, icons)}"
        for name in ICON.findall(text)
        if name not in icons
    ]
    found += [
        f"{match.group()} is not an icon name, so it would print as written (icon names are "
        f"{ICON_RULE}){did_you_mean(match.group(1), icons)}"
        for match in LOOKALIKE.finditer(text)
        if not re.fullmatch(ICON_NAME, match.group(1))
    ]
    if "\t" in text:
        found.append(
            "a tab would print as one space, as would a run of them (printed text has no tab "
            "stops): write spaces, or a line break"
        )
    for paragraph in text.split("\n"):
        bare = ICON.sub("", paragraph)
        if bare.count("**") % 2:
            found.append("a ** (bold) is not closed on its line")
        elif bare.replace("**", "").count("*") % 2:
            found.append("a * (italic) is not closed on its line")
    return found


@dataclass(frozen=True, slots=True)
class Atom:
    """A piece of a word: text in one style (``weight``: ``normal``, ``600``, ``bold`` or
    ``italic``), or an icon."""

    text: str
    weight: str
    icon: str = ""


Word = tuple[Atom, ...]


def words(paragraph: str, weight: str, icons: tuple[str, ...]) -> list[Word]:
    """The words of one paragraph, each a run of styled atoms; :class:`MarkupProblem` for an
    icon not among ``icons``."""
    bold = italic = False
    out: list[Word] = []
    current: list[Atom] = []

    def style() -> str:
        if italic:
            return "italic"
        return "bold" if bold else weight

    for token in TOKEN.findall(paragraph):
        if token == "**":
            bold = not bold
        elif token == "*":
            italic = not italic
        elif ICON.fullmatch(token) and token[1:-1] in icons:
            current.append(Atom("", weight, token[1:-1]))
        elif ICON.fullmatch(token):
            raise MarkupProblem(f"unknown icon {token}{did_you_mean(token[1:-1], icons)}")
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
                current.append(Atom(part, style()))
    if current:
        out.append(tuple(current))
    return out
