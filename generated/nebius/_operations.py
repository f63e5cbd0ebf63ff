"""What every generated method does before and after the HTTP call.

Arguments are checked against the spec's own models before anything is sent; unset arguments
(`NOT_GIVEN`) are not sent at all; `None` is sent as null only where the spec allows null.
"""

from __future__ import annotations

import contextvars
import functools
import json
from collections.abc import Awaitable, Callable, Mapping
from typing import IO, Annotated, Any, ParamSpec, TypeAlias, TypeVar
from urllib.parse import quote

import pydantic
import pydantic_core

from ._base_client import AsyncAPIClient, RequestOptions, ResponseSpec, SyncAPIClient
from ._response import APIResponse
from ._types import NOT_GIVEN, NotGiven

P = ParamSpec("P")
R = TypeVar("R")

_RAW_RESPONSE: contextvars.ContextVar[bool] = contextvars.ContextVar("raw_response", default=False)

#: A file for a multipart upload: its bytes or an open binary file, optionally as
#: `(filename, content)` or `(filename, content, content_type)`.
FileContent: TypeAlias = (
    bytes | IO[bytes] | tuple[str, bytes | IO[bytes]] | tuple[str, bytes | IO[bytes], str]
)


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
    `raw` names arguments passed through unchecked (multipart files: bytes, open files or
    tuples, which the model, typing them as bytes, checks as empty placeholders).
    """
    given: dict[str, Any] = {}
    nulls: list[str] = []
    for key, value in values.items():
        if value is NOT_GIVEN:  # the only NotGiven instance
            continue
        if value is None and key not in nullable:
            nulls.append(python_names.get(key, key))
        given[key] = value
    if nulls:
        raise RequestValidationError(
            "; ".join(
                f"{name}: the spec does not allow null; leave it unset instead"
                for name in sorted(nulls)
            )
        )
    checked = given
    passthrough: dict[str, Any] = {}
    if raw:
        passthrough = {key: given[key] for key in given if key in raw}
        placeholders = {
            key: [] if isinstance(value, list) else b"" for key, value in passthrough.items()
        }
        checked = {**given, **placeholders}
    try:
        instance = _validator(model)(checked)
    except pydantic.ValidationError as exc:
        details = "; ".join(_describe(error, python_names) for error in exc.errors())
        raise RequestValidationError(details) from None
    dumped: dict[str, Any] = _keep_given_integers(_dump(instance), given)
    dumped.update(passthrough)
    return dumped


def _validator(model: type[pydantic.BaseModel]) -> Callable[[object], pydantic.BaseModel]:
    """`model.model_validate`, minus its per-call Python layer when the model is complete."""
    validator = model.__pydantic_validator__
    if isinstance(validator, pydantic_core.SchemaValidator):
        return validator.validate_python
    return model.model_validate


def _dump(instance: pydantic.BaseModel) -> Any:
    """`instance.model_dump(mode="json", by_alias=True, exclude_unset=True)`, minus its
    per-call Python layer."""
    serializer = type(instance).__pydantic_serializer__
    if isinstance(serializer, pydantic_core.SchemaSerializer):
        return serializer.to_python(instance, mode="json", by_alias=True, exclude_unset=True)
    return instance.model_dump(mode="json", by_alias=True, exclude_unset=True)


def _keep_given_integers(dumped: Any, given: Any) -> Any:
    """Put back integers the caller gave where the model made floats (`3` stays `3`, not `3.0`):
    a strict server may reject `3.0` for a field it reads as an integer. `dumped` is fresh
    JSON-mode output: its dicts and lists are updated in place."""
    if isinstance(dumped, float):
        if isinstance(given, int) and not isinstance(given, bool) and dumped == given:
            return given
        return dumped
    if isinstance(dumped, dict) and isinstance(given, Mapping):
        for key, value in dumped.items():
            kind = type(value)
            if kind is float or kind is dict or kind is list:
                kept = _keep_given_integers(value, given.get(key))
                if kept is not value:
                    dumped[key] = kept
        return dumped
    if isinstance(dumped, list) and isinstance(given, (list, tuple)) and len(given) == len(dumped):
        for index, (value, item) in enumerate(zip(dumped, given, strict=True)):
            kept = _keep_given_integers(value, item)
            if kept is not value:
                dumped[index] = kept
        return dumped
    return dumped


def validated_root(model: type[pydantic.BaseModel], value: object, *, name: str) -> Any:
    """A whole request body (not an object with properties) checked by its root model;
    `NOT_GIVEN` (an optional body left out) stays `NOT_GIVEN`."""
    if isinstance(value, NotGiven):
        return NOT_GIVEN
    try:
        instance = model.model_validate(value)
    except pydantic.ValidationError as exc:
        details = "; ".join(_describe(error, {}) for error in exc.errors())
        raise RequestValidationError(f"{name}: {details}") from None
    return instance.model_dump(mode="json", by_alias=True, exclude_unset=True)


def root_type(model: type[pydantic.RootModel[Any]]) -> object:
    """The type a root model wraps, with its field metadata (a union's discriminator...):
    responses parse into that type directly, so a `list[Pet]` body is a list."""
    field = model.model_fields["root"]
    return Annotated[field.annotation, field]


def raw_content(value: object) -> bytes | str | None:
    """A raw (text or binary) request body; `None` when the optional body was left out."""
    if isinstance(value, NotGiven) or value is None:
        return None
    if isinstance(value, bytes | str):
        return value
    raise RequestValidationError(f"body: expected bytes or str (got {type(value).__name__})")


def _form_value(value: Any) -> str | list[str]:
    """A form or multipart field: scalars as text (`true`/`false`), arrays repeated, objects
    as JSON (the OpenAPI default content type for object parts)."""
    if isinstance(value, list) and not any(isinstance(item, dict | list) for item in value):
        return [_scalar(item) for item in value]
    if isinstance(value, dict | list):
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return _scalar(value)


def form_fields(values: Mapping[str, Any]) -> dict[str, object]:
    """An `application/x-www-form-urlencoded` body from validated values (nulls left out)."""
    return {key: _form_value(value) for key, value in values.items() if value is not None}


def multipart_fields(values: Mapping[str, Any], files: frozenset[str]) -> dict[str, object]:
    """The text parts of a multipart body: every validated value that is not a file."""
    return form_fields({key: value for key, value in values.items() if key not in files})


def multipart_files(
    values: Mapping[str, object], files: frozenset[str]
) -> list[tuple[str, object]]:
    """The file parts of a multipart body, as given (bytes, an open file or a tuple): one
    part per file, so an array of files repeats its part name."""
    parts: list[tuple[str, object]] = []
    for key in sorted(files):
        value = values.get(key, NOT_GIVEN)
        if isinstance(value, NotGiven) or value is None:
            continue
        items = value if isinstance(value, list) else [value]
        parts.extend((key, item) for item in items)
    return parts


def client_value(client: SyncAPIClient | AsyncAPIClient, name: str, value: object) -> object:
    """A per-call argument, or the value the client was created with when the call omits it."""
    if isinstance(value, NotGiven):
        defaults: Mapping[str, object] = getattr(client, "client_params", {})
        default = defaults.get(name)
        return NOT_GIVEN if default is None else default
    return value


def format_path(template: str, values: Mapping[str, Any]) -> str:
    """`/items/{id}` with each parameter percent-encoded (a `/` in a value stays inside it);
    arrays and objects in the `simple` style (`1,2,3`; `key,value`)."""
    path = template
    for key, value in values.items():
        if isinstance(value, dict):
            value = [part for pair in value.items() for part in pair]
        items = value if isinstance(value, list) else [value]
        path = path.replace(
            "{" + key + "}", ",".join(quote(_scalar(item), safe="") for item in items)
        )
    return path


def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return ""
    if isinstance(value, list):
        return ",".join(_scalar(item) for item in value)
    if isinstance(value, dict):
        return ",".join(_scalar(part) for pair in value.items() for part in pair)
    return str(value)


def pick(
    values: Mapping[str, Any],
    keys: Mapping[str, str],
    *,
    delimiters: Mapping[str, str] | None = None,
    deep: frozenset[str] = frozenset(),
    json_encoded: frozenset[str] = frozenset(),
) -> dict[str, Any]:
    """Query values by wire name, serialised as the parameter's style says.

    Arrays repeat the key (`form`, exploded) or are joined by their style's delimiter
    (`,` form, ` ` spaceDelimited, `|` pipeDelimited); objects spread into their properties
    (`form`, exploded), `name[key]` pairs (`deepObject`), or `key,value` pairs; parameters
    the spec describes with an `application/json` media type are sent as JSON text.
    """
    picked: dict[str, Any] = {}
    for key, wire in keys.items():
        value = values.get(key)
        if value is None:
            continue
        delimiter = (delimiters or {}).get(key)
        if key in json_encoded:
            picked[wire] = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
        elif isinstance(value, dict):
            if key in deep:
                picked.update({f"{wire}[{name}]": _scalar(item) for name, item in value.items()})
            elif delimiter is None:
                picked.update({name: _scalar(item) for name, item in value.items()})
            else:
                picked[wire] = delimiter.join(
                    _scalar(part) for pair in value.items() for part in pair
                )
        elif isinstance(value, list):
            items = [_scalar(item) for item in value]
            picked[wire] = items if delimiter is None else delimiter.join(items)
        else:
            picked[wire] = _scalar(value)
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
