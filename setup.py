"""Which files the wheel holds (the rest of the metadata is in pyproject.toml).

`templates/` stays at the top of the repository and ships inside the wheel as the package data
`generator/templates` (found there through `importlib.resources`); every subpackage of
`generator/` is found, not listed, so a new one cannot be left out.
"""

from setuptools import find_packages, setup

setup(
    packages=[
        *find_packages(include=["generator", "generator.*"]),
        "generator.templates",
        "generator.templates.runtime",
    ],
    package_dir={"generator.templates": "templates"},
    # templates in subfolders too (models/, resources/): a template left out of the wheel would
    # change the installed tool's output and its fingerprint
    package_data={"generator.templates": ["*.jinja", "*/*.jinja", "*/*/*.jinja"],
                  "generator.templates.runtime": ["*.py"],
                  # what the precompiled templates were compiled from (generator/render/precompiled.py)
                  "generator.render.compiled_templates": ["MANIFEST.json"]},
    include_package_data=False,
)
