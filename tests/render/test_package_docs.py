"""Issue #12.3 and #14.2: every generated package carries README.md and api.md, byte-stable and
complete; the README's examples type-check (`mypy --strict`) against the package; the package
root exports every error; models.py has an `__all__`; the User-Agent names real versions."""

from __future__ import annotations

import ast
import importlib
import json
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator import pipeline
from generator.io import provenance, write
from generator.models import Models, index_models
from generator.render import package_docs
from generator.render.package_docs import (
    FieldEntry,
    Printed,
    model_entries,
    named_calls,
    placeholder,
    printed,
    public,
)
from tests.support import (
    FEATURE_SPECS,
    GENERATED,
    PROVIDERS,
    ROOT,
    import_from,
    resources_source,
    subpackage_text,
)
from tests.support.sandbox import run_cli
from tests.support.servers import Reply, ScriptedServer

PYTHON_BLOCK = re.compile(r"```python\n(.*?)```", re.DOTALL)


def _public_methods(resources_py: str) -> dict[str, list[str]]:
    """Sync resource class -> its public methods, read from the resource modules."""
    found: dict[str, list[str]] = {}
    for node in ast.parse(resources_py).body:
        if isinstance(node, ast.ClassDef) and not node.name.startswith("Async"):
            found[node.name] = sorted({item.name for item in node.body
                                       if isinstance(item, ast.FunctionDef) and not item.name.startswith("_")})
    return found


def _client_attributes(client_py: str) -> dict[str, str]:
    """Resource class -> the Client attribute holding it."""
    found = re.findall(r"^    @cached_property\n    def (\w+)\(self\) -> (\w+):$", client_py, re.MULTILINE)
    return {cls: attr for attr, cls in found if not cls.startswith("Async")}


def assert_blocks_pass_mypy_strict(blocks: list[str], folder: Path) -> None:
    """Each block written to `folder` as a program (beside the package it imports), all of
    them accepted by `mypy --strict`."""
    for number, block in enumerate(blocks):
        (folder / f"example_{number}.py").write_text(block, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", str(folder / ".mypy"),
         *(f"example_{n}.py" for n in range(len(blocks)))],
        cwd=folder, capture_output=True, text=True, timeout=300, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("provider", PROVIDERS)
def test_readme_examples_pass_mypy_strict(provider: str, tmp_path: Path) -> None:
    """Each Python block of the README is a complete program that `mypy --strict` accepts."""
    shutil.copytree(GENERATED / provider, tmp_path / provider, ignore=shutil.ignore_patterns("__pycache__"))
    blocks = PYTHON_BLOCK.findall((GENERATED / provider / "README.md").read_text(encoding="utf-8"))
    assert len(blocks) >= 3  # usage per resource, streaming, errors
    assert_blocks_pass_mypy_strict(blocks, tmp_path)


def test_the_project_readme_example_passes_mypy_strict_for_every_provider(tmp_path: Path) -> None:
    """The repository README's example (written for IONOS) with each provider's import."""
    example = PYTHON_BLOCK.findall((ROOT / "README.md").read_text(encoding="utf-8"))[0]
    assert "from generated.ionos import Client" in example
    files = []
    for provider in PROVIDERS:
        files.append(tmp_path / f"readme_{provider}.py")
        files[-1].write_text(example.replace("generated.ionos", f"generated.{provider}"), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", str(tmp_path / ".mypy"),
         *map(str, files)],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("provider", PROVIDERS)
def test_readme_names_what_a_vendoring_team_needs(provider: str) -> None:
    package = GENERATED / provider
    readme = (package / "README.md").read_text(encoding="utf-8")
    record = provenance.read(package)
    assert record is not None
    assert record.inputs["spec_sha256"] in readme
    assert f"{provider.upper()}_API_KEY" in readme and f"{provider.upper()}_BASE_URL" in readme
    assert "`httpx` (tested with 0.28.1)" in readme and "`pydantic` (tested with 2.14.3)" in readme
    for attr in _client_attributes((package / "_client.py").read_text(encoding="utf-8")).values():
        assert f"### `client.{attr}`" in readme
    assert "## Streaming" in readme and "## Errors" in readme
    assert f"openapi-clientgen generate {provider} --out" in readme
    assert f"openapi-clientgen check --target path/to/{provider} --provider {provider}" in readme
    # both are generated files: recorded, so `check` covers them
    assert {"README.md", "api.md"} <= set(record.files)


def _generated(spec: Path, out: Path) -> Path:
    """`spec` generated into `out` by the command line, as a user runs it."""
    result = subprocess.run(
        [sys.executable, "-m", "generator", "generate", "--spec", str(spec), "--out", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
    )
    assert result.returncode == 0, result.stderr
    return out


def test_api_md_lists_every_method_and_model_of_a_feature_document(tmp_path: Path) -> None:
    out = _generated(FEATURE_SPECS / "petstore_tags.yaml", tmp_path / "pets")
    api_md = (out / "api.md").read_text(encoding="utf-8")
    readme = (out / "README.md").read_text(encoding="utf-8")
    attributes = _client_attributes((out / "_client.py").read_text(encoding="utf-8"))
    methods = _public_methods(resources_source(out))
    methods = {cls: names for cls, names in methods.items() if cls in attributes}  # resources
    assert sum(map(len, methods.values())) >= 3
    for cls, names in methods.items():
        assert f"## `client.{attributes[cls]}` ({cls})" in api_md
        assert f"### `client.{attributes[cls]}`" in readme  # one example per resource
        for name in names:
            entry = re.search(rf"^### `client\.{attributes[cls]}\.{name}`: `(GET|POST|PUT|PATCH|DELETE) /\S*`\n"
                              r"\n(.+\n\n)?Returns `.+`\.\n", api_md, re.MULTILINE)
            assert entry is not None, name
    spec_text = (FEATURE_SPECS / "petstore_tags.yaml").read_text(encoding="utf-8")
    for (path, method) in re.findall(r"^  (/\S+):\n    (get|post|put|delete|patch):", spec_text, re.MULTILINE):
        assert f"`{method.upper()} {path}`" in api_md
    classes = [node.name for node in ast.parse(subpackage_text(out)).body
               if isinstance(node, ast.ClassDef)]
    assert classes
    for name in classes:
        assert f"### `models.{name}`" in api_md
    assert "- `name`: `str`" in api_md and "- `tag`: `str | None`" in api_md  # a model's fields
    assert "- `limit: int | NotGiven = NOT_GIVEN`" in api_md  # a method's parameters


def test_package_root_exports_every_error_and_models_has_all(tmp_path: Path) -> None:
    package = import_from(GENERATED, "ionos")
    raised = [
        value for module in (GENERATED / "ionos").glob("_*.py")
        for value in vars(importlib.import_module(f"ionos.{module.stem}")).values()
        if isinstance(value, type) and issubclass(value, Exception) and value.__module__.startswith("ionos.")
    ]
    assert len(raised) >= 15
    for error in raised:  # every exception class defined anywhere in the package
        assert getattr(package, error.__name__) is error and error.__name__ in package.__all__
    assert "APIResponseValidationError" in package.__all__ and "RequestValidationError" in package.__all__
    models = package.models
    classes = sorted(node.name for node in ast.parse(subpackage_text(GENERATED / "ionos")).body
                     if isinstance(node, ast.ClassDef))
    assert models.__all__ == classes
    assert all(getattr(models, name).__name__ == name for name in models.__all__)


def test_user_agent_carries_the_package_and_generator_versions(clean_env: pytest.MonkeyPatch) -> None:
    package = import_from(GENERATED, "ionos")
    completion = {"id": "c", "object": "text_completion", "created": 1, "model": "m", "choices": []}
    with (ScriptedServer([Reply(200, body=completion)]) as server,
          package.Client(api_key="k", base_url=server.url, max_retries=0) as client):
        client.completions.create(model="m", prompt="p")
    agent = server.requests[0].headers["user-agent"]
    assert agent == f"ionos/{package.__version__} openapi-clientgen/{package.__generator_version__}"
    assert package.__version__ != "0"


def test_a_version_no_header_can_hold_still_makes_a_client_that_sends(tmp_path: Path) -> None:
    """httpx refuses a header value that is not ASCII: a document's `versión-ß` (or a version
    with an invisible mark) in the User-Agent made every request of the package fail."""
    spec = tmp_path / "spec.json"
    spec.write_text(json.dumps({
        "openapi": "3.0.3", "info": {"title": "t", "version": "versión-ß 2\u200f"},
        "paths": {"/ping": {"get": {"operationId": "ping", "responses": {"204": {
            "description": "pong"}}}}},
    }), encoding="utf-8")
    generation = pipeline.generate_packages([pipeline.target_for_spec(spec, "odd_version")])
    write.write(generation.packages["odd_version"], tmp_path / "odd_version")
    package = import_from(tmp_path, "odd_version")
    with ScriptedServer([Reply(204)]) as server:
        package.Client(base_url=server.url).default.ping()
    assert server.requests[0].headers["user-agent"] == (
        f"odd_version/version-2 openapi-clientgen/{package.__generator_version__}")


ENUM_BODY_DOC = """\
openapi: 3.0.3
info: {title: Pets, version: '1'}
servers: [{url: 'SERVER'}]
paths:
  /pets:
    post:
      tags: [pets]
      operationId: create_pet
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [name, species]
              properties:
                name: {type: string}
                species: {$ref: '#/components/schemas/Species'}
      responses:
        '200':
          description: the pet
          content:
            application/json:
              schema: {type: object, properties: {id: {type: integer}}}
components:
  schemas:
    Species: {type: string, enum: [dog, cat]}
"""


def test_the_readme_usage_example_runs_against_the_api(tmp_path: Path) -> None:
    """The example is a program that runs, not only one that type-checks: a required enum field
    gets one of its values (an enum class called without a value is a TypeError)."""
    with ScriptedServer([Reply(200, body={"id": 1})]) as server:
        spec = tmp_path / "pets.yaml"
        spec.write_text(ENUM_BODY_DOC.replace("SERVER", server.url), encoding="utf-8")
        generated = subprocess.run(
            [sys.executable, "-m", "generator", "generate", "--spec", str(spec), "--out", str(tmp_path / "pets")],
            cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
        )
        assert generated.returncode == 0, generated.stderr
        usage = PYTHON_BLOCK.findall((tmp_path / "pets" / "README.md").read_text(encoding="utf-8"))[0]
        assert 'models.Species("dog")' in usage
        ran = subprocess.run([sys.executable, "-c", usage], cwd=tmp_path, capture_output=True, text=True,
                             timeout=60, check=False, env={"PATH": "/usr/bin:/bin"})
    assert ran.returncode == 0, ran.stderr
    assert server.requests[0].json() == {"name": "string", "species": "dog"}


def test_a_paginated_package_shows_for_and_async_for_and_its_examples_pass_mypy_strict(tmp_path: Path) -> None:
    """Issue #14.8: a package with lists shows `for` over the sync result and `async for` over
    the async one with no `await` (awaited: the first page), in README.md and api.md; every
    README example, that one included, type-checks."""
    files = pipeline.build_packages([pipeline.target_for_spec(FEATURE_SPECS / "pagination.yaml", "paged")])["paged"]
    write.write(files, tmp_path / "paged")
    readme = files["README.md"]
    assert "## Pagination" in readme
    # the page size is shown (10 a page): a list is not walked one item per request
    assert "    async for item in async_client.conversations.list(limit=10):\n" in readme
    assert "    first_page = await async_client.conversations.list(limit=10)\n" in readme
    assert ("Returns `SyncPage[models.Model, models.ModelList]`: `for` over it gives every item of every page. "
            "On `AsyncClient`, not awaited: `AsyncPaginator[models.Model, models.ModelList]`, `async for` over "
            "it gives every item, `await` gives the first page.") in files["api.md"]
    blocks = PYTHON_BLOCK.findall(readme)
    assert_blocks_pass_mypy_strict(blocks, tmp_path)


def _items_example(limit_schema: str) -> str:
    """The README's example call of pagination.yaml's offset list, whose optional `limit` has
    the schema `limit_schema`."""
    text = (FEATURE_SPECS / "pagination.yaml").read_text(encoding="utf-8")
    head, tail = text.split("operationId: listItems", 1)
    tail = tail.replace("{name: limit, in: query, schema: {type: integer}}",
                        f"{{name: limit, in: query, schema: {limit_schema}}}", 1)
    files = _package_files(head + "operationId: listItems" + tail)
    calls = re.findall(r"client\.items\.list\([^)]*\)", files["README.md"])
    return calls[0] if calls else ""


def _package_files(text: str) -> dict[str, str]:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        spec = Path(folder) / "paged.yaml"
        spec.write_text(text, encoding="utf-8")
        return pipeline.build_packages([pipeline.target_for_spec(spec, "paged")])["paged"]


def test_an_optional_page_size_no_value_meets_is_left_out_of_the_example() -> None:
    """`multipleOf: 4` between 5 and 7: no page size is valid, and the optional argument is
    left out; the list's example was dropped whole. Between 1 and 5 it is 4 (8, the multiple
    above the maximum it was brought to, is past it)."""
    assert _items_example("{type: integer, minimum: 5, maximum: 7, multipleOf: 4}") == \
        "client.items.list()"
    assert _items_example("{type: integer, minimum: 1, maximum: 5, multipleOf: 4}") == \
        "client.items.list(limit=4)"


def test_api_md_lists_the_fields_a_model_inherits(tmp_path: Path) -> None:
    """`Dog(Base)` from `allOf: [Base, {...}]`: its entry lists Base's fields before its own,
    as pydantic orders them (models.py declares only `bark` in Dog)."""
    out = _generated(FEATURE_SPECS / "all_of.yaml", tmp_path / "dogs")
    assert "class Dog(Base):" in subpackage_text(out)
    api_md = (out / "api.md").read_text(encoding="utf-8")
    dog = api_md.split("### `models.Dog`\n", 1)[1].split("###", 1)[0]
    assert [line.split("`")[1] for line in dog.strip().splitlines()] == ["id", "created_at", "bark"]
    assert "- `created_at` (`created-at` on the wire): " in dog


ORDERS = """\
openapi: 3.0.3
info: {title: Orders, version: "1"}
paths:
  /orders:
    post:
      operationId: create
      tags: [orders]
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [lines]
              properties:
                lines: {type: array, items: {$ref: "#/components/schemas/Line"}, minItems: 1}
                due: {type: string, format: date}
                host: {type: string, format: ipv4}
      responses:
        "200": {description: ok, content: {application/json: {schema: {$ref: "#/components/schemas/Line"}}}}
components:
  schemas:
    Line:
      type: object
      required: [sku]
      properties:
        sku: {type: string}
"""


def test_docs_name_types_as_users_write_them_and_a_list_argument_gets_an_example(tmp_path: Path) -> None:
    """A required list argument (`Sequence[...]` in the signature) has an example value (one
    item: an empty list may be below minItems), so its resource gets a README example; api.md spells `Sequence` and `datetime.date`, not the private
    module aliases `_abc` and `_datetime` the generated modules import them as."""
    spec = tmp_path / "orders.yaml"
    spec.write_text(ORDERS, encoding="utf-8")
    files = pipeline.build_packages([pipeline.target_for_spec(spec, "orders")])["orders"]
    assert "_abc.Sequence[" in resources_source(files)  # what the docs must not show
    api_md, readme = files["api.md"], files["README.md"]
    assert "- `lines: Sequence[models.Line | params.LineParam]`" in api_md
    assert "- `due: datetime.date | NotGiven = NOT_GIVEN`" in api_md
    assert "- `host: ipaddress.IPv4Address | NotGiven = NOT_GIVEN`" in api_md
    assert not re.search(r"(?<![\w.])_[a-z]\w*\.", api_md + readme)  # no private module alias
    assert 'result = client.orders.create(lines=[models.Line(sku="string")])' in readme
    write.write(files, tmp_path / "orders")
    assert_blocks_pass_mypy_strict(PYTHON_BLOCK.findall(readme), tmp_path)


def test_a_relative_server_is_named_where_the_base_url_is_asked_for(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`servers: [{url: /api/v2}]` is relative to wherever the document is served: the client
    cannot default to it, and the README, its example and the error say the base URL ends in it."""
    spec = tmp_path / "pets.yaml"
    spec.write_text(ENUM_BODY_DOC.replace("SERVER", "/api/v2/"), encoding="utf-8")
    files = pipeline.build_packages([pipeline.target_for_spec(spec, "relpets")])["relpets"]
    assert "(the full URL, ending in `/api/v2`: the document's server is relative)" in files["README.md"]
    assert 'Client(api_key="my-api-key", base_url="https://api.example.com/api/v2")' in files["README.md"]
    write.write(files, tmp_path / "relpets")
    package = import_from(tmp_path, "relpets")
    monkeypatch.delenv("RELPETS_BASE_URL", raising=False)
    with pytest.raises(ValueError, match="ending in the spec's relative server /api/v2"):
        package.Client(api_key="k")
    with (ScriptedServer([Reply(200, body={"id": 1})]) as server,
          package.Client(api_key="k", base_url=server.url + "/api/v2", max_retries=0) as client):
        client.pets.create_pet(name="n", species="dog")
    assert server.requests[0].path == "/api/v2/pets"


HOOKS_DOC = """\
openapi: 3.1.0
info: {title: Hooks, version: "1"}
servers: [{url: "https://hooks.example.com"}]
paths:
  /subscriptions:
    post:
      operationId: subscribe
      callbacks:
        onEvent:
          "{$request.body#/url}": {post: {responses: {"200": {description: ok}}}}
      responses:
        "201": {description: ok}
webhooks:
  newPet: {post: {responses: {"200": {description: ok}}}}
"""


def test_the_readme_names_the_webhooks_and_callbacks_no_method_makes(tmp_path: Path) -> None:
    """The user trial (Codat's webhooks, Sakari's callbacks): the package said nothing of them,
    and a user looked for their methods; a document without either gets no such section."""
    spec = tmp_path / "hooks.yaml"
    spec.write_text(HOOKS_DOC, encoding="utf-8")
    plain = tmp_path / "plain.yaml"
    plain.write_text(HOOKS_DOC.split("      callbacks:")[0] + "      responses:\n"
                     '        "201": {description: ok}\n', encoding="utf-8")
    built = pipeline.build_packages([pipeline.target_for_spec(spec, "hooks"),
                                     pipeline.target_for_spec(plain, "plain")])
    readme = built["hooks"]["README.md"]
    assert "## Webhooks and callbacks" in readme
    assert "does not receive: `newPet` and `POST /subscriptions: onEvent`." in readme
    assert "Webhooks and callbacks" not in built["plain"]["README.md"]


def test_the_readme_names_the_servers_after_the_first(tmp_path: Path) -> None:
    """The user trial (VTEX): the client defaults to the first server, a placeholder host, and
    the README said nothing of the real one, `https://{accountName}.{environment}.com.br/api/`."""
    spec = tmp_path / "pets.yaml"
    spec.write_text(ENUM_BODY_DOC.replace(
        "[{url: 'SERVER'}]", "[{url: 'https://pets.example'}, {url: 'https://{region}.pets.example',"
        " variables: {region: {default: eu}}}, {url: 'https://pets.example'}]"), encoding="utf-8")
    alone = tmp_path / "alone.yaml"
    alone.write_text(ENUM_BODY_DOC.replace("SERVER", "https://pets.example"), encoding="utf-8")
    built = pipeline.build_packages([pipeline.target_for_spec(spec, "pets"),
                                     pipeline.target_for_spec(alone, "alone")])
    assert ("The document names other servers too: `https://{region}.pets.example`. To use one, "
            "give it as `base_url=`") in built["pets"]["README.md"]
    assert "other servers" not in built["alone"]["README.md"]


SHARE_DOC = """\
openapi: 3.0.3
info: {title: Share, version: "1"}
servers: [{url: "https://share.example.com"}]
paths:
  /share:
    post:
      operationId: shareFile
      tags: [tools]
      requestBody:
        required: true
        content:
          multipart/form-data:
            schema:
              type: object
              properties:
                media: {type: string, format: binary}
                note: {type: string}
      responses:
        "200": {description: ok, content: {application/json: {schema: {type: object}}}}
"""


def test_an_upload_example_passes_its_file_even_where_the_document_leaves_it_optional(
        tmp_path: Path) -> None:
    """The user trial (Sakari's share_file, Blockfrost's ipfs/add): the example called the
    upload without a file, and so sent an empty body with no Content-Type; other optional
    arguments stay out."""
    spec = tmp_path / "share.yaml"
    spec.write_text(SHARE_DOC, encoding="utf-8")
    readme = pipeline.build_packages([pipeline.target_for_spec(spec, "share")])["share"]["README.md"]
    assert 'client.tools.share_file(media=b"file content")' in readme


def test_an_upload_of_parts_the_caller_names_shows_one_file_part(tmp_path: Path) -> None:
    """The round-5 trial (rclone's `/operations/uploadfile`, `multipart/form-data: {schema:
    {}}`): the example called the upload without a body, which sends nothing to upload."""
    spec = tmp_path / "parts.yaml"
    spec.write_text(SHARE_DOC.split("            schema:")[0] + """\
            schema: {}
      responses:
        "200": {description: ok, content: {application/json: {schema: {type: object}}}}
""", encoding="utf-8")
    readme = pipeline.build_packages([pipeline.target_for_spec(spec, "parts")])["parts"]["README.md"]
    assert 'client.tools.share_file(body={"file": b"file content"})' in readme


SCHEMES_DOC = """\
openapi: 3.1.0
info: {title: Locked, version: "1"}
servers: [{url: "https://locked.example.com"}]
security: [{cookieAuth: []}, {basic: []}]
components:
  securitySchemes:
    cookieAuth: {type: apiKey, in: cookie, name: session}
    basic: {type: http, scheme: basic}
paths:
  /things:
    get:
      operationId: list_things
      tags: [things]
      responses:
        "200": {description: ok, content: {application/json: {schema: {type: object}}}}
"""


@pytest.mark.parametrize(("security", "rows", "arguments"), [
    ("[{cookieAuth: []}, {basic: []}]",
     ["| `cookieAuth` (cookie `session`, sent as given) | `cookie_auth=` or the environment variable `LOCKED_COOKIE_AUTH` |",
      ("| `basic` (HTTP basic) | `basic_username=` and `basic_password=` or the environment variables "
      "`LOCKED_BASIC_USERNAME` and `LOCKED_BASIC_PASSWORD` |")],
     'cookie_auth="my-cookie-auth"'),
    ("[{basic: []}]",
     [("| `basic` (HTTP basic) | `username=` and `password=` or the environment variables "
      "`LOCKED_USERNAME` and `LOCKED_PASSWORD` |")],
     'username="my-username", password="my-password"'),
], ids=["cookie-or-basic", "basic"])
def test_the_readme_names_the_credentials_the_client_takes(
        security: str, rows: list[str], arguments: str, tmp_path: Path) -> None:
    """A document whose schemes are not one `api_key`: the configuration table and the examples
    use the client's real arguments (`Client(api_key=...)` would be a TypeError), and type-check."""
    spec = tmp_path / "locked.yaml"
    spec.write_text(SCHEMES_DOC.replace("[{cookieAuth: []}, {basic: []}]", security), encoding="utf-8")
    files = pipeline.build_packages([pipeline.target_for_spec(spec, "locked")])["locked"]
    readme = files["README.md"]
    for row in rows:
        assert row in readme
    assert "api_key" not in readme
    assert f"client = Client({arguments})" in readme
    write.write(files, tmp_path / "locked")
    assert_blocks_pass_mypy_strict(PYTHON_BLOCK.findall(readme), tmp_path)


@pytest.mark.parametrize(("scheme", "row"), [
    ({"type": "apiKey", "in": "header", "name": "authorization"},
     "| API key (header `authorization`, sent as given) |"),
    ({"type": "http", "scheme": "bearer"},
     "| API key (header `Authorization`, sent as `Bearer <key>`) |"),
    ({"type": "apiKey", "in": "query", "name": "key"}, "| API key (query `key`, sent as given) |"),
    # a `|` would split the row, in a code span too (GitHub's tables)
    ({"type": "apiKey", "in": "header", "name": "X|Key"},
     "| API key (header `X\\|Key`, sent as given) |"),
])
def test_the_readme_says_where_a_single_key_goes(scheme: dict[str, str], row: str,
                                                 tmp_path: Path) -> None:
    """Kubernetes' key goes in the `authorization` header as given: the row said "API key"
    alone, and a caller passing the bare token was refused by the server."""
    spec = tmp_path / "key.json"
    spec.write_text(json.dumps({
        "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
        "components": {"securitySchemes": {"key": scheme}}, "security": [{"key": []}],
        "paths": {"/ping": {"get": {"operationId": "ping", "responses": {"204": {
            "description": "pong"}}}}},
    }), encoding="utf-8")
    readme = pipeline.build_packages([pipeline.target_for_spec(spec, "keyed")])["keyed"]["README.md"]
    assert row in readme


def test_the_readme_says_how_each_of_several_keys_is_written(tmp_path: Path) -> None:
    """Asana's `personalAccessToken` (bearer: the client writes `Bearer `) and Directus's `Auth`
    (an apiKey in `Authorization`: the caller writes it) had the same row, `(header
    `Authorization`)`: a caller could not tell whether to type the prefix."""
    spec = tmp_path / "keys.json"
    spec.write_text(json.dumps({
        "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
        "components": {"securitySchemes": {
            "token": {"type": "http", "scheme": "bearer"},
            "Auth": {"type": "apiKey", "in": "header", "name": "Authorization"}}},
        "security": [{"token": []}, {"Auth": []}],
        "paths": {"/ping": {"get": {"operationId": "ping", "responses": {"204": {
            "description": "pong"}}}}},
    }), encoding="utf-8")
    readme = pipeline.build_packages([pipeline.target_for_spec(spec, "keys")])["keys"]["README.md"]
    assert "| `token` (header `Authorization`, sent as `Bearer <key>`) |" in readme
    assert "| `Auth` (header `Authorization`, sent as given) |" in readme


def test_models_header_names_the_tool_not_a_provider(tmp_path: Path) -> None:
    """A package from a user's own document (`--spec`) has no provider: models.py's first line
    says what made it and where regenerating is explained."""
    spec = tmp_path / "orders.yaml"
    spec.write_text(ORDERS, encoding="utf-8")
    files = pipeline.build_packages([pipeline.target_for_spec(spec, "orders")])["orders"]
    header = "# Generated by openapi-clientgen from the OpenAPI document: do not edit (see README.md)."
    models = [name for name in files if name.startswith("models/")]
    assert "models/__init__.py" in models and len(models) > 1
    assert all(files[name].splitlines()[0] == header for name in models)


RETRY_STANCES = {
    "root-hint": "x-codegen-idempotency-key: X-Request-Key\n",
    "root-hint-true": "x-codegen-idempotency-key: true\n",
    "silent": "",
    "marked-retry-safe": "",
    "marked-and-keyed": "",
}
#: `create` declaring an idempotency-key header
KEY_PARAMETER = "      parameters: [{name: Idempotency-Key, in: header, schema: {type: string}}]\n"


@pytest.mark.parametrize("stance", sorted(RETRY_STANCES))
def test_the_readme_tells_how_calls_are_retried_with_the_runtime_values(stance: str, tmp_path: Path) -> None:
    """The README states the retry and timeout defaults (the numbers are the runtime's own),
    what a Retry-After over the cap does, and which POSTs are retried on what the document says."""
    text = ORDERS + RETRY_STANCES[stance]
    if stance.startswith("marked-"):
        text = text.replace("      operationId: create\n", "      operationId: create\n      x-codegen-retry-safe: true\n")
    if stance == "marked-and-keyed":
        text = text.replace("      tags: [orders]\n", "      tags: [orders]\n" + KEY_PARAMETER)
    spec = tmp_path / "orders.yaml"
    spec.write_text(text, encoding="utf-8")
    files = pipeline.build_packages([pipeline.target_for_spec(spec, "orders")])["orders"]
    write.write(files, tmp_path / "orders")
    runtime = import_from(tmp_path, "orders")._base_client
    section = " ".join(files["README.md"].split("## Retries and timeouts\n", 1)[1].split("\n## ", 1)[0].split())
    assert f"up to `max_retries` times ({runtime.DEFAULT_MAX_RETRIES} by default;" in section
    assert sorted(runtime.RETRY_STATUSES) == [408, 409, 429] and "408, 409, 429 and 5xx answers" in section
    assert f"at most {runtime.MAX_RETRY_AFTER:g} s" in section
    assert "A server asking for a longer wait is not retried" in section and "`retry_after`" in section
    assert f"backoff of {runtime.INITIAL_RETRY_DELAY:g} s doubling per attempt up to {runtime.MAX_RETRY_DELAY:g} s" in section
    timeout = runtime.DEFAULT_TIMEOUT
    assert f"A call may take {timeout.read:g} s ({timeout.connect:g} s to connect)" in section
    if stance.startswith("root-hint"):
        header = "X-Request-Key" if stance == "root-hint" else "Idempotency-Key"
        assert "So is a POST or PATCH: the document says the server de-duplicates" in section
        assert "each call carries one" in section and f"`{header}` header" in section
        assert "`idempotency_header=None` on the client leaves every key out" in section
        assert "provably" not in section
    else:  # never the claim that a POST is safe because of a key the server may ignore
        assert "only when it provably had no effect, after a failure to connect" in section
        assert "a 429 (the server declined it)" in section and "carries one" not in section
    marked = "`client.orders.create` is marked retry-safe (`x-codegen-retry-safe`)"
    assert (marked in section) is (stance == "marked-retry-safe")
    # named once, with the keyed calls, when it is both marked and keyed: it carries a key
    keyed = "`client.orders.create` is declared with an idempotency-key header"
    assert (keyed in section) is (stance == "marked-and-keyed")
    assert section.count("`client.orders.create`") == (stance.startswith("marked-"))


@pytest.mark.parametrize(("count", "prose"), [
    (0, ""),
    (1, "`c0`"),
    (2, "`c0` and `c1`"),
    (3, "`c0`, `c1` and `c2`"),
    (6, "`c0`, `c1`, `c2`, `c3`, `c4` and `c5`"),
    (8, "`c0`, `c1`, `c2`, `c3`, `c4`, `c5` and 2 more"),
])
def test_named_calls_lists_a_few_and_counts_the_rest(count: int, prose: str) -> None:
    """The one helper both README lists (deprecated operations, retried POSTs) are cut by."""
    assert named_calls([f"c{i}" for i in range(count)]) == prose



# ---- the view functions, unit by unit ------------------------------------------------------

DOCS_MODELS = """\
from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import BaseModel, Field, RootModel


class Species(StrEnum):
    dog = "dog"
    cat = "cat"


class Owner(BaseModel):
    name: str
    age: int | None = None


class Pet(BaseModel):
    name: str
    species: Species
    owner: Owner
    tags: list[str]


class Deep(BaseModel):
    pet: Pet


class Odd(BaseModel):
    class_: Annotated[str, Field(alias="class")]
    user_name: Annotated[str | None, Field(alias="userName")] = None


class Tags(RootModel[list[str]]):
    root: list[str]


class Maybe(BaseModel):
    note: str | None
    count: int
"""


@pytest.fixture(scope="module")
def docs_models() -> Models:
    return index_models(DOCS_MODELS)


@pytest.mark.parametrize(("annotation", "expected"), [
    ("str", '"string"'),
    ("int | NotGiven", "1"),
    ("None | float", "None"),
    ("FileContent", 'b"file content"'),
    ("Literal['a', 'b'] | NotGiven", "'a'"),
    ("list[int]", "[1]"),
    ("_abc.Sequence[bool]", "[True]"),
    ("list[_models.Tags]", "[]"),  # a root model has no honest placeholder: an empty list
    ("dict[str, int]", "{}"),
    ("_abc.Mapping[str, object]", "{}"),
    ("_models.Species", "models.Species('dog')"),  # an enum called without a value fails
    ("_models.Owner", 'models.Owner(name="string")'),  # required fields only
    ("_models.Tags", None),
    # by its attribute: `class` cannot be a keyword argument; the models populate by name
    ("_models.Odd", 'models.Odd(class_="string")'),
    ("_models.Missing", None),
    ("Any", None),
])
def test_placeholder_is_a_value_the_type_accepts(docs_models: Models, annotation: str,
                                                 expected: str | None) -> None:
    assert placeholder(annotation, docs_models) == expected


def test_placeholder_builds_nested_models_only_so_deep(docs_models: Models) -> None:
    """Pet's fields are built one model deep (an enum, an Owner); Deep's Pet would need its
    fields' models two deep, and gets no placeholder rather than a wrong one."""
    assert placeholder("_models.Pet", docs_models) == (
        "models.Pet(name=\"string\", species=models.Species('dog'), "
        "owner=models.Owner(name=\"string\"), tags=[\"string\"])")
    assert placeholder("_models.Deep", docs_models) is None


def test_printed_guards_a_field_that_may_be_none(docs_models: Models) -> None:
    assert printed("_models.Maybe", docs_models) == Printed("note", guarded=True)
    assert printed("_models.Owner", docs_models) == Printed("name", guarded=False)
    # the attribute, not the wire name: `class` is a keyword, `class_` the field pydantic has
    assert printed("_models.Odd", docs_models) == Printed("class_")
    assert printed("_models.Pet | None", docs_models) == Printed(None)
    assert printed("list[_models.Pet]", docs_models) == Printed(None)
    assert printed("str", docs_models) == Printed(None)
    assert printed("None", docs_models) == Printed(None, nothing=True)


def test_public_names_types_as_users_write_them() -> None:
    assert public("_models.Pet | _params.PetParam") == "models.Pet | params.PetParam"
    assert public("_abc.Sequence[_models.Pet]") == "Sequence[models.Pet]"
    assert public("_typing.Literal['a'] | _builtins.list[int]") == "Literal['a'] | list[int]"
    assert public("_datetime.date | my_models.X") == "datetime.date | my_models.X"


def test_model_entries_list_fields_by_attribute_and_enum_values(docs_models: Models) -> None:
    """A field by the attribute code reads, its wire name beside it where it differs (found in
    a new user's trial: api.md listed `userName`, and `User(...).userName` fails)."""
    entries = {entry.name: entry.fields for entry in model_entries(docs_models)}
    assert list(entries) == sorted(entries)
    assert entries["Odd"] == (  # the type without Annotated
        FieldEntry("class_", "class", "str"), FieldEntry("user_name", "userName", "str | None"))
    assert entries["Species"] == (FieldEntry("'dog'", "", "enum value"),
                                  FieldEntry("'cat'", "", "enum value"))
    assert [(field.attribute, field.wire) for field in entries["Pet"]] == [
        ("name", ""), ("species", ""), ("owner", ""), ("tags", "")]


def test_model_entries_spell_an_imported_type_as_its_module_names_it() -> None:
    """dcg imports `date` as `date_aliased` where a field is named `date` (GitHub's Copilot
    reports): api.md listed `day`: `date_aliased`."""
    models = index_models(
        "from __future__ import annotations\n\nfrom datetime import date as date_aliased\n"
        "from pydantic import BaseModel\n\n\nclass Report(BaseModel):\n"
        "    date: date_aliased\n    day: date_aliased | None = None\n"
        "    date_aliased_note: str | None = None\n")
    assert model_entries(models)[0].fields == (
        FieldEntry("date", "", "date"), FieldEntry("day", "", "date | None"),
        FieldEntry("date_aliased_note", "", "str | None"))


def test_api_md_names_a_field_as_code_reads_it(tmp_path: Path) -> None:
    spec = tmp_path / "fields.yaml"
    spec.write_text(
        "openapi: 3.0.3\ninfo: {title: fields, version: '1'}\npaths:\n  /users:\n    get:\n"
        "      responses:\n        '200':\n          description: ok\n          content:\n"
        "            application/json:\n              schema: {$ref: '#/components/schemas/User'}\n"
        "components:\n  schemas:\n    User:\n      type: object\n      required: [id]\n"
        "      properties:\n        id: {type: integer}\n        userName: {type: string}\n"
        "        x-y: {type: string}\n", encoding="utf-8")
    generation = pipeline.generate_packages([pipeline.target_for_spec(spec, "fields_pkg")])
    api_md = generation.packages["fields_pkg"]["api.md"]
    section = api_md.split("### `models.User`\n\n", 1)[1]
    assert section.startswith("- `id`: `int`\n- `user_name` (`userName` on the wire): `str | None`\n"
                              "- `x_y` (`x-y` on the wire): `str | None`\n")


PREFIX_DOC = """\
openapi: 3.1.0
info: {title: Prefixed, version: "1"}
servers: [{url: "SERVER"}]
paths:
  /v1/things:
    get: {operationId: list_things, responses: {"200": {description: ok}}}
  SECOND:
    get: {operationId: get_other, responses: {"200": {description: ok}}}
"""


@pytest.mark.parametrize(("server", "second", "prefix"), [
    ("https://api.example.com", "/v1/others", "/v1"),
    ("https://api.example.com", "/v2/others", None),  # not every operation shares it
    ("https://api.example.com/v1", "/v1/others", None),  # the document's own base ends in it
])
def test_the_shared_path_prefix_is_set_and_documented_only_where_every_path_has_it(
        server: str, second: str, prefix: str | None, tmp_path: Path) -> None:
    spec = tmp_path / "prefixed.yaml"
    spec.write_text(PREFIX_DOC.replace("SERVER", server).replace("SECOND", second), encoding="utf-8")
    files = pipeline.build_packages([pipeline.target_for_spec(spec, "prefixed")])["prefixed"]
    paragraph = "Every operation's path starts with `/v1`: a base URL whose path ends in it"
    assert (paragraph in files["README.md"]) is (prefix is not None)
    assert ('_path_prefix = "/v1"' in files["_client.py"]) is (prefix is not None)


def test_the_readme_says_where_its_import_line_applies() -> None:
    readme = (GENERATED / "ionos" / "README.md").read_text(encoding="utf-8")
    assert "The examples import the package by its own name (`from ionos import Client`)" in readme
    assert "`from generated.ionos import Client`" in readme


@pytest.mark.parametrize(("value", "empty"), [
    ("[]", True), ("{}", True), ('""', True), ("models.Version()", True),
    ("[models.Version()]", True), ('models.Species("")', True),
    ('"string"', False), ("0", False), ("False", False), ('models.Species("dog")', False),
    ("models.Pet(name=\"x\")", False), ('["a"]', False),
])
def test_a_path_value_sent_as_nothing_is_told_apart(value: str, empty: bool) -> None:
    """The README example never fills a path with one of these: the client refuses an empty
    segment (Jellyfin's `Version` of read-only fields, a list of such, an enum of `""`)."""
    assert package_docs._sent_empty(value) is empty


_SMALL_SPEC = """openapi: 3.0.3
info: {title: Shop, version: "1"}
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        "200": {description: ok, content: {application/json: {schema: {type: string}}}}
"""


def test_the_readme_commands_quote_a_spec_name_a_shell_would_split(tmp_path: Path) -> None:
    """The package's README says how to regenerate and check it: a spec named `shop api.yaml`
    was printed bare, two arguments once pasted into a shell."""
    spec = tmp_path / "my specs" / "shop api ü.yaml"
    spec.parent.mkdir()
    spec.write_text(_SMALL_SPEC, encoding="utf-8")
    result = run_cli("generate", "--spec", spec, "--out", tmp_path / "out" / "shop", "--no-cache")
    assert result.returncode == 0, result.stderr
    readme = (tmp_path / "out" / "shop" / "README.md").read_text(encoding="utf-8")
    commands = [shlex.split(line, comments=True) for line in readme.splitlines()
                if line.startswith(("openapi-clientgen generate ", "openapi-clientgen check "))]
    assert sorted(words[1] for words in commands) == ["check", "generate"]
    for words in commands:
        assert words[words.index("--spec") + 1] == "shop api ü.yaml"


def test_the_readme_example_is_no_delete_where_the_resource_has_another_call(
        tmp_path: Path) -> None:
    """A new user copies the first example and runs it: a DELETE listed first in the document
    would make that first try destroy something."""
    spec = tmp_path / "items.yaml"
    spec.write_text("""\
openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /items/{id}:
    delete:
      operationId: items_delete
      tags: [items]
      parameters: [{name: id, in: path, required: true, schema: {type: string}}]
      responses: {"204": {description: gone}}
    get:
      operationId: items_get
      tags: [items]
      parameters: [{name: id, in: path, required: true, schema: {type: string}}]
      responses: {"200": {description: ok, content: {application/json: {schema: {type: object}}}}}
  /tokens/{id}:
    delete:
      operationId: tokens_delete
      tags: [tokens]
      parameters: [{name: id, in: path, required: true, schema: {type: string}}]
      responses: {"204": {description: gone}}
""", encoding="utf-8")
    result = run_cli("generate", "--spec", spec, "--out", tmp_path / "pkg")
    assert result.returncode == 0, result.stderr
    readme = (tmp_path / "pkg" / "README.md").read_text(encoding="utf-8")
    calls = re.findall(r"client\.(items|tokens)\.(\w+)\(", readme)
    assert ("items", "get") in calls and ("items", "delete") not in calls
    assert ("tokens", "delete") in calls  # (the resource's only call is still shown)


def test_api_md_spells_a_path_as_the_document_writes_it(tmp_path: Path) -> None:
    """A path parameter sharing its name with a query one is keyed `scheme (path)` among the
    checked values (enterobase's `/{scheme}/loci`); api.md showed that key in the path."""
    spec = tmp_path / "loci.yaml"
    spec.write_text("""\
openapi: 3.0.0
info: {title: t, version: '1'}
paths:
  /{scheme}/loci:
    get:
      operationId: getLoci
      parameters:
        - {name: scheme, in: query, schema: {type: string}}
        - {name: scheme, in: path, required: true, schema: {type: string}}
      responses:
        '204': {description: ok}
""", encoding="utf-8")
    result = run_cli("generate", "--spec", spec, "--out", tmp_path / "loci")
    assert result.returncode == 0, result.stderr
    api = (tmp_path / "loci" / "api.md").read_text(encoding="utf-8")
    assert "### `client.default.get_loci`: `GET /{scheme}/loci`" in api
    assert "(path)}" not in api
