"""`Api.method_names`: the names the build decided, which the count check looks up."""

from __future__ import annotations

import pytest

from generator import ir
from generator.output import coverage
from generator.problems import GeneratorError
from tests.support import resource_methods_in

OPTIONS = ir.BuildOptions(package="pkg", api_key_env="PKG_API_KEY", base_url_env="PKG_BASE_URL")
DOCUMENT = {
    "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
    "paths": {"/raw": {"get": {"operationId": "with_raw_response",
                               "responses": {"204": {"description": "ok"}}}}},
}


def test_a_renamed_method_is_named_as_renamed() -> None:
    api = ir.build(DOCUMENT, OPTIONS)
    assert api.method_names() == {"/paths/~1raw/get": ("Default", "with_raw_response_")}


def test_the_count_check_looks_for_the_decided_names() -> None:
    named = ir.build(DOCUMENT, OPTIONS).method_names()
    renamed = "class Default(SyncAPIResource):\n    def with_raw_response_(self) -> None: ...\n"
    coverage.check("spec.yaml", DOCUMENT, DOCUMENT, set(), resource_methods_in({"resources/default.py": renamed}), named)
    as_spelled = renamed.replace("with_raw_response_", "with_raw_response")
    with pytest.raises(GeneratorError, match="not generated: GET /raw"):
        coverage.check("spec.yaml", DOCUMENT, DOCUMENT, set(), resource_methods_in({"resources/default.py": as_spelled}), named)
