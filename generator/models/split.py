"""models.py cut into group modules, so that using one model imports only what it needs.

datamodel-code-generator writes one module; for a 1,000-operation API that is thousands of classes
built at import. Here its top-level definitions become a graph (who names whom), and:

- a reference cycle is one group (its classes need each other to be built);
- a group whose definitions are named from one other group only is kept with it (the inline classes
  of a schema live with that schema), unless it is an *anchor* (a component schema of the
  document): anchors always head their own module, so adding or changing another schema never moves
  them, and their module path (pickles, `__module__`) stays put;
- each remaining group is a module named after its head (`Pet` -> `_pet`), importing the groups it
  names; the graph of groups has no cycles, so imports at the top of each module are enough.

Anything the split does not understand (a statement that is not an import, a class, an assignment
to one name, the string right after one (its docstring), a `X.model_rebuild()` call or the
module's docstring) keeps the whole source as one module: never a guess.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import re
import sys
import warnings
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from generator.io import provenance
from generator.io.cache import Cache, key_of
from generator.names.identifiers import cut_with_hash

_REBUILD = "model_rebuild"
MAX_STEM = 80  # characters of a group module's name (the file's: well under 255 bytes)
# Group modules import the ones they name at their top, so importing one imports a chain of
# them, each a few frames deeper in Python's stack: a chain of ~140 (`S0.next: S1`, `S1.next:
# S2`...) ended in RecursionError when the package was used. Past this many levels the
# models stay one module, whose classes are built one after the other.
MAX_IMPORT_DEPTH = 64
# A line as Python's tokenizer ends one (the line numbers of `ast` count these): not
# `str.splitlines`, which also breaks at `\x0c`, `\u2028`... inside a string literal.
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n|\Z)")
_CAMEL_BOUNDARY = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


@dataclass(frozen=True)
class GroupModule:
    """One module of models: its file stem (`_pet`), the names it defines (in source order), the
    import lines it needs and its body (the definitions' source, then their rebuilds)."""

    module: str
    names: tuple[str, ...]
    imports: tuple[str, ...]
    body: str


@dataclass(frozen=True)
class ModelModules:
    """The group modules of one models.py, and where each public name lives."""

    groups: tuple[GroupModule, ...]

    @property
    def module_of(self) -> dict[str, str]:
        return {name: group.module for group in self.groups for name in group.names}


@dataclass
class _Definition:
    name: str
    source: str  # its lines, leading comments included
    names: set[str]  # every name it reads
    references: set[str]  # the other definitions among them
    rebuilds: list[str]


def split_models(source: str, anchors: Iterable[str] = (), *, whole: str = "_models",
                 tree: ast.Module | None = None) -> ModelModules:
    """The group modules of `source` (a models module); `anchors` name the classes that always
    head a module of their own. `whole` is the module that holds everything when the source has a
    shape the split does not understand. `tree` is `source` already parsed, when the caller has
    it (a large models module takes seconds to parse); it is only read."""
    if tree is None:
        tree = ast.parse(source)
    lines = _source_lines(source)
    parsed = _definitions(tree, lines)
    if parsed is None:
        return _one_module(tree, lines, whole)
    imports, definitions = parsed
    if not definitions:
        return ModelModules(())
    groups = _groups(definitions, set(anchors))
    group_of = {name: index for index, members in enumerate(groups) for name in members}
    if _import_depth(groups, group_of, definitions) > MAX_IMPORT_DEPTH:
        return _one_module(tree, lines, whole)
    modules = _module_names(groups)
    owned: list[list[_Definition]] = [[] for _ in groups]  # each group's, in source order
    for name, definition in definitions.items():
        owned[group_of[name]].append(definition)
    result = [_group_module(modules[index], own, imports, group_of, modules, index)
              for index, own in enumerate(owned)]
    return ModelModules(tuple(sorted(result, key=lambda group: group.module)))


def _source_lines(source: str) -> list[str]:
    """`source`'s lines, each with its line end, numbered as `ast` numbers them."""
    lines = _LINE.findall(source)
    return lines[:-1] if lines and not lines[-1] else lines


def _statement_source(node: ast.stmt, lines: list[str], start: int) -> str:
    """The statement's full lines, with the comment lines right above it (from line `start`)."""
    first = node.lineno - 1
    if isinstance(node, ast.ClassDef) and node.decorator_list:
        first = min(decorator.lineno for decorator in node.decorator_list) - 1
    while first > start and lines[first - 1].lstrip().startswith("#"):
        first -= 1
    return "".join(lines[first:node.end_lineno])


def _bound_name(node: ast.stmt) -> str | None:
    if isinstance(node, ast.ClassDef):
        return node.name
    if isinstance(node, ast.Assign) and len(node.targets) == 1:
        return node.targets[0].id if isinstance(node.targets[0], ast.Name) else None
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return node.target.id
    return None


def _rebuilt(node: ast.stmt) -> str | None:
    """`X` of a top-level `X.model_rebuild(...)`."""
    if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)):
        return None
    function = node.value.func
    if not (isinstance(function, ast.Attribute) and function.attr == _REBUILD):
        return None
    return function.value.id if isinstance(function.value, ast.Name) else None


def _definitions(tree: ast.Module, lines: list[str]
                 ) -> tuple[dict[str, str], dict[str, _Definition]] | None:
    """(bound name -> its import line, name -> definition), or None for a shape not understood."""
    imports: dict[str, str] = {}
    definitions: dict[str, _Definition] = {}
    previous_end = 0
    last: _Definition | None = None  # the definition just read, whose docstring may follow
    for position, node in enumerate(tree.body):
        if _is_string(node) and (position == 0 or last is not None):
            if last is not None:  # an attribute docstring: it goes where its definition goes
                last.source += _statement_source(node, lines, node.lineno - 1)
            last = None
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            imports.update(_import_lines(node))
            last = None
        elif (rebuilt := _rebuilt(node)) is not None:
            if rebuilt not in definitions:
                return None
            definitions[rebuilt].rebuilds.append(_statement_source(node, lines, previous_end))
            last = None
        elif (name := _bound_name(node)) == "__all__":
            last = None
        elif name is None or name in definitions:
            return None
        else:
            read = _names_in(node)
            last = definitions[name] = _Definition(
                name, _statement_source(node, lines, previous_end), read, set(read), [])
        previous_end = node.end_lineno or previous_end
    defined = definitions.keys()
    for definition in definitions.values():
        definition.references = (definition.references & defined) - {definition.name}
    return imports, definitions


def _is_string(node: ast.stmt) -> bool:
    """A bare string statement: the module's docstring, or one documenting the name above it."""
    return (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str))


def _import_lines(node: ast.Import | ast.ImportFrom) -> dict[str, str]:
    """Each name an import binds, with the one-name import statement that binds it."""
    found = {}
    for alias in node.names:
        bound = alias.asname or alias.name.split(".")[0]
        spelled = alias.name + (f" as {alias.asname}" if alias.asname else "")
        if isinstance(node, ast.ImportFrom):
            # one package level deeper than the module it was written for
            level = "." * (node.level + 1) if node.level else ""
            found[bound] = f"from {level}{node.module or ''} import {spelled}"
        else:
            found[bound] = f"import {spelled}"
    return found


def _names_in(node: ast.AST) -> set[str]:
    """Every name a definition reads, forward references in string annotations included. Its
    own walk, not `ast.walk`: a name or a constant has no child worth visiting, and `ast.walk`'s
    generators over every field were a tenth of the models stage on GitHub's document."""
    names: set[str] = set()
    pending = [node]
    while pending:
        child = pending.pop()
        if isinstance(child, ast.Name):
            names.add(child.id)
        elif isinstance(child, ast.Constant):
            if isinstance(child.value, str):
                names.update(_names_in_text(child.value))
        else:
            for field in child._fields:
                value = getattr(child, field, None)
                if isinstance(value, list):
                    pending.extend(item for item in value if isinstance(item, ast.AST))
                elif isinstance(value, ast.AST):
                    pending.append(value)
    return names


@functools.lru_cache(maxsize=8192)  # one text recurs in many fields (a description, a union)
def _names_in_text(text: str) -> frozenset[str]:
    """The names of a string that parses as an expression (a quoted annotation), else none.
    However long: Microsoft Graph's TypedDict forms quote unions of hundreds of literals
    (10,000 characters and more), whose `_typing` must be imported (prose fails to parse at
    its first words, at little cost); one nested past what the parser takes is left out."""
    if not text.isprintable():
        return frozenset()
    try:
        with warnings.catch_warnings():  # a text like `1in` (an enum value) warns as it fails:
            warnings.simplefilter("ignore", SyntaxWarning)  # never the user's to read
            expression = ast.parse(text, mode="eval")
    except (SyntaxError, RecursionError, MemoryError):
        return frozenset()
    return frozenset(child.id for child in ast.walk(expression) if isinstance(child, ast.Name))


def _strongly_connected(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """Tarjan's components (iterative: a long chain of references must not recurse), each in
    source order, in an order where a component comes after every component it references."""
    order = {name: position for position, name in enumerate(graph)}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root], key=order.__getitem__)))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    components.append(_pop_component(stack, on_stack, node, order))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph[child], key=order.__getitem__))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return components


def _pop_component(stack: list[str], on_stack: set[str], head: str,
                   order: Mapping[str, int]) -> list[str]:
    component = []
    while True:
        name = stack.pop()
        on_stack.discard(name)
        component.append(name)
        if name == head:
            return sorted(component, key=order.__getitem__)


def _groups(definitions: Mapping[str, _Definition], anchors: set[str]) -> list[list[str]]:
    """The definitions' groups: cycles together, each group named from one other group only
    (and holding no anchor) kept with that group."""
    components = _strongly_connected({name: d.references for name, d in definitions.items()})
    component_of = {name: index for index, members in enumerate(components) for name in members}
    users: dict[int, set[int]] = {index: set() for index in range(len(components))}
    for name, definition in definitions.items():
        for target in definition.references:
            if component_of[target] != component_of[name]:
                users[component_of[target]].add(component_of[name])
    final: dict[int, int] = {}
    # users come after what they reference in `components`: walk it backwards, users first
    for index in reversed(range(len(components))):
        heads = {final[user] for user in users[index]}
        anchored = any(name in anchors for name in components[index])
        final[index] = heads.pop() if len(heads) == 1 and not anchored else index
    grouped: dict[int, list[str]] = {}
    for index, members in enumerate(components):
        grouped.setdefault(final[index], []).extend(members)
    return [grouped[head] + [] for head in sorted(grouped)]


def _import_depth(groups: list[list[str]], group_of: Mapping[str, int],
                  definitions: Mapping[str, _Definition]) -> int:
    """The longest chain of group modules each importing the next (the groups' graph has no
    cycle: a cycle is one group). Iterative: the chain may be longer than Python recurses."""
    names = [{group_of[target] for name in members for target in definitions[name].references}
             - {index} for index, members in enumerate(groups)]
    depth: dict[int, int] = {}
    for start in range(len(groups)):
        pending = [start]
        while pending:
            index = pending[-1]
            if index in depth:
                pending.pop()
                continue
            waiting = [target for target in names[index] if target not in depth]
            if waiting:
                pending.extend(waiting)
                continue
            depth[index] = 1 + max((depth[target] for target in names[index]), default=0)
            pending.pop()
    return max(depth.values(), default=0)


def _module_names(groups: list[list[str]]) -> list[str]:
    """`_snake_case` of each group's root (`_root`). Clashes get `_2`, `_3` in name order."""
    stems = [_module_stem(_root(members)) for members in groups]
    taken: dict[str, int] = {}
    names = [""] * len(groups)
    for position in sorted(range(len(groups)), key=lambda i: (stems[i], _root(groups[i]))):
        count = taken.get(stems[position], 0) + 1
        taken[stems[position]] = count
        names[position] = stems[position] if count == 1 else f"{stems[position]}_{count}"
    return names


def _root(members: list[str]) -> str:
    """The group's root: its last definition (the others, kept with it, are what it references,
    and come first; in a cycle, the last of the cycle in source order)."""
    return members[-1]


def _module_stem(name: str) -> str:
    """`_snake_case` of `name`; a long one cut to MAX_STEM characters and told apart by a hash
    of the whole name (file systems refuse names over 255 bytes; class names of deep inline
    schemas are longer)."""
    words = _CAMEL_BOUNDARY.sub("_", name).lower()
    stem = re.sub(r"[^0-9a-z]+", "_", words).strip("_") or "model"
    return f"_{cut_with_hash(stem, MAX_STEM, whole=name)}"


def _group_module(module: str, own: list[_Definition], imports: Mapping[str, str],
                  group_of: Mapping[str, int], modules: list[str], index: int) -> GroupModule:
    used = set().union(*(d.names for d in own))
    future = [line for name, line in imports.items() if name == "annotations"]
    needed = future + sorted({line for name, line in imports.items() if name in used} - set(future))
    cross: dict[str, list[str]] = {}
    for definition in own:
        for target in sorted(definition.references):
            if group_of[target] != index:
                cross.setdefault(modules[group_of[target]], []).append(target)
    needed += [f"from .{other} import {', '.join(sorted(set(names)))}"
               for other, names in sorted(cross.items())]
    body = "\n\n".join(d.source.strip("\n") for d in own)
    rebuilds = [line.strip("\n") for d in own for line in d.rebuilds]
    if rebuilds:
        body += "\n\n\n" + "\n".join(rebuilds)
    return GroupModule(module, tuple(d.name for d in own), tuple(needed), body + "\n")


def _one_module(tree: ast.Module, lines: list[str], module: str) -> ModelModules:
    """The whole source as one module (a shape the split does not understand)."""
    names = [name for node in tree.body if (name := _bound_name(node)) not in (None, "__all__")]
    imports = [line for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))
               for line in _import_lines(node).values()]
    body = "".join(line for node in tree.body if not isinstance(node, (ast.Import, ast.ImportFrom))
                   and _bound_name(node) != "__all__"
                   for line in lines[node.lineno - 1:node.end_lineno])
    return ModelModules((GroupModule(module, tuple(dict.fromkeys(names)), tuple(imports), body),))


# -- the split in the cache -------------------------------------------------------------------

NAMESPACE = "split"
ENTRY_FORMAT = 1  # of a split entry: changing its fields changes this


def cached_split(source: str, anchors: Iterable[str], cache: Cache | None, *,
                 tree: ast.Module | None = None) -> ModelModules:
    """`split_models(source, anchors, tree=tree)`, from `cache` when it holds the split of the
    same source and anchors made by the same code (a large models.py takes seconds to split: an
    edit outside the component schemas finds dcg's output and its split both cached)."""
    anchored = list(anchors)
    key = None if cache is None else _split_key(source, anchored)
    found = None if cache is None or key is None else _decoded(cache.get(NAMESPACE, key))
    if found is not None:
        return found
    modules = split_models(source, anchored, tree=tree)
    if cache is not None and key is not None:
        cache.put(NAMESPACE, key, _encoded(modules))
    return modules


def _split_key(source: str, anchors: list[str]) -> str | None:
    text = source.encode("utf-8", "surrogatepass")
    return key_of({
        "format": ENTRY_FORMAT,
        "source_sha256": hashlib.sha256(text).hexdigest(),
        "anchors": anchors,
        "generator_sha256": provenance.toolkit_fingerprint()["generator_sha256"],
        "python": sys.version,
    })


def _encoded(modules: ModelModules) -> dict[str, object]:
    return {"format": ENTRY_FORMAT, "groups": [
        [group.module, list(group.names), list(group.imports), group.body]
        for group in modules.groups]}


def _decoded(entry: object) -> ModelModules | None:
    """The split an entry holds; None when it is not one this module wrote."""
    if not isinstance(entry, dict) or entry.get("format") != ENTRY_FORMAT:
        return None
    groups = entry.get("groups")
    if not isinstance(groups, list):
        return None
    found = []
    for item in groups:
        if not (isinstance(item, list) and len(item) == 4 and isinstance(item[0], str)
                and isinstance(item[3], str) and _strings(item[1]) and _strings(item[2])):
            return None
        found.append(GroupModule(item[0], tuple(item[1]), tuple(item[2]), item[3]))
    return ModelModules(tuple(found))


def _strings(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)
