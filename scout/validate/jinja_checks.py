"""The Jinja of a phase, checked: which strings of a phase are templates, expressions or
artifact names (from the step kind's ``with:`` model, or every string with Jinja in it
for free-form steps), and what each one uses — it must parse, use only names in scope,
task fields the pipeline declares, known filters and tests, filter calls their
signatures take, and no constant that would blow the sandbox's bounds.
"""

from __future__ import annotations

import re
import typing
from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel

from scout.errors import Location, Problem
from scout.schemas.task import TASK_BUILTIN_ATTRS
from scout.spec.filtersig import call_problem, shown
from scout.spec.models import Phase, Pipeline
from scout.spec.templating import (
    GLOBAL_NAMES,
    ArtifactField,
    ExpressionField,
    JinjaCheckError,
    TemplateField,
    analyse,
    has_jinja,
    known_filters,
    known_tests,
)
from scout.spec.yamlload import PathT, SourceMap
from scout.stepkit.registry import FreeParams, StepKind
from scout.validate.evidence_words import evidence_word_problem
from scout.validate.mention_lists import alternatives_problem
from scout.validate.habits import literal_braces, name_hint, syntax_hint
from scout.validate.record_fields import money_compared_whole, value_field_slips
from scout.suggest import did_you_mean


def _metadata_kind(metadata: Any) -> str | None:
    for meta in metadata:
        if isinstance(meta, TemplateField):
            return "template"
        if isinstance(meta, ExpressionField):
            return "expression"
        if isinstance(meta, ArtifactField):
            return "artifact"
    return None


def _template_kind(annotation: Any) -> str | None:
    found = _metadata_kind(getattr(annotation, "__metadata__", ()))
    if found:
        return found
    for arg in typing.get_args(annotation):
        found = _template_kind(arg)
        if found:
            return found
    return None


def jinja_fields(
    kind: StepKind | None, params: BaseModel | None, phase: Phase
) -> Iterator[tuple[PathT, str, str]]:
    """(path relative to the phase, source, how) for every Jinja string and artifact name;
    ``how`` is "template", "expression" or "artifact"."""
    if phase.if_ is not None:
        yield ("if",), phase.if_, "expression"
    if kind is None or params is None or kind.params is FreeParams:
        # free-form (python steps) or unvalidated: every string with Jinja in it
        yield from _strings_with_jinja(phase.with_, ("with",))
        return
    yield from _model_jinja(params, ("with",))


def _model_jinja(model: BaseModel, path: PathT) -> Iterator[tuple[PathT, str, str]]:
    for name, field in type(model).model_fields.items():
        key = field.alias or name
        value = getattr(model, name)
        # pydantic moves the metadata of a bare ``Annotated[str, TemplateField()]`` into
        # field.metadata; inside Optional/list it stays on the annotation
        how = _metadata_kind(field.metadata) or _template_kind(field.annotation)
        if how is not None and isinstance(value, dict):  # rank's values: {name: expression}
            for k, v in value.items():
                if isinstance(v, str):
                    yield path + (key, k), v, how
        elif how is not None:
            values = value if isinstance(value, list) else [value]
            for i, v in enumerate(values):
                if isinstance(v, str):
                    sub = path + ((key, i) if isinstance(value, list) else (key,))
                    yield sub, v, how
        elif isinstance(value, BaseModel):
            yield from _model_jinja(value, path + (key,))


def _strings_with_jinja(value: Any, path: PathT) -> Iterator[tuple[PathT, str, str]]:
    if isinstance(value, str) and has_jinja(value):
        yield path, value, "template"
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings_with_jinja(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _strings_with_jinja(v, path + (i,))


#: the names through which Jinja's i18n extension translates (``_()``, ``{% trans %}``)
_GETTEXT = frozenset({"_", "gettext", "ngettext", "pgettext", "npgettext"})


_GETTEXT_LITERAL = re.compile(r"""\b(?:_|gettext|ngettext)\s*\(\s*(['"])(.+?)\1""")


def _lang_branch_hint(text: str) -> str:
    """SPEC077's fix, written with the template's own English words: a template of a
    pipeline reads no catalog (neither the project's nor, through ``l10n``, the kind's
    words), so each language's words are written where the request's language picks
    them."""
    m = _GETTEXT_LITERAL.search(text)
    english = m.group(2) if m else "..."
    return ("write each language's words where the request's language picks them: "
            f"{{% if task.lang == 'es' %}}<'{english}' in Spanish>{{% else %}}{english}"
            "{% endif %} (the request's own words, such as a subject input's value, are in its "
            "language already)")


def _reads_catalog(path: PathT) -> bool:
    """A rank phase's ``reasons`` render with the report's catalog (scout.steps.rank);
    every other ``with:`` / ``if:`` template of a pipeline with null translations."""
    return len(path) >= 2 and path[-2] == "reasons"


def error_token(message: str) -> str:
    """The word a Jinja syntax error names ("unknown tag 'endfi'"), to point at."""
    m = re.search(r"'([A-Za-z_][A-Za-z0-9_]*)'", message)
    return m.group(1) if m else ""


def _written_line(text: str, token: str, before: str = "") -> int:
    """The template's line (1-based) where ``token`` is first written as a word after
    ``before`` (a regex: ``task\\s*\\.\\s*`` for an attribute, ``\\|\\s*`` for a
    filter); 1 when it is not found. :func:`analyse` says what a template uses, not
    where: this finds it again, so the problem is located on the YAML line that holds it
    (SourceMap.locate_line), not on the key of a block scalar."""
    word = re.escape(token) + r"(?!\w)"
    m = (re.search(before + word, text) if before else None) \
        or re.search(r"(?<![\w.])" + word, text)
    return text.count("\n", 0, m.start()) + 1 if m else 1


def inplace_problem(where: str, method: str, loc: Location) -> Problem:
    """SPEC091: a call of ``method``, which changes a value in place and which the sandbox
    refuses when the template renders (scout.spec.templating.inplace_calls)."""
    return Problem("SPEC091", f"{where}: calls '.{method}()', which changes a value in place: "
                   "the sandbox refuses it when the template renders", loc,
                   hint="build a new value instead: {% set parts = parts + [x] %}, or a "
                        "list of parts joined with '| select | join'")


def check_jinja(
    pid: str,
    text: str,
    is_expr: bool,
    scope: set[str],
    pipeline: Pipeline,
    smap: SourceMap,
    path: PathT,
    task_is_task: bool = True,
    records: dict[str, tuple[str, frozenset[str]]] | None = None,
) -> list[Problem]:
    def at(token: str, before: str = "") -> Location:
        return smap.locate_line(path, _written_line(text, token, before), token)

    what = "expression" if is_expr else "template"
    try:
        use = analyse(text, expression=is_expr)
    except JinjaCheckError as exc:
        # at the template's wrong line, as the YAML writes it (a block scalar's own line)
        habit = syntax_hint(text)  # `a && b`, `x DESC`: point at it, say Jinja's way
        token = habit[1] if habit else error_token(exc.message)
        return [Problem("SPEC050", f"phase '{pid}': Jinja {what} does not parse: {exc.message}",
                        smap.locate_line(path, exc.line, token),
                        hint=(f"{habit[0]}; " if habit else "") + f"in: {text!r}")]
    problems = [
        Problem("SPEC070", f"phase '{pid}': Jinja {what}, line {line}: {message}",
                smap.locate_line(path, line),
                hint="a template cannot compute huge numbers, strings or loops; use a "
                     "smaller constant")
        for message, line in use.bombs
    ]
    problems += [inplace_problem(f"phase '{pid}': Jinja {what}, line {line}", method,
                                 smap.locate_line(path, line, method))
                 for method, line in use.inplace]
    for name in sorted(use.names - scope - GLOBAL_NAMES):
        # `len(x)`, `== japanese`: a habit from another language, not a misspelt name
        hint = name_hint(name, text) or did_you_mean(name, scope, what="names in scope")
        problems.append(
            Problem("SPEC051", f"phase '{pid}': {what} uses '{name}', which is not in scope "
                    f"(in scope: {', '.join(sorted(scope))})", at(name),
                    hint=hint or f"add '{name}' to needs, or fix the name")
        )
    if not is_expr:
        problems += literal_braces(pid, text, scope,
                                   lambda line, token: smap.locate_line(path, line, token))
    task_fields = set(pipeline.inputs) | TASK_BUILTIN_ATTRS
    for name, attr in use.attrs:
        if name == "task" and task_is_task and attr not in task_fields:
            problems.append(
                Problem("SPEC052", f"phase '{pid}': 'task.{attr}' is not an input of this "
                        "pipeline", at(attr, r"\btask\s*\.\s*"),
                        hint=did_you_mean(attr, task_fields, what="task fields")
                        or "declare it under inputs:")
            )
    for name, attr in dict.fromkeys(use.attrs):
        if records and name in records and attr not in records[name][1]:
            what, fields = records[name]
            problems.append(
                Problem("SPEC052", f"phase '{pid}': '{name}.{attr}': {what} has no field "
                        f"'{attr}'", at(attr, re.escape(name) + r"\s*\.\s*"),
                        hint=did_you_mean(attr, fields, what="fields")
                        or f"its fields: {', '.join(sorted(fields))}"))
    for written, sub, kind, fields in value_field_slips(text, pipeline, task_is_task,
                                                        records or {}):
        problems.append(
            Problem("SPEC052", f"phase '{pid}': '{written}': a {kind} value has no field "
                    f"'{sub}'", at(sub, r"\.\s*"),
                    hint=did_you_mean(sub, fields, what="fields")))
    for whole in money_compared_whole(text, pipeline, task_is_task, records or {}) \
            if is_expr else []:
        name, attr = whole[0].split(".")
        problems.append(
            Problem("SPEC052", f"phase '{pid}': {' and '.join(repr(w) for w in whole)} "
                    f"{'are money values' if len(whole) > 1 else 'is a money value'} (an "
                    "amount, a currency, a period), which <, <=, > and >= cannot compare",
                    at(attr, re.escape(name) + r"\s*\.\s*"),
                    hint="compare amounts: " + ", ".join(f"{w}.amount" for w in whole)
                         + f"; in: {text!r}"))
    if use.names & _GETTEXT and not _reads_catalog(path):
        # reasons and report templates read the catalog; the pipeline's own text does not
        problems.append(Problem(
            "SPEC077", f"phase '{pid}': {what} translates with _() / trans, which renders "
                       "in English here: only a rank phase's reasons and report templates "
                       "read the catalog",
            at("_", "") if "_" in use.names else at("trans", r"\{%-?\s*"), severity="warning",
            hint=_lang_branch_hint(text)))
    # known_filters()/known_tests() only when the text uses one: building them imports
    # jinja2, scout's filters and the sandbox, which a cold check of plain strings skips
    for f in sorted(use.filters - known_filters() if use.filters else ()):
        problems.append(Problem("SPEC053", f"phase '{pid}': unknown Jinja filter '{f}'",
                                at(f, r"(?:\|\s*|[\"'])"),
                                hint=did_you_mean(f, known_filters(), what="filters")))
    for t in sorted(use.tests - known_tests() if use.tests else ()):
        problems.append(Problem("SPEC053", f"phase '{pid}': unknown Jinja test '{t}'",
                                at(t, r"(?:\bis\s+(?:not\s+)?|[\"'])"),
                                hint=did_you_mean(t, known_tests(), what="tests")))
    for name, call in dict.fromkeys(use.calls):  # the same call twice: said once
        wrong = call_problem(name, call) if name in known_filters() else None
        if wrong:
            problems.append(Problem(
                "SPEC057", f"phase '{pid}': {what} calls filter '{name}' with arguments it "
                f"cannot take: {wrong}", at(name, r"\|\s*"),
                hint=f"call it as {shown(name)}; in: {text!r}"))
        never = None if wrong else evidence_word_problem(name, call)
        if never:
            problems.append(Problem(
                "SPEC083", f"phase '{pid}': {what} calls '{name}' with a word no listing "
                f"states: {never[0]}", at(name, r"\|\s*"), severity="warning",
                hint=never[1]))
        either = None if wrong or never else alternatives_problem(name, call, pipeline)
        if either:
            problems.append(Problem(
                "SPEC092", f"phase '{pid}': {what}: {either[0]}", at(name, r"\|\s*"),
                severity="warning", hint=either[1]))
    return problems
