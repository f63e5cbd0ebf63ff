"""What `update` reports: the generated code a new spec changes, and problems found in the staged
copy of a spec, named by where the user knows them.

The code summary reads the generated sources (models in the modules of the `models/` package,
public methods in `resources/*.py`) with `ast`: it names the models and methods added, removed or
changed, and for a changed one the fields or parameters that came or went.
"""

from __future__ import annotations

import ast
import dataclasses
import os
from collections.abc import Iterable
from pathlib import Path
from typing import TypeGuard

from generator.problems import Problem

MODELS_PACKAGE = "models/"  # the package of the model classes, one group module per file


def code_changes(before: dict[str, str], after: dict[str, str]) -> list[str]:
    """Files, models and methods added, removed or changed, from the generated sources."""
    old, new = _symbols(before), _symbols(after)
    return [
        *_file_changes(before, after),
        *(f"  added   {name}" for name in sorted(set(new) - set(old))),
        *(f"  removed {name}" for name in sorted(set(old) - set(new))),
        *(f"  changed {name}{_detail(old[name], new[name])}"
          for name in sorted(set(old) & set(new)) if old[name] != new[name]),
    ]


def _file_changes(before: dict[str, str], after: dict[str, str]) -> list[str]:
    return [f"  {status} file {name}" for status, name in (
        *(("added  ", n) for n in sorted(set(after) - set(before))),
        *(("removed", n) for n in sorted(set(before) - set(after))),
        *(("changed", n) for n in sorted(set(before) & set(after)) if before[n] != after[n]),
    )]


def _symbols(files: dict[str, str]) -> dict[str, str]:
    """`model NAME` / `method Resource.name` -> its source, for every model and public method."""
    found: dict[str, str] = {}
    for module in sorted(files):
        if not module.endswith(".py"):
            continue
        try:
            tree = ast.parse(files[module])
        except SyntaxError:
            continue
        for node in tree.body:
            if not isinstance(node, ast.ClassDef):
                continue
            if module.startswith(MODELS_PACKAGE) and module != f"{MODELS_PACKAGE}__init__.py":
                found[f"model {node.name}"] = ast.unparse(node)
            elif module.startswith("resources/"):  # one module per resource
                for item in node.body:
                    if _is_public_method(item):
                        found[f"method {node.name}.{item.name}"] = ast.unparse(item)
    return found


def _is_public_method(node: ast.stmt) -> TypeGuard[ast.FunctionDef | ast.AsyncFunctionDef]:
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    return not node.name.startswith("_")


def _type_text(annotation: ast.expr | None) -> str:
    """An annotation as its type reads: `Annotated[T, Field(...)]` is `T`."""
    if annotation is None:
        return ""
    if (isinstance(annotation, ast.Subscript) and isinstance(annotation.value, ast.Name)
            and annotation.value.id == "Annotated" and isinstance(annotation.slice, ast.Tuple)):
        return _type_text(annotation.slice.elts[0])
    return ast.unparse(annotation)


def _members(node: ast.AST) -> dict[str, str]:
    """A model's fields or a method's parameters, each with its type ("" when none)."""
    if isinstance(node, ast.ClassDef):
        return {item.target.id: _type_text(item.annotation) for item in node.body
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)}
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        arguments = node.args
        every = (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)
        return {a.arg: _type_text(a.annotation) for a in every if a.arg != "self"}
    return {}


def _detail(before: str, after: str) -> str:
    """` (+new_field, -old_field, field: int -> str)` for a changed model or method: members
    that came, went, or changed type, and a method's return (`returns Comment -> Comment |
    None`: Gitea's `edit_comment` gaining a `204` said only `changed method
    Issue.edit_comment`); "" when only something else changed."""
    old_node, new_node = ast.parse(before).body[0], ast.parse(after).body[0]
    old, new = _members(old_node), _members(new_node)
    parts = [*(f"+{n}" for n in sorted(set(new) - set(old))),
             *(f"-{n}" for n in sorted(set(old) - set(new))),
             *(f"{n}: {old[n]} -> {new[n]}" for n in sorted(set(old) & set(new))
               if old[n] != new[n])]
    returns = [_type_text(node.returns) if isinstance(node, (ast.FunctionDef,
                                                             ast.AsyncFunctionDef)) else ""
               for node in (old_node, new_node)]
    if returns[0] != returns[1]:
        parts.append(f"returns {returns[0]} -> {returns[1]}")
    return f" ({', '.join(parts)})" if parts else ""


def relocated(
    problems: Iterable[Problem], scratch: Path, staged: Path, source: str, spec_dir: Path
) -> list[Problem]:
    """Problems in the staged copy name the user's source (or the vendored folder) instead."""
    out = []
    for problem in problems:
        if problem.file == str(staged):
            problem = dataclasses.replace(problem, file=source)
        elif problem.file.startswith(str(scratch) + os.sep):
            vendored = spec_dir / Path(problem.file).relative_to(scratch)
            problem = dataclasses.replace(problem, file=str(vendored))
        out.append(problem)
    return out
