"""Load stage: read a spec file into a `Document`.

file bytes -> parsed JSON-compatible data (+ line of every JSON pointer)
           -> checked to be OpenAPI 3.0.x / 3.1.x
           -> overlay applied (optional)
           -> external `$ref`s bundled into `components`

Every failure raises `GeneratorError` with precise `Problem`s (file, pointer, line).

Decisions
- YAML is composed with a safe loader (libyaml's CSafeLoader when available) and converted by
  our own node walk, so that: mapping keys are always the key's text (`200` -> "200",
  `on` -> "on"), duplicate keys are refused, timestamps stay strings, `yes`/`no`/`on`/`off` values
  stay strings (only true/false are booleans), octal/sexagesimal ints stay strings, and
  `.inf`/`.nan` stay strings (they are not JSON).
- YAML anchors/aliases (and `<<` merge keys) are accepted only in small doses: at most
  `MAX_YAML_ALIASES` alias uses, and the aliases may add at most `MAX_ALIAS_EXPANSION` nodes to the
  expanded document. Both are measured on the composed node graph (which shares aliased nodes)
  before anything is expanded, so an alias bomb is refused fast with bounded memory.
- JSON line numbers are computed lazily (first lookup) by a regex tokenizer.
- The overlay is applied before bundling, so overlay targets address the file as written.
- Bundling: an external `$ref` is copied into the components section matching where the ref sits
  (schema -> `schemas`, parameter -> `parameters`, ...). The name is the last pointer segment of
  the ref's fragment, else the file stem, sanitised to `[A-Za-z0-9._-]`; a taken name gets a
  numeric suffix (`Pet2`, `Pet3`, ...) in document walk order. Refs in places without a
  components section (and path items in 3.0) are inlined. Cycles through components are fine;
  a cycle that would have to be inlined is an error.
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urljoin, urlsplit

import yaml

from generator.names import first_free
from generator.overlay import apply_overlay
from generator.problems import GeneratorError, Problem

if TYPE_CHECKING:  # httpx costs ~80 ms to import; only remote $refs need it
    import httpx

# The operations of a Path Item Object, in the order OpenAPI lists them.
HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
DEFAULT_MAX_BYTES = 64 * 1024 * 1024
MAX_YAML_ALIASES = 100
MAX_ALIAS_EXPANSION = 100_000
REMOTE_TIMEOUT_SECONDS = 10.0
SUPPORTED_VERSION = re.compile(r"3\.[01]\.\d+(-[0-9A-Za-z.-]+)?")


# --------------------------------------------------------------------------- JSON pointers


def escape_token(token: str | int) -> str:
    """RFC 6901: `~` -> `~0`, `/` -> `~1`."""
    text = str(token)
    if "~" in text or "/" in text:
        text = text.replace("~", "~0").replace("/", "~1")
    return text


def unescape_token(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~")


def join_pointer(pointer: str, token: str | int) -> str:
    return f"{pointer}/{escape_token(token)}"


def split_pointer(pointer: str) -> list[str]:
    """`/a/b~1c` -> ["a", "b/c"]; "" -> []."""
    if not pointer:
        return []
    return [unescape_token(token) for token in pointer.lstrip("/").split("/")]


def resolve_pointer(data: Any, pointer: str) -> tuple[bool, Any]:
    """Walk `pointer` through dicts and lists: (found, value)."""
    node = data
    for token in split_pointer(pointer):
        if isinstance(node, dict) and token in node:
            node = node[token]
        elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        else:
            return False, None
    return True, node


def nearest_line(lines: Mapping[str, int], pointer: str) -> int | None:
    """Line of `pointer`, else of its nearest ancestor that has one."""
    while True:
        line = lines.get(pointer)
        if line is not None:
            return line
        if not pointer:
            return None
        pointer = pointer.rsplit("/", 1)[0]


# --------------------------------------------------------------------------- Document


@dataclass(frozen=True)
class Document:
    path: Path
    data: dict[str, Any]
    sha256: str
    overlay_sha256: str | None
    lines: Mapping[str, int]
    overlay_problems: tuple[Problem, ...] = ()

    def line_of(self, pointer: str) -> int | None:
        return nearest_line(self.lines, pointer)

    @property
    def version(self) -> str:
        return str(self.data.get("openapi", ""))


class LazyLines(Mapping[str, int]):
    """A pointer -> line mapping computed on first use (JSON line scanning is not free)."""

    def __init__(self, compute: Callable[[], dict[str, int]]) -> None:
        self._compute = compute
        self._lines: dict[str, int] | None = None

    def _get(self) -> dict[str, int]:
        if self._lines is None:
            self._lines = self._compute()
        return self._lines

    def __getitem__(self, pointer: str) -> int:
        return self._get()[pointer]

    def __iter__(self) -> Iterator[str]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())


# --------------------------------------------------------------------------- public entry


def load(
    path: Path,
    *,
    overlay: Path | None = None,
    allow_remote_refs: bool = False,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> Document:
    path = Path(path)
    raw = read_limited(path, max_bytes)
    data, lines = parse_bytes(raw, str(path), path.suffix)
    check_openapi_root(data, str(path), lines)
    assert isinstance(data, dict)
    if _SURROGATE_ESCAPE.search(raw):
        _reject_lone_surrogates(data, "", str(path), lines)

    overlay_sha256: str | None = None
    overlay_problems: tuple[Problem, ...] = ()
    overlay_raw = b""
    if overlay is not None:
        overlay = Path(overlay)
        overlay_raw = read_limited(overlay, max_bytes)
        overlay_data, overlay_lines = parse_bytes(overlay_raw, str(overlay), overlay.suffix)
        overlay_sha256 = hashlib.sha256(overlay_raw).hexdigest()
        try:
            data, problems = apply_overlay(data, overlay_data, str(overlay))
        except GeneratorError as exc:
            raise GeneratorError([_with_line(p, overlay_lines) for p in exc.problems]) from None
        overlay_problems = tuple(_with_line(p, overlay_lines) for p in problems)

    if _may_have_external_refs(raw) or (overlay is not None and _may_have_external_refs(overlay_raw)):
        data = _Bundler(path, data, lines, allow_remote_refs, max_bytes).bundle()
    return Document(
        path=path,
        data=data,
        sha256=hashlib.sha256(raw).hexdigest(),
        overlay_sha256=overlay_sha256,
        lines=lines,
        overlay_problems=overlay_problems,
    )


_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


def _reject_lone_surrogates(node: Any, pointer: str, file: str, lines: Mapping[str, int]) -> None:
    """JSON can escape half of a UTF-16 pair (`\\ud800`); such a string is not text and
    cannot be written to any file: refuse it where it stands."""
    if isinstance(node, str):
        try:
            node.encode("utf-8")
        except UnicodeEncodeError:
            raise GeneratorError(
                [Problem(file, pointer, nearest_line(lines, pointer),
                         "string holds a lone UTF-16 surrogate escape (like \\ud800)",
                         "escape whole surrogate pairs, or write the character itself")]
            ) from None
    elif isinstance(node, dict):
        for key, value in node.items():
            _reject_lone_surrogates(key, pointer, file, lines)
            _reject_lone_surrogates(value, join_pointer(pointer, key), file, lines)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            _reject_lone_surrogates(value, join_pointer(pointer, index), file, lines)


_EXTERNAL_REF = re.compile(rb"""\$ref['"]?\s*:\s*(?!['"]?#)""")


def _may_have_external_refs(raw: bytes) -> bool:
    """Cheap pre-check so big self-contained specs skip the bundling walk."""
    return _EXTERNAL_REF.search(raw) is not None


def _with_line(problem: Problem, lines: Mapping[str, int]) -> Problem:
    if problem.line is not None:
        return problem
    return replace(problem, line=nearest_line(lines, problem.pointer))


def read_limited(path: Path, max_bytes: int) -> bytes:
    file = str(path)
    try:
        size = path.stat().st_size
        if size > max_bytes:
            raise GeneratorError([_too_large(file, size, max_bytes)])
        raw = path.read_bytes()
    except FileNotFoundError:
        raise GeneratorError([Problem(file, "", None, "file not found")]) from None
    except IsADirectoryError:
        raise GeneratorError([Problem(file, "", None, "is a directory, not a file")]) from None
    except OSError as exc:
        raise GeneratorError([Problem(file, "", None, f"cannot read: {exc.strerror}")]) from None
    if len(raw) > max_bytes:
        raise GeneratorError([_too_large(file, len(raw), max_bytes)])
    return raw


def _too_large(file: str, size: int, max_bytes: int) -> Problem:
    return Problem(
        file,
        "",
        None,
        f"file is {size} bytes, larger than the limit of {max_bytes} bytes",
        "raise max_bytes if this really is the spec",
    )


# --------------------------------------------------------------------------- parsing


def parse_bytes(raw: bytes, file: str, suffix: str = "") -> tuple[Any, Mapping[str, int]]:
    """Parse JSON or YAML bytes into JSON-compatible data and a pointer -> line mapping."""
    if not raw.strip():
        raise GeneratorError(
            [Problem(file, "", None, "file is empty", "expected an OpenAPI document")]
        )
    if _looks_like_json(raw, suffix):
        return _parse_json(raw, file)
    return _parse_yaml(raw, file)


def _looks_like_json(raw: bytes, suffix: str) -> bool:
    suffix = suffix.lower()
    if suffix == ".json":
        return True
    if suffix in (".yaml", ".yml"):
        return False
    return raw.lstrip()[:1] in (b"{", b"[")


# ---- JSON


class _DuplicateJsonKey(Exception):
    pass


class _NonJsonConstant(Exception):
    pass


def _unique_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        raise _DuplicateJsonKey()
    return result


def _reject_constant(name: str) -> Any:
    raise _NonJsonConstant(name)


def _parse_json(raw: bytes, file: str) -> tuple[Any, Mapping[str, int]]:
    text = _decode(raw, file)
    try:
        data = json.loads(
            text, object_pairs_hook=_unique_pairs, parse_constant=_reject_constant
        )
    except json.JSONDecodeError as exc:
        raise GeneratorError(
            [
                Problem(
                    file,
                    "",
                    exc.lineno,
                    f"JSON syntax error at column {exc.colno}: {exc.msg}",
                    _json_hint(exc.msg),
                )
            ]
        ) from None
    except _NonJsonConstant as exc:
        raise GeneratorError(
            [Problem(file, "", None, f"{exc} is not valid JSON", "use null or a string")]
        ) from None
    except _DuplicateJsonKey:
        _, duplicates = scan_json_lines(text, find_duplicates=True)
        raise GeneratorError(
            [_duplicate_key_problem(file, *duplicate) for duplicate in duplicates]
        ) from None
    return data, LazyLines(lambda: scan_json_lines(text)[0])


def _decode(raw: bytes, file: str) -> str:
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise GeneratorError(
            [Problem(file, "", None, f"not UTF-8 text (byte {exc.start})", "save it as UTF-8")]
        ) from None


def _json_hint(message: str) -> str:
    if "Expecting property name" in message:
        return "a trailing comma or an unquoted key? JSON keys need double quotes"
    if "Expecting ',' delimiter" in message:
        return "a missing comma between items?"
    return "check brackets, commas and quotes near this position"


_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"(?:\s*:)?|[{}\[\],]|[^\s{}\[\],:"]+')


class _Frame:
    __slots__ = ("child", "index", "is_array", "keys", "pointer")

    def __init__(self, pointer: str, is_array: bool) -> None:
        self.pointer = pointer
        self.is_array = is_array
        self.index = 0
        self.child = pointer
        self.keys: dict[str, int] | None = None


def scan_json_lines(
    text: str, *, find_duplicates: bool = False
) -> tuple[dict[str, int], list[tuple[str, str, int, int]]]:
    """Line of every member/item of (valid) JSON text, by pointer; optionally duplicate keys.

    Duplicates come as (object pointer, key, first line, second line).
    """
    lines: dict[str, int] = {}
    duplicates: list[tuple[str, str, int, int]] = []
    stack: list[_Frame] = []
    line, last = 1, 0

    def line_at(position: int) -> int:
        nonlocal line, last
        line += text.count("\n", last, position)
        last = position
        return line

    def start_value(position: int) -> str:
        if not stack:
            lines[""] = line_at(position)
            return ""
        frame = stack[-1]
        if frame.is_array:
            frame.child = f"{frame.pointer}/{frame.index}"
            lines[frame.child] = line_at(position)
        return frame.child

    for match in _JSON_TOKEN.finditer(text):
        token = match.group()
        first = token[0]
        if first == '"':
            if token[-1] == ":":
                frame = stack[-1]
                key = _json_key(token)
                frame.child = join_pointer(frame.pointer, key)
                key_line = line_at(match.start())
                lines[frame.child] = key_line
                if find_duplicates:
                    keys = frame.keys if frame.keys is not None else {}
                    frame.keys = keys
                    if key in keys:
                        duplicates.append((frame.pointer, key, keys[key], key_line))
                    keys.setdefault(key, key_line)
            else:
                start_value(match.start())
        elif first == "{" or first == "[":
            stack.append(_Frame(start_value(match.start()), first == "["))
        elif first == "}" or first == "]":
            stack.pop()
        elif first == ",":
            if stack[-1].is_array:
                stack[-1].index += 1
        else:
            start_value(match.start())
    return lines, duplicates


def _json_key(token: str) -> str:
    literal = token[: token.rindex('"') + 1]
    if "\\" not in literal:
        return literal[1:-1]
    return str(json.loads(literal))


# ---- YAML

_SafeLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class NodeLoader(_SafeLoader):  # type: ignore[valid-type,misc]
    """Safe loader; we only use its composer (node graph with marks), never its constructor."""


_TAG = "tag:yaml.org,2002:"
_DECIMAL_INT = re.compile(r"[-+]?(0|[1-9][0-9_]*)")
_HEX_INT = re.compile(r"[-+]?0x[0-9a-fA-F_]+")
_FLOAT = re.compile(r"[-+]?([0-9][0-9_]*)?\.[0-9_]*([eE][-+][0-9]+)?")


def _parse_yaml(raw: bytes, file: str) -> tuple[Any, Mapping[str, int]]:
    loader = NodeLoader(raw)
    try:
        root = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        raise GeneratorError([_yaml_syntax_problem(file, exc)]) from None
    except yaml.YAMLError as exc:
        raise GeneratorError([Problem(file, "", None, f"YAML error: {exc}")]) from None
    finally:
        loader.dispose()
    if root is None:
        raise GeneratorError(
            [Problem(file, "", None, "file has no YAML document (only comments or blank lines)")]
        )
    if b"&" in raw:
        _check_aliases(root, file)
    converter = _YamlConverter(file)
    try:
        data = converter.convert(root, "")
    except RecursionError:
        raise GeneratorError([Problem(file, "", None, "document is nested too deeply")]) from None
    if converter.problems:
        raise GeneratorError(converter.problems)
    converter.lines.setdefault("", root.start_mark.line + 1)
    return data, converter.lines


def _yaml_syntax_problem(file: str, exc: yaml.MarkedYAMLError) -> Problem:
    mark = exc.problem_mark or exc.context_mark
    what = exc.problem or "invalid YAML"
    if exc.context:
        what = f"{what} ({exc.context})"
    line = mark.line + 1 if mark is not None else None
    column = f" at column {mark.column + 1}" if mark is not None else ""
    return Problem(file, "", line, f"YAML syntax error{column}: {what}", _yaml_hint(what))


def _yaml_hint(what: str) -> str:
    if "mapping values are not allowed" in what:
        return "a value containing ': ' must be quoted, or the indentation is off"
    if "'\\t'" in what or "tab" in what:
        return "YAML does not allow tabs for indentation; use spaces"
    if "found undefined alias" in what:
        return "an alias *name needs an anchor &name defined before it"
    if "expected a single document" in what:
        return "the file holds several YAML documents (---); keep only the OpenAPI one"
    return "check indentation and quoting near this position"


class _AliasCounter:
    """Measure alias use on the composed node graph without expanding it."""

    def __init__(self) -> None:
        self.sizes: dict[int, int] = {}
        self.in_progress: set[int] = set()
        self.aliases = 0
        self.unique = 0
        self.first_alias_line: int | None = None
        self.recursive_line: int | None = None

    def size(self, node: yaml.Node) -> int:
        key = id(node)
        known = self.sizes.get(key)
        if known is not None:
            self.aliases += 1
            if self.first_alias_line is None:
                self.first_alias_line = node.start_mark.line + 1
            return known
        if key in self.in_progress:
            self.recursive_line = node.start_mark.line + 1
            return 1
        self.in_progress.add(key)
        self.unique += 1
        total = 1
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                total += self.size(key_node) + self.size(value_node)
        elif isinstance(node, yaml.SequenceNode):
            for item in node.value:
                total += self.size(item)
        self.in_progress.discard(key)
        self.sizes[key] = total
        return total


def _check_aliases(root: yaml.Node, file: str) -> None:
    counter = _AliasCounter()
    try:
        expanded = counter.size(root)
    except RecursionError:
        raise GeneratorError([Problem(file, "", None, "document is nested too deeply")]) from None
    hint = (
        "YAML anchors/aliases (&name / *name) are limited to guard against alias bombs; "
        "write the repeated parts out, or use $ref"
    )
    if counter.recursive_line is not None:
        raise GeneratorError(
            [Problem(file, "", counter.recursive_line, "recursive YAML alias", hint)]
        )
    growth = expanded - counter.unique
    if counter.aliases > MAX_YAML_ALIASES:
        message = f"too many YAML aliases: {counter.aliases} (limit {MAX_YAML_ALIASES})"
    elif growth > MAX_ALIAS_EXPANSION:
        message = (
            f"YAML aliases would expand the document by {growth} nodes "
            f"(limit {MAX_ALIAS_EXPANSION}); refusing a possible alias bomb"
        )
    else:
        return
    raise GeneratorError([Problem(file, "", counter.first_alias_line, message, hint)])


class _YamlConverter:
    """YAML node graph -> JSON-compatible data, recording the line of every pointer."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.lines: dict[str, int] = {}
        self.problems: list[Problem] = []

    def convert(self, node: yaml.Node, pointer: str) -> Any:
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, pointer)
        if isinstance(node, yaml.SequenceNode):
            return self._sequence(node, pointer)
        assert isinstance(node, yaml.ScalarNode)
        return scalar_value(node)

    def _sequence(self, node: yaml.SequenceNode, pointer: str) -> list[Any]:
        result = []
        for index, item in enumerate(node.value):
            child = f"{pointer}/{index}"
            self.lines[child] = item.start_mark.line + 1
            result.append(self.convert(item, child))
        return result

    def _mapping(self, node: yaml.MappingNode, pointer: str) -> dict[str, Any]:
        result = self._merged_base(node, pointer)
        key_lines: dict[str, int] = {}
        for key_node, value_node in node.value:
            if key_node.tag == _TAG + "merge":
                continue
            key = self._key(key_node, pointer)
            if key is None:
                continue
            child = join_pointer(pointer, key)
            line = key_node.start_mark.line + 1
            if key in key_lines:
                self.problems.append(_duplicate_key_problem(self.file, pointer, key,
                                                            key_lines[key], line))
                continue
            key_lines[key] = line
            self.lines[child] = line
            result[key] = self.convert(value_node, child)
        return result

    def _merged_base(self, node: yaml.MappingNode, pointer: str) -> dict[str, Any]:
        """`<<: *base` / `<<: [*a, *b]`: keys from the sources; earlier sources win."""
        base: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag != _TAG + "merge":
                continue
            sources = value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node]
            for source in sources:
                if not isinstance(source, yaml.MappingNode):
                    self.problems.append(Problem(
                        self.file, pointer, source.start_mark.line + 1,
                        "a `<<` merge key needs a mapping or a list of mappings"))
                    continue
                for key, value in self._mapping(source, pointer).items():
                    base.setdefault(key, value)
        return base

    def _key(self, key_node: yaml.Node, pointer: str) -> str | None:
        if isinstance(key_node, yaml.ScalarNode):
            return str(key_node.value)
        self.problems.append(Problem(
            self.file, pointer, key_node.start_mark.line + 1,
            "mapping key is not a plain string", "JSON/OpenAPI keys must be strings"))
        return None


def _duplicate_key_problem(file: str, pointer: str, key: str, first: int, second: int) -> Problem:
    return Problem(
        file,
        join_pointer(pointer, key),
        second,
        f"duplicate key {key!r} (first on line {first}, again on line {second})",
        "a parser would silently keep only the last one; remove or rename one of them",
    )


def scalar_value(node: yaml.ScalarNode) -> Any:
    """A YAML scalar as JSON data, without YAML 1.1 surprises."""
    text = str(node.value)
    if node.style or node.tag == _TAG + "str":
        return text
    tag = node.tag
    if tag == _TAG + "null":
        return None
    if tag == _TAG + "bool":
        lowered = text.lower()
        return lowered == "true" if lowered in ("true", "false") else text
    if tag == _TAG + "int":
        if _DECIMAL_INT.fullmatch(text):
            return int(text.replace("_", ""))
        if _HEX_INT.fullmatch(text):
            return int(text.replace("_", ""), 16)
        return text
    if tag == _TAG + "float" and _FLOAT.fullmatch(text):
        return float(text.replace("_", ""))
    return text


# --------------------------------------------------------------------------- OpenAPI root


def check_openapi_root(data: Any, file: str, lines: Mapping[str, int]) -> None:
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


# --------------------------------------------------------------------------- bundling


# What a member of a map-like kind is (paths -> path item, responses -> response, ...).
_MEMBER_KIND = {
    "paths": "pathItem", "parameters": "parameter", "responses": "response",
    "content": "mediaType", "examples": "example", "headers": "header", "links": "link",
    "callbacks": "callback", "callback": "pathItem", "encodings": "encoding",
    "schemas": "schema", "requestBodies": "requestBody", "securitySchemes": "securityScheme",
    "pathItems": "pathItem",
}
_FIELD_KIND: dict[tuple[str, str], str] = {
    ("document", "paths"): "paths",
    ("document", "webhooks"): "paths",
    ("document", "components"): "components",
    **{("components", section): section for section in (
        "schemas", "parameters", "responses", "requestBodies", "headers", "examples", "links",
        "callbacks", "securitySchemes", "pathItems")},
    ("pathItem", "parameters"): "parameters",
    **{("pathItem", method): "operation" for method in HTTP_METHODS},
    ("operation", "parameters"): "parameters",
    ("operation", "requestBody"): "requestBody",
    ("operation", "responses"): "responses",
    ("operation", "callbacks"): "callbacks",
    ("parameter", "schema"): "schema",
    ("header", "schema"): "schema",
    ("mediaType", "schema"): "schema",
    ("parameter", "content"): "content",
    ("header", "content"): "content",
    ("requestBody", "content"): "content",
    ("response", "content"): "content",
    ("parameter", "examples"): "examples",
    ("header", "examples"): "examples",
    ("mediaType", "examples"): "examples",
    ("mediaType", "encoding"): "encodings",
    ("encoding", "headers"): "headers",
    ("response", "headers"): "headers",
    ("response", "links"): "links",
}
# The components section an object of that kind is bundled into.
_KIND_SECTION = {
    "schema": "schemas", "parameter": "parameters", "response": "responses",
    "requestBody": "requestBodies", "header": "headers", "example": "examples",
    "link": "links", "callback": "callbacks", "securityScheme": "securitySchemes",
    "pathItem": "pathItems",
}


def child_kind(kind: str, key: str) -> str:
    """The OpenAPI object kind found under `key` of an object of `kind`."""
    if kind == "schema":
        return "schema"
    member = _MEMBER_KIND.get(kind)
    if member is not None:
        return member
    return _FIELD_KIND.get((kind, key), "other")


@dataclass
class _Source:
    location: str  # absolute path or URL
    label: str  # file name used in problems
    data: Any
    lines: Mapping[str, int]
    remote: bool = False


@dataclass
class _Bundler:
    main_path: Path
    data: dict[str, Any]
    lines: Mapping[str, int]
    allow_remote_refs: bool
    max_bytes: int
    problems: list[Problem] = field(default_factory=list)
    sources: dict[str, _Source] = field(default_factory=dict)
    assigned: dict[tuple[str, str, str], str] = field(default_factory=dict)
    inlining: set[tuple[str, str]] = field(default_factory=set)
    http: httpx.Client | None = None

    def __post_init__(self) -> None:
        self.root_dir = self.main_path.absolute().parent.resolve()
        self.main_location = str(self.main_path.resolve())
        self.main = _Source(str(self.main_path.absolute()), str(self.main_path), self.data,
                            self.lines)
        self.sources[self.main_location] = self.main
        self.allow_31_path_items = str(self.data.get("openapi", "")).startswith("3.1")

    def bundle(self) -> dict[str, Any]:
        try:
            self.walk(self.data, "document", self.main, "")
        finally:
            if self.http is not None:
                self.http.close()
        if self.problems:
            raise GeneratorError(self.problems)
        return self.data

    def walk(self, node: Any, kind: str, source: _Source, pointer: str) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and (source is not self.main or not ref.startswith("#")):
                replacement = self.bundle_ref(ref, kind, source, join_pointer(pointer, "$ref"))
                if not isinstance(replacement, str):
                    return replacement
                node["$ref"] = replacement
            for key, value in list(node.items()):
                if key != "$ref":
                    node[key] = self.walk(value, child_kind(kind, key), source,
                                          join_pointer(pointer, key))
        elif isinstance(node, list):
            for index, item in enumerate(node):
                node[index] = self.walk(item, child_kind(kind, str(index)), source,
                                        f"{pointer}/{index}")
        return node

    def bundle_ref(self, ref: str, kind: str, source: _Source, ref_pointer: str) -> Any:
        """The new `$ref` string, or (for inlined refs) the replacement content."""
        located = self.locate(ref, source, ref_pointer)
        if located is None:
            return ref
        location, fragment = located
        if location == self.main_location:
            return "#" + fragment
        target = self.source(location, source, ref_pointer, ref)
        if target is None:
            return ref
        found, value = resolve_pointer(target.data, fragment)
        if not found:
            self.problem(source, ref_pointer, f"$ref {ref!r}: {target.label} has no {fragment!r}",
                         "check the pointer after '#'")
            return ref
        section = _KIND_SECTION.get(kind)
        if section == "pathItems" and not self.allow_31_path_items:
            section = None
        if section is None:
            return self.inline(ref, value, kind, target, fragment, source, ref_pointer)
        key = (location, fragment, section)
        existing = self.assigned.get(key)
        if existing is not None:
            return existing
        components = self.data.setdefault("components", {})
        entries = components.setdefault(section, {})
        name = first_free(component_name(fragment, location), entries)
        new_ref = f"#/components/{section}/{escape_token(name)}"
        self.assigned[key] = new_ref
        entries[name] = None  # reserve the name before walking (cycles come back to it)
        entries[name] = self.walk(copy.deepcopy(value), kind, target, fragment)
        return new_ref

    def inline(self, ref: str, value: Any, kind: str, target: _Source, fragment: str,
               source: _Source, ref_pointer: str) -> Any:
        key = (target.location, fragment)
        if key in self.inlining:
            self.problem(source, ref_pointer,
                         f"$ref {ref!r} is part of a reference cycle that would have to be inlined",
                         "reference a schema or other component instead")
            return {"$ref": ref}
        self.inlining.add(key)
        try:
            return self.walk(copy.deepcopy(value), kind, target, fragment)
        finally:
            self.inlining.discard(key)

    def locate(self, ref: str, source: _Source, ref_pointer: str) -> tuple[str, str] | None:
        """(absolute location, JSON pointer fragment) of `ref`, or None after a problem."""
        address, _, fragment = ref.partition("#")
        fragment = unquote(fragment)
        if not address:
            return source.location, fragment
        if source.remote or urlsplit(address).scheme:
            absolute = urljoin(source.location, address) if source.remote else address
            scheme = urlsplit(absolute).scheme
            if scheme not in ("http", "https"):
                self.problem(source, ref_pointer,
                             f"$ref {ref!r}: {scheme or 'local'} references are not supported here",
                             "use a relative file path or an http(s) URL")
                return None
            if not self.allow_remote_refs:
                self.problem(source, ref_pointer, f"remote $ref {ref!r} refused",
                             "pass --allow-remote-refs to fetch it (only for sources you trust), "
                             "or download it next to the spec and reference it by relative path")
                return None
            return absolute, fragment
        target = (Path(source.location).parent / unquote(address)).resolve()
        if not target.is_relative_to(self.root_dir):
            self.problem(source, ref_pointer,
                         f"$ref {ref!r} points outside the spec's folder ({self.root_dir})",
                         "copy the file into the spec's folder and reference it from there")
            return None
        if not target.is_file():
            self.problem(source, ref_pointer, f"$ref {ref!r}: file not found ({target})",
                         "check the relative path; it is resolved from the referring file's folder")
            return None
        return str(target), fragment

    def source(self, location: str, referrer: _Source, ref_pointer: str, ref: str) -> _Source | None:
        known = self.sources.get(location)
        if known is not None:
            return known
        remote = location.startswith(("http://", "https://"))
        label = location if remote else _display_path(Path(location))
        try:
            raw = self.fetch(location) if remote else read_limited(Path(location), self.max_bytes)
            suffix = Path(urlsplit(location).path).suffix if remote else Path(location).suffix
            data, lines = parse_bytes(raw, label, suffix)
        except GeneratorError as exc:
            self.problem(referrer, ref_pointer, f"$ref {ref!r} cannot be loaded")
            self.problems.extend(exc.problems)
            return None
        loaded = _Source(location, label, data, lines, remote)
        self.sources[location] = loaded
        return loaded

    def fetch(self, url: str) -> bytes:
        import httpx

        if self.http is None:
            self.http = httpx.Client(timeout=REMOTE_TIMEOUT_SECONDS, follow_redirects=True)
        chunks: list[bytes] = []
        total = 0
        try:
            with self.http.stream("GET", url) as response:
                response.raise_for_status()
                for chunk in response.iter_bytes():
                    total += len(chunk)
                    if total > self.max_bytes:
                        raise GeneratorError([_too_large(url, total, self.max_bytes)])
                    chunks.append(chunk)
        except httpx.HTTPError as exc:
            raise GeneratorError([Problem(url, "", None, f"could not fetch: {exc}")]) from None
        return b"".join(chunks)

    def problem(self, source: _Source, pointer: str, message: str, hint: str = "") -> None:
        self.problems.append(
            Problem(source.label, pointer, nearest_line(source.lines, pointer), message, hint)
        )


def _display_path(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def component_name(fragment: str, location: str) -> str:
    """Last pointer segment, else the file stem; only characters components keys allow."""
    tokens = split_pointer(fragment)
    base = tokens[-1] if tokens else Path(urlsplit(location).path).stem
    return re.sub(r"[^A-Za-z0-9._-]", "_", base) or "Component"


