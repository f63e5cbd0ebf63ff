"""`compare`: the providers' completions operations side by side (docs/providers.md).

Also where the comparison document lives by default, which `check` and `update` share.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from generator.cli.common import path_argument, read_manifest
from generator.manifest import Manifest

COMPARE_DOC_HELP = (
    "the generated comparison document (default: the manifest's `compare: {out: ...}`; "
    "none when the manifest has no `compare` entry)"
)


def compare_page(manifest: Manifest, given: Path | None) -> Path | None:
    """The comparison page `check` and `update` keep in step: `--compare-doc`, else the one the
    manifest's `compare:` entry asks for, else none (a manifest of other APIs has no such page)."""
    if given is not None:
        return given
    return manifest.compare.out if manifest.compare is not None else None


def cmd_compare(args: argparse.Namespace) -> int:
    """Markdown table of one operation's parameters and fields across providers (the manifest's
    `compare: {operation: ...}`, default completions.create)."""
    from generator.drift.check.compare import compare_document
    from generator.io.write import write_file

    manifest = read_manifest(args.manifest)
    chosen = ([manifest.get(n) for n in args.providers] if args.providers
              else list(manifest.providers))
    operation = manifest.compare.operation if manifest.compare is not None else None
    text = compare_document(chosen, operation)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        write_file(args.out, text.encode("utf-8"))
        print(f"wrote {args.out}")
    else:
        sys.stdout.write(text)
    return 0


def register(commands: Any, add_common: Callable[[argparse.ArgumentParser], None]) -> None:
    """Add the `compare` subcommand to `commands` (the CLI's subparsers): its arguments and
    its handler; each command module registers itself, so main.py only lists them."""
    compare_cmd = commands.add_parser("compare", help=cmd_compare.__doc__)
    compare_cmd.add_argument("providers", nargs="*", help="provider names (default: all)")
    compare_cmd.add_argument("--out", type=path_argument,
                             help="write the table here instead of stdout (the manifest's "
                                  "`compare: {out: ...}` is where `check` looks for it)")
    add_common(compare_cmd)
    compare_cmd.set_defaults(run=cmd_compare)
