"""Authentication the documents declare, on the wire, and path parameters that cannot move a request.

One feature document per scheme (`tests/feature_specs/auth_*.yaml`: apiKey in a header, the
query or a cookie, HTTP basic, HTTP bearer, several schemes, security per operation, an API
whose every operation is public) is generated here and its client talks to scripted servers on
127.0.0.1: each credential is sent its documented way, an operation's own requirement wins
(`security: []` / `[{}]`: nothing is sent), and no credential follows a redirect to another
origin (a second server on another port). test_features.py type-checks the same packages.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from generator import ir, pipeline
from generator.cli.drift_inputs import CODEGEN_ONLY
from generator.document.loading import load
from generator.io import write
from generator.problems import NOTE
from generator.validate import validate
from tests.support import FEATURE_SPECS, import_from
from tests.support.servers import Recorded, Reply, ScriptedServer

SECRET = "sk-auth-SECRET-0123456789"
DOCUMENTS = {f"feat_{path.stem}": path for path in sorted(FEATURE_SPECS.glob("auth_*.yaml"))}


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("auth")
    targets = [pipeline.target_for_spec(path, name) for name, path in DOCUMENTS.items()]
    for name, files in pipeline.build_packages(targets).items():
        write.write(files, out / name)
    return out


@pytest.fixture
def package(generated: Path, clean_env: pytest.MonkeyPatch) -> Iterator[Any]:
    """`package("auth_http_basic")`: the generated package, imported fresh."""

    def load(name: str) -> ModuleType:
        return import_from(generated, f"feat_{name}")

    yield load


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    with ScriptedServer([Reply(200, body={"id": "1", "ok": True, "name": "n"})], repeat_last=True) as srv:
        yield srv


def only(server: ScriptedServer) -> Recorded:
    (request,) = server.requests
    return request


def test_every_scheme_has_its_document() -> None:
    assert {"feat_auth_api_key_header", "feat_auth_api_key_query", "feat_auth_api_key_cookie",
            "feat_auth_http_basic", "feat_auth_http_bearer", "feat_auth_multiple",
            "feat_auth_per_operation", "feat_auth_public"} <= set(DOCUMENTS)


# -- one scheme each -------------------------------------------------------------------------------


def test_api_key_in_a_header_and_a_public_operation(package: Any, server: ScriptedServer) -> None:
    pkg = package("auth_api_key_header")
    with pkg.Client(api_key=SECRET, base_url=server.url) as client:
        client.default.get_item(item_id="7")
        client.default.health()
    keyed, public = server.requests
    assert keyed.headers["x-api-key"] == SECRET
    assert "authorization" not in keyed.headers
    assert "x-api-key" not in public.headers  # `security: []`: the operation is public


def test_a_redirect_home_keeps_its_locations_query_beside_a_query_key(package: Any) -> None:
    # the HTTP client replaces a URL's query when given params: the key went alone, without
    # the `x=1&sig=a%2Fb` the server's Location asked for (a signed link, a resume token)
    pkg = package("auth_api_key_query")
    replies = [Reply(307, {"Location": "/final?x=1&sig=a%2Fb"}),
               Reply(200, body={"id": "1", "ok": True, "name": "n"})]
    with ScriptedServer(replies) as redirecting, \
            pkg.Client(api_key=SECRET, base_url=redirecting.url) as client:
        client.default.list_items(limit=2)
        final = redirecting.requests[-1]
    assert final.path == "/final"
    assert final.target == f"/final?x=1&sig=a%2Fb&api_key={SECRET}"


def test_api_key_in_the_query(package: Any, server: ScriptedServer) -> None:
    pkg = package("auth_api_key_query")
    with pkg.Client(api_key=SECRET, base_url=server.url) as client:
        client.default.list_items(limit=2)
    request = only(server)
    assert sorted(request.query) == [("api_key", SECRET), ("limit", "2")]
    assert "authorization" not in request.headers


def test_api_key_in_a_cookie_beside_a_cookie_parameter(package: Any, server: ScriptedServer) -> None:
    pkg = package("auth_api_key_cookie")
    with pkg.Client(api_key=SECRET, base_url=server.url) as client:
        client.default.who_am_i(theme="dark")
    cookies = dict(part.split("=", 1) for part in only(server).headers["cookie"].split("; "))
    assert cookies == {"theme": "dark", "session": SECRET}
    assert "authorization" not in only(server).headers



def test_an_api_key_cookie_is_sent_as_given_percent_signs_included(
        package: Any, server: ScriptedServer) -> None:
    # an Express session id copied from a browser, already encoded: it went as `s%253Aabc...`
    pkg = package("auth_api_key_cookie")
    with pkg.Client(api_key="s%3Aabc.sig%2Bx", base_url=server.url) as client:
        client.default.who_am_i()
    assert only(server).headers["cookie"] == "session=s%3Aabc.sig%2Bx"
    with pkg.Client(api_key="a b;c", base_url=server.url) as client:  # what no cookie holds
        client.default.who_am_i()
    assert server.requests[-1].headers["cookie"] == "session=a%20b%3Bc"
    from importlib import import_module

    auth = import_module(f"{pkg.__name__}._auth")
    secret = "s%3Aabc def.sig"  # a `%` the cookie keeps beside a space it encodes
    assert auth.values_redactor([secret])("cookie: session=s%3Aabc%20def.sig") == "cookie: session=***"


def test_http_basic_takes_username_and_password(
    package: Any, server: ScriptedServer, clean_env: pytest.MonkeyPatch
) -> None:
    pkg = package("auth_http_basic")
    with pkg.Client(username="ada", password="pa:ss wörd", base_url=server.url) as client:
        client.default.who_am_i()
    token = base64.b64encode("ada:pa:ss wörd".encode()).decode()
    assert only(server).headers["authorization"] == f"Basic {token}"
    # from the environment: <PREFIX>_USERNAME and <PREFIX>_PASSWORD
    clean_env.setenv("FEAT_AUTH_HTTP_BASIC_USERNAME", "env-user")
    clean_env.setenv("FEAT_AUTH_HTTP_BASIC_PASSWORD", "env-pass")
    with pkg.Client(base_url=server.url) as client:
        client.default.who_am_i()
    assert server.requests[-1].headers["authorization"] == "Basic " + base64.b64encode(b"env-user:env-pass").decode()
    clean_env.delenv("FEAT_AUTH_HTTP_BASIC_PASSWORD")
    with pytest.raises(pkg.MissingCredentialsError, match="FEAT_AUTH_HTTP_BASIC_PASSWORD"):
        pkg.Client(base_url=server.url)


def test_http_basic_takes_an_empty_password_not_an_empty_username(
    package: Any, server: ScriptedServer, clean_env: pytest.MonkeyPatch
) -> None:
    """An API key sent as the username goes with an empty password (Stripe's `sk_...:`): given
    as `password=""`, it is sent; an empty username is refused, saying which part is empty."""
    pkg = package("auth_http_basic")
    with pkg.Client(username="sk_test_123", password="", base_url=server.url) as client:
        client.default.who_am_i()
    token = base64.b64encode(b"sk_test_123:").decode()
    assert only(server).headers["authorization"] == f"Basic {token}"
    with pkg.Client(username="sk_test_51Habcdefgh", password="", base_url=server.url) as client:
        shown = client._auth.redact("Invalid API Key provided: sk_test_51Habcdefgh")
    assert "sk_test_51Habcdefgh" not in shown  # the key is the username: hidden as a password
    with pytest.raises(ValueError, match=r": the username is empty$"):
        pkg.Client(username="", password="secret-123", base_url=server.url)


def test_http_bearer(package: Any, server: ScriptedServer) -> None:
    pkg = package("auth_http_bearer")
    with pkg.Client(api_key=SECRET, base_url=server.url) as client:
        client.default.who_am_i()
    assert only(server).headers["authorization"] == f"Bearer {SECRET}"


# -- several schemes, requirements per operation -------------------------------------------------


def test_several_schemes_each_operation_sends_what_it_requires(package: Any, server: ScriptedServer) -> None:
    pkg = package("auth_multiple")
    client = pkg.Client(api_key_auth="key-123456", bearer_auth="tok-123456", basic_auth_username="u",
                        basic_auth_password="p-123456", base_url=server.url)
    with client:
        client.default.list_items()  # the document's requirement
        client.default.admin()  # its own: bearer only
        client.default.both()  # both at once
        client.default.either()  # basic first
        client.default.public()  # `[{}]`
    items, admin, both, either, public = server.requests
    assert items.headers["x-api-key"] == "key-123456" and "authorization" not in items.headers
    assert admin.headers["authorization"] == "Bearer tok-123456" and "x-api-key" not in admin.headers
    assert both.headers["x-api-key"] == "key-123456"
    assert both.headers["authorization"] == "Bearer tok-123456"
    assert either.headers["authorization"] == "Basic " + base64.b64encode(b"u:p-123456").decode()
    assert "authorization" not in public.headers and "x-api-key" not in public.headers


def test_an_unmet_requirement_fails_before_sending(package: Any, server: ScriptedServer) -> None:
    pkg = package("auth_multiple")
    with pkg.Client(api_key_auth="key-123456", base_url=server.url) as client:
        with pytest.raises(pkg.MissingCredentialsError, match="FEAT_AUTH_MULTIPLE_BEARER_AUTH"):
            client.default.admin()
        with pytest.raises(pkg.MissingCredentialsError) as caught:
            client.default.either()
        client.default.list_items()
    assert [r.path for r in server.requests] == ["/items"]
    # every way of authenticating it is named, not the first alone (new-user trial, finding 03)
    assert str(caught.value) == (
        "Missing credentials: pass basic_auth_username= and basic_auth_password= (or "
        "FEAT_AUTH_MULTIPLE_BASIC_AUTH_USERNAME and FEAT_AUTH_MULTIPLE_BASIC_AUTH_PASSWORD), "
        "or bearer_auth= (or the FEAT_AUTH_MULTIPLE_BEARER_AUTH environment variable)"
    )


def test_security_per_operation_optional_and_none(package: Any, server: ScriptedServer) -> None:
    pkg = package("auth_per_operation")
    # one operation needs the token, others are public: a client without it is made, and only
    # the call that needs it fails (naming the variable), before anything is sent
    with pkg.Client(base_url=server.url) as anonymous:
        with pytest.raises(pkg.MissingCredentialsError, match="FEAT_AUTH_PER_OPERATION_API_KEY"):
            anonymous.default.secret()
        anonymous.default.optional()
        anonymous.default.open()
    assert [r.path for r in server.requests] == ["/optional", "/open"]
    assert not any("authorization" in r.headers for r in server.requests)
    server.requests.clear()
    with pkg.Client(api_key=SECRET, base_url=server.url) as client:
        client.default.secret()
        client.default.optional()
        client.default.open()
    secret, optional, open_ = server.requests
    assert secret.headers["authorization"] == optional.headers["authorization"] == f"Bearer {SECRET}"
    # an operation without `security` where the document has none at its top carries the
    # credential the client holds, to the same origin: Bitbucket names its schemes on some
    # operations only, and 90 others (its pipelines) went without it, refused by the server
    assert open_.headers["authorization"] == f"Bearer {SECRET}"


def test_missing_key_fails_at_construction_naming_the_variable(
    package: Any, server: ScriptedServer, clean_env: pytest.MonkeyPatch
) -> None:
    """Every operation of the document needs the key: a client without it is refused at once
    (as openai-python's)."""
    pkg = package("auth_api_key_query")
    with pytest.raises(pkg.MissingCredentialsError, match="FEAT_AUTH_API_KEY_QUERY_API_KEY") as caught:
        pkg.Client(base_url=server.url)
    assert isinstance(caught.value, pkg.APIError)
    with pytest.raises(pkg.MissingCredentialsError):
        pkg.AsyncClient(base_url=server.url)
    clean_env.setenv("FEAT_AUTH_API_KEY_QUERY_API_KEY", SECRET)
    with pkg.Client(base_url=server.url) as client:
        client.default.list_items()
    assert ("api_key", SECRET) in only(server).query


def test_a_client_for_the_public_operations_needs_no_key(
    package: Any, server: ScriptedServer, clean_env: pytest.MonkeyPatch
) -> None:
    """`GET /health` is `security: []`: a client without the key is made (new-user trial,
    finding 03); a call needing the key raises before sending, naming its variable."""
    pkg = package("auth_api_key_header")
    for cls in (pkg.Client, pkg.AsyncClient):
        assert cls(base_url=server.url).api_key is None
    with pkg.Client(base_url=server.url) as client:
        with pytest.raises(pkg.MissingCredentialsError, match="FEAT_AUTH_API_KEY_HEADER_API_KEY"):
            client.default.get_item(item_id="1")
        client.default.health()
    assert only(server).path == "/health" and "x-api-key" not in only(server).headers


def test_an_api_whose_operations_are_all_public_needs_no_key(package: Any, server: ScriptedServer) -> None:
    pkg = package("auth_public")
    with pkg.Client(base_url=server.url) as client:
        client.default.open()
        client.default.also_open()
    assert len(server.requests) == 2


# -- credentials stay on their origin ------------------------------------------------------------

CASES = {
    "auth_api_key_header": ({"api_key": SECRET}, lambda c: c.default.get_item(item_id="1")),
    "auth_api_key_query": ({"api_key": SECRET}, lambda c: c.default.list_items()),
    "auth_api_key_cookie": ({"api_key": SECRET}, lambda c: c.default.who_am_i()),
    "auth_http_basic": ({"username": "ada", "password": SECRET}, lambda c: c.default.who_am_i()),
    "auth_http_bearer": ({"api_key": SECRET}, lambda c: c.default.who_am_i()),
}


def _carries_secret(request: Recorded) -> bool:
    encoded = base64.b64encode(f"ada:{SECRET}".encode()).decode()
    text = request.target + "".join(f"{k}: {v}\n" for k, v in request.headers.items())
    return SECRET in text or encoded in text


@pytest.mark.parametrize("status", [302, 307])
@pytest.mark.parametrize("document", sorted(CASES))
def test_no_credential_follows_a_redirect_to_another_origin(package: Any, document: str, status: int) -> None:
    pkg = package(document)
    kwargs, call = CASES[document]
    with ScriptedServer([Reply(200, body={"id": "1", "name": "n"})]) as elsewhere:
        with ScriptedServer([Reply(status, {"Location": elsewhere.url + "/landing?x=1"})]) as home:
            with pkg.Client(base_url=home.url, max_retries=0, **kwargs) as client:
                call(client)
            assert _carries_secret(only(home))
        landing = only(elsewhere)
    assert landing.target == "/landing?x=1"
    assert not _carries_secret(landing)


@pytest.mark.parametrize("document", sorted(CASES))
def test_credentials_follow_a_redirect_on_the_same_origin(package: Any, document: str) -> None:
    pkg = package(document)
    kwargs, call = CASES[document]
    with ScriptedServer([Reply(307, {"Location": "/moved"}), Reply(200, body={"id": "1", "name": "n"})]) as home:
        with pkg.Client(base_url=home.url, max_retries=0, **kwargs) as client:
            call(client)
        first, moved = home.requests
    assert moved.path == "/moved"
    assert _carries_secret(first) and _carries_secret(moved)


# -- path parameters ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "target"),
    [
        ("..", "/items/%2E%2E"),
        (".", "/items/%2E"),
        ("...", "/items/%2E%2E%2E"),
        ("%2E%2E", "/items/%252E%252E"),
        ("../admin", "/items/..%2Fadmin"),
        ("a.b", "/items/a.b"),
    ],
)
def test_a_path_parameter_never_changes_the_path(package: Any, server: ScriptedServer, value: str, target: str) -> None:
    pkg = package("auth_api_key_header")
    with pkg.Client(api_key=SECRET, base_url=server.url + "/v1") as client:
        client.default.delete_item(item_id=value)
    request = only(server)
    assert request.method == "DELETE"
    assert request.target == "/v1" + target


def test_an_empty_path_parameter_is_refused_before_sending(package: Any, server: ScriptedServer) -> None:
    pkg = package("auth_api_key_header")
    with pkg.Client(api_key=SECRET, base_url=server.url) as client, pytest.raises(
            pkg.RequestValidationError, match="item_id"):  # a ValueError, as documented
        client.default.delete_item(item_id="")
    assert server.requests == []


# -- client options ------------------------------------------------------------------------------
# (which POSTs carry an idempotency key, and are retried: tests/ir/test_retries.py)


def test_a_copy_keeps_every_credential_and_limit(package: Any, server: ScriptedServer) -> None:
    pkg = package("auth_multiple")
    with pkg.Client(api_key_auth="key-123456", bearer_auth="tok-123456", base_url=server.url,
                    max_response_size=1234, idempotency_header=None) as client:
        copy = client.with_options(timeout=5.0, bearer_auth="tok-654321")
        copy.default.both()
        assert (copy.max_response_size, copy.idempotency_header) == (1234, None)
    (request,) = server.requests
    assert request.headers["x-api-key"] == "key-123456"
    assert request.headers["authorization"] == "Bearer tok-654321"


def test_repr_names_the_credentials_the_client_holds(package: Any, server: ScriptedServer) -> None:
    """`repr(client)` said `api_key=<set>` whatever the client's credentials were called (a
    bearer token, a username and password): it names each argument, set or not, never its value."""
    multiple = package("auth_multiple")
    for cls in (multiple.Client, multiple.AsyncClient):
        shown = repr(cls(bearer_auth=SECRET, base_url=server.url))
        assert "bearer_auth=<set>" in shown and "api_key_auth=<none>" in shown
        assert "basic_auth_username=<none>" in shown and "api_key=" not in shown
        assert SECRET not in shown
    basic = repr(package("auth_http_basic").Client(username="ada", password=SECRET, base_url=server.url))
    assert "username=<set> password=<set>" in basic and "api_key" not in basic and SECRET not in basic
    bearer = repr(package("auth_http_bearer").Client(api_key=SECRET, base_url=server.url))
    assert "api_key=<set>" in bearer and SECRET not in bearer
    assert "api_key=<none>" in repr(package("auth_public").Client(base_url=server.url))


SCHEMES_NAMED_LIKE_CLIENT_NAMES = """\
openapi: 3.0.3
info: {title: Shadows, version: '1'}
components:
  securitySchemes:
    os: {type: apiKey, in: header, name: X-Os}
    from_env: {type: http, scheme: bearer}
security: [{os: [], from_env: []}]
paths:
  /items:
    get:
      operationId: list_items
      responses: {'200': {description: ok}}
"""


def test_schemes_named_like_what_the_client_reads_get_other_arguments(
    tmp_path: Path, server: ScriptedServer, clean_env: pytest.MonkeyPatch
) -> None:
    """`os` and `from_env` are read by `Client.__init__`: credential arguments of those names would
    shadow them (the constructor would call a string)."""
    spec = tmp_path / "shadows.yaml"
    spec.write_text(SCHEMES_NAMED_LIKE_CLIENT_NAMES, encoding="utf-8")
    [(name, files)] = pipeline.build_packages([pipeline.target_for_spec(spec, "feat_shadows")]).items()
    write.write(files, tmp_path / name)
    pkg = import_from(tmp_path, name)
    with pkg.Client(os_="key-123456", from_env_="tok-123456", base_url=server.url) as client:
        client.default.list_items()
    [sent] = server.requests
    assert sent.headers["x-os"] == "key-123456" and sent.headers["authorization"] == "Bearer tok-123456"


def _security_document(security: list[Any], schemes: dict[str, Any]) -> dict[str, Any]:
    ok = {"responses": {"200": {"description": "ok"}}}
    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "security": security,
            "components": {"securitySchemes": schemes} if schemes else {},
            "paths": {"/a": {"get": {"operationId": "a", **ok}},
                      "/b": {"get": {"operationId": "b", **ok,
                                     "security": [{"apiKey": []}, {"Other": []}]}},
                      "/c": {"get": {"operationId": "c", **ok, "security": []}}}}


def test_a_requirement_naming_an_undeclared_scheme_is_a_named_skip(tmp_path: Path) -> None:
    """`apiKey` where `ApiKey` is declared: nothing says how to send it. It was left out
    without a word, the operation read as public: every call went without the credential.
    Now an operation with no other way in is skipped, named (with the nearest declared name);
    one with another alternative keeps that one; a public one stays public."""
    spec = tmp_path / "spec.json"
    spec.write_text(json.dumps(_security_document([{"apiKey": []}], {
        "ApiKey": {"type": "apiKey", "in": "header", "name": "X-Key"},
        "Other": {"type": "http", "scheme": "bearer"}})), encoding="utf-8")
    generation = pipeline.generate_packages([pipeline.target_for_spec(spec, "undeclared")])
    skipped = generation.outcomes["undeclared"].skipped
    assert [skip.label for skip in skipped] == ["GET /a"]
    assert ("security scheme 'apiKey' is not declared under components/securitySchemes "
            "(did you mean 'ApiKey'?)") in skipped[0].reasons[0]
    assert generation.generated("undeclared") == 2


def test_a_document_declaring_no_scheme_keeps_its_optional_bearer_key(tmp_path: Path) -> None:
    """Documents that name a requirement but declare no scheme at all are many (security left
    out): they keep the optional `api_key` sent as a bearer token, and every operation."""
    spec = tmp_path / "spec.json"
    spec.write_text(json.dumps(_security_document([{"bearerAuth": []}], {})), encoding="utf-8")
    generation = pipeline.generate_packages([pipeline.target_for_spec(spec, "no_schemes")])
    assert generation.outcomes["no_schemes"].skipped == ()
    assert generation.generated("no_schemes") == 3


def test_validate_reports_what_generate_skips_for_its_security(tmp_path: Path) -> None:
    """`validate` names each operation whose security no client could meet (the user trial:
    it said "valid", exit 0, where `generate` then skipped the operation): an undeclared
    scheme (invalid OpenAPI), and one whose header name no request can carry (a valid
    document, so `diff` compares it as it is)."""
    spec = tmp_path / "spec.json"
    spec.write_text(json.dumps(_security_document([{"apiKey": []}], {
        "ApiKey": {"type": "apiKey", "in": "header", "name": "X-Key"},
        "Other": {"type": "http", "scheme": "bearer"},
        "Spaced": {"type": "apiKey", "in": "header", "name": "X Key"}})), encoding="utf-8")
    data = json.loads(spec.read_text(encoding="utf-8"))
    data["paths"]["/a"]["post"] = {"security": [{"Spaced": []}],
                                   "responses": {"200": {"description": "ok"}}}
    spec.write_text(json.dumps(data), encoding="utf-8")
    found = {(p.pointer, p.code) for p in validate(load(spec))
             if p.code.startswith("security-")}
    assert found == {("/paths/~1a/get", "security-undeclared"),
                     ("/paths/~1a/post", "security-unsendable")}
    assert "security-unsendable" in CODEGEN_ONLY and "security-undeclared" not in CODEGEN_ONLY


def _two_flows_document(requirement: dict[str, list[str]]) -> dict[str, Any]:
    return {
        "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
        "components": {"securitySchemes": {
            "Oauth2": {"type": "oauth2", "flows": {"implicit": {
                "authorizationUrl": "https://a.example.com", "scopes": {}}}},
            "Oauth2c": {"type": "oauth2", "flows": {"authorizationCode": {
                "authorizationUrl": "https://a.example.com", "tokenUrl": "https://t.example.com",
                "scopes": {}}}},
            "key": {"type": "apiKey", "in": "header", "name": "X-Key"}}},
        "security": [requirement],
        "paths": {"/files": {"get": {"operationId": "list", "responses": {"204": {
            "description": "ok"}}}}},
    }


@pytest.mark.parametrize(("requirement", "given", "sent"), [
    # Google's documents: two OAuth flows in one requirement, each a bearer token in
    # `Authorization`; one request carries one: the client asked for both and sent one
    ({"Oauth2": [], "Oauth2c": []}, {"oauth2": "t1"}, {"authorization": "Bearer t1"}),
    ({"Oauth2": [], "Oauth2c": []}, {"oauth2c": "t2"}, {"authorization": "Bearer t2"}),
    # schemes that travel apart are still all needed
    ({"Oauth2": [], "key": []}, {"oauth2": "t1", "key": "k"},
     {"authorization": "Bearer t1", "x-key": "k"}),
])
def test_schemes_of_one_header_in_one_requirement_are_each_enough(
        tmp_path: Path, requirement: dict[str, list[str]], given: dict[str, str],
        sent: dict[str, str]) -> None:
    spec = tmp_path / "flows.json"
    spec.write_text(json.dumps(_two_flows_document(requirement)), encoding="utf-8")
    generation = pipeline.generate_packages([pipeline.target_for_spec(spec, "flows_pkg")])
    write.write(generation.packages["flows_pkg"], tmp_path / "flows_pkg")
    package = import_from(tmp_path, "flows_pkg")
    with ScriptedServer([Reply(204)]) as server:
        package.Client(base_url=server.url, **given).default.list()
    headers = server.requests[0].headers
    assert {name: headers[name] for name in sent} == sent


def test_schemes_that_travel_apart_are_all_asked_for(tmp_path: Path) -> None:
    spec = tmp_path / "flows.json"
    spec.write_text(json.dumps(_two_flows_document({"Oauth2": [], "key": []})), encoding="utf-8")
    generation = pipeline.generate_packages([pipeline.target_for_spec(spec, "flows_and")])
    write.write(generation.packages["flows_and"], tmp_path / "flows_and")
    package = import_from(tmp_path, "flows_and")
    with pytest.raises(package.MissingCredentialsError):
        package.Client(base_url="https://api.example.com", oauth2="t1").default.list()


def test_schemes_of_one_header_in_one_requirement_are_named_as_read() -> None:
    """Reading a requirement whose schemes share one header as "either one" is the
    generator's choice, not the document's (`{basic: [], bearer: []}`): each such requirement
    is named, where it is written; one whose schemes travel apart is not."""
    document = _two_flows_document({"Oauth2": [], "Oauth2c": []})
    document["paths"]["/files"]["get"]["security"] = [{"key": [], "Oauth2": []},
                                                      {"Oauth2c": [], "key": [], "Oauth2": []}]
    api = ir.build(document, ir.BuildOptions(package="pkg", api_key_env="PKG_API_KEY",
                                             base_url_env="PKG_BASE_URL"))
    notes = [(rename.pointer, rename.problem) for rename in api.renames if rename.kind == NOTE]
    assert notes == [
        ("/security/0", ("security schemes 'Oauth2', 'Oauth2c' are required together but all "
         "send their credential in the header `Authorization`: one request carries one of them")),
        ("/paths/~1files/get/security/1", ("security schemes 'Oauth2c', 'Oauth2' are required "
         "together but all send their credential in the header `Authorization`: one request "
         "carries one of them"))]


def _twins_document() -> dict[str, Any]:
    """Telnyx's shape: one bearer token declared twice, its names differing in case, each
    named by some operations (and a third scheme of another kind, kept apart)."""
    ok = {"responses": {"204": {"description": "ok"}}}
    return {
        "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
        "components": {"securitySchemes": {
            "BearerAuth": {"type": "http", "scheme": "bearer"},
            "bearerAuth": {"type": "http", "scheme": "Bearer", "description": "the same token"},
            "bearer_auth": {"type": "apiKey", "in": "header", "name": "X-Key"}}},
        "security": [{"BearerAuth": []}],
        "paths": {"/faxes": {"get": {"operationId": "list_faxes", **ok}},
                  "/faxes/refresh": {"post": {"operationId": "refresh_fax", **ok,
                                              "security": [{"bearerAuth": []}]}},
                  "/keys": {"get": {"operationId": "list_keys", **ok,
                                    "security": [{"bearer_auth": []}]}}},
    }


def test_a_scheme_declared_twice_under_one_name_is_one_argument(tmp_path: Path) -> None:
    """A key given once reaches every operation naming either twin (the client took
    `bearer_auth` and `bearer_auth_`, and `refresh_fax` raised `MissingCredentialsError` with
    the key given as the first); a scheme of the same name but another definition stays its
    own argument; the reading is a note where the twin is declared."""
    spec = tmp_path / "twins.json"
    spec.write_text(json.dumps(_twins_document()), encoding="utf-8")
    generation = pipeline.generate_packages([pipeline.target_for_spec(spec, "twins_pkg")])
    write.write(generation.packages["twins_pkg"], tmp_path / "twins_pkg")
    package = import_from(tmp_path, "twins_pkg")
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        with package.Client(base_url=server.url, bearer_auth="tok-1", bearer_auth_="k-2") as client:
            client.default.list_faxes()
            client.default.refresh_fax()
            client.default.list_keys()
        with pytest.raises(TypeError):
            package.Client(base_url=server.url, bearer_auth__="tok-1")
    faxes, refresh, keys = server.requests
    assert faxes.headers["authorization"] == refresh.headers["authorization"] == "Bearer tok-1"
    assert keys.headers["x-key"] == "k-2" and "authorization" not in keys.headers
    api = ir.build(_twins_document(), ir.BuildOptions(package="pkg", api_key_env="PKG_API_KEY",
                                                      base_url_env="PKG_BASE_URL"))
    notes = [(rename.pointer, rename.problem) for rename in api.renames if rename.kind == NOTE]
    assert notes == [("/components/securitySchemes/bearerAuth", (
        "security scheme 'bearerAuth' is 'BearerAuth' again (the same definition, its name "
        "differing only in case or punctuation)"))]
