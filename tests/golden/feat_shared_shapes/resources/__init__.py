"""The API's resources, one module each (`resources/<attribute>.py`, `client.<attribute>`).

`Client` imports a resource's module the first time its attribute is read. The classes are
exported here too, each module imported on first access: reading
`resources.Default` imports `resources/default.py` only.
"""

from __future__ import annotations

from importlib import import_module as _import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .default import AsyncDefault, Default

__all__ = [
    "AsyncDefault",
    "Default",
]

# exported class -> the module defining it
_MODULES: dict[str, str] = {
    "Default": "default",
    "AsyncDefault": "default",
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
