"""A rating a quote states on another scale than the report shows ratings on is said on
both: the restaurant kind (ratings out of 10) showed "rating 9.2/10" beside a quote that
says "4.6/5", which reads as a contradiction. Both languages; a rating stated on the
report's own scale is said once."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.testing import FakeProviders, Result, run_pipeline

KIND = Path(__file__).resolve().parents[2] / "pipelines" / "restaurant_research.yaml"


@pytest.mark.parametrize("query, snippet, said", [
    ("best ramen in Lyon under 25 EUR", "Ramen from 14 EUR, rated 4.6/5 by 800 diners.",
     "rating 9.2/10 (4.6/5 in the source)"),
    ("el mejor ramen en Lyon por menos de 25 EUR", "Ramen desde 14 EUR, valorado 4,4/5.",
     "valoración 8,8/10 (4,4/5 en la fuente)"),
    ("best ramen in Lyon under 25 EUR", "Ramen from 14 EUR. Critics' score: 88/100.",
     "rating 8.8/10 (88/100 in the source)"),
])
def test_a_quotes_own_scale_is_said_beside_the_converted_rating(
        query: str, snippet: str, said: str, tmp_path: Path) -> None:
    with FakeProviders() as fake:
        fake.search(r".", [Result("Ramen Kotori Lyon", "https://kotori.example/", snippet)])
        run = run_pipeline(KIND, fake=fake, workdir=tmp_path, query=query)
    assert run.exit_code == 0
    assert said in run.report, [ln for ln in run.report.splitlines() if "/10" in ln]


def test_a_rating_on_the_reports_own_scale_is_said_once(tmp_path: Path) -> None:
    with FakeProviders() as fake:
        fake.search(r".", [Result("Ramen Kotori Lyon", "https://kotori.example/",
                                  "Ramen from 14 EUR, rated 9.1/10.")])
        run = run_pipeline(KIND, fake=fake, workdir=tmp_path,
                           query="best ramen in Lyon under 25 EUR")
    assert "rating 9.1/10" in run.report
    assert "in the source)" not in run.report


GYMS = Path(__file__).resolve().parents[2] / "examples" / "gyms" / "pipelines"


def _row(report: str, name: str) -> str:
    return next(ln for ln in report.splitlines() if ln.startswith("|") and name in ln)


@pytest.mark.parametrize("kind, query, snippet, name, cell", [
    # a kind out of 10, its sources on 5: the table's cell says both, the source's one
    # the reader finds on the page
    (KIND, "ramen in Lyon under 30 EUR rated at least 8",
     "Tonkotsu for 16 EUR; diners give it 4.3/5.", "Tonkotsu Ya Lyon",
     "8.6/10 (4.3/5 in the source) [1] ≥ 8.0/10"),
    (KIND, "un ramen en Lyon por menos de 30 EUR con nota mínima de 8",
     "Tonkotsu por 16 EUR; los clientes le dan un 4,3/5.", "Tonkotsu Ya Lyon",
     "8,6/10 (4,3/5 en la fuente) [1] ≥ 8,0/10"),
    # a critic's 100 points in the same table
    (KIND, "sushi in Lyon under 60 EUR", "Omakase 45 EUR. Critics' score: 91/100.",
     "Sushi Den Lyon", "9.1/10 (91/100 in the source) [1]"),
])
def test_the_shortlist_rating_cell_says_the_sources_scale(
        kind: Path, query: str, snippet: str, name: str, cell: str, tmp_path: Path) -> None:
    with FakeProviders() as fake:
        fake.search(r".", [Result(name, "https://shop.example/", snippet)])
        run = run_pipeline(kind, fake=fake, workdir=tmp_path, query=query)
    assert run.exit_code == 0, run.report
    assert cell in _row(run.report, name)


def test_a_rating_cell_on_the_sources_own_scale_says_it_once(tmp_path: Path) -> None:
    with FakeProviders() as fake:
        fake.search(r".", [Result("Tonkotsu Ya Lyon", "https://shop.example/",
                                  "Tonkotsu for 16 EUR; rated 8.7/10 by diners.")])
        run = run_pipeline(KIND, fake=fake, workdir=tmp_path,
                           query="ramen in Lyon under 30 EUR")
    row = _row(run.report, "Tonkotsu Ya Lyon")
    assert "8.7/10 [1]" in row and "in the source" not in row


@pytest.mark.parametrize("query, snippet, cell", [
    # a kind out of 5 (its own table, through r.cite_figure), a source out of 10
    ("gimnasios en Valencia por menos de 50 EUR al mes",
     "Gimnasio con cuota de 39 EUR al mes; los socios le dan un 9,2/10.",
     "4,6/5 (9,2/10 en la fuente) [1]"),
    ("gyms in Valencia under 50 EUR a month", "Membership 39 EUR a month, members rate it 8.4/10.",
     "4.2/5 (8.4/10 in the source) [1]"),
    # out of 5 in the source too: said once
    ("gyms in Valencia under 50 EUR a month", "Membership 39 EUR a month, rated 4.5/5.",
     "| 4.5/5 [1] |"),
])
def test_a_kinds_own_table_says_the_sources_scale(query: str, snippet: str, cell: str,
                                                  tmp_path: Path) -> None:
    with FakeProviders() as fake:
        fake.search(r".", [Result("Gimnasio Turia", "https://turia.example/", snippet)])
        run = run_pipeline(GYMS / "gyms.yaml", fake=fake, workdir=tmp_path, query=query)
    assert run.exit_code == 0, run.report
    assert cell in _row(run.report, "Gimnasio Turia")
