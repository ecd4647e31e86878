"""How to build a kit: paper, duplex back offset, who hears progress, which documents.

Builders take one :class:`BuildOptions` instead of a growing list of positional arguments::

    build_kits(["high-seas"], "data", "output", BuildOptions(paper=A4,
               offset=BackOffset.from_mm(1.0, -0.5), report=print))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path

from pnpkit.errors import CheckFailed, UsageError
from pnpkit.layout import progress
from pnpkit.layout.cards import MAX_OFFSET_MM, NO_OFFSET, BackOffset, Written
from pnpkit.layout.paper import LETTER, Paper, by_name
from pnpkit.verify.check import require_verified


@dataclass(frozen=True, slots=True)
class BuildOptions:
    """Everything a builder may be asked besides the game's folders."""

    paper: Paper = LETTER
    """The paper every document is laid out on; physical sizes do not change with it."""
    offset: BackOffset = NO_OFFSET
    """How far duplex back pages move, as read from the duplex calibration page."""
    report: Callable[[Path], None] | None = None
    """Called with each document's path once it is written (progress)."""
    only: frozenset[str] | None = None
    """File names of the documents to write (None: all)."""
    known: dict[str, str] | None = field(default=None, compare=False)
    """Fingerprints of the documents on disk (``pnpkit watch``): a document whose inputs did
    not change is not written again. Updated as documents are written."""

    def listening(self) -> AbstractContextManager[progress.Listener]:
        """The build's progress context (see :mod:`pnpkit.layout.progress`)."""
        return progress.listening(self.report, only=self.only, known=self.known)


def as_options(value: BuildOptions | Paper | str | None) -> BuildOptions:
    """Options from options, a :class:`Paper`, a paper name or None (the defaults)."""
    if value is None:
        return BuildOptions()
    if isinstance(value, BuildOptions):
        return value
    if isinstance(value, Paper):
        return BuildOptions(paper=value)
    try:
        return BuildOptions(paper=by_name(value))
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def parse_back_offset(text: str) -> BackOffset:
    """``"X,Y"`` in millimetres (e.g. ``"1.5,-0.5"``) → a :class:`BackOffset`; a
    :class:`UsageError` naming the accepted form otherwise."""
    parts = [part.strip().removesuffix("mm").strip() for part in text.split(",")]
    if len(parts) != 2:
        raise UsageError(
            f"back offset {text!r} is not two numbers (allowed: X,Y in mm, e.g. 1.5,-0.5)"
        )
    try:
        x, y = (float(part) for part in parts)
    except ValueError:
        raise UsageError(
            f"back offset {text!r} is not two numbers (allowed: X,Y in mm, e.g. 1.5,-0.5)"
        ) from None
    if any(value != value for value in (x, y)):  # NaN
        raise UsageError(f"back offset {text!r} is not a number (allowed: X,Y in mm)")
    return BackOffset.from_mm(x, y)


def run_card_kit(
    build: Callable[..., list[Written]],
    data_dir: Path,
    out_dir: Path,
    options: BuildOptions | Paper | str | None,
) -> list[Path]:
    """Run a card kit's ``build(data_dir, out_dir, paper, offset, verify=False)`` under
    ``options``: progress is reported, unwanted documents skipped, the written ones verified.
    Returns the paths written."""
    chosen = as_options(options)
    with chosen.listening() as heard:
        build(data_dir, out_dir, chosen.paper, chosen.offset, verify=False)
    for path in heard.written:
        require_verified(path)
    return list(heard.written)


def card_kit(
    build: Callable[..., list[Written]],
) -> Callable[[Path, Path, BuildOptions | Paper | str | None], list[Path]]:
    """The registry entry of a card kit: its ``build`` run under the options
    (:func:`run_card_kit`), into the game's own output folder."""

    def builder(
        data_dir: Path, out_dir: Path, options: BuildOptions | Paper | str | None = None
    ) -> list[Path]:
        return run_card_kit(build, data_dir, out_dir, options)

    return builder


def refuse(violations: Sequence[object]) -> None:
    """Raise :class:`~pnpkit.errors.CheckFailed` listing every violation, if there is any:
    a kit is never printed from data that fails its game's checks."""
    if violations:
        raise CheckFailed("\n".join(str(v) for v in violations))


def verified(written: list[Written], *, verify: bool) -> list[Written]:
    """``written``, after reading every document back when ``verify`` asks for it."""
    if verify:
        for item in written:
            require_verified(item.path)
    return written


__all__ = [
    "MAX_OFFSET_MM",
    "BuildOptions",
    "as_options",
    "card_kit",
    "parse_back_offset",
    "refuse",
    "run_card_kit",
    "verified",
]
