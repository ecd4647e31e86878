"""The one way pnpkit does work in other processes: forked from this one, so they share what is
already imported and read, each ending with it.

- :func:`forked_pool` starts a pool of processes (:func:`fork_context`: where the system can
  fork), each watched by :func:`orphan_guard`;
- :func:`allowed` says how many processes the command under way may use (``--jobs``), for as
  long as its block runs, and :func:`forked_map` spreads one long piece of work (laying out a
  deck of a thousand faces) over that many, or runs it here when it may use one;
- :func:`forked_later` hands such work to forked workers and lets this process go on, taking
  each result when it first needs it (a build draws a deck's first pages while the rest of its
  faces are laid out), where the block of :func:`allowed` lets results come later.

What comes back is the same, in the same order, however many processes did it.
"""

from __future__ import annotations

import contextvars
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor
    from multiprocessing.context import BaseContext

T = TypeVar("T")


def fork_context() -> BaseContext | None:
    """Forked processes (which share the parent's imports and plans), where there are any."""
    import multiprocessing

    if "fork" not in multiprocessing.get_all_start_methods():
        return None
    return multiprocessing.get_context("fork")


def forked_pool(workers: int, fork: BaseContext) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes forked from this one (``fork``: :func:`fork_context`),
    each ending with it (:func:`orphan_guard`)."""
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(
        workers, mp_context=fork, initializer=orphan_guard, initargs=(os.getpid(),)
    )


ORPHAN_POLL = 0.1
"""Seconds between a worker's looks at whether the process that forked it is still there."""


def orphan_guard(parent: int) -> None:
    """Run in every worker pnpkit forks (``ProcessPoolExecutor(initializer=orphan_guard,
    initargs=(os.getpid(),))``): the worker ends at once when process ``parent`` is gone
    (killed, its terminal closed; already gone when the worker starts too), so no drawing
    outlives its build and nothing of it keeps the build's staging folder from being cleaned
    up."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(ORPHAN_POLL)
        os._exit(1)

    threading.Thread(target=watch, name="pnpkit-orphan-guard", daemon=True).start()


_ALLOWED: list[tuple[int, bool]] = [(1, False)]
"""How many processes the command under way may use, and whether results may come later
(:func:`allowed`), innermost last."""


@contextmanager
def allowed(processes: int, *, later: bool = False) -> Iterator[None]:
    """While the block runs, :func:`forked_map` may use up to ``processes`` processes (a
    build's ``--jobs``); one outside every such block. With ``later``, the work may be handed
    to :func:`forked_later` instead: the block's caller takes its results as it uses them,
    and settles what is left (:func:`settle_later`)."""
    _ALLOWED.append((max(1, processes), later))
    try:
        yield
    finally:
        _ALLOWED.pop()


def processes() -> int:
    """How many processes the command under way may use (:func:`allowed`)."""
    return _ALLOWED[-1][0]


def later_allowed() -> bool:
    """Whether the block under way lets results come later (:func:`allowed`)."""
    return _ALLOWED[-1][1] and processes() > 1


def parts(count: int, most: int, least: int) -> list[range]:
    """``range(count)`` cut in order into up to ``most`` parts of at least ``least`` items
    each, as even as they come (one part when ``count`` is short)."""
    number = max(1, min(most, count // max(1, least)))
    size, extra = divmod(count, number)
    out: list[range] = []
    start = 0
    for k in range(number):
        stop = start + size + (1 if k < extra else 0)
        out.append(range(start, stop))
        start = stop
    return out


_TASK: list[Callable[[int], Any]] = []
"""The work a forked worker of :func:`forked_map` does (set just before it forks)."""

_CARRIED: list[tuple[Callable[[], Any], Callable[[Any], None]]] = []
"""What every worker of :func:`forked_map` hands back beside what its task returns
(:func:`carry`)."""


def carry(take: Callable[[], Any], give: Callable[[Any], None]) -> None:
    """Have every worker of :func:`forked_map` hand back what ``take()`` gives once its task is
    done (it must pickle), and call ``give`` with it here: what the work did on the side, such as
    the files it read (:mod:`pnpkit.app.read_audit`), is then known here too, as if the work
    had been done here."""
    _CARRIED.append((take, give))


def forked_map(task: Callable[[int], T], count: int) -> list[T]:
    """``[task(0), …, task(count - 1)]``: in up to :func:`processes` processes at once, this
    one doing the first task while forked workers do the others (``task`` may be a closure: the
    workers are forked with it; what they return must pickle), or here, one after the other,
    when the command may use one process or the system cannot fork. An exception is raised
    here."""
    processes_used = min(processes(), count)
    fork = fork_context() if processes_used > 1 and not _TASK else None
    if fork is None:
        return [task(index) for index in range(count)]
    _TASK.append(task)
    try:
        with forked_pool(processes_used - 1, fork) as pool:
            elsewhere = pool.map(_run, range(1, count))
            first = task(0)
            done = list(elsewhere)
    finally:
        _TASK.clear()
    for _, carried in done:
        for (_, give), what in zip(_CARRIED, carried, strict=True):
            give(what)
    return [first, *(result for result, _ in done)]


def _run(index: int) -> tuple[Any, list[Any]]:
    """In a worker: task ``index``, and what each :func:`carry` takes after it."""
    result = _TASK[-1](index)
    return result, [take() for take, _ in _CARRIED]


class Later(Generic[T]):
    """The results of tasks that forked workers do while this process goes on
    (:func:`forked_later`): :meth:`get` takes one, waiting for it if it is not done, and hands
    over what its worker carried (:func:`carry`) in the context the tasks were started in, so a
    block recording reads then hears them now. Only the process that started them can take
    them: in a process forked from it since, :attr:`here` is False."""

    def __init__(self, pool: ProcessPoolExecutor, futures: list[Future[Any]]) -> None:
        self._pool = pool
        self._futures = futures
        self._context = contextvars.copy_context()
        self._taken: dict[int, T] = {}
        self._owner = os.getpid()

    def __len__(self) -> int:
        return len(self._futures)

    @property
    def here(self) -> bool:
        """Whether this process started the tasks (and so can take their results)."""
        return os.getpid() == self._owner

    def get(self, index: int) -> T:
        """The result of task ``index`` (its exception raised here)."""
        if index not in self._taken:
            result, carried = self._futures[index].result()
            for (_, give), what in zip(_CARRIED, carried, strict=True):
                self._context.run(give, what)
            self._taken[index] = result
        return self._taken[index]

    def settle(self) -> None:
        """Every result taken, the workers ended."""
        for index in range(len(self._futures)):
            self.get(index)
        self._close(cancel=False)

    def cancel(self) -> None:
        """The tasks not started dropped; the workers end once those under way are done."""
        self._close(cancel=True)

    def _close(self, *, cancel: bool) -> None:
        if self in _OPEN:
            _OPEN.remove(self)
        self._pool.shutdown(wait=not cancel, cancel_futures=cancel)


_OPEN: list[Later[Any]] = []
"""The :class:`Later` work this process started and has not settled or cancelled."""


def forked_later(task: Callable[[int], T], count: int) -> Later[T] | None:
    """``task(0)``, …, ``task(count - 1)`` started in forked workers (as many as
    :func:`processes` allows beside this one; ``task`` may be a closure, what it returns must
    pickle) while this process goes on, in order; None when the block under way does not let
    results come later (:func:`later_allowed`) or the system cannot fork: the caller then does
    the work itself. Each block that lets them come later settles or cancels them
    (:func:`settle_later`, :func:`cancel_later`)."""
    workers = min(processes() - 1, count)
    fork = fork_context() if later_allowed() and workers > 0 and not _TASK else None
    if fork is None:
        return None
    pool = forked_pool(workers, fork)
    _TASK.append(task)
    try:  # the workers are forked at the first submission, with the task
        futures = [pool.submit(_run, index) for index in range(count)]
    finally:
        _TASK.pop()
    later: Later[T] = Later(pool, futures)
    _OPEN.append(later)
    return later


def settle_later() -> None:
    """Every :class:`Later` work still open taken whole (what it carried handed over)."""
    for later in list(_OPEN):
        if later.here:
            later.settle()


def cancel_later() -> bool:
    """Every :class:`Later` work still open dropped; whether there was any."""
    found = [later for later in _OPEN if later.here]
    for later in found:
        later.cancel()
    return bool(found)
