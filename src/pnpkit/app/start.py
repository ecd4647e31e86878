"""The ``pnpkit`` command's entry point: Ctrl-C while the command is still loading (nothing is
written yet) ends it quietly with 130, as Ctrl-C does later (:func:`pnpkit.app.cli.run`); a
KeyboardInterrupt raised by an import would end in a traceback."""

from __future__ import annotations

import os
import signal
from types import FrameType
from typing import NoReturn


def _interrupted_loading(signum: int, frame: FrameType | None) -> None:
    os._exit(130)


def run() -> NoReturn:
    """Load the command, Ctrl-C ending it quietly meanwhile, then run it. Ctrl-C is left as it
    is when it is not Python's usual KeyboardInterrupt (ignored, as in a background job, or
    someone else's handler) or this is not the main thread."""
    quiet = signal.getsignal(signal.SIGINT) is signal.default_int_handler
    if quiet:
        try:
            signal.signal(signal.SIGINT, _interrupted_loading)
        except ValueError:  # not the main thread: signals are not its own
            quiet = False
    from pnpkit.app import cli

    if quiet and signal.getsignal(signal.SIGINT) is _interrupted_loading:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    cli.run()
