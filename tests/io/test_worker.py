"""`children.Worker`: a forked child answering requests one at a time. Whatever goes wrong in
the child (it dies, stays silent, answers off the protocol, raises), `ask` says None and the
caller does the work itself; a closed worker leaves no process behind."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from generator.io import children
from generator.io.children import Worker

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="the worker is forked (Linux)")


def _worker(prepare: Any = lambda: None, serve: Any = lambda x: x * 2, *,
            max_request_bytes: int = 1 << 20, answer_seconds: float = 30.0) -> Worker:
    return Worker(prepare, serve, max_request_bytes=max_request_bytes,
                  answer_seconds=answer_seconds)


def _running(pid: int) -> bool:
    """The process exists and is not a zombie (a reaped child is gone from /proc)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text(encoding="ascii").rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def _gone(pid: int) -> bool:
    return not Path(f"/proc/{pid}").exists()


def test_a_worker_answers_each_request_then_close_reaps_it() -> None:
    worker = _worker()
    pid = worker.pid
    try:
        assert pid and _running(pid)
        assert [worker.ask(21), worker.ask("ab")] == [42, "abab"]
        assert worker.answered == 2
    finally:
        worker.close()
    assert worker.pid == 0 and _gone(pid)
    assert worker.ask(1) is None  # a closed worker answers nothing


def test_a_request_serve_raises_on_is_answered_none_and_the_worker_goes_on() -> None:
    def serve(request: int) -> int:
        if request < 0:
            raise ValueError("negative")
        return request + 1

    worker = _worker(serve=serve)
    try:
        assert worker.ask(-1) is None
        assert worker.ask(1) == 2
    finally:
        worker.close()


def test_a_worker_that_died_answers_none_and_is_reaped() -> None:
    worker = _worker()
    pid = worker.pid
    try:
        os.kill(pid, 9)
        assert worker.ask(1) is None
        assert worker.pid == 0 and _gone(pid)
        assert worker.ask(1) is None
    finally:
        worker.close()


def test_a_worker_dying_while_it_prepares_answers_none() -> None:
    worker = _worker(prepare=lambda: os._exit(3))
    try:
        assert worker.ask(1) is None
    finally:
        worker.close()


def test_a_silent_worker_is_stopped_at_its_deadline() -> None:
    worker = _worker(prepare=lambda: time.sleep(60), answer_seconds=0.3)
    pid = worker.pid
    started = time.monotonic()
    try:
        assert worker.ask(1) is None
        assert time.monotonic() - started < 30
        assert _gone(pid)
    finally:
        worker.close()


def test_a_request_larger_than_the_child_reads_at_once_does_not_block_a_silent_worker() -> None:
    worker = _worker(prepare=lambda: time.sleep(60), max_request_bytes=8 << 20,
                     answer_seconds=0.3)
    try:
        assert worker.ask(b"x" * (4 << 20)) is None  # more than a pipe holds
    finally:
        worker.close()


def test_an_answer_off_the_protocol_answers_none(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(children, "_answer", lambda serve, request: b"not a pickle")
    worker = _worker()
    try:
        assert worker.ask(1) is None
        assert worker.pid == 0
    finally:
        worker.close()


def test_a_request_over_the_size_bound_is_not_sent() -> None:
    worker = _worker(max_request_bytes=100)
    try:
        assert worker.ask("x" * 1000) is None
        assert worker.answered == 0
        assert worker.ask(2) == 4  # the worker still serves smaller ones
    finally:
        worker.close()


def test_a_request_without_a_pickle_is_not_sent() -> None:
    worker = _worker()
    try:
        assert worker.ask(lambda: None) is None
        assert worker.ask(3) == 6
    finally:
        worker.close()


def test_without_fork_there_is_no_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse() -> int:
        raise OSError("no more processes")

    monkeypatch.setattr(children, "fork_child", refuse)
    worker = _worker()
    assert worker.pid == 0
    assert worker.ask(1) is None
    worker.close()


def test_without_descriptors_for_its_pipes_there_is_no_worker(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pipes = iter([os.pipe()])

    def second_fails() -> tuple[int, int]:
        try:
            return next(pipes)
        except StopIteration:
            raise OSError(24, "Too many open files") from None

    monkeypatch.setattr(children.os, "pipe", second_fails)
    worker = _worker()
    assert worker.pid == 0 and worker.requests == worker.answers == -1
    assert worker.ask(1) is None



def test_the_worker_idles_after_each_answer_it_sends() -> None:
    """`idle()` (the dcg worker gives its run's memory back there) runs in the child once
    each answer is sent: here it counts, and each answer says how many idles came before."""
    idled: list[int] = []
    worker = Worker(lambda: None, lambda request: (request, len(idled)),
                    max_request_bytes=1 << 20, answer_seconds=30.0,
                    idle=lambda: idled.append(1))
    try:
        assert [worker.ask("a"), worker.ask("b"), worker.ask("c")] == [("a", 0), ("b", 1),
                                                                        ("c", 2)]
    finally:
        worker.close()
    assert idled == []  # (the child's list, not this process's)
