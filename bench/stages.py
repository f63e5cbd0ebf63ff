"""Where generation time and memory go: the pipeline's stages timed one by one.

    python -m bench.stages SPEC OUT_DIR   # prints JSON: stage -> seconds, and peak RSS after each

Calls the same functions as `python -m generator generate --spec` (generator/pipeline.py),
one after the other, with plain timers (no profiler overhead), and this process's peak RSS
after each stage (`ruff` runs as a child and is not in it).
"""

from __future__ import annotations

import json
import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")


def _peak_mib() -> float:
    """This process's RSS high-water mark: VmHWM belongs to the address space exec made, where
    ru_maxrss would also count the (large) process that spawned this one."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run_stages(spec: Path, out: Path) -> dict[str, Any]:
    from generator import ir, pipeline, render, validate
    from generator import models as datamodels
    from generator.document.loading import load
    from generator.io import write
    from generator.output import format
    from generator.validate.openapi import spec_problems

    timings: dict[str, float] = {}
    peaks: dict[str, float] = {}

    def timed(name: str, work: Callable[[], T]) -> T:
        start = time.perf_counter()
        result = work()
        timings[name] = time.perf_counter() - start
        peaks[name] = _peak_mib()
        return result

    target = pipeline.target_for_spec(spec, out.name)
    document = timed("load", lambda: load(target.spec))
    timed("own checks", lambda: validate.own_checks(document))
    # `generate` runs this one in a forked child, beside the stages below
    timed("openapi-spec-validator (in parallel)", lambda: spec_problems(document))
    api = timed("ir.build", lambda: ir.build(document.data, target.options))
    models = timed(
        "datamodel-code-generator",
        lambda: datamodels.models_source(api.models_input, api.required_classes, str(spec)),
    )
    files = timed("render", lambda: render.render(api, models))
    formatted = timed("ruff (format_packages)", lambda: format.format_packages({out.name: files}))
    timed("write", lambda: write.write(formatted[out.name], out))
    return {"seconds": timings, "peak_mib_after": peaks}


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m bench.stages SPEC OUT_DIR", file=sys.stderr)
        return 2
    print(json.dumps(run_stages(Path(argv[0]), Path(argv[1]))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
