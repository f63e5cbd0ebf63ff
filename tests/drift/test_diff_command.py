"""How `diff` (the command) runs its comparison: with the cycle collector off, as it was
after."""

from __future__ import annotations

import gc
import json
from pathlib import Path
from typing import Any

import pytest

from generator.cli import main
from generator.drift.diff import client
from tests.cli.test_drift_cli import base_doc, write_doc


def test_diff_compares_with_the_cycle_collector_off(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []
    compare = client.diff_with_client

    def recorded(old: Any, new: Any, named: Any = None, models: str = "all",
                 built: Any = None) -> Any:
        seen.append(gc.isenabled())
        return compare(old, new, named, models, built)

    monkeypatch.setattr(client, "diff_with_client", recorded)
    before = gc.get_threshold()
    new_doc = base_doc()
    new_doc["components"]["schemas"]["Req"]["properties"]["size"]["default"] = 3
    old, new = write_doc(tmp_path / "old.json", base_doc()), write_doc(tmp_path / "new.json", new_doc)
    assert main(["diff", str(old), str(new), "--fail-on", "none", "--no-cache"]) == 0
    assert seen == [False]
    assert gc.isenabled() and gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_the_whole_report_names_every_repair(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                             ) -> None:
    """The header names five repairs per side, then how many more; `--report FILE` is the
    whole report, every repair included (Directus 14.0.0 has seven: the file said `... and 2
    more repair(s)` as the comment did)."""
    new_doc = base_doc()
    properties = new_doc["components"]["schemas"]["Req"]["properties"]
    for i in range(7):  # seven invalid defaults, each dropped
        properties[f"n{i}"] = {"type": "integer", "default": "x"}
    old = write_doc(tmp_path / "old.json", base_doc())
    new = write_doc(tmp_path / "new.json", new_doc)
    report = tmp_path / "report.md"
    assert main(["diff", str(old), str(new), "--fail-on", "none", "--no-cache",
                 "--format", "markdown", "--report", str(report)]) == 0
    comment = capsys.readouterr().out
    assert "new: 7 repaired" in comment and "new: ... and 2 more repair(s)" in comment
    whole = report.read_text(encoding="utf-8")
    assert "more repair" not in whole
    assert all(f"/components/schemas/Req/properties/n{i}/default" in whole for i in range(7))


def test_a_slip_both_sides_share_is_named_once(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """Directus 14.0.0 and 15.2.0 share two slips: each was named under `old:` and again under
    `new:`; now once, under `both:` (the counts and JSON stay per side)."""
    old_doc, new_doc = base_doc(), base_doc()
    for doc in (old_doc, new_doc):
        doc["components"]["schemas"]["Req"]["properties"]["size"]["default"] = "big"
    new_doc["components"]["schemas"]["Req"]["properties"]["n"] = {"type": "integer",
                                                                  "default": "x"}
    old = write_doc(tmp_path / "old.json", old_doc)
    new = write_doc(tmp_path / "new.json", new_doc)
    assert main(["diff", str(old), str(new), "--fail-on", "none", "--no-cache"]) == 0
    header = capsys.readouterr().out.split("\n\n")[0].splitlines()
    assert header[0].startswith("old: 1 repaired, new: 2 repaired ")
    assert [line.split(":")[0].strip() for line in header[1:]] == ["both", "new"]
    assert "/components/schemas/Req/properties/size/default" in header[1]
    assert "/components/schemas/Req/properties/n/default" in header[2]


def _split_spec(folder: Path, pet: str) -> Path:
    """`openapi.yaml` answering `$ref: ./schemas/Pet.yaml` (`pet`, the file's text)."""
    (folder / "schemas").mkdir(parents=True)
    (folder / "schemas" / "Pet.yaml").write_text(pet, encoding="utf-8")
    root = folder / "openapi.yaml"
    root.write_text(
        "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n  /pets:\n    get:\n"
        "      operationId: listPets\n      responses:\n        '200':\n"
        "          description: ok\n          content:\n            application/json:\n"
        "              schema: {$ref: ./schemas/Pet.yaml}\n", encoding="utf-8")
    return root


@pytest.mark.parametrize("fmt", ["text", "markdown", "json"])
def test_a_change_in_a_referenced_file_is_located_there(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    """Each change was placed at line 1 of the root file, where `generate` names the file and
    line a `$ref` bundled the schema in from."""
    old = _split_spec(tmp_path / "old", "type: object\nproperties:\n  id: {type: integer}\n"
                                        "  name: {type: string}\n")
    new = _split_spec(tmp_path / "new", "type: object\nproperties:\n  id: {type: string}\n")
    main(["diff", str(old), str(new), "--no-cache", "--format", fmt])
    out = capsys.readouterr().out
    old_pet, new_pet = tmp_path / "old" / "schemas" / "Pet.yaml", tmp_path / "new" / "schemas" / "Pet.yaml"
    if fmt != "json":
        assert f"({new_pet}:3)" in out and f"({old_pet}:4)" in out
        assert "openapi.yaml" not in out
        return
    changes = {c["kind"]: c for c in json.loads(out)["changes"]}
    retyped, removed = changes["type-changed"], changes["response-property-removed"]
    assert (retyped["file"], retyped["line"]) == (str(new_pet), 3)
    assert (removed["file"], removed["line"]) == (str(old_pet), 4)


def test_a_change_in_the_root_file_names_no_file_in_json(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    new_doc = base_doc()
    new_doc["components"]["schemas"]["Req"]["properties"]["size"]["default"] = 3
    old, new = write_doc(tmp_path / "old.json", base_doc()), write_doc(tmp_path / "new.json", new_doc)
    main(["diff", str(old), str(new), "--no-cache", "--format", "json"])
    (change,) = json.loads(capsys.readouterr().out)["changes"]
    assert "file" not in change and change["line"]


def test_a_change_of_the_whole_document_is_headed_in_words_in_markdown(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A change no operation or component owns (the servers) is listed under "The document",
    not under a code span as if that were an operation's name."""
    old_doc, new_doc = base_doc(), base_doc()
    old_doc["servers"] = [{"url": "https://a.example"}]
    new_doc["servers"] = [{"url": "https://b.example"}]
    old = write_doc(tmp_path / "old.json", old_doc)
    new = write_doc(tmp_path / "new.json", new_doc)
    assert main(["diff", str(old), str(new), "--fail-on", "none", "--no-cache",
                 "--format", "markdown"]) == 0
    out = capsys.readouterr().out
    assert "#### The document\n" in out and "`the document`" not in out
    assert "#### `POST /v1/items`" not in out  # (nothing else changed)
