"""`update`: take in a new spec for a provider (validate, diff, replace, regenerate).

Exits 2 whenever it refuses a document: unreadable, unreachable, invalid, an overlay action that
no longer matches, or a generation failure; nothing is written then. Everything (the package,
and docs/providers.md when it exists) is built in memory from a staged copy of the spec folder
before the first write.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.cli.common import DEFAULT_OUTPUT, UsageError, shown_path, usage_error
from generator.cli.compare import COMPARE_DOC_HELP, default_compare_doc
from generator.manifest import Manifest, Provider, load_manifest
from generator.problems import GeneratorError, Problem

MAX_DOWNLOAD = 32 * 1024 * 1024
DOWNLOAD_TIMEOUT = 30.0
NOTHING_CHANGED = "nothing was changed"


@dataclass(frozen=True)
class _Candidate:
    """The new spec and everything built from it, in memory, before anything is written."""

    data: dict[str, Any]
    package: dict[str, str]
    doc_text: str | None  # None when there is no comparison document to rewrite


def cmd_update(args: argparse.Namespace) -> int:
    """Take in a new spec for a provider: validate, diff, replace, regenerate."""
    import tempfile

    from generator.drift.tree import read_tree
    from generator.drift.update import code_changes

    manifest = load_manifest(args.manifest)
    provider = manifest.get(args.provider)
    raw = _read_source(args.source)
    folder = args.output / provider.package
    doc = args.compare_doc or default_compare_doc(args.manifest)
    with tempfile.TemporaryDirectory(prefix="clientgen-update-") as tmp:
        candidate = _build(args, manifest, provider, raw, Path(tmp), with_doc=doc.is_file())
        _print_spec_changes(provider, args.source, candidate.data)
        before = read_tree(folder)
        _install(provider, raw, folder, candidate, doc)
    print(f"updated {shown_path(provider.spec)} from {args.source}")
    print(f"generated code changes in {shown_path(folder)}:")
    print("\n".join(code_changes(before, candidate.package)) or "  none")
    if candidate.doc_text is not None:
        print(f"rewrote {shown_path(doc)}")
    return 0


def _read_source(source: str) -> bytes:
    """The new spec's bytes from a file or an http(s) URL; any failure is a usage error."""
    if source.startswith(("http://", "https://")):
        return _download(source)
    path = Path(source)
    try:
        size = path.stat().st_size
        if size > MAX_DOWNLOAD:
            raise usage_error(source, f"larger than {MAX_DOWNLOAD} bytes", NOTHING_CHANGED)
        return path.read_bytes()
    except OSError as exc:
        raise usage_error(source, f"cannot read: {exc.strerror}", NOTHING_CHANGED) from exc


def _download(url: str) -> bytes:
    from generator.io.fetch import download  # httpx is imported only to download

    try:
        return download(url, max_bytes=MAX_DOWNLOAD, timeout=DOWNLOAD_TIMEOUT)
    except GeneratorError as error:
        # The download's own problems (naming the URL), as a usage error: exit 2, not written.
        problems = [dataclasses.replace(problem, hint=NOTHING_CHANGED) for problem in error.problems]
        raise UsageError(problems) from error


def _build(
    args: argparse.Namespace, manifest: Manifest, provider: Provider, raw: bytes, tmp: Path,
    *, with_doc: bool,
) -> _Candidate:
    """Load, generate and tabulate the new spec in a scratch copy of its folder (so relative
    `$ref`s resolve); a problem anywhere refuses the update, naming the user's files."""
    import shutil

    from generator import pipeline
    from generator.drift.compare import compare_document
    from generator.drift.update import relocated
    from generator.spec.document import load

    scratch = tmp / "spec"
    shutil.copytree(provider.spec.parent, scratch, ignore=shutil.ignore_patterns("__pycache__"))
    staged = scratch / provider.spec.name
    staged.write_bytes(raw)
    target = dataclasses.replace(pipeline.target_for(provider), spec=staged)
    staged_provider = dataclasses.replace(provider, spec=staged)
    try:
        data = load(staged, allow_remote_refs=args.allow_remote_refs).data
        packages = pipeline.build_packages([target], allow_remote_refs=args.allow_remote_refs)
        doc_text = (compare_document([staged_provider if p.name == provider.name else p
                                      for p in manifest.providers])
                    if with_doc else None)
    except GeneratorError as error:
        problems = relocated(error.problems, scratch, staged, args.source, provider.spec.parent)
        raise UsageError([*problems, Problem(args.source, "", None, "update refused",
                                             NOTHING_CHANGED)]) from error
    return _Candidate(data, packages[provider.package], doc_text)


def _print_spec_changes(provider: Provider, source: str, new_data: dict[str, Any]) -> None:
    """The semantic diff from the vendored spec, when that one still loads."""
    from generator.drift.differ import diff
    from generator.drift.report import ReportOptions, format_changes
    from generator.spec.document import load

    try:
        old_data = load(provider.spec).data
    except GeneratorError as error:
        print(f"note: the vendored {provider.spec} does not load ({error}); no semantic diff",
              file=sys.stderr)
        return
    print(f"spec changes for {provider.name} ({shown_path(provider.spec)} -> {source}):")
    files = {"old": shown_path(provider.spec), "new": source}
    sys.stdout.write(format_changes(diff(old_data, new_data), "text", ReportOptions(files=files)))


def _install(provider: Provider, raw: bytes, folder: Path, candidate: _Candidate, doc: Path) -> None:
    """Everything is built: stage the spec beside the vendored one, swap the package, then
    rename the spec over the old one (both are atomic; the spec stays old if the swap fails)."""
    from generator.io.write import replacing_file, write, write_file

    with replacing_file(provider.spec, raw):
        write(candidate.package, folder)
    if candidate.doc_text is not None:
        write_file(doc, candidate.doc_text.encode("utf-8"))


def register(commands: Any, add_common: Callable[[argparse.ArgumentParser], None]) -> None:
    update_cmd = commands.add_parser("update", help=cmd_update.__doc__)
    update_cmd.add_argument("provider")
    update_cmd.add_argument("--from", dest="source", required=True, help="a file path or an http(s) URL")
    update_cmd.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="root of generated packages")
    update_cmd.add_argument("--compare-doc", type=Path, help=COMPARE_DOC_HELP + "; rewritten when it exists")
    add_common(update_cmd)
    update_cmd.set_defaults(run=cmd_update)
