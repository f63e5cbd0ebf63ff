"""The generated clients facing a hostile server, review round 6: what the earlier rounds missed.

Every case runs the sync and the async client on both HTTP libraries against a scripted server
on 127.0.0.1 (started by the test, stopped when it ends).

* A large JSON body (a success, an error, a streamed event) is counted for its objects and
  arrays before it is decoded, outside its strings: the strings were found by a pattern that
  wanted the closing quote, so a string never closed and full of escaped quotes (`"\\"\\"...`)
  made the search start over at each of them and read on to the end each time: 1.2 MB of body
  held a call for minutes, whatever its timeout (the time goes after the body is read).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from types import ModuleType

import pytest

from tests.support.runtime_harness import Api, completion_options, completion_spec
from tests.support.servers import Reply, ScriptedServer

pytestmark = pytest.mark.timeout(120)

JSON = {"Content-Type": "application/json"}
LIMIT = 1 << 18  # _parse.MAX_JSON_CONTAINERS
# more brackets than the limit in more bytes than are left uncounted, then a string never
# closed: 80 KB of escaped quotes
UNCLOSED = "[" * (2 * LIMIT) + '"' + '\\"' * 40_000


def test_a_string_never_closed_is_counted_in_linear_time(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    server = serve([
        Reply(200, JSON, body=UNCLOSED),
        Reply(400, JSON, body=UNCLOSED),
        Reply(200, {"Content-Type": "text/event-stream"}, chunks=[f"data: {UNCLOSED}\n\n".encode()]),
    ])
    api = make_api(server, max_retries=0)
    started = time.monotonic()
    with pytest.raises(pkg.APIResponseValidationError, match="more than 262144 objects and arrays"):
        api.call(completion_spec(pkg), completion_options(pkg))
    with pytest.raises(pkg.BadRequestError) as error:
        api.call(completion_spec(pkg), completion_options(pkg))
    assert error.value.body == UNCLOSED
    with pytest.raises(pkg.APIResponseValidationError, match="more than 262144 objects and arrays"):
        api.stream(completion_spec(pkg), completion_options(pkg))
    assert time.monotonic() - started < 10  # each took about 30 s, then minutes past 200 KB
