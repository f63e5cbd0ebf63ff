"""How each operation is named in generated code, and which operations that rule makes clash.

`operation_names` is the naming rule (codegen hints, else tag and operationId, else method and
path words); `name_clashes` finds operations that the rule gives the same method, which
validation reports and code generation refuses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

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
    resource_hint = operation.get("x-codegen-resource")
    if isinstance(resource_hint, str) and resource_hint:
        resource = resource_hint
    elif isinstance(tags, list) and tags and isinstance(tags[0], str):
        resource = tags[0]
    else:
        resource = "default"
    method_hint = operation.get("x-codegen-method") or operation.get("operationId")
    if isinstance(method_hint, str) and snake_case(method_hint):
        method = method_hint
    else:
        method = "_".join([verb, *_path_words(path)])
    return python_name(resource, fallback="default"), python_name(method, fallback=verb)


def name_clashes(
    sites: Iterable[OperationSite], file: str, line_of: Callable[[str], int | None]
) -> list[Problem]:
    """A problem for every operation whose (resource, method) an earlier one already has."""
    first_seen: dict[tuple[str, str], OperationSite] = {}
    problems = []
    for site in sites:
        name = operation_names(site.path, site.method, site.operation)
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
