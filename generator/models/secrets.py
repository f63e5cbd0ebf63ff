"""`format: password` fields (and `writeOnly` strings): sent as given, never shown.

datamodel-code-generator types them pydantic's `SecretStr`, which is dumped as `"**********"`
(a login sent the mask instead of the password: tests/models/test_password_format.py) and
loses a `pattern`; so they are plain `str` (`run._PLAIN_STRING_FORMATS`). A plain `str` showed
the password: in the model's `repr` (a log line, a traceback's locals) and in the validation
errors quoting a value that does not match. So:

- `marked_secrets` gives dcg the document with each `format: password` schema, each string
  schema marked `writeOnly` (sent, never answered: a recovery code, a client secret), and each
  array (or map) of them (an item without constraints is typed inside its field's type), marked
  (`SECRET_KEY`), which dcg writes into the field (`Field(json_schema_extra={SECRET_KEY: True})`,
  as `field_extra_keys` asks), its constraints kept;
- `hidden_secrets` turns that mark into `repr=False` in dcg's output; a root model holding one
  (an array's item with constraints) gets a `__repr_args__` saying nothing, as pydantic's
  `RootModel` shows its `root` whatever the field says; each model holding such a field, or
  holding a model that does (however deep), gets `hide_input_in_errors=True` in its
  `ConfigDict`: pydantic's `ValidationError` from building one leaves the values out.

The runtime's `RequestValidationError` leaves out the value of such a field by the same mark
(`_operations._hidden_at`). What is sent and parsed is unchanged: a `str`. A mark dcg writes
where `repr=False` does nothing (inside a type, `list[Annotated[str, Field(...)]]`) is dropped.
"""

from __future__ import annotations

import ast
import copy
from collections import deque
from collections.abc import Iterator
from typing import Any

from generator.document.keywords import DATA_KEYWORDS
from generator.models.reparse import model_config_call, span_of

#: What marks a `format: password` schema for dcg, which copies it into the field.
SECRET_KEY = "x-clientgen-secret"

# arrays (or maps) of arrays looked through for a secret item (a deeper one is left shown)
_CONTAINER_DEPTH = 8

# (first line, its byte offset, last line, the byte offset after), as ast numbers them
_Span = tuple[int, int, int, int]

# A root model's repr shows its `root` whatever the field says: a method of its own says nothing
_QUIET_ROOT = """

    def __repr_args__(self) -> list[tuple[str | None, object]]:
        return []  # the value is a secret (`format: password`)"""


def marked_secrets(document: dict[str, Any]) -> dict[str, Any]:
    """`document` with `SECRET_KEY: True` in each schema of a secret (`_is_password`: copies along
    the way to each, the rest shared; `document` itself as it is when it has none). Walked
    without recursion (a document may nest thousands of levels), holding the way down only."""
    found: list[tuple[Any, ...]] = []
    keys: list[Any] = []  # the way from `document` to what the last iterator walks
    walking: list[Iterator[tuple[Any, Any]]] = [_children(document)]
    while walking:
        for key, child in walking[-1]:
            if isinstance(child, dict | list):
                keys.append(key)
                if _is_password(child) or _holds_passwords(child):
                    found.append(tuple(keys))
                walking.append(_children(child))
                break
        else:
            walking.pop()
            if keys:
                keys.pop()
    if not found:
        return document
    marked = dict(document)
    copies: dict[int, Any] = {id(document): marked}
    for way in found:
        original: Any = document
        made: Any = marked
        for key in way:
            child = original[key]
            copied = copies.get(id(child))
            if copied is None:
                copied = copies[id(child)] = dict(child) if isinstance(child, dict) else list(child)
            made[key] = copied  # a node shared by two places is the same copy in both
            original, made = child, copied
        made[SECRET_KEY] = True
    return marked


def _children(node: Any) -> Iterator[tuple[Any, Any]]:
    """What a walk for schemas goes into: not the values of data keywords (a `default` of
    `{format: password}` is a value, and a mark there would be sent with it)."""
    if isinstance(node, dict):
        return ((key, child) for key, child in node.items() if key not in DATA_KEYWORDS)
    return enumerate(node)


def _is_password(node: Any) -> bool:
    """Whether `node` is a schema of a secret not marked yet: `format: password`, or a string
    marked `writeOnly` (sent, never answered: a password, a recovery code, a client secret)."""
    if not isinstance(node, dict) or node.get(SECRET_KEY) is True:
        return False
    if node.get("format") == "password":
        return True
    if node.get("writeOnly") is not True:
        return False
    kind = node.get("type")
    kinds = kind if isinstance(kind, list) else [kind]  # whatever a document wrote there
    return "string" in kinds and all(each in ("string", "null") for each in kinds)


def _holds_passwords(node: Any) -> bool:
    """Whether `node` is an array (or a map: `additionalProperties` alone) whose values are
    secrets, however many arrays deep: an item without constraints is typed inside the field's
    type (`list[str]`), where no mark reaches, so the array's own field carries it (an item
    with constraints is a root model of its own, marked as well)."""
    for _ in range(_CONTAINER_DEPTH):
        if not isinstance(node, dict):
            return False
        if _is_array(node) and isinstance(node.get("items"), dict):
            node = node["items"]
        elif isinstance(node.get("additionalProperties"), dict) and not node.get("properties"):
            node = node["additionalProperties"]
        else:
            return False
        if _is_password(node):
            return True
    return False


def _is_array(node: dict[str, Any]) -> bool:
    kind = node.get("type")
    return kind == "array" or (isinstance(kind, list) and "array" in kind)


def hidden_secrets(source: str) -> str:
    """`source` (dcg's models.py) with each marked field made a field the `repr` and errors
    leave out; as it is when it has none (the text is only parsed when it spells the mark)."""
    if SECRET_KEY not in source:
        return source
    tree = ast.parse(source)
    lines = source.split("\n")
    edits = list(_edits(tree, lines))
    for span, text in sorted(edits, key=lambda edit: edit[0], reverse=True):
        _replace(lines, span, text)
    return "\n".join(lines)


def _edits(tree: ast.Module, source_lines: list[str]) -> Iterator[tuple[_Span, str]]:
    classes = [node for node in tree.body if isinstance(node, ast.ClassDef)]
    holding: set[str] = set()
    handled: set[int] = set()  # the Field calls made `repr=False`
    for cls in classes:
        for edit in _field_edits(cls, handled):
            holding.add(cls.name)
            yield edit
    yield from _stray_marks(tree, source_lines, handled)
    holders = _holders(classes, holding) if holding else set()
    for cls in classes:
        if cls.name in holders:
            yield from _config_edit(cls)


def _field_edits(cls: ast.ClassDef, handled: set[int]) -> Iterator[tuple[_Span, str]]:
    """`repr=False` for each marked field of `cls` (the calls put in `handled`), and a quiet
    `__repr_args__` when it is a root model."""
    marked = [(statement, call) for statement in cls.body
              if isinstance(statement, ast.AnnAssign)
              and (call := _marked_field(statement.annotation)) is not None]
    fields = [field for field, _ in marked]
    for _, call in marked:
        handled.add(id(call))
        yield span_of(call), ast.unparse(_unmarked(call, hidden=True))
    if fields and any(_is_root_model(base) for base in cls.bases):
        indent = " " * fields[-1].col_offset
        yield _after(fields[-1]), _QUIET_ROOT.replace("\n    ", "\n" + indent)


def _stray_marks(tree: ast.Module, source_lines: list[str],
                 handled: set[int]) -> Iterator[tuple[_Span, str]]:
    """A mark anywhere else does nothing: dropped (only the statements spelling it are walked)."""
    marked = [number for number, line in enumerate(source_lines, start=1) if SECRET_KEY in line]
    for statement in tree.body:
        last = statement.end_lineno or statement.lineno
        if not any(statement.lineno <= number <= last for number in marked):
            continue
        for node in ast.walk(statement):
            if isinstance(node, ast.Call) and id(node) not in handled and _is_marked(node):
                yield span_of(node), ast.unparse(_unmarked(node, hidden=False))


def _marked_field(annotation: ast.expr) -> ast.Call | None:
    """The marked `Field(...)` of `Annotated[T, Field(...)]`, if it is one."""
    if not (isinstance(annotation, ast.Subscript)
            and getattr(annotation.value, "id", "") == "Annotated"
            and isinstance(annotation.slice, ast.Tuple)):
        return None
    return next((metadata for metadata in annotation.slice.elts[1:]
                 if isinstance(metadata, ast.Call) and _is_marked(metadata)), None)


def _is_marked(call: ast.Call) -> bool:
    return getattr(call.func, "id", "") == "Field" and any(
        keyword.arg == "json_schema_extra" and isinstance(keyword.value, ast.Dict)
        and any(isinstance(key, ast.Constant) and key.value == SECRET_KEY
                for key in keyword.value.keys)
        for keyword in call.keywords)


def _unmarked(call: ast.Call, *, hidden: bool) -> ast.Call:
    """`call` without the mark (and without `json_schema_extra` left empty), with
    `repr=False` when `hidden`."""
    made = copy.deepcopy(call)
    keywords: list[ast.keyword] = []
    for keyword in made.keywords:
        if keyword.arg == "json_schema_extra" and isinstance(keyword.value, ast.Dict):
            extra = keyword.value
            kept = [(key, value) for key, value in zip(extra.keys, extra.values, strict=True)
                    if not (isinstance(key, ast.Constant) and key.value == SECRET_KEY)]
            if not kept:
                continue
            extra.keys = [key for key, _ in kept]
            extra.values = [value for _, value in kept]
        if keyword.arg == "repr" and hidden:
            continue
        keywords.append(keyword)
    if hidden:
        keywords.append(ast.keyword(arg="repr", value=ast.Constant(value=False)))
    made.keywords = keywords
    return made


def _is_root_model(base: ast.expr) -> bool:
    return isinstance(base, ast.Subscript) and getattr(base.value, "id", "") == "RootModel"


def _holders(classes: list[ast.ClassDef], holding: set[str]) -> set[str]:
    """The classes of `holding`, and every class naming one of them in a field's type or a base
    (so holding such a field however deep)."""
    named_by: dict[str, set[str]] = {}
    for cls in classes:
        typed = [*cls.bases, *(s.annotation for s in cls.body if isinstance(s, ast.AnnAssign))]
        for name in (name for expression in typed for name in _names_in(expression)):
            named_by.setdefault(name, set()).add(cls.name)
    found = set(holding)
    waiting = deque(holding)
    while waiting:
        for user in named_by.get(waiting.popleft(), ()):
            if user not in found:
                found.add(user)
                waiting.append(user)
    return found


def _names_in(expression: ast.expr) -> Iterator[str]:
    """The names a type spells: its `Name`s and forward references (strings), not what the
    calls in it (`Field(description=...)`) are given."""
    waiting = [expression]
    while waiting:
        node = waiting.pop()
        if isinstance(node, ast.Name):
            yield node.id
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.value
        elif not isinstance(node, ast.Call):
            waiting.extend(child for child in ast.iter_child_nodes(node)
                           if isinstance(child, ast.expr))


def _config_edit(cls: ast.ClassDef) -> Iterator[tuple[_Span, str]]:
    """`hide_input_in_errors=True` in the class's `model_config = ConfigDict(...)`."""
    call = model_config_call(cls)
    if call is None or any(keyword.arg == "hide_input_in_errors" for keyword in call.keywords):
        return
    hidden = copy.deepcopy(call)
    hidden.keywords.append(
        ast.keyword(arg="hide_input_in_errors", value=ast.Constant(value=True)))
    yield span_of(call), ast.unparse(hidden)[:-1] + ",)"  # one per line, as dcg's are


def _after(statement: ast.stmt) -> _Span:
    """The empty span right after `statement`."""
    assert statement.end_lineno is not None and statement.end_col_offset is not None
    end = statement.end_lineno, statement.end_col_offset
    return (*end, *end)


def _replace(lines: list[str], span: _Span, text: str) -> None:
    """Put `text` where `span` is (ast's offsets count UTF-8 bytes)."""
    first_line, first_offset, last_line, last_offset = span
    head = lines[first_line - 1].encode("utf-8")[:first_offset].decode("utf-8")
    tail = lines[last_line - 1].encode("utf-8")[last_offset:].decode("utf-8")
    lines[first_line - 1 : last_line] = (head + text + tail).split("\n")
