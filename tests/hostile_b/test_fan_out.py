"""`$ref` fan-out (issue #22 item 4): schemas that reference the next one twice, 30 levels deep
(2**30 paths through 2 KB), in properties, in `allOf` (diamonds too), in `anyOf` (of the same
schema twice, of arrays of it, of an array and a map of it), and through an external file. Every
command ends within seconds and bounded memory: each schema is walked once, and the generated
package grows with the document, not with the number of paths through it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from generator.document.bundle import MAX_INLINED_NODES
from generator.document.loading import load
from generator.document.refs import Refs
from generator.drift.diff.walk import FIELD_BUDGET, SchemaWalker
from generator.ir.schemas import object_properties
from generator.models.typing_fixes import mypy_clean
from generator.problems import GeneratorError
from tests.hostile_b.hostile import (
    LEVELS,
    TIMEOUT,
    all_of_fan_out,
    any_of_fan_out,
    assert_orderly,
    diamond_fan_out,
    document,
    external_fan_out,
    list_or_map_fan_out,
    nested_arrays_fan_out,
    property_fan_out,
    run_bounded,
    write_json,
)

SHAPES = {"properties": property_fan_out, "allOf": all_of_fan_out, "anyOf": any_of_fan_out,
          "nested arrays": nested_arrays_fan_out, "list or map": list_or_map_fan_out}
# diff refuses the diamonds (below), so they are generated, validated and checked here
GENERATE_ONLY = {"diamonds": diamond_fan_out}


@pytest.mark.timeout(200)
@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_diff_of_fan_out_reports_the_change_at_the_shared_schema(tmp_path: Path,
                                                                 shape: str) -> None:
    make = SHAPES[shape]
    old = write_json(tmp_path / "old.json", make())
    new = write_json(tmp_path / "new.json", make(leaf="integer"))
    changed = run_bounded("diff", old, new, "--format", "json")
    assert_orderly(changed)
    assert changed.returncode == 1, changed.stdout + changed.stderr
    assert '"type-changed"' in changed.stdout and f"S{LEVELS}" in changed.stdout
    same = run_bounded("diff", old, old)
    assert_orderly(same)
    assert same.returncode == 0 and "0 breaking, 0 possibly breaking, 0 non-breaking" in same.stdout


@pytest.mark.timeout(120)
def test_diff_refuses_a_schema_reached_through_too_many_paths(tmp_path: Path) -> None:
    """Diamonds level after level: 2**30 different `$ref` paths to one schema, whose cycle
    check depends on the path. A located refusal, never an answer from a schema cut short."""
    old = write_json(tmp_path / "old.json", diamond_fan_out())
    new = write_json(tmp_path / "new.json", diamond_fan_out(leaf="integer"))
    result = run_bounded("diff", old, new, "--no-validate")
    assert_orderly(result)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "old document: /components/schemas/S" in result.stderr
    assert "different `$ref` paths" in result.stderr
    small = run_bounded("diff", write_json(tmp_path / "a.json", diamond_fan_out(levels=6)),
                        write_json(tmp_path / "b.json", diamond_fan_out(6, "integer")))
    assert small.returncode == 1 and "type-changed /components/schemas/S6/properties/x" in (
        small.stdout)


# Bytes of generated Python per level the document has, at most: the package grows with the
# document (each level a model module, the models of the levels below up to the inlining bound
# written into the lowest module kept), never with the 2**30 paths.
BYTES_PER_LEVEL = 4_000


@pytest.mark.timeout(400)
@pytest.mark.parametrize("shape", sorted({**SHAPES, **GENERATE_ONLY}))
def test_validate_generate_and_check_of_fan_out(tmp_path: Path, shape: str) -> None:
    spec = write_json(tmp_path / "spec.json", {**SHAPES, **GENERATE_ONLY}[shape]())
    validated = run_bounded("validate", spec)
    assert_orderly(validated)
    assert validated.returncode == 0, validated.stdout + validated.stderr
    out = tmp_path / "pkg"
    generated = run_bounded("generate", "--spec", spec, "--out", out, "--package", "pkg",
                            timeout=2 * TIMEOUT)
    assert_orderly(generated)
    assert generated.returncode == 0, generated.stdout + generated.stderr
    code = [*(out / "models").glob("*.py"), *(out / "resources").glob("*.py")]
    assert sum(path.stat().st_size for path in code) < BYTES_PER_LEVEL * LEVELS
    imported = subprocess.run(
        [sys.executable, "-W", "error", "-c", _IMPORT_EVERY_MODEL], cwd=tmp_path,
        capture_output=True, text=True, timeout=TIMEOUT, check=False)
    assert imported.returncode == 0 and "S1" in imported.stdout.split(), (
        imported.stdout + imported.stderr)
    checked = run_bounded("check", "--target", out, "--spec", spec, "--full")
    assert_orderly(checked)
    assert checked.returncode == 0 and f"clean: {out}" in checked.stdout, checked.stdout


# Every model class builds, each annotation resolved (warnings are errors: `-W error`).
_IMPORT_EVERY_MODEL = """
import pkg.models as models
for name in models.__all__:
    getattr(models, name).model_rebuild()
print(*models.__all__)
"""


@pytest.mark.timeout(200)
def test_external_file_fanning_out_is_bundled_once_per_entry(tmp_path: Path) -> None:
    """As schemas the entries become components (each bundled once); as an example value
    they are data, not references (left as written); as objects of no component kind (inlined)
    their copies are bounded: a located refusal."""
    write_json(tmp_path / "ext.json", external_fan_out())
    schemas = write_json(tmp_path / "schemas.json", document({"S1": {"$ref": "ext.json#/E1"}}))
    example = write_json(tmp_path / "example.json", document(
        {"S1": {"type": "object", "example": {"$ref": "ext.json#/E1"}}},
        example={"$ref": "ext.json#/E1"}))
    for spec in (schemas, example):
        generated = run_bounded("generate", "--spec", spec, "--out", tmp_path / spec.stem,
                                "--package", spec.stem)
        assert_orderly(generated)
        assert generated.returncode == 0, generated.stdout + generated.stderr
        compared = run_bounded("diff", spec, spec)
        assert_orderly(compared)
        assert compared.returncode == 0, compared.stdout + compared.stderr
    data = load(example).data
    media = data["paths"]["/x"]["post"]["requestBody"]["content"]["application/json"]
    assert media["example"] == {"$ref": "ext.json#/E1"}  # literal data, as written
    assert data["components"]["schemas"]["S1"]["example"] == {"$ref": "ext.json#/E1"}
    assert set(data["components"]["schemas"]) == {"S1"}  # no example bundled as a schema


def _plain_objects(levels: int = LEVELS) -> dict[str, Any]:
    entries: dict[str, Any] = {f"I{i}": {"contact": {"$ref": f"#/I{i + 1}"},
                                         "license": {"$ref": f"#/I{i + 1}"}}
                               for i in range(1, levels)}
    entries[f"I{levels}"] = {"name": "leaf"}
    return entries


@pytest.mark.timeout(120)
def test_inlined_fan_out_is_refused_where_it_starts(tmp_path: Path) -> None:
    write_json(tmp_path / "info.json", _plain_objects())
    doc = document({"S1": {"type": "string"}})
    doc["info"] = {"$ref": "info.json#/I1"}
    spec = write_json(tmp_path / "spec.json", doc)
    for command in (("validate", spec), ("diff", spec, spec)):
        result = run_bounded(*command)
        assert_orderly(result)
        assert result.returncode in (1, 2), result.stdout + result.stderr
        output = result.stdout + result.stderr
        assert f"more than {MAX_INLINED_NODES} nodes" in output and "info.json" in output
    with pytest.raises(GeneratorError) as refused:
        load(spec)
    assert refused.value.problems[0].pointer.endswith("/$ref")


def test_inlined_target_referenced_twice_is_copied_not_shared(tmp_path: Path) -> None:
    """Below the bound, each reference still gets a copy of its own (later stages may change
    one place of the document without changing another)."""
    write_json(tmp_path / "info.json", _plain_objects(levels=3))
    doc = document({"S1": {"type": "string"}})
    doc["info"] = {"$ref": "info.json#/I1"}
    data = load(write_json(tmp_path / "spec.json", doc)).data
    assert data["info"]["contact"] == data["info"]["license"] == {
        "contact": {"name": "leaf"}, "license": {"name": "leaf"}}
    assert data["info"]["contact"] is not data["info"]["license"]


def test_walker_stops_expanding_repeated_schemas_past_its_budget() -> None:
    doc = property_fan_out()
    walker = SchemaWalker(Refs(doc))
    fields = walker.flatten({"$ref": "#/components/schemas/S1"}, "/components/schemas/S1")
    assert FIELD_BUDGET < len(fields) < 3 * FIELD_BUDGET
    assert any(f.cut for f in fields.values())
    small = property_fan_out(levels=8)  # 2**8 locations: every one expanded, none cut
    flat = SchemaWalker(Refs(small)).flatten({"$ref": "#/components/schemas/S1"}, "/c")
    assert len(flat) == 2**8 - 1 and not any(f.cut for f in flat.values())


def test_object_properties_merges_each_schema_once() -> None:
    doc = all_of_fan_out()
    found = object_properties({"$ref": "#/components/schemas/S1"}, Refs(doc))
    assert found is not None and set(found[0]) == {"x"}


def _diamond_models(levels: int, override: str | None = None) -> str:
    """models.py of `diamond_fan_out`: `S_i(A_i+1, B_i+1)`, both `(S_i+1)`; `override`: the
    deepest B's own type for `x`, which its sibling A does not share."""
    classes = [f"class S{levels}(BaseModel):\n    x: str | None = None\n"]
    for i in range(levels - 1, 0, -1):
        b_body = f"    x: {override} = 1\n" if override and i == levels - 1 else "    pass\n"
        classes += [f"class A{i + 1}(S{i + 1}):\n    pass\n",
                    f"class B{i + 1}(S{i + 1}):\n{b_body}",
                    f"class S{i}(A{i + 1}, B{i + 1}):\n    pass\n"]
    return "from pydantic import BaseModel\n\n\n" + "\n\n".join(classes)


@pytest.mark.timeout(60)
def test_typing_fixes_read_each_base_once() -> None:
    """30 levels of `allOf` diamonds as models.py: 2**30 paths to the deepest class's fields.
    Nothing conflicts (no edit); a conflict at the bottom is still found where it is."""
    plain = _diamond_models(LEVELS)
    assert mypy_clean(plain) == plain
    conflicting = mypy_clean(_diamond_models(LEVELS, override="int"))
    header = f"class S{LEVELS - 1}(  # type: ignore[misc]"
    assert header in conflicting and conflicting.count("# type: ignore") == 2, conflicting
