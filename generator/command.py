"""The `openapi-clientgen` command (and `python -m generator`): the command line's entry point.

A light module of its own: Ctrl-C while the generator's modules load (the first tenth of a
second or so) is then an interruption like any later one, a line and exit code 130, not a
traceback from the middle of an import.
"""

from __future__ import annotations

import sys


def main() -> int:
    try:
        from generator.cli import main as run
    except KeyboardInterrupt:
        from generator.problems import INTERRUPTED  # (nothing imported before the entry point)

        print(INTERRUPTED, file=sys.stderr)
        return 130
    return run()
