"""Forked children (the validator beside generation, `diff`'s two sides) die with their parent:
a parent killed by a timeout must not leave children spinning with nobody to read them (found
when a CI timeout killed `diff` and its children ran on for minutes)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from generator.io.children import fork_child
from tests.support import ROOT

_KILLED_PARENT = """
import os, signal, sys, time
from generator.io.forked import Forked
child = Forked(lambda: time.sleep(120))
print(child.pid, flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def _running(pid: int) -> bool:
    """Alive and not a zombie waiting for whoever adopted it."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text(encoding="ascii").rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def _gone_within(pid: int, seconds: float) -> bool:
    ends = time.monotonic() + seconds
    while time.monotonic() < ends:
        if not _running(pid):
            return True
        time.sleep(0.05)
    return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the parent-death signal is Linux's")
def test_a_child_ends_when_its_parent_is_killed() -> None:
    result = subprocess.run([sys.executable, "-c", _KILLED_PARENT], cwd=ROOT, capture_output=True,
                            text=True, timeout=60, check=False)
    child = int(result.stdout.split()[0])
    try:
        assert _gone_within(child, 10), "the forked child outlived its killed parent"
    finally:
        if _running(child):
            os.kill(child, 9)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the parent-death signal is Linux's")
def test_a_fork_made_on_a_worker_thread_outlives_the_thread() -> None:
    """The signal follows the forking thread: armed there, it would kill the child as soon as
    that thread ended, though the process that waits for the child is alive."""
    forked: list[int] = []

    def fork() -> None:
        pid = fork_child()
        if pid == 0:
            time.sleep(30)
            os._exit(0)
        forked.append(pid)

    worker = threading.Thread(target=fork)
    worker.start()
    worker.join()
    try:
        time.sleep(0.5)
        assert _running(forked[0])
    finally:
        os.kill(forked[0], 9)
        os.waitpid(forked[0], 0)
