"""What every command shares: default locations, usage errors, printing problems, the cache."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from generator.io.cache import DIR_ENV, OFF_ENV, Cache, user_cache
from generator.io.paths import checkout_root, shown_path
from generator.manifest import Manifest, load_manifest
from generator.problems import GeneratorError, Problem

# shown_path is defined in io/ so that drift/'s reports can use it too; commands import it here.
__all__ = [
    "DEFAULT_MANIFEST", "DEFAULT_OUTPUT", "ROOT", "UsageError", "add_cache_option",
    "add_out_options", "chosen_cache", "print_problems", "read_manifest", "refuse_inputs_inside",
    "shown_path", "usage_error",
]

# In a source checkout the defaults are the repository's, wherever the command runs; an installed
# tool reads them relative to the working directory (a repository laid out like this one).
ROOT = checkout_root() or Path()
DEFAULT_MANIFEST = ROOT / "specs" / "providers.yaml"
DEFAULT_OUTPUT = ROOT / "generated"


class UsageError(GeneratorError):
    """Bad arguments or unreadable input: exit 2."""

    usage = True


NO_CACHE_HELP = (f"neither read nor write the cache of generated packages and validator verdicts "
                 f"(${DIR_ENV}, else ~/.cache/openapi-clientgen); {OFF_ENV}=1 does the same")


# What a document's file name ends in: an argument so spelt names a document, not a provider.
SPEC_SUFFIXES = (".yaml", ".yml", ".json")


def path_argument(text: str) -> Path:
    """A path option's value (`type=` of argparse): an empty one (`--out "$OUT"` with `OUT`
    unset) is refused, not read as `.`, the folder the shell stands in (which `--out` would
    replace and `check --target` compare)."""
    if not text:
        raise argparse.ArgumentTypeError(
            "an empty path (an unset shell variable?): name a file or folder")
    return Path(text)


def add_cache_option(parser: argparse.ArgumentParser) -> None:
    """`--no-cache`, on the commands that generate or validate."""
    parser.add_argument("--no-cache", action="store_true", help=NO_CACHE_HELP)


def add_out_options(parser: argparse.ArgumentParser, out_help: str) -> None:
    """`--out DIR`, meaning what `generate`'s `--out` meant (`out_help` says it for the command),
    and `--output ROOT`, the older spelling of the root of the generated packages (kept
    working); one or the other."""
    either = parser.add_mutually_exclusive_group()
    either.add_argument("--out", type=path_argument, help=out_help)
    either.add_argument("--output", type=path_argument, default=DEFAULT_OUTPUT,
                        help="root of the generated packages, one folder per package "
                             "(default: generated/)")


def chosen_cache(args: argparse.Namespace) -> Cache | None:
    """The user's cache, unless `--no-cache` or the environment turns it off."""
    return user_cache(enabled=not getattr(args, "no_cache", False))


def usage_error(file: str, message: str, hint: str = "") -> UsageError:
    """A wrong command line, as one problem (`file` may be ""): the CLI exits 2 with it."""
    return UsageError([Problem(file, "", None, message, hint)])


def refuse_inputs_inside(inputs: Iterable[Path], folders: Iterable[Path], *,
                         bundled: bool = False) -> None:
    """A usage error (exit 2) when a package's folder holds a file this command reads (the spec,
    the overlay, or, `bundled`, a file the spec's `$ref`s bundle in): replacing the folder,
    which `--force` allows for files a user added, would delete it. Compared where they really
    are (links resolved): output never deletes an input."""
    inputs = list(inputs)
    for folder in folders:
        where = Path(os.path.realpath(folder))
        for path in inputs:
            if where in Path(os.path.realpath(path)).parents:
                named = " (the spec's `$ref`s bundle it in)" if bundled else ""
                raise usage_error(str(folder), f"holds {path}, an input of this command{named}: "
                                               "writing the package there would delete it",
                                  "choose a folder that holds none of the inputs")


def read_manifest(path: Path) -> Manifest:
    """The providers manifest. Without one, an installed tool is most likely run outside a
    repository laid out like this one (or without --spec): say where provider names come from
    and how to name a document instead, as a usage error."""
    if not path.exists():
        raise usage_error(
            str(path), "no providers manifest here: provider names are looked up in it",
            "run in a repository laid out like openapi-clientgen's or pass --manifest PATH; "
            "for your own document give --spec PATH")
    return load_manifest(path)


def print_problems(problems: Sequence[Problem], notes: Mapping[Problem, str] | None = None) -> None:
    """Each problem once, in order, on stderr; with its note (in brackets) when it has one."""
    seen: set[str] = set()
    for problem in problems:
        line = problem.format()
        note = (notes or {}).get(problem)
        if note:
            line = f"{line} [{note}]"
        if line not in seen:
            seen.add(line)
            print(line, file=sys.stderr)
