"""dcg with and without our speed-ups (`generator.models.dcg_speed`): the same models.py, less CPU.

    python -m bench.dcg_speed [--rounds N] [NAME ...]   # prints one JSON line per run, then a summary

NAME is `github`, `openai` (the documents in .bench-cache), `providers` (the three of
specs/providers.yaml in one process, as `generate` runs them) or `synthetic` (bench/synthetic.py,
1000 schemas); all of them by default. Each run is a fresh process (dcg's first call in a process
costs its imports), "fast" and "plain" alternating, so both see the same load. It reports the CPU
of the models stage (`models.build.models_source`: dcg plus our fixes and index), the CPU of dcg's
own thread, and the sha256 of models.py, its group modules and its classes: the summary says whether all
of them are identical between the two modes.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CACHE = Path(os.environ.get("BENCH_CACHE", ROOT / ".bench-cache"))
DOCUMENTS = {
    "github": [(CACHE / "api.github.com.json", None)],
    "openai": [(CACHE / "corpus" / "docs" / "ai_openai.yaml", None)],
    "providers": [
        (ROOT / "specs" / name / spec, ROOT / "specs" / name / "overlay.yaml")
        for name, spec in (
            ("infomaniak", "openapi.yaml"),
            ("ionos", "openapi.json"),
            ("nebius", "openapi.yaml"),
        )
    ],
    "synthetic": [],
}


def _models_inputs(name: str) -> list[tuple[dict[str, Any], frozenset[str], str]]:
    """What the models stage is given for each document of `name` (load and ir, not timed)."""
    from generator import ir, pipeline
    from generator.document.loading import load

    if name == "synthetic":
        from bench.synthetic import make_spec

        target = pipeline.target_for_spec(Path("synthetic.json"), "synthetic")
        api = ir.build(make_spec(1000), target.options)
        return [(api.models_input, api.required_classes, "synthetic.json")]
    inputs = []
    for spec, overlay in DOCUMENTS[name]:
        target = pipeline.target_for_spec(spec, "bench", overlay)
        api = ir.build(load(target.spec, overlay=target.overlay).data, target.options)
        inputs.append((api.models_input, api.required_classes, str(spec)))
    return inputs


def _child(mode: str, inputs_file: str) -> None:
    """One run: the models stage over the pickled inputs, dcg's speed-ups on or off."""
    from generator.models import build, dcg_speed, run

    with open(inputs_file, "rb") as handle:
        inputs = pickle.load(handle)  # written by this script's parent
    if mode == "plain":
        dcg_speed.install = lambda: None  # type: ignore[assignment]
    dcg_thread = [0.0]
    original = run._run_dcg

    def timed_dcg(*args: Any) -> str:
        start = time.thread_time()
        try:
            return original(*args)
        finally:
            dcg_thread[0] += time.thread_time() - start

    run._run_dcg = timed_dcg  # type: ignore[assignment]
    digest = hashlib.sha256()
    start = time.process_time()
    for document, required, source in inputs:
        models = build.models_source(document, required, source)
        digest.update(models.source.encode())
        digest.update(f"\0{models.modules!r}\0{sorted(models.classes)}\0".encode())
    print(
        json.dumps(
            {
                "mode": mode,
                "models_cpu": round(time.process_time() - start, 3),
                "dcg_thread_cpu": round(dcg_thread[0], 3),
                "sha256": digest.hexdigest(),
            }
        )
    )


def _compare(name: str, rounds: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as work:
        inputs_file = Path(work) / "inputs.pickle"
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(100_000)  # deep documents pickle deep
        try:
            inputs_file.write_bytes(pickle.dumps(_models_inputs(name)))
        finally:
            sys.setrecursionlimit(limit)
        runs: dict[str, list[dict[str, Any]]] = {"fast": [], "plain": []}
        for _ in range(rounds):
            for mode in ("fast", "plain"):
                out = subprocess.run(
                    [sys.executable, "-m", "bench.dcg_speed", "--child", mode, str(inputs_file)],
                    check=True,
                    capture_output=True,
                    text=True,
                    cwd=ROOT,
                )
                run = json.loads(out.stdout.strip().splitlines()[-1])
                print(json.dumps({"document": name, **run}), flush=True)
                runs[mode].append(run)
    digests = {run["sha256"] for mode_runs in runs.values() for run in mode_runs}
    return {
        "document": name,
        "identical": len(digests) == 1,
        **{
            f"{mode}_{what}": sorted(run[what] for run in mode_runs)
            for mode, mode_runs in runs.items()
            for what in ("models_cpu", "dcg_thread_cpu")
        },
    }


def main(argv: list[str]) -> int:
    if argv[:1] == ["--child"]:
        sys.setrecursionlimit(100_000)
        _child(argv[1], argv[2])
        return 0
    rounds = 2
    if argv[:1] == ["--rounds"]:
        rounds, argv = int(argv[1]), argv[2:]
    names = argv or list(DOCUMENTS)
    summaries = [_compare(name, rounds) for name in names]
    for summary in summaries:
        print(json.dumps(summary))
    return 0 if all(summary["identical"] for summary in summaries) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
