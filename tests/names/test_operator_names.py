"""A parameter's comparison operators are words in its argument's name (Twilio's filters).

Twilio's `GET .../Messages.json` takes `DateSent`, `DateSent<` and `DateSent>`: the arguments
were `date_sent`, `date_sent_` and `date_sent__` (each a rename for a clash), names that say
nothing of the bound they set and that a document listing the three in another order swaps
without a word. Now `date_sent`, `date_sent_lt`, `date_sent_gt` (`<=` lte, `>=` gte, `!=` ne),
whatever the order, and no rename is reported; the query still carries the document's names.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from generator import pipeline
from generator.io import write
from generator.names.identifiers import argument_name, spell_operators
from tests.support import import_from
from tests.support.servers import Reply, ScriptedServer

pytestmark = pytest.mark.timeout(120)

PACKAGE = "trial_operator_names"


def _query(name: str) -> dict[str, Any]:
    return {"name": name, "in": "query", "schema": {"type": "string"}}


DOCUMENT: dict[str, Any] = {
    "openapi": "3.0.1",
    "info": {"title": "Filters", "version": "1"},
    "paths": {"/Messages.json": {"get": {
        "operationId": "listMessage",
        "parameters": [_query("DateSent>"), _query("DateSent"), _query("DateSent<"),
                       _query("Price>="), _query("Status!=")],
        "responses": {"204": {"description": "ok"}}}}},
}


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> tuple[ModuleType, Path]:
    root = tmp_path_factory.mktemp("operator_names")
    spec = root / "filters.json"
    spec.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, PACKAGE)]).items():
        write.write(files, root / "out" / name)
    return import_from(root / "out", PACKAGE), root / "out" / PACKAGE


def test_operators_are_spelt() -> None:
    assert spell_operators("DateSent<") == "DateSent_lt_"
    assert [argument_name(spell_operators(name)) for name in
            ("DateSent<", "DateSent>", "Price<=", "Price>=", "Status!=", "a<b")] == [
        "date_sent_lt", "date_sent_gt", "price_lte", "price_gte", "status_ne", "a_lt_b"]


def test_the_arguments_name_their_bound_and_go_out_under_the_documents_names(
        generated: tuple[ModuleType, Path]) -> None:
    package, folder = generated
    assert not (folder / "COVERAGE.md").exists(), "nothing repaired, nothing renamed"
    text = (folder / "resources" / "default.py").read_text("utf-8")
    assert "date_sent_:" not in text and "date_sent__:" not in text
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        with package.Client(base_url=server.url, max_retries=0) as client:
            client.default.list_message(date_sent="2024-01-02", date_sent_lt="2024-01-03",
                                        date_sent_gt="2024-01-01", price_gte="5",
                                        status_ne="failed")
        (request,) = server.requests
    assert request.target.split("?", 1)[1] == (
        "DateSent%3E=2024-01-01&DateSent=2024-01-02&DateSent%3C=2024-01-03"
        "&Price%3E%3D=5&Status%21%3D=failed")
