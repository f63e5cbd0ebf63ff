"""Where the time goes: the generation stages, cProfile hotspots, and import time."""

from __future__ import annotations

import json
import pstats
import re
import statistics
from pathlib import Path

from . import measure
from .clients import hotspot_lines
from .generation import Context, ours_spec_cmd

_SKIP = re.compile(r"\{built-in method builtins\.exec\}|runpy\.py|<module>|\{method 'disable'")


def stages(ctx: Context, spec: Path) -> dict[str, dict[str, float]] | None:
    """`bench.stages` in its own process: seconds and peak RSS per pipeline stage."""
    out = ctx.work / "stages" / "syn"
    measure.fresh_dir(out.parent)()
    sample = measure.run_once([ctx.python, "-m", "bench.stages", str(spec), str(out)],
                              cwd=ctx.root, env=ctx.env, capture_stdout=True)
    if sample.returncode != 0:
        ctx.log(f"  stage breakdown failed: {sample.stderr.strip().splitlines()[-1:]}")
        return None
    result: dict[str, dict[str, float]] = json.loads(sample.stdout)
    return result


def stage_lines(result: dict[str, dict[str, float]]) -> list[str]:
    total = sum(result["seconds"].values())
    return [
        f"{name:<26} {secs:7.2f} s {secs / total:6.1%}   peak RSS after: {result['peak_mib_after'][name]:.0f} MiB"
        for name, secs in result["seconds"].items()
    ]


def generation_hotspots(ctx: Context, spec: Path, top: int = 15) -> list[str]:
    """cProfile over `python -m generator generate --spec`: top functions by cumulative time."""
    out = ctx.work / "profiled" / "syn"
    measure.fresh_dir(out.parent)()
    stats_file = ctx.work / "generate.prof"
    cmd = ours_spec_cmd(ctx, spec, out)
    measure.run_checked([ctx.python, "-m", "cProfile", "-o", str(stats_file), *cmd[1:]],
                        cwd=ctx.root, env=ctx.env)
    stats = pstats.Stats(str(stats_file))
    spine = hotspot_lines(stats, "cumtime", top * 4)
    below = [line for line in spine if not _SKIP.search(line) and float(line.split("%")[0]) < 60.0]
    own = hotspot_lines(stats, "tottime", top)
    return ["by cumulative time (below 60 %, the CLI spine left out):", *below[:top],
            "by own time:", *own]


_IMPORTTIME = re.compile(r"import time:\s+(\d+) \|\s+(\d+) \|\s*(\S+)")


def import_seconds(ctx: Context, module: str, reps: int) -> float:
    """Median cumulative import time of `module` (`-X importtime`), bytecode already cached."""
    measure.run_checked([ctx.python, "-c", f"import {module}"], cwd=ctx.root, env=ctx.env)
    found = []
    for _ in range(reps):
        sample = measure.run_checked([ctx.python, "-X", "importtime", "-c", f"import {module}"],
                                     cwd=ctx.root, env=ctx.env)
        for match in _IMPORTTIME.finditer(sample.stderr):
            if match.group(3) == module:
                found.append(int(match.group(2)) / 1e6)
    return statistics.median(found)
