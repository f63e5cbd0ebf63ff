"""NaN and infinities are refused before anything is sent, wherever a number goes.

The models take `float("nan")` for a `type: number` (pydantic's default), and the body was then
encoded by `json.dumps`, which writes `{"n":NaN}` / `Infinity`: not JSON, refused by a strict
server's parser with an unclear 400, read by a lenient one as who knows what. A query parameter
went out as `ratio=nan`. Now each is a `RequestValidationError` naming the argument (`extra_body`,
which no model checks, as `body`), and the server sees nothing. Called against a scripted server
on 127.0.0.1.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from generator import pipeline
from generator.io import write
from tests.support import import_from
from tests.support.servers import Reply, ScriptedServer

PACKAGE = "trial_non_finite"
NUMBER = {"type": "number"}
SPEC = {
    "openapi": "3.0.3",
    "info": {"title": "Measures", "version": "1"},
    "paths": {"/measures/{scale}": {"post": {
        "operationId": "record",
        "parameters": [
            {"name": "scale", "in": "path", "required": True, "schema": NUMBER},
            {"name": "ratio", "in": "query", "schema": NUMBER},
            {"name": "X-Weight", "in": "header", "schema": NUMBER},
        ],
        "requestBody": {"content": {"application/json": {"schema": {
            "type": "object", "properties": {
                "value": NUMBER,
                "series": {"type": "array", "items": NUMBER},
                "nested": {"type": "object", "properties": {"low": NUMBER}},
                "free": {"type": "object", "additionalProperties": True},
            }}}}},
        "responses": {"204": {"description": "ok"}},
    }}},
}
NAN, INF = math.nan, math.inf


@pytest.fixture
def package(tmp_path: Path) -> ModuleType:
    spec = tmp_path / "measures.json"
    spec.write_text(json.dumps(SPEC), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, PACKAGE)]).items():
        write.write(files, tmp_path / "out" / name)
    return import_from(tmp_path / "out", PACKAGE)


@pytest.mark.parametrize(("arguments", "named"), [
    ({"value": NAN}, "value"),
    ({"value": -INF}, "value"),
    ({"series": [1.0, INF]}, "series"),
    ({"nested": {"low": NAN}}, "nested"),
    ({"free": {"deep": [{"x": NAN}]}}, "free"),
    ({"ratio": NAN}, "ratio"),
    ({"scale": INF}, "scale"),
    ({"x_weight": NAN}, "x_weight"),
    ({"extra_body": {"more": INF}}, "body"),
], ids=lambda case: case if isinstance(case, str) else "-".join(case))
def test_nan_and_infinity_are_refused_before_sending(
    package: ModuleType, serve: Callable[..., ScriptedServer], arguments: dict[str, Any], named: str
) -> None:
    server = serve([Reply(204)], repeat_last=True)
    call: dict[str, Any] = {"scale": 1.5, **arguments}
    with (package.Client(base_url=server.url, max_retries=0) as client,
          pytest.raises(package.RequestValidationError, match=f"^{named}: .*NaN or an infinity")):
        client.default.record(**call)
    assert server.requests == []


def test_finite_numbers_still_go_as_written(
    package: ModuleType, serve: Callable[..., ScriptedServer]
) -> None:
    server = serve([Reply(204)])
    with package.Client(base_url=server.url, max_retries=0) as client:
        client.default.record(scale=2, ratio=1e308, value=-0.0, series=[5e-324, 1],
                              extra_body={"free": {"x": 1.5}})
    [request] = server.requests
    assert request.path.startswith("/measures/2")
    assert request.json() == {"value": -0.0, "series": [5e-324, 1], "free": {"x": 1.5}}
