"""The names generated code already binds, and the names spec-derived code takes beside them.

Spec text becomes resource attributes of the client, resource classes, methods and module
constants. Each lives in a namespace the templates and the hand-written runtime already fill
(`Client.close`, `SyncAPIResource.with_raw_response`, the imports of a resource module): those
names are declared in `names/reserved.py` (and proven complete by tests/names, which read the
templates). `plan` chooses every spec-derived name clear of them and of each other, and says
which it had to change; `read_modules` reads every rendered module once, the generation-time
proof that no module of a package binds a name twice (`bound_twice_in`), and the methods the
coverage check counts.
"""

from __future__ import annotations

import ast
import functools
import keyword
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass

from generator.io.cache import Cache, key_of
from generator.io.paths import templates_dir
from generator.io.provenance import sha256_text, toolkit_fingerprint
from generator.names import identifiers as names
from generator.names import reserved
from generator.problems import RENAME

# Where render reads the templates from (installed: generator/templates; a checkout: templates/).
TEMPLATES = templates_dir()
RUNTIME = TEMPLATES / "runtime"


# ---- what the runtime and the templates bind -----------------------------------------------


@functools.cache
def client_attributes() -> frozenset[str]:
    """Names of the generated `Client`/`AsyncClient` a resource attribute must not take: its
    attributes, and the builtins its method signatures read."""
    return frozenset(reserved.CLIENT_BASE_ATTRIBUTES | reserved.CLIENT_TEMPLATE_ATTRIBUTES
                     | set(dir(object)) | reserved.CLIENT_SIGNATURE_BUILTINS
                     | reserved.CLIENT_DECORATORS)


@functools.cache
def resource_attributes() -> frozenset[str]:
    """Names of a generated resource class a method must not take."""
    return frozenset(reserved.RESOURCE_BASE_ATTRIBUTES | reserved.RESOURCE_TEMPLATE_ATTRIBUTES
                     | set(dir(object)))


@functools.cache
def module_names() -> frozenset[str]:
    """Names a resource module (`resources/<attribute>.py`), `resources/__init__.py` and
    `_client.py` bind themselves: resource classes keep clear."""
    return frozenset(reserved.RESOURCES_MODULE_NAMES | reserved.RESOURCES_INIT_NAMES
                     | reserved.CLIENT_MODULE_NAMES | reserved.OPERATIONS_MODULE_NAMES
                     | reserved.CLIENT_CLASSES)


@functools.cache
def client_arguments() -> frozenset[str]:
    """Names `Client.__init__` has or reads (its arguments, the module's names, builtins it
    calls): a client-level parameter must not take one."""
    return frozenset(reserved.CLIENT_INIT_NAMES | reserved.CLIENT_MODULE_NAMES)


def _bindings(body: list[ast.stmt]) -> Iterator[str]:
    """The names a module or class body binds, one per binding (the overloads of a function
    bind it once, with its implementation; an annotation without a value binds nothing)."""
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if not any(isinstance(d, ast.Name) and d.id == "overload" for d in node.decorator_list):
                yield node.name
        elif isinstance(node, ast.ClassDef):
            yield node.name
        elif isinstance(node, ast.Assign) or (isinstance(node, ast.AnnAssign)
                                              and node.value is not None):
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                yield from (n.id for n in ast.walk(target) if isinstance(n, ast.Name))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            yield from ((alias.asname or alias.name).split(".")[0] for alias in node.names)


# ---- the plan ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rename:
    """A spec-derived name that had to change, and why; or (`kind` "note") how generation
    reads a part of a valid document its own way (a header OpenAPI ignores left out...)."""

    pointer: str  # the operation it comes from
    problem: str
    action: str
    kind: str = RENAME  # or NOTE (`problems.Repaired.kind`)


@dataclass(frozen=True)
class Plan:
    """Every spec-derived name of a package, and the ones that had to change."""

    attributes: dict[str, str]  # resource attribute as named by the spec -> on the client
    class_names: dict[str, str]  # resource attribute as named by the spec -> its class
    methods: dict[str, str]  # operation pointer -> method name
    constants: dict[str, str]  # operation pointer -> its ResponseSpec constant
    renames: tuple[Rename, ...]


def _free_group(natural: str, forms: Callable[[str], tuple[str, ...]], taken: set[str]) -> str:
    """`natural`, `natural2`, ...: the first whose every form is free (a resource `Jobs` beside
    `Async Jobs`: its async class would be `AsyncJobs`); its forms then taken."""
    candidate, counter = natural, 2
    while any(name in taken for name in forms(candidate)):
        candidate, counter = f"{natural}{counter}", counter + 1
    taken.update(forms(candidate))
    return candidate


def _resource_classes(name: str) -> tuple[str, ...]:
    return name, f"Async{name}", f"{name}WithRawResponse", f"Async{name}WithRawResponse"


def _operation_constants(name: str) -> tuple[str, ...]:
    """An operation's `ResponseSpec` constant and its `Pagination` one (render adds `_PAGES`)."""
    return name, f"{name}_PAGES"


def plan(operations: Iterable[tuple[str, str, str]]) -> Plan:
    """Every spec-derived name of a package, from (pointer, resource, method) in generation
    order, each clear of what the runtime and the templates bind and of each other."""
    operations = list(operations)
    renames: list[Rename] = []
    first_pointer: dict[str, str] = {}
    for pointer, resource, _ in operations:
        first_pointer.setdefault(resource, pointer)
    attributes, class_names = _resource_names(first_pointer, renames)
    methods = _method_names(operations, attributes, renames)
    taken_constants = set(module_names())
    constants = {
        pointer: _free_group(f"_{resource.upper()}_{methods[pointer].upper()}".replace("__", "_"),
                             _operation_constants, taken_constants)
        for pointer, resource, _ in operations
    }
    return Plan(attributes, class_names, methods, constants, tuple(renames))


def _resource_names(first_pointer: dict[str, str], renames: list[Rename]
                    ) -> tuple[dict[str, str], dict[str, str]]:
    """Each resource's attribute on the client and its class name; `first_pointer`: resource ->
    the first operation of it (where a rename is reported)."""
    attributes: dict[str, str] = {}
    class_names: dict[str, str] = {}
    taken_attributes = set(client_attributes())
    taken_classes = set(module_names())
    for resource in sorted(first_pointer):
        attribute = _bounded_attribute(resource, first_pointer[resource], renames)
        if attribute in taken_attributes:
            attribute = names.first_free(f"{resource}_", taken_attributes | set(first_pointer))
            renames.append(Rename(
                first_pointer[resource],
                f"the resource `{resource}` is named like an attribute of the client",
                f"it is `client.{attribute}`"))
        taken_attributes.add(attribute)
        attributes[resource] = attribute
        natural = names.class_name(resource)
        class_names[resource] = _free_group(natural, _resource_classes, taken_classes)
        if class_names[resource] != natural:
            renames.append(Rename(first_pointer[resource],
                                  f"the resource `{resource}` would be the class `{natural}`, "
                                  "which the package already has",
                                  f"its classes are `{class_names[resource]}` and "
                                  f"`Async{class_names[resource]}`"))
    return attributes, class_names


# Characters of a resource's attribute, which names its module file (`resources/<attribute>.py`,
# and `__pycache__/<attribute>.cpython-311.pyc` beside it): file systems refuse a name over 255
# bytes, and a tag written as a sentence can be longer.
MAX_RESOURCE_ATTRIBUTE = 80


def _bounded_attribute(resource: str, pointer: str, renames: list[Rename]) -> str:
    """`resource` (an ASCII identifier), or when it is longer than MAX_RESOURCE_ATTRIBUTE, its
    start told apart by a hash of the whole name (as model modules are, `models.split`), the
    rename reported: a package whose module cannot be written is no package at all."""
    attribute = names.cut_with_hash(resource, MAX_RESOURCE_ATTRIBUTE)
    if attribute == resource:
        return resource
    renames.append(Rename(
        pointer, f"the resource `{resource[:40]}...` is {len(resource)} characters long, more "
                 f"than its module's file name may be (MAX_RESOURCE_ATTRIBUTE, "
                 f"{MAX_RESOURCE_ATTRIBUTE})", f"it is `client.{attribute}`"))
    return attribute


def _method_names(operations: list[tuple[str, str, str]], attributes: dict[str, str],
                  renames: list[Rename]) -> dict[str, str]:
    """operation pointer -> its method, clear of what every resource has (`with_raw_response`)."""
    by_resource: dict[str, set[str]] = {}
    for _, resource, method in operations:
        by_resource.setdefault(resource, set()).add(method)
    methods: dict[str, str] = {}
    for pointer, resource, method in operations:
        if method in resource_attributes():
            new = names.first_free(f"{method}_", resource_attributes() | by_resource[resource])
            by_resource[resource].add(new)
            renames.append(Rename(pointer, f"the method `{method}` is named like an attribute of "
                                  "every resource", f"it is `{attributes[resource]}.{new}()`"))
            method = new
        methods[pointer] = method
    return methods


# ---- the generation-time proof ----------------------------------------------------------------


def _bound_twice(body: list[ast.stmt]) -> list[str]:
    """Names a module or class body binds more than once."""
    return sorted(name for name, count in Counter(_bindings(body)).items() if count > 1)


def _init_assigned_twice(cls: ast.ClassDef) -> list[str]:
    """`self.x` attributes a class's `__init__` assigns more than once."""
    assigned = Counter(
        target.attr
        for item in cls.body if isinstance(item, ast.FunctionDef) and item.name == "__init__"
        for statement in item.body if isinstance(statement, (ast.Assign, ast.AnnAssign))
        for target in (statement.targets if isinstance(statement, ast.Assign)
                       else [statement.target])
        if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)
        and target.value.id == "self"
    )
    return sorted(name for name, count in assigned.items() if count > 1)


@dataclass(frozen=True)
class Reading:
    """What generation checks read of one rendered module's text, from one parse: the names it
    binds twice (`name`, `Class.name`, `Class.self.name`), and each top-level class's bases and
    public methods (the coverage check counts the resource classes' methods from them)."""

    twice: tuple[str, ...]
    classes: dict[str, tuple[tuple[str, ...], tuple[str, ...]]]  # name -> (bases, methods)


def bound_twice_in(readings: Mapping[str, Reading]) -> list[str]:
    """`module: name` for every name bound twice in the modules `readings` read: at a
    module's top level, in a class body, or as an attribute its `__init__` sets."""
    return [f"{module}: {name}" for module, reading in readings.items() for name in reading.twice]


def read_modules(files: Mapping[str, str], modules: Iterable[str],
                 cache: Cache | None = None) -> dict[str, Reading]:
    """The `Reading` of each of `modules` (a module that does not parse has none: format's
    compile check names its file and line). A module's reading is taken from `cache` when it
    has read the same text (parsing GitHub's 192 modules, 10 MB, takes seconds; an edit of one
    operation changes one or two of them)."""
    readings: dict[str, Reading] = {}
    missed: dict[str, Reading] = {}
    generator = toolkit_fingerprint()["generator_sha256"] if cache is not None else ""
    for module in modules:
        text = files[module]
        key = _entry_key(text, generator) if cache is not None else ""
        reading = _cached_reading(cache, key) if cache is not None else None
        if reading is None:
            reading = _read_text(text)
            if reading is None:
                continue
            missed[key] = reading
        readings[module] = reading
    if cache is not None and missed:
        for key, reading in missed.items():
            cache.put(NAMESPACE, key, _entry(reading), evict=False)
        cache.evict()
    return readings


def _read_text(text: str) -> Reading | None:
    """The module `text`'s reading; None when it does not parse."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return None
    twice = _bound_twice(tree.body)
    classes: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            inside = [*_bound_twice(node.body), *(f"self.{n}" for n in _init_assigned_twice(node))]
            twice.extend(f"{node.name}.{name}" for name in inside)
            classes[node.name] = (_base_names(node), _public_methods(node))
    return Reading(tuple(twice), classes)


def _base_names(cls: ast.ClassDef) -> tuple[str, ...]:
    """The names of the class's bases, a generic one's included (`BaseClient[Client]`)."""
    bases = (base.value if isinstance(base, ast.Subscript) else base for base in cls.bases)
    return tuple(base.id for base in bases if isinstance(base, ast.Name))


def _public_methods(cls: ast.ClassDef) -> tuple[str, ...]:
    """The class's public methods, each once (overloads included), sorted."""
    return tuple(sorted({item.name for item in cls.body
                         if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))
                         and not item.name.startswith("_")}))


NAMESPACE = "module_readings"
ENTRY_FORMAT = 2  # of an entry: changing its fields changes this


def _entry_key(text: str, generator_sha256: str) -> str:
    """What a module's reading depends on: its text, the code reading it (the generator's
    source hash) and Python's version (whose parser reads it)."""
    return key_of({"format": ENTRY_FORMAT, "source_sha256": sha256_text(text),
                   "generator_sha256": generator_sha256, "python": sys.version})


def _entry(reading: Reading) -> dict[str, object]:
    return {"format": ENTRY_FORMAT, "twice": list(reading.twice),
            "classes": {name: [list(bases), list(methods)]
                        for name, (bases, methods) in reading.classes.items()}}


def _cached_reading(cache: Cache, key: str) -> Reading | None:
    """The entry under `key` as a `Reading`; None when there is none or it is not one."""
    entry = cache.get(NAMESPACE, key)
    if not (isinstance(entry, dict) and entry.get("format") == ENTRY_FORMAT):
        return None
    twice, classes = entry.get("twice"), entry.get("classes")
    if not (isinstance(twice, list) and _strings(twice) and isinstance(classes, dict)):
        return None
    read: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
    for name, parts in classes.items():
        if not (isinstance(parts, list) and len(parts) == 2 and all(map(_strings, parts))):
            return None
        read[name] = (tuple(parts[0]), tuple(parts[1]))
    return Reading(tuple(twice), read)


def _strings(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


# ---- the package's own name ----------------------------------------------------------------------


# what the generated code imports (the roots of the distributions it needs), and with them what
# the HTTP library imports when it is there: all named whether installed here or not
_IMPORTED = frozenset({*reserved.RUNTIME_IMPORTS, *reserved.HTTP_LIBRARIES})
_NAMED_MODULES = _IMPORTED | frozenset(reserved.HTTP_OPTIONAL_IMPORTS)


@functools.cache
def shadowed_modules() -> frozenset[str]:
    """Top-level modules a generated package must not be named like: the standard library, and
    what the generated code imports with the distributions it needs (a package folder named
    `httpx` on the path would be imported instead of httpx)."""
    return frozenset(set(sys.stdlib_module_names) | _NAMED_MODULES
                     | _dependency_modules(_IMPORTED))


def _dependency_modules(roots: Iterable[str]) -> set[str]:
    """Top-level modules of the installed distributions `roots` need, transitively."""
    import importlib.metadata  # lazy: ~0.03 s to import, for a question most runs never ask

    by_module = importlib.metadata.packages_distributions()
    modules_of: dict[str, set[str]] = {}
    for module, distributions in by_module.items():
        for distribution in distributions:
            modules_of.setdefault(distribution.lower().replace("_", "-"), set()).add(module)
    pending = [d.lower().replace("_", "-") for root in roots for d in by_module.get(root, [])]
    seen: set[str] = set()
    while pending:
        distribution = pending.pop()
        if distribution in seen:
            continue
        seen.add(distribution)
        try:
            requirements = importlib.metadata.requires(distribution) or []
        except importlib.metadata.PackageNotFoundError:
            continue
        for requirement in requirements:
            if "extra ==" not in requirement:
                name = re.split(r"[\s<>=!~;\[(]", requirement, maxsplit=1)[0]
                pending.append(name.lower().replace("_", "-"))
    return {module for distribution in seen for module in modules_of.get(distribution, set())}


def package_name_problem(package: str) -> str | None:
    """Why `package` cannot name a generated package, or None when it can."""
    problem = package_name_form_problem(package)
    if problem is None and _names_a_module(package) and package in shadowed_modules():
        return (f"{package!r} is the name of a module the generated code or Python needs: "
                "the package would hide it")
    return problem


def package_name_form_problem(package: str) -> str | None:
    """Why `package` is not spelled as a package name (not an identifier, too long for its
    folder, a keyword), or None: the part of `package_name_problem` that reads nothing but the
    name (it leaves out which modules exist)."""
    if not package.isidentifier():
        return f"{package!r} is not a Python package name"
    if not package.isascii():
        return (f"{package!r} is not ASCII: the package's environment variables and "
                "User-Agent are named after it, and both must be ASCII")
    if len(package.encode("utf-8")) > reserved.MAX_PACKAGE_NAME:
        return (f"'{package[:40]}...' is {len(package.encode('utf-8'))} bytes long, more than "
                f"a package name may be ({reserved.MAX_PACKAGE_NAME}): its folder could not be "
                "written")
    if keyword.iskeyword(package):
        return f"{package!r} is a Python keyword: `import {package}` is a syntax error"
    return None


def _names_a_module(package: str) -> bool:
    """Whether Python has a module named `package` (standard library, or found on its path):
    only such a name can be one of `shadowed_modules`, whose reading of every installed
    distribution's metadata (~0.07 s, and importlib.metadata's import) each `generate` would
    otherwise pay for a name nothing uses."""
    if package in sys.stdlib_module_names or package in _NAMED_MODULES:
        return True
    import importlib.util

    try:
        return importlib.util.find_spec(package) is not None
    except (ImportError, ValueError):  # a broken module of that name: it exists
        return True
