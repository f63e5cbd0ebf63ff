"""The file parts of a multipart request, made safe to send more than once.

A request may be sent again: a retry, or a 307/308 redirect, which repeats the body. The HTTP
library rewinds each file (``seek(0)``) before sending it, so a seekable file goes whole each
time. Two other kinds of file are prepared here:

* a path (``Path("data.jsonl")``) becomes a :class:`FileFromPath`: opened when a body reads
  it and closed at its end, so the file is streamed (never held whole in memory) and every
  attempt opens it afresh;
* a file that cannot be rewound (a pipe, a socket, a generator-like reader), or a path to
  something that is not a regular file (a named pipe, ``/dev/stdin``: its size says nothing of
  what it holds, and opened again it gives other bytes or none), becomes a :class:`OneShot`:
  sent chunked (its size is unknown) and never sent again once read, since the second body
  would be empty or cut short. :func:`spent` names such a part, so that the client refuses the
  retry or the redirect with a clear error instead.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator, Mapping, Sequence
from typing import IO, Any

from ._errors import RequestValidationError

__all__ = ["FileFromPath", "OneShot", "close", "fields_as_parts", "file_parts", "spent"]

#: File parts as the HTTP library takes them: (part name, file or (filename, file, ...)).
Parts = list[tuple[str, Any]]


class FileFromPath:
    """A file given by its path, opened by the first read of each attempt and closed at its
    end. The HTTP library sizes it (``fileno``, for Content-Length), rewinds it (``seek``) and
    reads it 64 KiB at a time."""

    def __init__(self, path: os.PathLike[str] | str) -> None:
        self.path = os.fspath(path)
        self.name = os.path.basename(self.path)
        self._handle: IO[bytes] | None = None

    def _open(self) -> IO[bytes]:
        if self._handle is None:
            self._handle = open(self.path, "rb")  # noqa: SIM115 - closed at its end or by close()
        return self._handle

    def fileno(self) -> int:
        return self._open().fileno()

    def seek(self, offset: int, whence: int = os.SEEK_SET) -> int:
        return self._open().seek(offset, whence)

    def tell(self) -> int:
        return self._open().tell()

    def read(self, size: int = -1) -> bytes:
        chunk = self._open().read(size)
        if not chunk:  # the end: this attempt is done with it
            self.close()
        return chunk

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None

    def __repr__(self) -> str:
        return f"FileFromPath({self.path!r})"


class OneShot:
    """A file that cannot be rewound, with nothing but ``read``: the HTTP library, finding no
    size, sends it chunked rather than with the wrong Content-Length; ``started`` records
    whether a body has read from it."""

    def __init__(self, file: Any) -> None:
        self._file = file
        self.started = False

    @property
    def name(self) -> object:
        """The filename the HTTP library gives the part (as it would for the file itself)."""
        return getattr(self._file, "name", "upload")

    def read(self, size: int = -1) -> bytes:
        self.started = True
        chunk: bytes = self._file.read(size)
        return chunk


def _rewindable(file: object) -> bool:
    seekable = getattr(file, "seekable", None)
    if callable(seekable):
        return bool(seekable())
    return callable(getattr(file, "seek", None))


def _prepared(file: object) -> object:
    """One file as it will be sent: a path to a :class:`FileFromPath` (a :class:`OneShot` of it
    unless it is a regular file), a file that cannot be rewound to a :class:`OneShot`, content
    (bytes, str) and seekable files as they are. A missing path raises here, before sending."""
    if isinstance(file, os.PathLike):
        opened = FileFromPath(file)
        return opened if stat.S_ISREG(os.stat(opened.path).st_mode) else OneShot(opened)
    if isinstance(file, bytearray | memoryview):
        return bytes(file)  # the HTTP library sends bytes and str as they are, reads the rest
    if isinstance(file, bytes | str) or _rewindable(file):
        return file
    return OneShot(file)


def _part(name: str, value: object) -> object:
    """A file part's value: a file, or ``(filename, file, ...)``; a bare path is named after
    its file. A bare ``str`` is refused: it could be meant as a path or as the content, and
    sent as content a path would upload its own text."""
    if isinstance(value, tuple) and len(value) >= 2:
        return (value[0], _prepared(value[1]), *value[2:])
    if isinstance(value, os.PathLike):
        return (os.path.basename(os.fspath(value)), _prepared(value))
    if isinstance(value, str):
        raise RequestValidationError(
            f"{name}: a file is bytes, an open binary file or a path (pathlib.Path), not a str: "
            "pass Path(...) for a file on disk, or text.encode() to send text as the file"
        )
    return _prepared(value)


def file_parts(files: Sequence[tuple[str, object]] | Mapping[str, object]) -> Parts:
    """The file parts of a request, each prepared to be sent (see the module docstring)."""
    pairs = files.items() if isinstance(files, Mapping) else files
    return [(name, _part(name, value)) for name, value in pairs]


def fields_as_parts(fields: Mapping[str, object]) -> Parts:
    """The text fields of a multipart body that has no file part, as parts of no filename
    (the same bytes as text fields): given fields alone, the HTTP library sends an
    `application/x-www-form-urlencoded` body instead, which the operation does not take."""
    return [
        (name, (None, _field_text(item).encode("utf-8")))
        for name, value in fields.items()
        for item in (value if isinstance(value, list | tuple) else [value])
    ]


def _field_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return value.decode("utf-8") if isinstance(value, bytes) else str(value)


def _files(parts: Parts | None) -> Iterator[tuple[str, object]]:
    for name, value in parts or ():
        yield name, value[1] if isinstance(value, tuple) else value


def spent(parts: Parts | None) -> str | None:
    """The name of a part whose file cannot be rewound and has been read: the body cannot be
    sent again."""
    for name, file in _files(parts):
        if isinstance(file, OneShot) and file.started:
            return name
    return None


def close(parts: Parts | None) -> None:
    """Close the files opened from paths (after the last attempt, however it ended)."""
    for _, file in _files(parts):
        opened = file._file if isinstance(file, OneShot) else file
        if isinstance(opened, FileFromPath):
            opened.close()
