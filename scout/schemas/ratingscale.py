"""The scale a mission's ratings are shown on, in every surface that writes one (rank's
reasons, the report and its chart, the synthesis, a ``with:`` template such as an e-mail's
subject).

Ratings are kept 0-10 (scout.schemas.records); the kind's first ``rating`` input's
``scale:`` says how they are shown ("4.5/5" for review sites' stars, "93/100" for
critics' points): :attr:`scout.schemas.task.Task.rating_scale`. A kind that checks no
rating has no input to say it on, yet its sources still state ratings ("4,7/5" on an
organiser's page), which 10 showed as "9,4/10". Such a kind's ratings are shown on the
scale the sources stated them on, when every rating found was stated on the same one;
mixed scales (or none stated) are shown out of 10, as before.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from scout.schemas.records import Candidate, Candidates, Shortlist
from scout.schemas.task import RATING_SCALES, declared_scale


def _stated(c: Candidate) -> int:
    """The scale the evidence that gave ``c`` its rating stated it on (10: not said)."""
    for e in c.evidence:
        if e.rating is not None and abs(e.rating - (c.rating or 0.0)) < 1e-6:
            scale = e.rating_scale
            return int(scale) if scale in RATING_SCALES else 10
    return 10


def candidates_in(inputs: Mapping[str, Any]) -> list[Candidate]:
    """Every candidate a step's inputs hold: a candidates artifact's, a shortlist's kept
    and left out."""
    found: list[Candidate] = []
    for value in inputs.values():
        if isinstance(value, Candidates):
            found.extend(value.items)
        elif isinstance(value, Shortlist):
            found.extend(i.candidate for i in value.items)
            found.extend(c for c, _reasons in value.excluded)
    return found


def rating_scale(task: Any, candidates: Iterable[Candidate]) -> int:
    """The scale ratings are shown on: the kind's rating input's (10 when it sets none);
    with no rating input, the one scale every rated candidate's source stated, else 10."""
    # the Task's fields, not its rating_scale property: a template's scope holds the Task
    # behind a view (scout.orchestrator.scope.TaskView) that shows its fields only
    types = getattr(task, "types", None) or {}
    if "rating" in types.values():
        scale = declared_scale(types, getattr(task, "scales", None) or {})
        return scale if isinstance(scale, int) and scale in RATING_SCALES else 10
    stated = {_stated(c) for c in candidates if c.rating is not None}
    return stated.pop() if len(stated) == 1 else 10
