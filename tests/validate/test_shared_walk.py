"""validate: `own_checks` shares one walk of the objects (`rules.Walked`) between the checks
that read them; each check alone, with its own walk, finds exactly the same problems."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import pytest

from generator.document.loading import Document
from generator.document.tree import (
    GENERATION_GC_THRESHOLDS,
    cyclic_gc_paused,
    cyclic_gc_resumed,
)
from generator.validate import own_checks
from generator.validate.rules import (
    Walked,
    check_internal_refs,
    check_ref_cycles,
    check_schema_keywords,
)

_S = "#/components/schemas/"
IMPERFECT = Path(__file__).parents[1] / "imperfect_docs"
DATA: dict[str, Any] = {
    "openapi": "3.1.0",
    "paths": {"/a": {"get": {"responses": {"200": {"description": "ok", "content": {
        "application/json": {"schema": {"$ref": _S + "Missing"}}}}}}}},
    "components": {"schemas": {
        "Plain": {"type": "string", "default": 3},
        "Self": {"$ref": _S + "Self"},
        "A": {"allOf": [{"$ref": _S + "B"}, {"type": "object"}]},
        "B": {"$ref": _S + "A"},
        "Recursive": {"type": "object", "properties": {"next": {"$ref": _S + "Recursive"}}},
        "ToPlain": {"$ref": _S + "Plain"},
        "Dangling": {"allOf": [{"$ref": _S + "Nowhere"}], "enum": ["a", "a"]},
    }},
}


def _document() -> Document:
    return Document(Path("s.yaml"), DATA, "0" * 64, None, {})


def test_shared_walk_finds_what_each_check_finds_alone() -> None:
    document = _document()
    walked = Walked(document.data)
    for check in (check_internal_refs, check_ref_cycles, check_schema_keywords):
        assert check(document, walked) == check(document)
    found = {(problem.code, problem.pointer) for problem in own_checks(document)}
    assert {("dangling-ref", "/paths/~1a/get/responses/200/content/application~1json/schema/$ref"),
            ("dangling-ref", "/components/schemas/Dangling/allOf/0/$ref"),
            ("ref-cycle", "/components/schemas/Self/$ref"),
            ("ref-cycle", "/components/schemas/A/allOf/0/$ref"),
            ("schema:type", "/components/schemas/Plain/default"),
            ("schema:uniqueItems", "/components/schemas/Dangling/enum")} <= found
    assert not any("Recursive" in pointer or "ToPlain" in pointer for _, pointer in found)


def test_a_reference_is_resolved_once_and_its_answer_kept() -> None:
    walked = Walked(DATA)
    assert walked.target(_S + "Plain") == "/components/schemas/Plain"
    assert walked.target(_S + "Nowhere") is None
    assert walked.target("other.yaml#/A") is None
    assert set(walked._targets) == {_S + "Plain", _S + "Nowhere", "other.yaml#/A"}


def test_the_collector_is_set_back_as_it_was() -> None:
    before = gc.get_threshold()
    with cyclic_gc_paused():
        with cyclic_gc_resumed():  # a library's run inside our work
            assert gc.isenabled() and gc.get_threshold() == GENERATION_GC_THRESHOLDS
        assert not gc.isenabled() and gc.get_threshold() == before
    assert gc.get_threshold() == before
    assert gc.isenabled()
    with cyclic_gc_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with cyclic_gc_paused():
            pass
        assert not gc.isenabled()  # left as the caller had it
    finally:
        gc.enable()


def test_the_slowest_checks_in_a_child_find_the_same_problems_in_the_same_order(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import generator.validate as validate_stage
    from generator.document.loading import load
    from generator.io import forked

    made: list[int] = []
    real = forked.Forked.__init__

    def counted(self: forked.Forked[Any], call: Any) -> None:
        made.append(1)
        real(self, call)

    monkeypatch.setattr(forked.Forked, "__init__", counted)
    documents = [_document(), *(load(path) for path in sorted(IMPERFECT.glob("*.yaml")))]
    alone = [own_checks(document) for document in documents]
    assert not made and sum(map(len, alone)) > len(documents)  # documents with problems
    assert [own_checks(document, beside=True) for document in documents] == alone
    assert not made  # small documents: no child
    monkeypatch.setattr(validate_stage, "CHECKS_BESIDE_OBJECTS", 0)
    assert [own_checks(document, beside=True) for document in documents] == alone
    assert len(made) == len(documents)
