"""`format: date-time` is `datetime`, which takes a value with an offset and one without.

RFC 3339 requires the offset, but many servers leave it out (Linode's real API answers
`2018-01-01T00:01:01`). Typed `AwareDatetime`, such an answer failed validation and came back
unvalidated: the field was the `str` behind a datetime annotation, so `answer.at.year` raised
AttributeError. Now it is a naive `datetime`; an aware one keeps its offset, and a value that
is no datetime at all still fails strict validation. An argument is sent as the caller gave it
(`isoformat`), with or without an offset: the server decides. The sync and the async client
each call a scripted server on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from generator import pipeline
from generator.io import write
from tests.support import import_from
from tests.support.servers import Reply, ScriptedServer

pytestmark = pytest.mark.timeout(120)

PACKAGE = "naive_datetimes"
JSON = {"Content-Type": "application/json"}
DOCUMENT: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "Events", "version": "1"},
    "paths": {"/events": {"get": {
        "operationId": "getEvent",
        "parameters": [{"name": "since", "in": "query",
                        "schema": {"type": "string", "format": "date-time"}}],
        "responses": {"200": {"description": "ok", "content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/Event"}}}}},
    }}},
    "components": {"schemas": {"Event": {
        "type": "object", "required": ["at"],
        "properties": {"at": {"type": "string", "format": "date-time"},
                       "seen": {"type": "array",
                                "items": {"type": "string", "format": "date-time"}}},
    }}},
}


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    root = tmp_path_factory.mktemp("naive")
    spec = root / "events.json"
    spec.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, PACKAGE)]).items():
        write.write(files, root / "out" / name)
    return import_from(root / "out", PACKAGE)


def call(package: ModuleType, kind: str, url: str, **arguments: Any) -> Any:
    client: dict[str, Any] = {"base_url": url, "max_retries": 0,
                              "strict_response_validation": True}
    if kind == "sync":
        with package.Client(**client) as sync:
            return sync.default.get_event(**arguments)

    async def run() -> Any:
        async with package.AsyncClient(**client) as session:
            return await session.default.get_event(**arguments)

    return asyncio.run(run())


def test_the_model_types_it_datetime(package: ModuleType) -> None:
    models = Path(package.__file__).parent / "models" / "_event.py"
    text = models.read_text(encoding="utf-8")
    assert "at: datetime" in text and "AwareDatetime" not in text


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_an_answer_without_offset_is_a_naive_datetime(
    package: ModuleType, serve: Callable[..., ScriptedServer], kind: str
) -> None:
    server = serve([Reply(200, JSON, {"at": "2018-01-01T00:01:01",
                                      "seen": ["2018-01-02T03:04:05", "2018-01-02T03:04:05Z"]})])
    event = call(package, kind, server.url)
    assert event.at == datetime(2018, 1, 1, 0, 1, 1) and event.at.tzinfo is None
    assert event.seen == [datetime(2018, 1, 2, 3, 4, 5),
                          datetime(2018, 1, 2, 3, 4, 5, tzinfo=UTC)]


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_an_answer_with_offset_keeps_it(
    package: ModuleType, serve: Callable[..., ScriptedServer], kind: str
) -> None:
    server = serve([Reply(200, JSON, {"at": "2018-01-01T00:01:01+02:00"})])
    event = call(package, kind, server.url)
    assert event.at.utcoffset() is not None and event.at.utcoffset().total_seconds() == 7200


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_what_is_no_datetime_still_fails_strict_validation(
    package: ModuleType, serve: Callable[..., ScriptedServer], kind: str
) -> None:
    server = serve([Reply(200, JSON, {"at": "yesterday"})])
    with pytest.raises(package.APIResponseValidationError):
        call(package, kind, server.url)


@pytest.mark.parametrize("given", [datetime(2024, 5, 6, 7, 8, 9),
                                   datetime(2024, 5, 6, 7, 8, 9, tzinfo=UTC)])
def test_an_argument_is_sent_as_given(
    package: ModuleType, serve: Callable[..., ScriptedServer], given: datetime
) -> None:
    server = serve([Reply(200, JSON, {"at": "2018-01-01T00:01:01Z"})])
    call(package, "sync", server.url, since=given)
    sent = dict(server.requests[0].query)["since"]
    parsed = datetime.fromisoformat(sent)  # Python 3.11 reads a `Z` suffix
    assert parsed == given and (parsed.tzinfo is None) == (given.tzinfo is None)
