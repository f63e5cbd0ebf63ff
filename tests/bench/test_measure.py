"""`make bench`'s measurement (`bench/measure.py`): a cold generation's time comes from a run
whose memory is not sampled (reading every process's `smaps_rollup` every 20 ms cost our
four-process run 1-2 s, openapi-python-client's one process next to nothing), its peak from a
run that is sampled; the tree's sampled peak counts a forked child's memory, `ru_maxrss`
alone does not."""

from __future__ import annotations

import sys

import pytest

from bench import measure
from tests.support import ROOT

# a parent that forks a child, each holding ~60 MB of its own for a moment
TREE = """
import os, time
own = bytearray(60_000_000)
pid = os.fork()
if pid == 0:
    mine = bytearray(60_000_000)
    time.sleep(0.6)
    os._exit(0)
time.sleep(0.6)
os.waitpid(pid, 0)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc and fork (Linux)")
def test_the_sampled_peak_counts_the_tree_and_the_plain_run_samples_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    reads: list[int] = []
    real = measure._pss_kib

    def counted(pid: int) -> int:
        reads.append(pid)
        return real(pid)

    monkeypatch.setattr(measure, "_pss_kib", counted)
    sampled = measure.measure_here([sys.executable, "-c", TREE], cwd=ROOT)
    assert sampled.returncode == 0 and reads
    assert sampled.peak_kib > 110 * 1024  # both processes' ~60 MB
    reads.clear()
    plain = measure.measure_here([sys.executable, "-c", TREE], cwd=ROOT, sample_memory=False)
    assert plain.returncode == 0 and not reads
    assert plain.peak_kib > 55 * 1024  # ru_maxrss still


def test_the_time_is_the_plain_runs_and_the_peak_the_larger() -> None:
    order: list[bool] = []

    def run(sampled: bool) -> measure.Sample:
        order.append(sampled)
        return measure.Sample(wall=9.0 if sampled else 7.0, cpu=1.0, returncode=0, stderr="",
                              peak_kib=500 if sampled else 300)

    combined = measure.timed_and_sampled(run)
    assert order == [True, False]
    assert (combined.wall, combined.peak_kib) == (7.0, 500)
