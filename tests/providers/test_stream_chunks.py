"""Stream chunks of Nebius and Infomaniak parse into the chunk schema their overlay adds.

Both documents' 200 responses require `usage`, but their reference pages say only the last
chunk of a stream carries it: Infomaniak's "All other chunks will also include a usage field,
but with a null value", Nebius's "usage stats will be sent with the last chunk of data". The
overlays add `CompletionChunk` (the response's fields, `usage` optional and nullable) and name it
in `x-codegen-stream.chunk`; openai-python types the same field `Optional[CompletionUsage]`.

Proved here against a local server with `strict_response_validation=True` (a chunk the model
refuses raises), and with `mypy --strict` (`chunk.usage.total_tokens` without a None check is
refused, with one accepted). A chunk's choices are `CompletionChunkChoice` (the overlays add it
too): `finish_reason` null until a choice's last chunk, as OpenAI-compatible servers stream it; the
whole answer's `CompletionChoice` still requires it (strict mode refuses a null there). On
Infomaniak a chunk's `logprobs` is null unless the request asked for them; the whole answer's
choice requires the object, as the document does.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.support import import_from
from tests.support.servers import Reply, ScriptedServer, sse

AFFECTED = ("infomaniak", "nebius")
CLIENT_ARGUMENTS: dict[str, dict[str, Any]] = {"infomaniak": {"product_id": 1}, "nebius": {}}
USAGE: dict[str, Any] = {"prompt_tokens": 3, "completion_tokens": 2, "total_tokens": 5}
# Infomaniak's `CompletionUsage` requires both breakdowns.
DETAILS: dict[str, Any] = {
    "prompt_tokens_details": {"audio_tokens": 0, "cached_tokens": 0},
    "completion_tokens_details": {"accepted_prediction_tokens": 0, "audio_tokens": 0,
                                  "reasoning_tokens": 0, "rejected_prediction_tokens": 0},
}


@pytest.fixture(scope="module")
def packages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The two packages generated from specs/ as they are now (not the committed generated/,
    which a copy of the repository may lack)."""
    folder = tmp_path_factory.mktemp("stream_chunks")
    for provider in AFFECTED:
        made = subprocess.run([sys.executable, "-m", "generator", "generate", provider,
                               "--out", str(folder / provider)],
                              capture_output=True, text=True, timeout=600, check=False)
        assert made.returncode == 0, made.stderr
    return folder
LOGPROBS = {"text_offset": [0], "token_logprobs": [-0.1], "tokens": ["Hello"], "top_logprobs": [{}]}


def _chunk(provider: str, *, text: str | None, usage: dict[str, Any] | None,
           finish_reason: str | None = "stop") -> dict[str, Any]:
    """One event as `stream_options: {"include_usage": true}` has it: `"usage": null` on a
    content chunk, then an additional chunk with empty `choices` and the usage."""
    choice: dict[str, Any] = {"index": 0, "text": text, "finish_reason": finish_reason}
    if provider == "infomaniak":
        choice["logprobs"] = LOGPROBS
    chunk: dict[str, Any] = {
        "id": "cmpl-1",
        "object": "text_completion",
        "created": 1700000000,
        "model": "m",
        "choices": [] if text is None else [choice],
        "usage": usage if usage is None or provider != "infomaniak" else {**usage, **DETAILS},
    }
    if provider == "infomaniak":
        chunk["system_fingerprint"] = None
    else:
        chunk["service_tier"] = "default"
    return chunk


@pytest.mark.parametrize("provider", AFFECTED)
def test_chunks_with_null_usage_then_the_usage_parse_under_strict_validation(
        provider: str, packages: Path) -> None:
    package = import_from(packages, provider)
    events = sse(_chunk(provider, text="Hel", usage=None), _chunk(provider, text="lo", usage=None),
                 _chunk(provider, text=None, usage=USAGE))
    with (
        ScriptedServer([Reply(200, {"Content-Type": "text/event-stream"}, chunks=events)]) as server,
        package.Client(api_key="sk-test", base_url=server.url, strict_response_validation=True,
                       **CLIENT_ARGUMENTS[provider]) as client,
        client.completions.create(
            model="m", prompt="Hi", stream=True, stream_options={"include_usage": True}) as stream,
    ):
        chunks = list(stream)
    assert [type(chunk) for chunk in chunks] == [package.models.CompletionChunk] * 3
    assert [chunk.usage for chunk in chunks[:2]] == [None, None]
    assert "".join(chunk.choices[0].text for chunk in chunks[:2]) == "Hello"
    assert chunks[2].choices == [] and chunks[2].usage.total_tokens == 5
    # The whole (non-stream) answer keeps the document's required `usage`.
    answer = getattr(package.models, {"infomaniak": "Completion", "nebius": "CompletionResponse"}[provider])
    assert answer.model_fields["usage"].is_required()
    assert not package.models.CompletionChunk.model_fields["usage"].is_required()


@pytest.mark.parametrize("provider", AFFECTED)
def test_chunks_with_a_null_finish_reason_until_the_last_parse_under_strict_validation(
        provider: str, packages: Path) -> None:
    """What an OpenAI-compatible server streams: `"finish_reason": null` on every chunk of a
    choice but its last (user trial, item 5: strict mode refused them)."""
    package = import_from(packages, provider)
    events = sse(_chunk(provider, text="Hel", usage=None, finish_reason=None),
                 _chunk(provider, text="lo", usage=None, finish_reason="length"))
    with (
        ScriptedServer([Reply(200, {"Content-Type": "text/event-stream"}, chunks=events)]) as server,
        package.Client(api_key="sk-test", base_url=server.url, strict_response_validation=True,
                       **CLIENT_ARGUMENTS[provider]) as client,
        client.completions.create(model="m", prompt="Hi", stream=True) as stream,
    ):
        chunks = list(stream)
    assert [chunk.choices[0].finish_reason for chunk in chunks] == [None, "length"]
    # a whole answer's choice still requires a finish reason, strictly
    choice = package.models.CompletionChoice
    assert choice.model_fields["finish_reason"].is_required()
    with pytest.raises(ValueError, match="finish_reason"):
        choice.model_validate({**_chunk(provider, text="x", usage=None)["choices"][0],
                               "finish_reason": None})


def test_infomaniak_chunks_without_logprobs_parse_under_strict_validation(
        packages: Path) -> None:
    """A stream the request asked no `logprobs` of sends `"logprobs": null` on each choice,
    as OpenAI-compatible servers do; the whole answer's choice keeps the document's required
    object."""
    package = import_from(packages, "infomaniak")
    plain = [_chunk("infomaniak", text=text, usage=None, finish_reason=reason)
             for text, reason in (("Hel", None), ("lo", "stop"))]
    for chunk in plain:
        chunk["choices"][0]["logprobs"] = None
    with (
        ScriptedServer([Reply(200, {"Content-Type": "text/event-stream"},
                              chunks=sse(*plain))]) as server,
        package.Client(api_key="sk-test", base_url=server.url, strict_response_validation=True,
                       product_id=1) as client,
        client.completions.create(model="m", prompt="Hi", stream=True) as stream,
    ):
        chunks = list(stream)
    assert [chunk.choices[0].logprobs for chunk in chunks] == [None, None]
    assert package.models.CompletionChoice.model_fields["logprobs"].is_required()
    with pytest.raises(ValueError, match="logprobs"):
        package.models.CompletionChoice.model_validate(plain[1]["choices"][0])


def _snippet(provider: str, checked: bool) -> str:
    arguments = ", ".join(f"{k}={v!r}" for k, v in CLIENT_ARGUMENTS[provider].items())
    use = ("        if chunk.usage is not None:\n            total = chunk.usage.total_tokens\n"
           if checked else "        total = chunk.usage.total_tokens\n")
    return (
        f"from {provider} import Client\n\n\n"
        "def total() -> int:\n"
        f"    client = Client(api_key='k'{', ' if arguments else ''}{arguments})\n"
        "    total = 0\n"
        "    for chunk in client.completions.create(\n"
        "        model='m', prompt='Hi', stream=True, stream_options={'include_usage': True}\n"
        "    ):\n"
        f"{use}"
        "    return total\n"
    )


def test_mypy_strict_refuses_chunk_usage_without_a_none_check(tmp_path: Path, packages: Path) -> None:
    files = []
    for provider in AFFECTED:
        for checked in (False, True):
            name = f"{provider}_{'checked' if checked else 'unchecked'}.py"
            (tmp_path / name).write_text(_snippet(provider, checked), encoding="utf-8")
            files.append(name)
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir=/dev/null",
         "--follow-imports=silent", *files],
        cwd=tmp_path, env={**os.environ, "MYPYPATH": str(packages)},
        capture_output=True, text=True, timeout=600, check=False,
    )
    errors = [line for line in result.stdout.splitlines() if ": error:" in line]
    assert sorted(line.split(":", 1)[0] for line in errors) == [
        f"{provider}_unchecked.py" for provider in AFFECTED], result.stdout + result.stderr
    for line in errors:
        assert 'Item "None" of ' in line and 'has no attribute "total_tokens"' in line, line
