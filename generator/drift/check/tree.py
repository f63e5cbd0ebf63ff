"""What `check` compares: a generated folder on disk against what its inputs produce now.

`PackageReport` says, per package (or generated document), which inputs changed since it was
written, which files were edited by hand, and every file that regenerating would add, remove or
change, with the cause and a unified diff (on disk -> regenerated). The regeneration itself is
the caller's (`cli/check.py` runs the pipeline), so this module stays on `check`'s fast path:
standard library and `io` only.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from generator.io import provenance
from generator.io.paths import shown_path
from generator.problems import GeneratorError, Problem

# How the toolkit's fingerprint keys are named in a cause ("inputs changed: templates").
TOOLKIT_LABELS = {
    "generator_sha256": "generator code",
    "templates_sha256": "templates",
    "generator_version": "generator version",
}


# A file on disk larger than this is not read: nothing this generator writes comes near it, so
# it differs, and reading it whole would only cost memory.
MAX_COMPARED_BYTES = 64 * 1024 * 1024


# How a diff names a binary file, as `git diff` does ("Binary files a and b differ").
BINARY_DIFFERS = "binary file differs"


class Unread(str):
    """What `read_tree` shows for a path it does not read: a symbolic link (as git records one,
    by its target string), a special file or an oversized one. It differs from every text, even
    an equal one: regenerating writes a regular file there."""


class Binary(Unread):
    """What `read_tree` shows for a binary file (one holding a NUL byte): never printed as
    text, whose lines would put raw bytes into a terminal or a CI log; its diff is one line
    saying it differs (`unified_diff`)."""


def read_tree(folder: Path) -> dict[str, str]:
    """Every file under `folder` (relative posix path -> text), caches and OS litter
    (`provenance.is_litter`: `.DS_Store`, `Thumbs.db`, ...) left out; {} if missing.

    Never reads through a symbolic link (a link to `/proc/self/environ` or `../secret.txt` would
    print the target's content into a CI log): a link is compared as its target string, and a
    link to a folder is not walked into. FIFOs and devices are skipped (reading one blocks)."""
    if not folder.is_dir():
        return {}
    found: dict[str, str] = {}
    for path in sorted(_walk_no_links(folder)):
        relative = path.relative_to(folder).as_posix()
        if provenance.is_litter(folder, relative):
            continue  # `generate` keeps a file browser's litter, so it is no difference either
        text = _file_text(path)
        if text is not None:
            found[relative] = text
    return found


def _walk_no_links(folder: Path) -> Iterator[Path]:
    """Every entry under `folder`, caches (`__pycache__`, `provenance.is_tool_cache`: what
    `generate` neither counts nor keeps) left out; links (to files or folders) are entries,
    never followed, so a link loop ends."""
    for root, dirs, files in os.walk(folder, followlinks=False):
        base = Path(root)
        dirs[:] = [d for d in dirs if d != provenance.PYTHON_CACHE
                   and not provenance.is_tool_cache(base / d)]
        yield from (base / name for name in files)
        yield from (base / name for name in dirs if (base / name).is_symlink())


def _file_text(path: Path) -> str | None:
    """The text of a regular file, an `Unread` description of a link or an oversized file, None
    for what is no file (a FIFO, a device, a socket: never opened)."""
    try:
        info = path.lstat()
        if stat.S_ISLNK(info.st_mode):
            return Unread(f"symbolic link to {os.readlink(path)!r} (not followed)\n")
        if not stat.S_ISREG(info.st_mode):
            return None
        if info.st_size > MAX_COMPARED_BYTES:
            return Unread(f"{info.st_size} bytes: too large to compare (not read)\n")
        return _read_regular(path)
    except OSError as exc:
        return Unread(f"unreadable: {exc.strerror}\n")


def _read_regular(path: Path) -> str:
    """The file's text, opened without following a link swapped in since `lstat`, and read no
    further than the size cap."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    with os.fdopen(os.open(path, flags), "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            return Unread("not a regular file (not read)\n")
        data = handle.read(MAX_COMPARED_BYTES + 1)
    if len(data) > MAX_COMPARED_BYTES:
        return Unread("too large to compare (not read)\n")
    return file_text(data)


def file_text(data: bytes) -> str:
    """A file's bytes as `check` compares them: text as text mode reads it, or `Binary`."""
    if b"\0" in data:  # as git and diff(1) tell binary from text
        return Binary(f"binary file of {len(data)} bytes\n")
    text = data.decode("utf-8", errors="replace")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def shown_file(folder: Path, relative: str) -> str:
    """How a file of a checked folder is named in reports: the folder as `shown_path` shows it,
    then the file's path in it, the file itself not resolved (a link is named, not followed;
    resolving a link loop fails)."""
    base = shown_path(folder)
    return relative if base == "." else f"{base}/{relative}"


def differing_files(
    expected: dict[str, str], actual: dict[str, str]
) -> Iterator[tuple[str, str, str | None, str | None]]:
    """(relative path, status, regenerated text, text on disk) of each file that differs; the
    status is what regenerating does: added (missing on disk), removed (extra) or changed."""
    for relative in sorted(set(expected) | set(actual)):
        want, have = expected.get(relative), actual.get(relative)
        if want == have and not isinstance(have, Unread):
            continue
        status = "added" if have is None else "removed" if want is None else "changed"
        yield relative, status, want, have


def unified_diff(shown: str, have: str | None, want: str | None) -> list[str]:
    """On disk -> regenerated, each line ending in a newline; a binary file on disk is one line
    saying it differs (`BINARY_DIFFERS`), never its bytes."""
    import difflib  # only a drifted file needs it

    if isinstance(have, Binary):
        return [f"{BINARY_DIFFERS}: {shown} (on disk: {have.rstrip()})\n"]

    return [
        line if line.endswith("\n") else line + "\n"
        for line in difflib.unified_diff(
            (have or "").splitlines(keepends=True),
            (want or "").splitlines(keepends=True),
            fromfile=f"{shown} (on disk)" if have is not None else "/dev/null",
            tofile=f"{shown} (regenerated)" if want is not None else "/dev/null",
        )
    ]


def compare_trees(expected: dict[str, str], actual: dict[str, str], label: str) -> list[str]:
    """`status: label/path` then a unified diff (on disk -> regenerated), per differing file."""
    out: list[str] = []
    for relative, status, want, have in differing_files(expected, actual):
        out.append(f"{status}: {label}/{relative}\n")
        out.extend(unified_diff(f"{label}/{relative}", have, want))
    return out


def _first_difference(have: str | None, want: str | None) -> int | None:
    """1-based line of the first difference in the file on disk (None when it is missing)."""
    if have is None:
        return None
    old, new = have.splitlines(), (want or "").splitlines()
    for number, (a, b) in enumerate(zip(old, new), start=1):
        if a != b:
            return number
    return min(len(old), len(new)) + 1 if len(old) != len(new) else max(len(old), 1)


@dataclass
class FileDrift:
    """One file `check` found different from what regenerating writes, and why."""

    path: str  # relative to the package folder (the document's folder for docs)
    status: str  # what regenerating does: added (missing on disk) | removed (extra) | changed
    cause: str  # "hand edit ..." or "inputs changed: spec, templates, ..."
    diff: list[str]
    line: int | None  # first changed line on disk
    binary: bool = False  # a binary file on disk: its diff is one line saying so


@dataclass
class PackageReport:
    """What `check` found for one package (or the comparison document): its drifted files, the
    inputs that changed since it was written, and its hand edits."""

    name: str
    folder: Path
    label: str = ""  # what `clean:`/`drift:` names: the folder, or the document
    files: list[FileDrift] = field(default_factory=list)
    changed_inputs: list[str] = field(default_factory=list)
    hand_edits: list[str] = field(default_factory=list)
    regenerated: bool = False
    remedy: str = ""  # the command that remakes it where `check` runs (`make generate`, ...)

    def __post_init__(self) -> None:
        self.label = self.label or shown_path(self.folder)


def changed_inputs(
    recorded: provenance.Recorded | None, folder: Path, spec: Path, overlay: Path | None,
    settings: dict[str, str],
) -> list[str]:
    """What changed since `folder` was generated from `spec`, `overlay` and `settings`, named
    for people."""
    if not folder.is_dir():
        return ["package folder missing"]
    if recorded is None:
        return ["no readable PROVENANCE.json"]
    try:
        current = provenance.input_fingerprint(spec, overlay, settings,
                                               provenance.recorded_references(recorded))
    except OSError as exc:
        raise GeneratorError([Problem(exc.filename or str(spec), "", None,
                                      f"cannot read: {exc.strerror}")]) from exc
    names = {"spec_sha256": "spec", "overlay_sha256": "overlay"}
    changed = [names.get(key, key.replace(provenance.SETTING, "setting ").replace(
                   provenance.REFERENCED, "referenced file "))
               for key in provenance.changed_keys(recorded.inputs, current)]
    toolkit = provenance.changed_keys(recorded.toolkit, provenance.toolkit_fingerprint())
    changed += [TOOLKIT_LABELS.get(key, key.replace("tool:", "pinned ")) for key in toolkit]
    return changed


def _cause(relative: str, report: PackageReport, status: str = "") -> str:
    if relative in report.hand_edits:
        # a file gone from the folder (the regenerated package adds it back) is restored
        cause = ("deleted by hand: regenerating restores it" if status == "added"
                 else "hand edit: regenerating discards it")
        if report.changed_inputs:
            cause += "; inputs changed too: " + ", ".join(report.changed_inputs)
        return cause
    if report.changed_inputs:
        return "inputs changed: " + ", ".join(report.changed_inputs)
    # `--full` alone gets here: the file matches its record, so both were edited together
    return ("differs although no input changed: edited together with its record in "
            "PROVENANCE.json (or the generator is not deterministic)")


def explain(report: PackageReport, expected: dict[str, str], actual: dict[str, str]) -> None:
    """Fill `report.files` with every difference between disk and regenerated output."""
    report.regenerated = True
    for relative, status, want, have in differing_files(expected, actual):
        shown = shown_file(report.folder, relative)
        binary = isinstance(have, Binary)
        report.files.append(
            FileDrift(relative, status, _cause(relative, report, status),
                      unified_diff(shown, have, want),
                      None if binary else _first_difference(have, want), binary)
        )
