"""How the process gives memory back to the system: large documents come and go in it.

glibc's allocator keeps what a process frees unless told otherwise. Two settings matter for a
command that reads a 13 MB document (its bytes, its text, a line map, a second document...):

- `return_large_blocks_at_once`: a block of 1 MiB or more is mapped on its own and unmapped
  when freed. By default glibc raises that threshold to the size of the first large block
  freed (up to 32 MiB), so the next ones come from the heap and stay resident once freed:
  `diff` kept each document's bytes and text after parsing them, in its parent and in every
  child forked after (GitHub's pair peaked at ~240 MiB instead of ~220).
- `release_freed_memory`: the heap's free pages given back (`malloc_trim`), before a fork
  (`children.fork_child`): what our checks and the parse let go does not stay in the parent
  nor in the child.

Both do nothing where there is no glibc (not Linux, or musl).
"""

from __future__ import annotations

import ctypes
import functools
import sys
from typing import Any

_M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter
LARGE_BLOCK = 1 << 20


def return_large_blocks_at_once() -> None:
    """From now on, a block of `LARGE_BLOCK` bytes or more goes back to the system when it is
    freed (a fixed mmap threshold: glibc no longer raises it)."""
    libc = _glibc()
    if libc is not None:
        libc.mallopt(_M_MMAP_THRESHOLD, LARGE_BLOCK)


def release_freed_memory() -> None:
    """Give the memory the C allocator holds freed back to the system (`malloc_trim`): what
    a large document's parse and our checks let go (~26 MiB after GitHub's two documents
    were loaded and checked) stays in the process otherwise, and in every child forked after.
    A few milliseconds."""
    libc = _glibc()
    if libc is not None:
        libc.malloc_trim(0)


@functools.cache
def _glibc() -> Any | None:
    """The C library when it is glibc (it has `malloc_trim` and `mallopt`); None elsewhere."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(None)
        libc.malloc_trim  # noqa: B018  # (musl has neither)
        libc.mallopt  # noqa: B018
    except (OSError, AttributeError):
        return None
    return libc
