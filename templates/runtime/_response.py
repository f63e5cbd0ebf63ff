"""``APIResponse``: the raw HTTP answer of a call, with lazy typed parsing."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

from . import _http
from ._parse import validate_python

__all__ = ["APIResponse", "convert_header"]

_T = TypeVar("_T")
_UNSET: Any = object()


def convert_header(value: str, type_: object) -> object:
    """A header value converted to its documented python type; unconvertible -> the string."""
    if type_ is str or type_ is None or type_ is Any or type_ is object:
        return value
    try:
        if type_ is bool:
            lowered = value.strip().lower()
            if lowered in ("true", "1", "yes"):
                return True
            if lowered in ("false", "0", "no"):
                return False
            return value
        if type_ is int:
            return int(value.strip())
        if type_ is float:
            return float(value.strip())
        converted = validate_python(type_, value)
    except (ValueError, TypeError):
        return value
    return converted if converted is not None else value


class APIResponse(Generic[_T]):
    """The HTTP response of one call, returned by the ``with_raw_response`` variants.

    ``parse()`` gives what the normal call would have returned (the parsed body, or the
    ``Stream`` for a streaming call); everything else exposes the raw answer.
    """

    def __init__(
        self,
        *,
        http_response: _http.Response,
        parser: Callable[[], _T],
        header_types: Mapping[str, object],
        retries_taken: int = 0,
    ) -> None:
        self.http_response = http_response
        self.retries_taken = retries_taken
        self._parser = parser
        self._header_types = header_types
        self._parsed: Any = _UNSET

    def parse(self) -> _T:
        """The typed body (computed once, then cached)."""
        if self._parsed is _UNSET:
            self._parsed = self._parser()
        result: _T = self._parsed
        return result

    @property
    def status_code(self) -> int:
        """The HTTP status code."""
        return self.http_response.status_code

    @property
    def headers(self) -> _http.Headers:
        """The response headers (case-insensitive)."""
        return self.http_response.headers

    @property
    def request_id(self) -> str | None:
        """The ``x-request-id`` (or ``request-id``) response header, if any."""
        headers = self.http_response.headers
        value: str | None = headers.get("x-request-id") or headers.get("request-id")
        return value

    @property
    def typed_headers(self) -> dict[str, object]:
        """The response headers the spec documents, converted to their declared types.

        Keys are the header names as documented; headers absent from the response are left
        out; a value that does not convert stays a string.
        """
        result: dict[str, object] = {}
        for name, type_ in self._header_types.items():
            value = self.http_response.headers.get(name)
            if value is not None:
                result[name] = convert_header(value, type_)
        return result

    @property
    def url(self) -> _http.URL:
        """The URL that was requested."""
        return self.http_response.request.url

    @property
    def method(self) -> str:
        """The HTTP method of the request."""
        return self.http_response.request.method

    @property
    def content(self) -> bytes:
        """The raw body (reads it if a streaming response has not been read yet)."""
        return self.http_response.read()

    @property
    def text(self) -> str:
        """The body decoded as text."""
        self.http_response.read()
        return self.http_response.text

    def json(self) -> Any:
        """The body decoded as JSON (plain python values, no models)."""
        return json.loads(self.content)

    def __repr__(self) -> str:
        return (
            f"<APIResponse [{self.status_code}] {self.method} {self.url} "
            f"retries_taken={self.retries_taken}>"
        )
