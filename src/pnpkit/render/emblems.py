"""One vocabulary of emblems and patterns, drawn one way.

Each emblem and pattern of :mod:`pnpkit.model.vocabulary` is plain SVG geometry computed here
(svglib draws no ``<pattern>`` fills and clips unreliably), clipped analytically to its shape.
Card and counter templates place them with ``{{ emblem(...) }}`` and ``{{ pattern(...) }}``;
vector drawings (charts, tokens) place the same geometry with :func:`emblem_item` and
:func:`pattern_item`, painted through svglib onto the PDF and written as-is into SVG.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from markupsafe import Markup, escape

from pnpkit.model.cards import CounterShape
from pnpkit.model.vocabulary import EMBLEMS, PATTERNS
from pnpkit.render.colour import mix
from pnpkit.render.vector import Svg


def _f(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


Inside = Callable[[float, float], bool]


def _inside(shape: CounterShape, size: float, inset: float, height: float) -> Inside:
    c = size / 2
    if shape is CounterShape.ROUND:
        r = c - inset
        return lambda x, y: (x - c) ** 2 + (y - c) ** 2 <= r * r
    return lambda x, y: inset <= x <= size - inset and inset <= y <= height - inset


def _clip_segment(
    x0: float, y0: float, x1: float, y1: float, inside: Inside, steps: int = 48
) -> list[tuple[float, float, float, float]]:
    """The parts of a segment inside the shape, found by sampling (fine enough for print)."""
    runs: list[tuple[float, float, float, float]] = []
    start: tuple[float, float] | None = None
    last: tuple[float, float] = (x0, y0)
    for i in range(steps + 1):
        t = i / steps
        p = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
        if inside(*p):
            if start is None:
                start = p
            last = p
        elif start is not None:
            runs.append((start[0], start[1], last[0], last[1]))
            start = None
    if start is not None:
        runs.append((start[0], start[1], last[0], last[1]))
    return [r for r in runs if (r[0], r[1]) != (r[2], r[3])]


def pattern_svg(
    pattern: str,
    shape: CounterShape,
    size: float,
    ink: str,
    paper: str,
    height: float | None = None,
) -> Markup:
    """The pattern's strokes and dots inside a ``size`` counter (a square one may be a
    ``size`` × ``height`` rectangle), in ``ink`` softened towards the counter's colour ``paper``
    (mixed, not transparent: see :func:`mix`)."""
    if pattern not in PATTERNS:
        raise ValueError(f"unknown pattern {pattern!r} (allowed: {', '.join(PATTERNS)})")
    tall = size if height is None or shape is CounterShape.ROUND else height
    inside = _inside(shape, size, min(size, tall) * 0.04, tall)
    step = min(size, tall) / 7
    across, down = round(size / step), round(tall / step)
    lines: list[tuple[float, float, float, float]] = []
    dots: list[tuple[float, float]] = []
    squares: list[tuple[float, float]] = []
    if pattern == "stripes":
        lines = [(0, step * i, size, step * i) for i in range(1, down)]
    elif pattern == "diagonal":
        lines = [(step * i - tall, tall, step * i, 0) for i in range(1, across + down)]
    elif pattern == "cross":
        lines = [(step * i, 0, step * i, tall) for i in range(1, across)]
        lines += [(0, step * i, size, step * i) for i in range(1, down)]
    elif pattern == "dots":
        dots = [(step * (i + 0.5), step * (j + 0.5)) for i in range(across) for j in range(down)]
    elif pattern == "checks":
        squares = [
            (step * i, step * j) for i in range(across) for j in range(down) if (i + j) % 2 == 0
        ]
    parts: list[str] = []
    width = _f(min(size, tall) * 0.018)
    soft = escape(mix(ink, paper, 0.45))
    softer = escape(mix(ink, paper, 0.65))
    for x0, y0, x1, y1 in lines:
        for a, b, c, d in _clip_segment(x0, y0, x1, y1, inside):
            parts.append(
                f'<line x1="{_f(a)}" y1="{_f(b)}" x2="{_f(c)}" y2="{_f(d)}" '
                f'stroke="{soft}" stroke-width="{width}"/>'
            )
    for x, y in dots:
        if inside(x, y):
            parts.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(step * 0.16)}" fill="{soft}"/>')
    for x, y in squares:
        corners = ((x, y), (x + step, y), (x, y + step), (x + step, y + step))
        if all(inside(*p) for p in corners):
            parts.append(
                f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(step)}" height="{_f(step)}" '
                f'fill="{softer}"/>'
            )
    if pattern == "waves":
        for j in range(1, down):
            y = step * j
            pts = [(size * k / 40, y + step * 0.22 * math.sin(k * math.pi / 5)) for k in range(41)]
            run: list[tuple[float, float]] = []
            for p in [*pts, (-1.0, -1.0)]:
                if p[0] >= 0 and inside(*p):
                    run.append(p)
                    continue
                if len(run) > 1:
                    coords = " ".join(f"{_f(a)},{_f(b)}" for a, b in run)
                    parts.append(
                        f'<polyline points="{coords}" fill="none" stroke="{soft}" '
                        f'stroke-width="{width}"/>'
                    )
                run = []
    return Markup("".join(parts))


def _star(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.45) -> str:
    coords = []
    for i in range(points * 2):
        rr = r if i % 2 == 0 else r * inner
        a = math.pi * i / points - math.pi / 2
        coords.append(f"{_f(cx + rr * math.cos(a))},{_f(cy + rr * math.sin(a))}")
    return " ".join(coords)


def emblem_svg(emblem: str, cx: float, cy: float, r: float, ink: str, paper: str) -> Markup:
    """A simple emblem of radius ``r`` centred on (cx, cy), in ``ink`` on ``paper``."""
    i, p = escape(ink), escape(paper)
    sw = _f(r * 0.16)
    if emblem == "star":
        out = f'<polygon points="{_star(cx, cy, r)}" fill="{i}"/>'
    elif emblem == "cross":
        a = r * 0.3
        out = (
            f'<rect x="{_f(cx - a)}" y="{_f(cy - r)}" width="{_f(2 * a)}" height="{_f(2 * r)}" fill="{i}"/>'
            f'<rect x="{_f(cx - r)}" y="{_f(cy - a)}" width="{_f(2 * r)}" height="{_f(2 * a)}" fill="{i}"/>'
        )
    elif emblem == "wheel":
        spokes = "".join(
            f'<line x1="{_f(cx + r * 0.25 * math.cos(k * math.pi / 4))}" '
            f'y1="{_f(cy + r * 0.25 * math.sin(k * math.pi / 4))}" '
            f'x2="{_f(cx + r * math.cos(k * math.pi / 4))}" y2="{_f(cy + r * math.sin(k * math.pi / 4))}" '
            f'stroke="{i}" stroke-width="{sw}"/>'
            for k in range(8)
        )
        out = (
            f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r * 0.72)}" fill="none" stroke="{i}" '
            f'stroke-width="{sw}"/>{spokes}<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r * 0.22)}" fill="{i}"/>'
        )
    elif emblem == "crown":
        pts = [
            (-1, 0.6),
            (-1, -0.5),
            (-0.5, 0.0),
            (0, -0.8),
            (0.5, 0.0),
            (1, -0.5),
            (1, 0.6),
        ]
        coords = " ".join(f"{_f(cx + x * r)},{_f(cy + y * r)}" for x, y in pts)
        out = f'<polygon points="{coords}" fill="{i}"/>'
    elif emblem == "moon":
        out = (
            f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r * 0.9)}" fill="{i}"/>'
            f'<circle cx="{_f(cx + r * 0.42)}" cy="{_f(cy - r * 0.2)}" r="{_f(r * 0.75)}" fill="{p}"/>'
        )
    elif emblem == "skull":
        out = (
            f'<circle cx="{_f(cx)}" cy="{_f(cy - r * 0.15)}" r="{_f(r * 0.75)}" fill="{i}"/>'
            f'<rect x="{_f(cx - r * 0.42)}" y="{_f(cy + r * 0.3)}" width="{_f(r * 0.84)}" '
            f'height="{_f(r * 0.55)}" fill="{i}"/>'
            f'<circle cx="{_f(cx - r * 0.3)}" cy="{_f(cy - r * 0.15)}" r="{_f(r * 0.2)}" fill="{p}"/>'
            f'<circle cx="{_f(cx + r * 0.3)}" cy="{_f(cy - r * 0.15)}" r="{_f(r * 0.2)}" fill="{p}"/>'
            f'<rect x="{_f(cx - r * 0.05)}" y="{_f(cy + r * 0.45)}" width="{_f(r * 0.1)}" '
            f'height="{_f(r * 0.4)}" fill="{p}"/>'
        )
    elif emblem == "anchor":
        out = (
            f'<line x1="{_f(cx)}" y1="{_f(cy - r * 0.65)}" x2="{_f(cx)}" y2="{_f(cy + r * 0.85)}" '
            f'stroke="{i}" stroke-width="{sw}"/>'
            f'<circle cx="{_f(cx)}" cy="{_f(cy - r * 0.8)}" r="{_f(r * 0.18)}" fill="none" '
            f'stroke="{i}" stroke-width="{_f(r * 0.1)}"/>'
            f'<line x1="{_f(cx - r * 0.45)}" y1="{_f(cy - r * 0.35)}" x2="{_f(cx + r * 0.45)}" '
            f'y2="{_f(cy - r * 0.35)}" stroke="{i}" stroke-width="{sw}"/>'
            f'<path d="M {_f(cx - r * 0.8)} {_f(cy + r * 0.2)} Q {_f(cx - r * 0.7)} {_f(cy + r * 0.9)} '
            f"{_f(cx)} {_f(cy + r * 0.85)} Q {_f(cx + r * 0.7)} {_f(cy + r * 0.9)} "
            f'{_f(cx + r * 0.8)} {_f(cy + r * 0.2)}" fill="none" stroke="{i}" stroke-width="{sw}"/>'
        )
    elif emblem == "heart":
        out = (
            f'<path d="M {_f(cx)} {_f(cy + r * 0.85)} '
            f"C {_f(cx - r * 1.3)} {_f(cy - r * 0.1)} {_f(cx - r * 0.6)} {_f(cy - r * 1.0)} "
            f"{_f(cx)} {_f(cy - r * 0.4)} "
            f"C {_f(cx + r * 0.6)} {_f(cy - r * 1.0)} {_f(cx + r * 1.3)} {_f(cy - r * 0.1)} "
            f'{_f(cx)} {_f(cy + r * 0.85)} Z" fill="{i}"/>'
        )
    elif emblem == "cannon":
        # Seen from above, muzzle up: a tapered barrel on a carriage with four wheels.
        barrel = " ".join(
            f"{_f(cx + x * r)},{_f(cy + y * r)}"
            for x, y in ((-0.26, 0.35), (0.26, 0.35), (0.17, -0.95), (-0.17, -0.95))
        )
        wheels = "".join(
            f'<rect x="{_f(cx + x * r)}" y="{_f(cy + y * r)}" width="{_f(r * 0.2)}" '
            f'height="{_f(r * 0.34)}" rx="{_f(r * 0.05)}" fill="{i}"/>'
            for x, y in ((-0.72, 0.12), (0.52, 0.12), (-0.72, 0.56), (0.52, 0.56))
        )
        out = (
            f'<rect x="{_f(cx - r * 0.5)}" y="{_f(cy + r * 0.05)}" width="{_f(r)}" '
            f'height="{_f(r * 0.9)}" rx="{_f(r * 0.08)}" fill="none" stroke="{i}" '
            f'stroke-width="{_f(r * 0.1)}"/>{wheels}'
            f'<polygon points="{barrel}" fill="{i}"/>'
            f'<rect x="{_f(cx - r * 0.22)}" y="{_f(cy - r * 0.98)}" width="{_f(r * 0.44)}" '
            f'height="{_f(r * 0.14)}" fill="{i}"/>'
        )
    elif emblem == "musket":
        # A long barrel with a ramrod line, a lock, and a broad wooden stock.
        out = (
            f'<g transform="rotate(-40 {_f(cx)} {_f(cy)})">'
            f'<rect x="{_f(cx - r * 0.06)}" y="{_f(cy - r * 1.05)}" width="{_f(r * 0.12)}" '
            f'height="{_f(r * 1.2)}" fill="{i}"/>'
            f'<rect x="{_f(cx - r * 0.16)}" y="{_f(cy - r * 0.1)}" width="{_f(r * 0.2)}" '
            f'height="{_f(r * 0.22)}" fill="{i}"/>'
            f'<polygon points="{_f(cx - r * 0.1)},{_f(cy + r * 0.1)} {_f(cx + r * 0.1)},'
            f"{_f(cy + r * 0.1)} {_f(cx + r * 0.34)},{_f(cy + r * 0.95)} {_f(cx - r * 0.12)},"
            f'{_f(cy + r * 1.0)} {_f(cx - r * 0.14)},{_f(cy + r * 0.5)}" fill="{i}"/>'
            f'<path d="M {_f(cx + r * 0.08)} {_f(cy + r * 0.28)} q {_f(r * 0.2)} {_f(r * 0.05)} '
            f'{_f(r * 0.12)} {_f(r * 0.22)}" fill="none" stroke="{i}" stroke-width="{_f(r * 0.06)}"/>'
            f"</g>"
        )
    elif emblem == "cutlass":
        out = (
            f'<path d="M {_f(cx - r * 0.15)} {_f(cy + r * 0.35)} '
            f"Q {_f(cx - r * 0.2)} {_f(cy - r * 0.6)} {_f(cx + r * 0.55)} {_f(cy - r * 0.95)} "
            f'Q {_f(cx + r * 0.25)} {_f(cy - r * 0.3)} {_f(cx + r * 0.15)} {_f(cy + r * 0.35)} Z" '
            f'fill="{i}"/>'
            f'<rect x="{_f(cx - r * 0.45)}" y="{_f(cy + r * 0.35)}" width="{_f(r * 0.9)}" '
            f'height="{_f(r * 0.14)}" fill="{i}"/>'
            f'<rect x="{_f(cx - r * 0.09)}" y="{_f(cy + r * 0.49)}" width="{_f(r * 0.18)}" '
            f'height="{_f(r * 0.45)}" fill="{i}"/>'
        )
    elif emblem == "wave":
        rows = []
        for offset in (-0.45, 0.0, 0.45):
            wave = " ".join(
                f"{_f(cx - r + 2 * r * k / 16)},"
                f"{_f(cy + offset * r + 0.22 * r * math.sin(k / 16 * 3 * math.pi))}"
                for k in range(17)
            )
            rows.append(
                f'<polyline points="{wave}" fill="none" stroke="{i}" '
                f'stroke-width="{_f(max(0.8, r * 0.16))}"/>'
            )
        out = "".join(rows)
    else:
        raise ValueError(f"unknown emblem {emblem!r} (allowed: {', '.join(EMBLEMS)})")
    return Markup(out)


def emblem_item(
    emblem: str, cx: float, cy: float, r: float, ink: str, paper: str, *, turned: bool = False
) -> Svg:
    """The emblem as an item of a vector drawing (y down), centred on (cx, cy); ``turned``
    draws it upside down (for the side of a tent token that faces the other captains)."""
    markup = emblem_svg(emblem, r * 1.25, r * 1.25, r, ink, paper)
    return Svg(
        (cx - r * 1.25, cy - r * 1.25), r * 2.5, r * 2.5, str(markup), 180.0 if turned else 0.0
    )


def pattern_item(
    pattern: str, x: float, y: float, width: float, height: float, ink: str, paper: str
) -> Svg:
    """The pattern over a ``width`` × ``height`` box at (x, y) (y down) of a vector drawing."""
    markup = pattern_svg(pattern, CounterShape.SQUARE, width, ink, paper, height)
    return Svg((x, y), width, height, str(markup))
