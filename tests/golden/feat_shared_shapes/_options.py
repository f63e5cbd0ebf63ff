"""``client.copy(...)`` / ``client.with_options(...)``: a client with some options changed.

The copy is built by the client's own constructor from the original's options plus the
changes, and shares the original's HTTP client (its connection pool), as openai-python's
``copy`` does: closing the copy leaves the pool open; closing the original closes it for both.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from ._base_client import AsyncAPIClient, SyncAPIClient
from ._types import NotGiven

__all__ = ["copied_client"]

_ClientT = TypeVar("_ClientT", bound=SyncAPIClient | AsyncAPIClient)

# Options where `None` is a value of its own (no timeout, no Idempotency-Key), not "keep the
# original's".
_NONE_IS_A_VALUE = frozenset({"timeout", "idempotency_header"})
# Options merged into the original's rather than replacing them.
_MERGED = frozenset({"default_headers", "default_query"})


def _current(client: SyncAPIClient | AsyncAPIClient) -> dict[str, Any]:
    """The constructor arguments that rebuild ``client``."""
    client_params: Mapping[str, object] = getattr(client, "client_params", {})
    # a generated client names its credential arguments; the engine alone takes `auth`
    credentials: Mapping[str, object] = getattr(
        client, "credential_arguments", {"api_key": client.api_key, "auth": client._auth}
    )
    return {
        **credentials,
        "base_url": client.base_url,
        "timeout": client.timeout,
        "max_retries": client.max_retries,
        "max_redirects": client.max_redirects,
        "max_response_size": client.max_response_size,
        "max_event_size": client.max_event_size,
        "idempotency_header": client.idempotency_header,
        "strict_response_validation": client.strict_response_validation,
        "default_headers": dict(client._default_headers),
        "default_query": dict(client._default_query),
        **client_params,
    }


def copied_client(client: _ClientT, changes: Mapping[str, object]) -> _ClientT:
    """A new client of ``client``'s class: its options, with ``changes`` applied (``NOT_GIVEN``
    keeps the original's, and so does ``None`` except for ``timeout``, ``idempotency_header``
    and the client-level arguments, which it unsets; headers and query parameters are added to
    the original's), sharing its HTTP client unless ``http_client`` is given."""
    arguments = _current(client)
    # a client-level argument (a project id) is optional, so `None` takes it away (openai-python's
    # `copy(organization=None)` keeps the original's: there is no way back to none); a
    # credential's `None` still keeps it, as there
    none_is_a_value = _NONE_IS_A_VALUE | set(getattr(client, "client_params", ()))
    for name, value in changes.items():
        if isinstance(value, NotGiven) or (value is None and name not in none_is_a_value):
            continue
        if name in _MERGED and isinstance(value, Mapping):
            arguments[name] = {**arguments[name], **value}
        else:
            arguments[name] = value
    arguments.setdefault("http_client", client._client)
    copy = type(client)(**arguments)
    _share_waits(client, copy)
    return copy


def _share_waits(
    original: SyncAPIClient | AsyncAPIClient, copy: SyncAPIClient | AsyncAPIClient
) -> None:
    """The copy waits between retries as the original does (tests replace the waits); each
    engine types its own, sync or async."""
    match original, copy:
        case SyncAPIClient(), SyncAPIClient():
            copy._sleep = original._sleep
        case AsyncAPIClient(), AsyncAPIClient():
            copy._sleep = original._sleep
