"""Run a command as its own child process: wall time, CPU time and peak memory of that child.

`os.wait4` returns the rusage of exactly the process waited for (its own waited-for children,
such as the `ruff` a generator spawns, included in `ru_maxrss` as the largest of them), so
each sample is one process tree and nothing leaks between samples.

`ru_maxrss` is the largest single process, which understates a tree whose processes run at the
same time (our generator validates in a forked child beside code generation), so a thread also
samples the tree's summed proportional set size (PSS: shared copy-on-write pages counted once)
every 20 ms; the peak reported is the larger of the two.

That sampling is not free: each read of a process's `smaps_rollup` walks its page tables while
holding its memory map's lock, and every 20 ms that is done for each process of the tree. On
GitHub's cold generation (four processes, ~500 MB) it added 1.1-2.4 s to a ~15.5 s run, against
0-0.5 s of openapi-python-client's ~10 s (one process): a time measured so says as much about
the sampler as about the tool. `sample_memory=False` measures a run without it (its peak is then
`ru_maxrss` alone): `timed_and_sampled` takes the time from such a run and the peak from a
sampled one.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Self


@dataclass(frozen=True)
class Sample:
    wall: float  # seconds
    cpu: float  # user + system seconds of the process tree
    peak_kib: int  # max(ru_maxrss, sampled tree PSS), KiB (Linux)
    returncode: int
    stderr: str
    stdout: str = ""


class CommandFailed(RuntimeError):
    pass


def run_once(
    cmd: Sequence[str], *, cwd: Path, env: dict[str, str] | None = None, capture_stdout: bool = False,
    sample_memory: bool = True,
) -> Sample:
    """`cmd` measured from a small launcher process (`python -m bench.measure`).

    Linux carries the RSS high-water mark of the process that spawns a command into the
    command's `ru_maxrss` (Python spawns with vfork, and exec records the old address space's
    peak), so a command spawned straight from a bench process that has grown (it read a large
    document) would report at least that size. The launcher stays small."""
    launcher = [sys.executable, "-m", "bench.measure", *(["--stdout"] if capture_stdout else []),
                *([] if sample_memory else ["--no-memory-sampling"]), "--", *cmd]
    result = subprocess.run(launcher, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise CommandFailed(f"bench.measure could not run {' '.join(cmd)}: {result.stderr.strip()}")
    return Sample(**json.loads(result.stdout))


def measure_here(
    cmd: Sequence[str], *, cwd: Path | None = None, env: dict[str, str] | None = None,
    capture_stdout: bool = False, sample_memory: bool = True,
) -> Sample:
    """`cmd` run as a child of this process: wall and CPU time, and peak memory (the tree's
    sampled PSS only when `sample_memory`)."""
    with tempfile.TemporaryFile() as err, tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        stdout = out if capture_stdout else subprocess.DEVNULL
        process = subprocess.Popen(list(cmd), cwd=cwd, env=env, stdout=stdout, stderr=err)
        with TreeMemory(process.pid, sampling=sample_memory) as tree:
            _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        out.seek(0)
        peak = max(usage.ru_maxrss, tree.peak_kib)
        return Sample(wall, usage.ru_utime + usage.ru_stime, peak, process.returncode,
                      err.read().decode("utf-8", "replace"), out.read().decode("utf-8", "replace"))


class TreeMemory:
    """The peak, over 20 ms samples, of the summed PSS of `pid` and its descendants."""

    INTERVAL = 0.02

    def __init__(self, pid: int, *, sampling: bool = True) -> None:
        self.pid = pid
        self.peak_kib = 0
        self.sampling = sampling
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def __enter__(self) -> Self:
        if self.sampling:
            self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        if self.sampling:
            self._thread.join()

    def _sample(self) -> None:
        while not self._stop.wait(self.INTERVAL):
            self.peak_kib = max(self.peak_kib, sum(_pss_kib(pid) for pid in _tree(self.pid)))


def _tree(root: int) -> list[int]:
    """`root` and its descendants, from /proc/<pid>/task/<tid>/children."""
    found, pending = [], [root]
    while pending:
        pid = pending.pop()
        found.append(pid)
        try:
            for task in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{task}/children", encoding="ascii") as children:
                    pending.extend(int(child) for child in children.read().split())
        except OSError:  # gone between two reads
            continue
    return found


def _pss_kib(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as rollup:
            for line in rollup:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def run_checked(
    cmd: Sequence[str], *, cwd: Path, env: dict[str, str] | None = None, capture_stdout: bool = False,
    sample_memory: bool = True,
) -> Sample:
    sample = run_once(cmd, cwd=cwd, env=env, capture_stdout=capture_stdout,
                      sample_memory=sample_memory)
    if sample.returncode != 0:
        tail = "\n".join(sample.stderr.strip().splitlines()[-5:])
        raise CommandFailed(f"{' '.join(cmd)} exited {sample.returncode}:\n{tail}")
    return sample


def timed_and_sampled(timed: Callable[[bool], Sample]) -> Sample:
    """One run's time (`timed(False)`: memory not sampled) with another's peak (`timed(True)`,
    made first): the same command, each run given what it needs (a fresh output folder, an
    empty cache) by `timed`."""
    sampled = timed(True)
    plain = timed(False)
    return dataclasses.replace(plain, peak_kib=max(sampled.peak_kib, plain.peak_kib))


def repeat(
    cmd: Sequence[str],
    reps: int,
    *,
    cwd: Path,
    env: dict[str, str] | None = None,
    before: Callable[[], None] | None = None,
) -> list[Sample]:
    """`reps` separate cold processes; `before` runs ahead of each (cleanup, untimed)."""
    samples = []
    for _ in range(reps):
        if before is not None:
            before()
        samples.append(run_checked(cmd, cwd=cwd, env=env))
    return samples


@dataclass(frozen=True)
class Summary:
    wall: float  # median seconds
    cpu: float  # median seconds
    peak_mib: float  # the largest over the runs
    runs: int


def summarize(samples: Sequence[Sample]) -> Summary:
    return Summary(
        wall=statistics.median(s.wall for s in samples),
        cpu=statistics.median(s.cpu for s in samples),
        peak_mib=max(s.peak_kib for s in samples) / 1024,
        runs=len(samples),
    )


def fresh_dir(path: Path) -> Callable[[], None]:
    """A `before` hook: remove `path` so every run generates from scratch."""

    def clean() -> None:
        if path.exists():
            subprocess.run(["rm", "-rf", str(path)], check=True)

    return clean


def bench_env(python: str, pycache: Path) -> dict[str, str]:
    """The environment for measured processes: the venv's bin first on PATH
    (openapi-python-client runs `ruff`), and bytecode cached under `pycache` (as users have it,
    even where PYTHONDONTWRITEBYTECODE is set, without writing into the source tree). The
    generation cache is off: every row measures the work itself, not a cache hit."""
    env = dict(os.environ)
    env["OPENAPI_CLIENTGEN_NO_CACHE"] = "1"
    env["PATH"] = f"{Path(python).parent}{os.pathsep}{env.get('PATH', '')}"
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(pycache)
    return env


def main(argv: list[str]) -> int:
    """`python -m bench.measure [--stdout] -- CMD...`: the Sample of CMD as JSON on stdout."""
    parser = argparse.ArgumentParser(prog="python -m bench.measure")
    parser.add_argument("--stdout", action="store_true", help="capture CMD's stdout in the sample")
    parser.add_argument("--no-memory-sampling", action="store_true",
                        help="time CMD without sampling its tree's memory (peak: ru_maxrss)")
    parser.add_argument("cmd", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    cmd = args.cmd[1:] if args.cmd[:1] == ["--"] else args.cmd
    sample = measure_here(cmd, capture_stdout=args.stdout,
                          sample_memory=not args.no_memory_sampling)
    print(json.dumps(dataclasses.asdict(sample)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
