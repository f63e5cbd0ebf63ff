"""The document stage's product and its entry point: `load(path) -> Document`.

file bytes -> parsed JSON-compatible data (+ line of every JSON pointer)   (`read`)
           -> checked to be OpenAPI 3.0.x / 3.1.x                           (here)
           -> overlay applied (optional)                                    (`overlay`)
           -> external `$ref`s bundled into `components`                    (`bundle`)

Every failure raises `GeneratorError` with precise `Problem`s (file, pointer, line). The overlay
is applied before bundling, so overlay targets address the file as written.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from generator.document.bundle import bundle_telling, may_have_external_refs, refers_outside
from generator.document.origins import Origins
from generator.document.overlay import Placement, apply_overlay_placing
from generator.document.pointer import join_tokens, nearest_line
from generator.document.read import (
    DEFAULT_MAX_BYTES,
    looks_like_json,
    parse_bytes,
    read_limited,
)
from generator.problems import GeneratorError, Problem

SUPPORTED_VERSION = re.compile(r"3\.[01]\.\d+(-[0-9A-Za-z.-]+)?")


@dataclass(frozen=True)
class Document:
    """One OpenAPI document as every later stage reads it: its data (JSON-compatible, overlay
    applied, external `$ref`s bundled in), where each JSON pointer was written (`lines`, for
    problems that name a line) and the hashes of the bytes it came from (the records say which
    inputs a package was made from). Frozen: a stage that changes the data makes a new one."""

    path: Path
    data: dict[str, Any]
    sha256: str
    overlay_sha256: str | None
    lines: Mapping[str, int]
    overlay_problems: tuple[Problem, ...] = ()
    # whether loading bundled in what an external reference names (or made one local): the
    # data is then more than the spec's and overlay's bytes alone give
    bundled: bool = False
    # where what bundling put in came from (None when nothing was: no cost for one file)
    origins: Origins | None = None

    def referenced_files(self) -> dict[Path, str]:
        """The local files other than the spec whose content bundling put in, each with the
        SHA-256 of the bytes read from it (none for one file; remote documents are no files)."""
        if self.origins is None:
            return {}
        return {Path(location): sha for location, sha in sorted(self.origins.hashes.items())
                if location != self.origins.main and "://" not in location}

    def line_of(self, pointer: str) -> int | None:
        """The line of the main file `pointer` (or its nearest ancestor with one) was written
        on; content bundled from another file has its place there (`place_of`)."""
        return nearest_line(self.lines, pointer)

    def place_of(self, pointer: str) -> tuple[str, int | None]:
        """(the file `pointer` was written in, as shown: "" for the main file; its line there).
        Bundled content is named by its pointer in this document, but was written in the
        file a `$ref` named, and the reader is sent there."""
        if self.origins is not None:
            found = self.origins.file_and_line(pointer)
            if found is not None:
                return found
        return "", self.line_of(pointer)

    def located(self, problem: Problem, at: str | None = None) -> Problem:
        """`problem` of this document sent to the file and line its pointer (or `at`, the
        pointer its line is of) was written in, when that is a file bundled in (its pointer,
        what later stages read, kept)."""
        if self.origins is None or problem.origin or problem.file != str(self.path):
            return problem
        origin, line = self.place_of(problem.pointer if at is None else at)
        return replace(problem, origin=origin, line=line) if origin else problem

    @property
    def version(self) -> str:
        return str(self.data.get("openapi", ""))


# A file the user named (the spec, the overlay) that cannot be read at all (missing, a folder,
# a device, too large): an input error, which the command line exits 2 for, as it does for a
# usage error; a `$ref`'d file that cannot be read is a problem of the document instead.
UNREADABLE_INPUT = "unreadable-input"


def only_unreadable_inputs(problems: list[Problem]) -> bool:
    """Whether `problems` are all of files the user named that cannot be read (exit 2)."""
    return bool(problems) and all(problem.code == UNREADABLE_INPUT for problem in problems)


def _read_given(path: Path, max_bytes: int) -> bytes:
    """`read_limited`, its problems marked `UNREADABLE_INPUT`."""
    try:
        return read_limited(path, max_bytes)
    except GeneratorError as error:
        raise GeneratorError([replace(problem, code=UNREADABLE_INPUT)
                              for problem in error.problems]) from None


# --------------------------------------------------------------------------- public entry


def load(
    path: Path,
    *,
    overlay: Path | None = None,
    allow_remote_refs: bool = False,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> Document:
    """The document stage: `path` read (JSON or YAML, at most `max_bytes`, nested at most
    `MAX_NESTING` levels), checked to be OpenAPI 3.0/3.1, `overlay` applied, external `$ref`s
    bundled (http(s) ones only with `allow_remote_refs`). Every failure is a `GeneratorError`
    whose problems name file, pointer and line, so that no later stage meets a malformed
    document; what the document says is checked by `generator.validate`."""
    path = Path(path)
    raw = _read_given(path, max_bytes)
    data, lines = parse_bytes(raw, str(path), path.suffix)
    check_openapi_root(data, str(path), lines)
    assert isinstance(data, dict)
    if _may_hold_lone_surrogates(raw, path.suffix):
        _reject_lone_surrogates(data, str(path), lines)

    overlay_sha256: str | None = None
    overlay_problems: tuple[Problem, ...] = ()
    overlay_raw = b""
    origins: Origins | None = None
    read: Overlay | None = None
    placed: list[Placement] = []
    if overlay is not None:
        read = read_overlay(overlay, max_bytes)
        overlay_raw, overlay_sha256 = read.raw, hashlib.sha256(read.raw).hexdigest()
        data, overlay_problems, placed = _overlaid_placing(data, read)

    if (may_have_external_refs(raw) or (overlay is not None and may_have_external_refs(overlay_raw))
            ) and refers_outside(data):
        data, origins = bundle_telling(path, data, lines, allow_remote_refs=allow_remote_refs,
                                       max_bytes=max_bytes)
    bundled = origins is not None
    if read is not None:
        origins = _with_overlay_origins(origins, path, lines, read, placed)
    return Document(
        path=path,
        data=data,
        sha256=hashlib.sha256(raw).hexdigest(),
        overlay_sha256=overlay_sha256,
        lines=lines,
        overlay_problems=overlay_problems,
        bundled=bundled,
        origins=origins,
    )


@dataclass(frozen=True)
class Overlay:
    """An Overlay 1.0 file as read: its bytes, parsed data and where each pointer was written
    (its problems name lines); applied by `overlaid`, to one document or to several."""

    path: Path
    raw: bytes
    data: Any
    lines: Mapping[str, int]


def read_overlay(path: Path, max_bytes: int = DEFAULT_MAX_BYTES) -> Overlay:
    """The overlay file at `path`, read and parsed; one that cannot be read is an unreadable
    input (exit 2), one that does not parse a located problem."""
    path = Path(path)
    raw = _read_given(path, max_bytes)
    data, lines = parse_bytes(raw, str(path), path.suffix)
    return Overlay(path, raw, data, lines)


def overlaid(data: dict[str, Any], overlay: Overlay) -> tuple[dict[str, Any], tuple[Problem, ...]]:
    """A copy of `data` with `overlay` applied, and the problems of actions that matched
    nothing, located in the overlay file; an overlay that is no Overlay document raises."""
    result, problems, _ = _overlaid_placing(data, overlay)
    return result, problems


def _overlaid_placing(data: dict[str, Any], overlay: Overlay
                      ) -> tuple[dict[str, Any], tuple[Problem, ...], list[Placement]]:
    """`overlaid`, and where the overlay put each value it gave (`apply_overlay_placing`)."""
    try:
        result, problems, placed = apply_overlay_placing(data, overlay.data, str(overlay.path))
    except GeneratorError as exc:
        raise GeneratorError([_with_line(p, overlay.lines) for p in exc.problems]) from None
    return result, tuple(_with_line(p, overlay.lines) for p in problems), placed


def _with_overlay_origins(origins: Origins | None, main: Path, lines: Mapping[str, int],
                          overlay: Overlay, placed: list[Placement]) -> Origins | None:
    """`origins` (bundling's, or new) told that the overlay wrote what it placed: a problem
    found in a value the overlay gave is shown at the overlay's line, not the spec's. Where
    bundling put a file's content in at the same place (an overlay's `$ref` to a file), that
    file wrote it: bundling's placement stays."""
    if not placed:
        return origins
    if origins is None:
        origins = Origins(str(main))
        origins.add_source(str(main), str(main), lines)
    location = f"overlay:{overlay.path}"  # (never a file bundling reads: its own key)
    origins.add_source(location, str(overlay.path), overlay.lines)
    for pointer, fragment in placed:
        if (origins.main, pointer) not in origins.placed:
            origins.place(origins.main, pointer, location, fragment)
    return origins


_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")
# In JSON text: an escaped backslash (the `u...` after it is text) or a whole surrogate pair
# (one character once parsed), as a left-to-right scan finds them.
_BACKSLASHES_AND_PAIRS = re.compile(
    rb"\\\\|\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}")


def _may_hold_lone_surrogates(raw: bytes, suffix: str) -> bool:
    """Whether the parsed `raw` may hold a lone surrogate (then `_reject_lone_surrogates` walks
    it). JSON makes one only of a `\\uD800`-`\\uDFFF` escape not paired high-then-low (a
    document `json.dumps` wrote escapes every emoji as a pair): with its escaped backslashes
    and pairs taken out, a surrogate escape left is one (every backslash of JSON text starts
    an escape, so taking those out joins no backslash to a `u` it did not escape). That is
    exact: the walk runs only for a document it refuses. YAML's escapes make one of each half
    of a pair: there, any surrogate escape may."""
    if not _SURROGATE_ESCAPE.search(raw):
        return False
    if not looks_like_json(raw, suffix):
        return True
    return _SURROGATE_ESCAPE.search(_BACKSLASHES_AND_PAIRS.sub(b"", raw)) is not None


# Where a node stands: None for the root, else (its parent's place, its key or index).
_Place = tuple[Any, str | int] | None


def _reject_lone_surrogates(data: Any, file: str, lines: Mapping[str, int]) -> None:
    """JSON can escape half of a UTF-16 pair (`\\ud800`); such a string is not text and
    cannot be written to any file: refuse the first one, in document order, where it stands
    (keys too). Its own stack: documents may nest deeper than Python recursion goes; each
    node's place is a link to its parent's, made into a pointer only for the one refused (a
    pointer string per node costs depth x key length each)."""
    stack: list[tuple[Any, _Place]] = [(data, None)]
    while stack:
        node, place = stack.pop()
        if isinstance(node, str):
            if not _is_text(node):
                pointer = _pointer_of(place)
                raise GeneratorError(
                    [Problem(file, pointer, nearest_line(lines, pointer),
                             "string holds a lone UTF-16 surrogate escape (like \\ud800)",
                             "escape whole surrogate pairs, or write the character itself")])
        elif isinstance(node, dict):
            for key, value in reversed(node.items()):
                stack.append((value, (place, key)))
                stack.append((key, place))  # a key is read before its value
        elif isinstance(node, list):
            stack.extend((node[index], (place, index))
                         for index in range(len(node) - 1, -1, -1))


def _pointer_of(place: _Place) -> str:
    tokens: list[str | int] = []
    while place is not None:
        place, token = place
        tokens.append(token)
    return join_tokens("", *reversed(tokens))


def _is_text(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _with_line(problem: Problem, lines: Mapping[str, int]) -> Problem:
    if problem.line is not None:
        return problem
    return replace(problem, line=nearest_line(lines, problem.pointer))


def check_openapi_root(data: Any, file: str, lines: Mapping[str, int]) -> None:
    """Refuse anything but an OpenAPI 3.0.x/3.1.x mapping, saying what it is instead."""
    if not isinstance(data, dict):
        kind = "a list" if isinstance(data, list) else f"a single {type(data).__name__} value"
        raise GeneratorError([Problem(
            file, "", 1, f"the document is {kind}, not a mapping",
            "an OpenAPI document is a mapping that starts with `openapi: 3.x.y`")])
    if "openapi" not in data:
        if "swagger" in data:
            raise GeneratorError([Problem(
                file, "/swagger", nearest_line(lines, "/swagger"),
                f"Swagger {data['swagger']} documents are not supported; only OpenAPI 3.0.x/3.1.x",
                "convert it to OpenAPI 3 first, e.g. `npx swagger2openapi spec.yaml -o spec3.yaml`"
                " or https://converter.swagger.io")])
        raise GeneratorError([Problem(
            file, "", 1, "not an OpenAPI document: there is no top-level `openapi` key",
            "an OpenAPI document starts with e.g. `openapi: \"3.1.0\"`")])
    version = data["openapi"]
    if isinstance(version, str) and SUPPORTED_VERSION.fullmatch(version):
        return
    line = nearest_line(lines, "/openapi")
    if isinstance(version, (int, float)) and not isinstance(version, bool):
        raise GeneratorError([Problem(
            file, "/openapi", line,
            f"`openapi: {version}` was read as a number, not a version string",
            "quote the full version, e.g. openapi: \"3.0.3\"")])
    if not isinstance(version, str) or not SUPPORTED_VERSION.fullmatch(version):
        raise GeneratorError([Problem(
            file, "/openapi", line,
            f"unsupported OpenAPI version {version!r}; supported are 3.0.x and 3.1.x",
            "write the full version, e.g. \"3.0.3\" or \"3.1.0\"")])

