"""`diff`: semantic diff of two OpenAPI documents (exit 1 at the `--fail-on` level)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any


def cmd_diff(args: argparse.Namespace) -> int:
    """Semantic diff of two OpenAPI documents; each change classed breaking or non-breaking."""
    from generator.drift.differ import diff
    from generator.drift.report import exit_code, format_changes
    from generator.spec.document import load

    old = load(args.old, allow_remote_refs=args.allow_remote_refs)
    new = load(args.new, allow_remote_refs=args.allow_remote_refs)
    changes = diff(old.data, new.data)
    sys.stdout.write(format_changes(changes, args.format))
    return exit_code(changes, args.fail_on)


def register(commands: Any, add_common: Callable[[argparse.ArgumentParser], None]) -> None:
    diff_cmd = commands.add_parser("diff", help=cmd_diff.__doc__)
    diff_cmd.add_argument("old", type=Path, help="the spec as it was")
    diff_cmd.add_argument("new", type=Path, help="the spec as it is now")
    diff_cmd.add_argument("--fail-on", choices=("breaking", "any", "none"), default="breaking",
                          help="exit 1 on breaking changes, on any change, or never (default: breaking)")
    diff_cmd.add_argument("--format", choices=("text", "markdown", "json"), default="text",
                          help="report format (default: text)")
    add_common(diff_cmd)
    diff_cmd.set_defaults(run=cmd_diff)
