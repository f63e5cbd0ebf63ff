"""The files of a split models (or params) package: `<package>/__init__.py`, lazy, and one file
per group module (`generator.models.split`). Layout in templates/models/."""

from __future__ import annotations

from generator.models.split import ModelModules
from generator.render.environment import TEMPLATES, environment


def package_files(modules: ModelModules, *, package: str, header: str, doc: str,
                  kind: str) -> dict[str, str]:
    """relative path -> text of the package `package` (`models`, `params`) holding `modules`;
    `header` opens every group module, `doc` is the package's docstring, `kind` what it defines."""
    env = environment(TEMPLATES)
    module_of = modules.module_of
    by_module: dict[str, list[str]] = {}
    for name, module in sorted(module_of.items()):
        by_module.setdefault(module, []).append(name)
    files = {f"{package}/__init__.py": env.get_template("models/__init__.py.jinja").render(
        doc=doc, kind=kind, names=sorted(module_of), imports=sorted(by_module.items()),
        module_of=sorted(module_of.items()))}
    group = env.get_template("models/group.py.jinja")
    for each in modules.groups:
        files[f"{package}/{each.module}.py"] = group.render(
            header=header, imports=each.imports, names=sorted(each.names), body=each.body)
    return files
