"""Count the operations a generated client kept: ours and openapi-python-client's."""

from __future__ import annotations

import ast
from pathlib import Path


def _is_overload(node: ast.stmt) -> bool:
    decorators = getattr(node, "decorator_list", [])
    return any(getattr(d, "id", "") == "overload" for d in decorators)


def sync_methods(resources_source: str) -> list[str]:
    """`Class.method` for every public method of the sync resource classes in our resource
    modules (`resources/*.py`, one after the other; overload stubs, async and raw-response
    classes excluded)."""
    methods = []
    for node in ast.parse(resources_source).body:
        if not isinstance(node, ast.ClassDef) or node.name.startswith("Async"):
            continue
        if node.name.endswith("WithRawResponse"):
            continue
        for item in node.body:
            if isinstance(item, ast.FunctionDef) and not item.name.startswith("_") and not _is_overload(item):
                methods.append(f"{node.name}.{item.name}")
    return methods


def ours(package_dir: Path) -> int:
    """The methods of our package in `package_dir` (its `resources/<attribute>.py` modules)."""
    modules = sorted((package_dir / "resources").glob("*.py"))
    return len(sync_methods("\n".join(p.read_text(encoding="utf-8") for p in modules)))


def openapi_python_client(project_dir: Path) -> int:
    """One module per endpoint under `<package>/api/<tag>/`."""
    return sum(1 for path in project_dir.rglob("api/*/*.py") if path.name != "__init__.py")
