"""SPEC055: what a pipeline declares and nothing uses: inputs no template, query or
expression reads, artifacts no phase needs (warnings). The report templates' reads come
from :func:`scout.validate.templates.check_report_templates`."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from scout.errors import Problem
from scout.spec.loader import LoadedSpec
from scout.spec.models import Pipeline
from scout.spec.templating import has_jinja
from scout.validate.checks import meant_needs, producers as producers_of

#: Task attributes besides the declared inputs
#: a template that reads these sees every input (a generic table of the request)
GENERIC_TASK = frozenset({"values", "types", "sources"})


def unused_problems(spec: LoadedSpec, template_task_attrs: set[str]) -> list[Problem]:
    """Warnings (SPEC055): inputs nothing reads, artifacts no phase needs."""
    from scout.spec.templating import analyse

    pipeline = spec.model
    assert isinstance(pipeline, Pipeline)
    smap = spec.source_map
    out: list[Problem] = []
    if any(p.uses.startswith("python:") for p in pipeline.phases.values()):
        return out  # python steps may read anything through the Task: no guessing
    if not any(p.uses == "report" for p in pipeline.phases.values()):
        return out  # not a whole kind yet (no report): its last artifacts are its results
    read_attrs = set(template_task_attrs)
    needed: set[str] = set()
    available = set(producers_of(pipeline)) | set(pipeline.inputs)
    for phase in pipeline.phases.values():
        needed.update(meant_needs(phase, available))  # a misspelt need is SPEC021's
        read_attrs.update(inputs_named(phase.uses, phase.with_))
        texts = list(strings_in(phase.with_)) + ([phase.if_] if phase.if_ else [])
        for text in texts:
            if "task" not in text:
                continue  # only task.<attr> is collected: a text without the name has none
            try:
                u = analyse(text, expression=not has_jinja(text))
            except Exception:  # noqa: BLE001 - syntax errors are reported elsewhere
                # the author meant to read what it names: no "nothing reads it" on top
                read_attrs.update(re.findall(r"\btask\s*\.\s*([A-Za-z_]\w*)", text))
                continue
            read_attrs.update(a for n, a in u.attrs if n == "task")
    if not (read_attrs & GENERIC_TASK):
        for name in pipeline.inputs:
            if name not in read_attrs and name not in needed:
                out.append(Problem(
                    "SPEC055", f"input '{name}' is declared but nothing reads it",
                    smap.locate(("inputs", name), key=True), severity="warning",
                    hint=f"use it (e.g. {{{{ task.{name} }}}} in a query or the report "
                         "template) or remove it"))
    reports = {a for p in pipeline.phases.values() if p.uses == "report" for a in p.produces}
    for pid, phase in pipeline.phases.items():
        if phase.uses == "report" or reports & set(phase.need_names):
            continue  # the report and what delivers it (e-mail, ...) end the DAG
        for i, art in enumerate(phase.produces):
            if art not in needed and art != "task":
                out.append(Problem(
                    "SPEC055", f"artifact '{art}' (produced by {pid}) is never read by "
                    "another phase", smap.locate(("phases", pid, "produces", i)),
                    severity="warning",
                    hint="add it to the needs of the phase that should use it (often the "
                         "report), or stop producing it"))
    return out


#: rank parameters whose values name inputs rather than hold expressions: the people a
#: price per person is for, the pets one per pet is for, the work a price per unit is
#: for, the hours a period holds, the days a week asked, the versions a price is of, the
#: return trip asked, the size or count a price list is by
_RANK_INPUT_KEYS = ("people", "heads", "volume", "hours_per", "days_per_week", "variants",
                    "return_trip", "tiers")


def inputs_named(uses: str, with_: Any) -> set[str]:
    """The inputs a phase's ``with:`` names by name, not in an expression: rank's
    ``people: guests`` (or a list), ``heads: {pet: pets}``, ``volume: {word: words}``,
    ``variants: format``, ``tiers: [bedrooms, area]``. They
    read the input as much as ``task.guests`` in a ``where`` does."""
    if uses != "rank" or not isinstance(with_, dict):
        return set()
    out: set[str] = set()
    term = with_.get("term_cost")  # term_cost: {term: years}: the term asked
    if isinstance(term, dict) and isinstance(term.get("term"), str):
        out.add(term["term"])
    for key in _RANK_INPUT_KEYS:
        value = with_.get(key)
        values = value.values() if isinstance(value, dict) else \
            value if isinstance(value, list) else [value]
        for v in values:  # "heads: {pet: [dogs, cats]}": a list under a key too
            out.update(n for n in (v if isinstance(v, list) else [v]) if isinstance(n, str))
    return out


def strings_in(value: Any) -> Iterator[str]:
    """Every string in a phase's ``with:`` (nested mappings and lists included)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings_in(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings_in(v)
