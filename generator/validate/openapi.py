"""openapi-spec-validator, adapted: each of its errors as a `Problem` with a pointer and a line.

openapi-spec-validator reports keyword-level errors (schema meta errors, bad defaults, duplicate
operationIds, unresolved path parameters) relative to the object being checked or with no path
at all. We subclass its keyword validators (its registry is built for that) to stamp each error
with the location of the object that produced it, and follow `$ref`s so the pointer names where
the offending text really is.

This module is the expensive part of validation (~0.2 s of imports, then about a third of the
time of generating a large document), so it is imported only where it runs.
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from typing import Any, cast
from urllib.parse import unquote

from jsonschema.exceptions import ValidationError  # type: ignore[import-untyped]
from jsonschema_path import SchemaPath

from generator.validate import fast

fast.settings_without_pydantic()  # before the libraries are imported: without pydantic

from openapi_spec_validator import OpenAPIV30SpecValidator, OpenAPIV31SpecValidator
from openapi_spec_validator.validation import keywords
from openapi_spec_validator.validation.exceptions import (
    DuplicateOperationIDError,
    ExtraParametersError,
    OpenAPIValidationError,
    ParameterDuplicateError,
    UnresolvableParameterError,
)
from openapi_spec_validator.validation.validators import SpecValidator
from referencing.exceptions import Unresolvable

from generator.document.loading import Document
from generator.document.pointer import (
    fragment_pointer,
    join_pointer,
    join_tokens,
    resolve_pointer,
    split_pointer,
)
from generator.document.refs import Refs, is_extension, iter_refs
from generator.document.schemas import parameter_pointer
from generator.document.tree import depth, with_deep_stack
from generator.problems import Problem, unique_problems
from generator.validate.rules import UNDECLARED_HINT

MAX_MESSAGE = 300
_LOCATION = "_generator_location"
_FAST = "generator_fast"  # on a spec validator's keyword registry: use the `fast` levers
_SEMANTIC_ERRORS = (
    DuplicateOperationIDError, ExtraParametersError, ParameterDuplicateError,
    UnresolvableParameterError,
)
_SEMANTIC_CODES: dict[type[OpenAPIValidationError], str] = {
    DuplicateOperationIDError: "duplicate-operation-id",
    ExtraParametersError: "required-not-a-property",
    ParameterDuplicateError: "duplicate-parameter",
    UnresolvableParameterError: "path-parameter-undeclared",
}

def _stamp(error: ValidationError, parts: tuple[Any, ...]) -> None:
    if getattr(error, _LOCATION, None) is None:
        setattr(error, _LOCATION, parts)


def _stamp_crash(crash: Exception, parts: tuple[Any, ...]) -> None:
    if getattr(crash, _LOCATION, None) is None:
        with contextlib.suppress(AttributeError, TypeError):  # (an exception without a dict)
            setattr(crash, _LOCATION, parts)


def _locating(keyword_cls: type[keywords.KeywordValidator]) -> type[keywords.KeywordValidator]:
    """A subclass whose errors carry the location of the object it was checking."""
    is_value = issubclass(keyword_cls, keywords.ValueValidator)
    is_schema = issubclass(keyword_cls, keywords.SchemaValidator)
    suffix: tuple[str, ...] = ("default",) if is_value else ()

    def call(self: Any, *args: Any, **kwargs: Any) -> Iterator[ValidationError]:
        where = next((arg for arg in args if isinstance(arg, SchemaPath)), None)
        parts = tuple(where.parts) + suffix if where is not None else None
        try:
            for error in keyword_cls.__call__(self, *args, **kwargs):
                if not isinstance(error, OpenAPIValidationError):
                    # the library re-creates foreign errors later (losing attributes): do it now
                    error = OpenAPIValidationError.create_from(error)
                if parts is not None:
                    _stamp(error, parts)
                yield error
                if is_schema:  # (the validators around it resume first: not theirs to take)
                    yield from _further_meta_errors(error, parts)
        except Exception as crash:
            if where is not None:  # the innermost object checked names where the library broke
                _stamp_crash(crash, tuple(where.parts))  # (the object, not its `default`)
            raise

    members: dict[str, Any] = {"__call__": call}
    if issubclass(keyword_cls, keywords.SchemaValidator):
        members["_collect_properties"] = _collect_properties_once
        members.update(_fast_schema_members(keyword_cls))
    if issubclass(keyword_cls, keywords.ValueValidator):
        members["value_validator_cls"] = _linear_patterns(keyword_cls.value_validator_cls)
    return type(f"Locating{keyword_cls.__name__}", (keyword_cls,), members)


def _collect_properties_once(self: Any, schema: SchemaPath) -> set[str]:
    """The library's `_collect_properties`, once per schema object: it walks `allOf`/`anyOf`/
    `oneOf`/`items` through every `$ref` anew, so schemas whose members reference the next one
    twice cost 2**depth; memoised (and a cycle, which recursed until the stack ran out, cut),
    each schema's answer is computed once and is the same set."""
    memo: dict[int, tuple[Any, set[str]]] = self.__dict__.setdefault("_generator_properties", {})
    value = schema.read_value()
    known = memo.get(id(value))
    if known is not None:
        return set(known[1])
    memo[id(value)] = (value, set())  # on the current branch: a cycle adds nothing more
    found: set[str] = keywords.SchemaValidator._collect_properties(self, schema)
    memo[id(value)] = (value, found)  # the value kept alive, so its id is not reused
    return set(found)


def _fast_schema_members(keyword_cls: type[keywords.KeywordValidator]) -> dict[str, Any]:
    """The `fast` levers of a schema keyword validator, used when its spec validator asks."""

    def init(self: Any, registry: Any) -> None:
        keyword_cls.__init__(self, registry)
        if getattr(registry, _FAST, False):
            fast.use_id_sets(self)

    def validate_schema_meta(self: Any, schema: SchemaPath, value: Any) -> Any:
        if getattr(self.registry, _FAST, False) and fast.meta_valid(self, schema, value):
            return None
        error = keyword_cls._validate_schema_meta(self, schema, value)  # type: ignore[attr-defined]
        if error is not None and isinstance(self, keywords.OpenAPIV31SchemaValidator):
            setattr(error, _FURTHER, _meta_errors(self, schema, value)[1:])
        return error

    return {"__init__": init, "_validate_schema_meta": validate_schema_meta}


_FURTHER = "_generator_further_meta_errors"  # on the first meta error of a 3.1 schema


def _meta_errors(keyword: Any, schema: SchemaPath, value: Any) -> list[Any]:
    """Every error of the metaschema check of `value`, in the order the library's check meets
    them: it stops at the first, and its walk checks no subschema again (a schema's
    properties are checked with it), so a second slip in one schema went unseen. In 3.0 the
    document pass finds them all; in 3.1 `required: true` on one property and `enum: a` on
    another made datamodel-code-generator fail after the first was repaired."""
    from jsonschema.exceptions import SchemaError
    from jsonschema.validators import validator_for  # type: ignore[import-untyped]
    from openapi_schema_validator._specifications import REGISTRY

    checker = keyword._get_schema_checker(schema, value)
    dialect = checker.func.__self__
    meta = validator_for(dialect.META_SCHEMA, default=dialect)  # as `check_openapi_schema`
    found = meta(dialect.META_SCHEMA, format_checker=checker.keywords["format_checker"],
                 registry=REGISTRY)
    return [OpenAPIValidationError.create_from(SchemaError.create_from(error))
            for error in found.iter_errors(value)]


def _further_meta_errors(first: Any, parts: tuple[Any, ...] | None) -> list[Any]:
    """The meta errors `_meta_errors` found after `first`, the one the library reported,
    stamped with the schema's location (taken from `first`: each is reported once)."""
    further: list[Any] = vars(first).pop(_FURTHER, [])
    for error in further:
        if parts is not None:
            _stamp(error, parts)
    return further


def _linear_patterns(base: Any) -> Any:
    """`base` (the validator of `default` and example values) with `pattern` matched by
    pydantic-core's linear-time regex engine, as the generated models match it: Python's `re`
    backtracks, and `^(a+)+$` against thirty a's and a `!` ran for a minute. A pattern
    pydantic-core cannot run is not checked here (`rules` reports it as unusable)."""
    from jsonschema import validators  # type: ignore[import-untyped]

    def pattern(validator: Any, expression: Any, instance: Any, schema: Any
                ) -> Iterator[ValidationError]:
        if not (validator.is_type(instance, "string") and isinstance(expression, str)):
            return
        matches = _pattern_matcher(expression)
        if matches is not None and not matches(instance):
            yield ValidationError(f"{instance!r} does not match {expression!r}")

    return validators.extend(base, {"pattern": pattern})


@functools.lru_cache(maxsize=1024)
def _pattern_matcher(expression: str) -> Callable[[str], bool] | None:
    """Whether a string matches `expression` somewhere (`re.search`'s reading, in linear time),
    or None when pydantic-core cannot compile it."""
    from pydantic_core import SchemaError, SchemaValidator, core_schema
    from pydantic_core import ValidationError as Mismatch

    try:
        checker = SchemaValidator(core_schema.str_schema(pattern=expression))
    except SchemaError:
        return None

    def matches(text: str) -> bool:
        try:
            checker.validate_python(text)
        except Mismatch:
            return False
        return True

    return matches


def _content_validator(keyword: keywords.KeywordValidator) -> keywords.ContentValidator:
    return cast(keywords.ContentValidator, keyword.registry["content"])


class _OperationWithBody(keywords.OperationValidator):
    """Also walks the request body's schemas, which the library's walk leaves out."""

    def __call__(self, url: str, name: str, operation: SchemaPath,
                 path_parameters: SchemaPath | None) -> Iterator[ValidationError]:
        yield from super().__call__(url, name, operation, path_parameters)
        body = operation / "requestBody" if "requestBody" in operation else None
        if body is not None and "content" in body:
            yield from _content_validator(self)(body / "content")


class _ParameterWithContent(keywords.ParameterValidator):
    """Also walks a parameter's (or header's) `content` schemas."""

    def __call__(self, parameter: SchemaPath) -> Iterator[ValidationError]:
        yield from super().__call__(parameter)
        if "content" in parameter:
            yield from _content_validator(self)(parameter / "content")


class _ResponseWithHeaders(keywords.OpenAPIV3ResponseValidator):
    """Also walks a response's headers, each read as a parameter is."""

    def __call__(self, response_code: str, response: SchemaPath) -> Iterator[ValidationError]:
        yield from super().__call__(response_code, response)
        if "headers" in response:
            headers = response / "headers"
            parameter = cast(keywords.ParameterValidator, self.registry["parameter"])
            for name in headers.keys():  # noqa: SIM118 - a SchemaPath iterates its parts
                yield from parameter(headers / name)


# In 3.0 the document pass reads every schema against the 3.0 schema object; in 3.1 a schema is
# checked by the library's walk alone, which reaches no request body, parameter `content` or
# response header: `required: true` in a request body's property passed as valid, and
# datamodel-code-generator then failed at a pointer the document does not have.
_WHOLE_WALK_31 = {"operation": _OperationWithBody, "parameter": _ParameterWithContent,
                  "response": _ResponseWithHeaders}


def _locating_validator(base: type[SpecValidator], version: str) -> type[SpecValidator]:
    """`base` with locating keyword validators (3.1's walking every schema), its document pass
    on the Python `jsonschema` backend, and the `fast` levers unless made with `fast=False`."""
    walk = {**base.keyword_validators, **(_WHOLE_WALK_31 if version == "3.1" else {})}
    validators = {name: _locating(cls) for name, cls in walk.items()}

    def init(self: Any, schema: Any, levers: bool = True) -> None:
        path = fast.node_memo_path(schema, self.resolver_handlers) if levers else None
        base.__init__(self, schema if path is None else path)
        setattr(self.keyword_validators_registry, _FAST, levers)

    def schema_validator(self: Any) -> Any:
        levers = getattr(self.keyword_validators_registry, _FAST, False)
        return fast.document_validator(version, prefilter=levers)

    return type(f"Locating{base.__name__}", (base,), {
        "keyword_validators": validators, "__init__": init,
        "schema_validator": property(schema_validator)})


_VALIDATORS: dict[str, Any] = {  # their __init__ takes `levers`
    "3.0": _locating_validator(OpenAPIV30SpecValidator, "3.0"),
    "3.1": _locating_validator(OpenAPIV31SpecValidator, "3.1"),
}


def spec_problems(doc: Document, dangling: Iterable[Problem] | None = None, *,
                  levers: bool = True) -> list[Problem]:
    """openapi-spec-validator's verdict, each problem once; `levers=False` runs it without
    the `fast` levers (the same verdict, slower: what the tests compare against)."""
    from generator.validate.rules import check_internal_refs

    # only a validator stopped at an unresolvable $ref reads them: worked out then (a second
    # or more on large documents otherwise)
    reported = _later(lambda: check_internal_refs(doc)) if dangling is None else dangling
    return unique_problems(run_spec_validator(doc, already_reported=reported, levers=levers))


def _later(make: Callable[[], Iterable[Problem]]) -> Iterator[Problem]:
    yield from make()


def run_spec_validator(doc: Document, already_reported: Iterable[Problem] = (), *,
                       levers: bool = True) -> list[Problem]:
    """Every error of openapi-spec-validator as a located problem: the document-level pass's,
    the schema walk's, the semantic checks', and one when it stopped half-way."""
    version = str(doc.data.get("openapi", ""))
    validator_cls = _VALIDATORS.get(version[:3])
    file = str(doc.path)
    if validator_cls is None:
        return [Problem(file, "/openapi", doc.line_of("/openapi"),
                        f"unsupported OpenAPI version {version!r}", "use 3.0.x or 3.1.x")]
    document_level: list[Problem] = []  # the JSON-Schema pass over the whole document
    keyword_level: list[Problem] = []  # the library's walk over schema objects
    semantic: list[Problem] = []  # duplicate operationIds, undeclared path parameters, ...
    stopped: list[Problem] = []
    errors: list[Any] = []  # kept when the library stops half-way

    def collect() -> None:
        with fast.plain_subnodes() if levers else contextlib.nullcontext():
            errors.extend(validator_cls(_without_paths_extensions(doc.data), levers)
                          .iter_errors())

    try:
        # the library recurses once per nesting level: deep (legal) schemas need a deep stack
        with_deep_stack(collect, depth(doc.data))
    except Unresolvable as exc:
        stopped.append(_unresolvable_problem(doc, exc, already_reported))
    except Exception as exc:  # noqa: BLE001 - a crash must not hide the errors found so far
        first_line = str(exc).splitlines()[0] if str(exc) else ""
        where = _crash_pointer(exc)
        stopped.append(Problem(file, where, doc.line_of(where) if where else None,
                               f"openapi-spec-validator failed: {type(exc).__name__}: "
                               f"{_shorten(first_line)}",
                               "errors after this point were not checked",
                               code="validator-crashed"))
    for error in errors:
        if getattr(error, _LOCATION, None) is None:
            document_level.extend(_error_problems(doc, error))
        elif isinstance(error, _SEMANTIC_ERRORS):
            semantic.extend(_error_problems(doc, error))
        else:
            keyword_level.extend(_error_problems(doc, error))
    # A bad schema keyword is reported by both passes; keep the document-level wording.
    said = {problem.pointer for problem in document_level}
    keyword_level = [problem for problem in keyword_level if problem.pointer not in said]
    stopped = [_explained(problem, document_level) for problem in stopped]
    return document_level + keyword_level + semantic + stopped


def _without_paths_extensions(data: dict[str, Any]) -> dict[str, Any]:
    """`data` without the `x-` keys of its `paths` (a shallow copy when it has any): OpenAPI
    allows them there, and the library's walk takes every key of `paths` for a path
    (apicurio's `x-codegen-contextRoot`: a KeyError, which stopped the rest of its checks)."""
    paths = data.get("paths")
    if not isinstance(paths, dict) or not any(map(is_extension, paths)):
        return data
    return {**data, "paths": {key: value for key, value in paths.items()
                              if not is_extension(key)}}


def _explained(stop: Problem, said: list[Problem]) -> Problem:
    """`stop`, said as the consequence it is when the library broke on a value the
    document-level pass already calls malformed (`paths` a list: its walk asserts an object,
    and broke with an empty `AssertionError`): that the rest went unchecked is still said."""
    malformed = stop.code == "validator-crashed" and bool(stop.pointer) and any(
        stop.pointer == problem.pointer or stop.pointer.startswith(problem.pointer + "/")
        for problem in said if problem.severity == "error" and problem.pointer)
    if not malformed:
        return stop
    return replace(stop, message="openapi-spec-validator stopped at this malformed value: "
                   "errors after it were not checked", hint="fix the value and validate again")


def _crash_pointer(crash: Exception) -> str:
    """The pointer of the object the library was checking when it broke, or ""."""
    parts = getattr(crash, _LOCATION, None)
    return join_tokens("", *map(str, parts)) if parts else ""


def _unresolvable_problem(doc: Document, exc: Unresolvable,
                          already_reported: Iterable[Problem]) -> Problem:
    ref = str(getattr(exc, "ref", ""))
    candidates = {ref, "#" + ref, unquote(ref), "#" + unquote(ref)}
    pointer = next((p for p, r in iter_refs(doc.data) if r in candidates), "")
    covered = any(problem.pointer == pointer for problem in already_reported)
    return Problem(
        str(doc.path), pointer, doc.line_of(pointer),
        f"openapi-spec-validator stopped at the unresolvable $ref {ref!r}; "
        "errors after it were not checked",
        "fix the reference and validate again",
        severity="warning" if covered else "error",
        code="validator-stopped",
    )


def _error_problems(doc: Document, error: ValidationError) -> list[Problem]:
    """One problem per slip `error` stands for (`deepest_causes`)."""
    stamped = getattr(error, _LOCATION, None)
    problems = []
    for cause in deepest_causes(error):
        if _exclusion_met_by_no_object(cause):
            continue
        tokens = list(cause.absolute_path)
        if stamped is not None:
            tokens = [*stamped, *tokens]
        pointer = canonical_pointer(doc.data, tokens)
        problems.append(Problem(
            str(doc.path), pointer, doc.line_of(pointer),
            _shorten(parameter_named(doc.data, pointer) + _message(error, cause)),
            _hint_for(error, cause), code=_code_for(error, cause)))
    return _without_redundant_one_of(problems)


def _without_redundant_one_of(problems: list[Problem]) -> list[Problem]:
    """A `oneOf` that more than one branch matched says "is valid under each of" and prints
    the value and the schemas; where another slip is said at the same place (a parameter's
    `schema` beside `content`: "has both ..., which exclude each other"), that one says why."""
    said = {problem.pointer for problem in problems if problem.code != _ONE_OF}
    return [problem for problem in problems
            if problem.code != _ONE_OF or problem.pointer not in said]


_ONE_OF = "schema:oneOf"


def _exclusion_met_by_no_object(cause: ValidationError) -> bool:
    """`not: {required: [example, examples]}` failing on a value that is no object (an empty
    `application/json:` is YAML's null): `required` holds for anything but an object, so its
    `not` fails there, and the value is said to "have both" keys it cannot have. The value's
    own type error says what is wrong."""
    return (cause.validator == "not" and isinstance(cause.validator_value, dict)
            and "required" in cause.validator_value and not isinstance(cause.instance, dict))


def parameter_named(data: Any, pointer: str) -> str:
    """`parameter `id` (in: path): ` when `pointer` is a Parameter Object or one of its fields
    (not inside its schema or content), so that every message about one names it; else ''."""
    found_at = parameter_pointer(split_pointer(pointer))
    if found_at is not None:
        found, parameter = resolve_pointer(data, join_tokens("", *found_at[0]))
        name = parameter.get("name") if found and isinstance(parameter, dict) else None
        if isinstance(name, str):
            where = parameter.get("in")
            located = f" (in: {where})" if isinstance(where, str) else ""
            return f"parameter `{name}`{located}: "
    return ""


def _message(error: ValidationError, cause: ValidationError) -> str:
    """The library's message, except where it prints a set (its order changes from run to run)."""
    if isinstance(error, ExtraParametersError):
        names = sorted(set(re.findall(r"'((?:[^'\\]|\\.)*)'", cause.message)))
        listed = ", ".join(f"'{name}'" for name in names)
        return "Required list has not defined properties: " + listed
    exclusive = cause.validator_value.get("required") if cause.validator == "not" and isinstance(
        cause.validator_value, dict) else None
    if isinstance(exclusive, list) and len(exclusive) == 2:  # `example` XOR `examples`, ...
        return f"has both `{exclusive[0]}` and `{exclusive[1]}`, which exclude each other"
    if cause.validator == "maxProperties" and isinstance(cause.instance, dict):
        listed = ", ".join(f"`{key}`" for key in cause.instance)
        return f"has {len(cause.instance)} entries ({listed}); at most {cause.validator_value}"
    return str(cause.message)


def _code_for(error: ValidationError, cause: ValidationError) -> str:
    """`duplicate-operation-id` and the like for the library's own checks, else
    `schema:<keyword>` for the JSON-Schema keyword that failed."""
    for kind, code in _SEMANTIC_CODES.items():
        if isinstance(error, kind):
            return code
    return f"schema:{cause.validator}"


def deepest_causes(error: ValidationError) -> list[ValidationError]:
    """For oneOf/anyOf noise: descend into the sub-errors of the branch that holds the deepest
    path, ignoring the 'Reference object' branch when the instance has no `$ref`; every
    sub-error of that branch is a slip of its own (an `allOf` whose members 1 and 2 both hold
    a bad schema is two slips: reporting only one left the other to crash
    datamodel-code-generator, as openapi-spec-validator is not run again after repairs)."""
    causes: list[ValidationError] = []
    pending = [error]
    while pending:
        current = pending.pop()
        if not current.context:
            causes.append(current)
            continue
        candidates = [e for e in current.context if not _reference_branch_noise(e)]
        candidates = _branches_of_its_location(current.instance, candidates)
        pool = candidates or list(current.context)
        branch = _branch(max(pool, key=lambda e: len(e.absolute_path)))
        pending.extend(reversed([e for e in pool if _branch(e) == branch]))
    return causes


def _branches_of_its_location(instance: Any,
                              errors: list[ValidationError]) -> list[ValidationError]:
    """Of a parameter's `oneOf` (one branch per `in`), the errors of the branches that accept
    its `in`: `'path' is not one of ['query']` is the query branch speaking, not the slip."""
    if not (isinstance(instance, dict) and isinstance(instance.get("in"), str)):
        return errors
    wrong = {_branch(e) for e in errors
             if list(e.relative_path) == ["in"] and e.validator in ("enum", "const")}
    kept = [e for e in errors if _branch(e) not in wrong]
    return kept or errors


def _branch(error: ValidationError) -> Any:
    path = list(error.relative_schema_path)
    return path[0] if path else None


def _reference_branch_noise(error: ValidationError) -> bool:
    instance = error.instance
    return (
        error.validator == "required"
        and "'$ref'" in error.message
        and isinstance(instance, dict)
        and "$ref" not in instance
    )


def canonical_pointer(data: Any, tokens: Iterable[Any]) -> str:
    """Pointer for a path that may run through internal `$ref`s, following them to the text."""
    pointer = ""
    node = data
    for token in tokens:
        key: str | int = token
        node, pointer = _follow_refs(data, node, str(token), pointer)
        if isinstance(node, list) and str(token).isdigit():
            key = int(token)
            node = node[key] if key < len(node) else None
        elif isinstance(node, dict):
            node = node.get(str(token))
        else:
            node = None
        pointer = join_pointer(pointer, key)
    return pointer


def _follow_refs(data: Any, node: Any, key: str, pointer: str) -> tuple[Any, str]:
    refs = Refs(data)
    for _ in range(32):
        if not isinstance(node, dict) or key in node:
            break
        ref = node.get("$ref")
        if not isinstance(ref, str):
            break
        target_pointer = fragment_pointer(ref)
        if target_pointer is None:
            break
        found, target = refs.lookup(ref)
        if not found:
            break
        node, pointer = target, target_pointer
    return node, pointer


def _shorten(message: str) -> str:
    message = " ".join(message.split())
    return message if len(message) <= MAX_MESSAGE else message[: MAX_MESSAGE - 3] + "..."


def _type_hint(value: Any, expected: Any) -> str:
    """How to fix a value of the wrong type: a number where a string is wanted was most likely
    meant quoted (`version: 1.0`); anything else is told the type wanted."""
    wanted = [expected] if isinstance(expected, str) else list(expected or [])
    if "string" in wanted and isinstance(value, (int, float)) and not isinstance(value, bool):
        return "fix the value's type (quote numbers meant as strings)"
    if "object" in wanted and isinstance(value, list):
        return "write an object here (each entry a key: value), not a list"
    return f"write {' or '.join(_A_TYPE.get(name, name) for name in wanted)} here" if wanted \
        else "fix the value's type"


_A_TYPE = {"object": "an object", "array": "a list", "string": "a string",
           "integer": "an integer", "number": "a number", "boolean": "a boolean (true/false)",
           "null": "null"}


def _hint_for(error: ValidationError, cause: ValidationError) -> str:
    if isinstance(error, DuplicateOperationIDError):
        return "operationIds must be unique; rename one of them"
    if isinstance(error, UnresolvableParameterError):
        return UNDECLARED_HINT
    if isinstance(error, ParameterDuplicateError):
        return "a parameter name+location may appear only once per operation"
    if isinstance(error, ExtraParametersError):
        return "every name in `required` must be a property of the schema"
    keyword = cause.validator
    if keyword == "required":
        return "add the missing field"
    if keyword in ("additionalProperties", "unevaluatedProperties"):
        return "remove or rename the unexpected field; extensions must start with x-"
    if keyword == "type":
        return _type_hint(cause.instance, cause.validator_value)
    if keyword in ("enum", "const"):
        return "use one of the allowed values"
    return ""
