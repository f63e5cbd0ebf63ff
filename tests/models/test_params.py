"""The `TypedDict` forms request arguments take (`models.params`): each object model used also
takes its `...Param` dict, lists and maps of them become covariant, root models also take what
they wrap, and params.py gets one `TypedDict` per class collected."""

from __future__ import annotations

from generator.models import ParamField, ParamTypes, index_models

MODELS = """\
from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, RootModel


class Kind(StrEnum):
    a = "a"


class Owner(BaseModel):
    name: str
    kind: Kind | None = None


class Pet(BaseModel):
    owner: Owner
    friends: list[Pet] | None = None
    labels: dict[str, str] | None = None


class Pets(RootModel[list[Pet]]):
    root: list[Pet]


class Tree(RootModel[list[Tree] | str]):
    root: list[Tree] | str


class Request(BaseModel):
    pet: Pet
    pets: Pets | None = None
    tree: Tree | None = None
    names: list[str]
"""


def test_a_model_argument_also_takes_its_dict_form() -> None:
    models, params = index_models(MODELS), ParamTypes()
    assert (params.request_annotation(models, "Request", "pet", drop_none=True)
            == "_models.Pet | _params.PetParam")
    assert params.request_annotation(models, "Request", "names", drop_none=True) == "list[str]"
    assert params.used == {"Pet"}


def test_a_list_of_widened_members_is_a_sequence() -> None:
    models, params = index_models(MODELS), ParamTypes()
    annotation = params.request_annotation(models, "Request", "pets", drop_none=False)
    assert annotation == (
        "_models.Pets | _abc.Sequence[_models.Pet | _params.PetParam] | None"
    )


def test_a_recursive_root_model_stays_the_model_inside_itself() -> None:
    models, params = index_models(MODELS), ParamTypes()
    annotation = params.request_annotation(models, "Request", "tree", drop_none=True)
    assert annotation == "_models.Tree | list[_models.Tree] | str"


def test_a_whole_body_takes_the_model_or_its_dict_form() -> None:
    models, params = index_models(MODELS), ParamTypes()
    assert (params.request_class_annotation(models, "Request")
            == "_models.Request | _params.RequestParam")
    assert (params.request_class_annotation(models, "Pets")
            == "_abc.Sequence[_models.Pet | _params.PetParam]")


def test_param_classes_follow_the_fields_models_use_in_models_order() -> None:
    models, params = index_models(MODELS), ParamTypes()
    params.request_annotation(models, "Request", "pet", drop_none=True)
    classes = params.param_classes(models)
    assert [c.name for c in classes] == ["OwnerParam", "PetParam"]  # Owner: a field of Pet
    owner, pet = classes
    assert owner.model == "Owner"
    assert owner.fields == (
        ParamField("name", "str", required=True),
        ParamField("kind", "_models.Kind | _typing.Literal['a'] | None", required=False),
    )
    # in params.py itself the dict forms are unqualified
    assert pet.fields[0] == ParamField("owner", "_models.Owner | OwnerParam", required=True)
    assert pet.fields[1].annotation == "_abc.Sequence[_models.Pet | PetParam] | None"


def test_a_type_made_once_collects_its_classes_again_each_time_it_is_used() -> None:
    """Arguments typed alike share one made source (`ParamTypes.sources`); the classes the
    first collected are collected again by the next, and a new `Models` starts afresh."""
    models, params = index_models(MODELS), ParamTypes()
    first = params.request_annotation(models, "Request", "pet", drop_none=True)
    params.used.clear()
    again = params.request_annotation(models, "Pet", "friends", drop_none=True)
    assert params.request_annotation(models, "Request", "pet", drop_none=True) == first
    assert params.used == {"Pet"}
    assert len(params.sources) == 2 and again.startswith("_abc.Sequence[")
    other = index_models(MODELS.replace("class Pet(BaseModel):", "class Pet(RootModel[str]):")
                         .replace("    owner: Owner\n", "    root: str\n"))
    params.used.clear()
    assert params.request_annotation(other, "Request", "pet", drop_none=True) == (
        "_models.Pet | str")
    assert params.used == set()
