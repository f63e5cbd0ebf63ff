"""openapi-spec-validator made fast without changing one verdict, for the pinned versions only.

Four levers (issues #21, #24), all guarded, each falling back to the library's own code on
any surprise:

- `use_id_sets`: openapi-spec-validator 0.9.0 remembers the schema objects it has walked and
  meta-checked in lists (`visited_schema_ids`, `meta_checked_schema_ids`) and asks `in` of them
  once per schema: quadratic in the number of schemas (seconds on GitHub's document). A set
  answers the same membership question in constant time.
- `Prefilter`: the JSON-Schema passes (the document against the OpenAPI schema, each schema
  object against its dialect's metaschema) asked of jsonschema-rs first. Only when it says
  "invalid" does the Python `jsonschema` pass run, so every message, pointer and error context
  our problem codes read comes from the Python pass exactly as before; a valid answer skips it.
  jsonschema-rs says "valid" only where the Python pass would too: formats are decided by the
  Python pass's own format checker (none for the document pass; the metaschema's, whose one
  enforced format is `regex`, for the meta-checks), and the metaschemas' patterns (read as ECMA
  regexes by jsonschema-rs, by `re` in Python) are trusted only when both readings agree on
  every key and pattern-matched value of the instance (`patterns_agree`).

- `node_memo_path`: the library asks each schema object's path whether it holds `allOf`,
  `anyOf`, `items`, `properties`, `default`... (eight questions per schema) and reads its value,
  and jsonschema-path 0.5.0 answers each by resolving the path anew through its caches (an LRU
  of 128 paths: 400 000 resolutions on GitHub's document). A path object is made for one place
  of one document, so the node it resolves to is resolved once per path object and kept; and
  a path made from another (`schema / "properties"`) is resolved by the library's own step
  from that one's resolution, not looked up from the root through the prefix cache (each
  side's validation in `diff`: 2.45 -> 1.95 s of CPU on GitHub's document).

- `plain_subnodes`: pathable 0.6.0 asks `isinstance(node, Subscriptable)` (a runtime-checkable
  `Protocol`: a walk of the class's attributes at every call) before each step down the
  document, 440 000 times on GitHub's; a `dict` or `list` always is one, so for those the step
  is taken at once (a third of each side's validation in `diff`), anything else as before.

- `settings_without_pydantic`: openapi-spec-validator 0.9.0 and openapi-schema-validator
  0.9.0 read three environment variables through pydantic-settings, so importing them imports
  pydantic and pydantic-settings (~0.11 s and ~20 MiB in every process that validates: each of
  `diff`'s two validator children). Where none of those variables is set, their `settings`
  modules are stood in for by plain ones giving the same defaults; where one is set, the
  libraries' own read it.

Everything here is checked by tests/validate/test_fast.py: the verdicts with and without both
levers are equal over every document of the test suite and injected faults.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

# The exact versions whose internals and semantics the levers were verified against.
PINNED_SPEC_VALIDATOR = {"openapi-spec-validator": "0.9.0"}
PINNED_SUBNODES = {**PINNED_SPEC_VALIDATOR, "pathable": "0.6.0"}
PINNED_NODE_MEMO = {**PINNED_SUBNODES, "jsonschema-path": "0.5.0"}
PINNED_PREFILTER = {**PINNED_SPEC_VALIDATOR, "openapi-schema-validator": "0.9.0",
                    "jsonschema": "4.26.0", "jsonschema-rs": "0.60.3"}
# Values a metaschema pattern is matched against (besides object keys): `openapi`, an HTTP
# scheme's `scheme`, a path parameter's `name` (3.1), `$id` and the anchors (2020-12 core).
PATTERN_VALUE_KEYS = frozenset({"openapi", "scheme", "name", "$id", "$anchor", "$dynamicAnchor"})


def _versions_are(pinned: dict[str, str]) -> bool:
    from importlib import metadata  # lazy: its import costs every run ~0.03 s

    try:
        return all(metadata.version(name) == version for name, version in pinned.items())
    except metadata.PackageNotFoundError:
        return False


PINNED_SETTINGS = {**PINNED_SPEC_VALIDATOR, "openapi-schema-validator": "0.9.0"}
# what the libraries' settings read (pydantic-settings: any case, no .env file)
_SETTINGS_PREFIXES = ("OPENAPI_SPEC_VALIDATOR_", "OPENAPI_SCHEMA_VALIDATOR_")
_SCHEMA_SETTINGS = "openapi_schema_validator.settings"
_SPEC_SETTINGS = "openapi_spec_validator.settings"


def settings_without_pydantic() -> None:
    """The libraries' `settings` modules stood in for by plain ones with the same names and
    defaults, before the libraries are imported: only for the pinned versions, where no
    variable of theirs is set and neither library is imported yet."""
    import os
    import sys

    if (any(name.upper().startswith(_SETTINGS_PREFIXES) for name in os.environ)
            or any(module in sys.modules for module in (
                "openapi_spec_validator", "openapi_schema_validator"))
            or not _versions_are(PINNED_SETTINGS)):
        return
    sys.modules[_SCHEMA_SETTINGS] = _module(_SCHEMA_SETTINGS, {
        "OpenAPISchemaValidatorSettings": _SchemaSettings, "get_settings": _schema_settings,
        "reset_settings_cache": _schema_settings.cache_clear})
    sys.modules[_SPEC_SETTINGS] = _module(_SPEC_SETTINGS, {
        "OpenAPISpecValidatorSettings": _SpecSettings, "ENV_PREFIX": "OPENAPI_SPEC_VALIDATOR_",
        "RESOLVED_CACHE_MAXSIZE_DEFAULT": 128,
        "SCHEMA_VALIDATOR_BACKEND_DEFAULT": "auto",
        "SCHEMA_VALIDATOR_BACKEND_ALLOWED": {"auto", "jsonschema", "jsonschema-rs"},
        "get_resolved_cache_maxsize": lambda: 128, "get_schema_validator_backend": lambda: "auto"})


def _module(name: str, names: dict[str, Any]) -> Any:
    import types

    module = types.ModuleType(name, "stands in for the library's settings (`fast`)")
    vars(module).update(names)
    return module


class _SchemaSettings:
    """`OpenAPISchemaValidatorSettings` with no variable set."""

    compiled_validator_cache_max_size = 128


class _SpecSettings:
    """`OpenAPISpecValidatorSettings` with no variable set."""

    resolved_cache_maxsize = 128
    schema_validator_backend = "auto"


@functools.cache
def _schema_settings() -> _SchemaSettings:
    return _SchemaSettings()


@functools.cache
def id_sets_apply() -> bool:
    """Whether the installed openapi-spec-validator is the one `use_id_sets` was written for."""
    return _versions_are(PINNED_SPEC_VALIDATOR)


class IdSet(set[int]):
    """A set with the `append` of the list it stands in for: the library only appends and
    asks `in`."""

    def append(self, item: int) -> None:
        """`list.append`'s spelling of `set.add`."""
        self.add(item)


def use_id_sets(schema_validator: Any) -> None:
    """Replace the library's two id lists of a fresh `SchemaValidator` with sets, when the
    installed version is the pinned one and the lists are the empty lists it starts with."""
    lists = ("visited_schema_ids", "meta_checked_schema_ids")
    if id_sets_apply() and all(getattr(schema_validator, name, None) == [] for name in lists):
        for name in lists:
            setattr(schema_validator, name, IdSet())


@functools.cache
def subnodes_apply() -> bool:
    """Whether the installed pathable is the one `plain_subnodes` was written for."""
    return _versions_are(PINNED_SUBNODES)


@contextmanager
def plain_subnodes() -> Iterator[None]:
    """Within the block, pathable's step down a `dict` or `list` skips its `Protocol` check
    (always true for them); the library's own method is put back on leaving."""
    from pathable.accessors import SubscriptableAccessor

    original = SubscriptableAccessor.__dict__.get("_get_subnode")
    if not (subnodes_apply() and isinstance(original, classmethod)):
        yield
        return
    setattr(SubscriptableAccessor, "_get_subnode",  # noqa: B010  # (a method, for mypy)
            classmethod(_plain_subnode(original.__func__)))
    try:
        yield
    finally:
        setattr(SubscriptableAccessor, "_get_subnode", original)  # noqa: B010


def _plain_subnode(library: Callable[..., Any]) -> Callable[..., Any]:
    """pathable's `_get_subnode` with the `Subscriptable` check answered for JSON containers:
    the same value or the same `KeyError` (chained to the same cause)."""

    def get_subnode(cls: Any, node: Any, part: Any) -> Any:
        if type(node) is not dict and type(node) is not list:
            return library(cls, node, part)
        try:
            return node[part]
        except (KeyError, IndexError, TypeError) as exc:
            raise KeyError(part) from exc

    return get_subnode


@functools.cache
def node_memo_applies() -> bool:
    """Whether the installed jsonschema-path and pathable are the ones `node_memo_path` was
    written for."""
    return _versions_are(PINNED_NODE_MEMO)


def node_memo_path(schema: Any, handlers: Any) -> Any | None:
    """The path of the whole document `schema` as openapi-spec-validator makes it
    (`SchemaPath.from_dict` with its base URI, `handlers` and cache size), of a class whose
    objects keep the node they resolve to (`_node_memo_path_class`); None when the versions
    are not the pinned ones (the library then makes its own)."""
    if not node_memo_applies():
        return None
    from openapi_spec_validator.settings import OpenAPISpecValidatorSettings

    maxsize = OpenAPISpecValidatorSettings().resolved_cache_maxsize
    return _node_memo_path_class().from_dict(schema, base_uri="", handlers=handlers,
                                             resolved_cache_maxsize=maxsize)


_UNREAD = object()  # a path whose node was not resolved yet
_MISSING = object()  # a path that resolves to nothing: asked again, it raises again
_NODE = "_generator_node"  # a path object's node, once read
_RESOLVED = "_generator_resolved"  # a path object's own `Resolved`, once worked out
_PARENT = "_generator_parent"  # the path object it was made from by adding parts


@functools.cache
def _node_memo_path_class() -> Any:
    """`SchemaPath` whose `in`, `read_value`, `keys` and `items` resolve the path once per path
    object, then answer from the node kept (as `SchemaAccessor.contains`, `read` and `keys`
    answer from the node they resolve). Every path the walk derives (`/`, `items()`) is of the
    same class and remembers the path it was made from, whose resolution it starts from
    (`_resolved`)."""
    from jsonschema_path import SchemaPath
    from jsonschema_path.nodes import SchemaNode

    class NodeMemoPath(SchemaPath):
        schema_node = SchemaNode  # whose steps `_stepped` takes

        def _clone_with_parts(self, parts: tuple[Any, ...]) -> Any:
            child = super()._clone_with_parts(parts)
            if parts[:len(self.parts)] == self.parts:
                object.__setattr__(child, _PARENT, self)  # (a frozen dataclass)
            return child

        def read_value(self) -> Any:
            return _kept_node(self, missing_ok=False)  # raises as the library's `read` does

        def __contains__(self, key: Any) -> bool:
            return _holds(_kept_node(self, missing_ok=True), key)

        def keys(self) -> Any:
            found = _keys_of(self.read_value())
            return super().keys() if found is None else found  # (raises as the library does)

        def __iter__(self) -> Iterator[Any]:
            for key in self.keys():
                yield self._make_child_relpath(key)

        def items(self) -> Iterator[tuple[Any, Any]]:
            for key in self.keys():
                yield key, self._make_child_relpath(key)

    return NodeMemoPath


def _kept_node(path: Any, missing_ok: bool) -> Any:
    """The node `path` resolves to, resolved once; a path resolving to nothing raises each
    time it is read, and is `_MISSING` where that is allowed (`in`)."""
    node = path.__dict__.get(_NODE, _UNREAD)
    if node is _UNREAD or (node is _MISSING and not missing_ok):
        try:
            node = _resolved(path).contents
        except (KeyError, IndexError, TypeError):
            if not missing_ok:
                raise
            node = _MISSING
        object.__setattr__(path, _NODE, node)
    return node


def _keys_of(node: Any) -> Any:
    """The keys the library's accessor gives of a `dict` or `list` node; None for others."""
    if isinstance(node, dict):
        return node.keys()
    if isinstance(node, list):
        return range(len(node))
    return None


def _holds(node: Any, key: Any) -> bool:
    if isinstance(node, dict):
        return key in node
    if isinstance(node, list):
        return isinstance(key, int) and 0 <= key < len(node)
    return False


def _resolved(path: Any) -> Any:
    """`path`'s `Resolved`, the paths it was made from resolved first (iteratively: paths go
    as deep as documents nest), each from its parent's (`_stepped`) or by the library."""
    found = path.__dict__.get(_RESOLVED)
    if found is not None:
        return found
    chain = [path]
    while (parent := chain[-1].__dict__.get(_PARENT)) is not None and (
            parent.__dict__.get(_RESOLVED) is None):
        chain.append(parent)
    for each in reversed(chain):
        found = _stepped(each) or each.accessor.get_resolved(each.parts)
        object.__setattr__(each, _RESOLVED, found)
        object.__setattr__(each, _PARENT, None)  # its parent's node is no longer needed
    return found


def _stepped(path: Any) -> Any | None:
    """The library's own steps (`SchemaNode._get_subnode`, then `_resolve_node` with the
    resolver reached so far) from the parent's `Resolved` to `path`'s: what the library's
    resolver computes from its prefix cache, without looking the whole path up again (three
    quarters of the validation's time). None (the library then resolves it) when the path has
    no parent, or the registry changed since the parent was resolved or while stepping (a
    document fetched: the library re-binds its resolver)."""
    parent = path.__dict__.get(_PARENT)
    current = path.accessor._path_resolver.resolver._registry
    if parent is None or parent.__dict__[_RESOLVED].resolver._registry is not current:
        return None
    found = parent.__dict__[_RESOLVED]
    node = type(path).schema_node
    for part in path.parts[len(parent.parts):]:
        found = node._resolve_node(node._get_subnode(found.contents, part), found.resolver)
    return found if found.resolver._registry is current else None


# --------------------------------------------------------------------------- the prefilter


def patterns_agree(instance: Any) -> bool:
    """Whether jsonschema-rs's (ECMA) reading of the metaschemas' patterns gives what Python's
    `re.search` gives on `instance`: on every key of every object, and every value of a
    `PATTERN_VALUE_KEYS` key (where those patterns are matched). Printable ASCII agrees (the
    patterns are plain); any other text is checked against each pattern."""
    stack = [instance]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                if not _plain(key) and not _every_pattern_agrees(key):
                    return False
                if key in PATTERN_VALUE_KEYS and isinstance(value, str) and not _plain(
                        value) and not _every_pattern_agrees(value):
                    return False
                if isinstance(value, (dict, list)):
                    stack.append(value)
        elif isinstance(node, list):
            stack.extend(item for item in node if isinstance(item, (dict, list)))
    return True


def _plain(text: str) -> bool:
    return text.isascii() and text.isprintable()


def _every_pattern_agrees(text: str) -> bool:
    return all(_same_match(pattern, text) for pattern in _metaschema_patterns())


def _same_match(pattern: str, text: str) -> bool:
    try:
        return (re.search(pattern, text) is not None) == bool(_ecma(pattern).is_valid(text))
    except Exception:  # noqa: BLE001  # a pattern one engine cannot read: no agreement
        return False


@functools.lru_cache(maxsize=256)
def _ecma(pattern: str) -> Any:
    import jsonschema_rs  # type: ignore[import-not-found, unused-ignore]

    return jsonschema_rs.validator_for({"pattern": pattern}, offline=True)


@functools.cache
def _metaschema_patterns() -> tuple[str, ...]:
    """Every pattern the OpenAPI schemas and the metaschemas match text against (and a few
    names that only look like patterns: more checks, never fewer)."""
    from openapi_schema_validator._specifications import REGISTRY
    from openapi_spec_validator.schemas.utils import get_schema_content

    schemas = [get_schema_content(version) for version in ("3.0", "3.1")]
    schemas += [REGISTRY.contents(uri) for uri in REGISTRY]
    found: set[str] = set()
    stack: list[Any] = schemas
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if isinstance(node.get("pattern"), str):
                found.add(node["pattern"])
            if isinstance(node.get("patternProperties"), dict):
                found.update(node["patternProperties"])
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return tuple(sorted(found))


@functools.cache
def prefilter_applies() -> bool:
    """Whether jsonschema-rs is installed and every library is the version the prefilter was
    verified with."""
    return _versions_are(PINNED_PREFILTER)


class PrefilteredValidator:
    """The Python validator of the OpenAPI schema, asked only when jsonschema-rs finds the
    document invalid (or cannot decide)."""

    def __init__(self, python: Any, fast: Any | None) -> None:
        self.python = python
        self.fast = fast

    def iter_errors(self, instance: Any) -> Iterator[Any]:
        """The Python validator's errors: none, without running it, when jsonschema-rs says
        the instance is valid."""
        if self.fast is not None and _says_valid(self.fast, instance):
            return iter(())
        return iter(self.python.iter_errors(instance))


def _says_valid(fast: Any, instance: Any) -> bool:
    try:
        return bool(fast.is_valid(instance)) and patterns_agree(instance)
    except Exception:  # noqa: BLE001  # anything unexpected: the Python pass decides
        return False


def document_validator(version: str, prefilter: bool) -> PrefilteredValidator:
    """The validator of the document-level pass for OpenAPI `version` ("3.0", "3.1"): the
    Python `jsonschema` one, as the library's `jsonschema` backend makes it (its `auto` backend
    would switch to jsonschema-rs and drop the error context our problem codes read), behind
    jsonschema-rs when `prefilter` and the versions are the pinned ones."""
    python, fast = _document_validators(version)
    return PrefilteredValidator(python, fast if prefilter else None)


@functools.cache
def _document_validators(version: str) -> tuple[Any, Any | None]:
    """The Python validator of the OpenAPI schema of `version`, made once (as the library's
    module-level one is), and its jsonschema-rs twin (None: not pinned, or not compiled)."""
    from openapi_spec_validator.schemas.backend.jsonschema import create_validator
    from openapi_spec_validator.schemas.utils import get_schema_content

    schema = dict(get_schema_content(version))
    python = create_validator(schema)
    if not prefilter_applies():
        return python, None
    import jsonschema_rs  # type: ignore[import-not-found, unused-ignore]

    try:
        return python, jsonschema_rs.validator_for(schema, validate_formats=False, offline=True)
    except Exception:  # noqa: BLE001  # cannot compile it: the Python pass alone
        return python, None


def meta_valid(keyword: Any, schema: Any, value: Any) -> bool:
    """Whether the library's meta-check of `value` (`keyword._validate_schema_meta`) would
    find nothing, decided by jsonschema-rs; False when it cannot say (the check then runs)."""
    try:
        found = _meta_checker(keyword, schema, value)
        return found is not None and bool(found.is_valid(value)) and patterns_agree(value)
    except Exception:  # noqa: BLE001  # anything unexpected: the library's check decides
        return False


def _meta_checker(keyword: Any, schema: Any, value: Any) -> Any | None:
    """The jsonschema-rs form of the metaschema check the library would run on `value`, when
    it is the OpenAPI dialect's own (`check_openapi_schema`)."""
    from openapi_schema_validator import OAS30Validator, OAS31Validator
    from openapi_spec_validator.validation import keywords

    if isinstance(keyword, keywords.OpenAPIV31SchemaValidator):
        if isinstance(keyword, keywords.OpenAPIV32SchemaValidator):
            return None
        dialect = keyword._get_schema_dialect_id(schema, value)
        chosen: Any = keyword._get_validator_class_for_dialect(dialect)
        if chosen is not OAS31Validator:
            return None
        return _fast_metaschema(chosen, keyword.schema_validator_format_checker)
    if isinstance(keyword, keywords.OpenAPIV30SchemaValidator) and (
            keyword.schema_validator_cls is OAS30Validator):
        return _fast_metaschema(OAS30Validator, OAS30Validator.FORMAT_CHECKER)
    return None


@functools.cache
def _fast_metaschema(validator_cls: Any, format_checker: Any) -> Any:
    """jsonschema-rs over `validator_cls.META_SCHEMA`, its references resolved in the registry
    the Python check uses, each format the metaschemas name decided by `format_checker`."""
    import jsonschema_rs
    from openapi_schema_validator._specifications import REGISTRY

    resources = [(uri, REGISTRY.contents(uri)) for uri in REGISTRY]
    formats = {name: _conforming(format_checker, name)
               for _, contents in resources for name in _formats_named(contents)}
    return jsonschema_rs.validator_for(
        validator_cls.META_SCHEMA, formats=formats, validate_formats=True,
        registry=jsonschema_rs.Registry(resources), offline=True)


def _conforming(format_checker: Any, name: str) -> Callable[[Any], bool]:
    def conforms(instance: Any) -> bool:
        return bool(format_checker.conforms(instance, name))

    return conforms


def _formats_named(schema: Any) -> set[str]:
    """Every `format` a (meta)schema names."""
    found: set[str] = set()
    stack = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if isinstance(node.get("format"), str):
                found.add(node["format"])
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return found
