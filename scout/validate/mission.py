"""A mission's inputs checked against the pipeline it names.

Errors are located in the mission file: an unknown input is reported where the mission
writes it, with a suggestion from the pipeline's declared inputs; a value that does not
coerce to its declared type says why.
"""

from __future__ import annotations

from scout.errors import Problem
from scout.spec.loader import LoadedSpec
from scout.spec.models import Mission, Pipeline
from scout.suggest import did_you_mean
from scout.task.lang import coerce_lang
from scout.task.values import coerce


def check_mission_inputs(spec: LoadedSpec, pipeline: Pipeline) -> list[Problem]:
    mission = spec.model
    assert isinstance(mission, Mission)
    smap = spec.source_map
    problems: list[Problem] = []
    for name, value in mission.inputs.items():
        at = ("inputs", name)
        decl = pipeline.inputs.get(name)
        if decl is None and name == "lang":  # the request's language, reserved (en | es)
            try:
                coerce_lang(value)
            except ValueError as exc:
                problems.append(Problem("SPEC062", f"input 'lang': {exc}", smap.locate(at)))
            continue
        if decl is None:
            problems.append(
                Problem(
                    "SPEC061",
                    f"input '{name}' is not declared by pipeline '{pipeline.name}'",
                    smap.locate(at, key=True),
                    hint=did_you_mean(name, pipeline.inputs, what="inputs"),
                )
            )
            continue
        try:
            coerced = coerce(decl.type, value, items=decl.items, scale=decl.scale)
        except ValueError as exc:
            problems.append(
                Problem("SPEC062", f"input '{name}' ({decl.type}): {exc}", smap.locate(at))
            )
            continue
        off = decl.off_enum(decl.canonical(coerced))
        if off:
            problems.append(
                Problem("SPEC062", f"input '{name}': {', '.join(map(repr, off))} is not one "
                        f"of {decl.enum}", smap.locate(at))
            )
    if not mission.query:
        for name, decl in pipeline.inputs.items():
            if decl.required and decl.default is None and name not in mission.inputs:
                problems.append(
                    Problem(
                        "SPEC063",
                        f"required input '{name}' has no value: the mission has no query and "
                        "does not set it",
                        smap.locate(("inputs",), key=True),
                        hint=f"add a 'query:' or set inputs.{name}",
                    )
                )
    return problems
