"""Mission documents: the pipeline they name (their inputs are checked against it by
``scout.validate.mission``)."""

from __future__ import annotations

from pathlib import Path

from scout.spec.loader import LoadedSpec
from scout.spec.models import Mission


def mission_pipeline_path(spec: LoadedSpec) -> Path:
    """The pipeline a mission names, relative to the mission file."""
    assert isinstance(spec.model, Mission)
    p = Path(spec.model.pipeline)
    return p if p.is_absolute() else Path(spec.path).parent / p
