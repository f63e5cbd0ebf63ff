"""The layering of the `generator` package, checked from its source (an AST walk, nothing imported).

`collect_imports(root)` reads every module of `root/generator/` and records every import in it,
module-level and function-level alike (`if TYPE_CHECKING:` blocks too): `import a.b.c` is an edge
to the module `a.b.c` only (not to its parent packages), `from a.b import c` an edge to `a.b.c`
when that is a module of the tree and to `a.b` otherwise (`c` is then a name defined in `a.b`),
and relative imports are resolved against the importing module first. Only edges to `generator`
modules are kept.

`layering_violations(imports)` checks each edge against `ALLOWED` (which layers a layer may import);
`import_cycles(imports)` finds every cycle among the modules, one readable chain per cycle group.
Both answer with messages naming the file and line of each offending import, so the test's
failure says where to look.
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

PACKAGE = "generator"
# The stages, lowest first: each may import the stages below it (and itself), never one above.
STAGES = ("document", "names", "validate", "tolerate", "ir", "models", "render", "output")
SUBPACKAGES = ("io", *STAGES, "drift", "cli")
MODULES = ("problems", "manifest", "pipeline", "command", "__main__")
LAYERS = ("root", *MODULES, *SUBPACKAGES)

# Which layers each layer may import (its own layer is listed where allowed). "root" is the package
# `generator/__init__.py` itself (`__version__`): every import of a `generator.*` module executes it
# anyway, so an edge to it adds no dependency, as long as it imports nothing itself (checked: it is
# held to the same rule as `generator.problems`). `io` and `problems` lie below every stage.
_BASE = {"root", "problems", "io"}
ALLOWED: dict[str, frozenset[str]] = {
    "root": frozenset(),
    "problems": frozenset(),
    "io": frozenset({"root", "problems", "io"}),
    **{stage: frozenset(_BASE | set(STAGES[:index + 1])) for index, stage in enumerate(STAGES)},
    # drift reads documents (and, to say what a change does to a client, names and the ir)
    "drift": frozenset(_BASE | {"document", "names", "ir", "drift"}),
    "manifest": frozenset(_BASE | {"document"}),
    "pipeline": frozenset(set(LAYERS) - {"cli", "command", "__main__"}),
    "cli": frozenset(set(LAYERS) - {"command"}),
    # the entry point, above the command line it imports once Ctrl-C is taken care of
    "command": frozenset(LAYERS),
    "__main__": frozenset(LAYERS),
}


@dataclass(frozen=True, order=True)
class Import:
    """One import statement's edge: `source` imports `target`, at `path`:`line`."""

    source: str
    target: str
    path: str  # relative to the root folder, with forward slashes
    line: int

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}"


def module_names(root: Path, package: str = PACKAGE) -> dict[str, Path]:
    """Every module of `root/package`, by dotted name (a package by its `__init__.py`)."""
    modules: dict[str, Path] = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        if "__pycache__" in parts:
            continue
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join(parts)] = path
    return modules


def _is_package(path: Path) -> bool:
    return path.name == "__init__.py"


def _resolve_from(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute module named by `from <node.module> import ...` written inside `module`."""
    if node.level == 0:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    if node.level > 1:
        base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def _targets(node: ast.Import | ast.ImportFrom, module: str, is_package: bool,
             modules: Mapping[str, Path]) -> Iterable[str]:
    if isinstance(node, ast.Import):
        for alias in node.names:
            yield alias.name
        return
    base = _resolve_from(module, is_package, node)
    for alias in node.names:
        submodule = f"{base}.{alias.name}"
        yield submodule if submodule in modules else base


def collect_imports(root: Path, package: str = PACKAGE) -> list[Import]:
    """Every edge from a module of `root/package` to a module of `package`, in file/line order."""
    modules = module_names(root, package)
    edges: set[Import] = set()
    for module, path in modules.items():
        tree = ast.parse(path.read_bytes(), filename=str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            for target in _targets(node, module, _is_package(path), modules):
                if target == package or target.startswith(package + "."):
                    edges.add(Import(module, target, path.relative_to(root).as_posix(), node.lineno))
    return sorted(edges, key=lambda edge: (edge.path, edge.line, edge.target))


def layer_of(module: str, package: str = PACKAGE) -> str | None:
    """The layer a `package` module belongs to, or None when the rules do not know it."""
    if module == package:
        return "root"
    parts = module.split(".")
    if parts[0] != package:
        return None
    if parts[1] in SUBPACKAGES:
        return parts[1]
    if len(parts) == 2 and parts[1] in MODULES:
        return parts[1]
    return None


def layering_violations(imports: Iterable[Import], package: str = PACKAGE) -> list[str]:
    """One message per import that the layer rules forbid (or that the rules cannot place)."""
    found = []
    for edge in imports:
        source, target = layer_of(edge.source, package), layer_of(edge.target, package)
        if source is None:
            found.append(f"{edge.where}: {edge.source} has no layer in the rules (tests/support/architecture.py)")
        elif target is None:
            found.append(f"{edge.where}: {edge.source} imports {edge.target}, which has no layer in the rules")
        elif target not in ALLOWED[source]:
            allowed = ", ".join(sorted(ALLOWED[source])) or "nothing from " + package
            found.append(f"{edge.where}: {edge.source} imports {edge.target} "
                         f"({source} may import only: {allowed})")
    return found


def _cycle_groups(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with a cycle in them (Tarjan), each sorted, in name order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:  # recursion depth is bounded by the number of modules
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1 or node in graph.get(node, ()):
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(groups)


def _shortest_cycle(start: str, members: set[str], graph: Mapping[str, set[str]]) -> list[str]:
    """The shortest path start -> ... -> start inside `members` (breadth first, name order)."""
    parents: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for nxt in sorted(graph.get(node, set()) & members):
                if nxt == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(parents[path[-1]])
                    return [*reversed(path), start]
                if nxt not in parents:
                    parents[nxt] = node
                    following.append(nxt)
        frontier = following
    raise AssertionError(f"{start} is on no cycle")  # a cycle group always has one


def import_cycles(imports: Iterable[Import]) -> list[str]:
    """One readable chain per group of modules that import each other (directly or not):
    `a (a.py:3) -> b (b.py:7) -> a`, each arrow labelled with the import that makes it."""
    imports = list(imports)
    graph: dict[str, set[str]] = {}
    first: dict[tuple[str, str], Import] = {}
    for edge in imports:
        graph.setdefault(edge.source, set()).add(edge.target)
        first.setdefault((edge.source, edge.target), edge)
    chains = []
    for group in _cycle_groups(graph):
        cycle = _shortest_cycle(group[0], set(group), graph)
        steps = [f"{a} ({first[a, b].where})" for a, b in itertools.pairwise(cycle)]
        chains.append(" -> ".join([*steps, cycle[-1]]))
    return chains
