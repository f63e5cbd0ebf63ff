"""Write a package, or one file, atomically: the destination is exactly the old one or the new.

Writing goes to a temporary sibling folder (`.NAME.new-PID-xxxx`) that then trades places with the destination
in one atomic exchange (Linux `renameat2(RENAME_EXCHANGE)`; elsewhere two renames): an error,
Ctrl-C or kill at any moment leaves the destination exactly as it was, old or new, never partial.
Siblings left behind by a killed run are removed by the next write to the same destination.

A single file (a vendored spec, docs/providers.md) is staged beside itself and renamed over the
old one (`replacing_file`), which is atomic on every platform.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import os
import shutil
import signal
import stat
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

from generator.problems import GeneratorError, Problem


@contextlib.contextmanager
def replacing_file(path: Path, data: bytes) -> Iterator[None]:
    """Stage `data` beside `path`; when the block ends without an error, rename it over `path`.

    The block can do other work first (`update` swaps the package in between), so the file is
    replaced only once everything before it has succeeded; on an error it stays as it was.
    """
    staged = path.with_name(f".{path.name}.new-{os.getpid()}")
    try:
        staged.write_bytes(data)
        yield
        os.replace(staged, path)
    finally:
        staged.unlink(missing_ok=True)


def write_file(path: Path, data: bytes) -> None:
    """Replace the file `path` with `data` atomically."""
    with replacing_file(path, data):
        pass


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
