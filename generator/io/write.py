"""Write a package, or one file, atomically: the destination is exactly the old one or the new.

Writing goes to a temporary sibling folder (`.NAME.new-PID-xxxxxxxx`) that then trades places
with the destination in one atomic exchange (Linux `renameat2(RENAME_EXCHANGE)`; elsewhere two
renames): an error, Ctrl-C or kill at any moment leaves the destination exactly as it was, old or
new, never partial.
Siblings left behind by a killed run are removed by the next write to the same destination, and
only those: a folder named exactly as this module names them, whose process (the PID in the name)
is gone.

An existing destination is replaced only when it is a package this generator wrote and nothing
else: a valid PROVENANCE.json, no file the record does not list (a file a user added would be
lost), and no recorded file whose bytes differ from the record (a hand edit would be lost).
Anything else is refused, naming the files, unless the caller forces it. A destination that
already holds exactly the new files (an unchanged input regenerated) is left as it is.
Caches are no one's work: Python's `__pycache__` and the caches tools tag as such
(`provenance.is_tool_cache`: `.ruff_cache`, `.mypy_cache`, `.pytest_cache`) neither block a
replacement nor survive it (the tools rebuild them); OS litter (`.DS_Store`) is carried over.

A single file (a vendored spec, docs/providers.md) is staged beside itself and renamed over the
old one (`replacing_file`), which is atomic on every platform.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import glob
import os
import shutil
import signal
import stat
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

from generator.io import provenance
from generator.io.scratch import remove_stale
from generator.problems import GeneratorError, Problem

# The temporary siblings of a destination: the staged new package, the retired old one.
_TEMPORARY_KINDS = ("new", "old")
# Caches Python writes beside the modules it imports: never the user's work.
_CACHES = frozenset({provenance.PYTHON_CACHE})
SHOWN_FILES = 10  # a refusal names this many of the files that would be lost

# Destinations swapped in by this process, appended while Ctrl-C is ignored: an interrupt that
# lands after a swap can then say truthfully what was written (`written_so_far`).
_WRITTEN: list[Path] = []


def written_so_far() -> list[Path]:
    """The package folders this process has replaced so far, in the order they were swapped."""
    return list(_WRITTEN)


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


def write(files: dict[str, str], dest: Path, *, force: bool = False,
          discard_edits: bool = False) -> None:
    """Replace `dest` with exactly `files`, atomically."""
    write_many({dest: files}, force=force, discard_edits=discard_edits)


def write_many(packages: dict[Path, dict[str, str]], *, force: bool = False,
               discard_edits: bool = False) -> None:
    """Replace each destination folder with exactly its files.

    Every destination is checked first (`force` replaces one that is not a package of ours, or
    holds files its record does not list, or hand edits; `discard_edits` only the last), and
    every package is staged (written and made durable next to its destination) before the first
    swap, so an error while writing leaves every destination as it was. Each swap is one atomic
    exchange: at no instant is a destination missing or half written.
    """
    destinations = {Path(os.path.abspath(dest)): files for dest, files in packages.items()}
    # a destination already holding exactly these files (regenerating an unchanged input) is
    # left as it is: rewriting and fsyncing thousands of files would change nothing
    changed = {dest: files for dest, files in destinations.items() if not _holds(dest, files)}
    for dest, files in changed.items():
        _check_destination(dest, files, force=force, discard_edits=discard_edits)
    staged: list[tuple[Path, Path]] = []
    try:
        for dest, files in changed.items():
            try:
                dest.parent.mkdir(parents=True, exist_ok=True)
                _clean_stale(dest)
                staging = Path(
                    tempfile.mkdtemp(prefix=f".{dest.name}.new-{os.getpid()}-", dir=dest.parent)
                )
                staged.append((staging, dest))
                _fill(staging, files, _mode_for(dest), dest)
                _carry_litter(dest, staging)
            except OSError as exc:  # nothing swapped yet: every destination is as it was
                raise _unwritable(dest, exc) from exc
        with _interrupts_deferred():
            for staging, dest in staged:
                _swap(staging, dest)
                _WRITTEN.append(dest)
    finally:
        for staging, _ in staged:
            if os.path.lexists(staging):
                shutil.rmtree(staging, ignore_errors=True)
        for dest in destinations:  # one made but not yet recorded when Ctrl-C landed
            for staging in dest.parent.glob(f".{glob.escape(dest.name)}.new-{os.getpid()}-*"):
                shutil.rmtree(staging, ignore_errors=True)


def _unwritable(dest: Path, error: OSError) -> GeneratorError:
    """A destination that cannot be written (a parent that is a file, no permission, a full or
    read-only disk): the user's folder and the system's reason, not an internal error."""
    blocking = Path(error.filename) if isinstance(error.filename, str) else None
    if isinstance(error, (FileExistsError, NotADirectoryError)) and blocking is not None:
        reason = f"{blocking} is a file, not a folder"
    else:  # the staging folder's random name would only puzzle: the reason alone
        reason = error.strerror or str(error)
    return GeneratorError([Problem(str(dest), "", None, f"cannot write the package here: {reason}",
                                   "choose a folder you can write to")])


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


def _holds(dest: Path, files: dict[str, str]) -> bool:
    """`dest` is a real folder holding exactly `files`, byte for byte, and nothing else (caches
    Python writes beside the modules aside). What is no regular file (a link, a pipe, a device:
    `PROVENANCE.json -> /dev/zero`) is never opened: such a folder is not ours as written."""
    if provenance.FILENAME not in files or dest.is_symlink() or not dest.is_dir():
        return False
    try:
        # the record before the walk: it differs whenever any file of the package does, and
        # after an edit it is all that needs reading
        record = dest / provenance.FILENAME
        if not _same_regular_file(record, files[provenance.FILENAME].encode("utf-8")):
            return False
        if _files_in(dest) != set(files):
            return False
        for relative, text in files.items():
            if relative != provenance.FILENAME and not _same_regular_file(
                    dest / relative, text.encode("utf-8")):
                return False
    except OSError:
        return False
    return True


def _same_regular_file(path: str | Path, expected: bytes) -> bool:
    """Whether `path` is a regular file of exactly `expected` bytes (its size checked first)."""
    status = os.lstat(path)
    if not stat.S_ISREG(status.st_mode) or status.st_size != len(expected):
        return False
    with open(path, "rb") as stream:
        return stream.read(len(expected) + 1) == expected


def _files_in(folder: Path) -> set[str] | None:
    """Every file under `folder` (Python's compiled caches and tools' caches left out), relative,
    with `/`; None when it holds a symlink (never one of ours: the folder is replaced). Anything
    else in a `__pycache__` folder (a user's note) counts: replacing the folder would lose it."""
    found: set[str] = set()
    for root, folders, names in os.walk(folder):
        if any(os.path.islink(os.path.join(root, name)) for name in (*folders, *names)):
            return None
        folders[:] = [name for name in folders
                      if not provenance.is_tool_cache(Path(root, name))]
        base = os.path.relpath(root, folder)
        found.update(relative for name in names if not provenance.is_compiled_cache(
            relative := name if base == "." else f"{base}/{name}".replace(os.sep, "/")))
    return found


def _check_destination(dest: Path, files: dict[str, str], *, force: bool,
                       discard_edits: bool) -> None:
    """Refuse to replace a file, or a folder holding anything but a package this generator wrote
    as it wrote it, where replacing it with `files` would lose something (`force`: replace the
    folder all the same)."""
    if not os.path.lexists(dest):
        return
    if dest.is_symlink() or not dest.is_dir():
        raise GeneratorError([Problem(str(dest), "", None, "exists and is not a folder",
                                      "choose a new folder for the package")])
    if force:
        return
    problems: list[Problem] = []  # every reason at once: one run tells the user all to move
    found = provenance.read_or_why(dest)
    recorded = found if isinstance(found, provenance.Recorded) else None
    if recorded is None and found != "missing":
        problems.append(Problem(
            str(dest / provenance.FILENAME), "", None,
            f"not a record this generator wrote ({found}); refusing to replace the folder",
            "choose a new or empty folder, or pass --force to replace it"))
    unlisted = foreign_files(dest, recorded)
    if unlisted:
        problems.append(Problem(
            str(dest), "", None,
            f"holds files replacing it would delete ({shown_files(unlisted)}): not only a "
            "package this generator wrote; refusing to replace it",
            "choose a new or empty folder, move those files out, or pass --force to replace it"))
    edited = [] if discard_edits or recorded is None else _edits_lost(dest, recorded, files)
    if edited:
        problems.append(Problem(
            str(dest), "", None,
            f"holds hand edits replacing it would discard ({shown_files(edited)}): these files "
            "differ from what its PROVENANCE.json says was written; refusing to replace it",
            "move the edits into the spec, overlay or templates, or pass --force to discard them"))
    if problems:
        raise GeneratorError(problems)


def _edits_lost(dest: Path, recorded: provenance.Recorded, files: dict[str, str]) -> list[str]:
    """Files edited since they were written that replacing `dest` with `files` would lose (one
    already as the new package has it, as after a merge, loses nothing)."""
    return [relative for relative in provenance.modified_files(dest, recorded)
            if provenance.read_regular(dest, relative) != files.get(relative, "").encode("utf-8")]


def shown_files(files: list[str]) -> str:
    """`files` in a message, the first few named and the rest counted."""
    more = len(files) - SHOWN_FILES
    return ", ".join(files[:SHOWN_FILES]) + (f" and {more} more" if more > 0 else "")


def discarded_by_force(dest: Path) -> list[str]:
    """What replacing `dest` with `force` deletes that a user may miss: files its record does
    not list and files edited since written (none for a folder that is not there); sorted."""
    if dest.is_symlink() or not dest.is_dir():
        return []
    found = provenance.read_or_why(dest)
    recorded = found if isinstance(found, provenance.Recorded) else None
    edited = provenance.hand_edited(dest, recorded) if recorded is not None else []
    return sorted({*foreign_files(dest, recorded), *edited} - {provenance.FILENAME})


def foreign_files(folder: Path, recorded: provenance.Recorded | None) -> list[str]:
    """Files in `folder` that are not part of the package its PROVENANCE.json (`recorded`, as
    read from it) lists (every file, when there is no valid record of ours), caches and OS
    litter left out (`provenance.package_entries`: links and pipes are files here); sorted."""
    listed = set(recorded.files) | {provenance.FILENAME} if recorded is not None else set()
    return [relative for relative in provenance.package_entries(folder) if relative not in listed]


def _carry_litter(dest: Path, staging: Path) -> None:
    """Copy the OS litter of `dest` (`provenance.is_litter`: `.DS_Store`, `Thumbs.db`...) into
    the package replacing it, in the folders the new package still has: a user's file is
    never deleted by a regeneration, nor counted as an edit."""
    if not dest.is_dir() or dest.is_symlink():
        return
    for relative in provenance.package_entries(dest, litter=True):
        if not provenance.has_litter_name(relative):  # most files: no look at the disk
            continue
        target = staging / relative
        if (not os.path.lexists(target) and target.parent.is_dir()
                and provenance.is_litter(dest, relative)
                and (data := provenance.read_regular(dest, relative)) is not None):
            target.write_bytes(data)


def _mode_for(dest: Path) -> int:
    """The destination's current permissions, else what the umask gives a new folder."""
    try:
        return stat.S_IMODE(dest.stat().st_mode)
    except OSError:
        mask = os.umask(0o022)
        os.umask(mask)
        return 0o777 & ~mask


def _fill(staging: Path, files: dict[str, str], mode: int, previous: Path) -> None:
    """Write `files` into `staging`, then make it durable: the filesystem synced once
    (`_durable`), else each file written and every folder of it fsynced.

    A file the package being replaced (`previous`) already holds, byte for byte, is not written
    again but hard-linked from it (`_link_unchanged`): after an edit of one operation, a large
    package changes a handful of its thousands of files, and writing each one again (and
    freeing the old copy after the swap) is most of the time regeneration takes.

    Crash safety is unchanged: the destination is still replaced in one atomic exchange, after
    everything staged is on disk. A linked file's data are the old file's, on disk since the
    run that wrote them made them durable (this module reuses only files its record lists with
    these very bytes); nothing writes to either name in between, and the old names go with the
    old tree after the swap. `tests/io/test_reuse.py` kills a run at random moments and finds
    the old tree or the new one.
    """
    ordered = sorted(files, key=lambda relative: relative != provenance.FILENAME)
    encoded = {relative: files[relative].encode("utf-8") for relative in ordered}
    if ordered:
        # the record, always written anew, first: what a fresh file's owner and permissions
        # are, which a reused one must have
        first = ordered[0]
        _write_new(staging / first, encoded[first])
        linked = _link_unchanged(previous, staging, encoded,
                                 _owner_and_mode(os.lstat(staging / first)), skip=first)
        written = [first, *(relative for relative in ordered[1:] if relative not in linked)]
        for relative in written[1:]:
            _write_new(staging / relative, encoded[relative])
    else:
        written = []
    os.chmod(staging, mode)  # mkdtemp makes it 0700
    _durable(staging, written, ordered)


def _write_new(target: Path, data: bytes) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target, "wb") as handle:
        handle.write(data)


def _durable(staging: Path, written: list[str], ordered: list[str]) -> None:
    """Everything written into `staging` (and every new name in it) on disk.

    On Linux, one `syncfs` of the filesystem holding `staging`: each `fsync` makes the device
    flush its cache, and a package of thousands of files then took seconds (OpenAI's 1,500:
    5-6 s on a busy disk, 0.1-0.7 s with one syncfs; since Linux 5.8 it reports a failed
    writeback as fsync does). Elsewhere, or when it fails, each written file and then each
    folder, deepest first, is fsynced."""
    if _synced_filesystem(staging):
        return
    for relative in written:
        _fsync_path(staging / relative)
    folders = {staging / parent for relative in ordered
               for parent in Path(relative).parents}  # each file's folders, up to `staging`
    for folder in sorted(folders, key=lambda path: len(path.parts), reverse=True):
        _fsync_dir(folder)  # deepest first, `staging` itself last


def _synced_filesystem(path: Path) -> bool:
    """Whether `syncfs` flushed the filesystem holding `path` (Linux only)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        syncfs = ctypes.CDLL(None, use_errno=True).syncfs
    except (OSError, AttributeError):
        return False
    syncfs.argtypes = [ctypes.c_int]
    syncfs.restype = ctypes.c_int
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        return int(syncfs(fd)) == 0
    finally:
        os.close(fd)


def _fsync_path(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _owner_and_mode(status: os.stat_result) -> tuple[int, int, int]:
    return status.st_uid, status.st_gid, stat.S_IMODE(status.st_mode)


def _link_unchanged(previous: Path, staging: Path, encoded: dict[str, bytes],
                    fresh: tuple[int, int, int], skip: str) -> set[str]:
    """Hard-link into `staging` each file of the package `previous` that is exactly as the new
    one has it; the files linked (relative). Only files of ours are reused: listed in
    `previous`'s own valid record, regular, with one name (none elsewhere shares the inode),
    the owner and permissions a fresh file gets (`fresh`), the same bytes; reached by a walk
    that follows no link (`os.fwalk`, each name relative to its folder's descriptor). The link
    made is checked again (the very file seen, now with two names, its bytes read back): a
    file changed in between is written instead. Where links cannot be made (another
    filesystem, a platform without `fwalk`), nothing is reused and everything is written."""
    if not hasattr(os, "fwalk") or previous.is_symlink() or not previous.is_dir():
        return set()
    recorded = provenance.read(previous)
    if recorded is None:
        return set()
    wanted = {relative for relative in recorded.files if relative in encoded} - {skip}
    linked: set[str] = set()
    try:
        for root, folders, names, root_fd in os.fwalk(previous, follow_symlinks=False):
            folders[:] = [name for name in folders if name not in _CACHES
                          and not provenance.is_tool_cache(Path(root, name))]
            base = os.path.relpath(root, previous).replace(os.sep, "/")
            reused = [name for name in names
                      if (name if base == "." else f"{base}/{name}") in wanted]
            if not reused:
                continue
            folder = staging if base == "." else staging / base
            folder.mkdir(parents=True, exist_ok=True)  # once per folder, not once per file
            for name in reused:
                relative = name if base == "." else f"{base}/{name}"
                if _linked(name, root_fd, os.path.join(folder, name), encoded[relative], fresh):
                    linked.add(relative)
    except OSError:
        pass  # what is not linked is written
    return linked


def _linked(name: str, folder_fd: int, target: str, expected: bytes,
            fresh: tuple[int, int, int]) -> bool:
    """Whether the file `name` of the folder `folder_fd` could be reused: then it is linked as
    `target` (in a folder that exists). Any doubt (not a regular file, other names, another
    owner or mode, other bytes, an error) leaves `target` absent, to be written."""
    try:
        seen = os.stat(name, dir_fd=folder_fd, follow_symlinks=False)
        if (not stat.S_ISREG(seen.st_mode) or seen.st_nlink != 1 or seen.st_size != len(expected)
                or _owner_and_mode(seen) != fresh):
            return False
        os.link(name, target, src_dir_fd=folder_fd, follow_symlinks=False)
    except OSError:
        return False
    try:
        now = os.lstat(target)
        if ((now.st_dev, now.st_ino) == (seen.st_dev, seen.st_ino) and now.st_nlink == 2
                and _owner_and_mode(now) == fresh and _same_regular_file(target, expected)):
            return True
    except OSError:
        pass
    with contextlib.suppress(FileNotFoundError):
        os.unlink(target)
    return False


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


def _clean_stale(dest: Path) -> None:
    """Remove the temporary siblings a killed run left (`.NAME.new-PID-xxxxxxxx` and
    `.NAME.old-PID-xxxxxxxx`): exactly our pattern, process gone, owned by this user."""
    for kind in _TEMPORARY_KINDS:
        remove_stale(f".{dest.name}.{kind}-", str(dest.parent))


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
