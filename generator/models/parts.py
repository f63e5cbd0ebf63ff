"""dcg's run in two parts: the classes the operations name beside the rest.

Each operation's parameters are one class, `<Operation>Params` (ir/parameters.py), and an inline
body or answer a class named after the operation (ir/classes.py): mostly leaves no other schema
refers to. On a large document they are a sizable share of dcg's input (GitHub: 2,357 of 3,229
schemas, ~4.4 s of a ~10 s run), and they can be made in a run of their own here while the
worker makes the rest: the two cores work on the models at once, where this process waited.

`separated` decides the parts from the input alone (never from whether a worker runs), so that
a document's models are the same bytes on any machine: the part holds the operations' classes
that nothing else refers to, everything only they refer to, and the schemas they share with
the rest (made in both runs, kept once). One run over everything gives every component schema
its own name, an inline shape numbered when it meets one; each of the two runs is told the
names of the other's own components (`Parts.rest_reserved`, `part_reserved`), so that its
inline shapes step aside as they would in one run. `merged` joins the two outputs: the rest's
text, then the part's own definitions, and the imports of names the rest does not bind. It
refuses (None: the caller runs dcg once on the whole input) when the runs disagree: a name both
define with different text (two inline shapes numbered alike, one in each run), a name one
imports and the other defines or imports otherwise.

What differs from one run's output: the part's own definitions come after the rest's, and an
import dcg aliased for the whole module in one run but not in the other keeps each run's
spelling; the classes and their fields are the same. The packages of the feature documents are
the bytes of one run (tests/models/test_parts.py).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from generator.document.pointer import unescape_token
from generator.document.refs import iter_objects
from generator.names.components import SCHEMAS_PREFIX

# From this many operation classes in a part of their own on, dcg's run is split: below it the
# second run's fixed costs (~0.1 s) outweigh what it takes off the first.
MIN_PART_CLASSES = 300


@dataclass(frozen=True)
class Parts:
    """The two dcg inputs a document's models are made from."""

    rest: dict[str, Any]
    part: dict[str, Any]
    # the component names each run's inline shapes must not take: the other run's own
    rest_reserved: frozenset[str] = frozenset()
    part_reserved: frozenset[str] = frozenset()
    rest_size: int = 0  # the objects of each input's schemas: about the work of its run
    part_size: int = 0


def separated(document: dict[str, Any], operation_classes: Iterable[str]) -> Parts | None:
    """The rest and the part of dcg's input `document`, or None when it is not worth a run of
    its own (fewer than `MIN_PART_CLASSES` operation classes nothing else refers to)."""
    schemas = (document.get("components") or {}).get("schemas")
    if not isinstance(schemas, dict):
        return None
    walked = {name: _walked(schema) for name, schema in schemas.items()}
    refs = {name: refers & schemas.keys() for name, (refers, _) in walked.items()}
    wanted = {name for name in operation_classes if name in schemas}
    wanted -= _reachable(schemas.keys() - wanted, refs)  # (one another schema uses: the rest's)
    reached_by_part = _reachable(wanted, refs)
    others = schemas.keys() - reached_by_part
    reached_by_rest = _reachable(others, refs)
    own = reached_by_part - reached_by_rest  # made in the part's run only
    if not others or not own & wanted or len(own & wanted) < MIN_PART_CLASSES:
        return None  # (nothing else: the part is the whole)
    return Parts(_with_schemas(document, {name: schema for name, schema in schemas.items()
                                          if name not in own}),
                 _with_schemas(document, {name: schema for name, schema in schemas.items()
                                          if name in reached_by_part}),
                 rest_reserved=frozenset(own), part_reserved=frozenset(others),
                 rest_size=sum(walked[name][1] for name in schemas.keys() - own),
                 part_size=sum(walked[name][1] for name in reached_by_part))


def _with_schemas(document: dict[str, Any], schemas: dict[str, Any]) -> dict[str, Any]:
    return {**document, "components": {**document["components"], "schemas": schemas}}


def _reachable(start: Iterable[str], refs: dict[str, set[str]]) -> set[str]:
    seen = set(start)
    pending = list(seen)
    while pending:
        for target in refs[pending.pop()]:
            if target not in seen:
                seen.add(target)
                pending.append(target)
    return seen


def _walked(schema: Any) -> tuple[set[str], int]:
    """The component schemas `schema` refers to anywhere inside it (bases included), and how
    many objects it is made of."""
    referred: set[str] = set()
    size = 0
    for _, node in iter_objects(schema):
        size += 1
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith(SCHEMAS_PREFIX):
            referred.add(unescape_token(ref[len(SCHEMAS_PREFIX):]))
    return referred, size


def merged(rest: str, part: str) -> str | None:
    """One models.py of the two runs' texts, or None when they disagree (see the module).

    The part's text (small) is parsed; the rest's (most of the models: parsing it would add
    its time to the run's end) is read by its lines. dcg starts each top-level statement at
    the line's first column and indents everything inside one, so a line starting there with
    a name opens a statement; a docstring line that looked like one could only make a name
    seem defined or a definition's text seem different, which refuses the merge."""
    try:
        part_tree = ast.parse(part)
    except SyntaxError:
        return None
    part_defined = _definitions(part_tree, part.split("\n"))
    rest_lines = rest.split("\n")
    rest_defined = _statement_texts(rest_lines)
    if part_defined is None or rest_defined is None:
        return None
    rest_imports = _imports(_import_lines(rest_lines))
    part_imports = _imports(_import_lines(part.split("\n")))
    if rest_imports is None or part_imports is None:
        return None
    added = _added_definitions(part_defined, rest_defined, rest_imports)
    new_imports = _added_imports(part_imports, rest_imports, rest_defined)
    if added is None or new_imports is None:
        return None
    if not (added or new_imports):
        return rest
    end = _imports_end(rest_lines)
    lines = [*rest_lines[:end], *dict.fromkeys(new_imports.values()), *rest_lines[end:]]
    return "\n".join(lines).rstrip("\n") + "".join(f"\n\n\n{text}" for text in added) + "\n"


def _added_definitions(part: dict[str, str], rest: dict[str, str],
                       rest_imports: dict[str, str]) -> list[str] | None:
    """The part's definitions the rest lacks, in the part's order; None when a name both
    define reads otherwise in each, or names an import of the rest."""
    added = []
    for name, source in part.items():
        if name in rest:
            if rest[name] != source:
                return None
        elif name in rest_imports:
            return None
        else:
            added.append(source)
    return added


def _added_imports(part: dict[str, str], rest: dict[str, str],
                   rest_defined: dict[str, str]) -> dict[str, str] | None:
    """The part's imports of names the rest does not bind; None when a name is bound otherwise
    in the rest, or is `from __future__` (which only the module's first lines may import)."""
    new = {name: line for name, line in part.items() if name not in rest}
    if any(rest[name] != line for name, line in part.items() if name in rest):
        return None
    if new.keys() & rest_defined.keys() or any(name.startswith("__future__.") for name in new):
        return None
    return new


_IMPORT = re.compile(r"(?:from|import) ")
_STATEMENT = re.compile(r"(?:class |async def |def )?([A-Za-z_]\w*(?:\.\w+)?)")


def _import_lines(lines: list[str]) -> list[str]:
    """The import statements of the module's header (dcg writes each on one line)."""
    return [line for line in lines[:_imports_end(lines)] if _IMPORT.match(line)]


def _imports_end(lines: list[str]) -> int:
    """The index of the line after the header's last import."""
    end = 0
    for index, line in enumerate(lines):
        if _IMPORT.match(line):
            end = index + 1
        elif line and not line.startswith(("#", " ")) and end:
            break
    return end


def _imports(lines: list[str]) -> dict[str, str] | None:
    """Each name the import lines bind -> the one-name import that binds it the same way
    (`from datetime import date as date_aliased`); None when a line does not parse, or
    imports from `__future__` (which only the module's first lines may)."""
    found: dict[str, str] = {}
    for line in lines:
        try:
            node = ast.parse(line).body[0]
        except (SyntaxError, IndexError):
            return None
        if isinstance(node, ast.ImportFrom) and node.module == "__future__":
            found.update((f"__future__.{alias.name}", line) for alias in node.names)
            continue
        for alias in getattr(node, "names", []):
            spelled = alias.name + (f" as {alias.asname}" if alias.asname else "")
            found[alias.asname or alias.name.split(".")[0]] = (
                f"from {'.' * node.level}{node.module or ''} import {spelled}"
                if isinstance(node, ast.ImportFrom) else f"import {spelled}")
    return found


def _statement_texts(lines: list[str]) -> dict[str, str] | None:
    """Each top-level statement after the imports that binds a name -> its text, read by the
    lines (see `merged`); None when a line at the first column is of no known kind."""
    starts: list[tuple[int, str]] = []
    for index in range(_imports_end(lines), len(lines)):
        line = lines[index]
        if not line or line[0] in " #)]}":
            continue
        found = _STATEMENT.match(line)
        if found is None:
            return None
        starts.append((index, found.group(1)))
    texts: dict[str, str] = {}
    for position, (index, name) in enumerate(starts):
        end = starts[position + 1][0] if position + 1 < len(starts) else len(lines)
        texts[name] = "\n".join(lines[index:end]).strip("\n")
    return texts


def _definitions(tree: ast.Module, lines: list[str]) -> dict[str, str] | None:
    """Each name a statement other than an import binds (a class, an alias, `X.model_rebuild()`
    under `X.model_rebuild`) -> the statement's text up to the next statement (a docstring
    below it with it); None when a name is bound twice."""
    found: dict[str, str] = {}
    starts = [(node.lineno - 1 - _decorators(node), node) for node in tree.body
              if isinstance(node, ast.Import | ast.ImportFrom) or _bound(node) is not None]
    for index, (start, node) in enumerate(starts):
        name = _bound(node)
        if name is None:
            continue
        if name in found:
            return None
        end = starts[index + 1][0] if index + 1 < len(starts) else len(lines)
        found[name] = "\n".join(lines[start:end]).strip("\n")
    return found


def _decorators(node: ast.stmt) -> int:
    """How many lines the statement's decorators take above it."""
    decorators = getattr(node, "decorator_list", [])
    return node.lineno - min(d.lineno for d in decorators) if decorators else 0


def _bound(node: ast.stmt) -> str | None:
    """The name `node` defines, or None for an import or a bare string (a docstring: it is
    taken with the definition above it)."""
    if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
        return node.name
    if (isinstance(node, ast.Assign) and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)):
        return node.targets[0].id
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return node.target.id
    if (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Attribute)
            and isinstance(node.value.func.value, ast.Name)):
        return f"{node.value.func.value.id}.{node.value.func.attr}"
    return None
