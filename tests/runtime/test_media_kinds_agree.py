"""The runtime reads an answer's Content-Type (`_parse._media_kind`) as the generator typed it
(`ir.media.response_kind`): a method annotated `-> str` must get a `str`. The runtime is copied
verbatim into every package, so it keeps its own table; this test ties the two."""

from __future__ import annotations

import importlib.util
from types import ModuleType

import pytest

from generator.ir.media import TEXT_APPLICATION, response_kind
from tests.support import ROOT


def _runtime_parse() -> ModuleType:
    path = ROOT / "templates" / "runtime" / "_parse.py"
    spec = importlib.util.spec_from_file_location("runtime_parse", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_text_application_types_are_the_same_set() -> None:
    assert _runtime_parse()._TEXT_APPLICATION == TEXT_APPLICATION


@pytest.mark.parametrize("media", sorted(TEXT_APPLICATION) + [
    "application/json", "application/problem+json", "application/json; charset=utf-8", "*/*",
    "text/plain", "text/csv", "TEXT/HTML", "application/atom+xml", "application/vnd.x+yaml",
    "application/octet-stream", "image/png", "application/pdf", "application/zip",
])
def test_each_media_type_is_read_as_it_was_typed(media: str) -> None:
    # (text/event-stream is no answer body either side reads: a stream's events are decoded)
    assert _runtime_parse()._media_kind(media) == response_kind(media)
