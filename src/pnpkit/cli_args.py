"""The pieces every command line is made of, shared by ``pnpkit`` and the games' own commands:
the common options, whole-number arguments, and writing a result to stdout or a file."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from pnpkit.errors import PnpkitError, UsageError

PAPERS = ("letter", "a4")


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
    data, out = _real(data_dir), _real(out_dir)
    inside = out == data or any(out.is_relative_to(data / game) for game in games)
    if not inside and data.is_relative_to(out) and data != out:
        inside = data.relative_to(out).parts[0] in games  # inside the kit folder out/<game>
    if inside:
        raise UsageError(
            f"--out {out_dir} and --data {data_dir} overlap: kits would be written among the "
            "game data (choose an --out outside the data folder, e.g. ./output)"
        )


def _real(path: Path) -> Path:
    try:
        return path.resolve()
    except OSError:
        return path.absolute()


def paper_option(parser: argparse.ArgumentParser) -> None:
    """``--paper``; unset, :func:`chosen_paper` finds the user's default."""
    parser.add_argument(
        "--paper",
        choices=PAPERS,
        default=None,
        help="paper size (default: PNPKIT_PAPER, then paper in DATA/pnpkit.toml, then letter)",
    )


def chosen_paper(args: argparse.Namespace) -> str:
    """``--paper`` if given, else PNPKIT_PAPER, else ``paper`` in the data folder's
    pnpkit.toml, else letter (:mod:`pnpkit.settings`)."""
    if getattr(args, "paper", None):
        return str(args.paper)
    from pnpkit.settings import load_settings

    return load_settings(getattr(args, "data", Path("data"))).paper


def natural(text: str) -> int:
    """A whole number of 0 or more (an argparse type)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is negative (allowed: 0 or more)")
    return value


def make_parent(target: Path) -> None:
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot create {target.parent}: {exc.strerror}") from None


def save_text(target: Path, body: str) -> None:
    """Write ``body`` to ``target`` atomically (an interrupted write leaves the old file)."""
    from pnpkit.build.atomic import atomic_write

    make_parent(target)
    try:
        with atomic_write(target) as out:
            out.write(body.encode("utf-8"))
    except OSError as exc:
        raise UsageError(f"cannot write {target}: {exc.strerror}") from None


def write_stream(stream: TextIO, body: str) -> None:
    """``body`` to ``stream``; a closed pipe (``pnpkit map … | head``) ends quietly."""
    try:
        stream.write(body)
        stream.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())


SUFFIXES = {"text": "txt", "json": "json", "svg": "svg", "pdf": "pdf"}
"""The file extension of each format a command writes (text is written as ``.txt``)."""


def refuse_file_out(out: str | None, format_: str, data: Path, example: str) -> None:
    """A :class:`~pnpkit.errors.UsageError` for an ``--out`` a command's ``format_`` cannot be
    written to as asked (``map``, ``table-layout``): ``-`` (text and json go to stdout without
    ``--out``), a file name with another format's extension (``--out m.svg --format pdf``), or
    a place among the game data, as a build refuses (``example``: a good folder to suggest)."""
    if out is None:
        return
    if out == "-":
        if format_ in ("text", "json"):
            raise UsageError(f"--out -: {format_} goes to stdout without --out (leave it out)")
        raise UsageError(
            f"--out -: {format_} is written to a file (name a file or a folder, e.g. {example})"
        )
    name = Path(out)
    wanted = SUFFIXES[format_]
    given = name.suffix.lower().lstrip(".")
    folder = _names_a_folder(out)
    formats = {suffix: format_name for format_name, suffix in SUFFIXES.items()}
    if not folder and given in formats and given != wanted:
        raise UsageError(
            f"--out {out}: a .{given} name for --format {format_} "
            f"(allowed: {name.with_suffix('.' + wanted)}, or --format {formats[given]})"
        )
    from pnpkit.games import game_folders

    place = _real(name if folder else name.parent)
    games = [_real(data / game) for game in game_folders(data)]
    if place == _real(data) or any(place.is_relative_to(game) for game in games):
        raise UsageError(
            f"--out {out} is among the game data in {data}: it would be written with the files "
            f"it is made from (choose a place outside it, e.g. {example})"
        )


def file_target(out: str, format_: str, stem: str) -> Path:
    """Where a command writes: ``out`` itself, or ``<stem>.<ext>`` inside it when it names a
    folder (an existing one, or any path written with a trailing slash)."""
    if _names_a_folder(out):
        return Path(out) / f"{stem}.{SUFFIXES[format_]}"
    return Path(out)


def _names_a_folder(out: str) -> bool:
    try:
        return out.endswith(("/", os.sep)) or Path(out).is_dir()
    except OSError:  # a name too long to look up: the write says so
        return False


def write_text_or_file(body: str, out: str | None) -> None:
    """``body`` to stdout, or to the file ``out`` (then say so)."""
    if out is None:
        write_stream(sys.stdout, body)
        return
    target = Path(out)
    save_text(target, body)
    print(f"wrote {target}")
