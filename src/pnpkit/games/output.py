"""Writing the result of a game's own command (``pnpkit map``, ``pnpkit table-layout``): to
stdout, or to the file or folder its ``--out`` names, never among the game data."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TextIO

from pnpkit.errors import UsageError


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

    place = real_path(name if folder else name.parent)
    games = [real_path(data / game) for game in game_folders(data)]
    if place == real_path(data) or any(place.is_relative_to(game) for game in games):
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


def real_path(path: Path) -> Path:
    """``path`` with every link followed (as written, made absolute, when it cannot be)."""
    try:
        return path.resolve()
    except OSError:
        return path.absolute()
