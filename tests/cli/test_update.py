"""End to end: `python -m generator update PROVIDER --from PATH_OR_URL` in a sandbox repository.

A copy of the vendored IONOS spec gains an optional request field (`seed`) and loses a response
field (`created`). `update` takes it from a file and from a URL served on 127.0.0.1, prints the
semantic diff and the generated-code changes, rewrites the spec, the package and
docs/providers.md, after which `check` is clean. Refused documents (invalid, overlay targets gone,
unreachable URL, HTTP error, unreadable file) leave every file in the sandbox as it was (exit 2).
"""

from __future__ import annotations

import ast
import json
import re
import socket
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.support import subpackage_text
from tests.support.sandbox import run_cli, sandbox_args, snapshot
from tests.support.servers import Reply, ScriptedServer

SPEC = Path("specs") / "ionos" / "openapi.json"
OP = "/paths/~1v1~1completions/post"
# the schemas are $refs: changes are reported where they literally are (issue #14 item 9)
REQ = "/components/schemas/CompletionRequest/properties"
RESP = "/components/schemas/SuccessfulCompletionResponse/properties"


def changed_spec(box: Path) -> bytes:
    doc: dict[str, Any] = json.loads((box / SPEC).read_bytes())
    schemas = doc["components"]["schemas"]
    schemas["CompletionRequest"]["properties"]["seed"] = {"type": "integer", "description": "Sampling seed"}
    del schemas["SuccessfulCompletionResponse"]["properties"]["created"]
    return (json.dumps(doc, indent=2) + "\n").encode()


def model_fields(package: Path) -> dict[str, set[str]]:
    tree = ast.parse(subpackage_text(package))
    return {
        node.name: {item.target.id for item in node.body
                    if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)}
        for node in tree.body if isinstance(node, ast.ClassDef)
    }


def update(box: Path, source: str | Path, provider: str = "ionos") -> Any:
    return run_cli("update", provider, "--from", source, *sandbox_args(box))


def assert_updated(box: Path, result: Any, new_bytes: bytes, source: str) -> None:
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout
    # the semantic diff against the vendored document
    assert f"[non-breaking] request-property-added-optional {REQ}/seed" in out
    assert f"[breaking] response-property-removed {RESP}/created" in out
    assert "1 breaking, 0 possibly breaking, 1 non-breaking change(s)" in out
    # named as the generated client has it: the manifest's overlay says `completions.create`
    # (without it, the name the tag and operationId make)
    assert "client: client.completions.create: argument seed: added (optional)" in out
    # what changed in the generated code
    assert f"updated {box / SPEC} from {source}" in out or f"from {source}" in out
    assert "changed model CompletionRequest (+seed)" in out
    assert "changed model SuccessfulCompletionResponse (-created)" in out
    assert "changed method Completions.create (+seed)" in out
    assert "changed method AsyncCompletions.create (+seed)" in out
    # on disk: the spec, the models, the comparison document
    assert (box / SPEC).read_bytes() == new_bytes
    fields = model_fields(box / "generated" / "ionos")
    assert "seed" in fields["CompletionRequest"]
    assert "created" not in fields["SuccessfulCompletionResponse"] and "id" in fields["SuccessfulCompletionResponse"]
    assert "| seed | body |" in (box / "docs" / "providers.md").read_text(encoding="utf-8")
    # and everything agrees with its inputs again, by record and by regeneration
    for extra in ([], ["--full"]):
        check = run_cli("check", *sandbox_args(box), *extra)
        assert check.returncode == 0, check.stdout + check.stderr
        assert check.stdout.count("clean: ") == 4


@pytest.mark.timeout(300)
def test_update_from_file(sandbox: Path, tmp_path: Path) -> None:
    new_bytes = changed_spec(sandbox)
    source = tmp_path / "ionos-next.json"
    source.write_bytes(new_bytes)
    before = snapshot(sandbox / "generated")
    assert_updated(sandbox, update(sandbox, source), new_bytes, str(source))
    after = snapshot(sandbox / "generated")
    changed = {path for path in before.keys() | after.keys() if before.get(path) != after.get(path)}
    assert changed == {"ionos/PROVENANCE.json", "ionos/models/_completion_request.py",
                       "ionos/models/_successful_completion_response.py",
                       "ionos/resources/completions.py", "ionos/README.md", "ionos/api.md"}


@pytest.mark.timeout(300)
def test_update_from_yaml_for_a_json_spec_writes_it_as_json(sandbox: Path, tmp_path: Path) -> None:
    """IONOS's vendored spec is JSON: a YAML document was parsed as JSON and refused at its
    first line ("JSON syntax error"). It is read as YAML and written as JSON, said so."""
    new_data = json.loads(changed_spec(sandbox))
    source = tmp_path / "ionos-next.yaml"
    source.write_text(yaml.safe_dump(new_data, allow_unicode=True), encoding="utf-8")
    result = update(sandbox, source)
    assert result.returncode == 0, result.stderr
    assert f"read {source} (YAML) as JSON" in result.stdout
    assert json.loads((sandbox / SPEC).read_text(encoding="utf-8")) == new_data
    assert "seed" in model_fields(sandbox / "generated" / "ionos")["CompletionRequest"]


@pytest.mark.timeout(300)
def test_update_from_url(sandbox: Path) -> None:
    new_bytes = changed_spec(sandbox)
    reply = Reply(200, {"Content-Type": "application/json"}, new_bytes)
    with ScriptedServer([reply]) as server:
        url = server.url + "/specs/ionos.json"
        result = update(sandbox, url)
        assert [r.path for r in server.requests] == ["/specs/ionos.json"]
    assert_updated(sandbox, result, new_bytes, url)


def assert_refused(box: Path, result: Any, *needles: str) -> None:
    assert result.returncode == 2, result.stdout + result.stderr
    for needle in needles:
        assert needle in result.stderr, result.stderr


@pytest.fixture
def frozen(sandbox: Path) -> Any:
    """Yields the sandbox; afterwards asserts that no file in it changed, appeared or vanished."""
    before = snapshot(sandbox)
    yield sandbox
    assert snapshot(sandbox) == before


@pytest.mark.timeout(120)
def test_update_invalid_document_writes_nothing(frozen: Path, tmp_path: Path) -> None:
    doc = json.loads(changed_spec(frozen))
    del doc["info"]["version"]
    source = tmp_path / "invalid.json"
    source.write_text(json.dumps(doc), encoding="utf-8")
    assert_refused(frozen, update(frozen, source), f"{source}", "'version' is a required property",
                   "update refused (nothing was changed)")


@pytest.mark.timeout(120)
def test_update_syntax_error_writes_nothing(frozen: Path, tmp_path: Path) -> None:
    source = tmp_path / "broken.json"
    source.write_text('{"openapi": "3.0.3", ', encoding="utf-8")
    assert_refused(frozen, update(frozen, source), str(source), "nothing was changed")


@pytest.mark.timeout(120)
def test_update_reports_overlay_actions_that_no_longer_match(frozen: Path, tmp_path: Path) -> None:
    doc = json.loads(changed_spec(frozen))
    doc["paths"]["/v2/completions"] = doc["paths"].pop("/v1/completions")
    source = tmp_path / "moved.json"
    source.write_text(json.dumps(doc), encoding="utf-8")
    result = update(frozen, source)
    assert_refused(frozen, result, "overlay.yaml", "/actions/0", "/actions/1", "matches nothing",
                   "update refused (nothing was changed)")


@pytest.mark.timeout(120)
def test_update_unreachable_url_writes_nothing(frozen: Path) -> None:
    with socket.socket() as probe:  # a port nobody listens on (bound, then released)
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{port}/openapi.json"
    assert_refused(frozen, update(frozen, url), url, "cannot download", "nothing was changed")


@pytest.mark.timeout(120)
def test_update_http_error_writes_nothing(frozen: Path) -> None:
    with ScriptedServer([Reply(404, body={"error": "gone"})]) as server:
        url = server.url + "/openapi.json"
        assert_refused(frozen, update(frozen, url), url, "404", "nothing was changed")


@pytest.mark.timeout(120)
def test_update_missing_file_and_unknown_provider(frozen: Path, tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    assert_refused(frozen, update(frozen, missing), str(missing), "cannot read")
    assert_refused(frozen, update(frozen, frozen / SPEC, provider="acme"), "unknown provider")


# -- issue #14.10: --fail-on, hand edits, "no change", what changed in a model -------------------


@pytest.mark.timeout(300)
@pytest.mark.parametrize(("fail_on", "refused"), [("breaking", True), ("client-breaking", True),
                                                  ("any", True), ("none", False)])
def test_update_fail_on(sandbox: Path, tmp_path: Path, fail_on: str, refused: bool) -> None:
    """The new spec removes a response field (breaking, and a field of the generated model):
    `--fail-on breaking|client-breaking|any` refuse it, exit 1, nothing written; `none` (the
    default) takes it in."""
    source = tmp_path / "next.json"
    source.write_bytes(changed_spec(sandbox))
    before = snapshot(sandbox)
    result = run_cli("update", "ionos", "--from", source, "--fail-on", fail_on, *sandbox_args(sandbox))
    if refused:
        assert result.returncode == 1, result.stdout + result.stderr
        which = f"{fail_on} " if fail_on in ("breaking", "client-breaking") else ""
        assert f"update refused: the new spec has {which}changes" in result.stderr
        assert "[breaking] response-property-removed" in result.stdout  # the diff says why
        # each change located as `diff` locates it: the file and the line
        assert re.search(r"response-property-removed \S+ \(\S+openapi\.json:\d+\)", result.stdout)
        assert re.search(r"request-property-added-optional \S+ \(\S+next\.json:\d+\)", result.stdout)
        assert "client (breaks code): models.SuccessfulCompletionResponse.created: removed" in result.stdout
        assert snapshot(sandbox) == before
    else:
        assert result.returncode == 0, result.stderr
        assert snapshot(sandbox) != before


@pytest.mark.timeout(300)
def test_update_refuses_to_discard_a_hand_edit_unless_told(sandbox: Path, tmp_path: Path) -> None:
    source = tmp_path / "next.json"
    source.write_bytes(changed_spec(sandbox))
    models = sandbox / "generated" / "ionos" / "models" / "_completion_request.py"
    models.write_text(models.read_text(encoding="utf-8") + "# local fix\n", encoding="utf-8")
    before = snapshot(sandbox)
    result = update(sandbox, source)
    assert result.returncode == 2
    assert "hand edits would be discarded: models/_completion_request.py" in result.stderr and "--discard-edits" in result.stderr
    assert snapshot(sandbox) == before
    result = run_cli("update", "ionos", "--from", source, "--discard-edits", *sandbox_args(sandbox))
    assert result.returncode == 0, result.stderr
    assert "# local fix" not in models.read_text(encoding="utf-8")


@pytest.mark.timeout(300)
def test_update_over_a_file_added_by_hand_takes_force_as_its_message_says(
        sandbox: Path, tmp_path: Path) -> None:
    """A file added to the package: `--discard-edits` (edits to files written) is not enough,
    and the refusal's advice, `--force`, was an option `update` did not have."""
    source = tmp_path / "next.json"
    source.write_bytes(changed_spec(sandbox))
    (sandbox / "generated" / "ionos" / "NOTES.md").write_text("mine\n", encoding="utf-8")
    before = snapshot(sandbox)
    plain = update(sandbox, source)  # its advice is the option that would do it
    assert plain.returncode == 2 and "pass --force (it deletes the files added too)" in plain.stderr
    result = run_cli("update", "ionos", "--from", source, "--discard-edits", *sandbox_args(sandbox))
    assert result.returncode == 2 and "NOTES.md" in result.stderr and "--force" in result.stderr
    assert snapshot(sandbox) == before
    result = run_cli("update", "ionos", "--from", source, "--force", *sandbox_args(sandbox))
    assert result.returncode == 0, result.stderr
    assert not (sandbox / "generated" / "ionos" / "NOTES.md").exists()


@pytest.mark.timeout(300)
def test_update_with_the_same_spec_says_no_change(frozen: Path) -> None:
    result = update(frozen, frozen / SPEC)
    assert result.returncode == 0, result.stderr
    assert "no change:" in result.stdout and "nothing was written" in result.stdout
    assert "0 breaking, 0 possibly breaking, 0 non-breaking change(s)" in result.stdout


@pytest.mark.timeout(300)
def test_update_names_a_field_whose_type_changed(sandbox: Path, tmp_path: Path) -> None:
    doc: dict[str, Any] = json.loads((sandbox / SPEC).read_bytes())
    doc["components"]["schemas"]["CompletionRequest"]["properties"]["user"] = {"type": "integer"}
    source = tmp_path / "typed.json"
    source.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    result = update(sandbox, source)
    assert result.returncode == 0, result.stderr
    assert "changed model CompletionRequest (user: str | None -> int | None)" in result.stdout
    assert "changed method Completions.create (user: str | NotGiven -> int | NotGiven)" in result.stdout


@pytest.mark.timeout(300)
def test_update_diff_is_tolerant_and_names_the_repair(sandbox: Path, tmp_path: Path) -> None:
    """A new spec with a slip `generate` repairs (a default of the wrong type) is taken in; its
    semantic diff names the repair in its header and reports no change the repair made."""
    doc: dict[str, Any] = json.loads((sandbox / SPEC).read_bytes())
    user = doc["components"]["schemas"]["CompletionRequest"]["properties"]["user"]
    user["default"] = 5  # not a string: dropped, as `generate` drops it
    manifest = sandbox / "specs" / "providers.yaml"  # a tolerant provider (this repo's are strict)
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace("package: ionos\n    api_key_env: IONOS_API_KEY\n"
                                     "    strict: true", "package: ionos\n    api_key_env: "
                                     "IONOS_API_KEY\n    strict: false"), encoding="utf-8")
    assert manifest.read_text(encoding="utf-8") != text
    source = tmp_path / "slipped.json"
    source.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    result = update(sandbox, source)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "old: 0 repaired, new: 1 repaired " in result.stdout
    assert ("  new: /components/schemas/CompletionRequest/properties/user/default: drops the "
            "invalid `default`") in result.stdout
    assert "0 breaking, 0 possibly breaking, 0 non-breaking change(s)" in result.stdout


def test_no_change_names_the_comparison_document_only_where_there_is_one() -> None:
    """A manifest without `compare:` has no comparison document: "no change" named one anyway
    (a CI engineer's trial)."""
    from generator.cli.update import no_change

    spec, folder = Path("specs/acme/openapi.yaml"), Path("generated/acme")
    assert no_change(spec, folder, None, "new.yaml") == (
        "no change: specs/acme/openapi.yaml and generated/acme already are what new.yaml gives; "
        "nothing was written")
    assert no_change(spec, folder, Path("docs/providers.md"), "new.yaml").startswith(
        "no change: specs/acme/openapi.yaml, generated/acme and docs/providers.md already are ")
