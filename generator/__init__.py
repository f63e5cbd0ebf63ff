"""OpenAPI -> Python client generator.

Pipeline: manifest -> load -> validate -> ir -> (datamodels, render) -> write
(see docs/architecture.md).
"""

__version__ = "0.1.0"
