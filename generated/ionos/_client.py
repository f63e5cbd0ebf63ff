"""The API clients: `Client` (sync) and `AsyncClient`."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Self

from . import _http
from ._base_client import AsyncAPIClient, SyncAPIClient
from ._options import copied_client
from ._resources import AsyncCompletions, Completions
from ._types import NOT_GIVEN, NotGiven, Timeout

__all__ = ["DEFAULT_BASE_URL", "AsyncClient", "Client"]

API_KEY_ENV = "IONOS_API_KEY"
BASE_URL_ENV = "IONOS_BASE_URL"
DEFAULT_BASE_URL: str | None = "https://openai.inference.de-txl.ionos.com"
AUTH_HEADER = "Authorization"
AUTH_SCHEME = "Bearer"


def _base_url(base_url: str | None) -> str:
    resolved = base_url or os.environ.get(BASE_URL_ENV) or DEFAULT_BASE_URL
    if not resolved:
        raise ValueError(
            f"no base URL: pass base_url= or set {BASE_URL_ENV} (the spec names no server)"
        )
    return resolved


class Client(SyncAPIClient):
    """Client for the API: one attribute per resource."""

    completions: Completions

    def __init__(
        self,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int = 2,
        default_headers: Mapping[str, str] | None = None,
        default_query: Mapping[str, object] | None = None,
        http_client: _http.Client | None = None,
    ) -> None:
        """Create a client.

        The API key defaults to the `IONOS_API_KEY` environment variable and the
        base URL to `IONOS_BASE_URL`, then to the spec's server.
        """
        super().__init__(
            base_url=_base_url(base_url),
            api_key=api_key if api_key is not None else os.environ.get(API_KEY_ENV),
            auth_header=AUTH_HEADER,
            auth_scheme=AUTH_SCHEME,
            timeout=timeout,
            max_retries=max_retries,
            default_headers=default_headers,
            default_query=default_query,
            http_client=http_client,
        )
        self.client_params: dict[str, object] = {}
        self.completions = Completions(self)

    def copy(
        self,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
        default_headers: Mapping[str, str] | None = None,
        default_query: Mapping[str, object] | None = None,
        http_client: _http.Client | None = None,
    ) -> Self:
        """A new client with the given options changed and the others as this one's.

        It shares this client's connection pool (unless `http_client` is given); headers and
        query parameters are added to this client's: `client.with_options(timeout=5.0)` for
        a few calls with another timeout.
        """
        return copied_client(
            self,
            {
                "api_key": api_key,
                "base_url": base_url,
                "timeout": timeout,
                "max_retries": max_retries,
                "default_headers": default_headers,
                "default_query": default_query,
                "http_client": http_client,
            },
        )

    with_options = copy


class AsyncClient(AsyncAPIClient):
    """Async client for the API: one attribute per resource."""

    completions: AsyncCompletions

    def __init__(
        self,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int = 2,
        default_headers: Mapping[str, str] | None = None,
        default_query: Mapping[str, object] | None = None,
        http_client: _http.AsyncClient | None = None,
    ) -> None:
        """Create a client.

        The API key defaults to the `IONOS_API_KEY` environment variable and the
        base URL to `IONOS_BASE_URL`, then to the spec's server.
        """
        super().__init__(
            base_url=_base_url(base_url),
            api_key=api_key if api_key is not None else os.environ.get(API_KEY_ENV),
            auth_header=AUTH_HEADER,
            auth_scheme=AUTH_SCHEME,
            timeout=timeout,
            max_retries=max_retries,
            default_headers=default_headers,
            default_query=default_query,
            http_client=http_client,
        )
        self.client_params: dict[str, object] = {}
        self.completions = AsyncCompletions(self)

    def copy(
        self,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
        default_headers: Mapping[str, str] | None = None,
        default_query: Mapping[str, object] | None = None,
        http_client: _http.AsyncClient | None = None,
    ) -> Self:
        """A new client with the given options changed and the others as this one's.

        It shares this client's connection pool (unless `http_client` is given); headers and
        query parameters are added to this client's: `client.with_options(timeout=5.0)` for
        a few calls with another timeout.
        """
        return copied_client(
            self,
            {
                "api_key": api_key,
                "base_url": base_url,
                "timeout": timeout,
                "max_retries": max_retries,
                "default_headers": default_headers,
                "default_query": default_query,
                "http_client": http_client,
            },
        )

    with_options = copy
