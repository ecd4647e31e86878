"""The pieces every command line is made of, shared by ``pnpkit``'s commands and the ones it
builds from the games' declarations (:class:`pnpkit.games.game.Command`): the common options
(``--data``, ``--out``, ``--paper``, ``--units``), whole-number arguments. Writing a command's
result is :mod:`pnpkit.games.output`; the print settings an option asks for are resolved by
:mod:`pnpkit.app.settings`."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from pnpkit.app.settings import default_said
from pnpkit.errors import PnpkitError, UsageError
from pnpkit.games.output import real_path
from pnpkit.layout.paper import PAPERS
from pnpkit.layout.print_settings import UNITS

HERE = Path("data")
"""The data folder a command reads when ``--data`` is not given and there is one."""


def data_option(parser: argparse.ArgumentParser) -> None:
    """``--data DIR``; without it the command reads :func:`default_data` (None until then)."""
    parser.add_argument(
        "--data",
        type=Path,
        default=None,
        metavar="DIR",
        help="the game data folder (default: ./data if there is one, else the games bundled "
        f"with pnpkit; here that is {_default_shown()})",
    )


def default_data() -> Path:
    """The data folder a command reads without ``--data``: ``./data`` if it exists, else the
    games bundled with pnpkit."""
    if HERE.is_dir():
        return HERE
    from pnpkit.resources import bundled_games

    return bundled_games()


def _shown(folder: Path) -> str:
    return f"./{folder}" if folder == HERE else f"the bundled games in {folder}"


def _default_shown() -> str:
    try:
        return _shown(default_data())
    except PnpkitError as exc:
        return f"missing ({exc})"


def resolve_data(args: argparse.Namespace, *, note: bool = True) -> None:
    """Fill in ``args.data`` when the command takes ``--data`` and it was not given; with
    ``note``, say on stderr when that means the bundled games."""
    if getattr(args, "data", HERE) is not None:
        return
    args.data = default_data()
    if note and args.data != HERE:
        print(f"pnpkit: no ./data here; reading {_shown(args.data)}", file=sys.stderr)


def out_option(
    parser: argparse.ArgumentParser,
    *,
    default: Path | None = Path("output"),
    help: str = "where kits are written (default: ./output)",
) -> None:
    parser.add_argument(
        "--out",
        type=str if default is None else Path,
        default=default,
        metavar="DIR" if default is not None else "PATH",
        help=help,
    )


def refuse_out(out_dir: Path, data_dir: Path | None = None, games: Sequence[str] = ()) -> None:
    """A :class:`~pnpkit.errors.UsageError` when ``--out`` cannot hold kits: it (or a folder
    above it) is a file, or, given ``data_dir``, the output would land among the game data:
    ``out_dir`` is the data folder or inside a game's data folder, or the data folder is inside
    a kit folder of ``out_dir`` (``games``: the game folders of ``data_dir``)."""
    for place in (out_dir, *out_dir.parents):
        try:
            if place.exists() and not place.is_dir():
                which = "is a file" if place == out_dir else f"is inside the file {place}"
                raise UsageError(f"--out {out_dir} {which} (--out names the folder kits go in)")
        except OSError:
            continue
    if data_dir is None:
        return
    data, out = real_path(data_dir), real_path(out_dir)
    inside = out == data or any(out.is_relative_to(data / game) for game in games)
    if not inside and data.is_relative_to(out) and data != out:
        inside = data.relative_to(out).parts[0] in games  # inside the kit folder out/<game>
    if inside:
        raise UsageError(
            f"--out {out_dir} and --data {data_dir} overlap: kits would be written among the "
            "game data (choose an --out outside the data folder, e.g. ./output)"
        )


def paper_option(parser: argparse.ArgumentParser) -> None:
    """``--paper``; unset, the print settings find the user's default
    (:func:`pnpkit.app.settings.settings_from`)."""
    parser.add_argument(
        "--paper",
        choices=tuple(PAPERS),
        default=None,
        help=f"paper size (default: {default_said('paper')})",
    )


def units_option(parser: argparse.ArgumentParser, note: str = "") -> None:
    """``--units``, how measurements for the table are printed (``note``: what the command
    adds to its help)."""
    parser.add_argument(
        "--units",
        choices=UNITS,
        default=None,
        help=f"measure the table in inches or centimetres (default: {default_said('units')})"
        + note,
    )


def natural(text: str) -> int:
    """A whole number of 0 or more (an argparse type)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is negative (allowed: 0 or more)")
    return value
