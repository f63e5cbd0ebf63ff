"""Validate stage: our own checks, then openapi-spec-validator, as `Problem`s with lines.

`validate(doc)` returns, in this order:
1. `doc.overlay_problems` (overlay actions that matched nothing), so the CLI need not print them
   separately;
2. our own checks (`own_checks`): dangling internal `$ref`s and generated method-name clashes;
3. every error of openapi-spec-validator (`spec_validator.py`), each located by JSON pointer and
   line.

Generation runs the cheap first two inline and openapi-spec-validator beside the code
generation, in a forked child (`SpecValidation`): on two cores its cost then mostly disappears
from the wall time. Nothing is written before its verdict is in.
"""

from __future__ import annotations

import difflib
import os
import pickle
import signal
import sys
from collections.abc import Iterable, Iterator, Sequence
from types import TracebackType
from typing import Any, Self
from urllib.parse import unquote

from generator.load import HTTP_METHODS, Document, escape_token, join_pointer, resolve_pointer
from generator.names import operation_names
from generator.problems import Problem

# Keys whose values are data (examples, defaults), not OpenAPI objects: `$ref` there is not a ref.
_DATA_KEYS = frozenset({"example", "default", "enum", "const"})
_SCHEMA_MAPS = frozenset({"properties", "patternProperties"})


def validate(doc: Document) -> list[Problem]:
    """Every problem of the document: the overlay's, ours, then openapi-spec-validator's."""
    dangling = check_internal_refs(doc)
    return _unique([*own_checks(doc, dangling), *spec_problems(doc, dangling)])


def own_checks(doc: Document, dangling: list[Problem] | None = None) -> list[Problem]:
    """The overlay's problems and our own checks: cheap, and what code generation relies on."""
    if dangling is None:
        dangling = check_internal_refs(doc)
    return _unique([*doc.overlay_problems, *dangling, *check_method_name_clashes(doc)])


def spec_problems(doc: Document, dangling: Iterable[Problem] | None = None) -> list[Problem]:
    """openapi-spec-validator's verdict (imported here: it is the expensive part)."""
    from generator.spec_validator import run_spec_validator

    if dangling is None:
        dangling = check_internal_refs(doc)
    return _unique(run_spec_validator(doc, already_reported=dangling))


def _unique(problems: Iterable[Problem]) -> list[Problem]:
    seen: set[tuple[str, str, str]] = set()
    result = []
    for problem in problems:
        key = (problem.file, problem.pointer, problem.message)
        if key not in seen:
            seen.add(key)
            result.append(problem)
    return result


# --------------------------------------------------------------------------- $ref check


def iter_refs(data: Any) -> Iterator[tuple[str, str]]:
    """(pointer of the `$ref` key, ref) for every reference, skipping example/default data."""
    stack: list[tuple[Any, str, str]] = [(data, "", "")]
    while stack:
        node, pointer, parent_key = stack.pop()
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str):
                yield join_pointer(pointer, "$ref"), ref
            in_schema_map = parent_key in _SCHEMA_MAPS
            for key, value in reversed(node.items()):
                if key in _DATA_KEYS and not in_schema_map:
                    continue
                if key == "value" and pointer.rsplit("/", 2)[-2:-1] == ["examples"]:
                    continue
                stack.append((value, join_pointer(pointer, key), key))
        elif isinstance(node, list) and parent_key != "examples":
            for index in range(len(node) - 1, -1, -1):
                stack.append((node[index], f"{pointer}/{index}", ""))


def check_internal_refs(doc: Document) -> list[Problem]:
    problems = []
    for pointer, ref in iter_refs(doc.data):
        if not ref.startswith("#"):
            continue
        target = unquote(ref[1:])
        found, _ = resolve_pointer(doc.data, target)
        if not found:
            message, hint = _describe_missing(doc.data, ref, target)
            problems.append(Problem(str(doc.path), pointer, doc.line_of(pointer), message, hint))
    return problems


def _describe_missing(data: Any, ref: str, target: str) -> tuple[str, str]:
    tokens = target.lstrip("/").split("/") if target else []
    existing = ""
    node = data
    for token in tokens:
        found, child = resolve_pointer(node, "/" + token)
        if not found:
            message = f"$ref {ref!r} points to nothing: {existing or '#'} has no {_unescape(token)!r}"
            candidates = [str(key) for key in node] if isinstance(node, dict) else []
            close = difflib.get_close_matches(_unescape(token), candidates, n=1)
            hint = f"did you mean {close[0]!r}?" if close else "define it, or fix the reference"
            return message, hint
        existing, node = f"{existing}/{token}", child
    return f"$ref {ref!r} points to nothing", "fix the reference"


def _unescape(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~")


# --------------------------------------------------------------------------- method names


def default_operation_names(path: str, http_method: str, operation: dict[str, Any]) -> tuple[str, str]:
    """(resource, method) the generator gives an operation: the one naming rule, in names.py."""
    return operation_names(path, http_method, operation)


def iter_operations(data: dict[str, Any]) -> Iterator[tuple[str, str, str, dict[str, Any]]]:
    """(pointer, path, http method, operation) for every operation under `paths`."""
    paths = data.get("paths")
    if not isinstance(paths, dict):
        return
    for path, item in paths.items():
        if isinstance(item, dict) and isinstance(item.get("$ref"), str):
            _, item = resolve_pointer(data, unquote(item["$ref"].lstrip("#")))
        if not isinstance(item, dict):
            continue
        for http_method in HTTP_METHODS:
            operation = item.get(http_method)
            if isinstance(operation, dict):
                pointer = f"/paths/{escape_token(path)}/{http_method}"
                yield pointer, path, http_method, operation


def check_method_name_clashes(doc: Document) -> list[Problem]:
    first_seen: dict[tuple[str, str], str] = {}
    problems = []
    for pointer, path, http_method, operation in iter_operations(doc.data):
        name = default_operation_names(path, http_method, operation)
        earlier = first_seen.setdefault(name, pointer)
        if earlier != pointer:
            problems.append(Problem(
                str(doc.path), pointer, doc.line_of(pointer),
                f"operations {earlier} (line {doc.line_of(earlier)}) and {pointer} would both "
                f"become the method {name[0]}.{name[1]}()",
                "give one of them its own `x-codegen-method` (or `x-codegen-resource`) "
                "in the overlay"))
    return problems


# --------------------------------------------------------------------------- in the background


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
            found = [problem for doc in self.docs for problem in spec_problems(doc)]
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
        payload = pickle.dumps([problem for doc in docs for problem in spec_problems(doc)])
        with os.fdopen(write_fd, "wb") as pipe:
            pipe.write(payload)
        status = 0
    finally:
        os._exit(status)
