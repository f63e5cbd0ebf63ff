"""A model where a field's name is another field's wire key reads and takes fields by alias only.

`userName` becomes the field `user_name` (alias `userName`) and the property `user_name` the
field `user_name_1`: taking fields by name too, pydantic filled `user_name` from the key
`user_name` as well (an answer's one value in two fields), and `User(user_name="a")` sent a
`userName` the caller never gave. The package is generated and used in a fresh interpreter.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import textwrap
from pathlib import Path

from generator import pipeline
from generator.io import write
from generator.models.typing_fixes import mypy_clean
from generator.models.wire_keys import alias_only_edits


def _object(properties: dict[str, object]) -> dict[str, object]:
    return {"type": "object", "properties": properties}


SPEC = {
    "openapi": "3.0.3",
    "info": {"title": "Keys", "version": "1"},
    "servers": [{"url": "https://keys.example.com"}],
    "paths": {
        "/users": {
            "post": {
                "operationId": "createUser",
                "requestBody": {"content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/Admin"}}}},
                "responses": {"200": {"description": "ok", "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/User"}}}}},
            }
        }
    },
    "components": {
        "schemas": {
            "User": _object({"userName": {"type": "string"}, "user_name": {"type": "string"},
                             "age": {"type": "integer"}}),
            "Admin": {"allOf": [{"$ref": "#/components/schemas/User"},
                                _object({"level": {"type": "integer"}})]},
            "Plain": _object({"firstName": {"type": "string"}}),
        }
    },
}

CHECK = textwrap.dedent(
    """
    from feat_keys import models
    from feat_keys import _parse
    User, Admin, Plain = models.User, models.Admin, models.Plain

    read = User.model_validate({"user_name": "x"})
    assert (read.user_name, read.user_name_1) == (None, "x"), read
    read = User.model_validate({"userName": "A", "user_name": "x"})
    assert (read.user_name, read.user_name_1) == ("A", "x"), read

    # the keywords are the wire names: `user_name=` is the property `user_name`
    sent = User(user_name="a").model_dump(by_alias=True, exclude_unset=True)
    assert sent == {"user_name": "a"}, sent
    sent = User(userName="A", user_name="a").model_dump(by_alias=True, exclude_unset=True)
    assert sent == {"userName": "A", "user_name": "a"}, sent

    # a subclass inherits both fields: the same
    read = Admin.model_validate({"user_name": "x", "level": 2})
    assert (read.user_name, read.user_name_1, read.level) == (None, "x", 2), read

    # a model without such a clash still takes its fields by name
    assert Plain(first_name="F").model_dump(by_alias=True) == {"firstName": "F"}

    # the lax fallback (an answer that does not validate) reads the keys alike
    built = _parse.construct({"user_name": "x", "age": "not a number"}, User)
    assert (built.user_name, built.user_name_1, built.age) == (None, "x", "not a number"), built
    print("ok")
    """
)


def test_a_field_name_that_is_another_key_is_not_read_from_it(tmp_path: Path) -> None:
    spec = tmp_path / "keys.json"
    spec.write_text(json.dumps(SPEC), encoding="utf-8")
    files = pipeline.build_packages([pipeline.target_for_spec(spec, "feat_keys")])["feat_keys"]
    write.write(files, tmp_path / "out" / "feat_keys")
    result = subprocess.run([sys.executable, "-c", CHECK], cwd=tmp_path / "out",
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


MODELS = textwrap.dedent(
    '''
    from typing import Annotated

    from pydantic import BaseModel, ConfigDict, Field


    class Base(BaseModel):
        model_config = ConfigDict(
            populate_by_name=True,
        )
        user_name: Annotated[str | None, Field(alias="userName")] = None


    class Child(Base):
        """A docstring."""

        user_name_1: str | None = Field(None, alias="user_name")


    class Other(BaseModel):
        model_config = ConfigDict(extra="allow")
        user_name: Annotated[str | None, Field(alias="userName")] = None
        user_name_1: Annotated[str | None, Field(alias="user_name")] = None


    class Fine(BaseModel):
        model_config = ConfigDict(populate_by_name=True)
        user_name: Annotated[str | None, Field(alias="userName")] = None
    '''
)


def _config_of(tree: ast.Module, name: str) -> dict[str, object] | None:
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name)
    for statement in cls.body:
        if isinstance(statement, ast.Assign) and ast.unparse(statement.targets[0]) == "model_config":
            assert isinstance(statement.value, ast.Call)
            return {k.arg or "": ast.literal_eval(k.value) for k in statement.value.keywords}
    return None


def test_the_config_is_edited_added_to_or_given() -> None:
    cleaned = ast.parse(mypy_clean(MODELS))
    assert _config_of(cleaned, "Base") == {"populate_by_name": True}  # no clash on its own
    assert _config_of(cleaned, "Child") == {"populate_by_name": False}  # inherited `userName`
    assert _config_of(cleaned, "Other") == {"extra": "allow", "populate_by_name": False}
    assert _config_of(cleaned, "Fine") == {"populate_by_name": True}


def test_nothing_to_edit_without_config_dict() -> None:
    source = MODELS.replace(", ConfigDict", "")
    assert list(alias_only_edits(ast.parse(source))) == []
