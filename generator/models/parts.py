"""dcg's run in two parts: classes the operations name beside the rest, made at once.

Each operation's parameters are one class, `<Operation>Params` (ir/parameters.py), and an inline
body or answer a class named after the operation (ir/classes.py): mostly leaves no other schema
refers to. On a large document they are much of dcg's input (GitHub: ~2,500 of 3,200 schemas),
and a share of them can be made in a run of their own here while the worker makes the rest:
the two cores work on the models at once, where this process waited.

`separated` decides the parts from the input alone (never from whether a worker runs), so that
a document's models are the same bytes on any machine. The part holds operation classes nothing
else refers to, in the order of their names, up to about half the models by their size (`_half`:
classes and fields), everything only they refer to, and the schemas they share with the rest
(made in both runs, kept once). A discriminated union, its holder and its branches, is never
shared: dcg writes a branch's discriminating property as a `Literal` only in a run that holds
its union (`_in_discriminated_unions`).

One run over everything gives every component schema its own name, an inline shape numbered
when it meets one; each run is told the names of the other's own components (`Parts.
rest_reserved`, `part_reserved`) so that its inline shapes step aside as they would. A run
still names some inline shapes by the way it met them first, so `merged` makes the part's
names the rest's where two definitions differ by names only, and numbers afresh a class of the
part whose name the rest gives another shape (`_reconciled`). It refuses (None: the caller runs
dcg once on the whole input) when the runs disagree otherwise: a schema of both written
otherwise (or as a class in one run only: a root model dcg writes where it is used), a
component that would change its name, a name one run imports and the other defines.

What differs from one run's output: the part's own definitions come after the rest's; an import
dcg aliased for the whole module in one run but not in the other keeps each run's spelling; an
inline shape dcg numbers without a parent's prefix in the order a run meets it may be numbered
otherwise (Loket's `Content100...`: 2,482 of one run's 8,828 names), and shapes that read alike
but for names made one class. Checked against one run on real documents (docs/performance.md); the
packages of the feature documents are the bytes of one run (tests/models/test_parts.py).
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

from generator.document.refs import iter_objects
from generator.names.components import component_schema, mapping_ref

# A split is made when the smaller of its two inputs is at least this size (classes and fields,
# `_walked`: ~2 s of dcg here); below it the second run's fixed costs and the schemas made in
# both outweigh what it takes off the first: OpenAI's document (7,671, split 2,532 / 5,447)
# took as long and 0.4 s more CPU, against GitHub's (30,280, split ~16,000 / ~16,000) ~3 s
# less of its ~15 s.
MIN_RUN_SIZE = 5_000


@dataclass(frozen=True)
class Parts:
    """The two dcg inputs a document's models are made from."""

    rest: dict[str, Any]
    part: dict[str, Any]
    # the component names each run's inline shapes must not take: the other run's own
    rest_reserved: frozenset[str] = frozenset()
    part_reserved: frozenset[str] = frozenset()
    rest_size: int = 0  # the classes and fields of each input's schemas (`_walked`)
    part_size: int = 0

    @property
    def shared(self) -> frozenset[str]:
        """The component schemas made in both runs."""
        return frozenset(self.rest["components"]["schemas"].keys()
                         & self.part["components"]["schemas"].keys())

    @property
    def components(self) -> frozenset[str]:
        """The names of every component schema of the two inputs."""
        return frozenset(self.rest["components"]["schemas"].keys()
                         | self.part["components"]["schemas"].keys())


def separated(document: dict[str, Any], operation_classes: Iterable[str]) -> Parts | None:
    """The rest and the part of dcg's input `document`, or None when it is not worth a run of
    its own (the smaller input under `MIN_RUN_SIZE`, or no operation class nothing else
    refers to)."""
    schemas = (document.get("components") or {}).get("schemas")
    if not isinstance(schemas, dict):
        return None
    walked = {name: _walked(schema) for name, schema in schemas.items()}
    refs = {name: found.refers & schemas.keys() for name, found in walked.items()}
    sizes = {name: found.size for name, found in walked.items()}
    wanted = {name for name in operation_classes if name in schemas}
    wanted -= _reachable(schemas.keys() - wanted, refs)  # (one another schema uses: the rest's)
    wanted = _half(wanted, refs, sizes)
    in_unions = _in_discriminated_unions(walked)
    while True:
        reached_by_part = _reachable(wanted, refs)
        others = schemas.keys() - reached_by_part
        reached_by_rest = _reachable(others, refs)
        own = reached_by_part - reached_by_rest  # made in the part's run only
        shared_in_unions = reached_by_part & reached_by_rest & in_unions
        if not shared_in_unions:
            break
        # (the operations reaching one go to the rest: a union is made in one run)
        wanted -= _reaching(shared_in_unions, refs)
    rest_size = sum(sizes[name] for name in schemas.keys() - own)
    part_size = sum(sizes[name] for name in reached_by_part)
    if not others or not own & wanted or min(rest_size, part_size) < MIN_RUN_SIZE:
        return None  # (nothing else: the part is the whole)
    return Parts(_with_schemas(document, {name: schema for name, schema in schemas.items()
                                          if name not in own}),
                 _with_schemas(document, {name: schema for name, schema in schemas.items()
                                          if name in reached_by_part}),
                 rest_reserved=frozenset(own), part_reserved=frozenset(others),
                 rest_size=rest_size, part_size=part_size)


def _half(wanted: set[str], refs: dict[str, set[str]], sizes: dict[str, int]) -> set[str]:
    """The first classes of `wanted` in the order of their names (an operation's together, and
    the operations of one group: they share the most) that make the part's input at least as
    large as the rest's, by their size (a binary search: the part grows with each class,
    the rest shrinks): where the operations' classes are most of the models (Loket's; any
    document's with `--models used`) a part of them all would leave the other run little."""
    ordered = sorted(wanted)
    low, high = 1, len(ordered)
    while low < high:
        middle = (low + high) // 2
        part_size, rest_size = _input_sizes(set(ordered[:middle]), refs, sizes)
        if part_size >= rest_size:
            high = middle
        else:
            low = middle + 1
    return set(ordered[:low])


def _input_sizes(chosen: set[str], refs: dict[str, set[str]],
                 sizes: dict[str, int]) -> tuple[int, int]:
    """The sizes (`_walked`) of the part's input for the classes `chosen`, and of the rest's."""
    reached_by_part = _reachable(chosen, refs)
    own = reached_by_part - _reachable(refs.keys() - reached_by_part, refs)
    return (sum(sizes[name] for name in reached_by_part),
            sum(sizes.values()) - sum(sizes[name] for name in own))


def _with_schemas(document: dict[str, Any], schemas: dict[str, Any]) -> dict[str, Any]:
    return {**document, "components": {**document["components"], "schemas": schemas}}


def _reachable(start: Iterable[str], refs: dict[str, set[str]]) -> set[str]:
    seen = set(start)
    pending = list(seen)
    while pending:
        for target in refs.get(pending.pop(), ()):
            if target not in seen:
                seen.add(target)
                pending.append(target)
    return seen


def _reaching(targets: set[str], refs: dict[str, set[str]]) -> set[str]:
    """The schemas from which one of `targets` is reachable (`targets` among them)."""
    referrers: dict[str, set[str]] = {}
    for name, referred in refs.items():
        for target in referred:
            referrers.setdefault(target, set()).add(name)
    return _reachable(targets, referrers)


class _Walked(NamedTuple):
    """What `separated` reads of one component schema."""

    refers: set[str]  # the component schemas it names: `$ref`s, a discriminator's `mapping`
    size: int  # the classes and fields dcg makes of it
    branches: set[str]  # the component schemas a discriminated union inside it tells apart
    discriminates: bool  # it holds a discriminator


def _walked(schema: Any) -> _Walked:
    """One walk of `schema` (see `_Walked`). Its size is about what dcg's time grows with
    (GitHub's runs: 0.40-0.46 ms a field, where the objects of a webhook's payloads took a
    quarter longer than an operation's)."""
    referred: set[str] = set()
    branches: set[str] = set()
    size = 0
    discriminates = False
    for _, node in iter_objects(schema):
        properties = node.get("properties")
        if isinstance(properties, dict):
            size += 1 + len(properties)
        elif isinstance(node.get("enum"), list):
            size += 1
        ref = node.get("$ref")
        named = component_schema(ref) if isinstance(ref, str) else None
        if named is not None:
            referred.add(named)
        if isinstance(node.get("discriminator"), dict):
            discriminates = True
            branches |= _discriminated_branches(node)
    return _Walked(referred | branches, size, branches, discriminates)


def _in_discriminated_unions(walked: dict[str, _Walked]) -> set[str]:
    """The component schemas a discriminated union holds, and each schema holding one: dcg
    writes a branch's discriminating property as the `Literal` of its value only in a run
    that holds its union, so none of them may be made in both runs (a schema extending a
    discriminated base reaches it: the base is then made in both)."""
    branches = {branch for found in walked.values() for branch in found.branches}
    return (branches & walked.keys()) | {name for name, found in walked.items()
                                         if found.discriminates}


def _discriminated_branches(node: dict[str, Any]) -> set[str]:
    """The component schemas the discriminator at `node` tells apart: its `mapping`'s targets
    (a reference or a bare name, `names.components.mapping_ref`), the `$ref`s of the
    `oneOf`/`anyOf` beside it."""
    mapping = node["discriminator"].get("mapping")
    refs = [mapping_ref(value) for value in mapping.values()] if isinstance(mapping, dict) else []
    for key in ("oneOf", "anyOf"):
        branches = node.get(key)
        if isinstance(branches, list):
            refs.extend(branch.get("$ref") for branch in branches if isinstance(branch, dict))
    return {name for ref in refs
            if isinstance(ref, str) and (name := component_schema(ref)) is not None}


def merged(rest: str, part: str, components: frozenset[str] = frozenset(),
           shared: frozenset[str] = frozenset()) -> str | None:
    """One models.py of the two runs' texts, or None when they disagree (see the module).

    Both texts are read by their lines (parsing them would add their time to the run's end:
    Loket's part, 3 MB, 0.84 s). dcg starts each top-level statement at the line's first
    column and indents everything inside one, so a line starting there with a name opens a
    statement; a docstring line that looked like one could only make a name seem defined or
    a definition's text seem different, which refuses the merge.

    A run names an inline shape by the way it met it first, so a schema made in both runs can
    hold a shape each named otherwise (Bitbucket's `SnippetComment.links`: `Links10` in one,
    `SnippetCommentLinks` in the other), and two shapes can take one name (`ErrorSource`):
    the part's names are made the rest's where the two texts differ only so (`_reconciled`),
    never a name of `components` (each keeps its own). A schema of both inputs (`shared`)
    must be a class in both texts or in neither: dcg writes a root model's type where it is
    used instead of a class of its own, or not, by what else its run holds."""
    theirs, mine = _read(rest), _read(part)
    if theirs is None or mine is None:
        return None
    if any((name in mine.defined) != (name in theirs.defined) for name in shared):
        return None
    part_defined = _reconciled_definitions(mine.defined, theirs.defined, components)
    if part_defined is None:
        return None
    added = _added_definitions(part_defined, theirs.defined, theirs.imports)
    new_imports = _added_imports(mine.imports, theirs.imports, theirs.defined)
    if added is None or new_imports is None:
        return None
    if not (added or new_imports):
        return rest
    lines = [*theirs.lines[:theirs.end], *dict.fromkeys(new_imports.values()),
             *theirs.lines[theirs.end:]]
    return "\n".join(lines).rstrip("\n") + "".join(f"\n\n\n{text}" for text in added) + "\n"


class _Module(NamedTuple):
    """A run's models.py read by its lines (see `merged`)."""

    lines: list[str]
    end: int  # the index of the line after the header's last import
    imports: dict[str, str]  # `_imports`
    defined: dict[str, str]  # `_statement_texts`


def _read(text: str) -> _Module | None:
    """`text` read (`_Module`); None when its imports or statements are of no known kind."""
    lines = text.split("\n")
    end = _imports_end(lines)
    imports = _imports([line for line in lines[:end] if _IMPORT.match(line)])
    defined = _statement_texts(lines, end)
    return None if imports is None or defined is None else _Module(lines, end, imports, defined)


def _reconciled_definitions(part: dict[str, str], rest: dict[str, str],
                            components: frozenset[str]) -> dict[str, str] | None:
    """The part's definitions with its names made the rest's (`_reconciled`), as they are
    when none differs; None when they cannot be."""
    differing = [name for name, text in part.items() if name in rest and rest[name] != text]
    if not differing:
        return part
    renames = _reconciled(part, rest, differing, components)
    if renames is None:
        return None
    mentions = re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(renames))) + r")\b")
    renamed: dict[str, str] = {}
    for name, text in part.items():
        head, dot, tail = name.partition(".")  # (`X.model_rebuild`)
        key = renames.get(head, head) + dot + tail
        if key in renamed:
            return None
        renamed[key] = _renamed(text, renames) if mentions.search(text) else text
    return renamed


def _reconciled(part: dict[str, str], rest: dict[str, str], differing: list[str],
                components: frozenset[str]) -> dict[str, str] | None:
    """New names for the part's classes: each of `differing` read as the rest's where the two
    differ in names only (the part's inline `SnippetCommentLinks` -> the rest's `Links10`,
    followed into what they hold; a shape the rest made as a component's class, as one run
    makes a shape that reads as one: Telnyx's `Error.source` -> `ErrorSource`); a fresh name
    for a class of the part whose name the rest gives another shape (two inline shapes both
    runs named `Address`). None when a component would change its name, or a definition
    differs otherwise."""
    renames: dict[str, str] = {}
    pending = [(name, name) for name in differing]
    compared: set[tuple[str, str]] = set()
    other_shapes: set[str] = set()  # the part's classes the rest's of that name are not
    while pending:
        mine, theirs = pending.pop()
        if (mine, theirs) in compared:
            continue
        compared.add((mine, theirs))
        if mine not in part or theirs not in rest:
            return None
        pairs = _differing_class_names(part, rest, mine, theirs)
        if pairs is None and mine == theirs and mine not in components:
            other_shapes.add(mine)
            continue
        if pairs is None:
            return None
        for old, new in pairs:
            if old in components or renames.setdefault(old, new) != new:
                return None
            pending.append((old, new))
    # the part's classes whose names the rest holds for other shapes step aside
    aside = (other_shapes | {new for new in renames.values() if new in part}) - renames.keys()
    if aside & components:
        return None
    taken = set(part) | set(rest)
    for name in sorted(aside):
        renames[name] = _fresh(name, taken)
        taken.add(renames[name])
    return renames


def _differing_class_names(part: dict[str, str], rest: dict[str, str], mine: str,
                           theirs: str) -> list[tuple[str, str]] | None:
    """`_differing_names` of the part's `mine` and the rest's `theirs`, when each pair names
    a class of each (else a field's name differs: None)."""
    pairs = _differing_names(part[mine], rest[theirs])
    if pairs is None or any(old not in part or new not in rest for old, new in pairs):
        return None
    return pairs


def _differing_names(mine: str, theirs: str) -> list[tuple[str, str]] | None:
    """The (part's, rest's) pairs of names at which the two definitions differ, when they
    differ in names only; None otherwise."""
    a, b = _tokens(mine), _tokens(theirs)
    if a is None or b is None or len(a) != len(b):
        return None
    pairs = []
    for (kind, text), (other_kind, other_text) in zip(a, b, strict=True):
        if text == other_text and kind == other_kind:
            continue
        if kind != tokenize.NAME or other_kind != tokenize.NAME:
            return None
        pairs.append((text, other_text))
    return pairs


def _tokens(source: str) -> list[tuple[int, str]] | None:
    try:
        return [(token.type, token.string)
                for token in tokenize.generate_tokens(io.StringIO(source + "\n").readline)]
    except (tokenize.TokenError, SyntaxError):
        return None


def _renamed(source: str, renames: dict[str, str]) -> str:
    """`source` (one definition) with each name token of `renames` replaced (strings,
    docstrings and comments as they were)."""
    lines = source.split("\n")
    found: dict[int, list[tuple[int, int, str]]] = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.NAME and token.string in renames:
            (row, start), (_, end) = token.start, token.end
            found.setdefault(row - 1, []).append((start, end, renames[token.string]))
    for row, spans in found.items():
        line = lines[row]
        for start, end, new in reversed(spans):
            line = line[:start] + new + line[end:]
        lines[row] = line
    return "\n".join(lines)


def _fresh(name: str, taken: set[str]) -> str:
    """`name` numbered past every name `taken` (`Links` -> `Links11`)."""
    stem = name.rstrip("0123456789")
    number = 1
    while f"{stem}{number}" in taken:
        number += 1
    return f"{stem}{number}"


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
    """Each name the import lines (dcg writes each on one line) bind -> the one-name import
    that binds it the same way (`from datetime import date as date_aliased`); None when a line
    does not parse, or imports from `__future__` (which only the module's first lines may)."""
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


def _statement_texts(lines: list[str], start: int) -> dict[str, str] | None:
    """Each top-level statement from the line `start` on (the imports' end) that binds a
    name -> its text, read by the lines (see `merged`); None when a line at the first column
    is of no known kind, or a name is bound twice."""
    starts: list[tuple[int, str]] = []
    for index in range(start, len(lines)):
        line = lines[index]
        if not line or line[0] in " #)]}":
            continue
        found = _STATEMENT.match(line)
        if found is None:
            return None
        starts.append((index, found.group(1)))
    texts: dict[str, str] = {}
    for position, (index, name) in enumerate(starts):
        if name in texts:
            return None
        end = starts[position + 1][0] if position + 1 < len(starts) else len(lines)
        texts[name] = "\n".join(lines[index:end]).strip("\n")
    return texts


