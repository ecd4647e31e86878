"""The physical promises a PDF makes about itself, and how they travel inside it.

The writer (:class:`pnpkit.layout.document.Document`) records them as JSON in a compressed
stream named by the custom document-information key ``/PnpkitPromises``
(:func:`pnpkit.verify.check.stored_promises` finds it); :func:`pnpkit.verify.verify_pdf` reads
them back and measures each from the drawn content. Stdlib only, so layout and verify share one
schema.

Kinds:

- :class:`LinePromise` — lines stroked in a dedicated colour on a page are spaced ``pitch`` apart
  (a chart's cell size).
- :class:`RulerPromise` — the ticks of a calibration bar in a dedicated colour span ``length``
  in ``divisions`` equal steps (the 1 in and 5 cm bars).
- :class:`AssemblyPromise` — the regions a tiled item is cut into (outlined in a dedicated colour
  on each sheet) add up to the item's ``width`` × ``height``.
- :class:`MirrorPromise` — the backs of a card or counter sheet land behind their fronts once the
  sheet is turned over (duplex, long edge) or folded (fold-over, with its fold line).
- ``duplex``: the ``/ViewerPreferences /Duplex`` the PDF asks the print dialog for.
- :class:`ColorSetPromise` — fill colours that tell seats, fleets, players or factions apart:
  every pair reads at least :data:`MIN_GRAY_STEP` levels apart in grayscale, or differs by a
  second cue (pattern, emblem, label) that the data gives each member; each colour is filled on
  the pages named.
- ``pages``: the page count; ``sizes``: page sizes allowed besides Letter and A4;
  ``margin``: the margin nothing may be printed in (0 turns the check off, e.g. bleed files).

Every PDF, promised or not, must also write no text smaller than :data:`MIN_TEXT_SIZE`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields, is_dataclass
from types import UnionType
from typing import Any, TypeVar, Union, get_args, get_origin, get_type_hints

FORMAT = "pnpkit-promises/1"
INFO_KEY = "/PnpkitPromises"
TOLERANCE_MM = 0.1
TOLERANCE = TOLERANCE_MM * 72.0 / 25.4
"""0.1 mm in points: how far a measured dimension may stray from its promise."""

MIN_TEXT_SIZE = 6.0
"""Points: no text may print smaller (tables, tokens and labels included)."""
MIN_GRAY_STEP = 40
"""Grayscale levels (of 0–255) two colours that tell things apart must differ by, unless they
also differ by a pattern, emblem or label."""
CUE_KINDS = ("pattern", "emblem", "label")
"""The second cues a colour promise may name. A ``label`` is checked in print: its words must
be written on a page the colours are promised on."""

RGB = tuple[float, float, float]
Box = tuple[float, float, float, float]
T = TypeVar("T")


def gray_level(color: RGB) -> int:
    """The 0–255 level ``pdftoppm -gray`` prints an RGB colour (components 0–1) as.

    Poppler converts DeviceRGB to gray as 0.30 R + 0.59 G + 0.11 B (``GfxDeviceRGBColorSpace::
    getGray``), rounded to the nearest level; this is the NTSC weighting of ITU-R BT.601
    (0.299, 0.587, 0.114) at two decimals. Measured: pure blue prints 28, BT.601 would give 29.
    """
    r, g, b = (min(1.0, max(0.0, c)) for c in color)
    return int(255.0 * (0.30 * r + 0.59 * g + 0.11 * b) + 0.5)


@dataclass(frozen=True, slots=True)
class LinePromise:
    """On ``page`` (1-based), lines stroked in ``color`` are ``pitch`` points apart.

    ``axis`` ``"x"``: vertical lines, spaced along x; ``"y"``: horizontal; ``"both"``.
    ``bbox`` (page coordinates) limits where to look; None = the whole page.
    """

    page: int
    what: str
    pitch: float
    color: RGB
    axis: str = "both"
    bbox: Box | None = None


@dataclass(frozen=True, slots=True)
class RulerPromise:
    """On ``page``, the vertical ticks stroked in ``color`` inside ``bbox`` span ``length``
    points in ``divisions`` equal steps (1 in in 8, or 5 cm in 50)."""

    page: int
    what: str
    length: float
    divisions: int
    color: RGB
    bbox: Box
    axis: str = "x"
    """``"x"``: vertical ticks spaced along x; ``"y"``: a ruler turned a quarter turn."""


@dataclass(frozen=True, slots=True)
class AssemblySheet:
    """One sheet of an assembly: its page and its place (row, column) in the assembled item."""

    page: int
    row: int
    column: int


@dataclass(frozen=True, slots=True)
class AssemblyPromise:
    """Sheets whose regions (outlined in ``color``) glue into ``width`` × ``height``.

    ``row_overlaps[r]``/``column_overlaps[c]``: how much the outlines of a row (column) overlap in
    all, where seams zigzag along cell edges (a hex chart); empty means none."""

    what: str
    width: float
    height: float
    color: RGB
    sheets: tuple[AssemblySheet, ...]
    row_overlaps: tuple[float, ...] = ()
    column_overlaps: tuple[float, ...] = ()


@dataclass(frozen=True, slots=True)
class MirrorPromise:
    """The backs on ``back_page`` land behind the fronts on ``front_page``.

    Fronts and backs are the form XObjects drawn unscaled on those pages. Each front's box
    mirrored about the vertical line ``x = axis`` and moved by ``offset`` must be a back's box,
    and every back must be one of those; there are ``backs`` backs. With ``size``, every front
    and back is ``size`` (width, height). With ``fold_color`` the sheet folds: fronts and backs
    share one page, fronts left of ``axis`` and backs right of it, and a line stroked in
    ``fold_color`` at ``x = axis`` runs past every card's top and bottom.
    """

    what: str
    front_page: int
    back_page: int
    axis: float
    offset: tuple[float, float] = (0.0, 0.0)
    backs: int = 0
    size: tuple[float, float] | None = None
    fold_color: RGB | None = None


@dataclass(frozen=True, slots=True)
class ColorMember:
    """One seat, fleet, player or faction: its ``name``, the fill ``color`` that marks it, and
    its second cues drawn with that colour, as ``(kind, value)`` pairs with kind one of
    :data:`CUE_KINDS`, the value taken from the data (e.g. ``("emblem", "anchor")``)."""

    name: str
    color: RGB
    cues: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        for kind, _value in self.cues:
            if kind not in CUE_KINDS:
                raise ValueError(
                    f"{self.name}: cue kind {kind!r} is not one of {', '.join(CUE_KINDS)}"
                )

    def cue(self, kind: str) -> str | None:
        for k, value in self.cues:
            if k == kind:
                return value
        return None


@dataclass(frozen=True, slots=True)
class ColorSetPromise:
    """The colours in ``members`` tell ``what`` apart (e.g. "fleets") on ``pages``.

    Two members are told apart in black and white when their :func:`gray_level` differ by at
    least :data:`MIN_GRAY_STEP`, or when both name a cue of the same kind with different values
    (two emblems, two patterns, two labels). Every member's colour must be filled on at least
    one of ``pages``.
    """

    what: str
    members: tuple[ColorMember, ...]
    pages: tuple[int, ...]

    def pairs_without_cue(self) -> list[tuple[ColorMember, ColorMember, int]]:
        """Pairs that look alike in grayscale and carry no different cue (with their gap)."""
        found: list[tuple[ColorMember, ColorMember, int]] = []
        for i, a in enumerate(self.members):
            for b in self.members[i + 1 :]:
                gap = abs(gray_level(a.color) - gray_level(b.color))
                if gap >= MIN_GRAY_STEP:
                    continue
                if any(
                    a.cue(kind) is not None
                    and b.cue(kind) is not None
                    and a.cue(kind) != b.cue(kind)
                    for kind in CUE_KINDS
                ):
                    continue
                found.append((a, b, gap))
        return found


@dataclass(frozen=True, slots=True)
class Promises:
    """Everything a PDF promises about itself (see the module's kinds), stored as JSON in the PDF
    and measured back by :func:`pnpkit.verify.verify_pdf`; lengths in points."""

    pages: int | None = None
    sizes: tuple[tuple[float, float], ...] = ()
    margin: float = 18.0
    lines: tuple[LinePromise, ...] = ()
    rulers: tuple[RulerPromise, ...] = ()
    assemblies: tuple[AssemblyPromise, ...] = ()
    mirrors: tuple[MirrorPromise, ...] = ()
    duplex: str = ""
    """``/ViewerPreferences /Duplex`` (e.g. ``DuplexFlipLongEdge``); empty: not promised."""
    color_sets: tuple[ColorSetPromise, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> str:
        data: dict[str, Any] = {"format": FORMAT, **_plain(self)}
        return json.dumps(data, sort_keys=True, separators=(",", ":"))

    @staticmethod
    def from_json(text: str) -> Promises:
        """Parse the JSON; raises ``ValueError`` on a wrong format or shape. The fields are read
        as the dataclasses declare them (:func:`_record`), the inverse of :meth:`to_json`."""
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"promises are not {FORMAT}")
        try:
            return _record(Promises, data)
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"promises are malformed: {exc}") from exc


def _plain(value: Any) -> Any:
    """``value`` as JSON holds it: a promise as an object of its fields, a tuple as a list (what
    :func:`dataclasses.asdict` and :mod:`json` make of it, without copying every value first:
    a long deck promises thousands of lines)."""
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    names = _FIELD_NAMES.get(type(value))
    if names is None and is_dataclass(value):
        names = _FIELD_NAMES[type(value)] = tuple(spec.name for spec in fields(value))
    if names is not None:
        return {name: _plain(getattr(value, name)) for name in names}
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    return value


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _record(cls: type[T], raw: Any) -> T:
    """The dataclass ``cls`` from its JSON object: each field read by its annotation, a missing
    field taking its default (a field without one is a ``KeyError``); other keys are ignored."""
    return _reader(cls)(raw)  # type: ignore[no-any-return]


Reader = Callable[[Any], Any]
"""How one JSON value is read as its annotation says (:func:`_reader`)."""

_READERS: dict[Any, Reader] = {}


def _reader(kind: Any) -> Reader:
    """The reader of values annotated ``kind``, worked out once from the annotation: a long
    deck's promises hold thousands of values of a few kinds."""
    found = _READERS.get(kind)
    if found is None:
        found = _READERS[kind] = _made_reader(kind)
    return found


def _made_reader(kind: Any) -> Reader:
    origin, args = get_origin(kind), get_args(kind)
    if kind is Any:
        return lambda raw: raw
    if origin in (Union, UnionType):
        (inner,) = (a for a in args if a is not type(None))
        read_inner = _reader(inner)
        if type(None) not in args:
            return read_inner
        return lambda raw: None if raw is None else read_inner(raw)
    if isinstance(kind, type) and is_dataclass(kind):
        return _record_reader(kind)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _reader(args[0])
            return lambda raw: tuple(item(value) for value in tuple(raw))
        readers = tuple(_reader(a) for a in args)

        def fixed(raw: Any) -> tuple[Any, ...]:
            items = tuple(raw)
            if len(items) != len(readers):
                raise ValueError(f"expected {len(readers)} values, got {len(items)}")
            return tuple(read(value) for read, value in zip(readers, items, strict=True))

        return fixed
    if origin is dict:
        return dict
    if kind in (int, float, str):
        return kind  # type: ignore[no-any-return]
    raise TypeError(f"no reader for {kind}")


def _record_reader(cls: type) -> Reader:
    hints = get_type_hints(cls)
    specs = [
        (spec.name, spec.default is MISSING and spec.default_factory is MISSING)
        for spec in fields(cls)
    ]
    readers: list[tuple[str, bool, Reader]] = []

    def read(raw: Any) -> Any:
        if not isinstance(raw, dict):
            raise TypeError(f"{cls.__name__}: expected an object, got {type(raw).__name__}")
        if not readers:  # the fields' readers, once (a field may be of this very class)
            readers.extend((name, needed, _reader(hints[name])) for name, needed in specs)
        values: dict[str, Any] = {}
        for name, needed, reader in readers:
            if name in raw:
                values[name] = reader(raw[name])
            elif needed:
                raise KeyError(f"{cls.__name__}.{name}")
        return cls(**values)

    return read
