"""Format the package in memory, then swap it into place atomically.

Formatting runs the pinned ruff once over a scratch copy, with our own settings only
(`--isolated`), so a `pyproject.toml` near the output cannot change the bytes. Writing goes to
a temporary sibling folder (`.NAME.new-PID-xxxx`) that then trades places with the destination
in one atomic exchange (Linux `renameat2(RENAME_EXCHANGE)`; elsewhere two renames): an error,
Ctrl-C or kill at any moment leaves the destination exactly as it was, old or new, never partial.
Siblings left behind by a killed run are removed by the next write to the same destination.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Collection, Iterator
from pathlib import Path

from .problems import GeneratorError, Problem

LINE_LENGTH = 100
RUFF_SETTINGS = ("--isolated", f"--line-length={LINE_LENGTH}", "--target-version=py311")
# Lint fixes applied to generated code: import sorting and unused imports only.
RUFF_FIXES = ("--select=I,F401", "--fix", "--exit-zero", "--quiet")


def _ruff() -> str:
    candidate = Path(sys.executable).parent / "ruff"
    return str(candidate) if candidate.exists() else "ruff"


def _run_ruff(args: list[str], where: Path, meanwhile: Callable[[], None] | None = None) -> None:
    """ruff with `args` in `where`; `meanwhile` runs here while ruff works in its process."""
    try:
        process = subprocess.Popen(
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
    with process:
        try:
            if meanwhile is not None:
                meanwhile()
        except BaseException:
            process.kill()
            raise
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
    packages: dict[str, dict[str, str]], verbatim: Collection[str] = ()
) -> dict[str, dict[str, str]]:
    """Each package's .py files through `ruff check --fix` (imports) and `ruff format`, then
    compiled. Files named in `verbatim` (the runtime, copied from templates/runtime/, whose
    formatting a test checks) pass through untouched: their text does not depend on the spec."""
    with tempfile.TemporaryDirectory(prefix="clientgen-format-") as scratch:
        root = Path(scratch)
        for package, files in packages.items():
            for relative, text in files.items():
                if relative in verbatim:
                    continue
                target = root / package / relative
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
        # Formatting and import fixes keep the code's meaning, so the compile check can read
        # the unformatted text, here, while ruff works in its own process.
        _run_ruff(["check", *RUFF_SETTINGS, *RUFF_FIXES, "."], root,
                  meanwhile=lambda: _check_all_compile(packages, verbatim))
        _run_ruff(["format", *RUFF_SETTINGS, "--quiet", "."], root)
        return {
            package: {
                relative: text if relative in verbatim else (root / package / relative).read_text(encoding="utf-8")
                for relative, text in files.items()
            }
            for package, files in packages.items()
        }


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


def write(files: dict[str, str], dest: Path) -> None:
    """Replace `dest` with exactly `files`, atomically."""
    write_many({dest: files})


def write_many(packages: dict[Path, dict[str, str]]) -> None:
    """Replace each destination folder with exactly its files.

    Every package is staged (written and fsynced next to its destination) before the first
    swap, so an error while writing leaves every destination as it was. Each swap is one atomic
    exchange: at no instant is a destination missing or half written.
    """
    staged: list[tuple[Path, Path]] = []
    try:
        for dest, files in packages.items():
            dest = Path(os.path.abspath(dest))
            _check_destination(dest)
            dest.parent.mkdir(parents=True, exist_ok=True)
            _clean_stale(dest)
            staging = Path(
                tempfile.mkdtemp(prefix=f".{dest.name}.new-{os.getpid()}-", dir=dest.parent)
            )
            staged.append((staging, dest))
            _fill(staging, files, _mode_for(dest))
        with _interrupts_deferred():
            for staging, dest in staged:
                _swap(staging, dest)
    finally:
        for staging, _ in staged:
            if os.path.lexists(staging):
                shutil.rmtree(staging, ignore_errors=True)


@contextlib.contextmanager
def _interrupts_deferred() -> Iterator[None]:
    """Ctrl-C during the swaps (milliseconds) is ignored, so a run is either not written at all
    (interrupted before) or completely written; SIGKILL still leaves each package whole."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _check_destination(dest: Path) -> None:
    """Refuse to replace a file, or a non-empty folder that is not a generated package."""
    if not os.path.lexists(dest):
        return
    if dest.is_symlink() or not dest.is_dir():
        raise GeneratorError(
            [
                Problem(
                    str(dest),
                    "",
                    None,
                    "exists and is not a folder",
                    "choose a new folder for the package",
                )
            ]
        )
    if any(dest.iterdir()) and not (dest / "PROVENANCE.json").is_file():
        raise GeneratorError(
            [
                Problem(
                    str(dest),
                    "",
                    None,
                    "is a non-empty folder without PROVENANCE.json, so not a package this generator wrote; "
                    "refusing to replace it",
                    "choose a new or empty folder, or delete this one first",
                )
            ]
        )


def _mode_for(dest: Path) -> int:
    """The destination's current permissions, else what the umask gives a new folder."""
    try:
        return stat.S_IMODE(dest.stat().st_mode)
    except OSError:
        mask = os.umask(0o022)
        os.umask(mask)
        return 0o777 & ~mask


def _fill(staging: Path, files: dict[str, str], mode: int) -> None:
    for relative, text in sorted(files.items()):
        target = staging / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(target, "wb") as handle:
            handle.write(text.encode("utf-8"))
            handle.flush()
            os.fsync(handle.fileno())
    os.chmod(staging, mode)  # mkdtemp makes it 0700
    _fsync_dir(staging)


def _fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _owner_alive(name: str, marker: str) -> bool:
    """Whether the process that made a `.NAME.new-PID-xxxx` sibling is still running."""
    pid_text = name[len(marker) :].split("-", 1)[0]
    if not pid_text.isdigit() or int(pid_text) == os.getpid():
        return False
    try:
        os.kill(int(pid_text), 0)
    except ProcessLookupError:
        return False
    except OSError:  # exists, owned by someone else
        return True
    return True


def _clean_stale(dest: Path) -> None:
    """Remove `.NAME.new-*` / `.NAME.old-*` siblings left by a run that was killed."""
    markers = (f".{dest.name}.new-", f".{dest.name}.old-")
    try:
        siblings = list(dest.parent.iterdir())
    except OSError:
        return
    for sibling in siblings:
        marker = next((m for m in markers if sibling.name.startswith(m)), None)
        if marker is None or _owner_alive(sibling.name, marker):
            continue
        if sibling.is_dir() and not sibling.is_symlink():
            shutil.rmtree(sibling, ignore_errors=True)
        else:
            with contextlib.suppress(OSError):
                sibling.unlink()


_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


def _exchange(first: Path, second: Path) -> bool:
    """Swap two existing paths in one step (Linux renameat2 RENAME_EXCHANGE).

    False where the platform or filesystem cannot; other errors are raised.
    """
    if not sys.platform.startswith("linux"):
        return False
    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        return False
    renameat2.argtypes = [
        ctypes.c_int,
        ctypes.c_char_p,
        ctypes.c_int,
        ctypes.c_char_p,
        ctypes.c_uint,
    ]
    renameat2.restype = ctypes.c_int
    if (
        renameat2(_AT_FDCWD, os.fsencode(first), _AT_FDCWD, os.fsencode(second), _RENAME_EXCHANGE)
        == 0
    ):
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.EOPNOTSUPP, errno.ENOTSUP):
        return False
    raise OSError(code, os.strerror(code), str(first), None, str(second))


def _swap(staging: Path, dest: Path) -> None:
    """Put `staging` where `dest` is; the old tree is removed afterwards.

    With an atomic exchange there is no instant without `dest`; without one, the old tree is
    renamed aside first and put back if the second rename fails.
    """
    if not os.path.lexists(dest):
        os.rename(staging, dest)
    elif _exchange(staging, dest):
        shutil.rmtree(staging, ignore_errors=True)  # now holds the old tree
    else:
        retired = Path(tempfile.mkdtemp(prefix=f".{dest.name}.old-{os.getpid()}-", dir=dest.parent))
        os.rmdir(retired)
        os.rename(dest, retired)
        try:
            os.rename(staging, dest)
        except BaseException:
            os.rename(retired, dest)
            raise
        shutil.rmtree(retired, ignore_errors=True)
    _fsync_dir(dest.parent)
