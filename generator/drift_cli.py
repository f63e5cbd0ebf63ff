"""The drift commands: `check` (generated code vs its inputs), `diff` (spec vs spec),
`compare` (providers side by side) and `update` (take a new spec in)."""

from __future__ import annotations

import argparse
import difflib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import pipeline
from .manifest import load_manifest

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUTPUT = ROOT / "generated"


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
        out.append(f"{status}: {label}/{relative}")
        out.extend(
            difflib.unified_diff(
                (have or "").splitlines(keepends=True),
                (want or "").splitlines(keepends=True),
                fromfile=f"{label}/{relative} (on disk)",
                tofile=f"{label}/{relative} (regenerated)",
            )
        )
    return out


def cmd_check(args: argparse.Namespace) -> int:
    """Regenerate in memory and compare with generated/; exit 1 on drift."""
    manifest = load_manifest(args.manifest)
    chosen = pipeline.targets(manifest, args.providers)
    packages = pipeline.build_packages(chosen)
    report: list[str] = []
    for name, files in sorted(packages.items()):
        report.extend(compare_trees(files, read_tree(args.output / name), f"generated/{name}"))
    if report:
        sys.stdout.writelines(line if line.endswith("\n") else line + "\n" for line in report)
        print("drift: run `make generate` to regenerate", file=sys.stderr)
        return 1
    print(f"clean: {', '.join(sorted(packages))}")
    return 0


def register(commands: Any, add_common: Callable[[argparse.ArgumentParser], None]) -> None:
    check_cmd = commands.add_parser("check", help=cmd_check.__doc__)
    check_cmd.add_argument("providers", nargs="*", help="provider names (default: all)")
    check_cmd.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="root of generated packages")
    add_common(check_cmd)
    check_cmd.set_defaults(run=cmd_check)
