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
from typing import TYPE_CHECKING, Any

from generator.cli.common import (
    SPEC_SUFFIXES,
    UsageError,
    add_cache_option,
    add_out_options,
    chosen_cache,
    path_argument,
    print_problems,
    read_manifest,
    refuse_inputs_inside,
    shown_path,
    usage_error,
)
from generator.cli.compare import COMPARE_DOC_HELP, compare_page
from generator.drift.diff.change import Change
from generator.manifest import Manifest, Provider, UnknownProvider
from generator.problems import GeneratorError, Problem

if TYPE_CHECKING:
    from generator.document.loading import Document

MAX_DOWNLOAD = 32 * 1024 * 1024
DOWNLOAD_TIMEOUT = 30.0
NOTHING_CHANGED = "nothing was changed"
_SPEC_PACKAGE_STEPS = ("openapi-clientgen diff OLD NEW, then openapi-clientgen generate --spec NEW "
                       "--out DIR (check --target DIR --spec NEW says when it is done)")


def _provider(manifest: Manifest, name: str) -> Provider:
    """The manifest's provider `name`; an unknown name also says how a package generated with
    `--spec` (which has no entry) takes in a new document."""
    try:
        return manifest.get(name)
    except UnknownProvider as error:
        told = [dataclasses.replace(problem, hint=f"{problem.hint}; a package generated with "
                                                  f"--spec has no entry to update: "
                                                  f"{_SPEC_PACKAGE_STEPS}")
                for problem in error.problems]
        raise UnknownProvider(told) from None


@dataclass(frozen=True)
class _Candidate:
    """The new spec and everything built from it, in memory, before anything is written."""

    document: Document  # the new spec as loaded (without overlay), for the semantic diff
    package: dict[str, str]
    doc_text: str | None  # None when there is no comparison document to rewrite


def no_change(spec: Path, folder: Path, doc: Path | None, source: object) -> str:
    """What `update` says when the spec, the package and the comparison document, where the
    manifest asks for one (`compare:`), already are what `source` gives."""
    named = [shown_path(spec), shown_path(folder)] + ([shown_path(doc)] if doc else [])
    listed = ", ".join(named[:-1]) + f" and {named[-1]}"
    return f"no change: {listed} already are what {source} gives; nothing was written"


def cmd_update(args: argparse.Namespace) -> int:
    """Take in a new spec for a provider: validate, diff, replace, regenerate."""
    import tempfile

    from generator.drift.check.tree import read_tree
    from generator.drift.check.update import code_changes
    from generator.drift.report import exit_code
    from generator.io.provenance import referenced_inputs

    if Path(args.provider).suffix.lower() in SPEC_SUFFIXES:
        # A package made with `generate --spec` has no manifest entry to update: say what does it.
        raise usage_error(args.provider, "update takes a provider of the manifest, not a document",
                          f"for a package generated with --spec: {_SPEC_PACKAGE_STEPS}")
    manifest = read_manifest(args.manifest)
    provider = _provider(manifest, args.provider)
    raw = _in_the_vendored_form(_read_source(args.source), args.source, provider)
    folder, package = _package_folder(args, provider)
    refuse_inputs_inside([path for path in (provider.spec, provider.overlay) if path], [folder])
    if not (args.discard_edits or args.force):
        _refuse_hand_edits(folder)
    doc = compare_page(manifest, args.compare_doc)
    with tempfile.TemporaryDirectory(prefix="clientgen-update-") as tmp:
        candidate = _build(args, manifest, provider, raw, Path(tmp), package,
                           with_doc=doc is not None and doc.is_file())
        refuse_inputs_inside(referenced_inputs(provider.spec, candidate.package), [folder],
                             bundled=True)
        changes = _print_spec_changes(provider, args, candidate.document, Path(tmp))
        before = read_tree(folder)
        if _unchanged(provider, raw, before, candidate, doc):
            print(no_change(provider.spec, folder, doc, args.source))
            return 0
        if exit_code(changes, args.fail_on):
            which = {"breaking": "breaking ", "client-breaking": "client-breaking "}.get(
                args.fail_on, "")
            print(f"update refused: the new spec has {which}changes (--fail-on {args.fail_on}); "
                  f"{NOTHING_CHANGED}", file=sys.stderr)
            return 1
        _install(provider, raw, folder, candidate, doc, discard_edits=args.discard_edits,
                 force=args.force)
    print(f"updated {shown_path(provider.spec)} from {args.source}")
    print(f"generated code changes in {shown_path(folder)}:")
    print("\n".join(code_changes(before, candidate.package)) or "  none")
    if candidate.doc_text is not None and doc is not None:
        print(f"rewrote {shown_path(doc)}")
    return 0


def _package_folder(args: argparse.Namespace, provider: Provider) -> tuple[Path, str]:
    """Where the provider's package is, and its name: `--out DIR` is the package's own folder,
    as `generate PROVIDER --out DIR` wrote it (the name its record holds, else the folder's);
    `--output ROOT` holds it under the manifest's name."""
    from generator.cli.check import recorded_package

    if args.out is None:
        return args.output / provider.package, provider.package
    return args.out, recorded_package(args.out)


def _refuse_hand_edits(folder: Path) -> None:
    """A file of the package edited by hand since it was generated would be lost: refuse."""
    from generator.io import provenance

    recorded = provenance.read(folder) if folder.is_dir() else None
    edited = provenance.hand_edited(folder, recorded) if recorded is not None else []
    if edited:
        # a file added by hand is deleted only with --force (--discard-edits keeps refusing)
        added = recorded is not None and any(
            name not in recorded.files and name != provenance.FILENAME for name in edited)
        give = "--force (it deletes the files added too)" if added else "--discard-edits"
        raise usage_error(
            str(folder), f"hand edits would be discarded: {', '.join(edited)}",
            f"move them into the spec, overlay or templates, or pass {give}; "
            + NOTHING_CHANGED)


def _unchanged(provider: Provider, raw: bytes, before: dict[str, str], candidate: _Candidate,
               doc: Path | None) -> bool:
    """The spec, the package and the comparison document are already what `raw` gives."""
    try:
        same_spec = provider.spec.read_bytes() == raw
        same_doc = (candidate.doc_text is None or doc is None
                    or doc.read_text(encoding="utf-8") == candidate.doc_text)
    except OSError:
        return False
    return same_spec and same_doc and before == candidate.package


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


def _in_the_vendored_form(raw: bytes, source: str, provider: Provider) -> bytes:
    """`raw` as the provider's spec file is written: a YAML document for a `.json` spec is
    read (every slip located in the user's file) and written as JSON (indented, as `json.dumps`
    writes it), said on stdout; it was parsed as JSON and refused at its first line."""
    named = Path(source.split("?", 1)[0])  # (a URL's path too)
    if not (named.suffix.lower() in (".yaml", ".yml") and provider.spec.suffix.lower() == ".json"):
        return raw
    import json
    import tempfile

    from generator.document.loading import load

    with tempfile.TemporaryDirectory(prefix="clientgen-update-") as tmp:
        staged = Path(tmp) / named.name
        staged.write_bytes(raw)
        try:
            data = load(staged).data
        except GeneratorError as error:
            problems = [dataclasses.replace(problem, file=source, hint=NOTHING_CHANGED)
                        for problem in error.problems]
            raise UsageError(problems) from error
    print(f"read {source} (YAML) as JSON, the form of {shown_path(provider.spec)}")
    return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def _download(url: str) -> bytes:
    from generator.io.fetch import download  # httpx is imported only to download

    try:
        return download(url, max_bytes=MAX_DOWNLOAD, timeout=DOWNLOAD_TIMEOUT)
    except GeneratorError as error:
        # The download's own problems (naming the URL), as a usage error: exit 2, not written.
        problems = [dataclasses.replace(problem, hint=NOTHING_CHANGED)
                    for problem in error.problems]
        raise UsageError(problems) from error


def _build(
    args: argparse.Namespace, manifest: Manifest, provider: Provider, raw: bytes, tmp: Path,
    package: str, *, with_doc: bool,
) -> _Candidate:
    """Load, generate and tabulate the new spec in a scratch copy of its folder (so relative
    `$ref`s resolve); a problem anywhere refuses the update, naming the user's files."""
    from generator import pipeline
    from generator.document.loading import load
    from generator.drift.check.compare import compare_document
    from generator.drift.check.update import relocated

    scratch = tmp / "spec"
    _stage_folder(provider.spec.parent, scratch)
    staged = scratch / provider.spec.name
    staged.unlink(missing_ok=True)  # a link there must not be written through
    staged.write_bytes(raw)
    target = dataclasses.replace(pipeline.target_for(provider, package), spec=staged)
    staged_provider = dataclasses.replace(provider, spec=staged)
    try:
        document = load(staged, allow_remote_refs=args.allow_remote_refs)
        packages = pipeline.build_packages([target], allow_remote_refs=args.allow_remote_refs,
                                           cache=chosen_cache(args))
        operation = manifest.compare.operation if manifest.compare is not None else None
        doc_text = (compare_document([staged_provider if p.name == provider.name else p
                                      for p in manifest.providers], operation)
                    if with_doc else None)
    except GeneratorError as error:
        problems = relocated(error.problems, scratch, staged, args.source, provider.spec.parent)
        raise UsageError([*problems, Problem(args.source, "", None, "update refused",
                                             NOTHING_CHANGED)]) from error
    return _Candidate(document, packages[package], doc_text)


def _stage_folder(folder: Path, scratch: Path) -> None:
    """A copy of the spec folder in which `$ref`s resolve as they do in `folder`, under the same
    containment rules as `generate`: symbolic links are copied as links, never followed (a link
    loop, or one to a large folder, is one entry); a link that resolves inside `folder` is made
    to point at the copy, one that leaves it keeps its target, so the loader refuses a `$ref`
    through it as `generate` does."""
    import os
    import shutil

    shutil.copytree(folder, scratch, symlinks=True,
                    ignore=shutil.ignore_patterns("__pycache__"))
    root = folder.resolve()
    for link in [path for path in scratch.rglob("*") if path.is_symlink()]:
        original = folder / link.relative_to(scratch)
        try:
            resolved = original.resolve(strict=False)
        except (OSError, RuntimeError):  # a loop: left as copied, it resolves to nothing
            continue
        if resolved.is_relative_to(root):
            link.unlink()
            link.symlink_to(os.path.relpath(scratch / resolved.relative_to(root), link.parent))


def _print_spec_changes(provider: Provider, args: argparse.Namespace, new: Document,
                        tmp: Path) -> list[Change]:
    """The semantic diff from the vendored spec, printed and returned (empty when the vendored
    spec no longer loads: then there is nothing to compare with). Both sides go through the
    tolerate stage as `diff` does (`cli.drift_inputs`): repairs named in the header and applied
    to both; a blocking problem refuses the update. Each change's effect names the methods as
    the package does: the provider's overlay applied to both sides for naming only."""
    from generator.cli.diff import with_lines
    from generator.cli.drift_inputs import comparable, named_by_overlay
    from generator.document.loading import load, read_overlay
    from generator.drift.check.update import relocated
    from generator.drift.diff.client import diff_with_client
    from generator.drift.report import ReportOptions, format_changes

    try:
        old = load(provider.spec)
    except GeneratorError as error:
        print(f"note: the vendored {provider.spec} does not load ({error}); no semantic diff",
              file=sys.stderr)
        return []
    try:
        pair = comparable({"old": old, "new": new}, strict=provider.strict, validate=True,
                          cache=chosen_cache(args))
    except GeneratorError as error:
        problems = relocated(error.problems, tmp / "spec", new.path, args.source,
                             provider.spec.parent)
        raise UsageError([*problems, Problem(args.source, "", None, "update refused",
                                             NOTHING_CHANGED)]) from error
    # the client's names are the overlay's (`client.completions.create`), as generated
    overlay = read_overlay(provider.overlay) if provider.overlay is not None else None
    named, unmatched = named_by_overlay(pair.documents, overlay)
    print_problems(unmatched)
    changes = with_lines(diff_with_client(pair.documents["old"].data,
                                          pair.documents["new"].data, named, provider.models),
                         dict(pair.documents))
    print(f"spec changes for {provider.name} ({shown_path(provider.spec)} -> {args.source}):")
    files = {"old": shown_path(provider.spec), "new": args.source}
    sys.stdout.write(format_changes(changes, "text", ReportOptions(
        files=files, header=tuple(pair.header()))))
    return changes


def _install(provider: Provider, raw: bytes, folder: Path, candidate: _Candidate,
             doc: Path | None, *, discard_edits: bool, force: bool) -> None:
    """Everything is built: stage the spec beside the vendored one, swap the package, then
    rename the spec over the old one (both are atomic; the spec stays old if the swap fails)."""
    from generator.io.write import replacing_file, write, write_file

    with replacing_file(provider.spec, raw):
        write(candidate.package, folder, discard_edits=discard_edits, force=force)
    if candidate.doc_text is not None and doc is not None:
        write_file(doc, candidate.doc_text.encode("utf-8"))


def register(commands: Any, add_common: Callable[[argparse.ArgumentParser], None]) -> None:
    """Add the `update` subcommand to `commands` (the CLI's subparsers): its arguments and
    its handler; each command module registers itself, so main.py only lists them."""
    update_cmd = commands.add_parser("update", help=cmd_update.__doc__)
    update_cmd.add_argument("provider", help="the manifest's name of the provider to update")
    update_cmd.add_argument("--from", dest="source", required=True,
                            help="a file path or an http(s) URL")
    add_out_options(update_cmd, "the package's folder, as `generate PROVIDER --out DIR` wrote "
                                "it (named as its PROVENANCE.json says, else as the folder)")
    update_cmd.add_argument(
        "--fail-on", choices=("breaking", "client-breaking", "any", "none"), default="none",
        help="refuse the update (exit 1, nothing written) when the new spec has breaking changes, "
             "changes that break code written against the client, any change, or never "
             "(default: none)")
    update_cmd.add_argument(
        "--discard-edits", action="store_true",
        help="regenerate even over files of the package edited by hand (default: refuse)")
    update_cmd.add_argument(
        "--force", action="store_true",
        help="replace the package's folder whatever it holds, files added by hand included, as "
             "`generate --force` does (default: refuse, listing them)")
    update_cmd.add_argument("--compare-doc", type=path_argument,
                            help=COMPARE_DOC_HELP + "; rewritten when it exists")
    add_common(update_cmd)
    add_cache_option(update_cmd)
    update_cmd.set_defaults(run=cmd_update)
