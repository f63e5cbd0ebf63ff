"""Build a throwaway client package from ``templates/runtime`` for tests.

:func:`build_package` copies every ``templates/runtime/*.py`` into ``<dir>/<name>/``, adds a
small hand-written ``models.py`` and an ``__init__.py``, optionally swaps the HTTP library
(the single ``import httpx as _lib`` line of ``_http.py``), and imports the result under a
fresh name. The runtime must work from any folder under any name: relative imports only.

:class:`Api` drives a sync or an async client through the same blocking calls, so one test
body covers both (the async side runs on a private event loop).
"""

from __future__ import annotations

import asyncio
import importlib
import itertools
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from tests.support import TEMPLATES

RUNTIME_DIR = TEMPLATES / "runtime"
HTTP_IMPORT = "import httpx as _lib"
VARIANTS = ("httpx", "httpx2")

MODELS_PY = '''
"""Hand-written stand-in for datamodel-code-generator output."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict


class FinishReason(StrEnum):
    stop = "stop"
    length = "length"


class Choice(BaseModel):
    model_config = ConfigDict(extra="allow")
    index: int
    text: str
    finish_reason: FinishReason | None = None


class Usage(BaseModel):
    model_config = ConfigDict(extra="allow")
    prompt_tokens: int
    completion_tokens: int
    total_tokens: int


class Completion(BaseModel):
    model_config = ConfigDict(extra="allow")
    id: str
    object: str = "text_completion"
    created: int
    model: str
    choices: list[Choice]
    usage: Usage | None = None


class ErrorDetail(BaseModel):
    model_config = ConfigDict(extra="allow")
    message: str
    type: str | None = None
    code: str | int | None = None
    param: str | None = None


class ErrorResponse(BaseModel):
    model_config = ConfigDict(extra="allow")
    error: ErrorDetail


class ValidationError(BaseModel):
    model_config = ConfigDict(extra="allow")
    loc: list[str | int]
    msg: str
    type: str


class HTTPValidationError(BaseModel):
    model_config = ConfigDict(extra="allow")
    detail: list[ValidationError]
'''

INIT_PY = '''
"""Test package assembled from templates/runtime."""

from . import models
from ._base_client import (
    AsyncAPIClient,
    RequestOptions,
    ResponseSpec,
    SyncAPIClient,
)
from ._errors import *  # noqa: F403
from ._response import APIResponse
from ._streaming import AsyncStream, SSEDecoder, ServerSentEvent, Stream
from ._types import NOT_GIVEN, NotGiven, Omit, omit
'''

_counter = itertools.count()


def build_package(root: Path, variant: str = "httpx", name: str | None = None) -> ModuleType:
    """Assemble and import a runtime package under ``root``; return the package module."""
    if variant not in VARIANTS:
        raise ValueError(variant)
    name = name or f"rtpkg_{variant}_{next(_counter)}"
    dest = root / name
    dest.mkdir(parents=True)
    for source in sorted(RUNTIME_DIR.glob("*.py")):
        shutil.copyfile(source, dest / source.name)
    http_py = dest / "_http.py"
    text = http_py.read_text()
    lines = text.splitlines(keepends=True)
    matches = [i for i, line in enumerate(lines) if line.rstrip() == HTTP_IMPORT]
    if len(matches) != 1 or text.count(HTTP_IMPORT) != 1:
        raise AssertionError(f"_http.py must contain {HTTP_IMPORT!r} exactly once, as a line")
    if variant == "httpx2":
        lines[matches[0]] = "import httpx2 as _lib\n"
        http_py.write_text("".join(lines))
    (dest / "models.py").write_text(MODELS_PY)
    (dest / "__init__.py").write_text(INIT_PY)
    (dest / "py.typed").write_text("")
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    importlib.invalidate_caches()
    return importlib.import_module(name)


def completion_spec(pkg: ModuleType, **overrides: Any) -> Any:
    """The ``ResponseSpec`` of ``POST /completions`` with the test models."""
    m = pkg.models
    kwargs: dict[str, Any] = {
        "success": {"200": m.Completion},
        "errors": {
            "422": m.HTTPValidationError,
            "4XX": m.ErrorResponse,
            "default": m.ErrorResponse,
        },
        "headers": {"x-ratelimit-remaining": int, "x-ratelimit-reset": float, "x-model": str},
        "stream_chunk": m.Completion,
    }
    kwargs.update(overrides)
    return pkg.ResponseSpec(**kwargs)


def completion_options(pkg: ModuleType, **overrides: Any) -> Any:
    """``RequestOptions`` of a completion call: retry-safe, as the providers' overlays mark
    their completions (``x-codegen-retry-safe``); ``retry_safe=False`` makes it a POST that may
    have an effect."""
    kwargs: dict[str, Any] = {
        "method": "post",
        "path": "/completions",
        "json_body": {"model": "m", "prompt": "hi"},
        "retry_safe": True,
    }
    kwargs.update(overrides)
    return pkg.RequestOptions(**kwargs)


class Api:
    """One client (sync or async) driven through blocking calls."""

    def __init__(self, pkg: ModuleType, kind: str, **client_kwargs: Any) -> None:
        self.pkg = pkg
        self.kind = kind
        self.sleeps: list[float] = []
        client_kwargs.setdefault("api_key", "sk-test-SECRET-0123456789")
        if kind == "sync":
            self.client = pkg.SyncAPIClient(**client_kwargs)
            self.client._sleep = self.sleeps.append
            self._runner: asyncio.Runner | None = None
        else:
            self._runner = asyncio.Runner()
            self.client = pkg.AsyncAPIClient(**client_kwargs)

            async def fake_sleep(seconds: float) -> None:
                self.sleeps.append(seconds)

            self.client._sleep = fake_sleep

    def real_sleep(self) -> None:
        """Use real sleeping between retries."""
        if self.kind == "sync":
            import time

            self.client._sleep = time.sleep
        else:
            self.client._sleep = asyncio.sleep

    def run(self, fn: Callable[[], Any]) -> Any:
        """Run ``fn()`` and, for async clients, await its result on the private loop."""
        if self._runner is None:
            return fn()
        return self._runner.run(fn())

    def call(self, spec: Any, options: Any) -> Any:
        """``client.request(spec, options)``."""
        return self.run(lambda: self.client.request(spec, options))

    def raw(self, spec: Any, options: Any, *, stream: bool = False) -> Any:
        """``client.request_raw(spec, options)``."""
        return self.run(lambda: self.client.request_raw(spec, options, stream=stream))

    def stream(self, spec: Any, options: Any, limit: int | None = None) -> list[Any]:
        """Open a stream and collect its chunks (stop early after ``limit`` with ``break``)."""
        if self._runner is None:
            chunks = []
            for chunk in self.client.request(spec, options, stream=True):
                chunks.append(chunk)
                if limit is not None and len(chunks) >= limit:
                    break
            return chunks

        async def consume() -> list[Any]:
            chunks = []
            async for chunk in await self.client.request(spec, options, stream=True):
                chunks.append(chunk)
                if limit is not None and len(chunks) >= limit:
                    break
            # after `break` the stream, referenced no more, is closed by the event loop's
            # finaliser hook, asynchronously: keep the loop running briefly, as an app would
            await asyncio.sleep(0.1)
            return chunks

        return self._runner.run(consume())

    def stream_with(self, spec: Any, options: Any, limit: int) -> list[Any]:
        """Open a stream in a ``with`` block and leave it after ``limit`` chunks."""
        if self._runner is None:
            with self.client.request(spec, options, stream=True) as stream:
                return [chunk for _, chunk in zip(range(limit), stream, strict=False)]

        async def consume() -> list[Any]:
            chunks = []
            async with await self.client.request(spec, options, stream=True) as stream:
                async for chunk in stream:
                    chunks.append(chunk)
                    if len(chunks) >= limit:
                        break
            return chunks

        return self._runner.run(consume())

    def close(self) -> None:
        """Close the client (and the private loop)."""
        if self._runner is None:
            self.client.close()
        else:
            self._runner.run(self.client.close())
            self._runner.close()
