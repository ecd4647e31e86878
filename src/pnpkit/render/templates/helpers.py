"""The helpers a template calls, held to what they take: a helper called with arguments it does
not take, or values it cannot use, is a :class:`HelperMisuse` naming it and saying what it
takes (:data:`HELPER_USAGE`), which :func:`~pnpkit.render.templates.error_location.template_failure`
reports at the template's line."""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable
from typing import Any, TypeVar

from pnpkit.render.svg.rules import UnknownFont

T = TypeVar("T")


def fmt(value: float) -> str:
    """A number as SVG writes it: at most two decimals, no trailing zeros (``fmt(number)``)."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


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


class HelperMisuse(Exception):
    """A template called a helper with arguments it does not take (or cannot use)."""

    def __init__(self, name: str, message: str, usage: str | None = None) -> None:
        super().__init__(f"{name}(): {message}")
        self.usage = HELPER_USAGE.get(name, "") if usage is None else usage


def number_said(value: float) -> str:
    """``value`` as a message says it, short whatever its size (``1e+308``, ``nan``)."""
    return fmt(value) if math.isfinite(value) and abs(value) < 1e6 else f"{value:g}"


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
