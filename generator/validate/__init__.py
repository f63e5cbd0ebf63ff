"""Validate stage: our own checks, then openapi-spec-validator, as `Problem`s with lines.

`validate(doc)` returns, in this order:
1. `doc.overlay_problems` (overlay actions that matched nothing);
2. our own checks (`rules`): dangling internal `$ref`s (and discriminator mappings naming no
   schema, or no mapping where the branches show other tags than their names), `$ref`
   cycles with nothing in between, `required` names no property defines,
   query strings in paths, parameters
   without a name or location, schema keywords (defaults that misfit, duplicates, 3.0 booleans
   in 3.1, patterns pydantic cannot compile), generated method-name clashes and the code
   generator's own keywords (`customTypePath`...: a document must not choose imports);
3. every error of openapi-spec-validator (`openapi`), each located by JSON pointer and line.

Generation runs the cheap first two inline and openapi-spec-validator beside the code
generation, in a forked child (`background.SpecValidation`).
"""

from __future__ import annotations

from generator.document.loading import Document
from generator.io.cache import Cache
from generator.io.forked import Forked
from generator.problems import Problem, unique_problems
from generator.validate.rules import (
    Walked,
    check_code_keywords,
    check_codegen_hints,
    check_discriminator_mappings,
    check_discriminator_tags,
    check_inline_nesting,
    check_internal_refs,
    check_media_types,
    check_method_name_clashes,
    check_parameters,
    check_path_dot_segments,
    check_path_query_strings,
    check_path_templates,
    check_ref_cycles,
    check_refs_to_schemas,
    check_schema_keywords,
    check_security_requirements,
)


def validate(doc: Document, cache: Cache | None = None) -> list[Problem]:
    """The validate stage: every problem of the document, each located (file, pointer, line):
    the overlay's, ours, then openapi-spec-validator's (from `cache` when it has the verdict).
    `validate` (the command) shows them all; `generate` decides about each
    (`generator.tolerate`) or, strict, stops."""
    from generator.validate.background import cached_spec_problems  # the expensive part

    problems = with_validator_problems(own_checks(doc), cached_spec_problems(doc, cache))
    return problems if doc.origins is None else [doc.located(problem) for problem in problems]


def with_validator_problems(own: list[Problem], theirs: list[Problem]) -> list[Problem]:
    """Our problems then openapi-spec-validator's: our schema checks find some of its slips
    first, and each is said once."""
    said = {problem.pointer for problem in own if problem.code.startswith("schema:")}
    return unique_problems([*own, *(problem for problem in theirs if problem.pointer not in said)])


# From this many objects on (GitHub's description has 65,000, OpenAI's 13,000), `own_checks(...,
# beside=True)` runs its two slowest checks in a forked child: the checks then take ~0.35 s of
# GitHub's ~0.55 s. Below it they take less than a child costs (~0.13 s for OpenAI's).
CHECKS_BESIDE_OBJECTS = 40_000


def own_checks(doc: Document, *, beside: bool = False) -> list[Problem]:
    """The overlay's problems and our own checks: cheap, and what code generation relies on.
    `beside`: on a large document, the slowest two run in a forked child while this process
    runs the rest (for a caller whose other core is idle: generation's first round)."""
    walked = Walked(doc.data)  # one walk of the objects for the checks that read them
    slowest = (Forked(lambda: _slowest_checks(doc, walked))
               if beside and len(walked.objects) >= CHECKS_BESIDE_OBJECTS else None)
    try:
        first = [*doc.overlay_problems, *check_code_keywords(doc),
                 *check_internal_refs(doc, walked), *check_ref_cycles(doc, walked),
                 *check_discriminator_mappings(doc, walked), *check_discriminator_tags(doc, walked),
                 *check_path_query_strings(doc), *check_path_dot_segments(doc),
                 *check_media_types(doc), *check_path_templates(doc),
                 *check_codegen_hints(doc), *check_parameters(doc),
                 *check_refs_to_schemas(doc)]
        later = [*check_method_name_clashes(doc), *check_security_requirements(doc)]
        schema_keywords, inline_nesting = (slowest.result() if slowest is not None
                                           else _slowest_checks(doc, walked))
    finally:
        if slowest is not None:
            slowest.close()
    # in the order the checks were always listed in, wherever each ran
    return unique_problems([*first, *schema_keywords, *later, *inline_nesting])


def _slowest_checks(doc: Document, walked: Walked) -> tuple[list[Problem], list[Problem]]:
    return check_schema_keywords(doc, walked), check_inline_nesting(doc)
