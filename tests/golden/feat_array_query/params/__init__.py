"""Request objects as plain dicts: the `TypedDict` form of each model a request argument uses.

Every argument typed with a model also takes its `...Param` dict (`stream_options={"include_usage":
True}` type-checks as well as `models.StreamOptions(include_usage=True)`); keys are the wire
names, required ones marked `Required`. The model still checks the dict before anything is sent.

Each name is imported from its group module on first use (PEP 562 `__getattr__`), so importing
the package builds no TypedDict classes; type checkers read the imports below.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ._list_items_params_filter_param import (
        ListItemsParamsFilterCreatedParam as ListItemsParamsFilterCreatedParam,
    )
    from ._list_items_params_filter_param import (
        ListItemsParamsFilterParam as ListItemsParamsFilterParam,
    )
    from ._list_items_params_where_param import (
        ListItemsParamsWhereParam as ListItemsParamsWhereParam,
    )

__all__ = [
    "ListItemsParamsFilterCreatedParam",
    "ListItemsParamsFilterParam",
    "ListItemsParamsWhereParam",
]

# name -> the group module defining it
_MODULE_OF: dict[str, str] = {
    "ListItemsParamsFilterCreatedParam": "_list_items_params_filter_param",
    "ListItemsParamsFilterParam": "_list_items_params_filter_param",
    "ListItemsParamsWhereParam": "_list_items_params_where_param",
}

# Hidden from type checkers: for them the package holds the names imported above and no
# others, so a misspelt name is an error rather than `Any`. No other global here is spelled
# like a group module (`_snake_case`): importing one binds its name in this namespace.
if not TYPE_CHECKING:

    def __getattr__(name: str) -> object:
        import importlib

        module = _MODULE_OF.get(name)
        if module is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
        globals()[name] = value  # the next access is a plain attribute
        return value

    def __dir__() -> list[str]:
        return sorted({*globals(), *_MODULE_OF})
