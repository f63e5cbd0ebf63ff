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

from . import pipeline
from .load import load
from .manifest import load_manifest
from .problems import GeneratorError
from .validate import validate
from .write import write

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_MANIFEST = ROOT / "specs" / "providers.yaml"
DEFAULT_OUTPUT = ROOT / "generated"


def _add_common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--manifest", type=Path, default=DEFAULT_MANIFEST, help="providers manifest")
    parser.add_argument("--debug", action="store_true", help="show tracebacks")
    parser.add_argument(
        "--allow-remote-refs", action="store_true", help="let $refs fetch http(s) URLs"
    )


def cmd_validate(args: argparse.Namespace) -> int:
    """Validate provider specs (by name) or spec files (by path); print every problem."""
    manifest = None
    problems = []
    for item in args.targets or [p.name for p in load_manifest(args.manifest).providers]:
        if Path(item).suffix in (".yaml", ".yml", ".json") and Path(item).exists():
            target = pipeline.target_for_spec(Path(item), "package", None)
        else:
            manifest = manifest or load_manifest(args.manifest)
            target = pipeline.target_for(manifest.get(item))
        try:
            document = load(target.spec, overlay=target.overlay, allow_remote_refs=args.allow_remote_refs)
        except GeneratorError as error:
            problems.extend(error.problems)
            continue
        found = [*document.overlay_problems, *validate(document)]
        problems.extend(found)
        if not found:
            print(f"{target.spec}: valid")
    for problem in problems:
        print(problem.format(), file=sys.stderr)
    return 1 if problems else 0


def cmd_generate(args: argparse.Namespace) -> int:
    """Generate provider packages into generated/, or one package from --spec into --out."""
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
        write(packages[package], args.out)
        print(f"wrote {args.out}")
        return 0
    manifest = load_manifest(args.manifest)
    chosen = pipeline.targets(manifest, args.providers)
    packages = pipeline.build_packages(chosen, allow_remote_refs=args.allow_remote_refs)
    for name, files in sorted(packages.items()):
        write(files, args.output / name)
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

    from . import drift_cli  # the drift commands: check, diff, compare, update

    drift_cli.register(commands, _add_common)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        return run(args)
    except GeneratorError as error:
        if args.debug:
            raise
        for problem in error.problems:
            print(problem.format(), file=sys.stderr)
        return 2 if getattr(error, "usage", False) else 1
    except KeyboardInterrupt:
        print("interrupted; nothing was written", file=sys.stderr)
        return 130
    except Exception as error:  # an unexpected failure still gets a one-line message
        if args.debug:
            raise
        print(f"internal error: {type(error).__name__}: {error} (run with --debug for a traceback)",
              file=sys.stderr)
        return 2
