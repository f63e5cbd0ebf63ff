"""The Jinja environment the templates render in, with the filters of `render.filters`."""

from __future__ import annotations

import functools
from pathlib import Path

import jinja2

from generator.names import namespace
from generator.render.filters import FILTERS
from generator.render.precompiled import PrecompiledLoader

TEMPLATES = namespace.TEMPLATES


@functools.lru_cache(maxsize=4)  # one per process and folder: the templates compile once
def environment(templates: Path) -> jinja2.Environment:
    """The Jinja environment of a templates folder, with the filters spec text goes through.

    Our own folder's templates come precompiled where they match their sources
    (`render.precompiled`); any other folder's compile from source."""
    if templates.resolve() == TEMPLATES.resolve():
        return _configured(PrecompiledLoader(templates))
    return source_environment(templates)


def source_environment(templates: Path) -> jinja2.Environment:
    """The environment of `templates` with every template compiled from its source."""
    return _configured(jinja2.FileSystemLoader(str(templates)))


def _configured(loader: jinja2.BaseLoader) -> jinja2.Environment:
    """Undefined names fail (a template typo is an error, not an empty string); nothing is
    escaped: the filters make every value safe for Python, not for HTML."""
    env = jinja2.Environment(
        loader=loader,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
    )
    env.filters.update(FILTERS)
    return env
