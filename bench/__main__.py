"""`make bench`: one table of ratios and medians measured side by side in the same run.

    python -m bench                # providers, no-op check, N = 100/1000/5000, GitHub's and
                                   # OpenAI's documents, clients, imports, the large-API rows
    python -m bench --quick        # fewer repetitions, N = 100/1000, no real document
    python -m bench --only-openai  # OpenAI's document alone, ours vs openapi-python-client
    python -m bench --only-large-api  # GitHub's API as a package: import and first call, ours vs
                                      # githubkit and opc's package (bench/large_api.py)
    python -m bench --skip-diff    # without `diff` on the real version pairs (bench/drift_pairs.py)
    python -m bench --only-targets # the generation targets of issue #21: providers, OpenAI's and
                                   # GitHub's documents, regenerating GitHub's unchanged and after
                                   # one description edit (cache on: bench/regenerate.py)

Progress goes to stderr; the table (and, for missed targets, where the time goes) to stdout.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import shutil
import subprocess
import sys
import time
from pathlib import Path

from . import drift_pairs, generation, large_api, measure, overhead, profiles, real_spec, regenerate
from .generation import Context
from .table import Row, ratio, render, seconds

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / ".bench"
CACHE = ROOT / ".bench-cache"  # downloads kept across runs (WORK is wiped)
BENCH_TOOLS = ("openapi-python-client", "openai", "httpx")


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def ensure_tools(python: str) -> None:
    """Install the bench-only tools at the versions requirements.lock pins, when missing."""
    missing = []
    for name in BENCH_TOOLS:
        try:
            importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            missing.append(name)
    if not missing:
        return
    lock = (ROOT / "requirements.lock").read_text(encoding="utf-8").splitlines()
    pins = {line.split("==")[0].lower(): line.strip() for line in lock if "==" in line}
    wanted = [pins.get(name, name) for name in missing]
    log(f"installing {', '.join(wanted)}")
    subprocess.run([python, "-m", "pip", "install", "--quiet", *wanted], check=True)


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="fewer repetitions, sizes 100 and 1000")
    parser.add_argument("--sizes", type=int, nargs="+", help="synthetic document sizes (schemas)")
    parser.add_argument("--reps", type=int, help="repetitions per generation measurement")
    parser.add_argument("--skip-generation", action="store_true")
    parser.add_argument("--skip-clients", action="store_true")
    parser.add_argument("--skip-real", action="store_true",
                        help="skip the large real documents (GitHub's and OpenAI's, and the "
                             "large-API rows; not run with --quick)")
    parser.add_argument("--only-openai", action="store_true",
                        help="only OpenAI's document, ours vs openapi-python-client "
                             "(--reps runs each)")
    parser.add_argument("--only-large-api", action="store_true",
                        help="only the large-API rows: GitHub's API as ours, githubkit and opc's "
                             "package, import and first call (bench/large_api.py)")
    parser.add_argument("--only-targets", action="store_true",
                        help="only the generation targets: the providers, OpenAI's and GitHub's "
                             "documents, regenerating GitHub's unchanged and after one edit")
    parser.add_argument("--skip-diff", action="store_true",
                        help="skip `diff` on the real version pairs "
                             "(--quick: the small pairs only)")
    parser.add_argument("--profile-size", type=int, default=1000,
                        help="synthetic size profiled with cProfile when a generation target "
                             "is missed")
    return parser.parse_args(argv)


def context(args: argparse.Namespace) -> Context:
    python = sys.executable
    if WORK.exists():
        shutil.rmtree(WORK)
    WORK.mkdir(parents=True)
    reps = args.reps or (2 if args.quick else 3)
    env = measure.bench_env(python, WORK / "pycache")
    return Context(python=python, root=ROOT, work=WORK, env=env,
                   reps=reps, large_reps=1, log=log)


def generation_section(ctx: Context, sizes: list[int], profile_size: int,
                       real: bool) -> tuple[list[Row], list[str]]:
    generation.warm_up(ctx)
    rows = generation.providers(ctx) + generation.noop_check(ctx)
    synthetic_rows, results = generation.synthetic(ctx, sizes)
    rows += synthetic_rows
    if real:
        # GitHub's document cold (an empty cache), unchanged and edited: bench/regenerate.py
        rows += real_spec.openai_rows(ctx, ctx.reps) + regenerate.rows(ctx, CACHE)
    notes: list[str] = []
    largest = results[-1]
    log(f"generation: stage breakdown at N={largest.n_schemas}")
    breakdown = profiles.stages(ctx, WORK / f"synthetic-{largest.n_schemas}.json")
    if breakdown:
        notes += [f"stages of `generate --spec` at N={largest.n_schemas} (one run, plain timers):",
                  *("  " + line for line in profiles.stage_lines(breakdown))]
    if any(row.met is False for row in rows):
        log(f"generation: cProfile at N={profile_size}")
        spec = generation.spec_file(ctx, profile_size)
        notes += [f"hotspots of `generate --spec` at N={profile_size} (cProfile, cumulative):",
                  *("  " + line for line in profiles.generation_hotspots(ctx, spec))]
    return rows, notes


def clients_section(ctx: Context, rounds: int) -> tuple[list[Row], list[str]]:
    results = overhead.run_clients(ctx, rounds)
    rows = overhead.rows(results)
    notes: list[str] = []
    missed = overhead.missed(results)
    if missed:
        log(f"client overhead: profiling {', '.join(missed)}")
        notes += overhead.profile_clients(ctx, missed)
    return rows, notes


def import_rows(ctx: Context, reps: int) -> list[Row]:
    log("import time")
    ours = profiles.import_seconds(ctx, "generated.ionos", reps)
    peer = profiles.import_seconds(ctx, "openai", reps)
    return [Row("import generated.ionos vs import openai (-X importtime)", seconds(ours),
                seconds(peer),
                ratio(ours, peer))]


def only(rows: list[Row], started: float) -> int:
    """The table of a single section (`--only-...`)."""
    print(render(rows))
    missed = sum(1 for row in rows if row.met is False)
    print(f"{missed} target(s) missed; bench took {time.perf_counter() - started:.0f} s")
    return 0


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    started = time.perf_counter()
    ensure_tools(sys.executable)
    ctx = context(args)
    sizes = args.sizes or ([100, 1000] if args.quick else [100, 1000, 5000])
    rows: list[Row] = []
    notes: list[str] = []
    if args.only_openai:
        generation.warm_up(ctx)
        return only(real_spec.openai_rows(ctx, ctx.reps), started)
    if args.only_targets:
        generation.warm_up(ctx)
        return only(generation.providers(ctx) + real_spec.openai_rows(ctx, ctx.reps)
                    + regenerate.rows(ctx, CACHE), started)
    if args.only_large_api:
        return only(large_api.rows(ctx, CACHE), started)
    if not args.skip_generation:
        real = not (args.quick or args.skip_real)
        section_rows, section_notes = generation_section(ctx, sizes, args.profile_size, real)
        rows += section_rows
        notes += section_notes
    if not args.skip_diff:
        log("diff: real version pairs (bench/drift_pins.json)")
        small = args.quick or args.skip_real
        rows += drift_pairs.rows(ctx.python, ROOT, ctx.env, drift_pairs.SMALL if small else None)
    if not args.skip_clients:
        section_rows, section_notes = clients_section(ctx, 3 if args.quick else 5)
        rows += section_rows + import_rows(ctx, 5 if args.quick else 9)
        notes += section_notes
    if not (args.quick or args.skip_real):
        rows += large_api.rows(ctx, CACHE)
    print(render(rows))
    print("\n".join(["", *notes]) if notes else "")
    missed = sum(1 for row in rows if row.met is False)
    print(f"{missed} target(s) missed; bench took {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
