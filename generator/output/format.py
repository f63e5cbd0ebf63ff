"""Format generated packages in memory with the pinned ruff, and refuse code that does not compile.

ruff runs once over a scratch copy, with our own settings only (`--isolated`), so a
`pyproject.toml` near the output cannot change the bytes.

With a cache, each package keeps the formatted text of every file it formatted, by the sha256
of the file's path and unformatted text (`NAMESPACE`; the entry's key holds the package name,
ruff's version and settings, and the Python version, whose compiler checked the text). A file
found there is neither formatted nor compiled again: after an edit of one operation, only the
modules that changed are (ruff formats and fixes each file on its own).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Collection, Iterator
from pathlib import Path

from generator.io import provenance
from generator.io.cache import Cache, key_of
from generator.io.scratch import remove_stale, scratch_folder
from generator.output.invisible import with_hidden_escaped
from generator.problems import GeneratorError, Problem
from generator.render.style import LINE_LENGTH

RUFF_SETTINGS = ("--isolated", f"--line-length={LINE_LENGTH}", "--target-version=py311")
# Lint fixes applied to generated code: ruff's safe fixes for its default rules (the ones
# `ruff check` on a vendored package applies) and import sorting. What datamodel-code-generator
# writes for some documents trips a few (`Decimal("0")`, a union member twice), so the package
# passes `ruff check` by construction; unsafe fixes stay off: nothing changes meaning.
RUFF_FIXES = ("--extend-select=I", "--fix", "--exit-zero", "--quiet")


def _ruff() -> str:
    candidate = Path(sys.executable).parent / "ruff"
    return str(candidate) if candidate.exists() else "ruff"


def _run_ruff(steps: list[list[str]], where: Path, meanwhile: Callable[[], None]) -> None:
    """Each of `steps` (ruff's arguments) run in `where` in turn, each in its own process,
    started from a thread of this process, while `meanwhile` runs here: `ruff format` starts
    as soon as `ruff check` has fixed the files, not once `meanwhile` is done (GitHub's compile
    check takes 0.8 s, both ruff steps together less). A failure of either is raised here,
    after `meanwhile`'s own; ruff is stopped when `meanwhile` fails."""
    failed: list[BaseException] = []
    running: list[subprocess.Popen[str]] = []
    stopped = threading.Event()

    def steps_in_turn() -> None:
        try:
            for args in steps:
                if stopped.is_set():
                    return
                running[:] = [_started(args, where)]
                _check_finished(running[0], where)
        except BaseException as error:  # noqa: BLE001  # raised in the caller's thread
            failed.append(error)

    thread = threading.Thread(target=steps_in_turn, name="clientgen-ruff", daemon=True)
    thread.start()
    try:
        meanwhile()
    except BaseException:
        stopped.set()
        for process in running[:]:  # (a copy: the thread may replace it meanwhile)
            process.kill()
        thread.join()
        raise
    thread.join()
    if failed:
        raise failed[0]


def _started(args: list[str], where: Path) -> subprocess.Popen[str]:
    try:
        return subprocess.Popen(
            [_ruff(), *args], cwd=where, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
    except OSError as error:  # not installed, not executable
        raise GeneratorError(
            [
                Problem(
                    _ruff(),
                    "",
                    None,
                    f"cannot run the formatter: {error.strerror or error}",
                    "install the pinned dev dependencies (ruff) into this Python environment",
                )
            ]
        ) from error


def _check_finished(process: subprocess.Popen[str], where: Path) -> None:
    """Wait for ruff's `process`; a failure (it could not parse generated code) raised."""
    with process:
        stdout, stderr = process.communicate()
    if process.returncode != 0:
        first = (stderr or stdout).strip().splitlines()
        raise GeneratorError(
            [
                Problem(
                    str(where),
                    "",
                    None,
                    f"ruff failed: {first[0] if first else process.returncode}",
                    "generated code did not parse; run with --debug and report it",
                )
            ]
        )


def format_packages(
    packages: dict[str, dict[str, str]], verbatim: Collection[str] = (),
    cache: Cache | None = None,
) -> dict[str, dict[str, str]]:
    """Each package's .py files through `ruff check --fix` (safe fixes) and `ruff format`, then
    compiled. Files named in `verbatim` (the runtime, copied from templates/runtime/, whose
    formatting a test checks) pass through untouched: their text does not depend on the spec.
    A file whose formatted text `cache` holds (same path, same text) is taken from it. A
    character from the document that would hide what the code says is written as its escape
    first (`invisible`)."""
    packages = {package: {relative: with_hidden_escaped(text)
                          if relative.endswith(".py") and relative not in verbatim else text
                          for relative, text in files.items()}
                for package, files in packages.items()}
    known = {package: _known(cache, package) for package in packages}
    pending = {package: {relative: text for relative, text in files.items()
                         if relative not in verbatim
                         and _file_key(relative, text) not in known[package]}
               for package, files in packages.items()}
    formatted = _formatted(pending) if any(pending.values()) else {}
    result = {
        package: {
            relative: text if relative in verbatim
            else formatted[package][relative] if relative in pending[package]
            else known[package][_file_key(relative, text)]
            for relative, text in files.items()
        }
        for package, files in packages.items()
    }
    if cache is not None:
        for package, files in packages.items():
            cache.put_texts(NAMESPACE, _entry_key(package), {"format": ENTRY_FORMAT}, {
                _file_key(relative, text): result[package][relative]
                for relative, text in files.items() if relative not in verbatim})
    return result


# ruff reads and rewrites the files of a scratch copy that nothing keeps: in a RAM filesystem,
# where creating thousands of files costs nothing, not on a disk whose journal each creation
# may wait for (1,500 files: 0.05 s against 0.9-1.8 s on an ext4 disk other processes flush)
_MEMORY_FOLDER = "/dev/shm"
# A scratch copy's name: `clientgen-format-PID-xxxxxxxx` (io/scratch.py: a killed run's copy,
# which would hold its memory until the machine restarts, is removed by the next run).
SCRATCH_PREFIX = "clientgen-format-"


class _ScratchFull(Exception):
    """The scratch copy could not be written in the RAM filesystem."""


def _formatted(packages: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    """`packages` (the files to format, none verbatim) formatted and compiled."""
    # what killed runs left there is gone before the room is measured, not after
    remove_stale(SCRATCH_PREFIX, _MEMORY_FOLDER)
    memory = _MEMORY_FOLDER if _has_room(_MEMORY_FOLDER, packages) else None
    if memory is not None:
        try:
            return _formatted_in(packages, memory)
        except _ScratchFull:  # too small: the system's temporary folder then
            pass
    return _formatted_in(packages, None)


_ROOM_FACTOR = 3  # the RAM filesystem must hold this many times the copy


def _has_room(folder: str, packages: dict[str, dict[str, str]]) -> bool:
    """Whether `folder` is usable and has room for the copy as ruff may grow it (formatting
    adds lines; a full RAM filesystem inside ruff would fail the run, not fall back)."""
    if not (os.path.isdir(folder) and os.access(folder, os.W_OK | os.X_OK)):
        return False
    try:
        status = os.statvfs(folder)
    except OSError:
        return False
    files = sum(len(texts) for texts in packages.values())
    size = sum(len(text) for texts in packages.values() for text in texts.values())
    needed = _ROOM_FACTOR * size + files * status.f_frsize  # each file takes a block at least
    return status.f_bavail * status.f_frsize >= needed


@contextlib.contextmanager
def _scratch_copy(packages: dict[str, dict[str, str]], folder: str | None) -> Iterator[Path]:
    """A scratch folder under `folder` (None: the system's temporary folder) holding
    `packages`, removed on leaving; `_ScratchFull` when it cannot be made under `folder`."""
    try:
        made = scratch_folder(SCRATCH_PREFIX, folder)
        try:
            _write_scratch(Path(made.name), packages)
        except OSError:
            made.cleanup()
            raise
    except OSError as error:
        if folder is None:
            raise
        raise _ScratchFull from error
    with made as scratch:
        yield Path(scratch)


def _formatted_in(packages: dict[str, dict[str, str]],
                  folder: str | None) -> dict[str, dict[str, str]]:
    """`_formatted` in a scratch copy under `folder` (None: the system's temporary folder)."""
    with _scratch_copy(packages, folder) as root:
        # Formatting and import fixes keep the code's meaning, so the compile check can read
        # the unformatted text, here, while ruff fixes then formats in its own processes.
        _run_ruff([["check", *RUFF_SETTINGS, *RUFF_FIXES, "."],
                   ["format", *RUFF_SETTINGS, "--quiet", "."]], root,
                  meanwhile=lambda: _check_all_compile(packages, ()))
        return {package: {relative: (root / package / relative).read_text(encoding="utf-8")
                          for relative in files}
                for package, files in packages.items()}


# -- formatted files in the cache -------------------------------------------------------------

NAMESPACE = "formatted"
ENTRY_FORMAT = 2  # of a formatted-files entry: changing its fields changes this


def _entry_key(package: str) -> str:
    """The key of a package's formatted files: its name (ruff's import sorting reads the
    folder), ruff's version, binary and settings, and the Python version (its compiler checked
    the text)."""
    return key_of({"format": ENTRY_FORMAT, "package": package, "ruff": _ruff(),
                   "ruff_version": provenance.tool_versions().get("ruff", ""),
                   "settings": [*RUFF_SETTINGS, *RUFF_FIXES], "python": sys.version})


def _file_key(relative: str, text: str) -> str:
    """What a file's formatted text depends on besides the entry's key: its path and text."""
    digest = hashlib.sha256(relative.encode("utf-8", "surrogatepass") + b"\0")
    digest.update(text.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def _known(cache: Cache | None, package: str) -> dict[str, str]:
    """The formatted files `cache` holds for `package` (file key -> text); none when the entry
    is absent or not one this module wrote."""
    entry = cache.get_texts(NAMESPACE, _entry_key(package)) if cache is not None else None
    if entry is None or not isinstance(entry[0], dict) or entry[0].get("format") != ENTRY_FORMAT:
        return {}
    return entry[1]


def _write_scratch(root: Path, packages: dict[str, dict[str, str]]) -> None:
    for package, files in packages.items():
        for relative, text in files.items():
            target = root / package / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")


def _check_all_compile(packages: dict[str, dict[str, str]], verbatim: Collection[str]) -> None:
    for package, files in packages.items():
        for relative, text in files.items():
            if relative.endswith(".py") and relative not in verbatim:
                _check_compiles(f"{package}/{relative}", text)


def _check_compiles(name: str, text: str) -> None:
    """ruff parses, but does not catch what only the compiler does (a duplicate argument, a
    misplaced `return`, ...): nothing that does not compile is written."""
    try:
        compile(text, name, "exec", dont_inherit=True)
    except SyntaxError as error:
        raise GeneratorError(
            [
                Problem(
                    name,
                    "",
                    error.lineno,
                    f"generated code does not compile: {error.msg}",
                    "a generator bug: nothing was written; run with --debug and report it "
                    "with the spec",
                )
            ]
        ) from error


