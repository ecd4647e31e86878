"""Defaults a user sets once: paper, units, duplex mode, bleed and back offset.

Each value comes from the first of these that gives it: the command line; the environment
(``PNPKIT_PAPER``, ``PNPKIT_UNITS``); ``pnpkit.toml`` in the data folder; the built-in default.

``data/pnpkit.toml``::

    paper = "a4"                 # letter | a4 (default: letter)
    units = "cm"                 # in | cm: how table-layout measures (default: cm on A4, else in)
    duplex = "long"              # long | none | fold: how card and token backs print
    bleed = "2mm"                # card art carried past the trim: a length with its unit
    back_offset = [1.5, -0.5]    # mm right and up, as read from duplex-calibration.pdf

A key the file does not know, a value it does not allow or a file that is not TOML is a
problem at its ``file:line:column`` (exit 1); a bad environment value is a usage error (exit 2).
"""

from __future__ import annotations

import difflib
import os
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnpkit.errors import DataError, Location, Problem, UsageError
from pnpkit.layout.duplex import DUPLEX_CHOICES, MAX_BLEED
from pnpkit.layout.offset import MAX_OFFSET_MM
from pnpkit.layout.paper import PAPERS
from pnpkit.units import to_points

FILENAME = "pnpkit.toml"
UNITS = ("in", "cm")
KEYS = ("paper", "units", "duplex", "bleed", "back_offset")
ENVIRONMENT = {"paper": "PNPKIT_PAPER", "units": "PNPKIT_UNITS"}
MAX_BYTES = 64 * 1024


@dataclass(frozen=True, slots=True)
class Settings:
    """The defaults in force; ``units`` None follows the paper (cm on A4, inches on Letter)."""

    paper: str = "letter"
    units: str | None = None
    duplex: str = "long"
    bleed: float = 0.0
    """Points."""
    back_offset: tuple[float, float] = (0.0, 0.0)
    """Millimetres right and up."""

    def units_for(self, paper: str, asked: str | None = None) -> str:
        """The units to measure in: ``asked`` (the command line), else the set units, else cm
        on A4 and inches on Letter."""
        if asked is not None:
            return asked
        if self.units is not None:
            return self.units
        return "cm" if paper == "a4" else "in"


def load_settings(data_dir: Path | str) -> Settings:
    """The settings for ``data_dir``: its ``pnpkit.toml`` (if any) under the environment."""
    values = _from_file(Path(data_dir) / FILENAME)
    for key, variable in ENVIRONMENT.items():
        raw = os.environ.get(variable)
        if raw is None or not raw.strip():
            continue
        allowed = tuple(PAPERS) if key == "paper" else UNITS
        value = raw.strip().lower()
        if value not in allowed:
            raise UsageError(f"{variable}={raw!r} is not allowed (allowed: {', '.join(allowed)})")
        values[key] = value
    return Settings(**values)


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
        if key not in KEYS:
            near = difflib.get_close_matches(key, KEYS, n=1)
            hint = f"; did you mean {near[0]}?" if near else ""
            problems.append(Problem(where, key, f"unknown setting{hint}", ", ".join(KEYS)))
            continue
        try:
            values[key] = _value(key, value)
        except ValueError as exc:
            allowed = _ALLOWED[key]
            problems.append(Problem(where, key, f"{_shown(value)} {exc}", allowed))
    if problems:
        raise DataError(problems)
    return values


_ALLOWED = {
    "paper": ", ".join(PAPERS),
    "units": ", ".join(UNITS),
    "duplex": ", ".join(DUPLEX_CHOICES),
    "bleed": f'a length with its unit, 0mm to {MAX_BLEED / 72:g}in, e.g. "2mm"',
    "back_offset": f"[x, y] in mm, each from -{MAX_OFFSET_MM:g} to {MAX_OFFSET_MM:g}",
}


def _value(key: str, value: Any) -> Any:
    """The setting's value, checked; ValueError saying what is wrong otherwise."""
    if key in ("paper", "units", "duplex"):
        allowed = {"paper": tuple(PAPERS), "units": UNITS, "duplex": DUPLEX_CHOICES}[key]
        if not isinstance(value, str) or value.strip().lower() not in allowed:
            raise ValueError("is not allowed")
        return value.strip().lower()
    if key == "bleed":
        if not isinstance(value, str):
            raise ValueError("is not a length with its unit")
        try:
            points = to_points(value)
        except ValueError:
            raise ValueError("is not a length with its unit") from None
        if points > MAX_BLEED + 1e-6:
            raise ValueError("is too large")
        return points
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
    ):
        raise ValueError("is not two numbers")
    x, y = (float(v) for v in value)
    if any(v != v or abs(v) > MAX_OFFSET_MM for v in (x, y)):
        raise ValueError("is out of range")
    return (x, y)


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
