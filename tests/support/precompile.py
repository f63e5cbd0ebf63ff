"""Recompile the templates into generator/render/compiled_templates/ after an edit of templates/.

    python -m tests.support.precompile   # `make golden` runs it first

A template edited and not recompiled still renders (from its source: `render.precompiled`), only
slower; tests/render/test_precompiled.py fails until it is recompiled.
"""

from __future__ import annotations

import sys

from generator.render.environment import TEMPLATES, source_environment
from generator.render.precompiled import COMPILED, compile_all


def main() -> int:
    compile_all(source_environment(TEMPLATES), TEMPLATES, COMPILED)
    print(f"compiled {len(list(COMPILED.glob('tmpl_*.py')))} templates into {COMPILED}",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
