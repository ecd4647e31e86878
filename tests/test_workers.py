"""Work spread over forked processes comes back as if done here: in order, the same values,
an exception raised here; no process is forked when the command may use one, nor from inside
a worker."""

from __future__ import annotations

import contextvars
import os

import pytest

from pnpkit import workers

pytestmark = pytest.mark.skipif(workers.fork_context() is None, reason="no fork here")


def test_one_process_outside_every_build_and_nothing_forked() -> None:
    assert workers.processes() == 1
    assert workers.forked_map(lambda k: os.getpid(), 3) == [os.getpid()] * 3


def test_allowed_processes_nest_and_come_back() -> None:
    with workers.allowed(4):
        assert workers.processes() == 4 and not workers.later_allowed()
        with workers.allowed(0, later=True):
            assert workers.processes() == 1 and not workers.later_allowed()  # one process
        with workers.allowed(3, later=True):
            assert workers.processes() == 3 and workers.later_allowed()
        assert workers.processes() == 4 and not workers.later_allowed()
    assert workers.processes() == 1


def test_work_is_done_here_and_elsewhere_in_order() -> None:
    values = [f"part {k}" for k in range(7)]
    with workers.allowed(2):
        got = workers.forked_map(lambda k: (values[k], os.getpid()), len(values))
    assert [value for value, _ in got] == values
    assert got[0][1] == os.getpid()  # the first part here, the others in one worker
    assert len({pid for _, pid in got[1:]}) == 1 and got[1][1] != os.getpid()


@pytest.mark.parametrize("bad", [0, 2])
def test_an_exception_here_or_in_a_worker_is_raised_here(bad: int) -> None:
    def fails(k: int) -> int:
        if k == bad:
            raise ValueError(f"part {bad} is bad")
        return k

    with workers.allowed(2), pytest.raises(ValueError, match=f"part {bad} is bad"):
        workers.forked_map(fails, 4)


def test_a_worker_does_its_own_work_itself() -> None:
    def inner(k: int) -> list[int]:
        return [pid for pid in workers.forked_map(lambda _: os.getpid(), 2)]

    with workers.allowed(2):
        got = workers.forked_map(inner, 2)
    assert all(len(set(pids)) == 1 for pids in got)  # each worker did both parts itself


def test_parts_are_even_in_order_and_never_short() -> None:
    assert workers.parts(10, 4, 16) == [range(10)]
    assert workers.parts(0, 4, 16) == [range(0)]
    assert workers.parts(50, 4, 16) == [range(0, 17), range(17, 34), range(34, 50)]
    for count in (32, 100, 1001):
        cut = workers.parts(count, 3, 10)
        assert [i for part in cut for i in part] == list(range(count))
        assert len(cut) <= 3 and all(len(part) >= 10 for part in cut)
        assert max(map(len, cut)) - min(map(len, cut)) <= 1


def test_work_for_later_is_handed_out_only_where_results_may_come_later() -> None:
    assert workers.forked_later(lambda k: k, 3) is None  # one process
    with workers.allowed(2):
        assert workers.forked_later(lambda k: k, 3) is None  # results wanted now
    with workers.allowed(1, later=True):
        assert workers.forked_later(lambda k: k, 3) is None  # no other process


def test_work_for_later_comes_back_in_order_from_elsewhere() -> None:
    values = [f"chunk {k}" for k in range(5)]
    with workers.allowed(2, later=True):
        later = workers.forked_later(lambda k: (values[k], os.getpid()), len(values))
    assert later is not None and len(later) == len(values) and later.here
    assert [later] == workers._OPEN
    got = [later.get(k) for k in (3, 0, 4, 1, 2)]  # taken in any order
    assert [value for value, _ in got] == [values[k] for k in (3, 0, 4, 1, 2)]
    assert all(pid != os.getpid() for _, pid in got)
    workers.settle_later()
    assert workers._OPEN == [] and later.get(2) == got[4]  # kept once taken


def test_what_a_worker_carries_is_given_where_the_work_started(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    where: contextvars.ContextVar[list[int] | None] = contextvars.ContextVar("where", default=None)
    started: list[int] = []

    def given(pid: int) -> None:
        heard = where.get()
        assert heard is not None, "given outside the context the work started in"
        heard.append(pid)

    monkeypatch.setattr(workers, "_CARRIED", [(os.getpid, given)])
    token = where.set(started)
    with workers.allowed(2, later=True):
        later = workers.forked_later(lambda k: k, 2)
    where.reset(token)  # taken outside the block the work started in
    assert later is not None and [later.get(0), later.get(1)] == [0, 1]
    later.settle()
    assert len(started) == 2 and os.getpid() not in started
    assert where.get() is None


def test_work_for_later_cannot_be_taken_in_a_process_forked_since() -> None:
    fork = workers.fork_context()
    assert fork is not None
    with workers.allowed(2, later=True):
        later = workers.forked_later(lambda k: k, 2)
    assert later is not None
    answers = fork.SimpleQueue()
    child = fork.Process(target=lambda: answers.put(later.here))
    child.start()
    child.join()
    assert answers.get() is False and later.here
    assert workers.cancel_later() is True
    assert workers.cancel_later() is False and workers._OPEN == []


def test_an_exception_in_work_for_later_is_raised_when_it_is_taken() -> None:
    def fails(k: int) -> int:
        if k == 1:
            raise ValueError("chunk 1 is bad")
        return k

    with workers.allowed(2, later=True):
        later = workers.forked_later(fails, 3)
    assert later is not None and later.get(0) == 0
    with pytest.raises(ValueError, match="chunk 1 is bad"):
        later.get(1)
    later.cancel()
