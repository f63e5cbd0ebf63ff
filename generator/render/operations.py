"""IR operations -> the views their methods are rendered from (`OperationView`, `ResourceView`).

What a method body sends (checked arguments, query/header/cookie placement, the body), what it
parses the answers into, and its sync and async signatures (`render.signatures`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from generator.ir import Api, Body, Operation, Param, Resource, ResponseType
from generator.ir.bodies import FORM_URLENCODED
from generator.ir.media import base_type
from generator.models import Models, ParamTypes
from generator.names.hidden import hidden_builtins, unhidden
from generator.names.reserved import BUILTIN_NAMES
from generator.render import signatures
from generator.render.views import (
    BodyView,
    Checked,
    OperationView,
    PageView,
    Placed,
    ResourceView,
    Responses,
    Target,
    Value,
)

QUERY_DELIMITERS = {"form": ",", "spaceDelimited": " ", "pipeDelimited": "|"}


@dataclass(frozen=True)
class PackageViews:
    """What the package's files are rendered from: one view per resource, and the request
    models whose `TypedDict` form (params.py) the arguments take."""

    resources: list[ResourceView]
    params: ParamTypes


def package_views(api: Api, models: Models) -> PackageViews:
    """The views of every resource of `api`, and the model classes their arguments collected."""
    params = ParamTypes()
    return PackageViews([_resource_view(resource, models, params) for resource in api.resources],
                        params)


def _resource_view(resource: Resource, models: Models, params: ParamTypes) -> ResourceView:
    hidden = hidden_builtins(op.name for op in resource.operations)
    return ResourceView(
        resource.attr,
        resource.class_name,
        tuple(_operation_view(op, models, params, hidden) for op in resource.operations),
    )


def _checked(model: str, params: list[Param], raw: Iterable[str] = ()) -> Checked:
    return Checked(
        model=model,
        values=tuple(Value(p.model_key, p.name, p.client_level, p.only_value) for p in params),
        nullable=frozenset(p.model_key for p in params if p.nullable),
        python_names={p.model_key: p.name for p in params if p.model_key != p.name},
        raw=frozenset(raw),
    )


def _keyed_path(path: str, params: list[Param]) -> str:
    """`path` with each placeholder named by its parameter's key among the checked values, which
    `format_path` fills: a path parameter sharing its name with a query one is keyed `id (path)`,
    and its `{id}` was never filled (the request went to `/items/%7Bid%7D`)."""
    for param in params:
        path = path.replace("{" + param.wire_name + "}", "{" + param.model_key + "}")
    return path


def _path_styles(params: list[Param]) -> dict[str, str]:
    """The path parameters not sent in the default `simple` style, unexploded: key -> style as
    the runtime's `format_path` names them (`label`, `matrix`, `json`; `*` after an exploded
    one)."""
    styles = {p.model_key: p.style + ("*" if p.explode and p.style != "json" else "")
              for p in params}
    return {key: style for key, style in sorted(styles.items()) if style != "simple"}


def _placed(params: list[Param], *, named: bool = False, query: bool = False,
            simple: bool = False, cookie: bool = False) -> Placed | None:
    """`named`: the check of the values (headers) names each argument in its errors. `query`:
    the styles only a query has (delimited, deepObject) apply; a header or cookie value is one
    string (arrays and objects comma-joined). `simple`: the parameters are `simple` style
    (headers), whose objects `explode: true` sends as `k=v` pairs. `cookie`: the parameters
    are cookies, whose objects `form` and exploded (the default) send as a cookie each."""
    if not params:
        return None
    styles = [(p.model_key, p.style, p.explode) for p in params]
    return Placed(
        keys=tuple(p.model_key for p in params),
        wire_names={p.model_key: p.wire_name for p in params if p.model_key != p.wire_name},
        delimiters=_delimiters(styles) if query else {},
        deep=_deep(styles) if query else frozenset(),
        json_encoded=frozenset(p.model_key for p in params if p.style == "json"),
        python_names={p.model_key: p.name for p in params if named and p.model_key != p.name},
        exploded=_simple_exploded(params) if simple else frozenset(),
        joined=_joined_cookies(params) if cookie else frozenset(),
    )


# (key, style, explode) of a parameter or a form body's property
_Styled = list[tuple[str, str, bool]] | tuple[tuple[str, str, bool], ...]


def _delimiters(styles: _Styled) -> dict[str, str]:
    """Arrays and objects not exploded, in a delimited style: key -> delimiter."""
    return {key: QUERY_DELIMITERS[style] for key, style, explode in styles
            if not explode and style in QUERY_DELIMITERS}


def _deep(styles: _Styled) -> frozenset[str]:
    """The `deepObject` ones: sent as `name[key]` pairs."""
    return frozenset(key for key, style, _ in styles if style == "deepObject")


def _simple_exploded(params: list[Param]) -> frozenset[str]:
    """The header parameters whose objects are sent exploded (`role=admin,first=Alex`, not
    `role,admin,first,Alex`): `simple` style (the only one of headers) with `explode: true`
    (path parameters say theirs in `_path_styles`)."""
    return frozenset(p.model_key for p in params if p.explode and p.style != "json")


def _joined_cookies(params: list[Param]) -> frozenset[str]:
    """The cookie parameters whose objects are one cookie (`name=role,admin,first,Alex`): all
    but `form` with `explode: true`, whose objects are a cookie per property (`role=admin;
    first=Alex`), and JSON ones (`json_encoded`)."""
    return frozenset(p.model_key for p in params
                     if p.style != "json" and not (p.style == "form" and p.explode))


def _body_view(operation: Operation, models: Models) -> BodyView | None:
    body = operation.body
    if body is None:
        return None
    fields = [p for p in operation.params if p.location == "body"]
    if body.expanded and body.model_class is not None:
        checked = _checked(body.model_class, fields, body.file_fields)
        styles = body.form_styles
        return BodyView(body.kind, body.media_type, None, None, checked,
                        frozenset(body.file_fields), optional=not body.required,
                        delimiters=_delimiters(styles), deep=_deep(styles),
                        spread=frozenset(wire for wire, style, explode in styles
                                         if style == "form" and explode),
                        file_unions=frozenset(body.file_unions),
                        form_media_type=_form_media_type(body))
    root_model = models.name(body.model_class) if body.model_class else None
    argument = fields[0].name if fields else "body"
    return BodyView(body.kind, body.media_type, argument, root_model, None,
                    frozenset(body.file_fields), form_media_type=_form_media_type(body))


def _form_media_type(body: Body) -> str | None:
    """A form body's media type as the document writes it, where it says more than the bare
    form type (`; charset=utf-8`): sent as declared, as a raw body's media type is."""
    # (the bare type is what the runtime sends a form as unless told another)
    if body.kind != "form" or body.media_type == FORM_URLENCODED:
        return None
    return body.media_type


def _accept(operation: Operation) -> str | None:
    """The `Accept` header of an operation that may answer in other than JSON: every media
    type its successes document (JSON, CSV and Markdown, chosen by a query parameter)."""
    if all(r.kind in ("json", "none") for r in operation.success) or operation.stream_only:
        return None
    media = sorted({m for r in operation.success for m in r.media_types})
    return ", ".join(media) or None


def _target(response: ResponseType, models: Models) -> Target:
    if response.kind == "json":
        if response.model_class:
            target = _model_target(response.model_class, models)
            if response.nullable and target.kind == "model":
                return Target("nullable_model", target.name)  # `_models.X | None`
            return target
        return Target("builtin", "object")
    return Target("builtin", {"text": "str", "bytes": "bytes", "none": "None"}[response.kind])


def _model_target(class_name: str, models: Models) -> Target:
    return Target("root" if models.is_root(class_name) else "model", models.name(class_name))


def _by_status(responses: Iterable[ResponseType], models: Models) -> tuple[tuple[str, Target], ...]:
    """Status -> target; a status read in several kinds (JSON and text) -> the target of each
    of its media types, which the runtime picks from by the answer's Content-Type."""
    grouped: dict[str, list[ResponseType]] = {}
    for response in responses:
        grouped.setdefault(response.status, []).append(response)
    return tuple(
        (status, _target(kinds[0], models) if len(kinds) == 1 else Target(
            "media", "", tuple((m, _target(r, models)) for r in kinds for m in r.media_types)))
        for status, kinds in grouped.items()
    )


def _responses(operation: Operation, models: Models, returns: str) -> Responses:
    return Responses(
        constant=operation.constant,
        returns=returns,
        success=_by_status(operation.success, models),
        errors=tuple((r.status, _target(r, models)) for r in operation.errors),
        headers=tuple((h.wire_name, h.python_type) for h in operation.headers),
        stream_chunk=(_model_target(operation.stream_chunk, models) if operation.stream_chunk
                      else None),
        plain_events=operation.plain_events,
    )


def _operation_view(operation: Operation, models: Models, params: ParamTypes,
                    hidden: frozenset[str]) -> OperationView:
    """The view of one method; `hidden`: the builtins its class's methods hide."""
    shape = signatures.shape(operation, models, params)
    located = {
        location: [p for p in operation.params if p.location == location]
        for location in ("path", "query", "header", "cookie")
    }
    non_body = [p for p in operation.params if p.location != "body"]
    return OperationView(
        name=operation.name,
        http_method=operation.http_method,
        path=_keyed_path(operation.path, located["path"]),
        written_path=operation.path,
        responses=_responses(operation, models, shape.returns),
        params=_checked(non_body[0].model_class, non_body) if non_body else None,
        path_keys=frozenset(p.model_key for p in located["path"]),
        path_styles=_path_styles(located["path"]),
        server=operation.server,
        query=_placed(located["query"], query=True),
        headers=_placed(located["header"], named=True, simple=True),
        cookies=_placed(located["cookie"], cookie=True),
        accept=_accept(operation),
        body=_body_view(operation, models),
        stream_switch=operation.stream_param if shape.chunk else None,
        always_streams=operation.stream_only and shape.chunk is not None,
        # read in the body, where an argument named like a builtin would hide it
        stream_chunk=unhidden(shape.chunk, BUILTIN_NAMES) if shape.chunk else None,
        page=_page_view(operation, shape),
        sync=signatures.unhidden_variant(signatures.variant(operation, shape, "Stream"), hidden),
        async_=signatures.unhidden_variant(
            signatures.variant(operation, shape, "AsyncStream"), hidden),
        security=None if operation.security is None else [list(r) for r in operation.security],
        retry_safe=operation.retry_safe,
        idempotency_header=operation.idempotency_header,
        deprecated=_deprecation(operation),
        content_type=_json_content_type(operation),
    )


def _json_content_type(operation: Operation) -> str | None:
    """The media type a JSON body is sent as, as the document writes it, when it is not
    `application/json` (which the runtime sends by default) or `*/*` (which names none):
    a server taking `application/merge-patch+json` or JSON:API's `application/vnd.api+json`
    answers `application/json` with 415."""
    body = operation.body
    if body is None or body.kind != "json":
        return None
    base = base_type(body.media_type)
    # a media range (`application/*+json`, which Swashbuckle lists beside `application/json`)
    # names no type a body can be sent as: `Content-Type: application/*+json` is no media type
    if base == "application/json" or "*" in base:
        return None
    return body.media_type


def _deprecation(operation: Operation) -> str | None:
    """The message a deprecated operation's `@typing_extensions.deprecated` gives (type
    checkers show it at each call; calling it warns, as openai-python's deprecated methods)."""
    if not operation.deprecated:
        return None
    return f"the API marks {operation.http_method.upper()} {operation.path} as deprecated"


def _page_view(operation: Operation, shape: signatures.Shape) -> PageView | None:
    pagination = operation.pagination
    if pagination is None or shape.item is None:
        return None
    # ("": a link walk has no items property and no page parameter: the runtime's default)
    arguments = tuple((name, value) for name, value in vars(pagination).items()
                      if value not in (None, ""))
    # `page_cls=SyncPage[item, returns]` is read in the body, where arguments may hide builtins
    return PageView(f"{operation.constant}_PAGES", arguments, unhidden(shape.item, BUILTIN_NAMES),
                    unhidden(shape.returns, BUILTIN_NAMES))
