"""Command line: `python -m generator validate|generate|check|diff|compare|update ...`.

Exit codes: 0 success, 1 problems found (invalid spec, drift, breaking changes), 2 usage or
input errors. Problems print as `file:line: pointer: message (hint)`; tracebacks only with
`--debug`.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.cli.common import (
    DEFAULT_MANIFEST,
    DEFAULT_OUTPUT,
    ROOT,
    SPEC_SUFFIXES,
    add_cache_option,
    chosen_cache,
    path_argument,
    print_problems,
    read_manifest,
    refuse_inputs_inside,
    shown_path,
    usage_error,
)
from generator.io import progress
from generator.io.memory import return_large_blocks_at_once
from generator.io.write import written_so_far
from generator.manifest import ALL_MODELS, MODELS_CHOICES, Provider
from generator.problems import INTERRUPTED, NOTE, RENAME, REPAIR, GeneratorError, Problem, Repaired

if TYPE_CHECKING:
    from generator import pipeline
    from generator.document.loading import Document


def _add_common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--manifest", type=path_argument, default=DEFAULT_MANIFEST,
                        help="providers manifest (default: specs/providers.yaml)")
    parser.add_argument("--debug", action="store_true", help="show tracebacks")
    parser.add_argument(
        "--allow-remote-refs", action="store_true", help="let $refs fetch http(s) URLs"
    )


def cmd_validate(args: argparse.Namespace) -> int:
    """Validate provider specs (by name) or spec files (by path); print every problem."""
    from generator import pipeline
    from generator.document.loading import load, only_unreadable_inputs
    from generator.validate import validate

    manifest = None
    cache = chosen_cache(args)
    problems: list[Problem] = []
    verdicts: dict[Problem, str] = {}
    for item in args.targets or [p.name for p in read_manifest(args.manifest).providers]:
        if _looks_like_path(item):
            target = pipeline.target_for_spec(Path(item), "package", None)
        else:
            manifest = manifest or read_manifest(args.manifest)
            target = pipeline.target_for(manifest.get(item))
        try:
            document = load(target.spec, overlay=target.overlay,
                            allow_remote_refs=args.allow_remote_refs)
        except GeneratorError as error:
            problems.extend(error.problems)
            continue
        found = validate(document, cache)  # includes the overlay's problems
        left_out = _left_out_by_code_generation(document, found, target)
        problems.extend([*found, *left_out])
        if not found and not left_out:
            print(f"{target.spec}: valid")
        else:
            verdicts.update(_what_generate_does(document.data, found, strict=target.strict))
            verdicts.update(dict.fromkeys(left_out, "generate stops: strict" if target.strict
                                          else "generate skips this operation"))
    print_problems(problems, verdicts)
    if only_unreadable_inputs(problems):
        return 2  # nothing could be read: an input error, as for every other command
    return 1 if problems else 0


def _what_generate_does(data: dict[str, object], problems: list[Problem], *,
                        strict: bool) -> dict[Problem, str]:
    """Each problem's note: what `generate` would do about it."""
    from generator.tolerate.triage import triage

    if strict:
        return {problem: "generate stops: strict"
                for problem in problems if problem.severity != "warning"}
    notes = {}
    for decision in triage(data, problems):
        if decision.category == "repairable":
            notes[decision.problem] = f"generate repairs: {decision.action}"
        elif decision.category == "operation":
            notes[decision.problem] = f"generate {decision.action}"
        else:
            notes[decision.problem] = "generate stops"
    return notes


def _left_out_by_code_generation(document: Document, problems: list[Problem],
                                 target: pipeline.Target) -> list[Problem]:
    """The operations `generate` would leave out although no check of the document found a
    problem in them (a header parameter no HTTP request can carry, a credential no request can
    send...): the intermediate model built as `generate` builds it, on the document as it
    repairs it. Nothing when the problems stop `generate` anyway."""
    from generator import ir, tolerate

    try:
        outcome = tolerate.settle(document, tolerate.Outcome.untouched(document.data), problems)
        api = ir.build(outcome.data, target.options, tolerate=True)  # (strict: said so)
    except GeneratorError:
        return []  # a refusal the problems found already say
    skipped = {skip.pointer for skip in outcome.skipped}
    return [Problem(str(document.path), pointer, document.line_of(pointer), why,
                    "fix it in the spec or an overlay")
            for pointer, why in api.failed if pointer not in skipped]


def _looks_like_path(item: str) -> bool:
    """A spec file (checked by `load`, which says if it is missing) rather than a provider name."""
    path = Path(item)
    spelt_as_path = path.suffix.lower() in SPEC_SUFFIXES or "/" in item or "\\" in item
    return path.exists() or spelt_as_path


def cmd_generate(args: argparse.Namespace) -> int:
    """Generate provider packages into generated/ (or --out), or one package from --spec; on
    a terminal, a long run names its stages as it goes (`io/progress`)."""
    if args.output is not None:
        print("warning: --output is deprecated; use --out", file=sys.stderr)
    progress.start(sys.stderr)
    try:
        return _generate_and_write(args)
    finally:
        progress.stop()


def _generate_and_write(args: argparse.Namespace) -> int:
    from generator.io.write import write_many
    from generator.models.run import dcg_worker  # the models stage: the worker inherits it

    with dcg_worker(_dcg_worker_pays(args), import_shared=chosen_cache(args) is None):
        from generator import pipeline  # imported while the worker makes dcg ready

        chosen, folders = _generate_targets(args)
        for folder in folders.values():
            _refuse_a_file_in_the_way(folder)
        _refuse_inputs_inside(chosen, folders)
        generation = pipeline.generate_packages(chosen, allow_remote_refs=args.allow_remote_refs,
                                                cache=chosen_cache(args))
        _refuse_referenced_inside(chosen, folders, generation.packages)
    here = os.getcwd()
    earlier = len(written_so_far())
    if args.force:
        _say_what_force_discards(folders.values())
    progress.stage("writing the packages")
    write_many({folders[name]: generation.packages[name] for name in sorted(folders)},
               force=args.force)
    _report_coverage(generation, dict(sorted(folders.items())))
    _report_models_left_out(generation, folders)
    _note_replaced_current_folder(here, written_so_far()[earlier:])
    return 0


def _say_what_force_discards(folders: Iterable[Path]) -> None:
    """A line per folder `--force` replaces holding files a user made or edited: they go
    (`--force` said so only in `--help`; a `.env` beside the package went silently)."""
    from generator.io.write import discarded_by_force, shown_files

    for folder in folders:
        discarded = discarded_by_force(Path(os.path.abspath(folder)))
        if discarded:
            print(f"{folder}: --force discards {len(discarded)} file(s) this generator did not "
                  f"write as they are: {shown_files(discarded)}", file=sys.stderr)


def _report_models_left_out(generation: pipeline.Generation, folders: dict[str, Path]) -> None:
    """A line per package `models: used` left without a model of some schemas, and where they
    are named (many on a large document: the package's README lists every one)."""
    from generator.render.package_docs import UNUSED_HEADING

    for name, folder in sorted(folders.items()):
        if UNUSED_HEADING in generation.packages[name].get("README.md", ""):
            print(f"{folder}: models: used: the component schemas no operation uses have no "
                  f"model ({folder / 'README.md'} names them)", file=sys.stderr)


def _dcg_worker_pays(args: argparse.Namespace) -> bool:
    """Whether `generate` should run dcg in a worker made ready beside it: when the inputs are
    small (`small_enough_for_worker`). With a cache too: a first run (dcg runs) is ~10% faster
    with it, and when the package or dcg's output is found there the worker is stopped unasked,
    having cost the other core its start."""
    from generator.models.run import small_enough_for_worker

    inputs = _input_files(args)
    return inputs is not None and small_enough_for_worker(inputs)


def _input_files(args: argparse.Namespace) -> list[Path] | None:
    """The spec and overlay files `generate` reads; None when the command line or the manifest
    is wrong (`_generate_targets` then says why)."""
    if args.spec:
        return [args.spec, *([args.overlay] if args.overlay else [])]
    try:
        providers = _chosen_providers(args)
    except GeneratorError:
        return None
    return [path for provider in providers for path in (provider.spec, provider.overlay)
            if path is not None]


def _outside_the_checkout(manifest: Path) -> bool:
    """Whether the command reads this checkout's own manifest (`DEFAULT_MANIFEST`, not one
    the user named) from a folder outside the checkout: a project of the user's own."""
    return manifest == DEFAULT_MANIFEST and not Path.cwd().resolve().is_relative_to(
        ROOT.resolve())


def _say_every_provider(manifest: Path, providers: list[Provider], out: Path) -> None:
    """`generate --out DIR` run outside the checkout, with neither `--spec` nor a provider:
    every provider of the checkout's manifest is generated under DIR. Said, because a user who
    meant their own document (and forgot `--spec`) would otherwise find the manifest's
    packages where theirs should be."""
    names = ", ".join(provider.name for provider in providers)
    print(f"{shown_path(manifest)}: no --spec and no provider named: generating every provider "
          f"of the manifest ({names}) under {shown_path(out)} (for a document of your own: "
          "--spec FILE --out DIR)", file=sys.stderr)


def _chosen_providers(args: argparse.Namespace) -> list[Provider]:
    """The providers `generate` is asked for (all of the manifest's, when none is named)."""
    for name in args.providers:
        if Path(name).suffix.lower() in SPEC_SUFFIXES:  # `generate openapi.yaml`
            raise usage_error(name, "generate takes provider names of the manifest, not a "
                                    "document", f"to generate from it: --spec {name} --out DIR")
    manifest = read_manifest(args.manifest)
    return ([manifest.get(name) for name in args.providers] if args.providers
            else list(manifest.providers))


def _note_replaced_current_folder(here: str, written: list[Path]) -> None:
    """Say so when a package replaced the folder the command ran in (`--out .`): the swap puts
    a new folder at that path, and a shell still in the old one lists nothing (and a command
    run from it again cannot tell where it is) until it enters the path again."""
    for folder in written:
        if here == str(folder) or here.startswith(str(folder) + os.sep):
            print(f"note: {folder} replaced the folder this command ran in; a shell in it sees "
                  'the old, removed one: run `cd "$PWD"` to see the package', file=sys.stderr)
            return


def _current_folder_problem() -> Problem | None:
    """The folder the command runs in may be gone (removed, or replaced by a `generate --out .`
    run from it): every relative path would then fail, after all the work, as an internal
    error. Said first, with what to do."""
    try:
        os.getcwd()
    except FileNotFoundError:
        return Problem(os.environ.get("PWD", "."), "", None,
                       "the folder this command runs in no longer exists (removed, "
                       "or replaced: `generate --out .` replaces the folder it is given)",
                       'enter it again (`cd "$PWD"`) and run the command again')
    return None


def _generate_targets(args: argparse.Namespace) -> tuple[list[pipeline.Target], dict[str, Path]]:
    """What to generate and where: package name -> folder.

    One package (`--spec`, or one provider named) is written to `--out` itself, named by
    `--package` or else by `--out`'s last part; several are written under `--out` (default
    generated/), one folder per package."""
    from generator import pipeline

    if args.spec:
        if args.providers:
            raise usage_error("", "give either provider names or --spec, not both")
        if not args.out:
            raise usage_error("", "generate --spec needs --out DIR",
                              "the folder the package is written to")
        package = _package_name(args.out, args.package)
        return ([pipeline.target_for_spec(args.spec, package, args.overlay, strict=args.strict,
                                          models=args.models or ALL_MODELS)],
                {package: args.out})
    if args.overlay:
        raise usage_error("", "--overlay goes with --spec "
                              "(a provider's overlay is in the manifest)")
    if args.models is not None:  # `check` and `update` remake a provider's package as the
        # manifest says: a choice made here alone would read as drift at the next `check`
        raise usage_error("", "--models goes with --spec; a provider's is its manifest entry's "
                              "`models:`", "set `models: used` in the provider's entry")
    providers = _chosen_providers(args)
    one_folder = args.out is not None and len(args.providers) == 1
    if args.package is not None and not one_folder:
        raise usage_error("", "--package names one package: give one provider and --out DIR")
    if args.out is not None and not args.providers and _outside_the_checkout(args.manifest):
        _say_every_provider(args.manifest, providers, args.out)
    if one_folder:
        package = _package_name(args.out, args.package)
        chosen = [pipeline.target_for(providers[0], package)]
        folders = {package: args.out}
    else:
        root = args.out or args.output or DEFAULT_OUTPUT
        chosen = [pipeline.target_for(provider) for provider in providers]
        folders = {target.options.package: root / target.options.package for target in chosen}
    if args.strict:
        chosen = [dataclasses.replace(target, strict=True) for target in chosen]
    return chosen, folders


def _not_a_folder(folder: Path) -> tuple[str, str]:
    """Why `folder` cannot be replaced by the package, and what to do: a link is replaced, not
    written through."""
    if folder.is_symlink():
        return (("is a symbolic link: the package would replace the link, not fill the folder "
                "it points to"), "name the folder it points to, or a new folder")
    return "exists and is not a folder", "choose a new folder for the package"


def _refuse_a_file_in_the_way(folder: Path) -> None:
    """A usage error (exit 2) when `folder` is an existing file (or link), or lies under one: it
    is the command line that named it. Said before anything is generated, in the words the
    writer would use (io/write.py still refuses, should the file appear meanwhile)."""
    if os.path.lexists(folder) and (folder.is_symlink() or not folder.is_dir()):
        raise usage_error(str(folder), *_not_a_folder(folder))
    blocking = next((parent for parent in folder.parents if os.path.lexists(parent)), None)
    if blocking is not None and not blocking.is_dir():
        raise usage_error(str(folder), f"cannot write the package here: {blocking} is a file, "
                                       "not a folder", "choose a folder you can write to")


def _refuse_inputs_inside(chosen: list[pipeline.Target], folders: dict[str, Path]) -> None:
    """A usage error (exit 2) when a package's folder holds a spec or overlay this command
    reads: replacing the folder, which `--force` allows for files a user added, would delete
    the document the package is made from. Said before anything is generated."""
    inputs = [path for target in chosen for path in (target.spec, target.overlay) if path]
    refuse_inputs_inside(inputs, folders.values())


def _refuse_referenced_inside(chosen: list[pipeline.Target], folders: dict[str, Path],
                              packages: dict[str, dict[str, str]]) -> None:
    """As `_refuse_inputs_inside`, for the files the specs' `$ref`s bundled in: known once the
    documents are loaded (each package's record names them), still before anything is
    written. `--out sub` beside `spec.yaml` with `--force` deleted the `sub/models.yaml` it
    `$ref`s."""
    from generator.io.provenance import referenced_inputs

    bundled = [path for target in chosen if target.options.package in packages
               for path in referenced_inputs(target.spec, packages[target.options.package])]
    refuse_inputs_inside(bundled, folders.values(), bundled=True)


def _package_name(out: Path, package: str | None) -> str:
    """`--package`, else the last part of `--out` (made absolute: `--out .` is named by the
    folder the shell stands in, `--out ..` by its parent); a usage error saying what to pass
    when that is not a Python package name."""
    from generator.names.identifiers import snake_case
    from generator.names.namespace import package_name_problem

    folder_name = Path(os.path.abspath(out)).name
    name = folder_name if package is None else package  # `--package ""` is refused, not unset
    refused = package_name_problem(name)
    if refused is None:
        return name
    if package is not None:
        raise usage_error("", f"--package: {refused}", "pass --package NAME with another name")
    suggestion = re.sub(r"\W", "_", folder_name).strip("_") or "client"
    if package_name_problem(suggestion) is not None:
        # cut: a folder name too long to be a package name must not be suggested back
        suggestion = f"{snake_case(suggestion)[:40].rstrip('_') or 'api'}_client"
    raise usage_error(str(out), f"--out's folder name names the package, and {refused}",
                      f"pass --package NAME, e.g. --package {suggestion}")


_VERBS = {REPAIR: "repaired", RENAME: "renamed", NOTE: "noted"}  # (`Repaired.kind`)


# Lines of one wording shown (Kubernetes: 1,193 answers read as JSON only, each its own line,
# burying its 505 renames); the rest are counted, and COVERAGE.md lists them all.
_SHOWN_ALIKE = 3


def _grouped_alike(repairs: Sequence[Repaired]) -> dict[tuple[str, str, str], list[Repaired]]:
    """The repairs by wording, in the order each wording first comes: its summary line follows
    its own shown lines (one list printed in the document's order put `... and 2 more` between
    lines of other wordings, which the reader took it to count)."""
    groups: dict[tuple[str, str, str], list[Repaired]] = {}
    for repair in repairs:
        groups.setdefault((repair.kind, repair.problem, repair.action), []).append(repair)
    return groups


def _report_coverage(generation: pipeline.Generation, folders: dict[str, Path]) -> None:
    """One line per repair and per skipped operation (stderr), then each package's summary."""
    from generator.output import coverage  # loaded by the generation already

    for name, folder in folders.items():
        outcome = generation.outcomes.get(name)
        repairs = outcome.repairs if outcome is not None else ()
        skipped = outcome.skipped if outcome is not None else ()
        for wording, group in _grouped_alike(repairs).items():
            verb = _VERBS[wording[0]]
            for repair in group[:_SHOWN_ALIKE]:
                repaired = f"{verb}: {repair.problem} -> {repair.action}"
                print(Problem(repair.file, repair.pointer, repair.line, repaired,
                              origin=repair.origin).format(), file=sys.stderr)
            if len(group) > _SHOWN_ALIKE:
                print(f"{group[0].file}: ... and {len(group) - _SHOWN_ALIKE} more {verb} alike "
                      f"(listed in {folder / coverage.NOTE_FILENAME})", file=sys.stderr)
        for skip in skipped:
            file, line = generation.place_of(name, skip.pointer)
            message = f"skipped {skip.label}: {'; '.join(skip.reasons)}"
            print(Problem(file, skip.pointer, line, message).format(), file=sys.stderr)
        if generation.operations(name) == 0:
            print(f"{generation.spec_file(name)}: no operations under `paths`: the package has the "
                  "models and a client without methods", file=sys.stderr)
        if repairs or skipped:
            counts = Counter(repair.kind for repair in repairs)
            others = "".join(f", {counts[kind]} {_VERBS[kind]}" for kind in (RENAME, NOTE)
                             if counts[kind])
            print(f"wrote {folder}: {generation.generated(name)} of "
                  f"{generation.operations(name)} operations "
                  f"generated, {len(skipped)} skipped, {counts[REPAIR]} repaired{others} "
                  f"(listed in {folder / coverage.NOTE_FILENAME})")
        else:
            print(f"wrote {folder}: {generation.generated(name)} of "
                  f"{generation.operations(name)} operations generated")


class _WholeOptionsParser(argparse.ArgumentParser):
    """Options spelt whole, in every subcommand too (its parsers are of this class): argparse
    otherwise takes `--f` for `--force`, which replaces a folder of the user's files."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)


def _parser() -> argparse.ArgumentParser:
    from generator import __version__

    parser = _WholeOptionsParser(
        prog="openapi-clientgen", description=DESCRIPTION, epilog=EXIT_CODES)
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    validate_cmd = commands.add_parser("validate", help=cmd_validate.__doc__)
    validate_cmd.add_argument("targets", nargs="*",
                              help="provider names or spec paths (default: all)")
    _add_common(validate_cmd)
    add_cache_option(validate_cmd)
    validate_cmd.set_defaults(run=cmd_validate)

    generate_cmd = commands.add_parser("generate", help=cmd_generate.__doc__)
    generate_cmd.add_argument("providers", nargs="*", help="provider names (default: all)")
    generate_cmd.add_argument("--spec", type=path_argument,
                              help="any OpenAPI 3.0/3.1 document, instead of a provider")
    generate_cmd.add_argument("--overlay", type=path_argument,
                              help="an Overlay 1.0 document for --spec")
    generate_cmd.add_argument(
        "--out", type=path_argument,
        help="where to write: the package folder for --spec or one provider; else the folder "
             "holding one folder per package (default: generated/)")
    generate_cmd.add_argument(
        "--package", help="package name for --spec or one provider (default: --out's last part)")
    generate_cmd.add_argument("--output", type=path_argument, help="deprecated: use --out")
    generate_cmd.add_argument(
        "--force", action="store_true",
        help="replace an --out folder even when it holds files that are not the generated "
             "package's, or hand edits to its files")
    generate_cmd.add_argument(
        "--models", choices=MODELS_CHOICES,
        help="all: a model for every component schema; used: only for the schemas the "
             "operations use (webhook payloads and schemas nothing names get none; the "
             "package's README lists them). With --spec; a provider's is its manifest entry's "
             "`models:` (default all)")
    generate_cmd.add_argument(
        "--strict", action="store_true",
        help="any problem in a spec stops generation (default: repair what can be, skip operations "
             "that cannot be generated, and name each)")
    _add_common(generate_cmd)
    add_cache_option(generate_cmd)
    generate_cmd.set_defaults(run=cmd_generate)

    from generator.cli import check, compare, diff, update  # the drift commands

    for command in (check, diff, compare, update):
        command.register(commands, _add_common)
    return parser


# What `--help` tells someone who installed the command (not how the module is run).
DESCRIPTION = ("Typed Python clients (pydantic v2 models, sync and async httpx clients) from "
               "OpenAPI 3.0/3.1 documents; `check` keeps vendored copies in step with them.")
EXIT_CODES = ("exit codes: 0 success, 1 problems found (invalid spec, drift, breaking changes), "
              "2 usage or input errors. A document that cannot be parsed gives 1 from validate "
              "and generate (a problem found), 2 from check, diff, update and compare (nothing "
              "to compare). `python -m generator` is the same command.")


def error_exit_code(args: argparse.Namespace, error: GeneratorError) -> int:
    """1 for an invalid spec from `validate`/`generate`; 2 for usage and input errors (a spec
    or overlay that cannot be read at all, every command alike), and for anything that stops
    `check`/`diff`/`update` (whose 1 means drift or breaking changes)."""
    from generator.document.loading import only_unreadable_inputs  # loaded by the command already

    if (getattr(error, "usage", False) or only_unreadable_inputs(error.problems)
            or args.command in ("check", "diff", "update", "compare")):
        return 2
    return 1


def _interrupted_message(written: list[Path]) -> str:
    """Ctrl-C before the swaps writes nothing; after them (the swaps themselves ignore it) every
    package was written, and the message must not claim otherwise."""
    if not written:
        return INTERRUPTED
    return "interrupted after writing: " + ", ".join(str(path) for path in written)


def main(argv: Sequence[str] | None = None) -> int:
    """The `openapi-clientgen` command: run the subcommand `argv` names; its exit code (problems
    printed as file:line: messages, 2 for a usage error, 1 for a failure or drift)."""
    try:
        args = _parser().parse_args(argv)
        return_large_blocks_at_once()  # a document's bytes and text leave when they are freed
        gone = _current_folder_problem()
    except KeyboardInterrupt:
        print(INTERRUPTED, file=sys.stderr)
        return 130
    run: Callable[[argparse.Namespace], int] = args.run
    if gone is not None:
        print_problems([gone])
        return 2
    earlier = len(written_so_far())  # a caller may run several commands in one process
    try:
        return run(args)
    except GeneratorError as error:
        if args.debug:
            raise
        print_problems(error.problems)
        return error_exit_code(args, error)
    except KeyboardInterrupt:
        print(_interrupted_message(written_so_far()[earlier:]), file=sys.stderr)
        return 130
    except Exception as error:  # an unexpected failure still gets a one-line message
        if args.debug:
            raise
        print(f"internal error: {type(error).__name__}: {error} (run with --debug for a traceback)",
              file=sys.stderr)
        return 2
