"""The stages in order, for one or many packages: load -> validate -> tolerate -> ir -> models
-> render -> format, then the count check and the records.

Everything is built in memory; nothing touches the destination until every package has been
rendered and formatted, so a problem in one spec leaves all of `generated/` as it was.

With a cache (`generator.io.cache`), a package made before from the same inputs is taken from
it, with what generation repaired and skipped and what the commands report (the document's
operation count, the lines its repairs and skips name). When the input's bytes alone decide the
package (no file bundled in), it is found by their hash before anything is loaded; else the
document is loaded and its data keys it. Either key holds everything that shapes the bytes
(`_key_parts`), so a package from the cache is byte for byte the one generation would make.
"""

from __future__ import annotations

import dataclasses
import hashlib
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from generator import ir, models, render, tolerate, validate
from generator.document.bundle import may_have_external_refs
from generator.document.loading import Document, load
from generator.document.operations import count_operations, iter_operations
from generator.document.read import DEFAULT_MAX_BYTES, read_limited
from generator.document.tree import cyclic_gc_paused, with_deep_stack
from generator.io import package_entry, progress, provenance
from generator.io.cache import Cache, data_sha256, key_of
from generator.io.children import BACKGROUND_NICE, can_fork, resident_mib
from generator.io.forked import Forked
from generator.io.paths import is_regular_file
from generator.manifest import ALL_MODELS, Manifest, Provider
from generator.output import coverage, format
from generator.problems import GeneratorError, Problem, Repaired
from generator.render import package_docs
from generator.tolerate import Outcome
from generator.validate.background import SpecValidation, verdict_missing


@dataclass(frozen=True)
class Target:
    """One package to generate: its inputs and how to name and configure it."""

    spec: Path
    overlay: Path | None
    options: ir.BuildOptions
    strict: bool = False  # any problem stops; else repairs and skips, each named
    # Everything besides the documents that shapes the package's bytes (package name, provider,
    # environment variables, ...): its record keeps them, so `check` knows how a copy was made.
    settings: dict[str, str] = dataclasses.field(default_factory=dict, hash=False)


def target_for(provider: Provider, package: str | None = None) -> Target:
    """The target of a manifest entry; `package` renames its package (a vendored copy)."""
    return Target(
        spec=provider.spec,
        overlay=provider.overlay,
        settings=provider.settings(package),
        options=ir.BuildOptions(
            package=package or provider.package,
            api_key_env=provider.api_key_env,
            base_url_env=provider.base_url_env,
            default_base_url=provider.base_url,
            http_library=provider.http_library,
            source_file=str(provider.spec),
            models=provider.models,
        ),
        strict=provider.strict,
    )


def target_for_spec(spec: Path, package: str, overlay: Path | None = None, *,
                    strict: bool = False, models: str = ALL_MODELS) -> Target:
    """The target of a document given by path (`--spec`): see `Provider.standalone`."""
    standalone = target_for(Provider.standalone(spec, package, overlay, models))
    return dataclasses.replace(standalone, strict=strict)


def targets(manifest: Manifest, names: list[str]) -> list[Target]:
    """The targets of the manifest's providers named (all of them when none is)."""
    chosen = [manifest.get(name) for name in names] if names else list(manifest.providers)
    return [target_for(provider) for provider in chosen]


def load_checked(target: Target, *, allow_remote_refs: bool = False) -> Document:
    """Load and validate; every problem of the document in one GeneratorError."""
    document = load(target.spec, overlay=target.overlay, allow_remote_refs=allow_remote_refs)
    problems = validate.validate(document)  # overlay problems come first in this list
    if problems:
        raise GeneratorError(problems)
    return document


def render_package(target: Target, document: Document) -> dict[str, str]:
    """Unformatted files of one package, checked (`render.RenderedPackage.readings`)."""
    rendered = _render(target, document)
    rendered.package.readings()
    return rendered.files


@dataclass(frozen=True)
class _Rendered:
    files: dict[str, str]
    failed: tuple[tuple[str, str], ...]  # (operation pointer, why): left out of a tolerant package
    renames: tuple[Repaired, ...]  # spec-derived names that had to change
    methods: dict[str, tuple[str, str]]  # operation pointer -> (resource class, method)
    package: render.RenderedPackage  # its modules read back, beside the formatting


# From this many operations on, README.md and api.md are written in a forked child while the
# modules render: GitHub's 1,223 operations take ~0.3 s of each (OpenAI's 271: 0.09 s of docs,
# less than a child costs)...
DOCS_BESIDE_OPERATIONS = 600
# ...unless this process holds more than this many MiB: the child copies the pages it reads
# (~55 MiB on GitHub), which after a dcg run here, the process at its largest, raised GitHub's
# cold peak from 734 to 790 MiB. After an edit (dcg's output from the cache) it holds ~250.
DOCS_BESIDE_MAX_MIB = 400


def _docs_beside(api: ir.Api) -> bool:
    """Whether the docs are worth writing in a child beside the modules' rendering."""
    return (can_fork() and len(api.method_names()) >= DOCS_BESIDE_OPERATIONS
            and resident_mib() < DOCS_BESIDE_MAX_MIB)


T = TypeVar("T")

# How deep a stack the views (and the files and documents made of them) are made on again
# when a field's type nests too deep for the default one: a discriminator's mapping of
# hundreds of subtypes (Microsoft Graph's `entity`: 653) gives a request argument as wide a
# union, twice as wide with its `TypedDict` forms, which Python's `ast` nests a level a member;
# the recursive walks of it ran out of stack.
DEEP_VIEWS_LEVELS = 5_000


def _on_a_deep_stack_if_needed(work: Callable[[], T]) -> T:
    """`work()`, made again on a deep stack if it runs out of the default one (it is pure:
    its caches hold finished values only). Most packages never need it, and finding the
    widest annotation first read every field's (GitHub: 51,000)."""
    try:
        return work()
    except RecursionError:
        return with_deep_stack(work, DEEP_VIEWS_LEVELS)


def _models_of(api: ir.Api, target: Target, document: Document,
               cache: Cache | None) -> models.Models:
    """The package's models; a failure of datamodel-code-generator located by the document's
    names and lines (dcg names a component by its class), its cause kept for --debug."""
    try:
        return models.models_source(api.models_input, api.required_classes, str(target.spec),
                                    cache, api.operation_classes)
    except GeneratorError as error:
        names = dict(api.component_names)
        for index, problem in enumerate(error.problems):
            located = models.in_document_terms(problem, names)
            if located is not problem:
                error.problems[index] = dataclasses.replace(
                    located, line=document.line_of(located.pointer))
        raise


def _render(target: Target, document: Document, cache: Cache | None = None) -> _Rendered:
    package = target.options.package
    progress.stage(f"{package}: reading the operations")
    api = ir.build(document.data, target.options, tolerate=not target.strict)
    progress.stage(f"{package}: making the models (datamodel-code-generator)")
    package_models = _models_of(api, target, document, cache)
    progress.stage(f"{package}: rendering the client")
    views = _on_a_deep_stack_if_needed(lambda: render.package_views(api, package_models))

    def documents() -> dict[str, str]:
        return _on_a_deep_stack_if_needed(lambda: package_docs.documents(
            api, package_models, views.resources, spec_sha256=document.sha256,
            settings=target.settings, versions=provenance.runtime_versions(
                target.options.http_library, typing_extensions=api.uses_deprecated())))

    beside = Forked(documents) if _docs_beside(api) else None
    try:
        # (the parameters' forms and the README's examples spell those wide unions too)
        rendered = _on_a_deep_stack_if_needed(
            lambda: render.rendered_package(api, package_models, views))
        files = rendered.files
        files.update(beside.result() if beside is not None else documents())
    finally:
        if beside is not None:
            beside.close()
    renames = tuple(Repaired(str(document.path), rename.pointer, document.line_of(rename.pointer),
                             rename.problem, rename.action, kind=rename.kind)
                    for rename in api.renames)
    return _Rendered(files, api.failed, renames, api.method_names(), rendered)


@dataclass(frozen=True)
class Generation:
    """Formatted packages by name, and for each what generation repaired and skipped."""

    packages: dict[str, dict[str, str]]
    outcomes: dict[str, Outcome]
    documents: dict[str, Document]  # as loaded, before any repair
    # a package restored from the cache by its input's bytes has no document loaded: what the
    # commands report about it was kept with it
    restored: dict[str, Restored] = dataclasses.field(default_factory=dict)

    def operations(self, name: str) -> int:
        """How many operations the document of package `name` has."""
        if name not in self.documents:
            return self.restored[name].operations
        return operation_count(self.documents[name])

    def generated(self, name: str) -> int:
        """How many operations package `name` has: the document's, less those skipped."""
        outcome = self.outcomes.get(name)
        skipped = {skip.pointer for skip in outcome.skipped} if outcome is not None else set()
        return self.operations(name) - len(skipped)

    def spec_file(self, name: str) -> str:
        """The document package `name` was generated from, as given."""
        if name not in self.documents:
            return self.restored[name].spec_file
        return str(self.documents[name].path)

    def line_of(self, name: str, pointer: str) -> int | None:
        """The line of `pointer` in package `name`'s document (of a package restored without
        loading its document: known for the pointers its repairs and skips name)."""
        if name not in self.documents:
            return self.restored[name].lines.get(pointer)
        return self.documents[name].line_of(pointer)

    def place_of(self, name: str, pointer: str) -> tuple[str, int | None]:
        """(the file `pointer` of package `name`'s document was written in, as shown; its line
        there): the document's own file for what was not bundled from another one."""
        if name not in self.documents:
            # restored by its bytes alone: a document that bundles no other file
            return self.spec_file(name), self.line_of(name, pointer)
        origin, line = self.documents[name].place_of(pointer)
        return origin or self.spec_file(name), line


@dataclass(frozen=True)
class Restored:
    """What is reported about a package restored from the cache without loading its document:
    the document as given, its operations and the lines of the pointers its outcome names."""

    spec_file: str
    operations: int
    lines: dict[str, int | None]


def build_packages(chosen: list[Target], *, allow_remote_refs: bool = False,
                   cache: Cache | None = None) -> dict[str, dict[str, str]]:
    """package name -> (relative path -> text), formatted, each with its PROVENANCE.json."""
    return generate_packages(chosen, allow_remote_refs=allow_remote_refs, cache=cache).packages


def generate_packages(chosen: list[Target], *, allow_remote_refs: bool = False,
                      cache: Cache | None = None) -> Generation:
    """Every package of `chosen`, with what was repaired and skipped on the way; from `cache`
    when it holds the package of the same inputs, toolkit and settings (a document that may
    fetch remote `$ref`s is never cached: what they return can change). A package restored
    from the cache has its repairs and skips; its outcome's `data` is the document as loaded
    (the repaired copy is not kept), or {} when it was restored by its bytes without loading
    (then `Generation.restored` says what is reported about it).

    The packages not in the cache are generated (`_generate_fresh`) and stored there.
    """
    store = None if allow_remote_refs else cache
    quick = _restore_by_bytes(store, chosen) if store is not None else {}
    rest = [target for target in chosen if target.options.package not in quick]
    loaded = Generation({}, {}, {})
    with cyclic_gc_paused():  # documents and models are trees of millions of objects, no cycles
        if rest:
            loaded = _generate_loaded(rest, store, allow_remote_refs)
    return _in_order([target.options.package for target in chosen], quick, loaded)


def _generate_loaded(chosen: list[Target], store: Cache | None,
                     allow_remote_refs: bool) -> Generation:
    """The packages of `chosen` from their loaded documents: from `store` by the documents'
    data (which holds every bundled file), else generated and stored."""
    documents = _load_all(chosen, allow_remote_refs=allow_remote_refs)
    keys = _package_keys(documents) if store is not None else {}
    restored = _restore_all(store, keys, documents)
    fresh = {name: pair for name, pair in documents.items() if name not in restored}
    try:
        made = _generate_fresh(fresh, store) if fresh else Generation({}, {}, {})
    except GeneratorError as error:
        located = _located_error(error, fresh)
        if located is error:
            raise
        raise located from error
    _store_all(store, keys, made)
    found = {name: (files, outcome, None) for name, (files, outcome) in restored.items()}
    return _in_order(list(documents), found, made, documents)


def _generate_fresh(documents: _Working, cache: Cache | None) -> Generation:
    """Every package of `documents` generated, with what was repaired and skipped on the way.

    A strict target stops at any problem. A tolerant one has its problems settled
    (`tolerate.settle`): repairs applied to a copy of its document and failing operations left
    out, each named. Whether the first round of repairs uncovered more is checked beside the
    code generation (`_generate_beside_rechecks`): it rarely has, and then the rest is settled
    and the work done again. openapi-spec-validator runs beside the code generation too
    (`SpecValidation`): a valid document (the common case) pays nothing for it; a document it
    finds more problems in is repaired and, when the decisions change generated code, generated
    again. Its problems, when there are any, are what the caller of a strict target gets, even
    when the generation of an invalid document failed first in some other way.

    Each step returns new values (nothing is changed in place), and nothing is written: the
    caller writes the packages once all of them are made. openapi-spec-validator's verdicts
    are taken from `cache` when it has them."""
    _check_strict_documents(documents)
    round_ones = {name: tolerate.first_round(document)
                  for name, (target, document) in documents.items() if not target.strict}
    outcomes = {name: one.outcome if one is not None
                else Outcome.untouched(documents[name][1].data) for name, one in round_ones.items()}
    working = _working_documents(documents, outcomes)
    first, problems, uncovered = _generate_beside_rechecks(working, round_ones, outcomes, cache)
    if uncovered:  # rare: what the first generation and validation read is repaired further
        outcomes |= {name: tolerate.settle_after_first_round(documents[name][1], round_one, found)
                     for name, (round_one, found) in uncovered.items()}
        working = _working_documents(documents, outcomes)
        first, problems = _generate_beside_validation(working, outcomes, cache)
    _raise_for_strict(documents, problems)
    final = _generate_settled(first, _Generated({}, outcomes, working, {}, {}), problems, cache)
    _check_coverage(documents, final)
    _refuse_when_every_operation_skipped(documents, final.outcomes)
    toolkit = provenance.toolkit_fingerprint()
    done = {name: _located_repairs(documents[name][1], outcome)
            for name, outcome in final.outcomes.items()}
    packages = {name: _with_records(files, *documents[name], done.get(name), toolkit)
                for name, files in final.formatted.items()}
    return Generation(packages, done,
                      {name: document for name, (_, document) in documents.items()})


_Working = dict[str, tuple[Target, Document]]  # package name -> (target, document to generate)


def _located_error(error: GeneratorError, documents: _Working) -> GeneratorError:
    """`error` with each problem of content bundled from another file sent to that file and
    its line (`Document.located`): a strict target's, a blocking one, ...; `error` itself when
    no document bundled another file in."""
    bundled = {str(document.path): document for _, document in documents.values()
               if document.origins is not None}
    if not bundled:
        return error
    return GeneratorError([bundled[problem.file].located(problem) if problem.file in bundled
                           else problem for problem in error.problems])


def _located_repairs(document: Document, outcome: Outcome) -> Outcome:
    """`outcome` with each repair of content bundled from another file sent to that file and
    its line (`Document.place_of`); as it is when nothing was bundled."""
    if document.origins is None:
        return outcome
    repairs = tuple(_located_repair(document, repair) for repair in outcome.repairs)
    return dataclasses.replace(outcome, repairs=repairs)


def _located_repair(document: Document, repair: Repaired) -> Repaired:
    if repair.origin or repair.file != str(document.path):
        return repair
    origin, line = document.place_of(repair.pointer)
    return dataclasses.replace(repair, origin=origin, line=line) if origin else repair


@dataclass(frozen=True)
class _Generated:
    """One generation of packages: the formatted files, and the outcomes and working documents
    as generation left them (operations code generation could not build recorded as skipped)."""

    formatted: dict[str, dict[str, str]]
    outcomes: dict[str, Outcome]
    working: _Working
    # package -> operation pointer -> (resource class, method): what the Api named each one
    methods: dict[str, dict[str, tuple[str, str]]]
    defined: dict[str, dict[str, set[str]]]  # package -> resource class -> methods rendered


def _working_document(document: Document, outcome: Outcome | None) -> Document:
    """The document a package is generated from: as loaded, or as tolerate left it."""
    return document if outcome is None else tolerate.with_data(document, outcome.data)


def _working_documents(documents: _Working, outcomes: dict[str, Outcome]) -> _Working:
    return {name: (target, _working_document(document, outcomes.get(name)))
            for name, (target, document) in documents.items()}


def _generate_beside_rechecks(
    working: _Working, round_ones: dict[str, tolerate.FirstRound | None],
    outcomes: dict[str, Outcome], cache: Cache | None = None,
) -> tuple[_Generated | None, list[Problem], _Uncovered]:
    """`_generate_beside_validation` from the documents the first round of repairs left, while
    our own checks of those documents run in a forked child: whether a repair uncovered a
    problem (rare) is known by the end, and the caller settles it then (the work done here is
    then done again). The packages whose repairs uncovered problems, with those problems; a
    generation that fails while there are some is not an error yet either."""
    rounds = {name: one for name, one in round_ones.items() if one is not None}
    if not rounds:
        return (*_generate_beside_validation(working, outcomes, cache), {})
    repaired = {name: working[name][1] for name in rounds}
    recheck = Forked(lambda: {name: validate.own_checks(doc) for name, doc in repaired.items()},
                     nice=BACKGROUND_NICE)  # (read once the first generation is done)
    try:
        first, problems = _generate_beside_validation(
            working, outcomes, cache, redone=lambda: bool(_uncovered(rounds, recheck.result())))
        return first, problems, _uncovered(rounds, recheck.result())
    finally:
        recheck.close()


_Uncovered = dict[str, tuple[tolerate.FirstRound, list[Problem]]]


def _uncovered(rounds: dict[str, tolerate.FirstRound],
               rechecked: dict[str, list[Problem]]) -> _Uncovered:
    """The packages whose first round of repairs uncovered a problem our own checks of the
    repaired document found (`rechecked`), with those checks' problems."""
    return {name: (first, rechecked[name]) for name, first in rounds.items()
            if tolerate.uncovers(first, rechecked[name])}


def _generate_beside_validation(working: _Working, outcomes: dict[str, Outcome],
                                cache: Cache | None = None,
                                redone: Callable[[], bool] = lambda: False,
                                ) -> tuple[_Generated | None, list[Problem]]:
    """The packages generated while openapi-spec-validator checks their documents, and its
    problems. A generation that fails while the validator has problems to say is not an error
    yet (None): the problems explain it, and settling them may mend it. When `redone()` says
    the caller will generate again from documents settled further, neither this generation's
    failure nor the verdict matters: the validator is stopped unasked (no problems)."""
    if cache is None:  # then dcg runs here: what it shares with the validator, imported first
        models.import_shared_dependencies()
    # (its verdict is read once the generation is done)
    with SpecValidation([document for _, document in working.values()], cache,
                        look_up_in_child=True, nice=BACKGROUND_NICE) as verdict:
        try:
            first: _Generated | None = _generate(working, outcomes, cache)
        except Exception:
            if not redone() and not verdict.problems():
                raise
            first = None
        if redone():
            return first, []
        return first, verdict.problems()


def _generate_settled(first: _Generated | None, before: _Generated,
                      problems: list[Problem], cache: Cache | None = None) -> _Generated:
    """The final generation: the validator's problems settled for each tolerant package, and
    the packages whose code those decisions change generated again (all of them when the
    first generation failed)."""
    base = first if first is not None else before
    settled = _settle_validator_problems(base.working, base.outcomes, problems)
    outcomes = {**base.outcomes, **settled}
    working = {**base.working, **{name: (base.working[name][0],
                                         tolerate.with_data(base.working[name][1], outcome.data))
                                  for name, outcome in settled.items()}}
    if first is None:
        return _generate(working, outcomes, cache)
    again = [name for name, outcome in settled.items() if outcome.changes_output]
    if not again:
        return _Generated(first.formatted, outcomes, working, first.methods, first.defined)
    redo = _generate({name: working[name] for name in again}, outcomes, cache)
    return _Generated({**first.formatted, **redo.formatted}, redo.outcomes,
                      {**working, **redo.working}, {**first.methods, **redo.methods},
                      {**first.defined, **redo.defined})


def _settle_validator_problems(working: _Working, outcomes: dict[str, Outcome],
                               problems: list[Problem]) -> dict[str, Outcome]:
    """The new outcome of each tolerant package whose document openapi-spec-validator found
    problems in, those settled (repaired, operations skipped). Its `changes_output` says
    whether these decisions change generated code (a repair of an annotation code generation
    does not read leaves the package as generated)."""
    settled: dict[str, Outcome] = {}
    for name, (target, document) in working.items():
        own = [problem for problem in problems if problem.file == str(document.path)]
        if not target.strict and own:
            # only what these decisions change decides whether the package is generated again
            fresh = dataclasses.replace(outcomes[name], changes_output=False)
            settled[name] = tolerate.settle(document, fresh, own)
    return settled


def _with_records(files: dict[str, str], target: Target, document: Document,
                  outcome: Outcome | None, toolkit: dict[str, str]) -> dict[str, str]:
    """`files` with COVERAGE.md (when something was repaired or skipped), then PROVENANCE.json
    over it all."""
    done = outcome if outcome is not None else Outcome.untouched(document.data)
    notes: dict[str, str] = {}
    if done.repairs or done.skipped:
        notes[coverage.NOTE_FILENAME] = coverage.note(
            shown_spec(document), operation_count(document), done.repairs, done.skipped)
    noted = {**files, **notes}
    inputs = provenance.inputs_record(
        document.sha256, document.overlay_sha256, target.settings,
        provenance.referenced_hashes(document.path, document.referenced_files()))
    record = provenance.record(noted, inputs, toolkit, coverage.record(done.repairs, done.skipped))
    return {**noted, provenance.FILENAME: record}


def operation_count(document: Document) -> int:
    """How many operations `document` has (as loaded: skipped ones included)."""
    return count_operations(document.data)


def shown_spec(document: Document) -> str:
    """The spec's file name as packages show it: no folders (they differ between machines)."""
    return document.path.name


def _raise_for_strict(documents: _Working, problems: list[Problem]) -> None:
    """openapi-spec-validator's problems of the strict targets' documents stop generation."""
    files = {str(document.path) for target, document in documents.values() if target.strict}
    strict = [problem for problem in problems if problem.file in files]
    if strict:
        raise GeneratorError(strict)


def _check_coverage(documents: _Working, final: _Generated) -> None:
    """Every operation of the document is generated or named as skipped: anything else is a
    generator bug, and fails loudly."""
    for name in final.formatted:
        original = documents[name][1]
        outcome = final.outcomes.get(name)
        skipped = {entry.pointer for entry in outcome.skipped} if outcome is not None else set()
        coverage.check(str(original.path), original.data, final.working[name][1].data, skipped,
                       final.defined[name], final.methods[name])


def _refuse_when_every_operation_skipped(documents: _Working,
                                         outcomes: dict[str, Outcome]) -> None:
    """A document whose operations were all skipped would give a client without a single method:
    that is a refusal, so it fails (each skip named) rather than writing a package that looks
    generated. A document without operations (models only) is not affected."""
    problems = [problem for name, (_, document) in documents.items()
                for problem in tolerate.every_operation_skipped(document, outcomes.get(name))]
    if problems:
        raise GeneratorError(problems)


def _load_all(chosen: list[Target], *, allow_remote_refs: bool) -> _Working:
    """Every document loaded; all their problems in one error."""
    problems: list[Problem] = []
    documents: dict[str, tuple[Target, Document]] = {}
    for target in chosen:
        try:
            document = load(target.spec, overlay=target.overlay,
                            allow_remote_refs=allow_remote_refs)
        except GeneratorError as error:
            problems.extend(error.problems)
            continue
        documents[target.options.package] = (target, document)
    problems.extend(problem for _, document in documents.values()
                    for problem in _nothing_to_generate(document))
    if problems:
        raise GeneratorError(problems)
    return documents


def _check_strict_documents(documents: _Working) -> None:
    """The strict documents through our own checks; all their problems in one error (with
    openapi-spec-validator's too, then: generation would not start)."""
    strict = [document for target, document in documents.values() if target.strict]
    if any(validate.own_checks(document) for document in strict):
        raise GeneratorError([problem for document in strict
                              for problem in validate.validate(document)])


def _nothing_to_generate(document: Document) -> list[Problem]:
    """A document with neither operations nor component schemas: there is no package to make."""
    components = document.data.get("components")
    schemas = components.get("schemas") if isinstance(components, dict) else None
    has_operations = next(iter_operations(document.data), None) is not None
    if has_operations or (isinstance(schemas, dict) and schemas):
        return []
    paths = document.data.get("paths")
    if paths is not None and not isinstance(paths, dict):
        return [Problem(str(document.path), "/paths", document.line_of("/paths"),
                        f"nothing to generate: `paths` is {_a_json_type(paths)}, not an object",
                        "write each path as a key holding its operations "
                        "(`/pets: {get: ...}`)")]
    return [Problem(str(document.path), "/paths", document.line_of("/paths"),
                    "nothing to generate: the document has no operations and no component schemas",
                    "add operations under `paths`")]


def _a_json_type(value: object) -> str:
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool):
        return "a boolean"
    return "a number" if isinstance(value, (int, float)) else "not an object"


def _generate(working: _Working, outcomes: dict[str, Outcome],
              cache: Cache | None = None) -> _Generated:
    """The formatted packages of `working`; the names code generation had to change, and the
    operations it had to leave out of a tolerant package, recorded in its outcome (and the
    latter left out of its working document). dcg's output, and formatted files, are taken from
    `cache` when it has them."""
    rendered = {name: _render(target, document, cache)
                for name, (target, document) in working.items()}
    models.every_model_made()
    after = {name: _after_rendering(working[name], outcomes.get(name), result)
             for name, result in rendered.items()}
    formatted, defined = _formatted_and_read_back(rendered, cache)
    return _Generated(
        formatted,
        {**outcomes, **{name: outcome for name, (outcome, _) in after.items()
                       if outcome is not None}},
        {**working, **{name: package for name, (_, package) in after.items()}},
        {name: result.methods for name, result in rendered.items()},
        defined)


# From this many characters of modules to read back (the check that no module binds a name
# twice parses them, `render.RenderedPackage.readings`), that check is made in a forked child
# while ruff and the compile check format and check the packages: GitHub's 10 MB of resource
# modules take ~0.5 s to parse, on the one core the compile check leaves to ruff.
READ_BESIDE_CHARS = 2_000_000


def _formatted_and_read_back(rendered: dict[str, _Rendered], cache: Cache | None = None
                             ) -> tuple[dict[str, dict[str, str]], dict[str, dict[str, set[str]]]]:
    """The packages formatted, and the methods each resource class defines as read back from
    its rendered modules (`coverage.resource_methods`): in a child beside the formatting when
    there is much to read. A module binding a name twice is raised after the formatting."""
    def read_back() -> dict[str, dict[str, set[str]]]:
        return {name: coverage.resource_methods(result.package.readings(cache))
                for name, result in rendered.items()}

    progress.stage("formatting (ruff) and compiling the packages")
    large = sum(result.package.read_size() for result in rendered.values()) >= READ_BESIDE_CHARS
    beside = Forked(read_back) if large and can_fork() else None
    try:
        formatted = format.format_packages(
            {name: result.files for name, result in rendered.items()},
            verbatim=render.runtime_files(), cache=cache)
        return formatted, beside.result() if beside is not None else read_back()
    finally:
        if beside is not None:
            beside.close()


def _after_rendering(package: tuple[Target, Document], outcome: Outcome | None,
                     result: _Rendered) -> tuple[Outcome | None, tuple[Target, Document]]:
    """A package's outcome and working document once rendering has said what it changed."""
    target, document = package
    if result.renames:  # named like repairs, strict targets too: a name changed is a warning
        current = outcome or Outcome.untouched(document.data)
        outcome = current.then(Outcome(current.data, result.renames, ()))
    if result.failed:
        current = outcome or Outcome.untouched(document.data)
        outcome = current.then(tolerate.skip_operations(current.data, result.failed))
        package = (target, tolerate.with_data(document, outcome.data))
    return outcome, package


# -- the package cache --------------------------------------------------------------------------
# Kept under the key of its input's bytes when they alone decide it (`_self_contained`): a hit
# then reads and hashes them, loads nothing; else under the loaded data's key (bundled files).


def _package_keys(documents: _Working) -> dict[str, str]:
    """The cache key of each package whose inputs can be keyed."""
    keys = {name: _bytes_key(target, document.sha256, document.overlay_sha256)
            if _self_contained(target, document) else _data_key(target, document)
            for name, (target, document) in documents.items()}
    return {name: key for name, key in keys.items() if key is not None}


def _key_parts(target: Target, spec_sha256: str, overlay_sha256: str | None) -> dict[str, Any]:
    """Everything besides the data that shapes a package's bytes and what generation says about
    it: the spec and overlay as given (messages name them) and their bytes' hashes, the target's
    settings and options, the toolkit, the runtime versions its README names, Python's version."""
    overlay = target.overlay
    return {
        "format": package_entry.ENTRY_FORMAT,
        "spec": [str(target.spec), str(target.spec.resolve()), spec_sha256],
        "overlay": [str(overlay), str(overlay.resolve()), overlay_sha256]
        if overlay is not None else None,
        "settings": target.settings,
        "options": dataclasses.asdict(target.options),
        "strict": target.strict,
        "toolkit": provenance.toolkit_fingerprint(),
        # every version a README may name (whether it names typing_extensions the spec decides)
        "runtime": provenance.runtime_versions(target.options.http_library, typing_extensions=True),
        "python": sys.version,
    }


def _bytes_key(target: Target, spec_sha256: str, overlay_sha256: str | None) -> str:
    """The key of a package its input's bytes alone decide."""
    return key_of({**_key_parts(target, spec_sha256, overlay_sha256), "by": "bytes"})


def _data_key(target: Target, document: Document) -> str | None:
    """The key of a package by its loaded data (bundled files included); None without JSON form."""
    data = data_sha256(document.data)
    if data is None:
        return None
    return key_of({**_key_parts(target, document.sha256, document.overlay_sha256),
                   "data_sha256": data})


def _self_contained(target: Target, document: Document) -> bool:
    """Whether `document`'s data is what its spec's and overlay's bytes alone give: loading
    bundled no file in (none was looked for; or, for a JSON spec without overlay, loading
    followed no reference, `Document.bundled`: what looked like an external `$ref` was text).
    False when the files changed since they were loaded."""
    read = _input_bytes(target)
    if read is None:
        return False
    raw, overlay_raw = read[0], read[1] or b""
    if hashlib.sha256(raw).hexdigest() != document.sha256 or (
            target.overlay is not None
            and hashlib.sha256(overlay_raw).hexdigest() != document.overlay_sha256):
        return False
    if not may_have_external_refs(raw) and not may_have_external_refs(overlay_raw):
        return True
    if target.overlay is not None or target.spec.suffix.lower() != ".json":
        return False
    return not document.bundled  # then the data is the plain parse of its bytes


def _restore_by_bytes(cache: Cache, chosen: list[Target]
                      ) -> dict[str, tuple[dict[str, str], Outcome | None, Restored]]:
    """The packages found in `cache` under the key of their input's bytes (nothing loaded):
    name -> (files, outcome, what is reported); an input not read here is left to `load`."""
    found = {}
    for target in chosen:
        if (read := _input_bytes(target)) is None:
            continue
        raw, overlay = read[0], None if read[1] is None else hashlib.sha256(read[1]).hexdigest()
        key = _bytes_key(target, hashlib.sha256(raw).hexdigest(), overlay)
        entry = package_entry.decoded(cache.get_texts(package_entry.NAMESPACE, key))
        if entry is not None:
            found[target.options.package] = (entry.files, _outcome(entry, {}), Restored(
                str(target.spec), entry.operations, entry.lines))
    return found


def _input_bytes(target: Target) -> tuple[bytes, bytes | None] | None:
    """The spec's and overlay's bytes when both are regular files (a pipe read here would be
    lost to `load`), else None, as when one cannot be read (`load` says why)."""
    if not all(is_regular_file(p) for p in (target.spec, target.overlay) if p is not None):
        return None
    try:
        return read_limited(target.spec, DEFAULT_MAX_BYTES), (
            None if target.overlay is None else read_limited(target.overlay, DEFAULT_MAX_BYTES))
    except GeneratorError:
        return None


def _outcome(entry: package_entry.PackageEntry, data: dict[str, Any]) -> Outcome | None:
    """The outcome an entry recorded, over `data` (the loaded document; {} when not loaded)."""
    return None if entry.said is None else Outcome(data, *entry.said)


def _restore_all(cache: Cache | None, keys: dict[str, str], documents: _Working
                 ) -> dict[str, tuple[dict[str, str], Outcome | None]]:
    """The packages found in `cache`: name -> (files, outcome)."""
    found = {}
    for name, key in keys.items():
        stored = cache.get_texts(package_entry.NAMESPACE, key) if cache else None
        entry = package_entry.decoded(stored)
        if entry is not None:
            found[name] = (entry.files, _outcome(entry, documents[name][1].data))
    return found


def _store_all(cache: Cache | None, keys: dict[str, str], made: Generation) -> None:
    """Each package just generated, kept in `cache`."""
    if cache is None:
        return
    for name, files in made.packages.items():
        outcome = made.outcomes.get(name)
        # a package made without openapi-spec-validator's verdict (out of time) is not kept
        missed = outcome is not None and any(verdict_missing(repair.problem)
                                             for repair in outcome.repairs)
        if name in keys and not missed:
            entry = _entry(files, outcome, made.documents[name])
            cache.put_texts(package_entry.NAMESPACE, keys[name], *package_entry.encoded(entry))


def _entry(files: dict[str, str], outcome: Outcome | None,
           document: Document) -> package_entry.PackageEntry:
    said = None if outcome is None else (outcome.repairs, outcome.skipped)
    return package_entry.made(files, said, operation_count(document), document.line_of)


def _in_order(names: list[str], found: dict[str, tuple[dict[str, str], Outcome | None, Any]],
              made: Generation, documents: _Working | None = None) -> Generation:
    """The packages `found` in the cache (with what is reported of those restored by their
    bytes) and those `made`, in the order of `names`."""
    packages = {name: found[name][0] if name in found else made.packages[name] for name in names}
    outcomes = {**made.outcomes, **{name: outcome for name, (_, outcome, _) in found.items()
                                    if outcome is not None}}
    loaded = made.documents if documents is None else {
        name: document for name, (_, document) in documents.items()}
    return Generation(packages, {name: outcomes[name] for name in names if name in outcomes},
                      loaded, {name: shown for name, (_, _, shown) in found.items()
                               if isinstance(shown, Restored)})
