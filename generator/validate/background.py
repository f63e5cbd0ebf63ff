"""openapi-spec-validator in a forked child while the caller generates code, and its verdicts
kept in the cache.

On two cores its cost then mostly disappears from the wall time. Nothing is written before its
verdict is in. A verdict depends only on the validated data (not on the package it is generated
into, nor on the templates), so it is cached on its own, keyed on that data, the validator
stack's versions and our validation code: a document generated under another name, or again
after a template edit, skips the validator (5-15 s on large documents).
"""

from __future__ import annotations

import functools
import hashlib
import os
import pickle
import signal
import sys
from collections.abc import Sequence
from importlib import metadata
from types import TracebackType
from typing import Any, Self

from generator.document.loading import Document
from generator.io.cache import Cache, data_sha256, key_of
from generator.io.paths import GENERATOR_DIR
from generator.problems import Problem

NAMESPACE = "verdicts"
FORMAT = 1  # of a verdict entry: changing its fields changes this
# The distributions whose code decides the verdict.
VALIDATOR_STACK = ("openapi-spec-validator", "openapi-schema-validator", "jsonschema",
                   "jsonschema-path", "referencing")
# Our code that turns the library's errors into problems: what the validate layer may import.
VALIDATION_SOURCES = ("__init__.py", "problems.py", "io", "document", "names", "validate")


class SpecValidation:
    """openapi-spec-validator over `docs` in a forked child while the caller generates code.

    `with SpecValidation(docs, cache) as verdict: ...; problems = verdict.problems()`. Verdicts
    found in `cache` are not computed again; the others are stored there. Leaving the block
    without asking kills and reaps the child. Where fork is unavailable (not Linux), or the child
    dies without a verdict, `problems()` validates inline: the answer is the same, only slower.
    """

    def __init__(self, docs: Sequence[Document], cache: Cache | None = None) -> None:
        self.docs = list(docs)
        self.cache = cache
        self.pid = 0
        self.read_fd = -1
        self.known: dict[int, list[Problem]] = {}  # index in docs -> verdict from the cache
        self.keys: dict[int, str] = {}

    @property
    def pending(self) -> list[Document]:
        """The documents whose verdict the cache did not have."""
        return [doc for index, doc in enumerate(self.docs) if index not in self.known]

    def __enter__(self) -> Self:
        if self.cache is not None:
            self.keys = {index: key for index, doc in enumerate(self.docs)
                         if (key := verdict_key(doc)) is not None}
            self.known = {index: found for index, key in self.keys.items()
                          if (found := _cached(self.cache, key, self.docs[index])) is not None}
        if sys.platform.startswith("linux") and self.pending:
            self.read_fd, write_fd = os.pipe()
            self.pid = os.fork()
            if self.pid == 0:
                _validate_in_child(self.pending, self.read_fd, write_fd)
            os.close(write_fd)
        return self

    def problems(self) -> list[Problem]:
        """Every document's problems, in the order of the documents."""
        pending = self.pending
        found = self._collect()
        if pending and (found is None or len(found) != len(pending)):
            found = _each_spec_problems(pending)  # no child, or it died without a verdict
        fresh = iter(found or [])
        verdicts = [self.known[index] if index in self.known else next(fresh)
                    for index in range(len(self.docs))]
        self._store(verdicts)
        return [problem for verdict in verdicts for problem in verdict]

    def _store(self, verdicts: list[list[Problem]]) -> None:
        if self.cache is None:
            return
        for index, key in self.keys.items():
            if index not in self.known:
                store_verdict(self.cache, key, self.docs[index], verdicts[index])

    def _collect(self) -> list[list[Problem]] | None:
        if self.pid == 0:
            return None
        with os.fdopen(self.read_fd, "rb") as pipe:
            self.read_fd = -1
            payload = pipe.read()
        _, status = os.waitpid(self.pid, 0)
        self.pid = 0
        if status != 0 or not payload:
            return None
        found: list[list[Problem]] = pickle.loads(payload)  # our own child's bytes
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


def cached_spec_problems(doc: Document, cache: Cache | None,
                         dangling: Sequence[Problem] | None = None) -> list[Problem]:
    """openapi-spec-validator's verdict on `doc` (`openapi.spec_problems`), inline, from
    `cache` when it has it (and stored there when it did not)."""
    key = verdict_key(doc) if cache is not None else None
    found = _cached(cache, key, doc) if cache is not None and key is not None else None
    if found is None:
        from generator.validate.openapi import spec_problems  # the expensive import

        found = spec_problems(doc, dangling)
        if cache is not None and key is not None:
            store_verdict(cache, key, doc, found)
    return found


def verdict_key(doc: Document) -> str | None:
    """The cache key of `doc`'s verdict: its data, the validator stack's versions, our
    validation code and the Python version; None when the data has no JSON form."""
    data = data_sha256(doc.data)
    if data is None:
        return None
    return key_of({"format": FORMAT, "data_sha256": data, "stack": _stack_versions(),
                   "sources": _validation_sources(), "python": sys.version})


def store_verdict(cache: Cache, key: str, doc: Document, problems: list[Problem]) -> None:
    """Keep `problems` under `key`, unless one of them says something the data alone does not
    decide (another file, or a line that is not its pointer's): then it is not kept at all."""
    entries = [_portable(problem, doc) for problem in problems]
    if all(entry is not None for entry in entries):
        cache.put(NAMESPACE, key, {"problems": entries})


def _portable(problem: Problem, doc: Document) -> dict[str, Any] | None:
    """`problem` without its file and line, which another document with the same data (another
    path, other formatting) gives its own; None when they are not the usual ones."""
    derived = problem.line is not None and problem.line == doc.line_of(problem.pointer)
    if problem.file != str(doc.path) or not (derived or problem.line is None):
        return None
    return {"pointer": problem.pointer, "message": problem.message, "hint": problem.hint,
            "severity": problem.severity, "code": problem.code, "line": derived}


def _cached(cache: Cache | None, key: str | None, doc: Document) -> list[Problem] | None:
    """The verdict stored under `key`, as `doc`'s problems; None when there is none (or it is
    not one this module wrote)."""
    entry = cache.get(NAMESPACE, key) if cache is not None and key is not None else None
    try:
        return [_problem(item, doc) for item in entry["problems"]] if entry is not None else None
    except (KeyError, TypeError, ValueError):
        return None


def _problem(item: dict[str, Any], doc: Document) -> Problem:
    fields = [item["pointer"], item["message"], item["hint"], item["severity"], item["code"]]
    if not all(isinstance(field, str) for field in fields) or not isinstance(item["line"], bool):
        raise ValueError("not a verdict entry")
    pointer, message, hint, severity, code = fields
    line = doc.line_of(pointer) if item["line"] else None
    return Problem(str(doc.path), pointer, line, message, hint, severity=severity, code=code)


@functools.cache
def _stack_versions() -> dict[str, str]:
    return {name: _version(name) for name in VALIDATOR_STACK}


def _version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "missing"


@functools.cache
def _validation_sources() -> str:
    """sha256 over the source of `VALIDATION_SOURCES`: a change to how problems are worded or
    located is a new verdict."""
    digest = hashlib.sha256()
    for part in VALIDATION_SOURCES:
        path = GENERATOR_DIR / part
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        for file in files:
            digest.update(file.relative_to(GENERATOR_DIR).as_posix().encode() + b"\0")
            digest.update(file.read_bytes() + b"\0")
    return digest.hexdigest()


def _validate_in_child(docs: Sequence[Document], read_fd: int, write_fd: int) -> None:
    """The forked child: validate, send the pickled problems, and leave without running any of
    the parent's cleanup (atexit handlers, temporary folders, pytest's machinery)."""
    status = 1
    try:
        os.close(read_fd)
        payload = pickle.dumps(_each_spec_problems(docs))
        with os.fdopen(write_fd, "wb") as pipe:
            pipe.write(payload)
        status = 0
    finally:
        os._exit(status)


def _each_spec_problems(docs: Sequence[Document]) -> list[list[Problem]]:
    from generator.validate.openapi import spec_problems  # the expensive import, in the child

    return [spec_problems(doc) for doc in docs]
