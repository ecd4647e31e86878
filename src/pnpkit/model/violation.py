"""What every game's checks return: one broken rule, as data (python-chess's ``status()``).

One type for every check of every game: a chart's (the cells it is about, the chart's field
to point at), a card game's (the place in the data that says it), a table layout's. Checks
return every violation; only the edges raise. ``pnpkit check`` prints each as ``str`` gives it:

``data/my-game/crew.yaml:12:5: crew-cycle: Gunner beats itself``
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from pnpkit.errors import Problem
from pnpkit.model.cells import Cell


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule: which check (or the data's field) it is, the cells it is about (a
    chart's, in reading order), what is wrong, the chart's field it is about when it is one
    (``("screened",)``: where the chart writes it is where the designer must look), and where
    the data says it (``file:line:col``; empty when the check cannot know: see :func:`located`)."""

    check: str
    cells: tuple[Cell, ...] = ()
    message: str = ""
    field: tuple[str, ...] = ()
    source: str = ""

    def __str__(self) -> str:
        parts = (self.source, self.check, self.message)
        return ": ".join(part for part in parts if part)

    @classmethod
    def of(cls, problem: Problem) -> Violation:
        """A problem of the data (:class:`~pnpkit.errors.Problem`) as a violation that prints
        the same line."""
        allowed = f" (allowed: {problem.allowed})" if problem.allowed else ""
        return cls(problem.field, message=problem.message + allowed, source=str(problem.where))


def located(violations: Iterable[Violation], source: str) -> list[Violation]:
    """``violations``, each that names no place of its own placed at ``source`` (the game's
    data)."""
    return [v if v.source else replace(v, source=source) for v in violations]
