"""Which POSTs a generated client sends twice, per what its document says (ir/retries.py).

The feature document `tests/feature_specs/retries.yaml` has a plain POST, a POST and a PATCH
declaring an idempotency-key header (spelt two ways) and a POST marked
`x-codegen-retry-safe`; `retries_key_off.yaml` a POST declaring `Idempotency-Key` under the
root's `x-codegen-idempotency-key: false`. Their generated clients talk to scripted servers on
127.0.0.1.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from generator import pipeline
from generator.io import write
from generator.ir import retries
from tests.support import FEATURE_SPECS, import_from
from tests.support.servers import Reply, ScriptedServer

ORDER = {"id": "o1"}
FLAKY = [Reply(502), Reply(200, body=ORDER)]


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("retries")
    targets = [pipeline.target_for_spec(FEATURE_SPECS / name, f"feat_{Path(name).stem}")
               for name in ("retries.yaml", "retries_key_off.yaml", "auth_api_key_header.yaml",
                            "auth_api_key_query.yaml")]
    for name, files in pipeline.build_packages(targets).items():
        write.write(files, out / name)
    return out


@pytest.fixture
def pkg(generated: Path, clean_env: pytest.MonkeyPatch) -> ModuleType:
    return import_from(generated, "feat_retries")


def client(pkg: ModuleType, server: ScriptedServer, **options: Any) -> Any:
    """A client on `server` whose retries do not sleep (the delays are the runtime's tests')."""
    made = pkg.Client(base_url=server.url, **options)
    made._sleep = lambda seconds: None
    return made


@pytest.fixture
def flaky() -> Iterator[ScriptedServer]:
    with ScriptedServer(FLAKY, repeat_last=True) as server:
        yield server


def test_a_plain_post_is_sent_once_and_carries_no_key(pkg: ModuleType, flaky: ScriptedServer) -> None:
    with client(pkg, flaky) as c, pytest.raises(pkg.InternalServerError):
        c.default.create_order(item="a")
    (sent,) = flaky.requests
    assert not [name for name in sent.headers if "idempotency" in name]


def test_a_post_declaring_the_key_is_retried_with_one_fresh_key(pkg: ModuleType, flaky: ScriptedServer) -> None:
    with client(pkg, flaky) as c:
        assert c.default.create_payment(item="a").id == "o1"
        c.default.create_payment(item="b", idempotency_key="mine")  # the caller's own is kept
    first, second, third = flaky.requests
    assert first.headers["idempotency-key"] == second.headers["idempotency-key"] != ""
    assert third.headers["idempotency-key"] == "mine"


def test_a_patch_declaring_the_key_its_own_way_is_retried_with_that_header(
        pkg: ModuleType, flaky: ScriptedServer) -> None:
    async def call() -> None:
        async with pkg.AsyncClient(base_url=flaky.url) as c:
            async def no_sleep(seconds: float) -> None:
                return None

            c._sleep = no_sleep
            await c.default.update_order(order_id="o1", item="a")

    asyncio.run(call())
    first, second = flaky.requests
    assert first.method == "PATCH" and first.headers["x-idempotency-key"] == second.headers["x-idempotency-key"]
    assert "idempotency-key" not in first.headers


def test_an_operation_marked_retry_safe_is_retried_without_a_key(pkg: ModuleType, flaky: ScriptedServer) -> None:
    with client(pkg, flaky) as c:
        assert c.default.quote(item="a").id == "o1"
    assert len(flaky.requests) == 2
    assert not [name for r in flaky.requests for name in r.headers if "idempotency" in name]


def test_a_client_naming_the_header_keys_and_retries_every_post(pkg: ModuleType, flaky: ScriptedServer) -> None:
    with client(pkg, flaky, idempotency_header="Idempotency-Key") as c:
        assert c.default.create_order(item="a").id == "o1"
    first, second = flaky.requests
    assert first.headers["idempotency-key"] == second.headers["idempotency-key"]


def test_a_document_saying_nothing_or_false_sends_no_key(generated: Path, clean_env: pytest.MonkeyPatch,
                                                                flaky: ScriptedServer) -> None:
    silent = import_from(generated, "feat_auth_api_key_header")  # says nothing: no key
    assert silent._client.IDEMPOTENCY_HEADER is silent.NOT_GIVEN
    with silent.Client(api_key="k-123456", base_url=flaky.url) as c, pytest.raises(silent.InternalServerError):
        c.default.create_item(name="a")
    assert len(flaky.requests) == 1 and "idempotency-key" not in flaky.requests[0].headers
    off = import_from(generated, "feat_auth_api_key_query")  # x-codegen-idempotency-key: false
    assert off._client.IDEMPOTENCY_HEADER is off.NOT_GIVEN


def test_a_document_saying_false_sends_no_key_even_where_an_operation_declares_one(
        generated: Path, clean_env: pytest.MonkeyPatch, flaky: ScriptedServer) -> None:
    """`retries_key_off.yaml`: root `x-codegen-idempotency-key: false` over a POST declaring
    `Idempotency-Key`: the author says the server ignores it, so one unkeyed attempt on a 502
    (a key the server ignores would make the retry create a second payment)."""
    off = import_from(generated, "feat_retries_key_off")
    with client(off, flaky) as c, pytest.raises(off.InternalServerError):
        c.default.create_payment(item="a")
    (sent,) = flaky.requests
    assert sent.method == "POST" and "idempotency-key" not in sent.headers
    readme = (generated / "feat_retries_key_off" / "README.md").read_text(encoding="utf-8")
    assert "declared with an idempotency-key header" not in readme and "provably" in readme


@pytest.mark.parametrize("make", ["constructor", "with_options"])
def test_the_users_none_turns_off_every_key_and_the_keyed_retries(
        pkg: ModuleType, flaky: ScriptedServer, make: str) -> None:
    """`idempotency_header=None` (unlike leaving it out) wins over the operation's own header:
    `create_payment` declares `Idempotency-Key`, yet is sent once, without a key, on a 502."""
    if make == "constructor":
        made = client(pkg, flaky, idempotency_header=None)
    else:
        made = client(pkg, flaky).with_options(idempotency_header=None)
        made._sleep = lambda seconds: None
    assert made.idempotency_header is None
    with made as c, pytest.raises(pkg.InternalServerError):
        c.default.create_payment(item="a")
    (sent,) = flaky.requests
    assert "idempotency-key" not in sent.headers
    assert c.with_options(max_retries=1).idempotency_header is None  # a copy keeps the choice


def test_the_users_none_turns_off_the_root_hints_key_too(
        tmp_path: Path, clean_env: pytest.MonkeyPatch, flaky: ScriptedServer) -> None:
    spec = tmp_path / "keyed.yaml"
    spec.write_text((FEATURE_SPECS / "retries.yaml").read_text(encoding="utf-8")
                    + "x-codegen-idempotency-key: true\n", encoding="utf-8")
    write.write(pipeline.build_packages([pipeline.target_for_spec(spec, "keyed_off")])["keyed_off"],
                tmp_path / "keyed_off")
    keyed = import_from(tmp_path, "keyed_off")
    with client(keyed, flaky) as c:  # the document's default: keyed and retried
        assert c.default.create_order(item="a").id == "o1"
    assert len(flaky.requests) == 2 and flaky.requests[0].headers["idempotency-key"]
    with ScriptedServer([Reply(502)], repeat_last=True) as failing, \
            client(keyed, failing, idempotency_header=None) as c, pytest.raises(keyed.InternalServerError):
        c.default.create_order(item="a")
    (sent,) = failing.requests
    assert "idempotency-key" not in sent.headers


@pytest.mark.parametrize(("hint", "header"), [
    (True, "Idempotency-Key"), ("X-Request-Key", "X-Request-Key"), (False, None), (None, None), ("", None),
])
def test_the_root_hint_names_the_header_every_post_carries(hint: object, header: str | None) -> None:
    data = {} if hint is None else {"x-codegen-idempotency-key": hint}
    assert retries.root_idempotency_header(data) == header


@pytest.mark.parametrize(("name", "matches"), [
    ("Idempotency-Key", True), ("idempotency-key", True), ("X-Idempotency-Key", True),
    ("X-Acme-Idempotency-Key", True), ("idempotency_key", True),
    ("X-Request-Id", False), ("Idempotency", False), ("Idempotency-Key-Hint", False),
])
def test_a_declared_header_is_known_by_its_name(name: str, matches: bool) -> None:
    header = {"name": name, "in": "header", "schema": {"type": "string"}}
    assert retries.declared_idempotency_header({}, [header]) == (name if matches else None)
    assert retries.declared_idempotency_header({}, [{**header, "in": "query"}]) is None  # not a header
    assert retries.declared_idempotency_header({"x-codegen-idempotency-key": False}, [header]) is None


def test_retry_safe_is_only_a_literal_true() -> None:
    assert retries.retry_safe({"x-codegen-retry-safe": True})
    assert not retries.retry_safe({"x-codegen-retry-safe": "yes"})
    assert not retries.retry_safe({})


def test_the_root_hint_keys_and_retries_every_post(tmp_path: Path, clean_env: pytest.MonkeyPatch,
                                                    flaky: ScriptedServer) -> None:
    spec = tmp_path / "keyed.yaml"
    spec.write_text((FEATURE_SPECS / "retries.yaml").read_text(encoding="utf-8")
                    + "x-codegen-idempotency-key: X-Request-Key\n", encoding="utf-8")
    write.write(pipeline.build_packages([pipeline.target_for_spec(spec, "keyed")])["keyed"], tmp_path / "keyed")
    keyed = import_from(tmp_path, "keyed")
    assert keyed._client.IDEMPOTENCY_HEADER == "X-Request-Key"
    with client(keyed, flaky) as c:
        assert c.default.create_order(item="a").id == "o1"
    first, second = flaky.requests
    assert first.headers["x-request-key"] == second.headers["x-request-key"]
