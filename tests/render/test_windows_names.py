"""A package checks out on Windows: no file of it is named like a device Windows keeps
(`con.py`, `AUX.py`, `lpt1.py`), whatever the document's tags; the client's attributes keep
the document's names."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

import yaml

from generator import pipeline
from generator.names.identifiers import WINDOWS_DEVICES
from tests.support import import_from


def _operation(tag: str) -> dict[str, object]:
    return {"operationId": f"get_{tag}", "tags": [tag], "responses": {"200": {
        "description": "ok", "content": {"application/json": {"schema": {
            "type": "object", "properties": {"a": {"type": "string"}}}}}}}}


DOC = {
    "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
    "servers": [{"url": "https://api.example.com"}],
    "paths": {f"/{tag}": {"get": _operation(tag)} for tag in ("con", "AUX", "lpt1", "items")},
}


def test_resource_modules_named_like_windows_devices_get_another_file(tmp_path: Path) -> None:
    spec = tmp_path / "doc.yaml"
    spec.write_text(yaml.safe_dump(DOC), encoding="utf-8")
    files = pipeline.build_packages([pipeline.target_for_spec(spec, "devices")])["devices"]
    stems = {PurePosixPath(name).name.split(".")[0].lower() for name in files}
    assert stems.isdisjoint(WINDOWS_DEVICES)
    assert {"resources/_con.py", "resources/_aux.py", "resources/_lpt1.py",
            "resources/items.py"} <= set(files)
    for name, text in files.items():
        (tmp_path / "out" / "devices" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "out" / "devices" / name).write_text(text, encoding="utf-8")
    package = import_from(tmp_path / "out", "devices")
    client = package.Client()
    assert [type(getattr(client, attr)).__name__ for attr in ("con", "aux", "lpt1", "items")] == [
        "Con", "Aux", "Lpt1", "Items"]
    from devices.resources import AsyncCon  # type: ignore[import-not-found]

    assert AsyncCon.__module__ == "devices.resources._con"
