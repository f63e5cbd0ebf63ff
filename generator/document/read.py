"""Reading a spec file: JSON or YAML bytes into JSON-compatible data and a line map.

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
- Lines are kept in a `LineMap` (document/lines.py), one entry per node keyed by its parent and
  its own token: a pointer string per node would grow with depth x key length.
"""

from __future__ import annotations

import codecs
import json
import math
import re
from collections.abc import Callable, Mapping
from typing import Any

import yaml

from generator.document.files import read_limited
from generator.document.json_seek import SeekingLines
from generator.document.lines import ROOT, LineMap
from generator.document.nesting import (
    COMPOSE_FIRST_LEVELS,
    refuse_deep_yaml,
    too_deep_problem,
    yaml_depth_bound,
)
from generator.document.numbers import (
    might_be_too_large,
    number_problem,
    out_of_range,
    token_out_of_range,
)
from generator.document.pointer import join_pointer
from generator.document.tree import MAX_NESTING, cyclic_gc_paused, depth, with_deep_stack
from generator.problems import GeneratorError, Problem

__all__ = ["DEFAULT_MAX_BYTES", "json_text", "parse_bytes", "read_limited", "scalar_value",
           "scan_json_lines"]

DEFAULT_MAX_BYTES = 64 * 1024 * 1024
MAX_YAML_ALIASES = 100
MAX_ALIAS_EXPANSION = 100_000


# --------------------------------------------------------------------------- parsing


def parse_bytes(raw: bytes, file: str, suffix: str = "") -> tuple[Any, Mapping[str, int]]:
    """Parse JSON or YAML bytes into JSON-compatible data and a pointer -> line mapping."""
    if not raw.strip():
        raise GeneratorError(
            [Problem(file, "", None, "file is empty", "expected an OpenAPI document")]
        )
    with cyclic_gc_paused():
        if looks_like_json(raw, suffix):
            return _parse_json(raw, file)
        return _parse_yaml(raw, file)


def looks_like_json(raw: bytes, suffix: str) -> bool:
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


def _unique_pairs_sharing(texts: dict[str, str]
                          ) -> Callable[[list[tuple[str, Any]]], dict[str, Any]]:
    """json's `object_pairs_hook`: an object as a dict, refused when a key repeats; each string
    value one object per text, kept in `texts` (json shares the keys itself, not the values)."""
    shared = texts.setdefault

    def unique_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        result = {key: shared(value, value) if value.__class__ is str else value
                  for key, value in pairs}
        if len(result) != len(pairs):
            raise _DuplicateJsonKey()
        return result

    return unique_pairs


def _reject_constant(name: str) -> Any:
    raise _NonJsonConstant(name)


def _parse_json(raw: bytes, file: str) -> tuple[Any, Mapping[str, int]]:
    text = _ascii_json(raw)
    if text is not None:
        try:
            return _parsed_json(text, file)
        except GeneratorError:
            pass  # said below as the file's own characters place it (columns, excerpts)
    return _parsed_json(_decode(raw, file), file)


def json_text(raw: bytes) -> str:
    """UTF-8 JSON `raw` as the text it is parsed from: ASCII where it can be (`_ascii_json`),
    else decoded (UnicodeDecodeError when it is not UTF-8)."""
    text = _ascii_json(raw)
    return raw.decode("utf-8-sig") if text is None else text


_ESCAPES = "openapi-clientgen-json-escapes"  # the error handler `_ascii_json` decodes with
_NON_ASCII = re.compile(rb"[\x80-\xff]+")
_ASCII_BYTES = bytes(range(0x80))
_CONTINUATION_BYTES = bytes(range(0x80, 0xC0))  # the bytes after a UTF-8 sequence's first
_LATIN1_LEADS = b"\xc2\xc3"  # the first bytes of U+0080-U+00FF (held at one byte each)
_ASTRAL_LEADS = bytes(range(0xF0, 0x100))  # the first bytes of characters past U+FFFF
# More characters to escape than this and escaping costs more time than the text saves memory
# (the decoder's error handler runs once per run of them, ~2 microseconds).
MAX_ESCAPED = 200_000


class _NotEscapable(Exception):
    pass


def _ascii_json(raw: bytes) -> str | None:
    """`raw`, UTF-8 JSON, as ASCII text that JSON reads as the same document, when that text
    is the smaller: each run of other characters written as JSON `\\u` escapes. One character
    past U+FFFF (an emoji) makes Python hold the decoded text at four bytes a character
    (GitHub's 13 MB description: 50 MB, 12 MB so escaped), in the parse and in the line map
    (whose lines are the same: an escape is no line break, and keys are read unescaped); text
    of other characters decodes to one or two bytes each, which six-byte escapes would only
    grow (`_escaping_pays`). Decoded as ASCII, each run escaped where the decoder meets it
    (`_json_escapes`). None when escaping does not pay or might not read the same (a byte
    order mark, a run right after a backslash that would escape it, text that is not
    UTF-8): the text is then decoded as it is."""
    if raw.startswith(codecs.BOM_UTF8) or not _escaping_pays(raw):
        return None
    try:
        return raw.decode("ascii", errors=_ESCAPES)
    except (UnicodeDecodeError, _NotEscapable):
        return None


def _escaping_pays(raw: bytes) -> bool:
    """Whether `raw` escaped (one byte an ASCII character, six a non-ASCII one, twelve past
    U+FFFF) is smaller than decoded (as many bytes a character as its widest needs), and has
    at most `MAX_ESCAPED` characters to escape. Counted at C speed, on the bytes above 127."""
    if raw.isascii():
        return True  # decoded as it is (`isascii` is cheaper than the counting below)
    wide = raw.translate(None, _ASCII_BYTES)
    leads = wide.translate(None, _CONTINUATION_BYTES)  # one a non-ASCII character
    astral = len(leads) - len(leads.translate(None, _ASTRAL_LEADS))
    if len(leads) > MAX_ESCAPED:
        return False
    width = 4 if astral else 2 if leads.translate(None, _LATIN1_LEADS) else 1
    characters = len(raw) - (len(wide) - len(leads))
    escaped = len(raw) - len(wide) + 6 * (len(leads) - astral) + 12 * astral
    return escaped < width * characters


def _json_escapes(error: UnicodeError) -> tuple[str, int]:
    """The ASCII decoder's error handler: the run of bytes above 127 the decoder stopped at,
    as JSON escapes, and where decoding goes on. (The error holds a copy of the bytes, made
    by the decoder once.)"""
    if not isinstance(error, UnicodeDecodeError):
        raise error
    raw, start = error.object, error.start
    end = _NON_ASCII.match(raw, start).end()  # type: ignore[union-attr]  # (it stopped at one)
    if _backslashes_before(raw, start) % 2:  # `"\é"`: an invalid escape stays one
        raise _NotEscapable()
    return json.dumps(raw[start:end].decode("utf-8"))[1:-1], end


codecs.register_error(_ESCAPES, _json_escapes)


def _backslashes_before(raw: bytes, position: int) -> int:
    start = position
    while start and raw[start - 1] == ord("\\"):
        start -= 1
    return position - start


def _parsed_json(text: str, file: str) -> tuple[Any, Mapping[str, int]]:
    if might_be_too_large(text):
        _refuse_too_large_numbers(text, file)
    try:
        data = _loads_any_depth(text, file)
    except json.JSONDecodeError as exc:
        raise GeneratorError([Problem(file, "", exc.lineno,
                                      f"JSON syntax error at column {exc.colno}: "
                                      f"{_json_reason(exc.msg)}",
                                      _json_hint(exc.msg))]) from None
    except _NonJsonConstant as exc:
        line, column = _constant_place(text, str(exc))
        raise GeneratorError([Problem(file, "", line,
                                      f"{exc} is not valid JSON" + (
                                          f" (column {column})" if column else ""),
                                      "use null or a string")]) from None
    except _DuplicateJsonKey:
        _, duplicates = scan_json_lines(text, find_duplicates=True)
        raise GeneratorError(
            [_duplicate_key_problem(file, *duplicate) for duplicate in duplicates]
        ) from None
    return data, SeekingLines(text, lambda: _scanned_lines(text))


def _json_reason(message: str) -> str:
    """Python's reason without its dangling place (`Unterminated string starting at`: the
    place follows in `str(exc)`, which the line and column above say already)."""
    return message[: -len(" at")] + " there" if message.endswith(" at") else message


# a JSON string, or one of the constants Python's json reads and JSON has not
_STRING_OR_CONSTANT = re.compile(r'"(?:[^"\\]|\\.)*"|(-?Infinity|NaN)')


def _constant_place(text: str, constant: str) -> tuple[int | None, int | None]:
    """The line and column of the first `constant` (`NaN`, `Infinity`...) outside strings."""
    for match in _STRING_OR_CONSTANT.finditer(text):
        if match.group(1) == constant:
            return _line_and_column(text, match.start(1))
    return None, None


def _line_and_column(text: str, offset: int) -> tuple[int, int]:
    """Where `offset` of `text` is: its line and column, both counted from 1."""
    return text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)


def _scanned_lines(text: str) -> LineMap:
    """The line map of JSON `text`, made when a line is first asked for."""
    with cyclic_gc_paused():  # as the parse: a tree of the document's size, without cycles
        return scan_json_lines(text)[0]


def _refuse_too_large_numbers(text: str, file: str) -> None:
    """The first number of `text` too large to be read (`numbers`), refused where it is."""
    scanner = _JsonScanner(text, find_too_large=True)
    scanner.run()
    if scanner.too_large is not None:
        raise GeneratorError([number_problem(file, *scanner.too_large)])


def _loads(text: str) -> Any:
    # A document repeats its values (`"type": "string"`, the same `$ref`, the same description):
    # one string object per text holds GitHub's 12 MB description in 20 MiB instead of 26, for
    # ~0.02 s more, in every process that holds or walks it
    return json.loads(text, object_pairs_hook=_unique_pairs_sharing({}),
                      parse_constant=_reject_constant)


def _loads_any_depth(text: str, file: str) -> Any:
    """`json.loads`, also of a document nested deeper than the default recursion limit allows
    (json's C decoder recurses once per level): measured first, refused past `MAX_NESTING`."""
    try:
        return _loads(text)
    except RecursionError:
        pass  # retried below, on a stack that holds the document
    scanner = _JsonScanner(text, max_depth=MAX_NESTING)
    scanner.run()
    if scanner.too_deep is not None:
        pointer, line = scanner.too_deep
        raise GeneratorError([too_deep_problem(file, pointer, line)])
    return with_deep_stack(lambda: _loads(text), scanner.deepest)


def _decode(raw: bytes, file: str) -> str:
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        wide = _wide_encoding(raw)
        if wide is not None:
            raise GeneratorError([Problem(
                file, "", None,
                f"not UTF-8: {wide} text (the file starts with its byte order mark)",
                "save the file as UTF-8: Windows PowerShell's `>` and `Out-File` write UTF-16 "
                "(`Out-File -Encoding utf8`)")]) from None
        raise GeneratorError([not_utf8_problem(raw, file, exc.start)]) from None


def _wide_encoding(raw: bytes) -> str | None:
    """UTF-32 or UTF-16, when `raw` starts with that encoding's byte order mark (UTF-32 LE's
    starts with UTF-16 LE's, so it is looked for first)."""
    if raw.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        return "UTF-32"
    return "UTF-16" if raw.startswith(_UTF16_BOMS) else None


def not_utf8_problem(raw: bytes, file: str, start: int) -> Problem:
    """The first byte of `raw` that is no UTF-8, at its line and column (in characters: the
    line's readable part before it), said in the file's terms, not the decoder's."""
    line_start = raw.rfind(b"\n", 0, start) + 1
    column = len(raw[line_start:start].decode("utf-8", "replace")) + 1
    return Problem(file, "", raw.count(b"\n", 0, start) + 1,
                   f"not UTF-8 (byte 0x{raw[start]:02X} at column {column})",
                   "save the file as UTF-8: a Latin-1 or Windows-1252 export is the usual cause")


def _json_hint(message: str) -> str:
    if "Expecting property name" in message:
        return "a trailing comma or an unquoted key? JSON keys need double quotes"
    if "Expecting ',' delimiter" in message:
        return "a missing comma between items?"
    return "check brackets, commas and quotes near this position"


_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"(?:\s*:)?|[{}\[\],]|[^\s{}\[\],:"]+')


class _Frame:
    __slots__ = ("child", "index", "is_array", "keys", "node")

    def __init__(self, node: int, is_array: bool) -> None:
        self.node = node  # in the line map
        self.is_array = is_array
        self.index = 0
        self.child = node
        self.keys: dict[str, int] | None = None


def scan_json_lines(
    text: str, *, find_duplicates: bool = False
) -> tuple[LineMap, list[tuple[str, str, int, int]]]:
    """Line of every member/item of (valid) JSON text, by pointer; optionally duplicate keys.

    Duplicates come as (object pointer, key, first line, second line).
    """
    scanner = _JsonScanner(text, find_duplicates=find_duplicates)
    scanner.run()
    return scanner.lines, scanner.duplicates


class _JsonScanner:
    """One pass of a regex tokenizer over JSON text, with its own stack (any depth): the line
    of every pointer, duplicate keys, how deep the text nests, and where it first nests deeper
    than `max_depth` (the scan stops there). Text that is not valid JSON is scanned as far as
    it goes without failing: the decoder says what is wrong with it."""

    def __init__(self, text: str, *, find_duplicates: bool = False,
                 max_depth: int | None = None, find_too_large: bool = False) -> None:
        self.text = text
        self.find_duplicates = find_duplicates
        self.find_too_large = find_too_large
        self.too_large: tuple[str, int, str] | None = None  # (pointer, line, the number)
        self.max_depth = max_depth
        self.lines = LineMap()
        self.duplicates: list[tuple[str, str, int, int]] = []
        self.stack: list[_Frame] = []
        self.deepest = 0
        self.too_deep: tuple[str, int] | None = None  # (pointer, line) past `max_depth`
        self._line, self._last = 1, 0

    def run(self) -> None:
        for match in _JSON_TOKEN.finditer(self.text):
            token, position = match.group(), match.start()
            first = token[0]
            if first == '"' and token[-1] == ":" and self.stack:
                self._key(token, position)
            elif first in "{[":
                if not self._open(first == "[", position):
                    return
            elif first in "}]":
                if self.stack:
                    self.stack.pop()
            elif first == ",":
                if self.stack and self.stack[-1].is_array:
                    self.stack[-1].index += 1
            elif not self._scalar(token, position):
                return

    def _scalar(self, token: str, position: int) -> bool:
        """A number, string, true, false or null; False (and `too_large` set) when looking for
        numbers too large to read and this is one."""
        node = self._start_value(position)
        if self.find_too_large and token_out_of_range(token):
            self.too_large = (self.lines.pointer_of(node), self._line_at(position), token)
            return False
        return True

    def _line_at(self, position: int) -> int:
        self._line += self.text.count("\n", self._last, position)
        self._last = position
        return self._line

    def _start_value(self, position: int) -> int:
        """The node of the value starting at `position` (an array's item is recorded here)."""
        if not self.stack:
            self.lines.set_line(ROOT, self._line_at(position))
            return ROOT
        frame = self.stack[-1]
        if frame.is_array:
            frame.child = self.lines.add(frame.node, frame.index, self._line_at(position))
        return frame.child

    def _open(self, is_array: bool, position: int) -> bool:
        """Enter an object or array; False (and `too_deep` set) past `max_depth`."""
        node = self._start_value(position)
        if self.max_depth is not None and len(self.stack) >= self.max_depth:
            self.too_deep = (self.lines.pointer_of(node), self._line_at(position))
            return False
        self.stack.append(_Frame(node, is_array))
        self.deepest = max(self.deepest, len(self.stack))
        return True

    def _key(self, token: str, position: int) -> None:
        frame = self.stack[-1]
        key = _json_key(token)
        key_line = self._line_at(position)
        frame.child = self.lines.add(frame.node, key, key_line)
        if self.find_duplicates:
            keys = frame.keys if frame.keys is not None else {}
            frame.keys = keys
            if key in keys:
                self.duplicates.append((self.lines.pointer_of(frame.node), key, keys[key],
                                        key_line))
            keys.setdefault(key, key_line)


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
    bound = yaml_depth_bound(raw)
    if bound > COMPOSE_FIRST_LEVELS:
        refuse_deep_yaml(raw, file, NodeLoader, bound)
    root = with_deep_stack(lambda: _composed(raw, file), 1, recurses_in_c=True)
    levels = depth(root, _yaml_children)
    if levels > MAX_NESTING:  # composed first (`COMPOSE_FIRST_LEVELS`): the events say where
        refuse_deep_yaml(raw, file, NodeLoader, bound)
        raise GeneratorError([too_deep_problem(file, "", None)])
    if b"&" in raw:
        _check_aliases(root, file, levels)
    converter = _YamlConverter(file)
    try:
        data = with_deep_stack(lambda: converter.convert(root, ROOT), levels)
    except RecursionError:  # aliases made it deeper than the node graph is
        raise GeneratorError([too_deep_problem(file, "", None)]) from None
    if converter.problems:
        raise GeneratorError(converter.problems)
    converter.lines.set_line(ROOT, root.start_mark.line + 1, replace=False)
    return data, converter.lines


def _composed(raw: bytes, file: str) -> yaml.Node:
    """The YAML document's node graph, as libyaml composes it; its syntax errors located."""
    loader = None
    try:
        loader = NodeLoader(raw)  # PyYAML's own reader decodes here already
        root: yaml.Node | None = loader.get_single_node()
    except yaml.reader.ReaderError:
        raise GeneratorError([_unreadable_yaml_text(raw, file)]) from None
    except yaml.MarkedYAMLError as exc:
        raise GeneratorError([_yaml_syntax_problem(file, exc)]) from None
    except yaml.YAMLError as exc:
        raise GeneratorError([Problem(file, "", None, f"YAML error: {exc}")]) from None
    finally:
        if loader is not None:
            loader.dispose()
    if root is None:
        raise GeneratorError(
            [Problem(file, "", None, "file has no YAML document (only comments or blank lines)")]
        )
    return root


# Characters YAML 1.1/1.2 refuses in a stream (its printable set, c-printable).
_NOT_YAML_PRINTABLE = re.compile(
    "[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")  # YAML may be UTF-16 (or 32): PyYAML decodes those


def _unreadable_yaml_text(raw: bytes, file: str) -> Problem:
    """PyYAML's reader refused the text (its message: `<byte string>`, an offset, the bad
    character escaped): found again here, the first byte that is no UTF-8, or the first
    character YAML does not allow, at its line and column."""
    if raw.startswith(_UTF16_BOMS):
        return Problem(file, "", None, "not readable as UTF-16 text", "save the file as UTF-8")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return not_utf8_problem(raw, file, exc.start)
    found = _NOT_YAML_PRINTABLE.search(text)
    if found is None:  # not expected: the reader refused something; say that much, located
        return Problem(file, "", None, "text PyYAML cannot read", "save the file as UTF-8")
    line, column = _line_and_column(text, found.start())
    return Problem(file, "", line,
                   f"character U+{ord(found.group()):04X} is not allowed in YAML "
                   f"(at column {column})",
                   "remove it; in a double-quoted string a control character is written as an "
                   "escape")


def _yaml_children(node: yaml.Node) -> list[yaml.Node]:
    """The mappings and sequences right inside `node`: a depth counted over them is in levels
    of objects and arrays, as `MAX_NESTING` counts (a scalar leaf is no level)."""
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair if isinstance(part, _COLLECTIONS)]
    if isinstance(node, yaml.SequenceNode):
        return [item for item in node.value if isinstance(item, _COLLECTIONS)]
    return []


_COLLECTIONS = (yaml.MappingNode, yaml.SequenceNode)


def _yaml_syntax_problem(file: str, exc: yaml.MarkedYAMLError) -> Problem:
    mark = exc.problem_mark or exc.context_mark
    what = exc.problem or "invalid YAML"
    if exc.context:
        # where the unclosed thing began: an unclosed quote is reported where parsing failed,
        # often many lines further down
        began = exc.context_mark
        at = (f" that starts at line {began.line + 1}"
              if began is not None and mark is not None and began.line != mark.line else "")
        what = f"{what} ({exc.context}{at})"
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
    if "expected a single document" in what:  # (its message names a line too: asked first)
        return "the file holds several YAML documents (---); keep only the OpenAPI one"
    if "that starts at line" in what:
        return ("a quote or bracket opened there may never be closed, or the indentation is off "
                "between there and here")
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


def _check_aliases(root: yaml.Node, file: str, levels: int) -> None:
    counter = _AliasCounter()
    expanded = with_deep_stack(lambda: counter.size(root), levels)  # its walk recurses
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
        self.lines = LineMap()
        self.problems: list[Problem] = []
        # one string object per text: libyaml makes a new one per scalar, keys included, and a
        # document repeats both (`type`, `string`, the same `$ref`): OpenAI's 3 MB document and
        # its line map take 14 MiB instead of 17
        self._texts: dict[str, str] = {}
        self._shared = self._texts.setdefault

    def convert(self, node: yaml.Node, at: int) -> Any:
        """`node` as JSON data; `at` is its node in the line map."""
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, at)
        if isinstance(node, yaml.SequenceNode):
            return self._sequence(node, at)
        assert isinstance(node, yaml.ScalarNode)
        try:
            value = scalar_value(node)
        except ValueError:  # an integer of more digits than Python reads
            value = math.inf
        if value.__class__ is str:
            return self._shared(value, value)
        if out_of_range(value):
            self.problems.append(number_problem(self.file, self.lines.pointer_of(at),
                                                node.start_mark.line + 1, str(node.value)))
            return None
        return value

    def _sequence(self, node: yaml.SequenceNode, at: int) -> list[Any]:
        result = []
        for index, item in enumerate(node.value):
            child = self.lines.add(at, index, item.start_mark.line + 1)
            result.append(self.convert(item, child))
        return result

    def _mapping(self, node: yaml.MappingNode, at: int) -> dict[str, Any]:
        result = self._merged_base(node, at)
        key_lines: dict[str, int] = {}
        for key_node, value_node in node.value:
            if key_node.tag == _TAG + "merge":
                continue
            key = self._key(key_node, at)
            if key is None:
                continue
            line = key_node.start_mark.line + 1
            if key in key_lines:
                self.problems.append(_duplicate_key_problem(
                    self.file, self.lines.pointer_of(at), key, key_lines[key], line))
                continue
            key_lines[key] = line
            result[key] = self.convert(value_node, self.lines.add(at, key, line))
        return result

    def _merged_base(self, node: yaml.MappingNode, at: int) -> dict[str, Any]:
        """`<<: *base` / `<<: [*a, *b]`: keys from the sources; earlier sources win."""
        base: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag != _TAG + "merge":
                continue
            many = isinstance(value_node, yaml.SequenceNode)
            sources = value_node.value if many else [value_node]
            for source in sources:
                if not isinstance(source, yaml.MappingNode):
                    self.problems.append(Problem(
                        self.file, self.lines.pointer_of(at), source.start_mark.line + 1,
                        "a `<<` merge key needs a mapping or a list of mappings"))
                    continue
                for key, value in self._mapping(source, at).items():
                    base.setdefault(key, value)
        return base

    def _key(self, key_node: yaml.Node, at: int) -> str | None:
        if isinstance(key_node, yaml.ScalarNode):
            text = str(key_node.value)
            return self._shared(text, text)
        self.problems.append(Problem(
            self.file, self.lines.pointer_of(at), key_node.start_mark.line + 1,
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

