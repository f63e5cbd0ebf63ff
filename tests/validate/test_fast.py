"""The validator's fast levers (`generator.validate.fast`): the same verdict as the plain path.

The differential (`bench.validator_diff`, which `python -m bench.validator_diff` runs over the
corpus): every document of the test suite, the hostile fan-outs and the injected faults give
the same problems, pointer for pointer and word for word, with the id sets and the
jsonschema-rs prefilter and without them. The other tests show that the levers are really used
(where the pinned versions are installed), fall back to the library's own code on a surprise,
and that the document pass is the Python `jsonschema` one whatever openapi-spec-validator's
backend setting says.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bench import validator_diff
from generator.document.loading import load
from generator.validate import fast, openapi
from generator.validate.openapi import spec_problems
from tests.hostile_b import hostile
from tests.support import BAD_DOCS, FEATURE_SPECS, IMPERFECT_DOCS, ROOT

FAULT_BASES = (FEATURE_SPECS / "all_of.yaml", FEATURE_SPECS / "openapi31_nullable.yaml",
               ROOT / "specs" / "ionos" / "openapi.json")


def _differences(totals: validator_diff.Totals) -> list[str]:
    return totals.differences


def test_every_document_of_the_suite_has_the_same_verdict_with_and_without_the_levers() -> None:
    totals = validator_diff.run([FEATURE_SPECS, BAD_DOCS, IMPERFECT_DOCS, ROOT / "specs"],
                                faults=False)
    assert totals.documents >= 50
    assert _differences(totals) == []


@pytest.mark.parametrize("base", FAULT_BASES, ids=lambda path: path.name)
def test_injected_faults_have_the_same_verdict_with_and_without_the_levers(base: Path) -> None:
    totals = validator_diff.Totals()
    document = load(base)
    found = 0
    for name, variant in validator_diff.faulty_variants(document):
        validator_diff.compare(variant, totals, name)
        found += bool(spec_problems(variant, levers=False))
    assert _differences(totals) == []
    assert totals.documents == len(validator_diff.FAULTS)
    assert found >= len(validator_diff.FAULTS) // 2  # most faults are problems the path reports


@pytest.mark.parametrize("shape", ["property_fan_out", "all_of_fan_out", "any_of_fan_out"])
def test_hostile_fan_outs_have_the_same_verdict(tmp_path: Path, shape: str) -> None:
    schemas = getattr(hostile, shape)(12)
    path = tmp_path / "fan.json"
    path.write_text(json.dumps(hostile.document(schemas)), encoding="utf-8")
    totals = validator_diff.run([path], faults=True)
    assert _differences(totals) == []


def test_keys_and_values_where_the_regex_readings_differ_are_not_trusted() -> None:
    assert fast.patterns_agree({"paths": {"/a": {}}, "name": "plain", "x-a": 1})
    # other text is compared pattern by pattern, by jsonschema-rs itself: without it, untrusted
    assert fast.patterns_agree({"x-ünï": 1}) == fast.prefilter_applies()
    assert fast.patterns_agree({"example": {"name": "🚒 wontfix"}}) == fast.prefilter_applies()
    # Python's `$` matches before a final newline, ECMA's does not
    assert not fast.patterns_agree({"components": {"schemas": {"Named\n": {}}}})
    assert not fast.patterns_agree({"openapi": "3.0.3\n"})
    # Python's `\d` reads Unicode digits, ECMA's only 0-9
    assert not fast.patterns_agree({"responses": {"2\u0663\u0663": {}}})


class _Counting:
    """A Python validator that counts how often it is asked."""

    def __init__(self, python: Any) -> None:
        self.python = python
        self.calls = 0

    def iter_errors(self, instance: Any) -> Any:
        self.calls += 1
        return self.python.iter_errors(instance)


def test_the_python_document_pass_runs_only_when_jsonschema_rs_says_invalid() -> None:
    valid, invalid = load(ROOT / "specs" / "ionos" / "openapi.json"), load(
        BAD_DOCS / "validator_only.yaml")
    for document, runs_anyway in ((valid, False), (invalid, True)):
        validator = fast.document_validator("3.0", prefilter=True)
        counting = _Counting(validator.python)
        validator.python = counting
        list(validator.iter_errors(document.data))
        expected = 1 if runs_anyway or not fast.prefilter_applies() else 0
        assert counting.calls == expected, fast.PINNED_PREFILTER


def test_the_levers_need_the_pinned_versions(monkeypatch: pytest.MonkeyPatch) -> None:
    fast.prefilter_applies.cache_clear()
    fast.id_sets_apply.cache_clear()
    try:
        monkeypatch.setitem(fast.PINNED_PREFILTER, "jsonschema", "0.0.1")
        monkeypatch.setitem(fast.PINNED_SPEC_VALIDATOR, "openapi-spec-validator", "0.0.1")
        assert not fast.prefilter_applies()
        assert not fast.id_sets_apply()
        validator = openapi._VALIDATORS["3.0"](load(BAD_DOCS / "validator_only.yaml").data)
        schema_keyword = validator.keyword_validators_registry["schema"]
        assert schema_keyword.visited_schema_ids == []  # the library's own list
        assert type(schema_keyword.visited_schema_ids) is list
    finally:
        fast.prefilter_applies.cache_clear()
        fast.id_sets_apply.cache_clear()


def test_id_sets_replace_the_lists_of_the_pinned_version() -> None:
    document = load(BAD_DOCS / "validator_only.yaml")
    with_levers = openapi._VALIDATORS["3.0"](document.data)
    without = openapi._VALIDATORS["3.0"](document.data, False)
    kind = type(with_levers.keyword_validators_registry["schema"].visited_schema_ids)
    assert kind is (fast.IdSet if fast.id_sets_apply() else list)
    assert type(without.keyword_validators_registry["schema"].visited_schema_ids) is list


def test_a_surprise_in_the_prefilter_leaves_the_verdict_to_the_library(
        monkeypatch: pytest.MonkeyPatch) -> None:
    document = load(BAD_DOCS / "validator_only.yaml")
    expected = spec_problems(document, levers=False)

    def surprise(*_: object) -> None:
        raise RuntimeError("an internal the prefilter did not expect")

    monkeypatch.setattr(fast, "_meta_checker", surprise)
    monkeypatch.setattr(fast, "patterns_agree", surprise)
    assert spec_problems(document) == expected
    assert expected  # the document is invalid: the messages came from the Python pass


def test_the_document_pass_is_python_jsonschema_whatever_the_library_backend_says(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAPI_SPEC_VALIDATOR_SCHEMA_VALIDATOR_BACKEND", "jsonschema-rs")
    validator = fast.document_validator("3.0", prefilter=False)
    assert type(validator.python).__module__.startswith("jsonschema")
    found = spec_problems(load(BAD_DOCS / "validator_only.yaml"))
    # the error context the Python backend keeps: the missing field, not "not valid under any"
    assert [problem.message for problem in found][:2] == [
        "'description' is a required property",
        "'int' is not one of ['array', 'boolean', 'integer', 'number', 'object', 'string']",
    ]


def test_plain_subnodes_steps_down_json_containers_as_the_library_does() -> None:
    """The `Subscriptable` check skipped for a dict or list gives the same value, or the same
    KeyError, as pathable's own step; anything else is left to pathable; the library's method
    is back after the block."""
    from pathable.accessors import SubscriptableAccessor

    library = SubscriptableAccessor.__dict__["_get_subnode"]
    cases: list[tuple[Any, Any]] = [({"a": 1}, "a"), ({"a": 1}, "b"), ([1, 2], 1), ([1], 5),
                                    ([1], "x"), ("text", 0), (3, "a"), ((1, 2), 0)]

    def outcome(node: Any, part: Any) -> tuple[str, Any]:
        try:
            return "value", SubscriptableAccessor._get_subnode(node, part)
        except KeyError as error:
            return "KeyError", (error.args, type(error.__cause__))

    expected = [outcome(node, part) for node, part in cases]
    with fast.plain_subnodes():
        assert SubscriptableAccessor.__dict__["_get_subnode"] is not library
        assert [outcome(node, part) for node, part in cases] == expected
    assert SubscriptableAccessor.__dict__["_get_subnode"] is library


def test_the_document_path_keeps_its_nodes_only_with_the_levers_and_the_pinned_versions(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from jsonschema_path import SchemaPath

    data = load(BAD_DOCS / "validator_only.yaml").data
    with_levers = openapi._VALIDATORS["3.0"](data).schema_path
    assert (type(with_levers) is fast._node_memo_path_class()) == fast.node_memo_applies()
    assert type(openapi._VALIDATORS["3.0"](data, False).schema_path) is SchemaPath
    fast.node_memo_applies.cache_clear()
    try:
        monkeypatch.setitem(fast.PINNED_NODE_MEMO, "jsonschema-path", "0.0.1")
        assert type(openapi._VALIDATORS["3.0"](data).schema_path) is SchemaPath
    finally:
        fast.node_memo_applies.cache_clear()


_MEMO_DOCUMENT = {"components": {"schemas": {
    "Pet": {"type": "object", "properties": {"name": {"type": "string"},
                                             "friend": {"$ref": "#/components/schemas/Ref"}},
            "required": ["a"]},
    "Ref": {"$ref": "#/components/schemas/Pet"}}}, "list": [{"x": 1}, 2], "n": 3}


def test_a_path_keeping_its_node_answers_in_and_read_value_as_the_library() -> None:
    """At every place asked (a mapping, a `$ref` followed, a `$ref` to a `$ref` below another
    one, a list, a scalar, nothing), reached one part at a time or several parts at once
    (`path / "a/b"`), asked twice: the same membership answers, the same value (the same
    object) or the same error, the same keys, the same children below it, and the same
    `path[key]` (a child path, a leaf's value, or the error)."""
    from jsonschema_path import SchemaPath

    places = [(), ("components", "schemas", "Pet"), ("components", "schemas", "Ref"),
              ("components", "schemas", "Ref", "properties"),
              ("components", "schemas", "Ref", "properties", "friend", "properties", "friend"),
              ("components/schemas", "Ref/properties/friend", "properties"),
              ("list",), ("list", 0), ("n",), ("missing",), ("components", "nothing", "below")]
    keys: list[Any] = ["type", "properties", "$ref", "name", "missing", 0, 1, 5, -1, "x"]

    def answers(root: Any) -> list[Any]:
        found: list[Any] = []
        for place in places:
            path = root
            for part in place:
                path = path / part
            for _ in range(2):
                found.append([key in path for key in keys])
                try:
                    found.append(("value", id(path.read_value())))
                    found.append(("keys", list(path.keys())))
                    found.append(("items", [(key, id(child.read_value()))
                                            for key, child in path.items()]))
                    found.append(("iter", [child.parts for child in path]))
                    found.append(("[]", [_item(path, key) for key in keys]))
                except KeyError as error:
                    found.append(("KeyError", error.args))
        return found

    plain = SchemaPath.from_dict(_MEMO_DOCUMENT, resolved_cache_maxsize=128)
    kept = fast._node_memo_path_class().from_dict(_MEMO_DOCUMENT, resolved_cache_maxsize=128)
    assert answers(kept) == answers(plain)


def _item(path: Any, key: Any) -> Any:
    """`path[key]` as comparable: a child path's parts, a leaf's value, or the error."""
    try:
        found = path[key]
    except (KeyError, IndexError, TypeError) as error:
        return type(error).__name__, error.args
    return ("path", found.parts) if hasattr(found, "parts") else ("value", found)


def test_a_path_keeping_its_node_is_resolved_from_the_path_it_was_made_from(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the document's root is looked up by the library's resolver: every other path
    takes the library's step from its parent's resolution, through `$ref`s too (looking each
    path up from the root again was three quarters of the validation's time). A registry
    that changed since the parent was resolved sends the path back to the library."""
    from jsonschema_path._referencing_compat import rebind_registry
    from jsonschema_path.accessors import SchemaAccessor

    asked: list[tuple[Any, ...]] = []
    library = SchemaAccessor.get_resolved

    def counted(self: Any, parts: Any) -> Any:
        asked.append(tuple(parts))
        return library(self, parts)

    monkeypatch.setattr(SchemaAccessor, "get_resolved", counted)
    root = fast._node_memo_path_class().from_dict(_MEMO_DOCUMENT, resolved_cache_maxsize=128)
    friend = root / "components" / "schemas" / "Ref" / "properties" / "friend"
    assert friend.read_value() is _MEMO_DOCUMENT["components"]["schemas"]["Pet"]
    assert asked == [()]
    # the registry grew (a document fetched) after the parent was resolved: the library decides
    below = friend / "properties"
    paths = root.accessor._path_resolver
    grown = paths.resolver._registry.with_resource("urn:other", paths.resolver._registry[""])
    monkeypatch.setattr(paths, "resolver", rebind_registry(paths.resolver, grown))
    assert below.read_value() is _MEMO_DOCUMENT["components"]["schemas"]["Pet"]["properties"]
    assert asked[-1] == tuple(below.parts)


_SETTINGS_READ = """
import json, sys
{first}
import openapi_schema_validator.settings as schema, openapi_spec_validator.settings as spec
import openapi_spec_validator.schemas.backend as backend
print(json.dumps({{
    "pydantic": "pydantic" in sys.modules,
    "cache": schema.get_settings().compiled_validator_cache_max_size,
    "resolved": spec.OpenAPISpecValidatorSettings().resolved_cache_maxsize,
    "backend": spec.OpenAPISpecValidatorSettings().schema_validator_backend,
    "functions": [spec.get_resolved_cache_maxsize(), spec.get_schema_validator_backend()],
    "names": sorted(name for name in vars(spec) | vars(schema) if name.isupper()
                    or name.startswith(("get_", "reset_", "OpenAPI"))),
    "chosen": type(backend.get_validator_backend()).__name__ if hasattr(
        backend, "get_validator_backend") else "",
}}))
"""


def _settings_read(env: dict[str, str], lever: bool) -> dict[str, Any]:
    import os
    import subprocess
    import sys

    first = ("from generator.validate import fast; fast.settings_without_pydantic()" if lever
             else "")
    clean = {name: value for name, value in os.environ.items()
             if not name.upper().startswith(("OPENAPI_SPEC_VALIDATOR_", "OPENAPI_SCHEMA_VALIDATOR_"))}
    done = subprocess.run([sys.executable, "-c", _SETTINGS_READ.format(first=first)],
                          env={**clean, **env}, cwd=ROOT, capture_output=True, text=True,
                          check=True, timeout=60)
    return dict(json.loads(done.stdout))


def test_the_validators_settings_read_without_pydantic_give_the_libraries_defaults() -> None:
    """openapi-spec-validator and openapi-schema-validator import pydantic and pydantic-settings
    to read three variables (~0.1 s and ~20 MiB in each validating process): with none set, the
    stand-ins give exactly what the libraries' own settings give, and pydantic stays out."""
    own = _settings_read({}, lever=False)
    stood_in = _settings_read({}, lever=True)
    assert own["pydantic"] and not stood_in["pydantic"]
    assert {**stood_in, "pydantic": True} == own


def test_a_validator_setting_in_the_environment_is_read_by_the_libraries_own_settings() -> None:
    for name, value in (("OPENAPI_SPEC_VALIDATOR_RESOLVED_CACHE_MAXSIZE", "7"),
                        ("openapi_schema_validator_compiled_validator_cache_max_size", "3"),
                        ("OPENAPI_SPEC_VALIDATOR_SCHEMA_VALIDATOR_BACKEND", "jsonschema")):
        read = _settings_read({name: value}, lever=True)
        assert read["pydantic"], name
        assert read == _settings_read({name: value}, lever=False)
    assert _settings_read({"OPENAPI_SPEC_VALIDATOR_RESOLVED_CACHE_MAXSIZE": "7"},
                          lever=True)["resolved"] == 7


def test_the_validator_module_is_imported_without_pydantic() -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", ("import sys, generator.validate.openapi; "
                                "print(any(m.startswith('pydantic') for m in sys.modules))")],
        cwd=ROOT, capture_output=True, text=True, check=True, timeout=60)
    assert done.stdout.strip() == "False"
