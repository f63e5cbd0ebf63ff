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
import math
import os
import pickle
import select
import sys
import tempfile
import time
from collections.abc import Sequence
from types import TracebackType
from typing import IO, Any, Self

from generator.document.keywords import DATA_KEYWORDS
from generator.document.loading import Document
from generator.document.tree import cyclic_gc_resumed
from generator.io.cache import Cache, data_sha256, key_of
from generator.io.children import MESSAGE_LENGTH, can_fork, fork_child, stop, write_all
from generator.io.paths import GENERATOR_DIR
from generator.problems import GeneratorError, Problem, printable

NAMESPACE = "verdicts"
FORMAT = 1  # of a verdict entry: changing its fields changes this
# The distributions whose code decides the verdict.
VALIDATOR_STACK = ("openapi-spec-validator", "openapi-schema-validator", "jsonschema",
                   "jsonschema-path", "referencing", "jsonschema-rs")
BUDGET_VARIABLE = "OPENAPI_CLIENTGEN_VALIDATION_BUDGET"  # seconds openapi-spec-validator may take
DEFAULT_BUDGET = 120.0
TIMEOUT_CODE = "validator-timeout"
TIMEOUT_PREFIX = "validation: not finished within"
# Our code that turns the library's errors into problems: what the validate layer may import.
VALIDATION_SOURCES = ("__init__.py", "problems.py", "io", "document", "names", "validate")


class SpecValidation:
    """openapi-spec-validator over `docs` in a forked child while the caller generates code.

    `with SpecValidation(docs, cache) as verdict: ...; problems = verdict.problems()`. Verdicts
    found in `cache` are not computed again (`pending`: the documents left); the child stores
    the others there. With `look_up_in_child`, the child also looks them up: a verdict's key
    hashes the whole document (GitHub's: 0.3 s), which a caller that need not know `pending`
    ahead should not wait for. Leaving the block without asking kills and reaps the child. Where
    fork is unavailable (not Linux), or the child dies without a verdict, `problems()` validates
    inline (and stores here): the answer is the same, only slower.

    The child has `budget` seconds (`validation_budget()`: OPENAPI_CLIENTGEN_VALIDATION_BUDGET, else
    120) from the start of the block: a document whose verdict is not in by then gets the
    `validator-timeout` problem instead (and nothing is cached for it), so generation goes on
    without that verdict and says so, and `validate` reports it.
    """

    def __init__(self, docs: Sequence[Document], cache: Cache | None = None,
                 budget: float | None = None, *, look_up_in_child: bool = False,
                 nice: int = 0) -> None:
        self.docs = list(docs)
        self.nice = nice  # the child's priority lowered by that much (`fork_child`)
        self.cache = cache
        self.look_up_in_child = look_up_in_child and can_fork()
        self.budget = validation_budget() if budget is None else budget
        self.pid = 0
        self.read_fd = -1  # its end closes when the child ends
        self.results: IO[bytes] | None = None  # where the child writes each verdict
        self.deadline = 0.0
        self.known: dict[int, list[Problem]] = {}  # index in docs -> verdict from the cache
        self.answer: list[Problem] | None = None

    @property
    def pending(self) -> list[Document]:
        """The documents whose verdict the cache did not have (all of them, when the child
        looks them up)."""
        return [doc for index, doc in enumerate(self.docs) if index not in self.known]

    def __enter__(self) -> Self:
        keys = None if self.look_up_in_child else _verdict_keys(self.cache, self.docs)
        self.known = {} if keys is None else _cached_verdicts(self.cache, self.docs, keys)
        if can_fork() and self.pending:
            try:
                self.results = tempfile.TemporaryFile(prefix="clientgen-verdicts-")
            except OSError:  # no temporary folder to write in: validated inline, when asked
                return self._looked_up_here(keys)
            try:
                self.read_fd, write_fd = os.pipe()
            except OSError:  # out of descriptors: validated inline
                return self._looked_up_here(keys)
            try:
                self.pid = fork_child(nice=self.nice)
            except OSError:  # a pids limit, no memory to fork: validated inline
                os.close(write_fd)
                self._end_child()
                return self._looked_up_here(keys)
            self.deadline = time.monotonic() + self.budget
            if self.pid == 0:
                pending = [index for index in range(len(self.docs)) if index not in self.known]
                _validate_in_child([self.docs[index] for index in pending],
                                   None if keys is None else [keys.get(index) for index in pending],
                                   self.cache, self.read_fd, self.results.fileno())
            os.close(write_fd)
        return self

    def _looked_up_here(self, keys: dict[int, str] | None) -> Self:
        """No child after all: the cache is read here, where the child was to read it."""
        if keys is None:
            self.known = _cached_verdicts(self.cache, self.docs)
        return self

    def problems(self) -> list[Problem]:
        """Every document's problems, in the order of the documents (worked out once)."""
        if self.answer is None:
            self.answer = self._problems()
        return list(self.answer)

    def _problems(self) -> list[Problem]:
        pending = self.pending
        found, timed_out = self._collect()
        missing = pending[len(found):]
        if timed_out:
            found += [self._out_of_time(doc) for doc in missing]
        elif missing:  # no child, or it died without a verdict: validated (and stored) here
            found += _each_spec_problems(missing)
            self._store(missing, found[len(found) - len(missing):])
        fresh = iter(found)
        verdicts = [self.known[index] if index in self.known else next(fresh)
                    for index in range(len(self.docs))]
        return [problem for verdict in verdicts for problem in verdict]

    def _out_of_time(self, doc: Document) -> list[Problem]:
        """The verdict of a document the child did not answer by the deadline: the one the
        cache holds (a child looking it up may have been stopped before it could), else the
        `validator-timeout` problem."""
        if self.look_up_in_child and self.cache is not None:
            cached = _cached(self.cache, verdict_key(doc), doc)
            if cached is not None:
                return cached
        return [timeout_problem(doc, self.budget)]

    def _store(self, docs: list[Document], verdicts: list[list[Problem]]) -> None:
        if self.cache is None:
            return
        for doc, verdict in zip(docs, verdicts, strict=True):
            if (key := verdict_key(doc)) is not None:
                store_verdict(self.cache, key, doc, verdict)

    def _collect(self) -> tuple[list[list[Problem]], bool]:
        """The verdicts the child wrote, in the order of `pending`, and whether it was stopped
        at the deadline (so the documents after them have none)."""
        if self.pid == 0:
            return [], False
        ended = _ends_by(self.read_fd, self.deadline)
        self._end_child()
        found = _read_verdicts(self.results) if self.results is not None else []
        return found, not ended

    def _end_child(self) -> None:
        stop(self.pid, self.read_fd)
        self.pid, self.read_fd = 0, -1

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self._end_child()
        if self.results is not None:
            self.results.close()
            self.results = None


def validation_budget() -> float:
    """The seconds openapi-spec-validator has: OPENAPI_CLIENTGEN_VALIDATION_BUDGET, else
    `DEFAULT_BUDGET`; a value that is not a number of seconds above 0 is refused."""
    raw = os.environ.get(BUDGET_VARIABLE, "").strip()
    if not raw:
        return DEFAULT_BUDGET
    try:
        budget = float(raw)
    except ValueError:
        budget = math.nan
    if not (math.isfinite(budget) and budget > 0):
        shown = printable(raw)
        error = GeneratorError([Problem(
            "", "", None, f"{BUDGET_VARIABLE}={shown!r} is not a number of seconds above 0",
            f"unset it for the default of {DEFAULT_BUDGET:g} s")])
        error.usage = True  # type: ignore[attr-defined]  # the CLI's exit code 2
        raise error
    return budget


def timeout_problem(doc: Document, budget: float) -> Problem:
    """What a document whose validation did not finish within `budget` seconds is told."""
    return Problem(str(doc.path), "", None,
                   f"{TIMEOUT_PREFIX} {budget:g} s; openapi-spec-validator's verdict is missing",
                   f"set {BUDGET_VARIABLE} to more seconds to wait longer",
                   code=TIMEOUT_CODE)


def verdict_missing(message: str) -> bool:
    """Whether a problem's (or a repair's) message is `timeout_problem`'s: what was made
    without the verdict must not be kept as if it had it."""
    return message.startswith(TIMEOUT_PREFIX)


def first_ends(validations: Sequence[SpecValidation]) -> None:
    """Wait until one of `validations` whose child still runs has ended (or its deadline has
    passed): a caller about to fork more work than the two cores can run at once lets the
    validators it started make room first (`diff`: two validators beside a third child held
    ~30 MiB more, for no time gained). Returns at once when fewer than two still run."""
    running = [v for v in validations if v.pid and v.read_fd >= 0]
    if len(running) < 2:
        return
    deadline = min(v.deadline for v in running)
    while (left := deadline - time.monotonic()) > 0:
        readable, _, _ = select.select([v.read_fd for v in running], [], [], left)
        if not readable:
            return
        for fd in readable:  # (nothing is ever written: readable is its end)
            if not os.read(fd, 4096):
                return


def _ends_by(fd: int, deadline: float) -> bool:
    """Whether the pipe's writer (the child) ends before `deadline`: its end of the pipe
    closes then, and the read end turns readable (nothing is ever written to it)."""
    while True:
        readable, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        if not readable:
            return False
        if not os.read(fd, 4096):
            return True


def _read_verdicts(results: IO[bytes]) -> list[list[Problem]]:
    """Each whole verdict the child wrote (a length, then its pickle), up to the first one it
    did not finish writing."""
    results.seek(0)
    data = results.read()
    found: list[list[Problem]] = []
    offset = 0
    while offset + MESSAGE_LENGTH.size <= len(data):
        (size,) = MESSAGE_LENGTH.unpack_from(data, offset)
        offset += MESSAGE_LENGTH.size
        if offset + size > len(data):
            break
        found.append(pickle.loads(data[offset:offset + size]))  # our own child's bytes
        offset += size
    return found


def cached_spec_problems(doc: Document, cache: Cache | None) -> list[Problem]:
    """openapi-spec-validator's verdict on `doc` (`openapi.spec_problems`), from `cache` when
    it has it (and stored there when it did not), else worked out now within the time budget
    (in a forked child: a validation that does not finish is stopped and said)."""
    with SpecValidation([doc], cache) as verdict:
        return verdict.problems()


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
    decide (another file, or a line that is not its pointer's): then it is not kept at all. A
    valid document's verdict is also kept under its key blind to annotations
    (`annotation_blind_key`)."""
    entries = [_portable(problem, doc) for problem in problems]
    if all(entry is not None for entry in entries):
        cache.put(NAMESPACE, key, {"problems": entries})
    if not problems and (blind := annotation_blind_key(doc)) is not None:
        cache.put(NAMESPACE, blind, {"problems": []})


# The keys whose string values are free text wherever OpenAPI puts them (an object's
# `description` and `summary`): openapi-spec-validator accepts any string there, so another
# text cannot make a valid document invalid. Editing them is the commonest change to a
# published document (GitHub's: a description reworded).
ANNOTATION_KEYS = frozenset({"description", "summary"})
# Where a key of that name is data rather than an annotation: values (examples, defaults,
# enums and consts, compared with their schema), a discriminator's mapping (references to
# resolve), and extensions (any shape).
_DATA_KEYS = DATA_KEYWORDS | {"mapping"}
# The values openapi-spec-validator checks against their schema, following a `$ref` in them.
_CHECKED_VALUES = frozenset({"default", "enum", "const"})


class _TextMayMatter(Exception):
    """Annotation texts may decide the verdict: a schema names its own `$schema` (its dialect
    is not one we know), a `$ref` leads into an annotation, or one sits in a value checked
    against its schema (`default: {$ref: '#/info/description'}` is checked with that text)."""


def annotation_blind_key(doc: Document) -> str | None:
    """The key of `doc`'s verdict with the text of its annotations (`ANNOTATION_KEYS`) left
    out: only a valid document's verdict is kept under it, and then a document that differs
    from it in those texts alone is valid too (no message can quote them). None where that
    does not hold (`_TextMayMatter`), or the data has no JSON form."""
    try:
        data = data_sha256(_annotations_blanked(doc.data))
    except (_TextMayMatter, RecursionError):
        return None
    if data is None:
        return None
    return key_of({"format": FORMAT, "annotation_blind_sha256": data, "stack": _stack_versions(),
                   "sources": _validation_sources(), "python": sys.version})


def _annotations_blanked(node: Any) -> Any:
    """A copy of `node` whose annotation texts are all "" (the data keys' values kept whole)."""
    if isinstance(node, dict):
        if "$schema" in node or _leads_into_annotation(node.get("$ref")):
            raise _TextMayMatter
        return {key: "" if key in ANNOTATION_KEYS and isinstance(value, str)
                else _without_refs(value) if key in _CHECKED_VALUES
                else value if key in _DATA_KEYS or _extension(key)
                else _annotations_blanked(value)
                for key, value in node.items()}
    if isinstance(node, list):
        return [_annotations_blanked(item) for item in node]
    return node


def _leads_into_annotation(ref: object) -> bool:
    """Whether the reference `ref` names a place under an annotation key."""
    if not isinstance(ref, str):
        return False
    tokens = ref.partition("#")[2].split("/")
    return any(token.replace("~1", "/").replace("~0", "~") in ANNOTATION_KEYS
               for token in tokens)


def _without_refs(value: Any) -> Any:
    """`value` itself, once it is known to hold no `$ref` (else `_TextMayMatter`)."""
    pending = [value]
    while pending:
        node = pending.pop()
        if isinstance(node, dict):
            if "$ref" in node:
                raise _TextMayMatter
            pending.extend(node.values())
        elif isinstance(node, list):
            pending.extend(node)
    return value


def _extension(key: object) -> bool:
    return isinstance(key, str) and key.startswith("x-")


def _valid_but_for_annotations(cache: Cache | None, doc: Document) -> list[Problem] | None:
    """[] when `cache` holds a valid document that differs from `doc` in annotations alone,
    else None."""
    if cache is None:
        return None
    return _cached(cache, annotation_blind_key(doc), doc)


def _portable(problem: Problem, doc: Document) -> dict[str, Any] | None:
    """`problem` without its file and line, which another document with the same data (another
    path, other formatting) gives its own; None when they are not the usual ones."""
    derived = problem.line is not None and problem.line == doc.line_of(problem.pointer)
    if problem.file != str(doc.path) or not (derived or problem.line is None):
        return None
    return {"pointer": problem.pointer, "message": problem.message, "hint": problem.hint,
            "severity": problem.severity, "code": problem.code, "line": derived}


def _verdict_keys(cache: Cache | None, docs: Sequence[Document]) -> dict[int, str]:
    """index in `docs` -> its verdict's key (none without a cache)."""
    if cache is None:
        return {}
    return {index: key for index, doc in enumerate(docs) if (key := verdict_key(doc)) is not None}


def _cached_verdicts(cache: Cache | None, docs: Sequence[Document],
                     keys: dict[int, str] | None = None) -> dict[int, list[Problem]]:
    """index in `docs` -> the verdict `cache` holds for that document (`keys`: the keys, when
    known)."""
    keys = _verdict_keys(cache, docs) if keys is None else keys
    return {index: found for index, key in keys.items()
            if (found := _cached(cache, key, docs[index])) is not None
            or (found := _valid_but_for_annotations(cache, docs[index])) is not None}


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
    from importlib import metadata  # lazy: its import costs every run ~0.03 s

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


def _validate_in_child(docs: Sequence[Document], keys: Sequence[str | None] | None,
                       cache: Cache | None, read_fd: int, results_fd: int) -> None:
    """The forked child: each document's verdict, written as soon as it is in, then stored in
    `cache` under its key when it was worked out here. `keys`: each document's key, its verdict
    known not to be in `cache`; None: the keys are worked out, and the verdicts looked up in
    `cache`, here. Then leave without running any of the parent's cleanup (atexit handlers,
    temporary folders, pytest's machinery). Ending closes its end of the pipe: the parent's
    signal."""
    status = 1
    try:
        os.close(read_fd)
        for index, doc in enumerate(docs):
            if keys is None:
                key = verdict_key(doc) if cache is not None else None
                verdict = _cached(cache, key, doc)
                if verdict is None:
                    verdict = _valid_but_for_annotations(cache, doc)
            else:
                key, verdict = keys[index], None
            fresh = verdict is None
            if verdict is None:
                verdict = _spec_problems(doc)
            payload = pickle.dumps(verdict)
            write_all(results_fd, MESSAGE_LENGTH.pack(len(payload)) + payload)
            if fresh and cache is not None and key is not None:
                store_verdict(cache, key, doc, verdict)
        status = 0
    finally:
        os._exit(status)


def _spec_problems(doc: Document) -> list[Problem]:
    from generator.validate.openapi import spec_problems  # the expensive import, in the child

    with cyclic_gc_resumed():  # the library's errors hold cycles (their context and parents)
        return spec_problems(doc)


def _each_spec_problems(docs: Sequence[Document]) -> list[list[Problem]]:
    return [_spec_problems(doc) for doc in docs]
