"""Issue #23.14: every Python example of every feature package's README.md runs, against a
127.0.0.1 server answering as the document says (tests/support/spec_server.py): the
credentials it passes are the ones its operation needs, each resource has an example (a
`format: uri` argument included), and what it prints is what the server sent, parsed."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from generator import pipeline
from generator.document.loading import load
from generator.io import write
from tests.support import resources_source
from tests.support.features import feature_specs, write_feature_packages
from tests.support.spec_server import run_readme_examples, spec_server


@pytest.fixture(scope="module")
def feature_packages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return write_feature_packages(tmp_path_factory.mktemp("features"))


@pytest.mark.parametrize("name", sorted(feature_specs()))
def test_every_readme_example_of_a_feature_package_runs(name: str, feature_packages: dict[str, Path]) -> None:
    package = feature_packages[name]
    readme = (package / "README.md").read_text(encoding="utf-8")
    resources = re.findall(r"^    def (\w+)\(self\) -> \w+:$", (package / "_client.py").read_text(encoding="utf-8"),
                           re.MULTILINE)
    for attr in set(resources) - {"with_options", "copy"}:
        if f"client.{attr}." in resources_source(package) or f"`client.{attr}`" in readme:
            assert f"### `client.{attr}`" in readme, f"{name}: no example for client.{attr}"
    with spec_server(load(feature_specs()[name]).data) as server:
        ran = run_readme_examples(package, f"{name.upper()}_BASE_URL", server.url)
    assert ran.returncode == 0, ran.stderr[-4000:]
    assert server.requests, "the examples sent nothing"
    assert all(request.path != "404" for request in server.requests)


HOOKS = """\
openapi: 3.0.3
info: {title: Hooks, version: "1"}
servers: [{url: "https://hooks.example.com"}]
components:
  securitySchemes:
    key: {type: apiKey, in: header, name: X-Key}
    bearer: {type: http, scheme: bearer}
security: [{key: []}]
paths:
  /hooks:
    post:
      operationId: create
      tags: [hooks]
      security: [{bearer: []}]
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [target, due]
              properties:
                target: {type: string, format: uri}
                due: {type: string, format: date}
      responses:
        "200": {description: ok, content: {application/json: {schema: {type: object, properties: {id: {type: integer}}}}}}
  /pings/{url}:
    get:
      operationId: ping
      tags: [pings]
      parameters:
        - {name: url, in: path, required: true, schema: {type: string, format: uri}}
      responses:
        "200": {description: ok}
"""


def test_each_example_passes_the_credentials_its_operation_needs(tmp_path: Path) -> None:
    """The document's security is `key`, `POST /hooks` needs `bearer`: its example makes the
    client with `bearer=` (with `key=` the call raises MissingCredentialsError), the other with
    `key=`; a `format: date` argument gets a value (`datetime.date(...)`, imported) and a
    `format: uri` one a string, so both resources have a running example."""
    spec = tmp_path / "hooks.yaml"
    spec.write_text(HOOKS, encoding="utf-8")
    files = pipeline.build_packages([pipeline.target_for_spec(spec, "hooks")])["hooks"]
    write.write(files, tmp_path / "hooks")
    readme = files["README.md"]
    hooks = readme.split("### `client.hooks`", 1)[1].split("###", 1)[0]
    pings = readme.split("### `client.pings`", 1)[1].split("##", 1)[0]
    assert 'client = Client(bearer="my-bearer")' in hooks and "import datetime\n\n" in hooks
    assert 'target="string", due=datetime.date(2024, 1, 1)' in hooks
    assert 'client = Client(key="my-key")' in pings
    with spec_server(load(spec).data) as server:
        ran = run_readme_examples(tmp_path / "hooks", "HOOKS_BASE_URL", server.url)
    assert ran.returncode == 0, ran.stderr[-4000:]
    sent = {request.path: request.headers for request in server.requests}
    assert sent["/hooks"]["authorization"] == "Bearer my-bearer" and "x-key" not in sent["/hooks"]
    (ping,) = [headers for path, headers in sent.items() if path.startswith("/pings/")]
    assert ping["x-key"] == "my-key" and "authorization" not in ping


CAMEL = """\
openapi: 3.0.3
info: {title: Revisions, version: "1"}
servers: [{url: "https://revisions.example.com"}]
paths:
  /revisions/{id}:
    get:
      operationId: get_revision
      tags: [revisions]
      parameters: [{name: id, in: path, required: true, schema: {type: string}}]
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                type: object
                required: [mergedFrom]
                properties:
                  mergedFrom: {type: string}
"""


def test_the_printed_field_is_the_attribute_not_the_wire_name(tmp_path: Path) -> None:
    """GitBook's `mergedFrom` is the attribute `merged_from`: `result.mergedFrom` raised
    AttributeError in the example (found by `make corpus --readme`)."""
    spec = tmp_path / "revisions.yaml"
    spec.write_text(CAMEL, encoding="utf-8")
    files = pipeline.build_packages([pipeline.target_for_spec(spec, "revisions")])["revisions"]
    write.write(files, tmp_path / "revisions")
    assert "print(result.merged_from)" in files["README.md"]
    with spec_server(load(spec).data) as server:
        ran = run_readme_examples(tmp_path / "revisions", "REVISIONS_BASE_URL", server.url)
    assert ran.returncode == 0, ran.stderr[-4000:]


BETA = """\
openapi: 3.1.0
info: {title: Beta, version: "1"}
servers: [{url: "https://beta.example.com"}]
paths:
  /v1/models/{model_id}?beta=true:
    get:
      operationId: get_model
      tags: [models]
      parameters: [{name: model_id, in: path, required: true, schema: {type: string}}]
      responses:
        "200":
          description: ok
          content: {application/json: {schema: {type: object, properties: {id: {type: string}}}}}
"""


def test_an_example_of_a_path_with_a_fixed_query_runs(tmp_path: Path) -> None:
    """Anthropic's document writes its beta operations `/v1/models/{id}?beta=true`: the client
    sends the fixed query with the call (a named repair), and the example reaches the
    operation (the spec server matches a template by its path, the query aside)."""
    spec = tmp_path / "beta.yaml"
    spec.write_text(BETA, encoding="utf-8")
    files = pipeline.build_packages([pipeline.target_for_spec(spec, "beta")])["beta"]
    write.write(files, tmp_path / "beta")
    with spec_server(load(spec).data) as server:
        ran = run_readme_examples(tmp_path / "beta", "BETA_BASE_URL", server.url)
    assert ran.returncode == 0, ran.stderr[-4000:]
    sent = {(r.path, tuple(r.query)) for r in server.requests}
    assert sent == {("/v1/models/string", (("beta", "true"),))}


VERSIONS = """\
openapi: 3.0.3
info: {title: Versions, version: "1"}
servers: [{url: "https://versions.example.com"}]
components:
  schemas:
    Version:
      type: object
      properties:
        Major: {type: integer, readOnly: true}
        Minor: {type: integer, readOnly: true}
paths:
  /versions/{version}:
    get:
      operationId: getVersion
      tags: [versions]
      parameters:
        - {name: version, in: path, required: true, schema: {$ref: "#/components/schemas/Version"}}
      responses:
        "200": {description: ok}
  /items/{id}:
    get:
      operationId: getItem
      tags: [versions]
      parameters:
        - {name: id, in: path, required: true, schema: {type: string}}
      responses:
        "200": {description: ok}
"""


def test_no_example_fills_a_path_with_a_value_sent_as_nothing(tmp_path: Path) -> None:
    """Jellyfin's `Version` path parameter is an object of read-only fields: its example value,
    `models.Version()`, is sent as an empty segment, which the client refuses. The example shows
    the resource's other operation, and runs; without one, it shows no call of that method."""
    spec = tmp_path / "versions.yaml"
    spec.write_text(VERSIONS, encoding="utf-8")
    files = pipeline.build_packages([pipeline.target_for_spec(spec, "versions")])["versions"]
    write.write(files, tmp_path / "versions")
    assert "get_version(" not in files["README.md"] and "get_item(id=" in files["README.md"]
    with spec_server(load(spec).data) as server:
        ran = run_readme_examples(tmp_path / "versions", "VERSIONS_BASE_URL", server.url)
    assert ran.returncode == 0, ran.stderr[-4000:]
    assert {r.path for r in server.requests} == {"/items/string"}
    alone = tmp_path / "alone.yaml"
    alone.write_text(VERSIONS[:VERSIONS.index("  /items/{id}:")], encoding="utf-8")
    readme = pipeline.build_packages([pipeline.target_for_spec(alone, "alone")])["alone"]["README.md"]
    assert "get_version(" not in readme


def _written(tmp_path: Path, name: str, document: str) -> tuple[Path, dict[str, str]]:
    spec = tmp_path / f"{name}.yaml"
    spec.write_text(document, encoding="utf-8")
    files = pipeline.build_packages([pipeline.target_for_spec(spec, name)])[name]
    write.write(files, tmp_path / name)
    return spec, files


def _run(tmp_path: Path, name: str, spec: Path) -> list[Any]:
    """The package's README examples, run against `spec`'s server; the requests it got."""
    with spec_server(load(spec).data) as server:
        ran = run_readme_examples(tmp_path / name, f"{name.upper()}_BASE_URL", server.url)
    assert ran.returncode == 0, ran.stderr[-4000:]
    return list(server.requests)


CHANNELS = """\
openapi: 3.0.3
info: {title: Channels, version: "1"}
servers: [{url: "https://channels.example.com"}]
components:
  schemas:
    Setup:
      oneOf:
        - type: object
          required: [type, settings]
          properties:
            type: {type: string, enum: [slack]}
            settings: {type: object, properties: {channels: {type: array, items: {type: string}}}}
        - type: object
          required: [type, settings]
          properties:
            type: {type: string, enum: [linear]}
            settings: {type: object, properties: {teams: {type: array, items: {type: string}}}}
paths:
  /channels:
    post:
      operationId: create_channel
      tags: [channels]
      requestBody:
        required: true
        content:
          application/json:
            schema:
              allOf:
                - $ref: "#/components/schemas/Setup"
                - type: object
                  properties:
                    role: {type: string, enum: [collaborator, support]}
      responses:
        "201":
          description: ok
          content:
            application/json:
              schema: {type: object, required: [id], properties: {id: {type: string}}}
"""


def test_a_body_whose_all_of_merges_in_a_one_of_is_one_argument_the_example_fills(tmp_path: Path) -> None:
    """GitBook's `createSiteChannel` body is `allOf: [SiteChannelSetup (a oneOf of objects
    each requiring `type` and `setupSettings`), {properties: {role}}]`: spread into keyword
    arguments it took `role` alone, its README example sent nothing a branch accepts and raised
    RequestValidationError (found by `make corpus --readme`). It is one argument, `body`."""
    spec, files = _written(tmp_path, "channels", CHANNELS)
    source = resources_source(tmp_path / "channels")
    assert "role: " not in source and "body: " in source
    example = files["README.md"].split("client.channels.create_channel(", 1)[1].split("```", 1)[0]
    assert "body=models." in example and "type=" in example and "settings=" in example
    (sent,) = {r.path: r for r in _run(tmp_path, "channels", spec)}.values()
    assert sent.json()["type"] == "slack" and sent.json()["settings"] == {}


TOKENS = """\
openapi: 3.0.3
info: {title: Tokens, version: "1"}
servers: [{url: "https://tokens.example.com"}]
paths:
  /tokens:
    delete:
      operationId: delete_token
      tags: [tokens]
      responses:
        "204":
          description: The token was revoked.
          content:
            application/json:
              schema: {type: object, required: [access_token], properties: {access_token: {type: string}}}
"""


def test_a_204_declared_with_content_returns_none_and_its_type_says_so(tmp_path: Path) -> None:
    """Vimeo's `DELETE /tokens` declares content on its 204, which carries no body (RFC 9110):
    the client returns None for it, so the method is typed `-> Model | None` and the example
    prints the result, not `result.access_token` (AttributeError on None, found by
    `make corpus --readme`)."""
    spec, files = _written(tmp_path, "tokens", TOKENS)
    assert re.search(r"\) -> _models\.\w+ \| None:", resources_source(tmp_path / "tokens"))
    assert "access_token" not in files["README.md"].split("client.tokens", 1)[1].split("```", 1)[0]
    assert {(r.method, r.path) for r in _run(tmp_path, "tokens", spec)} == {("DELETE", "/tokens")}


PAGES = """\
openapi: 3.0.3
info: {title: Groups, version: "1"}
servers: [{url: "https://groups.example.com"}]
paths:
  /groups:
    get:
      operationId: list_groups
      tags: [groups]
      parameters:
        - {name: limit, in: query, required: true, schema: {type: integer, minimum: 1, maximum: 50}}
        - {name: offset, in: query, required: true, schema: {type: integer, minimum: 0}}
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                type: object
                required: [data]
                properties:
                  data:
                    type: array
                    minItems: 1
                    items: {type: object, required: [code], properties: {code: {type: string}}}
  /alarms:
    get:
      operationId: count_alarms
      tags: [alarms]
      parameters:
        - {name: page, in: query, schema: {type: integer, minimum: 1}}
        - {name: limit, in: query, schema: {type: integer, minimum: 0, maximum: 5}}
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                type: object
                required: [results, total]
                properties:
                  total: {type: integer}
                  results: {type: array, minItems: 1, items: {type: object, properties: {count: {type: integer}}}}
"""


def test_a_list_example_asks_for_pages_of_ten_items(tmp_path: Path) -> None:
    """Metadapi's `limit` is required and its `data` has `minItems: 1`: asked for pages of one
    item, every page is full, and the walk can end only when the server repeats itself (which
    the client takes for a cycle, found by `make corpus --readme`). The example asks for 10 a
    page (within the parameter's bounds), and a one-item page ends the list. So does Mist's,
    whose page size is optional: the example passes it (5 here, its maximum)."""
    spec, files = _written(tmp_path, "groups", PAGES)
    assert "client.groups.list_groups(limit=10, offset=1)" in files["README.md"]
    assert "client.alarms.count_alarms(limit=5)" in files["README.md"]
    sent = _run(tmp_path, "groups", spec)
    assert {(r.path, tuple(r.query)) for r in sent} == {
        ("/groups", (("limit", "10"), ("offset", "1"))), ("/alarms", (("limit", "5"),))}


EVENTS = """\
openapi: 3.0.3
info: {title: Events, version: "1"}
servers: [{url: "//events.example.com/v2"}]
paths:
  /events:
    get:
      operationId: list_events
      tags: [events]
      parameters:
        - {name: cursor, in: query, schema: {type: string}}
      responses:
        "200":
          description: ok
          content:
            "*/*":
              schema:
                type: object
                required: [data, next_cursor]
                properties:
                  data: {type: array, items: {type: object, required: [id], properties: {id: {type: string}}}}
                  next_cursor: {type: string}
"""


def test_the_spec_server_ends_a_list_and_sends_json_for_a_wildcard_media_type(tmp_path: Path) -> None:
    """Spring's documents give JSON answers as `*/*` (Zeno, Wordnik, RESTful4Up): the server
    sends them as JSON. A list's later page (a different query of the same path) has empty
    arrays: served the first page again, the client rightly stopped with PaginationCycleError
    (GitHub's, Mist's, VTEX's lists, found by `make corpus --readme`). The document's server is
    `//host/v2`, a host: the README's URL is the placeholder host's, without `//events...`."""
    spec, files = _written(tmp_path, "events", EVENTS)
    assert "//events" not in files["README.md"].split("## Usage", 1)[-1]
    assert '"https://events.example.com/v2"' in files["_client.py"]
    sent = _run(tmp_path, "events", spec)
    # each walk (sync, then async): the first page, then the cursor the first page named
    assert [tuple(r.query) for r in sent].count((("cursor", "string"),)) >= 2
    assert all(r.path == "/events" for r in sent)


TOKEN_OR_NOTHING = TOKENS.replace('''      responses:
        "204":''', '''      responses:
        "200":
          description: The token, revoked.
          content:
            application/json:
              schema: {type: object, required: [access_token], properties: {access_token: {type: string}}}
        "204":''')


def test_a_200_body_beside_a_204_returns_the_model_or_none_as_typed(tmp_path: Path) -> None:
    """With a real 200 body beside the 204, the method is still typed `... | None`: the model
    for the 200, None for the 204 (its declared content is never read), sync and async,
    against a server on 127.0.0.1."""
    import asyncio

    from tests.support import import_from
    from tests.support.servers import Reply, ScriptedServer

    _written(tmp_path, "both", TOKEN_OR_NOTHING)
    # (the 204's class stays in the union: an undocumented 2xx with a body parses into the
    # declared successes, 204's among them)
    assert re.search(r"\) -> _models\.\w+Response200 \| _models\.\w+Response204 \| None:",
                     resources_source(tmp_path / "both"))
    package = import_from(tmp_path, "both")
    json_type = {"Content-Type": "application/json"}
    with ScriptedServer([Reply(200, json_type, {"access_token": "t1"}), Reply(204),
                         Reply(200, json_type, {"access_token": "t2"}), Reply(204)]) as server:
        with package.Client(base_url=server.url, max_retries=0) as client:
            first, second = client.tokens.delete_token(), client.tokens.delete_token()

        async def twice() -> list[Any]:
            async with package.AsyncClient(base_url=server.url, max_retries=0) as client:
                return [await client.tokens.delete_token(), await client.tokens.delete_token()]

        third, fourth = asyncio.run(twice())
    assert [getattr(result, "access_token", result) for result in (first, second, third, fourth)] \
        == ["t1", None, "t2", None]


TYPED = """\
openapi: 3.0.3
info: {title: Typed, version: "1"}
servers: [{url: "https://typed.example.com"}]
paths:
  /checks:
    post:
      operationId: create_check
      tags: [checks]
      requestBody:
        required: true
        content:
          application/json:
            schema:
              oneOf:
                - {$ref: "#/components/schemas/Deadman"}
                - {type: string}
      responses:
        "201":
          description: made
          content: {application/json: {schema: {$ref: "#/components/schemas/Deadman"}}}
  /checks/{id}:
    delete:
      operationId: delete_check
      tags: [removals]
      parameters: [{name: id, in: path, required: true, schema: {type: string}}]
      responses: {"204": {description: gone}}
components:
  schemas:
    Deadman:
      type: object
      required: [orgID]
      properties:
        orgID: {type: string}
"""


def test_the_examples_pass_mypy_strict(tmp_path: Path) -> None:
    """A method returning None was assigned (`result = client.checks.delete_check(...)`, mypy's
    func-returns-value) and a model was built by its wire names (`Deadman(orgID=...)`: mypy
    knows the attribute `org_id`), found on Influx's and PeerTube's documents."""
    spec = tmp_path / "typed.yaml"
    spec.write_text(TYPED, encoding="utf-8")
    files = pipeline.build_packages([pipeline.target_for_spec(spec, "typed")])["typed"]
    write.write(files, tmp_path / "typed")
    blocks = re.findall(r"```python\n(.*?)```", files["README.md"], re.DOTALL)
    assert "\nclient.removals.delete_check(id=" in files["README.md"]
    assert "Deadman(org_id=" in files["README.md"]
    for index, block in enumerate(blocks):
        (tmp_path / f"example_{index}.py").write_text(block, encoding="utf-8")
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental",
         *(f"example_{index}.py" for index in range(len(blocks)))],
        cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False)
    assert checked.returncode == 0, checked.stdout[-4000:]
    with spec_server(load(spec).data) as server:
        ran = run_readme_examples(tmp_path / "typed", "TYPED_BASE_URL", server.url)
    assert ran.returncode == 0, ran.stderr[-4000:]
