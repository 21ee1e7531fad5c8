"""The restaurant kind's summary said "de 1 encontrados" (one found, in the plural) in a
Spanish report: the count of candidates found takes its own plural, in both languages."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.testing import FakeProviders, Result, run_pipeline

KIND = Path(__file__).resolve().parents[2] / "pipelines" / "restaurant_research.yaml"


@pytest.mark.parametrize("query, said", [
    ("el mejor ramen en Lyon por menos de 25 EUR", "de 1 candidato encontrado."),
    ("best ramen in Lyon under 25 EUR", "out of 1 candidate found."),
])
def test_one_candidate_found_is_said_in_the_singular(query: str, said: str,
                                                     tmp_path: Path) -> None:
    with FakeProviders() as fake:
        fake.search(r".", [Result("Ramen Kotori Lyon", "https://kotori.example/",
                                  "Ramen desde 14 EUR, valorado 9,1/10.")])
        run = run_pipeline(KIND, fake=fake, workdir=tmp_path, query=query)
    assert run.exit_code == 0
    assert said in run.report
    assert "de 1 encontrados" not in run.report


def test_several_found_are_said_in_the_plural(tmp_path: Path) -> None:
    with FakeProviders() as fake:
        fake.search(r".", [Result("Ramen Kotori Lyon", "https://kotori.example/",
                                  "Ramen desde 14 EUR, valorado 9,1/10."),
                           Result("Ippudo Lyon", "https://ippudo.example/",
                                  "Ramen desde 19 EUR, valorado 8,5/10.")])
        run = run_pipeline(KIND, fake=fake, workdir=tmp_path,
                           query="un buen ramen en Lyon por menos de 25 EUR")
    assert "de 2 candidatos encontrados." in run.report
