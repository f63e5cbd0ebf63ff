"""Stoplight Prism as a validating mock of a provider's own OpenAPI document.

``tools/node_modules/.bin/prism`` comes from ``tools/package.json`` (``make tools``, i.e.
``npm ci --prefix tools``). :class:`PrismServer` runs ``prism mock -h 127.0.0.1 -p <free port>
<spec>`` in its own process group, waits (bounded) until the port accepts connections and always
kills the whole group when stopped. The ``prism_servers`` session fixture starts one Prism
per spec on first use and stops them all at the end of the session.

What Prism does with a request (this is what the conformance tests rely on):

- a request that violates the document -> the spec's 400 (or 422), the violations as JSON in the
  ``sl-violations`` header; warnings are reported the same way on an otherwise normal answer;
- a missing or malformed ``Authorization: Bearer`` (the spec's ``security``) -> 401;
- ``Prefer: code=<status>`` -> that documented response; ``Prefer: dynamic=true`` -> a body
  generated from the schema (random values, optional fields present or not, extra properties).

Prism cannot stream (it answers ``stream: true`` with the JSON response), so SSE is tested
against the scripted servers in ``servers.py``.
"""

from __future__ import annotations

import atexit
import contextlib
import copy
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Self

import pytest
import yaml

from tests.support import ROOT, manifest_providers

TOOLS = ROOT / "tools"
PRISM = TOOLS / "node_modules" / ".bin" / "prism"
STARTUP_TIMEOUT = 60.0  # seconds; Prism usually listens after 2-10 s

__all__ = [
    "PRISM",
    "SAMPLES",
    "SDK_KWARGS",
    "SPECS",
    "Operation",
    "PrismServer",
    "full_arguments",
    "operation",
    "prism_binary",
    "prism_servers_fixture",
    "python_name",
    "sample",
]


def prism_binary() -> Path:
    """The Prism executable, or a test failure that says how to install it (never a skip)."""
    if not PRISM.exists():
        pytest.fail(
            f"Stoplight Prism is not installed ({PRISM.relative_to(ROOT)} is missing). "
            "Run `make tools` (npm ci --prefix tools) to install the pinned "
            "@stoplight/prism-cli from tools/package-lock.json; `make test` does this itself.",
            pytrace=False,
        )
    if shutil.which("node") is None:
        pytest.fail("Stoplight Prism needs `node` on PATH (Node.js >= 20).", pytrace=False)
    return PRISM


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _accepts(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


class PrismServer:
    """One ``prism mock`` process serving ``spec``; a context manager."""

    def __init__(self, spec: Path, *, timeout: float = STARTUP_TIMEOUT) -> None:
        self.spec = Path(spec)
        self.timeout = timeout
        self.port = 0
        self.url = ""
        self._process: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None

    def log_text(self) -> str:
        """Everything Prism printed so far (its request log included)."""
        if self._log is None:
            return ""
        self._log.flush()
        self._log.seek(0)
        return self._log.read().decode("utf-8", "replace")

    def start(self) -> Self:
        prism = prism_binary()
        attempts = 3  # the free port can be taken between probing and Prism binding it
        for attempt in range(1, attempts + 1):
            self._log = tempfile.TemporaryFile()  # noqa: SIM115  (closed by close_log)
            self.port = _free_port()
            self._process = subprocess.Popen(
                [str(prism), "mock", "-h", "127.0.0.1", "-p", str(self.port), str(self.spec)],
                cwd=ROOT,
                stdin=subprocess.DEVNULL,
                stdout=self._log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group: node and anything it forks
                env={**os.environ, "NO_COLOR": "1", "SCARF_ANALYTICS": "false"},
            )
            atexit.register(self.stop)
            deadline = time.monotonic() + self.timeout
            while time.monotonic() < deadline:
                if self._process.poll() is not None:
                    break
                # ready: Prism says so, and the port it said it took answers (not a squatter)
                if "Prism is listening" in self.log_text() and _accepts(self.port):
                    self.url = f"http://127.0.0.1:{self.port}"
                    return self
                time.sleep(0.1)
            log = self.log_text()
            exited = self._process.poll() is not None
            self.stop()
            self.close_log()
            if exited and attempt < attempts and "EADDRINUSE" in log:
                continue
            reason = "exited" if exited else f"did not listen within {self.timeout:.0f} s"
            where = f"{self.spec.relative_to(ROOT)} on port {self.port}"
            pytest.fail(f"Prism {reason} for {where}:\n{log[-4000:]}", pytrace=False)
        raise AssertionError("unreachable")

    def stop(self) -> None:
        """Kill the process group (TERM, then KILL after 5 s); idempotent."""
        process, self._process = self._process, None
        if process is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=5)
            else:
                # node may have left children in the group: make sure none survive
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(process.pid, signal.SIGKILL)
        atexit.unregister(self.stop)

    def close_log(self) -> None:
        if self._log is not None:
            self._log.close()
            self._log = None

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
        self.close_log()


class PrismPool:
    """Prism servers by spec path, started on first use, all stopped by :meth:`stop_all`."""

    def __init__(self) -> None:
        self._servers: dict[Path, PrismServer] = {}

    def server(self, spec: Path) -> PrismServer:
        key = Path(spec).resolve()
        if key not in self._servers:
            self._servers[key] = PrismServer(key).start()
        return self._servers[key]

    def url(self, spec: Path) -> str:
        return self.server(spec).url

    def stop_all(self) -> None:
        for server in self._servers.values():
            server.stop()
            server.close_log()
        self._servers.clear()


@pytest.fixture(scope="session", name="prism_servers")
def prism_servers_fixture() -> Iterator[PrismPool]:
    """One Prism per spec for the whole session: ``prism_servers.url(spec_path)``."""
    prism_binary()
    pool = PrismPool()
    try:
        yield pool
    finally:
        pool.stop_all()


# -- the provider's own document: what a request may contain ---------------------------------

SPECS: dict[str, Path] = {name: provider.spec for name, provider in manifest_providers().items()}

#: keyword arguments every generated method has; a documented name equal to one of them gets a
#: trailing underscore in Python (Nebius documents a body property called `extra_body`).
SDK_KWARGS = frozenset({"extra_headers", "extra_query", "extra_body", "timeout", "max_retries"})


def python_name(wire: str) -> str:
    return wire + "_" if wire in SDK_KWARGS else wire


@dataclass(frozen=True)
class Operation:
    """The completions operation of a vendored spec (no overlay: the provider's document)."""

    provider: str
    spec: dict[str, Any]
    path: str
    operation: dict[str, Any]

    def resolve(self, schema: dict[str, Any]) -> dict[str, Any]:
        while "$ref" in schema:
            node: Any = self.spec
            for part in schema["$ref"].removeprefix("#/").split("/"):
                node = node[part.replace("~1", "/").replace("~0", "~")]
            schema = node
        return schema

    @property
    def parameters(self) -> dict[str, dict[str, Any]]:
        """Documented parameters by name (path, query, header)."""
        return {p["name"]: p for p in map(self.resolve, self.operation.get("parameters", []))}

    @property
    def body_schema(self) -> dict[str, Any]:
        content = self.resolve(self.operation["requestBody"])["content"]
        return self.resolve(content["application/json"]["schema"])

    @property
    def body_properties(self) -> dict[str, dict[str, Any]]:
        return {k: self.resolve(v) for k, v in self.body_schema["properties"].items()}

    @property
    def documented(self) -> frozenset[str]:
        """Every request input the document names: parameters and body properties."""
        return frozenset(self.parameters) | frozenset(self.body_properties)

    def shape(self, schema: dict[str, Any]) -> str:
        """`string`, `integer`, `array[array[integer]]`, ... (unions are handled by callers)."""
        schema = self.resolve(schema)
        kind = schema.get("type", "object" if "properties" in schema else "any")
        if kind == "array":
            return f"array[{self.shape(schema.get('items', {}))}]"
        return str(kind)

    def variants(self, name: str) -> list[str]:
        """The shapes a body property may take: one, or one per `oneOf`/`anyOf` branch."""
        schema = self.body_properties[name]
        branches = schema.get("oneOf") or schema.get("anyOf")
        return [self.shape(b) for b in branches] if branches else [self.shape(schema)]

    def nullable(self, name: str) -> bool:
        schema = self.body_properties.get(name) or self.resolve(self.parameters[name]["schema"])
        return bool(schema.get("nullable")) or "null" in (schema.get("type") or ())


def operation(provider: str) -> Operation:
    """The single `POST .../completions` operation of `provider`'s vendored document."""
    path = SPECS[provider]
    text = path.read_text(encoding="utf-8")
    spec = json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)
    found = [
        (route, item["post"])
        for route, item in spec["paths"].items()
        if route.endswith("/completions") and "post" in item
    ]
    assert len(found) == 1, f"{path}: expected one POST .../completions, found {found}"
    return Operation(provider, spec, *found[0])


#: A valid value for every request input the three documents name, by name and by shape (the
#: documents disagree on types: `stop` is a string, a list, or either). A property a spec adds
#: or retypes has no sample here, and the tests that send "every documented parameter" fail.
SAMPLES: dict[str, dict[str, Any]] = {
    "model": {"string": "meta-llama/Llama-3.3-70B-Instruct"},
    "prompt": {
        "string": "Say hello",
        "array[string]": ["Say hello", "Say goodbye"],
        "array[integer]": [9906, 11, 1917],
        "array[array[integer]]": [[9906, 11], [1917]],
    },
    "best_of": {"number": 3, "integer": 3},
    "echo": {"boolean": True},
    "frequency_penalty": {"number": 0.5},
    "logit_bias": {"object": {"50256": -100, "1917": 2.5}},
    "logprobs": {"number": 2, "integer": 2},
    "max_tokens": {"integer": 16},
    "n": {"integer": 2},
    "presence_penalty": {"number": -0.25},
    "seed": {"integer": 42},
    "stop": {"string": "\n", "array[string]": ["\n", "END"]},
    "stream": {"boolean": False},
    # every nested property any document declares; each document gets the ones it declares
    "stream_options": {"object": {"include_usage": True, "include_obfuscation": False}},
    "temperature": {"number": 0.7},
    "top_p": {"number": 0.9},
    "user": {"string": "user-1234"},
    "service_tier": {"string": "flex"},
    "extra_body": {"object": {"top_k": 40, "repetition_penalty": 1.1}},
    # parameters
    "product_id": {"integer": 1234},
    "ai_project_id": {"string": "project-e0t1v2"},
}


def sample(op: Operation, name: str, shape: str | None = None) -> Any:
    """A valid value for input `name` (of the given union branch shape, else the first)."""
    if name in op.parameters:
        shapes = [op.shape(op.parameters[name]["schema"])]
    else:
        shapes = op.variants(name)
    wanted = shape or shapes[0]
    known = SAMPLES.get(name, {})
    if wanted not in known:
        raise AssertionError(
            f"{op.provider}: no sample value for documented input "
            f"{name!r} of shape {wanted!r}; add one to tests/support/prism.py SAMPLES"
        )
    value = copy.deepcopy(known[wanted])
    schema = op.body_properties.get(name, {})
    declared = op.resolve(schema).get("properties")
    if declared and isinstance(value, dict):
        missing = set(declared) - set(value)
        assert not missing, f"{op.provider}: no sample for {name}.{sorted(missing)}"
        value = {key: item for key, item in value.items() if key in declared}
    return value


def full_arguments(provider: str) -> dict[str, Any]:
    """Keyword arguments (Python names) setting every documented input to a valid value."""
    op = operation(provider)
    return {python_name(name): sample(op, name) for name in sorted(op.documented)}
