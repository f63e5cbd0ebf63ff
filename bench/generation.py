"""Generation benchmarks: ours against openapi-python-client, each run a cold process.

Rows: the three providers (ours in one process vs openapi-python-client run once per
document, as its users would), a no-op `check`, and synthetic documents of growing size
(median time, peak memory, operations kept, growth from each size to the next).
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from . import counting, measure
from .measure import Summary
from .synthetic import count_operations, make_spec
from .table import Row, ratio, seconds

GIB_MIB = 1024.0


@dataclass(frozen=True)
class Context:
    python: str
    root: Path
    work: Path
    env: dict[str, str]
    reps: int  # repetitions for small and medium runs
    large_reps: int  # repetitions at the largest sizes (>= 5000 schemas)
    log: Callable[[str], None] = print

    @property
    def opc(self) -> str:
        return str(Path(self.python).parent / "openapi-python-client")

    def reps_for(self, n_schemas: int) -> int:
        return self.large_reps if n_schemas >= 5000 else self.reps


def timed(ctx: Context, label: str, cmd: Sequence[str], reps: int, out: Path) -> Summary:
    samples = measure.repeat(cmd, reps, cwd=ctx.root, env=ctx.env, before=measure.fresh_dir(out))
    summary = measure.summarize(samples)
    ctx.log(f"  {label}: median {summary.wall:.2f} s (CPU {summary.cpu:.2f} s) over {reps}, "
            f"peak {summary.peak_mib:.0f} MiB")
    return summary


def ours_spec_cmd(ctx: Context, spec: Path, out: Path) -> list[str]:
    return [ctx.python, "-m", "generator", "generate", "--spec", str(spec), "--out", str(out),
            "--package", out.name]


def opc_cmd(ctx: Context, spec: Path, out: Path) -> list[str]:
    return [ctx.opc, "generate", "--path", str(spec), "--output-path", str(out), "--overwrite"]


def warm_up(ctx: Context) -> None:
    """One untimed run of each tool, so that the timed runs find compiled bytecode."""
    spec = spec_file(ctx, 100)
    for cmd in (ours_spec_cmd(ctx, spec, ctx.work / "warm_ours"), opc_cmd(ctx, spec, ctx.work / "warm_opc")):
        measure.run_checked(cmd, cwd=ctx.root, env=ctx.env)


# -- the three providers -------------------------------------------------------------------


def provider_specs(root: Path) -> list[Path]:
    from generator.manifest import load_manifest

    return [provider.spec for provider in load_manifest(root / "specs" / "providers.yaml").providers]


def providers(ctx: Context) -> list[Row]:
    ctx.log("generation: the three providers")
    out = ctx.work / "providers"
    ours = timed(ctx, "ours, one process", [ctx.python, "-m", "generator", "generate", "--out", str(out)],
                  ctx.reps, out)
    theirs = theirs_cpu = 0.0
    for spec in provider_specs(ctx.root):
        target = ctx.work / f"opc_{spec.parent.name}"
        summary = timed(ctx, f"openapi-python-client {spec.parent.name}", opc_cmd(ctx, spec, target),
                        ctx.reps, target)
        theirs += summary.wall
        theirs_cpu += summary.cpu
    return [Row("generate 3 providers (cold, 1 process) vs opc x3 runs", seconds(ours.wall), seconds(theirs),
                ratio(ours.wall, theirs), "<= 0.50x", ours.wall <= 0.5 * theirs),
            Row("generate 3 providers: CPU time", seconds(ours.cpu), seconds(theirs_cpu),
                ratio(ours.cpu, theirs_cpu))]


def noop_check(ctx: Context) -> list[Row]:
    """`check` against a tree just generated: nothing changed, so nothing to do."""
    ctx.log("generation: no-op check")
    cmd = [ctx.python, "-m", "generator", "check", "--output", str(ctx.work / "providers")]
    samples = [measure.run_once(cmd, cwd=ctx.root, env=ctx.env) for _ in range(max(3, ctx.reps))]
    startup = measure.summarize(
        [measure.run_checked([ctx.python, "-c", "pass"], cwd=ctx.root, env=ctx.env) for _ in range(5)]
    )
    check = measure.summarize(samples)
    clean = all(s.returncode == 0 for s in samples)
    ctx.log(f"  check: median {check.wall:.2f} s (exit codes {[s.returncode for s in samples]})")
    label = "no-op `check` vs bare `python -c pass`" + ("" if clean else " (REPORTED DRIFT)")
    return [Row(label, seconds(check.wall), seconds(startup.wall), ratio(check.wall, startup.wall),
                "< 0.3 s", clean and check.wall < 0.3)]


# -- synthetic documents -------------------------------------------------------------------


@dataclass
class SizeResult:
    n_schemas: int
    operations: int
    ours: Summary
    theirs: Summary
    ours_kept: int
    theirs_kept: int
    notes: list[str] = field(default_factory=list)


def spec_file(ctx: Context, n_schemas: int) -> Path:
    spec = ctx.work / f"synthetic-{n_schemas}.json"
    if not spec.exists():
        spec.write_text(json.dumps(make_spec(n_schemas)), encoding="utf-8")
    return spec


def synthetic_size(ctx: Context, n_schemas: int) -> SizeResult:
    ctx.log(f"generation: synthetic document, {n_schemas} schemas")
    spec = spec_file(ctx, n_schemas)
    operations = count_operations(json.loads(spec.read_text(encoding="utf-8")))
    ours_out, opc_out = ctx.work / f"syn{n_schemas}", ctx.work / f"opc{n_schemas}"
    reps = ctx.reps_for(n_schemas)
    ours = timed(ctx, "ours", ours_spec_cmd(ctx, spec, ours_out), reps, ours_out)
    theirs = timed(ctx, "openapi-python-client", opc_cmd(ctx, spec, opc_out), reps, opc_out)
    return SizeResult(n_schemas, operations, ours, theirs,
                      counting.ours(ours_out), counting.openapi_python_client(opc_out))


def size_rows(result: SizeResult) -> list[Row]:
    n, large = result.n_schemas, result.n_schemas >= 1000
    ours, theirs = result.ours, result.theirs
    runs = f" (median of {ours.runs})" if ours.runs > 1 else " (1 run)"
    rows = [
        Row(f"generate N={n}: time{runs}", seconds(ours.wall), seconds(theirs.wall),
            ratio(ours.wall, theirs.wall), "<= 1.00x" if large else "",
            ours.wall <= theirs.wall if large else None),
        Row(f"generate N={n}: peak memory", f"{ours.peak_mib:.0f} MiB", f"{theirs.peak_mib:.0f} MiB",
            ratio(ours.peak_mib, theirs.peak_mib), "< 1024 MiB" if n >= 5000 else "",
            ours.peak_mib < GIB_MIB if n >= 5000 else None),
        Row(f"generate N={n}: operations kept", f"{result.ours_kept}/{result.operations}",
            f"{result.theirs_kept}/{result.operations}", "", "all", result.ours_kept == result.operations),
    ]
    return rows


def growth_rows(results: list[SizeResult]) -> list[Row]:
    rows = []
    for small, big in itertools.pairwise(results):
        size = big.n_schemas / small.n_schemas
        ours = big.ours.wall / small.ours.wall
        theirs = big.theirs.wall / small.theirs.wall
        exponent = math.log(ours) / math.log(size)
        rows.append(Row(
            f"time growth N={small.n_schemas}->{big.n_schemas} (x{size:g} schemas)",
            f"x{ours:.2f} (n^{exponent:.2f})", f"x{theirs:.2f}", ratio(ours, theirs),
            f"<= x{size:g} (linear)", ours <= size,
        ))
        mem = big.ours.peak_mib / small.ours.peak_mib
        rows.append(Row(
            f"memory growth N={small.n_schemas}->{big.n_schemas}", f"x{mem:.2f}",
            f"x{big.theirs.peak_mib / small.theirs.peak_mib:.2f}", "", "", None,
        ))
    return rows


def synthetic(ctx: Context, sizes: Sequence[int]) -> tuple[list[Row], list[SizeResult]]:
    results = [synthetic_size(ctx, n) for n in sizes]
    rows = [row for result in results for row in size_rows(result)]
    return rows + growth_rows(results), results
