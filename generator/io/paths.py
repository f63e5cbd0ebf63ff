"""How a path is shown in messages and reports."""

from __future__ import annotations

from pathlib import Path


def shown_path(path: Path) -> str:
    """`path` relative to the working directory when it is under it (shorter messages)."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.as_posix()
