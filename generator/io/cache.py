"""A content-addressed, size-bounded cache on disk: JSON values by key, never wrong.

It knows nothing of what it stores: callers make the key (`key_of`) from everything that shapes
the value, and a value is only ever found again under the same key. Each entry is one file,
`<namespace>/<key>`, holding a header line (format, the payload's length and sha256) and the
payload, a JSON document. A texts entry (`put_texts`: a generated package's files, say) keeps
its texts as their UTF-8 bytes one after the other behind a JSON index, not as JSON strings:
20 MB of Python source is stored and read back without escaping (GitHub's package: 0.2 s to
0.03 s each way). An entry that is truncated, corrupted or not ours fails the checksum
or the parse: it is deleted and reported as a miss, so the caller computes the value again and
replaces it. Entries are written to a temporary file and renamed, so a reader never sees half of
one, and concurrent writers of the same key leave one whole entry.

JSON, not pickle: whoever can write into a cache folder must not be able to run code.

Where: `$OPENAPI_CLIENTGEN_CACHE_DIR`, else `$XDG_CACHE_HOME/openapi-clientgen`, else
`~/.cache/openapi-clientgen`. `OPENAPI_CLIENTGEN_NO_CACHE=1` (or the commands' `--no-cache`)
turns it off. Bounded (`DEFAULT_MAX_BYTES`): after a write, the least recently used entries
(by mtime, which a hit refreshes) are evicted until the whole folder fits. A folder that cannot
be created, read or written is no cache: every lookup misses and nothing fails.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

DIR_ENV = "OPENAPI_CLIENTGEN_CACHE_DIR"
OFF_ENV = "OPENAPI_CLIENTGEN_NO_CACHE"
SIZE_ENV = "OPENAPI_CLIENTGEN_CACHE_MAX_BYTES"
DEFAULT_MAX_BYTES = 512 * 1024 * 1024
MAGIC = b"openapi-clientgen-cache/1"
TEXTS_MAGIC = b"openapi-clientgen-texts/1"
_TEMP_PREFIX = ".tmp-"
T = TypeVar("T")
_STALE_TEMP_SECONDS = 3600.0  # a temporary file this old was left by a writer that died


def key_of(parts: Any) -> str:
    """The sha256 (hex) of `parts` as canonical JSON (mapping keys sorted): a cache key from
    everything that shapes a value."""
    text = json.dumps(parts, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def data_sha256(data: Any) -> str | None:
    """The sha256 of JSON-compatible `data` in its own order (order is meaning: it decides the
    order of generated code), or None when it has no JSON form (then nothing is cached)."""
    text = compact_json(data)
    return None if text is None else text_sha256(text)


def compact_json(data: Any) -> str | None:
    """`data` as compact JSON text in its own order (what `data_sha256` hashes), or None when
    it has no JSON form."""
    try:
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"), check_circular=False)
    except (TypeError, ValueError, RecursionError):
        return None


def text_sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def default_folder(environ: Mapping[str, str] | None = None) -> Path:
    """Where the cache lives: `$OPENAPI_CLIENTGEN_CACHE_DIR`, `$XDG_CACHE_HOME/openapi-clientgen`
    or `~/.cache/openapi-clientgen`."""
    env = os.environ if environ is None else environ
    if env.get(DIR_ENV):
        return Path(env[DIR_ENV])
    base = Path(env["XDG_CACHE_HOME"]) if env.get("XDG_CACHE_HOME") else Path.home() / ".cache"
    return base / "openapi-clientgen"


def disabled_by_environment(environ: Mapping[str, str] | None = None) -> bool:
    """`OPENAPI_CLIENTGEN_NO_CACHE` set to anything but "", "0", "false" or "no"."""
    env = os.environ if environ is None else environ
    return env.get(OFF_ENV, "").strip().lower() not in ("", "0", "false", "no")


def user_cache(*, enabled: bool = True) -> Cache | None:
    """The user's cache, or None when it is turned off (`enabled` false, i.e. `--no-cache`, or
    `OPENAPI_CLIENTGEN_NO_CACHE`)."""
    if not enabled or disabled_by_environment():
        return None
    return Cache(default_folder(), _max_bytes_from_environment())


def _max_bytes_from_environment() -> int:
    try:
        return max(0, int(os.environ.get(SIZE_ENV, "")))
    except ValueError:
        return DEFAULT_MAX_BYTES


class Cache:
    """JSON values in `folder`, by namespace and key, at most `max_bytes` in all."""

    def __init__(self, folder: Path, max_bytes: int = DEFAULT_MAX_BYTES) -> None:
        self.folder = Path(folder)
        self.max_bytes = max_bytes

    def get(self, namespace: str, key: str) -> Any | None:
        """The value stored under `key`, or None (missing, unreadable, or damaged: a damaged
        entry is deleted, so the next `put` replaces it)."""
        return self._found(namespace, key, _decode)

    def get_texts(self, namespace: str, key: str) -> tuple[Any, dict[str, str]] | None:
        """The (meta, texts) stored under `key` by `put_texts`, or None as `get` says."""
        return self._found(namespace, key, _decode_texts)

    def put(self, namespace: str, key: str, value: Any, *, evict: bool = True) -> None:
        """Store `value` (JSON-compatible) under `key`, atomically; then evict down to the bound
        (unless `evict` is false: a caller storing many entries evicts once, after the last).
        Any failure to write leaves the cache as it was, silently."""
        try:
            entry = _encode(value)
        except (TypeError, ValueError, RecursionError):
            return
        self._store(namespace, key, entry, evict)

    def put_texts(self, namespace: str, key: str, meta: Any, texts: Mapping[str, str], *,
                  evict: bool = True) -> None:
        """Store `meta` (JSON-compatible) and `texts` (name -> text) under `key`, as `put`
        does; `get_texts` gives both back."""
        try:
            entry = _encode_texts(meta, texts)
        except (TypeError, ValueError, RecursionError):
            return
        self._store(namespace, key, entry, evict)

    def _found(self, namespace: str, key: str, decode: Callable[[bytes], T | None]) -> T | None:
        path = self._path(namespace, key)
        try:
            raw = path.read_bytes()
        except OSError:
            return None
        value = decode(raw)
        if value is None:
            _remove(path)
            return None
        _touch(path)  # recently used: evicted last
        return value

    def _store(self, namespace: str, key: str, entry: bytes, evict: bool) -> None:
        if len(entry) > self.max_bytes:
            return  # could never fit: storing it would only evict everything else
        path = self._path(namespace, key)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            _write_atomically(path, entry)
        except OSError:
            return
        if evict:
            self.evict()

    def evict(self) -> None:
        """Delete the least recently used entries until the folder holds at most `max_bytes`
        (and temporary files writers left behind)."""
        entries = _entries(self.folder)
        total = sum(size for _, size, _ in entries)
        for path, size, _ in sorted(entries, key=lambda entry: entry[2]):
            if total <= self.max_bytes:
                break
            if _remove(path):
                total -= size

    def _path(self, namespace: str, key: str) -> Path:
        if not (key.isalnum() and namespace.isidentifier()):
            raise ValueError(f"not a cache key: {namespace}/{key}")
        return self.folder / namespace / key


def _encode(value: Any) -> bytes:
    payload = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return _framed(MAGIC, payload)


def _decode(raw: bytes) -> Any | None:
    """The payload of an entry, or None when it is not one whole entry of this format."""
    payload = _payload(MAGIC, raw)
    if payload is None:
        return None
    try:
        return json.loads(payload.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None


def _encode_texts(meta: Any, texts: Mapping[str, str]) -> bytes:
    """A texts entry: a JSON index (meta, the texts' names and byte sizes), a line break (JSON
    text has none), then the texts' UTF-8 bytes one after the other."""
    names = list(texts)
    blobs = [texts[name].encode("utf-8") for name in names]
    index = json.dumps({"meta": meta, "names": names, "sizes": [len(blob) for blob in blobs]},
                       ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return _framed(TEXTS_MAGIC, b"".join([index, b"\n", *blobs]))


def _decode_texts(raw: bytes) -> tuple[Any, dict[str, str]] | None:
    """(meta, texts) of a texts entry, or None when it is not one whole entry of this format."""
    payload = _payload(TEXTS_MAGIC, raw)
    if payload is None:
        return None
    index, _, blob = payload.partition(b"\n")
    try:
        read = json.loads(index.decode("utf-8"))
        names, sizes = read["names"], read["sizes"]
        if not (isinstance(names, list) and isinstance(sizes, list) and len(names) == len(sizes)
                and all(isinstance(name, str) for name in names)
                and all(type(size) is int and size >= 0 for size in sizes)
                and sum(sizes) == len(blob)):
            return None
        texts: dict[str, str] = {}
        start = 0
        for name, size in zip(names, sizes, strict=True):
            texts[name] = blob[start:start + size].decode("utf-8")
            start += size
    except (UnicodeDecodeError, ValueError, RecursionError, TypeError, KeyError):
        return None
    return read.get("meta"), texts


def _framed(magic: bytes, payload: bytes) -> bytes:
    digest = hashlib.sha256(payload).hexdigest()
    return b"%s %d %s\n" % (magic, len(payload), digest.encode()) + payload


def _payload(magic: bytes, raw: bytes) -> bytes | None:
    """The payload of `raw` when it is one whole entry framed with `magic`."""
    header, newline, payload = raw.partition(b"\n")
    fields = header.split(b" ")
    if not newline or len(fields) != 3 or fields[0] != magic or not fields[1].isdigit():
        return None
    if int(fields[1]) != len(payload):
        return None
    if hashlib.sha256(payload).hexdigest().encode() != fields[2]:
        return None
    return payload


def _write_atomically(path: Path, entry: bytes) -> None:
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=_TEMP_PREFIX)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(entry)
        os.replace(temporary, path)
    except BaseException:
        _remove(Path(temporary))
        raise


def _entries(folder: Path) -> list[tuple[Path, int, float]]:
    """(path, size, mtime) of every entry under `folder`; stale temporary files are deleted
    on the way, fresh ones (a writer at work) left alone and not counted."""
    found: list[tuple[Path, int, float]] = []
    try:
        namespaces = [item for item in os.scandir(folder) if item.is_dir(follow_symlinks=False)]
        listings = [list(os.scandir(namespace.path)) for namespace in namespaces]
    except OSError:
        return []
    now = time.time()
    for item in (item for listing in listings for item in listing):
        try:
            stat = item.stat(follow_symlinks=False)
        except OSError:
            continue
        if item.name.startswith(_TEMP_PREFIX):
            if now - stat.st_mtime > _STALE_TEMP_SECONDS:
                _remove(Path(item.path))
        elif item.is_file(follow_symlinks=False):
            found.append((Path(item.path), stat.st_size, stat.st_mtime))
    return found


def _touch(path: Path) -> None:
    try:
        os.utime(path)
    except OSError:
        pass


def _remove(path: Path) -> bool:
    try:
        path.unlink()
    except OSError:
        return False
    return True
