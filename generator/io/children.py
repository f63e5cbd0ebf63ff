"""Forked children end with the process that forked them; a worker child answering requests.

`generate` validates in a forked child (and runs datamodel-code-generator on small documents in
a `Worker` child), and `diff` works on both sides in forked children (`io.forked.Forked`: a
call's value from a child). When
the parent is killed (a CI job's timeout sends SIGKILL, a user's Ctrl-C to a whole group does
not reach a child that ignores it), a child that went on would hold a core and its memory
with nobody to read its answer. Linux's parent-death signal ends it instead.
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import os
import pickle
import select
import signal
import struct
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from generator.io.memory import release_freed_memory

_PR_SET_PDEATHSIG = 1


def can_fork() -> bool:
    """Whether work may go to a forked child here: Linux (elsewhere fork is missing, or unsafe
    with the threads system libraries start)."""
    return sys.platform.startswith("linux")


def resident_mib() -> float:
    """This process's resident size now, in MiB (Linux, where children are forked; 0 where it
    cannot be read). Now, not its peak: after one large package of a run, the next may still
    fork."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            resident_pages = int(statm.read().split()[1])
    except (OSError, ValueError, IndexError):
        return 0.0
    return resident_pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def fork_child(*, nice: int = 0) -> int:
    """`os.fork()`; in the child, set up to be killed when the parent dies. The signal follows
    the forking *thread*, so it is armed only when the fork is made on the main thread (a
    worker thread that ends would take the child with it); elsewhere the child is as before.
    Memory this process freed is given back first (`memory.release_freed_memory`): the child
    would hold it too. `nice`: the child's scheduling priority lowered by that much, for work
    whose answer is read late (`BACKGROUND_NICE`): where the cores are short, the parent and
    the children it waits on run first."""
    prctl = _prctl() if threading.current_thread() is threading.main_thread() else None
    parent = os.getpid()
    release_freed_memory()
    pid = os.fork()
    if pid == 0 and prctl is not None:
        prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        if os.getppid() != parent:  # the parent died before the signal was armed
            os._exit(1)
    if pid == 0 and nice:
        with contextlib.suppress(OSError):  # (a platform without it: the same priority)
            os.nice(nice)
    return pid


# How much lower a child's priority is when the parent reads its answer only at the end (the
# validator's verdict, the recheck of the first repairs): on two cores shared with the parent
# and the dcg worker, it runs when a core is free rather than beside the work that decides
# when the command ends.
BACKGROUND_NICE = 10


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


# -- a worker: a forked child answering requests -----------------------------------------------
# `Forked` (io/forked.py) and the validator child are given their work when they are forked.
# A worker is forked before its work exists, so that it can make itself ready (import a library,
# pay its first call) while the parent prepares the work. Each request and each answer goes as
# a length, then its pickle, through a pipe of its own.

MESSAGE_LENGTH = struct.Struct("<Q")  # before each message a child and its parent exchange


class Worker:
    """A forked child that runs `prepare()`, then answers each request with `serve(request)`
    and, once the answer is sent and the request let go, runs `idle()` (giving memory back).

    `ask(request)` is the answer, or None when the child cannot give one: there is no child
    (not Linux, no fork), the request's pickle exceeds `max_request_bytes`, or the child died,
    broke the protocol or did not answer within `answer_seconds`. After such a failure the
    child is stopped and every later `ask` is None: the caller does the work itself. A request
    `serve` raises on is answered None too (the child goes on). `close()` stops the child.
    The pickles come from our own processes only.
    """

    def __init__(self, prepare: Callable[[], object], serve: Callable[[Any], Any], *,
                 max_request_bytes: int, answer_seconds: float,
                 idle: Callable[[], object] = lambda: None) -> None:
        self.max_request_bytes = max_request_bytes
        self.answer_seconds = answer_seconds
        self.answered = 0  # requests the child answered (a seam for tests)
        self.pid, self.requests, self.answers = 0, -1, -1
        self._deadline = 0.0  # by when the child must answer the request sent last
        if can_fork():
            self._fork(prepare, serve, idle)

    def _fork(self, prepare: Callable[[], object], serve: Callable[[Any], Any],
              idle: Callable[[], object]) -> None:
        child_ends: list[int] = []
        pid = -1
        try:
            child_reads, self.requests = os.pipe()
            child_ends.append(child_reads)
            self.answers, child_writes = os.pipe()
            child_ends.append(child_writes)
            pid = fork_child()
        except OSError:  # out of descriptors, a pids limit, no memory: the caller works alone
            pass
        if pid == 0:
            _serve_in_child(prepare, serve, idle, (child_ends[0], child_ends[1]),
                            (self.requests, self.answers))
        for fd in child_ends:
            os.close(fd)
        if pid < 0:
            self.close()
            return
        self.pid = pid
        os.set_blocking(self.requests, False)  # a child that stopped reading cannot block us

    def ask(self, request: Any) -> Any:
        """The child's answer to `request`; None when there is none (see the class)."""
        return self.answer() if self.send(request) else None

    def send(self, request: Any) -> bool:
        """Give the child `request` without waiting for its answer (`answer()` reads it, before
        any other request is sent); False when it was not sent (see the class: the caller
        does the work itself)."""
        if self.pid == 0:
            return False
        try:
            payload = pickle.dumps(request)
        except Exception:  # noqa: BLE001  # not picklable, or nested past the recursion limit
            return False
        if len(payload) > self.max_request_bytes:
            return False
        self._deadline = time.monotonic() + self.answer_seconds
        if not _write_by(self.requests, MESSAGE_LENGTH.pack(len(payload)) + payload,
                         self._deadline):
            self.close()
            return False
        return True

    def answer(self) -> Any:
        """The child's answer to the request `send` gave it; None when there is none."""
        answer = _read_message(self.answers, self._deadline) if self.pid else None
        try:
            value = pickle.loads(answer) if answer is not None else None  # our own child's bytes
        except Exception:  # noqa: BLE001  # bytes off the protocol
            answer = None
        if answer is None:
            self.close()  # dead, silent or off the protocol: no more requests
            return None
        self.answered += 1
        return value

    def close(self) -> None:
        """Stop and reap the child (when there is one) and close the pipes."""
        for fd in (self.requests, self.answers):
            if fd >= 0:
                os.close(fd)
        self.requests = self.answers = -1
        stop(self.pid, -1)
        self.pid = 0


def _serve_in_child(prepare: Callable[[], object], serve: Callable[[Any], Any],
                    idle: Callable[[], object], own_ends: tuple[int, int],
                    parent_ends: tuple[int, int]) -> None:
    """The forked child: ready itself, answer each request until the parent closes its end
    (idle between requests), then leave without running any of the parent's cleanup (atexit
    handlers, temporary folders, pytest's machinery)."""
    status = 1
    requests, answers = own_ends
    try:
        for fd in parent_ends:
            os.close(fd)
        prepare()
        while (request := _read_message(requests, None)) is not None:
            reply = _answer(serve, request)
            write_all(answers, MESSAGE_LENGTH.pack(len(reply)) + reply)
            del request, reply
            idle()
        status = 0
    finally:
        os._exit(status)


def _answer(serve: Callable[[Any], Any], request: bytes) -> bytes:
    try:
        return pickle.dumps(serve(pickle.loads(request)))
    except Exception:  # noqa: BLE001  # the parent does it itself: its own error, in its process
        return pickle.dumps(None)


def write_all(fd: int, data: bytes) -> None:
    """All of `data` to the blocking descriptor `fd`."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _write_by(fd: int, data: bytes, deadline: float) -> bool:
    """All of `data` to the non-blocking descriptor `fd` before `deadline`; False when the
    reader is gone or too slow."""
    view = memoryview(data)
    try:
        while view:
            if not select.select([], [fd], [], max(0.0, deadline - time.monotonic()))[1]:
                return False
            view = view[os.write(fd, view):]
    except OSError:  # BrokenPipeError: the child is gone
        return False
    return True


def _read_message(fd: int, deadline: float | None) -> bytes | None:
    """One message (its length, then its bytes) from `fd`; None at the end of the pipe, or
    when it is not all there by `deadline` (None: no deadline)."""
    head = _read_exactly(fd, MESSAGE_LENGTH.size, deadline)
    if head is None:
        return None
    return _read_exactly(fd, MESSAGE_LENGTH.unpack(head)[0], deadline)


def _read_exactly(fd: int, size: int, deadline: float | None) -> bytes | None:
    chunks: list[bytes] = []
    while size:
        if deadline is not None and not select.select(
                [fd], [], [], max(0.0, deadline - time.monotonic()))[0]:
            return None
        chunk = os.read(fd, min(size, 1 << 20))
        if not chunk:
            return None
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)
