"""Command line: `python -m generator validate|generate|check|diff|compare|update ...`.

Exit codes: 0 success, 1 problems found (invalid spec, drift, breaking changes), 2 usage or
input errors. Problems print as `file:line: pointer: message (hint)`; tracebacks only with
`--debug`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from generator.cli.common import DEFAULT_MANIFEST, DEFAULT_OUTPUT, print_problems
from generator.manifest import load_manifest
from generator.problems import GeneratorError


def _add_common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--manifest", type=Path, default=DEFAULT_MANIFEST, help="providers manifest")
    parser.add_argument("--debug", action="store_true", help="show tracebacks")
    parser.add_argument(
        "--allow-remote-refs", action="store_true", help="let $refs fetch http(s) URLs"
    )


def cmd_validate(args: argparse.Namespace) -> int:
    """Validate provider specs (by name) or spec files (by path); print every problem."""
    from generator import pipeline
    from generator.spec.document import load
    from generator.validate import validate

    manifest = None
    problems = []
    for item in args.targets or [p.name for p in load_manifest(args.manifest).providers]:
        if _looks_like_path(item):
            target = pipeline.target_for_spec(Path(item), "package", None)
        else:
            manifest = manifest or load_manifest(args.manifest)
            target = pipeline.target_for(manifest.get(item))
        try:
            document = load(target.spec, overlay=target.overlay, allow_remote_refs=args.allow_remote_refs)
        except GeneratorError as error:
            problems.extend(error.problems)
            continue
        found = validate(document)  # includes the overlay's problems
        problems.extend(found)
        if not found:
            print(f"{target.spec}: valid")
    print_problems(problems)
    return 1 if problems else 0


def _looks_like_path(item: str) -> bool:
    """A spec file (checked by `load`, which says if it is missing) rather than a provider name."""
    path = Path(item)
    return path.exists() or path.suffix.lower() in (".yaml", ".yml", ".json") or "/" in item or "\\" in item


def cmd_generate(args: argparse.Namespace) -> int:
    """Generate provider packages into generated/, or one package from --spec into --out."""
    from generator import pipeline
    from generator.io.write import write_many

    if args.spec:
        if not args.out:
            print("generate --spec needs --out DIR", file=sys.stderr)
            return 2
        package = args.package or args.out.name
        if not package.isidentifier():
            print(f"--package: {package!r} is not a Python package name", file=sys.stderr)
            return 2
        chosen = [pipeline.target_for_spec(args.spec, package, args.overlay)]
        packages = pipeline.build_packages(chosen, allow_remote_refs=args.allow_remote_refs)
        write_many({args.out: packages[package]})
        print(f"wrote {args.out}")
        return 0
    manifest = load_manifest(args.manifest)
    chosen = pipeline.targets(manifest, args.providers)
    packages = pipeline.build_packages(chosen, allow_remote_refs=args.allow_remote_refs)
    write_many({args.output / name: files for name, files in sorted(packages.items())})
    for name in sorted(packages):
        print(f"wrote {args.output / name}")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m generator", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)

    validate_cmd = commands.add_parser("validate", help=cmd_validate.__doc__)
    validate_cmd.add_argument("targets", nargs="*", help="provider names or spec paths (default: all)")
    _add_common(validate_cmd)
    validate_cmd.set_defaults(run=cmd_validate)

    generate_cmd = commands.add_parser("generate", help=cmd_generate.__doc__)
    generate_cmd.add_argument("providers", nargs="*", help="provider names (default: all)")
    generate_cmd.add_argument("--spec", type=Path, help="any OpenAPI 3.0/3.1 document")
    generate_cmd.add_argument("--overlay", type=Path, help="an Overlay 1.0 document for --spec")
    generate_cmd.add_argument("--out", type=Path, help="package folder to write (with --spec)")
    generate_cmd.add_argument("--package", help="package name (with --spec; default: --out's name)")
    generate_cmd.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="root for provider packages")
    _add_common(generate_cmd)
    generate_cmd.set_defaults(run=cmd_generate)

    from generator.cli import check, compare, diff, update  # the drift commands

    for command in (check, diff, compare, update):
        command.register(commands, _add_common)
    return parser


def error_exit_code(args: argparse.Namespace, error: GeneratorError) -> int:
    """1 for an invalid spec from `validate`/`generate`; 2 for usage and input errors, and for
    anything that stops `check`/`diff`/`update` (whose 1 means drift or breaking changes)."""
    if getattr(error, "usage", False) or args.command in ("check", "diff", "update", "compare"):
        return 2
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        return run(args)
    except GeneratorError as error:
        if args.debug:
            raise
        print_problems(error.problems)
        return error_exit_code(args, error)
    except KeyboardInterrupt:
        print("interrupted; nothing was written", file=sys.stderr)
        return 130
    except Exception as error:  # an unexpected failure still gets a one-line message
        if args.debug:
            raise
        print(f"internal error: {type(error).__name__}: {error} (run with --debug for a traceback)",
              file=sys.stderr)
        return 2
