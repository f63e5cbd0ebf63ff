"""The models stage: an `Api`'s schemas -> models.py text through datamodel-code-generator, its
index (classes, fields, annotations), the group modules the package writes it as, and the
TypedDicts of params.

Modules: `build` (the stage: which dcg runs, root wrappers), `run` (one dcg run and its guarded
speed-up), `index` (the index of models.py), `annotations` (rewrites of its annotations),
`params` (the `TypedDict` forms), `typing_fixes` (what mypy would refuse in dcg's output),
`split` (models.py, or params, cut into group modules).
"""

from generator.models.annotations import QUALIFIER, module_alias
from generator.models.build import in_document_terms, models_source
from generator.models.index import ModelField, Models, index_models
from generator.models.params import (
    ABC_QUALIFIER,
    PARAMS_QUALIFIER,
    ParamClass,
    ParamField,
    ParamTypes,
)
from generator.models.run import MODELS_HEADER, every_model_made, import_shared_dependencies

__all__ = [
    "ABC_QUALIFIER", "MODELS_HEADER", "PARAMS_QUALIFIER", "QUALIFIER", "ModelField", "Models",
    "ParamClass", "ParamField", "ParamTypes", "every_model_made", "import_shared_dependencies",
    "in_document_terms", "index_models", "models_source", "module_alias",
]
