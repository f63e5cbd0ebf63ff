"""Every report the drift tooling prints: `diff`'s changes and `check`'s package reports, in each
of their formats, and the one Markdown table-cell escape (also used by the comparison table).

Imports only light modules: `check` formats its fast-path report without loading a spec.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field

from generator.drift.check.tree import BINARY_DIFFERS, FileDrift, PackageReport, shown_file
from generator.drift.diff.change import (
    BREAKING,
    NON_BREAKING,
    POSSIBLY_BREAKING,
    SEVERITIES,
    Change,
    rank,
)
from generator.problems import printable


def printable_lines(lines: Iterable[str]) -> str:
    """Lines joined for printing, each made `printable` (a document's names reach headings and
    pointers: an ESC or BEL in them must not reach a terminal as it is)."""
    return "".join(printable(line) + "\n" for line in lines)


# A run of backticks, and what Markdown or HTML would make of prose: a document's names and
# descriptions reach a report a CI job renders (GitHub's job summary, a pull request comment).
_TICKS = re.compile(r"`+")
_PROSE = re.compile(r"<|\]\(")  # no tag opens without `<`; `[x]\(url)` is no link
_ENTITIES = {"<": "&lt;", "](": "]\\("}


def md_cell(text: str) -> str:
    """`text` safe inside a Markdown table cell: pipes escaped, one line; outside its code
    spans (`name`, paired as Markdown pairs them) no HTML (`<img ...>`, `</table>`) or inline
    link (`[x](url)`) a document's text would make, and a backtick that opens no span is
    literal. Inside a code span nothing is interpreted."""
    text = text.replace("\r\n", " ").replace("\r", " ").replace("\n", " ")
    out: list[str] = []
    at = 0
    runs = list(_TICKS.finditer(text))
    index = 0
    while index < len(runs):
        opening = runs[index]
        closing = next((run for run in runs[index + 1:]
                        if len(run.group()) == len(opening.group())), None)
        out.append(_prose(text[at:opening.start()]))
        if closing is None:  # no span: literal backticks
            out.append("\\`" * len(opening.group()))
            at = opening.end()
            index += 1
            continue
        out.append(text[opening.start():closing.end()])
        at = closing.end()
        index = runs.index(closing) + 1
    out.append(_prose(text[at:]))
    return "".join(out).replace("|", "\\|")


def _prose(text: str) -> str:
    return _PROSE.sub(lambda found: _ENTITIES[found.group()], text)


def md_code(text: str) -> str:
    """`text` as one inline code span of a table cell: fenced by more backticks than any run
    it holds (a name with a backtick in it does not end the span early), pipes escaped."""
    text = text.replace("\r\n", " ").replace("\r", " ").replace("\n", " ")
    longest = max((len(run) for run in _TICKS.findall(text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if longest or text.startswith(" ") or text.endswith(" ") else ""
    return f"{fence}{pad}{text}{pad}{fence}".replace("|", "\\|")


def md_fence(lines: Sequence[str]) -> str:
    """A fence for a code block holding `lines`: longer than any run of backticks in them, so
    that no line (a README's ```` ``` ````, in a diff's context) closes the block early."""
    longest = max((len(run) for line in lines for run in _TICKS.findall(line)), default=0)
    return "`" * max(3, longest + 1)


# --------------------------------------------------------------------------- diff: changes

_TITLES = {BREAKING: "Breaking", POSSIBLY_BREAKING: "Possibly breaking",
           NON_BREAKING: "Non-breaking"}
_SECTIONS = {"schemas": "schema", "parameters": "parameter", "requestBodies": "request body",
             "responses": "response", "headers": "header"}
# A shared change names this many of the operations it affects, then "N more".
_LISTED_OPERATIONS = 8


def summary(changes: Iterable[Change]) -> dict[str, int]:
    """Counts of distinct changes per severity (a shared component's change counts once), and
    of those that break code written against the generated client (`client_breaking`, what
    `--fail-on client-breaking` keys on, whatever their severity)."""
    items = list(changes)
    counts = {level.replace("-", "_"): sum(1 for c in items if c.severity == level)
              for level in SEVERITIES}
    return {**counts, "client_breaking": sum(1 for c in items if c.client_breaking)}


@dataclass(frozen=True)
class ReportOptions:
    """What a report shows: ``only`` the changes at or above a severity; at most ``limit``
    changes (0: all) before "N more"; ``files`` names the old and new documents (for
    ``file:line``); ``full_report`` is where the whole report was written, if it was;
    ``header``: lines said before the changes (what was repaired on each side), and
    ``tolerated`` the same for JSON."""

    only: str = NON_BREAKING
    limit: int = 0
    files: Mapping[str, str] = field(default_factory=dict)
    full_report: str = ""
    header: tuple[str, ...] = ()
    tolerated: Mapping[str, object] = field(default_factory=dict)


def format_changes(changes: Iterable[Change], fmt: str = "text",
                   options: ReportOptions | None = None) -> str:
    """Render changes as ``text``, ``markdown`` or ``json`` (deterministic): breaking first,
    grouped by operation (``POST /path``) and by shared component; the summary counts every
    distinct change, also those ``options.only`` leaves out."""
    options = options or ReportOptions()
    everything = sorted(changes)
    shown = [c for c in everything if rank(c.severity) <= rank(options.only)]
    if fmt == "text":
        return _changes_text(everything, shown, options)
    if fmt == "markdown":
        return _changes_markdown(everything, shown, options)
    if fmt == "json":
        payload: dict[str, object] = {"changes": [_json_change(c) for c in _ordered(shown)],
                                      "summary": summary(everything)}
        if options.tolerated:
            payload["tolerated"] = options.tolerated
        return json.dumps(payload, indent=2, ensure_ascii=False) + "\n"
    raise ValueError(f"unknown format {fmt!r}; expected text, markdown or json")


def _json_change(change: Change) -> dict[str, object]:
    """A change's JSON entry: its fields but `values`, `sent`, `was`, `unused_breaks`,
    `reached` and `retargeted` (what the message and the client effect already say, kept for
    the client effects); `file` only where the line is in another file than the document's."""
    entry = asdict(change)
    del entry["values"], entry["sent"], entry["was"], entry["unused_breaks"], entry["reached"]
    del entry["retargeted"]
    if not change.file:
        del entry["file"]  # (the line is the document's own file's)
    return entry


def owner(change: Change) -> str:
    """The heading a change is listed under: its operation, the shared component it is in
    (affecting several operations), or the document."""
    if len(change.operations) == 1:
        return change.operations[0]
    if change.operations:
        return _component_heading(change.pointer)
    return DOCUMENT_HEADING


DOCUMENT_HEADING = "the document"  # (words, not a name: markdown does not code-format it)


def _component_heading(pointer: str) -> str:
    tokens = [t.replace("~1", "/").replace("~0", "~") for t in pointer.split("/")[1:4]]
    if len(tokens) == 3 and tokens[0] == "components":
        return f"{_SECTIONS.get(tokens[1], tokens[1])} {tokens[2]}"
    return pointer


def _ordered(changes: Iterable[Change]) -> list[Change]:
    """Most severe first; within a severity by heading, then pointer."""
    return sorted(changes, key=lambda c: (rank(c.severity), owner(c), c.pointer, c.kind))


def _groups(changes: Sequence[Change]) -> list[tuple[str, str, list[Change]]]:
    """(severity, heading, changes) in report order."""
    groups: list[tuple[str, str, list[Change]]] = []
    for change in _ordered(changes):
        heading = owner(change)
        if groups and groups[-1][:2] == (change.severity, heading):
            groups[-1][2].append(change)
        else:
            groups.append((change.severity, heading, [change]))
    return groups


def _used_by(change: Change) -> str:
    names = list(change.operations[:_LISTED_OPERATIONS])
    more = len(change.operations) - len(names)
    return ", ".join(names) + (f" and {more} more" if more > 0 else "")


def _where(change: Change, files: Mapping[str, str]) -> str:
    """`file:line`: the document the change's side names, or the file its `$ref` bundled the
    content in from."""
    name = change.file or files.get(change.side, change.side)
    return f"{name}:{change.line}" if change.line else name


def _summary_line(changes: Sequence[Change]) -> str:
    counts = summary(changes)
    line = (f"{counts['breaking']} breaking, {counts['possibly_breaking']} possibly breaking, "
            f"{counts['non_breaking']} non-breaking change(s)")
    breaking_code = counts["client_breaking"]
    # what `--fail-on client-breaking` keys on, which the severities above do not show
    return line + (f"; {breaking_code} break(s) code written against the generated client"
                   if breaking_code else "")


def _client_label(change: Change) -> str:
    return "client (breaks code)" if change.client_breaking else "client"


def _more_line(left_out: int, options: ReportOptions) -> str:
    where = (f"the full report is in {options.full_report}" if options.full_report
             else "pass --limit 0 or --report FILE for the full report")
    return f"... and {left_out} more change(s): {where}"


def _capped(shown: Sequence[Change], limit: int) -> tuple[list[tuple[str, str, list[Change]]], int]:
    """The groups in report order, cut after ``limit`` changes (0: no cut), and how many changes
    the cut left out."""
    kept: list[tuple[str, str, list[Change]]] = []
    count = 0
    for severity, heading, members in _groups(shown):
        room = limit - count if limit else len(members)
        if room <= 0:
            break
        kept.append((severity, heading, members[:room]))
        count += len(members[:room])
    return kept, len(shown) - count


def _changes_text(everything: Sequence[Change], shown: Sequence[Change],
                  options: ReportOptions) -> str:
    lines: list[str] = list(options.header)
    groups, left_out = _capped(shown, options.limit)
    level = ""
    for severity, heading, members in groups:
        if severity != level:
            level = severity
            lines += ([""] if lines else []) + [f"== {_TITLES[severity]} =="]
        lines.append(heading)
        for c in members:
            lines.append(f"  [{c.severity}] {c.kind} {c.pointer} ({_where(c, options.files)})")
            lines.append(f"      {c.message}")
            if c.client:
                lines.append(f"      {_client_label(c)}: {c.client}")
            if len(c.operations) > 1:
                lines.append(f"      affects {len(c.operations)} operations: {_used_by(c)}")
    if left_out:
        lines.append(_more_line(left_out, options))
    # headings, pointers and messages carry the documents' names: no terminal escapes
    return printable_lines([*lines, _summary_line(everything)])


def _changes_markdown(everything: Sequence[Change], shown: Sequence[Change],
                      options: ReportOptions) -> str:
    lines = ["## API changes", "", f"**{_summary_line(everything)}**"]
    if options.header:
        lines += ["", *(f"> {md_cell(line.strip())}<br>" for line in options.header)]
    groups, left_out = _capped(shown, options.limit)
    level = ""
    for severity, heading, members in groups:
        if severity != level:
            level = severity
            lines += ["", f"### {_TITLES[severity]}"]
        title = "The document" if heading == DOCUMENT_HEADING else md_code(heading)
        lines += ["", f"#### {title}", "",
                  "| severity | kind | pointer | change |", "|---|---|---|---|"]
        for c in members:
            parts = [f"{c.message} ({_where(c, options.files)})"]
            if c.client:
                parts.append(f"{_client_label(c)}: {c.client}")
            if len(c.operations) > 1:
                parts.append(f"affects {len(c.operations)} operations: {_used_by(c)}")
            cell = "<br>".join(md_cell(part) for part in parts)  # each its own: `name` spans
            lines.append(f"| {c.severity} | `{c.kind}` | {md_code(c.pointer)} | {cell} |")
    if left_out:
        lines += ["", _more_line(left_out, options)]
    return printable_lines(lines)


def exit_code(changes: Iterable[Change], fail_on: str = "breaking") -> int:
    """1 when ``fail_on`` is hit, else 0: "breaking" (any breaking change), "possibly-breaking"
    (any breaking or possibly breaking change), "client-breaking" (a breaking change that
    breaks code written against the generated client), "any" (any change), "none" (never)."""
    items = list(changes)
    if fail_on == "none":
        return 0
    if fail_on == "client-breaking":
        return int(any(c.client_breaking for c in items))
    if fail_on == "any":
        return int(bool(items))
    if fail_on in (BREAKING, POSSIBLY_BREAKING):
        return int(any(rank(c.severity) <= rank(fail_on) for c in items))
    raise ValueError(f"unknown fail_on {fail_on!r}; "
                     "expected breaking, possibly-breaking, client-breaking, any or none")


# --------------------------------------------------------------------------- check: packages


# `check` prints this many lines of diff unless asked for all (`--verbose`): one spec edit can
# change hundreds of generated lines, and the summary above the diff already says where.
DIFF_CAP = 60


# Files whose lines change with every input (the hashes they record): in the capped preview
# after the code, which says what changed; the summary above still lists them in their order.
_RECORDS = frozenset({"PROVENANCE.json", "README.md", "COVERAGE.md"})


def _preview_rank(item: FileDrift) -> int:
    """Python modules first, other files next, the package's records last (stable within)."""
    name = item.path.rsplit("/", 1)[-1]
    return 2 if name in _RECORDS else 0 if name.endswith(".py") else 1


def line_counts(diff: Iterable[str]) -> tuple[int, int]:
    """(lines added, lines removed) of a unified diff, its file headers left out."""
    lines = [line for line in diff if not line.startswith(("+++", "---"))]
    added = sum(1 for line in lines if line.startswith("+"))
    return added, sum(1 for line in lines if line.startswith("-"))


def _change_size(item: FileDrift) -> str:
    """How much a file changes: its lines added and removed, or that a binary file differs."""
    if item.binary:
        return BINARY_DIFFERS
    added, removed = line_counts(item.diff)
    return f"+{added} -{removed} lines"


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
            lines.append(f"  {item.status}: {shown_file(report.folder, item.path)} "
                         f"({item.cause}; {_change_size(item)})")
        for item in sorted(report.files, key=_preview_rank):
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
            lines.append(f"| {report.name} | {md_code(shown_file(report.folder, item.path))} "
                         f"| {item.status} | {md_cell(item.cause)} |")
    for report in reports:
        for item in report.files:
            diff = [line.rstrip("\n") for line in item.diff]
            fence = md_fence(diff)
            summary = html.escape(shown_file(report.folder, item.path))
            lines += ["", f"<details><summary>{summary}</summary>",
                      "", f"{fence}diff", *diff, fence, "", "</details>"]
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
                 "binary": f.binary, "diff": "".join(f.diff)}
                for f in report.files
            ],
        }
        for report in reports
    ]
    return json.dumps(data, indent=2) + "\n"


# what `check`'s command says beside `--force`, where it found hand edits (`cli.check._remedy`)
DISCARDS_EDITS = "--force discards the hand edits"


def _gh_escape(text: str, *, prop: bool = False) -> str:
    """Escape a workflow-command message (or, with `prop`, a property value)."""
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if prop else text


def _check_github(reports: list[PackageReport], *, verbose: bool = False) -> str:
    """One `::error` annotation per drifted file, then the text report for the job log."""
    lines = []
    for report in reports:
        for item in report.files:
            where = f"file={_gh_escape(shown_file(report.folder, item.path), prop=True)}"
            if item.line:
                where += f",line={item.line}"
            remedy = f"`{report.remedy}`" if report.remedy else "the generator"
            if report.hand_edits and " --force" in report.remedy:
                remedy += f" ({DISCARDS_EDITS})"
            message = f"{item.status} ({item.cause}); regenerate with {remedy}, do not edit"
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
