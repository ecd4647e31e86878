"""One error hierarchy for pnpkit.

Policy: the library raises; only :mod:`pnpkit.app.cli` turns errors into messages and exit codes.

- :class:`DataError` — the user's data is wrong (exit 1). It carries every problem found,
  each with its file, line and column, never only the first (:class:`PartlyRead`: and what
  read well, for the later stages to look at).
- :class:`CheckFailed` — data loaded, but a rule check (chart, deck, PDF scale) failed (exit 1).
- :class:`UsageError` — the command line asks for something impossible (exit 2).
- :class:`BuildError` — a kit could not be written or did not verify (exit 1).
Warnings are never raised; checks return them as data.

Every message is printed through :func:`shown`, one escaping rule for the names it quotes from
the user's files (a file, a sheet, a key): a character a terminal would not show as itself
(control, direction override, zero-width, no-break space) is written as its escape.
"""

from __future__ import annotations

from dataclasses import dataclass


def shown(text: str) -> str:
    r"""``text`` as a message prints it: each character that does not print as itself (what
    :meth:`str.isprintable` refuses: Unicode's Other and Separator categories but the space,
    among them U+202E, the zero-width joiner and the no-break space) written as Python escapes
    it, ``\u202e``; line breaks kept (a message may hold several lines).

    >>> shown("cards.xlsx#Crew\u202egnp.exe")
    'cards.xlsx#Crew\\u202egnp.exe'
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c == "\n" else repr(c)[1:-1] for c in text)


@dataclass(frozen=True, slots=True)
class Location:
    """Where a problem is: a file and a 1-based line and column (0 when unknown)."""

    file: str
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        if self.line:
            return f"{shown(self.file)}:{self.line}:{self.column}"
        return shown(self.file)


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with the data, in the shape a designer can act on.

    ``data/my-game/roster.yaml:14:12: ships[6].rating: 9 is out of range (allowed: 1–7)``
    """

    where: Location
    field: str
    message: str
    allowed: str = ""

    def __str__(self) -> str:
        text = (
            f"{self.where}: {self.field}: {self.message}"
            if self.field
            else f"{self.where}: {self.message}"
        )
        if self.allowed:
            text += f" (allowed: {self.allowed})"
        return shown(text)


class PnpkitError(Exception):
    """Base of every error pnpkit raises on purpose."""

    exit_code = 1


class DataError(PnpkitError):
    """The data is wrong; ``problems`` lists every problem found."""

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    def __reduce__(self) -> tuple[type[DataError], tuple[tuple[Problem, ...]]]:
        """Pickled with its problems (a build in another process sends them back whole)."""
        return (DataError, (self.problems,))


class LaterProblems(DataError):
    """Problems of a face laid out while the document placing it was drawn
    (:class:`~pnpkit.render.faces.decks.LaidLater`), found as it was drawn: the build lays
    every face out again, to say all the problems as ``check`` says them."""

    def __reduce__(self) -> tuple[type[DataError], tuple[tuple[Problem, ...]]]:
        return (LaterProblems, (self.problems,))


class PartlyRead(DataError):
    """The data is wrong, and ``model`` holds what of it read well: the game with every part a
    problem touches left out, so that the faces of the rest are laid out in the same run
    (:func:`pnpkit.app.pipeline.read`). Nothing is ever printed from it; pickled, it is a
    plain :class:`DataError` (the model stays in its process)."""

    def __init__(self, problems: list[Problem] | tuple[Problem, ...], model: object) -> None:
        super().__init__(problems)
        self.model = model


class CheckFailed(PnpkitError):
    """A rule check failed; the message lists every violation."""


class BuildError(PnpkitError):
    """A document could not be built, or the built PDF did not verify."""


class KitsFailed(PnpkitError):
    """Some games of a build (or an export, ``done="exported"``) of several failed, the others
    done; ``failures`` holds each failed game's error, by game: each one's problems, then one
    line naming them."""

    def __init__(self, failures: dict[str, PnpkitError], built: int, done: str = "built") -> None:
        self.failures = dict(failures)
        self.built = built
        self.done = done
        lines = [line for error in failures.values() for line in _lines(error)]
        total = built + len(failures)
        names = ", ".join(failures)
        lines.append(f"{len(failures)} of {total} games failed ({names}); the other {built} {done}")
        super().__init__("\n".join(lines))
        self.exit_code = max(error.exit_code for error in failures.values())

    def __reduce__(self) -> tuple[type[KitsFailed], tuple[dict[str, PnpkitError], int, str]]:
        return (KitsFailed, (self.failures, self.built, self.done))


def _lines(error: PnpkitError) -> list[str]:
    if isinstance(error, DataError):
        return [str(p) for p in error.problems]
    return str(error).splitlines() or [type(error).__name__]


class UsageError(PnpkitError):
    """The command line asks for something that cannot be done."""

    exit_code = 2
