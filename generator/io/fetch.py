"""The one size-capped download: remote `$ref`s while bundling, and `update --from URL`.

A response is read in chunks and abandoned as soon as it passes `max_bytes` (a declared
Content-Length over the limit is refused before reading), so a hostile or mistaken server
cannot exhaust memory; and each GET has a deadline for the whole of it (connect, headers,
body), so a server trickling bytes cannot hold the command. Failures are `GeneratorError`s
naming the URL.
"""

from __future__ import annotations

import contextlib
import threading
import time
from types import TracebackType
from typing import TYPE_CHECKING, Any, Self

from generator.problems import GeneratorError, Problem

if TYPE_CHECKING:  # httpx costs ~80 ms to import; only downloads need it
    import httpx


def too_large(source: str, size: int, max_bytes: int) -> Problem:
    """The problem of a download over its size limit (a spec is never that big: refuse it)."""
    return Problem(
        source,
        "",
        None,
        f"file is {size} bytes, larger than the limit of {max_bytes} bytes",
        "raise max_bytes if this really is the spec",
    )


_Body = bytes  # the class below has a method named `bytes`


class _Late:
    """What a GET read past its deadline returns: the caller says so, in one wording whichever
    thread noticed first (on a loaded machine the reader can see the deadline pass before the
    caller's `join` wakes)."""


def _late(allowed: float) -> str:
    return f"no complete response within {allowed:.0f} s"


def _too_slow(source: str, why: str) -> Problem:
    """The problem of a download that did not finish in time."""
    return Problem(source, "", None, f"cannot download: {why} (the server is too slow or stalls)",
                   "a slow or stalling server: download the file by other means and use its path")


class Downloader:
    """GETs over one connection pool: `with Downloader(...) as get: get.bytes(url)`.

    Each GET ends within `timeout` seconds in all (httpx's own timeouts are per read, so a
    server sending a byte now and then would hold it forever), and all of them together within
    `total` seconds when it is given: like curl's `--max-time`, a deadline, not an idle limit.
    """

    def __init__(self, *, max_bytes: int, timeout: float, total: float | None = None) -> None:
        self.max_bytes = max_bytes
        self.timeout = timeout
        self._ends = None if total is None else time.monotonic() + total
        self._http: httpx.Client | None = None

    def bytes(self, url: str) -> bytes:
        """The body of `url`: at most `max_bytes`, within the deadline, else a located error."""
        allowed = self.timeout if self._ends is None else min(
            self.timeout, self._ends - time.monotonic())
        if allowed <= 0:
            raise GeneratorError([_too_slow(url, "the time allowed for downloads is used up")])
        outcome: dict[str, Any] = {}
        worker = threading.Thread(target=self._fetch, name="clientgen-download", daemon=True,
                                  args=(url, time.monotonic() + allowed, outcome))
        worker.start()
        worker.join(allowed)
        if worker.is_alive():  # stalled in connect, headers or body: abandon it
            self._abandon()
            raise GeneratorError([_too_slow(url, _late(allowed))])
        if outcome.get("late"):  # the worker saw the deadline pass before this thread woke
            raise GeneratorError([_too_slow(url, _late(allowed))])
        if "error" in outcome:
            raise outcome["error"]
        data: _Body = outcome["data"]
        return data

    def _fetch(self, url: str, deadline: float, outcome: dict[str, Any]) -> None:
        """`_read` on the worker thread: its result, or the exception it raised, in `outcome`."""
        try:
            data = self._read(url, deadline)
            outcome["late" if isinstance(data, _Late) else "data"] = data
        except BaseException as error:  # noqa: BLE001 - raised in the caller's thread instead
            outcome["error"] = error

    def _read(self, url: str, deadline: float) -> _Body | _Late:
        import httpx

        if self._http is None:
            self._http = httpx.Client(timeout=self.timeout, follow_redirects=True)
        try:
            with self._http.stream("GET", url) as response:
                response.raise_for_status()
                declared = response.headers.get("content-length", "")
                if declared.isdigit() and int(declared) > self.max_bytes:
                    raise GeneratorError([too_large(url, int(declared), self.max_bytes)])
                chunks: list[bytes] = []
                total = 0
                for chunk in response.iter_bytes():
                    total += len(chunk)
                    if total > self.max_bytes:
                        raise GeneratorError([too_large(url, total, self.max_bytes)])
                    if time.monotonic() > deadline:  # the caller has given up: stop reading
                        return _Late()
                    chunks.append(chunk)
        except httpx.HTTPError as exc:
            raise GeneratorError(
                [Problem(url, "", None, f"cannot download: {type(exc).__name__}: {exc}")]
            ) from None
        return b"".join(chunks)

    def _abandon(self) -> None:
        """Drop the pool a stalled GET still holds (closing it ends that GET's connection); the
        next GET opens a new one."""
        http, self._http = self._http, None
        if http is not None:
            with contextlib.suppress(Exception):  # the pool is abandoned: nothing to keep
                http.close()

    def close(self) -> None:
        if self._http is not None:
            self._http.close()
            self._http = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


def download(url: str, *, max_bytes: int, timeout: float) -> bytes:
    """One GET of at most `max_bytes`, ended after `timeout` seconds in all."""
    with Downloader(max_bytes=max_bytes, timeout=timeout) as downloader:
        return downloader.bytes(url)
