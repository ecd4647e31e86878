"""Card and counter faces from Jinja SVG templates (:class:`FaceRenderer`), drawn with the
embedded pip font.

A template runs in the environment of :mod:`pnpkit.render.templates` (search path, sandbox
with a work budget, compiled-template cache) with the helpers of :data:`FACE_HELPERS`: the text
helpers (:mod:`pnpkit.render.faces.typesetter`), ``fmt``, ``mix``, ``emblem``, ``pattern`` and
``image`` (a file of the game's ``assets/`` in a box of the face). Every field of a face that
does not fit, and every image or icon that cannot print, is reported at once, each at the
field's own place in the data when the face knows it
(:attr:`~pnpkit.model.cards.Face.field_sources`); a template that fails is reported at its line
(:mod:`pnpkit.render.templates.error_location`), naming the card; never a traceback. The face
made is an :class:`~pnpkit.render.faces.face.SvgFace`, held to
:mod:`pnpkit.render.svg.rules`.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from jinja2 import (
    ChoiceLoader,
    PrefixLoader,
    TemplateError,
    TemplateSyntaxError,
    UndefinedError,
)
from markupsafe import Markup

from pnpkit.errors import DataError, Location, PnpkitError, Problem
from pnpkit.load.assets import ALLOWED as IMAGE_ALLOWED
from pnpkit.load.assets import AssetProblem, find_asset
from pnpkit.load.markup import game_icons, icon_names
from pnpkit.render.colour import mix
from pnpkit.render.emblems import emblem_svg, pattern_svg
from pnpkit.render.faces.face import PlacedImage, SvgFace
from pnpkit.render.faces.typesetter import (
    PLAIN,
    FieldProblem,
    MarkupTypesetter,
    TextOverflow,
    fits,
    flow,
    line,
    wrap,
)
from pnpkit.render.svg.rules import art_problems, art_text_problems, located_svg_problems
from pnpkit.render.templates.environment import TemplateFiles, make_environment, search_path
from pnpkit.render.templates.error_location import (
    svg_problem,
    syntax_problem,
    template_failure,
    undefined_problem,
)
from pnpkit.render.templates.helpers import HelperMisuse, checked_helper, fmt, number_said
from pnpkit.render.typeset import location_of

FACE_HELPERS: dict[str, Callable[..., Any]] = {
    name: checked_helper(name, helper)
    for name, helper in (
        ("line", line),
        ("wrap", wrap),
        ("fits", fits),
        ("flow", flow),
        ("fmt", fmt),
        ("mix", mix),
        ("emblem", emblem_svg),
        ("pattern", pattern_svg),
    )
}
"""The helpers every face template may call (a :class:`FaceRenderer` adds ``image`` and sets
``line``, ``wrap`` and ``flow`` so that it collects every text that does not fit)."""


def image_box(
    x: object, y: object, w: object, h: object, face: tuple[float, float]
) -> tuple[float, float, float, float]:
    """The box ``image(name, x, y, w, h)`` draws in, as numbers, if it lies on the face of
    ``face`` (width, height) points with some width and height; else :class:`HelperMisuse`
    saying what is off and the box allowed (an infinite or not-a-number box once failed the
    build as it drew, and one off the face or of no size was drawn as nothing, silently)."""
    box = tuple(float(value) for value in (x, y, w, h))  # type: ignore[arg-type]
    width, height = face
    said = dict(zip(("x", "y", "w", "h"), map(number_said, box), strict=True))
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
            f"x + w is {number_said(left + wide)}, y + h is {number_said(top + high)}: "
            "the box runs off the face"
        )
    else:
        return left, top, wide, high
    face_said = f"{fmt(width)} × {fmt(height)} pt"
    raise HelperMisuse(
        "image",
        f"the box ({', '.join(f'{k} {v}' for k, v in said.items())}) is not on the "
        f"{face_said} face: {wrong}",
        f"a box on the {face_said} face, y down from its top: x ≥ 0, y ≥ 0, w > 0, h > 0, "
        f"x + w ≤ {fmt(width)}, y + h ≤ {fmt(height)}",
    )


MARKUP_TEMPLATES = ("cards/generic-", "game/")
"""The templates of a designer's own game (built-in generic ones and the game's own), whose
text takes ``**bold**``, ``*italic*`` and ``:icon:`` markup; the bundled kits' text is plain."""


class FaceRenderer:
    """Renders faces from templates; one per kit (it caches the parsed templates).

    ``folders`` are searched for templates before the built-in ones (a kit passes
    :attr:`~pnpkit.layout.print_settings.PrintSettings.templates`: the designer's, then the game's).
    With ``game_dir`` (a designer's game folder) its ``templates/`` come first on the path and
    are also reachable as ``game/…`` (the names a card game's data gives), and its ``assets/``
    hold the images."""

    def __init__(self, folders: Path | Iterable[Path] = (), game_dir: Path | None = None) -> None:
        given = [folders] if isinstance(folders, Path) else list(folders)
        own = [] if game_dir is None else [game_dir / "templates"]
        self.search = search_path([*own, *given])
        self.template_dir = self.search[0]
        self.env = make_environment(self.search, FACE_HELPERS)
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
        self.game_icons = game_icons(game_dir)
        self.icon_names = icon_names(game_dir)
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
        found = self.find_image(name, field, float(w), float(h))
        if found is not None:
            self.images.append((found[0], float(x), float(y), float(w), float(h)))
        return Markup("")

    def find_image(self, name: object, field: str, w: float, h: float) -> tuple[str, str] | None:
        """The file of the image ``name`` of the game's ``assets/`` and its SHA-256, to be
        drawn in a ``w`` × ``h`` pt box; None when the name is empty, or when it cannot print
        (the problem kept in :attr:`image_problems` at ``field``)."""
        if name in ("", None):
            return None
        if self.game_dir is None:
            self.image_problems.append((field, "this kit has no assets/ folder", IMAGE_ALLOWED))
            return None
        try:
            path = find_asset(self.game_dir, str(name))
        except AssetProblem as exc:
            self.image_problems.append((field, str(exc), IMAGE_ALLOWED))
            return None
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
            return None
        return str(path), self._digests[path]

    def _collecting(self, helper: Callable[..., Markup]) -> Callable[..., Markup]:
        """``helper`` that records a :class:`TextOverflow` and draws nothing, so one render
        finds every field that does not fit."""

        def collect(*args: Any, **kwargs: Any) -> Markup:
            try:
                return helper(*args, **kwargs)
            except TextOverflow as exc:
                self.overflows.append(exc)
                return Markup("")
            except FieldProblem as exc:
                self.image_problems.append((exc.field, exc.message, exc.allowed))
                return Markup("")

        return collect

    def svg(self, template: str, width: float, height: float, context: dict[str, object]) -> str:
        """The SVG text of ``template`` filled with ``context`` at ``width`` × ``height`` pt,
        within a work budget of its own (:mod:`pnpkit.render.templates.budget`)."""
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
            known = [*context, *FACE_HELPERS, "image", "w", "h"]
            raise DataError(
                [undefined_problem(self.env, exc, template, name, where, known)]
            ) from None
        except TemplateSyntaxError as exc:
            raise DataError([syntax_problem(self.env, exc, name, where)]) from None
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
                    svg_problem(self.env, template, where, name, *problem, rendered=text)
                    for problem in problems
                ]
            )
        return SvgFace(width, height, text, str(self.template_dir), images, name, where)
