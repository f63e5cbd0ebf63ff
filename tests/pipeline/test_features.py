"""General OpenAPI coverage: one small document per feature under `tests/feature_specs/`.

Every document is generated (one in-process `build_packages` call for all of them, once per
session: the `feature_packages` fixture, which the golden record test shares), the
packages pass `ruff` and `mypy --strict` (one run each), and each feature's client sends the
request the spec describes to a scripted server on 127.0.0.1 and parses the answer into the
documented type.
"""

from __future__ import annotations

import asyncio
import base64
import datetime
import email.parser
import email.policy
import inspect
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import parse_qsl

import pytest

from tests.support import IMPERFECT_DOCS, ROOT, import_from
from tests.support.features import feature_specs
from tests.support.servers import Recorded, Reply, ScriptedServer

VENV_BIN = Path(sys.executable).parent
JSON = {"Content-Type": "application/json"}
SPECS = feature_specs()


# Type-checked with the packages (never run): the signatures take what callers naturally write.
TYPED_USAGE = """
from __future__ import annotations

from pathlib import Path

import feat_array_query
import feat_enums
import feat_maps
import feat_multi_file
import feat_multipart
import feat_one_of
import feat_pagination
import feat_petstore_tags
import feat_recursive
import feat_several_success


def usage() -> None:
    painted: feat_enums.models.PaintResponse = feat_enums.Client().default.paint(
        color="red", level=2, finish=feat_enums.models.PaintParamsFinish.gloss
    )
    pets: list[feat_petstore_tags.models.Pet] = feat_petstore_tags.Client().pets.list_pets(tags=["a"])
    with open(__file__, "rb") as handle:
        feat_multipart.Client().default.upload_file(file=("f.txt", handle, "text/plain"), purpose="assistants")
    feat_multipart.Client().default.upload_file(file=Path(__file__), purpose="assistants")
    feat_multipart.Client().default.add_to_archive(body={"a": Path(__file__), "b": ("b.txt", b"B")})
    pet = feat_one_of.Client().default.create_pet(body=feat_one_of.models.Cat(pet_type="cat", meows=True))
    if isinstance(pet, feat_one_of.models.Dog):
        barks: int = pet.barks
    feat_one_of.Client().default.create_herd(pets=[feat_one_of.models.Dog(pet_type="dog", barks=1)])
    job = feat_several_success.Client().default.run_job()
    if job is not None and not isinstance(job, feat_several_success.models.Job):
        output: str = job.output
    del painted, pets, barks, output


def plain_dicts() -> None:
    # request objects as dicts (their `params.*Param` TypedDicts), nested, in lists and maps
    feat_one_of.Client().default.create_pet(body={"pet_type": "cat", "meows": True})
    feat_one_of.Client().default.create_herd(
        pets=[{"pet_type": "dog", "barks": 1}, feat_one_of.models.Cat(pet_type="cat", meows=False)]
    )
    feat_recursive.Client().default.create_tree(
        name="root", children=[{"name": "a", "children": [{"name": "b"}]}], parent={"name": "up"}
    )
    feat_multi_file.Client().default.create_order(lines=[{"sku": "a", "quantity": 1}])
    feat_maps.Client().default.set_labels(labels={"env": "prod"}, limits={"cpu": {"max": 4}})
    feat_array_query.Client().default.list_items(filter={"state": "open", "min": 2})
    lines: list[feat_multi_file.params.LineParam] = [{"sku": "b", "quantity": 2}]
    feat_multi_file.Client().default.create_order(lines=lines)  # a list of dicts as it is
    limits: dict[str, feat_maps.models.Limit] = {"gpu": feat_maps.models.Limit(max=1)}
    feat_maps.Client().default.set_labels(labels={}, limits=limits)


def paginated() -> list[str]:
    ids = [model.id for model in feat_pagination.Client().engines.list(limit=2)]
    first = feat_pagination.Client().items.list()
    answer: feat_pagination.models.ItemPage = first.page
    totals: list[int | None] = [page.total for page in first.pages()]
    del answer, totals
    return ids


async def async_paginated() -> list[int]:
    client = feat_pagination.AsyncClient()
    ids: list[str] = [model.id async for model in client.engines.list(limit=2)]  # no await
    paginator: feat_pagination.AsyncPaginator[feat_pagination.models.Pet, feat_pagination.models.PetPage]
    paginator = client.pets.list(per_page=10)
    first: feat_pagination.AsyncPage[feat_pagination.models.Pet, feat_pagination.models.PetPage]
    first = await paginator
    answer: feat_pagination.models.PetPage = first.page
    following = await first.next_page()
    raw = await client.pets.with_raw_response.list()
    status: int = raw.status_code
    # an async raw response is parsed by awaiting it, as openai-python's
    parsed: feat_pagination.AsyncPage[feat_pagination.models.Pet, feat_pagination.models.PetPage]
    parsed = await raw.parse()
    del ids, answer, following, status, parsed
    return [pet.id async for pet in first]
"""

# Dicts a request object's TypedDict must refuse: a misspelt key, a missing required key, a
# value of the wrong type.
WRONG_DICTS = """
from __future__ import annotations

import feat_multi_file
import feat_one_of


def wrong() -> None:
    feat_multi_file.Client().default.create_order(lines=[{"sku": "a", "quantity": 1, "colour": "red"}])
    feat_multi_file.Client().default.create_order(lines=[{"sku": "a"}])
    feat_one_of.Client().default.create_pet(body={"pet_type": "cat", "meows": "yes"})
"""


@pytest.fixture(scope="module")
def mypy_result(feature_packages: Path) -> subprocess.CompletedProcess[str]:
    (feature_packages / "typed_usage.py").write_text(TYPED_USAGE, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", *sorted(SPECS), "typed_usage.py"],
        cwd=feature_packages, capture_output=True, text=True, timeout=600, check=False,
    )


def test_every_feature_document_generates(feature_packages: Path) -> None:
    assert sorted(p.name for p in feature_packages.iterdir() if p.is_dir()) == sorted(SPECS)
    assert len(SPECS) >= 20


def test_generated_features_pass_mypy_strict(mypy_result: subprocess.CompletedProcess[str]) -> None:
    assert mypy_result.returncode == 0, mypy_result.stdout + mypy_result.stderr


PYRIGHT = ROOT / "tools" / "node_modules" / ".bin" / "pyright"  # `make tools`, pinned in tools/


RUNTIME = frozenset(path.name for path in (ROOT / "templates" / "runtime").glob("*.py"))


def _pyright_targets(feature_packages: Path) -> list[str]:
    """The first package whole, and of the others what is their own: every package carries
    the same runtime modules, checked once (~1/3 of the time of checking all)."""
    first, *others = sorted(SPECS)
    own = [
        f"{package}/{entry.name}"
        for package in others
        for entry in sorted((feature_packages / package).iterdir())
        if (entry.is_dir() or entry.suffix == ".py") and entry.name not in RUNTIME
    ]
    return [first, *own]


def test_generated_features_pass_pyright(feature_packages: Path) -> None:
    """VS Code's Pylance is pyright: its standard mode (the CLI's default) reads an engine's
    attribute narrowed by a subclass, or a copy's retry waits, as errors mypy lets pass."""
    result = subprocess.run(
        [str(PYRIGHT), "--pythonpath", sys.executable, *_pyright_targets(feature_packages)],
        cwd=feature_packages, capture_output=True, text=True, timeout=600, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 errors" in result.stdout


def test_mypy_refuses_dicts_that_do_not_match_the_model(feature_packages: Path) -> None:
    (feature_packages / "wrong_dicts.py").write_text(WRONG_DICTS, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--follow-imports=silent",
         "wrong_dicts.py"],
        cwd=feature_packages, capture_output=True, text=True, timeout=600, check=False,
    )
    (feature_packages / "wrong_dicts.py").unlink()
    errors = [line for line in result.stdout.splitlines() if ": error:" in line]
    assert [line.split(":")[1] for line in errors] == ["9", "10", "11"], result.stdout
    assert "LineParam" in errors[0] and "LineParam" in errors[1] and "CatParam" in errors[2]


def test_generated_features_pass_ruff(feature_packages: Path) -> None:
    ruff = subprocess.run(
        [str(VENV_BIN / "ruff"), "check", "--isolated", "--line-length=100", "."],
        cwd=feature_packages, capture_output=True, text=True, timeout=120, check=False,
    )
    assert ruff.returncode == 0, ruff.stdout + ruff.stderr


# -- helpers -------------------------------------------------------------------------------


class Served:
    """A feature package's client talking to a scripted server."""

    def __init__(self, package: ModuleType, server: ScriptedServer, client: Any) -> None:
        self.package = package
        self.models = package.models
        self.server = server
        self.client = client

    @property
    def requests(self) -> list[Recorded]:
        return self.server.requests

    @property
    def last(self) -> Recorded:
        return self.server.requests[-1]


@pytest.fixture
def connect(feature_packages: Path, serve: Callable[..., ScriptedServer]
            ) -> Iterator[Callable[..., Served]]:
    """`connect("feat_x", [Reply(...)], base_path="/api")` -> a `Served`: the package's client on
    a scripted server (both closed after the test)."""
    clients: list[Any] = []

    def start(package_name: str, replies: list[Reply], *, base_path: str = "") -> Served:
        package = import_from(feature_packages, package_name)
        server = serve(replies)
        client = package.Client(api_key="sk-test", base_url=server.url + base_path, max_retries=0)
        clients.append(client)
        return Served(package, server, client)

    yield start
    for client in clients:
        client.close()


def _multipart(request: Recorded) -> list[tuple[str, str | None, str | None, bytes]]:
    """(name, filename, content type, payload) of each part of a multipart request body."""
    head = f"Content-Type: {request.headers['content-type']}\r\n\r\n".encode()
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(head + request.body)
    parts = []
    for part in message.iter_parts():
        payload = part.get_payload(decode=True)
        parts.append((part.get_param("name", header="content-disposition"), part.get_filename(),
                      part.get("content-type"), payload))
    return parts


# -- OpenAPI 3.1: type arrays, null, const -------------------------------------------------


def test_31_null_allowed_only_where_the_type_array_says(connect: Callable[..., Served]) -> None:
    s = connect("feat_openapi31_nullable", [Reply(200, body={"name": "n", "note": None})])
    result = s.client.default.create_item(name="n", note=None, kind="item")
    assert s.last.method == "POST" and s.last.path == "/items"
    assert s.last.json() == {"name": "n", "note": None, "kind": "item"}  # count (default null) unset
    assert isinstance(result, s.models.CreateItemResponse) and result.note is None
    with pytest.raises(s.package.RequestValidationError, match="name: the spec does not allow null"):
        s.client.default.create_item(name=None, note="x")
    with pytest.raises(s.package.RequestValidationError, match="kind"):
        s.client.default.create_item(name="n", note="x", kind="other")  # const
    assert len(s.requests) == 1


def test_31_nullable_with_default_is_sent_when_given(connect: Callable[..., Served]) -> None:
    s = connect("feat_openapi31_nullable", [Reply(200, body={"name": "n"})])
    s.client.default.create_item(name="n", note="x", count=None)
    assert s.last.json() == {"name": "n", "note": "x", "count": None}


# -- allOf, oneOf / anyOf ------------------------------------------------------------------


def test_all_of_merges_properties_into_arguments(connect: Callable[..., Served]) -> None:
    s = connect("feat_all_of", [Reply(200, body={"id": "d1", "bark": "loud"})])
    when = datetime.datetime(2024, 5, 1, 12, 0, tzinfo=datetime.UTC)
    result = s.client.default.create_dog(id="d1", bark=s.models.Bark.quiet, created_at=when)
    assert s.last.json() == {"id": "d1", "bark": "quiet", "created-at": "2024-05-01T12:00:00Z"}
    assert isinstance(result, s.models.Dog) and result.bark is s.models.Bark.loud
    assert result.id == "d1"


def test_one_of_with_discriminator_picks_the_class(connect: Callable[..., Served]) -> None:
    s = connect("feat_one_of", [Reply(200, body={"pet_type": "dog", "barks": 3})])
    result = s.client.default.create_pet(body=s.models.Cat(pet_type="cat", meows=True))
    assert s.last.method == "POST" and s.last.path == "/pets"
    assert s.last.json() == {"pet_type": "cat", "meows": True}
    assert type(result) is s.models.Dog and result.barks == 3


def test_one_of_body_accepts_plain_data_and_rejects_unknown_tags(connect: Callable[..., Served]) -> None:
    s = connect("feat_one_of", [Reply(200, body={"pet_type": "cat", "meows": False})])
    result = s.client.default.create_pet(body={"pet_type": "dog", "barks": 1})
    assert s.last.json() == {"pet_type": "dog", "barks": 1}
    assert type(result) is s.models.Cat
    with pytest.raises(s.package.RequestValidationError, match="body"):
        s.client.default.create_pet(body={"pet_type": "cow"})
    assert len(s.requests) == 1


def test_array_of_discriminated_items_in_a_body_property(connect: Callable[..., Served]) -> None:
    """`list[Annotated[Cat | Dog, Field(discriminator=...)]]` in the model; the argument is typed
    `list[Cat | Dog]` (mypy above), and the model still checks each item's tag."""
    s = connect("feat_one_of", [Reply(204)])
    s.client.default.create_herd(pets=[s.models.Cat(pet_type="cat", meows=True), {"pet_type": "dog", "barks": 2}])
    assert s.last.json() == {"pets": [{"pet_type": "cat", "meows": True}, {"pet_type": "dog", "barks": 2}]}
    with pytest.raises(s.package.RequestValidationError, match="pets"):
        s.client.default.create_herd(pets=[{"pet_type": "cow"}])


def test_any_of_without_discriminator(connect: Callable[..., Served]) -> None:
    s = connect("feat_one_of", [Reply(200, body={"number": 2}), Reply(200, body={"text": "t"})])
    first = s.client.default.put_value(value=["a", "b"])
    assert s.last.method == "PUT" and s.last.json() == {"value": ["a", "b"]}
    assert type(first) is s.models.PutValueResponseOption2 and first.number == 2
    second = s.client.default.put_value(value=7)
    assert s.last.json() == {"value": 7}
    assert type(second) is s.models.PutValueResponseOption1
    with pytest.raises(s.package.RequestValidationError, match="value"):
        s.client.default.put_value(value={"no": "dict"})


# -- recursive schemas, maps, nested arrays ------------------------------------------------


def test_recursive_schema_round_trip(connect: Callable[..., Served]) -> None:
    answer = {"name": "root", "children": [{"name": "a", "children": [{"name": "b"}]}]}
    s = connect("feat_recursive", [Reply(200, body=answer)])
    node = s.models.TreeNode
    result = s.client.default.create_tree(name="root", children=[node(name="a", children=[node(name="b")])])
    assert s.last.json() == answer
    assert isinstance(result, node)
    assert isinstance(result.children[0].children[0], node)
    assert result.children[0].children[0].name == "b"


def test_request_objects_as_plain_dicts(connect: Callable[..., Served]) -> None:
    s = connect("feat_recursive", [Reply(200, body={"name": "root"})])
    s.client.default.create_tree(
        name="root", children=[{"name": "a", "children": [{"name": "b"}]}], parent={"name": "up"}
    )
    assert s.last.json() == {
        "name": "root", "children": [{"name": "a", "children": [{"name": "b"}]}], "parent": {"name": "up"}
    }
    with pytest.raises(s.package.RequestValidationError, match="children.0.name"):
        s.client.default.create_tree(name="root", children=[{"nom": "a"}])
    assert len(s.requests) == 1


def test_additional_properties_maps(connect: Callable[..., Served]) -> None:
    s = connect("feat_maps", [Reply(200, body={"env": 3, "team": 1})])
    result = s.client.default.set_labels(labels={"env": "prod"}, limits={"cpu": s.models.Limit(max=4)})
    assert s.last.method == "PUT"
    assert s.last.json() == {"labels": {"env": "prod"}, "limits": {"cpu": {"max": 4}}}
    assert result == {"env": 3, "team": 1} and type(result) is dict
    with pytest.raises(s.package.RequestValidationError, match="labels"):
        s.client.default.set_labels(labels={"env": 1})


def test_nested_arrays(connect: Callable[..., Served]) -> None:
    s = connect("feat_nested_arrays", [Reply(200, body=[[[1, 2]], [[3]]])])
    result = s.client.default.multiply(rows=[[1.5, 2], [3, 4]])
    assert s.last.json() == {"rows": [[1.5, 2.0], [3.0, 4.0]]}
    assert result == [[[1, 2]], [[3]]] and type(result) is list
    with pytest.raises(s.package.RequestValidationError, match="rows"):
        s.client.default.multiply(rows=[1, 2])


# -- enums, readOnly / writeOnly, defaults -------------------------------------------------


def test_string_and_integer_enums(connect: Callable[..., Served]) -> None:
    s = connect("feat_enums", [Reply(200, body={"color": "blue", "level": 3})])
    m = s.models
    result = s.client.default.paint(color=m.Color.red, level=m.Level.integer_2, finish=m.PaintParamsFinish.gloss)
    assert s.last.query == [("finish", "gloss")]
    assert s.last.json() == {"color": "red", "level": 2}
    assert result.color is m.Color.blue and result.level is m.Level.integer_3


def test_enum_arguments_take_plain_values(connect: Callable[..., Served]) -> None:
    s = connect("feat_enums", [Reply(200, body={})])
    s.client.default.paint(color="green", level=3, finish="matte")
    assert s.last.query == [("finish", "matte")]
    assert s.last.json() == {"color": "green", "level": 3}


def test_enums_are_validated_before_sending(connect: Callable[..., Served]) -> None:
    s = connect("feat_enums", [Reply(200, body={})])
    with pytest.raises(s.package.RequestValidationError, match="color"):
        s.client.default.paint(color="purple")
    with pytest.raises(s.package.RequestValidationError, match="level"):
        s.client.default.paint(color="red", level=7)
    with pytest.raises(s.package.RequestValidationError, match="finish"):
        s.client.default.paint(color="red", finish="satin")
    assert s.requests == []


def test_read_only_is_not_an_argument_and_write_only_not_required_back(connect: Callable[..., Served]) -> None:
    s = connect("feat_read_write_only", [Reply(201, body={"id": "a1", "email": "e@x"})] * 2)
    create = s.client.default.create_account
    assert "id" not in inspect.signature(create).parameters
    assert {"email", "password"} <= set(inspect.signature(create).parameters)
    result = create(email="e@x", password="secret")
    assert s.last.json() == {"email": "e@x", "password": "secret"}
    assert type(result) is s.models.AccountResponse
    assert result.id == "a1" and "password" not in type(result).model_fields
    assert s.models.AccountResponse.model_validate({"id": "a1", "email": "e@x"})  # strictly valid
    # nested too: the profile's server-owned `verified_at` is never asked for, its `pin` never read
    create(email="e@x", password="secret", profile={"handle": "h", "pin": "1234"})
    assert s.last.json()["profile"] == {"handle": "h", "pin": "1234"}
    assert set(s.models.ProfileRequest.model_fields) == {"handle", "pin"}
    assert set(s.models.ProfileResponse.model_fields) == {"handle", "verified_at"}
    assert s.models.Profile.model_fields["verified_at"].is_required()  # the schema's own class


def test_defaults_are_not_sent_when_unset(connect: Callable[..., Served]) -> None:
    s = connect("feat_defaults", [Reply(200, body={}), Reply(200, body={"total": 3})])
    result = s.client.default.search(q="x")
    assert s.last.query == [] and "x-trace" not in s.last.headers
    assert s.last.json() == {"q": "x"}
    assert result.total == 0 and result.sort == "asc"  # response defaults fill in
    s.client.default.search(q="x", limit=20, x_trace="on", fuzzy=False, sort=s.models.SearchBodySort.desc)
    assert s.last.query == [("limit", "20")] and s.last.headers["x-trace"] == "on"
    assert s.last.json() == {"q": "x", "fuzzy": False, "sort": "desc"}


# -- request bodies: form, multipart, raw ---------------------------------------------------


def test_form_urlencoded_body(connect: Callable[..., Served]) -> None:
    s = connect("feat_form_body", [Reply(200, body={"access_token": "t", "expires_in": 60})])
    result = s.client.default.get_token(
        grant_type=s.models.GetTokenBodyGrantType.client_credentials, client_id="c 1",
        scope=["read", "write"], remember=True,
    )
    assert s.last.method == "POST" and s.last.path == "/oauth/token"
    assert s.last.headers["content-type"] == "application/x-www-form-urlencoded"
    assert parse_qsl(s.last.body.decode()) == [
        ("grant_type", "client_credentials"), ("client_id", "c 1"),
        ("scope", "read"), ("scope", "write"), ("remember", "true"),
    ]
    assert result.access_token == "t"
    with pytest.raises(s.package.RequestValidationError, match="grant_type"):
        s.client.default.get_token(grant_type="implicit", client_id="c")


def test_form_fields_in_their_encoding_styles(connect: Callable[..., Served]) -> None:
    """A form body's `encoding` says how objects and arrays are sent (Stripe's documents:
    `metadata` and `expand` are deepObject, which Stripe reads as `metadata[key]`, arrays by
    index); a property without a style keeps the default (an object as JSON text)."""
    s = connect("feat_form_body", [Reply(200, body={"id": "cus_1"})])
    s.client.default.create_customer(
        email="a@b.c", metadata={"order": "6735", "note": "a b"}, expand=["sources", "tax"],
        address={"city": "Paris", "lines": ["1 rue", "2e"]}, tags=["x", "y"],
        filter={"status": "open", "kind": "a"}, options={"limit": 3}, plain={"k": "v"},
    )
    assert s.last.headers["content-type"] == "application/x-www-form-urlencoded"
    assert parse_qsl(s.last.body.decode()) == [
        ("email", "a@b.c"), ("metadata[order]", "6735"), ("metadata[note]", "a b"),
        ("expand[0]", "sources"), ("expand[1]", "tax"),
        ("address[city]", "Paris"), ("address[lines][0]", "1 rue"), ("address[lines][1]", "2e"),
        ("tags", "x|y"), ("filter", "status,open,kind,a"), ("limit", "3"),
        ("plain", '{"k":"v"}'),
    ]


def test_multipart_file_upload(connect: Callable[..., Served]) -> None:
    s = connect("feat_multipart", [Reply(200, body={"id": "file-1", "bytes": 5})])
    result = s.client.default.upload_file(
        file=("notes.txt", b"hello", "text/plain"), purpose=s.models.UploadFileBodyPurpose.fine_tune,
        tags=["a", "b"], size_hint=5,
    )
    assert s.last.method == "POST" and s.last.path == "/files"
    # the document's required Content-Type parameter is no argument: the boundary is kept
    assert s.last.headers["content-type"].startswith("multipart/form-data; boundary=")
    parts = _multipart(s.last)
    assert ("file", "notes.txt", "text/plain", b"hello") in parts
    fields = [(name, payload) for name, filename, _, payload in parts if filename is None]
    assert fields == [("purpose", b"fine-tune"), ("tags", b"a"), ("tags", b"b"), ("size_hint", b"5")]
    assert result.id == "file-1" and result.bytes == 5


def test_a_multipart_body_of_one_file_is_sent_as_the_part_file(
        connect: Callable[..., Served], feature_packages: Path) -> None:
    # its schema is `format: binary` alone, which names no part (Jira's attachments): every call
    # raised AttributeError (the body was handed to the multipart helper as a mapping)
    s = connect("feat_constrained_arguments", [Reply(204)])
    assert s.client.attachments.add_attachment(file=("a.txt", b"data", "text/plain")) is None
    assert [(p[0], p[1], p[3]) for p in _multipart(s.last)] == [("file", "a.txt", b"data")]
    coverage = (feature_packages / "feat_constrained_arguments" / "COVERAGE.md").read_text("utf-8")
    assert "sends it as the part `file` (argument `file`)" in coverage


def test_a_multipart_body_of_one_string_is_sent_as_the_file_part_file(
        connect: Callable[..., Served], feature_packages: Path) -> None:
    # `schema: {type: string}` names no part either: the method took a mapping its model (a
    # string) refused, and a string its multipart helper refused: no call could be made
    s = connect("feat_multipart", [Reply(204)])
    assert s.client.default.translate_file(file=("doc.txt", b"Hallo", "text/plain")) is None
    assert [(p[0], p[1], p[3]) for p in _multipart(s.last)] == [("file", "doc.txt", b"Hallo")]
    coverage = (feature_packages / "feat_multipart" / "COVERAGE.md").read_text("utf-8")
    assert ("the multipart body's schema is a string, which names no part`: sends it as the "
            "file part `file` (argument `file`: bytes, a file or a path)") in coverage


def test_a_multipart_object_part_is_json_with_its_media_type(
        connect: Callable[..., Served]) -> None:
    # sent as a bare text field, a Spring `@RequestPart` of a class refused it (zeno.fm's
    # `podcast` part): OpenAPI's default media type for an object part is application/json
    s = connect("feat_multipart", [Reply(200, body={"id": "f", "bytes": 1})])
    s.client.default.upload_file(
        file=b"F", purpose="assistants", metadata={"label": "Tïtle", "owners": ["a"]}
    )
    parts = {p[0]: p for p in _multipart(s.last)}
    assert parts["metadata"] == (
        "metadata", None, "application/json", '{"label":"Tïtle","owners":["a"]}'.encode()
    )
    assert parts["purpose"] == ("purpose", None, None, b"assistants")


def test_a_multipart_body_without_its_optional_file_stays_multipart(
        connect: Callable[..., Served]) -> None:
    # with no file part the HTTP library sent the fields as application/x-www-form-urlencoded
    # (facecheck.id's `upload_pic` with `id_search` alone)
    s = connect("feat_multipart", [Reply(204), Reply(204)])
    assert s.client.default.post_note(title="a & b") is None
    assert s.last.headers["content-type"].startswith("multipart/form-data; boundary=")
    assert _multipart(s.last) == [("title", None, None, b"a & b")]
    s.client.default.post_note(title="t", attachment=("n.txt", b"N", "text/plain"))
    assert _multipart(s.last) == [("title", None, None, b"t"), ("attachment", "n.txt", "text/plain", b"N")]


def test_a_multipart_map_of_files_sends_each_as_a_file_part(connect: Callable[..., Served]) -> None:
    # a body of parts the caller names (`additionalProperties: {format: binary}`, rclone's
    # `schema: {}`): its bytes went as text parts of no filename (a JPEG's raised
    # UnicodeDecodeError), a file or a tuple was refused, and the optional body left out raised
    # AttributeError (tests/runtime/test_free_form_multipart.py has the rest)
    s = connect("feat_multipart", [Reply(204), Reply(204)])
    s.client.default.add_to_archive(body={"jpeg": b"\xff\xd8", "txt": ("t.txt", b"T", "text/plain")})
    assert _multipart(s.last) == [("jpeg", "upload", "application/octet-stream", b"\xff\xd8"),
                                  ("txt", "t.txt", "text/plain", b"T")]
    assert s.client.default.add_to_archive() is None
    assert s.last.body == b"" and "content-type" not in s.last.headers


def test_multipart_array_of_files_sends_one_part_per_file(connect: Callable[..., Served]) -> None:
    s = connect("feat_multipart", [Reply(200, body={"id": "f", "bytes": 3})])
    s.client.default.upload_file(
        file=b"F", purpose="assistants", attachments=[("a.txt", b"A", "text/plain"), b"B"]
    )
    parts = _multipart(s.last)
    # in the document's order (tests/runtime/test_multipart_order.py)
    assert [(p[0], p[1], p[3]) for p in parts if p[0] != "purpose"] == [
        ("file", "upload", b"F"),
        ("attachments", "a.txt", b"A"),
        ("attachments", "upload", b"B"),
    ]


def test_multipart_files_as_paths(connect: Callable[..., Served], tmp_path: Path) -> None:
    s = connect("feat_multipart", [Reply(200, body={"id": "f", "bytes": 3})])
    data = tmp_path / "train.jsonl"
    data.write_bytes(b'{"a": 1}')
    s.client.default.upload_file(
        file=data, purpose="assistants", attachments=[("renamed.txt", data, "text/plain")]
    )
    parts = _multipart(s.last)
    assert [(p[0], p[1], p[2], p[3]) for p in parts if p[0] != "purpose"] == [
        ("file", "train.jsonl", "application/octet-stream", b'{"a": 1}'),
        ("attachments", "renamed.txt", "text/plain", b'{"a": 1}'),
    ]


def test_multipart_accepts_bare_bytes_and_validates_fields(connect: Callable[..., Served]) -> None:
    s = connect("feat_multipart", [Reply(200, body={"id": "f", "bytes": 1})])
    s.client.default.upload_file(file=b"\x00\x01", purpose="assistants")
    parts = _multipart(s.last)
    assert [(p[0], p[3]) for p in parts] == [("purpose", b"assistants"), ("file", b"\x00\x01")]
    with pytest.raises(s.package.RequestValidationError, match="purpose"):
        s.client.default.upload_file(file=b"x", purpose="nope")
    assert len(s.requests) == 1


def test_a_bare_str_as_a_file_is_refused_before_sending(connect: Callable[..., Served]) -> None:
    """A `str` could be a path or the content: sent as content, a path uploaded its own text
    as the file. It is refused before sending, naming the part and the ways to say which."""
    s = connect("feat_multipart", [Reply(200, body={"id": "f", "bytes": 4})])
    with pytest.raises(s.package.RequestValidationError, match=r"^file: .*not a str.*Path\("):
        s.client.default.upload_file(file="/tmp/data.jsonl", purpose="assistants")  # type: ignore[arg-type]
    with pytest.raises(s.package.RequestValidationError, match=r"^attachments: .*not a str"):
        s.client.default.upload_file(file=b"x", purpose="assistants",
                                     attachments=["notes"])  # type: ignore[list-item]
    assert s.requests == []


def test_a_discriminator_its_branches_contradict_is_dropped(
        tmp_path: Path, serve: Callable[..., ScriptedServer]) -> None:
    # with it, the code generator pinned Server.type to "Server": every answer holding a
    # server (Linode's instances, `type: g6-standard-1`) failed validation and came back
    # unparsed (its datetimes text), and tagged items as plain dicts
    from generator import pipeline
    from generator.io import write

    spec = IMPERFECT_DOCS / "contradicted_discriminator.yaml"
    files = pipeline.build_packages([pipeline.target_for_spec(spec, "tagged")])["tagged"]
    write.write(files, tmp_path / "tagged")
    package = import_from(tmp_path, "tagged")
    server = {"label": "web1", "type": "g6-standard-1", "created": "2018-01-01T00:01:01Z"}
    scripted = serve([
        Reply(200, body=server),
        Reply(200, body=[{"type": "server", "data": server},
                         {"type": "zone", "data": {"domain": "example.org", "type": "master"}}]),
    ])
    with package.Client(api_key="k", base_url=scripted.url, max_retries=0) as client:
        got = client.default.get_server(id=1)
        first, second = client.default.list_tagged()
    assert got.type == "g6-standard-1"
    assert got.created == datetime.datetime(2018, 1, 1, 0, 1, 1, tzinfo=datetime.UTC)
    assert isinstance(first.data, package.models.Server) and first.data.label == "web1"
    assert isinstance(second.data, package.models.Zone) and second.data.domain == "example.org"
    assert "drops the discriminator (the union is read branch by branch)" in files["COVERAGE.md"]


def test_format_byte_values_stay_the_base64_text_sent(connect: Callable[..., Served]) -> None:
    # as pydantic's Base64Str, "aGk=" came back as "hi" but a JPEG's base64 (not UTF-8) as it
    # was: which of the two a value was depended on its bytes (netatmo's getcamerapicture)
    jpeg = base64.b64encode(b"\xff\xd8\xff\xe0").decode()
    s = connect("feat_binary_text", [Reply(200, body={"data": "aGk=", "parts": [jpeg, "aGk="]})])
    result = s.client.default.get_thumbnail(id="t", checksum="aGk=")
    assert s.last.query == [("checksum", "aGk=")]
    assert result.data == "aGk=" and result.parts == [jpeg, "aGk="]


def test_raw_text_and_binary_bodies(connect: Callable[..., Served]) -> None:
    s = connect("feat_binary_text", [
        Reply(200, {"Content-Type": "text/plain; charset=utf-8"}, "héllo back"),
        Reply(204), Reply(204),
    ])
    echoed = s.client.default.echo(body="héllo")
    assert s.last.headers["content-type"] == "text/plain" and s.last.body == "héllo".encode()
    assert echoed == "héllo back"
    assert s.client.default.put_blob(body=b"\x00\xff") is None
    assert s.last.method == "PUT" and s.last.body == b"\x00\xff"
    assert s.last.headers["content-type"] == "application/octet-stream"
    s.client.default.put_blob()
    assert s.last.body == b""


# -- responses: binary, text, several successes, default errors -----------------------------


def test_binary_and_text_responses(connect: Callable[..., Served]) -> None:
    s = connect("feat_binary_text", [
        Reply(200, {"Content-Type": "application/octet-stream"}, b"\x89PNG\x00"),
        Reply(200, {"Content-Type": "text/plain"}, "ok"),
    ])
    data = s.client.default.download_file(file_id="a/b")
    assert s.last.path == "/files/a%2Fb/content"
    assert s.last.headers["accept"] == "application/octet-stream"
    assert data == b"\x89PNG\x00" and type(data) is bytes
    text = s.client.default.health()
    assert s.last.headers["accept"] == "text/plain"
    assert text == "ok" and type(text) is str


def test_a_download_documented_only_as_its_redirect_returns_the_bytes_it_leads_to(
        connect: Callable[..., Served]) -> None:
    # it returned None: the document lists no 2xx, so the answer's bytes had no target
    moved = {"Location": "/storage/archive.tgz"}
    s = connect("feat_binary_text", [
        Reply(302, moved), Reply(200, {"Content-Type": "application/gzip"}, b"\x1f\x8b\x08"),
        Reply(302, moved), Reply(200, {"Content-Type": "application/pdf"}, b"%PDF"),
        Reply(202),
    ])
    assert s.client.default.download_tarball(repo="r") == b"\x1f\x8b\x08"
    assert [r.path for r in s.server.requests[-2:]] == ["/repos/r/tarball", "/storage/archive.tgz"]
    assert s.last.headers["accept"] == "*/*"
    assert s.client.default.download_when_ready(file_id="f") == b"%PDF"
    assert s.client.default.download_when_ready(file_id="f") is None  # its documented 202


def test_several_success_responses_parse_per_status(connect: Callable[..., Served]) -> None:
    s = connect("feat_several_success", [
        Reply(200, body={"id": "j", "output": "done"}),
        Reply(202, body={"id": "j", "state": "running"}),
        Reply(204),
    ])
    m = s.models
    assert type(s.client.default.run_job()) is m.Result
    assert type(s.client.default.run_job()) is m.Job
    assert s.client.default.run_job() is None
    assert [r.method for r in s.requests] == ["POST"] * 3


def test_a_head_answer_declared_with_a_json_body_returns_none(connect: Callable[..., Served]) -> None:
    """A HEAD answer has no body (RFC 9110 9.3.2) even where the document declares one (copied
    from the GET's): the method is typed and returns None, never a `Thing` it could not fill;
    the headers are the raw response's. The document's slip is named as a repair."""
    s = connect("feat_head_body", [Reply(200, {**JSON, "ETag": '"v1"'}), Reply(200, {**JSON, "ETag": '"v2"'})])
    check = s.client.default.check_thing
    assert inspect.signature(check).return_annotation == "None"
    assert check(thing_id="t1") is None
    raw = s.client.default.with_raw_response.check_thing(thing_id="t1")
    assert raw.parse() is None and raw.headers["etag"] == '"v2"' and raw.typed_headers == {"ETag": '"v2"'}
    assert [(r.method, r.path) for r in s.requests] == [("HEAD", "/things/t1")] * 2
    assert inspect.signature(s.client.default.get_thing).return_annotation == "_models.Thing"
    coverage = (Path(s.package.__file__).parent / "COVERAGE.md").read_text(encoding="utf-8")
    assert "the HEAD answer 200 declares a body" in coverage


def test_default_error_response_raises_with_parsed_body(connect: Callable[..., Served]) -> None:
    s = connect("feat_default_error", [
        Reply(404, body={"missing": "x"}),
        Reply(500, body={"code": 500, "message": "boom"}),
        Reply(418, body={"code": 418, "message": "teapot"}),
        Reply(200, body={"id": "x"}),
    ])
    p = s.package
    with pytest.raises(p.NotFoundError) as missing:
        s.client.default.get_thing(id="x")
    assert missing.value.body == {"missing": "x"}
    assert missing.value.parsed_as(s.models.NotFound) == s.models.NotFound(missing="x")
    with pytest.raises(p.InternalServerError) as failed:
        s.client.default.get_thing(id="x")
    assert failed.value.body == {"code": 500, "message": "boom"}
    assert type(failed.value.parsed_body) is s.models.Problem and failed.value.parsed_body.message == "boom"
    with pytest.raises(p.APIStatusError) as teapot:
        s.client.default.get_thing(id="x")
    assert teapot.value.status_code == 418 and teapot.value.body == {"code": 418, "message": "teapot"}
    assert type(teapot.value.parsed_body) is s.models.Problem and teapot.value.parsed_body.code == 418
    assert s.client.default.get_thing(id="x").id == "x"
    assert s.last.path == "/things/x"


# -- parameters: header, cookie, array query, path-level ------------------------------------


def test_header_and_cookie_parameters(connect: Callable[..., Served]) -> None:
    s = connect("feat_header_cookie", [Reply(200, {"X-Rate-Remaining": "9"}, {"user": "u"})])
    raw = s.client.default.with_raw_response.get_session(
        x_request_id="r-1", session_id="s1", x_retry_count=2, x_debug=True,
        theme=s.models.GetSessionParamsTheme.dark,
    )
    headers = s.last.headers
    assert headers["x-request-id"] == "r-1" and headers["x-retry-count"] == "2"
    assert headers["x-debug"] == "true"
    assert headers["cookie"] == "session_id=s1; theme=dark"
    assert raw.typed_headers["X-Rate-Remaining"] == 9
    assert raw.parse().user == "u"


def test_optional_header_and_cookie_left_out(connect: Callable[..., Served]) -> None:
    s = connect("feat_header_cookie", [Reply(200, body={})])
    s.client.default.get_session(x_request_id="r", session_id="s")
    assert s.last.headers["cookie"] == "session_id=s"
    assert "x-retry-count" not in s.last.headers and "x-debug" not in s.last.headers
    with pytest.raises(s.package.RequestValidationError, match="x_retry_count"):
        s.client.default.get_session(x_request_id="r", session_id="s", x_retry_count="many")


def test_array_query_styles(connect: Callable[..., Served]) -> None:
    s = connect("feat_array_query", [Reply(200, body=[1])])
    result = s.client.default.list_items(
        ids=[1, 2], tags=["a", "b"], fields=["x", "y"], colors=["r", "g"], sizes=["s", "m"], active=False,
    )
    assert s.last.query == [
        ("ids", "1"), ("ids", "2"),  # form, explode (the default)
        ("tags", "a,b"),  # form, explode: false
        ("fields", "x"), ("fields", "y"),
        ("colors", "r|g"),  # pipeDelimited
        ("sizes", "s m"),  # spaceDelimited
        ("active", "false"),
    ]
    assert result == [1]


def test_deep_object_query_parameter(connect: Callable[..., Served]) -> None:
    s = connect("feat_array_query", [Reply(200, body=[])])
    s.client.default.list_items(filter=s.models.ListItemsParamsFilter(state="open", min=2))
    assert s.last.query == [("filter[state]", "open"), ("filter[min]", "2")]


def test_deep_object_query_nested_objects_and_arrays(connect: Callable[..., Served]) -> None:
    """Nested objects as `name[key][inner]`, arrays by index (`expand[0]=...`): what Stripe
    reads, and what the same value gives in a form body; before, the array repeated its bare
    name (`expand=a&expand=b`, which Stripe ignores) and a nested object was sent as text."""
    s = connect("feat_array_query", [Reply(200, body=[])])
    s.client.default.list_items(filter={"state": "open", "created": {"gte": 5}},
                                expand=["data.customer", "data.tax"])
    assert s.last.query == [("filter[state]", "open"), ("filter[created][gte]", "5"),
                            ("expand[0]", "data.customer"), ("expand[1]", "data.tax")]


def test_json_content_query_parameter(connect: Callable[..., Served]) -> None:
    s = connect("feat_array_query", [Reply(200, body=[])])
    s.client.default.list_items(where={"price": 9.5})
    assert s.last.query == [("where", '{"price":9.5}')]


def test_path_parameters_are_sent_in_their_style(connect: Callable[..., Served]) -> None:
    # OpenAPI's style table (RFC 6570): label `.5` `.a,b` (exploded `.x.y`); matrix `;id=5`
    # `;ids=a,b` (exploded `;each=x;each=y`, an object `;x=1;y=2`); simple `x,1,y,2` (exploded
    # `x=1,y=2`); a `content: application/json` one, its JSON text percent-encoded
    s = connect("feat_path_styles", [Reply(204)] * 3)
    s.client.default.by_label(id=5, ids=["a", "b"], each=["x", "y"])
    assert s.last.target == "/label/.5/.a,b/.x.y"
    s.client.default.by_matrix(id=5, ids=["a", "b"], each=["x", "y"], point={"x": 1, "y": 2})
    assert s.last.target == "/matrix/;id=5/;ids=a,b/;each=x;each=y/;x=1;y=2"
    point = s.models.Point(x=1, y=2)
    s.client.default.by_simple(point=point, spread=point, where=point)
    assert s.last.target == "/simple/x,1,y,2/x=1,y=2/%7B%22x%22%3A1%2C%22y%22%3A2%7D"


def test_a_styled_path_value_stays_inside_its_segment(connect: Callable[..., Served]) -> None:
    # the prefix and separators are the style's; what the caller gives is percent-encoded, so a
    # value cannot add a segment, a parameter or a query, nor be resolved away as `..`
    s = connect("feat_path_styles", [Reply(204)] * 2)
    s.client.default.by_label(id=1, ids=["a/b", "?q=1"], each=["."])
    assert s.last.target == "/label/.1/.a%2Fb,%3Fq%3D1/%2E%2E"  # `..` would be resolved away
    s.client.default.by_matrix(id=1, ids=[";x=2"], each=["#f"], point={"x": 0, "y": 0})
    assert s.last.target == "/matrix/;id=1/;ids=%3Bx%3D2/;each=%23f/;x=0;y=0"
    with pytest.raises(s.package.RequestValidationError, match="'ids' must not be empty"):
        s.client.default.by_label(id=1, ids=[], each=["x"])
    # a lone surrogate no UTF-8 spells: refused naming the parameter, not a bare encoding error
    with pytest.raises(s.package.RequestValidationError, match="'ids' holds text that is not"):
        s.client.default.by_label(id=1, ids=["\ud800"], each=["x"])
    assert len(s.requests) == 2


def test_several_tags_become_resources(connect: Callable[..., Served]) -> None:
    pet = {"id": 1, "name": "Rex", "tag": None}
    s = connect("feat_petstore_tags", [Reply(200, body=[pet]), Reply(200, body={"kibble": 3})], base_path="/api")
    assert type(s.client.pets).__name__ == "Pets" and type(s.client.store).__name__ == "Store"
    pets = s.client.pets.list_pets(limit=5, tags=["a", "b"])
    assert s.last.path == "/api/pets" and s.last.query == [("limit", "5"), ("tags", "a"), ("tags", "b")]
    assert s.last.headers["x-api-key"] == "sk-test"
    assert type(pets) is list and type(pets[0]) is s.models.Pet
    assert s.client.store.get_inventory(store_id="s 1", x_request_id="r") == {"kibble": 3}
    assert s.last.path == "/api/stores/s%201/inventory" and s.last.headers["x-request-id"] == "r"


def test_operations_without_operation_id(connect: Callable[..., Served]) -> None:
    s = connect("feat_no_operation_ids", [Reply(200, body=[{"text": "hi"}]), Reply(204)])
    notes = s.client.default.get_users_by_user_id_notes(user_id=7, class_="x")
    assert (s.last.method, s.last.path, s.last.query) == ("GET", "/users/7/notes", [("class", "x")])
    assert type(notes[0]) is s.models.GetUsersByUserIdNotesResponseItem and notes[0].text == "hi"
    assert s.client.default.delete_users_by_user_id_notes(user_id=7) is None
    assert (s.last.method, s.last.path) == ("DELETE", "/users/7/notes")


def test_path_level_parameters(connect: Callable[..., Served]) -> None:
    s = connect("feat_path_level_params", [Reply(200, body={"members": ["ann"]})], base_path="/v2")
    result = s.client.default.list_members(org="acme", page=2, n2_fa_only=True)
    assert s.last.path == "/v2/orgs/acme/members"
    assert s.last.query == [("page", "2"), ("2fa-only", "true")]
    assert result.page.members == ["ann"]  # `members`, its only array, pages by `page`
    assert inspect.signature(s.client.default.list_members).parameters["page"].default is inspect.Parameter.empty



def test_a_path_parameter_named_like_a_query_one_fills_its_placeholder(
        connect: Callable[..., Served]) -> None:
    s = connect("feat_path_level_params", [Reply(204)], base_path="/v2")
    assert s.client.default.get_team(org="acme", team_="t 1", team="q") is None
    assert (s.last.path, s.last.query) == ("/v2/orgs/acme/teams/t%201", [("team", "q")])

def test_refs_across_files(connect: Callable[..., Served]) -> None:
    order = {"id": "o1", "lines": [{"sku": "a", "quantity": 2}]}
    s = connect("feat_multi_file", [Reply(201, body=order), Reply(200, body=order)])
    m = s.models
    created = s.client.default.create_order(lines=[m.Line(sku="a", quantity=2)])
    assert (s.last.method, s.last.path) == ("POST", "/orders")
    assert s.last.json() == {"lines": [{"sku": "a", "quantity": 2}]}
    assert type(created) is m.Order and type(created.lines[0]) is m.Line
    assert s.client.default.get_order(order_id="o1").id == "o1"
    assert s.last.path == "/orders/o1"
    with pytest.raises(s.package.RequestValidationError, match="quantity"):
        s.client.default.create_order(lines=[{"sku": "a", "quantity": 0}])


# -- async -------------------------------------------------------------------------------------


def test_async_client_sends_the_same_requests(feature_packages: Path) -> None:
    package = import_from(feature_packages, "feat_multipart")
    one_of = import_from(feature_packages, "feat_one_of")

    async def main(url: str) -> tuple[Any, Any]:
        async with package.AsyncClient(api_key="k", base_url=url, max_retries=0) as client:
            uploaded = await client.default.upload_file(file=("a.bin", b"\x01"), purpose="assistants")
        async with one_of.AsyncClient(api_key="k", base_url=url, max_retries=0) as client:
            pet = await client.default.create_pet(body={"pet_type": "cat", "meows": True})
        return uploaded, pet

    replies = [Reply(200, body={"id": "f", "bytes": 1}), Reply(200, body={"pet_type": "cat", "meows": True})]
    with ScriptedServer(replies) as server:
        uploaded, pet = asyncio.run(main(server.url))
        assert ("file", "a.bin") in [(p[0], p[1]) for p in _multipart(server.requests[0])]
        assert server.requests[1].json() == {"pet_type": "cat", "meows": True}
    assert uploaded.id == "f" and type(pet) is one_of.models.Cat


# -- root models (arrays, scalars, unions) as whole bodies and responses -------------------


def test_root_models_as_bodies_and_responses(connect: Callable[..., Served]) -> None:
    s = connect("feat_root_models", [
        Reply(200, body=[{"name": "a"}]), Reply(200, JSON, "2"), Reply(200, JSON, '"ok"'),
        Reply(200, body={"pets": [{"name": "b"}], "name": "o"}),
    ])
    m = s.models
    pets = s.client.default.list_pets(name="rex")
    assert s.last.query == [("name", "rex")]
    assert type(pets) is list and type(pets[0]) is m.Pet  # `Pets` is folded into `Owner` by dcg
    assert s.client.default.replace_pets(body=[m.Pet(name="a"), {"name": "b"}]) == 2
    assert s.last.json() == [{"name": "a"}, {"name": "b"}]
    assert s.client.default.set_name(body="abc") == "ok"
    assert s.last.json() == "abc"
    with pytest.raises(s.package.RequestValidationError, match="body"):
        s.client.default.set_name(body="too long")  # maxLength 5
    shape = s.client.default.get_shape()
    assert type(shape) is m.Owner and shape.pets[0].name == "b"
    assert len(s.requests) == 4


def test_a_union_body_beside_its_properties_is_one_argument_of_the_branches_types(
        connect: Callable[..., Served]) -> None:
    # `oneOf: [{required: [url]}, {required: [html]}]` beside the properties: which property is
    # required depends on the branch, so the body is one argument typed as the branches' classes
    # (spread into arguments, each was an optional `object`, and a call without either failed)
    s = connect("feat_constrained_arguments", [Reply(204), Reply(204)])
    signature = inspect.signature(s.client.renders.render)
    assert "body" in signature.parameters and "url" not in signature.parameters
    annotation = str(signature.parameters["body"].annotation)
    assert "RenderRequestRenderRequest" in annotation and "RenderRequestRenderRequest1" in annotation
    s.client.renders.render(body={"html": "<p>hi</p>", "full_page": True})
    assert s.last.json() == {"html": "<p>hi</p>", "full_page": True}
    s.client.renders.render(body=s.models.RenderRequestRenderRequest(url="https://example.com"))
    assert s.last.json() == {"url": "https://example.com"}
    with pytest.raises(s.package.RequestValidationError):
        s.client.renders.render(body={"full_page": True})  # neither url nor html
    assert len(s.requests) == 2
