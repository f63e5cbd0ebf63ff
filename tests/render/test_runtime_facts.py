"""What the generator declares about the hand-written runtime (`render.runtime`) and the shapes
it takes from templates/ hold: the declarations are data, checked here against the runtime's
source, so the generator itself reads no template or runtime text for facts."""

from __future__ import annotations

import ast

import pytest

from generator.ir import retries
from generator.models import MODELS_HEADER, index_models
from generator.models.build import empty_models_source, with_modules
from generator.render import runtime
from generator.render.package import models_files


def _error_classes(tree: ast.Module) -> tuple[str, ...]:
    """The public classes named as errors, or made straight from `Exception` (`RedactedCause`,
    the cause an error is raised from)."""
    return tuple(sorted(node.name for node in tree.body
                        if isinstance(node, ast.ClassDef) and not node.name.startswith("_")
                        and (node.name.endswith("Error") or any(
                            isinstance(base, ast.Name) and base.id == "Exception"
                            for base in node.bases))))


def test_error_modules_name_every_public_error_class_of_the_runtime() -> None:
    """A new error class in templates/runtime/ fails here until ERROR_MODULES lists it: the
    package root must export every error a client can raise."""
    found = []
    for module in sorted(runtime.RUNTIME.glob("*.py")):
        names = _error_classes(ast.parse(module.read_text(encoding="utf-8")))
        if names:
            found.append((module.stem, names))
    assert tuple(found) == runtime.ERROR_MODULES
    assert runtime.error_exports() == tuple(sorted(n for _, ns in found for n in ns))


def _library_imports(source: str) -> list[tuple[str, str | None]]:
    return [(alias.name, alias.asname) for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Import) for alias in node.names]


def test_http_module_imports_the_declared_library_once_as_lib() -> None:
    source = (runtime.RUNTIME / "_http.py").read_text(encoding="utf-8")
    lib = [name for name, alias in _library_imports(source) if alias == "_lib"]
    assert lib == [runtime.RUNTIME_HTTP_LIBRARY]
    assert source.count(runtime.http_import(runtime.RUNTIME_HTTP_LIBRARY)) == 1


@pytest.mark.parametrize("library", ["httpx", "httpx2"])
def test_http_module_swaps_only_the_import_line(library: str) -> None:
    source = (runtime.RUNTIME / "_http.py").read_text(encoding="utf-8")
    swapped = runtime.runtime_modules(runtime.RUNTIME, library)["_http.py"]
    assert [name for name, alias in _library_imports(swapped) if alias == "_lib"] == [library]
    assert swapped.splitlines() == [
        f"import {library} as _lib" if line == f"import {runtime.RUNTIME_HTTP_LIBRARY} as _lib"
        else line for line in source.splitlines()
    ]


def test_an_http_module_without_the_import_line_is_refused() -> None:
    with pytest.raises(RuntimeError, match="exactly once"):
        runtime.http_module('"""no import here"""\n', "httpx2")


def test_runtime_modules_are_copied_as_they_are() -> None:
    modules = runtime.runtime_modules(runtime.RUNTIME, runtime.RUNTIME_HTTP_LIBRARY)
    assert set(modules) == runtime.runtime_files()
    for name, text in modules.items():
        assert text == (runtime.RUNTIME / name).read_text(encoding="utf-8"), name


def _exported(module: str) -> list[str]:
    [exported] = [node.value for node in ast.parse(module).body
                  if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "__all__"
                  or isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") == "__all__"]
    assert exported is not None
    value = ast.literal_eval(exported)
    assert isinstance(value, list)
    return value


def test_the_models_package_lists_every_public_class_in_all() -> None:
    source = "class B:\n    pass\n\n\nclass _Hidden:\n    pass\n\n\nclass A:\n    pass\n\n\n"
    files = models_files(with_modules(index_models(source), ["A", "B", "_Hidden"]))
    assert sorted(files) == ["models/__init__.py", "models/_a.py", "models/_b.py", "models/_hidden.py"]
    init = files["models/__init__.py"]
    assert init.splitlines()[0] == MODELS_HEADER
    assert _exported(init) == ["A", "B"]  # `_Hidden` is reachable (`_MODULE_OF`), not exported
    [module_of] = [node.value for node in ast.parse(init).body if isinstance(node, ast.AnnAssign)
                   and getattr(node.target, "id", "") == "_MODULE_OF"]
    assert module_of is not None
    assert ast.literal_eval(module_of) == {"A": "_a", "B": "_b", "_Hidden": "_hidden"}
    assert _exported(files["models/_a.py"]) == ["A"] and _exported(files["models/_hidden.py"]) == []
    assert files["models/_b.py"].startswith(MODELS_HEADER + "\n")
    assert "class B:\n    pass\n" in files["models/_b.py"]


def test_a_document_without_schemas_gives_the_empty_models_package() -> None:
    source = empty_models_source()
    assert source.splitlines()[0] == MODELS_HEADER
    tree = ast.parse(source)
    assert [type(node).__name__ for node in tree.body] == ["ImportFrom", "ImportFrom", "AnnAssign"]
    assert index_models(source).classes == {}
    assert source.endswith("__all__: list[str] = []\n")
    files = models_files(with_modules(index_models(source), ()))
    assert list(files) == ["models/__init__.py"]
    assert "__all__: list[str] = []\n" in files["models/__init__.py"]
    assert "if TYPE_CHECKING:" not in files["models/__init__.py"]


def test_the_docs_retry_the_methods_the_runtime_retries() -> None:
    """ir/retries.IDEMPOTENT_METHODS (the README's) is the runtime's IDEMPOTENT_METHODS."""
    source = (runtime.RUNTIME / "_base_client.py").read_text(encoding="utf-8")
    line = next(line for line in source.splitlines() if line.startswith("IDEMPOTENT_METHODS"))
    declared = ast.literal_eval(line.split("frozenset(", 1)[1].rsplit(")", 1)[0])
    assert {method.lower() for method in declared} == retries.IDEMPOTENT_METHODS
