"""Sentinels and type aliases shared by the runtime and the generated resources."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal, Self, TypeAlias

from . import _http

__all__ = [
    "NOT_GIVEN",
    "Body",
    "Headers",
    "NotGiven",
    "Omit",
    "Query",
    "Timeout",
    "not_given",
    "omit",
]


class NotGiven:
    """Marks an argument the caller did not pass, where ``None`` means something else.

    ```python
    def create(timeout: float | None | NotGiven = NOT_GIVEN) -> None: ...
    create(timeout=None)  # explicitly no timeout
    create()              # the client's default timeout
    ```
    """

    _instance: Self | None = None

    def __new__(cls) -> Self:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __bool__(self) -> Literal[False]:
        return False

    def __repr__(self) -> str:
        return "NOT_GIVEN"

    def __reduce__(self) -> str:
        return "NOT_GIVEN"


NOT_GIVEN: Final = NotGiven()
not_given: Final = NOT_GIVEN


class Omit:
    """Marks a value that must not be sent at all.

    As a value in ``extra_headers`` it removes a header the client would otherwise send:
    ``client.completions.create(..., extra_headers={"User-Agent": Omit()})``.
    """

    def __bool__(self) -> Literal[False]:
        return False

    def __repr__(self) -> str:
        return "omit"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Omit)

    def __hash__(self) -> int:
        return hash(Omit)


omit: Final = Omit()

Headers: TypeAlias = Mapping[str, str | Omit]
Query: TypeAlias = Mapping[str, object]
Body: TypeAlias = object
Timeout: TypeAlias = float | _http.Timeout | None
