"""`check`'s text report: the capped diff preview shows the code that changed before the
package's records (PROVENANCE.json's hashes, the README's), which change with every input and
would otherwise fill the preview (found in a new user's trial)."""

from __future__ import annotations

from pathlib import Path

from generator.drift.check.tree import FileDrift, PackageReport
from generator.drift.report import DIFF_CAP, format_check


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
