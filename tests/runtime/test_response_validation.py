"""Answers that drift from the document: what the lenient parse makes of them, and what
`strict_response_validation=True` does instead (new-user trial: an unknown discriminator value).

- lenient (the default): an object of a `oneOf` with a `discriminator` becomes the member its
  tag names, even when it is short of required fields; one whose tag names no member (a kind the
  document does not list) stays the decoded dict, never the first member (`Cat(pet_type=
  'hamster')` was a lie in the types): at the top, in a list, in a model's field, in a stream;
- strict (`Client(strict_response_validation=True)`, `with_options(...)`, as openai-python's
  `_strict_response_validation`): a 2xx answer or a streamed event that does not match its
  declared model raises `APIResponseValidationError` carrying the response and the decoded
  body (credentials echoed back blanked out), on the plain call, the raw response's `parse()`
  and a stream; a matching answer parses as usual.

The package is generated from the document below once per module; every case runs the sync and
the async client against a scripted server on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Annotated, Any, Literal

import pydantic
import pytest

from generator import pipeline
from generator.io import write
from tests.support import import_from
from tests.support.servers import Reply, ScriptedServer, sse

pytestmark = pytest.mark.timeout(120)

JSON = {"Content-Type": "application/json"}
SSE = {"Content-Type": "text/event-stream"}
KEY = "sk-drift-secret-0123456789"
CAT = {"pet_type": "cat", "meows": True}
HAMSTER = {"pet_type": "hamster", "name": "Hammy"}

DOCUMENT = """
openapi: 3.0.3
info: {title: Pets that drift, version: '1'}
servers: [{url: 'https://api.example.com'}]
components:
  schemas:
    Cat:
      type: object
      required: [pet_type, meows]
      properties:
        pet_type: {type: string}
        meows: {type: boolean}
    Dog:
      type: object
      required: [pet_type, barks]
      properties:
        pet_type: {type: string}
        barks: {type: integer}
    Pet:
      oneOf:
        - $ref: '#/components/schemas/Cat'
        - $ref: '#/components/schemas/Dog'
      discriminator:
        propertyName: pet_type
        mapping:
          cat: '#/components/schemas/Cat'
          dog: '#/components/schemas/Dog'
    Owner:
      type: object
      required: [name, pets]
      properties:
        name: {type: string}
        size: {type: string, enum: [small, large]}
        pets:
          type: array
          items: {$ref: '#/components/schemas/Pet'}
        favourite:
          oneOf:
            - $ref: '#/components/schemas/Cat'
            - $ref: '#/components/schemas/Dog'
          discriminator:
            propertyName: pet_type
paths:
  /pets:
    post:
      operationId: createPet
      requestBody:
        required: true
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Pet'}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Pet'}
  /owners/{owner_id}:
    get:
      operationId: getOwner
      parameters:
        - {name: owner_id, in: path, required: true, schema: {type: string}}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Owner'}
    head:
      operationId: headOwner
      parameters:
        - {name: owner_id, in: path, required: true, schema: {type: string}}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Owner'}
  /owners/found:
    get:
      operationId: findOwner
      responses:
        '200':
          description: the owner's name, or null
          content:
            application/json:
              schema: {type: string, nullable: true}
  /owners:
    get:
      operationId: listOwners
      parameters:
        - {name: page, in: query, schema: {type: integer}}
      responses:
        '200':
          description: a page of owners
          content:
            application/json:
              schema:
                type: object
                properties:
                  results: {type: array, items: {$ref: '#/components/schemas/Owner'}}
                  total_pages: {type: integer}
  /pets/events:
    get:
      operationId: watchPets
      responses:
        '200':
          description: one pet per event
          content:
            text/event-stream:
              schema: {$ref: '#/components/schemas/Pet'}
"""


@pytest.fixture(scope="module")
def package_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("drift")
    spec = out / "pets.yaml"
    spec.write_text(DOCUMENT, encoding="utf-8")
    target = pipeline.target_for_spec(spec, "drift_pets")
    for name, files in pipeline.build_packages([target]).items():
        write.write(files, out / name)
    return out


class Caller:
    """One generated client (sync or async) driven through blocking calls."""

    def __init__(self, package: ModuleType, kind: str, url: str, **options: Any) -> None:
        self.kind = kind
        self.package = package
        self.models = package.models
        cls = package.Client if kind == "sync" else package.AsyncClient
        self.client = cls(api_key=KEY, base_url=url, max_retries=0, **options)
        self.runner = asyncio.Runner()  # one loop for the client's connections

    def with_options(self, **options: Any) -> Caller:
        copy = object.__new__(Caller)
        copy.__dict__.update(self.__dict__)
        copy.client = self.client.with_options(**options)
        return copy

    def __call__(self, resource_method: str, **arguments: Any) -> Any:
        method = self.client.default
        for part in resource_method.split("."):
            method = getattr(method, part)
        if self.kind == "sync" or resource_method == "list_owners":  # a paginator: not awaited
            return method(**arguments)
        return self.runner.run(method(**arguments))

    def run(self, value: Any) -> Any:
        """`value` itself on the sync side, awaited on the async side (`raw.parse()`)."""
        return value if self.kind == "sync" else self.runner.run(value)

    def items(self, paginator: Any) -> list[Any]:
        """Every item of a paginated list, and the exception that ended it (or None) last."""
        return self.chunks(paginator)

    def chunks(self, stream: Any) -> list[Any]:
        """Every chunk of a stream, and the exception that ended it (or None) last."""
        got: list[Any] = []
        if self.kind == "sync":
            try:
                for chunk in stream:
                    got.append(chunk)  # noqa: PERF402 - one by one: those before an error stay
            except Exception as exc:  # noqa: BLE001 - the test looks at what ended it
                return [*got, exc]
            return [*got, None]

        async def collect() -> list[Any]:
            try:
                async for chunk in stream:
                    got.append(chunk)
            except Exception as exc:  # noqa: BLE001
                return [*got, exc]
            return [*got, None]

        result: list[Any] = self.runner.run(collect())
        return result

    def close(self) -> None:
        if self.kind == "sync":
            self.client.close()
        else:
            self.runner.run(self.client.close())
        self.runner.close()


@pytest.fixture(params=["sync", "async"])
def connect(
    request: pytest.FixtureRequest, package_dir: Path, serve: Callable[..., ScriptedServer]
) -> Iterator[Callable[..., tuple[Caller, ScriptedServer]]]:
    callers: list[Caller] = []
    package = import_from(package_dir, "drift_pets")

    def start(replies: list[Reply], **options: Any) -> tuple[Caller, ScriptedServer]:
        server = serve(replies)
        caller = Caller(package, str(request.param), server.url, **options)
        callers.append(caller)
        return caller, server

    yield start
    for caller in callers:
        caller.close()


# -- lenient (the default): an unknown tag is no member ------------------------------------


def test_an_unknown_discriminator_value_stays_the_decoded_dict(
    connect: Callable[..., tuple[Caller, ScriptedServer]],
) -> None:
    call, _ = connect([Reply(200, JSON, HAMSTER)])
    pet = call("create_pet", body=CAT)
    assert type(pet) is dict and pet == HAMSTER  # was Cat(pet_type='hamster', meows=None)


def test_a_known_tag_picks_its_member_even_short_of_required_fields(
    connect: Callable[..., tuple[Caller, ScriptedServer]],
) -> None:
    """`{"pet_type": "dog"}` overlaps Cat and Dog alike: the tag, not the order, decides."""
    call, _ = connect([Reply(200, JSON, {"pet_type": "dog"}), Reply(200, JSON, CAT)])
    dog = call("create_pet", body=CAT)
    assert type(dog) is call.models.Dog and dog.pet_type == "dog" and dog.barks is None
    cat = call("create_pet", body=CAT)
    assert type(cat) is call.models.Cat and cat.meows is True


def test_unknown_tags_inside_a_model_stay_dicts_and_the_rest_is_typed(
    connect: Callable[..., tuple[Caller, ScriptedServer]],
) -> None:
    owner_body = {
        "name": "Ann",
        "size": "medium",  # not in the enum: makes the whole answer take the lenient path
        "pets": [CAT, HAMSTER, {"pet_type": "dog", "barks": "loud"}],
        "favourite": {"pet_type": "ferret"},
        "since": 2020,
    }
    call, _ = connect([Reply(200, JSON, owner_body)])
    owner = call("get_owner", owner_id="o1")
    assert type(owner) is call.models.Owner and owner.name == "Ann"
    assert owner.size == "medium" and type(owner.size) is str
    cat, hamster, dog = owner.pets
    assert type(cat) is call.models.Cat and cat.meows is True
    assert type(hamster) is dict and hamster == HAMSTER
    assert type(dog) is call.models.Dog and dog.barks == "loud"
    assert owner.favourite == {"pet_type": "ferret"} and type(owner.favourite) is dict
    assert owner.model_extra == {"since": 2020}


def test_a_streamed_event_of_an_unknown_kind_is_its_dict(
    connect: Callable[..., tuple[Caller, ScriptedServer]],
) -> None:
    call, _ = connect([Reply(200, SSE, chunks=sse(CAT, HAMSTER, {"pet_type": "dog"}))])
    *chunks, ended = call.chunks(call("watch_pets"))
    assert ended is None
    assert [type(c).__name__ for c in chunks] == ["Cat", "dict", "Dog"]
    assert chunks[1] == HAMSTER


def test_a_page_of_a_list_parses_leniently_too(
    connect: Callable[..., tuple[Caller, ScriptedServer]],
) -> None:
    pages = [
        {"results": [{"name": "Ann", "pets": [CAT]}], "total_pages": 2},
        {"results": [{"name": "Bob", "pets": [HAMSTER]}], "total_pages": 2},
    ]
    call, _ = connect([Reply(200, JSON, page) for page in pages])
    ann, bob, ended = call.items(call("list_owners"))
    assert ended is None
    assert type(ann.pets[0]) is call.models.Cat
    assert type(bob) is call.models.Owner and bob.pets == [HAMSTER]


def test_an_empty_body_where_a_model_is_declared_raises_when_lenient_too(
    connect: Callable[..., tuple[Caller, ScriptedServer]],
) -> None:
    """Nothing to build leniently: `None` behind `-> Owner` would be a lie (finding 12)."""
    call, _ = connect([Reply(200, JSON, b""), Reply(200, JSON)])
    with pytest.raises(call.package.APIResponseValidationError, match="empty"):
        call("get_owner", owner_id="o1")
    assert call("head_owner", owner_id="o1") is None  # a HEAD answer has no body


def test_an_empty_body_where_the_type_takes_null_is_none_unless_strict(
    connect: Callable[..., tuple[Caller, ScriptedServer]],
) -> None:
    call, _ = connect([Reply(200, JSON, b"")] * 2)
    assert call("find_owner") is None  # declared `str | None` (nullable)
    strict = call.with_options(strict_response_validation=True)
    with pytest.raises(call.package.APIResponseValidationError, match="empty"):
        strict("find_owner")


# -- strict_response_validation=True --------------------------------------------------------


def test_strict_an_unknown_discriminator_value_raises_with_the_response(
    connect: Callable[..., tuple[Caller, ScriptedServer]],
) -> None:
    call, _ = connect([Reply(200, JSON, HAMSTER)], strict_response_validation=True)
    assert call.client.strict_response_validation is True
    with pytest.raises(call.package.APIResponseValidationError) as info:
        call("create_pet", body=CAT)
    error = info.value
    assert error.status_code == 200 and error.response.status_code == 200
    assert error.body == HAMSTER  # the decoded JSON, as APIStatusError.body
    assert "strict_response_validation" in str(error)
    assert "'hamster'" in str(error) and "pet_type" in str(error)


def test_strict_names_what_did_not_match(
    connect: Callable[..., tuple[Caller, ScriptedServer]],
) -> None:
    call, _ = connect(
        [Reply(200, JSON, {"pets": [], "size": "medium"})], strict_response_validation=True
    )
    with pytest.raises(call.package.APIResponseValidationError) as info:
        call("get_owner", owner_id="o1")
    message = str(info.value)
    assert "name: Field required" in message and "size: Input should be" in message
    assert info.value.body == {"pets": [], "size": "medium"}


def test_strict_a_matching_answer_parses_and_keeps_unlisted_fields(
    connect: Callable[..., tuple[Caller, ScriptedServer]],
) -> None:
    body = {"name": "Ann", "pets": [CAT], "favourite": {"pet_type": "dog", "barks": 2}, "x": 1}
    call, _ = connect([Reply(200, JSON, body)], strict_response_validation=True)
    owner = call("get_owner", owner_id="o1")
    assert type(owner) is call.models.Owner
    assert type(owner.pets[0]) is call.models.Cat and type(owner.favourite) is call.models.Dog
    assert owner.model_extra == {"x": 1}


def test_strict_is_set_and_unset_by_with_options(
    connect: Callable[..., tuple[Caller, ScriptedServer]],
) -> None:
    call, _ = connect([Reply(200, JSON, HAMSTER)] * 4)
    strict = call.with_options(strict_response_validation=True)
    with pytest.raises(call.package.APIResponseValidationError):
        strict("create_pet", body=CAT)
    assert call("create_pet", body=CAT) == HAMSTER  # the original stays lenient
    assert call.client.strict_response_validation is False
    copy = strict.with_options(timeout=5.0)  # other changes keep it on
    assert copy.client.strict_response_validation is True
    with pytest.raises(call.package.APIResponseValidationError):
        copy("create_pet", body=CAT)
    lenient = strict.with_options(strict_response_validation=False)
    assert lenient("create_pet", body=CAT) == HAMSTER


def test_strict_applies_to_every_page_of_a_list(
    connect: Callable[..., tuple[Caller, ScriptedServer]],
) -> None:
    pages = [
        {"results": [{"name": "Ann", "pets": [CAT]}], "total_pages": 2},
        {"results": [{"pets": [CAT]}], "total_pages": 2},  # an owner without its name
    ]
    call, server = connect(
        [Reply(200, JSON, page) for page in pages], strict_response_validation=True
    )
    ann, ended = call.items(call("list_owners"))
    assert type(ann) is call.models.Owner and ann.name == "Ann"
    assert isinstance(ended, call.package.APIResponseValidationError)
    assert "results.0.name: Field required" in str(ended)
    assert [r.query for r in server.requests] == [[], [("page", "2")]]


def test_strict_applies_to_the_raw_response_parse(
    connect: Callable[..., tuple[Caller, ScriptedServer]],
) -> None:
    call, _ = connect([Reply(200, JSON, HAMSTER)], strict_response_validation=True)
    raw = call("with_raw_response.create_pet", body=CAT)
    assert raw.status_code == 200
    with pytest.raises(call.package.APIResponseValidationError) as info:
        call.run(raw.parse())
    assert info.value.response.status_code == 200


def test_strict_a_streamed_event_that_does_not_match_raises(
    connect: Callable[..., tuple[Caller, ScriptedServer]],
) -> None:
    call, _ = connect(
        [Reply(200, SSE, chunks=sse(CAT, {"pet_type": "dog"}, CAT))],
        strict_response_validation=True,
    )
    first, ended = call.chunks(call("watch_pets"))
    assert type(first) is call.models.Cat
    assert isinstance(ended, call.package.APIResponseValidationError)
    assert ended.body == {"pet_type": "dog"}
    assert "barks: Field required" in str(ended) and "server-sent event" in str(ended)
    assert ended.response.status_code == 200


@pytest.mark.parametrize("event", [HAMSTER, {**HAMSTER, "mood": "error"}])  # "error": slow path
def test_strict_a_streamed_event_of_an_unknown_kind_raises(
    connect: Callable[..., tuple[Caller, ScriptedServer]], event: dict[str, str]
) -> None:
    call, _ = connect([Reply(200, SSE, chunks=sse(event))], strict_response_validation=True)
    (ended,) = call.chunks(call("watch_pets"))
    assert isinstance(ended, call.package.APIResponseValidationError)
    assert ended.body == event and "'hamster'" in str(ended)


def test_strict_an_empty_body_where_json_is_declared_raises_except_for_head(
    connect: Callable[..., tuple[Caller, ScriptedServer]],
) -> None:
    call, _ = connect([Reply(200, JSON, b""), Reply(200, JSON)], strict_response_validation=True)
    with pytest.raises(call.package.APIResponseValidationError, match="empty"):
        call("get_owner", owner_id="o1")
    assert call("head_owner", owner_id="o1") is None  # a HEAD answer has no body


def test_strict_blanks_out_a_credential_the_server_echoes(
    connect: Callable[..., tuple[Caller, ScriptedServer]],
) -> None:
    echoed = {"pet_type": KEY, "note": f"key {KEY}"}
    call, _ = connect(
        [Reply(200, JSON, echoed), Reply(200, SSE, chunks=sse(echoed))],
        strict_response_validation=True,
    )
    with pytest.raises(call.package.APIResponseValidationError) as info:
        call("create_pet", body=CAT)
    assert KEY not in str(info.value) and KEY not in repr(info.value.body)
    assert set(info.value.body) == {"pet_type", "note"}
    (ended,) = call.chunks(call("watch_pets"))
    assert isinstance(ended, call.package.APIResponseValidationError)
    assert KEY not in str(ended) and KEY not in repr(ended.body)


def test_a_body_that_is_no_json_is_still_reported_as_such_when_strict(
    connect: Callable[..., tuple[Caller, ScriptedServer]],
) -> None:
    call, _ = connect([Reply(200, JSON, b"{not json")], strict_response_validation=True)
    with pytest.raises(call.package.APIResponseValidationError, match="expected a JSON body"):
        call("get_owner", owner_id="o1")


# -- the lenient construct's other discriminators and tags ----------------------------------


def test_construct_by_a_callable_discriminator_and_by_constants(pkg: ModuleType) -> None:
    parse = pkg._parse

    class Cat(pydantic.BaseModel):
        kind: Literal["cat"]
        meows: bool

    class Dog(pydantic.BaseModel):
        kind: Literal["dog"]
        barks: int

    tagged = Annotated[
        Annotated[Cat, pydantic.Tag("c")] | Annotated[Dog, pydantic.Tag("d")],
        pydantic.Discriminator(lambda v: {"cat": "c", "dog": "d"}.get(v.get("kind"))),
    ]
    assert type(parse.parse_json(tagged, b'{"kind": "dog"}')) is Dog
    assert parse.parse_json(tagged, b'{"kind": "emu"}') == {"kind": "emu"}
    # no discriminator, but each member's Literal field is a tag a value can contradict
    assert type(parse.parse_json(Cat | Dog, b'{"kind": "dog", "meows": true}')) is Dog
    assert parse.parse_json(Cat | Dog, b'{"kind": "emu", "meows": true}') == {
        "kind": "emu",
        "meows": True,
    }
    with pytest.raises(pydantic.ValidationError, match="emu"):
        parse.parse_json(tagged, b'{"kind": "emu"}', strict=True)
    with pytest.raises(ValueError, match="Expecting") as info:  # not JSON: no ValidationError
        parse.parse_json(tagged, b'{"kind": ', strict=True)
    assert not isinstance(info.value, pydantic.ValidationError)
