"""The API's resources, one module each (`resources/<attribute>.py`, `client.<attribute>`).

`Client` imports a resource's module the first time its attribute is read. The classes are
exported here too, each module imported on first access: reading
`resources.Conversations` imports `resources/conversations.py` only.
"""

from __future__ import annotations

from importlib import import_module as _import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .conversations import AsyncConversations, Conversations
    from .engines import AsyncEngines, Engines
    from .events import AsyncEvents, Events
    from .items import AsyncItems, Items
    from .jobs import AsyncJobs, Jobs
    from .pets import AsyncPets, Pets
    from .records import AsyncRecords, Records
    from .repos import AsyncRepos, Repos
    from .tasks import AsyncTasks, Tasks
    from .webhook_apps import AsyncWebhookApps, WebhookApps

__all__ = [
    "AsyncConversations",
    "AsyncEngines",
    "AsyncEvents",
    "AsyncItems",
    "AsyncJobs",
    "AsyncPets",
    "AsyncRecords",
    "AsyncRepos",
    "AsyncTasks",
    "AsyncWebhookApps",
    "Conversations",
    "Engines",
    "Events",
    "Items",
    "Jobs",
    "Pets",
    "Records",
    "Repos",
    "Tasks",
    "WebhookApps",
]

# exported class -> the module defining it
_MODULES: dict[str, str] = {
    "Conversations": "conversations",
    "AsyncConversations": "conversations",
    "Engines": "engines",
    "AsyncEngines": "engines",
    "Events": "events",
    "AsyncEvents": "events",
    "Items": "items",
    "AsyncItems": "items",
    "Jobs": "jobs",
    "AsyncJobs": "jobs",
    "Pets": "pets",
    "AsyncPets": "pets",
    "Records": "records",
    "AsyncRecords": "records",
    "Repos": "repos",
    "AsyncRepos": "repos",
    "Tasks": "tasks",
    "AsyncTasks": "tasks",
    "WebhookApps": "webhook_apps",
    "AsyncWebhookApps": "webhook_apps",
}


def __getattr__(name: str) -> object:
    """A resource class, its module imported on first access (PEP 562)."""
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(_import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
