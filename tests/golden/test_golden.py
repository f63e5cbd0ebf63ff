"""The golden record (tests/golden/<package>/): the feature packages, byte for byte.

The session's generation of tests/feature_specs/ (the `feature_packages` fixture the feature
tests use too) must equal the committed record in every file; a difference names each missing,
extra and different file, with a short unified diff. PROVENANCE.json is recorded with its
`toolkit` block removed (the hashes of generator/ and templates/ change with every code edit);
the rest of it, the `inputs` and the hash of every file, is compared. After a change meant to
alter the output, `make golden` refreshes the record and the diff shows in review.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.support import golden
from tests.support.features import feature_specs


def test_the_generation_matches_the_golden_record(feature_packages: Path) -> None:
    found = golden.differences(golden.read_record(), golden.generation_record(feature_packages))
    assert not found, "\n".join([*found, "(refresh with `make golden` if the change is meant)"])


def test_the_record_holds_every_feature_package() -> None:
    packages = sorted(path.name for path in golden.GOLDEN.iterdir() if path.is_dir()
                      and path.name != "__pycache__")
    assert packages == sorted(feature_specs())


def _copy_of_record(tmp_path: Path, package: str) -> Path:
    copy = tmp_path / "golden"
    shutil.copytree(golden.GOLDEN / package, copy / package)
    return copy


def test_a_changed_byte_an_extra_and_a_missing_file_are_each_reported(tmp_path: Path) -> None:
    copy = _copy_of_record(tmp_path, "feat_enums")
    record = golden.read_record(copy)
    models = copy / "feat_enums" / "models" / "_color.py"
    text = models.read_text(encoding="utf-8")
    models.write_text(text.replace("class ", "class X", 1), encoding="utf-8")
    (copy / "feat_enums" / "notes.txt").write_text("hand-written\n", encoding="utf-8")
    (copy / "feat_enums" / "py.typed").unlink()

    found = golden.differences(record, golden.read_record(copy))

    assert [line.split("\n")[0] for line in found] == [
        "missing: feat_enums/py.typed (in the record, not generated)",
        "extra: feat_enums/notes.txt (generated, not in the record)",
        "different: feat_enums/models/_color.py",
    ]
    diff = found[2]
    assert "--- record/feat_enums/models/_color.py" in diff
    assert "+++ generated/feat_enums/models/_color.py" in diff
    assert "\n    +class X" in diff and "\n    -class " in diff


def test_only_the_first_difference_of_a_file_is_shown(tmp_path: Path) -> None:
    recorded = "".join(f"line {n}\n" for n in range(100)).encode()
    generated = recorded.replace(b"line 10\n", b"line ten\n").replace(b"line 80\n", b"line eighty\n")
    found = golden.differences({"p/a.txt": recorded}, {"p/a.txt": generated})
    assert len(found) == 1 and "+line ten" in found[0] and "eighty" not in found[0]


def test_provenance_is_compared_without_its_toolkit_block(tmp_path: Path) -> None:
    record = golden.read_record(_copy_of_record(tmp_path, "feat_enums"))
    name = "feat_enums/PROVENANCE.json"
    stored = json.loads(record[name])
    assert "toolkit" not in stored and stored["files"] and stored["inputs"]

    toolkit = {"generator_sha256": "0" * 64, "templates_sha256": "1" * 64}
    other_toolkit = {"inputs": stored["inputs"], "toolkit": toolkit, "files": stored["files"]}
    fresh = json.dumps(other_toolkit, indent=2).encode() + b"\n"
    assert golden.recorded_bytes(name, fresh) == record[name]

    other_files = dict(other_toolkit, files={**stored["files"], "models/_color.py": "f" * 64})
    changed = golden.recorded_bytes(name, json.dumps(other_files, indent=2).encode() + b"\n")
    assert golden.differences(record, {**record, name: changed})[0].startswith(f"different: {name}")
