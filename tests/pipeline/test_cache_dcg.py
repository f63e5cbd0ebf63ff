"""The dcg-output cache (generator/models/run.py): datamodel-code-generator's output kept under a
key of exactly what it reads. A package whose whole-package entry misses (an operation edited,
another package name) but whose dcg input is unchanged is generated without running dcg, to the
very bytes a run without any cache gives; a damaged entry is regenerated; `--no-cache` reads and
writes nothing. With the formatted files in the cache too (generator/output/format.py), such a
warm run formats nothing; after an operation edit, only the modules that changed."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.cli import main as cli_main
from generator.io import cache as cache_module
from generator.io import package_entry
from generator.models import index, run
from generator.names import namespace
from generator.output import format as output_format
from tests.support import FEATURE_SPECS, IMPERFECT_DOCS, ROOT
from tests.support.sandbox import snapshot

# a corpus-like subset: shapes dcg folds, wraps, renames and recurses through, 3.0 and 3.1,
# several files, documents tolerant generation repairs and skips operations of
DOCUMENTS = (
    *(FEATURE_SPECS / name for name in (
        "all_of.yaml", "enums.yaml", "maps.yaml", "names.yaml", "one_of.yaml", "recursive.yaml",
        "root_models.yaml", "openapi31_nullable.yaml", "read_write_only.yaml", "multipart.yaml",
        "pagination.yaml", "multi_file/main.yaml")),
    *(IMPERFECT_DOCS / name for name in (
        "default_wrong_type.yaml", "null_type_30.yaml", "extension_ref.yaml",
        "duplicate_required.yaml", "webhooks_only.yaml")),
)


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(cache_module.DIR_ENV, str(folder))
    monkeypatch.delenv(cache_module.SIZE_ENV, raising=False)
    monkeypatch.delenv(cache_module.OFF_ENV, raising=False)
    return folder


@pytest.fixture
def dcg_runs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """One item per datamodel-code-generator run, here or in the worker (`_dcg_source`
    chooses where; the worker's own calls are not seen from this process)."""
    runs: list[int] = []
    real = run._dcg_source

    def counted(*args: Any) -> str:
        runs.append(1)
        return real(*args)

    monkeypatch.setattr(run, "_dcg_source", counted)
    return runs


@pytest.fixture
def formatted(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The files of each ruff pass (none when every file came from the cache)."""
    passes: list[list[str]] = []
    real = output_format._formatted

    def spy(packages: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
        passes.append(sorted(path for files in packages.values() for path in files))
        return real(packages)

    monkeypatch.setattr(output_format, "_formatted", spy)
    return passes


def _generate(spec: Path, out: Path, *extra: str) -> dict[str, bytes]:
    code = cli_main(["generate", "--spec", str(spec), "--out", str(out), *extra])
    assert code == 0
    return snapshot(out)


def _entries(folder: Path, namespace: str) -> dict[str, bytes]:
    place = folder / namespace
    return {path.name: path.read_bytes() for path in place.iterdir()} if place.is_dir() else {}


def _without_packages(folder: Path) -> None:
    """The whole-package entries removed: only the dcg entries can spare work now."""
    shutil.rmtree(folder / package_entry.NAMESPACE, ignore_errors=True)


@pytest.mark.parametrize("spec", DOCUMENTS, ids=lambda path: path.relative_to(ROOT / "tests").as_posix())
def test_warm_from_dcg_entries_is_every_byte_of_a_run_without_cache(
        spec: Path, cache_dir: Path, tmp_path: Path, dcg_runs: list[int],
        formatted: list[list[str]], capsys: pytest.CaptureFixture[str]) -> None:
    plain = _generate(spec, tmp_path / "plain" / "pkg", "--no-cache")
    plain_err = capsys.readouterr().err
    assert not cache_dir.exists()  # --no-cache writes nothing
    ran = len(dcg_runs)
    cold = _generate(spec, tmp_path / "cold" / "pkg")
    assert capsys.readouterr().err == plain_err
    assert len(dcg_runs) > ran and _entries(cache_dir, run.NAMESPACE)
    _without_packages(cache_dir)
    ran, passes = len(dcg_runs), len(formatted)
    warm = _generate(spec, tmp_path / "warm" / "pkg")
    assert len(dcg_runs) == ran  # dcg did not run
    assert len(formatted) == passes  # nor ruff
    assert capsys.readouterr().err == plain_err
    assert cold == warm == plain


def _edited_copy(source: Path, folder: Path, edit: Any) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    edit(data)
    target = folder / source.name
    target.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return target


def _describe_first_operation(text: str) -> Any:
    def edit(data: dict[str, Any]) -> None:
        operation = next(iter(next(iter(data["paths"].values())).values()))
        operation["description"] = text
    return edit


def test_an_operation_only_edit_skips_dcg_and_gives_the_bytes_of_a_fresh_run(
        cache_dir: Path, tmp_path: Path, dcg_runs: list[int], formatted: list[list[str]],
        monkeypatch: pytest.MonkeyPatch) -> None:
    source = FEATURE_SPECS / "pagination.yaml"
    before = _edited_copy(source, tmp_path / "before", _describe_first_operation("Before."))
    after = _edited_copy(source, tmp_path / "after", _describe_first_operation("After the edit."))
    _generate(before, tmp_path / "one" / "pkg")
    assert _entries(cache_dir, index.NAMESPACE) and _entries(cache_dir, namespace.NAMESPACE)
    ran = len(dcg_runs)
    indexed: list[str] = []
    real_indexed = index._indexed
    monkeypatch.setattr(index, "_indexed", lambda source, *rest: (
        indexed.append(source), real_indexed(source, *rest))[1])
    warm = _generate(after, tmp_path / "two" / "pkg")
    assert len(dcg_runs) == ran
    assert not indexed  # the models' index came from the cache: models.py not parsed
    # the modules the edited operation's text reaches, formatted again; the models untouched
    assert formatted[-1] and not any(path.startswith("models/") for path in formatted[-1])
    assert len(formatted[-1]) < len(formatted[0])
    assert b"After the edit." in b"".join(warm.values())
    assert warm == _generate(after, tmp_path / "three" / "pkg", "--no-cache")


def test_a_schema_edit_runs_dcg_again(cache_dir: Path, tmp_path: Path,
                                      dcg_runs: list[int]) -> None:
    source = FEATURE_SPECS / "enums.yaml"

    def describe_a_schema(data: dict[str, Any]) -> None:
        schema = next(iter(data["components"]["schemas"].values()))
        schema["description"] = "A schema edited."

    edited = _edited_copy(source, tmp_path / "edited", describe_a_schema)
    _generate(source, tmp_path / "one" / "pkg")
    ran = len(dcg_runs)
    files = _generate(edited, tmp_path / "two" / "pkg")
    assert len(dcg_runs) > ran
    assert b"A schema edited." in b"".join(files.values())


def _flip_a_byte(entry: bytes) -> bytes:
    middle = len(entry) // 2
    return entry[:middle] + bytes([entry[middle] ^ 0x01]) + entry[middle + 1:]


@pytest.mark.parametrize("damage", [_flip_a_byte, lambda entry: entry[: len(entry) // 2],
                                    lambda entry: b"", lambda entry: b"not an entry\n{}"],
                         ids=["flipped", "truncated", "empty", "foreign"])
def test_a_damaged_dcg_entry_is_ignored_and_replaced(
        damage: Any, cache_dir: Path, tmp_path: Path, dcg_runs: list[int]) -> None:
    spec = FEATURE_SPECS / "root_models.yaml"
    cold = _generate(spec, tmp_path / "cold" / "pkg")
    entries = _entries(cache_dir, run.NAMESPACE)
    for name, entry in entries.items():
        (cache_dir / run.NAMESPACE / name).write_bytes(damage(entry))
    _without_packages(cache_dir)
    ran = len(dcg_runs)
    assert _generate(spec, tmp_path / "warm" / "pkg") == cold
    assert len(dcg_runs) > ran  # regenerated, not used
    assert _entries(cache_dir, run.NAMESPACE) == entries  # and replaced whole


def test_a_well_formed_entry_of_another_shape_is_not_used(
        cache_dir: Path, tmp_path: Path, dcg_runs: list[int]) -> None:
    spec = FEATURE_SPECS / "enums.yaml"
    cold = _generate(spec, tmp_path / "cold" / "pkg")
    cache = cache_module.Cache(cache_dir)
    for name in _entries(cache_dir, run.NAMESPACE):
        cache.put(run.NAMESPACE, name, {"format": run.ENTRY_FORMAT, "source": 3})
    _without_packages(cache_dir)
    ran = len(dcg_runs)
    assert _generate(spec, tmp_path / "warm" / "pkg") == cold
    assert len(dcg_runs) > ran


def test_dcg_is_given_the_document_without_operations() -> None:
    document = {"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
                "paths": {"/a": {"get": {"responses": {"200": {"description": "ok"}}}}},
                "webhooks": {}, "components": {"schemas": {
                    "A": {"type": "object", "properties": {"b": {"$ref": "#/components/schemas/B"}}},
                    "B": {"type": "string"}}}}
    given = run.dcg_input(document)
    assert "paths" not in given and "webhooks" not in given
    assert given["components"] is document["components"] and list(given) == [
        "openapi", "info", "components"]


@pytest.mark.parametrize("ref", ["#/paths/~1a/get/responses/200", "other.yaml#/X", "#/x-defs/A"])
def test_a_ref_leaving_the_components_keeps_the_whole_document(ref: str) -> None:
    document = {"openapi": "3.0.3", "paths": {"/a": {}},
                "components": {"schemas": {"A": {"items": [{"deep": {"$ref": ref}}]}}}}
    assert run.dcg_input(document) is document


def test_the_key_follows_input_aliases_and_order() -> None:
    first = {"components": {"schemas": {"A": {"type": "string"}, "B": {"type": "integer"}}}}
    reordered = {"components": {"schemas": {"B": {"type": "integer"}, "A": {"type": "string"}}}}
    key = run.dcg_key(first, {})
    assert key is not None and key == run.dcg_key(dict(first), {})
    assert len({key, run.dcg_key(reordered, {}), run.dcg_key(first, {"a-b": "a_b"}),
                run.dcg_key(first, {}, separable=frozenset({"ListParams"}))}) == 4
    assert run.dcg_key({"x": {1, 2}}, {}) is None  # no JSON form: not cached


# Refs where the text says one thing and the objects another, if the scan read text: a value
# that spells a `$ref` key (escaped quotes in JSON), a `$ref` that is not a string.
TRICKY: list[tuple[dict[str, Any], bool]] = [
    ({"components": {"A": {"$ref": "#/components/schemas/B"}}}, True),
    ({"components": {"A": {"$ref": "#/paths/~1a"}}}, False),
    ({"components": {"A": {"description": ',"$ref":"#/paths/x"', "x": [{"$ref": "#/components/B"}]}}},
     True),
    ({"components": {"A": {"example": {"text": '{"$ref":"other.yaml"}'}}}}, True),
    ({"components": {"A": [{"$ref": "other.yaml#/X"}]}}, False),
    ({"components": {"A": {"$ref": 3, "b": {"$ref": ["#/paths"]}}}}, True),
    ({"components": {"A": {"$ref": "#/componentsX/B"}}}, False),
    ({"components": {"A": {"enum": ["\\", '"', "$ref"]}, "B": {"$ref": "#/x-other"}}}, False),
]


@pytest.mark.parametrize(("components", "stays"), TRICKY)
def test_the_text_scan_of_refs_agrees_with_a_walk_of_the_objects(
        components: dict[str, Any], stays: bool) -> None:
    document = {"openapi": "3.0.3", "paths": {"/a": {}}, **components}
    assert run._refs_stay_in_components(components) is stays
    given = run.dcg_input(document)
    assert (given is not document) is stays
    if stays:
        text = run.compact_json(given)
        assert text is not None and run.dcg_key(given, {}, text) == run.dcg_key(given, {})


def test_an_input_without_json_form_is_walked() -> None:
    """A YAML date has no JSON form: the objects are walked, and nothing is cached."""
    import datetime

    document = {"paths": {}, "components": {"A": {"default": datetime.date(2024, 1, 1)}}}
    assert run.dcg_input(document) == {"components": document["components"]}
    document["components"]["B"] = {"$ref": "#/paths/x"}
    assert run.dcg_input(document) is document
