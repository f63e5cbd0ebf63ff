"""Forked children end with the process that forked them.

`generate` validates in a forked child and `diff` works on both sides in forked children. When
the parent is killed (a CI job's timeout sends SIGKILL, a user's Ctrl-C to a whole group does
not reach a child that ignores it), a child that went on would hold a core and its memory
with nobody to read its answer. Linux's parent-death signal ends it instead.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading

_PR_SET_PDEATHSIG = 1


def fork_child() -> int:
    """`os.fork()`; in the child, set up to be killed when the parent dies. The signal follows
    the forking *thread*, so it is armed only when the fork is made on the main thread (a
    worker thread that ends would take the child with it); elsewhere the child is as before."""
    on_main_thread = threading.current_thread() is threading.main_thread()
    parent = os.getpid()
    pid = os.fork()
    if pid == 0 and on_main_thread:
        _die_with(parent)
    return pid


def _die_with(parent: int) -> None:
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # no prctl: the child lives on as it did before
        return
    if os.getppid() != parent:  # the parent died before the signal was armed
        os._exit(1)
