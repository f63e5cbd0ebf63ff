"""`make corpus`: our generator and openapi-python-client over the pinned real-world corpus.

    python -m bench.corpus                     # every pinned document, 2 at a time
    python -m bench.corpus --limit 20          # the first 20 (sorted by name)
    python -m bench.corpus --only ai/openai --only apis-guru/stripe.com
    python -m bench.corpus --tools ours        # our generator alone
    python -m bench.corpus --fresh             # rerun even what the cache has
    python -m bench.corpus --only peer- --mypy --readme   # + mypy --strict (ours and opc), README runs

For each document (bench/corpus_pins.json, fetched and verified by bench/corpus_sources.py):
ours generates it (`python -m generator generate --spec DOC --out TMP/pkg --package pkg`), a
fresh interpreter imports the package and every module in it, and openapi-python-client
generates the same document (`--meta none`). Exit 0 counts as generated; a failure's reason is
the first problem line of its stderr (the last line for a Python traceback). What ours repaired
and skipped (the tolerant mode, docs/tolerant.md) is read from the `coverage` entry of the
generated PROVENANCE.json, and the operations it counted in the document from its summary line
(`wrote DIR: N of M operations generated, ...`).

With `--mypy`, each generated package of a document up to `--mypy-max-kb` is checked with
`mypy --strict` (ours and openapi-python-client's alike: the `mypy` column, errors counted);
with `--readme`, ours runs every Python example of its README.md against a 127.0.0.1 server
answering as the document says (tests/support/spec_server.py; the `readme` column).

Results are kept in `.bench-cache/corpus/results.json`, keyed by the document's hash and a
fingerprint of each tool, so an interrupted or repeated run redoes only what changed; a
Markdown report with the failures grouped by class goes to `.bench-cache/corpus/report.md`.
Progress goes to stderr; the table and summary to stdout.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from . import corpus_classes, counting
from .corpus_sources import CACHE, ROOT, Document, ensure_documents, load_pins, parse

RESULTS = CACHE / "results.json"
REPORT = CACHE / "report.md"
WORK = CACHE / "work"
HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
TOOLS = ("ours", "opc")
# The generator's summary line on stdout when it repaired or skipped something.
WROTE = re.compile(r"^wrote .*: (?P<generated>\d+) of (?P<operations>\d+) operations generated", re.MULTILINE)
# Its notes on stderr after a generation (one per repair, per skipped operation, and for a
# document without operations): not problems, so never a failure's reason.
NOTE = re.compile(r": (?:repaired: |skipped (?:GET|PUT|POST|DELETE|OPTIONS|HEAD|PATCH|TRACE) )"
                  r"|: no operations under `paths`")
EXAMPLES = 20  # repairs and skipped operations of a document kept verbatim in results.json (at most)

IMPORT_ALL = """\
import importlib, pkgutil
import {package} as root
names = [m.name for m in pkgutil.walk_packages(root.__path__, root.__name__ + '.')]
for name in names:
    importlib.import_module(name)
print(len(names) + 1)
"""


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


@dataclass
class Outcome:
    """One tool on one document."""

    ok: bool | None = None  # None: not run
    seconds: float = 0.0
    reason: str = ""  # first line of stderr when not ok, "timeout after N s" on a timeout
    stage: str = ""  # "generate" or "import": where ours failed
    imported: bool | None = None  # ours only
    import_seconds: float = 0.0
    operations: int | None = None  # operations in the generated client
    # ours, from the summary line: the operations the generator counted in the document
    document_operations: int | None = None
    # ours, from PROVENANCE.json's `coverage` (None: not generated)
    skipped: int | None = None  # operations left out
    skipped_lines: list[str] = field(default_factory=list)  # `GET /path: why`: EXAMPLES, one of each class first
    skip_classes: dict[str, int] = field(default_factory=dict)
    repairs: int | None = None
    repair_lines: list[str] = field(default_factory=list)  # `pointer: problem -> repair`: likewise
    repair_classes: dict[str, int] = field(default_factory=dict)  # by what the repair did
    repair_problems: dict[str, int] = field(default_factory=dict)  # by the problem repaired
    stderr: list[str] = field(default_factory=list)  # ours: the first 200 lines; opc: first and last
    mypy_errors: int | None = None  # `mypy --strict` errors in the package (None: not checked)
    readme: bool | None = None  # ours: every README example ran (None: not run)
    readme_reason: str = ""


@dataclass
class Result:
    name: str
    key: dict[str, str]
    openapi: str
    format: str
    bytes: int
    operations: int | None
    ours: Outcome
    opc: Outcome


# -- fingerprints ----------------------------------------------------------------------------


def tree_hash(*folders: Path) -> str:
    digest = hashlib.sha256()
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(ROOT)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def fingerprints() -> dict[str, str]:
    """What a cached result depends on, besides the document: each tool's code and version."""
    ours = tree_hash(ROOT / "generator", ROOT / "templates")
    try:
        opc = importlib.metadata.version("openapi-python-client")
    except importlib.metadata.PackageNotFoundError:
        opc = "missing"
    return {"ours": ours, "opc": opc, "python": sys.version.split()[0]}


# -- running ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Ran:
    returncode: int | None  # None: timed out
    seconds: float
    stdout: str
    stderr: str


def run(cmd: list[str], *, cwd: Path, env: dict[str, str], timeout: float) -> Ran:
    """`cmd` in its own session, so a timeout ends the whole process tree (our generator forks)."""
    start = time.perf_counter()
    process = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        out, err = process.communicate(timeout=timeout)
        code: int | None = process.returncode
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        out, err = process.communicate()
        code = None
    return Ran(code, time.perf_counter() - start, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"))


def reason(text: str) -> str:
    """The first non-empty line that is not a repair or skip note; for a Python traceback, the
    exception it ends with."""
    lines = [line.strip() for line in text.splitlines() if line.strip() and not NOTE.search(line)]
    if not lines:
        return ""
    if lines[0].startswith("Traceback"):
        return raised(text) or lines[-1]
    return lines[0]


def read_coverage(outcome: Outcome, package: Path, stdout: str) -> None:
    """Fill in what a generated package left out and repaired (its PROVENANCE.json `coverage`,
    absent when there was nothing) and the operations the generator counted in the document."""
    try:
        provenance = json.loads((package / "PROVENANCE.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        provenance = {}
    coverage = provenance.get("coverage") or {}
    repairs = coverage.get("repairs") or []
    skipped = coverage.get("skipped") or []
    outcome.repairs, outcome.skipped = len(repairs), len(skipped)
    lines = [f"{r['pointer']}: {r['problem']} -> {r['action']}" for r in repairs]
    actions = [corpus_classes.repair_class(r["action"]) for r in repairs]
    problems = [corpus_classes.classify_line(f"{r['pointer']}: {r['problem']}") for r in repairs]
    outcome.repair_lines = examples(lines, list(zip(actions, problems, strict=True)))
    outcome.repair_classes, outcome.repair_problems = tally(actions), tally(problems)
    lines = [f"{s['method']} {s['path']}: {'; '.join(s['reasons'])}" for s in skipped]
    reasons = [corpus_classes.skip_class(s["pointer"], s["reasons"]) for s in skipped]
    outcome.skipped_lines = examples(lines, reasons)
    outcome.skip_classes = tally(reasons)
    wrote = WROTE.search(stdout)
    outcome.document_operations = (int(wrote["operations"]) if wrote
                                   else (outcome.operations or 0) + outcome.skipped)


def examples(lines: list[str], classes: list[Any]) -> list[str]:
    """At most EXAMPLES of `lines`, in order: the first of each class, then the rest."""
    first: dict[Any, int] = {}
    for index, name in enumerate(classes):
        first.setdefault(name, index)
    chosen = set(list(first.values())[:EXAMPLES])
    for index in range(len(lines)):
        if len(chosen) >= EXAMPLES:
            break
        chosen.add(index)
    return [lines[index] for index in sorted(chosen)]


def tally(names: Any) -> dict[str, int]:
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))


def resolve_internal(doc: dict[str, Any], ref: str) -> Any:
    node: Any = doc
    for token in ref[2:].split("/") if ref.startswith("#/") else ["\0"]:
        token = token.replace("~1", "/").replace("~0", "~")
        node = node.get(token) if isinstance(node, dict) else None
    return node


def count_operations(doc: dict[str, Any]) -> int | None:
    """Operations in `paths`, a path item's internal `$ref` followed (external ones are not)."""
    paths = doc.get("paths")
    if not isinstance(paths, dict):
        return None
    total = 0
    for item in paths.values():
        if not isinstance(item, dict):
            continue
        verbs = {verb for verb in item if verb in HTTP_METHODS}
        target = resolve_internal(doc, item["$ref"]) if isinstance(item.get("$ref"), str) else None
        if isinstance(target, dict):
            verbs |= {verb for verb in target if verb in HTTP_METHODS}
        total += len(verbs)
    return total


@dataclass(frozen=True)
class Settings:
    python: str
    env: dict[str, str]
    timeout: float
    import_timeout: float
    tools: tuple[str, ...]
    keep: bool
    mypy_max_bytes: int | None = None  # None: no mypy column
    readme: bool = False


MYPY_FOUND = re.compile(r"^Found (\d+) errors? in", re.MULTILINE)


def mypy_errors(package: Path, s: Settings) -> int:
    """`mypy --strict` errors in `package` (a folder holding `__init__.py`), run beside it;
    -1 when mypy did not finish in the timeout."""
    cmd = [s.python, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", os.devnull,
           "--no-error-summary", "-p", package.name]
    ran = run(cmd, cwd=package.parent, env={**s.env, "MYPYPATH": str(package.parent)},
              timeout=s.timeout)
    if ran.returncode is None:
        return -1
    return sum(1 for line in ran.stdout.splitlines() if ": error:" in line)


def readme_runs(package: Path, spec: Path) -> tuple[bool, str]:
    """Every README example of our package, run against a server answering as `spec` says."""
    sys.path.insert(0, str(ROOT))
    from generator.document.loading import load
    from tests.support.spec_server import run_readme_examples, spec_server

    try:
        data = load(spec).data
    except Exception as exc:  # noqa: BLE001 - generated, but the loader's strict read refuses
        return False, f"document not loaded: {exc}"
    with spec_server(data) as server:
        ran = run_readme_examples(package, "PKG_BASE_URL", server.url)
    if ran.returncode == 0:
        return True, ""
    lines = [line for line in ran.stderr.splitlines() if line.strip()]
    return False, raised(ran.stderr) or (lines[-1] if lines else f"exit status {ran.returncode}")


GROUP_MARGIN = re.compile(r"^( *)\| ?")  # an exception group's left margin, deeper per level
GROUP_ITEM = re.compile(r"^ *\+[-+]* \d+ -+$|^ *\+-+ \.\.\. ")  # `+-+---- 1 ----`
# An exception's first line: its (dotted) class name, then `: message` or nothing.
EXCEPTION_LINE = re.compile(r"^[A-Za-z_][\w.]*(?::|$)")


def raised(stderr: str) -> str:
    """The exception a Python traceback in `stderr` ends with: the first line after the last
    traceback's frames (`pkg.errors.APIStatusError: ...`, not the message lines below it). An
    exception group's line is followed by its last sub-exception's (`ExceptionGroup: ... ->
    ValueError: ...`). Empty when `stderr` holds no traceback."""
    found: list[tuple[int, str]] = []  # (group depth, line) of each exception, in order
    in_frames = False
    for raw in stderr.splitlines():
        margin = GROUP_MARGIN.match(raw)
        depth, line = (len(margin[1]), raw[margin.end():]) if margin else (-1, raw)
        if line.rstrip().endswith("Traceback (most recent call last):") or GROUP_ITEM.match(raw):
            in_frames = True  # a group's sub-exception that was never raised has no frames
        elif in_frames and line and not line[0].isspace():
            in_frames = False
            if EXCEPTION_LINE.match(line):
                found.append((depth, line.strip()))
    if not found:
        return ""
    depth, last = found[-1]
    group = next((text for d, text in reversed(found) if d < depth), "")
    return f"{group} -> {last}" if group else last


def subprocess_env(python: str) -> dict[str, str]:
    """The venv's bin first on PATH (openapi-python-client runs `ruff`); bytecode of the
    generated packages kept out of their folders."""
    env = dict(os.environ)
    env["PATH"] = f"{Path(python).parent}{os.pathsep}{env.get('PATH', '')}"
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(CACHE / "pycache")
    return env


def run_ours(spec: Path, work: Path, s: Settings) -> Outcome:
    out = work / "ours" / "pkg"
    cmd = [s.python, "-m", "generator", "generate", "--spec", str(spec), "--out", str(out), "--package", "pkg"]
    ran = run(cmd, cwd=ROOT, env=s.env, timeout=s.timeout)
    outcome = Outcome(seconds=ran.seconds, stage="generate",
                      stderr=[line for line in ran.stderr.splitlines() if line.strip() and not NOTE.search(line)][:200])
    if ran.returncode is None:
        outcome.ok, outcome.reason = False, f"timeout after {s.timeout:.0f} s"
        return outcome
    if ran.returncode != 0 or not (out / "__init__.py").exists():
        outcome.ok = False
        outcome.reason = reason(ran.stderr) or reason(ran.stdout) or f"exit {ran.returncode}, no package"
        return outcome
    outcome.ok = True
    outcome.operations = counting.ours(out) if (out / "resources").is_dir() else 0
    read_coverage(outcome, out, ran.stdout)
    # no bytecode written for a package that is deleted next (the shared pycache would only grow)
    imported = run([s.python, "-c", IMPORT_ALL.format(package="pkg")], cwd=out.parent,
                   env={**s.env, "PYTHONDONTWRITEBYTECODE": "1"}, timeout=s.import_timeout)
    outcome.import_seconds = imported.seconds
    outcome.imported = imported.returncode == 0
    if imported.returncode is None:
        outcome.stage, outcome.reason = "import", f"import timeout after {s.import_timeout:.0f} s"
    elif imported.returncode != 0:
        outcome.stage, outcome.reason = "import", reason(imported.stderr) or f"import exit {imported.returncode}"
        outcome.stderr = [line for line in imported.stderr.splitlines() if line.strip()][-40:]
    else:
        outcome.stage = ""
        _checks(outcome, out, spec, s)
    return outcome


def _checks(outcome: Outcome, package: Path, spec: Path | None, s: Settings) -> None:
    """The optional columns: mypy --strict, and (ours) the README examples run."""
    if s.mypy_max_bytes is not None and spec is not None and spec.stat().st_size <= s.mypy_max_bytes:
        outcome.mypy_errors = mypy_errors(package, s)
    if s.readme and spec is not None and outcome.imported:
        outcome.readme, outcome.readme_reason = readme_runs(package, spec)


def run_opc(spec: Path, work: Path, s: Settings) -> Outcome:
    out = work / "opc"
    opc = str(Path(s.python).parent / "openapi-python-client")
    cmd = [opc, "generate", "--path", str(spec), "--output-path", str(out), "--meta", "none", "--overwrite"]
    ran = run(cmd, cwd=work, env=s.env, timeout=s.timeout)
    outcome = Outcome(seconds=ran.seconds, stage="generate")
    if ran.returncode is None:
        outcome.ok, outcome.reason = False, f"timeout after {s.timeout:.0f} s"
        return outcome
    outcome.ok = ran.returncode == 0 and (out / "__init__.py").exists()
    if outcome.ok:
        outcome.operations = counting.openapi_python_client(out)
        outcome.stage = ""
        _checks(outcome, out, None if s.mypy_max_bytes is None else spec, replace(s, readme=False))
    else:
        text = ran.stderr if ran.stderr.strip() else ran.stdout
        outcome.reason = opc_reason(text) or f"exit {ran.returncode}, no package"
        kept = [line for line in text.splitlines() if line.strip()]
        outcome.stderr = kept if len(kept) <= 60 else [*kept[:20], "...", *kept[-40:]]
    return outcome


def opc_reason(text: str) -> str:
    """What stopped openapi-python-client. It prints a rich traceback box ending in the
    exception, or `Error(s) encountered while generating` followed by WARNING blocks (parts it
    left out) and then the error: `Failed to parse OpenAPI document` with pydantic's lines, or
    `ruff failed` with ruff's first error. Else the first line."""
    lines = [line.strip(" │╭╮╰╯─") for line in text.splitlines()]
    lines = [line for line in lines if line]
    for index, line in enumerate(lines):
        if line.startswith("Failed to parse OpenAPI document"):
            return " / ".join(lines[index:index + 4])
        if line == "ruff failed":
            return " / ".join(lines[index:index + 2])
    for index in range(len(lines) - 1, -1, -1):
        if re.match(r"^[A-Za-z_.]*(Error|Exception)\b:", lines[index]):
            # rich wraps the message: join the lines that follow it
            return " ".join(lines[index:index + 3]) if index + 3 >= len(lines) else lines[index]
    return lines[0] if lines else ""


def run_document(doc: Document, spec: Path, key: dict[str, str], s: Settings,
                 previous: Result | None) -> Result:
    try:
        operations = count_operations(parse(spec.read_bytes(), spec.name))
    except Exception:  # noqa: BLE001 - a document our tools reject still gets a row
        operations = None
    work = WORK / doc.slug
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    try:
        ours = run_ours(spec, work, s) if "ours" in s.tools else (previous.ours if previous else Outcome())
        opc = run_opc(spec, work, s) if "opc" in s.tools else (previous.opc if previous else Outcome())
    finally:
        if not s.keep:
            shutil.rmtree(work, ignore_errors=True)
    return Result(doc.name, key, doc.openapi, doc.format, doc.bytes, operations, ours, opc)


# -- results file ----------------------------------------------------------------------------


def load_results(path: Path = RESULTS) -> dict[str, Result]:
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return {name: Result(**{**r, "ours": Outcome(**r["ours"]), "opc": Outcome(**r["opc"])})
                for name, r in data["documents"].items()}
    except (ValueError, KeyError, TypeError):
        log(f"corpus: {path} is unreadable; starting afresh")
        return {}


def save_results(results: dict[str, Result], meta: dict[str, Any], path: Path = RESULTS) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {"meta": meta, "documents": {name: asdict(results[name]) for name in sorted(results)}}
    scratch = path.with_suffix(".tmp")
    scratch.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    scratch.replace(path)


def reusable(previous: Result | None, key: dict[str, str], tool: str, *, mypy: bool = False,
             readme: bool = False) -> bool:
    """A cached outcome serves when made from the same document and tool, with the columns asked for."""
    if previous is None or getattr(previous, tool).ok is None:
        return False
    outcome = getattr(previous, tool)
    if outcome.ok and ((mypy and outcome.mypy_errors is None)
                       or (readme and tool == "ours" and outcome.imported and outcome.readme is None)):
        return False
    return previous.key.get("sha256") == key["sha256"] and previous.key.get(tool) == key[tool]


# -- output ----------------------------------------------------------------------------------


def yes(value: bool | None) -> str:
    return "-" if value is None else ("yes" if value else "NO")


def count(value: int | None) -> str:
    return "" if value is None else str(value)


def table(results: list[Result]) -> str:
    header = ("document", "OAS", "KB", "ops", "ours gen", "import", "ours ops", "skipped", "repairs",
              "ours s", "opc gen", "opc ops", "opc s", "mypy ours/opc", "readme", "ours failure")
    rows = [header]
    for r in results:
        o = r.ours
        rows.append((
            r.name, r.openapi, f"{r.bytes / 1024:.0f}", count(r.operations),
            yes(o.ok), yes(o.imported),
            f"{o.operations}/{o.document_operations}" if o.ok and o.document_operations is not None
            else count(o.operations),
            count(o.skipped), count(o.repairs),
            f"{o.seconds + o.import_seconds:.1f}" if o.ok is not None else "",
            yes(r.opc.ok), count(r.opc.operations),
            f"{r.opc.seconds:.1f}" if r.opc.ok is not None else "",
            f"{mypy_cell(o)}/{mypy_cell(r.opc)}" if o.mypy_errors is not None or r.opc.mypy_errors is not None
            else "",
            yes(o.readme),
            corpus_classes.short(o.reason or o.readme_reason, 70),
        ))
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    lines = ["| " + " | ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)) + " |" for row in rows]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


def mypy_cell(outcome: Outcome) -> str:
    """`ok`, the number of errors, `timeout`, or `-` when not checked."""
    if outcome.mypy_errors is None:
        return "-"
    return {0: "ok", -1: "timeout"}.get(outcome.mypy_errors, str(outcome.mypy_errors))


def checks_summary(results: list[Result]) -> list[str]:
    """The mypy --strict and README lines, over the documents they ran on."""
    lines = []
    for tool, label in (("ours", "ours"), ("opc", "openapi-python-client")):
        checked = [getattr(r, tool) for r in results if getattr(r, tool).mypy_errors is not None]
        if checked:
            clean = sum(1 for o in checked if o.mypy_errors == 0)
            lines.append(f"mypy --strict, {label}: clean {pct(clean, len(checked))}, "
                         f"{sum(max(o.mypy_errors or 0, 0) for o in checked)} error(s) in all")
    ran = [r.ours for r in results if r.ours.readme is not None]
    if ran:
        lines.append(f"README examples (ours) ran: {pct(sum(1 for o in ran if o.readme), len(ran))}")
    return lines


def pct(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part / whole:.0f}%)" if whole else f"{part}/0"


def kept(results: list[Result], tool: str) -> str:
    """Operations kept over the documents the tool generated, of the operations they have (ours:
    as our generator counted them; openapi-python-client: as the runner counts them)."""
    done = [r for r in results if getattr(r, tool).ok]
    if tool == "ours":
        have = sum(r.ours.document_operations if r.ours.document_operations is not None else r.operations or 0
                   for r in done)
    else:
        have = sum(r.operations or 0 for r in done)
    got = sum(getattr(r, tool).operations or 0 for r in done)
    return f"{pct(got, have)} in the {len(done)} it generated"


def summary(results: list[Result]) -> list[str]:
    """Counts over the documents each tool ran on (all of them unless --tools left one out)."""
    ours = [r for r in results if r.ours.ok is not None]
    opc = [r for r in results if r.opc.ok is not None]
    ours_gen = sum(1 for r in ours if r.ours.ok)
    ours_imp = sum(1 for r in ours if r.ours.imported)
    opc_gen = sum(1 for r in opc if r.opc.ok)
    ours_time = sum(r.ours.seconds + r.ours.import_seconds for r in ours)
    ours_import_time = sum(r.ours.import_seconds for r in ours)
    opc_time = sum(r.opc.seconds for r in opc)
    skipped = sum(r.ours.skipped or 0 for r in ours)
    skipping = sum(1 for r in ours if r.ours.skipped)
    repairs = sum(r.ours.repairs or 0 for r in ours)
    repairing = sum(1 for r in ours if r.ours.repairs)
    total_operations = sum(r.operations or 0 for r in results)
    both = sum(1 for r in results if r.ours.ok and r.opc.ok)
    only_ours = sum(1 for r in results if r.ours.ok and r.opc.ok is False)
    only_opc = sum(1 for r in results if r.ours.ok is False and r.opc.ok)
    ours_all = sum(r.ours.operations or 0 for r in ours if r.ours.ok)
    opc_all = sum(r.opc.operations or 0 for r in opc if r.opc.ok)
    lines = [
        (f"ours: generated {pct(ours_gen, len(ours))}, imported {pct(ours_imp, len(ours))}"
         f"; openapi-python-client: generated {pct(opc_gen, len(opc))}"),
        f"both generated {both}, only ours {only_ours}, only openapi-python-client {only_opc}",
        (f"operations in generated clients: ours {kept(ours, 'ours')}, openapi-python-client "
         f"{kept(opc, 'opc')}; of the {total_operations} in all {len(results)} documents: ours "
         f"{pct(ours_all, total_operations)}, openapi-python-client {pct(opc_all, total_operations)}"),
        (f"ours left out {skipped} operation(s) in {skipping} document(s) and made {repairs} repair(s) "
         f"in {repairing} document(s) (PROVENANCE.json coverage)"),
        (f"time: ours {ours_time:.0f} s (of which import {ours_import_time:.0f} s), "
         f"openapi-python-client {opc_time:.0f} s (per-document sums)"),
    ]
    return lines


def by_version(results: list[Result]) -> list[str]:
    lines = []
    for label in ("3.0", "3.1"):
        group = [r for r in results if r.openapi.startswith(label)]
        ours = [r for r in group if r.ours.ok is not None]
        opc = [r for r in group if r.opc.ok is not None]
        if group:
            lines.append(f"  OpenAPI {label}: ours generated {pct(sum(1 for r in ours if r.ours.ok), len(ours))}, "
                         f"imported {pct(sum(1 for r in ours if r.ours.imported), len(ours))}; opc generated "
                         f"{pct(sum(1 for r in opc if r.opc.ok), len(opc))}")
    return lines


def write_report(results: list[Result], meta: dict[str, Any], path: Path = REPORT) -> None:
    lines = ["# Corpus run", ""]
    lines += [f"- {k}: `{v}`" for k, v in meta.items()]
    lines += ["", *summary(results), *by_version(results), *checks_summary(results), "",
              "## Failures of ours, by class", ""]
    lines += corpus_classes.markdown(results)
    lines += ["", "## Every failure of ours", "", *corpus_classes.failure_list(results)]
    lines += ["", "## What ours repaired, by class (documents that generated)", "",
              *corpus_classes.coverage_table(results, "repair")]
    lines += ["", "## The problems ours repaired, by class", "",
              *corpus_classes.coverage_table(results, "problem")]
    lines += ["", "## What ours skipped, by class (documents that generated)", "",
              *corpus_classes.coverage_table(results, "skip")]
    lines += ["", "## Failures of openapi-python-client", ""]
    lines += [f"- `{r.name}`: {corpus_classes.short(r.opc.reason, 200)}" for r in results if r.opc.ok is False]
    lines += ["", "## README examples of ours that failed", ""]
    lines += [f"- `{r.name}`: {corpus_classes.short(r.ours.readme_reason, 200)}" for r in results
              if r.ours.readme is False]
    lines += ["", "## Every document", "", table(results), ""]
    path.write_text("\n".join(lines), encoding="utf-8")


# -- main ------------------------------------------------------------------------------------


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.corpus", description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, help="only the first N documents (sorted by name)")
    parser.add_argument("--only", action="append", default=[],
                        help="a document name, or a part of one (repeatable)")
    parser.add_argument("--jobs", type=int, default=2, help="documents run at once (default 2)")
    parser.add_argument("--timeout", type=float, default=300, help="seconds per tool per document")
    parser.add_argument("--import-timeout", type=float, default=120)
    parser.add_argument("--tools", default="ours,opc", help="comma-separated: ours, opc")
    parser.add_argument("--fresh", action="store_true", help="rerun the selected documents, cached or not")
    parser.add_argument("--keep", action="store_true", help=f"keep generated packages under {WORK}")
    parser.add_argument("--mypy", action="store_true",
                        help="mypy --strict on each generated package (ours and opc): the mypy column")
    parser.add_argument("--mypy-max-kb", type=int, default=300,
                        help="only documents up to this size get the mypy check (default 300)")
    parser.add_argument("--readme", action="store_true",
                        help="run our README examples against a server answering as the document says")
    return parser.parse_args(argv)


def selected(documents: list[Document], args: argparse.Namespace) -> list[Document]:
    docs = sorted(documents, key=lambda d: d.name)
    if args.only:
        exact = [d for d in docs if d.name in args.only]
        docs = exact if len(exact) == len(args.only) else [d for d in docs if any(o in d.name for o in args.only)]
    return docs[: args.limit] if args.limit else docs


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    tools = tuple(t for t in args.tools.split(",") if t)
    if not set(tools) <= set(TOOLS):
        raise SystemExit(f"--tools takes {', '.join(TOOLS)}")
    started = time.perf_counter()
    sources, documents = load_pins()
    docs = selected(documents, args)
    if not docs:
        raise SystemExit("no pinned document matches")
    paths = ensure_documents(docs, sources, log=log)
    python = sys.executable
    settings = Settings(python, subprocess_env(python), args.timeout, args.import_timeout, tools, args.keep,
                        args.mypy_max_kb * 1024 if args.mypy else None, args.readme)
    prints = fingerprints()
    meta = {"fingerprints": prints, "jobs": args.jobs, "timeout": args.timeout}
    results = load_results()  # --fresh reruns the selected documents, and keeps the others' records
    lock = threading.Lock()
    todo = []
    for doc in docs:
        key = {"sha256": doc.sha256, **prints}
        previous = results.get(doc.name)
        need = tools if args.fresh else tuple(
            t for t in tools if not reusable(previous, key, t, mypy=args.mypy, readme=args.readme))
        if need:
            todo.append((doc, key, need, previous))
    log(f"corpus: {len(docs)} document(s), {len(docs) - len(todo)} cached, running {len(todo)} "
        f"with {args.jobs} job(s), tools {', '.join(tools)}")

    def one(item: tuple[Document, dict[str, str], tuple[str, ...], Result | None]) -> Result:
        doc, key, need, previous = item
        s = replace(settings, tools=need)
        result = run_document(doc, paths[doc.name], key, s, previous)
        if previous is not None:  # keep the other tool's fingerprint only when its outcome was reused
            for tool in TOOLS:
                if tool not in need:
                    result.key[tool] = previous.key.get(tool, "")
        return result

    done = 0
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = {pool.submit(one, item): item[0] for item in todo}
        for future in as_completed(futures):
            result = future.result()
            with lock:
                done += 1
                results[result.name] = result
                save_results(results, meta)
            status = f"ours {yes(result.ours.ok)}/{yes(result.ours.imported)} opc {yes(result.opc.ok)}"
            log(f"[{done}/{len(todo)}] {result.name}: {status}"
                + (f" ({corpus_classes.short(result.ours.reason, 100)})" if result.ours.reason else ""))
    chosen = [results[d.name] for d in docs]
    write_report(chosen, meta)
    print(table(chosen))
    print()
    for line in summary(chosen) + by_version(chosen) + checks_summary(chosen):
        print(line)
    print(f"failure classes (ours): {corpus_classes.one_line(chosen)}")
    print(f"repair classes (ours): {corpus_classes.coverage_line(chosen, 'repair')}")
    print(f"repaired problems (ours): {corpus_classes.coverage_line(chosen, 'problem')}")
    print(f"skip classes (ours): {corpus_classes.coverage_line(chosen, 'skip')}")
    print(f"results: {RESULTS.relative_to(ROOT)}, report: {REPORT.relative_to(ROOT)}; "
          f"corpus run took {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
