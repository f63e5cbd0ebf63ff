"""`io.forked.Forked`: a call's value from a forked child, or made inline when the child
cannot give it (the same value, or the same exception)."""

from __future__ import annotations

import errno
import os
import time
from pathlib import Path

import pytest

from generator.io import forked
from generator.io.forked import Forked


def test_the_value_comes_from_the_child() -> None:
    parent = os.getpid()
    assert Forked(os.getpid).result() != parent  # computed in another process
    assert Forked(lambda: {"a": [1, 2.5, None]}).result() == {"a": [1, 2.5, None]}


def test_a_call_that_raises_in_the_child_raises_in_the_caller() -> None:
    def refuse() -> None:
        raise ValueError("no")

    with pytest.raises(ValueError, match="no"):
        Forked(refuse).result()


def test_close_stops_a_child_whose_value_is_not_wanted() -> None:
    forked = Forked(lambda: os.read(os.open("/dev/zero", os.O_RDONLY), 1))
    pid = forked.pid
    forked.close()
    assert forked.pid == 0
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, 0)  # reaped


def test_a_fork_that_fails_computes_the_value_here(monkeypatch: pytest.MonkeyPatch) -> None:
    """No child can be made (a pids limit, no memory to fork a large process): the call runs
    in this process, and no pipe is left open."""
    def refuse(**_: object) -> int:
        raise OSError(errno.EAGAIN, "Resource temporarily unavailable")

    monkeypatch.setattr(forked, "fork_child", refuse)
    before = len(os.listdir("/proc/self/fd"))
    child = forked.Forked(lambda: 42)
    assert child.pid == 0 and child.result() == 42
    assert len(os.listdir("/proc/self/fd")) == before


def _ended(pid: int) -> bool:
    """Whether the child has ended (a zombie until reaped), leaving it to be reaped."""
    return os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None


def test_the_child_ends_once_its_value_is_made_however_large() -> None:
    """A value larger than a pipe holds does not keep the child (and the memory it holds)
    alive until the caller reads it: the child ends before `result()` is asked (through a
    pipe it waited for ever), and the value is whole."""
    value = {"records": ["x" * 100] * 100_000}  # ~10 MB pickled
    child = Forked(lambda: value)
    for _ in range(6000):  # a minute at most: its work is one pickle
        if _ended(child.pid):
            break
        time.sleep(0.01)
    assert _ended(child.pid)
    before = len(os.listdir("/proc/self/fd"))
    assert child.result() == value
    assert len(os.listdir("/proc/self/fd")) == before - 1  # its file closed


def test_the_value_is_made_once(tmp_path: Path) -> None:
    calls = tmp_path / "calls"

    def call() -> int:
        with calls.open("a") as log:
            log.write(f"{os.getpid()}\n")
        return os.getpid()

    child = Forked(call)
    assert child.result() == child.result() != os.getpid()
    assert calls.read_text().split() == [str(child.result())]


def test_where_nothing_can_be_forked_the_value_is_made_here(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(forked, "can_fork", lambda: False)
    child = Forked(os.getpid)
    assert child.pid == 0 and child.result() == os.getpid()


def test_a_background_child_runs_at_a_lower_priority() -> None:
    """`nice`: the child's priority lowered by that much (its value read late: the cores go
    to the work the command waits on first); without it, the parent's."""
    here = os.nice(0)
    assert Forked(lambda: os.nice(0)).result() == here
    assert Forked(lambda: os.nice(0), nice=10).result() == min(19, here + 10)
