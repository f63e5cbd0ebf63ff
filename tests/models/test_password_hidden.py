"""`format: password` values (and `writeOnly` strings) are sent as given and shown nowhere
(models/secrets.py).

They were plain `str` fields (test_password_format.py: dcg's `SecretStr` sent a mask): the
password showed in the model's `repr` (a log line, a traceback's locals), in the generated
method's `RequestValidationError` quoting a value that does not match (`(got str 'hunter2')`),
and in pydantic's `ValidationError` of a model built with one (`input_value='hunter2'`), the
model holding it included. Each is checked here against a scripted server on 127.0.0.1, with
the sync and the async client: the password still goes on the wire, a field of no secret still
shows its value.
"""

from __future__ import annotations

import asyncio
import json
import traceback
from collections.abc import Callable
from typing import Any

import pydantic
import pytest

from generator import pipeline
from generator.io import write
from tests.support import import_from
from tests.support.servers import Reply, ScriptedServer

pytestmark = pytest.mark.timeout(120)

PACKAGE = "trial_password_hidden"
SHORT = "hunter2"  # shorter than minLength: refused, never shown
GOOD = "correct-horse-battery"
PASSWORD = {"type": "string", "format": "password", "minLength": 8}
CREDENTIALS = {"type": "object", "required": ["user", "password"], "properties": {
    "user": {"type": "string", "minLength": 2}, "password": PASSWORD,
    "previous": {"type": "array", "items": PASSWORD},
    "pin": {"$ref": "#/components/schemas/Pin"},
    "recovery": {"type": "string", "writeOnly": True, "minLength": 6},
    "note": {"type": "string", "minLength": 6}}}
SPEC = {
    "openapi": "3.0.3",
    "info": {"title": "Login", "version": "1"},
    "paths": {
        "/login": {"post": {"operationId": "login", "requestBody": {"required": True, "content": {
            "application/json": {"schema": {"type": "object", "required": ["credentials"],
                                            "properties": {"credentials": {
                                                "$ref": "#/components/schemas/Credentials"}}}}}},
            "responses": {"200": {"description": "ok", "content": {"application/json": {
                "schema": {"$ref": "#/components/schemas/Credentials"}}}}}}},
        "/check": {"get": {"operationId": "check", "parameters": [
            {"name": "password", "in": "query", "required": True, "schema": PASSWORD}],
            "responses": {"204": {"description": "ok"}}}},
    },
    "components": {"schemas": {"Credentials": CREDENTIALS, "Pin": {
        "type": "string", "format": "password", "pattern": "^[0-9]{4,}$"}}},
}


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Any:
    root = tmp_path_factory.mktemp("password")
    spec = root / "login.json"
    spec.write_text(json.dumps(SPEC), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, PACKAGE)]).items():
        write.write(files, root / "out" / name)
    return import_from(root / "out", PACKAGE)


def _shown(exc: BaseException) -> str:
    return "".join(traceback.format_exception(exc)) + repr(exc)


def _calls(package: Any, url: str, kind: str) -> list[Any]:
    """login (good), login (short password: refused), check (short: refused), check (good),
    login (a short user name: refused, shown), each outcome or exception."""
    arguments: list[tuple[str, dict[str, Any]]] = [
        ("login", {"credentials": {"user": "u1", "password": GOOD, "previous": [GOOD]}}),
        ("login", {"credentials": {"user": "u1", "password": GOOD, "previous": [SHORT],
                                   "pin": "12a4-" + SHORT, "recovery": "rc-12",
                                   "note": "nt-12"}}),
        ("check", {"password": SHORT}),
        ("check", {"password": GOOD}),
        ("login", {"credentials": {"user": "u", "password": GOOD}}),
    ]

    async def run_async() -> list[Any]:
        async with package.AsyncClient(base_url=url, max_retries=0) as client:
            outcomes: list[Any] = []
            for method, given in arguments:
                try:
                    outcomes.append(await getattr(client.default, method)(**given))
                except package.RequestValidationError as exc:
                    outcomes.append(exc)
            return outcomes

    if kind == "async":
        return asyncio.run(asyncio.wait_for(run_async(), 30))
    outcomes: list[Any] = []
    with package.Client(base_url=url, max_retries=0) as client:
        for method, given in arguments:
            try:
                outcomes.append(getattr(client.default, method)(**given))
            except package.RequestValidationError as exc:
                outcomes.append(exc)
    return outcomes


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_a_password_is_sent_and_shown_nowhere(
    package: Any, serve: Callable[..., ScriptedServer], kind: str
) -> None:
    answer = {"user": "u1", "password": "from-the-server-0123", "previous": ["old-one-0123"]}
    server = serve([Reply(200, {"Content-Type": "application/json"}, answer), Reply(204)])
    parsed, refused, refused_query, checked, short_user = _calls(package, server.url, kind)
    login, check = server.requests  # the refused calls sent nothing
    assert login.json() == {"credentials": {"user": "u1", "password": GOOD, "previous": [GOOD]}}
    assert check.query == [("password", GOOD)] and checked is None
    assert parsed.password == "from-the-server-0123"
    assert [item.root for item in parsed.previous] == ["old-one-0123"]  # `minLength`: a model
    assert "from-the-server" not in repr(parsed) + str(parsed) and "old-one" not in repr(parsed)
    assert "user='u1'" in repr(parsed)
    for error in (refused, refused_query):
        assert isinstance(error, package.RequestValidationError)
        assert SHORT not in _shown(error) and "the value is not shown" in str(error)
    assert "password" in str(refused_query) and "previous.0" in str(refused)
    assert "pin" in str(refused) and "12a4" not in str(refused)
    assert "recovery" in str(refused) and "rc-12" not in str(refused)  # writeOnly: a secret
    assert "(got str 'nt-12')" in str(refused)  # a plain string is shown
    assert "(got str 'u')" in str(short_user)  # no secret: the value helps


def test_a_model_built_with_a_wrong_password_does_not_echo_it(package: Any) -> None:
    models = package.models
    with pytest.raises(pydantic.ValidationError) as direct:
        models.Credentials(user="u1", password=SHORT)
    with pytest.raises(pydantic.ValidationError) as nested:
        models.LoginBody(credentials={"user": "u1", "password": SHORT})
    for caught in (direct, nested):
        assert SHORT not in str(caught.value) and "at least 8 characters" in str(caught.value)
    built = models.Credentials(user="u1", password=GOOD, pin="123456", recovery="rc-123456",
                               note="note-123")
    assert "123456" not in repr(built) + str(built) and "note='note-123'" in repr(built)
    assert GOOD not in repr(built) and built.model_dump()["password"] == GOOD
    assert json.loads(built.model_dump_json())["password"] == GOOD
    assert models.Credentials.model_fields["password"].annotation is str


def test_a_value_shaped_like_a_password_schema_is_left_as_it_is() -> None:
    """A `default` (or an example) is data, not a schema: `{format: password}` there is a value,
    and a secret mark written into it would be sent with it (the models keep unknown keys)."""
    from generator.models.secrets import SECRET_KEY, marked_secrets

    value = {"format": "password"}
    document = {"components": {"schemas": {"Req": {"type": "object", "properties": {"kind": {
        "type": "object", "properties": {"format": {"type": "string"}},
        "default": value, "example": {"format": "password"}}}}}}}
    marked = marked_secrets(document)
    kind = marked["components"]["schemas"]["Req"]["properties"]["kind"]
    assert kind["default"] == {"format": "password"} and SECRET_KEY not in kind["example"]
    assert SECRET_KEY not in json.dumps(marked)
