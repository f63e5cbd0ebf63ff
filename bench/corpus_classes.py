"""Failure classes for the corpus: each error line of our generator, grouped by cause.

Our generator prints one problem a line, `file:line: pointer: message (hint)`. A line's class
comes from its message and, where it matters, the pointer's last keyword (`default`, `required`,
`exclusiveMinimum`, an `x-` extension on the way). Unknown shapes fall into
`openapi-spec-validator: <message with the values blanked>` or `other: ...`, so a new kind of
failure shows up as a class of its own instead of vanishing.

    python -m bench.corpus_classes [--out FILE.md]   # the failure classes of the last run
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

LOCATION = re.compile(r"^\S*?\.(?:json|ya?ml)(?::\d+)?:\s*")
POINTER_MESSAGE = re.compile(r"^(?P<pointer>[/#].*?): (?P<message>.*)$")


def normalise(reason: str) -> str:
    """The line without the document's own path prefix (`/path/doc.json:12: `)."""
    return LOCATION.sub("", reason.strip())


def short(reason: str, width: int) -> str:
    text = normalise(reason).replace("|", "/")
    return text if len(text) <= width else text[: width - 1] + "…"


def split(line: str) -> tuple[str, str]:
    """(pointer, message) of a normalised problem line; pointer "" when it has none."""
    match = POINTER_MESSAGE.match(line)
    if match and not line.startswith("pkg/"):
        return match["pointer"], match["message"]
    return "", line


def last_key(pointer: str) -> str:
    keys = [k for k in pointer.split("/") if k and not k.isdigit()]
    return keys[-1] if keys else ""


def in_extension(pointer: str) -> bool:
    return any(part.startswith("x-") for part in pointer.split("/"))


def blank(text: str) -> str:
    """The message with its values blanked (and its hint dropped), for grouping what the rules
    do not name."""
    text = re.sub(r" \((?:[^()]|\([^()]*\))*\)$", "", text)
    text = re.sub(r"'[^']*'|\"[^\"]*\"", "…", text)
    text = re.sub(r"\[[^\]]*\]|\{[^}]*\}", "[…]", text)
    return re.sub(r"\b\d+(\.\d+)?\b", "N", text)[:90]


Rule = Callable[[str, str], str | None]


def _rules() -> list[Rule]:
    def internal(p: str, m: str) -> str | None:
        if found := re.search(r"generated code does not compile: ([^(]+)", m):
            return f"internal error: generated code does not compile ({found[1].strip()})"
        if m.startswith("ruff failed"):
            return "internal error: ruff failed on the generated code"
        if found := re.match(r"datamodel-code-generator failed: (.*)", m):
            return f"internal error: datamodel-code-generator failed ({blank(found[1])[:60]})"
        if m.startswith("datamodel-code-generator produced no class"):
            return "unsupported schema shape: datamodel-code-generator produced no class"
        if found := re.match(r"openapi-spec-validator failed: (\w+)", m):
            return f"internal error: openapi-spec-validator crashed ({found[1]})"
        if found := re.match(r"(\w+(?:Error|Exception)):", m):
            return f"internal error: {found[1]}"
        return None

    def refs(p: str, m: str) -> str | None:
        if "openapi-spec-validator stopped at the unresolvable $ref" in m:
            return "unresolvable $ref (openapi-spec-validator stopped)"
        if re.search(r"\$ref .*: file not found|\$ref .* cannot be loaded", m):
            return "$ref in x-* extension to a missing file" if in_extension(p) else "$ref to a missing file"
        if "points to nothing" in m:
            return "unresolvable internal $ref" + (" (in an x-* extension)" if in_extension(p) else "")
        if m.startswith("unbundled external $ref"):
            return "unbundled external $ref"
        return None

    def ours(p: str, m: str) -> str | None:
        if "would both become the method" in m:
            return "method name clash"
        if "lone UTF-16 surrogate" in m:
            return "lone UTF-16 surrogate in a string"
        if m.startswith(("YAML", "not UTF-8", "file is empty")) or "is not valid JSON" in m:
            return "unreadable document"
        if m.startswith("unsupported OpenAPI version"):
            return "unsupported openapi version"
        return None

    def semantic(p: str, m: str) -> str | None:
        if re.match(r"Operation ID .* is not unique", m):
            return "duplicate operationId"
        if re.match(r"Path parameter .* was not resolved", m):
            return "path parameter not declared"
        if m.startswith("Required list has not defined properties"):
            return "required names an undefined property"
        if m.startswith("Duplicate parameter"):
            return "duplicate parameter"
        return None

    def schema(p: str, m: str) -> str | None:
        key = last_key(p)
        if p.startswith("/paths/") and "?" in p.split("/")[2]:
            return "path template with query string"
        if p == "/info" and "'version' is a required property" in m:
            return "missing info.version"
        if "pattern cannot be compiled" in m:
            why = next((name for text, name in (("size limit", "regex size limit"), ("look-around", "look-around"),
                                                ("unrecognized escape", "unrecognized escape")) if text in m), "")
            return "pattern pydantic-core cannot compile" + (f" ({why})" if why else "")
        if re.match(r"`(exclusiveMinimum|exclusiveMaximum): true` is (OpenAPI 3.0|JSON Schema draft 4) syntax",
                    m):  # the second the wording since 2026-12-06, the first that of older runs
            return "boolean exclusiveMinimum/exclusiveMaximum in 3.1"
        if m.endswith("should be non-empty"):
            return f"empty `{key}` list" if key else "empty list"
        if key in ("description", "title", "summary") and "is not of type 'string'" in m:
            return f"{key} that is not a string"
        if "has non-unique elements" in m:
            return {"required": "duplicate required entries", "enum": "duplicate enum values"}.get(
                key, f"non-unique elements in {key or 'a list'}")
        if key.startswith("$recursive"):
            return f"{key} (JSON Schema 2019-09) in a 3.1 document"
        if key.startswith("$dynamic"):
            return f"{key} of the wrong type"
        if key in ("exclusiveMinimum", "exclusiveMaximum") and re.match(r"(True|False) is not of type", m):
            return "boolean exclusiveMinimum/exclusiveMaximum in 3.1"
        if key == "type" and m.startswith("'null' is not one of"):
            return "type: 'null' in a 3.0 document"
        if key == "default":
            if "is not of type" in m:
                return "default of wrong type"
            if "is not one of" in m:
                return "default not among the enum values"
            if "does not match" in m:
                return "default does not match the schema's pattern"
            if m.startswith("None for not nullable"):
                return "default: null on a schema that is not nullable"
            if "is a required property" in m:
                return "default object lacks a required property"
            return f"default invalid for its schema ({blank(m)[:50]})"
        if key == "examples" and m.startswith("{") and "is not of type 'array'" in m:
            return "schema examples as a map, not a list (3.1)"
        if key in ("example", "examples") and "is not of type" in m:
            return "example of wrong type"
        if key == "enum" and m.startswith("[") and m.endswith("..."):
            # the generator cuts messages at 300 characters: a long enum list, and its only
            # list-level check is uniqueness
            return "duplicate enum values"
        if m.startswith("None is not of type 'object'"):
            return "null where an object (schema, response, ...) belongs"
        if key == "type" and m.startswith("{"):
            return "type holds a schema object, not a type name"
        if key == "enum" and "is not of type" in m:
            return "enum value of wrong type"
        if found := re.match(r"'([^']+)' is a required property", m):
            return f"missing required field '{found[1]}'"
        if found := re.match(r"Additional properties are not allowed \('([^']+)'", m):
            return f"unexpected field '{found[1]}'"
        return None

    return [internal, refs, ours, semantic, schema]


RULES = _rules()

# What supporting each class would take (by class name, or the prefix of one).
NEEDED: tuple[tuple[str, str], ...] = (
    ("default", ("drop a `default` that does not fit its schema (say so on stderr): it is "
                 "documentation, and the field stays optional")),
    ("internal error: generated code does not compile", ("a codegen fix: a document with no "
     "operations (`paths: {}`, 3.1 `webhooks` only) should give an empty client or a clear refusal")),
    ("internal error", "a generator bug: reproduce with --debug"),
    ("$ref in x-* extension", ("leave `$ref`s inside `x-*` extensions unresolved: extensions are "
     "opaque to code generation (or skip them with a note)")),
    ("$ref to a missing file", "ship the referenced file, or skip what refers to it"),
    ("unresolvable", "skip the schema or operation that refers to nothing, with a note"),
    ("pattern pydantic-core cannot compile", "drop the `pattern`, with a note (done: the tolerant mode's repair)"),
    ("import: SchemaError", ("a `pattern` that pydantic-core's regex engine refuses (size limit): "
     "check patterns at generation and drop those, with a note")),
    ("import:", "a generated package that does not import: a codegen bug"),
    ("missing info.version", "default `info.version` (e.g. to \"\"), with a note"),
    ("type: 'null' in a 3.0 document", "read `type: 'null'` in 3.0 as `nullable: true`"),
    ("duplicate ", "de-duplicate the list"),
    ("boolean exclusiveMinimum", ("rewrite the 3.0 form (`minimum: x, exclusiveMinimum: true`) to "
     "the 3.1 one (`exclusiveMinimum: x`)")),
    ("$recursive", "drop the 2019-09 keyword; read `$recursiveRef: '#'` as Any (or as the schema itself)"),
    ("schema examples as a map", "drop `examples` (documentation)"),
    ("type holds a schema object", "type the property as Any (or skip the schema), with a note"),
    ("null where an object", "read a null schema as `{}` (Any)"),
    ("method name clash", "name the second method apart (or skip it), with a note"),
    ("timeout", "profile generation of this document (`--timeout` raises the limit)"),
)


def needed(name: str) -> str:
    return next((text for prefix, text in NEEDED if name.startswith(prefix)), "to be looked at")


def classify_line(line: str) -> str:
    text = normalise(line)
    if text.startswith(("timeout after", "import timeout")):
        return "timeout"
    pointer, message = split(text)
    if message.startswith("warning: "):
        return "warning"
    for rule in RULES:
        found = rule(pointer, message)
        if found:
            return found
    if pointer:
        return f"openapi-spec-validator: {blank(message)}"
    return f"other: {blank(message)}"


def classify(reason: str, stage: str = "generate") -> str:
    """The class of a failure's first line; `import:` before it for a failed import."""
    if stage == "import":
        text = normalise(reason)
        if text.startswith("import timeout"):
            return "import: timeout"
        found = re.match(r"(\w+(?:Error|Exception))\b", text)
        return f"import: {found[1] if found else blank(text)}"
    return classify_line(reason)


def failed(r: Any) -> bool:
    return bool(r.ours.ok is False or r.ours.imported is False)


def line_classes(r: Any) -> set[str]:
    """Every class among a failed generation's error lines (warnings left out)."""
    if r.ours.stage != "generate":
        return {classify(r.ours.reason, r.ours.stage)}
    found = {classify_line(line) for line in r.ours.stderr} - {"warning"}
    return found or {classify(r.ours.reason, r.ours.stage)}


def groups(results: Sequence[Any]) -> dict[str, list[Any]]:
    """Failed documents by the class of their first error line, largest class first."""
    found: dict[str, list[Any]] = defaultdict(list)
    for r in results:
        if failed(r):
            found[classify(r.ours.reason, r.ours.stage)].append(r)
    return dict(sorted(found.items(), key=lambda item: (-len(item[1]), item[0])))


def one_line(results: Sequence[Any]) -> str:
    return "; ".join(f"{name} {len(members)}" for name, members in groups(results).items()) or "none"


def example_line(r: Any, name: str) -> str:
    """The first of the document's lines in class `name` (its first line when none is)."""
    lines = r.ours.stderr if r.ours.stage == "generate" else []
    for line in lines:
        if classify_line(line) == name:
            return line
    return r.ours.reason


def markdown(results: Sequence[Any], examples: int = 2, width: int = 240) -> list[str]:
    """Two tables: documents by the class of their first error line; then every class that
    occurs anywhere in a failed document's output, with the documents it alone blocks."""
    failures = [r for r in results if failed(r)]
    per_doc = {r.name: line_classes(r) for r in failures}
    lines = ["| class (first error line) | documents | examples: document, the exact line | needed |",
             "|---|---|---|---|"]
    for name, members in groups(results).items():
        cells = "<br>".join(f"`{r.name}`: `{short(r.ours.reason, width)}`" for r in members[:examples])
        lines.append(f"| {name.replace('|', '/')} | {len(members)} | {cells} | {needed(name)} |")
    anywhere: dict[str, list[Any]] = defaultdict(list)
    for r in failures:
        for name in per_doc[r.name]:
            anywhere[name].append(r)
    lines += ["", ("Every class among all the error lines of the failed documents (a document fails "
                   "until all its problems are handled; *alone* counts the documents in which it is "
                   "the only class, which supporting it would make generate):"), "",
              "| class | documents with it | alone | lines | examples: document, the exact line |",
              "|---|---|---|---|---|"]
    for name, members in sorted(anywhere.items(), key=lambda item: (-len(item[1]), item[0])):
        alone = sum(1 for r in members if per_doc[r.name] == {name})
        count = sum(sum(1 for line in r.ours.stderr if classify_line(line) == name) or 1 for r in members)
        cells = "<br>".join(f"`{r.name}`: `{short(example_line(r, name), width)}`" for r in members[:examples])
        lines.append(f"| {name.replace('|', '/')} | {len(members)} | {alone} | {count} | {cells} |")
    return lines


def code(text: str) -> str:
    """`text` as inline Markdown code, whatever backticks it holds."""
    fence = "`"
    while fence in text:
        fence += "`"
    padding = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{padding}{text}{padding}{fence}"


def repair_class(action: str) -> str:
    """The class of one repair: its action with what names a place (a pointer, a path, a method
    name, a list of fields) blanked, so `drops the invalid `default`` stays a class of its own."""
    text = re.sub(r"^ignores the unknown field\(s\) .*", "ignores the unknown field(s) …", action.strip())
    text = re.sub(r"^drops .* from `required`", "drops … from `required`", text)
    text = re.sub(r"query parameter\(s\) .*", "query parameter(s) …", text)
    return re.sub(r"`[^`]*[/#.(~{=][^`]*`", "`…`", text)


def skip_class(pointer: str, reasons: Sequence[str]) -> str:
    """The class of one skipped operation: its first reason, classed like an error line."""
    return classify_line(f"{pointer}: {reasons[0]}") if reasons else "no reason given"


# The kinds of coverage classes: what a repair did, the problem it repaired, why an operation was skipped.
COVERAGE_FIELDS = {"repair": "repair_classes", "problem": "repair_problems", "skip": "skip_classes"}


def _coverage(r: Any, kind: str) -> dict[str, int]:
    return getattr(r.ours, COVERAGE_FIELDS[kind], None) or {}


def coverage_totals(results: Sequence[Any], kind: str) -> dict[str, tuple[int, list[str]]]:
    """Each class of `kind` ("repair", "problem" or "skip") over the documents that generated:
    how many repairs or skipped operations, and in which documents; largest first."""
    found: dict[str, tuple[int, list[str]]] = {}
    for r in results:
        for name, n in _coverage(r, kind).items():
            total, docs = found.get(name, (0, []))
            found[name] = (total + n, [*docs, r.name])
    return dict(sorted(found.items(), key=lambda item: (-item[1][0], item[0])))


def coverage_table(results: Sequence[Any], kind: str) -> list[str]:
    """A Markdown table of the classes of `kind` ("repair", "problem" or "skip"), an example
    line each."""
    totals = coverage_totals(results, kind)
    if not totals:
        return ["(no skips)" if kind == "skip" else "(no repairs)"]
    noun = "operations skipped" if kind == "skip" else "repairs"
    lines = [f"| class | {noun} | documents | example: document, the exact line |", "|---|---|---|---|"]
    for name, (total, docs) in totals.items():
        example = ""
        for r in results:
            if r.name not in docs:
                continue
            pool = r.ours.skipped_lines if kind == "skip" else r.ours.repair_lines
            line = next((line for line in pool if _line_class(line, kind) == name), "")
            if line:
                example = f"`{r.name}`: {code(short(line, 200))}"
                break
        lines.append(f"| {name.replace('|', '/')} | {total} | {len(docs)} | {example} |")
    return lines


def _line_class(line: str, kind: str) -> str:
    """The class of a line kept in results.json: `pointer: problem -> action` for a repair (by
    action or by problem), `GET /path: reason; reason` for a skip."""
    if kind == "repair":
        return repair_class(line.rsplit(" -> ", 1)[-1])
    if kind == "problem":
        return classify_line(line.rsplit(" -> ", 1)[0])
    label, _, why = line.partition(": ")
    method, _, path = label.partition(" ")
    pointer = "/paths/" + path.replace("~", "~0").replace("/", "~1") + "/" + method.lower()
    return skip_class(pointer, why.split("; ")[:1])


def coverage_line(results: Sequence[Any], kind: str) -> str:
    totals = coverage_totals(results, kind)
    return "; ".join(f"{name} {total} ({len(docs)} docs)" for name, (total, docs) in totals.items()) or "none"


def failure_list(results: Sequence[Any], width: int = 200) -> list[str]:
    """Every failed document: its class, first line, and what supporting it would take."""
    lines = ["| document | OAS | class | first error line | needed |", "|---|---|---|---|---|"]
    for r in results:
        if failed(r):
            name = classify(r.ours.reason, r.ours.stage)
            others = sorted(line_classes(r) - {name})
            also = f" (also: {'; '.join(others)})" if others else ""
            lines.append(f"| `{r.name}` | {r.openapi} | {name}{also} | `{short(r.ours.reason, width)}` | "
                         f"{needed(name)} |")
    return lines


def main(argv: list[str]) -> int:
    from .corpus import RESULTS, load_results

    parser = argparse.ArgumentParser(prog="python -m bench.corpus_classes")
    parser.add_argument("--out", type=Path, help="write Markdown here (default: stdout)")
    parser.add_argument("--preamble", action="append", default=[], help="a line to put first (repeatable)")
    args = parser.parse_args(argv)
    results = sorted(load_results(RESULTS).values(), key=lambda r: r.name)
    ran = [r for r in results if r.ours.ok is not None]
    generated = sum(1 for r in ran if r.ours.ok)
    imported = sum(1 for r in ran if r.ours.imported)
    header = (f"{len(ran)} documents run by our generator: {generated} generated, {imported} imported, "
              f"{sum(1 for r in ran if failed(r))} failed.")
    text = "\n".join([*args.preamble, header, "", *markdown(ran), "", "Every failed document:", "",
                      *failure_list(ran), ""])
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
