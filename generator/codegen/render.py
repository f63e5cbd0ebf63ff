"""IR -> the whole package in memory: relative path -> text.

Python here decides everything (argument order, annotations, literals, docstrings); the
templates only lay it out. Spec text reaches a template only as a finished Python literal
(`literal`, `docstring`) or as an identifier built by `names`, so nothing in a spec can
inject code.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2

from generator import __version__
from generator.codegen.ir import Api, Body, Operation, Param, ResponseType
from generator.codegen.models import Models

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
RUNTIME = TEMPLATES / "runtime"
CALL_OPTIONS = ("extra_headers", "extra_query", "extra_body", "timeout", "max_retries")
QUERY_DELIMITERS = {"form": ",", "spaceDelimited": " ", "pipeDelimited": "|"}


def literal(value: object) -> str:
    """A Python literal for a str/int/float/bool/None (or a list/dict of them)."""
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, bool) or value is None or isinstance(value, int):
        return repr(value)
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else f"float({str(value)!r})"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(literal(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{literal(str(k))}: {literal(v)}" for k, v in value.items()) + "}"
    return repr(str(value))


def docstring(text: str, indent: str = "") -> str:
    """A triple-quoted literal holding `text` exactly, whatever it contains."""
    cleaned = "".join(ch if ch in "\n\t" or ch >= " " else " " for ch in text.replace("\r\n", "\n"))
    cleaned = cleaned.replace("\\", "\\\\").replace('"""', '\\"\\"\\"').strip()
    if cleaned.endswith('"'):
        cleaned += " "
    lines = cleaned.split("\n")
    if len(lines) == 1:
        return f'"""{lines[0]}"""'
    body = "\n".join((indent + line) if line.strip() else "" for line in lines[1:])
    return f'"""{lines[0]}\n{body}\n{indent}"""'


@dataclass(frozen=True)
class Argument:
    name: str
    annotation: str
    default: str | None  # None: required


@dataclass(frozen=True)
class Signature:
    arguments: tuple[Argument, ...]
    returns: str


@dataclass(frozen=True)
class MethodView:
    name: str
    doc: str
    signatures: tuple[Signature, ...]  # overloads first, then the implementation
    implementation: Signature
    spec_const: str
    builder: str
    params_call: str  # `{"wire": python_name, ...}` literal source
    body_call: str
    stream_expr: str
    deprecated: bool


@dataclass(frozen=True)
class BuilderView:
    name: str
    spec_const: str
    spec_source: str
    lines: tuple[str, ...]  # the statements of the options builder


def _response_annotation(response: ResponseType, models: Models) -> str:
    if response.kind == "json":
        return models.class_annotation(response.model_class) if response.model_class else "object"
    return {"text": "str", "bytes": "bytes", "none": "None"}[response.kind]


def _returns(operation: Operation, models: Models) -> str:
    annotations: list[str] = []
    for response in operation.success:
        annotation = _response_annotation(response, models)
        if annotation not in annotations:
            annotations.append(annotation)
    return " | ".join(annotations) if annotations else "None"


def _argument(param: Param, models: Models, body: Body | None) -> Argument:
    optional = not param.required or param.client_level
    annotation = _annotation(param, models, body)
    if optional:
        return Argument(param.name, f"{annotation} | NotGiven", "NOT_GIVEN")
    return Argument(param.name, annotation, None)


def _annotation(param: Param, models: Models, body: Body | None) -> str:
    """The argument's type: the model field's type, or the whole body's type."""
    if param.location != "body" or param.model_key:
        if body is not None and param.location == "body" and param.model_key in body.file_fields:
            field = models.annotation(param.model_class, param.model_key, drop_none=True)
            return "list[FileContent]" if field.startswith("list[") else "FileContent"
        return models.annotation(param.model_class, param.model_key, drop_none=not param.nullable)
    if param.model_class:
        return models.class_annotation(param.model_class)
    if body is not None and body.kind == "content":
        return "str" if body.is_text else "bytes"
    return "object"  # a JSON body the spec gives no schema for


def _call_arguments() -> tuple[Argument, ...]:
    return (
        Argument("extra_headers", "Headers | None", "None"),
        Argument("extra_query", "Query | None", "None"),
        Argument("extra_body", "Mapping[str, object] | None", "None"),
        Argument("timeout", "Timeout | NotGiven", "NOT_GIVEN"),
        Argument("max_retries", "int | NotGiven", "NOT_GIVEN"),
    )


def _method_doc(operation: Operation) -> str:
    parts = [operation.summary or f"{operation.http_method.upper()} {operation.path}"]
    if operation.description and operation.description.strip() != operation.summary.strip():
        parts.append(operation.description.strip())
    described = [p for p in operation.params if p.description]
    if described:
        parts.append("Args:\n" + "\n".join(
            f"    {p.name}: " + " ".join(p.description.split()) for p in described
        ))
    if operation.deprecated:
        parts.append("Deprecated: the spec marks this operation as deprecated.")
    return "\n\n".join(parts)


def _signatures(operation: Operation, models: Models, sync: bool) -> tuple[tuple[Signature, ...], Signature]:
    arguments = [_argument(p, models, operation.body) for p in operation.params]
    returns = _returns(operation, models)
    stream_cls = "Stream" if sync else "AsyncStream"
    call = _call_arguments()
    if operation.stream_only and operation.stream_chunk:
        chunk = models.class_annotation(operation.stream_chunk)
        return (), Signature((*arguments, *call), f"{stream_cls}[{chunk}]")
    if operation.stream_param is None or operation.stream_chunk is None:
        return (), Signature((*arguments, *call), returns)
    chunk = f"{stream_cls}[{models.class_annotation(operation.stream_chunk)}]"
    required = [a for a in arguments if a.default is None and a.name != operation.stream_param]
    optional = [a for a in arguments if a.default is not None and a.name != operation.stream_param]

    def variant(stream_annotation: str, default: str | None, result: str) -> Signature:
        stream_arg = Argument(operation.stream_param or "stream", stream_annotation, default)
        ordered = [*required, stream_arg, *optional] if default is None else [*required, *optional, stream_arg]
        return Signature((*ordered, *call), result)

    overloads = (
        variant("Literal[False] | NotGiven", "NOT_GIVEN", returns),
        variant("Literal[True]", None, chunk),
        variant("bool | NotGiven", "NOT_GIVEN", f"{returns} | {chunk}"),
    )
    implementation = variant("bool | NotGiven", "NOT_GIVEN", f"{returns} | {chunk}")
    return overloads, implementation


def _wire_map(params: list[Param]) -> str:
    """`{"wire": argument, ...}`; a whole body (not spread into arguments) is under "body"."""
    return "{" + ", ".join(f"{literal(p.model_key or 'body')}: {p.name}" for p in params) + "}"


def _constant(operation: Operation) -> str:
    return f"_{operation.resource.upper()}_{operation.name.upper()}".replace("__", "_")


def _builder_name(operation: Operation) -> str:
    return f"_{operation.resource}_{operation.name}_options"


def _names_map(params: list[Param]) -> str:
    """Wire name -> argument name, where they differ (error messages name the argument)."""
    return literal({p.model_key: p.name for p in params if p.model_key != p.name})


def _frozenset(keys: list[str]) -> str:
    return f"frozenset({literal(sorted(keys))})" if keys else "frozenset()"


def _spec_source(operation: Operation, models: Models) -> str:
    def mapping(responses: tuple[ResponseType, ...]) -> str:
        return "{" + ", ".join(
            f"{literal(r.status)}: {_runtime_type(r, models)}" for r in responses
        ) + "}"

    headers = "{" + ", ".join(f"{literal(h.wire_name)}: {h.python_type}" for h in operation.headers) + "}"
    chunk = _parse_target(operation.stream_chunk, models) if operation.stream_chunk else "None"
    return (
        f"ResponseSpec(success={mapping(operation.success)}, errors={mapping(operation.errors)}, "
        f"headers={headers}, stream_chunk={chunk})"
    )


def _runtime_type(response: ResponseType, models: Models) -> str:
    if response.kind == "json":
        return _parse_target(response.model_class, models) if response.model_class else "object"
    return {"text": "str", "bytes": "bytes", "none": "None"}[response.kind]


def _parse_target(class_name: str, models: Models) -> str:
    """What the runtime parses a body into: the class, or a root model's root type (so a
    `list[Pet]` response is a list, not a `RootModel` wrapping one)."""
    if models.is_root(class_name):
        return f"root_type(_models.{models.name(class_name)})"
    return f"_models.{models.name(class_name)}"


def _accept(operation: Operation) -> str | None:
    """An Accept header for operations that answer only in non-JSON media types."""
    if any(r.kind == "json" for r in operation.success) or operation.stream_only:
        return None
    media = sorted({m for r in operation.success for m in r.media_types})
    return ", ".join(media) or None


def _query_styles(params: list[Param]) -> str:
    """`delimiters=` / `deep=` / `json_encoded=` arguments of `pick`: how arrays and objects
    are serialised when not sent exploded, and which parameters are sent as JSON text."""
    delimiters = {p.model_key: QUERY_DELIMITERS[p.style] for p in params
                  if not p.explode and p.style in QUERY_DELIMITERS}
    deep = [p.model_key for p in params if p.style == "deepObject"]
    encoded = [p.model_key for p in params if p.style == "json"]
    return (
        (f", delimiters={literal(delimiters)}" if delimiters else "")
        + (f", deep={_frozenset(deep)}" if deep else "")
        + (f", json_encoded={_frozenset(encoded)}" if encoded else "")
    )


def _builder_lines(operation: Operation, models: Models) -> list[str]:
    params = [p for p in operation.params if p.location != "body"]
    body = [p for p in operation.params if p.location == "body"]
    lines: list[str] = []
    for param in params:
        if param.client_level:
            lines.append(
                f"params[{literal(param.model_key)}] = client_value(client, {literal(param.name)}, "
                f"params[{literal(param.model_key)}])"
            )
    if params:
        nullable = [p.model_key for p in params if p.nullable]
        lines.append(
            f"checked = validated(_models.{params[0].model_class}, params, "
            f"nullable={_frozenset(nullable)}, python_names={_names_map(params)})"
        )
    by_location = {loc: [p for p in params if p.location == loc] for loc in ("path", "query", "header", "cookie")}
    path_keys = [p.model_key for p in by_location["path"]]
    path_expr = (
        f"format_path({literal(operation.path)}, body_of(checked, {_frozenset(path_keys)}))"
        if path_keys else literal(operation.path)
    )
    fields = [f"method={literal(operation.http_method)}", f"path={path_expr}"]
    if by_location["query"]:
        query_map = literal({p.model_key: p.wire_name for p in by_location["query"]})
        fields.append(f"query=pick(checked, {query_map}{_query_styles(by_location['query'])})")
    accept = _accept(operation)
    headers = [f"{{'Accept': {literal(accept)}}}"] if accept else []
    if by_location["header"]:
        headers.append(f"pick_strings(checked, {literal({p.model_key: p.wire_name for p in by_location['header']})})")
    if headers:
        fields.append("headers=" + (headers[0] if len(headers) == 1 else "{**" + ", **".join(headers) + "}"))
    if by_location["cookie"]:
        mapping = literal({p.model_key: p.wire_name for p in by_location["cookie"]})
        fields.append(f"cookies=pick_strings(checked, {mapping})")
    if operation.body is not None:
        fields.extend(_body_fields(operation, body, models))
    fields.extend(f"{name}={name}" for name in CALL_OPTIONS)
    lines.append("return RequestOptions(" + ", ".join(fields) + ")")
    return lines


def _body_fields(operation: Operation, body: list[Param], models: Models) -> list[str]:
    spec = operation.body
    assert spec is not None
    if spec.kind == "content":
        return ["content=raw_content(body['body'])", f"content_type={literal(spec.media_type)}"]
    if spec.model_class is None:
        return ["json_body=body['body']"]
    if not spec.expanded:
        value = f"validated_root(_models.{models.name(spec.model_class)}, body['body'], name='body')"
    else:
        nullable = [p.model_key for p in body if p.nullable]
        raw = f", raw={_frozenset(list(spec.file_fields))}" if spec.file_fields else ""
        value = (
            f"validated(_models.{spec.model_class}, body, nullable={_frozenset(nullable)}, "
            f"python_names={_names_map(body)}{raw})"
        )
    if spec.kind == "json":
        return [f"json_body={value}"]
    if spec.kind == "form":
        return [f"form=form_fields({value})"]
    files = _frozenset(list(spec.file_fields))
    return [f"form=multipart_fields({value}, {files})", f"files=multipart_files(body, {files})"]


def _method_view(operation: Operation, models: Models, sync: bool) -> MethodView:
    overloads, implementation = _signatures(operation, models, sync)
    params = [p for p in operation.params if p.location != "body"]
    body = [p for p in operation.params if p.location == "body"]
    body_call = _wire_map(body)
    if operation.stream_only:
        stream_expr = "True"
    elif operation.stream_param:
        stream_expr = f"{operation.stream_param} is True"
    else:
        stream_expr = "False"
    return MethodView(
        name=operation.name,
        doc=docstring(_method_doc(operation), indent=" " * 8),
        signatures=overloads,
        implementation=implementation,
        spec_const=_constant(operation),
        builder=_builder_name(operation),
        params_call=_wire_map(params),
        body_call=body_call,
        stream_expr=stream_expr,
        deprecated=operation.deprecated,
    )


# What `_resources.py` may import from `_operations`; each is imported when generated code uses it.
OPERATIONS_HELPERS = (
    "FileContent", "async_dispatch", "async_to_raw_response", "body_of", "client_value", "dispatch",
    "form_fields", "format_path", "multipart_fields", "multipart_files", "pick", "pick_strings",
    "raw_content", "root_type", "to_raw_response", "validated", "validated_root",
)


def _operations_imports(builders: list[BuilderView], resources: list[dict[str, Any]]) -> list[str]:
    """The `_operations` names the rendered code uses, sorted as ruff's isort wants them."""
    code = [line for b in builders for line in (b.spec_source, *b.lines)]
    for resource in resources:
        for view in resource["sync"]:
            for signature in (*view.signatures, view.implementation):
                code.extend(a.annotation for a in signature.arguments)
    text = "\n".join(code)
    used = {"async_dispatch", "async_to_raw_response", "dispatch", "to_raw_response"}
    used |= {name for name in OPERATIONS_HELPERS if re.search(rf"\b{name}\b", text)}
    return sorted(used, key=lambda name: (not name[:1].isupper(), name))


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
    )
    env.filters["literal"] = literal
    env.filters["docstring"] = docstring
    return env


HTTP_IMPORT = "import httpx as _lib"


def http_module(source: str, library: str) -> str:
    """`_http.py` for the chosen library: its one import line is the only difference."""
    if source.count(HTTP_IMPORT) != 1:
        raise RuntimeError(f"templates/runtime/_http.py must contain {HTTP_IMPORT!r} exactly once")
    return source.replace(HTTP_IMPORT, f"import {library} as _lib")


def exports(names: list[str]) -> list[str]:
    """`__all__` order as ruff's RUF022 wants it: CONSTANTS, then Classes, then functions."""
    return sorted(names, key=lambda name: (0 if name.isupper() else 1 if name[:1].isupper() else 2, name))


def runtime_files() -> frozenset[str]:
    """The package files copied from templates/runtime/ (`_http.py` with its import swapped)."""
    return frozenset(module.name for module in RUNTIME.glob("*.py"))


def render(api: Api, models: Models) -> dict[str, str]:
    """Every file of the package, unformatted, keyed by relative path."""
    env = _environment()
    operations = [op for resource in api.resources for op in resource.operations]
    builders = [
        BuilderView(_builder_name(op), _constant(op), _spec_source(op, models), tuple(_builder_lines(op, models)))
        for op in operations
    ]
    resources: list[dict[str, Any]] = [
        {
            "attr": resource.attr,
            "class_name": resource.class_name,
            "sync": [_method_view(op, models, True) for op in resource.operations],
            "async_": [_method_view(op, models, False) for op in resource.operations],
        }
        for resource in api.resources
    ]
    client_params = [
        Argument(p.name, models.annotation(p.model_class, p.model_key, drop_none=True) + " | None", "None")
        for p in api.client_params
    ]
    context = {
        "api": api,
        "title_doc": docstring(api.title or api.options.package),
        "resources": resources,
        "resource_exports": exports(
            [name for r in api.resources for name in (r.class_name, "Async" + r.class_name)]
        ),
        "builders": builders,
        "client_params": client_params,
        "uses_overloads": any(view.signatures for r in resources for view in r["sync"]),
        "operations_imports": _operations_imports(builders, resources),
        "generator_version": __version__,
    }
    files = {
        "__init__.py": env.get_template("__init__.py.jinja").render(context),
        "_client.py": env.get_template("_client.py.jinja").render(context),
        "_resources.py": env.get_template("_resources.py.jinja").render(context),
        "models.py": models.source,
        "py.typed": "",
    }
    for module in sorted(RUNTIME.glob("*.py")):
        files[module.name] = module.read_text(encoding="utf-8")
    files["_http.py"] = http_module(files["_http.py"], api.options.http_library)
    return files

