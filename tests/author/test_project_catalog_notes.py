"""The Task notes (how F0 read the request, shown in the report) use the project's own
catalog too: a kind with its own input names and enum values gets notes in the reader's
language, in the words its report's "What you asked" table uses, scout's catalog still
translating the rest. The catalog is part of F0's fingerprint."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task
from scout.testing import FakeProviders, Result, run_pipeline

HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
#: a coworking kind written by someone else: its own input names and enum values
CATALOG = {"desk": "puesto", "hot_desk": "puesto flexible", "fixed_desk": "puesto fijo",
           "max_price": "precio máximo", "start_month": "mes de entrada"}
INPUTS = {
    "city": {"type": "place"},
    "desk": {"type": "string", "enum": ["hot_desk", "fixed_desk"],
             "synonyms": {"hot_desk": ["mesa flexible", "flexible desk"],
                          "fixed_desk": ["mesa fija", "fixed desk"]}},
    "max_price": {"type": "money"},
    "start_month": {"type": "month", "aliases": ["from", "desde"]},
}
TODAY = dt.date(2026, 12, 2)
QUERY_ES = "coworking en Lisboa con mesa flexible por menos de 3000 coronas, desde marzo de 2026"


def _catalog(root: Path, entries: dict[str, str]) -> Path:
    path = root / "locales" / "es" / "LC_MESSAGES" / "messages.po"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(HEADER + "".join(f'msgid "{k}"\nmsgstr "{v}"\n\n'
                                     for k, v in entries.items()), encoding="utf-8")
    return path


def _notes(query: str, locales: Path | None) -> list[str]:
    inputs = {k: InputSpec.model_validate(v) for k, v in INPUTS.items()}
    return build_task(query, inputs, today=TODAY, locales=locales).notes


def test_notes_use_the_projects_words(tmp_path: Path) -> None:
    _catalog(tmp_path, CATALOG)
    notes = _notes(QUERY_ES, tmp_path / "locales")
    assert "puesto: se ha leído «puesto flexible» de «mesa flexible»" in notes
    assert ("precio máximo: «coronas» se dice de varias monedas (SEK, CZK, DKK, ISK, NOK) y "
            "la petición no nombra ningún lugar que diga cuál, así que se ha leído como SEK; "
            "escribe el código de la moneda si te referías a otra") in notes
    assert ("mes de entrada: marzo de 2026 ya ha pasado (hoy es 2 de diciembre de 2026); se "
            "mantiene tal como se pidió") in notes
    # scout's own words are still scout's: "ya ha pasado", "se ha leído" (no project entry)
    assert not any(n.startswith(("desk", "max price", "start month")) for n in notes), notes


def test_without_a_project_catalog_the_names_are_written_as_words(tmp_path: Path) -> None:
    # notes are for the reader: an enum value no catalog translates reads as the report's
    # "What you asked" writes it ("hot desk"); the value itself stays the author's
    inputs = {k: InputSpec.model_validate(v) for k, v in INPUTS.items()}
    task = build_task(QUERY_ES, inputs, today=TODAY, locales=tmp_path / "locales")
    notes = task.notes  # no catalog there
    assert "desk: se ha leído «hot desk» de «mesa flexible»" in notes
    assert task.values["desk"] == "hot_desk"
    # the input by its label as "What you asked" writes it with no catalog of the kind's
    assert any(n.startswith("precio máx.: «coronas» se dice de varias monedas (SEK,")
               for n in notes)


def test_an_english_request_keeps_the_english_names(tmp_path: Path) -> None:
    _catalog(tmp_path, CATALOG)
    notes = _notes("coworking in Lisbon, flexible desk, under 3000 crowns, from March 2026",
                   tmp_path / "locales")
    assert "desk: read 'hot desk' from 'flexible desk'" in notes
    assert any(n.startswith("start month: March 2026 is already past") for n in notes)


def test_a_broken_project_catalog_is_the_located_error(tmp_path: Path) -> None:
    from scout.errors import CatalogInvalid

    po = _catalog(tmp_path, CATALOG)
    po.write_text(po.read_text(encoding="utf-8") + 'msgid "open\n', encoding="utf-8")
    with pytest.raises(CatalogInvalid) as err:
        _notes(QUERY_ES, tmp_path / "locales")
    assert err.value.code == "SPEC058" and err.value.location.file == str(po)


PIPELINE = """\
apiVersion: scout/v1
kind: Pipeline
name: coworking
inputs:
  city: {type: place}
  desk:
    type: string
    enum: [hot_desk, fixed_desk]
    synonyms: {hot_desk: [mesa flexible, flexible desk], fixed_desk: [mesa fija, fixed desk]}
  max_price: {type: money}
  start_month: {type: month, aliases: [from, desde]}
phases:
  F0: {uses: task, produces: [task]}
  F1:
    uses: search
    needs: [task]
    chain: web
    with: {query: "coworking {{ task.city }}", extract: {record: candidate}}
    produces: [candidates]
  R1:
    uses: rank
    needs: [task, candidates]
    with: {items: candidates, as: c}
    produces: [shortlist]
  P3:
    uses: synthesize
    needs: [task, shortlist]
    chain: synthesis
    with: {question: "¿Qué coworking?"}
    produces: [synthesis]
  F6:
    uses: report
    needs: [task, candidates, shortlist, synthesis]
    with: {template: coworking_report.md.j2, formats: [md]}
    produces: [report]
"""
TEMPLATE = """\
{% import "_report.md.j2" as r with context %}
# {{ title }}
{{ r.past_warning(task) }}

{{ r.task_section(task) }}
"""


def _project(tmp_path: Path) -> Path:
    project = tmp_path / "coworking"
    (project / "pipelines").mkdir(parents=True)
    (project / "templates").mkdir()
    (project / "pipelines" / "coworking.yaml").write_text(PIPELINE, encoding="utf-8")
    (project / "templates" / "coworking_report.md.j2").write_text(TEMPLATE, encoding="utf-8")
    _catalog(project, {**CATALOG, "city": "ciudad"})
    return project


def test_the_report_shows_the_notes_in_the_projects_words(tmp_path: Path) -> None:
    project = _project(tmp_path)
    with FakeProviders() as fake:
        fake.search(".", [Result("Second Home Lisboa", "https://secondhome.test/",
                                 "Coworking en Lisboa, puesto flexible desde 250 USD al mes.")])
        run = run_pipeline(project / "pipelines" / "coworking.yaml", fake=fake,
                           workdir=tmp_path / "work", query=QUERY_ES)
    assert run.exit_code == 0, run.result.reason
    read = run.report.split("Cómo se leyó la petición:")[1].split("\n## ")[0]
    assert "- puesto: se ha leído «puesto flexible» de «mesa flexible»" in read
    assert "- precio máximo: «coronas» se dice de varias monedas (SEK," in read
    # the month already past is said once, at the top; the notes do not repeat it (the
    # report recognises the note by the same translated name its table shows)
    assert run.report.count("ya ha pasado") == 1, run.report
    assert "| mes de entrada | marzo de 2026 |" in run.report


def test_editing_the_catalog_reads_the_request_again(tmp_path: Path) -> None:
    project = _project(tmp_path)
    with FakeProviders() as fake:
        fake.search(".", [Result("Second Home Lisboa", "https://secondhome.test/", "Coworking.")])
        kwargs = {"fake": fake, "workdir": tmp_path / "work", "query": QUERY_ES,
                  "mission_id": "coworking-lisboa"}
        first = run_pipeline(project / "pipelines" / "coworking.yaml", **kwargs)
        _catalog(project, {**CATALOG, "desk": "tipo de puesto"})
        second = run_pipeline(project / "pipelines" / "coworking.yaml", **kwargs)
    assert first.exit_code == second.exit_code == 0
    notes = second.artifact("task")["notes"]
    assert "tipo de puesto: se ha leído «puesto flexible» de «mesa flexible»" in notes
    assert "- tipo de puesto: se ha leído" in second.report
