"""A request body sent as another media type (`application/json` -> `multipart/form-data`):
breaking on the wire, and the method's calls unchanged where its body arguments are the same
on both sides (`client._media_type_followed`)."""

from __future__ import annotations

from typing import Any

from generator.drift.diff.client import diff_with_client
from generator.drift.report import exit_code

Doc = dict[str, Any]


def _builds(media_type: str, clear_cache: Doc | None = None, whole: bool = False) -> Doc:
    """`POST /builds` taking an object of one property as `media_type` (a list of them, sent
    as one argument, with `whole`)."""
    schema: Doc = {"type": "object", "properties": {
        "clear_cache": clear_cache or {"type": "boolean"}}}
    if whole:
        schema = {"type": "array", "items": schema}
    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/builds": {
        "post": {"operationId": "createBuild",
                 "requestBody": {"content": {media_type: {"schema": schema}}},
                 "responses": {"200": {"description": "ok"}}}}}}


def _by_kind(old: Doc, new: Doc) -> dict[str, Any]:
    changes = diff_with_client(old, new)
    assert exit_code(changes, "breaking") == 1
    return {c.kind: c for c in changes}


def test_the_same_arguments_sent_as_another_media_type_leave_calls_unchanged() -> None:
    # it said "client (breaks code): ... request body (keyword arguments): media type removed"
    # where `create_build(*, clear_cache: bool | NotGiven = NOT_GIVEN)` is the same on both sides
    changes = diff_with_client(_builds("application/json"), _builds("multipart/form-data"))
    by_kind = {c.kind: c for c in changes}
    removed, added = by_kind["media-type-removed"], by_kind["media-type-added"]
    assert removed.severity == "breaking"
    for change in (removed, added):
        assert not change.client_breaking
        assert change.client.startswith("client.default.create_build: request body: media type")
        assert change.client.endswith(
            "the same arguments, keyword arguments (clear_cache): the regenerated client sends "
            "multipart/form-data (was application/json; calls unchanged)")
    assert exit_code(changes, "client-breaking") == 0


def test_a_body_sent_whole_as_another_media_type_leaves_calls_unchanged() -> None:
    by_kind = _by_kind(_builds("application/json", whole=True),
                       _builds("application/x-www-form-urlencoded", whole=True))
    assert not by_kind["media-type-removed"].client_breaking
    assert "one argument `body`" in by_kind["media-type-removed"].client


def test_arguments_typed_otherwise_by_the_new_media_type_break_calls() -> None:
    # a binary property is a file in a multipart body (`FileContent`), bytes in JSON
    binary = {"type": "string", "format": "binary"}
    by_kind = _by_kind(_builds("application/json", binary), _builds("multipart/form-data", binary))
    removed = by_kind["media-type-removed"]
    assert removed.client_breaking
    assert "calls unchanged" not in removed.client
