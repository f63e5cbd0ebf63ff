"""The stages in order, for one or many packages: load -> validate -> ir -> models -> render.

Everything is built in memory; nothing touches the destination until every package has been
rendered and formatted, so a problem in one spec leaves all of `generated/` as it was.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator import validate
from generator.codegen import format, ir, models, render
from generator.io import provenance
from generator.manifest import Manifest, Provider
from generator.problems import GeneratorError, Problem
from generator.spec.document import Document, load
from generator.validate.background import SpecValidation


@dataclass(frozen=True)
class Target:
    """One package to generate: its inputs and how to name and configure it."""

    spec: Path
    overlay: Path | None
    options: ir.BuildOptions


def target_for(provider: Provider) -> Target:
    return Target(
        spec=provider.spec,
        overlay=provider.overlay,
        options=ir.BuildOptions(
            package=provider.package,
            api_key_env=provider.api_key_env,
            base_url_env=provider.base_url_env,
            default_base_url=provider.base_url,
            http_library=provider.http_library,
            source_file=str(provider.spec),
        ),
    )


def target_for_spec(spec: Path, package: str, overlay: Path | None = None) -> Target:
    prefix = package.upper()
    return Target(
        spec=spec,
        overlay=overlay,
        options=ir.BuildOptions(
            package=package,
            api_key_env=f"{prefix}_API_KEY",
            base_url_env=f"{prefix}_BASE_URL",
            source_file=str(spec),
        ),
    )


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
    api = ir.build(document.data, target.options)
    package_models = models.models_source(api.models_input, api.required_classes, str(target.spec))
    return render.render(api, package_models)


def build_packages(chosen: list[Target], *, allow_remote_refs: bool = False) -> dict[str, dict[str, str]]:
    """package name -> (relative path -> text), formatted, each with its PROVENANCE.json.

    openapi-spec-validator runs beside the code generation (`SpecValidation`); its
    problems, when there are any, are what the caller gets, even when the generation of an
    invalid document failed first in some other way."""
    documents = _load_all(chosen, allow_remote_refs=allow_remote_refs)
    with SpecValidation([doc for _, doc in documents.values()]) as verdict:
        try:
            formatted = _generate(documents)
        except Exception:
            problems = verdict.problems()
            if problems:
                raise GeneratorError(problems) from None
            raise
        problems = verdict.problems()
    if problems:
        raise GeneratorError(problems)
    toolkit = provenance.toolkit_fingerprint()
    for name, files in formatted.items():
        document = documents[name][1]
        inputs = provenance.inputs_record(document.sha256, document.overlay_sha256)
        files[provenance.FILENAME] = provenance.record(files, inputs, toolkit)
    return formatted


def _load_all(chosen: list[Target], *, allow_remote_refs: bool) -> dict[str, tuple[Target, Document]]:
    """Every document loaded and through our own checks; all their problems in one error (with
    openapi-spec-validator's too, then: generation would not start)."""
    problems: list[Problem] = []
    documents: dict[str, tuple[Target, Document]] = {}
    for target in chosen:
        try:
            document = load(target.spec, overlay=target.overlay, allow_remote_refs=allow_remote_refs)
        except GeneratorError as error:
            problems.extend(error.problems)
            continue
        documents[target.options.package] = (target, document)
    if problems:
        raise GeneratorError(problems)
    if any(validate.own_checks(document) for _, document in documents.values()):
        raise GeneratorError([problem for _, document in documents.values()
                              for problem in validate.validate(document)])
    return documents


def _generate(documents: dict[str, tuple[Target, Document]]) -> dict[str, dict[str, str]]:
    unformatted = {name: render_package(target, doc) for name, (target, doc) in documents.items()}
    return format.format_packages(unformatted, verbatim=render.runtime_files())
