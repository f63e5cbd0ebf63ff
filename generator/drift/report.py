"""Every report the drift tooling prints: `diff`'s changes and `check`'s package reports, in each
of their formats, and the one Markdown table-cell escape (also used by the comparison table).

Imports only light modules: `check` formats its fast-path report without loading a spec.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict

from generator.drift.change import BREAKING, Change
from generator.drift.tree import PackageReport
from generator.io.paths import shown_path


def md_cell(text: str) -> str:
    """`text` safe inside a Markdown table cell: pipes escaped, one line."""
    return text.replace("|", "\\|").replace("\n", " ")


# --------------------------------------------------------------------------- diff: changes


def summary(changes: Iterable[Change]) -> dict[str, int]:
    items = list(changes)
    breaking = sum(1 for c in items if c.severity == BREAKING)
    return {"breaking": breaking, "non_breaking": len(items) - breaking}


def format_changes(changes: Iterable[Change], fmt: str = "text") -> str:
    """Render changes as ``text``, ``markdown`` or ``json`` (deterministic)."""
    ordered = sorted(changes)
    if fmt == "text":
        return _changes_text(ordered)
    if fmt == "markdown":
        return _changes_markdown(ordered)
    if fmt == "json":
        payload = {"changes": [asdict(c) for c in ordered], "summary": summary(ordered)}
        return json.dumps(payload, indent=2, ensure_ascii=False) + "\n"
    raise ValueError(f"unknown format {fmt!r}; expected text, markdown or json")


def _summary_line(changes: Sequence[Change]) -> str:
    counts = summary(changes)
    return f"{counts['breaking']} breaking, {counts['non_breaking']} non-breaking change(s)"


def _changes_text(changes: Sequence[Change]) -> str:
    lines = [f"[{c.severity}] {c.kind} {c.pointer}\n    {c.message}" for c in changes]
    return "\n".join([*lines, _summary_line(changes)]) + "\n"


def _changes_markdown(changes: Sequence[Change]) -> str:
    lines = ["## API changes", "", f"**{_summary_line(changes)}**", ""]
    if changes:
        lines += ["| severity | kind | pointer | change |", "|---|---|---|---|"]
        lines += [
            f"| {c.severity} | `{c.kind}` | `{md_cell(c.pointer)}` | {md_cell(c.message)} |"
            for c in changes
        ]
    return "\n".join(lines) + "\n"


def exit_code(changes: Iterable[Change], fail_on: str = "breaking") -> int:
    """1 when ``fail_on`` is hit ("breaking": any breaking change, "any": any change), else 0."""
    items = list(changes)
    if fail_on == "none":
        return 0
    if fail_on == "any":
        return int(bool(items))
    if fail_on == "breaking":
        return int(any(c.severity == BREAKING for c in items))
    raise ValueError(f"unknown fail_on {fail_on!r}; expected breaking, any or none")


# --------------------------------------------------------------------------- check: packages


# `check` prints this many lines of diff unless asked for all (`--verbose`): one spec edit can
# change hundreds of generated lines, and the summary above the diff already says where.
DIFF_CAP = 60


def line_counts(diff: Iterable[str]) -> tuple[int, int]:
    """(lines added, lines removed) of a unified diff, its file headers left out."""
    lines = [line for line in diff if not line.startswith(("+++", "---"))]
    return sum(1 for line in lines if line.startswith("+")), sum(1 for line in lines if line.startswith("-"))


def _check_text(reports: list[PackageReport], *, verbose: bool = False) -> str:
    """Per package: clean, or what drifted (inputs changed, each file with its lines added and
    removed); then the diffs, all of them with `verbose`, else the first `DIFF_CAP` lines."""
    lines: list[str] = []
    diff: list[str] = []
    for report in reports:
        if not report.files:
            lines.append(f"clean: {report.label}")
            continue
        lines.append(f"drift: {report.label}")
        if report.changed_inputs:
            lines.append(f"  inputs changed: {', '.join(report.changed_inputs)}")
        for item in report.files:
            added, removed = line_counts(item.diff)
            lines.append(f"  {item.status}: {shown_path(report.folder / item.path)} "
                         f"({item.cause}; +{added} -{removed} lines)")
        for item in report.files:
            diff.extend(line.rstrip("\n") for line in item.diff)
    if diff:
        files = sum(len(report.files) for report in reports)
        added, removed = line_counts(diff)
        lines.append(f"{files} file(s) differ: +{added} -{removed} lines")
        if verbose or len(diff) <= DIFF_CAP:
            lines.extend(diff)
        else:
            lines.extend(diff[:DIFF_CAP])
            lines.append(f"... {len(diff) - DIFF_CAP} more diff lines (--verbose shows every line)")
    return "\n".join(lines) + "\n"


def _check_markdown(reports: list[PackageReport]) -> str:
    lines = ["| package | file | status | cause |", "|---|---|---|---|"]
    for report in reports:
        if not report.files:
            lines.append(f"| {report.name} | | clean | |")
        for item in report.files:
            lines.append(f"| {report.name} | `{shown_path(report.folder / item.path)}` "
                         f"| {item.status} | {md_cell(item.cause)} |")
    for report in reports:
        for item in report.files:
            lines += ["", f"<details><summary>{shown_path(report.folder / item.path)}</summary>",
                      "", "```diff", *(line.rstrip("\n") for line in item.diff), "```", "",
                      "</details>"]
    return "\n".join(lines) + "\n"


def _check_json(reports: list[PackageReport]) -> str:
    data = [
        {
            "package": report.name,
            "folder": str(report.folder),
            "clean": not report.files,
            "regenerated": report.regenerated,
            "changed_inputs": report.changed_inputs,
            "hand_edits": report.hand_edits,
            "files": [
                {"path": f.path, "status": f.status, "cause": f.cause, "line": f.line,
                 "diff": "".join(f.diff)}
                for f in report.files
            ],
        }
        for report in reports
    ]
    return json.dumps(data, indent=2) + "\n"


def _gh_escape(text: str, *, prop: bool = False) -> str:
    """Escape a workflow-command message (or, with `prop`, a property value)."""
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if prop else text


def _check_github(reports: list[PackageReport], *, verbose: bool = False) -> str:
    """One `::error` annotation per drifted file, then the text report for the job log."""
    lines = []
    for report in reports:
        for item in report.files:
            where = f"file={_gh_escape(shown_path(report.folder / item.path), prop=True)}"
            if item.line:
                where += f",line={item.line}"
            message = f"{item.status} ({item.cause}); regenerate with `make generate`, do not edit"
            lines.append(f"::error {where},title=generated code drift::{_gh_escape(message)}")
    return "\n".join(lines) + ("\n" if lines else "") + _check_text(reports, verbose=verbose)


CHECK_FORMATS: dict[str, Callable[[list[PackageReport]], str]] = {
    "text": _check_text,
    "markdown": _check_markdown,
    "json": _check_json,
    "github": _check_github,
}


def format_check(reports: list[PackageReport], fmt: str, *, verbose: bool = False) -> str:
    """`check`'s report in `fmt`; `verbose`: every diff line in the text formats (markdown and
    json always hold every line)."""
    if fmt == "text":
        return _check_text(reports, verbose=verbose)
    if fmt == "github":
        return _check_github(reports, verbose=verbose)
    return CHECK_FORMATS[fmt](reports)
