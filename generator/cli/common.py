"""What every command shares: default locations, usage errors, printing problems."""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from generator.problems import GeneratorError, Problem

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_MANIFEST = ROOT / "specs" / "providers.yaml"
DEFAULT_OUTPUT = ROOT / "generated"


class UsageError(GeneratorError):
    """Bad arguments or unreadable input: exit 2."""

    usage = True


def usage_error(file: str, message: str, hint: str = "") -> UsageError:
    return UsageError([Problem(file, "", None, message, hint)])


def print_problems(problems: Sequence[Problem], notes: Mapping[Problem, str] | None = None) -> None:
    """Each problem once, in order, on stderr; with its note (in brackets) when it has one."""
    seen: set[str] = set()
    for problem in problems:
        line = problem.format()
        note = (notes or {}).get(problem)
        if note:
            line = f"{line} [{note}]"
        if line not in seen:
            seen.add(line)
            print(line, file=sys.stderr)


def shown_path(path: Path) -> str:
    """`path` relative to the working directory when it is under it (shorter messages)."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.as_posix()
