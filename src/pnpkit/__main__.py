"""``python -m pnpkit``: the same as the ``pnpkit`` command."""

from pnpkit.app.start import run

run()
