"""The toolkit fingerprint: what shapes the bytes, and nothing a tool leaves behind."""

from pathlib import Path

from generator.io import provenance


def test_caches_left_beside_templates_do_not_change_the_fingerprint(tmp_path: Path) -> None:
    (tmp_path / "runtime").mkdir()
    (tmp_path / "runtime" / "_client.py").write_text("x = 1\n")
    before = provenance._tree_hash(tmp_path, "*")
    for cache in (".mypy_cache", "__pycache__", ".ruff_cache"):
        (tmp_path / "runtime" / cache).mkdir()
        (tmp_path / "runtime" / cache / "data.json").write_text("{}")
    assert provenance._tree_hash(tmp_path, "*") == before


def test_a_template_edit_changes_the_fingerprint(tmp_path: Path) -> None:
    (tmp_path / "a.jinja").write_text("{{ x }}\n")
    before = provenance._tree_hash(tmp_path, "*")
    (tmp_path / "a.jinja").write_text("{{ y }}\n")
    assert provenance._tree_hash(tmp_path, "*") != before
