"""What a person reads in the built-in report sections says each thing once and in words.

A keyless run's skipped providers are one grouped line, not ten "X skipped" lines, and
those the synthesis already names are not repeated under "What did not go to plan"; the
"already past" warning is at the top only; a fan-out phase's items never count an item
that did not run as one that succeeded; states read as words in English too.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.report.context import MissionView, PhaseRow, summarise_with_skips
from scout.report.render import make_report_env
from scout.schemas.sources import Synthesis
from scout.spec.loader import load_pipeline
from scout.task.build import build_task

ROOT = Path(__file__).resolve().parents[2]

PROBLEMS = '{% import "_report.md.j2" as r with context %}{{ r.problems_section(mission) }}'
DAG = '{% import "_report.md.j2" as r with context %}{{ r.dag_section(mission) }}'
TASK = ('{% import "_report.md.j2" as r with context %}{{ r.past_warning(task) }}\n'
        '{{ r.task_section(task) }}')


def render(source: str, lang: str = "en", **context: object) -> str:
    env = make_report_env(ROOT / "templates", lang)
    return env.from_string(source).render(**context)


def skip(adapter: str, phase: str, reason: str, position: int = 0) -> dict[str, object]:
    return {"adapter": adapter, "phase": phase, "result": "skipped",
            "response_summary": {"reason": reason}, "chain": {"position": position}}


KEYLESS = [skip("tavily", "F1", "TAVILY_API_KEY not set"),
           skip("brave", "F1", "BRAVE_API_KEY not set", 2),
           skip("tavily", "F2", "TAVILY_API_KEY not set"),
           skip("brave_images", "P5", "BRAVE_API_KEY not set"),
           skip("perplexity", "P3", "PERPLEXITY_API_KEY not set"),
           {"adapter": "page", "phase": "F3", "result": "circuit_open"}]


def keyless_view() -> MissionView:
    costs, notices, skips = summarise_with_skips(KEYLESS, ["F1", "F2", "F3", "P5", "P3"])
    return MissionView(mission_id="m", pipeline="p", costs=costs, notices=notices,
                       skips=skips)


@pytest.mark.parametrize("lang, line", [
    ("en", "- **Not configured, so not asked:** tavily (TAVILY_API_KEY not set); brave, "
           "brave_images (BRAVE_API_KEY not set)\n"),
    ("es", "- **Sin configurar, así que no se consultaron:** tavily (TAVILY_API_KEY sin "
           "definir); brave, brave_images (BRAVE_API_KEY sin definir)\n"),
])
def test_skipped_providers_are_one_grouped_line(lang: str, line: str) -> None:
    """Every provider and its reason stay visible, each said once; what the synthesis's
    notes say (why no model answered) is said there, not again here."""
    synthesis = Synthesis(adapter="extractive",
                          notes=["perplexity skipped: PERPLEXITY_API_KEY not set"])
    md = render(PROBLEMS, lang, mission=keyless_view(), synthesis=synthesis)
    assert line in md, md
    assert "perplexity" not in md and md.count("tavily") == 1
    # a circuit that opened is not a missing key: it keeps its own line
    assert md.count("\n- ") == 2 and "page" in md
    # without a synthesis to say it, the model's skip is listed with the rest
    alone = render(PROBLEMS, lang, mission=keyless_view(), synthesis=None)
    assert "perplexity (PERPLEXITY_API_KEY" in alone


def test_only_the_synthesis_notes_left_is_not_nothing() -> None:
    """When the synthesis's notes say all that was skipped, the section does not claim
    first-choice providers answered everything."""
    costs, notices, skips = summarise_with_skips(
        [skip("perplexity", "P3", "PERPLEXITY_API_KEY not set")], ["P3"])
    view = MissionView(mission_id="m", pipeline="p", notices=notices, skips=skips)
    synthesis = Synthesis(notes=["perplexity skipped: PERPLEXITY_API_KEY not set"])
    md = render(PROBLEMS, mission=view, synthesis=synthesis)
    assert "first-choice" not in md and "said under *Synthesis*" in md


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_past_month_is_warned_about_once(lang: str) -> None:
    inputs = load_pipeline(ROOT / "pipelines/hotel_research.yaml").model.inputs
    query = {"en": "hotels in Barcelona for September 2026 under 200 EUR",
             "es": "hoteles en Barcelona para septiembre de 2026 por menos de 200 euros"}[lang]
    task = build_task(query, inputs, today=dt.date(2026, 12, 2))
    task = task.model_copy(update={"lang": lang})
    assert task.past_inputs == ["month"] and len(task.notes) >= 2
    pipeline = load_pipeline(ROOT / "pipelines/hotel_research.yaml").model
    md = render(TASK, lang, task=task, pipeline=pipeline)
    past = {"en": "is already past", "es": "ya ha pasado"}[lang]
    assert md.count(past) == 1, md
    assert md.index(past) < md.index("\n## ")  # the warning at the top is the one kept
    # the other notes of how the request was read are still there
    assert {"en": "budget: read", "es": "presupuesto: se ha leído"}[lang] in md


@pytest.mark.parametrize("lang, said, cell", [
    ("en", "- **F4** (search): failed (can be retried) (1 of 4 items succeeded, "
           "3 did not run)\n", "| F4 | search | failed (can be retried) | — | 1/4, 3 did not run |"),
    ("es", "- **F4** (búsqueda): fallida (reintentable) (1 de 4 elementos salieron bien, "
           "3 no se ejecutaron)\n", "| F4 | búsqueda | fallida (reintentable) | — | 1/4, 3 no se ejecutaron |"),
])
def test_items_that_did_not_run_are_not_counted_as_succeeded(lang: str, said: str,
                                                             cell: str) -> None:
    """A phase stopped after one of its four items read '4/4 items succeeded' (total
    minus failed); the appendix's state read 'failed_retryable' in English."""
    view = MissionView(mission_id="m", pipeline="p", phases=[
        PhaseRow("F4", "search", "failed_retryable", items_total=4, items_ok=1),
        PhaseRow("F5", "fetch", "succeeded_partial", items_total=3, items_ok=1,
                 items_failed=2)])
    md = render(PROBLEMS, lang, mission=view)
    assert said in md, md
    dag = render(DAG, lang, mission=view)
    assert cell in dag, dag
    assert {"en": "| 1/3, 2 failed |", "es": "| 1/3, fallaron 2 |"}[lang] in dag
    assert "failed_retryable" not in dag and "4/4" not in md + dag


def test_the_default_report_groups_the_skips_too(tmp_path: Path) -> None:
    """A kind without its own template says the same: the synthesis's skipped model in
    one line under its synthesis, the other skipped providers in one line below."""
    from scout.config.loader import load_config
    from scout.schemas.records import Candidate, Candidates
    from scout.stepkit.context import StepContext
    from scout.stepkit.params import ReportParams
    from scout.steps import report

    pipe = load_pipeline(ROOT / "pipelines" / "hotel_research.yaml").model
    task = build_task("hotels in Barcelona", pipe.inputs, today=dt.date(2026, 11, 29))
    cands = Candidates(items=[Candidate(key="casa", name="Casa Bonay", url="https://bonay.test/")])
    synthesis = Synthesis(text="Casa Bonay.", adapter="extractive",
                          notes=["perplexity skipped: PERPLEXITY_API_KEY not set"])
    ctx = StepContext(phase_id="F6", phase=pipe.phases["F6"], params=ReportParams(),
                      inputs={"candidates": cands, "synthesis": synthesis}, mission_id="m",
                      pipeline=pipe, config=load_config(ROOT / "config" / "adapters.yaml"),
                      root=tmp_path, run_dir=tmp_path, today=dt.date(2026, 11, 29), task=task,
                      extras={"mission_view": keyless_view()})
    report.run(ctx)
    md = (tmp_path / "report.md").read_text()
    assert "- **Not configured, so not asked:** perplexity (PERPLEXITY_API_KEY not set)\n" in md
    assert ("- **Not configured, so not asked:** tavily (TAVILY_API_KEY not set); brave, "
            "brave_images (BRAVE_API_KEY not set)\n") in md
    assert md.count("PERPLEXITY_API_KEY") == 1 and "skipped: " not in md.replace(
        "page skipped: circuit", "")
