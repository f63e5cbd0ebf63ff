"""What a package covers of its document: the count check, the record and the note.

After every generation the generated methods are counted against the document's operations
minus the named skips (`check`); a mismatch is a generator bug and fails loudly. The repairs and
skips are recorded in PROVENANCE.json (`record`) and written for people in COVERAGE.md (`note`).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

from generator import render
from generator.document.operations import count_operations, iter_operations
from generator.io.cache import Cache, key_of
from generator.io.provenance import sha256_text, toolkit_fingerprint
from generator.problems import GeneratorError, Problem, Repaired, Skipped, operation_label

NOTE_FILENAME = "COVERAGE.md"
SYNC_RESOURCE_BASE = "SyncAPIResource"  # the base of every sync resource class
RESOURCES_PACKAGE = "resources/"  # one module per resource


def check(file: str, original: dict[str, Any], working: dict[str, Any], skipped: Collection[str],
          files: dict[str, str], methods: Mapping[str, tuple[str, str]],
          cache: Cache | None = None) -> None:
    """Every operation of `original` is a method of a resource module (`resources/*.py`) or
    among `skipped`.

    `methods` is what the package's `Api` named each operation (pointer -> (resource class,
    method), `Api.method_names`): the names are looked up as decided, not decided again. The
    methods each resource module defines come from `cache` when it has read the same text."""
    # counted, not matched by pointer: a repair may move an operation (a query string out of
    # its path), never drop one
    wanted = count_operations(original) - len(set(skipped))
    kept = count_operations(working)
    lost = [] if kept == wanted else [f"{wanted - kept} operation(s)"]
    defined: dict[str, set[str]] = {}
    for path in sorted(files):
        if path.startswith(RESOURCES_PACKAGE) and path.endswith(".py"):
            for name, found in _cached_methods(files[path], cache).items():
                defined.setdefault(name, set()).update(found)
    missing = [
        operation_label(site.method, site.path)
        for site in iter_operations(working, sorted_paths=True)
        if not _defined(methods.get(site.pointer), defined)
    ]
    generated = sum(len(names) for names in defined.values())
    if lost or missing or generated != wanted:
        raise GeneratorError([Problem(
            file, "", None,
            f"generator bug: {wanted} operations to generate, {generated} methods generated"
            + (f"; lost without a reason: {', '.join(lost)}" if lost else "")
            + (f"; not generated: {', '.join(missing)}" if missing else ""),
            "nothing was written; run with --debug and report it with the spec")])


def _defined(named: tuple[str, str] | None, defined: Mapping[str, set[str]]) -> bool:
    """The method `named` (resource class, method) is among the `defined` ones."""
    return named is not None and named[1] in defined.get(named[0], set())


NAMESPACE = "methods"
ENTRY_FORMAT = 1  # of a methods entry: changing its fields changes this


def _cached_methods(source: str, cache: Cache | None) -> dict[str, set[str]]:
    """`_methods_by_class(source)`, from `cache` when it has read the same text (parsing every
    resource module again is seconds on a large API; an edit changes one or two of them)."""
    if cache is None:
        return _methods_by_class(source)
    key = key_of({"format": ENTRY_FORMAT, "source_sha256": sha256_text(source),
                  "generator_sha256": toolkit_fingerprint()["generator_sha256"],
                  "python": sys.version})
    entry = cache.get(NAMESPACE, key)
    if isinstance(entry, dict) and entry.get("format") == ENTRY_FORMAT and isinstance(
            classes := entry.get("classes"), dict) and all(
            isinstance(names, list) and all(isinstance(n, str) for n in names)
            for names in classes.values()):
        return {name: set(names) for name, names in classes.items()}
    found = _methods_by_class(source)
    cache.put(NAMESPACE, key, {"format": ENTRY_FORMAT,
                               "classes": {name: sorted(names) for name, names in found.items()}})
    return found


def _methods_by_class(source: str) -> dict[str, set[str]]:
    """Public method names of each sync resource class (overloads counted once); classes are
    known by their base, as a tag may make any name (`AsyncJobs` for a tag `async-jobs`)."""
    if not source:
        return {}
    result: dict[str, set[str]] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.ClassDef) and any(
            isinstance(base, ast.Name) and base.id == SYNC_RESOURCE_BASE for base in node.bases
        ):
            result[node.name] = {
                item.name for item in node.body
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))
                and not item.name.startswith("_")
            }
    return result


def record(repairs: Sequence[Repaired], skipped: Sequence[Skipped]) -> dict[str, Any] | None:
    """The `coverage` entry of PROVENANCE.json; None when nothing was repaired or skipped."""
    if not repairs and not skipped:
        return None
    return {
        "repairs": [{"file": Path(r.file).name, "pointer": r.pointer, "line": r.line,
                     "problem": r.problem, "action": r.action} for r in repairs],
        "skipped": [{"method": s.method.upper(), "path": s.path, "pointer": s.pointer,
                     "reasons": list(s.reasons)} for s in skipped],
    }


def note(file: str, operations: int, repairs: Sequence[Repaired],
         skipped: Sequence[Skipped]) -> str:
    """COVERAGE.md: what the package leaves out of its document, and what was repaired."""
    environment = render.environment(render.TEMPLATES)
    text = environment.get_template("COVERAGE.md.jinja").render(
        file=file, operations=operations, repairs=repairs, skipped=skipped,
    )
    return text.rstrip("\n") + "\n"
