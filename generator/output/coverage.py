"""What a package covers of its document: the count check, the record and the note.

After every generation the generated methods are counted against the document's operations
minus the named skips (`check`); a mismatch is a generator bug and fails loudly. The repairs and
skips are recorded in PROVENANCE.json (`record`) and written for people in COVERAGE.md (`note`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

from generator import render
from generator.document.operations import count_operations, iter_operations
from generator.names.namespace import Reading
from generator.problems import (
    NOTE,
    RENAME,
    REPAIR,
    GeneratorError,
    Problem,
    Repaired,
    Skipped,
    operation_label,
)

NOTE_FILENAME = "COVERAGE.md"
SYNC_RESOURCE_BASE = "SyncAPIResource"  # the base of every sync resource class
RESOURCES_PACKAGE = "resources/"  # one module per resource


def check(file: str, original: dict[str, Any], working: dict[str, Any], skipped: Collection[str],
          defined: Mapping[str, set[str]], methods: Mapping[str, tuple[str, str]]) -> None:
    """Every operation of `original` is a method of a resource class or among `skipped`.

    `defined` is each resource class's public methods as rendered (`resource_methods`: read
    before formatting, which never adds or drops a method). `methods` is what the package's
    `Api` named each operation (pointer -> (resource class, method), `Api.method_names`): the
    names are looked up as decided, not decided again."""
    # counted, not matched by pointer: a repair may move an operation (a query string out of
    # its path), never drop one
    wanted = count_operations(original) - len(set(skipped))
    kept = count_operations(working)
    lost = [] if kept == wanted else [f"{wanted - kept} operation(s)"]
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


def resource_methods(readings: Mapping[str, Reading]) -> dict[str, set[str]]:
    """Public method names of each sync resource class (overloads counted once) the resource
    modules' (`resources/*.py`) `readings` found; classes are known by their base, as a tag may
    make any name (`AsyncJobs` for a tag `async-jobs`)."""
    defined: dict[str, set[str]] = {}
    for module in sorted(readings):
        if module.startswith(RESOURCES_PACKAGE) and module.endswith(".py"):
            for name, (bases, methods) in readings[module].classes.items():
                if SYNC_RESOURCE_BASE in bases:
                    defined.setdefault(name, set()).update(methods)
    return defined


def record(repairs: Sequence[Repaired], skipped: Sequence[Skipped]) -> dict[str, Any] | None:
    """The `coverage` entry of PROVENANCE.json; None when nothing was repaired or skipped. The
    names changed for Python (`renames`) and the parts read the generator's own way (`notes`)
    are listed apart, as COVERAGE.md lists them: they are not the document's slips."""
    if not repairs and not skipped:
        return None
    kinds = _apart(repairs)
    entry = {
        "repairs": [_repair_entry(r) for r in kinds[REPAIR]],
        "skipped": [{"method": s.method.upper(), "path": s.path, "pointer": s.pointer,
                     "reasons": list(s.reasons)} for s in skipped],
    }
    for kind, key in ((RENAME, "renames"), (NOTE, "notes")):
        if kinds[kind]:
            entry[key] = [_repair_entry(r) for r in kinds[kind]]
    return entry


def _apart(repairs: Sequence[Repaired]) -> dict[str, list[Repaired]]:
    """The document's slips repaired, the names changed for Python, the notes: by kind."""
    return {kind: [r for r in repairs if r.kind == kind] for kind in (REPAIR, RENAME, NOTE)}


def _repair_entry(repair: Repaired) -> dict[str, Any]:
    return {"file": origin_file(repair) or Path(repair.file).name, "pointer": repair.pointer,
            "line": repair.line, "problem": repair.problem, "action": repair.action}


def origin_file(repair: Repaired) -> str:
    """The file a repair's place was written in when it is not the document's own (content a
    `$ref` bundled in), as the records name it: from the document's folder (`models/pet.yaml`),
    as the document is named without folders; "" for the document's own content."""
    if not repair.origin:
        return ""
    try:
        return Path(repair.origin).relative_to(Path(repair.file).parent).as_posix()
    except ValueError:  # a URL
        return repair.origin


def note(file: str, operations: int, repairs: Sequence[Repaired],
         skipped: Sequence[Skipped]) -> str:
    """COVERAGE.md: what the package leaves out of its document, and what was repaired."""
    environment = render.environment(render.TEMPLATES)
    kinds = {kind: [(repair, origin_file(repair)) for repair in said]
             for kind, said in _apart(repairs).items()}
    text = environment.get_template("COVERAGE.md.jinja").render(
        file=file, operations=operations, skipped=skipped, repairs=kinds[REPAIR],
        renames=kinds[RENAME], notes=kinds[NOTE])
    return text.rstrip("\n") + "\n"
