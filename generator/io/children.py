"""Forked children end with the process that forked them.

`generate` validates in a forked child and `diff` works on both sides in forked children
(`io.forked.Forked`: a call's value from a child). When
the parent is killed (a CI job's timeout sends SIGKILL, a user's Ctrl-C to a whole group does
not reach a child that ignores it), a child that went on would hold a core and its memory
with nobody to read its answer. Linux's parent-death signal ends it instead.
"""

from __future__ import annotations

import ctypes
import functools
import os
import signal
import sys
import threading
from collections.abc import Callable

_PR_SET_PDEATHSIG = 1


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


def write_all(fd: int, data: bytes) -> None:
    """All of `data` to `fd` (`os.write` may write less than it is given)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
