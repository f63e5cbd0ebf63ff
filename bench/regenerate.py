"""GitHub's REST description with the cache on (issue #21): generated cold (an empty cache),
again unchanged, and again after one operation's description was edited, each against
openapi-python-client's full run of the document (it has no cache: every run is a full one; one
run of the edited copy stands for all three, the edit changes nothing it does).

The cache lives in a folder of this bench run (`OPENAPI_CLIENTGEN_CACHE_DIR`), empty before the
cold run, which fills it; everything else is the environment of the other rows. A cold run with
an empty cache does all the work a run without the cache does, and writes its entries (the
verdict, dcg's output, the split of models.py, the formatted files, the rendered modules'
readings, the package). An unchanged document is restored whole from the package cache by its
bytes (nothing loaded) into the folder that already holds it (nothing written); the edited one
misses it (its bytes changed) but its components are those of the primed run, so dcg's output,
its split and its index come from the cache, and so do the unchanged files' formatting and
readings (names bound twice, methods); the rest (load, validation, the IR, rendering) runs. The edited copy is
regenerated as a user regenerates after editing their document: into the same folder, under
the same package name, so the package's unchanged files are reused, not written again
(`io.write`).

`python -m bench.regenerate [--reps N]` runs these rows alone.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from . import counting, generation, measure
from .generation import Context, opc_cmd, ours_spec_cmd
from .real_spec import github_spec
from .synthetic import count_operations
from .table import Row, ratio, seconds

EDITED_TEXT = "Edited by the bench: one operation's description, nothing else."


def edited_copy(spec: Path, target: Path) -> Path:
    """`spec` with the description of its first operation replaced (the components untouched)."""
    data = json.loads(spec.read_text(encoding="utf-8"))
    path_item = next(iter(data["paths"].values()))
    operation = next(value for key, value in path_item.items()
                     if key in ("get", "put", "post", "delete", "patch", "options", "head"))
    operation["description"] = EDITED_TEXT
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return target


def cached_env(ctx: Context) -> dict[str, str]:
    env = dict(ctx.env)
    env.pop("OPENAPI_CLIENTGEN_NO_CACHE", None)
    env["OPENAPI_CLIENTGEN_CACHE_DIR"] = str(ctx.work / "generation-cache")
    return env


def _sample(ctx: Context, label: str, cmd: list[str], env: dict[str, str],
            out: Path, *, sample_memory: bool = True) -> measure.Sample:
    sample = measure.run_checked(cmd, cwd=ctx.root, env=env, sample_memory=sample_memory)
    return _logged(ctx, label, sample)


def _logged(ctx: Context, label: str, sample: measure.Sample) -> measure.Sample:
    ctx.log(f"  {label}: {sample.wall:.2f} s (CPU {sample.cpu:.2f} s), "
            f"peak {sample.peak_kib / 1024:.0f} MiB")
    return sample


def _apart(ctx: Context, label: str, make_cmd: Callable[[Path], list[str]], env: dict[str, str],
          out: Path, cache_dir: Path | None = None) -> measure.Sample:
    """A generation's time from a run whose memory is not sampled, its peak from one that is
    (`measure.timed_and_sampled`): the sampler's own cost is no part of the time. The sampled
    run works in a place of its own (`sampled/`, the same names: a folder names its
    package), its state as the timed run's: a cold run there first, the next runs on what it
    left (no large tree is deleted just before a run: that slows the run's file creation on
    this machine's ext4); the timed run's `out` and `cache_dir` are what the next rows find."""
    def run(sampled: bool) -> measure.Sample:
        def place(path: Path) -> Path:  # (the same name: it names the package)
            return path.parent / "sampled" / path.name if sampled else path

        folder = place(out)
        run_env = dict(env)
        if cache_dir is not None:
            run_env["OPENAPI_CLIENTGEN_CACHE_DIR"] = str(place(cache_dir))
        return measure.run_checked(make_cmd(folder), cwd=ctx.root, env=run_env,
                                   sample_memory=sampled)

    return _logged(ctx, label, measure.timed_and_sampled(run))


def rows(ctx: Context, cache: Path) -> list[Row]:
    ctx.log("generation: GitHub's REST description, cold, unchanged and edited, cache on")
    spec = github_spec(cache)
    edited = edited_copy(spec, ctx.work / "github-edited" / spec.name)
    env = cached_env(ctx)
    out = ctx.work / "github"
    cold = _apart(ctx, "ours, cold (empty cache)", lambda folder: ours_spec_cmd(ctx, spec, folder),
                 env, out, Path(env["OPENAPI_CLIENTGEN_CACHE_DIR"]))
    kept_ours = counting.ours(out)
    used_out = ctx.work / "github_used"
    used = _sample(ctx, "ours, --models used, no cache",
                   [*ours_spec_cmd(ctx, spec, used_out), "--models", "used"], ctx.env, used_out)
    unchanged = [_sample(ctx, "ours, unchanged", ours_spec_cmd(ctx, spec, out), env, out,
                         sample_memory=False)  # (its time only: no peak is reported)
                 for _ in range(max(1, ctx.reps))]
    once = _apart(ctx, "ours, one description edited (regenerating the same folder)",
                 lambda folder: ours_spec_cmd(ctx, edited, folder), env, out,
                 Path(env["OPENAPI_CLIENTGEN_CACHE_DIR"]))
    opc_out = ctx.work / "opc_github"
    theirs = _apart(ctx, "openapi-python-client (full run)",
                   lambda folder: opc_cmd(ctx, edited, folder), ctx.env, opc_out)
    warm = measure.summarize(unchanged)
    operations = count_operations(json.loads(spec.read_text(encoding="utf-8")))
    label = f"GitHub REST API ({spec.stat().st_size / 1e6:.0f} MB, {operations} operations)"
    return [*_cold_rows(label, cold, theirs, (kept_ours, counting.openapi_python_client(opc_out),
                                               operations)),
        # not like-for-like (opc makes a model of every schema): what a user of the option meets
        Row("generate GitHub with --models used (models only for the schemas operations use; "
            "opc makes all): time (1 run)", seconds(used.wall), seconds(theirs.wall),
            ratio(used.wall, theirs.wall)),
        Row("generate GitHub with --models used: CPU time / peak memory",
            f"{used.cpu:.2f} s / {used.peak_kib / 1024:.0f} MiB",
            f"{theirs.cpu:.2f} s / {theirs.peak_kib / 1024:.0f} MiB", ratio(used.cpu, theirs.cpu)),
        Row(f"regenerate GitHub unchanged, cache on: time (median of {warm.runs})",
            seconds(warm.wall), seconds(theirs.wall), ratio(warm.wall, theirs.wall),
            "<= 0.05x", warm.wall <= 0.05 * theirs.wall),
        Row("regenerate GitHub unchanged, cache on: CPU time", seconds(warm.cpu),
            seconds(theirs.cpu), ratio(warm.cpu, theirs.cpu)),
        Row("regenerate GitHub, one description edited, cache on: time (1 run)",
            seconds(once.wall), seconds(theirs.wall), ratio(once.wall, theirs.wall),
            "<= 0.30x", once.wall <= 0.3 * theirs.wall),
        Row("regenerate GitHub, one description edited, cache on: CPU time", seconds(once.cpu),
            seconds(theirs.cpu), ratio(once.cpu, theirs.cpu)),
        Row("regenerate GitHub, one description edited: peak memory",
            f"{once.peak_kib / 1024:.0f} MiB", f"{theirs.peak_kib / 1024:.0f} MiB",
            ratio(once.peak_kib, theirs.peak_kib)),
    ]


def _cold_rows(label: str, ours: measure.Sample, theirs: measure.Sample,
               kept: tuple[int, int, int]) -> list[Row]:
    ours_mib, theirs_mib = ours.peak_kib / 1024, theirs.peak_kib / 1024
    return [
        Row(f"generate {label}: time (1 run)", seconds(ours.wall), seconds(theirs.wall),
            ratio(ours.wall, theirs.wall), "<= 1.50x", ours.wall <= 1.5 * theirs.wall),
        Row(f"generate {label}: CPU time (1 run)", seconds(ours.cpu), seconds(theirs.cpu),
            ratio(ours.cpu, theirs.cpu)),
        Row(f"generate {label}: peak memory", f"{ours_mib:.0f} MiB", f"{theirs_mib:.0f} MiB",
            ratio(ours_mib, theirs_mib), "<= 750 MiB", ours_mib <= 750),
        Row(f"generate {label}: operations kept", f"{kept[0]}/{kept[2]}", f"{kept[1]}/{kept[2]}",
            "", "all", kept[0] == kept[2]),
    ]


def main(argv: list[str]) -> int:
    """`python -m bench.regenerate [--reps N]`: these rows alone (the bench's context, tools
    checked, the table printed as `python -m bench --only-...` prints one)."""
    import time

    from . import __main__ as bench

    started = time.perf_counter()
    args = bench.parse_args(argv)
    bench.ensure_tools(bench.sys.executable)
    ctx = bench.context(args)
    generation.warm_up(ctx)
    return bench.only(rows(ctx, bench.CACHE), started)


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
