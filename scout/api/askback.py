"""Asking back: a request that leaves out what its kind requires is refused before any
phase runs, telling the person in the request's language what to add.

:func:`check_request` reads the request the way the task step (F0) will (the same
:func:`scout.task.build.build_task`, local, nothing is called) and, when a ``required``
input is left (not in the query, the mission's ``inputs:`` or ``--set``, and with no
default), raises :class:`~scout.errors.RequestIncomplete` (USE065, exit 2) naming every
such input at once: in the kind's words (its catalog's translation of the input's name,
and of its description where the catalog has one), with an example of how to say it
(built from the input's type and from its aliases in the request's language: «desde
Barcelona», "in Barcelona") and the ``--set`` that sets it directly. Nothing is written:
no run dir is created, so a retry with the fixed request starts clean.

Every door says it the same way: the CLI (text on stderr, ``--format json`` on stdout),
``scout plan`` (the request's line, with the plan still shown) and MCP's ``apply`` /
``plan`` tools (a tool error), for which :func:`for_door` words the fix as the door
takes it (``set: {"destination": "Barcelona"}`` rather than ``--set``).
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any, Literal

from scout.errors import RequestIncomplete
from scout.i18n import N_, reader_translations, say, translations
from scout.orchestrator.mission_request import (MissionRequest, asked_lang, coerce_inputs,
                                                input_label, set_example)
from scout.spec.models import InputSpec, Pipeline
from scout.task.build import TaskIncomplete, build_task
from scout.task.lang import alias_in

Door = Literal["cli", "mcp"]

#: how to say a value of each type, in English (the msgid; the catalog has the Spanish):
#: ``{word}`` is the kind's word for the input, ``{place}`` an example place
_SAID = {
    "place": N_("in {place}"),
    "month": N_("in September"),
    "date": N_("on 15 September"),
    "money": N_("under 200 €"),
    "rating": N_("rated 8 or more"),
    "duration": N_("under 20 minutes"),
    "integer": N_("2 {word}"),
    "year": N_("from 2019"),
    "number": N_("1.5 {word}"),
    "area": N_("at least 60 m²"),
    "data_size": N_("16 GB of {word}"),
    "weight": N_("under 1.5 kg"),
    "length": N_("under 15 km"),
    "volume": N_("at least 10 m³"),
    "boolean": N_("with {word}"),
    "subject": N_("about {value}"),
}
#: example places, one per place input, so an origin and a destination differ
_PLACES = ("Barcelona", "Lisboa", "Madrid", "Sevilla")


def check_request(pipeline: Pipeline, request: MissionRequest, *, root: Path,
                  today: dt.date | None = None, default_lang: str = "en") -> dict[str, Any] | None:
    """The Task F0 would build from ``request`` (as a JSON-able dict), or raise
    :class:`RequestIncomplete` when a required input is left. A request value the input
    refuses (``--set budget=cheap``) is the ``UsageError`` it always was. None when a
    required input is left in a pipeline without a task phase (nothing reads it)."""
    from scout.report.files import project_locales

    locales = project_locales(root / "templates")
    try:
        task = build_task(request.query or "", pipeline.inputs,
                          overrides=coerce_inputs(pipeline, request.inputs,
                                                  lang=asked_lang(request.query, request.inputs,
                                                                  default_lang),
                                                  locales=locales),
                          override_sources=dict(request.input_sources),
                          today=today or dt.date.today(), default_lang=default_lang,
                          locales=locales, kind=pipeline.name, nouns=pipeline.nouns)
    except TaskIncomplete as exc:
        if not any(ph.uses == "task" for ph in pipeline.phases.values()):
            return None
        raise refusal(pipeline.inputs, list(exc.missing), exc.lang, locales,
                      notes=exc.notes) from None
    out = task.model_dump(mode="json")
    check_addresses(pipeline, out.get("values") or {})
    return out


def check_addresses(pipeline: Pipeline, values: dict[str, Any]) -> None:
    """Refuse, before any phase runs, a request value an e-mail phase sends to (its
    ``to:``/``cc:`` names ``{{ task.x }}``) that is not e-mail addresses: ``--set
    notify_email='a@b.c\r\nBcc: x@y.z'`` was refused only by the e-mail phase, after
    every paid phase before it had run (MAIL001, exit 2 here)."""
    from scout.errors import InvalidAddress, UsageError
    from scout.spec.plainuse import plain_use
    from scout.steps.email import addresses

    for phase_id, phase in pipeline.phases.items():
        if phase.uses != "email":
            continue
        for field in ("to", "cc"):
            source = phase.with_.get(field)
            use = plain_use(source, False) if isinstance(source, str) else None
            for name, attr in use.attrs if use is not None else ():
                value = values.get(attr) if name == "task" else None
                if not isinstance(value, str) or not value.strip():
                    continue
                try:
                    addresses(value, attr)
                except InvalidAddress as exc:
                    raise UsageError(f"{exc.message}, and phase {phase_id} sends the report "
                                     f"to it ({field}:)", hint=exc.hint,
                                     code=InvalidAddress.code) from None


def refusal(inputs: dict[str, InputSpec], missing: list[str], lang: str,
            locales: Path | None, *, notes: dict[str, list[str]] | None = None,
            door: Door = "cli") -> RequestIncomplete:
    """The error for a request that leaves out ``missing``, in ``lang``: every input in
    one message, each with the kind's word, an example and its ``--set`` value; a word
    the kind labels in English only is that label, as its report shows it."""
    _ = reader_translations(lang, locales).gettext
    entries: list[dict[str, str]] = []
    places = iter(_PLACES)
    for name in missing:
        spec = inputs[name]
        value = next(places) if spec.type == "place" else set_example(spec)
        entry = {"input": name, "type": spec.type, "label": input_label(name, spec, lang, _),
                 "example": _example(name, spec, lang, _, value), "set": f"{name}={value}"}
        said = [n for n in (notes or {}).get(name, []) if n]
        if said:  # the query named it, with a value the input refused
            entry["note"] = "; ".join(said)
        entries.append(entry)
    return _error(entries, lang, locales, door)


def for_door(error: RequestIncomplete | dict[str, Any], door: Door,
             locales: Path | None = None) -> RequestIncomplete:
    """The refusal ``error`` (the exception, or its ``to_dict()`` as a plan holds it)
    with its fix worded as ``door`` takes it (MCP's ``set`` argument)."""
    if isinstance(error, RequestIncomplete):
        error = error.to_dict()
    return _error(list(error.get("missing") or []), str(error.get("lang") or "en"), locales,
                  door)


def _error(entries: list[dict[str, str]], lang: str, locales: Path | None,
           door: Door) -> RequestIncomplete:
    _ = translations(lang, locales).gettext
    items = "; ".join(say(_, N_("{what}, e.g. “{example}”"), what=e["label"], example=e["example"])
                      + (f" ({e['note']})" if e.get("note") else "") for e in entries)
    if door == "mcp":
        values = dict(e["set"].split("=", 1) for e in entries)
        fixes = "set " + json.dumps(values, ensure_ascii=False)
    else:
        fixes = " ".join(f"--set {e['set']}" for e in entries)
    return RequestIncomplete(
        say(_, N_("the request leaves out what this research needs: {items}"), items=items),
        hint=say(_, N_("say it in the request, or set it directly with {fixes}"), fixes=fixes),
        missing=entries, lang=lang)


def _example(name: str, spec: InputSpec, lang: str, _: Any, value: str) -> str:
    """How the request could say it: an alias in the request's language before the
    example value for a place ("desde Barcelona"), the type's phrase otherwise."""
    alias = alias_in(spec.aliases, lang)
    word = alias or _(name).replace("_", " ")
    if spec.enum:
        return _(spec.enum[0])
    if spec.type == "place":
        return f"{alias} {value}" if alias else say(_, _SAID["place"], place=value)
    if spec.type == "boolean" and alias:
        return alias
    if spec.type == "subject" and alias:
        return f"{alias} {value}"
    said = _SAID.get(spec.type)
    if said is None:  # string, list: the value as --set takes it
        return value
    return say(_, said, word=word, value=value)
