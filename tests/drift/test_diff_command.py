"""How `diff` (the command) runs its comparison: with the cycle collector off, as it was
after."""

from __future__ import annotations

import gc
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

    def recorded(old: Any, new: Any, named: Any = None, models: str = "all") -> Any:
        seen.append(gc.isenabled())
        return compare(old, new, named, models)

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
