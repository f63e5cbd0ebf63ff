"""The API clients: `Client` (sync) and `AsyncClient`."""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import cached_property
from typing import TYPE_CHECKING, Self

from . import _http
from ._auth import Auth, SecurityScheme, from_env
from ._base_client import (
    DEFAULT_MAX_EVENT_SIZE,
    DEFAULT_MAX_REDIRECTS,
    DEFAULT_MAX_RESPONSE_SIZE,
    AsyncAPIClient,
    SyncAPIClient,
    check_base_url,
)
from ._options import copied_client
from ._types import NOT_GIVEN, NotGiven, Timeout

if TYPE_CHECKING:
    # each resource's module is imported when its attribute is first read (below)
    from .resources.conversations import AsyncConversations, Conversations
    from .resources.engines import AsyncEngines, Engines
    from .resources.events import AsyncEvents, Events
    from .resources.items import AsyncItems, Items
    from .resources.jobs import AsyncJobs, Jobs
    from .resources.pets import AsyncPets, Pets
    from .resources.records import AsyncRecords, Records
    from .resources.repos import AsyncRepos, Repos
    from .resources.tasks import AsyncTasks, Tasks
    from .resources.webhook_apps import AsyncWebhookApps, WebhookApps

__all__ = ["DEFAULT_BASE_URL", "AsyncClient", "Client"]

API_KEY_ENV = "FEAT_PAGINATION_API_KEY"
BASE_URL_ENV = "FEAT_PAGINATION_BASE_URL"
DEFAULT_BASE_URL: str | None = "https://lists.example.com/v1"
# The package and its API version, then the generator that wrote it.
USER_AGENT = "feat_pagination/1.0 openapi-clientgen/0.1.0"
#: the idempotency-key header every POST and PATCH carries (the document says the server
#: de-duplicates on it, so they are retried); NOT_GIVEN: only operations declaring one
#: (`idempotency_header=None` on the client sends no key, and makes no keyed retry, anywhere)
IDEMPOTENCY_HEADER: str | NotGiven = NOT_GIVEN
#: the document's security schemes, as sent
SECURITY_SCHEMES: tuple[SecurityScheme, ...] = (
    SecurityScheme("api_key", "header", "Authorization", prefix="Bearer "),
)
#: the document's `security`: alternatives, each the schemes it needs together
SECURITY: list[list[str]] = [["api_key"], []]
#: how each scheme's credential is given, for error messages
CREDENTIAL_SOURCES: dict[str, str] = {
    "api_key": "api_key= (or the FEAT_PAGINATION_API_KEY environment variable)",
}


def _base_url(base_url: str | None) -> str:
    env_url = None if base_url else os.environ.get(BASE_URL_ENV)
    if env_url:  # said wrong under its own name, not as base_url=
        check_base_url(env_url, named=BASE_URL_ENV)
    resolved = base_url or env_url or DEFAULT_BASE_URL
    if not resolved:
        raise ValueError(
            f"no base URL: pass base_url= or set {BASE_URL_ENV} (the spec names no server)"
        )
    return resolved


def _auth(
    api_key: str | None,
) -> Auth:
    """The client's credentials: the arguments, else their environment variables."""
    return Auth(
        SECURITY_SCHEMES,
        {
            "api_key": from_env(api_key, API_KEY_ENV),
        },
        requirements=SECURITY,
        sources=CREDENTIAL_SOURCES,
        required=False,
    )


class Client(SyncAPIClient):
    """Client for the API: one attribute per resource."""

    user_agent = USER_AGENT

    def __init__(
        self,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int = 2,
        max_redirects: int = DEFAULT_MAX_REDIRECTS,
        max_response_size: int = DEFAULT_MAX_RESPONSE_SIZE,
        max_event_size: int = DEFAULT_MAX_EVENT_SIZE,
        idempotency_header: str | None | NotGiven = IDEMPOTENCY_HEADER,
        default_headers: Mapping[str, str] | None = None,
        default_query: Mapping[str, object] | None = None,
        strict_response_validation: bool = False,
        http_client: _http.Client | None = None,
    ) -> None:
        """Create a client.

        Credentials, each its argument else its environment variable:
        - `api_key`: `FEAT_PAGINATION_API_KEY`

        The base URL defaults to `FEAT_PAGINATION_BASE_URL`, then to the spec's server.
        `max_response_size` and `max_event_size` bound what one response body (decoded) and
        one server-sent event may hold, in bytes. With `strict_response_validation=True` an
        answer (or streamed event) that does not match its declared model raises
        `APIResponseValidationError` instead of being returned as built without validation.
        """
        #: the credentials as given or found in the environment (`copy()` passes them on)
        self.credential_arguments: dict[str, str | None] = {
            "api_key": from_env(api_key, API_KEY_ENV),
        }
        super().__init__(
            base_url=_base_url(base_url),
            api_key=self.credential_arguments["api_key"],
            auth=_auth(**self.credential_arguments),
            timeout=timeout,
            max_retries=max_retries,
            max_redirects=max_redirects,
            max_response_size=max_response_size,
            max_event_size=max_event_size,
            idempotency_header=idempotency_header,
            default_headers=default_headers,
            default_query=default_query,
            strict_response_validation=strict_response_validation,
            http_client=http_client,
        )
        self.client_params: dict[str, object] = {}

    def copy(
        self,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
        max_redirects: int | NotGiven = NOT_GIVEN,
        max_response_size: int | NotGiven = NOT_GIVEN,
        max_event_size: int | NotGiven = NOT_GIVEN,
        idempotency_header: str | None | NotGiven = NOT_GIVEN,
        default_headers: Mapping[str, str] | None = None,
        default_query: Mapping[str, object] | None = None,
        strict_response_validation: bool | NotGiven = NOT_GIVEN,
        http_client: _http.Client | None = None,
    ) -> Self:
        """A new client with the given options changed and the others as this one's.

        It shares this client's connection pool (unless `http_client` is given); headers and
        query parameters are added to this client's: `client.with_options(timeout=5.0)` for
        a few calls with another timeout. An option left out stays as this client's, and so
        does one given as `None` (credentials too), but for `timeout` (`None`: no timeout),
        and `idempotency_header` (`None`: no key).
        """
        return copied_client(
            self,
            {
                "api_key": api_key,
                "base_url": base_url,
                "timeout": timeout,
                "max_retries": max_retries,
                "max_redirects": max_redirects,
                "max_response_size": max_response_size,
                "max_event_size": max_event_size,
                "idempotency_header": idempotency_header,
                "default_headers": default_headers,
                "default_query": default_query,
                "strict_response_validation": strict_response_validation,
                "http_client": http_client,
            },
        )

    with_options = copy

    @cached_property
    def conversations(self) -> Conversations:
        """The `conversations` resource, its module imported on first use and the object kept."""
        from .resources.conversations import Conversations

        return Conversations(self)

    @cached_property
    def engines(self) -> Engines:
        """The `engines` resource, its module imported on first use and the object kept."""
        from .resources.engines import Engines

        return Engines(self)

    @cached_property
    def events(self) -> Events:
        """The `events` resource, its module imported on first use and the object kept."""
        from .resources.events import Events

        return Events(self)

    @cached_property
    def items(self) -> Items:
        """The `items` resource, its module imported on first use and the object kept."""
        from .resources.items import Items

        return Items(self)

    @cached_property
    def jobs(self) -> Jobs:
        """The `jobs` resource, its module imported on first use and the object kept."""
        from .resources.jobs import Jobs

        return Jobs(self)

    @cached_property
    def pets(self) -> Pets:
        """The `pets` resource, its module imported on first use and the object kept."""
        from .resources.pets import Pets

        return Pets(self)

    @cached_property
    def records(self) -> Records:
        """The `records` resource, its module imported on first use and the object kept."""
        from .resources.records import Records

        return Records(self)

    @cached_property
    def repos(self) -> Repos:
        """The `repos` resource, its module imported on first use and the object kept."""
        from .resources.repos import Repos

        return Repos(self)

    @cached_property
    def tasks(self) -> Tasks:
        """The `tasks` resource, its module imported on first use and the object kept."""
        from .resources.tasks import Tasks

        return Tasks(self)

    @cached_property
    def webhook_apps(self) -> WebhookApps:
        """The `webhook_apps` resource, its module imported on first use and the object kept."""
        from .resources.webhook_apps import WebhookApps

        return WebhookApps(self)


class AsyncClient(AsyncAPIClient):
    """Async client for the API: one attribute per resource."""

    user_agent = USER_AGENT

    def __init__(
        self,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int = 2,
        max_redirects: int = DEFAULT_MAX_REDIRECTS,
        max_response_size: int = DEFAULT_MAX_RESPONSE_SIZE,
        max_event_size: int = DEFAULT_MAX_EVENT_SIZE,
        idempotency_header: str | None | NotGiven = IDEMPOTENCY_HEADER,
        default_headers: Mapping[str, str] | None = None,
        default_query: Mapping[str, object] | None = None,
        strict_response_validation: bool = False,
        http_client: _http.AsyncClient | None = None,
    ) -> None:
        """Create a client.

        Credentials, each its argument else its environment variable:
        - `api_key`: `FEAT_PAGINATION_API_KEY`

        The base URL defaults to `FEAT_PAGINATION_BASE_URL`, then to the spec's server.
        `max_response_size` and `max_event_size` bound what one response body (decoded) and
        one server-sent event may hold, in bytes. With `strict_response_validation=True` an
        answer (or streamed event) that does not match its declared model raises
        `APIResponseValidationError` instead of being returned as built without validation.
        """
        #: the credentials as given or found in the environment (`copy()` passes them on)
        self.credential_arguments: dict[str, str | None] = {
            "api_key": from_env(api_key, API_KEY_ENV),
        }
        super().__init__(
            base_url=_base_url(base_url),
            api_key=self.credential_arguments["api_key"],
            auth=_auth(**self.credential_arguments),
            timeout=timeout,
            max_retries=max_retries,
            max_redirects=max_redirects,
            max_response_size=max_response_size,
            max_event_size=max_event_size,
            idempotency_header=idempotency_header,
            default_headers=default_headers,
            default_query=default_query,
            strict_response_validation=strict_response_validation,
            http_client=http_client,
        )
        self.client_params: dict[str, object] = {}

    def copy(
        self,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
        max_redirects: int | NotGiven = NOT_GIVEN,
        max_response_size: int | NotGiven = NOT_GIVEN,
        max_event_size: int | NotGiven = NOT_GIVEN,
        idempotency_header: str | None | NotGiven = NOT_GIVEN,
        default_headers: Mapping[str, str] | None = None,
        default_query: Mapping[str, object] | None = None,
        strict_response_validation: bool | NotGiven = NOT_GIVEN,
        http_client: _http.AsyncClient | None = None,
    ) -> Self:
        """A new client with the given options changed and the others as this one's.

        It shares this client's connection pool (unless `http_client` is given); headers and
        query parameters are added to this client's: `client.with_options(timeout=5.0)` for
        a few calls with another timeout. An option left out stays as this client's, and so
        does one given as `None` (credentials too), but for `timeout` (`None`: no timeout),
        and `idempotency_header` (`None`: no key).
        """
        return copied_client(
            self,
            {
                "api_key": api_key,
                "base_url": base_url,
                "timeout": timeout,
                "max_retries": max_retries,
                "max_redirects": max_redirects,
                "max_response_size": max_response_size,
                "max_event_size": max_event_size,
                "idempotency_header": idempotency_header,
                "default_headers": default_headers,
                "default_query": default_query,
                "strict_response_validation": strict_response_validation,
                "http_client": http_client,
            },
        )

    with_options = copy

    @cached_property
    def conversations(self) -> AsyncConversations:
        """The `conversations` resource, its module imported on first use and the object kept."""
        from .resources.conversations import AsyncConversations

        return AsyncConversations(self)

    @cached_property
    def engines(self) -> AsyncEngines:
        """The `engines` resource, its module imported on first use and the object kept."""
        from .resources.engines import AsyncEngines

        return AsyncEngines(self)

    @cached_property
    def events(self) -> AsyncEvents:
        """The `events` resource, its module imported on first use and the object kept."""
        from .resources.events import AsyncEvents

        return AsyncEvents(self)

    @cached_property
    def items(self) -> AsyncItems:
        """The `items` resource, its module imported on first use and the object kept."""
        from .resources.items import AsyncItems

        return AsyncItems(self)

    @cached_property
    def jobs(self) -> AsyncJobs:
        """The `jobs` resource, its module imported on first use and the object kept."""
        from .resources.jobs import AsyncJobs

        return AsyncJobs(self)

    @cached_property
    def pets(self) -> AsyncPets:
        """The `pets` resource, its module imported on first use and the object kept."""
        from .resources.pets import AsyncPets

        return AsyncPets(self)

    @cached_property
    def records(self) -> AsyncRecords:
        """The `records` resource, its module imported on first use and the object kept."""
        from .resources.records import AsyncRecords

        return AsyncRecords(self)

    @cached_property
    def repos(self) -> AsyncRepos:
        """The `repos` resource, its module imported on first use and the object kept."""
        from .resources.repos import AsyncRepos

        return AsyncRepos(self)

    @cached_property
    def tasks(self) -> AsyncTasks:
        """The `tasks` resource, its module imported on first use and the object kept."""
        from .resources.tasks import AsyncTasks

        return AsyncTasks(self)

    @cached_property
    def webhook_apps(self) -> AsyncWebhookApps:
        """The `webhook_apps` resource, its module imported on first use and the object kept."""
        from .resources.webhook_apps import AsyncWebhookApps

        return AsyncWebhookApps(self)
