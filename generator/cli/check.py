"""`check`: generated packages (and docs/providers.md) against what their inputs produce now.

Exit codes: 0 clean, 1 drift, 2 usage or input error.

Fast path: when every input matches a package's PROVENANCE.json record and every file matches
its recorded sha256, nothing is loaded or regenerated. This module therefore imports only the
standard library, the manifest, `io` and the light drift modules (`tree`, `report`, `compare`)
at the top; the pipeline is imported only when something must be regenerated.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from generator.cli.common import (
    DEFAULT_MANIFEST,
    DEFAULT_OUTPUT,
    add_cache_option,
    add_out_options,
    chosen_cache,
    path_argument,
    read_manifest,
    shown_path,
    usage_error,
)
from generator.cli.compare import COMPARE_DOC_HELP, compare_page
from generator.drift.check.compare import check_document
from generator.drift.check.tree import PackageReport, changed_inputs, explain, read_tree
from generator.drift.report import CHECK_FORMATS, DIFF_CAP, DISCARDS_EDITS, format_check
from generator.io import provenance
from generator.io.cache import Cache
from generator.manifest import ALL_MODELS, MODELS_CHOICES, Manifest, Provider
from generator.names.namespace import package_name_form_problem

GENERATOR = "openapi-clientgen"


def check_packages(items: Iterable[tuple[str, Provider, Path]], *, full: bool,
                   renamed: bool = False, cache: Cache | None = None) -> list[PackageReport]:
    """Compare each folder with what its provider's inputs produce; explain every difference.

    Fast path: a folder whose record matches the current inputs and settings and whose files
    match the record is clean without regenerating. Everything else is regenerated in one batch,
    under the same package name, so both ways give the same verdict. `renamed`: the folders are
    vendored copies, whose package name is the one their record holds (else the folder's name).
    `cache`: where regenerated packages and validator verdicts may come from (`--full` still
    regenerates what the cache does not hold; a cached package is what generation would make).
    """
    reports: list[PackageReport] = []
    pending: list[tuple[PackageReport, Provider, str]] = []
    for name, provider, folder in items:
        report = PackageReport(name, folder)
        recorded = provenance.read(folder) if folder.is_dir() else None
        package = _package_name(provider, folder, recorded) if renamed else provider.package
        report.changed_inputs = changed_inputs(recorded, folder, provider.spec, provider.overlay,
                                               provider.settings(package))
        report.hand_edits = provenance.hand_edited(folder, recorded) if recorded else []
        reports.append(report)
        if full or recorded is None or report.changed_inputs or report.hand_edits:
            pending.append((report, provider, package))
    if pending:
        _regenerate_and_explain(pending, cache)
    return reports


def _package_name(provider: Provider, folder: Path, recorded: provenance.Recorded | None) -> str:
    """A vendored copy's package name: as recorded, else its folder's name when that is one."""
    name = provenance.recorded_settings(recorded).get("package") if recorded is not None else None
    if _usable_package(name):
        return str(name)
    return folder.name if _usable_package(folder.name) else provider.package


def _usable_package(name: object) -> bool:
    """Whether a record's package name can name a package (an identifier, not a keyword, not
    longer than `generate --package` takes): a record is a file in the copy, which anyone may
    have written (`../../evil` became the name in the regenerated README and User-Agent).
    Spelling only (`namespace.package_name_form_problem`): which modules a name would hide
    takes reading every installed distribution, more than the fast path may."""
    return isinstance(name, str) and package_name_form_problem(name) is None


def _regenerate_and_explain(pending: list[tuple[PackageReport, Provider, str]],
                            cache: Cache | None) -> None:
    from generator import pipeline  # only when something may have drifted

    chosen = {package: pipeline.target_for(provider, package) for _, provider, package in pending}
    built = pipeline.build_packages(list(chosen.values()), cache=cache)
    for report, _, package in pending:
        explain(report, built[package], read_tree(report.folder))


def check_compare_doc(manifest: Manifest, doc: Path, *, full: bool) -> PackageReport:
    """The comparison document is generated too: report it when it no longer matches the specs."""
    operation = manifest.compare.operation if manifest.compare is not None else None
    return check_document(doc, manifest.providers, manifest.path, full=full, operation=operation)


def _check_targets(args: argparse.Namespace, manifest: Manifest | None
                   ) -> list[tuple[str, Provider, Path]]:
    if args.target or args.provider or args.spec:
        return [_vendored_target(args, manifest)]
    if args.overlay:
        raise usage_error("", "--overlay goes with --target and --spec")
    assert manifest is not None
    chosen = ([manifest.get(n) for n in args.providers] if args.providers
              else list(manifest.providers))
    return [(p.name, p, args.output / p.package) for p in chosen]


def _vendored_target(args: argparse.Namespace, manifest: Manifest | None
                     ) -> tuple[str, Provider, Path]:
    """`--target DIR` with where it came from: a manifest provider (`--provider`) or a document
    (`--spec`, `--overlay`), as `generate` was given it."""
    if not args.target:
        given = "--spec" if args.spec else "--provider"
        raise usage_error("", f"{given} goes with --target DIR: the folder of the vendored "
                              "package to check", "openapi-clientgen check --target DIR "
                              f"{given} {'FILE' if args.spec else 'NAME'}; with neither, check "
                              "looks at the manifest's providers in generated/")
    if bool(args.provider) == bool(args.spec):
        raise usage_error("", "--target goes with one of --provider NAME or --spec FILE",
                          "openapi-clientgen check --target DIR --provider NAME (or --spec FILE)")
    if args.providers:
        raise usage_error("", "give either provider names or --target, not both")
    if not args.target.is_dir():
        raise usage_error(str(args.target), "not a folder")
    if args.overlay and not args.spec:
        raise usage_error("", "--overlay goes with --spec "
                              "(a provider's overlay is in the manifest)")
    if args.spec:
        provider = Provider.standalone(args.spec, recorded_package(args.target), args.overlay,
                                       _recorded_models(args.target))
        return (str(args.spec), provider, args.target)
    assert manifest is not None
    provider = manifest.get(args.provider)
    return (provider.name, provider, args.target)


def cmd_check(args: argparse.Namespace) -> int:
    """Compare generated packages (and docs/providers.md) with what their inputs produce; exit 1
    on drift."""
    _read_out_as_generate_does(args)
    # `--target` alone is a usage error of its own: no manifest needed to say so.
    standalone = args.spec or (args.target and not args.provider)
    manifest = None if standalone else read_manifest(args.manifest)
    reports = check_packages(_check_targets(args, manifest), full=args.full,
                             renamed=bool(args.target), cache=chosen_cache(args))
    if manifest is not None and not args.target and not args.providers:
        doc = compare_page(manifest, args.compare_doc)
        if doc is not None:
            reports.append(check_compare_doc(manifest, doc, full=args.full))
    hint = _advise(args, manifest, reports)
    sys.stdout.write(format_check(reports, args.format, verbose=args.verbose))
    drifted = any(report.files for report in reports)
    if drifted and args.format == "text":
        print(f"drift found: {hint}", file=sys.stderr)
    return 1 if drifted else 0


def _advise(args: argparse.Namespace, manifest: Manifest | None,
            reports: list[PackageReport]) -> str:
    """Set each report's command that remakes it, and return what to do about the drift.
    `generate` refuses to replace a package holding hand edits without `--force`: where check
    found some, the command passes it, and the advice says what it discards."""
    remedy, forced = _remedy(args, manifest), _remedy(args, manifest, force=True)
    for report in reports:
        report.remedy = forced if report.hand_edits else remedy
    if args.spec and not args.overlay and _made_with_overlay(args.target):
        # the command without it would make another API (its methods named, its arguments
        # renamed by the overlay): say what to add, not a command that changes the client
        for report in reports:
            report.remedy = ""
        return (f"{args.target} was generated with an overlay: check it with --overlay FILE, "
                "and regenerate with the same")
    if any(report.hand_edits for report in reports if report.files):
        return _drift_hint(args, forced, f" ({DISCARDS_EDITS})")
    return _drift_hint(args, remedy)


def _made_with_overlay(folder: Path) -> bool:
    """Whether a copy's record says an overlay went into it."""
    recorded = provenance.read(folder)
    return recorded is not None and "overlay_sha256" in recorded.inputs


def _read_out_as_generate_does(args: argparse.Namespace) -> None:
    """`--out DIR` names what `generate`'s `--out DIR` wrote: with one provider named, the
    package itself (which `generate PROVIDER --out DIR` names after DIR), so it is checked as
    `--target DIR --provider NAME` is; with none or several, the folder holding them."""
    if args.out is None:
        return
    if args.target or args.provider or args.spec:
        raise usage_error("", "give either --out or --target (with --provider or --spec), "
                              "not both: each names the package to check")
    if len(args.providers) == 1:
        args.target, args.provider, args.providers = args.out, args.providers[0], []
    else:
        args.output = args.out


def _drift_hint(args: argparse.Namespace, remedy: str, note: str = "") -> str:
    """What to do, the command last on the line (pasted into a shell as it is), `note` before
    it."""
    if args.spec:
        return (f"replace {args.target} with a package freshly generated from {args.spec}"
                f"{note}: {remedy}")
    if args.target:
        return (f"replace {args.target} with a freshly generated {args.provider} package{note}: "
                f"{remedy}")
    return (f"run `{remedy}` to regenerate{note} "
            "(and move hand edits into the spec, overlay or templates)")


def _remedy(args: argparse.Namespace, manifest: Manifest | None, *, force: bool = False) -> str:
    """The command that remakes what `check` compared, as it works where it runs: `make
    generate` in a repository whose Makefile has that target over the default manifest and
    generated/, else the generator's own command with the arguments this check was given;
    `force`: the generator's command with `--force`, which replaces a package holding hand
    edits (`make generate` passes no such option)."""
    # each argument quoted for a POSIX shell: a path with a space (`my dir/pkg`) or a package
    # name read from a copy's record (`x; curl ... | sh`) is one argument when pasted
    forced = " --force" if force else ""
    tool = generator_command()
    if args.spec:
        overlay = f" --overlay {_q(args.overlay)}" if args.overlay else ""
        return (f"{tool} generate --spec {_q(args.spec)}{overlay} --out {_q(args.target)} "
                f"--package {_q(recorded_package(args.target))}{forced}")
    if args.target:
        return (f"{tool} generate {_q(args.provider)}{_manifest_option(args)} --out "
                f"{_q(args.target)} --package {_q(recorded_package(args.target))}{forced}")
    if not force and _make_generates(args):
        return "make generate"
    names = "".join(f" {_q(name)}" for name in args.providers)
    out = "" if args.output == DEFAULT_OUTPUT else f" --out {_q(_generate_out(args, manifest))}"
    command = f"{tool} generate{names}{_manifest_option(args)}{out}{forced}"
    doc = compare_page(manifest, args.compare_doc) if manifest is not None else None
    if doc is not None and not args.providers:
        command += f" && {tool} compare{_manifest_option(args)} --out {_q(shown_path(doc))}"
    return command


def generator_command() -> str:
    """The generator's command as it was run: `python -m generator` spelt with this
    interpreter (in this repository `.venv/bin/python -m generator`: no `openapi-clientgen`
    script is installed there, and a command pasted from the advice said "not found"), else
    the installed `openapi-clientgen` script."""
    if sys.argv and Path(sys.argv[0]).parts[-2:] == ("generator", "__main__.py"):  # not pytest's
        python = Path(sys.executable)
        try:
            shown = python.relative_to(Path.cwd())  # (`.venv/bin/python`, not its whole path)
        except ValueError:
            shown = python
        return f"{_q(shown)} -m generator"
    return GENERATOR


def _q(argument: object) -> str:
    return shlex.quote(str(argument))


def _generate_out(args: argparse.Namespace, manifest: Manifest | None) -> Path:
    """What `generate` takes as `--out` for the packages under `--output`: their root, but for
    one provider named the package's own folder (it would write one package into the root)."""
    if len(args.providers) == 1 and manifest is not None:
        return Path(args.output) / manifest.get(args.providers[0]).package
    return Path(args.output)


def _manifest_option(args: argparse.Namespace) -> str:
    return "" if args.manifest == DEFAULT_MANIFEST else f" --manifest {_q(args.manifest)}"


def _make_generates(args: argparse.Namespace) -> bool:
    """Whether `make generate` remakes exactly this: the default manifest and output, in a
    repository whose Makefile has a `generate` target."""
    if args.manifest != DEFAULT_MANIFEST or args.output != DEFAULT_OUTPUT or args.compare_doc:
        return False
    makefile = DEFAULT_MANIFEST.resolve().parent.parent / "Makefile"
    try:
        text = makefile.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    targets = any(line.startswith("generate:") for line in text.splitlines())
    return targets and ("generator generate" in text or f"{GENERATOR} generate" in text)


def recorded_package(folder: Path) -> str:
    """The package name a copy's record holds (the folder's name when it has none)."""
    recorded = provenance.read(folder)
    settings = provenance.recorded_settings(recorded) if recorded is not None else {}
    name = settings.get("package")
    return name if name is not None and _usable_package(name) else folder.name


def _recorded_models(folder: Path) -> str:
    """Which models a copy generated with `--spec` was made with (`generate --models`), as its
    record says (every one, where it says nothing)."""
    recorded = provenance.read(folder)
    models = provenance.recorded_settings(recorded).get("models") if recorded is not None else None
    return models if models in MODELS_CHOICES else ALL_MODELS


def register(commands: Any, add_common: Callable[[argparse.ArgumentParser], None]) -> None:
    """Add the `check` subcommand to `commands` (the CLI's subparsers): its arguments and
    its handler; each command module registers itself, so main.py only lists them."""
    check_cmd = commands.add_parser("check", help=cmd_check.__doc__)
    check_cmd.add_argument("providers", nargs="*",
                           help="provider names (default: all, and the comparison document)")
    add_out_options(check_cmd, "what `generate --out DIR` wrote: with one provider named, that "
                               "package's folder (as --target DIR --provider NAME); else the "
                               "folder holding one folder per package")
    check_cmd.add_argument("--target", type=path_argument,
                           help="a vendored copy of one package (any name)")
    check_cmd.add_argument("--provider", help="which provider --target was generated from")
    check_cmd.add_argument("--spec", type=path_argument,
                           help="the document --target was generated from (generate --spec), "
                                "instead of --provider")
    check_cmd.add_argument("--overlay", type=path_argument,
                           help="the Overlay document --target was generated with (with --spec)")
    check_cmd.add_argument("--full", action="store_true",
                           help="always regenerate; skip the provenance fast path")
    check_cmd.add_argument("--format", choices=sorted(CHECK_FORMATS), default="text",
                           help="report format (default: text)")
    check_cmd.add_argument("--verbose", action="store_true",
                           help=f"print every diff line "
                                f"(text: the first {DIFF_CAP} after the summary)")
    check_cmd.add_argument("--compare-doc", type=path_argument, help=COMPARE_DOC_HELP)
    add_common(check_cmd)
    add_cache_option(check_cmd)
    check_cmd.set_defaults(run=cmd_check)
