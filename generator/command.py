"""The `openapi-clientgen` command (and `python -m generator`): the command line's entry point.

A light module of its own: Ctrl-C while the generator's modules load (the first tenth of a
second or so) is then an interruption like any later one, a line and exit code 130, not a
traceback from the middle of an import.

Ctrl-C raises `KeyboardInterrupt` in the main thread, as Python's own handler does: the command
stops, says so and exits 130, every output folder as it was or whole (io/write.py). Landing
while the main thread imports, it can leave a module lock held (CPython's race), and a worker
thread waiting on that lock never ends: the command hung instead of exiting. So the first
Ctrl-C also starts a watchdog that ends the process `GRACE` seconds later, and a second Ctrl-C
ends it at once.
"""

from __future__ import annotations

import atexit
import os
import signal
import sys
import threading
from types import FrameType
from typing import NoReturn

GRACE = 10.0  # seconds an interrupted command has to end by itself
INTERRUPTED_EXIT = 130


def entry() -> NoReturn:
    """The console script's and `python -m generator`'s entry: `main()`'s exit code, without
    Python's shutdown freeing every object one by one (after GitHub's generation, ~400 MB of
    them: ~0.15 s, for nothing). By then every file is written and closed, every child
    stopped; what was registered to run at exit runs, the output streams are flushed, and the
    process ends (`mypy` ends the same way)."""
    code = main()
    atexit._run_exitfuncs()
    _flush_output()
    os._exit(code)


def main() -> int:
    _end_on_interrupts()
    try:
        from generator.cli import main as run
    except KeyboardInterrupt:
        from generator.problems import INTERRUPTED  # (nothing imported before the entry point)

        print(INTERRUPTED, file=sys.stderr)
        return INTERRUPTED_EXIT
    return run()


def _end_on_interrupts() -> None:
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, _on_interrupt)


_interrupted = threading.Event()


def _on_interrupt(signum: int, frame: FrameType | None) -> None:
    if _interrupted.is_set():
        _end_now()
    if _in_a_lock_callback(frame):
        # raised there, the interruption is printed as an ignored exception, with a traceback,
        # and lost (a CI run caught it): it is delivered again once the callback has returned
        again = threading.Timer(_AGAIN, os.kill, (os.getpid(), signal.SIGINT))
        again.daemon = True
        again.start()
        return
    _interrupted.set()
    watchdog = threading.Timer(GRACE, _end_now)
    watchdog.daemon = True  # a command that ends by itself does not wait for it
    watchdog.start()
    raise KeyboardInterrupt


_AGAIN = 0.01  # seconds before an interruption that landed in a lock's callback comes again


def _in_a_lock_callback(frame: FrameType | None) -> bool:
    """Whether the main thread was running the weak reference callback of an import lock
    (`importlib._bootstrap._get_module_lock`'s `cb`), whose exceptions Python ignores."""
    return frame is not None and frame.f_code.co_name == "cb" and (
        frame.f_code.co_filename.startswith("<frozen importlib"))


def _end_now() -> None:
    _flush_output()
    os._exit(INTERRUPTED_EXIT)


def _flush_output() -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed or broken stream: nothing more can be said
            pass
