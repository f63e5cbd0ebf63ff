"""Deprecated operations and public ones, as a new user meets them (new-user trial, findings
03 and 07), on tests/feature_specs/deprecated_public.yaml: either of two schemes authenticates (bearer, or an API key in a
header), `GET /health` is public (`security: []`), `DELETE /pets/{pet_id}` (listed first) and
the streaming `POST /pets/search` are deprecated.

- deprecated: `@typing_extensions.deprecated` on the method (sync and async, overloads too):
  `mypy --strict` accepts the package and, with `--enable-error-code deprecated`, flags each
  call of a deprecated method and no other; a call warns (`DeprecationWarning`), through
  `with_raw_response` too; api.md marks it, the README's example is a non-deprecated one;
- public: the client is made without a credential, the README's example for the public
  operation passes none, a call needing one raises `MissingCredentialsError` naming both ways
  (each argument and variable) before sending; without the public operation, the client
  refuses to be made, naming both.

The README's examples run against a server answering as the document says (127.0.0.1).
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import warnings
from importlib import metadata
from pathlib import Path
from types import ModuleType

import pytest

from generator import pipeline
from generator.document.loading import load
from generator.io import write
from tests.support import FEATURE_SPECS, import_from
from tests.support.servers import Reply, ScriptedServer
from tests.support.spec_server import run_readme_examples, spec_server

pytestmark = pytest.mark.timeout(300)

SPEC = FEATURE_SPECS / "deprecated_public.yaml"
#: the public operation, left out of `kennel_private` (every operation then needs a credential)
PUBLIC = """\
  /health:
    get:
      operationId: getHealth
      tags: [status]
      security: []
      responses:
        "200": {description: ok, content: {application/json: {schema: {type: object, properties: {ok: {type: boolean}}}}}}
"""

USES = """\
import asyncio

from kennel import AsyncClient, Client

client = Client(bearer_auth="t")
client.pets.delete_pet(pet_id=1)
client.pets.search_pets(q="rex")
for chunk in client.pets.search_pets(q="rex", stream=True):
    print(chunk.id)
print(client.pets.get_pet(pet_id=1).id)
print(client.status.get_health())


async def main() -> None:
    async_client = AsyncClient(bearer_auth="t")
    await async_client.pets.delete_pet(pet_id=1)
    print((await async_client.pets.get_pet(pet_id=1)).id)


asyncio.run(main())
"""


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("kennel")
    text = SPEC.read_text(encoding="utf-8")
    assert PUBLIC in text
    documents = {"kennel": text, "kennel_private": text.replace(PUBLIC, "")}
    targets = []
    for name, text in documents.items():
        (out / f"{name}.yaml").write_text(text, encoding="utf-8")
        targets.append(pipeline.target_for_spec(out / f"{name}.yaml", name))
    for name, files in pipeline.build_packages(targets).items():
        write.write(files, out / name)
    return out


@pytest.fixture
def kennel(generated: Path) -> ModuleType:
    return import_from(generated, "kennel")


def mypy(folder: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir",
         str(folder / ".mypy"), *arguments],
        cwd=folder, capture_output=True, text=True, timeout=300, check=False,
    )


# -- deprecated operations -----------------------------------------------------------------------


def test_type_checkers_flag_each_call_of_a_deprecated_method_and_no_other(generated: Path) -> None:
    (generated / "uses.py").write_text(USES, encoding="utf-8")
    assert (plain := mypy(generated, "kennel", "uses.py")).returncode == 0, plain.stdout
    flagged = mypy(generated, "--enable-error-code", "deprecated", "uses.py")
    lines = sorted(int(line.split(":")[1]) for line in flagged.stdout.splitlines()
                   if "[deprecated]" in line)
    assert lines == [6, 7, 8, 16], flagged.stdout  # delete, search, search streaming, async delete
    assert "the API marks DELETE /pets/{pet_id} as deprecated" in flagged.stdout


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_calling_a_deprecated_method_warns_and_another_does_not(
    kennel: ModuleType, kind: str
) -> None:
    replies = [Reply(204), Reply(204), Reply(200, body={"id": 1})]
    with ScriptedServer(replies) as server, warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        if kind == "sync":
            with kennel.Client(bearer_auth="t", base_url=server.url) as client:
                client.pets.delete_pet(pet_id=1)
                client.pets.with_raw_response.delete_pet(pet_id=1)
                client.pets.get_pet(pet_id=1)
        else:
            asyncio.run(_async_calls(kennel, server.url))
    messages = [str(w.message) for w in caught if issubclass(w.category, DeprecationWarning)]
    assert messages == ["the API marks DELETE /pets/{pet_id} as deprecated"] * 2
    assert len(server.requests) == 3  # the calls themselves go on


async def _async_calls(kennel: ModuleType, url: str) -> None:
    async with kennel.AsyncClient(bearer_auth="t", base_url=url) as client:
        await client.pets.delete_pet(pet_id=1)
        await client.pets.with_raw_response.delete_pet(pet_id=1)
        await client.pets.get_pet(pet_id=1)


def test_api_md_marks_deprecated_methods_and_the_readme_shows_another(generated: Path) -> None:
    api = (generated / "kennel" / "api.md").read_text(encoding="utf-8")
    assert "### `client.pets.delete_pet`: `DELETE /pets/{pet_id}` (deprecated)\n" in api
    assert "### `client.pets.search_pets`: `POST /pets/search` (deprecated)\n" in api
    assert "### `client.pets.get_pet`: `GET /pets/{pet_id}`\n" in api
    readme = (generated / "kennel" / "README.md").read_text(encoding="utf-8")
    pets = readme.split("### `client.pets`", 1)[1].split("###", 1)[0]
    assert "result = client.pets.get_pet(pet_id=1)" in pets
    assert "deprecated (`client.pets.delete_pet` and `client.pets.search_pets`; each" in readme


def test_the_readme_requires_typing_extensions_only_where_a_method_is_deprecated(
        generated: Path, tmp_path: Path) -> None:
    """The deprecated methods import `typing_extensions`: the Requirements name it, pinned as
    the others are; a package without a deprecated operation does not import it nor name it."""
    readme = (generated / "kennel" / "README.md").read_text(encoding="utf-8")
    requirements = readme.split("## Requirements", 1)[1].split("\n## ", 1)[0]
    version = metadata.version("typing_extensions")
    assert f"- `typing_extensions` (tested with {version})\n" in requirements
    plain = pipeline.build_packages([pipeline.target_for_spec(FEATURE_SPECS / "retries.yaml", "plain")])["plain"]
    assert "typing_extensions" not in plain["README.md"]
    assert not [name for name, text in plain.items() if name.endswith(".py") and "typing_extensions" in text]


# -- public operations and several ways to authenticate ------------------------------------------


def test_the_readme_example_of_a_public_operation_passes_no_credential(generated: Path) -> None:
    readme = (generated / "kennel" / "README.md").read_text(encoding="utf-8")
    status = readme.split("### `client.status`", 1)[1].split("###", 1)[0]
    pets = readme.split("### `client.pets`", 1)[1].split("###", 1)[0]
    assert "client = Client()\n" in status
    assert 'client = Client(bearer_auth="my-bearer-auth")' in pets
    with spec_server(load(generated / "kennel.yaml").data) as server:
        ran = run_readme_examples(generated / "kennel", "KENNEL_BASE_URL", server.url)
    assert ran.returncode == 0, ran.stderr[-4000:]
    sent = {request.path: request.headers for request in server.requests}
    assert "authorization" not in sent["/health"]
    assert sent["/pets/1"]["authorization"] == "Bearer my-bearer-auth"


def test_without_credentials_public_calls_work_and_others_name_every_way(
    kennel: ModuleType, clean_env: pytest.MonkeyPatch
) -> None:
    both = ("bearer_auth= (or the KENNEL_BEARER_AUTH environment variable), or "
            "api_key_header= (or the KENNEL_API_KEY_HEADER environment variable)")
    with ScriptedServer([Reply(200, body={"ok": True})]) as server, \
            kennel.Client(base_url=server.url) as client:
        assert client.status.get_health().ok is True
        with pytest.raises(kennel.MissingCredentialsError) as caught:
            client.pets.get_pet(pet_id=1)
    assert str(caught.value) == f"Missing credentials: pass {both}"
    assert [r.path for r in server.requests] == ["/health"]
    assert "authorization" not in server.requests[0].headers


def test_a_document_whose_every_operation_needs_a_credential_refuses_a_client_without(
    generated: Path, clean_env: pytest.MonkeyPatch
) -> None:
    private = import_from(generated, "kennel_private")
    for cls in (private.Client, private.AsyncClient):
        with pytest.raises(private.MissingCredentialsError) as caught:
            cls()
        assert "bearer_auth=" in str(caught.value) and "api_key_header=" in str(caught.value)
    clean_env.setenv("KENNEL_PRIVATE_API_KEY_HEADER", "key-123456")
    private.Client().close()
