"""``rank`` reasons translate their words with ``_()`` / ``ngettext`` through the report's
catalog: the project's own (``locales/<lang>/LC_MESSAGES/messages.po`` beside
``templates/``) merged over scout's, in the request's language; the catalog is part of the
phase's fingerprint when a reason translates, and ``scout validate`` checks the reasons'
msgids as it checks a report template's (SPEC059)."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from pathlib import Path

import pytest

from scout.schemas.records import Candidate, Candidates
from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.steps import rank
from scout.stepkit.params import RankParams
from scout.stepkit.registry import get_step_kind
from scout.task.build import build_task
from tests.author.helpers import run
from tests.steps.test_extract_rank import _ctx

INPUTS = {"budget": InputSpec(type="money"), "max_km": InputSpec(type="integer",
                                                                 aliases=["km"])}
WHERE = ["task.budget is none or car.price is none or car.price.amount <= task.budget.amount",
         "task.max_km is none or car.rating is none or car.rating * 10000 <= task.max_km"]
REASONS = ["{{ _('over budget') }}",  # scout's own catalog translates it
           "{{ ngettext('%(num)d km too many', '%(num)d km too many', (car.rating * 10000"
           " - task.max_km) | int) }}, {{ _('a %(name)s', name=car.name) }}"]
PO = '''msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Language: es\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

msgid "%(num)d km too many"
msgid_plural "%(num)d km too many"
msgstr[0] "%(num)d km de más"
msgstr[1] "%(num)d km de más"

msgid "a %(name)s"
msgstr "un %(name)s"
'''


def _project(tmp_path: Path, po: str | None = PO) -> Path:
    (tmp_path / "templates").mkdir()
    if po is not None:
        folder = tmp_path / "locales" / "es" / "LC_MESSAGES"
        folder.mkdir(parents=True)
        (folder / "messages.po").write_text(po, encoding="utf-8")
    return tmp_path


def _car(key: str, price: float, km: float) -> Candidate:
    return Candidate(key=key, name=key, rating=km / 10000,
                     price=Money(amount=price, currency="EUR", comparator="="))


def _excluded(root: Path, query: str, reasons: list[str] = REASONS) -> dict[str, list[str]]:
    task = build_task(query, INPUTS, today=dt.date(2026, 12, 2))
    params = RankParams(items="candidates", as_="car", where=WHERE, reasons=reasons)
    cars = Candidates(items=[_car("golf", 9000, 60000), _car("ibiza", 15000, 20000)])
    ctx = dataclasses.replace(_ctx(params, {"candidates": cars}, task), root=root)
    return {c.name: why for c, why in rank.run(ctx).excluded}


def test_reasons_speak_the_requests_language_through_the_kinds_catalog(tmp_path) -> None:
    root = _project(tmp_path)
    assert _excluded(root, "coche por menos de 12.000 € con menos de 50000 km") == {
        "golf": ["10000 km de más, un golf"], "ibiza": ["por encima del presupuesto"]}
    # English: the msgids themselves
    assert _excluded(root, "a car under 12,000 EUR with less than 50000 km") == {
        "golf": ["10000 km too many, a golf"], "ibiza": ["over budget"]}


def test_without_a_catalog_of_its_own_scouts_words_still_translate(tmp_path) -> None:
    root = _project(tmp_path, po=None)
    got = _excluded(root, "coche por menos de 12.000 € con menos de 50000 km")
    assert got == {"golf": ["10000 km too many, a golf"], "ibiza": ["por encima del presupuesto"]}


def test_the_catalog_is_part_of_the_fingerprint_when_the_phase_has_reasons(
        tmp_path) -> None:
    root = _project(tmp_path)
    kind = get_step_kind("rank")
    assert kind.files_read is not None
    translating = RankParams(items="candidates", as_="car", where=WHERE, reasons=REASONS)
    assert list(kind.files_read(translating, root)) == [
        root / "locales" / "es" / "LC_MESSAGES" / "messages.po"]
    # a reason with no _() may print an enum word the catalog translates (below)
    plain = RankParams(items="candidates", as_="car", where=WHERE,
                       reasons=["{{ 'caro' if task.lang == 'es' else 'dear' }}"])
    assert list(kind.files_read(plain, root)) == list(kind.files_read(translating, root))
    assert list(kind.files_read(RankParams(items="candidates", as_="car", where=WHERE),
                                root)) == []


KIND_PO = PO + '''
msgid "hybrid"
msgstr "híbrido"

msgid "automatic"
msgstr "cambio automático"

msgid "navigation"
msgstr "navegador"

msgid "not %(fuel)s; lacks %(features)s"
msgstr "no es %(fuel)s; le falta %(features)s"
'''
ENUM_INPUTS = {"fuel": InputSpec(type="string", enum=["diesel", "hybrid"]),
               "features": InputSpec(type="list", items="string",
                                     enum=["automatic", "navigation"])}


@pytest.mark.parametrize("query, said", [
    ("coche hybrid con automatic y navigation",
     ["no es híbrido; le falta: cambio automático, navegador", "Toyota hybrid"]),
    ("a hybrid car with automatic and navigation",
     ["not hybrid; lacks: automatic, navigation", "Toyota hybrid"]),
])
def test_a_reason_writes_the_kinds_enum_words_in_the_requests_language(
        tmp_path, query, said) -> None:
    """A reason that prints an enum value, or a list of them, without _() shows it as
    "What you asked" does, through the kind's catalog; text that merely holds such a word
    ("hybrid" inside a name) is left as written."""
    root = _project(tmp_path, KIND_PO)
    task = build_task(query, ENUM_INPUTS, today=dt.date(2026, 12, 2))
    assert task.values["fuel"] == "hybrid" and task.values["features"] == [
        "automatic", "navigation"]
    params = RankParams(items="candidates", as_="car", where=["false", "false"], reasons=[
        "{{ 'no es' if task.lang == 'es' else 'not' }} {{ task.fuel }}; "
        "{{ 'le falta' if task.lang == 'es' else 'lacks' }}: {{ task.features | join(', ') }}",
        "{{ car.name }}"])
    cars = Candidates(items=[_car("Toyota hybrid", 9000, 60000)])
    ctx = dataclasses.replace(_ctx(params, {"candidates": cars}, task), root=root)
    ctx = dataclasses.replace(ctx, pipeline=ctx.pipeline.model_copy(
        update={"inputs": ENUM_INPUTS}))
    [(_car_out, why)] = rank.run(ctx).excluded
    assert why == said


KWARGS_PO = KIND_PO + '''
msgid "not %(fuel)s"
msgstr "no es %(fuel)s"

msgid "lacks %(features)s"
msgstr "le falta: %(features)s"
'''


@pytest.mark.parametrize("query, said", [
    ("coche hybrid con automatic y navigation",
     ["no es híbrido", "le falta: cambio automático, navegador", "un Toyota hybrid"]),
    ("a hybrid car with automatic and navigation",
     ["not hybrid", "lacks automatic, navigation", "a Toyota hybrid"]),
])
def test_an_enum_word_given_to_gettext_is_written_as_a_printed_one(tmp_path, query,
                                                                   said) -> None:
    """`_('not %(fuel)s', fuel=task.fuel)` is how an author writes a reason with a value
    in it: the enum word it puts in is the reader's, as `{{ task.fuel }}` is; any other
    value (a name that holds such a word) as written."""
    root = _project(tmp_path, KWARGS_PO)
    task = build_task(query, ENUM_INPUTS, today=dt.date(2026, 12, 2))
    params = RankParams(items="candidates", as_="car", where=["false"] * 3, reasons=[
        "{{ _('not %(fuel)s', fuel=task.fuel) }}",
        "{{ _('lacks %(features)s', features=task.features | join(', ')) }}",
        "{{ _('a %(name)s', name=car.name) }}"])
    cars = Candidates(items=[_car("Toyota hybrid", 9000, 60000)])
    ctx = dataclasses.replace(_ctx(params, {"candidates": cars}, task), root=root)
    ctx = dataclasses.replace(ctx, pipeline=ctx.pipeline.model_copy(
        update={"inputs": ENUM_INPUTS}))
    [(_car_out, why)] = rank.run(ctx).excluded
    assert why == said


@pytest.mark.parametrize("query, said", [
    ("coche hybrid con automatic y navigation",
     "no es híbrido; le falta cambio automático, navegador"),
    ("a hybrid car with automatic and navigation", "not hybrid; lacks automatic, navigation"),
])
def test_an_enum_word_given_to_gettext_is_written_in_the_requests_language(
        tmp_path, query, said) -> None:
    """An enum value given to _() as a placeholder's value reads as one the reason prints:
    "no es híbrido", not the author's English word in a Spanish reason."""
    root = _project(tmp_path, KIND_PO)
    task = build_task(query, ENUM_INPUTS, today=dt.date(2026, 12, 2))
    params = RankParams(items="candidates", as_="car", where=["false"], reasons=[
        "{{ _('not %(fuel)s; lacks %(features)s', fuel=task.fuel, "
        "features=task.features) }}"])
    ctx = dataclasses.replace(_ctx(params, {"candidates": Candidates(items=[
        _car("Toyota", 9000, 60000)])}, task), root=root)
    ctx = dataclasses.replace(ctx, pipeline=ctx.pipeline.model_copy(
        update={"inputs": ENUM_INPUTS}))
    [(_car_out, why)] = rank.run(ctx).excluded
    assert why == [said]


PIPELINE = """apiVersion: scout/v1
kind: Pipeline
name: cars
inputs:
  budget: {type: money}
phases:
  F0: {uses: task, produces: [task]}
  F1:
    uses: search
    needs: [task]
    chain: web
    with: {query: "used cars", extract: {record: candidate}}
    produces: [candidates]
  R1:
    uses: rank
    needs: [task, candidates]
    with:
      items: candidates
      as: car
      where:
        - "task.budget is none or car.price is none or car.price.amount <= task.budget.amount"
        - "car.rating is none or car.rating >= 5"
      reasons:
        - "{{ _('over budget') }}"
        - "{{ _('rated only %(r)s', r=car.rating | number) }}"
    produces: [shortlist]
"""


@pytest.mark.parametrize("translated", [True, False])
def test_validate_checks_the_reasons_msgids_at_the_reason(tmp_path, translated) -> None:
    po = PO + ('\nmsgid "rated only %(r)s"\nmsgstr "solo un %(r)s"\n' if translated else "")
    root = _project(tmp_path, po)
    (root / "pipelines").mkdir()
    spec = root / "pipelines" / "cars.yaml"
    spec.write_text(PIPELINE, encoding="utf-8")
    (root / "config").mkdir()
    (root / "config" / "adapters.yaml").write_text(
        "apiVersion: scout/v1\nkind: Config\nadapters:\n  ddg: {type: duckduckgo}\n"
        "chains:\n  web: [ddg]\n", encoding="utf-8")
    code, out, _ = run("validate", "--format", "json", "--config",
                       str(root / "config" / "adapters.yaml"), str(spec))
    problems = [p for f in json.loads(out)["files"] for p in f["problems"]]
    assert code == 0
    assert not [p for p in problems if p["code"] in ("SPEC050", "SPEC051", "SPEC053")]
    missing = [p for p in problems if p["code"] == "SPEC059"]
    if translated:
        assert missing == []
    else:  # 'over budget' is scout's; the kind's own word is located at its reason
        [p] = missing
        line = PIPELINE.splitlines().index(
            "        - \"{{ _('rated only %(r)s', r=car.rating | number) }}\"") + 1
        assert "'rated only %(r)s'" in p["message"] and "'es'" in p["message"]
        assert p["file"].endswith("cars.yaml") and p["line"] == line
        assert 'msgid "rated only %(r)s"' in p["hint"]
