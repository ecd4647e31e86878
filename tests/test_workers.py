"""Work spread over forked processes comes back as if done here: in order, the same values,
an exception raised here; no process is forked when the command may use one, nor from inside
a worker."""

from __future__ import annotations

import os

import pytest

from pnpkit import workers

pytestmark = pytest.mark.skipif(workers.fork_context() is None, reason="no fork here")


def test_one_process_outside_every_build_and_nothing_forked() -> None:
    assert workers.processes() == 1
    assert workers.forked_map(lambda k: os.getpid(), 3) == [os.getpid()] * 3


def test_allowed_processes_nest_and_come_back() -> None:
    with workers.allowed(4):
        assert workers.processes() == 4
        with workers.allowed(0):
            assert workers.processes() == 1
        assert workers.processes() == 4
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
