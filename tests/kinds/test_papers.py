"""An eighth outside-author kind: scientific papers (examples/papers), the kind a research
lab writes first, from docs/authoring.md and `scout --help` alone: a topic, a year window,
open access only, a venue, at least N citations, the paper's language — and no place, no
price, no rating. Requests are typed as people type them, in both languages. Runs end to
end offline with scout.testing: the report must be in the request's language only, say
nothing about prices, budgets or ratings, cite its sources, and shortlist only what fits
every filter, with the year read as listings write it ("Published: 12 March 2024",
"publicado en 2022", a reference's "(2020)") and citations as "Cited by 310" or "citado
por 57"."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from scout.spec.loader import load_pipeline
from scout.testing import FakeProviders, Result, run_pipeline
from tests.kinds import (
    assert_read_as,
    assert_validates,
    excluded_reasons as _excluded,
    own_words as _own_words,
    parse_request,
    plan_output,
    run_kind,
    shortlist_names as _names,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "papers"
KIND = PROJECT / "pipelines" / "papers.yaml"
TODAY = dt.date(2026, 12, 6)

# request → (lang, the values it states; every other input must stay empty)
REQUESTS = {
    "artículos sobre detección de desinformación en español publicados desde 2022, en "
    "acceso abierto, con al menos 50 citas":
        ("es", {"topic": "detección de desinformación", "since": 2022, "open_access": True,
                "min_citations": 50, "language": "spanish"}),
    "papers on retrieval-augmented generation evaluation from 2023 onwards, open access only":
        ("en", {"topic": "retrieval-augmented generation evaluation", "since": 2023,
                "open_access": True}),
    "papers on protein folding since 2021 with at least 100 citations":
        ("en", {"topic": "protein folding", "since": 2021, "min_citations": 100}),
    "papers on graph neural networks until 2022":
        ("en", {"topic": "graph neural networks", "until": 2022}),
    "artículos en acceso abierto sobre cambio climático y salud de los últimos 5 años":
        ("es", {"topic": "cambio climático y salud", "since": 2021, "open_access": True}),
    "papers on LLM hallucination from the last two years":
        ("en", {"topic": "LLM hallucination", "since": 2024}),
    "artículos desde 2019 hasta 2021 sobre redes neuronales":
        ("es", {"topic": "redes neuronales", "since": 2019, "until": 2021}),
    "papers from 2019 to 2021 on transformers":
        ("en", {"topic": "transformers", "since": 2019, "until": 2021}),
}


@pytest.fixture(scope="module")
def inputs():
    return load_pipeline(KIND).model.inputs


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_people_type_them(inputs, query):
    lang, want = REQUESTS[query]
    assert_read_as(parse_request(KIND, query, TODAY), lang, want,
                   money=None, false_unasked=True)


def test_between_two_years_gives_the_first_as_since(inputs):
    task = parse_request(KIND, "papers on graph neural networks published between 2019 and 2022", TODAY)
    assert task.values["since"] == 2019


# ---------------------------------------------------------------- end to end, offline
# each paper on a repository of its own, as search engines return them; the years and
# citation counts are written as those sites write them
LISTINGS = [
    Result("Evaluating Retrieval-Augmented Generation: A Survey", "https://arxiv.test/abs/2405.1",
           "Yu, H. et al. (2024). A survey of how RAG systems are evaluated. Open access "
           "on arXiv. Cited by 310. Written in English."),
    Result("RAGAS: Automated Evaluation of Retrieval Augmented Generation",
           "https://aclanthology.test/2024.eacl-demo.16",
           "EACL 2024 demo track. Published: 12 March 2024. Open access. 480 citations."),
    Result("Benchmarking Large Language Models in Retrieval-Augmented Generation",
           "https://ojs.aaai.test/article/29728",
           "AAAI 2024. Published 2023 as a preprint. Cited by 95. Publisher version behind "
           "a paywall."),
    Result("Retrieval-Augmented Generation for Knowledge-Intensive NLP Tasks",
           "https://proceedings.neurips.test/2020/rag",
           "Lewis, P. et al. (2020). NeurIPS. Open access. Cited by 5,000."),
    Result("Detección de desinformación en redes sociales en español",
           "https://sepln.test/pln/article/6500",
           "Artículo publicado en 2022 en Procesamiento del Lenguaje Natural, en acceso "
           "abierto. Citado por 57. Escrito en español."),
    Result("Desinformación y verificación automática de hechos en español",
           "https://revistas.test/rev/article/91",
           "Publicado en 2023, en acceso abierto. Citado por 12. Artículo en español."),
]

# hotel and shopping words a papers report has no business saying, in either language
HOTEL = re.compile(r"(?i)\b(price|prices|budget|rating|rated|cheapest|per night|availability|"
                   r"precio|precios|presupuesto|valoraci[oó]n|m[aá]s barat[oa]|por noche|"
                   r"disponibilidad)\b")
ENGLISH = re.compile(r"\b(Shortlist|Synthesis|paper|papers|year|citations|unknown|found|"
                     r"What you asked|Sources|published|not said|open access|query|"
                     r"not given|comes first)\b")
SPANISH = re.compile(r"\b(Selección|Síntesis|artículos?|año|citas|desconocid[oa]|"
                     r"encontrados?|Fuentes|publicad[oa]s?|acceso abierto|consulta|"
                     r"no indicado|va primero)\b")


def _run(tmp_path: Path, query: str, listings: list[Result] = LISTINGS):
    return run_kind(KIND, tmp_path, query, listings, today=TODAY)


def test_an_english_request_gets_an_english_report(tmp_path):
    run, queries = _run(tmp_path, "papers on retrieval-augmented generation evaluation from "
                                  "2023 onwards, open access only")
    # most cited first; each left out for what it is
    assert _names(run) == [LISTINGS[1].title, LISTINGS[0].title, LISTINGS[5].title]
    excluded = _excluded(run)
    assert excluded[LISTINGS[2].title] == ["not said to be open access"]
    assert excluded[LISTINGS[3].title] == ["published in 2020, before 2023"]
    assert excluded[LISTINGS[4].title] == ["published in 2022, before 2023"]
    report = run.report
    for words in ["# Papers on retrieval-augmented generation evaluation", "## Shortlist",
                  "| # | paper | year | citations | link |",
                  f"| {LISTINGS[1].title} | 2024 | 480 |", f"| {LISTINGS[0].title} | 2024 | 310 |",
                  "3 of 6 papers found fit: retrieval-augmented generation evaluation, "
                  "published in 2023 or later, open access.",
                  f"{LISTINGS[1].title} comes first of the 3 options that fit your request",
                  "| since | 2023 | query |"]:
        assert words in report, words
    own = _own_words(report, LISTINGS, ids=True)
    assert not SPANISH.search(own), SPANISH.findall(own)
    assert not HOTEL.search(own), HOTEL.findall(own)
    assert re.search(r"\[\d+\]\(https://aclanthology\.test/", report)
    assert queries[0].startswith("retrieval-augmented generation evaluation paper open access")
    assert run.report_html and "<html" in run.report_html.lower()


def test_a_spanish_request_gets_a_spanish_report(tmp_path):
    run, queries = _run(tmp_path, "artículos sobre detección de desinformación en español "
                                  "publicados desde 2022, en acceso abierto, con al menos 50 "
                                  "citas")
    assert _names(run) == [LISTINGS[4].title]
    excluded = _excluded(run)
    assert excluded[LISTINGS[5].title] == ["citado 12 veces, menos de 50"]
    assert excluded[LISTINGS[3].title][0] == "publicado en 2020, antes de 2022"
    assert excluded[LISTINGS[2].title][0] == "no dice estar en acceso abierto"
    # a reason names the language asked, in the report's words (not "that language")
    assert "no dice estar en español" in sum(excluded.values(), [])
    report = run.report
    for words in ["# Artículos sobre detección de desinformación", "## Selección",
                  "| # | artículo | año | citas | enlace |", f"| {LISTINGS[4].title} | 2022 | 57 |",
                  "1 de 6 artículos encontrados encaja: detección de desinformación, publicados "
                  "en 2022 o después, acceso abierto, citados al menos 50 veces, escritos en "
                  "español.", "| acceso abierto | sí | consulta |",
                  "| citas mínimas | 50 | consulta |"]:
        assert words in report, words
    own = _own_words(report, LISTINGS, ids=True)
    assert not ENGLISH.search(own), ENGLISH.findall(own)
    assert not HOTEL.search(own), HOTEL.findall(own)
    assert re.search(r"\[\d+\]\(https://sepln\.test/", report)
    assert queries[0].startswith("artículo detección de desinformación acceso abierto")


def test_a_paper_that_states_no_year_or_count_is_kept_and_shown_unknown(tmp_path):
    listings = [Result("Dense Passage Retrieval for Open-Domain Question Answering",
                       "https://dpr.test/paper", "A retriever for open-domain QA. Open access.")]
    run, _ = _run(tmp_path, "papers on dense retrieval since 2021 with at least 100 citations",
                  listings)
    assert _names(run) == [listings[0].title]
    assert f"| {listings[0].title} | unknown | unknown |" in run.report


def test_nothing_found_says_so_in_the_request_language(tmp_path):
    # every search answers zero results
    run, _ = run_kind(KIND, tmp_path,
                      "artículos sobre historia medieval desde 2020",
                      [], today=TODAY)
    assert "no se encontró ningún artículo." in run.report


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch, "pipelines/papers.yaml")


def test_plan_shows_the_request_as_read(capsys, monkeypatch, tmp_path):
    out = plan_output(PROJECT, "pipelines/papers.yaml",
                      "papers on protein folding since 2021 with at least 100 citations",
                      tmp_path, capsys, monkeypatch)
    for words in ["topic", "protein folding", "2021", "min_citations", "100", "F0", "R1", "F6"]:
        assert words in out, words


def test_the_shared_shortlist_section_without_a_budget_or_a_rating(tmp_path):
    """r.shortlist_section read task.budget and task.min_rating by name: a kind without
    them (this one) failed at its report after every paid call. Now the budget is the
    first money input and the minimum the first rating input, and a kind with neither,
    whose candidates state no price or rating, gets no column of "unknown" for them."""
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / "papers_report.md.j2").write_text(
        '{% import "_report.md.j2" as r with context %}\n# {{ title }}\n\n'
        '{{ r.shortlist_section(shortlist, task, _("paper"), _("Nothing matched the request.")) }}\n')
    with FakeProviders() as fake:
        fake.search(r".", LISTINGS)
        run = run_pipeline(KIND, fake=fake, workdir=tmp_path / "run", templates=templates,
                           today=TODAY, query="papers on retrieval-augmented generation "
                                              "evaluation from 2023 onwards, open access only")
    assert run.exit_code == 0, run.result.reason
    assert "| # | paper | evidence | link |" in run.report
    assert "unknown" not in run.report and "budget" not in run.report


def test_a_price_a_listing_states_makes_no_paper_the_cheapest(tmp_path):
    """The kind has no money input: a publisher's 'PDF 39.95 USD' is no verdict, and the
    synthesis says nothing of prices."""
    listings = [Result("Attention Is All You Need", "https://papers.test/attention",
                       "Vaswani et al. NeurIPS 2017. Cited by 100,000. Buy PDF: 39.95 USD."),
                Result("BERT: Pre-training of Deep Bidirectional Transformers",
                       "https://papers.test/bert", "Devlin et al. NAACL 2019. Cited by 90,000.")]
    run, _ = _run(tmp_path, "papers on transformers", listings)
    synthesis = run.report.split("## Synthesis")[1].split("## What changed")[0]
    assert "cheapest" not in synthesis and "USD" not in synthesis and "price" not in synthesis
    assert "Attention Is All You Need comes first of the 2 options" in synthesis
