"""An operation's parameters as arguments of its method.

Path-level and operation-level parameters are merged (the operation's win), and all of them
become the fields of one `<Stem>Params` class in models.py: each argument's annotation is that
class's field, so a parameter's schema is typed exactly as a property would be.
"""

from __future__ import annotations

from typing import Any

from generator.document.operations import DEFAULT_STYLES
from generator.document.refs import Refs
from generator.ir.context import Context
from generator.ir.media import json_content
from generator.ir.model import Param
from generator.ir.schemas import is_nullable
from generator.names import identifiers as names

LOCATIONS = ("path", "query", "header", "cookie")


def merged_parameters(refs: Refs, shared: tuple[Any, ...], operation: dict[str, Any]
                      ) -> list[dict[str, Any]]:
    """Path-level parameters overridden by operation-level ones of the same `identity`; of two
    header parameters of one level that differ only in case, the first (`merged_with_twins`),
    required when either is."""
    return merged_with_twins(refs, shared, operation)[0]


def merged_with_twins(refs: Refs, shared: tuple[Any, ...], operation: dict[str, Any]
                      ) -> tuple[list[dict[str, Any]], list[tuple[str, str]]]:
    """`merged_parameters`, and (left out, kept) for each header parameter left out because
    one listed before it on the same level has its name but for case (`X-Id`, then `x-id`):
    one header on the wire, which a request can carry once."""
    merged, twins = _merged(refs, shared, operation)
    return list(merged.values()), twins


def identity(param: dict[str, Any]) -> tuple[str, str]:
    """What makes a parameter the same as another (OpenAPI: name and location); a header's
    name in lower case, HTTP field names being case-insensitive (RFC 9110 5.1): an
    operation's `x-request-id` overrides its path's `X-Request-ID` (two arguments, one of them
    dropped on the wire). Query and cookie names are case-sensitive."""
    location = str(param.get("in"))
    name = str(param.get("name"))
    return (name.lower() if location == "header" else name, location)


def _merged(refs: Refs, shared: tuple[Any, ...], operation: dict[str, Any]
            ) -> tuple[dict[tuple[str, str], dict[str, Any]], list[tuple[str, str]]]:
    merged: dict[tuple[str, str], dict[str, Any]] = {}
    twins: list[tuple[str, str]] = []
    for level in (shared, operation.get("parameters") or []):
        own: dict[tuple[str, str], dict[str, Any]] = {}
        for raw in level:
            param = refs.resolve(raw)
            if not (isinstance(param, dict) and isinstance(param.get("name"), str)):
                continue
            first = own.get(identity(param))
            if first is not None and first["name"] != param["name"]:
                twins.append((param["name"], first["name"]))
                if param.get("required") is True and first.get("required") is not True:
                    # the header is required if either says so: a call without it fails
                    own[identity(param)] = {**first, "required": True}
                continue
            own[identity(param)] = param  # (an exact repeat, which validation names: the last)
        merged.update(own)
    return merged, twins


def parameters(context: Context, stem: str, raw_params: list[dict[str, Any]],
               taken: set[str]) -> list[Param]:
    """The arguments of `raw_params` (named clear of `taken`, which they are added to), typed
    by the fields of the class `<stem>Params`."""
    if not raw_params:
        return []
    properties: dict[str, Any] = {}
    required: list[str] = []
    keys: list[tuple[dict[str, Any], str]] = []
    for param in raw_params:
        key = param["name"]
        if key in properties:  # same wire name in two locations
            key = f"{key} ({param.get('in')})"
        properties[key] = _schema(param)
        if param.get("in") == "path" or param.get("required") is True:
            required.append(key)
        keys.append((param, key))
    model_class = context.classes.class_for(
        {"type": "object", "properties": properties, "required": required}, f"{stem}Params"
    )
    context.classes.operation_classes.add(model_class)
    result = []
    for param, key in keys:
        if str(param.get("in")) in LOCATIONS:
            result.append(_argument(context, param, model_class, key, properties[key],
                                    key in required, taken))
            taken.add(result[-1].name)
    return result


def _schema(param: dict[str, Any]) -> Any:
    """The parameter's schema; a `content`-style parameter's is its media type's."""
    schema = param.get("schema")
    if schema is None:
        media: Any = next(iter((param.get("content") or {}).values()), {})
        schema = media.get("schema", {}) if isinstance(media, dict) else {}
    return schema if isinstance(schema, (dict, bool)) else {}


def _argument(context: Context, param: dict[str, Any], model_class: str, key: str, schema: Any,
              required: bool, taken: set[str]) -> Param:
    description = param.get("description")
    style = str(param.get("style") or DEFAULT_STYLES.get(str(param.get("in")), "form"))
    client_level = param.get("x-codegen-client-param") is True
    return Param(
        name=names.argument_name(names.spell_operators(param["name"]), reserved=taken),
        wire_name=param["name"],
        location=param["in"],
        model_class=model_class,
        model_key=key,
        required=required,
        nullable=is_nullable(schema, context.refs),
        description=description if isinstance(description, str) else "",
        client_level=client_level,
        explode=param.get("explode", style == "form") is not False,
        deprecated=param.get("deprecated") is True,
        style="json" if json_content(param) else style,
        only_value=only_value(context.refs, schema) if required and not client_level else (),
    )


def only_value(refs: Refs, schema: Any) -> tuple[str | int | float | bool, ...]:
    """The one value `schema` allows, when it allows one scalar (`enum: [v]`, `const: v`):
    (v,); else ()."""
    resolved = refs.resolve(schema)
    if not isinstance(resolved, dict):
        return ()
    if "const" in resolved:
        values = [resolved["const"]]
    else:
        enum = resolved.get("enum")
        values = list(enum) if isinstance(enum, list) else []
    if len(values) != 1 or not isinstance(values[0], (str, int, float, bool)):
        return ()
    return (values[0],)
