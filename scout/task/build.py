"""Build the Task: query → parsed values, then defaults, mission inputs and --set on top.

Precedence, lowest to highest: input default < parsed from the query < mission
``inputs:`` < ``--set key=value``. Every declared input appears in the Task (None when
nobody gave it), and ``sources`` says where each value came from. A required input that
nobody gave raises :class:`TaskIncomplete`, which names the field and the ``--set`` fix.

The request's language (``Task.lang``) is detected from the query; ``lang`` given in the
mission's ``inputs:`` or as ``--set lang=es`` overrides it (it is reserved: a pipeline
need not declare it, and one that declares an input named ``lang`` keeps it as an
input). The Task notes are written in that language, with the project's own catalog
(``locales=``) merged over scout's: a kind's input names and enum values read in its
words, as its report's "What you asked" table writes them.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from scout.errors import RequestUnread, StepError, UsageError
from scout.i18n import N_, author_word, say, translations
from scout.schemas.task import Task
from scout.spec.models import InputSpec
from scout.suggest import did_you_mean
from scout.task.display import display
from scout.task.lang import coerce_lang
from scout.task.parser import parse_query
from scout.task.values import coerce
from scout.units import IMPERIAL, said_unit

LANG_KEY = "lang"  # reserved override: the request's language

#: a value of each type as ``--set`` takes it, for the hints
SET_EXAMPLES = {
    "place": "Barcelona",
    "month": "2026-09",
    "date": "2026-09-15",
    "money": "200 EUR",
    "rating": "8.5",
    "duration": "20m",
    "integer": "2",
    "year": "2019",
    "number": "1.5",
    "area": "60 m2",
    "data_size": "16 GB",
    "weight": "1.5 kg",
    "length": "15 km",
    "volume": "10 m3",
    "boolean": "true",
    "string": "text",
    "subject": "ramen",
    "list": "a,b",
}


class TaskIncomplete(StepError):
    """A required input was not found in the query and not set anywhere else.
    ``missing`` names them, ``lang`` is the request's language and ``notes`` what the
    parser said about each (a value the input refused): what ``scout.api.askback``
    tells the person before any phase runs."""

    code = "RUN007"

    def __init__(self, message: str, *, hint: str | None = None,
                 missing: tuple[str, ...] = (), lang: str = "en",
                 notes: dict[str, list[str]] | None = None) -> None:
        super().__init__(message, hint=hint)
        self.missing, self.lang, self.notes = missing, lang, dict(notes or {})


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
    overrides: dict[str, Any] | None = None,
    override_sources: dict[str, str] | None = None,
    mission_inputs: dict[str, Any] | None = None,
    set_values: dict[str, Any] | None = None,
    today: dt.date | None = None,
    default_lang: str = "en",
    locales: Path | None = None,
    kind: str = "",
    nouns: Sequence[str] = (),
) -> Task:
    """The Task for ``query``. ``overrides`` (with ``override_sources``: "mission" or "set")
    is what the orchestrator passes; ``mission_inputs`` / ``set_values`` are the same
    layers given separately (the Python API and tests). ``locales``: the project's
    message catalogs (``locales/`` beside its ``templates/``), for the notes' words;
    ``kind``: the pipeline's name, and ``nouns`` its declared words for what it finds
    (``nouns:``), which the request's subject and place leave out."""
    today = today or dt.date.today()
    layered: dict[str, Any] = dict(overrides or {})
    sources_in: dict[str, str] = {k: (override_sources or {}).get(k, "set") for k in layered}
    #: values as a person wrote them; ``overrides`` come coerced already (the orchestrator's
    #: coerce_inputs), and a rating read on its scale twice would shrink (93 → 9.3 → 0.93)
    written: set[str] = set()
    for layer_name, layer in (("mission", mission_inputs or {}), ("set", set_values or {})):
        for key, value in layer.items():
            layered[key] = value
            sources_in[key] = layer_name
            written.add(key)
    lang = None
    if LANG_KEY in layered and LANG_KEY not in inputs:
        value = layered.pop(LANG_KEY)
        flag = "--set" if sources_in.pop(LANG_KEY, "set") == "set" else "mission inputs"
        try:
            lang = coerce_lang(value)
        except ValueError as exc:
            raise UsageError(f"{flag} lang: {exc}", hint="e.g. --set lang=es") from None
    for key in layered:
        if key not in inputs:
            hint = did_you_mean(key, inputs, what="inputs")
            raise UsageError(f"'{key}' is not an input of this pipeline",
                             hint=hint or f"declared inputs: {', '.join(inputs) or 'none'}")

    parsed = parse_query(query or "", inputs, today=today, lang=lang,
                         default_lang=coerce_lang(default_lang), locales=locales, kind=kind,
                         nouns=nouns)
    _ = translations(parsed.lang, locales).gettext
    # a request mostly in a script no reader reads: refused, unless the mission or --set
    # gives its values (then the query is read for what it can be, and noted)
    if parsed.unread_script is not None and not layered:
        raise RequestUnread(
            say(_, N_("the request is written in {script} script, which scout does not read: "
                      "it reads requests in Spanish or English"),
                script=_(parsed.unread_script)),
            hint=say(_, N_("write it in Spanish or English, e.g. “{example}”, or give its "
                           "values directly with --set name=value"),
                     example=_("hotels in Barcelona in September under 200 €")),
            script=parsed.unread_script, lang=parsed.lang)
    values: dict[str, Any] = {}
    sources: dict[str, str] = {}
    about_fields = {n for ns in parsed.field_notes.values() for n in ns}
    notes = [n for n in parsed.notes if n not in about_fields]  # general notes first
    for name, field_notes in parsed.field_notes.items():
        if name not in layered:  # a value given by the mission or --set makes them moot
            notes.extend(field_notes)
    for name, spec in inputs.items():
        value, source = None, None
        if spec.default is not None:
            value = spec.canonical(coerce(spec.type, spec.default, items=spec.items, scale=spec.scale))
            source = "default"
        if name in parsed.values:
            value, source = parsed.values[name], "query"
            if spec.enum:  # the author's word ("hot_desk") as the reader's: its label
                shown = ", ".join(author_word(str(v), _) for v in (value if isinstance(value, list)
                                                                   else [value]))
            else:  # by its type: "60 m²", "8,0/10", "1 h 30 min", not "60,0" or "8,0"
                span = parsed.spans.get(name, "")
                shown = display(value, parsed.lang, spec.type, spec.scale or 10,
                                said_unit(spec.type, span) if spec.type in IMPERIAL else None)
            span = parsed.spans.get(name, "")
            # a value read back as the very words asked ("read 'Barcelona' from
            # 'Barcelona'") tells nothing the request's table does not
            if name not in layered and shown.casefold() != span.strip().casefold():
                notes.append(_("{name}: read '{value}' from '{text}'").format(
                    name=parsed.label(name), value=shown, text=span))
        if name in layered:
            try:
                scale = spec.scale if name in written else None
                value = spec.canonical(coerce(spec.type, layered[name], items=spec.items,
                                              scale=scale))
            except ValueError as exc:
                flag = "--set" if sources_in[name] == "set" else "mission inputs"
                raise UsageError(f"{flag} {name}: {exc}",
                                 hint=f"e.g. {name}={SET_EXAMPLES.get(spec.type, '...')}") from None
            source = sources_in[name]
        values[name] = value
        if source:
            sources[name] = source

    missing = [n for n, s in inputs.items() if s.required and values.get(n) is None]
    if missing:
        fixes = " ".join(f"--set {n}={SET_EXAMPLES.get(inputs[n].type, '...')!s}" for n in missing)
        names = ", ".join(f"'{n}' ({inputs[n].type})" for n in missing)
        # msgids: the stopped report says them in the request's language
        raise TaskIncomplete(
            N_("required input {names} was not found in the query").format(names=names),
            hint=N_("say it in the query or add {fixes}").format(fixes=fixes),
            missing=tuple(missing), lang=parsed.lang,
            notes={n: parsed.field_notes.get(n, []) + (parsed.unread if n == missing[0] else [])
                   for n in missing},
        )
    return Task(
        query=query or "",
        values=values,
        sources=sources,  # type: ignore[arg-type]
        types={n: s.type for n, s in inputs.items()},
        scales={n: s.scale for n, s in inputs.items() if s.scale not in (None, 10)},
        units=_said_units(inputs, values, sources, parsed.spans, layered),
        today=today,
        lang=parsed.lang,
        notes=notes,
    )


def _said_units(inputs: dict[str, InputSpec], values: dict[str, Any], sources: dict[str, str],
                spans: dict[str, str], layered: dict[str, Any]) -> dict[str, str]:
    """Each length, weight, area or volume input whose value the request (or a ``--set``
    / mission text, "5 mi") wrote in miles, feet, pounds, ounces, square or cubic feet:
    that unit, which the report shows it in (``Task.units``)."""
    out: dict[str, str] = {}
    for name, spec in inputs.items():
        if spec.type not in IMPERIAL or values.get(name) is None:
            continue
        said = spans.get(name) if sources.get(name) == "query" else layered.get(name)
        unit = said_unit(spec.type, said) if isinstance(said, str) else None
        if unit is not None:
            out[name] = unit
    return out
