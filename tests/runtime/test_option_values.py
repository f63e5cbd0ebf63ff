"""Option values a client cannot use are refused where they are given, by name: on the client
(`ValueError`, as `max_retries=-1` already was) and on a call (`RequestValidationError`, nothing
sent).

Found in a trial: `timeout=-5` on a call raised `APIError("Invalid redirect from the server:
Timeout value out of range")` (the socket's ValueError, taken for a bad `Location`), a NaN
timeout the same, an infinite one an untyped `OverflowError`; `max_retries=2.5` made four
attempts, and a long run of retries (`max_retries` past 1,024) ended in an `OverflowError` from
the backoff's `2.0 ** n`. An `idempotency_header` that is no header name was taken, and
`max_response_size=0` was refused as "must be >= 0". Sync and async clients, against scripted
servers on 127.0.0.1.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from tests.support.runtime_harness import Api, completion_options, completion_spec
from tests.support.servers import Reply, ScriptedServer

COMPLETION = {
    "id": "c1", "object": "text_completion", "created": 1, "model": "m",
    "choices": [{"index": 0, "text": "hi", "finish_reason": "stop"}],
}


@pytest.mark.parametrize(("options", "message"), [
    ({"timeout": -1}, "timeout must be a finite number of seconds > 0, or None for none (got -1)"),
    ({"timeout": math.nan}, "timeout must be a finite number of seconds > 0"),
    ({"timeout": math.inf}, "timeout must be a finite number of seconds > 0"),
    ({"timeout": "10"}, "timeout must be seconds (a number) or None, not str"),
    # a socket of the sync client read 0 as non-blocking (a connection error), the async one
    # timed out: a wait of no time is refused
    ({"timeout": 0}, "timeout must be a finite number of seconds > 0, or None for none (got 0)"),
    ({"max_retries": 2.5}, "max_retries must be an int, not float"),
    ({"max_retries": -1}, "max_retries must be >= 0"),
    ({"max_response_size": 0}, "max_response_size must be >= 1"),
    ({"idempotency_header": "X-Key\nX-Other"}, "idempotency_header: a header name is not a valid one"),
    ({"idempotency_header": ""}, "idempotency_header: a header name is not a valid one"),
], ids=lambda case: "-".join(case) if isinstance(case, dict) else None)
def test_a_client_refuses_what_it_cannot_use(
    make_api: Callable[..., Api], serve: Callable[..., ScriptedServer], options: dict[str, Any],
    message: str
) -> None:
    server = serve([])
    with pytest.raises(ValueError, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
        make_api(server, **options)


def test_a_timeout_part_is_checked_too(pkg: ModuleType, make_api: Callable[..., Api],
                                       serve: Callable[..., ScriptedServer]) -> None:
    timeout = pkg._http.Timeout(10.0, connect=-2.0)
    with pytest.raises(ValueError, match=r"got -2\.0"):
        make_api(serve([]), timeout=timeout)
    with pytest.raises(ValueError, match=r"> 0, or None for none \(got 0\.0\)"):
        make_api(serve([]), timeout=pkg._http.Timeout(10.0, read=0.0))
    make_api(serve([]), timeout=pkg._http.Timeout(10.0, pool=0.0))  # no wait for a free connection


@pytest.mark.parametrize(("options", "message"), [
    ({"timeout": -5}, ("timeout must be a finite number of seconds > 0, or None for none "
                       "(got -5); nothing was sent")),
    ({"timeout": math.inf}, "timeout must be a finite number of seconds > 0"),
    ({"max_retries": -5}, "max_retries must be >= 0; nothing was sent"),
    ({"timeout": 0}, "timeout must be a finite number of seconds > 0, or None for none (got 0)"),
], ids=["negative-timeout", "infinite-timeout", "negative-retries", "zero-timeout"])
def test_a_call_refuses_what_it_cannot_use_and_sends_nothing(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer],
    options: dict[str, Any], message: str
) -> None:
    server = serve([Reply(200, body=COMPLETION)])
    api = make_api(server)
    with pytest.raises(pkg.RequestValidationError) as caught:
        api.call(completion_spec(pkg), completion_options(pkg, **options))
    assert str(caught.value).startswith(message) and "redirect" not in str(caught.value)
    assert server.requests == []


def test_a_long_run_of_retries_waits_the_longest_backoff_not_an_overflow(pkg: ModuleType) -> None:
    """The backoff doubles up to its cap (8 s); the 1,025th retry raised OverflowError."""
    delays = [pkg._base_client.retry_delay(n, None, rand=lambda: 0.0) for n in (0, 1, 5, 1100, 10**9)]
    assert delays == [0.5, 1.0, 8.0, 8.0, 8.0]
