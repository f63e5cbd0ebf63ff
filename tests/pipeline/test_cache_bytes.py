"""The package cache by the input's bytes (issue #21): regenerating an unchanged document loads
nothing, says what the cold run said and writes nothing; a document with a bundled file is still
keyed by its loaded data; the split of models.py and the resource modules' methods are cached
beside dcg's output, and a damaged entry of theirs is ignored."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import pytest

from generator import pipeline
from generator.cli import main as cli_main
from generator.io import cache as cache_module
from generator.io.cache import Cache
from generator.models import split
from generator.names import namespace
from generator.output import coverage
from tests.support import FEATURE_SPECS, IMPERFECT_DOCS
from tests.support.sandbox import snapshot

DOCUMENTS = (FEATURE_SPECS / "one_of.yaml", FEATURE_SPECS / "pagination.yaml",
             IMPERFECT_DOCS / "skipped_operations.yaml", IMPERFECT_DOCS / "method_clash.yaml",
             IMPERFECT_DOCS / "query_string_and_skip.yaml")


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(cache_module.DIR_ENV, str(folder))
    monkeypatch.delenv(cache_module.SIZE_ENV, raising=False)
    monkeypatch.delenv(cache_module.OFF_ENV, raising=False)
    return folder


def _generate(capsys: pytest.CaptureFixture[str], spec: Path, out: Path) -> tuple[str, str]:
    code = cli_main(["generate", "--spec", str(spec), "--out", str(out)])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    return captured.out, captured.err


def _count_loads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    loaded: list[Path] = []
    real = pipeline.load

    def spy(path: Path, **options: Any) -> Any:
        loaded.append(path)
        return real(path, **options)

    monkeypatch.setattr(pipeline, "load", spy)
    return loaded


@pytest.mark.parametrize("spec", DOCUMENTS, ids=lambda spec: spec.name)
def test_an_unchanged_document_is_restored_without_loading_it(
        spec: Path, cache_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "pkg"
    cold = _generate(capsys, spec, out)
    cold_files = snapshot(out)
    loaded = _count_loads(monkeypatch)
    warm_out = tmp_path / "again" / "pkg"  # a new folder: every byte is written from the entry
    assert _generate(capsys, spec, warm_out) == (cold[0].replace(str(out), str(warm_out)), cold[1])
    assert snapshot(warm_out) == cold_files
    assert loaded == []


def test_a_document_with_a_bundled_file_is_loaded_on_a_hit(
        cache_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Its bytes do not decide the package (the bundled file's may change): its data keys it."""
    spec = FEATURE_SPECS / "multi_file" / "main.yaml"
    cold = _generate(capsys, spec, tmp_path / "pkg")
    loaded = _count_loads(monkeypatch)
    assert _generate(capsys, spec, tmp_path / "pkg") == cold
    assert loaded == [spec]


def _json_spec(folder: Path, example_ref: str) -> Path:
    """A JSON document whose example holds a `$ref` to a file: literal data, nothing bundled."""
    spec = folder / "api.json"
    folder.mkdir(parents=True, exist_ok=True)
    spec.write_text(json.dumps({
        "openapi": "3.0.3", "info": {"title": "T", "version": "1"},
        "paths": {"/pets": {"get": {"operationId": "listPets", "responses": {"200": {
            "description": "ok", "content": {"application/json": {
                "schema": {"$ref": "#/components/schemas/Pet"}}}}}}}},
        "components": {"schemas": {"Pet": {
            "type": "object", "properties": {"name": {"type": "string"}},
            "example": {"$ref": example_ref}}}},
    }, indent=2), encoding="utf-8")
    return spec


def test_text_that_only_looks_like_an_external_ref_keeps_the_bytes_key(
        cache_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    spec = _json_spec(tmp_path / "doc", "other.json")
    cold = _generate(capsys, spec, tmp_path / "pkg")
    files = snapshot(tmp_path / "pkg")
    loaded = _count_loads(monkeypatch)
    assert _generate(capsys, spec, tmp_path / "pkg") == cold
    assert snapshot(tmp_path / "pkg") == files and loaded == []


def test_a_changed_byte_misses_the_bytes_key(
        cache_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    spec = _json_spec(tmp_path / "doc", "other.json")
    _generate(capsys, spec, tmp_path / "pkg")
    spec.write_text(spec.read_text(encoding="utf-8") + "\n", encoding="utf-8")  # same data
    loaded = _count_loads(monkeypatch)
    _generate(capsys, spec, tmp_path / "pkg")
    assert loaded == [spec]
    record = json.loads((tmp_path / "pkg" / "PROVENANCE.json").read_text(encoding="utf-8"))
    assert record["inputs"]["spec_sha256"] == hashlib.sha256(spec.read_bytes()).hexdigest()


def _stamps(folder: Path) -> dict[str, int]:
    return {str(path.relative_to(folder)): path.stat().st_mtime_ns
            for path in folder.rglob("*") if path.is_file()}


def test_a_folder_already_holding_the_package_is_left_as_it_is(
        cache_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec, out = DOCUMENTS[0], tmp_path / "pkg"
    _generate(capsys, spec, out)
    files, stamps = snapshot(out), _stamps(out)
    inode = os.stat(out).st_ino
    _generate(capsys, spec, out)
    assert snapshot(out) == files and _stamps(out) == stamps and os.stat(out).st_ino == inode
    removed = next(path for path in sorted(files) if path.endswith(".py"))
    (out / removed).unlink()  # a file missing: the folder is replaced, whole again
    _generate(capsys, spec, out)
    assert snapshot(out) == files


MODELS = '''from pydantic import BaseModel


class Pet(BaseModel):
    name: str


class Owner(BaseModel):
    pet: Pet
'''


@pytest.mark.parametrize("damage", [b"garbage", b'{"format": 1, "groups": [["x"]]}', b""])
def test_a_damaged_split_entry_is_ignored(tmp_path: Path, damage: bytes) -> None:
    cache = Cache(tmp_path / "cache")
    cold = split.cached_split(MODELS, ["Pet", "Owner"], cache)
    assert cold == split.split_models(MODELS, ["Pet", "Owner"])
    [entry] = (tmp_path / "cache" / split.NAMESPACE).iterdir()
    assert split.cached_split(MODELS, ["Pet", "Owner"], cache) == cold  # from the entry
    payload = damage if damage.startswith(b"{") else entry.read_bytes()[:-3] + damage
    entry.write_bytes(cache_module._encode(json.loads(payload)) if damage.startswith(b"{")
                      else payload)
    assert split.cached_split(MODELS, ["Pet", "Owner"], cache) == cold
    assert split.cached_split(MODELS, ["Owner"], cache) == split.split_models(MODELS, ["Owner"])


RESOURCE = f'''class Pets({coverage.SYNC_RESOURCE_BASE}):
    def list(self) -> None: ...

    def _hidden(self) -> None: ...
'''


def test_a_resource_modules_methods_come_from_the_cache_and_a_damaged_entry_is_ignored(
        tmp_path: Path) -> None:
    cache = Cache(tmp_path / "cache")
    files = {"resources/pets.py": RESOURCE}

    def methods(with_cache: Cache | None) -> dict[str, set[str]]:
        return coverage.resource_methods(namespace.read_modules(files, files, with_cache))

    cold = methods(cache)
    assert cold == {"Pets": {"list"}} == methods(None)
    [entry] = (tmp_path / "cache" / namespace.NAMESPACE).iterdir()
    entry.write_bytes(cache_module._encode({"format": namespace.ENTRY_FORMAT, "twice": [],
                                            "classes": {"Pets": "list"}}))
    assert methods(cache) == cold
    assert methods(cache) == cold  # the entry written again
