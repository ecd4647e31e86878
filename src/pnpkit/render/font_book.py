"""The typefaces pnpkit prints with: three built-in families from pip packages, and a game's own
font files. Each face has a name and a file (:func:`font_path`); :mod:`pnpkit.render.fonts`
measures and registers faces by that name.

Built in (:data:`FAMILIES`, every face a TrueType file of a pip package, SIL Open Font Licence):

- ``sans``: Source Sans Pro (``font-source-sans-pro``), normal, semibold, bold and italic;
- ``serif``: Source Serif Pro (``font-source-serif-pro``, its ``.ttf`` files), the same four;
- ``display``: Fjalla One (``font-fjallaone``), one condensed face for titles.

A game's ``assets/fonts/`` adds its own families (:func:`font_book`): ``pirata-one.ttf`` is the
family ``pirata-one``, normal; ``pirata-one-bold.ttf``, ``-semibold``, ``-italic``,
``-semibold-italic`` and ``-bold-italic`` add faces to it. A file that cannot be a face is a
problem at the file (:func:`font_problems`): a name that is no family name, a PostScript (CFF)
outline, a web font, a damaged file, a file over :data:`MAX_FONT_BYTES`. A designer's face is
named ``pnpkit-<digest>-<stem>`` (its file's SHA-256), so two games' files never share a name
unless they are the same file.

Nothing here loads a PDF library but :func:`font_problems` on a game that has font files, which
asks ReportLab's own font reader to read each file as the build will.
"""

from __future__ import annotations

import difflib
import functools
import hashlib
import os
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import font_fjallaone
import font_source_sans_pro
import font_source_serif_pro

from pnpkit.render.font_tables import embedding_problem

FAMILIES: tuple[str, ...] = ("sans", "serif", "display")
"""The built-in families, in the order :meth:`FontBook.allowed` names them."""
WEIGHTS = ("normal", "semibold", "bold")
"""The weights a family may have, lightest first."""

REGULAR = "SourceSansPro-Regular"
SEMIBOLD = "SourceSansPro-Semibold"
BOLD = "SourceSansPro-Bold"
ITALIC = "SourceSansPro-It"
FACES: tuple[str, ...] = (REGULAR, SEMIBOLD, BOLD, ITALIC)
"""The faces of ``sans``, every text's default: :func:`pnpkit.render.fonts.register` registers
them, and data text is checked against each (a template may set it in any)."""

Style = tuple[str, bool]
"""A face's place in its family: its weight (one of :data:`WEIGHTS`) and whether it is italic."""

_PACKAGES = {
    "sans": (font_source_sans_pro, "SourceSansPro"),
    "serif": (font_source_serif_pro, "SourceSerifPro"),
    "display": (font_fjallaone, "FjallaOne"),
}
PACKAGES = tuple(package.__name__ for package, _ in _PACKAGES.values())
"""The pip packages of the built-in families, by their import names."""
_BUILT_IN_STYLES: dict[str, dict[Style, str]] = {
    "sans": {
        ("normal", False): "Regular",
        ("semibold", False): "Semibold",
        ("bold", False): "Bold",
        ("normal", True): "It",
    },
    "serif": {
        ("normal", False): "Regular",
        ("semibold", False): "Semibold",
        ("bold", False): "Bold",
        ("normal", True): "It",
    },
    "display": {("normal", False): "Regular"},
}

FONT_SUFFIXES = (".ttf", ".otf")
"""The files of ``assets/fonts/`` that are faces (in lower case: ``Font.TTF`` is misnamed)."""
NOT_EMBEDDABLE = (".woff", ".woff2", ".ttc", ".otc", ".dfont", ".pfb", ".pfa", ".afm", ".eot")
"""Font files of other kinds, refused with what to do (other files, a licence, are let be)."""
MAX_FONT_BYTES = 16 * 1024 * 1024
"""The largest font file read (a Latin face is well under 1 MB; a CJK one some 16 MB)."""
FAMILY_NAME = r"(?=.{1,40}$)[a-z][a-z0-9]*(?:-[a-z0-9]+)*"
"""A designer family's name: lower-case letters and digits, words joined by ``-``, starting
with a letter, at most 40 characters (as a layout's ``font`` names it)."""
FAMILY_RULE = "lower-case letters and digits, words joined by -, starting with a letter"
STYLE_SUFFIXES: dict[str, Style] = {
    "-semibold-italic": ("semibold", True),
    "-bold-italic": ("bold", True),
    "-semibold": ("semibold", False),
    "-bold": ("bold", False),
    "-italic": ("normal", True),
    "-regular": ("normal", False),
}
"""What a font file's name says of its face after the family's name (longest first)."""
FONT_FILES = (
    f"a .ttf (or TrueType .otf) file of at most {MAX_FONT_BYTES // (1024 * 1024)} MB named "
    "<family>.ttf, <family>-semibold.ttf, <family>-bold.ttf, <family>-italic.ttf, "
    f"<family>-semibold-italic.ttf or <family>-bold-italic.ttf, the family {FAMILY_RULE}"
)
"""What :func:`font_problems` allows, in words."""


def _style_words(style: Style) -> str:
    weight, italic = style
    if not italic:
        return weight
    return "italic" if weight == "normal" else f"{weight} italic"


@dataclass(frozen=True)
class FontBook:
    """The families a game's text may be set in: the built-in ones and its own. ``table`` maps
    each family to its faces, by :data:`Style`."""

    families: tuple[str, ...]
    table: Mapping[str, Mapping[Style, str]] = field(hash=False, repr=False)

    def face(self, family: str, weight: str = "normal", italic: bool = False) -> str:
        """The name of ``family``'s face of ``weight`` (upright or ``italic``), as
        :func:`pnpkit.render.fonts.text_width` and the drawing know it; :class:`KeyError` if
        the family has no such face (:meth:`allowed` says what it has)."""
        return self.table[family][(weight, italic)]

    def allowed(self, family: str | None = None) -> str:
        """Words for an error's "allowed": the families (``sans, serif, display, pirata-one``),
        or the faces ``family`` has (``normal, semibold, bold, italic``); the families
        when ``family`` is none of them."""
        styles = self.table.get(family or "")
        if styles is None:
            return ", ".join(self.families)
        ordered = sorted(styles, key=lambda s: (s[1], WEIGHTS.index(s[0])))
        return ", ".join(_style_words(style) for style in ordered)

    def did_you_mean(self, family: str) -> str:
        """``; did you mean serif?`` for a family close to ``family``, else nothing."""
        close = difflib.get_close_matches(family.lower(), self.families, n=1)
        return f"; did you mean {close[0]}?" if close else ""


@functools.cache
def _built_in_files() -> dict[str, Path]:
    """Each built-in face's file: ``<face>.ttf`` in its package's ``files/`` folder."""
    return {
        face: Path(_PACKAGES[family][0].__file__ or "").parent / "files" / f"{face}.ttf"
        for family, styles in BUILT_IN.table.items()
        for face in styles.values()
    }


_DESIGNED: dict[str, Path] = {}
"""A designer's faces by name, each added when a game's :func:`font_book` is read (a build's
forked workers inherit it)."""


_ITALIC: set[str] = set()
"""The italic faces of every book read (the built-in ones from the start)."""


def is_italic(face: str) -> bool:
    """Whether the face named ``face`` is an italic one."""
    return face in _ITALIC


def font_path(face: str) -> Path:
    """The file of the face named ``face``; :class:`KeyError` for a face no book holds."""
    found = _built_in_files().get(face) or _DESIGNED.get(face)
    if found is None:
        raise KeyError(face)
    return found


BUILT_IN = FontBook(
    FAMILIES,
    {
        family: {style: f"{_PACKAGES[family][1]}-{suffix}" for style, suffix in styles.items()}
        for family, styles in _BUILT_IN_STYLES.items()
    },
)
"""The book of a game with no fonts of its own."""
_ITALIC.update(face for styles in BUILT_IN.table.values() for (_, i), face in styles.items() if i)


@dataclass(frozen=True, slots=True)
class _FontFile:
    """One file of ``assets/fonts/``: the family and style its name gives, and why it cannot be
    a face (``(message, allowed)``; None when it can)."""

    path: Path
    family: str
    style: Style
    problem: tuple[str, str] | None


def font_book(game_dir: Path | None) -> FontBook:
    """The built-in families and those of ``game_dir``'s ``assets/fonts/`` (the files
    :func:`font_problems` finds nothing wrong with); read again when a file changes."""
    return _book(_listing(game_dir))


def font_problems(game_dir: Path | None) -> list[tuple[Path, str, str]]:
    """Each file of ``game_dir``'s ``assets/fonts/`` that cannot be a face: the file, what is
    wrong with it and what is allowed."""
    return [(f.path, *f.problem) for f in _read(_listing(game_dir)) if f.problem is not None]


Listing = tuple[tuple[Path, int, int], ...]
"""The files of a fonts folder, each with its size and modification time: what a book is
cached by."""


def _listing(game_dir: Path | None) -> Listing:
    folder = None if game_dir is None else game_dir / "assets" / "fonts"
    if folder is None or not folder.is_dir():
        return ()
    found: list[tuple[Path, int, int]] = []
    for path in sorted(folder.iterdir()):
        suffix = path.suffix.lower()
        if suffix in FONT_SUFFIXES or suffix in NOT_EMBEDDABLE:
            stat = path.stat()
            found.append((path, stat.st_size, stat.st_mtime_ns))
    return tuple(found)


@functools.lru_cache(maxsize=32)
def _book(listing: Listing) -> FontBook:
    table: dict[str, dict[Style, str]] = {f: dict(s) for f, s in BUILT_IN.table.items()}
    for font in _read(listing):
        if font.problem is None:
            data = font.path.read_bytes()
            face = f"pnpkit-{hashlib.sha256(data).hexdigest()[:10]}-{font.path.stem}"
            _DESIGNED[face] = font.path
            if font.style[1]:
                _ITALIC.add(face)
            table.setdefault(font.family, {})[font.style] = face
    return FontBook(tuple(table), table)


@functools.lru_cache(maxsize=32)
def _read(listing: Listing) -> tuple[_FontFile, ...]:
    out: list[_FontFile] = []
    taken: dict[tuple[str, Style], Path] = {}
    for path, size, _ in listing:
        family, style = _family_style(path.stem)
        problem = _name_problem(path, family) or _file_problem(path, size)
        if problem is None and (family, style) in taken:
            problem = (
                f"{path.name} is the {_style_words(style)} face of {family}, as is "
                f"{taken[(family, style)].name}: keep one",
                FONT_FILES,
            )
        if problem is None:
            taken[(family, style)] = path
        out.append(_FontFile(path, family, style, problem))
    return tuple(out)


def _family_style(stem: str) -> tuple[str, Style]:
    """The family and style a font file's name (without its suffix) gives."""
    lowered = stem.lower()
    for suffix, style in STYLE_SUFFIXES.items():
        if lowered.endswith(suffix) and len(stem) > len(suffix):
            return stem[: -len(suffix)], style
    return stem, ("normal", False)


def as_family_name(written: str) -> str:
    """``written`` (``Pirata One``, ``PirataOne_Regular``) made a family name:
    ``pirata-one``, ``pirataone-regular``."""
    ascii_only = unicodedata.normalize("NFKD", written).encode("ascii", "ignore").decode()
    name = re.sub(r"[^a-z0-9]+", "-", ascii_only.lower()).strip("-")[:40].strip("-")
    return name if re.fullmatch(FAMILY_NAME, name) else f"font-{name}"[:40].strip("-")


def _name_problem(path: Path, family: str) -> tuple[str, str] | None:
    suffix = path.suffix
    if suffix.lower() in NOT_EMBEDDABLE:
        return (
            f"{path.name} is a {suffix.lstrip('.').upper()} font, which cannot be embedded: "
            "convert it to .ttf (TrueType outlines), e.g. with FontForge or fontTools",
            FONT_FILES,
        )
    well = re.fullmatch(FAMILY_NAME, family) is not None and suffix in FONT_SUFFIXES
    if well and family not in FAMILIES:
        return None
    renamed = path.name.lower() if well else f"{as_family_name(path.stem)}{suffix.lower()}"
    if family in FAMILIES:
        return (
            f"{path.name} would be the family {family}, which is built in: rename it, e.g. "
            f"my-{path.name.lower()}",
            FONT_FILES,
        )
    return (
        f"{path.name} is not a font family's file name, so no text can be set in it; rename it "
        f"{renamed}",
        FONT_FILES,
    )


def _file_problem(path: Path, size: int) -> tuple[str, str] | None:
    game = path.parent.parent.parent
    if not Path(os.path.realpath(path)).is_relative_to(os.path.realpath(game)):
        return (
            f"{path.name} is a link that leads outside the game folder (a font of this "
            "computer would print on no other): copy the font file itself into assets/fonts/",
            FONT_FILES,
        )
    if not path.is_file():
        return f"{path.name} is not a regular file", FONT_FILES
    if size > MAX_FONT_BYTES:
        return (
            f"{path.name} is {size / (1024 * 1024):.1f} MB, over the "
            f"{MAX_FONT_BYTES // (1024 * 1024)} MB a font file may be: keep only the scripts "
            "you print (a subset of the font)",
            FONT_FILES,
        )
    try:
        data = path.read_bytes()
    except OSError as exc:
        return f"{path.name} cannot be read ({exc.strerror})", FONT_FILES
    reason = embedding_problem(data) or _reportlab_problem(path)
    if reason is None:
        return None
    return f"{path.name} cannot be embedded: {reason}", FONT_FILES


def _reportlab_problem(path: Path) -> str | None:
    """What ReportLab's own font reader says of the file (what the build would meet), read
    only for a file that passed :func:`~pnpkit.render.font_tables.embedding_problem`."""
    from reportlab.pdfbase.ttfonts import TTFError, TTFontFile

    try:
        TTFontFile(str(path))
    except TTFError as exc:
        said = str(exc).replace(f'"{path}"', "").replace(str(path), "")
        return f"ReportLab cannot read it ({' '.join(said.split())}): a damaged font"
    except Exception:  # a font damaged in a way ReportLab does not name
        return "ReportLab cannot read its tables: a damaged font"
    return None
