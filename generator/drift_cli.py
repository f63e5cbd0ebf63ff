"""The drift commands: `check` (generated code vs its inputs), `diff` (spec vs spec),
`compare` (providers side by side) and `update` (take a new spec in).

Exit codes: 0 clean, 1 drift (or changes at the `--fail-on` level), 2 usage or input error.
"""

from __future__ import annotations

import argparse
import difflib
import json
import shutil
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import compare, drift, pipeline, provenance
from .load import load
from .manifest import Provider, load_manifest
from .problems import GeneratorError, Problem
from .write import write

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUTPUT = ROOT / "generated"
DEFAULT_COMPARE = ROOT / "docs" / "providers.md"
MAX_DOWNLOAD = 32 * 1024 * 1024
DOWNLOAD_TIMEOUT = 30.0


class UsageError(GeneratorError):
    """Bad arguments or unreadable input: exit 2."""

    usage = True


def read_tree(folder: Path) -> dict[str, str]:
    if not folder.is_dir():
        return {}
    return {
        path.relative_to(folder).as_posix(): path.read_text(encoding="utf-8", errors="replace")
        for path in sorted(folder.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts
    }


def compare_trees(expected: dict[str, str], actual: dict[str, str], label: str) -> list[str]:
    """Unified diffs, one per differing file, labelled `label/path`."""
    out: list[str] = []
    for relative in sorted(set(expected) | set(actual)):
        want, have = expected.get(relative), actual.get(relative)
        if want == have:
            continue
        status = "added" if have is None else "removed" if want is None else "changed"
        out.append(f"{status}: {label}/{relative}\n")
        out.extend(
            line if line.endswith("\n") else line + "\n"
            for line in difflib.unified_diff(
                (have or "").splitlines(keepends=True),
                (want or "").splitlines(keepends=True),
                fromfile=f"{label}/{relative} (on disk)",
                tofile=f"{label}/{relative} (regenerated)",
            )
        )
    return out


# -- check ----------------------------------------------------------------------------------


@dataclass
class FileDrift:
    path: str  # relative to the package
    status: str  # added | removed | changed
    cause: str  # "hand edit" or "inputs changed: spec, templates, ..."
    diff: list[str]
    line: int | None  # first changed line on disk


@dataclass
class PackageReport:
    name: str
    folder: Path
    files: list[FileDrift] = field(default_factory=list)
    changed_inputs: list[str] = field(default_factory=list)
    hand_edits: list[str] = field(default_factory=list)
    regenerated: bool = False


def _first_changed_line(diff: list[str]) -> int | None:
    for line in diff:
        if line.startswith("@@"):
            try:
                return int(line.split()[1].split(",")[0].lstrip("-")) or 1
            except (IndexError, ValueError):
                return None
    return None


def _changed_inputs(recorded: provenance.Recorded | None, target: pipeline.Target) -> list[str]:
    if recorded is None:
        return ["no PROVENANCE.json"]
    current = provenance.input_fingerprint(target.spec, target.overlay)
    names = {"spec_sha256": "spec", "overlay_sha256": "overlay"}
    changed = [names.get(key, key) for key in provenance.changed_keys(recorded.inputs, current)]
    toolkit = provenance.changed_keys(recorded.toolkit, provenance.toolkit_fingerprint())
    labels = {"generator_sha256": "generator code", "templates_sha256": "templates",
              "generator_version": "generator version"}
    changed += [labels.get(key, key.replace("tool:", "pinned ")) for key in toolkit]
    return changed


def check_package(name: str, target: pipeline.Target, folder: Path, *, full: bool) -> PackageReport:
    """Compare `folder` with what `target` produces; explain every difference."""
    report = PackageReport(name, folder)
    recorded = provenance.read(folder)
    report.changed_inputs = _changed_inputs(recorded, target)
    report.hand_edits = provenance.hand_edited(folder, recorded) if recorded else []
    if not full and recorded is not None and not report.changed_inputs and not report.hand_edits:
        return report  # inputs and files both match their record: nothing to regenerate
    report.regenerated = True
    expected = pipeline.build_packages([target])[target.options.package]
    actual = read_tree(folder)
    for relative in sorted(set(expected) | set(actual)):
        if expected.get(relative) == actual.get(relative):
            continue
        diff = compare_trees({relative: expected.get(relative, "")} if relative in expected else {},
                             {relative: actual[relative]} if relative in actual else {},
                             folder.name)
        if relative in report.hand_edits:
            cause = "hand edit"
        elif report.changed_inputs:
            cause = "inputs changed: " + ", ".join(report.changed_inputs)
        else:
            cause = "differs, although no input changed (generator nondeterminism?)"
        status = "added" if relative not in actual else "removed" if relative not in expected else "changed"
        report.files.append(FileDrift(relative, status, cause, diff[1:], _first_changed_line(diff)))
    return report


def _format_text(reports: list[PackageReport]) -> str:
    lines: list[str] = []
    for report in reports:
        if not report.files:
            lines.append(f"clean: {report.folder}")
            continue
        lines.append(f"drift: {report.folder}")
        for item in report.files:
            lines.append(f"  {item.status}: {item.path} ({item.cause})")
        for item in report.files:
            lines.extend(line.rstrip("\n") for line in item.diff)
    return "\n".join(lines) + "\n"


def _format_markdown(reports: list[PackageReport]) -> str:
    lines = ["| package | file | status | cause |", "|---|---|---|---|"]
    for report in reports:
        if not report.files:
            lines.append(f"| {report.name} | | clean | |")
        for item in report.files:
            lines.append(f"| {report.name} | `{item.path}` | {item.status} | {item.cause} |")
    for report in reports:
        for item in report.files:
            lines += ["", f"<details><summary>{report.name}/{item.path}</summary>", "", "```diff",
                      *(line.rstrip("\n") for line in item.diff), "```", "</details>"]
    return "\n".join(lines) + "\n"


def _format_json(reports: list[PackageReport]) -> str:
    data = [
        {
            "package": report.name,
            "folder": str(report.folder),
            "clean": not report.files,
            "changed_inputs": report.changed_inputs,
            "hand_edits": report.hand_edits,
            "files": [
                {"path": f.path, "status": f.status, "cause": f.cause, "line": f.line, "diff": "".join(f.diff)}
                for f in report.files
            ],
        }
        for report in reports
    ]
    return json.dumps(data, indent=2) + "\n"


def _format_github(reports: list[PackageReport]) -> str:
    lines = []
    for report in reports:
        for item in report.files:
            where = f"file={_relative(report.folder / item.path)}"
            if item.line:
                where += f",line={item.line}"
            message = f"{item.status} ({item.cause}); run `make generate` to regenerate"
            lines.append(f"::error {where},title=generated code drift::{message}")
    return "\n".join(lines) + ("\n" if lines else "")


def _relative(path: Path) -> str:
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.as_posix()


FORMATTERS: dict[str, Callable[[list[PackageReport]], str]] = {
    "text": _format_text,
    "markdown": _format_markdown,
    "json": _format_json,
    "github": _format_github,
}


def _check_targets(args: argparse.Namespace) -> list[tuple[str, pipeline.Target, Path]]:
    manifest = load_manifest(args.manifest)
    if args.target:
        if not args.provider:
            raise UsageError([Problem("", "", None, "--target needs --provider", "")])
        provider: Provider = manifest.get(args.provider)
        if not args.target.is_dir():
            raise UsageError([Problem(str(args.target), "", None, "not a folder", "")])
        return [(provider.name, pipeline.target_for(provider), args.target)]
    chosen = [manifest.get(n) for n in args.providers] if args.providers else list(manifest.providers)
    return [(p.name, pipeline.target_for(p), args.output / p.package) for p in chosen]


def cmd_check(args: argparse.Namespace) -> int:
    """Compare generated packages with what their inputs produce; exit 1 on drift."""
    reports = [check_package(name, target, folder, full=args.full)
               for name, target, folder in _check_targets(args)]
    compare_drift = [] if args.target or args.providers else _check_compare_doc(args.manifest)
    sys.stdout.write(FORMATTERS[args.format](reports))
    for line in compare_drift:
        print(line)
    drifted = any(report.files for report in reports) or bool(compare_drift)
    if drifted and args.format == "text":
        print("drift found: run `make generate` to regenerate", file=sys.stderr)
    return 1 if drifted else 0


def _check_compare_doc(manifest_path: Path) -> list[str]:
    """docs/providers.md is generated too: report it when it no longer matches the specs."""
    if not DEFAULT_COMPARE.exists():
        return [f"missing: {_relative(DEFAULT_COMPARE)} (run `make generate`)"]
    expected = compare_document(manifest_path, [])
    actual = DEFAULT_COMPARE.read_text(encoding="utf-8")
    if expected == actual:
        return []
    return [line.rstrip("\n") for line in compare_trees({"providers.md": expected}, {"providers.md": actual}, "docs")]


# -- diff -----------------------------------------------------------------------------------


def cmd_diff(args: argparse.Namespace) -> int:
    """Semantic diff of two OpenAPI documents; each change classed breaking or non-breaking."""
    old = load(args.old, allow_remote_refs=args.allow_remote_refs)
    new = load(args.new, allow_remote_refs=args.allow_remote_refs)
    changes = drift.diff(old.data, new.data)
    sys.stdout.write(drift.format_changes(changes, args.format))
    return drift.exit_code(changes, args.fail_on)


# -- compare --------------------------------------------------------------------------------


def compare_document(manifest_path: Path, names: list[str]) -> str:
    manifest = load_manifest(manifest_path)
    chosen = [manifest.get(n) for n in names] if names else list(manifest.providers)
    specs = {
        p.name: load(p.spec, overlay=p.overlay).data for p in chosen
    }
    header = (
        "<!-- Generated by `python -m generator compare` from specs/: do not edit. -->\n\n"
        "# Completions across providers\n\n"
        "Every request parameter and response field of each provider's completions operation,\n"
        "as its vendored spec documents it.\n\n"
    )
    return header + compare.compare(specs).rstrip("\n") + "\n"


def cmd_compare(args: argparse.Namespace) -> int:
    """Markdown table of completions parameters and fields across providers."""
    text = compare_document(args.manifest, args.providers)
    if args.out:
        args.out.write_text(text, encoding="utf-8")
        print(f"wrote {args.out}")
    else:
        sys.stdout.write(text)
    return 0


# -- update ---------------------------------------------------------------------------------


def _download(url: str) -> bytes:
    """GET `url` with a timeout and a size limit; any failure is a usage error naming the URL."""
    import httpx

    try:
        with httpx.stream("GET", url, timeout=DOWNLOAD_TIMEOUT, follow_redirects=True) as response:
            response.raise_for_status()
            chunks, size = [], 0
            for chunk in response.iter_bytes():
                size += len(chunk)
                if size > MAX_DOWNLOAD:
                    raise UsageError([Problem(url, "", None, f"larger than {MAX_DOWNLOAD} bytes", "")])
                chunks.append(chunk)
            return b"".join(chunks)
    except httpx.HTTPError as exc:
        raise UsageError(
            [Problem(url, "", None, f"cannot download: {type(exc).__name__}: {exc}", "nothing was changed")]
        ) from exc


def _fetch(source: str) -> bytes:
    if source.startswith(("http://", "https://")):
        return _download(source)
    path = Path(source)
    try:
        return path.read_bytes()
    except OSError as exc:
        raise UsageError([Problem(source, "", None, f"cannot read: {exc.strerror}", "")]) from exc


def _code_changes(before: dict[str, str], after: dict[str, str]) -> list[str]:
    """Models and methods added, removed or changed, from the generated sources."""
    import ast

    def symbols(files: dict[str, str]) -> dict[str, str]:
        found: dict[str, str] = {}
        for module in ("models.py", "_resources.py"):
            if module not in files:
                continue
            tree = ast.parse(files[module])
            for node in tree.body:
                if isinstance(node, ast.ClassDef):
                    kind = "model" if module == "models.py" else "resource"
                    found[f"{kind} {node.name}"] = ast.dump(node)
                    if kind == "resource":
                        for item in node.body:
                            if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and not item.name.startswith("_"):
                                found[f"method {node.name}.{item.name}"] = ast.dump(item)
        return found

    old, new = symbols(before), symbols(after)
    lines = [f"  added   {name}" for name in sorted(set(new) - set(old))]
    lines += [f"  removed {name}" for name in sorted(set(old) - set(new))]
    lines += [f"  changed {name}" for name in sorted(set(old) & set(new)) if old[name] != new[name]]
    return lines


def cmd_update(args: argparse.Namespace) -> int:
    """Take in a new spec for a provider: validate, diff, replace, regenerate."""
    manifest = load_manifest(args.manifest)
    provider = manifest.get(args.provider)
    raw = _fetch(args.source)
    with tempfile.TemporaryDirectory(prefix="clientgen-update-") as scratch:
        # The candidate sits beside a copy of the overlay so relative $refs and checks work.
        staged = Path(scratch) / provider.spec.name
        for sibling in provider.spec.parent.iterdir():
            if sibling.is_file():
                shutil.copy2(sibling, Path(scratch) / sibling.name)
        staged.write_bytes(raw)
        candidate = pipeline.Target(staged, provider.overlay, pipeline.target_for(provider).options)
        new_document = pipeline.load_checked(candidate)
        old_document = load(provider.spec)
        changes = drift.diff(old_document.data, load(staged).data)
        print(f"spec changes for {provider.name}:")
        sys.stdout.write(drift.format_changes(changes, "text"))
        del new_document
        packages = pipeline.build_packages([candidate])
        folder = args.output / provider.package
        before = read_tree(folder)
        after = packages[provider.package]
        after[provenance.FILENAME] = provenance.record(
            after, provenance.input_fingerprint(staged, provider.overlay), provenance.toolkit_fingerprint()
        )
        # Everything is ready: swap the spec, then the package.
        spec_tmp = provider.spec.with_name(f".{provider.spec.name}.new")
        spec_tmp.write_bytes(raw)
        spec_tmp.replace(provider.spec)
        write(after, folder)
    print(f"generated code changes in {folder}:")
    print("\n".join(_code_changes(before, after)) or "  none")
    if (args.output == DEFAULT_OUTPUT) and DEFAULT_COMPARE.exists():
        DEFAULT_COMPARE.write_text(compare_document(args.manifest, []), encoding="utf-8")
    return 0


# -- registration ---------------------------------------------------------------------------


def register(commands: Any, add_common: Callable[[argparse.ArgumentParser], None]) -> None:
    check_cmd = commands.add_parser("check", help=cmd_check.__doc__)
    check_cmd.add_argument("providers", nargs="*", help="provider names (default: all)")
    check_cmd.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="root of generated packages")
    check_cmd.add_argument("--target", type=Path, help="a vendored copy of one package (any name)")
    check_cmd.add_argument("--provider", help="which provider --target was generated from")
    check_cmd.add_argument("--full", action="store_true", help="always regenerate; skip the provenance fast path")
    check_cmd.add_argument("--format", choices=sorted(FORMATTERS), default="text")
    add_common(check_cmd)
    check_cmd.set_defaults(run=cmd_check)

    diff_cmd = commands.add_parser("diff", help=cmd_diff.__doc__)
    diff_cmd.add_argument("old", type=Path)
    diff_cmd.add_argument("new", type=Path)
    diff_cmd.add_argument("--fail-on", choices=("breaking", "any", "none"), default="breaking")
    diff_cmd.add_argument("--format", choices=("text", "markdown", "json"), default="text")
    add_common(diff_cmd)
    diff_cmd.set_defaults(run=cmd_diff)

    compare_cmd = commands.add_parser("compare", help=cmd_compare.__doc__)
    compare_cmd.add_argument("providers", nargs="*", help="provider names (default: all)")
    compare_cmd.add_argument("--out", type=Path, help="write the table here instead of stdout")
    add_common(compare_cmd)
    compare_cmd.set_defaults(run=cmd_compare)

    update_cmd = commands.add_parser("update", help=cmd_update.__doc__)
    update_cmd.add_argument("provider")
    update_cmd.add_argument("--from", dest="source", required=True, help="a file path or an http(s) URL")
    update_cmd.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="root of generated packages")
    add_common(update_cmd)
    update_cmd.set_defaults(run=cmd_update)
