"""Cross-reference checks of a loaded pipeline (no graph, no network).

Collects every problem, each located: inputs and their defaults, who produces what,
``needs`` and ``for_each`` references, step kinds and their ``with:`` blocks, chains
and adapters against the config and report templates on disk (checked by
``scout.validate.project_refs``), and the Jinja in templates and expressions (checked
by ``scout.validate.jinja_checks``). The graph rules (cycles, parallel groups) live in
``scout.spec.dag``.
"""

from __future__ import annotations

import dataclasses
import re

from typing import Any

from pydantic import BaseModel

from scout.config.models import Config
from scout.errors import Location, Problem
from scout.spec import glossary
from scout.spec.located import validate_located
from scout.spec.loader import LoadedSpec
from scout.spec.models import InputSpec, Phase, Pipeline
from scout.spec.yamlload import PathT, SourceMap
from scout.stepkit.params import RankParams
from scout.stepkit.registry import StepKind, get_step_kind, known_step_kinds
from scout.suggest import closest, did_you_mean
from scout.task.values import coerce
from scout.validate.jinja_checks import check_jinja, jinja_fields
from scout.validate.project_refs import check_chain, check_template_files
from scout.validate.rankable import (
    check_rank_items,
    check_rank_variants,
    dearest_first_problems,
)
from scout.validate.record_fields import record_scope
from scout.validate.request_words import (
    grammar_enum_problems,
    subject_alias_problems,
    value_noun_problem,
)


def producers(pipeline: Pipeline) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for pid, phase in pipeline.phases.items():
        for art in phase.produces:
            out.setdefault(art, []).append(pid)
    return out


def check_pipeline(spec: LoadedSpec, config: Config | None) -> list[Problem]:
    pipeline = spec.model
    assert isinstance(pipeline, Pipeline)
    smap = spec.source_map
    problems: list[Problem] = []
    problems += _check_inputs(pipeline, smap)
    problems += _check_nouns(pipeline, smap)
    problems += subject_alias_problems(pipeline, smap)
    problems += grammar_enum_problems(pipeline, smap)

    made = producers(pipeline)
    for art, pids in made.items():
        if len(pids) > 1:
            for pid in pids[1:]:
                idx = pipeline.phases[pid].produces.index(art)
                problems.append(
                    Problem(
                        "SPEC020",
                        f"artifact '{art}' is produced by more than one phase: {', '.join(pids)}",
                        smap.locate(("phases", pid, "produces", idx)),
                        hint="each artifact has exactly one producer; rename one of them",
                    )
                )
        if art in pipeline.inputs:
            problems.append(
                Problem("SPEC020", f"artifact '{art}' has the same name as an input",
                        smap.locate(("phases", made[art][0], "produces")),
                        hint="rename the artifact or the input")
            )

    available = set(made) | set(pipeline.inputs)
    misplaced = _misspelt_produces(spec.data)
    for pid, phase in pipeline.phases.items():
        if pid in spec.broken_phases:
            continue  # its own errors are already reported; it only lends its produces
        problems += _check_phase(pid, phase, pipeline, available, smap, config, misplaced,
                                 _refused_names(spec.data, pid))
    return problems


def meant_needs(phase: Phase, available: set[str]) -> list[str]:
    """The phase's needs as its author meant them: a need nothing makes or declares
    (SPEC021, said once with its "did you mean") reads as the name that hint names
    (``candidate`` as ``candidates``), so what is checked after it — ``for_each`` in the
    needs (SPEC024), ``as:`` hiding a need (SPEC025), a ``with:`` artifact (SPEC026),
    the names in scope of its templates, an artifact nothing reads (SPEC055) — does not
    report the same mistake again. A need with no close name stays as written."""
    return [n if n in available else (closest(n, available) or n) for n in phase.need_names]


def _as_meant(phase: Phase, available: set[str]) -> Phase:
    """``phase`` with :func:`meant_needs` (each need's optional mark kept)."""
    meant = meant_needs(phase, available)
    if meant == phase.need_names:
        return phase
    needs = [m + ("?" if raw.endswith("?") else "") for raw, m in zip(phase.needs, meant)]
    return phase.model_copy(update={"needs": needs})


def _refused_names(data: Any, pid: str) -> set[str]:
    """The item names a phase writes in an ``as:`` the model refused (``as: place.name``,
    SPEC012): its templates use that name, which is not "not in scope" on top."""
    phases = data.get("phases") if isinstance(data, dict) else None
    raw = phases.get(pid) if isinstance(phases, dict) else None
    if not isinstance(raw, dict):
        return set()
    written = [raw.get("as")]
    if isinstance(raw.get("with"), dict):
        written.append(raw["with"].get("as"))
    return {m.group(0) for w in written if isinstance(w, str)
            for m in [re.match(r"[A-Za-z_]\w*", w.strip())] if m}


def _misspelt_produces(data: dict[str, Any]) -> dict[str, str]:
    """Artifact → the hint for a need of it, when a phase lists it under a misspelling of
    ``produces`` (``prodces: [candidates]``): SPEC010 names the key, and each phase that
    needs the artifact is told where it is listed rather than pointed at another name."""
    out: dict[str, str] = {}
    phases = data.get("phases") if isinstance(data, dict) else None
    if not isinstance(phases, dict):
        return out
    for pid, raw in phases.items():
        if not isinstance(raw, dict):
            continue
        for key, value in raw.items():
            if key in Phase.model_fields or not isinstance(value, list):
                continue
            if (closest(str(key), ["produces", "needs"]) == "produces"
                    or glossary.guess(str(key), ["produces"])):
                for art in value:
                    out.setdefault(str(art), f"{pid} lists '{art}' under '{key}': did you "
                                             "mean 'produces'?")
    # `needs: [F1]` names the phase rather than what it produces (as in GitHub Actions'
    # `needs: [build]`)
    for pid, raw in phases.items():
        made = raw.get("produces") if isinstance(raw, dict) else None
        if isinstance(made, list) and made:
            names = [str(a) for a in made]
            what = (f"did you mean '{names[0]}'?" if len(names) == 1
                    else "its artifacts are " + ", ".join(names))
            out.setdefault(str(pid), f"'{pid}' is a phase, and needs lists artifacts: {pid} "
                                     f"produces {', '.join(names)}; {what}")
    return out


def _yaml_boolean(type_: str, items: str | None, default: object) -> tuple[str, tuple] | None:
    """``true``/``false`` and where (``()`` or a list index) when a non-boolean input's
    default, or an item of it, is a YAML boolean; else None."""
    if (items if type_ == "list" else type_) == "boolean":
        return None
    if type_ == "list" and isinstance(default, list):
        hit = next((i for i, v in enumerate(default) if isinstance(v, bool)), None)
        return None if hit is None else (str(default[hit]).lower(), (hit,))
    return (str(default).lower(), ()) if isinstance(default, bool) else None


def _written_word(text: str, line: int, col: int) -> str:
    """The plain word written at ``line:col`` of ``text`` (1-based), '' if none."""
    lines = text.splitlines()
    if not 0 < line <= len(lines):
        return ""
    m = re.match(r"[A-Za-z~]+", lines[line - 1][col - 1:])
    return m.group(0) if m else ""


_UNCLAIMABLE = {
    "short": ("has only short words, function words or words of asking ('the', 'find', "
              "'book' as in 'book a table'), which requests use for other things",
              "name the thing itself by a word requests use for nothing else: 'podcast', "
              "'guardería', 'coworking space'"),
    "place": ("names a place scout knows, which a request's place is read from",
              "leave the place to a place input"),
    "input": ("is read by an input (its name, an alias, an enum word or a synonym)",
              "keep the word in the input that reads it, or drop it there"),
}


def _check_nouns(pipeline: Pipeline, smap: SourceMap) -> list[Problem]:
    """A declared noun the parser could never claim is a silent no-op (SPEC079)."""
    from scout.task.kindnames import unclaimable

    problems = []
    for i, noun in enumerate(pipeline.nouns):
        swallows = value_noun_problem(noun, smap.locate(("nouns", i)))
        if swallows is not None:  # said before "short": '€' has no letters either
            problems.append(swallows)
            continue
        why = unclaimable(noun, pipeline.inputs)
        if why is not None:
            what, hint = _UNCLAIMABLE[why]
            problems.append(Problem(
                "SPEC079", f"nouns: '{noun}' {what}: a request's '{noun}' is never read "
                "as what the kind finds", smap.locate(("nouns", i)), severity="warning",
                hint=hint))
    return problems


def _free_string(name: str, spec: InputSpec, where: Location) -> list[Problem]:
    """SPEC081: a free ``string`` input (no enum, no pattern) is never read from a request
    (only an e-mail address is, for an input that says it holds one), so aliases on it
    promise a reading that never happens: `author: {aliases: [by, autor]}` stays empty."""
    from scout.task.readers import holds_email

    kind = spec.items if spec.type == "list" else spec.type
    if kind != "string" or spec.enum or spec.pattern or not spec.aliases \
            or holds_email(name, spec):
        return []
    return [Problem(
        "SPEC081", f"input '{name}' is a free string (no enum, no pattern): a request never "
        f"sets it, so its aliases read nothing", where, severity="warning",
        hint="give it a pattern whose 'value' group finds the words (pattern: "
             "'(?:by|autor) (?P<value>[A-Z]\\w+(?: [A-Z]\\w+)*)'), or an enum; or drop the "
             "aliases and set it with --set or a mission's inputs")]


def _check_inputs(pipeline: Pipeline, smap: SourceMap) -> list[Problem]:
    problems = []
    from scout.schemas.task import task_own_names

    own = task_own_names()
    for name, spec in pipeline.inputs.items():
        at = ("inputs", name)
        if name in own:
            # an input named "notes" or "types" would never be read: task.notes is the
            # Task's parse notes, task.types its declared types, in every template and rank
            problems.append(Problem(
                "SPEC076", f"input '{name}' has the name of the Task's own '{name}': "
                f"task.{name} reads that, never this input", smap.locate(at),
                hint="rename the input to a word of the kind's own (e.g. 'cuisine_types' "
                     "for 'types', 'remarks' for 'notes')"))
        problems += _free_string(name, spec, smap.locate(at + ("aliases",)))
        if spec.items is not None and spec.type != "list":
            problems.append(Problem("SPEC014", f"input '{name}': 'items' only applies to lists",
                                    smap.locate(at + ("items",))))
        found = _yaml_boolean(spec.type, spec.items, spec.default)
        if found is not None:
            misread, sub = found
            # `default: no` for a string is YAML 1.1's false; coerce() would make it the
            # text "False" and the run would search for it
            where = smap.locate(at + ("default",) + sub)
            word = _written_word(smap.text, where.line, where.col) or "no"
            problems.append(
                Problem("SPEC014", f"input '{name}': default is the yes/no value {misread}, "
                        f"but the input is of type '{spec.type}'", where,
                        hint=f"YAML reads an unquoted {word} as {misread}: write the word "
                             f"you meant in quotes (\"{word}\")"))
        elif spec.default is not None:
            try:
                value = coerce(spec.type, spec.default, items=spec.items, scale=spec.scale)
            except ValueError as exc:
                problems.append(
                    Problem("SPEC014", f"input '{name}': default does not match type "
                            f"'{spec.type}': {exc}", smap.locate(at + ("default",)))
                )
            else:
                off = spec.off_enum(spec.canonical(value))
                if off:
                    problems.append(
                        Problem("SPEC014", f"input '{name}': default {', '.join(map(repr, off))}"
                                f" is not one of {spec.enum}", smap.locate(at + ("default",)),
                                hint=_off_enum_hint(off, spec.enum or []))
                    )
        if spec.required and spec.default is not None:
            problems.append(
                Problem("SPEC014", f"input '{name}' is required and also has a default",
                        smap.locate(at + ("required",)), severity="warning",
                        hint="a default makes 'required' meaningless; drop one")
            )
    return problems


def _check_phase(
    pid: str,
    phase: Phase,
    pipeline: Pipeline,
    available: set[str],
    smap: SourceMap,
    config: Config | None,
    misplaced: dict[str, str] | None = None,
    refused: set[str] | None = None,
) -> list[Problem]:
    at: PathT = ("phases", pid)
    problems: list[Problem] = []

    for i, need in enumerate(phase.need_names):
        if need not in available:
            problems.append(
                Problem(
                    "SPEC021",
                    f"phase '{pid}' needs '{need}', which no phase produces and no input declares",
                    smap.locate(at + ("needs", i)),
                    hint=(misplaced or {}).get(need)
                    or did_you_mean(need, available, what="artifacts and inputs"),
                )
            )
    # from here on the misspelt needs read as meant: one mistake, one error
    phase = _as_meant(phase, available | set(misplaced or {}))
    if phase.for_each is not None and phase.for_each not in phase.need_names:
        problems.append(
            Problem(
                "SPEC024",
                f"phase '{pid}' fans out over '{phase.for_each}', which is not in its needs",
                smap.locate(at + ("for_each",)),
                hint=f"add '{phase.for_each}' to needs"
                + (f" ({did_you_mean(phase.for_each, phase.need_names)})"
                   if did_you_mean(phase.for_each, phase.need_names) else ""),
            )
        )
    if phase.item_var is not None and (
        phase.item_var in set(phase.need_names) & available or phase.item_var == "task"
    ):
        problems.append(
            Problem("SPEC025", f"phase '{pid}': 'as: {phase.item_var}' hides an artifact of the "
                    "same name", smap.locate(at + ("as",)), hint="pick another item name")
        )

    # step kind and its parameters
    kind: StepKind | None
    try:
        kind = get_step_kind(phase.uses)
    except LookupError as exc:
        msg = str(exc)
        hint = None
        if "; " in msg:
            msg, hint = msg.split("; ", 1)
        # `uses: buscar` is not a misspelling of any kind's name: guessed words first
        hint = glossary.hint(phase.uses, known_step_kinds()) or hint
        problems.append(Problem("SPEC030", f"phase '{pid}': {msg}", smap.locate(at + ("uses",)),
                                hint=hint))
        kind = None
    except ValueError as exc:
        problems.append(Problem("SPEC032", f"phase '{pid}': {exc}", smap.locate(at + ("uses",)),
                                hint="e.g. uses: python:mypkg.steps:score"))
        kind = None

    params: BaseModel | None = None
    if kind is not None:
        params, errs = validate_located(kind.params, phase.with_, smap, at + ("with",))
        problems += [
            Problem(p.code if p.code != "SPEC012" else "SPEC031",
                    f"phase '{pid}' ({phase.uses}): {p.message}", p.location, p.hint, p.severity)
            for p in errs
        ]
        problems += check_chain(pid, phase, kind, smap, config)
        problems += check_template_files(pid, params, smap, config)
        if isinstance(params, RankParams):
            problems += check_rank_items(pid, phase, params, pipeline, smap)
            problems += check_rank_variants(pid, params, pipeline, smap)
            problems += dearest_first_problems(pid, phase, params, smap)

    # Jinja: templates in with:, expression params, and if:
    scope = {"task"} | set(phase.need_names)
    if phase.item_var:
        scope.add(phase.item_var)
    extra: set[str] = set(params.extra_scope()) \
        if params is not None and hasattr(params, "extra_scope") else set()
    scope |= extra | (refused or set())
    # `as: task` (or rank's with.as) hides the Task: then task.X is a field of the item
    task_is_task = phase.item_var != "task" and "task" not in extra
    records = record_scope(phase, params, pipeline)  # `place.nmae`: a field it lacks
    named = list(params.values) if isinstance(params, RankParams) else []
    for name in named:
        if name in phase.need_names:
            problems.append(Problem(
                "SPEC025", f"phase '{pid}': value '{name}' hides an artifact of the same name",
                smap.locate(at + ("with", "values", name)), hint="pick another value name"))
    for path, text, how in jinja_fields(kind, params, phase):
        # a value's own expression sees the values named before it, not itself or later
        later = set(named[named.index(path[2]):]) \
            if path[:2] == ("with", "values") and path[2] in named else set()
        if how == "artifact":
            if text not in phase.need_names:
                hint = did_you_mean(text, phase.need_names, what="needs")
                problems.append(
                    Problem("SPEC026", f"phase '{pid}': '{path[-1]}: {text}' names an artifact "
                            "that is not in the phase's needs", smap.locate(at + path),
                            hint=hint if hint and "did you mean" in hint
                            else f"add '{text}' to needs")
                )
            continue
        found = check_jinja(pid, text, how == "expression", scope - later, pipeline,
                            smap, at + path, task_is_task, records)
        problems += [dataclasses.replace(p, hint=f"'{n}' is named after this value: a value "
                                         "sees only the values before it, move it up")
                     if p.code == "SPEC051" and (m := re.search(r"uses '(\w+)'", p.message))
                     and (n := m.group(1)) in later else p
                     for p in found]
    return problems


def _off_enum_hint(off: list[Any], values: list[Any]) -> str:
    """A default outside its enum: the value it was probably meant to be, else both fixes."""
    words = [str(v) for v in values]
    hit = closest(str(off[0]), words) if len(off) == 1 else None
    if hit is not None:
        return f"did you mean '{hit}'?"
    return f"set the default to one of {', '.join(words)}, or add {off[0]!r} to enum:"
