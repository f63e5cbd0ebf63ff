"""The one size-capped download: remote `$ref`s while bundling, and `update --from URL`.

A response is read in chunks and abandoned as soon as it passes `max_bytes` (a declared
Content-Length over the limit is refused before reading), so a hostile or mistaken server
cannot exhaust memory. Failures are `GeneratorError`s naming the URL.
"""

from __future__ import annotations

from types import TracebackType
from typing import TYPE_CHECKING, Self

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


class Downloader:
    """GETs over one connection pool: `with Downloader(...) as get: get.bytes(url)`."""

    def __init__(self, *, max_bytes: int, timeout: float) -> None:
        self.max_bytes = max_bytes
        self.timeout = timeout
        self._http: httpx.Client | None = None

    def bytes(self, url: str) -> bytes:
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
                    chunks.append(chunk)
        except httpx.HTTPError as exc:
            raise GeneratorError(
                [Problem(url, "", None, f"cannot download: {type(exc).__name__}: {exc}")]
            ) from None
        return b"".join(chunks)

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
    """One GET of at most `max_bytes`."""
    with Downloader(max_bytes=max_bytes, timeout=timeout) as downloader:
        return downloader.bytes(url)
