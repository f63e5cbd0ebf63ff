"""`update` stages the spec folder under `generate`'s containment rules (issue #22 item 13): it
copied the folder with symbolic links followed, so a link loop was an internal error, a link to a
large folder was copied whole, and a `$ref` through a link that `generate` refuses loaded.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.hostile_b.hostile import assert_orderly, document, run_bounded, write_json
from tests.support import subpackage_text

PART = {"Thing": {"type": "object", "properties": {"name": {"type": "string"}}}}


def _repo(tmp_path: Path) -> Path:
    """specs/mini/ (a spec, a part it references, links of every kind) and a manifest."""
    box = tmp_path / "repo"
    folder = box / "specs" / "mini"
    folder.mkdir(parents=True)
    write_json(folder / "openapi.json", document({"S1": {"type": "string"}}))
    write_json(folder / "parts.json", PART)
    outside = write_json(tmp_path / "outside.json", PART)
    big = tmp_path / "big"
    big.mkdir()
    for index in range(200):  # a folder the copy must not take in
        (big / f"f{index}.bin").write_bytes(b"\0" * 10_000)
    (folder / "loop").symlink_to("loop")
    (folder / "big").symlink_to(big)
    (folder / "outside.json").symlink_to(outside)
    (folder / "alias.json").symlink_to(folder / "parts.json")  # absolute, inside the folder
    (folder / "cycle").symlink_to("..")  # a folder above: never walked into
    manifest = {"providers": {"mini": {"spec": "mini/openapi.json", "package": "mini",
                                       "api_key_env": "MINI_API_KEY",
                                       "base_url": "https://mini.example"}}}
    (box / "specs" / "providers.yaml").write_text(yaml.safe_dump(manifest), encoding="utf-8")
    return box


def _update(box: Path, source: Path) -> Any:
    return run_bounded("update", "mini", "--from", source,
                       "--manifest", box / "specs" / "providers.yaml",
                       "--output", box / "generated", "--compare-doc", box / "docs" / "none.md",
                       timeout=120)


def _new_spec(tmp_path: Path, ref: str) -> Path:
    return write_json(tmp_path / "new.json", document({"S1": {"$ref": ref}}))


@pytest.mark.timeout(300)
@pytest.mark.parametrize("ref", ["parts.json#/Thing", "alias.json#/Thing"])
def test_update_takes_a_folder_with_links_in_it(tmp_path: Path, ref: str) -> None:
    box = _repo(tmp_path)
    source = _new_spec(tmp_path, ref)
    result = _update(box, source)
    assert_orderly(result)
    assert result.returncode == 0, result.stdout + result.stderr
    assert json.loads((box / "specs" / "mini" / "openapi.json").read_text()) == json.loads(
        source.read_text())
    assert "class Thing" in subpackage_text(box / "generated" / "mini")
    # generate takes the same document from the vendored folder
    generated = run_bounded("generate", "--spec", box / "specs" / "mini" / "openapi.json",
                            "--out", tmp_path / "again", "--package", "again")
    assert generated.returncode == 0, generated.stdout + generated.stderr


@pytest.mark.timeout(300)
def test_update_refuses_a_ref_through_a_link_out_of_the_folder_as_generate_does(
        tmp_path: Path) -> None:
    box = _repo(tmp_path)
    source = _new_spec(tmp_path, "outside.json#/Thing")
    before = (box / "specs" / "mini" / "openapi.json").read_bytes()
    result = _update(box, source)
    assert_orderly(result)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "points outside the spec's folder" in result.stderr
    assert "nothing was changed" in result.stderr
    assert (box / "specs" / "mini" / "openapi.json").read_bytes() == before
    assert not (box / "generated").exists()
    # the same document in the vendored folder: generate refuses it the same way
    placed = write_json(box / "specs" / "mini" / "candidate.json", json.loads(source.read_text()))
    generated = run_bounded("generate", "--spec", placed, "--out", tmp_path / "g", "--package", "g")
    assert generated.returncode != 0 and "points outside the spec's folder" in generated.stderr
