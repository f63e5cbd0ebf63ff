"""The command line: thin commands over the pipeline and the drift tooling."""

from generator.cli.main import main

__all__ = ["main"]
