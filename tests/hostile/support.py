"""Running the generator's CLI on hostile inputs: in a child process, with a time limit (and,
where memory is the point, an address-space limit), so that a regression fails the test
instead of hanging or swapping the machine."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.support import ROOT

# What every hostile input must never produce: a crash instead of a located refusal.
CRASH_MARKS = ("Traceback", "MemoryError", "internal error", "RecursionError")


def run_cli(*args: str | Path, timeout: float = 120, stdin: bytes | None = None,
            memory_limit: int | None = None) -> subprocess.CompletedProcess[str]:
    """`python -m generator *args` in a child process, ended after `timeout` seconds (the test
    fails then); `memory_limit` bytes of address space at most, when given."""
    command = [sys.executable, "-m", "generator", *map(str, args)]
    if memory_limit is not None:
        command = [sys.executable, "-c", _LIMITED, str(memory_limit), *map(str, args)]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, timeout=timeout,
                            check=False, input=stdin if stdin is not None else b"")
    return subprocess.CompletedProcess(result.args, result.returncode,
                                       result.stdout.decode("utf-8", "replace"),
                                       result.stderr.decode("utf-8", "replace"))


# A launcher that limits its own address space, then runs `python -m generator ...`.
_LIMITED = """
import resource, runpy, sys
limit = int(sys.argv[1])
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
sys.argv = ["generator", *sys.argv[2:]]
runpy.run_module("generator", run_name="__main__", alter_sys=True)
"""


def assert_no_crash(result: subprocess.CompletedProcess[str]) -> None:
    """The command ended by itself, saying what it did or why not, without a crash."""
    output = result.stdout + result.stderr
    for mark in CRASH_MARKS:
        assert mark not in output, output[-3000:]
