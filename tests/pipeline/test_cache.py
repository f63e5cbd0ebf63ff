"""The package and verdict caches (generator/io/cache.py, used by pipeline and validate):
a warm run gives every byte and every line of stderr a cold run gives, without generating;
a damaged entry is regenerated and replaced; `--no-cache` touches nothing; anything that
shapes the bytes changes the key."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from generator import pipeline
from generator.cli import main as cli_main
from generator.document.loading import load
from generator.io import cache as cache_module
from generator.io import package_entry, provenance
from generator.io.cache import Cache
from generator.problems import Problem
from generator.validate import background, openapi, validate
from generator.validate.background import SpecValidation
from tests.support import BAD_DOCS, FEATURE_SPECS, IMPERFECT_DOCS, PROVIDERS, ROOT
from tests.support.sandbox import snapshot

FEATURES = ("one_of.yaml", "pagination.yaml", "auth_multiple.yaml", "multi_file/main.yaml")
# documents tolerant generation repairs (and renames in) and skips operations of
IMPERFECT = ("default_wrong_type.yaml", "skipped_operations.yaml", "query_string_and_skip.yaml",
             "method_clash.yaml", "null_type_30.yaml")
SMALL = FEATURE_SPECS / "one_of.yaml"
INVALID = BAD_DOCS / "invalid_30.yaml"


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This test's cache folder, empty."""
    folder = tmp_path / "cache"
    monkeypatch.setenv(cache_module.DIR_ENV, str(folder))
    monkeypatch.delenv(cache_module.SIZE_ENV, raising=False)
    return folder


@pytest.fixture
def generations(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The packages each call of `pipeline._generate_fresh` generated (none on a full hit)."""
    calls: list[list[str]] = []
    real = pipeline._generate_fresh

    def spy(documents: Any, cache: Cache | None) -> pipeline.Generation:
        calls.append(sorted(documents))
        return real(documents, cache)

    monkeypatch.setattr(pipeline, "_generate_fresh", spy)
    return calls


def _run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = cli_main([str(arg) for arg in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _generate_spec(capsys: pytest.CaptureFixture[str], spec: Path, out: Path,
                   *extra: str) -> tuple[str, str]:
    code, stdout, stderr = _run(capsys, "generate", "--spec", spec, "--out", out, *extra)
    assert code == 0, stderr
    return stdout, stderr


def _entries(folder: Path, namespace: str) -> dict[str, bytes]:
    place = folder / namespace
    return {path.name: path.read_bytes() for path in place.iterdir()} if place.is_dir() else {}


def _refuse_generation(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any stage after loading fails loudly: what follows must come from the cache."""
    def refused(*_: object, **__: object) -> object:
        raise AssertionError("generated or validated although the cache has the package")

    monkeypatch.setattr(pipeline, "_generate_fresh", refused)
    monkeypatch.setattr(pipeline, "SpecValidation", refused)


def test_providers_warm_are_byte_identical_and_generate_nothing(
        cache_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "generated"
    cold = _run(capsys, "generate", "--out", out)
    assert cold[0] == 0, cold[2]
    cold_files = snapshot(out)
    assert len(_entries(cache_dir, package_entry.NAMESPACE)) == 3
    _refuse_generation(monkeypatch)
    warm = _run(capsys, "generate", "--out", out)
    assert warm == cold
    assert snapshot(out) == cold_files
    for name in PROVIDERS:  # and as generated/ holds them
        assert {path: data for path, data in cold_files.items()
                if path.startswith(f"{name}/") and not path.endswith("PROVENANCE.json")} == {
            f"{name}/{path}": data for path, data in snapshot(ROOT / "generated" / name).items()
            if path != "PROVENANCE.json"}


@pytest.mark.parametrize("relative", [*(f"feature_specs/{name}" for name in FEATURES),
                                      *(f"imperfect_docs/{name}" for name in IMPERFECT)])
def test_documents_warm_are_byte_identical_with_the_same_stderr(
        relative: str, cache_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    spec = ROOT / "tests" / relative
    out = tmp_path / "out" / "pkg"
    cold = _generate_spec(capsys, spec, out)
    cold_files = snapshot(out)
    _refuse_generation(monkeypatch)
    warm = _generate_spec(capsys, spec, out)
    assert warm == cold
    assert snapshot(out) == cold_files


def test_the_imperfect_documents_have_repairs_and_skips_to_restore(
        cache_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """What the test above restores: repairs and skips, said on stderr and in COVERAGE.md."""
    said = []
    for name in IMPERFECT:
        _, stderr = _generate_spec(capsys, IMPERFECT_DOCS / name, tmp_path / name[:-5] / "pkg")
        said.append(stderr)
    _refuse_generation(monkeypatch)
    for name, cold in zip(IMPERFECT, said, strict=True):
        assert _generate_spec(capsys, IMPERFECT_DOCS / name, tmp_path / name[:-5] / "pkg")[1] == cold
    text = "\n".join(said)
    assert "repaired: " in text and ": skipped " in text


def _flip_a_byte(entry: bytes) -> bytes:
    middle = len(entry) // 2
    return entry[:middle] + bytes([entry[middle] ^ 0x01]) + entry[middle + 1:]


def _truncate(entry: bytes) -> bytes:
    return entry[: len(entry) * 2 // 3]


def _garbage_json(entry: bytes) -> bytes:
    """A whole entry of the right format whose checksum holds, but whose index is not JSON."""
    payload = b"{not json\n"
    digest = cache_module.hashlib.sha256(payload).hexdigest().encode()
    return b"%s %d %s\n" % (cache_module.TEXTS_MAGIC, len(payload), digest) + payload


def _foreign_json(entry: bytes) -> bytes:
    """A whole texts entry that is not a package entry (a file outside the package)."""
    return cache_module._encode_texts({"format": package_entry.ENTRY_FORMAT, "outcome": None,
                                       "operations": 1, "lines": {}}, {"../evil.py": "x"})


@pytest.mark.parametrize("damage", [_flip_a_byte, _truncate, _garbage_json, _foreign_json])
def test_a_damaged_entry_is_ignored_and_replaced(
        damage: Callable[[bytes], bytes], cache_dir: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str], generations: list[list[str]]) -> None:
    spec = IMPERFECT_DOCS / "skipped_operations.yaml"
    out = tmp_path / "pkg"
    cold = _generate_spec(capsys, spec, out)
    cold_files = snapshot(out)
    [(name, entry)] = _entries(cache_dir, package_entry.NAMESPACE).items()
    (cache_dir / package_entry.NAMESPACE / name).write_bytes(damage(entry))
    assert _generate_spec(capsys, spec, out) == cold
    assert snapshot(out) == cold_files
    assert len(generations) == 2, "the damaged entry was used"
    assert _entries(cache_dir, package_entry.NAMESPACE) == {name: entry}  # replaced, whole again


@pytest.mark.parametrize("how", ["flag", "environment"])
def test_no_cache_reads_and_writes_nothing(
        how: str, cache_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, generations: list[list[str]]) -> None:
    extra = ["--no-cache"] if how == "flag" else []
    if how == "environment":
        monkeypatch.setenv(cache_module.OFF_ENV, "1")
    first = _generate_spec(capsys, SMALL, tmp_path / "pkg", *extra)
    assert _generate_spec(capsys, SMALL, tmp_path / "pkg", *extra) == first
    code, _, stderr = _run(capsys, "validate", INVALID, *extra)
    assert code == 1 and stderr
    assert not cache_dir.exists()
    assert len(generations) == 2


def test_no_cache_does_not_read_an_existing_entry(
        cache_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        generations: list[list[str]]) -> None:
    _generate_spec(capsys, SMALL, tmp_path / "pkg")
    before = _entries(cache_dir, package_entry.NAMESPACE)
    _generate_spec(capsys, SMALL, tmp_path / "pkg", "--no-cache")
    assert len(generations) == 2
    assert _entries(cache_dir, package_entry.NAMESPACE) == before


def test_what_shapes_the_bytes_changes_the_key(
        cache_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, generations: list[list[str]]) -> None:
    spec = tmp_path / "spec" / "api.yaml"
    spec.parent.mkdir()
    shutil.copyfile(SMALL, spec)
    _generate_spec(capsys, spec, tmp_path / "pkg")
    _generate_spec(capsys, spec, tmp_path / "pkg")
    assert len(generations) == 1, "the same inputs hit"
    _generate_spec(capsys, spec, tmp_path / "other", "--package", "other_name")
    assert generations[-1] == ["other_name"] and len(generations) == 2, "package name"
    spec.write_bytes(spec.read_bytes() + b"\n# one more byte\n")
    _generate_spec(capsys, spec, tmp_path / "pkg")
    assert len(generations) == 3, "an input byte (a comment: same data, other bytes)"
    toolkit = {**provenance.toolkit_fingerprint(), "templates_sha256": "0" * 64}
    monkeypatch.setattr(provenance, "toolkit_fingerprint", lambda: toolkit)
    _generate_spec(capsys, spec, tmp_path / "pkg")
    assert len(generations) == 4, "the toolkit fingerprint"
    _generate_spec(capsys, spec, tmp_path / "pkg", "--strict")
    assert len(generations) == 5, "strictness"
    assert len(_entries(cache_dir, package_entry.NAMESPACE)) == 5


def test_a_bundled_file_changes_the_key(cache_dir: Path, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str],
                                        generations: list[list[str]]) -> None:
    """The main file's bytes do not say what the files it refers to hold: the data does."""
    folder = tmp_path / "multi"
    shutil.copytree(FEATURE_SPECS / "multi_file", folder)
    _generate_spec(capsys, folder / "main.yaml", tmp_path / "pkg")
    schemas = folder / "schemas.yaml"
    text = schemas.read_text(encoding="utf-8")
    assert "minimum: 1}" in text
    schemas.write_text(text.replace("minimum: 1}", "minimum: 2}"), encoding="utf-8")
    _generate_spec(capsys, folder / "main.yaml", tmp_path / "pkg")
    assert len(generations) == 2


def test_remote_refs_are_never_cached(cache_dir: Path, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    _generate_spec(capsys, SMALL, tmp_path / "pkg", "--allow-remote-refs")
    assert not cache_dir.exists()


def test_the_size_bound_evicts_the_least_recently_used(
        cache_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, generations: list[list[str]]) -> None:
    _generate_spec(capsys, SMALL, tmp_path / "first")
    entry = next(iter(_entries(cache_dir, package_entry.NAMESPACE).values()))
    verdicts = sum(map(len, _entries(cache_dir, background.NAMESPACE).values()))
    # room for the verdict and one package (the same document under another name)
    monkeypatch.setenv(cache_module.SIZE_ENV, str(verdicts + len(entry) * 3 // 2))
    _generate_spec(capsys, SMALL, tmp_path / "second")
    assert len(_entries(cache_dir, package_entry.NAMESPACE)) == 1
    assert len(_entries(cache_dir, background.NAMESPACE)) == 1, "used since: kept"
    _generate_spec(capsys, SMALL, tmp_path / "second")
    assert generations == [["first"], ["second"]], "the newest entry stays"
    _generate_spec(capsys, SMALL, tmp_path / "first")
    assert generations[-1] == ["first"], "the oldest was evicted"


def test_an_unusable_cache_folder_is_no_cache(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder\n", encoding="utf-8")
    monkeypatch.setenv(cache_module.DIR_ENV, str(blocker / "cache"))
    first = _generate_spec(capsys, SMALL, tmp_path / "pkg")
    assert _generate_spec(capsys, SMALL, tmp_path / "pkg") == first
    assert blocker.read_text(encoding="utf-8") == "not a folder\n"


# -- the validator's verdict ------------------------------------------------------------------


def _no_validator(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*_: object, **__: object) -> list[Problem]:
        raise AssertionError("openapi-spec-validator ran although the verdict is cached")

    monkeypatch.setattr(openapi, "spec_problems", refused)
    monkeypatch.setattr(background, "_each_spec_problems", refused)


def test_a_cached_verdict_is_the_cold_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Cache(tmp_path / "cache")
    document = load(INVALID)
    cold, theirs = validate(document), openapi.spec_problems(document)
    assert any(problem.line is not None for problem in theirs) and len(theirs) >= 3
    assert validate(document, store) == cold
    assert len(_entries(store.folder, background.NAMESPACE)) == 1
    _no_validator(monkeypatch)
    assert validate(document, store) == cold
    with SpecValidation([document], store) as verdict:  # its child finds the verdict
        assert verdict.problems() == theirs


def test_the_verdict_is_keyed_on_data_not_on_file_or_formatting(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Cache(tmp_path / "cache")
    cold = background.cached_spec_problems(load(INVALID), store)
    elsewhere = tmp_path / "moved.yaml"  # same data, two lines lower, another name
    elsewhere.write_bytes(b"# moved\n\n" + INVALID.read_bytes())
    expected = openapi.spec_problems(load(elsewhere))
    assert [p.line for p in expected] != [p.line for p in cold]
    _no_validator(monkeypatch)
    assert background.cached_spec_problems(load(elsewhere), store) == expected


def test_a_changed_document_misses_the_verdict(tmp_path: Path) -> None:
    store = Cache(tmp_path / "cache")
    background.cached_spec_problems(load(INVALID), store)
    changed = tmp_path / "changed.yaml"
    changed.write_text(INVALID.read_text(encoding="utf-8").replace("title:", "title: x", 1),
                       encoding="utf-8")
    assert load(changed).data != load(INVALID).data
    found = background.cached_spec_problems(load(changed), store)
    assert found == openapi.spec_problems(load(changed))
    assert len(_entries(store.folder, background.NAMESPACE)) == 2


def test_another_package_name_skips_the_validator(
        cache_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, generations: list[list[str]]) -> None:
    spec = IMPERFECT_DOCS / "default_wrong_type.yaml"
    _generate_spec(capsys, spec, tmp_path / "pkg")
    cold = _generate_spec(capsys, spec, tmp_path / "renamed", "--no-cache")
    _no_validator(monkeypatch)
    assert _generate_spec(capsys, spec, tmp_path / "renamed") == cold
    assert generations[-1] == ["renamed"], "generated, but not validated"


def test_validate_warm_says_what_cold_says(cache_dir: Path, capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    cold = _run(capsys, "validate", INVALID)
    assert cold[0] == 1 and cold[2]
    _no_validator(monkeypatch)
    assert _run(capsys, "validate", INVALID) == cold


def test_entries_are_json_and_text(cache_dir: Path, tmp_path: Path,
                          capsys: pytest.CaptureFixture[str]) -> None:
    _generate_spec(capsys, IMPERFECT_DOCS / "skipped_operations.yaml", tmp_path / "pkg")
    for entry in _entries(cache_dir, background.NAMESPACE).values():
        header, _, payload = entry.partition(b"\n")
        assert header.startswith(cache_module.MAGIC + b" ")
        assert isinstance(json.loads(payload), dict)
    for entry in _entries(cache_dir, package_entry.NAMESPACE).values():  # a JSON index, then text
        header, _, payload = entry.partition(b"\n")
        assert header.startswith(cache_module.TEXTS_MAGIC + b" ")
        index, _, texts = payload.partition(b"\n")
        assert isinstance(json.loads(index), dict)
        assert "README.md" in json.loads(index)["names"] and texts.decode("utf-8")


def test_the_child_looks_up_and_stores_the_verdict_when_asked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`generate` needs no verdict before its child's: the key, a hash of the whole document,
    is worked out there, and the cache read and written there too."""
    store = Cache(tmp_path / "cache")
    document = load(INVALID)
    keyed_here: list[str] = []  # what the child appends stays in the child
    real_key = background.verdict_key

    def key(doc: Any) -> str | None:
        keyed_here.append(str(doc.path))
        return real_key(doc)

    monkeypatch.setattr(background, "verdict_key", key)
    with SpecValidation([document], store, look_up_in_child=True) as verdict:
        cold = verdict.problems()
    assert cold == openapi.spec_problems(document) and cold
    assert keyed_here == []
    assert len(_entries(store.folder, background.NAMESPACE)) == 1, "stored by the child"
    _no_validator(monkeypatch)
    with SpecValidation([document], store, look_up_in_child=True) as verdict:
        assert verdict.problems() == cold
    assert keyed_here == []


# -- a valid document's verdict, blind to its annotations ---------------------------------------


def _valid_document() -> dict[str, Any]:
    return {
        "openapi": "3.1.0", "info": {"title": "t", "version": "1", "description": "An API."},
        "paths": {"/pets": {"get": {
            "operationId": "listPets", "summary": "List pets.", "description": "Every pet.",
            "responses": {"200": {"description": "The pets.", "content": {"application/json": {
                "schema": {"$ref": "#/components/schemas/Pet"}}}}}}}},
        "components": {"schemas": {"Pet": {
            "type": "object", "description": "A pet.",
            "properties": {"name": {"type": "string", "description": "Its name."},
                           "kind": {"type": "string", "enum": ["cat", "dog"]}},
            "default": {"name": "Rex", "description": "not an annotation: a value"},
        }}},
    }


def _written(tmp_path: Path, name: str, data: dict[str, Any]) -> Any:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return load(path)


def _child_verdict(document: Any, store: Cache) -> list[Problem]:
    with SpecValidation([document], store, look_up_in_child=True) as verdict:
        return verdict.problems()


def test_a_valid_document_reworded_skips_the_validator(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Descriptions and summaries are free text: a valid document whose only change is their
    wording is valid, so its verdict is found without running openapi-spec-validator."""
    store = Cache(tmp_path / "cache")
    assert _child_verdict(_written(tmp_path, "old.json", _valid_document()), store) == []
    reworded = _valid_document()
    operation = reworded["paths"]["/pets"]["get"]
    operation["summary"], operation["description"] = "Pets, listed.", ""
    reworded["components"]["schemas"]["Pet"]["properties"]["name"]["description"] = "Name\n."
    reworded["info"]["description"] = "The API, described at length."
    _no_validator(monkeypatch)
    assert _child_verdict(_written(tmp_path, "new.json", reworded), store) == []
    reworded["info"]["description"] = "Found here too."
    assert validate(_written(tmp_path, "again.json", reworded), store) == []


@pytest.mark.parametrize("change", ["value", "not text", "enum", "own dialect", "text referenced"])
def test_other_changes_to_a_valid_document_run_the_validator(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str) -> None:
    """Only annotation texts are left out of the blind key: a `description` inside a value
    (a default, an example), one that is no longer text, any other change, any document whose
    schemas name a dialect of their own, and any whose values reference a text are validated
    again."""
    store = Cache(tmp_path / "cache")
    old = _valid_document()
    if change == "own dialect":
        old["components"]["schemas"]["Pet"]["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    if change == "text referenced":  # a default checked with the text it points at
        old["components"]["schemas"]["Pet"]["properties"]["name"]["default"] = {
            "$ref": "#/info/description"}
    assert _child_verdict(_written(tmp_path, "old.json", old), store) == []
    changed = json.loads(json.dumps(old))
    pet = changed["components"]["schemas"]["Pet"]
    if change == "value":
        pet["default"]["description"] = "another value"
    elif change == "not text":
        pet["description"] = 3
    elif change == "enum":
        pet["properties"]["kind"]["enum"] = ["cat", "bird"]
    elif change == "own dialect":  # only reworded, but its meaning is the dialect's to say
        pet["description"] = "Reworded."
    else:
        changed["info"]["description"] = "Another text."
    document = _written(tmp_path, "new.json", changed)
    ran = tmp_path / "ran"  # written by the child too
    real = openapi.spec_problems

    def counted(doc: Any, *args: Any, **kwargs: Any) -> list[Problem]:
        with ran.open("a", encoding="utf-8") as log:
            log.write(f"{doc.path}\n")
        return real(doc, *args, **kwargs)

    monkeypatch.setattr(openapi, "spec_problems", counted)
    expected = real(document)
    assert _child_verdict(document, store) == expected
    assert ran.read_text(encoding="utf-8") == f"{document.path}\n"
    with SpecValidation([document], store) as verdict:  # looked up here: the exact key now
        assert verdict.problems() == expected
    assert ran.read_text(encoding="utf-8") == f"{document.path}\n"
    if change == "not text":
        assert expected, "a description that is not a string is invalid"


def test_an_invalid_document_reworded_is_validated_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An invalid document's messages may quote the texts: its verdict is never reused for
    another wording."""
    store = Cache(tmp_path / "cache")
    data = _valid_document()
    data["components"]["schemas"]["Pet"]["properties"]["name"]["type"] = "text"
    before = _child_verdict(_written(tmp_path, "old.json", data), store)
    assert before
    data["components"]["schemas"]["Pet"]["properties"]["name"]["description"] = "Reworded."
    document = _written(tmp_path, "new.json", data)
    assert background.annotation_blind_key(document) is not None
    assert _child_verdict(document, store) == openapi.spec_problems(document)
    assert len(_entries(store.folder, background.NAMESPACE)) == 2, "one exact key each, no blind"
