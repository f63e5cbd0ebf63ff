"""The API's resources, one module each (`resources/<attribute>.py`, `client.<attribute>`).

`Client` imports a resource's module the first time its attribute is read. The classes are
exported here too, each module imported on first access: reading
`resources.A` imports `resources/a.py` only.
"""

from __future__ import annotations

from importlib import import_module as _import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .a import A, AsyncA
    from .a_b import AB, AsyncAB
    from .async_jobs import AsyncAsyncJobs, AsyncJobs
    from .client import AsyncClient2, Client2
    from .jobs import AsyncJobs2, Jobs2
    from .models import AsyncModels, Models
    from .str_ import AsyncStr, Str
    from .timeout_ import AsyncTimeout2, Timeout2
    from .with_options_ import AsyncWithOptions, WithOptions

__all__ = [
    "AB",
    "A",
    "AsyncA",
    "AsyncAB",
    "AsyncAsyncJobs",
    "AsyncClient2",
    "AsyncJobs",
    "AsyncJobs2",
    "AsyncModels",
    "AsyncStr",
    "AsyncTimeout2",
    "AsyncWithOptions",
    "Client2",
    "Jobs2",
    "Models",
    "Str",
    "Timeout2",
    "WithOptions",
]

# exported class -> the module defining it
_MODULES: dict[str, str] = {
    "A": "a",
    "AsyncA": "a",
    "AB": "a_b",
    "AsyncAB": "a_b",
    "AsyncJobs": "async_jobs",
    "AsyncAsyncJobs": "async_jobs",
    "Client2": "client",
    "AsyncClient2": "client",
    "Jobs2": "jobs",
    "AsyncJobs2": "jobs",
    "Models": "models",
    "AsyncModels": "models",
    "Str": "str_",
    "AsyncStr": "str_",
    "Timeout2": "timeout_",
    "AsyncTimeout2": "timeout_",
    "WithOptions": "with_options_",
    "AsyncWithOptions": "with_options_",
}


def __getattr__(name: str) -> object:
    """A resource class, its module imported on first access (PEP 562)."""
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(_import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
