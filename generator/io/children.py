"""Forked children end with the process that forked them.

`generate` validates in a forked child (and runs other work beside its own in one: `Forked`),
and `diff` works on both sides in forked children. When
the parent is killed (a CI job's timeout sends SIGKILL, a user's Ctrl-C to a whole group does
not reach a child that ignores it), a child that went on would hold a core and its memory
with nobody to read its answer. Linux's parent-death signal ends it instead.
"""

from __future__ import annotations

import ctypes
import functools
import os
import pickle
import signal
import sys
import tempfile
import threading
from collections.abc import Callable
from types import TracebackType
from typing import IO, Any, Generic, Self, TypeVar, cast

_PR_SET_PDEATHSIG = 1
T = TypeVar("T")


def can_fork() -> bool:
    """Whether work may go to a forked child here: Linux (elsewhere fork is missing, or unsafe
    with the threads system libraries start)."""
    return sys.platform.startswith("linux")


def fork_child() -> int:
    """`os.fork()`; in the child, set up to be killed when the parent dies. The signal follows
    the forking *thread*, so it is armed only when the fork is made on the main thread (a
    worker thread that ends would take the child with it); elsewhere the child is as before."""
    prctl = _prctl() if threading.current_thread() is threading.main_thread() else None
    parent = os.getpid()
    pid = os.fork()
    if pid == 0 and prctl is not None:
        prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        if os.getppid() != parent:  # the parent died before the signal was armed
            os._exit(1)
    return pid


@functools.cache
def _prctl() -> Callable[..., int] | None:
    """libc's prctl, looked up in the parent: loading a library in a forked child could wait
    for ever on a loader lock another thread held at the fork. None: not Linux, or no prctl
    (the child then lives on as it did before)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        function: Callable[..., int] = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    return function


def stop(pid: int, fd: int) -> None:
    """Close our end `fd` of a child's pipe (when >= 0) and kill and reap the child `pid`
    (when not 0): its answer is not wanted, or has been read."""
    if fd >= 0:
        os.close(fd)
    if pid:
        os.kill(pid, signal.SIGKILL)  # a child that has ended is a zombie: no error
        os.waitpid(pid, 0)


class Forked(Generic[T]):
    """`work()` in a forked child while the caller goes on: `with Forked(work) as forked: ...;
    answer = forked.result()`. The answer comes back pickled through a temporary file (a pipe
    would stall a child whose answer outgrows its buffer until the parent reads). Where there is
    no fork (not Linux), or the child dies without a whole answer, `result()` runs `work()`
    here: the answer is the same, only later. Leaving the block without asking kills and reaps
    the child."""

    def __init__(self, work: Callable[[], T]) -> None:
        self.work = work
        self.pid = 0
        self.answer: IO[bytes] | None = None
        self.found: list[T] = []  # the answer, once had

    def __enter__(self) -> Self:
        if not can_fork():
            return self
        try:
            self.answer = tempfile.TemporaryFile(prefix="clientgen-forked-")
        except OSError:  # no temporary folder to write in: worked here, when asked
            return self
        self.pid = fork_child()
        if self.pid == 0:
            _answer_in_child(self.work, self.answer.fileno())
        return self

    def result(self) -> T:
        """The child's answer (waiting for it), else `work()` run here; worked out once."""
        if not self.found:
            answer = self._childs_answer()
            self.found.append(self.work() if answer is None else answer[0])
        return self.found[0]

    def _childs_answer(self) -> tuple[T] | None:
        """(the answer the child wrote,) once it has ended; None when there is none whole."""
        if not self.pid:
            return None
        _, status = os.waitpid(self.pid, 0)
        self.pid = 0
        if status != 0 or self.answer is None:
            return None
        self.answer.seek(0)
        try:
            return (cast(T, pickle.loads(self.answer.read())),)  # our own child's bytes
        except (pickle.UnpicklingError, EOFError, ValueError):
            return None

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        stop(self.pid, -1)
        self.pid = 0
        if self.answer is not None:
            self.answer.close()
            self.answer = None


def _answer_in_child(work: Callable[[], Any], fd: int) -> None:
    """The forked child: write `work()`'s pickled answer to `fd`, then leave without running
    any of the parent's cleanup (atexit handlers, temporary folders, pytest's machinery)."""
    status = 1
    try:
        write_all(fd, pickle.dumps(work()))
        status = 0
    finally:
        os._exit(status)


def write_all(fd: int, data: bytes) -> None:
    """All of `data` to `fd` (`os.write` may write less than it is given)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
