"""The models stage: an `Api`'s schemas -> models.py text through datamodel-code-generator, its
index (classes, fields, annotations) and the TypedDicts of params.py."""

from generator.models.dcg import (
    ABC_QUALIFIER,
    QUALIFIER,
    Models,
    ParamClass,
    ParamTypes,
    models_source,
)

__all__ = ["ABC_QUALIFIER", "QUALIFIER", "Models", "ParamClass", "ParamTypes", "models_source"]
