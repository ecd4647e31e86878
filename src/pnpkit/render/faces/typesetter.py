"""The text helpers a face's template calls, each fitting its text to a box with the real font
(:func:`~pnpkit.render.fonts.text_width`) and the one line breaker
(:mod:`pnpkit.render.typeset`):

- ``line(text, x, y, w, size, field=…, weight=…, anchor=…, min_size=…)``: one line, shrunk
  down to ``min_size`` if needed;
- ``wrap(text, x, y, w, h, size, field=…, …)``: a paragraph in a box (``y`` its top);
- ``flow(blocks, x, y, w, h, size, field=…)``: titled blocks of paragraphs (reference cards);
- ``fits(text, w, size, weight=…)``: whether a text fits one line.

Text that does not fit its box raises :class:`TextOverflow` naming the field; the face renderer
(:class:`~pnpkit.render.faces.renderer.FaceRenderer`) collects every overflow of a face and
reports them together. No helper sets text under
:data:`~pnpkit.verify.promises.MIN_TEXT_SIZE` (6 pt): a size or ``min_size`` below it is raised
to it, and text that does not fit at 6 pt is an overflow, never smaller print.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from markupsafe import Markup

from pnpkit.load import markup
from pnpkit.render import fonts
from pnpkit.render.faces import markup_lines
from pnpkit.render.faces.markup_lines import text_element
from pnpkit.render.svg.features import COLOURS, is_colour
from pnpkit.render.svg.rules import art_problems, face_of
from pnpkit.render.templates.helpers import HelperMisuse
from pnpkit.render.typeset import break_lines, smallest_size, text_sizes
from pnpkit.verify.promises import MIN_TEXT_SIZE

LEADING = 1.18
"""Baseline to baseline in a wrapped paragraph, as a multiple of the size."""


class TextOverflow(Exception):
    """Text that does not fit its box; ``field`` names the data field."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


class FieldProblem(Exception):
    """A field a template draws that cannot be drawn (an unknown icon in its text)."""

    def __init__(self, field: str, message: str, allowed: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field, self.message, self.allowed = field, message, allowed


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
    raise TextOverflow(field, overflow(smallest_size(size, min_size)))


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
        return text_element(laid, x, baseline, size, weight, anchor, fill)

    def line_scale(self, laid: Any) -> float:
        """How many times the text's size the tallest type of a laid-out line is (plain text:
        1); a line of larger type takes as much more room above and below its baseline."""
        return 1.0

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
            extra = _extra_room([self.line_scale(laid) for laid in lines], candidate)
            needed = candidate + step * (len(lines) - 1) + extra[-1]
            if needed > h + 1e-6:
                return None
            top = {"middle": y + (h - needed) / 2, "bottom": y + h - needed}.get(valign, y)
            tx = x + w / 2 if anchor == "middle" else (x + w if anchor == "end" else x)
            return "".join(
                self.draw(
                    laid,
                    tx,
                    top + candidate * 0.8 + i * step + extra[i],
                    candidate,
                    weight,
                    anchor,
                    fill,
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
                    grown = max(self.line_scale(text_line), 1.0) - 1.0
                    y += size * LEADING if (i or out[-1].weight != "bold") else size
                    y += grown * size * ASCENT
                    out.append(_Laid(text_line, y, size, "normal", 0.0 if i == 0 else size * 0.6))
                    y += grown * size * (1 - ASCENT)
                y += size * 0.2
        return out, y


ASCENT = 0.8
"""The share of a line's size above its baseline (the rest, and the leading, below it)."""


def _extra_room(scales: Sequence[float], size: float) -> list[float]:
    """For lines whose tallest type is ``scales`` times ``size``: how much lower than plain
    lines each one's baseline sits (the larger type's more room above it, and that of each
    line before it above and below), and last the room they take in all. Exactly 0 for plain
    lines, so their baselines are computed as they always were."""
    out: list[float] = []
    total = 0.0
    for scale in scales:
        grown = max(scale, 1.0) - 1.0
        total += grown * size * ASCENT
        out.append(total)
        total += grown * size * (1 - ASCENT)
    out.append(total)
    return out


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
    """Text with ``**bold**``, ``*italic*`` and ``:icon:`` markup (:mod:`pnpkit.load.markup`, laid out and drawn by
    :mod:`pnpkit.render.faces.markup_lines`),
    the icons of ``icon_names`` drawn from ``game_icons``."""

    def __init__(self, icon_names: tuple[str, ...], game_icons: Mapping[str, Path]) -> None:
        self.icon_names = icon_names
        self.game_icons = game_icons
        self._art: dict[str, list[tuple[str, str]]] = {}

    def lay_lines(
        self, value: str, weight: str, size: float, width: float, field: str
    ) -> list[list[markup.Word]] | None:
        try:
            laid = markup_lines.lay_out(value, weight, size, width, self.icon_names)
        except markup.MarkupProblem as exc:
            raise FieldProblem(field, str(exc), exc.allowed) from None
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
            raise FieldProblem(field, message, allowed)

    def lay_line(
        self, value: str, weight: str, size: float, field: str
    ) -> tuple[list[markup.Word], float]:
        lines = self.lay_lines(value, weight, size, float("inf"), field)
        laid = lines[0] if lines else []
        return laid, markup_lines.line_width(laid, weight, size)

    def draw(
        self, laid: Any, x: float, baseline: float, size: float, weight: str, anchor: str, fill: str
    ) -> str:
        return markup_lines.draw_line(
            laid, x, baseline, size, weight, anchor, fill, self.game_icons
        )

    def line_scale(self, laid: Any) -> float:
        return max((atom.scale for word in laid for atom in word), default=1.0)

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
