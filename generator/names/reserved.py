"""Names the generated code itself binds, which no spec-derived name may take.

Each is defined here once; the renderer builds from these and the identifier rules keep clear of
them.
"""

from __future__ import annotations

import builtins
from typing import NamedTuple


class CallArgument(NamedTuple):
    """An argument every generated method has besides the operation's own."""

    name: str
    annotation: str
    default: str


# A parameter called like one of these takes another name. Method bodies reach everything else
# through names no parameter can take (`self._client`, `_ops.validated`, `_models.X`, `_checked`).
CALL_ARGUMENTS = (
    CallArgument("extra_headers", "Headers | None", "None"),
    CallArgument("extra_query", "Query | None", "None"),
    CallArgument("extra_body", "Mapping[str, object] | None", "None"),
    CallArgument("timeout", "Timeout | NotGiven", "NOT_GIVEN"),
    CallArgument("max_retries", "int | NotGiven", "NOT_GIVEN"),
)
CALL_ARGUMENT_NAMES = tuple(argument.name for argument in CALL_ARGUMENTS)

# Python's builtins: a generated name that hides one makes the code after it read another thing.
BUILTIN_NAMES = frozenset(dir(builtins))
