"""What a kit is printed with: one value, :class:`PrintSettings`, which is all a kit sees of
the command line, the environment and ``pnpkit.toml``.

It holds the imposer's :class:`~pnpkit.layout.duplex.Imposition` (paper, duplex mode, bleed,
back offset), the units that measurements for the table are printed in, and the folders face
templates are looked up in. It is made in one place, :func:`pnpkit.app.settings.print_settings`
(command line > environment > ``pnpkit.toml`` > the defaults here); the defaults are those of
``PrintSettings()`` (:data:`DEFAULTS`) and are written nowhere else:

>>> settings = PrintSettings()
>>> settings.paper.name, settings.imposition.duplex.value, settings.table_units
('letter', 'long', 'in')
>>> PrintSettings(Imposition(A4)).table_units
'cm'
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from pnpkit.layout.duplex import Imposition
from pnpkit.layout.paper import A4, Paper

UNITS = ("in", "cm")
"""The units measurements for the table may be printed in (``units``, ``--units``)."""


def paper_units(paper: Paper) -> str:
    """The units a kit measures in when none are asked: centimetres on A4, inches otherwise."""
    return "cm" if paper.name == A4.name else "in"


@dataclass(frozen=True, slots=True)
class PrintSettings:
    """The settings a kit is printed with. Every field's default is the built-in default."""

    imposition: Imposition = field(default_factory=Imposition)
    """Paper, duplex mode, bleed and back offset: what the card and counter imposer needs."""
    units: str | None = None
    """``in`` or ``cm`` for measurements printed for the table; None: the paper's own
    (:func:`paper_units`)."""
    templates: tuple[Path, ...] = ()
    """Folders searched for face templates before the built-in ones: the designer's game
    folder's ``templates/``, then the game's own (set by the build for each game, see
    :meth:`pnpkit.games.game.Game.settings_for`)."""

    @property
    def paper(self) -> Paper:
        """The paper every document is laid out on; physical sizes do not change with it."""
        return self.imposition.paper

    @property
    def table_units(self) -> str:
        """The units asked for, or the paper's own: cm on A4, inches on Letter."""
        return self.units if self.units is not None else paper_units(self.paper)

    def on(self, paper: Paper) -> PrintSettings:
        """These settings on another paper."""
        return replace(self, imposition=replace(self.imposition, paper=paper))


DEFAULTS = PrintSettings()
"""The built-in default of every print setting."""


__all__ = ["DEFAULTS", "UNITS", "Imposition", "PrintSettings", "paper_units"]
