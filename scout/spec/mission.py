"""Mission documents: the pipeline they name (their inputs are checked against it by
``scout.validate.mission``)."""

from __future__ import annotations

import os
from pathlib import Path

from scout.spec.loader import LoadedSpec
from scout.spec.models import Mission


def mission_pipeline_path(spec: LoadedSpec) -> Path:
    """The pipeline a mission names, relative to the mission file."""
    assert isinstance(spec.model, Mission)
    p = Path(spec.model.pipeline)
    return p if p.is_absolute() else _tidy(Path(spec.path).parent / p)


def _tidy(path: Path) -> Path:
    """``pipelines/missions/../x.yaml`` as ``pipelines/x.yaml``: the path a person types,
    the one validate's problems, the run's record and the audit name the pipeline by.
    Kept as joined where a symbolic link makes the two different files."""
    tidy = Path(os.path.normpath(path))
    if tidy != path and (not tidy.exists() or tidy.resolve() != path.resolve()):
        return path
    return tidy
