"""Where the toolkit's own files are, and how a path is shown in messages and reports."""

from __future__ import annotations

import os
import stat
from importlib import resources
from pathlib import Path

GENERATOR_DIR = Path(__file__).resolve().parents[1]


def templates_dir() -> Path:
    """The templates the packages are rendered from.

    Installed (a wheel, `pip install .`), they are the package data `generator/templates`, found
    through `importlib.resources`; in a source checkout (an editable install too) they are the
    top-level `templates/` beside `generator/`.
    """
    shipped = resources.files("generator").joinpath("templates")
    if isinstance(shipped, Path) and (shipped / "runtime").is_dir():
        return shipped
    return GENERATOR_DIR.parent / "templates"


def checkout_root() -> Path | None:
    """The repository `generator/` was imported from, or None when it is installed."""
    root = GENERATOR_DIR.parent
    if (root / "pyproject.toml").is_file() and (root / "templates").is_dir():
        return root
    return None


def shown_path(path: Path) -> str:
    """`path` relative to the working directory when it is under it (shorter messages)."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def is_regular_file(path: Path) -> bool:
    """Whether `path` is (or links to) a regular file: not a pipe, a device or a folder, whose
    bytes a second reader would not see again."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False
