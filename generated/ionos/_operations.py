"""What every generated method does before and after the HTTP call.

Arguments are checked against the spec's own models before anything is sent; unset arguments
(`NOT_GIVEN`) are not sent at all; `None` is sent as null only where the spec allows null.
"""

from __future__ import annotations

import contextvars
import functools
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, ParamSpec, TypeVar
from urllib.parse import quote

import pydantic

from ._base_client import AsyncAPIClient, RequestOptions, ResponseSpec, SyncAPIClient
from ._response import APIResponse
from ._types import NOT_GIVEN, NotGiven

P = ParamSpec("P")
R = TypeVar("R")

_RAW_RESPONSE: contextvars.ContextVar[bool] = contextvars.ContextVar("raw_response", default=False)


class RequestValidationError(ValueError):
    """An argument does not match the spec; raised before anything is sent."""


def _describe(error: Mapping[str, Any], python_names: Mapping[str, str]) -> str:
    location = [str(part) for part in error.get("loc", ())]
    if location:
        location[0] = python_names.get(location[0], location[0])
    where = ".".join(location) or "arguments"
    value = error.get("input")
    shown = (
        "" if error.get("type") == "missing" else f" (got {type(value).__name__} {_short(value)})"
    )
    return f"{where}: {error.get('msg', 'invalid value')}{shown}"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def validated(
    model: type[pydantic.BaseModel],
    values: Mapping[str, object],
    *,
    nullable: frozenset[str],
    python_names: Mapping[str, str],
    raw: frozenset[str] = frozenset(),
) -> dict[str, Any]:
    """The given arguments (wire name -> value) checked by `model`, as JSON-ready values.

    `nullable` names the arguments the spec lets be null; `None` for any other is an error.
    `raw` names arguments passed through unchecked (multipart files).
    """
    given = {key: value for key, value in values.items() if not isinstance(value, NotGiven)}
    nulls = sorted(
        python_names.get(key, key)
        for key, value in given.items()
        if value is None and key not in nullable
    )
    if nulls:
        raise RequestValidationError(
            "; ".join(
                f"{name}: the spec does not allow null; leave it unset instead" for name in nulls
            )
        )
    passthrough = {key: given.pop(key) for key in list(given) if key in raw}
    try:
        instance = model.model_validate(given)
    except pydantic.ValidationError as exc:
        details = "; ".join(_describe(error, python_names) for error in exc.errors())
        raise RequestValidationError(details) from None
    dumped = instance.model_dump(mode="json", by_alias=True, exclude_unset=True)
    dumped.update(passthrough)
    return dumped


def validated_root(model: type[pydantic.BaseModel], value: object, *, name: str) -> Any:
    """A whole request body (not an object with properties) checked by its root model."""
    try:
        return model.model_validate(value).model_dump(mode="json", by_alias=True)
    except pydantic.ValidationError as exc:
        details = "; ".join(_describe(error, {}) for error in exc.errors())
        raise RequestValidationError(f"{name}: {details}") from None


def client_value(client: SyncAPIClient | AsyncAPIClient, name: str, value: object) -> object:
    """A per-call argument, or the value the client was created with when the call omits it."""
    if isinstance(value, NotGiven):
        defaults: Mapping[str, object] = getattr(client, "client_params", {})
        default = defaults.get(name)
        return NOT_GIVEN if default is None else default
    return value


def format_path(template: str, values: Mapping[str, Any]) -> str:
    """`/items/{id}` with each parameter percent-encoded (a `/` in a value stays inside it)."""
    path = template
    for key, value in values.items():
        path = path.replace("{" + key + "}", quote(_scalar(value), safe=""))
    return path


def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(_scalar(item) for item in value)
    return str(value)


def pick(
    values: Mapping[str, Any], keys: Mapping[str, str], *, joined: frozenset[str] = frozenset()
) -> dict[str, Any]:
    """Query values by wire name; arrays with `explode: false` joined by commas."""
    picked: dict[str, Any] = {}
    for key, wire in keys.items():
        if key in values and values[key] is not None:
            value = values[key]
            if isinstance(value, bool):
                value = "true" if value else "false"
            picked[wire] = _scalar(value) if key in joined else value
    return picked


def pick_strings(values: Mapping[str, Any], keys: Mapping[str, str]) -> dict[str, str]:
    """Header and cookie values by wire name, as strings."""
    return {wire: _scalar(values[key]) for key, wire in keys.items() if values.get(key) is not None}


def body_of(values: Mapping[str, Any], keys: frozenset[str]) -> dict[str, Any]:
    return {key: value for key, value in values.items() if key in keys}


def dispatch(
    client: SyncAPIClient, spec: ResponseSpec, options: RequestOptions, *, stream: bool
) -> Any:
    """Send the request; the parsed body, or an `APIResponse` inside `with_raw_response`."""
    if _RAW_RESPONSE.get():
        return client.request_raw(spec, options, stream=stream)
    return client.request(spec, options, stream=stream)


async def async_dispatch(
    client: AsyncAPIClient, spec: ResponseSpec, options: RequestOptions, *, stream: bool
) -> Any:
    if _RAW_RESPONSE.get():
        return await client.request_raw(spec, options, stream=stream)
    return await client.request(spec, options, stream=stream)


def to_raw_response(method: Callable[P, R]) -> Callable[P, APIResponse[R]]:
    """The same method, returning the raw response (status, headers, `parse()`)."""

    @functools.wraps(method)
    def wrapped(*args: P.args, **kwargs: P.kwargs) -> APIResponse[R]:
        token = _RAW_RESPONSE.set(True)
        try:
            return method(*args, **kwargs)  # type: ignore[return-value]
        finally:
            _RAW_RESPONSE.reset(token)

    return wrapped


def async_to_raw_response(
    method: Callable[P, Awaitable[R]],
) -> Callable[P, Awaitable[APIResponse[R]]]:
    @functools.wraps(method)
    async def wrapped(*args: P.args, **kwargs: P.kwargs) -> APIResponse[R]:
        token = _RAW_RESPONSE.set(True)
        try:
            return await method(*args, **kwargs)  # type: ignore[return-value]
        finally:
            _RAW_RESPONSE.reset(token)

    return wrapped
