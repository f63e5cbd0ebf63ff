"""Drift of generated files: `check` (a package or docs/providers.md against what its inputs
produce now) and `update` (what a new spec changes in the generated code)."""
