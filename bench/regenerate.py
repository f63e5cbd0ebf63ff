"""Regeneration with the cache on (issue #21): GitHub's REST description generated again unchanged,
and again after one operation's description was edited, against openapi-python-client's full
run of the same document (it has no cache: every run is a full one).

The cache lives in a folder of this bench run (`OPENAPI_CLIENTGEN_CACHE_DIR`), primed by one
untimed cold run; everything else is the environment of the other rows. An unchanged document
is restored whole from the package cache; the edited one misses it (its bytes changed) but its
components are those of the primed run, so datamodel-code-generator's output comes from the
cache and the rest (load, validation, the IR, rendering, formatting) runs.
"""

from __future__ import annotations

import json
from pathlib import Path

from . import measure
from .generation import Context, opc_cmd, ours_spec_cmd
from .real_spec import github_spec
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
            out: Path) -> measure.Sample:
    sample = measure.run_checked(cmd, cwd=ctx.root, env=env)
    ctx.log(f"  {label}: {sample.wall:.2f} s (CPU {sample.cpu:.2f} s), "
            f"peak {sample.peak_kib / 1024:.0f} MiB")
    return sample


def rows(ctx: Context, cache: Path) -> list[Row]:
    ctx.log("generation: regeneration with the cache, GitHub's REST description")
    spec = github_spec(cache)
    edited = edited_copy(spec, ctx.work / "github-edited" / spec.name)
    env = cached_env(ctx)
    out = ctx.work / "github_cached"
    _sample(ctx, "ours, cold, priming the cache", ours_spec_cmd(ctx, spec, out), env, out)
    unchanged = [_sample(ctx, "ours, unchanged", ours_spec_cmd(ctx, spec, out), env, out)
                 for _ in range(max(1, ctx.reps))]
    once = _sample(ctx, "ours, one description edited",
                   ours_spec_cmd(ctx, edited, ctx.work / "github_edited"), env, out)
    opc_out = ctx.work / "opc_github_edited"
    measure.fresh_dir(opc_out)()
    theirs = _sample(ctx, "openapi-python-client, edited (full run)",
                     opc_cmd(ctx, edited, opc_out), ctx.env, opc_out)
    warm = measure.summarize(unchanged)
    return [
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
