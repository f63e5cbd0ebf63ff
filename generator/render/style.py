"""The shape every generated Python file is formatted to (ruff's line length, the docstrings'
width)."""

LINE_LENGTH = 100
