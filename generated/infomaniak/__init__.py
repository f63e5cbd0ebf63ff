"""Infomaniak AI Tools API (OpenAI-compatible completions)"""

from . import models, params
from ._client import AsyncClient, Client
from ._errors import (
    APIConnectionError,
    APIError,
    APIStatusError,
    APITimeoutError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    InternalServerError,
    NotFoundError,
    OverloadedError,
    PermissionDeniedError,
    RateLimitError,
    UnprocessableEntityError,
)
from ._operations import RequestValidationError
from ._pagination import AsyncPage, SyncPage
from ._response import APIResponse, AsyncAPIResponse
from ._streaming import AsyncStream, Stream
from ._types import NOT_GIVEN, NotGiven, Omit

__version__ = "7389fd9b99ee"
__generator_version__ = "0.1.0"

__all__ = [
    "NOT_GIVEN",
    "APIConnectionError",
    "APIError",
    "APIResponse",
    "APIStatusError",
    "APITimeoutError",
    "AsyncAPIResponse",
    "AsyncClient",
    "AsyncPage",
    "AsyncStream",
    "AuthenticationError",
    "BadRequestError",
    "Client",
    "ConflictError",
    "InternalServerError",
    "NotFoundError",
    "NotGiven",
    "Omit",
    "OverloadedError",
    "PermissionDeniedError",
    "RateLimitError",
    "RequestValidationError",
    "Stream",
    "SyncPage",
    "UnprocessableEntityError",
    "models",
    "params",
]
