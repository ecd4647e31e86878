"""Print settings, resolved once: the one place where the command line, the environment and
``pnpkit.toml`` become the :class:`~pnpkit.layout.print_settings.PrintSettings` a kit is
printed with.

Each setting comes from the first of these that gives it: the command line (``--paper``,
``--units``, ``--duplex``, ``--bleed``, ``--back-offset``); the environment (``PNPKIT_PAPER``,
``PNPKIT_UNITS``, ``PNPKIT_DUPLEX``, ``PNPKIT_BLEED``, ``PNPKIT_BACK_OFFSET``); ``pnpkit.toml``
in the data folder; the default (:data:`~pnpkit.layout.print_settings.DEFAULTS`). Every setting is listed once, in
:data:`SETTINGS`, with how it is read and what it allows.

``data/pnpkit.toml``::

    paper = "a4"                 # letter | a4 (default: letter)
    units = "cm"                 # in | cm: how table-layout measures (default: cm on A4, else in)
    duplex = "long"              # long | none | fold: how card and token backs print
    bleed = "2mm"                # card art carried past the trim: a length with its unit
    back_offset = [1.5, -0.5]    # mm right and up, as read from duplex-calibration.pdf

A key the file does not know, a value it does not allow or a file that is not TOML is a
problem at its ``file:line:column`` (exit 1); a bad environment value or option is a usage
error (exit 2).
"""

from __future__ import annotations

import argparse
import difflib
import os
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pnpkit.errors import DataError, Location, Problem, UsageError
from pnpkit.layout.duplex import DUPLEX_CHOICES, MAX_BLEED, Duplex
from pnpkit.layout.offset import MAX_OFFSET_MM, BackOffset
from pnpkit.layout.paper import PAPERS
from pnpkit.layout.print_settings import DEFAULTS, UNITS, PrintSettings
from pnpkit.units import INCH, MM, to_points

FILENAME = "pnpkit.toml"
MAX_BYTES = 64 * 1024


@dataclass(frozen=True, slots=True)
class Setting:
    """One print setting: its name, how its text is read and what it allows."""

    key: str
    """Its key in ``pnpkit.toml`` and its name on the command line (``back_offset``:
    ``--back-offset``) and in the environment (``PNPKIT_BACK_OFFSET``)."""
    field: str
    """The field of :class:`PrintSettings` (or of its imposition) it sets."""
    reads: Callable[[str], Any]
    """Its value from a text (an option, a variable, a TOML string); ValueError saying what is
    wrong with it otherwise (``is not allowed``)."""
    allowed: str
    """What its text may be."""
    in_file: Callable[[Any], Any] | None = None
    """Its value from what ``pnpkit.toml`` holds, when that is not a string read by :attr:`reads`."""
    allowed_in_file: str = ""
    """What ``pnpkit.toml`` may hold, when it is not :attr:`allowed`."""
    not_text: str = "is not allowed"
    """What is wrong with a TOML value that is not a string."""
    option_note: str = ""
    """What a bad value on the command line is told besides :attr:`allowed`."""

    @property
    def option(self) -> str:
        return "--" + self.key.replace("_", "-")

    @property
    def variable(self) -> str:
        return "PNPKIT_" + self.key.upper()

    def from_file(self, value: Any) -> Any:
        if self.in_file is not None:
            return self.in_file(value)
        if not isinstance(value, str):
            raise ValueError(self.not_text)
        return self.reads(value)


def _one_of(allowed: Mapping[str, Any] | tuple[str, ...]) -> Callable[[str], Any]:
    def reads(text: str) -> Any:
        name = text.strip().lower()
        if name not in allowed:
            raise ValueError("is not allowed")
        return allowed[name] if isinstance(allowed, Mapping) else name

    return reads


def _bleed(text: str) -> float:
    try:
        points = to_points(text)
    except ValueError:
        raise ValueError("is not a length with its unit") from None
    if points > MAX_BLEED + 1e-6:
        raise ValueError("is too large")
    return points


def _back_offset(text: str) -> BackOffset:
    parts = [part.strip().removesuffix("mm").strip() for part in text.split(",")]
    try:
        numbers = [float(part) for part in parts]
    except ValueError:
        raise ValueError("is not two numbers") from None
    return _offset(numbers)


def _offset_in_file(value: Any) -> BackOffset:
    if not isinstance(value, list) or not all(
        isinstance(v, int | float) and not isinstance(v, bool) for v in value
    ):
        raise ValueError("is not two numbers")
    return _offset([float(v) for v in value])


def _offset(numbers: list[float]) -> BackOffset:
    if len(numbers) != 2 or any(v != v for v in numbers):  # two, and no NaN
        raise ValueError("is not two numbers")
    if any(abs(v) > MAX_OFFSET_MM for v in numbers):
        raise ValueError("is out of range")
    return BackOffset.from_mm(*numbers)


_MOST_BLEED = f"0mm to {MAX_BLEED / INCH:g}in"
_MOST_OFFSET = f"each from -{MAX_OFFSET_MM:g} to {MAX_OFFSET_MM:g}"

SETTINGS: tuple[Setting, ...] = (
    Setting("paper", "paper", _one_of(PAPERS), ", ".join(PAPERS)),
    Setting("units", "units", _one_of(UNITS), ", ".join(UNITS)),
    Setting(
        "duplex",
        "duplex",
        _one_of({mode.value: mode for mode in Duplex}),
        ", ".join(DUPLEX_CHOICES),
    ),
    Setting(
        "bleed",
        "bleed",
        _bleed,
        f"a length with its unit, {_MOST_BLEED}, e.g. 2mm",
        allowed_in_file=f'a length with its unit, {_MOST_BLEED}, e.g. "2mm"',
        not_text="is not a length with its unit",
        option_note="; a bare --bleed goes after the game names",
    ),
    Setting(
        "back_offset",
        "offset",
        _back_offset,
        f"X,Y in mm, {_MOST_OFFSET}, e.g. 1.5,-0.5",
        in_file=_offset_in_file,
        allowed_in_file=f"[x, y] in mm, {_MOST_OFFSET}",
    ),
)
"""Every print setting, once: what each reads and allows, from any of its sources."""
KEYS = tuple(setting.key for setting in SETTINGS)
_BY_KEY = {setting.key: setting for setting in SETTINGS}


def print_settings(
    data_dir: Path | str, asked: Mapping[str, str | None] | None = None
) -> PrintSettings:
    """The print settings for the data folder ``data_dir``: each setting as ``asked`` (the
    command line's text, by key; None or left out: not given), else from the environment,
    else from ``data_dir/pnpkit.toml``, else the default."""
    chosen = _from_file(Path(data_dir) / FILENAME)
    chosen.update(_from_environment())
    for key, text in (asked or {}).items():
        if text is not None:
            setting = _BY_KEY[key]
            chosen[key] = _read(setting, text, setting.option + " ", setting.option_note)
    sheet = {_BY_KEY[key].field: value for key, value in chosen.items() if key != "units"}
    return replace(
        DEFAULTS,
        imposition=replace(DEFAULTS.imposition, **sheet),
        units=chosen.get("units", DEFAULTS.units),
    )


def settings_from(args: argparse.Namespace) -> PrintSettings:
    """The print settings a parsed command line asks for: its options (those the command has)
    over the environment over its data folder's ``pnpkit.toml``."""
    return print_settings(args.data, {key: getattr(args, key, None) for key in KEYS})


def _read(setting: Setting, text: str, said: str, note: str = "") -> Any:
    """``setting`` from ``text``, given as ``said`` (``--paper ``, ``PNPKIT_PAPER=``)."""
    try:
        return setting.reads(text)
    except ValueError as why:
        raise UsageError(f"{said}{text!r} {why} (allowed: {setting.allowed}{note})") from None


def _from_environment() -> dict[str, Any]:
    found: dict[str, Any] = {}
    for setting in SETTINGS:
        text = os.environ.get(setting.variable)
        if text is not None and text.strip():
            found[setting.key] = _read(setting, text, setting.variable + "=")
    return found


def default_said(key: str) -> str:
    """Where ``key`` comes from when the command line does not give it, for ``--help``."""
    setting = _BY_KEY[key]
    return f"{setting.variable}, then {key} in DATA/{FILENAME}, then {_DEFAULTS[key]}"


_DEFAULTS = {
    "paper": DEFAULTS.paper.name,
    "units": "cm when the paper is A4 and inches otherwise",
    "duplex": DEFAULTS.imposition.duplex.value,
    "bleed": f"{DEFAULTS.imposition.bleed / MM:g}mm",
    "back_offset": "{:g},{:g}".format(*DEFAULTS.imposition.offset.mm),
}


def _from_file(path: Path) -> dict[str, Any]:
    try:
        if not path.is_file():
            return {}
        raw = path.read_bytes()
    except OSError as exc:
        raise DataError(
            [Problem(Location(str(path)), "", f"cannot read: {exc.strerror}")]
        ) from None
    if len(raw) > MAX_BYTES:
        raise DataError(
            [
                Problem(
                    Location(str(path)), "", f"{len(raw)} bytes is too large", f"up to {MAX_BYTES}"
                )
            ]
        )
    try:
        text = raw.decode("utf-8")
        data = tomllib.loads(text)
    except UnicodeDecodeError:
        raise DataError([Problem(Location(str(path)), "", "is not UTF-8 text")]) from None
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        where = Location(str(path), int(found[1]), int(found[2])) if found else Location(str(path))
        message = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", str(exc))
        raise DataError([Problem(where, "", f"not TOML: {message}")]) from None
    problems: list[Problem] = []
    values: dict[str, Any] = {}
    for key, value in data.items():
        where = _where(path, text, key)
        setting = _BY_KEY.get(key)
        if setting is None:
            near = difflib.get_close_matches(key, KEYS, n=1)
            hint = f"; did you mean {near[0]}?" if near else ""
            problems.append(Problem(where, key, f"unknown setting{hint}", ", ".join(KEYS)))
            continue
        try:
            values[key] = setting.from_file(value)
        except ValueError as why:
            allowed = setting.allowed_in_file or setting.allowed
            problems.append(Problem(where, key, f"{_shown(value)} {why}", allowed))
    if problems:
        raise DataError(problems)
    return values


def _where(path: Path, text: str, key: str) -> Location:
    """The line and column of ``key``'s value (``key = value``), or of ``key`` where it opens
    a table (``[key]``, ``[[key]]``) or a dotted key (``key.x = …``)."""
    name = rf"[\"']?{re.escape(key)}[\"']?"
    value = re.compile(rf"^\s*{name}\s*=\s*")
    table = re.compile(rf"^\s*(?:\[\[?\s*)?({name})\s*[.\]]")
    for number, line in enumerate(text.splitlines(), start=1):
        found = value.match(line)
        if found:
            return Location(str(path), number, found.end() + 1)
        found = table.match(line)
        if found:
            return Location(str(path), number, found.start(1) + 1)
    return Location(str(path))


def _shown(value: Any) -> str:
    """A setting's value as the designer wrote it: a TOML table is "a table", not ``{…}``."""
    return "a table" if isinstance(value, dict) else repr(value)
