"""Card faces from Jinja SVG templates, drawn with the embedded pip font.

A template is found on a search path (:func:`search_path`): the designer's game folder's
``templates/``, then the game's own (``pnpkit/games/<game>/templates/``), then the built-in ones
(``pnpkit/templates/``); a template of the same name earlier on the path wins, and a name never
leaves its folder. It is rendered by Jinja's :class:`SandboxedEnvironment` with
autoescaping on (a card named ``<Fireship & "Co">`` prints as written) and ``StrictUndefined``
(a field the template asks for and the data lacks is an error, never blank).

A face is laid out (its text fitted, its SVG written and held to :mod:`pnpkit.render.svg.rules`:
Source Sans Pro only, the face's size) with no drawing library loaded, so ``pnpkit check`` lays
out every face the build prints. It becomes a ReportLab drawing only when it is drawn
(:meth:`SvgFace.draw`, in the process that draws its page), by svglib, whose font map knows only
Source Sans Pro from the pip package: nothing falls back to Helvetica or to a system font.

Text is set by helpers the templates call, which measure with the real font
(:func:`~pnpkit.render.fonts.text_width`, ReportLab's ``stringWidth`` to the bit) and wrap at
word boundaries:

- ``line(text, x, y, w, size, field=…, weight=…, anchor=…, min_size=…)``: one line, shrunk
  down to ``min_size`` if needed;
- ``wrap(text, x, y, w, h, size, field=…, …)``: a paragraph in a box (``y`` its top);
- ``flow(blocks, x, y, w, h, size, field=…)``: titled blocks of paragraphs (reference cards).

Text that does not fit its box raises :class:`TextOverflow` naming the field; the renderer
collects every overflow of a face (the rest of the face is still laid out) and turns them into one
:class:`~pnpkit.errors.DataError` naming the card and each field, each at the field's own place
in the data when the face knows it (:attr:`~pnpkit.model.cards.Face.field_sources`).
:func:`deck_faces` reports every face of a deck at once. Nothing is cut.

A template that fails as it runs (a division by zero, a range too large, a macro that calls
itself, a helper called wrongly: :func:`checked_helper`, more work for one face than its budget
allows: :mod:`pnpkit.render.template_budget`) is a
:class:`~pnpkit.errors.DataError` at the template's file and line, taken from the traceback
Jinja rewrites to the template's lines (:func:`template_failure`), naming the card; never a
traceback.

No helper sets text under :data:`~pnpkit.verify.promises.MIN_TEXT_SIZE` (6 pt), the smallest a
player can read and the size :mod:`pnpkit.verify` holds every PDF to: a size or ``min_size``
below it (often a fraction of a small component's width) is raised to it, and text that does not
fit at 6 pt is an overflow, never smaller print.
"""

from __future__ import annotations

import functools
import hashlib
import inspect
import math
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from jinja2 import (
    ChoiceLoader,
    Environment,
    FileSystemLoader,
    PrefixLoader,
    StrictUndefined,
    TemplateError,
    TemplateSyntaxError,
    UndefinedError,
)
from jinja2.loaders import split_template_path
from markupsafe import Markup, escape

from pnpkit.errors import DataError, Location, PnpkitError, Problem
from pnpkit.load.assets import ALLOWED as IMAGE_ALLOWED
from pnpkit.load.assets import AssetProblem, find_asset
from pnpkit.model.cards import Deck, Face
from pnpkit.render import fonts, markup
from pnpkit.render.colour import mix
from pnpkit.render.emblems import emblem_svg, pattern_svg
from pnpkit.render.raster_art import printable
from pnpkit.render.svg.features import COLOURS, is_colour
from pnpkit.render.svg.rules import (
    FAMILY,
    UnknownFont,
    art_problems,
    art_text_problems,
    face_of,
    located_svg_problems,
    svg_words,
)
from pnpkit.render.template_budget import BudgetedSandbox, OverBudget, Refused
from pnpkit.render.template_cache import shared_cache
from pnpkit.resources import builtin_templates
from pnpkit.verify.promises import MIN_TEXT_SIZE

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing
    from reportlab.pdfgen.canvas import Canvas
else:
    Canvas = Any

T = TypeVar("T")
NOWHERE = Location("<data>")
"""Where a face made by code, not from data, reports its problems."""

TEMPLATE_DIR = builtin_templates()
"""The built-in templates every game may use (``pnpkit/templates/``), last on every search path."""

LEADING = 1.18


class TextOverflow(Exception):
    """Text that does not fit its box; ``field`` names the data field."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


class _FieldProblem(Exception):
    """A field a template draws that cannot be drawn (an unknown icon in its text)."""

    def __init__(self, field: str, message: str, allowed: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field, self.message, self.allowed = field, message, allowed


def _fmt(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _text_element(
    text: str, x: float, y: float, size: float, weight: str, anchor: str, fill: str
) -> str:
    style_attr = ' font-style="italic"' if weight == "italic" else ""
    weight_attr = "normal" if weight == "italic" else weight
    return (
        f'<text x="{_fmt(x)}" y="{_fmt(y)}" font-family="{FAMILY}" font-size="{_fmt(size)}" '
        f'font-weight="{weight_attr}"{style_attr} text-anchor="{anchor}" fill="{escape(fill)}">'
        f"{escape(text)}</text>"
    )


def break_lines(text: str, font: str, size: float, width: float) -> list[str] | None:
    """Words of ``text`` in lines no wider than ``width``; None if a single word is too wide.

    ``\\n`` in the text starts a new line.
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for word in paragraph.split():
            candidate = f"{current} {word}" if current else word
            if fonts.text_width(candidate, font, size) <= width:
                current = candidate
                continue
            if not current or fonts.text_width(word, font, size) > width:
                return None
            lines.append(current)
            current = word
        lines.append(current)
    return lines


def _smallest(size: float, min_size: float | None) -> float:
    """The smallest size a helper may set: ``min_size`` (or ``size``), never under 6 pt."""
    return max(min_size if min_size is not None else size, MIN_TEXT_SIZE)


def text_sizes(size: float, min_size: float | None) -> Iterator[float]:
    """The sizes to try, largest first, in 0.25 pt steps (all of them at least 6 pt): every
    text fitted to a box, on a face or on a page (:mod:`pnpkit.render.textbox`), steps so."""
    start = max(size, MIN_TEXT_SIZE)
    smallest = min(_smallest(size, min_size), start)
    yield start
    step = start - 0.25
    while step >= smallest - 1e-9:
        yield step
        step -= 0.25


def _first_fit(
    size: float,
    min_size: float | None,
    attempt: Callable[[float], str | None],
    field: str,
    overflow: Callable[[float], str],
) -> Markup:
    """The one fitting loop of every text helper: ``attempt`` at each size of :func:`text_sizes`,
    largest first; the first drawing that fits, else :class:`TextOverflow` at ``field`` saying
    ``overflow(smallest size tried)``."""
    for candidate in text_sizes(size, min_size):
        drawn = attempt(candidate)
        if drawn is not None:
            return Markup(drawn)
    raise TextOverflow(field, overflow(_smallest(size, min_size)))


ANCHORS = ("start", "middle", "end")
"""Where a helper's ``x`` is on its text, as SVG's ``text-anchor`` names it."""
VALIGNS = ("top", "middle", "bottom")
"""The edge of its box ``wrap()`` sets a paragraph against."""


def _one_of(helper: str, name: str, value: object, allowed: tuple[str, ...]) -> str:
    """``value`` if it is one of ``allowed``, else :class:`HelperMisuse` naming them."""
    if isinstance(value, str) and value in allowed:
        return value
    raise HelperMisuse(
        helper,
        f"{name} {value!r} is not one of {', '.join(allowed)}",
        f"{name}={'|'.join(allowed)}",
    )


def _colour(helper: str, name: str, value: object) -> str:
    """``value`` if it is a colour svglib prints (:func:`~pnpkit.render.svg.features.is_colour`),
    else :class:`HelperMisuse` saying the colours allowed (a text in a colour svglib cannot read
    printed as nothing)."""
    if isinstance(value, str) and value.strip() != "transparent" and is_colour(value):
        return value
    raise HelperMisuse(helper, f"{name} {value!r} is not a colour", COLOURS)


class Typesetter:
    """A line or a paragraph fitted to its box (:func:`_first_fit`), else a
    :class:`TextOverflow`. How words are laid out, measured and drawn is what a typesetter
    varies: plain text here, text with markup in :class:`MarkupTypesetter`."""

    def lay_lines(
        self, value: str, weight: str, size: float, width: float, field: str
    ) -> Sequence[Any] | None:
        """Lines of ``value`` at most ``width`` wide; None if one word is wider."""
        return break_lines(value, face_of(weight), size, width)

    def lay_line(self, value: str, weight: str, size: float, field: str) -> tuple[Any, float]:
        """``value`` as one line, and its width."""
        return value, fonts.text_width(value, face_of(weight), size)

    def draw(
        self, laid: Any, x: float, baseline: float, size: float, weight: str, anchor: str, fill: str
    ) -> str:
        """SVG of one laid-out line; ``x`` is read as ``anchor`` says."""
        return _text_element(laid, x, baseline, size, weight, anchor, fill)

    def line(
        self,
        text: object,
        x: float,
        y: float,
        w: float,
        size: float,
        *,
        field: str,
        weight: str = "normal",
        anchor: str = "start",
        fill: str = "#000000",
        min_size: float | None = None,
    ) -> Markup:
        """One line of text with its baseline at ``y``, at most ``w`` wide."""
        _one_of("line", "anchor", anchor, ANCHORS)
        _colour("line", "fill", fill)
        value = self.one_line(str(text))
        face_of(weight)

        def attempt(candidate: float) -> str | None:
            laid, wide = self.lay_line(value, weight, candidate, field)
            if wide > w + 1e-9:
                return None
            return self.draw(laid, x, y, candidate, weight, anchor, fill)

        def overflow(smallest: float) -> str:
            wide = self.lay_line(value, weight, smallest, field)[1]
            return f"{value!r} is {wide:.1f} pt wide at {smallest:g} pt, the box {w:.1f} pt"

        return _first_fit(size, min_size, attempt, field, overflow)

    def one_line(self, value: str) -> str:
        """The text :meth:`line` sets (plain text keeps its characters as they are)."""
        return value

    def wrap(
        self,
        text: object,
        x: float,
        y: float,
        w: float,
        h: float,
        size: float,
        *,
        field: str,
        weight: str = "normal",
        anchor: str = "start",
        fill: str = "#000000",
        min_size: float | None = None,
        valign: str = "top",
    ) -> Markup:
        """A paragraph wrapped into the box whose top-left is (x, y) (SVG coordinates, y down),
        set against its ``valign`` edge: ``top``, ``middle`` or ``bottom``."""
        _one_of("wrap", "anchor", anchor, ANCHORS)
        _one_of("wrap", "valign", valign, VALIGNS)
        _colour("wrap", "fill", fill)
        value = str(text)
        face_of(weight)

        def attempt(candidate: float) -> str | None:
            lines = self.lay_lines(value, weight, candidate, w, field)
            if lines is None:
                return None
            step = candidate * LEADING
            needed = candidate + step * (len(lines) - 1)
            if needed > h + 1e-6:
                return None
            top = {"middle": y + (h - needed) / 2, "bottom": y + h - needed}.get(valign, y)
            tx = x + w / 2 if anchor == "middle" else (x + w if anchor == "end" else x)
            return "".join(
                self.draw(
                    laid, tx, top + candidate * 0.8 + i * step, candidate, weight, anchor, fill
                )
                for i, laid in enumerate(lines)
            )

        return _first_fit(
            size,
            min_size,
            attempt,
            field,
            lambda smallest: (
                f"{value[:40]!r}… does not fit a {w:.0f} × {h:.0f} pt box at {smallest:g} pt"
            ),
        )

    def flow(
        self,
        blocks: Sequence[tuple[str, Sequence[str]]],
        x: float,
        y: float,
        w: float,
        h: float,
        size: float,
        *,
        field: str,
        min_size: float | None = None,
        fill: str = "#000000",
        head_fill: str = "#000000",
    ) -> Markup:
        """Titled blocks of paragraphs in a column whose top-left is (x, y): each title bold
        on a line of its own, each paragraph wrapped, its lines after the first indented."""
        _colour("flow", "fill", fill)
        _colour("flow", "head_fill", head_fill)

        def attempt(candidate: float) -> str | None:
            laid = self._lay_blocks(blocks, w, candidate, field)
            if laid is None or laid[1] > h + 1e-6:
                return None
            return "".join(
                self.draw(
                    item.laid,
                    x + item.indent,
                    y + item.dy,
                    item.size,
                    item.weight,
                    "start",
                    head_fill if item.weight == "bold" else fill,
                )
                for item in laid[0]
            )

        return _first_fit(
            size,
            min_size,
            attempt,
            field,
            lambda smallest: f"the text does not fit a {w:.0f} × {h:.0f} pt box at {smallest:g} pt",
        )

    def _lay_blocks(
        self, blocks: Sequence[tuple[str, Sequence[str]]], w: float, size: float, field: str
    ) -> tuple[list[_Laid], float] | None:
        out: list[_Laid] = []
        y = 0.0
        head = size * 1.12
        for b, (title, paragraphs) in enumerate(blocks):
            if b:
                y += size * 0.55
            y += head
            written = title if isinstance(title, str) else str(title)
            heading = self.lay_line(self.one_line(written), "bold", head, field)[0]
            out.append(_Laid(heading, y, head, "bold", 0.0))
            y += size * 0.25
            for paragraph in paragraphs:
                lines = self.lay_lines(str(paragraph), "normal", size, w - size * 0.6, field)
                if lines is None:
                    return None
                for i, text_line in enumerate(lines):
                    y += size * LEADING if (i or out[-1].weight != "bold") else size
                    out.append(_Laid(text_line, y, size, "normal", 0.0 if i == 0 else size * 0.6))
                y += size * 0.2
        return out, y


@dataclass(frozen=True, slots=True)
class _Laid:
    """One line laid out by :meth:`Typesetter.flow`: the line as its typesetter laid it out,
    its baseline ``dy`` points below the column's top, its size, weight and indent (points)."""

    laid: Any
    dy: float
    size: float
    weight: str
    indent: float


class MarkupTypesetter(Typesetter):
    """Text with ``**bold**``, ``*italic*`` and ``:icon:`` markup (:mod:`pnpkit.render.markup`),
    the icons of ``icon_names`` drawn from ``game_icons``."""

    def __init__(self, icon_names: tuple[str, ...], game_icons: Mapping[str, Path]) -> None:
        self.icon_names = icon_names
        self.game_icons = game_icons
        self._art: dict[str, list[tuple[str, str]]] = {}

    def lay_lines(
        self, value: str, weight: str, size: float, width: float, field: str
    ) -> list[list[markup.Word]] | None:
        try:
            laid = markup.lay_out(value, weight, size, width, self.icon_names)
        except markup.MarkupProblem as exc:
            raise _FieldProblem(field, str(exc), ", ".join(self.icon_names)) from None
        for icon in dict.fromkeys(markup.ICON.findall(value)):
            if icon in self.game_icons:
                self._icon_art(icon, field)
        return laid

    def _icon_art(self, icon: str, field: str) -> None:
        """Refuse the game's icon ``icon`` if its SVG does not print as drawn (the rules of
        :func:`~pnpkit.render.svg.rules.art_problems`), at the field whose text shows it."""
        if icon not in self._art:
            path = self.game_icons[icon]
            what = f"the icon :{icon}: (assets/icons/{path.name})"
            self._art[icon] = art_problems(path.read_bytes(), what)
        for message, allowed in self._art[icon]:
            raise _FieldProblem(field, message, allowed)

    def lay_line(
        self, value: str, weight: str, size: float, field: str
    ) -> tuple[list[markup.Word], float]:
        lines = self.lay_lines(value, weight, size, float("inf"), field)
        laid = lines[0] if lines else []
        return laid, markup.line_width(laid, weight, size)

    def draw(
        self, laid: Any, x: float, baseline: float, size: float, weight: str, anchor: str, fill: str
    ) -> str:
        return markup.draw_line(laid, x, baseline, size, weight, anchor, fill, self.game_icons)

    def one_line(self, value: str) -> str:
        """Markup text on one line: a line break is a space."""
        return value.replace("\n", " ")


PLAIN = Typesetter()
"""Plain text, as the bundled kits' templates set it."""
line = PLAIN.line
wrap = PLAIN.wrap
flow = PLAIN.flow


def fits(text: object, w: float, size: float, weight: str = "normal") -> bool:
    """Whether ``text`` fits on one line ``w`` points wide at ``size`` (never under 6 pt), as
    :func:`line` would set it with ``min_size`` equal to ``size``: a template chooses a shorter
    text for a small card with it, and ``line`` still refuses what fits nowhere."""
    wide = fonts.text_width(str(text), face_of(weight), max(size, MIN_TEXT_SIZE))
    return wide <= w + 1e-9


def search_path(folders: Path | Iterable[Path] = ()) -> tuple[Path, ...]:
    """``folders`` (searched first, in order; a missing one is passed over) and then the
    built-in templates, each once."""
    given = [folders] if isinstance(folders, Path) else list(folders)
    return tuple(dict.fromkeys([*given, TEMPLATE_DIR]))


SAVE_AS_UTF8 = "UTF-8 text: save the template in your editor's UTF-8 encoding"
"""What a template's text must be, said when it is not."""


class TemplateFiles(FileSystemLoader):
    """Jinja's loader of template files, that says a file which is not UTF-8 text as a
    :class:`~pnpkit.render.template_budget.Refused` at the first byte that is not, and at its
    file (where Jinja's own raised a UnicodeDecodeError naming neither)."""

    def get_source(
        self, environment: Environment, template: str
    ) -> tuple[str, str, Callable[[], bool]]:
        try:
            return super().get_source(environment, template)
        except UnicodeDecodeError as exc:
            raw = exc.object
            row = raw[: exc.start].count(b"\n") + 1
            column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
            saved = (
                "UTF-16 text"
                if raw.startswith((b"\xff\xfe", b"\xfe\xff"))
                else f"not UTF-8 text (byte 0x{raw[exc.start]:02X})"
            )
            refused = Refused(saved, SAVE_AS_UTF8, row, template, self._file(template), column)
            raise refused from None

    def _file(self, template: str) -> str | None:
        """The file ``template`` names (the first on the search path, as Jinja finds it)."""
        for folder in self.searchpath:
            path = Path(folder, *split_template_path(template))
            if path.is_file():
                return str(path)
        return None


def make_environment(folders: Path | Iterable[Path] = ()) -> BudgetedSandbox:
    """The sandboxed, autoescaping, strict Jinja environment with the text helpers and a work
    budget for each face (:mod:`pnpkit.render.template_budget`), loading templates from
    :func:`search_path` of ``folders``."""
    env = BudgetedSandbox(
        loader=TemplateFiles([str(folder) for folder in search_path(folders)]),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        bytecode_cache=shared_cache(),
    )
    env.globals.update(
        {
            name: checked_helper(name, helper)
            for name, helper in (
                ("line", line),
                ("wrap", wrap),
                ("fits", fits),
                ("flow", flow),
                ("fmt", _fmt),
                ("mix", mix),
                ("emblem", emblem_svg),
                ("pattern", pattern_svg),
            )
        }
    )
    return env


HELPER_USAGE = {
    "line": "line(text, x, y, w, size, field=…, weight=normal|600|bold|italic, "
    "anchor=start|middle|end, fill=#rrggbb, min_size=…)",
    "wrap": "wrap(text, x, y, w, h, size, field=…, weight=normal|600|bold|italic, "
    "anchor=start|middle|end, fill=#rrggbb, min_size=…, valign=top|middle|bottom)",
    "fits": "fits(text, w, size, weight=normal|600|bold|italic): whether the text fits one "
    "line w wide at size",
    "flow": "flow(blocks, x, y, w, h, size, field=…, min_size=…, fill=#rrggbb, head_fill=#rrggbb)",
    "fmt": "fmt(number)",
    "mix": "mix(colour, other, amount): two colours #rrggbb and an amount from 0 to 1",
    "emblem": "emblem(name, cx, cy, r, ink, paper): an emblem name, its centre, radius and "
    "two colours #rrggbb",
    "pattern": "pattern(name, shape, size, ink, paper, height=…)",
    "image": "image(name, x, y, w, h, field=…): a file of the game's assets/ folder",
}
"""What each helper a template may call takes, said when one is called wrongly."""


FAILED = "the template failed: "
"""How :func:`template_failure` begins its message."""


class HelperMisuse(Exception):
    """A template called a helper with arguments it does not take (or cannot use)."""

    def __init__(self, name: str, message: str, usage: str | None = None) -> None:
        super().__init__(f"{name}(): {message}")
        self.usage = HELPER_USAGE.get(name, "") if usage is None else usage


def _number_said(value: float) -> str:
    """``value`` as a message says it, short whatever its size (``1e+308``, ``nan``)."""
    return _fmt(value) if math.isfinite(value) and abs(value) < 1e6 else f"{value:g}"


def image_box(
    x: object, y: object, w: object, h: object, face: tuple[float, float]
) -> tuple[float, float, float, float]:
    """The box ``image(name, x, y, w, h)`` draws in, as numbers, if it lies on the face of
    ``face`` (width, height) points with some width and height; else :class:`HelperMisuse`
    saying what is off and the box allowed (an infinite or not-a-number box once failed the
    build as it drew, and one off the face or of no size was drawn as nothing, silently)."""
    box = tuple(float(value) for value in (x, y, w, h))  # type: ignore[arg-type]
    width, height = face
    said = dict(zip(("x", "y", "w", "h"), map(_number_said, box), strict=True))
    left, top, wide, high = box
    slack = 1e-6
    if not all(math.isfinite(value) for value in box):
        wrong = ", ".join(f"{k} is {v}" for k, v in said.items() if v in ("inf", "-inf", "nan"))
    elif wide <= 0 or high <= 0:
        wrong = f"w is {said['w']}, h is {said['h']}: a box must have a width and a height"
    elif left < -slack or top < -slack:
        wrong = f"x is {said['x']}, y is {said['y']}: the box starts off the face"
    elif left + wide > width + slack or top + high > height + slack:
        wrong = (
            f"x + w is {_number_said(left + wide)}, y + h is {_number_said(top + high)}: "
            "the box runs off the face"
        )
    else:
        return left, top, wide, high
    face_said = f"{_fmt(width)} × {_fmt(height)} pt"
    raise HelperMisuse(
        "image",
        f"the box ({', '.join(f'{k} {v}' for k, v in said.items())}) is not on the "
        f"{face_said} face: {wrong}",
        f"a box on the {face_said} face, y down from its top: x ≥ 0, y ≥ 0, w > 0, h > 0, "
        f"x + w ≤ {_fmt(width)}, y + h ≤ {_fmt(height)}",
    )


def checked_helper(
    name: str, helper: Callable[..., T], shape: Callable[..., object] | None = None
) -> Callable[..., T]:
    """``helper`` as a template calls it: arguments it does not take, or values it cannot
    use (a bad colour, an unknown emblem), raise :class:`HelperMisuse` naming the helper and
    what it takes, never a bare TypeError or ValueError. ``shape`` gives the signature the
    arguments are held to when ``helper`` takes ``*args``."""

    def call(*args: Any, **kwargs: Any) -> T:
        try:
            return helper(*args, **kwargs)
        except (TypeError, ValueError, ArithmeticError, UnknownFont) as exc:
            try:  # arguments it does not take, said as the signature says them
                inspect.signature(shape or helper).bind(*args, **kwargs)
            except TypeError as wrong:
                raise HelperMisuse(name, str(wrong)) from None
            raise HelperMisuse(name, str(exc)) from None

    return call


def _template_frames(exc: BaseException) -> list[Location]:
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
    frames = _template_frames(exc)
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
    card = f"{name} (card at {where})" if where.line else name
    usage = exc.usage if isinstance(exc, HelperMisuse) else ""
    if isinstance(exc, OverBudget):
        usage = exc.allowed
    return Problem(place, card, f"{FAILED}{message}", usage)


@dataclass(frozen=True, slots=True)
class PlacedImage:
    """An image file drawn in a box of a face (PDF coordinates, y up), keeping its proportions
    and centred in the box. ``digest`` is the file's SHA-256, for rebuilds."""

    path: str
    x: float
    y: float
    width: float
    height: float
    digest: str

    def draw(self, canvas: Canvas) -> None:
        fonts.register()
        if self.path.lower().endswith(".svg"):
            drawing = _asset_drawing(self.path, self.digest)
            if drawing is None or drawing.width <= 0 or drawing.height <= 0:
                return
            form = asset_form(canvas, drawing, self.digest)
            scale = min(self.width / drawing.width, self.height / drawing.height)
            canvas.saveState()
            canvas.translate(
                self.x + (self.width - drawing.width * scale) / 2,
                self.y + (self.height - drawing.height * scale) / 2,
            )
            canvas.scale(scale, scale)
            canvas.doForm(form)
            canvas.restoreState()
            return
        # ReportLab names an image by its file name (or, converted, by its pixels): a document
        # embeds it once, however many faces draw it.
        canvas.drawImage(
            printable(self.path, self.digest),
            self.x,
            self.y,
            self.width,
            self.height,
            mask="auto",
            preserveAspectRatio=True,
            anchor="c",
        )


ASSET_FORM = "pnpkitAsset-"
"""How the form XObject of an SVG asset is named: this prefix and the file's digest."""


def asset_form(canvas: Canvas, drawing: Drawing, digest: str) -> str:
    """The name of the form XObject holding the SVG asset ``drawing`` (whose file's SHA-256 is
    ``digest``) in ``canvas``'s document, drawn there the first time only: every face that
    shows the image places the same form, as a PNG or JPEG is one image XObject.
    The form's box is the drawing's (nothing outside it shows)."""
    from reportlab.graphics import renderPDF

    name = ASSET_FORM + digest[:32]
    if not canvas.hasForm(name):
        canvas.beginForm(name, 0, 0, drawing.width, drawing.height)
        renderPDF.draw(drawing, canvas, 0, 0)
        canvas.endForm()
    return name


@functools.lru_cache(maxsize=256)
def _asset_drawing(path: str, digest: str) -> Drawing | None:
    """An SVG image of a game's assets as a drawing (``digest`` keys the file's content)."""
    from pnpkit.render.svg.drawings import converted_file

    drawing = converted_file(path)
    if drawing is not None:
        drawing.initialFontName = fonts.REGULAR
    return drawing


@dataclass(frozen=True, slots=True)
class SvgFace:
    """A laid-out face: a Drawable of ``width`` × ``height`` points, its SVG source (whose
    relative references start at the folder ``root``), the images drawn over it, and the name
    and place its problems are reported at. It is made into a drawing when drawn."""

    width: float
    height: float
    svg: str
    root: str = ""
    images: tuple[PlacedImage, ...] = ()
    name: str = ""
    where: Location = NOWHERE

    def draw(self, canvas: Canvas) -> None:
        from reportlab.graphics import renderPDF

        fonts.register()
        renderPDF.draw(self.drawing(), canvas, 0, 0)
        for image in self.images:
            image.draw(canvas)

    def words(self) -> str:
        """Every word the face's SVG sets as text (:func:`~pnpkit.render.svg.rules.svg_words`;
        art drawn over it, :attr:`images`, is not read)."""
        return svg_words(self.svg)

    def drawing(self) -> Drawing:
        """The face as a ReportLab drawing (made once a process, and kept between runs)."""
        return _face_drawing(self.svg, self.root, self.width, self.height, self.name, self.where)

    def __fingerprint__(self) -> str:
        """What the face is drawn from (its SVG carries every field), for rebuilds."""
        art = "".join(
            f"|{i.digest}@{i.x:.2f},{i.y:.2f},{i.width:.2f},{i.height:.2f}" for i in self.images
        )
        return f"{self.width:.4f}x{self.height:.4f}:{self.svg}{art}"


FacePairs = list[tuple[SvgFace, SvgFace]]
"""Faces as the sheets print them: ``(front, back)`` for every printed card or counter."""


@functools.lru_cache(maxsize=4096)
def _face_drawing(
    svg: str, root: str, width: float, height: float, name: str, where: Location
) -> Drawing:
    """The drawing of a face's SVG (kept between runs by
    :func:`~pnpkit.render.svg.drawings.converted`), checked once more as drawn: readable, every
    string in an embedded face, the face's size. :func:`~pnpkit.render.svg.rules.svg_problems`
    has already held the SVG to the same when it was laid out, so these are a guard against
    svglib reading it otherwise, said in the same words."""
    from reportlab.graphics.shapes import Drawing, Group, String

    from pnpkit.render.svg.drawings import converted

    def refuse(message: str) -> DataError:
        return DataError([Problem(where, name, message)])

    try:
        drawing = converted(svg, root)
    except UnknownFont as exc:
        raise refuse(f"the template uses {exc}") from None
    if drawing is None:
        raise refuse("the template is not readable SVG")
    # ReportLab's renderer starts every drawing in Helvetica (never embedded); start ours
    # in the embedded face so no page names a base-14 font.
    drawing.initialFontName = fonts.REGULAR

    def strings(node: object) -> Iterator[String]:
        if isinstance(node, String):
            yield node
        elif isinstance(node, Group | Drawing):
            for child in node.contents:
                yield from strings(child)

    for string in strings(drawing):
        if string.fontName not in fonts.FACES:
            raise refuse(f"text {string.text!r} has no Source Sans Pro font")
    if abs(drawing.width - width) > 0.01 or abs(drawing.height - height) > 0.01:
        raise refuse(
            f"the template draws {drawing.width:.2f} × {drawing.height:.2f} pt, "
            f"the face is {width:.2f} × {height:.2f} pt"
        )
    return drawing


MARKUP_TEMPLATES = ("cards/generic-", "game/")
"""The templates of a designer's own game (built-in generic ones and the game's own), whose
text takes ``**bold**``, ``*italic*`` and ``:icon:`` markup; the bundled kits' text is plain."""


class FaceRenderer:
    """Renders faces from templates; one per kit (it caches the parsed templates).

    ``folders`` are searched for templates before the built-in ones (a kit passes
    :attr:`~pnpkit.build.options.BuildOptions.templates`: the designer's, then the game's).
    With ``game_dir`` (a designer's game folder) its ``templates/`` come first on the path and
    are also reachable as ``game/…`` (the names a card game's data gives), and its ``assets/``
    hold the images."""

    def __init__(self, folders: Path | Iterable[Path] = (), game_dir: Path | None = None) -> None:
        given = [folders] if isinstance(folders, Path) else list(folders)
        own = [] if game_dir is None else [game_dir / "templates"]
        self.search = search_path([*own, *given])
        self.template_dir = self.search[0]
        self.env = make_environment(self.search)
        self.game_dir = game_dir
        """A designer's game folder: its ``templates/`` (as ``game/…``) and ``assets/``."""
        if game_dir is not None:
            self.env.loader = ChoiceLoader(
                [
                    TemplateFiles([str(folder) for folder in self.search]),
                    PrefixLoader({"game": TemplateFiles(str(game_dir / "templates"))}),
                ]
            )
        self.overflows: list[TextOverflow] = []
        self.face = (0.0, 0.0)
        """The size of the face being drawn (points), which ``image()`` boxes lie on."""
        self.images: list[tuple[str, float, float, float, float]] = []
        self.image_problems: list[tuple[str, str, str]] = []
        self._digests: dict[Path, str] = {}
        self._art: dict[Path, list[tuple[str, str]]] = {}
        """What keeps each SVG art file drawn from printing as drawn (none for most)."""
        self.game_icons = markup.game_icons(game_dir)
        self.icon_names = markup.icon_names(game_dir)
        self._markup = MarkupTypesetter(self.icon_names, self.game_icons)
        self.markup = False
        """Whether the face being drawn takes markup (see :data:`MARKUP_TEMPLATES`)."""
        for helper_name, helper, shape in (
            ("line", self._line, PLAIN.line),
            ("wrap", self._wrap, PLAIN.wrap),
            ("flow", self._flow, PLAIN.flow),
        ):
            self.env.globals[helper_name] = self._collecting(
                checked_helper(helper_name, helper, shape)
            )
        self.env.globals["image"] = checked_helper("image", self._image)

    def _line(self, *args: Any, **kwargs: Any) -> Markup:
        return (self._markup if self.markup else PLAIN).line(*args, **kwargs)

    def _wrap(self, *args: Any, **kwargs: Any) -> Markup:
        return (self._markup if self.markup else PLAIN).wrap(*args, **kwargs)

    def _flow(self, *args: Any, **kwargs: Any) -> Markup:
        return (self._markup if self.markup else PLAIN).flow(*args, **kwargs)

    def _image(
        self, name: object, x: float, y: float, w: float, h: float, *, field: str = "image"
    ) -> Markup:
        """``image(name, x, y, w, h)`` in a template: the image ``name`` of the game's
        ``assets/`` in the box whose top-left is (x, y). An empty name draws nothing."""
        image_box(x, y, w, h, self.face)
        if name in ("", None):
            return Markup("")
        if self.game_dir is None:
            self.image_problems.append((field, "this kit has no assets/ folder", IMAGE_ALLOWED))
            return Markup("")
        try:
            path = find_asset(self.game_dir, str(name))
        except AssetProblem as exc:
            self.image_problems.append((field, str(exc), IMAGE_ALLOWED))
            return Markup("")
        if path not in self._digests:
            content = path.read_bytes()
            self._digests[path] = hashlib.sha256(content).hexdigest()
            if path.suffix.lower() == ".svg":
                self._art[path] = art_problems(content, f"the art {name}")
        art = self._art.get(path, [])
        if path.suffix.lower() == ".svg" and not art:  # its text as printed in this box
            art = art_text_problems(str(path), self._digests[path], f"the art {name}", w, h)
        if art:
            self.image_problems.extend((field, message, allowed) for message, allowed in art)
            return Markup("")
        self.images.append((str(path), float(x), float(y), float(w), float(h)))
        return Markup("")

    def _collecting(self, helper: Callable[..., Markup]) -> Callable[..., Markup]:
        """``helper`` that records a :class:`TextOverflow` and draws nothing, so one render
        finds every field that does not fit."""

        def collect(*args: Any, **kwargs: Any) -> Markup:
            try:
                return helper(*args, **kwargs)
            except TextOverflow as exc:
                self.overflows.append(exc)
                return Markup("")
            except _FieldProblem as exc:
                self.image_problems.append((exc.field, exc.message, exc.allowed))
                return Markup("")

        return collect

    def svg(self, template: str, width: float, height: float, context: dict[str, object]) -> str:
        """The SVG text of ``template`` filled with ``context`` at ``width`` × ``height`` pt,
        within a work budget of its own (:mod:`pnpkit.render.template_budget`)."""
        found = self.env.get_template(template)
        self.env.fresh_budget()
        self.face = (width, height)
        return found.render(w=width, h=height, **context)

    def render(
        self,
        template: str,
        width: float,
        height: float,
        context: dict[str, object],
        *,
        name: str,
        source: str = "",
        field_sources: Mapping[str, str] | None = None,
    ) -> SvgFace:
        """Render one face; bad data becomes a DataError naming ``name`` and the field. Every
        field that does not fit is reported, each at ``field_sources[field]`` when given."""
        where = location_of(source)
        self.overflows, self.images, self.image_problems = [], [], []
        self.markup = template.startswith(MARKUP_TEMPLATES)
        try:
            text = self.svg(template, width, height, context)
            places = field_sources or {}
            problems = [
                Problem(
                    location_of(places.get(exc.field, source)),
                    f"{name}: {exc.field}",
                    f"text does not fit: {exc.message}",
                )
                for exc in self.overflows
            ] + [
                Problem(
                    location_of(places.get(field, source)), f"{name}: {field}", message, allowed
                )
                for field, message, allowed in self.image_problems
            ]
            if problems:
                raise DataError(problems)
        except TextOverflow as exc:
            raise DataError(
                [Problem(where, f"{name}: {exc.field}", f"text does not fit: {exc.message}")]
            ) from None
        except UndefinedError as exc:
            frames = _template_frames(exc)
            at = f" (at {frames[-1]})" if frames else ""
            raise DataError(
                [Problem(where, name, f"template {template}: {exc.message}{at}")]
            ) from None
        except TemplateSyntaxError as exc:
            raise DataError([self.syntax_problem(exc, name, where)]) from None
        except TemplateError as exc:
            raise DataError([Problem(where, name, f"template {template}: {exc}")]) from None
        except PnpkitError:
            raise
        except Exception as exc:  # the designer's template failed as it ran: say where
            raise DataError([template_failure(exc, template, name, where)]) from None
        images = tuple(
            PlacedImage(path, x, height - y - h, w, h, self._digests[Path(path)])
            for path, x, y, w, h in self.images
        )
        return self.to_face(
            text, width, height, name=name, where=where, images=images, template=template
        )

    def syntax_problem(self, exc: TemplateSyntaxError, name: str, where: Location) -> Problem:
        """The problem of a template Jinja cannot read (:func:`syntax_problem`), naming the card
        ``name`` (at ``where``) that asked for it."""
        source = exc.source
        if source is None and exc.name is not None and self.env.loader is not None:
            try:
                source = self.env.loader.get_source(self.env, exc.name)[0]
            except TemplateError:
                source = None
        return syntax_problem(self.env, exc, source or "", name, where)

    def to_face(
        self,
        text: str,
        width: float,
        height: float,
        *,
        name: str,
        where: Location,
        images: tuple[PlacedImage, ...] = (),
        template: str = "",
    ) -> SvgFace:
        """The face of the SVG ``text``, held to :func:`~pnpkit.render.svg.rules.svg_problems`
        (every problem of the SVG in one DataError at ``where``, naming ``name``)."""
        problems = located_svg_problems(text, width, height, template)
        if problems:
            raise DataError(
                [
                    self._svg_problem(template, where, name, *problem, rendered=text)
                    for problem in problems
                ]
            )
        return SvgFace(width, height, text, str(self.template_dir), images, name, where)

    def _svg_problem(
        self,
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
        if not (template and (pattern or unreadable)) or self.env.loader is None:
            return Problem(where, name, message, allowed)
        try:
            source, filename, _ = self.env.loader.get_source(self.env, template)
        except TemplateError:
            source, filename = "", None
        if unreadable is not None:
            at, message = _unreadable_in(unreadable, rendered, source, template)
        else:
            found = re.search(pattern, source)
            at = None if found is None else found.start()
        if at is None:
            return Problem(where, name, message, allowed)
        row = source.count("\n", 0, at) + 1
        column = at - (source.rfind("\n", 0, at) + 1) + 1
        card = f"{name} (card at {where})" if where.line else name
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
    env: BudgetedSandbox, exc: TemplateSyntaxError, source: str, name: str, where: Location
) -> Problem:
    """The problem of a template Jinja cannot read (a syntax error, a filter or test it does
    not have, a block never closed), at the template's line and, where it can be found, column,
    naming the card ``name`` (at ``where``) that asked for it. A block never closed is said
    where it opens."""
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
    card = f"{name} (card at {where})" if where.line else name
    message = message[:-1] if message.endswith(".") else message
    return Problem(Location(file, row, column), card, f"{UNREADABLE}{message}", allowed)


def location_of(source: str) -> Location:
    parts = source.rsplit(":", 2)
    if len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
        return Location(parts[0], int(parts[1]), int(parts[2]))
    return Location(source or "<data>")


def deck_faces(renderer: FaceRenderer, deck: Deck) -> FacePairs:
    """``(front, back)`` for every printed card of ``deck``; each design is rendered once."""
    size = deck.size

    problems: list[Problem] = []

    def face(face: Face, name: str) -> SvgFace | None:
        try:
            return renderer.render(
                face.template,
                size.width,
                size.height,
                face.as_dict(),
                name=name,
                source=face.source,
                field_sources=dict(face.field_sources),
            )
        except DataError as exc:
            problems.extend(exc.problems)
            return None

    fronts: dict[str, SvgFace | None] = {}
    backs: dict[str, SvgFace | None] = {}
    common: SvgFace | None = None
    common_done = False
    out: FacePairs = []
    for card in deck.printed():
        if card.key not in fronts:
            fronts[card.key] = face(card.front, card.name)
            if card.back is not None:
                backs[card.key] = face(card.back, f"{card.name} (back)")
            else:
                if not common_done:
                    common, common_done = face(deck.back, f"{deck.title}: back"), True
                backs[card.key] = common
        front, back = fronts[card.key], backs[card.key]
        if front is not None and back is not None:
            out.append((front, back))
    if problems:
        raise DataError(merged_failures(problems))
    return out


def merged_failures(problems: Sequence[Problem]) -> list[Problem]:
    """``problems`` with a template's failure at one line said once, by its first card
    (``Bosun (card at …) and 39 other cards``), not once a card."""
    firsts: dict[tuple[Location, str, str], int] = {}
    others: dict[int, int] = {}
    out: list[Problem] = []
    for problem in problems:
        key = (problem.where, problem.message, problem.allowed)
        if not problem.message.startswith((FAILED, UNREADABLE)):
            out.append(problem)
        elif key in firsts:
            others[firsts[key]] = others.get(firsts[key], 0) + 1
        else:
            firsts[key] = len(out)
            out.append(problem)
    for index, count in others.items():
        first = out[index]
        more = f"{first.field} and {count} other card{'s' if count != 1 else ''}"
        out[index] = Problem(first.where, more, first.message, first.allowed)
    return out


class Gathered:
    """Faces laid out group by group (a deck, the counters, a reference card) with every
    group's problems kept, so that a kit's faces report each face that cannot be printed, not
    only the first group's: ``cards = gathered(lambda: deck_faces(r, deck), [])``, then
    :meth:`done`."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def __call__(self, make: Callable[[], T], empty: T) -> T:
        """What ``make`` lays out, or ``empty`` after keeping its problems."""
        try:
            return make()
        except DataError as exc:
            self.problems.extend(exc.problems)
            return empty

    def done(self) -> None:
        """Raise one :class:`~pnpkit.errors.DataError` with every problem kept, if any."""
        if self.problems:
            raise DataError(merged_failures(self.problems))
