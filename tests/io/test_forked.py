"""io/children.Forked: work done in a forked child, its answer back, or done here instead."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from generator.io import children


def _pid_and(value: str) -> tuple[int, str]:
    return os.getpid(), value


def test_the_answer_comes_from_the_child_once(tmp_path: Path) -> None:
    calls = tmp_path / "calls"

    def work() -> tuple[int, str]:
        with calls.open("a") as log:
            log.write(f"{os.getpid()}\n")
        return _pid_and("x" * 200_000)  # more than a pipe's buffer holds

    with children.Forked(work) as forked:
        pid, text = forked.result()
        assert forked.result() == (pid, text)  # worked out once
    assert pid != os.getpid() and text == "x" * 200_000
    assert calls.read_text().split() == [str(pid)]


def test_a_child_that_dies_without_an_answer_leaves_the_work_to_the_parent() -> None:
    parent = os.getpid()

    def work() -> tuple[int, str]:
        if os.getpid() != parent:
            os.kill(os.getpid(), signal.SIGKILL)
        return _pid_and("here")

    with children.Forked(work) as forked:
        assert forked.result() == (parent, "here")


def test_an_error_in_the_work_is_the_callers(tmp_path: Path) -> None:
    def work() -> int:
        raise ValueError("not this")

    with children.Forked(work) as forked, pytest.raises(ValueError, match="not this"):
        forked.result()


def test_without_fork_the_work_is_done_here(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(children, "can_fork", lambda: False)
    with children.Forked(lambda: _pid_and("here")) as forked:
        assert forked.pid == 0
        assert forked.result() == (os.getpid(), "here")


def test_leaving_without_asking_ends_the_child() -> None:
    with children.Forked(lambda: _pid_and("never read")) as forked:
        pid = forked.pid
        assert pid > 0
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)  # reaped already
