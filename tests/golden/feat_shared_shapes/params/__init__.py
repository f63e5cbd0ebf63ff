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
    from ._issue2_param import (
        Issue2Param as Issue2Param,
    )
    from ._issue_closed_comment_param import (
        IssueClosedCommentParam as IssueClosedCommentParam,
    )
    from ._issue_closed_label_param import (
        IssueClosedLabelParam as IssueClosedLabelParam,
    )
    from ._simple_user_param import (
        SimpleUserParam as SimpleUserParam,
    )

__all__ = [
    "Issue2Param",
    "IssueClosedCommentParam",
    "IssueClosedLabelParam",
    "SimpleUserParam",
]

# name -> the group module defining it
_MODULE_OF: dict[str, str] = {
    "Issue2Param": "_issue2_param",
    "IssueClosedCommentParam": "_issue_closed_comment_param",
    "IssueClosedLabelParam": "_issue_closed_label_param",
    "SimpleUserParam": "_simple_user_param",
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
