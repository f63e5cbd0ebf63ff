"""The package's own documents: README.md (what a team vendoring it needs) and api.md (every
method and every model, in the manner of openai-python's api.md).

Python computes the views here (calls with placeholder arguments, signatures, the guard an
optional field needs); templates/README.md.jinja and templates/api.md.jinja hold the layout.
Every Python example in README.md is a complete snippet that passes `mypy --strict` against the
package (tests/render/test_package_docs.py runs it), so an example can only use what the types
allow: a value it cannot build honestly is not shown.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import keyword
import re
import shlex
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from generator import __version__
from generator.ir import Api, SecurityScheme, retries
from generator.models import ABC_QUALIFIER, QUALIFIER, Models
from generator.models.index import ModelField
from generator.render.environment import TEMPLATES, environment
from generator.render.example_values import (
    NONE,
    Constraints,
    constraints_of,
    number_value,
    text_value,
)
from generator.render.runtime import error_exports
from generator.render.views import CALL_ARGUMENTS, Argument, OperationView, ResourceView

GENERATOR = "openapi-clientgen"
PUBLIC_QUALIFIER = "models"  # how README and api.md name the models module
# How deep a placeholder may build nested models (a request model holding a model ...).
MAX_MODEL_DEPTH = 2
_SIMPLE = {"str": '"string"', "int": "1", "float": "1.0", "bool": "True", "None": "None",
           "bytes": 'b"data"', "FileContent": 'b"file content"', "object": "{}"}
# Values of types a module builds (`format: uri`, `date`, ...), spelt as the generated modules
# annotate them (`_pydantic.AnyUrl`) and as models do (`AnyUrl`); the example imports the module.
_URL = 'pydantic.AnyUrl("https://example.com")'
_DATETIME = "datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc)"
_UUID = 'uuid.UUID("12345678-1234-5678-1234-567812345678")'
_CONSTRUCTED = {
    "_pydantic.AnyUrl": _URL, "AnyUrl": _URL, "_pydantic.AnyHttpUrl": _URL, "AnyHttpUrl": _URL,
    "_datetime.date": "datetime.date(2024, 1, 1)", "date": "datetime.date(2024, 1, 1)",
    "_datetime.datetime": _DATETIME, "datetime": _DATETIME, "AwareDatetime": _DATETIME,
    "_pydantic.AwareDatetime": _DATETIME, "_uuid.UUID": _UUID, "UUID": _UUID,
}
# Modules an example imports when its values use them.
_MODULES = ("datetime", "pydantic", "uuid")
Requirements = tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Printed:
    """What an example prints of its result: a field (behind a guard when it may be None), or
    the whole result when `field` is None."""

    field: str | None
    guarded: bool = False
    nothing: bool = False  # the method returns None: the example calls it, no `result =`


@dataclass(frozen=True)
class Call:
    """One example call: `client.attr.method(args)`, and what to do with its result."""

    resource: str  # the client attribute
    method: str
    arguments: tuple[tuple[str, str], ...]  # (name, placeholder source)
    # what the example prints of `result` (README.md.jinja writes the statements)
    printed: Printed
    # the operation's own security (None: the document's), which the credentials must meet
    security: Requirements | None = None
    client: str = ""  # `Client(...)`'s arguments in this example (`documents` sets them)

    @property
    def text(self) -> str:
        """The call on `client`."""
        return self.text_on("client")

    def text_on(self, client: str) -> str:
        """The call on the client named `client` (`async_client` in an async example)."""
        arguments = ", ".join(f"{name}={value}" for name, value in self.arguments)
        return f"{client}.{self.resource}.{self.method}({arguments})"

    @property
    def statement(self) -> str:
        """The call as a statement: `result = ...`, or the bare call of a method returning
        None (mypy refuses to assign what returns None)."""
        return self.text if self.printed.nothing else f"result = {self.text}"

    @property
    def imports(self) -> str:
        """What the example imports from the package besides `Client`."""
        return f", {PUBLIC_QUALIFIER}" if f"{PUBLIC_QUALIFIER}." in self.text else ""

    @property
    def preamble(self) -> str:
        """`import datetime` (and the like) for the values the call builds, then a blank line."""
        used = [module for module in _MODULES
                if re.search(rf"(?<![\w.]){module}\.", self.text)]
        return "".join(f"import {module}\n" for module in used) + ("\n" if used else "")


@dataclass(frozen=True)
class MethodEntry:
    """One method in api.md."""

    http: str  # "POST /v1/completions"
    call: str  # "client.completions.create"
    parameters: tuple[str, ...]  # "model: str", "top_p: float = NOT_GIVEN"
    returns: str
    summary: str
    stream_switch: str | None = None  # the argument that makes it stream, and then it returns
    streams: str | None = None
    async_returns: str | None = None  # a list: what `AsyncClient`'s method gives, not awaited
    deprecated: bool = False  # the document marks the operation deprecated


@dataclass(frozen=True)
class FieldEntry:
    """One field of a model in api.md: the attribute code reads, and its name on the wire
    beside it where the two differ (`user_name`, `userName`)."""

    attribute: str
    wire: str  # "" when the attribute is the wire name
    annotation: str


@dataclass(frozen=True)
class ModelEntry:
    """One model class in api.md, with its fields (or an enum's values)."""

    name: str
    fields: tuple[FieldEntry, ...]


_PRIVATE_MODELS = re.compile(rf"\b{QUALIFIER}\.")
_UNNAMED_MODULES = re.compile(rf"(?<![\w.])({ABC_QUALIFIER}|_typing|_builtins)\.")
_PRIVATE_MODULE = re.compile(r"(?<![\w.])_([a-z]\w*)\.")


@functools.lru_cache(maxsize=65_536)  # api.md shows GitHub's 51,000 fields: a few thousand types
def public(annotation: str) -> str:
    """An annotation as users write it: `models.X`, `params.XParam`, `Sequence[...]`,
    `datetime.date`, not the private aliases the generated modules import them as (`_models.X`,
    `_params.XParam`, `_abc.Sequence[...]`, `_datetime.date`: every module under `_` + its name)."""
    if "_" not in annotation or "." not in annotation:  # every alias is `_<name>.`
        return annotation
    annotation = _PRIVATE_MODELS.sub(f"{PUBLIC_QUALIFIER}.", annotation)
    annotation = _UNNAMED_MODULES.sub("", annotation)
    return _PRIVATE_MODULE.sub(r"\1.", annotation)


def _alternatives(annotation: str) -> list[str]:
    """The members of a top-level union (`A | list[B | C]` -> `A`, `list[B | C]`)."""
    parts, depth, current = [], 0, ""
    for char in annotation:
        depth += char == "["
        depth -= char == "]"
        if char == "|" and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += char
    parts.append(current.strip())
    return [part for part in parts if part and part != "NotGiven"]


def placeholder(annotation: str, models: Models, depth: int = 0,
                constraints: Constraints = NONE) -> str | None:
    """Source of a value of type `annotation` a type checker accepts, and `constraints` (its
    field's, in models.py) too, or None when there is none to show honestly."""
    for option in _alternatives(annotation):
        if option in _CONSTRAINED and not constraints.empty:
            value = _constrained(option, constraints)
            if value is not None:
                return value
            continue
        if option in _SIMPLE or option in _CONSTRUCTED:
            return _SIMPLE.get(option) or _CONSTRUCTED[option]
        if option.startswith(("Literal[", "_typing.Literal[")):  # models.py's `Literal` qualified
            return _first_literal(option)
        if option.startswith(("list[", "Sequence[", f"{ABC_QUALIFIER}.Sequence[")):
            return _list_placeholder(option[option.index("[") + 1:-1], models, depth,
                                     constraints)
        if option.startswith(("dict[", "Mapping[", f"{ABC_QUALIFIER}.Mapping[")):
            return "{}"
        if option.startswith(QUALIFIER + ".") and depth < MAX_MODEL_DEPTH:
            built = _model_placeholder(option[len(QUALIFIER) + 1:], models, depth + 1)
            if built is not None:
                return built
    return None


_CONSTRAINED = frozenset({"str", "int", "float"})
_MAX_ITEMS_SHOWN = 8  # a list the schema wants longer (`minItems`) is not shown


def _constrained(option: str, constraints: Constraints) -> str | None:
    """A `str`, `int` or `float` value `constraints` accept."""
    if option == "str":
        text = text_value(constraints)
        if text is None:
            return None
        plain = text.isprintable() and '"' not in text and "\\" not in text
        return f'"{text}"' if plain else repr(text)
    return number_value(constraints, integer=option == "int")


def _list_placeholder(item_annotation: str, models: Models, depth: int,
                      constraints: Constraints) -> str | None:
    """A list of as many items as the schema asks (`minItems`, else one when it can be shown:
    an empty list may be below an unstated minimum), or None."""
    item = placeholder(item_annotation, models, depth, constraints.items or NONE)
    wanted = max(constraints.min_length or 0, 1 if item is not None else 0)
    if constraints.max_length is not None:
        wanted = min(wanted, constraints.max_length)
    if wanted > _MAX_ITEMS_SHOWN or (wanted and item is None):
        return None
    return "[" + ", ".join([item] * wanted if item is not None else []) + "]"


def _first_literal(annotation: str) -> str | None:
    node = ast.parse(annotation, mode="eval").body
    if not isinstance(node, ast.Subscript):
        return None
    values = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
    return ast.unparse(values[0]) if values else None


def _model_placeholder(name: str, models: Models, depth: int) -> str | None:
    """`models.X(required=...)`, when every required field has a placeholder; an enum by its
    first value (`models.Species("dog")`: an enum class called without one is a TypeError)."""
    if name in models.root_classes or name not in models.classes:
        return None
    if name in models.enums:
        values = models.enums[name]
        return f"{PUBLIC_QUALIFIER}.{name}({values[0]!r})" if values else None
    arguments = []
    # its bases' fields too: an `allOf` of a union's branch and an object is a class of both
    # (GitBook's channel setups), its own fields none
    for wire, model_field in models.all_fields(name).items():
        if model_field.optional:
            continue
        # by its attribute (`org_id=`, not the wire's `orgID=`): the models take both, and
        # mypy knows the attribute (the alias sits in `Annotated`, where it reads none)
        attribute = model_field.attribute or wire
        if not attribute.isidentifier() or keyword.iskeyword(attribute):
            return None
        value = placeholder(models.annotation(name, wire, drop_none=True), models, depth,
                            _field_constraints(models, model_field))
        if value is None:
            return None
        arguments.append(f"{attribute}={value}")
    return f"{PUBLIC_QUALIFIER}.{name}({', '.join(arguments)})"


def _shown(arguments: tuple[Argument, ...], operation: OperationView,
           page_size: str | None) -> list[Argument]:
    """The arguments an example passes: the required ones, an upload's files even where the
    document leaves them optional (Sakari's `share_file` was shown without its file, which
    sends an empty body), and a list's integer page size (`page_size`)."""
    files = _file_arguments(operation)
    return [argument for argument in arguments
            if argument.default is None or argument.name in files or argument.name == page_size]


def _page_size_argument(operation: OperationView, arguments: tuple[Argument, ...]) -> str | None:
    """The argument of a list's integer page size (its `limit_param`), shown in its example even
    where the document leaves it optional: a page shorter than asked for ends a list whose
    answer says nothing else about what follows (Mist's, whose `results` has `minItems: 1`)."""
    wire = dict(operation.page.arguments).get("limit_param") if operation.page else None
    if wire is None:
        return None
    name = next((argument for argument, (_, key) in _argument_fields(operation).items()
                 if key == wire), None)
    return next((argument.name for argument in arguments if argument.name == name
                 and "int" in _alternatives(argument.annotation)), None)


def _file_arguments(operation: OperationView) -> set[str]:
    body = operation.body
    if body is None or body.checked is None:
        return _whole_parts(operation)
    return {value.argument for value in body.checked.values if value.key in body.files}


# What an example sends as a multipart body of parts the caller names (`schema: {}`, a map of
# files: rclone's `/operations/uploadfile`): one file part, not `{}` (an empty body) or nothing.
PARTS_SHOWN = '{"file": b"file content"}'


def _whole_parts(operation: OperationView) -> set[str]:
    """The argument of a multipart body given whole, as a mapping of parts (`multipart_parts`)."""
    body = operation.body
    if body is None or body.kind != "multipart" or body.checked is not None or not body.argument:
        return set()
    return {body.argument}


def printed(returns: str, models: Models) -> Printed:
    """Print the result; for a model, its first field, behind a guard when it may be None;
    nothing for a method returning None."""
    if returns == "None":
        return Printed(None, nothing=True)
    if not returns.startswith(QUALIFIER + ".") or "|" in returns or "[" in returns:
        return Printed(None)
    name = returns[len(QUALIFIER) + 1:]
    for wire, model_field in models.classes.get(name, {}).items():
        attribute = model_field.attribute or wire  # `merged_from`, the field of `mergedFrom`
        if (not attribute.isidentifier() or keyword.iskeyword(attribute)
                or attribute.startswith("_")):
            continue
        may_be_none = "None" in _alternatives(models.annotation(name, wire, drop_none=False))
        return Printed(attribute, guarded=may_be_none)
    return Printed(None)


# A list's example asks for pages of this many items (within the page size's bounds), not 1:
# one request per item is no way to walk a list, and a page shorter than asked for ends a list
# whose answer says nothing else about what follows (`minItems: 1` rules out an empty page).
PAGE_SIZE_SHOWN = 10


def _call(resource: ResourceView, operation: OperationView, models: Models, *,
          streaming: bool) -> Call | None:
    """An example call of `operation`, or None when some required argument has no honest value."""
    variant = operation.sync
    # the overloads: non-streaming first, streaming (`stream: Literal[True]`) second
    signature = (variant.overloads[1 if streaming else 0] if variant.overloads
                 else variant.implementation)
    fields = _argument_fields(operation)
    in_path = _path_arguments(operation)
    arguments = []
    page_size = _page_size_argument(operation, signature.arguments)
    for argument in _shown(signature.arguments, operation, page_size):
        constraints = _constraints(models, fields.get(argument.name))
        if argument.name == operation.stream_switch:
            value: str | None = "True"
        elif argument.name == page_size:
            value = number_value(constraints, integer=True, default=PAGE_SIZE_SHOWN)
        elif argument.name in _whole_parts(operation):
            value = PARTS_SHOWN
        else:
            value = placeholder(argument.annotation, models, constraints=constraints)
        if value is None and argument.name == page_size and argument.default is not None:
            continue  # an optional page size no value meets: the call without it still lists
        if value is None or (argument.name in in_path and _sent_empty(value)):
            return None
        arguments.append((argument.name, value))
    shown = Printed(None) if streaming else printed(signature.returns, models)
    security = (None if operation.security is None
                else tuple(tuple(requirement) for requirement in operation.security))
    return Call(resource.attr, operation.name, tuple(arguments), shown, security)


def _path_arguments(operation: OperationView) -> set[str]:
    """The arguments of `operation` that fill its path."""
    values = operation.params.values if operation.params is not None else ()
    return {value.argument for value in values if value.key in operation.path_keys}


def _sent_empty(placeholder_source: str) -> bool:
    """Whether the value would be sent as nothing (an empty list, mapping or string, a model
    with no field set, an enum member whose value is empty, or a list of those: Jellyfin's
    `Version` path parameter, whose fields are all read-only), which the client refuses for a
    path segment."""
    return _empty_value(ast.parse(placeholder_source, mode="eval").body)


def _empty_value(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return node.value == ""
    if isinstance(node, ast.List | ast.Tuple | ast.Set):
        return all(_empty_value(item) for item in node.elts)
    if isinstance(node, ast.Dict):
        return not node.keys
    if isinstance(node, ast.Call):  # `models.X()`, `models.Species("")`
        return not node.keywords and all(_empty_value(argument) for argument in node.args)
    return False


def _argument_fields(operation: OperationView) -> dict[str, tuple[str, str]]:
    """argument -> (model class, wire name) of the field checking it: the parameters' model's,
    or the body's when its properties are arguments."""
    checked = [operation.params, operation.body.checked if operation.body else None]
    return {value.argument: (group.model, value.key)
            for group in checked if group is not None for value in group.values}


def _constraints(models: Models, field: tuple[str, str] | None) -> Constraints:
    found = models.field(*field) if field is not None else None
    return _field_constraints(models, found) if found is not None else NONE


def _field_constraints(models: Models, found: ModelField) -> Constraints:
    """The constraints of a field (a root model's it names, as `CityTag` for a `maxLength`
    string, included)."""
    def root(name: str) -> ast.expr | None:
        field = models.field(name, "root") if name in models.root_classes else None
        return field.annotation if field is not None else None

    return constraints_of(found.annotation, root)


def _preferred(resource: ResourceView) -> list[OperationView]:
    """The resource's operations, those the document does not deprecate first, a DELETE last:
    an example is what a new user copies and tries, and it should neither be a call the API
    wants them to stop making nor one that destroys something."""
    return sorted(resource.operations, key=lambda operation: (
        operation.deprecated is not None, operation.http_method == "delete"))


def examples(resources: list[ResourceView], models: Models) -> list[Call]:
    """One call per resource: its first operation that can be shown honestly (not streaming),
    a deprecated one only when no other can."""
    found = []
    for resource in resources:
        for operation in _preferred(resource):
            call = (None if operation.always_streams
                    else _call(resource, operation, models, streaming=False))
            if call is not None:
                found.append(call)
                break
    return found


def streaming_example(resources: list[ResourceView], models: Models) -> Call | None:
    """A method that streams, called so that it does, if the package has one."""
    return _first_call(resources, models, lambda operation: operation.stream_chunk is not None,
                       streaming=True)


def pagination_example(resources: list[ResourceView], models: Models) -> Call | None:
    """A paginated list method to show `for` / `async for` over, if the package has one."""
    return _first_call(resources, models, lambda operation: operation.page is not None,
                       streaming=False)


def _first_call(resources: list[ResourceView], models: Models,
                wanted: Callable[[OperationView], bool], *, streaming: bool) -> Call | None:
    """The call of the first `wanted` operation that can be shown with values its types accept
    (of a resource's, a deprecated one last)."""
    for resource in resources:
        for operation in _preferred(resource):
            call = (_call(resource, operation, models, streaming=streaming) if wanted(operation)
                    else None)
            if call is not None:
                return call
    return None


def method_entries(resources: list[ResourceView], summaries: Mapping[tuple[str, str], str]
                   ) -> list[tuple[ResourceView, list[MethodEntry]]]:
    """api.md's methods, resource by resource."""
    listed = []
    for resource in resources:
        entries = []
        for operation in resource.operations:
            signature = operation.sync.implementation
            parameters = tuple(
                public(f"{a.name}: {a.annotation}"
                       + (f" = {a.default}" if a.default is not None else ""))
                for a in signature.arguments[: len(signature.arguments) - len(CALL_ARGUMENTS)]
            )
            overloads = operation.sync.overloads  # not streaming, streaming, either
            entries.append(MethodEntry(
                f"{operation.http_method.upper()} {operation.written_path}",
                f"client.{resource.attr}.{operation.name}",
                parameters,
                public(overloads[0].returns if overloads else signature.returns),
                summaries.get((resource.attr, operation.name), ""),
                operation.stream_switch if overloads else None,
                public(overloads[1].returns) if overloads else None,
                public(operation.async_.implementation.returns) if operation.page else None,
                operation.deprecated is not None,
            ))
        listed.append((resource, entries))
    return listed


def model_entries(models: Models) -> list[ModelEntry]:
    """Every class of models.py with its fields (inherited ones too) by the attribute code reads
    (`user_name`, its wire name `userName` beside it) and their types, or an enum's values;
    read from the index models.py was parsed into."""
    entries = [
        ModelEntry(name, _field_entries(models, name)
                   or tuple(FieldEntry(repr(value), "", "enum value")
                            for value in models.enums.get(name, ())))
        for name in models.classes if not name.startswith("_")
    ]
    return sorted(entries, key=lambda entry: entry.name)


def _field_entries(models: Models, name: str) -> tuple[FieldEntry, ...]:
    return tuple(
        FieldEntry(model_field.attribute or wire,
                   wire if model_field.attribute not in ("", wire) else "",
                   public(_unaliased(model_field.type_text, models.imports)))
        for wire, model_field in models.all_fields(name).items())


_NAME = re.compile(r"\b[A-Za-z_]\w*\b")


def _unaliased(annotation: str, imports: Mapping[str, tuple[str, str]]) -> str:
    """`annotation` with each name models.py imports under another name spelt as its module
    names it: dcg imports `date` as `date_aliased` where a field is named `date`, an alias the
    reader of the docs has no use for."""
    if not any(alias != name and alias in annotation for alias, (_, name) in imports.items()):
        return annotation

    def spelt(found: re.Match[str]) -> str:
        imported = imports.get(found.group())
        return imported[1] if imported is not None else found.group()

    return _NAME.sub(spelt, annotation)


def client_arguments(api: Api, models: Models, security: Requirements | None = None) -> str:
    """`Client(...)`'s arguments in an example: the credentials of the first way of
    authenticating its operation's `security` (None: the document's) lists, a base URL when the
    document names none (ending in its server's path when that is relative), and a value for
    each client-level parameter (one set on the client serves every call)."""
    arguments = [f'{name}="my-{name.replace("_", "-")}"'
                 for name in _example_credentials(api, security)]
    if not api.base_url:
        arguments.append(f'base_url="https://api.example.com{api.server_path or ""}"')
    for param in api.client_params:
        annotation = models.annotation(param.model_class, param.model_key, drop_none=True)
        value = placeholder(annotation, models)
        if value is not None:
            arguments.append(f"{param.name}={value}")
    return ", ".join(arguments)


def _example_credentials(api: Api, security: Requirements | None = None) -> list[str]:
    """The client arguments of the first requirement the operation's own `security` lists
    (several schemes may be needed together), else of the document's first, else of its first
    scheme; none for a public operation (its own `security` or the document's names no scheme:
    its client is made without one, and a made-up token would only mislead)."""
    own = api.security.requirements if security is None else security
    if api.security.schemes and not api.security.required and not any(own):
        return []
    schemes = {scheme.key: scheme for scheme in api.security.schemes}
    listed = [*(security or ()), *api.security.requirements]
    first = next((requirement for requirement in listed
                  if requirement and all(key in schemes for key in requirement)), None)
    chosen = [schemes[key] for key in first] if first else list(api.security.schemes[:1])
    return [argument for scheme in chosen for argument in scheme.arguments]


def with_client(call: Call, api: Api, models: Models) -> Call:
    """`call` with the `Client(...)` arguments its operation needs."""
    return dataclasses.replace(call, client=client_arguments(api, models, call.security))


def _maybe_with_client(call: Call | None, api: Api, models: Models) -> Call | None:
    return None if call is None else with_client(call, api, models)


def credential_rows(api: Api) -> list[tuple[str, str]]:
    """The README's configuration rows for the credentials: (what, how), one per scheme."""
    return [(_credential_what(scheme), _credential_how(scheme)) for scheme in api.security.schemes]


def _credential_what(scheme: SecurityScheme) -> str:
    # where the key goes and how, for one scheme as for several: Kubernetes' `authorization`
    # header takes it as given, so the caller writes `Bearer ` (a bearer scheme writes it for
    # them); Asana's and Directus's rows read alike where one adds `Bearer ` and one does not
    written = f", sent as `{scheme.prefix}<key>`" if scheme.prefix else ", sent as given"
    if scheme.arguments == ("api_key",):
        return f"API key ({scheme.location} `{scheme.field}`{written})"
    if scheme.basic:
        return f"`{scheme.key}` (HTTP basic)"
    return f"`{scheme.key}` ({scheme.location} `{scheme.field}`{written})"


def _credential_how(scheme: SecurityScheme) -> str:
    arguments = " and ".join(f"`{argument}=`" for argument in scheme.arguments)
    variables = " and ".join(f"`{variable}`" for variable in scheme.env)
    noun = "variable" if len(scheme.env) == 1 else "variables"
    return f"{arguments} or the environment {noun} {variables}"


_NAMED_CALLS = 6  # more are counted, not listed: api.md lists them all


# The README's section naming the schemas `models: used` made no model of (`generate` says so
# when a package has it)
UNUSED_HEADING = "## Schemas without a model"


def _models_option(settings: Mapping[str, str]) -> str:
    """` --models used` for a package generated so (`generate --models`); "" by default."""
    models = settings.get("models")
    return f" --models {models}" if models else ""


def schemas_without_class(api: Api, models: Models) -> list[str]:
    """The component schemas (as the document names them) models.py has no class for: those
    datamodel-code-generator writes into the models that use them (a union, a plain type) or,
    used by none of them, leaves out. Sorted."""
    return sorted(name for class_name, name in api.component_names
                  if models.name(class_name) not in models.module_names)


def all_named(names: list[str]) -> str:
    """`names` as README prose, each inline code, every one of them ("`a`, `b` and `c`")."""
    return _prose([f"`{name}`" for name in names])


def named_calls(calls: list[str]) -> str:
    """`calls` as README prose, each inline code: "`a`", "`a` and `b`", "`a`, `b` and `c`";
    beyond `_NAMED_CALLS` the rest counted ("... and 3 more"); "" for none."""
    shown = [f"`{call}`" for call in calls]
    if len(shown) > _NAMED_CALLS:
        return ", ".join(shown[:_NAMED_CALLS]) + f" and {len(shown) - _NAMED_CALLS} more"
    return _prose(shown)


def _prose(shown: list[str]) -> str:
    return ", ".join(shown[:-1]) + f" and {shown[-1]}" if len(shown) > 1 else "".join(shown)


def retried_calls(resources: list[ResourceView], keyed: bool) -> str:
    """The README's subject naming the POST/PATCH methods retried like idempotent ones, with
    its verb (`client.a.b` is, `client.a.b`, `client.c.d` are): those declaring an idempotency
    key (`keyed`), else those marked `x-codegen-retry-safe` that declare none (one doing both
    carries a key: it is named once, with the keyed); "" when none is."""
    calls = sorted(f"client.{resource.attr}.{op.name}" for resource in resources
                   for op in resource.operations
                   if op.http_method not in retries.IDEMPOTENT_METHODS
                   and (bool(op.idempotency_header) if keyed
                        else op.retry_safe and not op.idempotency_header))
    if not calls:
        return ""
    return named_calls(calls) + (" is" if len(calls) == 1 else " are")


def documents(api: Api, models: Models, resources: list[ResourceView], *, spec_sha256: str,
              settings: Mapping[str, str], versions: Mapping[str, str]) -> dict[str, str]:
    """README.md and api.md of the package."""
    env = environment(TEMPLATES)
    summaries = {(r.attr, op.name): op.summary for r in api.resources for op in r.operations}
    provider = settings.get("provider")
    package = api.options.package
    # quoted for a POSIX shell, as `check`'s advice is: a name with a space was two arguments
    spec_name = shlex.quote(Path(api.options.source_file).name)
    context = {
        "api": api,
        "package": package,
        "title": api.title or package,
        "spec_sha256": spec_sha256,
        "versions": sorted(versions.items()),
        "generator": GENERATOR,
        "generator_version": __version__,
        "examples": [with_client(call, api, models) for call in examples(resources, models)],
        "streaming": _maybe_with_client(streaming_example(resources, models), api, models),
        "pagination": _maybe_with_client(pagination_example(resources, models), api, models),
        "errors": error_exports(),
        "regenerate": (f"{GENERATOR} generate {shlex.quote(provider)} --out path/to/{package}"
                       if provider
                       else f"{GENERATOR} generate --spec {spec_name} --out path/to/{package} "
                            f"--package {package}" + _models_option(settings)),
        "check": (f"{GENERATOR} check --target path/to/{package} --provider "
                  f"{shlex.quote(provider)}" if provider
                  else f"{GENERATOR} check --target path/to/{package} --spec {spec_name}"),
        "methods": method_entries(resources, summaries),
        "deprecated": named_calls([f"client.{resource.attr}.{operation.name}"
                                   for resource in resources
                                   for operation in resource.operations if operation.deprecated]),
        "models": model_entries(models),
        "client_options": ", ".join(argument.name for argument in CALL_ARGUMENTS),  # listed once
        "credentials": credential_rows(api),
        # the arguments set once on the client (a project id), which `with_options(x=None)` unsets
        "client_settings": named_calls([param.name for param in api.client_params]),
        "incoming": named_calls(list(api.incoming)),
        # `models: used`: every schema left without a model, named (none dropped unsaid)
        "unused_schemas": all_named(list(api.unused_schemas)),
        "unused_count": len(api.unused_schemas),
        "unused_heading": UNUSED_HEADING,
        # and those datamodel-code-generator made no class of (folded into their users), named
        "folded_schemas": all_named(folded := schemas_without_class(api, models)),
        "folded_count": len(folded),
        "other_servers": named_calls(list(api.other_servers)),
        "keyed_calls": retried_calls(resources, keyed=True),
        "retry_safe_calls": retried_calls(resources, keyed=False),
    }
    return {
        "README.md": env.get_template("README.md.jinja").render(context).rstrip("\n") + "\n",
        "api.md": env.get_template("api.md.jinja").render(context).rstrip("\n") + "\n",
    }
