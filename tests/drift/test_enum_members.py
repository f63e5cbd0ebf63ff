"""Enum class members are named as datamodel-code-generator names them: its preset snake-cases
them as it does fields (`InProgress` -> `in_progress`), so an enum value removed names the
member code written against the old client uses (`DialogsEntitiesDialogStatus.new`, not
`.New`: Dialogporten 1.40.0 -> 1.118.6)."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

from generator.drift.diff.client import diff_with_client
from generator.drift.diff.types import member_name


def _doc(values: list[Any]) -> dict[str, Any]:
    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
            "paths": {"/d": {"get": {"operationId": "get_dialog", "responses": {"200": {
                "description": "ok", "content": {"application/json": {"schema": {
                    "$ref": "#/components/schemas/DialogStatus"}}}}}}}},
            "components": {"schemas": {"DialogStatus": {"type": "string", "enum": values}}}}


def test_a_camel_case_value_removed_names_its_snake_case_member() -> None:
    (removed,) = diff_with_client(_doc(["New", "InProgress", "Sent", "KOS"]),
                                  _doc(["InProgress", "KOS"]))
    assert removed.client == ('models.DialogStatus: lost enum value(s) "New", "Sent"; '
                              "models.DialogStatus.new: member removed; "
                              "models.DialogStatus.sent: member removed")


VALUES = ["New", "InProgress", "KOS", "pt-br", "HTTPCode", "a b", "S3Bucket", "class", "mro",
          "1abc", "_x", "Ab_Cd", "UPPER_CASE", "camelCase", "with.dot", "name", "value",
          "count", "upper", "title", "v2beta", "Foo-Bar", "AWSRegion", "x1Y2", "OK", "iOS",
          "-1x", "ABC123def", "snake_case_already", "Mixed_Case-Thing", "None", "True",
          "self", "HTTP2Server", "x_", "field", "model_dump", "DE-AT", "UTF-8", "en_US",
          "10", "0abc"]


def test_member_names_agree_with_datamodel_code_generator(tmp_path: Path) -> None:
    """Each value's member as dcg (run as `generate` runs it) names it, where `member_name`
    names one."""
    from generator.models.run import _run_dcg

    out = _run_dcg(_doc(VALUES), tmp_path, {})
    body = out.split("class DialogStatus(")[1]
    made = {ast.literal_eval(value): name
            for name, value in re.findall(r"^    (\w+) = (.*)$", body, re.MULTILINE)}
    assert len(made) == len(VALUES)
    spelt = {value: member_name(value) for value in VALUES}
    assert {v: made[v] for v in VALUES if spelt[v] is not None} == {
        v: spelt[v] for v in VALUES if spelt[v] is not None}
    assert [v for v in VALUES if spelt[v] is None] == []


def _const_doc(values: list[int]) -> dict[str, Any]:
    """Discord's spelling of an enum: `type: integer` and a `oneOf` of titled `const`s, used in
    an answer and in a request body."""
    kinds = {"type": "integer", "oneOf": [{"title": f"KIND_{v}", "const": v} for v in values]}
    ref = {"$ref": "#/components/schemas/ChannelTypes"}
    return {"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
            "paths": {"/c": {"post": {
                "operationId": "create_channel",
                "requestBody": {"content": {"application/json": {"schema": {
                    "type": "object", "properties": {"type": ref}}}}},
                "responses": {"200": {"description": "ok", "content": {"application/json": {
                    "schema": {"type": "object", "properties": {"type": ref}}}}}}}}},
            "components": {"schemas": {"ChannelTypes": kinds}}}


def test_a_const_added_to_an_enum_spelt_as_a_one_of_is_an_enum_value_added() -> None:
    # Discord's stable -> preview document (ChannelTypes gained GUILD_MEDIA, 16): the new
    # `const` branch was also a `one-of-branch-added`, breaking ("gained a branch (any)"), and
    # again possibly breaking ("gained a integer branch"): `diff --fail-on breaking` failed
    changes = diff_with_client(_const_doc([0, 2, 15]), _const_doc([0, 2, 15, 16]))
    assert sorted((c.kind, c.severity) for c in changes) == [
        ("enum-value-added-request", "non-breaking"),
        ("enum-value-added-response", "non-breaking")]
    assert all(c.message.endswith("gained enum value(s) 16") for c in changes)
