"""Step kind ``task`` (F0): build the typed Task from the query, mission inputs and --set.

Its notes are written with the project's own catalog (``locales/`` beside ``templates/``)
merged over scout's, the catalog the report uses; the catalog is part of the phase's
fingerprint (:func:`files_read`), so a corrected translation reads the request again.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel

from scout.report.files import catalog_files, project_locales
from scout.schemas.task import Task
from scout.stepkit.context import StepContext
from scout.task.build import build_task


def files_read(params: BaseModel, root: Path) -> list[Path]:
    """The project's catalogs (the notes' words); none for a project without any."""
    return catalog_files(root / "templates")


def run(ctx: StepContext) -> Task:
    request = ctx.request
    return build_task(
        str(request.query or ""),
        ctx.pipeline.inputs,
        overrides=request.overrides,
        override_sources=request.override_sources,
        today=ctx.today,
        default_lang=request.default_lang,
        locales=project_locales(ctx.root / "templates"),
        kind=ctx.pipeline.name,
        nouns=ctx.pipeline.nouns,
    )
