"""Which POST/PATCH requests a generated client may send twice: the retry hints of a document.

A request whose first attempt may have reached the server is retried only when the document
says a repetition changes nothing (runtime `_base_client`): the operation declares a header
parameter named like an idempotency key (`Idempotency-Key`, `X-Idempotency-Key`: the server
de-duplicates on it, so the client fills it with a key per call), the document root's
`x-codegen-idempotency-key` says every POST/PATCH may carry one (`true`: `Idempotency-Key`, or
the header's name; `false` turns both off), or the operation is `x-codegen-retry-safe: true`
(its repetition costs but has no effect, as an LLM completion). Nothing is assumed: a key
the server ignores would make a retry after a 502 create a second order.
"""

from __future__ import annotations

from typing import Any

from generator.validate.rules import IDEMPOTENCY_HINT, RETRY_SAFE_HINT

#: RFC 9110's idempotent methods, retried on any failure whatever the document says (the
#: runtime's `_base_client.IDEMPOTENT_METHODS`, upper-case there; tests/render/test_runtime_facts
#: checks the two agree)
IDEMPOTENT_METHODS = frozenset({"get", "head", "options", "put", "delete", "trace"})
ROOT_HINT, OPERATION_HINT = IDEMPOTENCY_HINT, RETRY_SAFE_HINT  # (`validate.rules` checks them)
#: `true` at the root: the header's usual name
DEFAULT_HEADER = "Idempotency-Key"


def root_idempotency_header(data: dict[str, Any]) -> str | None:
    """The header every POST/PATCH carries per the root hint (`true` or a header name);
    `None` without the hint or when it is `false`."""
    hint = data.get(ROOT_HINT)
    if hint is True:
        return DEFAULT_HEADER
    return hint if isinstance(hint, str) and hint.strip() else None


def declared_idempotency_header(data: dict[str, Any],
                                raw_params: list[dict[str, Any]]) -> str | None:
    """The wire name of the operation's header parameter named like an idempotency key, or
    `None` (none, or the root hint is `false`: the document's author says it is not honoured)."""
    if data.get(ROOT_HINT) is False:
        return None
    for param in raw_params:
        name = param.get("name")
        if param.get("in") == "header" and isinstance(name, str) and is_idempotency_key(name):
            return name
    return None


def is_idempotency_key(header: str) -> bool:
    """Whether a header is named like an idempotency key, whatever its case, separators or
    vendor prefix (`Idempotency-Key`, `x-idempotency-key`, `X-Acme-Idempotency-Key`)."""
    letters = "".join(ch for ch in header.lower() if ch.isalnum())
    return letters.endswith("idempotencykey")


def retry_safe(operation: dict[str, Any]) -> bool:
    """The operation's `x-codegen-retry-safe: true`: repeating it has no effect beyond cost."""
    return operation.get(OPERATION_HINT) is True
