"""A whole generated package as a cache entry (`generator.io.cache`), and back.

An entry holds the package's files, what generation repaired and skipped (None when it recorded
no outcome at all, as for a valid strict document), and what the commands report about it
without loading its document: how many operations the document has and the line of each pointer
a repair or skip names. An entry is data, not trusted: one that does not have exactly this shape,
or names a file outside the package folder, decodes to None (a miss).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from generator.problems import NOTE, RENAME, REPAIR, Repaired, Skipped

NAMESPACE = "packages"
ENTRY_FORMAT = 6  # of a package entry: changing its fields changes this


@dataclass(frozen=True)
class PackageEntry:
    """One package as the cache keeps it."""

    files: dict[str, str]
    said: tuple[tuple[Repaired, ...], tuple[Skipped, ...]] | None  # (repairs, skips)
    operations: int
    lines: dict[str, int | None]  # pointer -> line, for the pointers of skips


def made(files: dict[str, str], said: tuple[tuple[Repaired, ...], tuple[Skipped, ...]] | None,
         operations: int, line_of: Callable[[str], int | None]) -> PackageEntry:
    """The entry of a package just generated: the line of each pointer its skips name is kept,
    so a hit reports them without loading the document (a repair carries its own line)."""
    pointers = [] if said is None else [s.pointer for s in said[1]]
    return PackageEntry(files, said, operations, {p: line_of(p) for p in pointers})


def encoded(entry: PackageEntry) -> tuple[dict[str, Any], dict[str, str]]:
    """The form of `entry` a texts entry keeps (`Cache.put_texts`): (meta, the files)."""
    said = None if entry.said is None else {
        "repairs": [[r.file, r.pointer, r.line, r.problem, r.action, r.origin, r.kind]
                    for r in entry.said[0]],
        "skipped": [[s.method, s.path, s.pointer, list(s.reasons)] for s in entry.said[1]],
    }
    return {"format": ENTRY_FORMAT, "outcome": said, "operations": entry.operations,
            "lines": entry.lines}, entry.files


def decoded(found: tuple[Any, dict[str, str]] | None) -> PackageEntry | None:
    """The entry a texts entry holds (`Cache.get_texts`: (meta, files)); None when it is
    absent or not one this module wrote."""
    if found is None:
        return None
    value, files = found
    try:
        operations = value["operations"]
        if value["format"] != ENTRY_FORMAT or operations is None or not _line(operations) or (
                not all(_relative(path) for path in files)):
            return None
        lines = _lines(value["lines"])
        said = value["outcome"]
        if said is None:
            return PackageEntry(dict(files), None, operations, lines)
        repairs = tuple(_repaired(*item) for item in said["repairs"])
        skipped = tuple(_skipped(*item) for item in said["skipped"])
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    return PackageEntry(dict(files), (repairs, skipped), operations, lines)


def _lines(value: Mapping[str, Any]) -> dict[str, int | None]:
    if not all(isinstance(pointer, str) and _line(line) for pointer, line in value.items()):
        raise ValueError("not lines")
    return dict(value)


def _line(value: Any) -> bool:
    return value is None or (isinstance(value, int) and not isinstance(value, bool))


def _repaired(file: str, pointer: str, line: int | None, problem: str, action: str,
              origin: str, kind: str) -> Repaired:
    if not all(isinstance(text, str) for text in (file, pointer, problem, action, origin)) or (
            not _line(line) or kind not in (REPAIR, RENAME, NOTE)):
        raise ValueError("not a repair")
    return Repaired(file, pointer, line, problem, action, origin, kind)


def _skipped(method: str, path: str, pointer: str, reasons: list[str]) -> Skipped:
    if not isinstance(reasons, list) or not all(
            isinstance(text, str) for text in (method, path, pointer, *reasons)):
        raise ValueError("not a skip")
    return Skipped(method, path, pointer, tuple(reasons))


def _relative(path: str) -> bool:
    """A path that stays inside the package folder (an entry is data, not trusted)."""
    if not isinstance(path, str) or "\\" in path or ":" in path:
        return False
    relative = PurePosixPath(path)
    return bool(relative.parts) and not relative.is_absolute() and ".." not in relative.parts
