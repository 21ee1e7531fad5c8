"""The report step renders the hotel template: task, shortlist, citations, DAG, costs."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from scout.config.loader import load_config
from scout.spec.dag import PhaseGraph
from scout.report.context import MissionView, PhaseRow, summarise_journal
from scout.schemas.records import Candidates, EvidenceSet
from scout.schemas.sources import Citation, Synthesis, SynthesisSentence
from scout.spec.loader import load_pipeline
from scout.steps import rank, report
from scout.stepkit.context import StepContext
from scout.steps.extract import to_candidates, to_evidence
from scout.steps.placenames import request_places
from scout.stepkit.params import ExtractRules, RankParams, ReportParams
from scout.task.build import build_task
from tests.steps.test_extract_rank import F1_RESULTS, F1_RULES, S

ROOT = Path(__file__).resolve().parents[2]


def _mission(phases: dict[str, str], journal: list[dict]) -> MissionView:
    spec = load_pipeline(ROOT / "pipelines/hotel_research.yaml")
    costs, notices = summarise_journal(journal)
    return MissionView(
        mission_id="m1", pipeline="hotel-research",
        phases=[PhaseRow(pid, p.uses, phases.get(pid, "succeeded"), optional=p.optional,
                         reason="video search failed: yt-dlp error" if pid == "Y1" else None)
                for pid, p in spec.model.phases.items()],
        costs=costs, notices=notices,
        mermaid=PhaseGraph.of(spec.model).to_mermaid(phases), max_cost=0.5,
    )


def _render(tmp_path: Path, budget: str = "200 EUR", results=F1_RESULTS,
            synthesis: Synthesis | None = None, lang: str = "en",
            journal_extra: tuple[dict, ...] = (), template: str | None = "kind's"):
    spec = load_pipeline(ROOT / "pipelines/hotel_research.yaml")
    pipe = spec.model
    task = build_task(f"hotels in Barcelona for September 2026 under {budget}", pipe.inputs,
                      today=dt.date(2026, 11, 29)).model_copy(update={"lang": lang})
    cands, _ = to_candidates(results, F1_RULES, adapter="duckduckgo", phase="F1",
                             places=request_places(task))
    reviews = EvidenceSet(items=to_evidence(
        [S("Casa Bonay review", "https://www.tripadvisor.com/bonay", "Lovely, 4.5 out of 5")],
        ExtractRules(record="review"), kind="review", subject=cands[1], adapter="duckduckgo",
        phase="F2")[0]) if len(cands) > 1 else EvidenceSet()
    cfg = load_config(ROOT / "config/adapters.yaml")
    common = dict(mission_id="m1", pipeline=pipe, config=cfg, root=ROOT, run_dir=tmp_path,
                  today=dt.date(2026, 11, 29), task=task)
    rp = RankParams(**pipe.phases["R1"].with_)
    inputs = {"candidates": Candidates(items=cands), "reviews": reviews,
              "prices": EvidenceSet()}
    short = rank.run(StepContext(phase_id="R1", phase=pipe.phases["R1"], params=rp,
                                 inputs=inputs, **common))
    synthesis = synthesis or Synthesis(
        text="Casa Bonay fits.", adapter="perplexity", model="sonar",
        sentences=[SynthesisSentence(text="Casa Bonay is loved by guests.", citations=[1])],
        citations=[Citation(index=1, url="https://www.tripadvisor.com/bonay", title="Bonay")],
    )
    journal = [  # the journal's line shape (DESIGN.md §3, scout/providers/journal.py)
        {"adapter": "tavily", "phase": "F1", "result": "error",
         "error": {"kind": "unavailable", "code": "PRV001", "status": 500},
         "response_summary": {"status": 500}, "cost": {"usd": 0}},
        {"adapter": "duckduckgo", "phase": "F1", "result": "ok", "cost": {"usd": 0},
         "chain": {"name": "web", "answered_by": "duckduckgo"}},
        {"adapter": "perplexity", "phase": "P3", "result": "skipped", "error": None,
         "response_summary": {"reason": "PERPLEXITY_API_KEY not set"}},
        *journal_extra,
    ]
    mission = _mission({"Y1": "failed_terminal", "Y2": "blocked_missing_input"}, journal)
    params = ReportParams(**pipe.phases["F6"].with_)
    if template != "kind's":  # None: the default report of any kind
        params = params.model_copy(update={"template": template})
    ctx = StepContext(phase_id="F6", phase=pipe.phases["F6"], params=params,
                      inputs={**inputs, "shortlist": short, "synthesis": synthesis,
                              "pages": None, "video_evidence": None},
                      extras={"mission_view": mission}, **common)
    return report.run(ctx), tmp_path


def test_report_markdown_and_html(tmp_path: Path) -> None:
    art, run_dir = _render(tmp_path)
    md = (run_dir / "report.md").read_text()
    assert md.startswith("# Hotels in Barcelona, September 2026")
    assert "| budget | 200 EUR | query |" in md
    # input names read as words, not identifiers ("min_rating")
    assert "| minimum rating | 8.0/10 | default |" in md and "| download photos | no |" in md
    assert "min_rating" not in md and "download_photos" not in md
    assert "| 1 | Casa Bonay | 180 EUR/night [1] ≤ 200 EUR | 8.8/10 [2] ≥ 8.0/10 | 3 |" in md
    assert "| 2 | Generator Barcelona | unknown | unknown | 1 |" in md
    # the headline does not claim a fit it could not check
    assert ", out of 3 candidates found. 1 of them could not be fully checked (see *What " \
        "changed the shortlist*).\n" in md
    # sources disagree (9.1 and 8.9, 4.5/5 and 8.8): the lowest rating is the one checked
    # each figure of a left-out candidate cites the source that stated it
    assert re.search(r"^- \*\*Hotel Arts Barcelona\*\* \(320 EUR/night \[\d+\], 8\.9/10 \[\d+\]\): "
                     r"over budget$", md, re.M)
    # a model's answer (sentences only) renders as cited sentences
    assert "Casa Bonay is loved by guests. [" in md and "*Answered by **perplexity** (sonar).*" in md
    assert "```mermaid\nflowchart TD" in md
    assert "F1: tavily failed 1 time (unavailable, HTTP 500); duckduckgo answered instead" in md
    assert "perplexity skipped: PERPLEXITY_API_KEY not set" in md
    assert "**Video evidence is missing.** Y1 (video search) failed (final)" in md
    assert "- **Y1** (videos, optional): failed (final) — video search failed: yt-dlp error\n" in md
    assert "| **total** |" in md
    # every citation number resolves to a URL in Sources
    cited = set(re.findall(r"\[(\d+)\]", md))
    listed = dict(re.findall(r"^(\d+)\. \[.*?\]\((\S+?)\)", md, re.M))
    assert cited and cited <= set(listed)
    assert "https://www.tripadvisor.com/bonay" in listed.values()
    assert art.citations == len(listed)
    html = (run_dir / "report.html").read_text()
    assert "<table>" in html and "<script" not in html and 'href="http' in html
    assert set(art.files) == {"md", "html"}


def test_no_results_is_said_explicitly(tmp_path: Path) -> None:
    _, run_dir = _render(tmp_path, budget="10 EUR", results=F1_RESULTS[:1])
    md = (run_dir / "report.md").read_text()
    # the headline names the place as a place ('No hotels found matching Barcelona' did
    # not, and its Spanish read 'hoteles que cumplan Barcelona')
    assert "**No hotel in Barcelona fits the request**: at most 10 EUR a night" in md
    assert "No hotels found matching the request." in md
    assert "| # | hotel |" not in md


def test_no_results_in_spanish(tmp_path: Path) -> None:
    _, run_dir = _render(tmp_path, budget="10 EUR", results=F1_RESULTS[:1], lang="es")
    md = (run_dir / "report.md").read_text()
    assert "**Ningún hotel en Barcelona cumple la petición**: como máximo 10 € por noche" in md


def test_html_escapes_markup_from_the_web(tmp_path: Path) -> None:
    html = report.markdown_to_html("quote: <script>alert(1)</script> <b>x</b>")
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_files_read_lists_template_and_partials() -> None:
    params = ReportParams(template="hotel_report.md.j2", formats=["md", "html"])
    names = {p.name for p in report.files_read(params, ROOT)}
    assert {"hotel_report.md.j2", "report.html.j2", "_report.md.j2"} <= names


def test_cost_rows_and_notices_do_not_depend_on_journal_order() -> None:
    """Concurrent phases interleave their journal lines differently in every run; the
    report must not (the kill storm in tests/chaos compares reports of two runs)."""
    lines = [
        {"adapter": "tavily", "phase": "F1", "result": "ok", "cost": {"usd": 0.008},
         "chain": {"position": 0, "answered_by": "tavily"}},
        {"adapter": "page", "phase": "F3", "result": "error", "cost": {"usd": 0},
         "error": {"kind": "unavailable", "status": 503}, "chain": {"position": 0}},
        {"adapter": "yt_dlp", "phase": "Y1", "result": "ok", "cost": {"usd": 0},
         "chain": {"position": 0}},
        {"adapter": "tavily", "phase": "F4", "result": "retry", "cost": {"usd": 0},
         "error": {"kind": "unavailable", "status": 500}, "chain": {"position": 0}},
        {"adapter": "page", "phase": "F3", "result": "ok", "cost": {"usd": 0},
         "chain": {"position": 0}},
        {"adapter": "perplexity", "phase": "P3", "result": "ok", "cost": {"usd": 0.005},
         "chain": {"position": 0}},
    ]
    order = ["F0", "F1", "F2", "F3", "F4", "Y1", "Y2", "R1", "P3", "F6"]
    seen = set()
    for perm in ([0, 1, 2, 3, 4, 5], [2, 4, 1, 0, 5, 3], [5, 3, 2, 4, 1, 0]):
        costs, notices = summarise_journal([lines[i] for i in perm], order)
        seen.add((tuple((c.adapter, c.calls, c.errors) for c in costs), tuple(notices)))
    assert len(seen) == 1
    (rows, notices), = seen
    assert [r[0] for r in rows] == ["tavily", "page", "yt_dlp", "perplexity"]
    assert [n.split(":")[0] for n in notices] == ["F3", "F4"]


def _cited_resolve(md: str) -> None:
    import re
    cited = set(re.findall(r"\[(\d+)\]", md))
    listed = dict(re.findall(r"^(\d+)\. \[.*?\]\((\S+?)\)", md, re.M))
    assert cited and cited <= set(listed)


def test_keyless_synthesis_renders_its_structure(tmp_path: Path) -> None:
    from tests.adapters_media.synth_fixtures import Fixture

    syn, _, _ = Fixture().synthesize()
    _, run_dir = _render(tmp_path, synthesis=syn)
    md = (run_dir / "report.md").read_text()
    section = md.split("## Synthesis\n", 1)[1].split("\n## ", 1)[0]
    first = section.strip().splitlines()[0]
    assert first.startswith("Casa Bonay is the best rated option that fits your request: "
                            "9.0/10. [")
    assert "\n**Casa Bonay**\n" in section and "\n**Hotel Praktik Rambla**\n" in section
    assert "- In favour (noise, staff): “Rooms were quiet and the staff were lovely.” [" in section
    assert "- Against (breakfast): “Hotel Praktik Rambla: from 135 EUR per night, breakfast " \
           "extra.” [" in section
    assert "**Where sources disagree**" in section
    import re
    # its site's search result and its page are one citation: each value says which said it
    assert re.search(r"- Casa Bonay, rating: 9\.0/10 \(in the search result\) \[\d+\], 9\.2/10 "
                     r"\(on the page\) \[\d+\]( \[\d+\])?; the rating check uses the lowest, "
                     r"9\.0/10\.", section)
    assert "*Prices are what the sources stated when retrieved" in section
    assert "Near misses" not in section  # none here
    assert "local synthesis built from the evidence above" in section
    _cited_resolve(md)


def test_a_sentences_sources_are_written_lowest_first_and_once(tmp_path: Path) -> None:
    """The trade-off cites the ratings then the prices: the report numbers them as they
    come, and writes them in order ("[1] [2] [3] [4]", not "[2] [4] [1] [3]")."""
    import re

    from tests.adapters_media.synth_fixtures import Fixture

    syn, _, _ = Fixture().synthesize()
    _, run_dir = _render(tmp_path, synthesis=syn)
    md = (run_dir / "report.md").read_text()
    section = md.split("## Synthesis\n", 1)[1].split("\n## ", 1)[0]
    runs = [[int(n) for n in re.findall(r"\d+", r)]
            for r in re.findall(r"(?:\[\d+\](?: |(?=[;,.\n]|$)))+", section)]
    assert max(len(r) for r in runs) >= 3          # the trade-off's four sources, at least
    for numbers in runs:
        assert numbers == sorted(set(numbers)), numbers
    _cited_resolve(md)


def test_a_sentence_both_for_and_against_is_quoted_once(tmp_path: Path) -> None:
    from scout.schemas.sources import AspectNote, CandidateNotes

    quote = "Casa Bonay: rich breakfast, but a long queue at lunch."
    notes = CandidateNotes(key="casa-bonay", name="Casa Bonay",
                           pros=[AspectNote(aspect="food", label="comida", quote=quote,
                                            citations=[1])],
                           cons=[AspectNote(aspect="wait", label="espera", quote=quote,
                                            citations=[1]),
                                 AspectNote(aspect="noise", label="ruido",
                                            quote="Noisy street at night.", citations=[1])])
    syn = Synthesis(text="x", adapter="extractive", lang="es", candidates=[notes],
                    recommendation=[SynthesisSentence(text="Casa Bonay encaja.",
                                                      citations=[1])],
                    citations=[Citation(index=1, url="https://www.tripadvisor.com/bonay",
                                        title="Bonay")])
    _, run_dir = _render(tmp_path, synthesis=syn, lang="es")
    section = (run_dir / "report.md").read_text().split("## Síntesis\n", 1)[1]
    section = section.split("\n## ", 1)[0]
    assert "- A favor (comida); en contra (espera): «Casa Bonay: rich breakfast, but a long " \
           "queue at lunch.» [" in section
    assert section.count("long queue") == 1
    assert "- En contra (ruido): «Noisy street at night.» [" in section


def test_spanish_report_gets_a_spanish_synthesis_section(tmp_path: Path) -> None:
    from tests.adapters_media.synth_fixtures import Fixture

    syn, _, _ = Fixture(lang="es").synthesize()
    _, run_dir = _render(tmp_path, synthesis=syn, lang="es")
    md = (run_dir / "report.md").read_text()
    section = md.split("## Síntesis\n", 1)[1].split("\n## ", 1)[0]
    assert "Casa Bonay es la opción mejor valorada" in section
    # quoted in Spanish marks, though the quote is English: the report's typography
    assert "- A favor (ruido, personal): «Rooms were quiet and the staff were lovely.»" in section
    assert "“" not in md and "”" not in md
    assert "**Donde las fuentes no coinciden**" in section
    # the local synthesis is named once, not "extractive (extractive)"
    assert "*Respondido por **extractive**. Es una síntesis local" in section
    assert "Pro (" not in section and "Answered by" not in section
    _cited_resolve(md)


def test_a_models_table_and_lists_render_as_structure_with_unsupported_marks(
        tmp_path: Path) -> None:
    """A model's answer keeps its shape in the report: a markdown table stays one table
    (never a 'sentence' per row, no separator line as text), lists stay lists, each part
    with its citations, and a sentence citing none of the evidence is marked unsupported
    — in the request's language."""
    from scout.adapters.answer import parse_answer

    answer = ("## Options\n\n| hotel | price | rating |\n|---|---|---|\n"
              "| Casa Bonay | 180 EUR | 9.2 [E1] |\n| Praktik | 135 EUR | 8.6 [E2] |\n\n"
              "- Casa Bonay is quieter [E1]\n- Praktik is cheaper [E2]\n\n"
              "Book early for September.")
    parsed = parse_answer(answer, lambda _kind, n: n if n in (1, 2) else None)
    cites = [Citation(index=1, url="https://www.tripadvisor.com/bonay", title="Bonay"),
             Citation(index=2, url="https://praktik.test/reviews", title="Praktik")]
    syn = Synthesis(text=parsed.text, adapter="openai", model="gpt-4o-mini",
                    sentences=parsed.sentences, blocks=parsed.blocks, citations=cites)
    for lang, header, unsupported in (("en", "| hotel | price | rating | sources |",
                                       "*(not supported by the evidence)*"),
                                      ("es", "| hotel | price | rating | fuentes |",
                                       "*(sin respaldo en la evidencia)*")):
        _, run_dir = _render(tmp_path / lang, synthesis=syn, lang=lang)
        md = (run_dir / "report.md").read_text()
        assert header in md
        assert "\n|---|---|---|---|\n" in md
        assert re.search(r"^\| Casa Bonay \| 180 EUR \| 9\.2 \| +\[\d+\] \|$", md, re.M)
        assert re.search(r"^- Praktik is cheaper \[\d+\]$", md, re.M)
        assert "Book early for September." + " " + unsupported in md
        synth = md[md.index("**Options**"):md.index("Book early")]
        assert synth.count("\n|---|") == 1  # one separator line: the table's own
        _cited_resolve(md)


def test_a_models_rows_without_a_header_line_are_shown_not_dropped(tmp_path: Path) -> None:
    """Pipe rows with no |---| line (a table Markdown cannot show) were left out of the
    report without a word; each row is an item now, with its citations."""
    from scout.adapters.answer import parse_answer

    answer = ("Best picks:\n\n| Casa Bonay | 180 EUR | [E1] |\n| Praktik | | 135 EUR [E2] |\n"
              "| </td></tr></table> x | y |\n\nBook early [E1].")
    parsed = parse_answer(answer, lambda _kind, n: n if n in (1, 2) else None)
    cites = [Citation(index=1, url="https://www.tripadvisor.com/bonay", title="Bonay"),
             Citation(index=2, url="https://praktik.test/reviews", title="Praktik")]
    syn = Synthesis(text=parsed.text, adapter="openai", model="gpt-4o-mini",
                    sentences=parsed.sentences, blocks=parsed.blocks, citations=cites)
    _, run_dir = _render(tmp_path, synthesis=syn)
    md = (run_dir / "report.md").read_text()
    assert re.search(r"^- Casa Bonay — 180 EUR \[\d+\]$", md, re.M), md
    assert re.search(r"^- Praktik — 135 EUR \[\d+\]$", md, re.M)
    assert re.search(r"^- &lt;/td>&lt;/tr>&lt;/table> x — y \*\(", md, re.M)
    _cited_resolve(md)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_counts_read_as_words_not_placeholders(tmp_path: Path, lang: str) -> None:
    """Counts agree with their noun in both languages: no 'hotel(s)' / 'candidato(s)'."""
    _, run_dir = _render(tmp_path, lang=lang)
    md = (run_dir / "report.md").read_text()
    assert not re.search(r"\w\((s|es)\)", md), re.findall(r".*\w\((?:s|es)\).*", md)
    lead = md.split("\n\n", 2)[1]
    n_found = len(re.findall(r"^\| \d+ \|", md.split("\n## ", 2)[1], re.M))
    if lang == "en":
        want = f"{n_found} hotel{'s' if n_found != 1 else ''} in Barcelona fit"
    else:
        want = f"{n_found} hotel{'es' if n_found != 1 else ''} en Barcelona cumple"
    assert lead.startswith(want), lead


def test_a_budget_stated_per_night_is_not_said_per_night_twice(tmp_path: Path) -> None:
    _, run_dir = _render(tmp_path, budget="200 EUR a night")
    md = (run_dir / "report.md").read_text()
    lead = md.split("\n\n", 2)[1]
    assert "a budget of 200 EUR/night" in lead and "a night a night" not in lead
    assert "/night a night" not in md
    _, run_dir = _render(tmp_path, budget="10 EUR per night", results=F1_RESULTS[:1])
    md = (run_dir / "report.md").read_text()
    assert "at most 10 EUR/night." in md or "at most 10 EUR/night," in md, md[:300]


def test_a_phase_skipped_by_its_condition_went_to_plan() -> None:
    """Photos nobody asked to download (P6 ``if: task.download_photos``) are not something
    that 'did not go to plan'; a phase skipped for another reason still is."""
    from scout.report.context import PhaseRow

    by_plan = PhaseRow("P6", "thumbnails", "skipped", reason="if: task.download_photos is false")
    other = PhaseRow("Y2", "transcripts", "skipped", reason="needs 'videos' from Y1")
    failed = PhaseRow("Y1", "videos", "failed_terminal", reason="if: x")
    view = MissionView(mission_id="m", pipeline="p", phases=[by_plan, other, failed])
    assert [p.id for p in view.degraded_phases] == ["Y2", "Y1"]


def test_a_call_the_cost_cap_refused_is_not_a_provider_failure() -> None:
    """The cap refusing a call is said in its own words (what it would have cost, what
    was left), once per phase and link; it is not 'tavily failed 1 time
    (budgetexceeded)' nor a call in the cost table."""
    said = ("tavily was not called: it would have cost about $0.008 and $0.002 of the "
            "$0.01 cap was left")
    refused = {"adapter": "tavily", "phase": "F2", "result": "budget_exceeded",
               "error": {"kind": "budgetexceeded", "code": "RUN004", "message": said}}
    journal = [
        {"adapter": "tavily", "phase": "F1", "result": "ok", "cost": {"usd": 0.008}},
        refused, refused,  # a fan-out's items refused alike: said once
    ]
    costs, notices = summarise_journal(journal, ["F1", "F2"])
    assert notices == [said]
    assert [(c.adapter, c.calls, c.errors) for c in costs] == [("tavily", 1, 0)]


@pytest.mark.parametrize("template", ["kind's", None])
def test_a_model_the_cap_refused_is_said_once_in_the_synthesis_section(
        tmp_path: Path, template: str | None) -> None:
    """The cost cap refused the model and the extractive synthesis answered: the Synthesis
    section says what the model would have cost and what was left, in the request's
    language, and 'What did not go to plan' does not say it a second time."""
    from scout.adapters.contract import LinkAttempt
    from tests.adapters_media.synth_fixtures import Fixture

    said = ("openai was not called: it would have cost about $0.03 and $0.01 of the "
            "$0.50 cap was left")
    syn, _, _ = Fixture(lang="es").synthesize(
        links=[LinkAttempt("openai", "budget_exceeded", message=said)])
    assert said in syn.notes
    refusal = {"adapter": "openai", "phase": "P3", "result": "budget_exceeded",
               "error": {"kind": "budgetexceeded", "code": "RUN004", "message": said},
               "cost": {"usd": 0}}
    _, run_dir = _render(tmp_path, synthesis=syn, lang="es", journal_extra=(refusal,),
                         template=template)
    md = (run_dir / "report.md").read_text()
    spanish = ("openai no se llamó: habría costado unos 0,03 US$ y del límite de 0,50 US$ "
               "quedaban 0,01 US$")
    assert md.count(spanish) == 1 and said not in md
    section = md.split("## Síntesis", 1)[1].split("\n## ", 1)[0]
    assert spanish in section


@pytest.mark.parametrize("lang, line", [
    ("en", "- **F2** (search): failed (can be retried) — stopped at the cost cap\n"),
    ("es", "- **F2** (búsqueda): fallida (reintentable) — detenida en el límite de coste\n"),
])
def test_phases_the_cap_stopped_say_so_once(tmp_path: Path, lang: str, line: str) -> None:
    """Each stopped phase read 'stopped: budget cap reached: budget cap reached before
    calling page: spent $0.0160 of max_cost $0.0100 (4/4 items succeeded)' (English in a
    Spanish report too); a partly failed fan-out's count was given twice."""
    import json

    from scout.orchestrator.policy import partial_reason
    from scout.report.stopped import write_stopped_report
    from scout.spec.basics import MinSuccess

    stop = ("stopped: budget cap reached: budget cap reached before calling page: spent "
            "$0.0160 of max_cost $0.0100")
    view = MissionView(mission_id="m", pipeline="p", budget_stopped=True, max_cost=0.01,
                       phases=[PhaseRow("F2", "search", "failed_retryable", reason=stop,
                                        items_total=4),
                               PhaseRow("F3", "fetch", "succeeded_partial", items_total=3,
                                        items_failed=3, optional=True,
                                        reason=partial_reason(3, 3, MinSuccess(min_success=0.0)))])
    (tmp_path / "task.json").write_text(json.dumps({"task": {"lang": lang}}))
    md = write_stopped_report(view, tmp_path, tmp_path / "templates").read_text()
    assert line in md and "budget cap reached" not in md, md
    f3 = {"en": "(fetch, optional): partly succeeded — 3 of 3 items failed (the phase accepts "
                "partial results)\n",
          "es": "(lectura de páginas, opcional): completada en parte — fallaron 3 de 3 elementos (la fase "
                "admite resultados parciales)\n"}[lang]
    assert f3 in md, md


def test_the_dag_in_a_spanish_report_has_no_english_label(tmp_path: Path) -> None:
    """The mermaid block's states and its parallel group are in the reader's language (the
    group read "[parallel group 1]" in Spanish reports); English keeps its words."""
    for lang, group in (("es", "[grupo paralelo 1]"), ("en", "[parallel group 1]")):
        _, run_dir = _render(tmp_path / lang, lang=lang)
        dag = (run_dir / "report.md").read_text().split("```mermaid\n", 1)[1].split("```")[0]
        assert f"subgraph group_1 {group}" in dag
        if lang == "es":
            assert "[succeeded]" not in dag and "parallel group" not in dag
            # each step as the phase table says it; the fan-out's artifact and the edges'
            # as the report's sections name them
            assert 'F2["F2: búsqueda x candidatos' in dag and ": search" not in dag
            assert "|candidates" not in dag and "x candidates" not in dag
        else:  # a state in words there too, as the phase table says it
            assert 'F2["F2: search x candidates' in dag
            assert 'Y1["Y1: videos [failed (final)]"]' in dag and "[failed_terminal]" not in dag
            assert "class Y1 failed_terminal" in dag  # mermaid's class names stay


@pytest.mark.parametrize("lang, point", [("es", r"\d+ €/noche, \d+,\d/10"),
                                         ("en", r"\d+ EUR/night, \d+\.\d/10")])
def test_the_charts_points_say_price_and_rating_as_the_report_does(
        tmp_path: Path, lang: str, point: str) -> None:
    """A point's tooltip read "Casa Bonay: 180 EUR, 9/10" in a Spanish report whose tables
    say "180 €" and "9,0/10"; and it says the basis the chart plots on, as the tables do
    ("180 €/noche")."""
    _, run_dir = _render(tmp_path, lang=lang)
    html = (run_dir / "report.html").read_text()
    titles = re.findall(r'<g class="point[^"]*" data-name="[^"]*"><title>[^<]*: ([^<]*)</title>',
                        html)
    assert titles and all(re.fullmatch(point, t) for t in titles), titles
