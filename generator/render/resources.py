"""The resource modules: `resources/__init__.py` and one `resources/<attribute>.py` per
resource (its sync and async classes and its response specs).

Each module imports only what its own methods use: a resource's module stands alone, imported
the first time `client.<attribute>` is read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from generator.names.hidden import BUILTINS_ALIAS
from generator.render.views import OperationView, ResourceView

RESOURCES_PACKAGE = "resources"
RESOURCES_INIT = f"{RESOURCES_PACKAGE}/__init__.py"
# What every resource module's annotations may qualify names with besides the models' modules.
_ABC = ("collections.abc", "_abc")
_PARAMS_ALIAS = "_params"


def module_path(resource: ResourceView) -> str:
    """`resources/<attribute>.py`: the attribute is an identifier clear of every name the
    client binds (`names.namespace.plan`), never `__init__`; `resources/_con.py` for a name
    Windows keeps for a device (`ResourceView.module`)."""
    return f"{RESOURCES_PACKAGE}/{resource.module}.py"


def class_exports(resources: Iterable[ResourceView]) -> list[str]:
    """The sync and async class of each resource."""
    return [name for r in resources for name in (r.class_name, "Async" + r.class_name)]


def annotation_texts(op: OperationView) -> Iterator[str]:
    """Every annotation a method (sync and async) and its page and stream types write."""
    if op.stream_chunk:
        yield op.stream_chunk
    if op.page:
        yield from (op.page.item, op.page.returns)
    for variant in (op.sync, op.async_):
        for signature in (*variant.overloads, variant.implementation):
            yield signature.returns
            yield from (a.annotation for a in signature.arguments)


def _uses(alias: str, texts: Iterable[str]) -> bool:
    pattern = re.compile(rf"(?<![\w.]){re.escape(alias)}\.")
    return any(pattern.search(text) for text in texts)


def _uses_bare(name: str, texts: Iterable[str]) -> bool:
    """Whether an annotation names `name` unqualified (`Literal[`, not `_typing.Literal[`)."""
    pattern = re.compile(rf"(?<![\w.]){re.escape(name)}\[")
    return any(pattern.search(text) for text in texts)


def _uses_models(op: OperationView) -> bool:
    """Whether a method's body or its response spec reads `_models.X`."""
    responses = op.responses
    targets = [t for _, t in (*responses.success, *responses.errors)]
    if responses.stream_chunk:
        targets.append(responses.stream_chunk)
    body = op.body
    return (op.params is not None or any(t.names_models() for t in targets)
            or (body is not None and (body.checked is not None or body.root_model is not None)))


def resource_context(resource: ResourceView, modules: Iterable[tuple[str, str]],
                     exports: list[str]) -> dict[str, Any]:
    """What `resources/resource.py.jinja` renders one resource from (besides the package's
    context): the modules its annotations name (`modules`: those any annotation may name, with
    `builtins` under `BUILTINS_ALIAS`) and what its typing needs."""
    texts = [text for op in resource.operations for text in annotation_texts(op)]
    candidates = sorted({*modules, ("builtins", BUILTINS_ALIAS)} - {_ABC})
    operations = resource.operations
    return {
        "resource": resource,
        "resource_exports": exports,
        "uses_abc": _uses(_ABC[1], texts),
        "annotation_modules": [(m, alias) for m, alias in candidates if _uses(alias, texts)],
        "uses_models": (_uses("_models", texts)
                        or any(_uses_models(op) for op in operations)),
        "uses_params": _uses(_PARAMS_ALIAS, texts),
        "uses_overloads": any(op.sync.overloads for op in operations),
        # `stream: Literal[True]` of a method that always streams (models' are `_typing.`)
        "uses_literal": _uses_bare("Literal", texts),
        "uses_streams": any(op.stream_chunk for op in operations),
        "uses_file_content": any(op.uses_file_content() for op in operations),
        "uses_pages": any(op.page for op in operations),
        "uses_deprecated": any(op.deprecated for op in operations),
    }
