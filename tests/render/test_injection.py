"""Issue #5.2: spec strings cannot inject code, and keep their values exactly.

A hypothesis test fills every string slot of one document shape (titles, descriptions,
summaries, enum values, defaults, examples, property, parameter, header and operation names,
tags, the server URL, the auth header) with hostile text: quotes, triple quotes, backslashes,
newlines, `{{ }}` / `{% %}`, NUL, other control characters and non-ASCII. Each document goes
through the real pipeline in memory (load -> validate -> ir -> models -> render) and:

- every generated module compiles;
- its AST, with spec-derived identifiers and spec strings abstracted, is the same multiset of
  nodes as for a benign document of the same shape: an extra statement, call, import or name
  would be an injection;
- each value that must be exact (enum values, defaults, examples, wire names, the server URL)
  is a string constant of the generated code, unchanged.

Every slot's text starts with a unique marker word (`zq<n>`), which keeps the shape fixed
(names never collide or come out empty) and tells spec-derived identifiers apart from the
templates' own. A few fixed hostile documents are also generated through the CLI (formatted,
written), imported, and called against a scripted server: the values arrive exactly.
"""

from __future__ import annotations

import ast
import functools
import json
import re
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from generator import pipeline
from generator.render import docstring, literal
from tests.support import ROOT, import_from
from tests.support.servers import Reply, ScriptedServer

RENDERED = ("__init__.py", "_client.py")
# ... and every module of these packages (one module per resource)
RENDERED_PACKAGES = ("resources/",)
MODELS = "models/"  # the models package: its modules read as one (their names come from the spec)
FRAGMENTS = (
    '"',
    "'",
    '"""',
    "'''",
    "\\",
    "\\\\",
    "\\n",
    "\n",
    "\r",
    "\r\n",
    "\t",
    "\x00",
    "\x0b",
    "\x0c",
    "\x1b",
    "\x7f",
    "\x85",
    "\u2028",
    "\u2029",
    "\ufeff",
    "{{",
    "}}",
    "{%",
    "%}",
    "{#",
    "#}",
    "{{ 7*7 }}",
    "{% raw %}",
    "é",
    "中",
    "𝔘",
    "ﬁ",
    "Ａ",
    "#",
    "%s",
    "{0}",
    "${x}",
    ")",
    "]",
    '"); import os; ("',
    "'''; __import__('os').system('x'); '''",
    '"""\nimport os\n"""',
    "\\N{BULLET}",
    "\\x00",
    "\\u0041",
    "f'{x}'",
    "__import__",
    ":",
    ",",
    " ",
)
PAYLOAD = st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=3)), max_size=5).map(
    "".join
)
SLOTS = (
    "title",
    "info_description",
    "server",
    "tag",
    "operation_id",
    "summary",
    "op_description",
    "path_param_description",
    "query_name",
    "query_description",
    "query_enum_1",
    "query_enum_2",
    "query_example",
    "header_name",
    "cookie_name",
    "response_description",
    "response_header",
    "schema_description",
    "prop_name",
    "prop_description",
    "prop_default",
    "prop_example",
    "enum_prop_name",
    "enum_1",
    "enum_2",
    "auth_header",
    "path_segment",
)
EXACT = (  # slots whose text must reach the generated code unchanged
    "server",
    "query_name",
    "query_enum_1",
    "query_enum_2",
    "header_name",
    "cookie_name",
    "response_header",
    "prop_name",
    "prop_default",
    "prop_example",
    "enum_prop_name",
    "enum_1",
    "enum_2",
    "auth_header",
)


def texts(payloads: dict[str, str]) -> dict[str, str]:
    """Slot -> full text: a unique marker word, a space, then the payload."""
    t = {slot: f"zq{index} {payloads.get(slot, '')}" for index, slot in enumerate(SLOTS)}
    # a server URL with `{` is a template, and one with `?`, `#` or a control character one no
    # client takes as a base URL (ir/servers.py): none is the default; keep it an absolute URL
    t["server"] = "https://x.example/" + re.sub(r"[{}?#\x00-\x1f\x7f]", "", t["server"]) + "/z"
    # a header or cookie name that is no HTTP token skips its operation (names/headers.py,
    # tests/hostile/test_unsendable_and_protected_names.py), as does an apiKey header name
    # (ir/security.py): these stay sendable, quotes and all, so the operation is generated and
    # their text checked here
    for slot in ("header_name", "cookie_name", "auth_header"):
        t[slot] = re.sub(r"[^!#$%&'*+\-.^_`|~0-9A-Za-z]", "", t[slot].replace(" ", "-", 1))
    return t


def make_doc(t: dict[str, str]) -> dict[str, Any]:
    # (a control character in a path skips its operations: tests/tolerate's `unsendable_paths`)
    path_segment = re.sub(r"[{}/?#%\x00-\x1f\x7f]", "", t["path_segment"])
    return {
        "openapi": "3.1.0",
        "info": {"title": t["title"], "version": "1", "description": t["info_description"]},
        "servers": [{"url": t["server"]}],
        "security": [{"key": []}],
        "paths": {
            f"/items/{path_segment}/{{item_id}}": {
                "post": {
                    "operationId": t["operation_id"],
                    "summary": t["summary"],
                    "description": t["op_description"],
                    "tags": [t["tag"]],
                    "parameters": [
                        {
                            "name": "item_id",
                            "in": "path",
                            "required": True,
                            "schema": {"type": "string"},
                            "description": t["path_param_description"],
                        },
                        {
                            "name": t["query_name"],
                            "in": "query",
                            "description": t["query_description"],
                            "example": t["query_example"],
                            "schema": {
                                "type": "string",
                                "enum": [t["query_enum_1"], t["query_enum_2"]],
                                "default": t["query_enum_2"],
                            },
                        },
                        {"name": t["header_name"], "in": "header", "schema": {"type": "string"}},
                        {"name": t["cookie_name"], "in": "cookie", "schema": {"type": "string"}},
                    ],
                    "requestBody": {
                        "required": True,
                        "content": {
                            "application/json": {"schema": {"$ref": "#/components/schemas/Thing"}}
                        },
                    },
                    "responses": {
                        "200": {
                            "description": t["response_description"],
                            "headers": {t["response_header"]: {"schema": {"type": "integer"}}},
                            "content": {
                                "application/json": {
                                    "schema": {"$ref": "#/components/schemas/Thing"}
                                }
                            },
                        }
                    },
                }
            }
        },
        "components": {
            "securitySchemes": {
                "key": {"type": "apiKey", "in": "header", "name": t["auth_header"]}
            },
            "schemas": {
                "Thing": {
                    "type": "object",
                    "description": t["schema_description"],
                    "required": [t["enum_prop_name"]],
                    "properties": {
                        t["prop_name"]: {
                            "type": "string",
                            "description": t["prop_description"],
                            "default": t["prop_default"],
                            "examples": [t["prop_example"]],
                        },
                        t["enum_prop_name"]: {"type": "string", "enum": [t["enum_1"], t["enum_2"]]},
                    },
                }
            },
        },
    }


def render_in_memory(doc: dict[str, Any], folder: Path) -> dict[str, str]:
    spec = folder / "spec.json"
    spec.write_text(json.dumps(doc), encoding="utf-8")
    target = pipeline.target_for_spec(spec, "hostile")
    return pipeline.render_package(target, pipeline.load_checked(target))


def _identifier(name: str | None) -> str:
    if name is None:
        return "-"
    return "ID" if "zq" in name.lower() else name


def skeleton(tree: ast.AST) -> Counter[str]:
    """Every node as `Type` plus its identifiers / constant kind; spec-derived ones abstracted."""
    shape: Counter[str] = Counter()
    for node in ast.walk(tree):
        label = type(node).__name__
        if isinstance(node, ast.Name):
            label += ":" + _identifier(node.id)
        elif isinstance(node, ast.Attribute):
            label += ":" + _identifier(node.attr)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            label += ":" + _identifier(node.name)
        elif isinstance(node, (ast.arg, ast.keyword)):
            label += ":" + _identifier(node.arg)
        elif isinstance(node, ast.alias):
            label += ":" + _identifier(node.name) + " as " + _identifier(node.asname)
        elif isinstance(node, ast.ImportFrom) and node.level:  # a group module: named from the spec
            label += ":" + "." * node.level + _identifier(node.module)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            # `from .resources.<attribute> import ...`: the attribute comes from the spec
            module = str(getattr(node, "module", ""))
            label += ":" + ".".join(_identifier(part) for part in module.split("."))
        elif isinstance(node, ast.Constant):
            value = node.value
            if isinstance(value, str) and "zq" in value.lower():
                label += ":spec-str"
            else:
                label += ":" + repr(value)
        shape[label] += 1
    return shape


def module_names(tree: ast.Module) -> Counter[str]:
    """Names bound at module level."""
    bound: Counter[str] = Counter()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound[_identifier(node.name)] += 1
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name):
                        bound[_identifier(name.id)] += 1
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                bound[_identifier(alias.asname or alias.name)] += 1
        else:
            bound[f"<{type(node).__name__}>"] += 1
    return bound


def parse_all(files: dict[str, str]) -> dict[str, ast.Module]:
    trees = {}
    names = [n for n in sorted(files) if n in RENDERED or n.startswith(RENDERED_PACKAGES)]
    assert "resources/__init__.py" in names
    for name in (n for n in names if n.endswith(".py")):
        compile(files[name], name, "exec")  # the bytes compile, not only parse
        # `resources/<attribute>.py`: the attribute is spec-derived
        key = "/".join(_identifier(part) for part in name.split("/"))
        assert key not in trees, f"two modules are {key}: compare them apart"
        trees[key] = ast.parse(files[name])
    models = sorted(name for name in files if name.startswith(MODELS))
    assert f"{MODELS}__init__.py" in models and len(models) > 1
    for name in models:
        compile(files[name], name, "exec")
    trees[MODELS] = ast.Module([node for name in models for node in ast.parse(files[name]).body], [])
    return trees


def string_constants(trees: dict[str, ast.Module]) -> set[str]:
    return {
        node.value
        for tree in trees.values()
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }


@functools.cache
def benign() -> dict[str, tuple[Counter[str], Counter[str]]]:
    """Skeleton and module-level names of each module, for plain words in every slot."""
    t = texts({slot: "plain words" for slot in SLOTS})
    with tempfile.TemporaryDirectory(prefix="injection-benign-") as folder:
        trees = parse_all(render_in_memory(make_doc(t), Path(folder)))
    assert {t[slot] for slot in EXACT} <= string_constants(trees)
    return {name: (skeleton(tree), module_names(tree)) for name, tree in trees.items()}


def _difference(left: Counter[str], right: Counter[str]) -> str:
    return f"extra: {dict(left - right)}; missing: {dict(right - left)}"


@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(payloads=st.fixed_dictionaries({slot: PAYLOAD for slot in SLOTS}))
@example(payloads=dict.fromkeys(SLOTS, '"); import os; ("'))
@example(payloads=dict.fromkeys(SLOTS, "'); __import__('os').system('x'); ('"))
@example(payloads=dict.fromkeys(SLOTS, '"""\nimport os\n"""'))
@example(payloads=dict.fromkeys(SLOTS, "{{ 7*7 }}{% raw %}\\\x00\r\n\u2028é中"))
def test_hostile_strings_compile_to_the_same_code_shape(
    payloads: dict[str, str], tmp_path_factory: pytest.TempPathFactory
) -> None:
    t = texts(payloads)
    files = render_in_memory(make_doc(t), tmp_path_factory.mktemp("hostile", numbered=True))
    trees = parse_all(files)
    reference = benign()
    for name, tree in trees.items():
        shape, bound = skeleton(tree), module_names(tree)
        assert bound == reference[name][1], (
            f"{name}: module-level names differ: {_difference(bound, reference[name][1])}"
        )
        assert shape == reference[name][0], (
            f"{name}: code shape differs: {_difference(shape, reference[name][0])}"
        )
    constants = string_constants(trees)
    missing = {slot: t[slot] for slot in EXACT if t[slot] not in constants}
    assert not missing, f"values not kept exactly: {missing}"


# ---- the filters themselves -------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(
    value=st.recursive(
        st.none()
        | st.booleans()
        | st.integers()
        | st.floats(allow_nan=False, allow_infinity=False)
        | st.text(),
        lambda inner: (
            st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
        ),
        max_leaves=8,
    )
)
def test_literal_is_an_exact_python_literal(value: object) -> None:
    source = literal(value)
    tree = ast.parse(source, mode="eval")
    assert all(
        isinstance(node, (ast.Constant, ast.List, ast.Dict, ast.UnaryOp, ast.USub, ast.Load))
        for node in ast.walk(tree.body)
    ), source
    assert ast.literal_eval(source) == value


@settings(max_examples=300, deadline=None)
@given(
    text=st.lists(st.sampled_from(FRAGMENTS) | st.text(max_size=4), max_size=10).map("".join),
    indent=st.sampled_from(["", "    ", "        "]),
)
def test_docstring_is_one_string_constant(text: str, indent: str) -> None:
    source = f"def f():\n{indent or ' '}{docstring(text, indent or ' ')}\n{indent or ' '}pass\n"
    compile(source, "<doc>", "exec")
    function = ast.parse(source).body[0]
    assert isinstance(function, ast.FunctionDef) and len(function.body) == 2
    doc = ast.get_docstring(function, clean=False)
    assert doc is not None
    # what a reader sees: the same words, in order (control characters become spaces)
    words = [
        w
        for w in re.split(r"\s+", "".join(c if c >= " " or c in "\n\t" else " " for c in text))
        if w
    ]
    assert [w for w in re.split(r"\s+", doc) if w] == words


# ---- fixed hostile documents, end to end, on the wire ----------------------------------

WIRE_CASES = {
    "quotes": "a\"b'c\"\"\"d'''e",
    "escapes": "back\\slash \\n \\x00 \\N{BULLET} \\u0041",
    "control": "nul\x00 tab\t cr\r lf\n vt\x0b",
    "jinja": "{{ 7*7 }} {% if true %}x{% endif %} {# c #}",
    "unicode": "é 中 𝔘 ﬁ Ａ \u2028 \ufeff",
    "code": "\"); import os; (\" '''; __import__('os').system('x'); '''",
}


@pytest.fixture(scope="module")
def wire_client(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, dict[str, dict[str, str]]]:
    """One package holding one operation per case, generated, formatted and written by the CLI."""
    folder = tmp_path_factory.mktemp("wire")
    paths: dict[str, Any] = {}
    schemas: dict[str, Any] = {}
    cases: dict[str, dict[str, str]] = {}
    for index, (case, payload) in enumerate(WIRE_CASES.items()):
        t = {
            "query": f"q{index} {payload}",
            "value": f"v{index} {payload}",
            "other": f"o{index} {payload}",
            "prop": f"p{index} {payload}",
            "default": f"d{index} {payload}",
            "enum_prop": f"e{index} {payload}",
        }
        cases[case] = t
        schemas[f"Body{index}"] = {
            "type": "object",
            "properties": {
                t["prop"]: {"type": "string", "default": t["default"]},
                t["enum_prop"]: {"type": "string", "enum": [t["value"], t["other"]]},
            },
        }
        paths[f"/{case}/{{item_id}}"] = {
            "post": {
                "operationId": f"call_{case}",
                "parameters": [
                    {
                        "name": "item_id",
                        "in": "path",
                        "required": True,
                        "schema": {"type": "string"},
                    },
                    {
                        "name": t["query"],
                        "in": "query",
                        "required": True,
                        "schema": {
                            "type": "string",
                            "enum": [t["value"], t["other"]],
                            "default": t["other"],
                        },
                    },
                ],
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {"$ref": f"#/components/schemas/Body{index}"}
                        }
                    },
                },
                "responses": {
                    "200": {
                        "description": "ok",
                        "content": {
                            "application/json": {
                                "schema": {"$ref": f"#/components/schemas/Body{index}"}
                            }
                        },
                    }
                },
            }
        }
    doc = {
        "openapi": "3.1.0",
        "info": {"title": "wire", "version": "1"},
        "servers": [{"url": "http://127.0.0.1:1/"}],
        "paths": paths,
        "components": {"schemas": schemas},
    }
    result = _generate(doc, folder, "wire_pkg")
    assert result.returncode == 0, result.stderr
    return import_from(folder, "wire_pkg"), cases


def _python_names(package: Any, operation: str) -> dict[str, str]:
    """Wire name -> argument name, read from the generated wire map of the method."""
    import inspect

    method = getattr(package.Client(api_key="k", base_url="http://x").default, operation)
    source = inspect.getsource(method)
    names = {}
    for node in ast.walk(ast.parse(source.strip() if source.startswith(" ") else source)):
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if isinstance(key, ast.Constant) and isinstance(value, ast.Name):
                    names[key.value] = value.id
    return names


@pytest.mark.parametrize("case", list(WIRE_CASES))
def test_hostile_values_arrive_exactly(
    case: str, wire_client: tuple[Any, dict[str, dict[str, str]]]
) -> None:
    package, cases = wire_client
    t = cases[case]
    item_id = f"id {WIRE_CASES[case]}".replace("\x00", "")
    with ScriptedServer([Reply(200, body={})], repeat_last=True) as server:
        client = package.Client(api_key="k", base_url=server.url)
        names = _python_names(package, f"call_{case}")
        getattr(client.default, f"call_{case}")(
            item_id=item_id,
            **{
                names[t["query"]]: t["value"],
                names[t["prop"]]: t["other"],
                names[t["enum_prop"]]: t["value"],
            },
        )
        request = server.requests[-1]
    assert request.query == [(t["query"], t["value"])]
    assert request.json() == {t["prop"]: t["other"], t["enum_prop"]: t["value"]}
    from urllib.parse import unquote

    assert unquote(request.path) == f"/{case}/{item_id}"
    models = package.models
    body = next(
        getattr(models, name)
        for name in dir(models)
        if name.startswith("Body")
        and t["prop"]
        in {f.alias for f in getattr(getattr(models, name), "model_fields", {}).values()}
    )
    field = next(f for f in body.model_fields.values() if f.alias == t["prop"])
    assert field.default == t["default"]


def test_the_shape_check_sees_injected_code(tmp_path: Path) -> None:
    """The detector itself: code slipped into a benign module changes its skeleton or names."""
    files = render_in_memory(make_doc(texts(dict.fromkeys(SLOTS, "plain words"))), tmp_path)
    reference = benign()
    for injected in ("import os\n", "os.system('x')\n", "PWNED = 1\n", "def zq_x():\n    pass\n"):
        tree = ast.parse(files["_client.py"] + injected)
        assert (skeleton(tree), module_names(tree)) != reference["_client.py"], injected
    quoted = files["_client.py"].replace("API_KEY_ENV = ", "API_KEY_ENV = print() or ", 1)
    assert skeleton(ast.parse(quoted)) != reference["_client.py"][0]


# ---- names the compiler treats as equal (NFKC) --------------------------------------------


def _nfkc_doc(query: list[str], props: list[str], enum: list[str]) -> dict[str, Any]:
    return {
        "openapi": "3.1.0",
        "info": {"title": "t", "version": "1"},
        "servers": [{"url": "https://x.example"}],
        "paths": {
            "/a": {
                "post": {
                    "operationId": "go",
                    "parameters": [
                        {"name": n, "in": "query", "schema": {"type": "string"}} for n in query
                    ],
                    "requestBody": {
                        "content": {
                            "application/json": {"schema": {"$ref": "#/components/schemas/T"}}
                        }
                    },
                    "responses": {"200": {"description": "ok"}},
                }
            }
        },
        "components": {
            "schemas": {
                "T": {
                    "type": "object",
                    "properties": {
                        **{n: {"type": "string"} for n in props},
                        "k": {"type": "string", "enum": enum or ["x"]},
                    },
                }
            }
        },
    }


def _generate(
    doc: dict[str, Any], folder: Path, package: str = "nfkc_pkg"
) -> subprocess.CompletedProcess[str]:
    """`python -m generator generate` of `doc` into `folder/package`."""
    spec = folder / "spec.json"
    spec.write_text(json.dumps(doc), encoding="utf-8")
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "generator",
            "generate",
            "--spec",
            str(spec),
            "--out",
            str(folder / package),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_nfkc_equal_argument_names_each_get_their_own_argument(tmp_path: Path) -> None:
    """`ﬁ`, `fi` and `FI` fold to one identifier: each gets its own argument (`fi`, `fi_`,
    `fi__`), and each value reaches the wire under its own name."""
    result = _generate(_nfkc_doc(["ﬁ", "fi", "FI"], [], []), tmp_path)
    assert result.returncode == 0, result.stderr
    package = import_from(tmp_path, "nfkc_pkg")
    with ScriptedServer([Reply(200, body={})], repeat_last=True) as server:
        client = package.Client(api_key="k", base_url=server.url)
        client.default.go(fi="one", fi_="two", fi__="three")
        request = server.requests[-1]
    assert request.query == [("ﬁ", "one"), ("fi", "two"), ("FI", "three")]


def test_nfkc_equal_property_names_are_two_fields_with_their_wire_names(tmp_path: Path) -> None:
    """`ﬁ` beside `fi` in one schema: Python would read both fields as `fi`. Both are kept,
    each under its own wire name, in the model and on the wire."""
    result = _generate(_nfkc_doc([], ["ﬁ", "fi"], []), tmp_path)
    assert result.returncode == 0, result.stderr
    package = import_from(tmp_path, "nfkc_pkg")
    parsed = package.models.T.model_validate({"ﬁ": "ligature", "fi": "plain"})
    assert parsed.model_dump(by_alias=True, exclude_unset=True) == {"ﬁ": "ligature", "fi": "plain"}
    assert not parsed.model_extra
    with ScriptedServer([Reply(200, body={})], repeat_last=True) as server:
        client = package.Client(api_key="k", base_url=server.url)
        client.default.go(fi="ligature", fi_="plain")
        request = server.requests[-1]
    assert request.json() == {"ﬁ": "ligature", "fi": "plain"}


def test_nfkc_equal_enum_values_give_an_importable_package(tmp_path: Path) -> None:
    result = _generate(_nfkc_doc([], [], ["ﬁ", "fi", "Ａ", "A"]), tmp_path)
    assert result.returncode == 0, result.stderr
    check = subprocess.run(
        [sys.executable, "-c", "import nfkc_pkg"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert check.returncode == 0, check.stderr


def test_lone_surrogate_is_a_located_problem(tmp_path: Path) -> None:
    spec = tmp_path / "spec.json"
    spec.write_text(
        '{"openapi": "3.1.0", "info": {"title": "t\\ud800", "version": "1"}, "paths": {}}',
        encoding="utf-8",
    )
    result = subprocess.run(
        [sys.executable, "-m", "generator", "validate", str(spec)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 1
    assert "/info/title" in result.stderr
