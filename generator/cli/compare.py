"""`compare`: the providers' completions operations side by side (docs/providers.md).

Also where the comparison document lives by default, which `check` and `update` share.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from generator.cli.common import read_manifest

COMPARE_DOC_HELP = (
    "the generated comparison document (default: docs/providers.md beside the manifest's specs/)"
)


def default_compare_doc(manifest_path: Path) -> Path:
    """docs/providers.md of the repository the manifest belongs to (`specs/providers.yaml`)."""
    return manifest_path.resolve().parent.parent / "docs" / "providers.md"


def cmd_compare(args: argparse.Namespace) -> int:
    """Markdown table of completions parameters and fields across providers."""
    from generator.drift.check.compare import compare_document
    from generator.io.write import write_file

    manifest = read_manifest(args.manifest)
    chosen = ([manifest.get(n) for n in args.providers] if args.providers
              else list(manifest.providers))
    text = compare_document(chosen)
    if args.out:
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
    compare_cmd.add_argument("--out", type=Path, help="write the table here instead of stdout")
    add_common(compare_cmd)
    compare_cmd.set_defaults(run=cmd_compare)
