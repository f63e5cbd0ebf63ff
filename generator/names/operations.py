"""How each operation is named in generated code, and which operations that rule makes clash.

`operation_names` is one operation's rule (codegen hints, else tag and operationId, else method
and path words); `method_names` decides for a whole document, dropping the resource's name from
the front of a method that repeats it (`repos/get` under `repos` -> `client.repos.get`), as
githubkit does, unless that would clash, leave nothing or make a keyword; `name_clashes` finds
operations the rule gives the same method, which validation reports and code generation refuses;
`path_based_name` is the name the tolerant `generate` gives the later one instead.
"""

from __future__ import annotations

import keyword
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import TypeGuard

from generator.document.operations import OperationSite
from generator.names.identifiers import python_name, snake_case
from generator.problems import Problem


def _path_words(path: str) -> list[str]:
    words: list[str] = []
    for segment in path.strip("/").split("/"):
        if segment.startswith("{") and segment.endswith("}"):
            words.append(f"by_{segment[1:-1]}")
        elif segment:
            words.append(segment)
    return words


def operation_names(path: str, verb: str, operation: dict[str, object]) -> tuple[str, str]:
    """(resource attribute, method name) for an operation, from codegen hints or the spec.

    Resource: `x-codegen-resource`, else the first tag, else `default`.
    Method: `x-codegen-method`, else the operationId, else `<verb>_<path words>`.
    """
    tags = operation.get("tags")
    if _names_something(resource_hint := operation.get("x-codegen-resource")):
        resource = resource_hint
    elif isinstance(tags, list) and tags and isinstance(tags[0], str):
        resource = tags[0]
    else:
        resource = "default"
    if _names_something(method_hint := operation.get("x-codegen-method")):
        method = method_hint
    elif _names_something(operation_id := operation.get("operationId")):
        method = operation_id
    else:
        method = "_".join([verb, *_path_words(path)])
    return python_name(resource, fallback="default"), python_name(method, fallback=verb)


NAMING_HINTS = ("x-codegen-resource", "x-codegen-method")


def unusable_hints(operation: dict[str, object]) -> list[tuple[str, object]]:
    """The naming hints an operation gives that name nothing (`x-codegen-method: 42`, `""`,
    `"--"`): `operation_names` reads past them, and the user is told so."""
    return [(hint, operation[hint]) for hint in NAMING_HINTS
            if hint in operation and not _names_something(operation[hint])]


def _names_something(hint: object) -> TypeGuard[str]:
    return isinstance(hint, str) and bool(snake_case(hint))


def _without_prefix(resource: str, method: str, operation: dict[str, object]) -> str | None:
    """`method` without the `resource_` it starts with, or the dotted operationId's part after
    the resource (Google's `drive.files.list` under `files`: `list`, not `drive_files_list`),
    when an operationId (not a hint) named it and what is left is a name of its own; else
    None."""
    operation_id = operation.get("operationId")
    if _names_something(operation.get("x-codegen-method")) or not isinstance(operation_id, str):
        return None
    prefix = resource + "_"
    rest = method[len(prefix):] if method.startswith(prefix) else _after_dotted(
        resource, operation_id)
    if not rest or keyword.iskeyword(rest):
        return None
    return rest if python_name(rest, fallback="") == rest else None


def _after_dotted(resource: str, operation_id: str) -> str:
    """The parts of a dotted operationId after its last part naming `resource`, joined; ""
    when no part but the last names it."""
    parts = [snake_case(part) for part in operation_id.split(".")]
    named = [index for index, part in enumerate(parts[:-1]) if part == resource]
    return "_".join(parts[named[-1] + 1:]) if named else ""


def method_names(sites: Iterable[OperationSite]) -> dict[str, tuple[str, str]]:
    """(resource attribute, method name) of every operation, by pointer: `operation_names`,
    with the resource's prefix dropped where `_without_prefix` allows and no other method of
    the resource would then be named alike (those keep their full names)."""
    full: dict[str, tuple[str, str]] = {}
    short: dict[str, str] = {}
    for site in sites:
        resource, method = full[site.pointer] = operation_names(site.path, site.method,
                                                                site.operation)
        stripped = _without_prefix(resource, method, site.operation)
        if stripped is not None:
            short[site.pointer] = stripped
    while True:
        chosen = {pointer: (resource, short.get(pointer, method))
                  for pointer, (resource, method) in full.items()}
        counts = Counter(chosen.values())
        clashing = [pointer for pointer in short if counts[chosen[pointer]] > 1]
        if not clashing:
            return chosen
        for pointer in clashing:  # each round gives back at least one full name: it ends
            del short[pointer]


def path_based_name(path: str, verb: str, operation: Mapping[str, object],
                    taken: Collection[tuple[str, str]]) -> str | None:
    """The method name the later of two operations named alike takes when a clash is repaired
    (`tolerate.triage`, and `drift` naming what `generate` names): its path-based name
    (`get_v2_items`), its operationId and `x-codegen-method` left out; None when `taken` (every
    operation's (resource, method), as `method_names` gives them) has it in its resource
    already: the operation is then left out."""
    resource, _ = operation_names(path, verb, dict(operation))
    unnamed = {k: v for k, v in operation.items() if k not in ("operationId", "x-codegen-method")}
    fallback = operation_names(path, verb, unnamed)[1]
    return None if (resource, fallback) in taken else fallback


def name_clashes(
    sites: Iterable[OperationSite], file: str, line_of: Callable[[str], int | None]
) -> list[Problem]:
    """A problem for every operation whose (resource, method) an earlier one already has."""
    first_seen: dict[tuple[str, str], OperationSite] = {}
    problems = []
    listed = list(sites)
    names = method_names(listed)
    for site in listed:
        name = names[site.pointer]
        earlier = first_seen.setdefault(name, site)
        if earlier is not site:
            problems.append(Problem(
                file, site.pointer, line_of(site.pointer),
                f"operations {earlier.pointer} (line {line_of(earlier.pointer)}) and "
                f"{site.pointer} "
                f"would both become the method {name[0]}.{name[1]}()",
                "give one of them its own `x-codegen-method` (or `x-codegen-resource`) "
                "in the overlay"))
    return problems
