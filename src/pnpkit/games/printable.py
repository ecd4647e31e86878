"""A game's data is read whole and printable, or refused: :func:`read_game`.

Every command reads a game through :meth:`pnpkit.games.game.Game.read`, which runs the game's
own loader inside :func:`pnpkit.load.yamlnode.data_folder` and then checks what no loader can:

- every data file lies inside the data folder (a link out of it is refused unread);
- every character of every text value and key of every file read has a glyph in every face of
  the embedded font (:func:`pnpkit.render.fonts.missing_glyphs`): Source Sans Pro draws Latin
  (and, upright only, Greek and Cyrillic), not Hebrew, Arabic, CJK or emoji, and a character
  without a glyph would print as an empty box. The problem is at the value's ``file:line:col``
  and names the character: ``U+05D0 HEBREW LETTER ALEF``.

- every file of the game's ``assets/fonts/`` can be a face (:func:`pnpkit.render.fonts.font_problems`:
  its name gives a family, ReportLab can embed it), each problem at the file.

The loader has already refused what cannot be printed at all (control, zero-width and direction
characters, lone surrogates: :mod:`pnpkit.load.characters`). Everything is reported at once:
the loader's problems in its order, then the font's, file by file in the order read. What the
loader read well (:class:`~pnpkit.errors.PartlyRead`) is passed on when the font finds nothing,
for its faces to be laid out in the same run.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TypeVar

from pnpkit.errors import DataError, Location, PartlyRead, Problem
from pnpkit.load.nodes import Node, iter_strings
from pnpkit.load.yamlnode import data_folder
from pnpkit.render import fonts

M = TypeVar("M")

FONT = "Source Sans Pro"
ALLOWED = (
    f"characters the embedded font {FONT} draws in every face: Latin letters and accents, "
    "digits, punctuation and common symbols"
)


def glyph_problems(trees: Mapping[str, Node]) -> list[Problem]:
    """One problem per text value or key (of the files ``trees``) that holds a character some
    face of the embedded font cannot draw."""
    problems: list[Problem] = []
    for tree in trees.values():
        for field, scalar in iter_strings(tree):
            found = fonts.glyph_problem(str(scalar.value), fonts.FACES, FONT)
            if found is not None:
                problems.append(Problem(scalar.where, field, found, ALLOWED))
    return problems


def read_game(load: Callable[[Path], M], game_dir: Path) -> M:
    """``load(game_dir)``, with links bounded by the data folder (``game_dir``'s parent) and
    every string of every file it read checked against the font; one
    :class:`~pnpkit.errors.DataError` lists the loader's problems and the font's."""
    problems: list[Problem] = []
    loaded: list[M] = []
    partial: object = None
    with data_folder(game_dir.parent) as reading:
        try:
            loaded.append(load(game_dir))
        except DataError as exc:
            problems.extend(exc.problems)
            partial = exc.model if isinstance(exc, PartlyRead) else None
    said = len(problems)
    problems.extend(glyph_problems(reading.files()))  # after the loader's, in its order
    problems.extend(
        Problem(Location(str(path)), "", message, allowed)
        for path, message, allowed in fonts.font_problems(game_dir)
    )
    if len(problems) > said:  # a face would meet the character or the font again
        partial = None
    if problems:
        found = list(dict.fromkeys(problems))
        raise DataError(found) if partial is None else PartlyRead(found, partial)
    return loaded[0]
