"""No field of a model is named like another field's wire key.

`userName` became the field `user_name` (alias `userName`) and the property `user_name` the
field `user_name_1`: taking fields by name too, pydantic filled `user_name` from the key
`user_name` as well (an answer's one value in two fields), and `User(user_name="a")` sent a
`userName` the caller never gave. `userName`'s field is now `user_name_2`; every other field
still takes its name (taking them by alias only, `User(created_at=...)` went to the extras and
sent `createdAt: null`). The package is generated and used in a fresh interpreter.
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
from generator.models.wire_keys import wire_key_edits


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
                             "age": {"type": "integer"}, "createdAt": {"type": "string"}}),
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
    assert (read.user_name_2, read.user_name_1) == (None, "x"), read
    read = User.model_validate({"userName": "A", "user_name": "x"})
    assert (read.user_name_2, read.user_name_1) == ("A", "x"), read
    assert not hasattr(read, "user_name")  # code reading the old name fails, loudly

    # `user_name=` is the property `user_name`; the other fields still take their names
    sent = User(user_name="a", created_at="2024").model_dump(by_alias=True, exclude_unset=True)
    assert sent == {"user_name": "a", "createdAt": "2024"}, sent
    sent = User(user_name_2="A", user_name_1="a").model_dump(by_alias=True, exclude_unset=True)
    assert sent == {"userName": "A", "user_name": "a"}, sent

    # a subclass inherits both fields: the same
    read = Admin.model_validate({"user_name": "x", "level": 2})
    assert (read.user_name_2, read.user_name_1, read.level) == (None, "x", 2), read

    assert Plain(first_name="F").model_dump(by_alias=True) == {"firstName": "F"}

    # the lax fallback (an answer that does not validate) reads the keys alike
    built = _parse.construct({"user_name": "x", "age": "not a number"}, User)
    assert (built.user_name_2, built.user_name_1, built.age) == (None, "x", "not a number"), built
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


def _fields_of(tree: ast.Module, name: str) -> list[str]:
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name)
    return [ast.unparse(s.target) for s in cls.body if isinstance(s, ast.AnnAssign)]


def test_a_field_named_like_a_key_is_renamed_where_it_is_declared() -> None:
    cleaned = ast.parse(mypy_clean(MODELS))
    assert _fields_of(cleaned, "Other") == ["user_name_2", "user_name_1"]
    assert _config_of(cleaned, "Other") == {"extra": "allow"}  # still takes names
    assert _fields_of(cleaned, "Fine") == ["user_name"]
    # inherited from a base that has no clash of its own: the subclass takes aliases only
    assert _fields_of(cleaned, "Base") == ["user_name"]
    assert _config_of(cleaned, "Base") == {"populate_by_name": True}
    assert _config_of(cleaned, "Child") == {"populate_by_name": False}


def test_a_field_a_discriminator_names_is_not_renamed() -> None:
    source = MODELS + textwrap.dedent(
        """

        class Holder(BaseModel):
            item: Annotated[Other, Field(discriminator="user_name")]
        """)
    cleaned = ast.parse(mypy_clean(source))
    assert _fields_of(cleaned, "Other") == ["user_name", "user_name_1"]
    assert _config_of(cleaned, "Other") == {"extra": "allow", "populate_by_name": False}


def test_nothing_to_edit_without_config_dict() -> None:
    source = MODELS.replace(", ConfigDict", "")
    assert list(wire_key_edits(ast.parse(source))) == []
