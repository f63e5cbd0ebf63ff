"""Scratch folders no killed run leaves behind for good.

A run killed with SIGKILL (a CI job's timeout, the OOM killer) cleans up nothing: the scratch
copy formatting makes in the RAM filesystem (`/dev/shm`, a package of thousands of files: MBs
of memory until the machine restarts) and the neutral folder datamodel-code-generator runs in
stayed for ever. Each scratch folder is therefore named with the PID of the process that made
it (`PREFIX-PID-xxxxxxxx`), and making one first removes the folders of the same prefix whose
process is gone (`remove_stale`, which io/write.py also runs over the staging folders it makes
beside a package).
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import tempfile
from pathlib import Path

# tempfile's random part: 8 characters of this alphabet.
_TEMP_SUFFIX = "[a-z0-9_]{8}"


def scratch_folder(prefix: str, parent: str | None = None) -> tempfile.TemporaryDirectory[str]:
    """A temporary folder `PREFIX-PID-xxxxxxxx` under `parent` (None: the system's temporary
    folder), removed when its block ends; those a killed run left are removed first."""
    remove_stale(prefix, parent)
    return tempfile.TemporaryDirectory(prefix=f"{prefix}{os.getpid()}-", dir=parent)


def remove_stale(prefix: str, parent: str | None = None) -> list[Path]:
    """Remove the folders `scratch_folder(prefix, parent)` made whose process is gone; the
    folders removed. Only exactly that pattern, only real folders (no link), only ours (same
    owner): a shared `/tmp` holds other people's files."""
    folder = Path(parent if parent is not None else tempfile.gettempdir())
    pattern = re.compile(rf"{re.escape(prefix)}([0-9]+)-{_TEMP_SUFFIX}")
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        found = pattern.fullmatch(entry.name)
        if found is None or not process_gone(int(found.group(1))):
            continue
        try:
            status = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if stat.S_ISDIR(status.st_mode) and _ours(status):
            shutil.rmtree(entry.path, ignore_errors=True)
            removed.append(Path(entry.path))
    return removed


def _ours(status: os.stat_result) -> bool:
    """Owned by this process's user (where the platform has owners)."""
    return not hasattr(os, "getuid") or status.st_uid == os.getuid()


def process_gone(pid: int) -> bool:
    """Whether no process `pid` exists (ours is never gone; another user's exists)."""
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):  # no such process (or no such pid at all)
        return True
    except OSError:  # exists, owned by someone else
        return False
    return False
