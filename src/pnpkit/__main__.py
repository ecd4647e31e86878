"""``python -m pnpkit``: the same as the ``pnpkit`` command."""

import sys

from pnpkit.app.cli import main

sys.exit(main())
