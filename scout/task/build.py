"""Build the Task: query → parsed values, then defaults, mission inputs and --set on top.

Precedence, lowest to highest: input default < parsed from the query < mission
``inputs:`` < ``--set key=value``. Every declared input appears in the Task (None when
nobody gave it), and ``sources`` says where each value came from. A required input that
nobody gave raises :class:`TaskIncomplete`, which names the field and the ``--set`` fix.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from scout.errors import StepError, UsageError
from scout.schemas.task import Task
from scout.spec.models import InputSpec
from scout.suggest import did_you_mean
from scout.task.parser import parse_query
from scout.task.values import coerce

_EXAMPLES = {
    "place": "Barcelona",
    "month": "2026-09",
    "date": "2026-09-15",
    "money": "200 EUR",
    "rating": "8.5",
    "integer": "2",
    "number": "1.5",
    "boolean": "true",
    "string": "text",
    "list": "a,b",
}


class TaskIncomplete(StepError):
    """A required input was not found in the query and not set anywhere else."""

    code = "RUN007"


def parse_set_options(pairs: list[str] | tuple[str, ...]) -> dict[str, str]:
    """``["budget=200 EUR", "month=2026-09"]`` → dict; raises UsageError on bad pairs."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise UsageError(f"--set expects key=value, got {pair!r}",
                             hint="e.g. --set budget='200 EUR'")
        out[key] = value.strip()
    return out


def build_task(
    query: str,
    inputs: dict[str, InputSpec],
    *,
    mission_inputs: dict[str, Any] | None = None,
    set_values: dict[str, Any] | None = None,
    today: dt.date | None = None,
) -> Task:
    today = today or dt.date.today()
    parsed = parse_query(query or "", inputs, today=today)
    values: dict[str, Any] = {}
    sources: dict[str, str] = {}
    notes = list(parsed.notes)

    for layer_name, layer in (("mission", mission_inputs or {}), ("set", set_values or {})):
        for key in layer:
            if key not in inputs:
                hint = did_you_mean(key, inputs, what="inputs")
                raise UsageError(f"'{key}' is not an input of this pipeline",
                                 hint=hint or f"declared inputs: {', '.join(inputs) or 'none'}")

    for name, spec in inputs.items():
        value, source = None, None
        if spec.default is not None:
            value, source = coerce(spec.type, spec.default, items=spec.items), "default"
        if name in parsed.values:
            value, source = parsed.values[name], "query"
            notes.append(f"{name}: read {str(value)!r} from {parsed.spans.get(name, '')!r}")
        for layer_name, layer in (("mission", mission_inputs or {}),
                                  ("set", set_values or {})):
            if name in layer:
                try:
                    value = coerce(spec.type, layer[name], items=spec.items)
                except ValueError as exc:
                    flag = "--set" if layer_name == "set" else "mission inputs"
                    raise UsageError(f"{flag} {name}: {exc}",
                                     hint=f"e.g. {name}={_EXAMPLES.get(spec.type, '...')}") from None
                source = layer_name
        values[name] = value
        if source:
            sources[name] = source

    missing = [n for n, s in inputs.items() if s.required and values.get(n) is None]
    if missing:
        fixes = " ".join(f"--set {n}={_EXAMPLES.get(inputs[n].type, '...')!s}" for n in missing)
        names = ", ".join(f"'{n}' ({inputs[n].type})" for n in missing)
        raise TaskIncomplete(
            f"required input {names} was not found in the query",
            hint=f"say it in the query or add {fixes}",
        )
    return Task(
        query=query or "",
        values=values,
        sources=sources,  # type: ignore[arg-type]
        types={n: s.type for n, s in inputs.items()},
        today=today,
        notes=notes,
    )
