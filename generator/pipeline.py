"""The stages in order, for one or many packages: load -> validate (triage) -> ir -> models ->
render -> format, then the count check and the records.

Everything is built in memory; nothing touches the destination until every package has been
rendered and formatted, so a problem in one spec leaves all of `generated/` as it was.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator import ir, models, render, validate
from generator.document.loading import Document, load
from generator.document.operations import iter_operations
from generator.io import provenance
from generator.manifest import Manifest, Provider
from generator.output import coverage, format
from generator.problems import GeneratorError, Problem, Repaired
from generator.render import package_docs
from generator.tolerate import triage
from generator.tolerate.triage import Outcome
from generator.validate.background import SpecValidation

# A repair can uncover a problem another one hid; this many rounds settle any real document.
MAX_REPAIR_ROUNDS = 3


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
        ),
        strict=provider.strict,
    )


def target_for_spec(spec: Path, package: str, overlay: Path | None = None, *,
                    strict: bool = False) -> Target:
    """The target of a document given by path (`--spec`): see `Provider.standalone`."""
    return dataclasses.replace(target_for(Provider.standalone(spec, package, overlay)), strict=strict)


def targets(manifest: Manifest, names: list[str]) -> list[Target]:
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
    """Unformatted files of one package."""
    return _render(target, document).files


@dataclass(frozen=True)
class _Rendered:
    files: dict[str, str]
    failed: tuple[tuple[str, str], ...]  # (operation pointer, why): left out of a tolerant package
    renames: tuple[Repaired, ...]  # spec-derived names that had to change
    methods: dict[str, tuple[str, str]]  # operation pointer -> (resource class, method)


def _render(target: Target, document: Document) -> _Rendered:
    api = ir.build(document.data, target.options, tolerate=not target.strict)
    package_models = models.models_source(api.models_input, api.required_classes, str(target.spec))
    views = render.package_views(api, package_models)
    files = render.render(api, package_models, views)
    files.update(package_docs.documents(
        api, package_models, views.resources, spec_sha256=document.sha256, settings=target.settings,
        versions=provenance.runtime_versions(target.options.http_library)))
    renames = tuple(Repaired(str(document.path), rename.pointer, document.line_of(rename.pointer),
                             rename.problem, rename.action) for rename in api.renames)
    return _Rendered(files, api.failed, renames, api.method_names())


@dataclass(frozen=True)
class Generation:
    """Formatted packages by name, and for each what generation repaired and skipped."""

    packages: dict[str, dict[str, str]]
    outcomes: dict[str, Outcome]
    documents: dict[str, Document]  # as loaded, before any repair

    def operations(self, name: str) -> int:
        """How many operations the document of package `name` has."""
        return operation_count(self.documents[name])

    def generated(self, name: str) -> int:
        outcome = self.outcomes.get(name)
        skipped = {skip.pointer for skip in outcome.skipped} if outcome is not None else set()
        return self.operations(name) - len(skipped)

    def spec_file(self, name: str) -> str:
        return str(self.documents[name].path)

    def line_of(self, name: str, pointer: str) -> int | None:
        return self.documents[name].line_of(pointer)


def build_packages(chosen: list[Target], *, allow_remote_refs: bool = False) -> dict[str, dict[str, str]]:
    """package name -> (relative path -> text), formatted, each with its PROVENANCE.json."""
    return generate_packages(chosen, allow_remote_refs=allow_remote_refs).packages


def generate_packages(chosen: list[Target], *, allow_remote_refs: bool = False) -> Generation:
    """Every package of `chosen`, with what was repaired and skipped on the way.

    A strict target stops at any problem. A tolerant one has its problems triaged
    (`validate.triage`): repairs applied to a copy of its document and failing operations left
    out, each named. openapi-spec-validator runs beside the code generation (`SpecValidation`):
    a valid document (the common case) pays nothing for it; a document it finds more problems in
    is repaired and, when the decisions change generated code, generated again. Its problems, when there are any, are what the caller of a strict target
    gets, even when the generation of an invalid document failed first in some other way."""
    documents = _load_all(chosen, allow_remote_refs=allow_remote_refs)
    outcomes = {name: _tolerate_own_problems(document)
                for name, (target, document) in documents.items() if not target.strict}
    working = {name: (target, _with_data(document, outcomes[name].data) if name in outcomes else document)
               for name, (target, document) in documents.items()}
    formatted: dict[str, dict[str, str]] | None
    methods: dict[str, dict[str, tuple[str, str]]] = {}  # package -> what its methods are named
    with SpecValidation([document for _, document in working.values()]) as verdict:
        try:
            formatted = _generate(working, outcomes, methods)
        except Exception:
            if not verdict.problems():
                raise
            formatted = None
        problems = verdict.problems()
    _raise_for_strict(documents, problems)
    again = _tolerate_validator_problems(working, outcomes, problems)
    if formatted is None:
        formatted = _generate(working, outcomes, methods)
    elif again:
        redo = {name: working[name] for name in again}
        formatted.update(_generate(redo, outcomes, methods))
        working.update(redo)
    _check_coverage(documents, working, outcomes, formatted, methods)
    _refuse_when_every_operation_skipped(documents, outcomes)
    toolkit = provenance.toolkit_fingerprint()
    for name, files in formatted.items():
        target, document = documents[name]
        _add_records(files, target, document, outcomes.get(name, Outcome(document.data, (), ())), toolkit)
    return Generation(formatted, outcomes, {name: document for name, (_, document) in documents.items()})


def _add_records(files: dict[str, str], target: Target, document: Document, outcome: Outcome,
                 toolkit: dict[str, str]) -> None:
    """COVERAGE.md (when something was repaired or skipped), then PROVENANCE.json over it all."""
    if outcome.repairs or outcome.skipped:
        operations = operation_count(document)
        files[coverage.NOTE_FILENAME] = coverage.note(
            shown_spec(document), operations, outcome.repairs, outcome.skipped)
    inputs = provenance.inputs_record(document.sha256, document.overlay_sha256, target.settings)
    files[provenance.FILENAME] = provenance.record(
        files, inputs, toolkit, coverage.record(outcome.repairs, outcome.skipped))


def operation_count(document: Document) -> int:
    """How many operations `document` has (as loaded: skipped ones included)."""
    return sum(1 for _ in iter_operations(document.data))


def shown_spec(document: Document) -> str:
    """The spec's file name as packages show it: no folders (they differ between machines)."""
    return document.path.name


def _with_data(document: Document, data: dict[str, Any]) -> Document:
    """`document` as triage left it: repaired data, its overlay's problems decided."""
    return dataclasses.replace(document, data=data, overlay_problems=())


def _tolerate_own_problems(document: Document) -> Outcome:
    """Our own checks triaged and acted on: what openapi-spec-validator then sees is repaired."""
    return _settle(document, Outcome(document.data, (), ()), validate.own_checks(document))


def _tolerate_validator_problems(
    working: dict[str, tuple[Target, Document]], outcomes: dict[str, Outcome], problems: list[Problem]
) -> list[str]:
    """Tolerant packages whose document openapi-spec-validator found problems in, settled
    (repaired, operations skipped); `working` and `outcomes` updated. The names of those whose
    generated code the decisions change (a repair of an annotation code generation does not
    read leaves the package as generated)."""
    again = []
    for name, (target, document) in working.items():
        own = [problem for problem in problems if problem.file == str(document.path)]
        if target.strict or not own:
            continue
        # only what these decisions change decides whether the package is generated again
        outcomes[name] = _settle(document, dataclasses.replace(outcomes[name], changes_output=False), own)
        working[name] = (target, _with_data(document, outcomes[name].data))
        if outcomes[name].changes_output:
            again.append(name)
    return again


def _settle(document: Document, outcome: Outcome, problems: list[Problem]) -> Outcome:
    """Triage and apply until our own checks find nothing left (a repair can uncover what a
    problem hid); blocking problems, or problems that survive `MAX_REPAIR_ROUNDS`, stop.
    openapi-spec-validator is not run again: its verdict costs seconds on large documents, and
    what it found is decided."""
    decided: set[tuple[str, str, str]] = set()
    for _ in range(MAX_REPAIR_ROUNDS):
        # A problem decided in an earlier round (a repair that keeps the text as it is, say)
        # keeps that decision.
        problems = [p for p in problems
                    if p.severity != "warning" and (p.pointer, p.code, p.message) not in decided]
        if not problems:
            return outcome
        decisions = triage.triage(outcome.data, problems)
        blocking = [decision.problem for decision in decisions if decision.category == "blocking"]
        if blocking:
            raise GeneratorError(blocking)
        if any(decision.moves_path for decision in decisions):
            # the other problems' pointers name the old paths: they are found again next round
            decisions = [decision for decision in decisions if decision.moves_path]
        decided.update((d.problem.pointer, d.problem.code, d.problem.message) for d in decisions)
        outcome = outcome.then(triage.apply(outcome.data, decisions))
        problems = validate.own_checks(_with_data(document, outcome.data))
    problems = [p for p in problems if p.severity != "warning" and (p.pointer, p.code, p.message) not in decided]
    if problems:
        raise GeneratorError([*problems, Problem(
            str(document.path), "", None,
            f"still invalid after {MAX_REPAIR_ROUNDS} rounds of repairs",
            "run `validate` and fix these in the spec or its overlay")])
    return outcome


def _raise_for_strict(documents: dict[str, tuple[Target, Document]], problems: list[Problem]) -> None:
    files = {str(document.path) for target, document in documents.values() if target.strict}
    strict = [problem for problem in problems if problem.file in files]
    if strict:
        raise GeneratorError(strict)


def _check_coverage(documents: dict[str, tuple[Target, Document]],
                    working: dict[str, tuple[Target, Document]], outcomes: dict[str, Outcome],
                    formatted: dict[str, dict[str, str]],
                    methods: dict[str, dict[str, tuple[str, str]]]) -> None:
    """Every operation of the document is generated or named as skipped: anything else is a
    generator bug, and fails loudly."""
    for name, files in formatted.items():
        original = documents[name][1]
        outcome = outcomes.get(name)
        skipped = {entry.pointer for entry in outcome.skipped} if outcome is not None else set()
        coverage.check(str(original.path), original.data, working[name][1].data, skipped, files,
                       methods[name])


def _refuse_when_every_operation_skipped(documents: dict[str, tuple[Target, Document]],
                                         outcomes: dict[str, Outcome]) -> None:
    """A document whose operations were all skipped would give a client without a single method:
    that is a refusal, so it fails (each skip named) rather than writing a package that looks
    generated. A document without operations (models only) is not affected."""
    problems: list[Problem] = []
    for name, (_, document) in documents.items():
        outcome = outcomes.get(name)
        operations = operation_count(document)
        if outcome is None or not operations or len({s.pointer for s in outcome.skipped}) < operations:
            continue
        problems.extend(Problem(str(document.path), skip.pointer, document.line_of(skip.pointer),
                                f"skipped {skip.label}: {'; '.join(skip.reasons)}")
                        for skip in outcome.skipped)
        problems.append(Problem(str(document.path), "/paths", document.line_of("/paths"),
                                f"every one of its {operations} operations had to be skipped: the "
                                "client would have no methods; nothing was written",
                                "fix the problems named above"))
    if problems:
        raise GeneratorError(problems)


def _load_all(chosen: list[Target], *, allow_remote_refs: bool) -> dict[str, tuple[Target, Document]]:
    """Every document loaded, and the strict ones through our own checks; all their problems in
    one error (with openapi-spec-validator's too, then: generation would not start)."""
    problems: list[Problem] = []
    documents: dict[str, tuple[Target, Document]] = {}
    for target in chosen:
        try:
            document = load(target.spec, overlay=target.overlay, allow_remote_refs=allow_remote_refs)
        except GeneratorError as error:
            problems.extend(error.problems)
            continue
        documents[target.options.package] = (target, document)
    problems.extend(problem for _, document in documents.values() for problem in _nothing_to_generate(document))
    if problems:
        raise GeneratorError(problems)
    strict = [document for target, document in documents.values() if target.strict]
    if any(validate.own_checks(document) for document in strict):
        raise GeneratorError([problem for document in strict for problem in validate.validate(document)])
    return documents


def _nothing_to_generate(document: Document) -> list[Problem]:
    """A document with neither operations nor component schemas: there is no package to make."""
    components = document.data.get("components")
    schemas = components.get("schemas") if isinstance(components, dict) else None
    if next(iter_operations(document.data), None) is not None or (isinstance(schemas, dict) and schemas):
        return []
    return [Problem(str(document.path), "/paths", document.line_of("/paths"),
                    "nothing to generate: the document has no operations and no component schemas",
                    "add operations under `paths`")]


def _generate(documents: dict[str, tuple[Target, Document]], outcomes: dict[str, Outcome],
              methods: dict[str, dict[str, tuple[str, str]]]) -> dict[str, dict[str, str]]:
    """The formatted packages; operations code generation had to leave out of a tolerant one
    are recorded as skipped in its outcome (and left out of its working document), and what
    each package's methods are named in `methods`."""
    rendered = {name: _render(target, doc) for name, (target, doc) in documents.items()}
    for name, result in rendered.items():
        methods[name] = result.methods
        if result.renames:  # named like repairs, strict targets too: a name changed is a warning
            current = outcomes.get(name) or Outcome(documents[name][1].data, (), ())
            outcomes[name] = current.then(Outcome(current.data, result.renames, ()))
        if result.failed:
            target, document = documents[name]
            outcomes[name] = outcomes[name].then(triage.skip_operations(outcomes[name].data, result.failed))
            documents[name] = (target, _with_data(document, outcomes[name].data))
    unformatted = {name: result.files for name, result in rendered.items()}
    return format.format_packages(unformatted, verbatim=render.runtime_files())
