"""CLI-level tests of the drift commands: `diff` (exit codes, formats, YAML/JSON, $refs) and
`check` (fast path, --full, hand edits, changed inputs, --target on a renamed copy, formats).

Nothing here touches the real specs/, generated/ or docs/: `sandbox` copies them into a temporary
repository-like folder, regenerates it there once per session (so a stale real generated/ does
not matter), and each test gets its own copy. The CLI runs as a subprocess from the repo root.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.support import PROVIDERS, ROOT
from tests.support.sandbox import run_cli, sandbox_args

OP = "/paths/~1v1~1items/post"
REQ = "/components/schemas/Req"  # the request and response schemas are $refs: changes in them
RESP = "/components/schemas/Resp"  # are reported where they literally are


# -- diff ----------------------------------------------------------------------------------------


def base_doc() -> dict[str, Any]:
    """A small 3.0 document: one POST whose request and response schemas are $refs."""
    return {
        "openapi": "3.0.3",
        "info": {"title": "items", "version": "1"},
        "paths": {
            "/v1/items": {
                "post": {
                    "operationId": "createItem",
                    "requestBody": {"required": True, "content": {"application/json": {
                        "schema": {"$ref": "#/components/schemas/Req"}}}},
                    "responses": {"200": {"description": "ok", "content": {"application/json": {
                        "schema": {"$ref": "#/components/schemas/Resp"}}}}},
                }
            }
        },
        "components": {"schemas": {
            "Req": {"type": "object", "required": ["name"], "properties": {
                "name": {"type": "string"}, "size": {"type": "integer"}}},
            "Resp": {"type": "object", "properties": {
                "id": {"type": "string"}, "created": {"type": "integer"},
                "status": {"type": "string", "enum": ["ok", "queued"]}}},
        }},
    }


def write_doc(path: Path, doc: dict[str, Any]) -> Path:
    if path.suffix == ".json":
        path.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    else:
        path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return path


def diff_pair(tmp_path: Path, new: dict[str, Any], *, old_name: str = "old.yaml",
              new_name: str = "new.json") -> tuple[Path, Path]:
    return write_doc(tmp_path / old_name, base_doc()), write_doc(tmp_path / new_name, new)


def breaking_doc() -> dict[str, Any]:
    doc = base_doc()
    del doc["components"]["schemas"]["Resp"]["properties"]["created"]  # behind a $ref
    return doc


def non_breaking_doc() -> dict[str, Any]:
    doc = base_doc()
    doc["components"]["schemas"]["Req"]["properties"]["seed"] = {"type": "integer"}
    return doc


@pytest.mark.timeout(120)
@pytest.mark.parametrize(
    ("make_new", "fail_on", "code"),
    [
        (breaking_doc, "breaking", 1), (breaking_doc, "any", 1), (breaking_doc, "none", 0),
        (non_breaking_doc, "breaking", 0), (non_breaking_doc, "any", 1), (non_breaking_doc, "none", 0),
        (base_doc, "breaking", 0), (base_doc, "any", 0), (base_doc, "none", 0),
    ],
    ids=lambda v: getattr(v, "__name__", str(v)),
)
def test_diff_exit_code_per_fail_on(tmp_path: Path, make_new: Any, fail_on: str, code: int) -> None:
    old, new = diff_pair(tmp_path, make_new())
    result = run_cli("diff", old, new, "--fail-on", fail_on)
    assert result.returncode == code, result.stdout + result.stderr


@pytest.mark.timeout(120)
def test_diff_default_fails_on_breaking(tmp_path: Path) -> None:
    old, new = diff_pair(tmp_path, breaking_doc())
    assert run_cli("diff", old, new).returncode == 1
    old, new = diff_pair(tmp_path, non_breaking_doc())
    assert run_cli("diff", old, new).returncode == 0


@pytest.mark.timeout(120)
def test_diff_text_pointers_resolve_literally_with_lines(tmp_path: Path) -> None:
    """The removed property lives in components/schemas/Resp: it is reported there, in the OLD
    document (where it still is), with its line; the added one in the new document."""
    doc = breaking_doc()
    doc["components"]["schemas"]["Req"]["properties"]["seed"] = {"type": "integer"}
    old, new = diff_pair(tmp_path, doc)
    out = run_cli("diff", old, new, "--fail-on", "none").stdout
    old_line = _line_of(old, "    created:")
    new_line = _line_of(new, '"seed": {')
    assert (f"[breaking] response-property-removed {RESP}/properties/created ({old}:{old_line})"
            in out)
    assert (f"[non-breaking] request-property-added-optional {REQ}/properties/seed ({new}:{new_line})"
            in out)
    assert out.index("== Breaking ==") < out.index("== Non-breaking ==")
    assert out.rstrip().endswith("1 breaking, 0 possibly breaking, 1 non-breaking change(s); "
                                    "1 break(s) code written against the generated client")


def _line_of(path: Path, text: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    (number,) = [i + 1 for i, line in enumerate(lines) if line.startswith(text)
                 or line.strip().startswith(text.strip())]
    return number


@pytest.mark.timeout(120)
def test_diff_repairs_what_generate_repairs_and_strict_refuses(tmp_path: Path) -> None:
    """Tolerant by default, like `generate`: each side's slips repaired and named once in the
    header; the change the document made is reported; `--strict` refuses as before."""
    doc = base_doc()
    doc["paths"]["/v1/items"]["post"]["responses"]["200"]["content"]["application/json"][
        "schema"] = {"$ref": "#/components/schemas/Missing"}
    del doc["info"]["title"]
    old, new = diff_pair(tmp_path, doc)
    result = run_cli("diff", old, new, "--fail-on", "any")
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stdout.startswith("old: 0 repaired, new: 2 repaired ")
    assert "  new: /info: reads the missing `title` as empty" in result.stdout
    assert "#/components/schemas/Missing" in result.stdout  # the repair, named
    assert "Traceback" not in result.stderr
    strict = run_cli("diff", old, new, "--strict")
    assert strict.returncode == 2, strict.stdout + strict.stderr
    assert "Traceback" not in strict.stderr and strict.stdout == ""
    assert f"{new}:" in strict.stderr and "#/components/schemas/Missing" in strict.stderr
    assert "title" in strict.stderr
    assert f"{new}: invalid OpenAPI document: not compared" in strict.stderr
    unchecked = run_cli("diff", old, new, "--no-validate", "--fail-on", "none")
    assert unchecked.returncode == 0 and "repaired" not in unchecked.stdout


@pytest.mark.timeout(120)
def test_diff_repairs_a_shared_slip_alike_and_never_reports_the_repair(tmp_path: Path) -> None:
    """The same invalid default on both sides is dropped on both (no change); a duplicated enum
    entry only the new side has is merged, leaving the enum as it was (no change); the real
    change is reported. JSON carries the repairs per side."""
    old_doc, new_doc = base_doc(), base_doc()
    for doc in (old_doc, new_doc):
        doc["components"]["schemas"]["Req"]["properties"]["size"]["default"] = "big"
    new_doc["components"]["schemas"]["Resp"]["properties"]["status"]["enum"] = [
        "ok", "queued", "ok"]
    new_doc["components"]["schemas"]["Req"]["properties"]["name"]["maxLength"] = 10
    old = write_doc(tmp_path / "old.json", old_doc)
    new = write_doc(tmp_path / "new.json", new_doc)
    result = run_cli("diff", old, new, "--format", "json")
    assert result.returncode == 1, result.stdout + result.stderr
    report = json.loads(result.stdout)
    assert [c["kind"] for c in report["changes"]] == ["constraint-tightened-request"]
    tolerated = report["tolerated"]
    assert [r["action"] for r in tolerated["old"]["repairs"]] == ["drops the invalid `default`"]
    assert sorted(r["pointer"] for r in tolerated["new"]["repairs"]) == [
        "/components/schemas/Req/properties/size/default",
        "/components/schemas/Resp/properties/status/enum"]
    text = run_cli("diff", old, new).stdout
    assert text.startswith("old: 1 repaired, new: 2 repaired ")
    assert "default-changed" not in text


@pytest.mark.timeout(120)
def test_diff_markdown(tmp_path: Path) -> None:
    old, new = diff_pair(tmp_path, breaking_doc())
    out = run_cli("diff", old, new, "--format", "markdown").stdout
    assert out.startswith("## API changes\n")
    assert "**1 breaking, 0 possibly breaking, 0 non-breaking change(s); 1 break(s) code written against the generated client**" in out
    assert "### Breaking\n\n#### `POST /v1/items`\n" in out
    assert f"| breaking | `response-property-removed` | `{RESP}/properties/created` |" in out


@pytest.mark.timeout(120)
def test_diff_only_limit_and_full_report(tmp_path: Path) -> None:
    """A pull-request comment: breaking changes only, capped with "N more"; the whole report
    goes to a file."""
    doc = breaking_doc()
    doc["components"]["schemas"]["Req"]["properties"]["seed"] = {"type": "integer"}
    doc["components"]["schemas"]["Resp"]["properties"]["status"]["enum"].append("failed")
    del doc["components"]["schemas"]["Resp"]["properties"]["id"]
    old, new = diff_pair(tmp_path, doc)
    full = tmp_path / "report.md"
    result = run_cli("diff", old, new, "--format", "markdown", "--only", "breaking", "--limit", "1",
                     "--report", full)
    assert result.returncode == 1, result.stderr
    comment = result.stdout
    assert "**2 breaking, 0 possibly breaking, 2 non-breaking change(s); 2 break(s) code written against the generated client**" in comment
    assert comment.count("| breaking |") == 1 and "non-breaking |" not in comment
    assert f"... and 1 more change(s): the full report is in {full}" in comment
    report = full.read_text(encoding="utf-8")
    assert report.count("| breaking |") == 2 and "non-breaking |" not in report
    assert "more change(s)" not in report


@pytest.mark.timeout(120)
def test_diff_json(tmp_path: Path) -> None:
    old, new = diff_pair(tmp_path, non_breaking_doc())
    result = run_cli("diff", old, new, "--format", "json", "--fail-on", "any")
    assert result.returncode == 1
    data = json.loads(result.stdout)
    assert data["summary"] == {"breaking": 0, "possibly_breaking": 0, "non_breaking": 1,
                               "client_breaking": 0}
    assert data["changes"] == [{
        "pointer": f"{REQ}/properties/seed", "kind": "request-property-added-optional",
        "severity": "non-breaking", "message": data["changes"][0]["message"], "side": "new",
        "operations": ["POST /v1/items"], "line": _line_of(new, '"seed": {'),
        "client": "client.default.create_item: argument seed: added (optional): int | NotGiven",
        "client_breaking": False, "detail": "was added",
    }]


PROVIDER_OVERLAY = """\
overlay: '1.0.0'
info: {title: codegen hints, version: '1.0.0'}
actions:
  - target: $.paths['/v1/items'].post
    description: Expose the operation as `client.items.create(...)`.
    update: {x-codegen-resource: items, x-codegen-method: create}
  - target: $.paths['/v1/gone'].post
    update: {x-codegen-method: gone}
"""


@pytest.mark.timeout(120)
def test_diff_overlay_names_methods_as_the_generated_client(tmp_path: Path) -> None:
    """A provider-like overlay (`x-codegen-resource`/`-method`, specs/<provider>/overlay.yaml)
    applied to both sides names the method as the generated client has it; a tag change it
    overrides moves nothing (exit 0 with `--fail-on client-breaking`, where without it the
    method moves: exit 1). An action that matches nothing on a side is a warning per side; an
    overlay that cannot be read exits 2."""
    doc = non_breaking_doc()
    doc["paths"]["/v1/items"]["post"]["tags"] = ["things"]
    old, new = diff_pair(tmp_path, doc)
    overlay = tmp_path / "overlay.yaml"
    overlay.write_text(PROVIDER_OVERLAY, encoding="utf-8")
    bare = run_cli("diff", old, new, "--fail-on", "client-breaking")
    assert bare.returncode == 1, bare.stdout + bare.stderr
    assert "client: client.things.create_item: argument seed: added (optional)" in bare.stdout
    assert "client (breaks code): client.default.create_item: method moved to client.things.create_item" in (
        bare.stdout)
    named = run_cli("diff", old, new, "--fail-on", "client-breaking", "--overlay", overlay)
    assert named.returncode == 0, named.stdout + named.stderr
    assert "client: client.items.create: argument seed: added (optional)" in named.stdout
    assert "tags changed from none to things\n      client: no effect on the generated client" in (
        named.stdout)
    warnings = [line for line in named.stderr.splitlines() if "/actions/1" in line]
    assert [w.split("(in the ")[1].split(" ")[0] for w in warnings] == ["old", "new"]
    assert all(w.startswith(f"{overlay}:7: /actions/1: warning: target ") for w in warnings)
    missing = run_cli("diff", old, new, "--overlay", tmp_path / "missing.yaml")
    assert missing.returncode == 2 and "missing.yaml" in missing.stderr


@pytest.mark.timeout(120)
def test_diff_yaml_and_json_spellings_are_equal(tmp_path: Path) -> None:
    for old_name, new_name in (("a.yaml", "b.json"), ("a.json", "b.yml"), ("a.yaml", "b.yaml")):
        old, new = diff_pair(tmp_path, base_doc(), old_name=old_name, new_name=new_name)
        result = run_cli("diff", old, new, "--fail-on", "any", "--format", "json")
        assert result.returncode == 0, result.stdout
        assert json.loads(result.stdout)["changes"] == []


@pytest.mark.timeout(120)
def test_diff_response_enum_value_added_is_not_breaking(tmp_path: Path) -> None:
    """Generated clients keep unknown enum values as plain strings (tolerant parsing)."""
    doc = base_doc()
    doc["components"]["schemas"]["Resp"]["properties"]["status"]["enum"].append("failed")
    old, new = diff_pair(tmp_path, doc)
    result = run_cli("diff", old, new, "--format", "json")
    assert result.returncode == 0
    (change,) = json.loads(result.stdout)["changes"]
    assert (change["kind"], change["severity"]) == ("enum-value-added-response", "non-breaking")


@pytest.mark.timeout(120)
def test_diff_response_enum_value_removed_fails_on_client_breaking(tmp_path: Path) -> None:
    """Found in a new user's trial: non-breaking on the wire, but the enum class loses the
    member code names (`RespStatus.<value>`): `--fail-on client-breaking` exits 1."""
    old_doc = base_doc()
    old_doc["components"]["schemas"]["Resp"]["properties"]["status"]["enum"].append("failed")
    old = write_doc(tmp_path / "old.yaml", old_doc)
    new = write_doc(tmp_path / "new.yaml", base_doc())
    assert run_cli("diff", old, new).returncode == 0
    result = run_cli("diff", old, new, "--fail-on", "client-breaking")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "models.RespStatus.failed: member removed" in result.stdout


@pytest.mark.timeout(120)
def test_diff_pagination_declared_is_a_change_of_its_own_with_its_line(tmp_path: Path) -> None:
    """A list that starts paging by an `x-codegen-pagination` hint (which the differ does not
    compare): the method's return is its own change, at the operation, with its line."""
    old_doc: dict[str, Any] = {
        "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
        "paths": {"/pets": {"get": {
            "operationId": "listPets", "tags": ["pets"],
            "parameters": [{"name": "cursor", "in": "query", "schema": {"type": "string"}}],
            "responses": {"200": {"description": "ok", "content": {"application/json": {
                "schema": {"type": "object", "properties": {
                    "data": {"type": "array", "items": {"type": "string"}}}}}}}}}}}}
    new_doc = json.loads(json.dumps(old_doc))
    new_doc["paths"]["/pets"]["get"]["x-codegen-pagination"] = {
        "style": "cursor", "items": "data", "param": "cursor"}
    old, new = tmp_path / "old.yaml", tmp_path / "new.yaml"
    old.write_text(yaml.safe_dump(old_doc, sort_keys=False), encoding="utf-8")
    new.write_text(yaml.safe_dump(new_doc, sort_keys=False), encoding="utf-8")
    result = run_cli("diff", old, new, "--fail-on", "client-breaking", "--format", "json")
    assert result.returncode == 1, result.stdout + result.stderr
    (change,) = json.loads(result.stdout)["changes"]
    assert (change["pointer"], change["kind"]) == ("/paths/~1pets/get", "return-shape-changed")
    assert change["line"] == 7 and change["client_breaking"] is True  # the `get:` line
    assert change["client"] == ("client.pets.list_pets: now returns a paginated list of str "
                                "(was models.PetsListPetsResponse)")


@pytest.mark.timeout(120)
def test_diff_follows_external_file_refs(tmp_path: Path) -> None:
    """A $ref into another file is bundled by the loader, and a change there is found."""
    schemas = base_doc()["components"]["schemas"]
    for folder, resp in (("old", schemas["Resp"]), ("new", breaking_doc()["components"]["schemas"]["Resp"])):
        (tmp_path / folder).mkdir()
        write_doc(tmp_path / folder / "resp.yaml", resp)
        doc = base_doc()
        doc["paths"]["/v1/items"]["post"]["responses"]["200"]["content"]["application/json"]["schema"] = {
            "$ref": "resp.yaml"}
        write_doc(tmp_path / folder / "openapi.yaml", doc)
    result = run_cli("diff", tmp_path / "old" / "openapi.yaml", tmp_path / "new" / "openapi.yaml")
    assert result.returncode == 1, result.stdout + result.stderr
    # the file's schema was bundled into the document as a component: reported there
    assert "response-property-removed /components/schemas/resp/properties/created" in result.stdout


@pytest.mark.timeout(120)
def test_diff_input_errors_exit_2(tmp_path: Path) -> None:
    good = write_doc(tmp_path / "good.yaml", base_doc())
    missing = run_cli("diff", good, tmp_path / "missing.yaml")
    assert missing.returncode == 2 and "missing.yaml" in missing.stderr
    (tmp_path / "broken.yaml").write_text("openapi: 3.0.3\ninfo: [unclosed\n", encoding="utf-8")
    broken = run_cli("diff", good, tmp_path / "broken.yaml")
    assert broken.returncode == 2 and "broken.yaml" in broken.stderr
    assert run_cli("diff", good, good, "--fail-on", "sometimes").returncode == 2  # argparse


# -- check ---------------------------------------------------------------------------------------


def check(box: Path, *extra: str | Path) -> subprocess.CompletedProcess[str]:
    return run_cli("check", *sandbox_args(box), *extra)


def check_json(box: Path, *extra: str | Path) -> tuple[int, list[dict[str, Any]]]:
    result = check(box, "--format", "json", *extra)
    return result.returncode, json.loads(result.stdout)


def hand_edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.timeout(300)
def test_check_clean_fast_path_and_full_agree(sandbox: Path) -> None:
    code, reports = check_json(sandbox)
    assert code == 0
    assert [r["package"] for r in reports] == [*PROVIDERS, "docs"]
    assert all(r["clean"] and not r["regenerated"] for r in reports)  # nothing regenerated
    code, reports = check_json(sandbox, "--full")
    assert code == 0
    assert all(r["clean"] and r["regenerated"] for r in reports)
    text = check(sandbox)
    assert text.returncode == 0
    assert text.stdout.count("clean: ") == 4 and "docs/providers.md" in text.stdout


@pytest.mark.timeout(60)
def test_check_fast_path_imports_nothing_heavy(sandbox: Path) -> None:
    """The no-op check reads records only: no loader, pipeline, validator, httpx or diff."""
    script = textwrap.dedent(f"""
        import sys
        from pathlib import Path
        from generator.cli import check as drift_cli
        from generator.manifest import load_manifest
        box = Path({str(sandbox)!r})
        manifest = load_manifest(box / "specs" / "providers.yaml")
        items = [(p.name, p, box / "generated" / p.package) for p in manifest.providers]
        reports = drift_cli.check_packages(items, full=False)
        reports.append(drift_cli.check_compare_doc(manifest, box / "docs" / "providers.md", full=False))
        assert all(not r.files and not r.regenerated for r in reports), reports
        heavy = {{"generator.pipeline", "generator.document.loading", "generator.validate",
                  "generator.drift.diff.differ", "generator.drift.diff.rules", "generator.drift.diff.walk", "generator.drift.diff.table", "generator.drift.check.update", "generator.ir.build", "generator.ir.operations", "httpx", "openapi_spec_validator", "datamodel_code_generator",
                  "jinja2", "importlib.metadata"}}
        loaded = sorted(heavy & set(sys.modules))
        assert not loaded, loaded
    """)
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True,
                            timeout=60, check=False)
    assert result.returncode == 0, result.stderr


@pytest.mark.timeout(300)
def test_check_reports_hand_edit_with_file_and_edit(sandbox: Path) -> None:
    client = sandbox / "generated" / "ionos" / "_client.py"
    lines = client.read_text(encoding="utf-8").splitlines(keepends=True)
    number = next(i for i, line in enumerate(lines, start=1) if line.startswith("class "))
    lines.insert(number, "    HAND_EDITED = True\n")
    client.write_text("".join(lines), encoding="utf-8")

    result = check(sandbox)
    assert result.returncode == 1
    assert "clean: " in result.stdout and "drift: " in result.stdout
    assert "changed: " in result.stdout and "ionos/_client.py (hand edit: regenerating discards it; +0 -1 lines)" in result.stdout
    assert "-    HAND_EDITED = True" in result.stdout  # the edit itself, in the unified diff
    assert "drift found" in result.stderr

    code, reports = check_json(sandbox)
    ionos = next(r for r in reports if r["package"] == "ionos")
    assert code == 1 and ionos["hand_edits"] == ["_client.py"] and ionos["changed_inputs"] == []
    (item,) = ionos["files"]
    assert (item["path"], item["status"], item["line"]) == ("_client.py", "changed", number + 1)
    assert item["cause"].startswith("hand edit")
    assert all(r["clean"] for r in reports if r["package"] != "ionos")
    full_code, full = check_json(sandbox, "--full")
    assert full_code == 1 and [f["path"] for r in full for f in r["files"]] == ["_client.py"]

    github = check(sandbox, "--format", "github")
    annotation = next(line for line in github.stdout.splitlines() if line.startswith("::error "))
    assert "ionos/_client.py" in annotation and f",line={number + 1}," in annotation
    assert "hand edit" in annotation
    markdown = check(sandbox, "--format", "markdown").stdout
    assert "| ionos | `" in markdown and "_client.py` | changed | hand edit" in markdown
    assert "```diff" in markdown


@pytest.mark.timeout(300)
def test_check_changed_input_and_hand_edit_in_same_file(sandbox: Path) -> None:
    """A regeneration would discard the edit: the edited file says so; the others name the input."""
    spec = sandbox / "specs" / "ionos" / "openapi.json"
    doc = json.loads(spec.read_text(encoding="utf-8"))
    doc["components"]["schemas"]["CompletionRequest"]["properties"]["seed"] = {"type": "integer"}
    spec.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    hand_edit(sandbox / "generated" / "ionos" / "models" / "_completion_request.py",
              "class CompletionRequest(BaseModel):",
              "class CompletionRequest(BaseModel):  # tuned by hand")

    code, reports = check_json(sandbox, "ionos")
    assert code == 1
    (ionos,) = reports
    assert ionos["changed_inputs"] == ["spec"] and ionos["hand_edits"] == ["models/_completion_request.py"]
    causes = {f["path"]: f["cause"] for f in ionos["files"]}
    assert causes["models/_completion_request.py"] == (
        "hand edit: regenerating discards it; inputs changed too: spec")
    assert causes["PROVENANCE.json"] == "inputs changed: spec"
    assert causes["resources/completions.py"] == "inputs changed: spec"  # the new `seed` parameter


@pytest.mark.timeout(300)
def test_check_names_changed_overlay_and_ignores_docs_with_provider_args(sandbox: Path) -> None:
    overlay = sandbox / "specs" / "nebius" / "overlay.yaml"
    overlay.write_text(overlay.read_text(encoding="utf-8") + "\n# a comment\n", encoding="utf-8")
    code, reports = check_json(sandbox, "nebius")
    assert code == 1 and [r["package"] for r in reports] == ["nebius"]  # no docs report
    (nebius,) = reports
    assert nebius["changed_inputs"] == ["overlay"] and nebius["hand_edits"] == []
    assert [f["path"] for f in nebius["files"]] == ["PROVENANCE.json"]
    assert check_json(sandbox, "ionos")[0] == 0


@pytest.mark.timeout(300)
def test_check_extra_and_missing_files(sandbox: Path) -> None:
    package = sandbox / "generated" / "infomaniak"
    (package / "notes.py").write_text("x = 1\n", encoding="utf-8")
    (package / "py.typed").unlink()
    code, reports = check_json(sandbox, "infomaniak")
    assert code == 1
    statuses = {f["path"]: (f["status"], f["cause"]) for f in reports[0]["files"]}
    assert statuses == {
        "notes.py": ("removed", "hand edit: regenerating discards it"),
        "py.typed": ("added", "deleted by hand: regenerating restores it"),
    }


@pytest.mark.timeout(300)
def test_check_target_renamed_copy(sandbox: Path, tmp_path: Path) -> None:
    vendored = tmp_path / "elsewhere" / "acme_llm"
    shutil.copytree(sandbox / "generated" / "ionos", vendored)
    args = ["--target", str(vendored), "--provider", "ionos"]
    code, reports = check_json(sandbox, *args)
    assert code == 0 and len(reports) == 1 and reports[0]["clean"] and not reports[0]["regenerated"]
    assert check_json(sandbox, *args, "--full")[0] == 0

    hand_edit(vendored / "resources" / "completions.py", "def create(", "def create(  # patched\n")
    result = check(sandbox, *args)
    assert result.returncode == 1
    assert f"drift: {vendored}" in result.stdout
    assert f"changed: {vendored / 'resources' / 'completions.py'} (hand edit" in result.stdout
    assert "+    def create(" in result.stdout or "-    def create(  # patched" in result.stdout
    code, reports = check_json(sandbox, *args)
    assert [f["path"] for f in reports[0]["files"]] == ["resources/completions.py"]
    assert "replace " in result.stderr and "ionos" in result.stderr


@pytest.mark.timeout(300)
def test_check_compare_doc_drift_and_redirect(sandbox: Path, tmp_path: Path) -> None:
    doc = sandbox / "docs" / "providers.md"
    hand_edit(doc, "# Completions across providers", "# Completions across providers (edited)")
    code, reports = check_json(sandbox)
    assert code == 1
    docs = reports[-1]
    assert docs["package"] == "docs" and docs["hand_edits"] == ["providers.md"]
    assert docs["files"][0]["path"] == "providers.md" and docs["files"][0]["cause"].startswith("hand edit")
    # --compare-doc points the check at another copy; a missing document is drift too
    elsewhere = tmp_path / "providers.md"
    shutil.copy(doc, elsewhere)
    assert check_json(sandbox, "--compare-doc", elsewhere)[0] == 1
    assert run_cli("compare", "--manifest", sandbox / "specs" / "providers.yaml", "--out", elsewhere).returncode == 0
    assert check_json(sandbox, "--compare-doc", elsewhere)[0] == 0
    code, reports = check_json(sandbox, "--compare-doc", tmp_path / "missing.md")
    assert code == 1 and reports[-1]["files"][0]["status"] == "added"


@pytest.mark.timeout(120)
def test_check_usage_errors_exit_2(sandbox: Path) -> None:
    target = sandbox / "generated" / "ionos"
    assert check(sandbox, "--target", target).returncode == 2
    assert check(sandbox, "--provider", "ionos").returncode == 2
    assert check(sandbox, "--target", sandbox / "nowhere", "--provider", "ionos").returncode == 2
    unknown = check(sandbox, "--target", target, "--provider", "acme")
    assert unknown.returncode == 2 and "unknown provider" in unknown.stderr
    assert check(sandbox, "nosuchprovider").returncode == 2
    assert check(sandbox, "--format", "xml").returncode == 2


@pytest.mark.timeout(120)
def test_diff_a_body_taken_another_way_fails_on_client_breaking_only(tmp_path: Path) -> None:
    """GitHub's projectsV2 `add_item` (tests/drift/test_projects_v2.py): a `oneOf` beside the
    body's properties takes no old value away (no confident breaking change), but the method
    takes its body as one argument, `body`, where it took `type` and `id`: `--fail-on
    client-breaking` exits 1, `--fail-on breaking` does not, and the JSON says which change
    made it so and how."""
    from tests.drift.test_projects_v2 import NEW, OLD, _document

    old = write_doc(tmp_path / "old.yaml", _document(OLD))
    new = write_doc(tmp_path / "new.yaml", _document(NEW))
    assert run_cli("diff", old, new).returncode == 0
    result = run_cli("diff", old, new, "--fail-on", "client-breaking", "--format", "json")
    assert result.returncode == 1, result.stdout + result.stderr
    (change,) = [c for c in json.loads(result.stdout)["changes"] if c["client_breaking"]]
    assert (change["kind"], change["severity"]) == ("one-of-branch-added", "non-breaking")
    assert change["client"].endswith("client.default.add_item: takes its request body as one "
                                     "argument `body` (was keyword arguments (type, id))")
