"""The layering of generator/ (issue 10, property 2), read from the source by an AST walk.

- `generator.problems` (and the package root, `generator/__init__.py`) import nothing from generator;
- `generator.io.*` imports only problems and io;
- the stages, lowest first: document < names < validate < tolerate < ir < models < render < output;
  each imports only problems, io, itself and the stages below it;
- `generator.drift.*` imports problems, io, document, names and ir; `generator.manifest` problems,
  io and document; `generator.pipeline` anything but cli;
  `generator.cli.*` anything but the entry point, `generator.command` and `generator.__main__`
  anything;
- no import cycles among generator modules.

Every import counts, module-level and function-level. The rules and the checker live in
tests/support/architecture.py; the last test proves the checker can fail, on a fake tree.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from tests.support import ROOT
from tests.support.architecture import (
    Import,
    collect_imports,
    import_cycles,
    layer_of,
    layering_violations,
    module_names,
)


def test_generator_imports_follow_the_layers() -> None:
    modules = module_names(ROOT)
    assert {"generator", "generator.problems", "generator.pipeline", "generator.cli"} <= set(modules)
    unplaced = [name for name in modules if layer_of(name) is None]
    assert unplaced == [], f"modules the layer rules do not place: {unplaced}"
    imports = collect_imports(ROOT)
    assert any(edge.source == "generator.pipeline" for edge in imports)  # the walk sees imports
    violations = layering_violations(imports)
    assert violations == [], "imports across the layers:\n" + "\n".join(violations)


def test_generator_has_no_import_cycles() -> None:
    cycles = import_cycles(collect_imports(ROOT))
    assert cycles == [], "import cycles:\n" + "\n".join(cycles)


def _write(root: Path, files: dict[str, str]) -> None:
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")


def test_the_checker_reports_a_layer_violation_and_a_cycle_with_file_and_line(tmp_path: Path) -> None:
    _write(tmp_path, {
        "generator/__init__.py": '"""root"""\n',
        "generator/problems.py": "import json\n",
        "generator/ir/__init__.py": "",
        "generator/ir/builder.py": "",
        "generator/document/__init__.py": "",
        # the violation: the document stage reaches up into the ir stage
        "generator/document/x.py": """
            '''A document module.'''

            from generator.ir import builder
            """,
        # allowed: io and problems, relative imports resolved
        "generator/document/y.py": """
            from ..problems import GeneratorError
            from . import x
            """,
        "generator/io/__init__.py": "",
        "generator/io/w.py": "import generator.problems\n",
        "generator/validate/__init__.py": "",
        "generator/validate/rules.py": "",
        # `import a.b.c` is an edge to a.b.c only, not to a.b or a
        "generator/validate/v.py": "import generator.validate.rules\n",
        # a two-module cycle inside drift (allowed by the layers), closed by a function-level import
        "generator/drift/__init__.py": "",
        "generator/drift/a.py": "from generator.drift import b\n",
        "generator/drift/b.py": """
            def late() -> None:
                from . import a
            """,
    })
    imports = collect_imports(tmp_path)
    assert imports == [
        Import("generator.document.x", "generator.ir.builder", "generator/document/x.py", 3),
        Import("generator.document.y", "generator.problems", "generator/document/y.py", 1),
        Import("generator.document.y", "generator.document.x", "generator/document/y.py", 2),
        Import("generator.drift.a", "generator.drift.b", "generator/drift/a.py", 1),
        Import("generator.drift.b", "generator.drift.a", "generator/drift/b.py", 2),
        Import("generator.io.w", "generator.problems", "generator/io/w.py", 1),
        Import("generator.validate.v", "generator.validate.rules", "generator/validate/v.py", 1),
    ]
    violation = ("generator/document/x.py:3: generator.document.x imports generator.ir.builder "
                 "(document may import only: document, io, problems, root)")
    assert layering_violations(imports) == [violation]
    cycle = ("generator.drift.a (generator/drift/a.py:1) -> generator.drift.b (generator/drift/b.py:2)"
             " -> generator.drift.a")
    assert import_cycles(imports) == [cycle]
