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
