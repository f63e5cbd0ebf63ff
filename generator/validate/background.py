"""openapi-spec-validator in a forked child while the caller generates code.

On two cores its cost then mostly disappears from the wall time. Nothing is written before its
verdict is in.
"""

from __future__ import annotations

import os
import pickle
import signal
import sys
from collections.abc import Sequence
from types import TracebackType
from typing import Self

from generator.document.loading import Document
from generator.problems import Problem


class SpecValidation:
    """openapi-spec-validator over `docs` in a forked child while the caller generates code.

    `with SpecValidation(docs) as verdict: ...; problems = verdict.problems()`. Leaving the block
    without asking kills and reaps the child. Where fork is unavailable (not Linux), or the child
    dies without a verdict, `problems()` validates inline: the answer is the same, only slower.
    """

    def __init__(self, docs: Sequence[Document]) -> None:
        self.docs = list(docs)
        self.pid = 0
        self.read_fd = -1

    def __enter__(self) -> Self:
        if sys.platform.startswith("linux") and self.docs:
            self.read_fd, write_fd = os.pipe()
            self.pid = os.fork()
            if self.pid == 0:
                _validate_in_child(self.docs, self.read_fd, write_fd)
            os.close(write_fd)
        return self

    def problems(self) -> list[Problem]:
        found = self._collect()
        if found is None:
            found = _all_spec_problems(self.docs)
        return found

    def _collect(self) -> list[Problem] | None:
        if self.pid == 0:
            return None
        with os.fdopen(self.read_fd, "rb") as pipe:
            self.read_fd = -1
            payload = pipe.read()
        _, status = os.waitpid(self.pid, 0)
        self.pid = 0
        if status != 0 or not payload:
            return None
        found: list[Problem] = pickle.loads(payload)  # our own child's bytes
        return found

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self.read_fd >= 0:
            os.close(self.read_fd)
            self.read_fd = -1
        if self.pid:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
            self.pid = 0


def _validate_in_child(docs: Sequence[Document], read_fd: int, write_fd: int) -> None:
    """The forked child: validate, send the pickled problems, and leave without running any of
    the parent's cleanup (atexit handlers, temporary folders, pytest's machinery)."""
    status = 1
    try:
        os.close(read_fd)
        payload = pickle.dumps(_all_spec_problems(docs))
        with os.fdopen(write_fd, "wb") as pipe:
            pipe.write(payload)
        status = 0
    finally:
        os._exit(status)


def _all_spec_problems(docs: Sequence[Document]) -> list[Problem]:
    from generator.validate.openapi import spec_problems  # the expensive import, in the child

    return [problem for doc in docs for problem in spec_problems(doc)]
