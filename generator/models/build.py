"""The models stage: the codegen document -> `Models` (models.py and its index).

Root models other models use get collapsed into them by datamodel-code-generator; the ones the
templates need by name get a `<Name>Root` wrapper. Which ones fold is guessed first (one dcg run
when right); otherwise dcg runs once plain to see which folded, then again with their wrappers.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import replace
from typing import Any

import jinja2

from generator.document.pointer import join_tokens, split_pointer, unescape_token
from generator.io.cache import Cache
from generator.models.index import Models, index_models
from generator.models.run import DCG_FAILED, MODELS_HEADER, dcg_models
from generator.models.split import cached_split
from generator.names import namespace
from generator.names.aliases import field_aliases as all_field_aliases
from generator.problems import GeneratorError, Problem

_SCHEMA_REF = "#/components/schemas/"
# a schema with any of these becomes a class of its own (object model, enum, base class)
_CLASS_KEYWORDS = frozenset(
    {"properties", "additionalProperties", "patternProperties", "enum", "allOf"}
)
EMPTY_MODELS_TEMPLATE = "models_empty.py.jinja"  # models.py of a document without schemas


def models_source(
    document: dict[str, Any], required_classes: frozenset[str], source_file: str,
    cache: Cache | None = None, separable: frozenset[str] = frozenset(),
) -> Models:
    """Run datamodel-code-generator on the codegen document; check every class we need exists;
    split the result into group modules, each component schema heading its own. dcg's output
    comes from `cache` when it holds the output of the same dcg input (`run.dcg_key`). The
    `separable` classes (the operations' parameters, bodies and answers) may be made in a run of
    their own."""
    schemas = (document.get("components") or {}).get("schemas") or {}
    if not schemas:
        return with_modules(index_models(empty_models_source()), ())
    field_aliases = all_field_aliases(document)  # the wrappers add no properties
    models = _wrapped_in_one_run(document, required_classes, source_file, field_aliases, cache,
                                 separable)
    if models is None:
        models = _in_two_runs(document, required_classes, source_file, field_aliases, cache,
                              separable)
    missing = sorted(name for name in required_classes if models.name(name) not in models.classes)
    if missing:
        raise GeneratorError(
            [Problem(source_file, "/components/schemas", None,
                     f"datamodel-code-generator produced no class for: {', '.join(missing)}",
                     "this schema shape is not supported yet; see docs/unsupported.md")]
        )
    return with_modules(models, component_classes(document), cache)


def in_document_terms(problem: Problem, component_names: Mapping[str, str]) -> Problem:
    """A failure of datamodel-code-generator located by the document's own names: dcg names a
    component schema by its class (`PetStore`, `component_names` maps it back to `pet-store`);
    a schema the generator made itself (one for a shape written at several places, an inline
    one moved out) is not the document's: it is named in the message, at the component schemas.
    Any other problem as it is."""
    tokens = split_pointer(problem.pointer) if problem.code == DCG_FAILED else []
    if tokens[:2] != ["components", "schemas"] or len(tokens) < 3:
        return problem
    original = component_names.get(tokens[2])
    if original is not None:
        return replace(problem, pointer=join_tokens("", "components", "schemas", original,
                                                    *tokens[3:]))
    return replace(problem, pointer="/components/schemas",
                   message=f"{problem.message} (in `{tokens[2]}`, a schema the generator made "
                           "of shapes the document writes inline)")


def component_classes(document: dict[str, Any]) -> list[str]:
    """The class names of the document's component schemas (the hoisted inline ones included):
    the models that always head a module of their own, so that a change elsewhere in the
    document never moves them (their module is where pickles find them)."""
    return list((document.get("components") or {}).get("schemas") or {})


def with_modules(models: Models, anchors: Iterable[str], cache: Cache | None = None) -> Models:
    """`models` with its group modules (`split.split_models`, from `cache` when it has them),
    read from the tree the index was built from, which is then let go."""
    modules = cached_split(models.source, anchors, cache, tree=models.tree)
    return replace(models, modules=modules, tree=None)


def empty_models_source() -> str:
    """models.py when the document has no schemas (its shape is in templates/)."""
    text = (namespace.TEMPLATES / EMPTY_MODELS_TEMPLATE).read_text(encoding="utf-8")
    template = jinja2.Template(text, keep_trailing_newline=True, undefined=jinja2.StrictUndefined)
    return str(template.render(header=MODELS_HEADER))


def _in_two_runs(document: dict[str, Any], required_classes: frozenset[str], source_file: str,
                 field_aliases: dict[str, str], cache: Cache | None = None,
                 separable: frozenset[str] = frozenset()) -> Models:
    """dcg once plain; when some required schemas folded, again with their root wrappers."""
    models = dcg_models(document, source_file, field_aliases, cache, separable)
    folded = required_classes - set(models.classes)
    if folded:
        wrapped, aliases = _with_root_wrappers(document, folded, set(models.classes))
        if aliases:  # else the same document again: the same output
            del models  # its parsed tree is large: let it go before the next run builds another
            models = replace(dcg_models(wrapped, source_file, field_aliases, cache, separable),
                             aliases=aliases)
    return models


def _with_root_wrappers(
    document: dict[str, Any], folded: AbstractSet[str], taken: AbstractSet[str]
) -> tuple[dict[str, Any], dict[str, str]]:
    """The document plus a `<Name>Root` schema referring to each folded schema: nothing else
    refers to the wrapper, so datamodel-code-generator keeps it as a root model."""
    schemas = dict(document["components"]["schemas"])
    used = set(taken) | set(schemas)
    aliases: dict[str, str] = {}
    for name in sorted(folded):
        if name not in schemas:
            continue
        alias = f"{name}Root"
        counter = 2
        while alias in used:
            alias, counter = f"{name}Root{counter}", counter + 1
        used.add(alias)
        schemas[alias] = {"$ref": f"{_SCHEMA_REF}{name}"}
        aliases[name] = alias
    return {**document, "components": {**document["components"], "schemas": schemas}}, aliases


def _counted_refs(schema: Any) -> Iterator[str]:
    """The `$ref`s in `schema` that are uses: not those of its `allOf` members (bases)."""
    pending: list[tuple[Any, bool]] = [(schema, True)]
    while pending:
        node, counts = pending.pop()
        if isinstance(node, dict):
            ref = node.get("$ref")
            if counts and isinstance(ref, str):
                yield ref
            for key, value in node.items():
                if key == "allOf" and isinstance(value, list):
                    pending.extend((member, False) for member in value)
                else:
                    pending.append((value, True))
        elif isinstance(node, list):
            pending.extend((item, True) for item in node)


def _referred_schemas(schemas: dict[str, Any]) -> set[str]:
    """Names of the component schemas another schema uses by `$ref` (as a property, an item, a
    union member...: an `allOf` member is a base, not a use)."""
    referred: set[str] = set()
    for name, schema in schemas.items():
        for ref in _counted_refs(schema):
            if ref.startswith(_SCHEMA_REF):
                target = unescape_token(ref[len(_SCHEMA_REF):])
                if target != name:
                    referred.add(target)
    return referred


def _likely_folded(schemas: dict[str, Any], required_classes: frozenset[str]) -> set[str]:
    """The required schemas datamodel-code-generator will most likely fold into the models using
    them: root-model shapes (no properties, enum or allOf; an object only as a union) another
    schema uses. Only a guess: `_wrapped_in_one_run` checks it against dcg's output."""
    candidates = {
        name for name in required_classes
        if isinstance(schema := schemas.get(name), dict) and not _CLASS_KEYWORDS & schema.keys()
        and (schema.get("type") != "object" or "anyOf" in schema or "oneOf" in schema)
    }
    return candidates & _referred_schemas(schemas) if candidates else set()


def _wrapped_in_one_run(
    document: dict[str, Any], required_classes: frozenset[str], source_file: str,
    field_aliases: dict[str, str], cache: Cache | None = None,
    separable: frozenset[str] = frozenset(),
) -> Models | None:
    """models.py with the root wrappers of the likely folded schemas, from one dcg run, when the
    result shows the guess was exact: the schemas folded are the ones wrapped, and the wrapper
    names are the ones `_with_root_wrappers` gives knowing the other classes. The dcg input is
    then the very document the two-run path would give dcg the second time. None otherwise."""
    schemas = document["components"]["schemas"]
    guess = _likely_folded(schemas, required_classes)
    if not guess:
        return None
    wrapped, aliases = _with_root_wrappers(document, guess, set())
    models = replace(dcg_models(wrapped, source_file, field_aliases, cache, separable),
                     aliases=aliases)
    others = set(models.classes) - set(aliases.values())
    folded = {name for name in required_classes - others if name in schemas}
    if (
        folded == guess
        and set(aliases.values()) <= set(models.classes)
        and _with_root_wrappers(document, folded, others)[1] == aliases
    ):
        return models
    return None
