"""What a long `generate` is doing, said on a terminal.

A document like Microsoft Graph's (20 MB, 11,422 operations) takes minutes, and the command
said nothing until its summary: a user could not tell a slow run from a stuck one. On a
terminal, each stage that starts once the run has taken `QUIET_SECONDS` is named on stderr,
with the time so far; a short run, a pipe, a file or a test sees nothing (stderr is the
problems' and the summary's, which scripts read).
"""

from __future__ import annotations

import time
from typing import TextIO

# A run shorter than this says nothing: the providers, and most documents, take less.
QUIET_SECONDS = 3.0

_stream: TextIO | None = None
_started = 0.0


def start(stream: TextIO) -> None:
    """Name the stages on `stream` from now on, if it is a terminal."""
    global _stream, _started
    _stream = stream if _is_terminal(stream) else None
    _started = time.monotonic()


def stop() -> None:
    global _stream
    _stream = None


def stage(words: str) -> None:
    """`words` (`making the models`) with the time so far, when stages are named and the run
    has taken `QUIET_SECONDS`."""
    if _stream is None:
        return
    elapsed = time.monotonic() - _started
    if elapsed >= QUIET_SECONDS:
        print(f"... {words} ({elapsed:.0f} s so far)", file=_stream, flush=True)


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # (a closed or replaced stream)
        return False

