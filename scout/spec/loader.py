"""Load a pipeline or mission file into its model, with every problem located.

``load_spec`` never raises for a user mistake: it returns the model (or None) and a
list of :class:`Problem`. ``load_pipeline`` / ``load_mission`` raise ``SpecInvalid``
for callers that need a valid document.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scout.errors import Problem, SpecInvalid
from scout.spec.located import validate_located
from pydantic import BaseModel, ValidationError

from scout.spec.models import (API_VERSION, MAX_INPUTS, MAX_PHASES, Defaults, InputSpec, Mission,
                               Phase, Pipeline)
from scout.spec.yamlload import LoadedYaml, SourceMap, load_yaml_file, load_yaml_text
from scout.spec import glossary
from scout.suggest import closest, did_you_mean

KINDS: dict[str, type[Pipeline | Mission]] = {"Pipeline": Pipeline, "Mission": Mission}


@dataclass
class LoadedSpec:
    path: str
    kind: str  # "Pipeline" | "Mission"
    model: Pipeline | Mission
    source_map: SourceMap
    data: dict[str, Any]
    text: str
    #: set when the model had errors and was rebuilt from its valid parts, so that the
    #: cross-checks can still run and report everything at once; never run such a spec
    partial: bool = False
    #: phases that could not be validated at all (only their needs/produces are known)
    broken_phases: frozenset[str] = frozenset()


#: kinds `scout validate` knows besides the spec kinds (validated by scout.config.loader)
OTHER_KINDS = ("Config",)


def _header_problems(data: dict, smap: SourceMap) -> tuple[list[Problem], bool]:
    """Problems of apiVersion and kind, and whether the rest can still be checked."""
    problems = []
    api = data.get("apiVersion")
    if api is None:
        problems.append(
            Problem("SPEC006", "missing 'apiVersion'", smap.locate(()),
                    hint=f"add 'apiVersion: {API_VERSION}' as the first line")
        )
    elif api != API_VERSION:
        problems.append(
            Problem("SPEC006", f"unsupported apiVersion {api!r}", smap.locate(("apiVersion",)),
                    hint=f"this version of scout reads 'apiVersion: {API_VERSION}'")
        )
    kind = data.get("kind", "Pipeline")
    if not isinstance(kind, str) or kind not in KINDS:
        if kind in OTHER_KINDS:
            msg = f"this is a {kind} file, not a pipeline or mission"
            hint: str | None = "pass it to 'scout validate', or give the pipeline file instead"
        else:
            msg = f"unknown kind {kind!r}"
            hint = did_you_mean(str(kind), [*KINDS, *OTHER_KINDS], what="kinds")
        problems.append(Problem("SPEC007", msg, smap.locate(("kind",)), hint=hint))
        return problems, False
    return problems, True


def load_spec_text(text: str, path: str) -> tuple[LoadedSpec | None, list[Problem]]:
    loaded, problems = load_yaml_text(text, path)
    return _finish(loaded, problems, path)


def load_spec(path: str | Path) -> tuple[LoadedSpec | None, list[Problem]]:
    loaded, problems = load_yaml_file(path)
    return _finish(loaded, problems, str(path))


def spec_from_yaml(
    loaded: LoadedYaml | None, problems: list[Problem], path: str
) -> tuple[LoadedSpec | None, list[Problem]]:
    """Turn already-parsed YAML (see scout.spec.yamlload) into a spec model."""
    return _finish(loaded, problems, path)


def _finish(
    loaded: LoadedYaml | None, problems: list[Problem], path: str
) -> tuple[LoadedSpec | None, list[Problem]]:
    if loaded is None:
        return None, problems
    data, smap = loaded.data, loaded.source_map
    header, checkable = _header_problems(data, smap)
    problems = problems + header
    if not checkable:
        return None, problems
    kind = data.get("kind", "Pipeline")
    if header:
        # apiVersion is missing or wrong: already reported; check the rest as v1 so the
        # author sees every other problem in the same run
        data = {**data, "apiVersion": API_VERSION}
    model, errs = validate_located(KINDS[kind], data, smap)
    problems = problems + errs
    partial = bool(header)
    guessed = _guessed_sections(data, KINDS[kind], smap)
    if guessed is not None:
        # `fases:` is reported (SPEC010, with its did-you-mean); what it holds is checked
        # as `phases`, so the author sees its problems now, not after the rename, and
        # not as every `task.x` of an `entradas:` section being "not an input"
        data = guessed
        model, errs = validate_located(KINDS[kind], data, smap)
        problems = problems + [e for e in errs if e not in problems]
        partial = True
    if model is None:
        if kind == "Pipeline":
            salvaged = salvage_pipeline(data)
            if salvaged is not None:
                pipe, broken = salvaged
                return LoadedSpec(path, kind, pipe, smap, data, loaded.text, True, broken), problems
        else:
            mission = _salvage(Mission, data, keep=frozenset({"pipeline"}))
            if mission is not None:
                return LoadedSpec(path, kind, mission, smap, data, loaded.text, True), problems
        return None, problems
    return LoadedSpec(path, kind, model, smap, data, loaded.text, partial), problems


def _guessed_sections(data: dict, model: type[BaseModel], smap: SourceMap) -> dict | None:
    """``data`` with each unknown top-level key that stands for a missing section
    (``fases`` → ``phases``, ``inptus`` → ``inputs``) renamed, its positions copied in
    ``smap``; None when there is none."""
    fields = {f.alias or n for n, f in model.model_fields.items()}
    renames: dict[str, str] = {}
    for key in data:
        if isinstance(key, str) and key not in fields:
            hit = glossary.guess(key, fields) or closest(key, fields)
            if hit is not None and hit not in data and hit not in renames.values():
                renames[key] = hit
    if not renames:
        return None
    tables: tuple[dict[Any, Any], ...] = (smap.keys, smap.values, smap.spans)
    for table in tables:
        for path in [p for p in table if p and p[0] in renames]:
            table.setdefault((renames[path[0]],) + path[1:], table[path])
    return {renames.get(k, k): v for k, v in data.items()}


def _salvage(model: type[BaseModel], raw: dict, keep: frozenset[str] = frozenset()) -> Any:
    """Validate ``raw`` after dropping the top-level keys that have errors."""
    raw = dict(raw)
    for _ in range(len(raw) + 1):
        try:
            return model.model_validate(raw)
        except ValidationError as exc:
            errors = exc.errors()
            bad: set[int | str | None] = {e["loc"][0] for e in errors if e["loc"]}
            # a rule across keys (chain and adapters) names the key to drop in ctx["at"]
            bad |= {(e.get("ctx") or {}).get("at") for e in errors if not e["loc"]}
            bad &= set(raw)
            bad -= keep
            if not bad:
                return None
            for k in bad:
                raw.pop(k)
    return None


def _str_list(value: Any) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def salvage_pipeline(data: dict) -> tuple[Pipeline, frozenset[str]] | None:
    """Rebuild a Pipeline from the valid parts of invalid data (errors already reported)."""
    raw_phases = data.get("phases")
    if not isinstance(raw_phases, dict) or not raw_phases:
        return None
    raw_inputs = data.get("inputs")
    if len(raw_phases) > MAX_PHASES or isinstance(raw_inputs, dict) and len(raw_inputs) > MAX_INPUTS:
        # past the limit (SPEC012, reported): checking each of 10,000 phases against
        # the others took minutes to say what the one error says
        return None
    phases: dict[str, Phase] = {}
    broken: set[str] = set()
    for pid, raw in raw_phases.items():
        if not isinstance(raw, dict):
            raw = {}
        phase = _salvage(Phase, raw, keep=frozenset({"uses"}))
        if phase is None:
            broken.add(str(pid))
            phase = Phase.model_construct(
                uses=str(raw.get("uses", "?")), needs=_str_list(raw.get("needs")),
                produces=_str_list(raw.get("produces")), with_={}, chain=None, adapters=None,
                for_each=None, as_=None, parallel_group=None, if_=None, optional=False,
            )
        phases[str(pid)] = phase
    inputs: dict[str, InputSpec] = {}
    if isinstance(raw_inputs, dict):
        for name, raw in raw_inputs.items():
            spec = _salvage(InputSpec, raw, keep=frozenset({"type"})) if isinstance(raw, dict) else None
            # an invalid input still exists: keep a permissive stand-in so references resolve
            inputs[str(name)] = spec or InputSpec(type="string")
    raw_defaults = data.get("defaults")
    defaults = (_salvage(Defaults, raw_defaults) if isinstance(raw_defaults, dict) else None
                ) or Defaults()
    name = data.get("name") if isinstance(data.get("name"), str) else "invalid"
    pipe = Pipeline.model_construct(
        api_version=API_VERSION, kind="Pipeline", name=name, description=None,
        inputs=inputs, defaults=defaults, phases=phases,
    )
    return pipe, frozenset(broken)


def load_pipeline(path: str | Path) -> LoadedSpec:
    spec, problems = load_spec(path)
    errors = [p for p in problems if p.severity == "error"]
    if spec is None or errors or spec.partial:
        raise SpecInvalid(problems)
    if spec.kind != "Pipeline":
        raise SpecInvalid(
            [Problem("SPEC007", f"expected a Pipeline, found a {spec.kind}",
                     spec.source_map.locate(("kind",)))]
        )
    return spec
