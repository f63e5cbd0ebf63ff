"""`format: password` fields are plain `str` (models/run.py, `_PLAIN_STRING_FORMATS`).

datamodel-code-generator types them `SecretStr`, which pydantic dumps as `"**********"`: a
login sent the mask instead of the password the caller gave, in a JSON body, a form body and
a query parameter alike. Each is called against a scripted server on 127.0.0.1, which must
see the password itself; an answer's password field is a `str` too.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from urllib.parse import parse_qs

from generator import pipeline
from generator.io import write
from tests.support import import_from
from tests.support.servers import Reply, ScriptedServer

PACKAGE = "trial_password_format"
PASSWORD = {"type": "string", "format": "password"}
CREDENTIALS = {"type": "object", "required": ["user", "password"],
               "properties": {"user": {"type": "string"}, "password": PASSWORD}}


def _post(operation_id: str, media_type: str) -> dict[str, object]:
    return {"post": {"operationId": operation_id, "requestBody": {"required": True, "content": {
        media_type: {"schema": CREDENTIALS}}}, "responses": {"200": {"description": "ok", "content": {
            "application/json": {"schema": CREDENTIALS}}}}}}


SPEC = {
    "openapi": "3.0.3",
    "info": {"title": "Login", "version": "1"},
    "paths": {
        "/json": _post("json_login", "application/json"),
        "/form": _post("form_login", "application/x-www-form-urlencoded"),
        "/query": {"get": {"operationId": "query_login", "parameters": [
            {"name": "password", "in": "query", "required": True, "schema": PASSWORD}],
            "responses": {"204": {"description": "ok"}}}},
    },
}


def test_a_password_is_sent_as_given(tmp_path: Path, serve: Callable[..., ScriptedServer]) -> None:
    spec = tmp_path / "login.json"
    spec.write_text(json.dumps(SPEC), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, PACKAGE)]).items():
        write.write(files, tmp_path / "out" / name)
    package = import_from(tmp_path / "out", PACKAGE)
    answer = {"user": "u", "password": "from-server"}
    server = serve([Reply(200, {"Content-Type": "application/json"}, answer),
                    Reply(200, {"Content-Type": "application/json"}, answer), Reply(204)])
    with package.Client(base_url=server.url, max_retries=0) as client:
        parsed = client.default.json_login(user="u", password="hunter2")
        client.default.form_login(user="u", password="hunter2")
        client.default.query_login(password="hunter2")
    json_request, form_request, query_request = server.requests
    assert json_request.json() == {"user": "u", "password": "hunter2"}
    assert parse_qs(form_request.body.decode()) == {"user": ["u"], "password": ["hunter2"]}
    assert query_request.query == [("password", "hunter2")]
    assert parsed.password == "from-server"
    assert package.models.JsonLoginBody.model_fields["password"].annotation is str
