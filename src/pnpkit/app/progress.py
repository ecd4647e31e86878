"""What a long command shows while it works: a progress bar on a terminal, plain lines elsewhere.

:func:`progress` gives a :class:`Progress`: :meth:`Progress.line` prints one line as soon as a
file is written (above the bar on a terminal, flushed at once when the output is a pipe or a
file), :meth:`Progress.advance` moves the bar. On a terminal the bar is drawn by ``rich`` (what
the work is, how far, how long it has taken); when the output is not a terminal there is no bar,
only the lines, so logs and scripts read the same as before; ``quiet`` shows nothing at all.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    import rich.progress


class Progress:
    """One long piece of work's display (see :func:`progress`)."""

    def __init__(
        self,
        stream: TextIO | None,
        bar: rich.progress.Progress | None,
        task: rich.progress.TaskID | None,
    ) -> None:
        self.stream = stream
        self.bar = bar
        self.task = task
        self.done = 0

    def line(self, text: object) -> None:
        """Say ``text`` on a line of its own, now."""
        if self.bar is not None:
            self.bar.console.print(str(text), markup=False, highlight=False, soft_wrap=True)
        elif self.stream is not None:
            print(text, file=self.stream, flush=True)

    def advance(self, steps: int = 1, what: str = "") -> None:
        """``steps`` more done; ``what`` is the work under way (shown beside the bar)."""
        self.done += steps
        if self.bar is not None and self.task is not None:
            self.bar.update(self.task, advance=steps, what=what)

    def reach(self, done: int, what: str = "") -> None:
        """Exactly ``done`` steps done."""
        if done > self.done:
            self.advance(done - self.done, what)


@contextlib.contextmanager
def progress(
    title: str,
    total: int | None,
    *,
    quiet: bool = False,
    stream: TextIO | None = None,
    terminal: bool | None = None,
) -> Iterator[Progress]:
    """Show the progress of ``title`` (``total`` steps, or None when not known) on ``stream``
    (standard output by default): a bar when it is a terminal (or ``terminal`` says so), plain
    lines when not, nothing when ``quiet``."""
    if quiet:
        yield Progress(None, None, None)
        return
    out = stream if stream is not None else sys.stdout
    if not (out.isatty() if terminal is None else terminal):
        yield Progress(out, None, None)
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        SpinnerColumn,
        TextColumn,
        TimeElapsedColumn,
    )
    from rich.progress import Progress as Bar

    console = Console(file=out, force_terminal=True if terminal else None)
    columns = (
        SpinnerColumn(),
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("{task.fields[what]}"),
    )
    with Bar(*columns, console=console, transient=False) as bar:
        task = bar.add_task(title, total=total, what="")
        shown = Progress(out, bar, task)
        yield shown
        if total is not None:
            bar.update(task, completed=total, what="")
