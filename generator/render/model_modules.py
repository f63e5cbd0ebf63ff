"""The files of a split models (or params) package: `<package>/__init__.py`, lazy, and one file
per group module (`generator.models.split`). Layout in templates/models/."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from generator.models.split import ModelModules
from generator.render.environment import TEMPLATES, environment

MODELS_DOC = "The API's models: a pydantic class for each schema of its document."


def package_files(modules: ModelModules, *, package: str, header: str, doc: str, kind: str,
                  order: Callable[[list[str]], list[str]] = sorted) -> dict[str, str]:
    """relative path -> text of the package `package` (`models`, `params`) holding `modules`;
    `header` (a comment, or "") opens the package's modules, `doc` is the package's docstring,
    `kind` what it defines; `order` sorts the names of an `__all__`. Names starting with `_` are
    reachable but not exported (`from package import *` leaves them out, as it would)."""
    env = environment(TEMPLATES)
    module_of = modules.module_of
    by_module: dict[str, list[str]] = {}
    for name, module in sorted(module_of.items()):
        by_module.setdefault(module, []).append(name)
    files = {f"{package}/__init__.py": env.get_template("models/__init__.py.jinja").render(
        header=header, doc=doc, kind=kind, imports=sorted(by_module.items()),
        names=order(_public(module_of)), module_of=sorted(module_of.items()))}
    group = env.get_template("models/group.py.jinja")
    for each in modules.groups:
        files[f"{package}/{each.module}.py"] = group.render(
            header=header, imports=each.imports, names=order(_public(each.names)), body=each.body)
    return files


def _public(names: Iterable[str]) -> list[str]:
    return [name for name in names if not name.startswith("_")]
