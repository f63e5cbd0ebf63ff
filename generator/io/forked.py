"""A call made in a forked child while the caller goes on: on two cores, the two sides of a
comparison are worked on at once (`diff`), and `generate` checks the document its first round
of repairs made while it generates code from it.

`Forked(call)` forks (Linux) and the child runs `call()`, writes its return value pickled to
an unlinked temporary file and leaves without running any of the parent's cleanup; `result()`
waits for the child and reads the file. A file, not a pipe: a value larger than a pipe holds
(GitHub's operation records) would keep the child, and every page of the documents it copied
while working, alive until the caller reads it, often seconds later; written to a file, the
child ends as soon as its value is made. Where fork is unavailable, or the child dies, raises
or writes nothing, `result()` makes the call inline: the answer is the same (an exception the
call raises is raised in the caller), only later. The pickle comes from our own child, never
from another file or the network.
"""

from __future__ import annotations

import os
import pickle
import tempfile
from collections.abc import Callable
from typing import IO, Generic, TypeVar

from generator.io.children import can_fork, fork_child, stop, write_all

T = TypeVar("T")


class Forked(Generic[T]):
    """`call()`, computed in a forked child; `result()` its value, `close()` stops the child
    whose value is not wanted any more. `nice`: the child's priority lowered by that much
    (`children.fork_child`)."""

    def __init__(self, call: Callable[[], T], *, nice: int = 0) -> None:
        self.call = call
        self.pid, self.file = 0, None
        self.value: list[T] = []  # the value, once had
        if can_fork():
            self.pid, self.file = _forked(call, nice)

    def result(self) -> T:
        """The call's value: the child's, else computed here; made once."""
        if not self.value:
            found = self._childs_value()
            self.value.append(found[0] if found is not None else self.call())
        return self.value[0]

    def _childs_value(self) -> tuple[T] | None:
        """(the value the child wrote,) once it has ended; None when it wrote none."""
        if not (self.pid and self.file is not None):
            return None
        _, status = os.waitpid(self.pid, 0)
        self.pid = 0
        with self.file as file:
            self.file = None
            file.seek(0)
            payload = file.read()
        if status != 0 or not payload:
            return None
        value: T = pickle.loads(payload)  # our own child's bytes
        return (value,)

    def close(self) -> None:
        """Stop and reap the child if its value was never read."""
        stop(self.pid, -1)
        if self.file is not None:
            self.file.close()
        self.pid, self.file = 0, None


def _forked(call: Callable[[], object], nice: int) -> tuple[int, IO[bytes] | None]:
    """The child's pid and the file its value is written to; (0, None) when no child could be
    made (no temporary file, a pids limit, no memory to fork a large process): then `result()`
    computes the call here, as the docstring promises."""
    try:
        file = tempfile.TemporaryFile(prefix="clientgen-forked-")  # noqa: SIM115  # result() or close() closes it
    except OSError:
        return 0, None
    try:
        pid = fork_child(nice=nice)
    except OSError:
        file.close()
        return 0, None
    if pid == 0:
        _run_in_child(call, file.fileno())
    return pid, file


def _run_in_child(call: Callable[[], object], fd: int) -> None:
    status = 1
    try:
        write_all(fd, pickle.dumps(call()))
        status = 0
    finally:
        os._exit(status)
