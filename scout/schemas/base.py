"""Base class of every artifact model and the registry of artifact schemas.

Artifacts are stored as JSON envelopes ``{"schema": "<name>", "version": N, "data": ...}``
so that a reader can validate what it loads against the model that wrote it.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict

ARTIFACT_MODELS: dict[str, type["ArtifactModel"]] = {}


class ArtifactModel(BaseModel):
    """A typed artifact. Subclasses set ``schema_name`` and are registered by it."""

    # built on first use, not at import: `scout validate` imports the artifact types but
    # validates none of them (benchmarks/cli.py)
    model_config = ConfigDict(extra="forbid", defer_build=True)

    schema_name: ClassVar[str] = ""
    schema_version: ClassVar[int] = 1

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        name = cls.__dict__.get("schema_name")
        if name:
            ARTIFACT_MODELS[name] = cls

    def output_files(self) -> dict[str, str | None]:
        """Files the producing step wrote next to this artifact ({path relative to the run
        dir: sha256 or None}); a phase is reused only while they are intact."""
        return {}


#: modules that define the built-in artifact models (imported on first lookup, so a
#: process that resumes a mission can read artifacts before any step module is loaded)
BUILTIN_MODULES = ("scout.schemas.task", "scout.schemas.sources", "scout.schemas.records")


def artifact_model(name: str) -> type[ArtifactModel] | None:
    if name not in ARTIFACT_MODELS:
        import importlib

        for module in BUILTIN_MODULES:
            importlib.import_module(module)
    return ARTIFACT_MODELS.get(name)
