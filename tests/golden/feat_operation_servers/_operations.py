"""What a generated method does with its arguments before the HTTP call.

Arguments are checked against the spec's own models before anything is sent; unset arguments
(`NOT_GIVEN`) are not sent at all; `None` is sent as null only where the spec allows null.
The checked values are then placed where the spec says: the path (`format_path`), the query
(`pick`), headers (`pick_headers`, checked: no line breaks, ASCII) and cookies (`pick_cookies`;
percent-encoded when sent), and the body (JSON as it is, or `form_body`,
`multipart_body`, `raw_body`); `request_options` gathers all but the path and the body.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import IO, Annotated, Any, TypeAlias, TypedDict, get_args
from urllib.parse import quote

import pydantic
import pydantic_core

from ._auth import is_credential_header
from ._base_client import AsyncAPIClient, SyncAPIClient, dump_model, header_problem, is_token
from ._errors import RequestValidationError
from ._types import NOT_GIVEN, Headers, NotGiven, Query, Timeout

#: A file for a multipart upload: its bytes, an open binary file or a path (`Path("a.jsonl")`,
#: streamed from the file when sent; its name is the filename), optionally as
#: `(filename, content)` or `(filename, content, content_type)`.
FileData: TypeAlias = bytes | IO[bytes] | os.PathLike[str]
FileContent: TypeAlias = FileData | tuple[str, FileData] | tuple[str, FileData, str]


def _describe(
    error: Mapping[str, Any], python_names: Mapping[str, str], model: object = None
) -> str:
    location = [str(part) for part in error.get("loc", ())]
    if location:
        location[0] = python_names.get(location[0], location[0])
    # a property named "" is shown as such: the location is not empty, the name is
    where = ".".join(part or '""' for part in location) or "arguments"
    value = error.get("input")
    hidden = _hidden_at(model, error.get("loc", ())) or _names_a_secret(error.get("loc", ()))
    shown = (
        ""
        if error.get("type") == "missing"
        else " (the value is not shown)"
        if hidden
        else f" (got {type(value).__name__} {_short(value)})"
    )
    return f"{where}: {error.get('msg', 'invalid value')}{shown}"


def _names_a_secret(location: Iterable[object]) -> bool:
    """Whether a validation error's location names its value (the last name in it: the
    property, parameter or key holding it, an array's index aside) by a word saying it holds a
    credential (`X-Api-Key`, `access_token`, `client_secret`): a header, query parameter or
    property the document does not mark `format: password` still is one, which the client
    keeps home and blanks when a server echoes it; its message showed it."""
    names = [part for part in location if isinstance(part, str)]
    return bool(names) and is_credential_header(names[-1])


def _hidden_at(model: object, location: Iterable[object]) -> bool:
    """Whether a validation error's ``location`` in ``model`` runs through a field whose value
    is never shown (``repr=False``: a ``format: password`` property): the message leaves its
    input out, as the model's ``repr`` does."""
    models = _models_in(model)
    for part in location:
        if not isinstance(part, str):  # an index into an array
            continue
        fields = [
            info
            for found in models
            for name, info in found.model_fields.items()
            if part in (name, info.alias)
        ]
        if not fields:  # a union's member, named by pydantic: the same models go on
            continue
        if any(info.repr is False for info in fields):
            return True
        models = [inner for info in fields for inner in _models_in(info.annotation)]
    # a root model's value is its `root` field, which no location names (an array's item)
    roots = [found.model_fields.get("root") for found in models]
    return any(info is not None and info.repr is False for info in roots)


def _models_in(annotation: object) -> list[type[pydantic.BaseModel]]:
    """The models ``annotation`` is or holds (``list[Pet] | None`` -> ``[Pet]``)."""
    if isinstance(annotation, type) and issubclass(annotation, pydantic.BaseModel):
        return [annotation]
    return [inner for argument in get_args(annotation) for inner in _models_in(argument)]


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def validated(
    model: type[pydantic.BaseModel],
    values: Mapping[str, object],
    *,
    nullable: Collection[str] = (),
    python_names: Mapping[str, str] | None = None,
    raw: Collection[str] = (),
) -> dict[str, Any]:
    """The given arguments (wire name -> value) checked by `model`, as JSON-ready values.

    `nullable` names the arguments the spec lets be null; `None` for any other is an error.
    `python_names` maps wire names to the argument names errors should use, where they differ.
    `raw` names arguments passed through unchecked when they hold files (multipart files:
    bytes, open files, paths or tuples, which the model, typing them as bytes, checks as empty
    placeholders); any other value of theirs (a union's text branch) is checked as given.
    """
    python_names = python_names or {}
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
        passthrough = {
            key: value for key, value in given.items() if key in raw and _is_file_part(value)
        }
        placeholders = {
            key: [] if isinstance(value, list) else b"" for key, value in passthrough.items()
        }
        checked = {**given, **placeholders}
    try:
        instance = _validator(model)(checked)
    except pydantic.ValidationError as exc:
        details = "; ".join(_describe(error, python_names, model) for error in exc.errors())
        raise RequestValidationError(details) from None
    dumped: dict[str, Any] = _keep_given(dump_model(instance, given, names=python_names), given)
    _refuse_bools_made_numbers(dumped, given, python_names)
    # the given value too: pydantic writes a NaN held by a free-form object as null
    unsendable = sorted(
        python_names.get(key, key)
        for key, value in dumped.items()
        if type(value) is not str and (_non_finite(value) or _non_finite(given.get(key)))
    )
    if unsendable:
        raise RequestValidationError(
            "; ".join(
                f"{name}: NaN or an infinity, which JSON and the spec's numbers do not have"
                for name in unsendable
            )
        )
    dumped.update(passthrough)
    return dumped


def _non_finite(value: object) -> bool:
    """Whether ``value`` is or holds a float NaN or infinity: the models take them, but JSON
    has no such number (``json.dumps`` writes ``NaN``, which a server's parser refuses or, worse,
    reads), and a query ``ratio=inf`` means nothing the document declared."""
    pending = [value]  # its own stack: a body may nest deeper than Python recurses
    while pending:
        item = pending.pop()
        if isinstance(item, float):
            if not math.isfinite(item):
                return True
        elif isinstance(item, dict):
            pending.extend(item.values())
        elif isinstance(item, list | tuple):
            pending.extend(item)
    return False


def _validator(model: type[pydantic.BaseModel]) -> Callable[[object], pydantic.BaseModel]:
    """`model.model_validate`, minus its per-call Python layer when the model is complete."""
    validator = model.__pydantic_validator__
    if isinstance(validator, pydantic_core.SchemaValidator):
        return validator.validate_python
    return model.model_validate


def _keep_given(dumped: Any, given: Any) -> Any:
    """Put back integers the caller gave where the model made floats (`3` stays `3`, not `3.0`):
    a strict server may reject `3.0` for a field it reads as an integer; and URLs the caller
    gave where the model rewrote them (`format: uri`: `https://a.example?x=1` became
    `https://a.example/?x=1`, `/x/../y` became `/y`): an OAuth `redirect_uri` or a signed URL
    must reach the server as written. Any other string goes as the model writes it: what it
    read for the caller (a Unix time in a `date-time` field, a `urn:uuid:` UUID) is sent in
    the form the document names. `dumped` is fresh JSON-mode output: its dicts and lists are
    updated in place."""
    kind = type(dumped)
    if kind is float:
        if isinstance(given, int) and not isinstance(given, bool) and dumped == given:
            return given
        return dumped
    if kind is str:
        return given if _rewritten_url(dumped, given) else dumped
    if kind is dict and isinstance(given, Mapping):
        for key, value in dumped.items():
            if type(value) in _KEPT_KINDS:
                kept = _keep_given(value, given.get(key))
                if kept is not value:
                    dumped[key] = kept
        return dumped
    if kind is list and isinstance(given, (list, tuple)) and len(given) == len(dumped):
        for index, (value, item) in enumerate(zip(dumped, given, strict=True)):
            kept = _keep_given(value, item)
            if kept is not value:
                dumped[index] = kept
        return dumped
    return dumped


_KEPT_KINDS = (float, str, dict, list)  # what `_keep_given` may put back, or look inside


def _refuse_bools_made_numbers(
    dumped: Any, given: Any, python_names: Mapping[str, str] | None = None
) -> None:
    """`RequestValidationError` naming each bool the caller gave where the spec wants a number:
    the models read `True` as `1` (pydantic's lax mode), and `id=True` requested `/items/1`."""
    found = sorted(_bools_made_numbers(dumped, given, ()))
    if found:
        names = python_names or {}
        raise RequestValidationError(
            "; ".join(
                ".".join([names.get(str(where[0]), str(where[0])), *map(str, where[1:])])
                + ": a bool where the spec wants a number (it would be sent as "
                + ("1" if value else "0")
                + ")"
                for where, value in found
            )
        )


def _bools_made_numbers(
    dumped: Any, given: Any, where: tuple[object, ...]
) -> Iterator[tuple[tuple[object, ...], bool]]:
    """Where (and which) a bool of `given` is a number in `dumped`, the models' JSON of it."""
    if isinstance(given, bool):
        if type(dumped) in (int, float):
            yield where, given
    elif type(dumped) is dict and isinstance(given, Mapping):
        for key, value in dumped.items():
            if type(value) in (int, float, dict, list) and (found := _given_at(given, key)):
                yield from _bools_made_numbers(value, found[0], (*where, key))
    elif type(dumped) is list and isinstance(given, list | tuple) and len(given) == len(dumped):
        for index, (value, item) in enumerate(zip(dumped, given, strict=True)):
            if type(value) in (int, float, dict, list):
                yield from _bools_made_numbers(value, item, (*where, index))


def _given_at(given: Mapping[Any, Any], key: str) -> tuple[Any] | None:
    """The caller's value the models wrote under the wire name `key`: given by that name or,
    in a nested object, by the field's Python name (`product_id` for `productId`: the models
    take both); None when it was not given."""
    if key in given:
        return (given[key],)
    wanted = _loose(key)
    return next(((value,) for name, value in given.items() if _loose(name) == wanted), None)


def _loose(name: object) -> str:
    return str(name).replace("_", "").replace("-", "").lower()


def _rewritten_url(dumped: str, given: object) -> bool:
    """Whether `given` is a URL (`scheme://...`) the model wrote as `dumped`, another text."""
    return isinstance(given, str) and given != dumped and "://" in given and "://" in dumped


def validated_root(model: type[Any], value: object, *, name: str = "body") -> Any:
    """A whole request body (not an object with properties) checked by its root model, or by
    its enum class (a body that is one of an enum's values); `NOT_GIVEN` (an optional body left
    out) stays `NOT_GIVEN`."""
    if isinstance(value, NotGiven):
        return NOT_GIVEN
    adapter: pydantic.TypeAdapter[Any] | None = None
    if not issubclass(model, pydantic.BaseModel):
        adapter = pydantic.TypeAdapter(model)  # an enum: no model_validate of its own
    try:
        instance = (
            model.model_validate(value) if adapter is None else adapter.validate_python(value)
        )
    except pydantic.ValidationError as exc:
        details = "; ".join(_describe(error, {}, model) for error in exc.errors())
        raise RequestValidationError(f"{name}: {details}") from None
    if adapter is not None:
        return adapter.dump_python(instance, mode="json")
    kept = _keep_given(dump_model(instance, value), value)
    _refuse_bools_made_numbers({name: kept}, {name: value})
    return kept


def optional_body(values: dict[str, Any]) -> dict[str, Any] | NotGiven:
    """An optional JSON body's checked properties, or `NOT_GIVEN` (no body at all, as the
    document allows) when the caller gave none of them."""
    return values if values else NOT_GIVEN


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


def _is_json_value(value: Any) -> bool:
    """An object, or an array holding objects or arrays: sent as JSON text, where scalars and
    arrays of scalars are text fields."""
    return isinstance(value, dict) or (
        isinstance(value, list) and any(isinstance(item, dict | list) for item in value)
    )


def _form_value(value: Any) -> str | list[str]:
    """A form or multipart field: scalars as text (`true`/`false`), arrays repeated, objects
    as JSON (the OpenAPI default content type for object parts)."""
    if _is_json_value(value):
        return _json_text(value)
    if isinstance(value, list):
        return [_scalar(item) for item in value]
    return _scalar(value)


def form_fields(
    values: Mapping[str, Any],
    *,
    delimiters: Mapping[str, str] | None = None,
    deep: Collection[str] = (),
    spread: Collection[str] = (),
) -> dict[str, object]:
    """An `application/x-www-form-urlencoded` body from validated values (nulls left out),
    each field in the style its `encoding` names: joined by its delimiter (`delimiters`),
    as `name[key]` fields however deep (`deep`: deepObject), or an object spread into its
    properties (`spread`: `form`, exploded). Without one, arrays repeat the field and objects
    are JSON text. A field two values would give (an object spread into a name the body
    has already) is refused: one value would silently replace the other."""
    fields: dict[str, object] = {}
    owners: dict[str, str] = {}  # each field -> the value that gave it
    for key, value in values.items():
        if value is None:
            continue
        delimiter = delimiters.get(key) if delimiters else None
        given: Iterable[tuple[str, object]]
        if key in deep and isinstance(value, dict | list):
            given = _bracketed(key, value)
        elif key in spread and isinstance(value, dict):
            given = [
                (str(name), _form_value(item)) for name, item in value.items() if item is not None
            ]
        elif delimiter is not None and isinstance(value, dict | list):
            given = [(key, _joined(value, delimiter))]
        else:
            given = [(key, _form_value(value))]
        for name, sent in given:
            owner = owners.setdefault(name, key)
            if owner != key:
                raise RequestValidationError(_clash(name, owner, key))
            fields[name] = sent
    return fields


def _clash(name: str, first: str, second: str) -> str:
    """Why a form body that would hold the field `name` twice is refused."""
    return (
        f"{second}: the form field {name!r} would be sent from both {first} and {second} (an "
        "object spread into its properties); one value would replace the other: nothing was sent"
    )


def _joined(value: dict[Any, Any] | list[Any], delimiter: str) -> str:
    """An array or object not exploded, in a delimited style: its items, or its keys and
    values in turn, joined by `delimiter` (`a,b`; `kind,cat,size,2`)."""
    parts = value if isinstance(value, list) else [part for pair in value.items() for part in pair]
    return delimiter.join(_scalar(part) for part in parts)


def _bracketed(name: str, value: Any) -> list[tuple[str, str]]:
    """The `deepObject` fields of an object or array: `name[key]=value` for each of its values,
    nested ones as `name[key][inner]`, array items by index (`expand[0]=customer`, as Stripe
    reads them); nulls left out. Its own stack: a value may nest deeper than Python recurses."""
    fields: list[tuple[str, str]] = []
    pending: list[tuple[str, Any]] = [(name, value)]
    while pending:
        prefix, item = pending.pop()
        if isinstance(item, dict):
            pending.extend(reversed([(f"{prefix}[{key}]", inner) for key, inner in item.items()]))
        elif isinstance(item, list):
            pending.extend(
                reversed([(f"{prefix}[{index}]", inner) for index, inner in enumerate(item)])
            )
        elif item is not None:
            fields.append((prefix, _scalar(item)))
    return fields


def multipart_fields(values: Mapping[str, Any], files: Collection[str]) -> dict[str, object]:
    """The text parts of a multipart body: every validated value that is neither a file nor
    JSON (see :func:`multipart_files`)."""
    return form_fields(
        {
            key: value
            for key, value in values.items()
            if key not in files and not _is_json_value(value)
        }
    )


def multipart_files(
    values: Mapping[str, object], files: Collection[str]
) -> list[tuple[str, object]]:
    """The file and JSON parts of a multipart body, in the order of `values` (the document's
    properties), after the text parts: a server reading the body as a stream may need one part
    before another (Box's upload takes `attributes` before `file`, else 400
    `metadata_after_file_contents`). A file goes as given (bytes, an open file or a tuple), one
    part per file, so an array of files repeats its part name; an object, or an array of
    objects, as JSON with its own `Content-Type: application/json` (OpenAPI's default for an
    object part: a server binding a part to a class by its media type, Spring's
    `@RequestPart`, refuses one without, as text/plain), and no filename, so that the server
    reads it as a field, not an upload."""
    parts: list[tuple[str, object]] = []
    for key, value in values.items():
        if key in files:
            if isinstance(value, NotGiven) or value is None:
                continue
            items = value if isinstance(value, list) else [value]
            parts.extend((key, item) for item in items)  # paths are opened when sent (_uploads)
        elif _is_json_value(value):
            parts.append((key, (None, _json_text(value).encode("utf-8"), "application/json")))
    return parts


FORM_MEDIA_TYPE = "application/x-www-form-urlencoded"


@dataclass(frozen=True)
class FormBody:
    """An `application/x-www-form-urlencoded` request body: its fields, or (a `str`) the form
    already encoded, sent as given; with its media type as the document declares it."""

    fields: Mapping[str, object] | str
    content_type: str = FORM_MEDIA_TYPE


@dataclass(frozen=True)
class MultipartBody:
    """A `multipart/form-data` request body: text parts, and file parts as given."""

    fields: Mapping[str, object]
    files: list[tuple[str, object]]


@dataclass(frozen=True)
class RawBody:
    """A request body sent as it is (text or binary), with its media type."""

    content: bytes | str | None
    content_type: str


def form_body(
    values: Mapping[str, Any] | str | NotGiven,
    *,
    delimiters: Mapping[str, str] | None = None,
    deep: Collection[str] = (),
    spread: Collection[str] = (),
    media_type: str = FORM_MEDIA_TYPE,
) -> FormBody | NotGiven:
    """A form body from validated values, each field in its style (see :func:`form_fields`);
    `NOT_GIVEN` (an optional body left out: none is sent) stays `NOT_GIVEN`. A body the
    document types as a string (`schema: {type: string}`, or a union's string branch) is the
    form already encoded (`a=1&b=2`): sent as given. Either goes as `media_type`, the
    document's own (`; charset=utf-8` kept)."""
    if isinstance(values, NotGiven):
        return NOT_GIVEN
    if isinstance(values, str):  # it was refused ("a form body is a mapping"): no call worked
        return FormBody(values, media_type)
    fields = form_fields(
        _parts_mapping(values, "form"), delimiters=delimiters, deep=deep, spread=spread
    )
    return FormBody(fields, media_type)


def multipart_body(
    values: Mapping[str, Any] | NotGiven,
    files: Collection[str] = (),
    *,
    unions: Collection[str] = (),
) -> MultipartBody:
    """A multipart body from validated values; `files` names the file parts (their files passed
    through unchecked by `validated(..., raw=files)`), `unions` those of them that are a union
    with a file branch, sent as a field when their value is no file (a text, an object);
    `NOT_GIVEN` (an optional body left out) is one of no parts: no body is sent, unless
    `extra_body=` gives parts (sent as multipart, not as JSON)."""
    values = {} if isinstance(values, NotGiven) else _parts_mapping(values, "multipart")
    files = {key for key in files if key not in unions or _is_file_part(values.get(key))}
    return MultipartBody(
        multipart_fields(values, files),
        multipart_files(values, files),
    )


def multipart_parts(model: type[Any], value: object) -> MultipartBody:
    """A multipart body the document gives no properties (`schema: {}`, a free-form object,
    a map of files): the caller's mapping of part names to values. A file value (bytes, an
    open file, a path, `(filename, file[, content_type])`, or a list of them) is sent as a
    file part, as given; the other values are checked by `model` and sent as text or JSON
    parts. `NOT_GIVEN` (an optional body left out) is a body of no parts (`multipart_body`)."""
    if isinstance(value, NotGiven):
        return multipart_body(NOT_GIVEN)
    parts = _parts_mapping(value, "multipart")
    files = {key for key, item in parts.items() if _is_file_part(item)}
    # each file checked as an empty placeholder, as `validated` does: a required file part
    # (a property named "" included) is there, and the model never reads the file
    placeholders = {key: [] if isinstance(parts[key], list) else b"" for key in files}
    checked = _parts_mapping(validated_root(model, {**parts, **placeholders}), "multipart")
    # in the caller's order (`files` is a set: its order changes from run to run)
    values = {
        key: parts[key] if key in files else checked[key]
        for key in parts
        if key in files or key in checked
    }
    values.update((key, value) for key, value in checked.items() if key not in values)
    return multipart_body(values, files)


def _parts_mapping(value: object, kind: str) -> Mapping[str, Any]:
    """A form or multipart body's values: a mapping of field names, else the caller is told
    (a `RequestValidationError`, nothing sent), not an `AttributeError` from deep inside."""
    if isinstance(value, Mapping) and all(isinstance(key, str) for key in value):
        return value
    raise RequestValidationError(
        f"body: a {kind} body is a mapping of field names to values (got {type(value).__name__})"
    )


def _is_file_part(value: object) -> bool:
    """A value a free-form multipart body sends as a file (see `FileContent`), or a list of
    them (one part each): bytes, an open binary file, a path, or `(filename, file, ...)`."""
    if isinstance(value, list):
        return bool(value) and all(_is_file_part(item) for item in value)
    if isinstance(value, tuple):
        return (
            2 <= len(value) <= 3
            and isinstance(value[0], str | None)
            and _is_file_data(value[1])
            and (len(value) == 2 or isinstance(value[2], str))
        )
    return _is_file_data(value)


def _is_file_data(value: object) -> bool:
    return isinstance(value, bytes | bytearray | memoryview | os.PathLike) or callable(
        getattr(value, "read", None)
    )


def raw_body(value: object, content_type: str) -> RawBody:
    """A raw body argument (bytes or str; `NOT_GIVEN` or `None`: no content)."""
    return RawBody(raw_content(value), content_type)


def client_value(client: SyncAPIClient | AsyncAPIClient, name: str, value: object) -> object:
    """A per-call argument, or the value the client was created with when the call omits it."""
    if isinstance(value, NotGiven):
        defaults: Mapping[str, object] = getattr(client, "client_params", {})
        default = defaults.get(name)
        return NOT_GIVEN if default is None else default
    return value


def given_or(value: object, only: object) -> object:
    """A per-call argument, or the one value the API allows when the call omits it."""
    return only if isinstance(value, NotGiven) else value


def format_path(
    template: str,
    values: Mapping[str, Any],
    keys: Collection[str],
    styles: Mapping[str, str] | None = None,
) -> str:
    """`/items/{id}` with the path parameters among `values` (those named in `keys`)
    percent-encoded (a `/` in a value stays inside it), each in its style: `simple` unless
    `styles` names another (RFC 6570's spellings, `*` for `explode: true`): `simple` `5`,
    `1,2,3`, `key,value` (`simple*`: `key=value`); `label` `.5`, `.1,2,3` (`label*`: `.1.2.3`,
    `.key=value`); `matrix` `;id=5`, `;id=1,2,3` (`matrix*`: `;id=1;id=2`, `;key=value`);
    `json`, the value's JSON text (a parameter with an `application/json` media type).

    A value never changes which path is requested: an empty value is refused (RequestValidationError
    naming the parameter), and a segment that comes out as only dots (`.`, `..`, which the
    HTTP client would resolve away) has its dots sent as `%2E`."""
    encoded: dict[str, str] = {}
    for key, value in values.items():
        if key not in keys:
            continue
        try:
            encoded["{" + key + "}"] = _path_value(key, value, (styles or {}).get(key, "simple"))
        except UnicodeEncodeError:  # a lone surrogate (`"\ud800"`): no UTF-8 spells it
            raise RequestValidationError(
                f"path parameter {key!r} holds text that is not valid Unicode (a lone "
                "surrogate): it cannot be sent"
            ) from None
    segments = template.split("/")
    for index, segment in enumerate(segments):
        if "{" not in segment:
            continue
        for placeholder, text in encoded.items():
            segment = segment.replace(placeholder, text)
        if segment and not segment.strip("."):
            segment = segment.replace(".", "%2E")
        segments[index] = segment
    return "/".join(segments)


def _path_value(key: str, value: Any, style: str) -> str:
    """One path parameter's text in `style` (see :func:`format_path`), its parts
    percent-encoded; an empty value refused."""
    if style == "json":
        parts = [_json_text(value, ascii_only=True)]
    elif isinstance(value, dict):
        parts = [_pct(part) for pair in value.items() for part in pair]
    else:
        parts = [_pct(item) for item in (value if isinstance(value, list) else [value])]
    if not ",".join(parts):
        raise RequestValidationError(
            f"path parameter {key!r} must not be empty (it would change the path)"
        )
    if style == "json":
        return _pct(parts[0])
    kind, explode = style.rstrip("*"), style.endswith("*")
    pairs = isinstance(value, dict) and explode
    if pairs:  # `key=value`, each pair one part
        parts = [f"{k}={v}" for k, v in zip(parts[::2], parts[1::2], strict=True)]
    if kind == "label":
        return "." + ("." if explode else ",").join(parts)
    if kind == "matrix":
        name = _pct(key)
        if not explode:
            return f";{name}=" + ",".join(parts)
        return "".join(f";{part}" if pairs else f";{name}={part}" for part in parts)
    return ",".join(parts)


def _json_text(value: Any, *, ascii_only: bool = False) -> str:
    """A parameter's or part's JSON text, compact; `ascii_only` where the wire takes ASCII
    alone (headers; a path percent-encodes it either way)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=ascii_only)


def _pct(value: Any) -> str:
    return quote(_scalar(value), safe="")


def _scalar(value: Any, *, exploded: bool = False) -> str:
    """A value as text, arrays and objects in the `simple` style: `1,2`; `key,value`, or
    `key=value` when `exploded`."""
    if isinstance(value, dict) and exploded:
        return ",".join(f"{_scalar(name)}={_scalar(item)}" for name, item in value.items())
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
    keys: Iterable[str],
    *,
    wire_names: Mapping[str, str] | None = None,
    delimiters: Mapping[str, str] | None = None,
    deep: Collection[str] = (),
    json_encoded: Collection[str] = (),
) -> dict[str, Any]:
    """The query values among `values` (those named in `keys`), by wire name (`wire_names`
    where it differs from the key), serialised as the parameter's style says.

    Arrays repeat the key (`form`, exploded) or are joined by their style's delimiter
    (`,` form, ` ` spaceDelimited, `|` pipeDelimited); objects spread into their properties
    (`form`, exploded), `name[key]` pairs (`deepObject`: nested ones `name[key][inner]`, array
    items by index: `expand[0]=customer`, as Stripe reads them), or `key,value` pairs; parameters
    the spec describes with an `application/json` media type are sent as JSON text.
    """
    picked: dict[str, Any] = {}
    for key in keys:
        wire = wire_names.get(key, key) if wire_names else key
        value = values.get(key)
        if value is None:
            continue
        delimiter = (delimiters or {}).get(key)
        if key in json_encoded:
            picked[wire] = _json_text(value)
        elif key in deep and isinstance(value, dict | list):
            picked.update(_bracketed(wire, value))  # as a form body's: nested, items by index
        elif isinstance(value, dict):
            if delimiter is None:
                picked.update({name: _scalar(item) for name, item in value.items()})
            else:
                picked[wire] = _joined(value, delimiter)
        elif isinstance(value, list):
            items = [_scalar(item) for item in value]
            picked[wire] = items if delimiter is None else _joined(value, delimiter)
        else:
            picked[wire] = _scalar(value)
    return picked


def pick_strings(
    values: Mapping[str, Any],
    keys: Iterable[str],
    *,
    wire_names: Mapping[str, str] | None = None,
    json_encoded: Collection[str] = (),
    exploded: Collection[str] = (),
) -> dict[str, str]:
    """Header or cookie values among `values` (those named in `keys`), by wire name, as
    strings: arrays and objects comma-joined (objects of `exploded` as `key=value` pairs),
    parameters the spec describes with an `application/json` media type as JSON text (ASCII:
    `\\u` escapes, which a header can carry)."""
    return {
        (wire_names.get(key, key) if wire_names else key): (
            _json_text(values[key], ascii_only=True)
            if key in json_encoded
            else _scalar(values[key], exploded=key in exploded)
        )
        for key in keys
        if values.get(key) is not None
    }


def pick_headers(
    values: Mapping[str, Any],
    keys: Iterable[str],
    *,
    wire_names: Mapping[str, str] | None = None,
    json_encoded: Collection[str] = (),
    exploded: Collection[str] = (),
    python_names: Mapping[str, str] | None = None,
) -> dict[str, str]:
    """Header values among `values`, as :func:`pick_strings` gives them, each checked before
    anything is sent: the HTTP library refuses a line break (it would start another header), a
    control character or a non-ASCII character with a bare error naming neither the argument
    nor the header. `python_names` maps a key to its argument's name, where they differ."""
    picked = pick_strings(
        values, keys, wire_names=wire_names, json_encoded=json_encoded, exploded=exploded
    )
    for key in keys:
        wire = wire_names.get(key, key) if wire_names else key
        if wire in picked:
            argument = python_names.get(key, key) if python_names else key
            _check_header(wire, argument, picked[wire])
    return picked


def pick_cookies(
    values: Mapping[str, Any],
    keys: Iterable[str],
    *,
    wire_names: Mapping[str, str] | None = None,
    json_encoded: Collection[str] = (),
    joined: Collection[str] = (),
) -> dict[str, str]:
    """Cookie values among `values`, by cookie name, as :func:`pick_strings` gives them, but
    for an object sent `form` and exploded (a cookie's default): each of its properties is a
    cookie of its own (`role=editor; first=Alex`, OpenAPI's style table). An object of `joined`
    (`explode: false`) is one cookie, `name=role,editor,first,Alex`; arrays and primitives are
    one cookie either way. A property whose name no cookie can have (not a `token`: `a=b; c`)
    is a `RequestValidationError` before anything is sent, the name not shown."""
    picked: dict[str, str] = {}
    for key in keys:
        wire = wire_names.get(key, key) if wire_names else key
        value = values.get(key)
        if value is None:
            continue
        if not isinstance(value, dict) or key in json_encoded or key in joined:
            picked.update(
                pick_strings(values, [key], wire_names=wire_names, json_encoded=json_encoded)
            )
            continue
        for name, item in value.items():
            if not is_token(name):
                raise RequestValidationError(
                    f"cookie parameter {wire!r}: a property name is not a cookie name (not "
                    "shown: a cookie name is letters, digits and !#$%&'*+-.^_`|~); nothing "
                    "was sent"
                )
            picked[name] = _scalar(item)
    return picked


def _check_header(wire: str, argument: str, value: str) -> None:
    """`RequestValidationError` naming the header and the argument, never the value: it may be
    a secret (a token in a header the document does not declare as a credential)."""
    problem = header_problem(value)
    if problem is not None:
        named = repr(wire) if argument == wire else f"{wire!r} ({argument})"
        raise RequestValidationError(
            f"header parameter {named}: {problem} (the value is not shown); nothing was sent"
        )


class CallOptions(TypedDict, total=False):
    """What a generated method sends besides its path and body: the query, headers and
    cookies the spec documents, and the caller's per-call options."""

    query: Mapping[str, object]
    headers: Mapping[str, str]
    cookies: Mapping[str, str]
    extra_headers: Headers | None
    extra_query: Query | None
    extra_body: Mapping[str, object] | None
    timeout: Timeout | NotGiven
    max_retries: int | NotGiven
    security: Sequence[Sequence[str]]
    retry_safe: bool
    idempotency_header: str
    server: str
    content_type: str


def request_options(
    *,
    query: Mapping[str, object] | None = None,
    headers: Mapping[str, str] | None = None,
    cookies: Mapping[str, str] | None = None,
    accept: str | None = None,
    extra_headers: Headers | None = None,
    extra_query: Query | None = None,
    extra_body: Mapping[str, object] | None = None,
    timeout: Timeout | NotGiven = NOT_GIVEN,
    max_retries: int | NotGiven = NOT_GIVEN,
    security: Sequence[Sequence[str]] | None = None,
    retry_safe: bool = False,
    idempotency_header: str | None = None,
    server: str | None = None,
    content_type: str | None = None,
) -> CallOptions:
    """The options of one call. `accept` is the `Accept` header of an operation that answers
    only in non-JSON media types (`extra_headers` can give another); `security` is
    the operation's own requirement (alternatives of scheme names, `[]`: public), when it
    differs from the document's. `retry_safe`: the operation may be repeated on any failure
    (`x-codegen-retry-safe`); `idempotency_header`: the key header the document declares for
    it, filled with a fresh key when the caller gives none (see `_base_client`); `server`: the
    server the document names for this operation alone (`_base_client.BaseClient.
    _operation_servers`); `content_type`: the media type of a JSON body the document gives as
    other than `application/json` (`application/merge-patch+json`, `application/vnd.api+json`:
    servers answer `application/json` with a 415), sent only with a body."""
    options = CallOptions(
        extra_headers=extra_headers,
        extra_query=extra_query,
        extra_body=extra_body,
        timeout=timeout,
        max_retries=max_retries,
    )
    if accept is not None:
        headers = {"Accept": accept, **(headers or {})}
    if query:
        options["query"] = query
    if headers:
        options["headers"] = headers
    if cookies:
        options["cookies"] = cookies
    if security is not None:
        options["security"] = security
    if retry_safe:
        options["retry_safe"] = True
    if idempotency_header:
        options["idempotency_header"] = idempotency_header
    if server is not None:
        options["server"] = server
    if content_type is not None:
        options["content_type"] = content_type
    return options
