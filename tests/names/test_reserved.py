"""The names `names/reserved.py` declares the templates and the runtime bind are the names
they bind: complete (a name added to a template or to the runtime is declared) and exact (a
name declared is still there).

Code generation reads no template text; this test does, with the rules code generation used
to apply at every run: Python's `ast` over templates/runtime/*.py, and over the templates'
code with their Jinja parts blanked out, regular expressions where a template's Jinja keeps it
from parsing.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Mapping
from pathlib import Path

import pytest

from generator.names import namespace, reserved
from tests.support import TEMPLATES

RUNTIME = TEMPLATES / "runtime"
_JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.DOTALL)
_IMPORT = re.compile(r"^[ \t]*(?:from\s+\S+\s+)?import\s+(\([^)]*\)|[^\n]*)$", re.MULTILINE)
_TOP_DEFINITION = re.compile(
    r"^(?:class|def)\s+([A-Za-z_]\w*)(?=[\s(:])|^([A-Za-z_]\w*)\s*[:=]", re.MULTILINE)
_SELF_ATTRIBUTE = re.compile(
    r"\bself\.([A-Za-z_]\w*)\s*(?::[^=\n]*)?=(?!=)|^\s*(?:async\s+)?def\s+([A-Za-z_]\w*)",
    re.MULTILINE)
_CLASS_ASSIGNMENT = re.compile(r"^ {4}([A-Za-z_]\w*)\s*(?::[^=\n]*)?=(?!=)")  # `with_options = copy`
_WORD = re.compile(r"(?<![.\w])([A-Za-z_]\w*)")


@functools.cache
def _runtime_trees() -> dict[str, ast.Module]:
    return {path.name: ast.parse(path.read_text(encoding="utf-8"))
            for path in sorted(RUNTIME.glob("*.py"))}


def _template(name: str) -> str:
    return (TEMPLATES / name).read_text(encoding="utf-8")


def _classes() -> dict[str, ast.ClassDef]:
    return {node.name: node for tree in _runtime_trees().values() for node in tree.body
            if isinstance(node, ast.ClassDef)}


def _own_attributes(node: ast.ClassDef) -> set[str]:
    found: set[str] = set()
    for item in node.body:
        if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found.add(item.name)
        elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
            found.add(item.target.id)
        elif isinstance(item, ast.Assign):
            found.update(t.id for t in item.targets if isinstance(t, ast.Name))
    found.update(sub.attr for sub in ast.walk(node)
                 if isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store)
                 and isinstance(sub.value, ast.Name) and sub.value.id == "self")
    return found


def _class_attributes(name: str, classes: Mapping[str, ast.ClassDef]) -> set[str]:
    """Every name an instance of runtime class `name` answers to, its runtime bases' included."""
    found: set[str] = set()
    pending, seen = [name], set()
    while pending:
        node = classes.get(pending.pop())
        if node is None or node.name in seen:
            continue
        seen.add(node.name)
        bases = (base.value if isinstance(base, ast.Subscript) else base for base in node.bases)
        pending.extend(base.id for base in bases if isinstance(base, ast.Name))
        found |= _own_attributes(node)
    return found


def _template_attributes(template: str) -> set[str]:
    """`self.x = ...`, `def x` and class-body `x = ...` of a template's code."""
    text = _JINJA.sub(" ", _template(template))
    found = {a or b for a, b in _SELF_ATTRIBUTE.findall(text)}
    in_class = False
    for line in text.splitlines():
        if line[:1].strip():
            in_class = line.startswith("class ")
        elif in_class and (match := _CLASS_ASSIGNMENT.match(line)):
            found.add(match.group(1))
    return found


def _template_module_names(template: str) -> set[str]:
    """What a template imports and defines at its top level."""
    text = _template(template)
    found: set[str] = set()
    for match in _IMPORT.finditer(text):
        # a name built by the template (`Async{{ r.class_name }}`) is not one of its own
        for item in _JINJA.sub("\0", match.group(1)).strip("()").split(","):
            words = item.split()
            if words and words[-1].split(".")[0].isidentifier():
                found.add(words[-1].split(".")[0])
    found.update(a or b for a, b in _TOP_DEFINITION.findall(_JINJA.sub("\0", text)))
    return found


def _signature_builtins(template: str) -> set[str]:
    code = _JINJA.sub(" ", _template(template))
    signatures = re.findall(r"\bdef\s+\w+\((.*?)\)\s*->\s*([^:\n]+):", code, flags=re.DOTALL)
    words = {word for signature in signatures for part in signature for word in _WORD.findall(part)}
    return words & reserved.BUILTIN_NAMES


def _client_init_words() -> set[str]:
    """Every word of `Client.__init__` and the code after it (comments and strings aside)."""
    text = _template(reserved.CLIENT_TEMPLATE)
    code = _JINJA.sub(" ", text[text.index("def __init__("):])
    code = re.sub(r'""".*?"""', " ", code, flags=re.DOTALL)
    code = re.sub(r"#[^\n]*|\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'", " ", code)
    return set(_WORD.findall(code))


def _imports() -> set[str]:
    found: set[str] = set()
    for tree in _runtime_trees().values():
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                found.add((node.module or "").split(".")[0])
    return found


def _runtime_module_names(module: str) -> set[str]:
    return set(namespace._bindings(_runtime_trees()[module].body))


def _bases(names: tuple[str, ...]) -> set[str]:
    classes = _classes()
    assert set(names) <= set(classes), "a base named in reserved.py is not in the runtime"
    return {name for base in names for name in _class_attributes(base, classes)}


FACTS = {
    "CLIENT_BASE_ATTRIBUTES": lambda: _bases(reserved.CLIENT_BASES),
    "RESOURCE_BASE_ATTRIBUTES": lambda: _bases(reserved.RESOURCE_BASES),
    "CLIENT_TEMPLATE_ATTRIBUTES": lambda: _template_attributes(reserved.CLIENT_TEMPLATE),
    "RESOURCE_TEMPLATE_ATTRIBUTES": lambda: _template_attributes(reserved.RESOURCES_TEMPLATE),
    "CLIENT_SIGNATURE_BUILTINS": lambda: _signature_builtins(reserved.CLIENT_TEMPLATE),
    "RESOURCES_MODULE_NAMES": lambda: _template_module_names(reserved.RESOURCES_TEMPLATE),
    "RESOURCES_INIT_NAMES": lambda: _template_module_names(reserved.RESOURCES_INIT_TEMPLATE),
    "CLIENT_MODULE_NAMES": lambda: _template_module_names(reserved.CLIENT_TEMPLATE),
    "CLIENT_DECORATORS": lambda: set(re.findall(r"^\s*@([A-Za-z_]\w*)\s*$",
                                                _template(reserved.CLIENT_TEMPLATE), re.MULTILINE)),
    "OPERATIONS_MODULE_NAMES": lambda: _runtime_module_names(reserved.OPERATIONS_MODULE),
    "CLIENT_INIT_NAMES": lambda: (_client_init_words()
                                  - _template_module_names(reserved.CLIENT_TEMPLATE)),
    "RUNTIME_IMPORTS": _imports,
}


@pytest.mark.parametrize("name", sorted(FACTS))
def test_each_declared_list_is_what_the_templates_and_the_runtime_bind(name: str) -> None:
    declared = getattr(reserved, name)
    found = FACTS[name]()
    assert not found - declared, f"bound but not declared in names/reserved.py {name}"
    assert not declared - found, f"declared in names/reserved.py {name} but no longer bound"


def _set_classes(template: str) -> set[str]:
    """The class names a template chooses in a `{% set cls = "A" if ... else "B" %}`."""
    found: set[str] = set()
    for statement in re.findall(r"\{%\s*set\s+cls\s*=(.*?)%\}", _template(template)):
        found.update(re.findall(r'"([A-Za-z_]\w*)"', statement))
    return found


def test_the_client_classes_are_the_names_the_client_template_chooses() -> None:
    """`Client` and `AsyncClient` are chosen in a `{% set %}`, out of the other rules' sight."""
    assert "class {{ cls }}(" in _template(reserved.CLIENT_TEMPLATE)
    assert _set_classes(reserved.CLIENT_TEMPLATE) == reserved.CLIENT_CLASSES


@pytest.mark.parametrize("stage", ["names", "ir"])
def test_code_generation_reads_no_template_text(stage: str) -> None:
    """The names and ir stages learn what the templates bind from the declarations alone."""
    folder = Path(namespace.__file__ or "").parents[1] / stage
    for module in sorted(folder.glob("*.py")):
        code = module.read_text(encoding="utf-8")
        assert not re.search(r"\bread_text\(|\bopen\(|\.read\(", code), module.name


def test_no_resource_attribute_names_the_resources_package_module() -> None:
    """`resources/<attribute>.py`: an attribute is never `__init__` (nor any name the client
    already has), so a resource module cannot stand in for the package's own."""
    chosen = namespace.plan([("/paths/~1a/get", "__init__", "get"), ("/paths/~1b/get", "copy", "get")])
    assert "__init__" in namespace.client_attributes()
    assert set(chosen.attributes.values()).isdisjoint(namespace.client_attributes())
    assert chosen.attributes["__init__"] != "__init__"
