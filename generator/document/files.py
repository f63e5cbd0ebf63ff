"""Reading a document's bytes, bounded: no file, device, pipe or folder can make `load` read
without end or wait forever.

A size limit is checked before anything is parsed; the size a file states is not trusted (a
pipe says 0, a device has none), so at most `max_bytes + 1` bytes are ever read.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import BinaryIO

from generator.io.fetch import too_large
from generator.problems import GeneratorError, Problem


def read_limited(path: Path, max_bytes: int) -> bytes:
    """The bytes of `path`, refused (as a located problem) past `max_bytes` or when unreadable:
    a size limit first, so that no document can exhaust memory before it is parsed.

    At most `max_bytes + 1` bytes are read whatever the file says its size is (a pipe such as
    `/dev/stdin` says 0, a file may still grow). A regular file or a pipe is read; a device
    (`/dev/zero`, a terminal) or a socket is refused before reading. The file is opened without
    waiting, so that a named pipe nobody writes to (left in a folder, or a `$ref` to one) reads
    as empty instead of blocking forever."""
    file = str(path)
    try:
        descriptor = os.open(path, os.O_RDONLY | _NO_WAIT)
    except FileNotFoundError:
        raise GeneratorError([_not_found(file)]) from None
    except OSError as exc:
        raise GeneratorError([_unreadable(file, exc)]) from None
    try:
        status = os.fstat(descriptor)
        _check_readable_kind(file, status, max_bytes)
        _wait_when_reading(descriptor)
        with os.fdopen(descriptor, "rb", closefd=False) as stream:
            raw = _read_at_most(stream, max_bytes + 1, status.st_size)
    except OSError as exc:
        raise GeneratorError([_unreadable(file, exc)]) from None
    finally:
        os.close(descriptor)
    if len(raw) > max_bytes:
        raise GeneratorError([Problem(
            file, "", None, f"holds more than {max_bytes} bytes, the limit",
            "a spec is never that big; raise max_bytes if this really is one")])
    return raw


_NO_WAIT = getattr(os, "O_NONBLOCK", 0)


def _check_readable_kind(file: str, status: os.stat_result, max_bytes: int) -> None:
    """A regular file of at most `max_bytes` (as it says), or a pipe; else a located problem."""
    mode = status.st_mode
    if stat.S_ISDIR(mode):
        raise GeneratorError([Problem(file, "", None, "is a directory, not a file")])
    if not (stat.S_ISREG(mode) or stat.S_ISFIFO(mode)):
        raise GeneratorError([Problem(file, "", None, "is a device or a socket, not a file",
                                      "give the document's file")])
    if status.st_size > max_bytes:
        raise GeneratorError([too_large(file, status.st_size, max_bytes)])


def _read_at_most(stream: BinaryIO, limit: int, expected: int) -> bytes:
    """Up to `limit` bytes of `stream`: the `expected` size at once (plus one byte, to see
    that it ends there), the rest, if any, a chunk at a time (no buffer of `limit` bytes is
    made for a small file)."""
    chunks = [stream.read(min(limit, expected + 1))]
    total = len(chunks[0])
    while total < limit and (chunk := stream.read(min(_CHUNK, limit - total))):
        chunks.append(chunk)
        total += len(chunk)
    return b"".join(chunks)


_CHUNK = 1024 * 1024


def _wait_when_reading(descriptor: int) -> None:
    """Reads wait for a pipe's writer again (opening did not, see `read_limited`)."""
    if _NO_WAIT:
        import fcntl

        flags = fcntl.fcntl(descriptor, fcntl.F_GETFL)
        fcntl.fcntl(descriptor, fcntl.F_SETFL, flags & ~_NO_WAIT)


def _unreadable(file: str, exc: OSError) -> Problem:
    if isinstance(exc, IsADirectoryError):
        return Problem(file, "", None, "is a directory, not a file")
    return Problem(file, "", None, f"cannot read: {exc.strerror}")


def _not_found(file: str) -> Problem:
    """A missing file; a URL given where a file is read (`Path` has folded its `//`) says so."""
    url = re.match(r"(https?):/+(.*)", file)
    if url:
        return Problem(f"{url[1]}://{url[2]}", "", None,
                       "a URL, not a file: documents are read from disk",
                       "download it first, e.g. `curl -fLo openapi.json URL`, and give that file")
    return Problem(file, "", None, "file not found")
