"""Direct tests of `generator.drift.diff.subsume`: `covers(wide, narrow)` on minimal schema pairs.

Each case states its verdict: True (every value `narrow` accepts, `wide` accepts: proven), False
(a value `narrow` accepts that `wide` rejects exists) or None (undecided). The differ's tests
(test_drift.py, test_composed.py) reach the judge through whole documents; these pin each rule
on its own, so a regression names the rule it broke.
"""

from __future__ import annotations

from typing import Any

import pytest

from generator.document.refs import Refs
from generator.drift.diff.subsume import Verdict, covers, identity

NO_REFS = Refs({})
STRING = {"type": "string"}
INTEGER = {"type": "integer"}
NUMBER = {"type": "number"}


def judge(wide: Any, narrow: Any, *, response: bool = False, doc: dict[str, Any] | None = None
          ) -> Verdict:
    refs = Refs(doc) if doc is not None else NO_REFS
    return covers(refs, wide, refs, narrow, response=response)


def obj(properties: dict[str, Any], required: list[str] | None = None, **extra: Any) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object", "properties": properties, **extra}
    if required:
        schema["required"] = required
    return schema


# -- types: widening and narrowing -----------------------------------------------------------

TYPES = [
    pytest.param(NUMBER, INTEGER, True, id="number covers integer"),
    pytest.param(INTEGER, NUMBER, False, id="integer does not cover number"),
    pytest.param(STRING, INTEGER, False, id="another type"),
    pytest.param({"type": ["string", "integer"]}, STRING, True, id="a type array widens"),
    pytest.param(STRING, {"type": ["string", "integer"]}, False, id="a type array narrowed"),
    pytest.param({}, {"type": "object", "properties": {"a": STRING}}, True, id="any covers all"),
    pytest.param(True, STRING, True, id="true schema covers all"),
    pytest.param(STRING, False, True, id="false schema accepts nothing"),
    pytest.param({"type": "string", "nullable": True}, STRING, True, id="nullable widens"),
    pytest.param(STRING, {"type": "string", "nullable": True}, False, id="null no longer taken"),
    pytest.param(STRING, {"type": ["string", "null"]}, False, id="3.1 null no longer taken"),
    pytest.param({"oneOf": [STRING, INTEGER], "nullable": True},
                 {"type": "string", "nullable": True}, True,
                 id="nullable beside a union takes null whatever its branches say"),
    pytest.param({"oneOf": [STRING, INTEGER]}, {"type": "string", "nullable": True}, False,
                 id="a union of no null branch rejects null"),
]


@pytest.mark.parametrize(("wide", "narrow", "verdict"), TYPES)
def test_types(wide: Any, narrow: Any, verdict: Verdict) -> None:
    assert judge(wide, narrow) is verdict


# -- bounds ----------------------------------------------------------------------------------

BOUNDS = [
    pytest.param({"type": "integer", "maximum": 10}, {"type": "integer", "maximum": 5}, True,
                 id="a looser maximum"),
    pytest.param({"type": "integer", "maximum": 5}, {"type": "integer", "maximum": 10}, False,
                 id="a tighter maximum"),
    pytest.param({"type": "integer", "minimum": 1}, INTEGER, False, id="a bound added"),
    pytest.param(INTEGER, {"type": "integer", "minimum": 1}, True, id="a bound removed"),
    pytest.param({"type": "number", "exclusiveMaximum": 5}, {"type": "number", "maximum": 5},
                 None, id="exclusive at the same value: undecided"),
    pytest.param({"type": "number", "maximum": 5}, {"type": "number", "exclusiveMaximum": 5},
                 True, id="inclusive covers exclusive"),
    pytest.param({"type": "string", "maxLength": 3}, {"type": "string", "maxLength": 5}, False,
                 id="a shorter maxLength"),
    pytest.param({"type": "string", "maxLength": 3}, {"type": "string", "pattern": "^a$"}, None,
                 id="a pattern may pin the length"),
    pytest.param({"type": "string", "pattern": "^a"}, STRING, None, id="a pattern added"),
    pytest.param({"type": "integer", "multipleOf": 2}, {"type": "integer", "multipleOf": 4},
                 True, id="a step dividing the other"),
    pytest.param({"type": "array", "maxItems": 2}, {"type": "array"}, False,
                 id="maxItems added"),
]


@pytest.mark.parametrize(("wide", "narrow", "verdict"), BOUNDS)
def test_bounds(wide: Any, narrow: Any, verdict: Verdict) -> None:
    assert judge(wide, narrow) is verdict


# -- enums -----------------------------------------------------------------------------------

ENUMS = [
    pytest.param({"enum": ["a", "b", "c"]}, {"enum": ["a", "b"]}, True, id="a value added"),
    pytest.param({"enum": ["a"]}, {"enum": ["a", "b"]}, False, id="a value removed"),
    pytest.param(STRING, {"type": "string", "enum": ["a"]}, True, id="enum removed"),
    pytest.param({"type": "string", "enum": ["a"]}, STRING, None, id="enum added: a finite set"),
    pytest.param({"type": "string", "maxLength": 1}, {"enum": ["a", "bb"]}, False,
                 id="an enum value beyond a bound"),
    pytest.param({"const": "x"}, {"enum": ["x"]}, True, id="const is a one-value enum"),
    pytest.param({"oneOf": [{"const": "a"}, {"const": "b"}]}, {"enum": ["a", "b"]}, True,
                 id="an enum as single-value branches"),
    pytest.param({"enum": ["a"]}, {"enum": ["a", None]}, False, id="null in the enum"),
    pytest.param(INTEGER, {"enum": [1, 2.5]}, False, id="a number is not an integer"),
]


@pytest.mark.parametrize(("wide", "narrow", "verdict"), ENUMS)
def test_enums(wide: Any, narrow: Any, verdict: Verdict) -> None:
    assert judge(wide, narrow) is verdict


# -- objects: required, properties, additionalProperties --------------------------------------

OBJECTS = [
    pytest.param(obj({"a": STRING}), obj({"a": STRING}, ["a"]), True, id="required dropped"),
    pytest.param(obj({"a": STRING}, ["a"]), obj({"a": STRING}), False, id="newly required"),
    pytest.param(obj({"a": NUMBER}), obj({"a": INTEGER}), True, id="a property widened"),
    pytest.param(obj({"a": INTEGER}), obj({"a": NUMBER}), False, id="a property narrowed"),
    pytest.param(obj({"a": STRING, "b": STRING}), obj({"a": STRING}), True,
                 id="a request property added"),
    pytest.param(obj({"a": STRING}), obj({"a": STRING, "b": STRING}), False,
                 id="a request property removed"),
    pytest.param(obj({"a": STRING}, additionalProperties=False), obj({"a": STRING}), False,
                 id="closed: an unknown key is rejected"),
    pytest.param(obj({"a": STRING}), obj({"a": STRING}, additionalProperties=False), True,
                 id="opened"),
    pytest.param({"type": "object", "additionalProperties": NUMBER},
                 {"type": "object", "additionalProperties": INTEGER}, True,
                 id="map values widened"),
    pytest.param({"type": "object", "additionalProperties": INTEGER},
                 {"type": "object", "additionalProperties": NUMBER}, False,
                 id="map values narrowed"),
    pytest.param({"type": "object", "additionalProperties": STRING}, obj({"a": INTEGER}), False,
                 id="a declared key the map's values reject"),
]


@pytest.mark.parametrize(("wide", "narrow", "verdict"), OBJECTS)
def test_objects(wide: Any, narrow: Any, verdict: Verdict) -> None:
    assert judge(wide, narrow) is verdict


def test_a_removed_property_breaks_a_response_and_not_a_request() -> None:
    old, new = obj({"a": STRING, "b": STRING}), obj({"a": STRING})
    assert judge(new, old) is False  # request: wide new, narrow old (`b` is lost)
    assert judge(old, new, response=True) is False  # response: wide old, narrow new
    assert judge(new, old, response=True) is True  # a response property added


def test_arrays_compare_their_items() -> None:
    assert judge({"type": "array", "items": NUMBER}, {"type": "array", "items": INTEGER}) is True
    assert judge({"type": "array", "items": INTEGER}, {"type": "array", "items": NUMBER}) is False


# -- allOf, oneOf / anyOf ----------------------------------------------------------------------

COMPOSED = [
    pytest.param({"allOf": [obj({"a": STRING}), obj({"b": STRING})]},
                 obj({"a": STRING, "b": STRING}), True, id="allOf merges like one object"),
    pytest.param({"allOf": [obj({"a": STRING}, ["a"]), obj({"b": STRING})]},
                 obj({"a": STRING, "b": STRING}), False, id="allOf member requires a key"),
    pytest.param({"allOf": [INTEGER, {"maximum": 5}]}, {"type": "integer", "maximum": 3}, True,
                 id="allOf bounds meet"),
    pytest.param({"oneOf": [STRING, INTEGER]}, STRING, True, id="a branch added"),
    pytest.param(STRING, {"oneOf": [STRING, INTEGER]}, False, id="a branch removed"),
    pytest.param({"anyOf": [STRING, INTEGER]}, {"oneOf": [INTEGER, STRING]}, True,
                 id="oneOf read as anyOf"),
    pytest.param({"oneOf": [{"type": "integer", "maximum": 5}, {"type": "integer", "minimum": 3}]},
                 INTEGER, None, id="a bound split across branches"),
    pytest.param({"oneOf": [obj({"kind": {"enum": ["cat"]}}, ["kind"]),
                            obj({"kind": {"enum": ["dog"]}}, ["kind"])]},
                 obj({"kind": {"enum": ["cow"]}}, ["kind"]), False, id="a tag no branch takes"),
    pytest.param({"oneOf": [{"type": "array", "items": STRING},
                            {"type": "array", "items": INTEGER}]},
                 {"type": "array", "items": STRING}, True, id="array[A] | array[B] covers array[A]"),
]


@pytest.mark.parametrize(("wide", "narrow", "verdict"), COMPOSED)
def test_composed(wide: Any, narrow: Any, verdict: Verdict) -> None:
    assert judge(wide, narrow) is verdict


@pytest.mark.parametrize("keyword", ["not", "if", "patternProperties", "prefixItems",
                                     "dependentSchemas", "unevaluatedProperties"])
def test_a_keyword_the_judge_does_not_model_is_undecided(keyword: str) -> None:
    assert judge({"type": "object", keyword: {}}, {"type": "object"}) is None
    assert judge({"type": "object"}, {"type": "object", keyword: {}}) is None


# -- $ref: targets and cycles ---------------------------------------------------------------


def tree_doc(child_type: str) -> dict[str, Any]:
    node = obj({"name": {"type": child_type},
                "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}}})
    return {"components": {"schemas": {"Node": node}}}


def test_a_ref_cycle_is_judged_and_ends() -> None:
    ref = {"$ref": "#/components/schemas/Node"}
    wide, narrow = Refs(tree_doc("number")), Refs(tree_doc("integer"))
    assert covers(wide, ref, narrow, ref) is True
    assert covers(narrow, ref, wide, ref) is False  # number -> integer, at every level


def test_refs_resolve_in_their_own_document() -> None:
    ref = {"$ref": "#/components/schemas/Node"}
    same = Refs(tree_doc("string"))
    assert covers(same, ref, same, ref) is True
    assert covers(same, ref, NO_REFS, obj({"name": INTEGER})) is False


def test_identity_is_the_ref_target_or_the_object() -> None:
    schema = {"type": "string"}
    assert identity({"$ref": "#/components/schemas/A"}) == "#/components/schemas/A"
    assert identity(schema) == id(schema)
    assert identity({"type": "string"}) != identity(schema)  # equal content, another object


def test_a_deep_schema_is_undecided_not_an_error() -> None:
    deep: dict[str, Any] = STRING
    for _ in range(200):
        deep = obj({"a": deep})
    assert judge(deep, deep) is None  # deeper than the judge's depth bound


# -- the readings shared by a comparison's judges ---------------------------------------------

def test_judges_sharing_alternatives_read_each_schema_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.drift.diff import subsume

    read: list[tuple[int, int]] = []
    plain = subsume._alts

    def counted(refs: Refs, schema: Any, depth: int) -> Any:
        read.append((id(schema), depth))
        return plain(refs, schema, depth)

    monkeypatch.setattr(subsume, "_alts", counted)
    doc = {"components": {"schemas": {"Pet": obj({"name": STRING}, ["name"])}}}
    refs, pet = Refs(doc), {"$ref": "#/components/schemas/Pet"}
    wider = obj({"name": STRING, "age": INTEGER}, ["name"])
    alone = covers(refs, wider, refs, pet)
    read.clear()
    shared = subsume.Alternatives()
    verdicts = [covers(refs, wider, refs, pet, alternatives=shared)
                for _ in range(3)]
    assert verdicts == [alone] * 3 and alone is True
    assert read and len(read) == len(set(read))  # each (schema, depth) read once for all three


def test_the_judges_of_one_comparison_share_their_acyclic_verdicts_and_their_steps() -> None:
    """A verdict one question reached is another's at no cost (GitBook's unions, asked at
    hundreds of places, were judged anew each time), and the comparison's steps bound them all."""
    from generator.drift.diff.subsume import Steps

    wide = obj({"a": {"type": "string"}, "b": obj({"c": {"type": "integer"}})})
    narrow = obj({"a": {"type": "string"}, "b": obj({"c": {"type": "integer"}})})
    shared: dict[Any, Any] = {}
    assert covers(NO_REFS, wide, NO_REFS, narrow, acyclic=shared) is True
    assert shared, "the first question keeps what it decided"
    # one step left: only a verdict kept by the first question can answer
    assert covers(NO_REFS, wide, NO_REFS, narrow, acyclic=shared, steps=Steps(1)) is True
    assert covers(NO_REFS, wide, NO_REFS, narrow, acyclic={}, steps=Steps(1)) is None
    assert covers(NO_REFS, wide, NO_REFS, narrow, steps=Steps(0)) is None
