"""Turning response bytes into typed values: strict fast path, lenient fallback.

Servers drift from their specs: they add fields, invent enum values, omit "required" fields.
A client that raises on every such drift is useless, so parsing is two-step:

1. the fast path validates the raw JSON in pydantic-core (``model_validate_json`` or a cached
   ``TypeAdapter.validate_json``), which is all that runs for well-formed answers;
2. on ``ValidationError`` the JSON is decoded and :func:`construct` builds the value *without*
   validation, recursing through nested models, lists, dicts, unions and enums: unknown fields
   are kept (for ``extra="allow"`` models), an unlisted enum value stays a plain ``str``, a
   missing required field becomes ``None``. A discriminated union (``oneOf`` with a
   ``discriminator``) is built into the member its tag names; an object whose tag names no
   member (a kind the document does not list) stays the decoded ``dict``, never a wrong class.

With ``strict=True`` (the client's ``strict_response_validation``) there is no fallback: a body
that is JSON but does not validate raises ``pydantic.ValidationError`` (a ``ValueError``; one
that is not JSON raises another ``ValueError``, as without ``strict``).

Invalid JSON is not a drift but a broken answer: :func:`parse_json` lets ``ValueError``
(``json.JSONDecodeError``) through for the caller to wrap. JSON nested deeper than Python's
decoder recurses (a few thousand ``[`` from a hostile server) is invalid JSON too: :func:`loads`
turns its ``RecursionError`` into a ``ValueError``, so it ends in the client's own error.
"""

from __future__ import annotations

import contextlib
import enum
import functools
import json
import re
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, get_args, get_origin

import pydantic
import pydantic_core

__all__ = [
    "MAX_JSON_CONTAINERS",
    "MAX_JSON_VALUES",
    "UNCHECKED_JSON_BYTES",
    "UNCOUNTED_JSON_BYTES",
    "admits_null",
    "check_json",
    "check_json_size",
    "construct",
    "extra_keeps",
    "is_json_media",
    "json_validator",
    "loads",
    "media_choice",
    "mismatch_summary",
    "only_text",
    "parse_json",
    "success_target",
    "takes_text",
    "validate_python",
]


@functools.lru_cache(maxsize=512)
def is_json_media(content_type: str) -> bool:
    """``application/json``, or a ``+json`` type, parameters aside."""
    media = content_type.split(";", 1)[0].strip().lower()
    return media == "application/json" or media.endswith("+json")


#: The most objects and arrays one JSON document may hold to be decoded. Built, each takes up
#: to a kilobyte (a model instance with its dict and fields set; the lenient path builds one per
#: ``{}`` too), so the bytes of a body are no bound on its decoded size: 3 MiB of
#: ``{"choices": [{}, {}, ...]}`` took 700 MiB and minutes, a 64 MiB one would take gigabytes.
MAX_JSON_CONTAINERS = 1 << 18
#: No JSON text of at most this many bytes can hold more (each container is two bytes at least).
UNCOUNTED_JSON_BYTES = 2 * MAX_JSON_CONTAINERS
#: The most values (numbers, strings, the names of members: told by the commas and colons
#: between them) one JSON document may hold to be decoded. Each becomes an object of 30 to 60
#: bytes: 64 MiB of ``["ab","ab",...]`` (13 million strings) took 1 GB, and gzipped it is 64 KB
#: on the wire; 4 million is 250 MB at most, and more than the floats of an embeddings answer
#: of 64 MiB (about 3 million).
MAX_JSON_VALUES = 1 << 22
#: No JSON text of at most this many bytes can hold more (each value and its comma: two bytes).
UNCOUNTED_VALUE_BYTES = 2 * MAX_JSON_VALUES
#: What is counted: the marks, their limit, the bytes a text may have uncounted, what they are.
_COUNTED = (
    ("{[", MAX_JSON_CONTAINERS, UNCOUNTED_JSON_BYTES, "objects and arrays"),
    (",:", MAX_JSON_VALUES, UNCOUNTED_VALUE_BYTES, "values"),
)
#: A JSON string, or the rest of the text after a quote never closed (a lone backslash may end
#: it): every quote starts a match, and what one matched is never read again. Requiring the
#: closing quote made the search start over at each escaped quote inside an unclosed string,
#: reading on to its end each time: 200 KB of ``"\"\"\"...`` took minutes.
_STRINGS = re.compile(r'"(?:[^"\\]++|\\.)*+(?:"|\\?\Z)', re.DOTALL)
_BYTE_STRINGS = re.compile(rb'"(?:[^"\\]++|\\.)*+(?:"|\\?\Z)', re.DOTALL)


def check_json_size(raw: str | bytes) -> None:
    """``ValueError`` for JSON text holding more than :data:`MAX_JSON_CONTAINERS` objects and
    arrays, or more than :data:`MAX_JSON_VALUES` values, before it is decoded; a text too short
    to hold as many is not even counted. Brackets and the commas and colons between values are
    counted outside strings (a long text full of braces or commas is fine)."""
    if len(raw) <= UNCOUNTED_JSON_BYTES:
        return
    if isinstance(raw, bytes) and (encoding := json.detect_encoding(raw)) != "utf-8":
        # UTF-16 or -32, which `json.loads` reads too: counted as the text it decodes to (a
        # quote's byte beside a NUL is no JSON quote)
        raw = raw.decode(encoding, "surrogatepass")
    over = [
        (marks, limit, what)
        for marks, limit, uncounted, what in _COUNTED
        if len(raw) > uncounted and _count(raw, marks) > limit
    ]
    if not over:
        return
    counts = _counts_outside_strings(raw)  # maybe inside strings: count again between them
    for marks, limit, what in over:
        if counts[marks] > limit:
            raise ValueError(
                f"the JSON holds more than {limit} {what}: not decoded, it could take gigabytes"
            )


def _count(text: str | bytes, marks: str) -> int:
    """How many times the characters of ``marks`` occur in ``text``."""
    if isinstance(text, bytes):
        return sum(text.count(mark.encode("ascii")) for mark in marks)
    return sum(text.count(mark) for mark in marks)


def _counts_outside_strings(text: str | bytes) -> dict[str, int]:
    """The brackets (``"{["``) and the commas and colons (``",:"``) of ``text`` outside its
    JSON strings, read between the strings in place, one match at a time: a copy of the text
    without its strings was built of one piece per gap, 3.5 GB for 60 MB of ``"",`` (which gzip
    sends in 60 KB).

    The reading stops once a count passes its limit, or once more strings were met than a JSON
    text holds before as many separators (each string but the first follows its own ``{``,
    ``[``, ``,`` or ``:``): ``json`` stops at that point too, before it has built much. So at
    most the two limits' worth of strings is read, whatever the text; and a text with too many
    strings for its separators outside them all (``"","",...``) is decided without a reading.
    """
    brace, bracket, comma, colon, quote, escaped = _tokens(text)
    least_strings = (text.count(quote) - text.count(escaped)) // 2
    if least_strings - text.count(brace) - text.count(bracket) - 1 > MAX_JSON_VALUES:
        return {"{[": 0, ",:": least_strings}
    strings: Iterable[re.Match[Any]] = (
        _BYTE_STRINGS.finditer(text) if isinstance(text, bytes) else _STRINGS.finditer(text)
    )
    opened = separated = start = 0
    count: Any = text.count
    for seen, string in enumerate(strings, 1):
        end = string.start()
        opened += count(brace, start, end) + count(bracket, start, end)
        separated += count(comma, start, end) + count(colon, start, end)
        if (
            opened > MAX_JSON_CONTAINERS
            or separated > MAX_JSON_VALUES
            or seen > opened + separated + 1
        ):
            break
        start = string.end()
    else:
        opened += count(brace, start) + count(bracket, start)
        separated += count(comma, start) + count(colon, start)
    return {"{[": opened, ",:": separated}


def _tokens(text: str | bytes) -> tuple[Any, ...]:
    """``{`` ``[`` ``,`` ``:`` ``"`` and ``\\"``, as ``text`` spells them (str or bytes)."""
    tokens = ("{", "[", ",", ":", '"', '\\"')
    return tuple(token.encode("ascii") for token in tokens) if isinstance(text, bytes) else tokens


def loads(raw: str | bytes) -> Any:
    """``json.loads``, with JSON nested too deeply to decode a ``ValueError`` like any other
    JSON it cannot read (``RecursionError`` is no ``ValueError``: it would escape the client's
    error handling), and one holding too many objects and arrays (:func:`check_json_size`)
    one too."""
    check_json_size(raw)
    try:
        return json.loads(raw)
    except RecursionError:
        raise ValueError("the JSON is nested too deeply to decode") from None


#: What :func:`media_choice` and :func:`success_target` give when nothing fits.
NO_TARGET: Any = object()


#: ``application/*`` media types whose bodies are text (as the generator's ``ir/media.py``).
_TEXT_APPLICATION = frozenset(
    {
        "application/csv",
        "application/ecmascript",
        "application/graphql",
        "application/javascript",
        "application/jsonl",
        "application/markdown",
        "application/sql",
        "application/x-ndjson",
        "application/x-sh",
        "application/x-yaml",
        "application/xml",
        "application/yaml",
    }
)


def _media_kind(content_type: str) -> str:
    """How the generator reads a media type: ``json``, ``text`` or ``bytes``."""
    media = content_type.split(";", 1)[0].strip().lower()
    if media in _TEXT_APPLICATION or media.endswith(("+xml", "+yaml")):
        return "text"
    if media in ("application/json", "*/*") or media.endswith("+json"):
        return "json"
    return "text" if media.startswith("text/") else "bytes"


def media_choice(choices: Mapping[str, object], content_type: str) -> object:
    """The target a response's ``Content-Type`` picks among ``choices`` (documented media type
    -> target, for a status documented with several): the same media type, else a range the
    document gives (``text/*``, ``*/*``), else the first of the same kind (JSON, text or
    binary); without a ``Content-Type``, the first documented. :data:`NO_TARGET` when none
    fits (``text/html`` where JSON and CSV are documented)."""
    if not content_type.strip():
        return next(iter(choices.values()), NO_TARGET)
    media = content_type.split(";", 1)[0].strip().lower()
    lowered = {key.split(";", 1)[0].strip().lower(): target for key, target in choices.items()}
    for key in (media, media.partition("/")[0] + "/*", "*/*"):
        if key in lowered:
            return lowered[key]
    kind = _media_kind(media)
    return next((t for key, t in lowered.items() if _media_kind(key) == kind), NO_TARGET)


def _distinct(targets: Iterable[object]) -> list[object]:
    found: list[object] = []
    for target in targets:
        if not any(target is seen or target == seen for seen in found):
            found.append(target)
    return found


def _takes(target: object, content_type: str, body: bytes) -> bool:
    """Whether ``body`` reads as ``target`` without leniency (the media type fits; JSON
    validates strictly)."""
    if isinstance(target, Mapping):
        target = media_choice(target, content_type)
    if target is None:
        return not body
    if target is NO_TARGET:
        return False
    kind = _media_kind(content_type) if content_type.strip() else "json"
    if target is str or target is bytes:
        return kind == ("text" if target is str else "bytes")
    try:
        check_json_size(body)
        json_validator(target)(body)
    except (ValueError, RecursionError):
        return False
    return True


def success_target(
    table: Mapping[str, object], status: int, content_type: str, body: bytes
) -> object:
    """What a 2xx answer parses into: the entry of its status (the code, its ``2XX`` range,
    ``default``); for a status the document does not list, as openai-python parses every 2xx
    into the declared type, the one documented success target, or of several the first (in
    status order) that takes the body strictly, else the first that has a body (``None``
    without one); ``None`` when the document lists no success (the method returns ``None``).
    An entry that is a mapping (a status documented with several media types) is resolved by
    the answer's ``Content-Type`` (:func:`media_choice`), :data:`NO_TARGET` when none fits.
    """
    found = table.get(str(status), NO_TARGET)
    for key in (f"{status // 100}XX", f"{status // 100}xx", "default"):
        if found is NO_TARGET:
            found = table.get(key, NO_TARGET)
    if found is NO_TARGET:
        found = _undocumented(_distinct(table.values()), content_type, body)
    if isinstance(found, Mapping):
        return media_choice(found, content_type)
    return found


def _undocumented(candidates: list[object], content_type: str, body: bytes) -> object:
    with_body = [target for target in candidates if target is not None]
    if not body or not with_body:
        return None if (None in candidates or not with_body) else with_body[0]
    return next((t for t in with_body if _takes(t, content_type, body)), with_body[0])


@functools.lru_cache(maxsize=512)
def _adapter(type_: Any) -> pydantic.TypeAdapter[Any]:
    """A cached ``TypeAdapter`` (building one compiles a validator: 170 µs, where validating a
    date takes half a µs; the cache had come off, and an answer of 50,000 dates with one
    unreadable, built item by item, took seconds)."""
    return pydantic.TypeAdapter(type_)


def _is_model(type_: object) -> typing.TypeGuard[type[pydantic.BaseModel]]:
    return isinstance(type_, type) and issubclass(type_, pydantic.BaseModel)


def _get_adapter(type_: object) -> pydantic.TypeAdapter[Any]:
    return _per_type(_adapter, pydantic.TypeAdapter, type_)


_Made = typing.TypeVar("_Made")


def _per_type(cached: Callable[[Any], _Made], make: Callable[[Any], _Made], type_: object) -> _Made:
    """``cached(type_)`` (an ``lru_cache`` of ``make``), or ``make(type_)`` uncached for an
    annotation that cannot be hashed."""
    annotation: Any = type_
    try:
        return cached(annotation)
    except TypeError:  # unhashable annotation: build uncached
        return make(annotation)


def json_validator(type_: object) -> Callable[[str | bytes], Any]:
    """The strict fast path of :func:`parse_json` for ``type_``, bound once (for text up to
    :data:`UNCHECKED_JSON_BYTES`; :func:`check_json` longer text first).

    The callable validates JSON text (``str`` or UTF-8 ``bytes``) straight into ``type_`` in
    pydantic-core (which also parses the JSON, faster than ``json.loads``) and raises
    ``ValueError`` (``pydantic.ValidationError`` is one) on anything it does not accept;
    callers fall back to :func:`parse_json` then. For a model this is the model's own
    validator (what ``model_validate_json`` calls, minus its per-call Python overhead).
    """
    if type_ is Any or type_ is object:
        return loads
    if _is_model(type_):
        validator = type_.__pydantic_validator__  # a mock until the model is complete
        if isinstance(validator, pydantic_core.SchemaValidator):
            return validator.validate_json
        return type_.model_validate_json
    return _get_adapter(type_).validate_json


#: JSON text longer than this is first validated by the fail-fast twin of its type
#: (:func:`_fail_fast`): pydantic reports every item that does not match, some 450 bytes each,
#: and text holds up to one item per two bytes: 2 MiB of ``{"choices": [1, 1, ...]}`` made a
#: million errors, 480 MB (1.4 GB in strict mode, whose summary listed them all). Shorter text
#: makes 32,768 errors at most; longer text pays for a second validation when it is valid.
UNCHECKED_JSON_BYTES = 1 << 16


def check_json(type_: object, raw: str | bytes) -> None:
    """Raises the fail-fast twin's ``ValidationError`` (:func:`_fail_fast`: the first mismatch
    of each array or object, not all of them) for JSON text longer than
    :data:`UNCHECKED_JSON_BYTES` that does not match ``type_``: call it before
    :func:`json_validator`'s validator, which would report every mismatch."""
    if len(raw) > UNCHECKED_JSON_BYTES:
        check = _fail_fast(type_)
        if check is not None:
            _check(check.validate_json, raw)


def _checked_python(type_: object, validate: Callable[[object], Any], value: object) -> Any:
    """``validate(value)`` for a decoded value of ``type_`` (no size known: always checked)."""
    check = _fail_fast(type_)
    if check is not None:
        _check(check.validate_python, value)
    return validate(value)


def _check(validate: Callable[[Any], object], value: object) -> None:
    """Runs the fail-fast twin; only its ``ValidationError`` counts (anything else it raises,
    say a validator of the document's meeting the stand-in class, leaves the answer to the
    real validator)."""
    try:
        validate(value)
    except pydantic.ValidationError:
        raise
    except Exception:  # noqa: BLE001 - the real validator decides
        return


#: The core-schema types whose validation can stop at the first item that does not match.
_FAIL_FAST_TYPES = frozenset({"list", "deque", "tuple", "set", "frozenset", "dict"})


@functools.lru_cache(maxsize=512)
def _fail_fast_cached(type_: Any) -> pydantic_core.SchemaValidator | None:
    return _build_fail_fast(type_)


def _fail_fast(type_: object) -> pydantic_core.SchemaValidator | None:
    """The fail-fast twin of ``type_``'s validator (``None`` where no array or object could
    make many errors): the same core schema with ``fail_fast`` on every array and object, so it
    accepts what the real validator accepts (the document's models have no ``__init__`` nor
    ``model_post_init`` of their own) but reports at most one error for each, whatever their
    length. Each model in it builds a stand-in of the same name (the twin's values are thrown
    away): a model's own class would bring its compiled validator back, which pydantic-core
    reuses whole, fail_fast aside."""
    return _per_type(_fail_fast_cached, _build_fail_fast, type_)


def _build_fail_fast(type_: Any) -> pydantic_core.SchemaValidator | None:
    try:
        schema = (
            type_.__pydantic_core_schema__ if _is_model(type_) else _get_adapter(type_).core_schema
        )
        changed: list[bool] = [False]
        twin = _fail_fast_schema(schema, {}, changed)
        return pydantic_core.SchemaValidator(twin) if changed[0] else None
    except Exception:  # noqa: BLE001 - an incomplete model, a schema of its own: unchecked
        return None


def _fail_fast_schema(node: Any, done: dict[int, Any], changed: list[bool]) -> Any:
    """A copy of the core schema ``node`` for :func:`_fail_fast` (``done``: what is copied)."""
    if isinstance(node, list):
        return [_fail_fast_schema(item, done, changed) for item in node]
    if not isinstance(node, dict):
        return node
    if id(node) in done:
        return done[id(node)]
    copy: dict[str, Any] = {}
    done[id(node)] = copy
    for key, item in node.items():
        copy[key] = _fail_fast_schema(item, done, changed)
    kind = node.get("type")  # a field named "type" in a model's fields: a dict, no kind
    if not isinstance(kind, str):
        return copy
    if kind in _FAIL_FAST_TYPES:
        copy["fail_fast"] = changed[0] = True
    elif kind == "model" and isinstance(node.get("cls"), type):
        copy["cls"] = _stand_in(node["cls"])
        copy["custom_init"] = False  # the stand-in has no __init__ nor model_post_init
        copy.pop("post_init", None)
        changed[0] = True
    return copy


@functools.lru_cache(maxsize=512)
def _stand_in(cls: type) -> type:
    """A plain class named as ``cls`` (so are the twin's messages), holding no validator."""
    return type(cls.__name__, (), {"__module__": cls.__module__, "__qualname__": cls.__qualname__})


def admits_null(type_: object) -> bool:
    """Whether JSON ``null`` validates as ``type_`` (``Pet | None``, a nullable schema, any
    value): where an empty answer may honestly be ``None``."""
    try:
        json_validator(type_)(b"null")
    except (ValueError, RecursionError):
        return False
    return True


def extra_keeps(type_: object, key: str) -> bool:
    """Whether validating an object into ``type_`` keeps its ``key`` member, untouched, in
    ``__pydantic_extra__``: a model with ``extra="allow"``, no field named or aliased ``key``
    and no model validator (which could rewrite the input)."""
    if not _is_model(type_) or type_.model_config.get("extra") != "allow":
        return False
    if type_.__pydantic_decorators__.model_validators:
        return False
    for name, field in type_.model_fields.items():
        if key in (name, field.alias) or field.validation_alias is not None:
            return False
    return True


def mismatch_summary(error: pydantic.ValidationError) -> str:
    """What a validation found, as ``"location: message"`` parts (at most three shown, the
    input values left out): the message of strict mode's error."""
    more = error.error_count() - 3
    found = [  # few: long JSON and decoded values stop at each array's first misfit (_fail_fast)
        f"{'.'.join(str(part) for part in item['loc']) or '(root)'}: {item['msg']}"
        for item in error.errors(include_url=False, include_input=False)[:3]
    ]
    return "; ".join(found) + (f" (and {more} more)" if more > 0 else "")


def parse_json(type_: object, raw: str | bytes, *, strict: bool = False) -> Any:
    """Decode JSON text into ``type_``: strict fast path, lenient fallback; with ``strict``
    (the client's ``strict_response_validation``) no fallback: JSON that does not match
    raises ``pydantic.ValidationError``.

    Raises ``ValueError`` (not a ``ValidationError``) when ``raw`` is not JSON at all.
    """
    if type_ is Any or type_ is object:
        return loads(raw)
    check_json_size(raw)
    try:
        check_json(type_, raw)
        return json_validator(type_)(raw)
    except pydantic.ValidationError as exc:
        if strict:
            loads(raw)  # not JSON at all: a ValueError of its own
            raise exc from None
    except RecursionError:  # a validator without pydantic-core's own depth limit
        if strict:
            raise ValueError("the JSON is nested too deeply to validate") from None
    value = loads(raw)
    if (
        _is_model(type_)
        and not issubclass(type_, pydantic.RootModel)
        and not isinstance(value, Mapping)
    ):
        # a model is built from an object only: a number or a list behind a method typed
        # `-> Completion` would be a lie the caller meets later as an AttributeError
        raise ValueError(f"expected a JSON object ({type_.__name__}), got {_json_kind(value)}")
    return construct(value, type_)


def _json_kind(value: object) -> str:
    """What a decoded JSON value is, in JSON's words."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "an array" if isinstance(value, list) else "an object"


def validate_python(type_: object, value: object, *, strict: bool = False) -> Any:
    """Like :func:`parse_json` for an already-decoded JSON value."""
    if type_ is Any or type_ is object:
        return value
    try:
        return _validated(type_, value)
    except pydantic.ValidationError:
        if strict:
            raise
        return construct(value, type_)


def _validated(type_: object, value: object) -> Any:
    """``value`` validated into ``type_``, the fail-fast twin first (:func:`_fail_fast`)."""
    if _is_model(type_):
        return _checked_python(type_, type_.model_validate, value)
    return _checked_python(type_, _get_adapter(type_).validate_python, value)


def takes_text(type_: object) -> bool:
    """Whether ``type_`` (any value, or a string) holds text that is no JSON as it is: the
    chunk of a server-sent event whose data the document gives no JSON schema for."""
    bare = _strip_annotated(type_)
    return bare is Any or bare is object or bare is str


def only_text(type_: object) -> bool:
    """Whether ``type_`` is a string: a server-sent event's data is then the chunk as text
    (``data: 42`` is ``"42"``, a JSON line is its text), or a JSON string's value; never the
    number, object or null the text would decode to, which the type does not take."""
    return _strip_annotated(type_) is str


def _strip_annotated(type_: Any) -> Any:
    while get_origin(type_) is typing.Annotated:
        type_ = get_args(type_)[0]
    alias_value = getattr(type_, "__value__", None)  # `type X = ...` aliases
    if alias_value is not None and get_origin(type_) is None:
        return _strip_annotated(alias_value)
    return type_


def construct(value: object, type_: object) -> Any:
    """Build ``value`` into ``type_`` without validation, as far as the shapes agree.

    Never raises: where the data does not fit the annotation it is returned unchanged.
    """
    discriminator = _discriminator(type_)
    type_ = _strip_annotated(type_)
    origin = get_origin(type_)

    if origin is typing.Union or origin is types.UnionType:
        if discriminator is not None:
            return _construct_tagged(value, get_args(type_), discriminator)
        return _construct_union(value, get_args(type_))
    if _is_model(type_):
        if issubclass(type_, pydantic.RootModel):
            return _construct_root(value, type_)
        return _construct_model(value, type_) if isinstance(value, Mapping) else value
    if isinstance(type_, type) and issubclass(type_, enum.Enum):
        try:
            return type_(value)
        except ValueError:
            return value  # an enum value the spec does not list: keep the raw value
    if origin is list or origin is typing.Sequence or origin is tuple:
        args = get_args(type_)
        if not isinstance(value, list) or not args:
            return value
        return [construct(item, args[0]) for item in value]
    if origin is dict or origin is Mapping or origin is typing.Mapping:
        args = get_args(type_)
        if not isinstance(value, Mapping) or len(args) != 2:
            return value
        return {key: construct(item, args[1]) for key, item in value.items()}
    if type_ is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if origin is None and type_ not in (str, int, float, bool, type(None), Any, object):
        # datetimes, UUIDs, constrained types, ...: try a real validation, else keep as-is
        try:
            return _validated(type_, value)
        except (ValueError, TypeError):
            return value
    return value


def _discriminator(type_: object) -> str | Callable[[Any], Any] | None:
    """The discriminator an ``Annotated`` union carries (``Field(discriminator=...)`` or
    ``Discriminator(...)``): a field name, or pydantic's callable returning a ``Tag``."""
    while get_origin(type_) is typing.Annotated:
        for meta in getattr(type_, "__metadata__", ()):
            found = getattr(meta, "discriminator", None)
            if isinstance(found, pydantic.Discriminator):
                found = found.discriminator
            if isinstance(found, str) or callable(found):
                return found
        type_ = get_args(type_)[0]
    return None


def _construct_tagged(
    value: object, variants: tuple[Any, ...], discriminator: str | Callable[[Any], Any]
) -> Any:
    """A discriminated union's value: the member its tag names (validated, else built
    leniently); ``value`` unchanged when the tag names none (a kind the document does not
    list, a missing or non-string tag): an object is never given a member it does not name."""
    if value is None and type(None) in variants:
        return None
    if not isinstance(value, Mapping):
        return value
    member = (
        _member_by_field(value, variants, discriminator)
        if isinstance(discriminator, str)
        else _member_by_tag(value, variants, discriminator)
    )
    if member is None:
        return value
    try:
        return _validated(member, value)
    except (ValueError, TypeError):
        return construct(value, member)


def _member_by_field(value: Mapping[str, Any], variants: tuple[Any, ...], name: str) -> Any:
    """The model among ``variants`` whose ``name`` field (by name or alias) is a ``Literal``
    (or enum) holding the value's tag; ``None`` when none does."""
    for variant in variants:
        model = _strip_annotated(variant)
        if not _is_model(model):
            continue
        for field_name, field in model.model_fields.items():
            if name not in (field_name, field.alias):
                continue
            key = _key_of(value, model, field_name)
            if key is not None and _tag_allowed(value[key], field.annotation):
                return variant
    return None


def _tag_allowed(tag: object, annotation: object) -> bool:
    """Whether ``tag`` is a value ``annotation`` (a ``Literal``, an enum, a union of them)
    allows, compared as JSON values (``1`` is not ``True``)."""
    annotation = _strip_annotated(annotation)
    if annotation is type(None):
        return tag is None
    origin = get_origin(annotation)
    if origin is typing.Union or origin is types.UnionType:
        return any(_tag_allowed(tag, arg) for arg in get_args(annotation))
    if origin is typing.Literal:
        return any(_same_json(tag, allowed) for allowed in get_args(annotation))
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return any(_same_json(tag, member) for member in annotation)
    return False


def _same_json(tag: object, allowed: object) -> bool:
    if isinstance(allowed, enum.Enum):
        allowed = allowed.value
    return type(tag) is type(allowed) and tag == allowed


def _member_by_tag(
    value: Mapping[str, Any], variants: tuple[Any, ...], discriminator: Callable[[Any], Any]
) -> Any:
    """The variant marked ``Tag(t)`` for the tag a callable discriminator gives."""
    try:
        tag = discriminator(value)
    except (AttributeError, KeyError, TypeError, ValueError):  # the value stays untyped
        return None
    for variant in variants:
        for meta in getattr(variant, "__metadata__", ()):
            if isinstance(meta, pydantic.Tag) and tag is not None and meta.tag == tag:
                return variant
    return None


def _construct_root(value: object, model: type[pydantic.RootModel[Any]]) -> Any:
    """A root model around ``value`` built into its root type (the field's discriminator
    kept)."""
    field = model.model_fields["root"]
    root = construct(value, typing.Annotated[field.annotation, field])
    return model.model_construct(root)


def _construct_union(value: object, variants: tuple[Any, ...]) -> Any:
    if value is None:
        return None
    # a variant that validates strictly wins; then the model variant whose fields overlap most
    # (the first of equals), never one whose constant (a `Literal` field: a tag) the value
    # contradicts: that class would be a lie
    for variant in variants:
        if variant is type(None):
            continue
        with contextlib.suppress(ValueError, TypeError):
            return _validated(variant, value)
    if isinstance(value, Mapping):
        variants = tuple(v for v in variants if not _contradicts(value, _strip_annotated(v)))
        best: type[pydantic.BaseModel] | None = None
        best_score = -1
        for variant in variants:
            variant = _strip_annotated(variant)
            if _is_model(variant) and not issubclass(variant, pydantic.RootModel):
                score = sum(1 for key in value if _field_name(variant, key) is not None)
                if score > best_score:
                    best, best_score = variant, score
        if best is not None:
            return _construct_model(value, best)
    for variant in variants:
        if variant is type(None):
            continue
        built = construct(value, variant)
        if built is not value:
            return built
    return value


def _contradicts(value: Mapping[str, Any], model: object) -> bool:
    """Whether ``value`` gives one of ``model``'s ``Literal`` fields a value it does not
    allow (``{"pet_type": "dog"}`` against ``Cat``'s ``pet_type: Literal["cat"]``)."""
    if not _is_model(model) or issubclass(model, pydantic.RootModel):
        return False
    for name, field in model.model_fields.items():
        key = _key_of(value, model, name)
        if key is None or not _is_literal(field.annotation):
            continue
        if not _tag_allowed(value[key], field.annotation):
            return True
    return False


def _is_literal(annotation: object) -> bool:
    annotation = _strip_annotated(annotation)
    origin = get_origin(annotation)
    if origin is typing.Union or origin is types.UnionType:
        return all(_is_literal(arg) or arg is type(None) for arg in get_args(annotation))
    return origin is typing.Literal


def _field_name(model: type[pydantic.BaseModel], key: str) -> str | None:
    """The field a JSON object's ``key`` fills (``_keys_read``), if any."""
    return next((name for name, keys in _keys_read(model).items() if key in keys), None)


@functools.lru_cache(maxsize=512)
def _keys_read(model: type[pydantic.BaseModel]) -> dict[str, tuple[str, ...]]:
    """Field name -> the keys of a JSON object its value is read from, first found first: its
    alias (else its name), then its name where the model takes fields by name and no other
    field is read from that key (``userName``'s field ``user_name`` never takes the key of the
    property ``user_name``)."""
    fields = model.model_fields
    own = {name: name if field.alias is None else field.alias for name, field in fields.items()}
    config = model.model_config
    by_name = bool(config.get("populate_by_name") or config.get("validate_by_name"))
    taken = set(own.values())
    return {
        name: (key, name) if by_name and name != key and name not in taken else (key,)
        for name, key in own.items()
    }


def _key_of(data: Mapping[str, Any], model: type[pydantic.BaseModel], name: str) -> str | None:
    """The key of ``data`` that field ``name`` of ``model`` is read from; None when absent."""
    return next((key for key in _keys_read(model)[name] if key in data), None)


def _construct_model(data: Mapping[str, Any], model: type[pydantic.BaseModel]) -> Any:
    """``model.model_construct`` with nested values built too and missing fields set to None."""
    values: dict[str, Any] = {}
    fields_set: set[str] = set()
    consumed: set[str] = set()
    for name, field in model.model_fields.items():
        key = _key_of(data, model, name)
        if key is not None:
            raw = data[key]
            # a discriminated union's field: pydantic keeps the discriminator on the field
            annotation: Any = field.annotation
            if field.discriminator is not None:
                annotation = typing.Annotated[annotation, field]
            values[name] = construct(raw, annotation) if raw is not None else None
            fields_set.add(name)
            consumed.add(key)
        elif field.is_required():
            values[name] = None  # the server omitted a required field: tolerate it
        # optional fields left out: model_construct fills in their defaults
    extra = model.model_config.get("extra") == "allow"
    if extra:
        for key, raw in data.items():
            if key not in consumed and key not in values:
                values[key] = raw
    return model.model_construct(_fields_set=fields_set, **values)
