"""Request objects as plain dicts: the `TypedDict` form of each model a request argument uses.

Every argument typed with a model also takes its `...Param` dict (`stream_options={"include_usage":
True}` type-checks as well as `models.StreamOptions(include_usage=True)`); keys are the wire
names, required ones marked `Required`. The model still checks the dict before anything is sent.
"""

from __future__ import annotations

__all__: list[str] = []
