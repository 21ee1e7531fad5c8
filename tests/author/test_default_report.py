"""A report phase without `template:` renders the default report of any kind."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.testing import FakeProviders, Result, run_pipeline
from tests.author.helpers import CONFIG, run

# an unseen kind, written by someone else: a search, two fan-outs, a report, no template
LAPTOPS = """\
apiVersion: scout/v1
kind: Pipeline
name: ultralight-laptops
description: Ultralight laptops under a budget
inputs:
  budget: {type: money}
  weight: {type: string, description: "most weight in kg"}
phases:
  F0: {uses: task, produces: [task]}
  S1:
    uses: search
    needs: [task]
    chain: web
    with: {query: "ultralight laptop under {{ task.weight or '1 kg' }}", extract: {record: candidate}}
    produces: [laptops]
  S2:
    uses: search
    needs: [task, laptops]
    for_each: laptops
    as: laptop
    chain: web
    with: {query: "{{ laptop.name }} review", extract: {record: review}}
    produces: [reviews]
  S3:
    uses: search
    needs: [task, laptops]
    for_each: laptops
    as: laptop
    chain: web
    with: {query: "{{ laptop.name }} price", extract: {record: price}}
    produces: [prices]
  R:
    uses: report
    needs: [task, laptops, reviews, prices]
    with: {formats: [md, html]}
    produces: [report]
"""


@pytest.fixture()
def kind(tmp_path: Path) -> Path:
    (tmp_path / "pipelines").mkdir()
    path = tmp_path / "pipelines" / "ultralight_laptops.yaml"
    path.write_text(LAPTOPS)
    return path


def test_unseen_kind_without_template_validates(kind: Path) -> None:
    code, out, _ = run("validate", "--config", str(CONFIG), str(kind))
    assert code == 0, out
    assert "SPEC011" not in out


def test_unseen_kind_runs_and_renders_the_default_report(kind: Path, tmp_path: Path) -> None:
    with FakeProviders() as fake:
        fake.search("ultralight", [
            Result("Featherbook 13", "https://feather.test/fb13", "Featherbook 13: 0.9 kg, rated 8.8/10"),
            Result("Airlite X", "https://airlite.test/x", "Airlite X weighs 0.99 kg"),
        ])
        fake.search("Featherbook 13 review", [Result(
            "Featherbook 13 review", "https://reviews.test/fb13", "Featherbook 13: we rate it 9 out of 10.")])
        fake.search("Featherbook 13 price", [Result(
            "Featherbook 13 deals", "https://shop.test/fb13", "Featherbook 13 from 1,199 EUR")])
        res = run_pipeline(kind, fake=fake, workdir=tmp_path / "w",
                           query="ultralight laptops under 1500 EUR")
    assert res.exit_code == 0, res.result.reason
    md = res.report
    # the request as understood
    assert "## The request as understood" in md and "ultralight laptops under 1500 EUR" in md
    assert "| budget | 1,500 EUR |" in md or "| budget | 1500 EUR |" in md
    # every artifact it read, as a table, with citations
    for name in ("## laptops", "## reviews", "## prices"):
        assert name in md
    assert "| 1 | Featherbook 13 |" in md
    assert "### Evidence" in md and "we rate it 9 out of 10" in md
    # no synthesis phase: said so; then problems, cost, DAG, sources
    assert "No synthesis in this report." in md
    for section in ("## What did not go to plan", "## Cost", "## How this was made",
                    "```mermaid", "## Sources"):
        assert section in md
    assert "https://reviews.test/fb13" in md and "](https://feather.test/fb13)" in md
    html = res.report_html
    assert "<table>" in html and "Featherbook 13" in html


def test_a_project_template_of_the_same_name_wins(kind: Path, tmp_path: Path) -> None:
    # the built-in is a fallback: a project may ship its own default_report.md.j2
    root = tmp_path / "w"
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "default_report.md.j2").write_text("# ours {{ task.query }}\n")
    with FakeProviders() as fake:
        res = run_pipeline(kind, fake=fake, workdir=root, query="ultralight laptops")
    assert res.exit_code == 0 and res.report == "# ours ultralight laptops\n"


def test_default_report_is_written_in_the_request_language(tmp_path: Path) -> None:
    import datetime as dt

    from scout.config.loader import load_config
    from scout.schemas.records import Candidate, Candidates
    from scout.spec.loader import load_pipeline
    from scout.steps import report
    from scout.stepkit.context import StepContext
    from scout.stepkit.params import ReportParams
    from scout.task.build import build_task

    root = Path(__file__).resolve().parents[2]
    pipe = load_pipeline(root / "pipelines" / "hotel_research.yaml").model
    task = build_task("hoteles en Barcelona", pipe.inputs, today=dt.date(2026, 11, 29))
    cands = Candidates(items=[Candidate(key="casa", name="Casa Bonay", url="https://bonay.test/",
                                        rating=9.0)],
                       notes=["'best hotels in Barcelona' answered by duckduckgo"])
    out = {}
    for lang in ("en", "es"):
        ctx = StepContext(phase_id="F6", phase=pipe.phases["F6"], params=ReportParams(),
                          inputs={"candidates": cands}, mission_id="m", pipeline=pipe,
                          config=load_config(root / "config" / "adapters.yaml"), root=tmp_path,
                          run_dir=tmp_path, today=dt.date(2026, 11, 29),
                          task=task.model_copy(update={"lang": lang}))
        report.run(ctx)
        out[lang] = (tmp_path / "report.md").read_text()
    assert "## The request as understood" in out["en"] and "## Sources" in out["en"]
    es = out["es"]
    assert "## La petición tal como se entendió" in es and "## Fuentes" in es
    assert "## Lo que no salió según lo previsto" in es and "Sources" not in es
    assert "| 1 | Casa Bonay | 9,0/10 |" in es  # cells written the Spanish way too
    # a search's note in the reader's language, apart from the table it follows
    assert "|\n\n- «best hotels in Barcelona»: respondió duckduckgo\n" in es
    assert "|\n\n- 'best hotels in Barcelona' answered by duckduckgo\n" in out["en"]


def test_a_spanish_default_report_shows_columns_and_search_notes_in_spanish(
        kind: Path, tmp_path: Path) -> None:
    # "| title | ... | kind | text |" and "'...' answered by duckduckgo", "n result(s) did
    # not carry a review of ..." stayed English in a Spanish request's default report
    with FakeProviders() as fake:
        fake.search(".", [
            Result("Featherbook 13", "https://feather.test/fb13", "Featherbook 13: 0,9 kg"),
            Result("Airlite X", "https://airlite.test/x", "Airlite X pesa 0,99 kg")])
        res = run_pipeline(kind, fake=fake, workdir=tmp_path / "w",
                           query="portátiles ultraligeros por menos de 1500 euros")
    assert res.exit_code == 0, res.result.reason
    md = res.report
    assert "## La petición tal como se entendió" in md
    assert "| título |" in md and "| tipo |" in md and "| texto |" in md
    assert "respondió" in md and "1 resultado no mencionaba" in md  # one, singular
    assert "| reseña |" in md                       # the evidence's kind, in Spanish
    for english in ("answered by", "did not name", "| title |", "| kind |", "| text |",
                    "| review |"):
        assert english not in md, english


def test_an_enum_value_is_shown_in_the_reports_language(tmp_path: Path) -> None:
    # "| sort | price |" in a Spanish report: an enum's value is the author's English word;
    # a catalog that translates it (scout's here, or the project's locales/) is used.
    # (The shared sections' task_section does the same: tests/kinds/test_rentals.py.)
    text = LAPTOPS.replace(
        '  weight: {type: string, description: "most weight in kg"}',
        '  weight: {type: string, description: "most weight in kg"}\n'
        '  sort: {type: string, enum: [price, rating], synonyms: {price: [precio]}}\n'
        '  kinds: {type: list, items: string, enum: [review, price]}')
    (tmp_path / "pipelines").mkdir()
    path = tmp_path / "pipelines" / "laptops.yaml"
    path.write_text(text)
    with FakeProviders() as fake:
        res = run_pipeline(path, fake=fake, workdir=tmp_path / "w",
                           query="portátiles ultraligeros ordenados por precio, con review")
    assert res.exit_code == 0, res.result.reason
    md = res.report
    assert "| sort | precio |" in md and "| kinds | reseña |" in md, md[:1500]


def test_the_default_report_says_how_the_request_was_read(kind: Path, tmp_path: Path) -> None:
    # the shipped kinds' "What you asked" lists the Task notes; the default report showed
    # only the table, so "1500 EUR" read from "por menos de 1500 euros" went unexplained
    out = {}
    for lang, query in (("es", "portátiles ultraligeros por menos de 1500 euros"),
                        ("en", "ultralight laptops for under 1500 euros")):
        with FakeProviders() as fake:
            res = run_pipeline(kind, fake=fake, workdir=tmp_path / lang, query=query)
        assert res.exit_code == 0, res.result.reason
        out[lang] = res.report
    es, en = out["es"], out["en"]
    assert "\nCómo se leyó la petición:\n\n- presupuesto: se ha leído «1.500 €» de " \
           "«por menos de 1500 euros»\n" in es, es[:1500]
    assert "How the request was read" not in es and "read '" not in es
    assert "\nHow the request was read:\n\n- budget: read '1,500 EUR' from " \
           "'under 1500 euros'\n" in en, en[:1500]


def test_the_dag_of_a_spanish_default_report_is_in_spanish(kind: Path, tmp_path: Path) -> None:
    """The default report's mermaid block said "[succeeded]" and "[parallel group 1]" in a
    Spanish report."""
    text = kind.read_text().replace("    chain: web\n    with: {query: \"{{ laptop.name }} "
                                    "review\"", "    parallel_group: 1\n    chain: web\n    "
                                    "with: {query: \"{{ laptop.name }} review\"")
    text = text.replace("    chain: web\n    with: {query: \"{{ laptop.name }} price\"",
                        "    parallel_group: 1\n    chain: web\n    with: {query: \"{{ "
                        "laptop.name }} price\"")
    assert text.count("parallel_group: 1") == 2
    kind.write_text(text)
    with FakeProviders() as fake:
        fake.search(r"review", [Result("Featherbook 13 review", "https://r.test/fb", "8/10")])
        fake.search(".", [Result("Featherbook 13", "https://feather.test/fb13", "0,9 kg")])
        res = run_pipeline(kind, fake=fake, workdir=tmp_path / "w",
                           query="portátiles ultraligeros por menos de 1500 euros")
    md = res.report
    dag = md.split("```mermaid\n", 1)[1].split("```")[0]
    assert "subgraph group_1 [grupo paralelo 1]" in dag, dag
    assert "[completada]" in dag and "[succeeded]" not in dag, dag


def test_a_degraded_phase_of_a_spanish_default_report_names_its_step_in_spanish(
        tmp_path: Path) -> None:
    """"- **F3** (fetch): completada en parte" said its step kind in English in a Spanish
    default report; it is said as the built-in sections say it, optional or not."""
    import datetime as dt

    from scout.config.loader import load_config
    from scout.report.context import MissionView, PhaseRow
    from scout.spec.loader import load_pipeline
    from scout.steps import report
    from scout.stepkit.context import StepContext
    from scout.stepkit.params import ReportParams
    from scout.task.build import build_task

    root = Path(__file__).resolve().parents[2]
    pipe = load_pipeline(root / "pipelines" / "hotel_research.yaml").model
    task = build_task("hoteles en Barcelona", pipe.inputs, today=dt.date(2026, 11, 29))
    view = MissionView(mission_id="m", pipeline=pipe.name, phases=[
        PhaseRow("F3", "fetch", "succeeded_partial", optional=True,
                 reason="1 of 4 items failed (the phase accepts partial results)")])
    ctx = StepContext(phase_id="F6", phase=pipe.phases["F6"], params=ReportParams(),
                      inputs={}, mission_id="m", pipeline=pipe,
                      config=load_config(root / "config" / "adapters.yaml"), root=tmp_path,
                      run_dir=tmp_path, today=dt.date(2026, 11, 29),
                      task=task.model_copy(update={"lang": "es"}),
                      extras={"mission_view": view})
    report.run(ctx)
    md = (tmp_path / "report.md").read_text()
    assert "- **F3** (lectura de páginas, opcional): completada en parte — " in md, md
