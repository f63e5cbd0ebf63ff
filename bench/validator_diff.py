"""The validator's fast levers against the plain path: the same verdict on every document.

    python -m bench.validator_diff                     # the corpus documents in .bench-cache/
    python -m bench.validator_diff DIR_OR_FILE ...     # any documents (folders are searched)
    python -m bench.validator_diff --tests             # every document of tests/ and the faults

For each document, openapi-spec-validator's problems (`generator.validate.openapi.spec_problems`)
with the levers of `generator.validate.fast` (id sets, the jsonschema-rs prefilter) and without
them must be equal, problem for problem (pointer, line, message, hint, code). Each document is
also checked with injected faults (`faulty_variants`): schema keywords of the wrong type, bad
regexes, keys and values where ECMA and Python regexes read text differently... so the Python
path's messages are compared where the prefilter says "invalid" too. Prints one line per
difference and the CPU seconds of both paths; exits 1 on any difference.
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from generator.document.loading import Document, load
from generator.problems import GeneratorError, Problem

ROOT = Path(__file__).resolve().parent.parent
CORPUS_DOCS = ROOT / ".bench-cache" / "corpus" / "docs"
TEST_FOLDERS = ("tests/feature_specs", "tests/bad_docs", "tests/imperfect_docs", "specs")
SUFFIXES = (".yaml", ".yml", ".json")

Fault = Callable[[dict[str, Any]], None]


@dataclasses.dataclass
class Totals:
    """What a differential run found, and the CPU seconds of each path."""

    documents: int = 0
    differences: list[str] = dataclasses.field(default_factory=list)
    fast_seconds: float = 0.0
    plain_seconds: float = 0.0


def documents_under(paths: list[Path]) -> Iterator[Document]:
    """Every OpenAPI document (one `load` accepts) in `paths`, folders searched."""
    files = [file for path in paths
             for file in ([path] if path.is_file() else sorted(path.rglob("*")))
             if file.suffix in SUFFIXES and file.is_file()]
    for file in files:
        try:
            yield load(file)
        except GeneratorError:
            continue  # not a document validation sees (a syntax error, an overlay...)


def verdicts(doc: Document) -> tuple[list[Problem], list[Problem], float, float]:
    """The problems with and without the levers, and the CPU seconds of each."""
    from generator.validate.openapi import spec_problems

    started = time.process_time()
    fast = spec_problems(doc)
    middle = time.process_time()
    plain = spec_problems(doc, levers=False)
    return fast, plain, middle - started, time.process_time() - middle


def compare(doc: Document, totals: Totals, label: str = "") -> None:
    """One document's verdicts compared; a difference is added to `totals`."""
    fast, plain, fast_seconds, plain_seconds = verdicts(doc)
    totals.documents += 1
    totals.fast_seconds += fast_seconds
    totals.plain_seconds += plain_seconds
    if fast != plain:
        name = f"{doc.path}{' ' + label if label else ''}"
        only_fast = [p.format() for p in fast if p not in plain]
        only_plain = [p.format() for p in plain if p not in fast]
        totals.differences.append(f"{name}: with levers only {only_fast}; without only "
                                  f"{only_plain}")


def with_data(doc: Document, data: dict[str, Any]) -> Document:
    """`doc` with other data (its lines stay: a pointer they lack gets its parent's line)."""
    return dataclasses.replace(doc, data=data)


def _first_schema(data: dict[str, Any]) -> dict[str, Any] | None:
    schemas = (data.get("components") or {}).get("schemas") or {}
    first = next((value for value in schemas.values() if isinstance(value, dict)), None)
    return first


def _set_schema(key: str, value: Any) -> Fault:
    def fault(data: dict[str, Any]) -> None:
        data.setdefault("components", {}).setdefault("schemas", {})["Injected"] = {
            "type": "object", "properties": {"field": {"type": "string", key: value}}}
    return fault


def _schema_named(name: str, schema: Any) -> Fault:
    def fault(data: dict[str, Any]) -> None:
        data.setdefault("components", {}).setdefault("schemas", {})[name] = schema
    return fault


def _root(key: str, value: Any) -> Fault:
    def fault(data: dict[str, Any]) -> None:
        data[key] = value
    return fault


def _security(scheme: dict[str, Any]) -> Fault:
    def fault(data: dict[str, Any]) -> None:
        data.setdefault("components", {}).setdefault("securitySchemes", {})["Injected"] = scheme
    return fault


def _path(key: str, item: Any) -> Fault:
    def fault(data: dict[str, Any]) -> None:
        data.setdefault("paths", {})[key] = item
    return fault


def _first_schema_gets(key: str, value: Any) -> Fault:
    def fault(data: dict[str, Any]) -> None:
        schema = _first_schema(data)
        if schema is not None:
            schema[key] = value
    return fault


_OPERATION = {"get": {"responses": {"200": {"description": "ok"}}}}

# name -> what it does to a copy of a document. Valid-looking and invalid ones, for both
# OpenAPI versions; several are where ECMA and Python regexes disagree (a trailing newline,
# Unicode digits), where draft-04 and 2020-12 read numbers differently, or a regex only
# Python's `re` refuses.
FAULTS: dict[str, Fault] = {
    "type-unknown": _set_schema("type", "int"),
    "pattern-not-a-regex": _set_schema("pattern", "(unclosed"),
    "pattern-python-only": _set_schema("pattern", "(?P<name>x)"),
    "pattern-ecma-only": _set_schema("pattern", "\\p{L}+"),
    "min-length-negative": _set_schema("minLength", -1),
    "min-length-float": _set_schema("minLength", 1.0),
    "min-length-huge": _set_schema("minLength", 10**30),
    "maximum-huge": _set_schema("maximum", 10**400),
    "enum-empty": _set_schema("enum", []),
    "enum-equal-numbers": _set_schema("enum", [1, 1.0]),
    "enum-bool-and-int": _set_schema("enum", [True, 1]),
    "required-repeated": _set_schema("required", ["a", "a"]),
    "required-not-a-list": _set_schema("required", "a"),
    "multiple-of-zero": _set_schema("multipleOf", 0),
    "exclusive-minimum-bool": _set_schema("exclusiveMinimum", True),
    "nullable-string": _set_schema("nullable", "yes"),
    "discriminator-number": _set_schema("discriminator", 5),
    "anchor-bad": _set_schema("$anchor", "1-not-an-anchor"),
    "anchor-newline": _set_schema("$anchor", "anchor\n"),
    "id-with-two-fragments": _set_schema("$id", "a#b#c"),
    "schema-key-newline": _schema_named("Named\n", {"type": "int"}),
    "schema-key-unicode": _schema_named("Naïve", {"type": "int"}),
    "schema-key-unicode-valid": _schema_named("Naïve", {"type": "string"}),
    "extension-unicode": _first_schema_gets("x-ünïcode", {"any": "thing"}),
    "example-unicode-name": _first_schema_gets("example", {"name": "🚒 wontfix\n"}),
    "version-newline": _root("openapi", "3.0.3\n"),
    "info-missing": _root("info", {"version": "1"}),
    "bearer-newline": _security({"type": "http", "scheme": "Bearer\n", "bearerFormat": "JWT"}),
    "bearer-unicode": _security({"type": "http", "scheme": "bеarer", "bearerFormat": "JWT"}),
    "path-without-slash": _path("items", _OPERATION),
    "path-unicode-digits": _path("/items/\u0663", _OPERATION),
    "response-unicode-digits": _path("/injected", {"get": {"responses": {
        "2\u0663\u0663": {"description": 5}}}}),
    "response-newline-code": _path("/injected", {"get": {"responses": {
        "200\n": {"description": 5}}}}),
    "parameter-in-body": _path("/injected", {"get": {
        "parameters": [{"name": "p", "in": "body"}], "responses": {"200": {"description": "x"}}}}),
    "path-parameter-newline": _path("/injected/{p}", {"get": {
        "parameters": [{"name": "p\n", "in": "path", "required": True,
                        "schema": {"type": "string"}}],
        "responses": {"200": {"description": "x"}}}}),
    "operation-unknown-field": _path("/injected", {"get": {
        "responses": {"200": {"description": "x"}}, "bogus": 1}}),
}


def faulty_variants(doc: Document) -> Iterator[tuple[str, Document]]:
    """`doc` with each of `FAULTS` applied to a copy."""
    for name, fault in FAULTS.items():
        data = copy.deepcopy(doc.data)
        fault(data)
        yield name, with_data(doc, data)


def run(paths: list[Path], *, faults: bool) -> Totals:
    """The differential over the documents in `paths` (and their faulty variants)."""
    totals = Totals()
    for doc in documents_under(paths):
        compare(doc, totals)
        for name, variant in faulty_variants(doc) if faults else ():
            compare(variant, totals, name)
    return totals


def main(argv: list[str] | None = None) -> int:
    """The command: prints the differences and the seconds; 1 when any verdict differs."""
    parser = argparse.ArgumentParser(prog="python -m bench.validator_diff", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", type=Path)
    parser.add_argument("--tests", action="store_true",
                        help="the documents of tests/ and specs/, each with the injected faults")
    parser.add_argument("--faults", action="store_true",
                        help="inject the faults into the corpus documents too (slow)")
    args = parser.parse_args(argv)
    if args.tests:
        paths, faults = [ROOT / folder for folder in TEST_FOLDERS], True
    else:
        paths, faults = args.paths or [CORPUS_DOCS], args.faults
    from generator.validate import fast

    totals = run(paths, faults=faults)
    for line in totals.differences:
        print(line)
    print(f"{totals.documents} documents, {len(totals.differences)} differences; "
          f"prefilter {'on' if fast.prefilter_applies() else 'OFF (versions not the pinned ones)'}"
          f"; CPU seconds with levers {totals.fast_seconds:.2f}, without "
          f"{totals.plain_seconds:.2f}")
    return 1 if totals.differences else 0


if __name__ == "__main__":
    sys.exit(main())
