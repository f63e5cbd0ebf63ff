"""Generated code whose types say what it does (#23.8, 9, 11, 12, 13).

Three feature documents (tests/feature_specs/): `forward_refs.yaml` (names models.py uses before
it defines them, as GitBook's: an enum key under `oneOf: [$ref, null]`, a recursive
`PlainObject`; an array of maps of itself), `typed_bodies.yaml` (a body that is an enum, free-form
object bodies, an optional body, `format: uri` / `uuid` arguments, the default of an enum that
takes null) and
`auth_declared_unused.yaml` (Airflow's `security: []` beside Basic, Kerberos and OpenID schemes).
Their packages pass `mypy --strict` with calls written as a user writes them, and their clients
talk to a scripted server on 127.0.0.1, sync and async.
"""

from __future__ import annotations

import asyncio
import base64
import importlib
import subprocess
import sys
import typing
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from generator import pipeline
from generator.io import write
from tests.support import FEATURE_SPECS, import_from
from tests.support.servers import Reply, ScriptedServer

DOCUMENTS = ("forward_refs", "typed_bodies", "auth_declared_unused")

# Type-checked with the packages (never run): what callers naturally write type-checks.
USAGE = """
from __future__ import annotations

import uuid
from collections.abc import Mapping

import feat_auth_declared_unused
import feat_forward_refs
import feat_typed_bodies


def usage(settings: Mapping[str, object]) -> None:
    bodies = feat_typed_bodies.Client().default
    bodies.set_color(body="red")
    bodies.set_color(body=feat_typed_bodies.models.Color.green)
    bodies.put_settings(body={"theme": "dark", "size": 3})
    bodies.put_settings(body=settings)
    bodies.merge_settings()
    bodies.create_note()
    bodies.create_note(text="t", link="https://example.com/a")
    bodies.check_link(target="https://example.com", trace="0b9c2c4e-5f0a-4d3e-9a52-2f1d0c0e8a11")
    bodies.check_link(target="https://example.com", trace=uuid.uuid4())
    pet = bodies.create_pet(body={"kind": "cat", "meows": True})
    if isinstance(pet, feat_typed_bodies.models.Cat):
        assigned: str | None = pet.id
        del assigned
    refs = feat_forward_refs.Client().default
    footer = refs.set_footer(title="t", localized_title={"fr": "titre"})
    if footer.localized_title is not None:
        french: str | None = footer.localized_title.get(feat_forward_refs.models.TranslationLanguage.fr)
        del french
    refs.set_visitor(claims={"a": "b", "c": ["d"]})
    refs.start_session(visitor={"claims": {"a": "b"}}, footer={"title": "t", "localizedTitle": {"en": "x"}})
    refs.plant_forest(body=[{"oak": []}])
    feat_auth_declared_unused.Client(basic_username="u", basic_password="p").default.list_dags()
    feat_auth_declared_unused.Client(kerberos="ticket", google_open_id="token")
"""

# What must still be refused: a value that is no enum member, a body that is no object, a
# readOnly property (inherited through allOf, in a oneOf branch) in a request.
WRONG = """
from __future__ import annotations

import feat_typed_bodies


def wrong() -> None:
    feat_typed_bodies.Client().default.set_color(body="blue")
    feat_typed_bodies.Client().default.put_settings(body=["not", "an", "object"])
    feat_typed_bodies.Client().default.create_pet(body={"kind": "dog", "id": "assigned by the server"})
"""


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("typed_truth")
    targets = [pipeline.target_for_spec(FEATURE_SPECS / f"{name}.yaml", f"feat_{name}")
               for name in DOCUMENTS]
    for name, files in pipeline.build_packages(targets).items():
        write.write(files, out / name)
    return out


def _mypy(folder: Path, *targets: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir=/dev/null",
         *targets],
        cwd=folder, capture_output=True, text=True, timeout=600, check=False,
    )


def test_the_packages_and_natural_calls_pass_mypy_strict(generated: Path) -> None:
    (generated / "usage.py").write_text(USAGE, encoding="utf-8")
    result = _mypy(generated, *(f"feat_{name}" for name in DOCUMENTS), "usage.py")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_still_refuses_what_the_document_does_not_allow(generated: Path) -> None:
    (generated / "wrong.py").write_text(WRONG, encoding="utf-8")
    result = _mypy(generated, "--follow-imports=silent", "wrong.py")
    errors = [line for line in result.stdout.splitlines() if ": error:" in line]
    assert [line.split(":")[1] for line in errors] == ["8", "9", "10"], result.stdout


def test_signatures_resolve_at_run_time(generated: Path) -> None:
    """`typing.get_type_hints` resolves every name a signature and a dict form use (quoted
    forward references left in them raised NameError)."""
    import_from(generated, "feat_forward_refs")
    resource = importlib.import_module("feat_forward_refs.resources.default")
    params = importlib.import_module("feat_forward_refs.params")
    scope = {"_params": params, **vars(resource)}  # the names it imports only for type checkers
    hints = typing.get_type_hints(resource.Default.set_footer, scope)
    assert "TranslationLanguage" in str(hints["localized_title"])
    for name in ("VisitorParam", "FooterParam"):  # the dict forms (GitBook's NameErrors)
        form = getattr(params, name)
        assert typing.get_type_hints(form, vars(sys.modules[form.__module__]))
    claims = typing.get_type_hints(params.VisitorParam, vars(sys.modules[params.VisitorParam.__module__]))
    assert "PlainObject" in str(claims["claims"])


# -- behaviour on the wire -------------------------------------------------------------------


@pytest.fixture
def served(generated: Path, serve: Callable[..., ScriptedServer], clean_env: pytest.MonkeyPatch
           ) -> Iterator[Callable[..., tuple[ModuleType, ScriptedServer]]]:
    def start(name: str, reply: Reply) -> tuple[ModuleType, ScriptedServer]:
        return import_from(generated, f"feat_{name}"), serve([reply], repeat_last=True)

    yield start


def _both(package: ModuleType, server: ScriptedServer, call: Callable[[Any], Any],
          **client_args: Any) -> list[Any]:
    """`call(resource)` on the sync client, then awaited on the async one: both results."""
    with package.Client(base_url=server.url, max_retries=0, **client_args) as client:
        first = call(client.default)

    async def run() -> Any:
        async with package.AsyncClient(base_url=server.url, max_retries=0, **client_args) as client:
            return await call(client.default)

    return [first, asyncio.run(run())]


def test_a_body_that_is_an_enum_is_sent_as_its_value(served: Any) -> None:
    package, server = served("typed_bodies", Reply(204))
    _both(package, server, lambda api: api.set_color(body="red"))
    _both(package, server, lambda api: api.set_color(body=package.models.Color.green))
    assert [r.json() for r in server.requests] == ["red", "red", "green", "green"]
    with package.Client(base_url=server.url) as client, pytest.raises(package.RequestValidationError):
        client.default.set_color(body="blue")
    assert len(server.requests) == 4  # refused before sending


def test_a_free_form_object_body_is_sent_as_given(served: Any) -> None:
    package, server = served("typed_bodies", Reply(204))
    settings = {"theme": "dark", "nested": {"a": [1, 2]}}
    _both(package, server, lambda api: api.put_settings(body=settings))
    assert [r.json() for r in server.requests] == [settings, settings]
    assert all(r.headers["content-type"] == "application/json" for r in server.requests)


def test_an_optional_body_left_out_is_not_sent(served: Any) -> None:
    package, server = served("typed_bodies", Reply(204))
    _both(package, server, lambda api: api.create_note())
    _both(package, server, lambda api: api.merge_settings())
    assert [r.body for r in server.requests] == [b""] * 4
    assert all("content-type" not in r.headers for r in server.requests)
    _both(package, server, lambda api: api.create_note(text="t"))
    _both(package, server, lambda api: api.create_note(extra_body={"draft": True}))
    _both(package, server, lambda api: api.merge_settings(body={}))
    assert [r.json() for r in server.requests[4:]] == [{"text": "t"}] * 2 + [{"draft": True}] * 2 + [{}] * 2


def test_read_only_properties_of_union_branches_are_not_sent(served: Any) -> None:
    """`Pet: oneOf [Cat (allOf [Stored {id: readOnly}, ...]), Dog {id: readOnly}]`: a request
    takes `CatRequest | DogRequest` (no `id`), the answer is the whole `Pet`."""
    package, server = served("typed_bodies", Reply(200, body={"kind": "cat", "id": "c1", "meows": True}))
    pets = _both(package, server, lambda api: api.create_pet(body={"kind": "cat", "meows": True}))
    assert [type(p).__name__ for p in pets] == ["Cat", "Cat"]
    assert [p.id for p in pets] == ["c1", "c1"]
    dog = package.models.DogRequest(kind="dog")
    _both(package, server, lambda api: api.create_pet(body=dog))
    assert [r.json() for r in server.requests] == [{"kind": "cat", "meows": True}] * 2 + [{"kind": "dog"}] * 2
    assert "id" not in package.models.CatRequest.model_fields
    assert "id" not in package.models.DogRequest.model_fields


def test_the_default_of_an_enum_that_takes_null_is_its_member(generated: Path) -> None:
    """`channel: {allOf: [Channel], default: stable}`, Channel's values `[stable, beta, null]`:
    a root model around the enum, its default built from the member (`Channel(ChannelChannelEnum.stable)`
    type-checks, `Channel("stable")` did not)."""
    package = import_from(generated, "feat_typed_bodies")
    enum = importlib.import_module(package.models.Channel.__module__).ChannelChannelEnum
    assert package.models.Note().channel == package.models.Channel(enum.stable)
    assert package.models.Note(channel=None).channel.root is None


def test_uri_and_uuid_arguments_take_strings(served: Any) -> None:
    """A `format: uri` value is a `str`, sent exactly as given: a relative reference too (what
    servers answer in such fields: Twilio's `uri`), and no `/` added to a bare origin (pydantic's
    `AnyUrl` sent `https://example.com` as `https://example.com/`)."""
    package, server = served("typed_bodies", Reply(204))
    trace = "0b9c2c4e-5f0a-4d3e-9a52-2f1d0c0e8a11"
    _both(package, server, lambda api: api.check_link(target="https://example.com/x?y=1", trace=trace))
    _both(package, server, lambda api: api.create_note(link="https://example.com"))
    _both(package, server, lambda api: api.check_link(target="/2010-04-01/Accounts/AC1.json"))
    assert [r.query for r in server.requests[:2]] == [[("target", "https://example.com/x?y=1")]] * 2
    assert [r.headers["trace"] for r in server.requests[:2]] == [trace, trace]
    assert [r.json() for r in server.requests[2:4]] == [{"link": "https://example.com"}] * 2
    assert [r.query for r in server.requests[4:]] == [[("target", "/2010-04-01/Accounts/AC1.json")]] * 2
    assert package.models.Note.model_validate({"link": "/a/b"}).link == "/a/b"


def test_forward_referenced_models_round_trip(served: Any) -> None:
    package, server = served("forward_refs", Reply(200, body={"title": "t", "localizedTitle": {"fr": "x"}}))
    footers = _both(package, server, lambda api: api.set_footer(title="t", localized_title={"fr": "x"}))
    language = package.models.TranslationLanguage
    assert [f.localized_title for f in footers] == [{language.fr: "x"}] * 2
    assert [r.json() for r in server.requests] == [{"title": "t", "localizedTitle": {"fr": "x"}}] * 2
    _both(package, server, lambda api: api.set_visitor(claims={"a": {"b": ["c"]}}))
    assert [r.json() for r in server.requests[2:]] == [{"claims": {"a": {"b": ["c"]}}}] * 2
    _both(package, server, lambda api: api.start_session(visitor={"claims": {"k": "v"}},
                                                         footer={"title": "t", "localizedTitle": {"en": "e"}}))
    assert [r.json() for r in server.requests[4:]] == [
        {"visitor": {"claims": {"k": "v"}}, "footer": {"title": "t", "localizedTitle": {"en": "e"}}}] * 2


def test_an_array_of_maps_of_itself_is_a_typed_list(served: Any) -> None:
    forest = [{"oak": [{"acorn": []}]}]
    package, server = served("forward_refs", Reply(200, body=forest))
    assert _both(package, server, lambda api: api.plant_forest(body=forest)) == [forest, forest]
    assert [r.json() for r in server.requests] == [forest, forest]


# -- security schemes declared and required nowhere ----------------------------------------------


def test_each_declared_scheme_is_offered_and_none_required(served: Any) -> None:
    package, server = served("auth_declared_unused", Reply(200, body={"total_entries": 1}))
    _both(package, server, lambda api: api.list_dags())  # no credential: nothing sent
    _both(package, server, lambda api: api.list_dags(), basic_username="u", basic_password="p")
    _both(package, server, lambda api: api.list_dags(), kerberos="ticket")
    _both(package, server, lambda api: api.list_dags(), google_open_id="id-token")
    basic = "Basic " + base64.b64encode(b"u:p").decode()
    assert [r.headers.get("authorization") for r in server.requests] == [
        None, None, basic, basic, "negotiate ticket", "negotiate ticket",
        "Bearer id-token", "Bearer id-token",
    ]
    signature = package.Client.__init__.__code__.co_varnames
    assert "api_key" not in signature


def test_offered_schemes_read_their_environment_variables(
        served: Any, clean_env: pytest.MonkeyPatch) -> None:
    package, server = served("auth_declared_unused", Reply(200, body={"total_entries": 1}))
    clean_env.setenv("FEAT_AUTH_DECLARED_UNUSED_KERBEROS", "from-env")
    _both(package, server, lambda api: api.list_dags())
    assert [r.headers.get("authorization") for r in server.requests] == ["negotiate from-env"] * 2
