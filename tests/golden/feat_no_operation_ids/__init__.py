"""Operations without operationId"""

from . import models, params
from ._client import AsyncClient, Client
from ._errors import (
    APIConnectionError,
    APIError,
    APIResponseDecodingError,
    APIResponseValidationError,
    APIStatusError,
    APITimeoutError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    DeadlinePassedError,
    InternalServerError,
    MissingCredentialsError,
    NotFoundError,
    OverloadedError,
    PaginationCycleError,
    PaginationLinkError,
    PermissionDeniedError,
    RateLimitError,
    RedactedCause,
    RequestValidationError,
    ResponseTooLargeError,
    TooManyRedirectsError,
    UnprocessableEntityError,
)
from ._pagination import AsyncPage, AsyncPaginator, SyncPage
from ._response import APIResponse, AsyncAPIResponse
from ._streaming import AsyncStream, Stream
from ._types import NOT_GIVEN, NotGiven, Omit

__version__ = "1"
__generator_version__ = "0.1.0"

__all__ = [
    "NOT_GIVEN",
    "APIConnectionError",
    "APIError",
    "APIResponse",
    "APIResponseDecodingError",
    "APIResponseValidationError",
    "APIStatusError",
    "APITimeoutError",
    "AsyncAPIResponse",
    "AsyncClient",
    "AsyncPage",
    "AsyncPaginator",
    "AsyncStream",
    "AuthenticationError",
    "BadRequestError",
    "Client",
    "ConflictError",
    "DeadlinePassedError",
    "InternalServerError",
    "MissingCredentialsError",
    "NotFoundError",
    "NotGiven",
    "Omit",
    "OverloadedError",
    "PaginationCycleError",
    "PaginationLinkError",
    "PermissionDeniedError",
    "RateLimitError",
    "RedactedCause",
    "RequestValidationError",
    "ResponseTooLargeError",
    "Stream",
    "SyncPage",
    "TooManyRedirectsError",
    "UnprocessableEntityError",
    "models",
    "params",
]
