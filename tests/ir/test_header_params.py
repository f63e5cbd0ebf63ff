"""Header parameters the HTTP client sets itself (from the URL), or that OpenAPI says are ignored
(`Accept`, `Content-Type`, `Authorization`), are left out of the method, each named."""

from __future__ import annotations

from generator import ir
from generator.problems import NOTE

OPTIONS = ir.BuildOptions(package="pkg", api_key_env="PKG_API_KEY", base_url_env="PKG_BASE_URL")


def header(name: str) -> dict[str, object]:
    return {"name": name, "in": "header", "schema": {"type": "string"}}


DOCUMENT = {
    "openapi": "3.0.3",
    "info": {"title": "t", "version": "1"},
    "paths": {"/x": {
        "parameters": [header("transfer-encoding")],  # path-level ones too
        "get": {
            "operationId": "getX",
            "parameters": [header("Host"), header("Content-Length"), header("X-Trace"),
                           header("Accept"), {"name": "host", "in": "query",
                                              "schema": {"type": "string"}}],
            "responses": {"200": {"description": "ok"}},
        },
    }},
}


def test_host_and_framing_headers_are_left_out_and_named() -> None:
    api = ir.build(DOCUMENT, OPTIONS)
    (operation,) = [op for resource in api.resources for op in resource.operations]
    sent = {(param.location, param.wire_name) for param in operation.params}
    # a query parameter called `host` and headers the client does not set stay arguments
    # (`Accept` is left out too, as OpenAPI ignores it: test_accept_and_authorization_...)
    assert sent == {("header", "X-Trace"), ("query", "host")}
    noted = sorted(rename.problem for rename in api.renames if "`Accept`" not in rename.problem)
    assert len(noted) == 3 and all("set by the HTTP client" in text for text in noted)
    assert any("`Host`" in text for text in noted)
    assert any("`transfer-encoding`" in text for text in noted)
    assert {rename.pointer for rename in api.renames} == {"/paths/~1x/get"}


def test_the_generator_leaves_out_what_the_runtime_refuses() -> None:
    """`CLIENT_SET_HEADERS` and the runtime's `_FRAMING_HEADERS` name the same headers: an
    argument for one would only ever raise, a header left out that the runtime sends is lost."""
    import ast

    from generator.names.headers import CLIENT_SET_HEADERS
    from tests.support import ROOT

    tree = ast.parse((ROOT / "templates" / "runtime" / "_base_client.py").read_text("utf-8"))
    (value,) = [node.value for node in tree.body if isinstance(node, ast.Assign)
                and [ast.unparse(target) for target in node.targets] == ["_FRAMING_HEADERS"]]
    assert isinstance(value, ast.Call)
    assert set(ast.literal_eval(value.args[0])) == CLIENT_SET_HEADERS


def test_a_content_type_header_parameter_is_left_out_and_named() -> None:
    """OpenAPI ignores it, and VTEX's documents make it required (`default: multipart/form-data`
    beside a multipart body): its argument's value replaced the body's media type and boundary."""
    document = {**DOCUMENT, "paths": {"/x": {"post": {
        "operationId": "postX",
        "parameters": [header("Content-Type"), header("X-Trace")],
        "requestBody": {"content": {"multipart/form-data": {"schema": {
            "type": "object", "properties": {"f": {"type": "string", "format": "binary"}}}}}},
        "responses": {"200": {"description": "ok"}},
    }}}}
    api = ir.build(document, OPTIONS)
    (operation,) = [op for resource in api.resources for op in resource.operations]
    assert {param.wire_name for param in operation.params if param.location == "header"} == {
        "X-Trace"}
    (note,) = api.renames
    assert "`Content-Type` is ignored by OpenAPI" in note.problem
    assert note.action == "left out of the method"


def test_accept_and_authorization_header_parameters_are_ignored_as_openapi_says() -> None:
    """OpenAPI 3.x: a header parameter named `Accept`, `Content-Type` or `Authorization` (HTTP
    reads names without case) SHALL be ignored. loket.nl's document, with no security scheme,
    made `Authorization` a required argument of every method (and `accept` one of some): each is
    left out, named with its operation, while other header parameters, and a query parameter
    called `authorization`, stay arguments."""
    document = {**DOCUMENT, "paths": {"/x": {
        "parameters": [{**header("AUTHORIZATION"), "required": True}],  # path-level ones too
        "get": {"operationId": "getX", "responses": {"200": {"description": "ok"}},
                "parameters": [{**header("accept"), "required": True}, header("X-Api-Version"),
                               header("Accept-Language"),
                               {"name": "authorization", "in": "query",
                                "schema": {"type": "string"}}]},
    }}}
    api = ir.build(document, OPTIONS)
    (operation,) = [op for resource in api.resources for op in resource.operations]
    assert {(p.location, p.wire_name, p.name) for p in operation.params} == {
        ("header", "X-Api-Version", "x_api_version"),
        ("header", "Accept-Language", "accept_language"),
        ("query", "authorization", "authorization")}
    notes = sorted((note.pointer, note.problem, note.action) for note in api.renames)
    assert notes == [
        ("/paths/~1x/get", ("header parameter `AUTHORIZATION` is ignored by OpenAPI: the "
                            "security schemes say what is sent in it"), "left out of the method"),
        ("/paths/~1x/get", ("header parameter `accept` is ignored by OpenAPI: the answers' "
                            "media types say what is accepted"), "left out of the method")]
    assert all(note.kind == NOTE for note in api.renames)


def test_a_header_parameter_carrying_a_security_schemes_credential_is_left_out_and_named() -> None:
    """VTEX's Giftcard API declares its apiKey headers as required header parameters too: the
    argument's value replaced the key the client was given (the README example sent
    `X-VTEX-API-AppKey: string`). An operation whose security does not use the scheme keeps
    the parameter, as does a document without schemes."""
    document = {**DOCUMENT, "components": {"securitySchemes": {
        "appKey": {"type": "apiKey", "in": "header", "name": "X-VTEX-API-AppKey"}}},
        "security": [{"appKey": []}],
        "paths": {"/x": {
            "get": {"operationId": "getX", "parameters": [header("x-vtex-api-appkey")],
                    "responses": {"200": {"description": "ok"}}},
            "put": {"operationId": "putX", "security": [], "parameters": [
                header("X-VTEX-API-AppKey")], "responses": {"200": {"description": "ok"}}},
        }}}
    api = ir.build(document, OPTIONS)
    params = {op.name: [p.wire_name for p in op.params]
              for resource in api.resources for op in resource.operations}
    assert params == {"get_x": [], "put_x": ["X-VTEX-API-AppKey"]}
    (note,) = api.renames
    assert note.pointer == "/paths/~1x/get"
    assert note.problem == ("header parameter `x-vtex-api-appkey` is where the security scheme "
                            "`appKey` sends the client's credential")


def test_an_authorization_header_parameter_of_an_operation_with_a_token_scheme_is_left_out(
        ) -> None:
    """Open Banking's payment APIs declare an OAuth2 scheme and `Authorization` as a required
    header parameter: every call had to give it, and its value replaced the client's token.
    Every scheme sending `Authorization` (oauth2, openIdConnect, http) counts, and is named; an
    operation whose security names none of them leaves it out too, as OpenAPI ignores it."""
    document = {**DOCUMENT, "components": {"securitySchemes": {
        "tpp": {"type": "oauth2", "flows": {"clientCredentials": {
            "tokenUrl": "https://auth.example/token", "scopes": {}}}},
        "oidc": {"type": "openIdConnect", "openIdConnectUrl": "https://auth.example/.well"},
        "basic": {"type": "http", "scheme": "basic"},
        "key": {"type": "apiKey", "in": "header", "name": "X-Key"}}},
        "paths": {"/x": {
            method: {"operationId": f"{method}X", "security": security,
                     "parameters": [{**header("Authorization"), "required": True}],
                     "responses": {"200": {"description": "ok"}}}
            for method, security in (("get", [{"tpp": []}]), ("put", [{"oidc": []}]),
                                     ("post", [{"basic": []}]), ("patch", [{"key": []}]))}}}
    api = ir.build(document, OPTIONS)
    params = {op.name: [p.wire_name for p in op.params]
              for resource in api.resources for op in resource.operations}
    assert params == {"get_x": [], "put_x": [], "post_x": [], "patch_x": []}
    assert sorted(note.problem for note in api.renames) == [
        ("header parameter `Authorization` is ignored by OpenAPI: the security schemes say what "
         "is sent in it")] + [
        f"header parameter `Authorization` is where the security scheme `{key}` sends the "
        "client's credential" for key in ("basic", "oidc", "tpp")]


def test_query_and_cookie_parameters_named_like_a_credential_are_left_out() -> None:
    """`?api_key=value&api_key=key` (servers read the first): a query or cookie parameter in the
    place of an apiKey scheme the operation uses is left out, as a header one is; a header of
    the same name, and the same parameter where the scheme is not used, stay."""
    document = {
        "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
        "security": [{"key": []}],
        "paths": {
            "/a": {"get": {"operationId": "getA", "responses": {"200": {"description": "ok"}},
                           "parameters": [
                               {"name": "api_key", "in": "query", "schema": {"type": "string"}},
                               {"name": "API_KEY", "in": "query", "schema": {"type": "string"}},
                               {"name": "sid", "in": "cookie", "schema": {"type": "string"}},
                               {"name": "api_key", "in": "header", "schema": {"type": "string"}}]}},
            "/b": {"get": {"operationId": "getB", "security": [{"sess": []}],
                           "responses": {"200": {"description": "ok"}},
                           "parameters": [
                               {"name": "sid", "in": "cookie", "schema": {"type": "string"}},
                               {"name": "api_key", "in": "query", "schema": {"type": "string"}}]}},
        },
        "components": {"securitySchemes": {
            "key": {"type": "apiKey", "in": "query", "name": "api_key"},
            "sess": {"type": "apiKey", "in": "cookie", "name": "sid"}}},
    }
    api = ir.build(document, OPTIONS)
    sent = {op.name: {(p.location, p.wire_name) for p in op.params}
            for resource in api.resources for op in resource.operations}
    assert sent == {"get_a": {("query", "API_KEY"), ("cookie", "sid"), ("header", "api_key")},
                    "get_b": {("query", "api_key")}}
    assert sorted(note.problem for note in api.renames if "security scheme" in note.problem) == [
        "cookie parameter `sid` is where the security scheme `sess` sends the client's credential",
        "query parameter `api_key` is where the security scheme `key` sends the client's credential",
    ]


def test_a_query_credential_of_a_document_silent_at_its_top_is_left_out_too() -> None:
    """No `security` at the top, none on the operation: the client sends the credential it
    holds (ir.security), so a parameter in its place is left out as where a requirement
    names the scheme (else `?api_key=value&api_key=key`)."""
    document = {
        "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
        "paths": {"/a": {"get": {"operationId": "getA", "responses": {"200": {"description": "ok"}},
                                 "parameters": [{"name": "api_key", "in": "query",
                                                 "schema": {"type": "string"}}]}}},
        "components": {"securitySchemes": {"key": {"type": "apiKey", "in": "query",
                                                   "name": "api_key"}}},
    }
    api = ir.build(document, OPTIONS)
    (operation,) = [op for resource in api.resources for op in resource.operations]
    assert operation.params == ()


def test_header_parameters_named_alike_but_for_case_are_one_header() -> None:
    """HTTP field names are case-insensitive (RFC 9110 5.1): an operation's `x-request-id`
    overrides its path's required `X-Request-ID` (OpenAPI: same name and location), and of two
    on one level the first is kept, the other named. Both were arguments, and a call giving
    both sent one value, silently. Query (and cookie) names are case-sensitive: both stay."""
    document = {**DOCUMENT, "paths": {"/x": {
        "parameters": [{**header("X-Request-ID"), "required": True}],
        "get": {"operationId": "getX", "responses": {"200": {"description": "ok"}},
                "parameters": [{**header("x-request-id"), "schema": {"type": "string",
                                                                      "format": "uuid"}},
                               header("X-Id"), header("x-id"),
                               {"name": "Q", "in": "query", "schema": {"type": "string"}},
                               {"name": "q", "in": "query", "schema": {"type": "string"}}]},
    }}}
    api = ir.build(document, OPTIONS)
    (operation,) = [op for resource in api.resources for op in resource.operations]
    sent = {(param.location, param.wire_name, param.required) for param in operation.params}
    assert sent == {("header", "x-request-id", False), ("header", "X-Id", False),
                    ("query", "Q", False), ("query", "q", False)}
    (note,) = [rename for rename in api.renames if rename.kind == NOTE]
    assert note.pointer == "/paths/~1x/get"
    assert note.problem == ("header parameter `x-id` is the header `X-Id` (HTTP header names "
                            "are case-insensitive)")
    assert note.action == "left out of the method: `X-Id` is sent"


def test_of_header_twins_the_kept_one_is_required_when_either_is() -> None:
    """`X-Id` (optional) before `x-id` (required) on one level: the header is kept as `X-Id`,
    and a call must give it (kept optional, calls without it reached a server needing it)."""
    document = {**DOCUMENT, "paths": {"/x": {"get": {
        "operationId": "getX", "responses": {"200": {"description": "ok"}},
        "parameters": [header("X-Id"), {**header("x-id"), "required": True}]}}}}
    api = ir.build(document, OPTIONS)
    (operation,) = [op for resource in api.resources for op in resource.operations]
    assert [(p.wire_name, p.required) for p in operation.params] == [("X-Id", True)]
