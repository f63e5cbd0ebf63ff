"""`check`'s text report: the capped diff preview shows the code that changed before the
package's records (PROVENANCE.json's hashes, the README's), which change with every input and
would otherwise fill the preview (found in a new user's trial)."""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.cli.check import _advise
from generator.drift.check.tree import (
    BINARY_DIFFERS,
    FileDrift,
    PackageReport,
    explain,
    read_tree,
)
from generator.drift.report import DIFF_CAP, format_check
from generator.io import provenance


def _drift(path: str, lines: int) -> FileDrift:
    diff = [f"--- a/{path}\n", f"+++ b/{path}\n",
            *(f"-{path} old {n}\n" for n in range(lines)), *(f"+{path} new {n}\n" for n in range(lines))]
    return FileDrift(path, "changed", "inputs changed: spec", diff, 1)


def test_the_preview_shows_code_before_records_and_the_summary_keeps_its_order() -> None:
    files = [_drift("PROVENANCE.json", DIFF_CAP), _drift("README.md", 5),
             _drift("py.typed", 1), _drift("models/_device.py", 3), _drift("resources/devices.py", 2)]
    report = PackageReport("pkg", Path("pkg"), "pkg", files)
    text = format_check([report], "text").splitlines()
    listed = [line.split(": ", 1)[1].split(" (")[0] for line in text if line.startswith("  changed: ")]
    assert [Path(name).name for name in listed] == [
        "PROVENANCE.json", "README.md", "py.typed", "_device.py", "devices.py"]
    heads = [line[len("--- a/"):] for line in text if line.startswith("--- a/")]
    assert heads[:3] == ["models/_device.py", "resources/devices.py", "py.typed"]
    assert "+models/_device.py new 2" in text and "+resources/devices.py new 1" in text
    assert text[-1].startswith("... ") and "more diff lines" in text[-1]
    full = format_check([report], "text", verbose=True).splitlines()
    assert [line[len("--- a/"):] for line in full if line.startswith("--- a/")][3:] == [
        "PROVENANCE.json", "README.md"]


def test_a_binary_file_is_said_to_differ_never_printed(tmp_path: Path) -> None:
    """A binary file on disk (one holding a NUL byte) is one line in every format: its bytes
    would garble a terminal or a CI log (found in a new user's trial: a ruff cache file)."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "a.py").write_text("x = 1\n", encoding="utf-8")
    (package / "blob.bin").write_bytes(b"head\n\x00\x9b[2J\xff\xfe secret-bytes\n")
    report = PackageReport("pkg", package)
    explain(report, {"a.py": "x = 1\n"}, read_tree(package))
    (item,) = report.files
    assert item.binary and item.line is None
    assert item.diff == [f"{BINARY_DIFFERS}: {package}/blob.bin (on disk: binary file of 26 bytes)\n"]
    text = format_check([report], "text")
    assert f"removed: {package}/blob.bin (hand edit" not in text  # no hand_edits given here
    assert (f"(differs although no input changed: edited together with its record in "
            f"PROVENANCE.json (or the generator is not deterministic); {BINARY_DIFFERS})") in text
    for fmt in ("text", "markdown", "json", "github"):
        shown = format_check([report], fmt)
        assert "\x00" not in shown and "\\u0000" not in shown and "secret-bytes" not in shown, fmt


def test_a_tool_cache_is_not_read_as_part_of_the_package(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / ".ruff_cache").mkdir(parents=True)
    (package / ".ruff_cache" / provenance.CACHEDIR_TAG).write_bytes(provenance.CACHEDIR_SIGNATURE)
    (package / ".ruff_cache" / "0").write_bytes(b"\x00")
    (package / ".notes").mkdir()
    (package / ".notes" / "todo.md").write_text("mine\n", encoding="utf-8")
    assert read_tree(package) == {".notes/todo.md": "mine\n"}


def test_a_binary_comparison_page_is_said_to_differ(tmp_path: Path) -> None:
    from generator.drift.check.compare import check_document
    from generator.manifest import load_manifest

    manifest = Path(__file__).parents[2] / "specs" / "providers.yaml"
    page = tmp_path / "providers.md"
    page.write_bytes(b"\x00\xff\xfe secret-bytes\n")
    report = check_document(page, load_manifest(manifest).providers, manifest, full=True)
    (item,) = report.files
    assert item.binary and item.diff == [
        f"{BINARY_DIFFERS}: {page} (on disk: binary file of 17 bytes)\n"]


def test_markdown_keeps_a_readme_diff_in_its_code_block() -> None:
    """A README's closing fence in a diff's context (` ````` `) closed the ```` ```diff ````
    block of `check --format markdown` early, and the rest of the diff rendered as Markdown
    and HTML; a file name went into `<summary>` as HTML."""
    diff = ["--- a/README.md\n", "+++ b/README.md\n", "@@ -1,3 +1,3 @@\n", " ```\n",
            "-<img src=x onerror=alert(1)>\n", "+new\n"]
    report = PackageReport("pkg", Path("pkg"), "pkg",
                           [FileDrift("README.md", "changed", "hand edit", diff, 1),
                            FileDrift("<b>x</b>.py", "removed", "hand edit", ["-x\n"], 1)])
    md = format_check([report], "markdown").splitlines()
    start = md.index("````diff")
    assert md[start + 1:start + 8] == [line.rstrip("\n") for line in diff] + ["````"]
    assert "<details><summary>pkg/&lt;b&gt;x&lt;/b&gt;.py</summary>" in md


def _vendored_check(target: Path) -> argparse.Namespace:
    """`check --target DIR --spec FILE`'s arguments."""
    return argparse.Namespace(spec=Path("api.yaml"), overlay=None, target=target, provider=None,
                              providers=[], manifest=Path("specs/providers.yaml"),
                              output=Path("generated"), compare_doc=None)


def test_a_hand_edit_makes_the_advice_force_the_regeneration(tmp_path: Path) -> None:
    """`generate` refuses to replace a package holding hand edits without `--force` (a CI
    engineer's trial: check advised a command that then refused): where check found one, the
    command it names passes `--force`, and says that this discards the edits."""
    edited = PackageReport("acme", tmp_path / "acme", "acme",
                           [FileDrift("x.py", "changed", "hand edit: regenerating discards it; "
                                      "inputs changed too: spec", [], 1)], ["spec"], ["x.py"])
    hint = _advise(_vendored_check(tmp_path / "acme"), None, [edited])
    # (the command last, as a shell takes it pasted; what it discards said before it)
    assert hint.endswith("--out " + str(tmp_path / "acme") + " --package acme --force")
    assert "(--force discards the hand edits): openapi-clientgen generate" in hint
    assert edited.remedy.endswith(" --force")
    annotation = format_check([edited], "github").splitlines()[0]
    assert "--package acme --force` (--force discards the hand edits), do not edit" in annotation

    changed = PackageReport("acme", tmp_path / "acme", "acme",
                            [FileDrift("x.py", "changed", "inputs changed: spec", [], 1)],
                            ["spec"])
    hint = _advise(_vendored_check(tmp_path / "acme"), None, [changed])
    assert hint.endswith("--package acme") and "--force" not in changed.remedy
