"""A call made in a forked child while the caller goes on: on two cores, the two sides of a
comparison are worked on at once.

`Forked(call)` forks (Linux) and the child runs `call()`, sends its return value back pickled
through a pipe and leaves without running any of the parent's cleanup; `result()` reads it.
Where fork is unavailable, or the child dies, raises or sends nothing, `result()` makes the
call inline: the answer is the same (an exception the call raises is raised in the caller),
only later. The pickle comes from our own child, never from a file or the network.
"""

from __future__ import annotations

import os
import pickle
import sys
from collections.abc import Callable
from typing import Generic, TypeVar

from generator.io.children import fork_child, stop

T = TypeVar("T")


class Forked(Generic[T]):
    """`call()`, computed in a forked child; `result()` its value, `close()` stops the child
    whose value is not wanted any more."""

    def __init__(self, call: Callable[[], T]) -> None:
        self.call = call
        self.pid, self.fd = 0, -1
        if sys.platform.startswith("linux"):
            self.pid, self.fd = _forked(call)

    def result(self) -> T:
        """The call's value: the child's, else computed here."""
        if self.pid:
            with os.fdopen(self.fd, "rb") as pipe:
                self.fd = -1
                payload = pipe.read()
            _, status = os.waitpid(self.pid, 0)
            self.pid = 0
            if status == 0 and payload:
                value: T = pickle.loads(payload)  # our own child's bytes
                return value
        return self.call()

    def close(self) -> None:
        """Stop and reap the child if its value was never read."""
        stop(self.pid, self.fd)
        self.pid, self.fd = 0, -1


def _forked(call: Callable[[], object]) -> tuple[int, int]:
    """The child's pid and the pipe its value comes through; (0, -1) when no child could be
    made (no file descriptor left, a pids limit, no memory to fork a large process): then
    `result()` computes the call here, as the docstring promises."""
    try:
        read_fd, write_fd = os.pipe()
    except OSError:
        return 0, -1
    try:
        pid = fork_child()
    except OSError:
        os.close(read_fd)
        os.close(write_fd)
        return 0, -1
    if pid == 0:
        _run_in_child(call, read_fd, write_fd)
    os.close(write_fd)
    return pid, read_fd


def _run_in_child(call: Callable[[], object], read_fd: int, write_fd: int) -> None:
    status = 1
    try:
        os.close(read_fd)
        payload = pickle.dumps(call())
        with os.fdopen(write_fd, "wb") as pipe:
            pipe.write(payload)
        status = 0
    finally:
        os._exit(status)
