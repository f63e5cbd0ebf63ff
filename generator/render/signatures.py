"""The signatures of an operation's methods: arguments, return types, overloads, docstrings.

The sync and async methods share one `_Shape` (arguments, return type, docstring parts); each
variant adds its stream and page classes, and the overloads of a method whose argument
switches streaming on.
"""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field

from generator.ir import Body, Operation, Param, ResponseType
from generator.models import Models, ParamTypes
from generator.models.annotations import union_members
from generator.names.hidden import unhidden
from generator.render import docstrings as docs
from generator.render.filters import docstring
from generator.render.views import CALL_ARGUMENTS, Argument, MethodVariant, Signature

PAGE_CLASSES = {"Stream": "SyncPage", "AsyncStream": "AsyncPage"}
# What a list method returns: the first page (sync), a paginator to await or iterate (async)
LIST_CLASSES = {"Stream": "SyncPage", "AsyncStream": "AsyncPaginator"}
FREE_FORM = "Mapping[str, object]"  # a free-form object body (resources import `Mapping`)


def _response_annotation(response: ResponseType, models: Models) -> str:
    if response.kind == "json":
        if not response.model_class:
            return "object"
        annotation = models.class_annotation(response.model_class)
        # a root model's type says whether it takes null; a class does not
        if response.nullable and not models.is_root(response.model_class):
            return f"{annotation} | None"
        return annotation
    return {"text": "str", "bytes": "bytes", "none": "None"}[response.kind]


def _free_form(models: Models, class_name: str) -> bool:
    """A model of no fields that keeps what it is given (`{type: object}`): any JSON object."""
    name = models.name(class_name)
    return models.is_object_class(name) and not models.all_fields(name)


def _union(annotations: Iterable[str]) -> str:
    unique = list(dict.fromkeys(annotations))
    return " | ".join(unique) if unique else "None"


def _is_union(annotation: str) -> bool:
    return len(union_members(ast.parse(annotation, mode="eval").body)) > 1


def _file_union(annotation: str) -> str:
    """A union's annotation with its `bytes` member (its file branch) taking any file
    (`FileContent`: bytes, an open file, a path, a tuple naming the file)."""
    members = union_members(ast.parse(annotation, mode="eval").body)
    return _union("FileContent" if ast.unparse(member) == "bytes" else ast.unparse(member)
                  for member in members)


def _argument(param: Param, models: Models, body: Body | None, params: ParamTypes) -> Argument:
    optional = param.omittable
    annotation = _annotation(param, models, body, params)
    if optional:
        return Argument(param.name, f"{annotation} | NotGiven", "NOT_GIVEN")
    return Argument(param.name, annotation, None)


def _annotation(param: Param, models: Models, body: Body | None, params: ParamTypes) -> str:
    """The argument's type: the model field's type, or the whole body's type; model classes
    in it also take their `TypedDict` form (collected in `params`)."""
    if param.location != "body" or param.model_key:
        if body is not None and param.location == "body" and param.model_key in body.file_fields:
            field = models.annotation(param.model_class, param.model_key, drop_none=True)
            if _is_union(field):  # a file among other branches (`oneOf: [binary, string]`)
                return _file_union(params.request_annotation(
                    models, param.model_class, param.model_key, drop_none=True))
            return "list[FileContent]" if field.startswith("list[") else "FileContent"
        return params.request_annotation(
            models, param.model_class, param.model_key, drop_none=not param.nullable
        )
    if param.model_class and (_free_form(models, param.model_class)
                              or (body is not None and body.kind == "multipart")):
        return FREE_FORM  # a multipart body is named parts, files among them (`multipart_parts`)
    if param.model_class:
        return params.request_class_annotation(models, param.model_class)
    if body is not None and body.kind == "content":
        return "str" if body.is_text else "bytes"
    return "object"  # a JSON body the spec gives no schema for


@dataclass(frozen=True)
class Shape:
    """What the sync and async signatures of an operation share."""

    arguments: tuple[Argument, ...]  # the operation's own, in order
    returns: str  # the non-streaming return type
    returns_doc: str
    chunk: str | None
    doc: docs.MethodDoc
    item: str | None = None  # the type of one item of a paginated list
    docstrings: dict[str, str] = field(default_factory=dict)  # by Returns text

    def docstring(self, returns_doc: str) -> str:
        """The method's docstring literal with `returns_doc` as its Returns section (the
        sync and async methods share most of theirs: each is built once)."""
        found = self.docstrings.get(returns_doc)
        if found is None:
            found = self.docstrings[returns_doc] = docstring(self.doc.text(returns_doc), " " * 8)
        return found

    def signature(self, arguments: Iterable[Argument], returns: str, returns_doc: str) -> Signature:
        """A signature of the method: `arguments`, then the call arguments every method has."""
        return Signature((*arguments, *CALL_ARGUMENTS), returns, self.docstring(returns_doc))


def shape(operation: Operation, models: Models, params: ParamTypes) -> Shape:
    """What the sync and async methods of `operation` share; typing the arguments collects
    the model classes whose `TypedDict` form they take in `params`."""
    arguments = tuple(_always_on(_argument(p, models, operation.body, params), operation)
                      for p in operation.params)
    annotations = [_response_annotation(r, models) for r in operation.success]
    no_content = ["None"] if any(r.content_never_sent for r in operation.success) else []
    chunk = models.class_annotation(operation.stream_chunk) if operation.stream_chunk else None
    switch = operation.stream_param if chunk else None
    # as the implementation lists them: a streaming switch comes after the other arguments
    order = [a.name for a in arguments if a.name != switch] + ([switch] if switch else [])
    order += [a.name for a in CALL_ARGUMENTS]
    return Shape(
        arguments,
        _union([*annotations, *no_content]),
        docs.returns_doc(operation, annotations),
        chunk,
        docs.method_doc(operation, order),
        _item_annotation(operation, models),
    )


def _always_on(argument: Argument, operation: Operation) -> Argument:
    """The switch of an operation that always streams takes only `True` (sent when left out):
    `False` would ask for an answer the operation does not give."""
    if operation.stream_only and argument.name == operation.stream_param:
        return Argument(argument.name, "Literal[True] | NotGiven", "NOT_GIVEN")
    return argument


def _item_annotation(operation: Operation, models: Models) -> str | None:
    """The type of one item of a paginated list: the items array's element type."""
    answer = operation.returns
    if operation.pagination is None or answer is None or answer.model_class is None:
        return None
    items = operation.pagination.items
    # "": the answer is the array of items itself (a link walk's)
    field = (models.annotation(answer.model_class, items, drop_none=True) if items
             else models.class_annotation(answer.model_class))
    node = ast.parse(field, mode="eval").body
    if (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name)
            and node.value.id == "list"):
        return ast.unparse(node.slice)
    return "object"


def variant(operation: Operation, shape: Shape, stream_class: str) -> MethodVariant:
    """The sync (`Stream`) or async (`AsyncStream`) method of `operation`."""
    page_class = PAGE_CLASSES[stream_class]
    is_async = stream_class == "AsyncStream"
    if shape.item is not None and operation.pagination is not None:
        returned = f"{LIST_CLASSES[stream_class]}[{shape.item}, {shape.returns}]"
        page_doc = docs.page_doc(LIST_CLASSES[stream_class], page_class, shape.item,
                                 shape.returns, operation.pagination.style)
        lists = shape.signature(shape.arguments, returned, page_doc)
        # an async list method is a plain `def` returning the paginator
        return MethodVariant((), lists, stream_class, page_class, coroutine=False)
    overloads, implementation = _signatures(operation, shape, stream_class)
    return MethodVariant(overloads, implementation, stream_class, page_class, coroutine=is_async)


def _signatures(operation: Operation, shape: Shape, stream_class: str
                ) -> tuple[tuple[Signature, ...], Signature]:
    """The overloads and the implementation's signature of a method that does not list."""
    if shape.chunk is None:
        return (), shape.signature(shape.arguments, shape.returns, shape.returns_doc)
    stream = f"{stream_class}[{shape.chunk}]"
    stream_doc = docs.stream_doc(stream_class, shape.chunk)
    switch = operation.stream_param
    if switch is None or operation.stream_only:  # always streams; a switch last, as documented
        arguments = sorted(shape.arguments, key=lambda argument: argument.name == switch)
        return (), shape.signature(arguments, stream, stream_doc)
    overloads = _stream_overloads(shape, switch, stream, stream_doc)
    return overloads, overloads[-1]


def _stream_overloads(shape: Shape, switch: str, stream: str, stream_doc: str
                      ) -> tuple[Signature, ...]:
    """Not streaming (`switch` False or not given), streaming (True), either (a bool)."""
    required = [a for a in shape.arguments if a.default is None and a.name != switch]
    optional = [a for a in shape.arguments if a.default is not None and a.name != switch]
    either = f"{shape.returns} | {stream}"
    either_doc = docs.either_doc(shape.returns_doc, switch, stream_doc)
    # a nullable switch takes None as not streaming (OpenAI's `stream: {nullable: true}`)
    none = " | None" if any(a.name == switch and "None" in a.annotation.split(" | ")
                            for a in shape.arguments) else ""
    return (
        shape.signature([*required, *optional,
                         Argument(switch, f"Literal[False]{none} | NotGiven", "NOT_GIVEN")],
                        shape.returns, shape.returns_doc),
        shape.signature([*required, Argument(switch, "Literal[True]", None), *optional],
                        stream, stream_doc),
        shape.signature([*required, *optional,
                         Argument(switch, f"bool{none} | NotGiven", "NOT_GIVEN")],
                        either, either_doc),
    )


def _unhidden_signature(signature: Signature, hidden: frozenset[str]) -> Signature:
    arguments = tuple(dataclasses.replace(a, annotation=unhidden(a.annotation, hidden))
                      for a in signature.arguments)
    return dataclasses.replace(signature, arguments=arguments,
                               returns=unhidden(signature.returns, hidden))


def unhidden_variant(variant: MethodVariant, hidden: frozenset[str]) -> MethodVariant:
    """`variant` with the builtins in `hidden` reached through `_builtins` in its annotations
    (`names.hidden.unhidden`): its class's methods named like them hide them there."""
    if not hidden:
        return variant
    return dataclasses.replace(
        variant, overloads=tuple(_unhidden_signature(s, hidden) for s in variant.overloads),
        implementation=_unhidden_signature(variant.implementation, hidden))
