"""`format: email` / `idn-email` string fields become plain `str` in models.py.

datamodel-code-generator would emit pydantic's `EmailStr`, which needs the email-validator
package; generated packages do not depend on it, so importing such models would fail. The
package is generated, then imported and used in a fresh interpreter that has no
email-validator (the dev venv does not install it; the test checks that too).
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from generator import pipeline
from generator.io import write
from tests.support import subpackage_text

SPEC = {
    "openapi": "3.0.3",
    "info": {"title": "Mail", "version": "1"},
    "servers": [{"url": "https://mail.example.com"}],
    "paths": {
        "/users": {
            "post": {
                "operationId": "createUser",
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {"schema": {"$ref": "#/components/schemas/User"}}
                    },
                },
                "responses": {
                    "200": {
                        "description": "ok",
                        "content": {
                            "application/json": {"schema": {"$ref": "#/components/schemas/User"}}
                        },
                    }
                },
            }
        }
    },
    "components": {
        "schemas": {
            "User": {
                "type": "object",
                "required": ["email"],
                "properties": {
                    "email": {
                        "type": "string",
                        "format": "email",
                        "description": "Where to write.",
                    },
                    "backup": {"type": "string", "format": "idn-email", "maxLength": 64},
                    "cc": {"type": "array", "items": {"type": "string", "format": "email"}},
                },
            }
        }
    },
}

CHECK = textwrap.dedent(
    """
    import importlib.util, sys
    assert importlib.util.find_spec("email_validator") is None, "email-validator is installed"
    from feat_email import models
    user = models.User.model_validate(
        {"email": "a@example.com", "backup": "b@exämple.com", "cc": ["c@example.com"]}
    )
    assert user.email == "a@example.com" and user.cc == ["c@example.com"]
    assert models.User.model_fields["email"].description == "Where to write."
    assert models.User.model_fields["email"].annotation is str
    print("ok")
    """
)


def test_email_formats_are_plain_strings(tmp_path: Path) -> None:
    spec = tmp_path / "email.json"
    spec.write_text(json.dumps(SPEC), encoding="utf-8")
    packages = pipeline.build_packages([pipeline.target_for_spec(spec, "feat_email")])
    files = packages["feat_email"]
    assert "EmailStr" not in subpackage_text(files)
    write.write(files, tmp_path / "out" / "feat_email")
    result = subprocess.run(
        [sys.executable, "-c", CHECK],
        cwd=tmp_path / "out",
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
