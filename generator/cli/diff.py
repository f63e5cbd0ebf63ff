"""`diff`: semantic diff of two OpenAPI documents (exit 1 at the `--fail-on` level)."""

from __future__ import annotations

import argparse
import dataclasses
import functools
import gc
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.cli.common import add_cache_option, chosen_cache, path_argument, print_problems
from generator.manifest import ALL_MODELS, MODELS_CHOICES

if TYPE_CHECKING:
    from generator.cli.drift_inputs import Comparable
    from generator.document.loading import Document, Overlay
    from generator.drift.diff.change import Change
    from generator.problems import Problem

_MARKDOWN_LIMIT = 50  # changes in a Markdown report (a pull-request comment) unless --limit says


def cmd_diff(args: argparse.Namespace) -> int:
    """Semantic diff of two OpenAPI documents: each change breaking, possibly breaking or
    non-breaking, breaking first, grouped by operation and shared component."""
    from generator.document.tree import cyclic_gc_paused

    try:
        # the documents and the differ's records are trees of millions of objects, without
        # cycles, that the collector walked over and over (0.54 s of the parent's ~4.4 s on
        # GitHub's pair); the forked children inherit it off, and openapi-spec-validator's
        # turns it back on for its run
        with cyclic_gc_paused():
            return _compared(args)
    finally:
        gc.unfreeze()  # frozen while the documents were compared (`compare_loaded`, below)


def _compared(args: argparse.Namespace) -> int:
    from generator.cli.drift_inputs import compare_loaded
    from generator.document.loading import load, read_overlay
    from generator.drift.json_lines import without_text
    from generator.drift.report import ReportOptions, exit_code, format_changes

    def light(path: Path) -> Document:
        # the document keeps no text for its line map (`without_text`): GitHub's pair held
        # 95 MiB of text in every process of the comparison; a line is read back when needed
        return without_text(load(path, allow_remote_refs=args.allow_remote_refs))

    # compared while openapi-spec-validator's verdicts are still being worked out (kept when
    # they add no problem: `compare_loaded`)
    # read first: an overlay that cannot be read stops the command before any work (exit 2)
    overlay = read_overlay(args.overlay) if args.overlay else None
    pair, (changes, unmatched) = compare_loaded(
        {"old": args.old, "new": args.new}, light,
        functools.partial(_changes, overlay=overlay, models=args.models),
        strict=args.strict, validate=not args.no_validate, cache=chosen_cache(args))
    print_problems(unmatched)  # (returned, not printed: a comparison may be made twice)
    files = {"old": str(args.old), "new": str(args.new)}
    header, record = tuple(pair.header()), pair.record()
    limit = args.limit if args.limit is not None else (
        _MARKDOWN_LIMIT if args.format == "markdown" else 0)
    if args.report:
        full = ReportOptions(only=args.only, files=files, header=tuple(pair.header(every=True)),
                             tolerated=record)
        args.report.write_text(format_changes(changes, args.format, full), encoding="utf-8")
    options = ReportOptions(only=args.only, limit=limit, files=files,
                            full_report=str(args.report) if args.report else "", header=header,
                            tolerated=record)
    sys.stdout.write(format_changes(changes, args.format, options))
    return exit_code(changes, args.fail_on)


def _changes(pair: Comparable, overlay: Overlay | None = None, models: str = ALL_MODELS
             ) -> tuple[list[Change], list[Problem]]:
    """Every change from the pair's old document to its new one, each with its line, its
    effect on the client named as `overlay` names methods (`x-codegen-resource`...); and the
    overlay's actions that matched nothing on a side (`named_by_overlay`)."""
    from generator.cli.drift_inputs import named_by_overlay
    from generator.drift.diff.client import built_pair, diff_with_client
    from generator.drift.share import share

    documents = pair.documents  # let go one at a time once compared (`_with_lines`)
    # (a copy of each document, only with --overlay: the providers' documents are small)
    named, unmatched = named_by_overlay(documents, overlay)
    old, new = documents["old"].data, documents["new"].data
    # The documents live until their lines are read: the garbage collector need not walk them
    # again, nor may the forked children (its walks would copy every page of them).
    built = None
    if pair.apart and not named:
        # Documents loaded apart and never compared, without an overlay: the child building
        # the models starts now, on the documents themselves, and works while the parent
        # shares them: GitHub's pair ~0.5 s sooner (the child holds its own pages of what
        # `share` frees: ~4 MiB)
        gc.freeze()
        built = built_pair(old, new, None, models, apart=True)
    new = share(old, new)  # the unchanged parts: one object for both sides (`drift.share`)
    gc.freeze()
    changes = diff_with_client(old, new, named, models, built)
    del old, new, named
    return with_lines(changes, documents), unmatched


def with_lines(changes: list[Change], documents: dict[str, Document]) -> list[Change]:
    """Each change with the place of its pointer in the document it names: its line, and the
    file it was written in where a `$ref` bundled it in from another (`Document.place_of`, as
    `generate` locates its problems). The documents are let go one at a time (taken out of
    `documents`; a JSON document's line map is as large as its data): a 12 MB pair peaks
    lower."""
    places: dict[tuple[str, str], tuple[str, int | None]] = {}
    for side in ("new", "old"):
        document = documents.pop(side)
        pointers = {change.pointer for change in changes if change.side == side}
        for pointer, place in _places_of(document, pointers).items():
            places[side, pointer] = place
        del document
    return [dataclasses.replace(c, file=file, line=line)
            for c in changes for file, line in [places.get((c.side, c.pointer), ("", None))]]


def _places_of(document: Document, pointers: set[str]) -> dict[str, tuple[str, int | None]]:
    """The places of `pointers` ("" for the document's own file, and the line), with the text
    of a document that keeps none (`without_text`) read back once for all of them."""
    from generator.drift.json_lines import held_text

    if not pointers:
        return {}
    with held_text(document.lines):
        return {pointer: document.place_of(pointer) for pointer in pointers}


def register(commands: Any, add_common: Callable[[argparse.ArgumentParser], None]) -> None:
    """Add the `diff` subcommand to `commands` (the CLI's subparsers): its arguments and
    its handler; each command module registers itself, so main.py only lists them."""
    diff_cmd = commands.add_parser("diff", help=cmd_diff.__doc__)
    diff_cmd.add_argument("old", type=path_argument, help="the old document (YAML or JSON)")
    diff_cmd.add_argument("new", type=path_argument, help="the new document (YAML or JSON)")
    diff_cmd.add_argument(
        "--fail-on", choices=("breaking", "possibly-breaking", "client-breaking", "any", "none"),
        default="breaking",
        help="exit 1 on a change at this level: breaking (default), possibly-breaking (breaking "
             "too), client-breaking (breaks code written against the generated client), any "
             "change, or none")
    diff_cmd.add_argument(
        "--only", choices=("breaking", "possibly-breaking", "non-breaking"), default="non-breaking",
        help="show only the changes at or above this severity (default: all); the summary "
             "still counts every change")
    diff_cmd.add_argument("--format", choices=("text", "markdown", "json"), default="text",
                          help="report format (markdown fits a pull-request comment)")
    diff_cmd.add_argument(
        "--limit", type=int, metavar="N",
        help=f"show at most N changes, then 'N more' (default: {_MARKDOWN_LIMIT} for markdown, "
             "all otherwise; 0: all)")
    diff_cmd.add_argument("--report", type=path_argument, metavar="FILE",
                          help="also write the whole report (no --limit) to FILE")
    diff_cmd.add_argument(
        "--overlay", type=path_argument, metavar="FILE",
        help="an OpenAPI Overlay (a provider's overlay.yaml) applied to both documents when "
             "naming the client's methods (x-codegen-resource, x-codegen-method), as "
             "`generate --overlay` names them; the changes are the documents' own")
    diff_cmd.add_argument(
        "--models", choices=MODELS_CHOICES, default=ALL_MODELS,
        help="the client the effects are said of: a package generated with `--models used` has "
             "no model of a schema no operation uses, so a change of one has no effect on it")
    diff_cmd.add_argument("--no-validate", action="store_true",
                          help="compare without validating (or repairing) the documents first")
    diff_cmd.add_argument("--strict", action="store_true",
                          help="refuse a document with any problem (default: repair what "
                               "`generate` repairs, on both sides, and name it)")
    add_common(diff_cmd)
    add_cache_option(diff_cmd)
    diff_cmd.set_defaults(run=cmd_diff)
