"""``python -m pnpkit``: the same as the ``pnpkit`` command."""

from pnpkit.app.cli import run

run()
