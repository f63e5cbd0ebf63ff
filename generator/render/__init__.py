"""The render stage: an `Api` and its `Models` -> every file of the package in memory
(relative path -> text); the code's shape is in templates/, the values come through the filters."""

from generator.render.package import package_views, render, runtime_files

__all__ = ["package_views", "render", "runtime_files"]
