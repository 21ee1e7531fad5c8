"""An outside-author kind: schools (examples/schools), written from the docs alone. A school
is asked for by its stage (nursery, primary, secondary, bachillerato), how it is funded
(public, charter: "concertado", private), its curriculum (British, American, French,
German, the IB), bilingual teaching, a canteen and a school bus, the child's age, a cap on
the monthly fee and the parents' stars on a maps listing (out of 5). Requests are typed as
the lab types them, in both languages; three run end to end offline with scout.testing
(module-scoped: one run each), and the report is checked for its language, its citations,
its fees put on one footing (a year's fee against a monthly cap), and for words that do
not belong to a school."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from scout.spec.loader import load_pipeline
from scout.testing import Result
from tests.kinds import (
    assert_cites_sources,
    assert_read_as,
    assert_says_nothing_of,
    assert_validates,
    excluded_reasons as _excluded,
    own_words as _own_words,
    parse_request,
    plan_output,
    run_each,
    shortlist_names as _names,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "schools"
KIND = PROJECT / "pipelines" / "schools.yaml"
TODAY = dt.date(2026, 12, 2)


def _money(amount: float, currency: str = "EUR", per: str | None = "month") -> dict:
    return {"amount": amount, "currency": currency, "per": per}


# request → (lang, the values it states that this test checks; others may be read)
REQUESTS = {
    "colegio bilingüe concertado en Madrid, barrio de Chamberí, con comedor, menos de 300 € al mes":
        ("es", {"funding": "charter", "city": "Madrid", "area": "Chamberí", "bilingual": True,
                "canteen": True, "budget": _money(300)}),
    "busco colegio británico en Valencia para mi hija de 7 años, con ruta escolar":
        ("es", {"curriculum": "british", "city": "Valencia", "age": 7, "bus": True}),
    "escuela infantil pública en Sevilla con buenas opiniones":
        ("es", {"stage": "nursery", "funding": "public", "city": "Sevilla"}),
    # "bachillerato internacional" is the IB curriculum, not the stage "bachillerato", and
    # "internacional" no neighbourhood
    "colegios privados con bachillerato internacional en Málaga, 4,5 estrellas o más":
        ("es", {"funding": "private", "curriculum": "ib", "city": "Málaga", "area": None,
                "stage": None, "min_rating": 9.0}),
    "institutos públicos bilingües cerca de Gràcia, Barcelona":
        ("es", {"stage": "secondary", "funding": "public", "city": "Barcelona",
                "area": "Gràcia", "bilingual": True}),
    "guardería en Bilbao por menos de 400 euros al mes con comedor":
        ("es", {"stage": "nursery", "city": "Bilbao", "canteen": True, "budget": _money(400)}),
    "colegios concertados en Valencia con comedor y ruta escolar, que no pasen de 250 euros al mes":
        ("es", {"funding": "charter", "city": "Valencia", "canteen": True, "bus": True,
                "budget": _money(250)}),
    # a word before "in <city>" is no neighbourhood: "international", "state", "lycée"
    "British international schools in Madrid under 900 EUR a month with school bus":
        ("en", {"curriculum": "british", "city": "Madrid", "area": None, "bus": True,
                "budget": _money(900)}),
    "bilingual state primary school in Valencia rated 4 stars or more":
        ("en", {"stage": "primary", "city": "Valencia", "area": None, "bilingual": True,
                "min_rating": 8.0}),
    # the kind's own word inside a phrase an input reads: "state schools", "school bus"
    "state schools in Valencia with a school bus":
        ("en", {"funding": "public", "city": "Valencia", "area": None, "bus": True}),
    "IB schools in Barcelona for a 15-year-old, max €1,200 per month":
        ("en", {"curriculum": "ib", "city": "Barcelona", "age": 15, "budget": _money(1200)}),
    "nursery in Seville with a canteen, under 400 euros a month":
        ("en", {"stage": "nursery", "city": "Seville", "canteen": True, "budget": _money(400)}),
    "private secondary schools near Chamberí in Madrid with good reviews":
        ("en", {"stage": "secondary", "funding": "private", "city": "Madrid",
                "area": "Chamberí"}),
    "French lycée in Málaga":
        ("en", {"curriculum": "french", "city": "Málaga", "area": None}),
}


@pytest.fixture(scope="module")
def inputs():
    return load_pipeline(KIND).model.inputs


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(inputs, query):
    lang, want = REQUESTS[query]
    assert_read_as(parse_request(KIND, query, TODAY), lang, want,
                   every=False, money=("amount", "currency", "per"))


MADRID = [
    Result("Colegio Santa Isabel - Micole", "https://colegios.test/santa-isabel",
           "Colegio Santa Isabel, concertado y bilingüe, en Chamberí, Madrid. Infantil, "
           "Primaria y ESO. Comedor propio. Cuota voluntaria 180 € al mes. Valoración 4,6/5 "
           "en Google."),
    Result("Colegio Areteia", "https://colegios.test/areteia",
           "Colegio Areteia, privado y bilingüe, en Madrid. Comedor. 650 € al mes. 4,8/5 en "
           "Google."),
    Result("Colegio Fray Luis de León", "https://colegios.test/fray-luis",
           "Colegio Fray Luis de León, concertado, en Chamberí. Comedor y ruta escolar. 4,5/5 "
           "en Google. Cuota 90 € al mes."),
    # a year's fee against a cap a month: 3.960 € al año is 330 € al mes
    Result("Colegio San Agustín", "https://colegios.test/san-agustin",
           "Colegio San Agustín, concertado bilingüe en Chamberí. Comedor. Cuota: 3.960 € al "
           "año. 4,4/5 en Google."),
    # the period said before the amount, by the fee's own word
    Result("Colegio Virgen del Pilar", "https://colegios.test/pilar",
           "Colegio Virgen del Pilar, concertado bilingüe en Chamberí, con comedor. 4,7/5 en "
           "Google. Cuota anual 4.200 €."),
    Result("Colegio Sagrado Corazón", "https://colegios.test/sagrado-corazon",
           "Colegio Sagrado Corazón, concertado, bilingüe (inglés), con comedor escolar. "
           "4,3/5 en Google."),
]
VALENCIA = [
    Result("British School of Valencia", "https://schools.test/bsv",
           "British School of Valencia: British curriculum for ages 3 to 18 years. School bus "
           "routes across the city. Monthly fee: 750 EUR. Rated 4.7/5 on Google."),
    Result("Little Oaks Nursery", "https://schools.test/little-oaks",
           "Little Oaks, a British nursery in Valencia for children aged 1 to 3 years. School "
           "bus. 450 EUR a month. Rated 4.9/5 on Google."),
    Result("American School of Valencia", "https://schools.test/asv",
           "American School of Valencia: American curriculum, ages 3 to 18 years, school bus. "
           "800 EUR a month. Rated 4.8/5 on Google."),
    Result("Caxton College", "https://schools.test/caxton",
           "Caxton College, British school near Valencia, ages 1 to 18 years. School bus. "
           "Fees 1,100 EUR a month. Rated 4.6/5 on Google."),
    Result("Mas Camarena", "https://schools.test/mas-camarena",
           "Mas Camarena, British curriculum school, ages 3 to 18 years. School bus. Annual "
           "tuition 8,100 EUR. Rated 4.4/5 on Google."),
    Result("Valencia Bilingual Academy", "https://schools.test/vba",
           "Valencia Bilingual Academy: British curriculum, ages 3 to 16 years. Rated 4.5/5 "
           "on Google."),
]
MALAGA = [
    Result("Sunny View School", "https://schools.test/sunny-view",
           "Sunny View School, Torremolinos, Málaga: private school with the International "
           "Baccalaureate (IB) diploma. Rated 4.6/5 on Google. Annual fee 9,600 EUR."),
    Result("Colegio Novaschool Añoreta", "https://schools.test/anoreta",
           "Private school in Málaga offering the IB Diploma programme. Rated 4.2/5 on "
           "Google. 700 EUR a month."),
    Result("Colegio Público Miraflores", "https://schools.test/miraflores",
           "Colegio público en Málaga. Rated 4.8/5 on Google."),
    Result("British College Benalmádena", "https://schools.test/bcb",
           "Private British school near Málaga, IB diploma for sixth form. Rated 4.7/5 on "
           "Google. Fees 850 EUR a month."),
]

RUNS = {
    "madrid": ("colegio bilingüe concertado en Madrid, barrio de Chamberí, con comedor, "
               "menos de 300 € al mes", MADRID),
    "valencia": ("British schools in Valencia for a 7-year-old with a school bus, under "
                 "900 EUR a month", VALENCIA),
    "malaga": ("private IB schools in Málaga rated 4.5 stars or more", MALAGA),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The three runs, each once, with the queries the kind sent."""
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY)


def test_charter_bilingual_canteen_under_a_monthly_fee(runs):
    run, queries = runs["madrid"]
    assert _names(run) == ["Colegio Santa Isabel", "Colegio Sagrado Corazón"]
    assert _excluded(run) == {
        "Colegio Areteia": ["no dice que sea concertado", "por encima de la cuota mensual máxima"],
        "Colegio Fray Luis de León": ["no dice que sea bilingüe"],
        "Colegio San Agustín": ["por encima de la cuota mensual máxima"],
        "Colegio Virgen del Pilar": ["por encima de la cuota mensual máxima"],
    }
    assert queries[0].startswith("colegio concertado bilingüe en Chamberí, Madrid")


def test_a_fee_a_year_is_compared_a_month(runs):
    run, _ = runs["madrid"]
    report = run.report
    # "3.960 € al año" and "Cuota anual 4.200 €" are both a year's fee: 330 and 350 a month,
    # marked "~" as every converted price in the left-out list is
    assert re.search(r"\*\*Colegio San Agustín\*\* \(~330 €/mes, 3\.960 €/año según la fuente \[\d+\]", report)
    assert re.search(r"\*\*Colegio Virgen del Pilar\*\* \(~350 €/mes, 4\.200 €/año según la fuente \[\d+\]", report)
    assert "2 precios por año se han convertido a precios por mes" in report


def test_a_spanish_request_gets_a_spanish_report_in_stars_out_of_5(runs):
    run, _ = runs["madrid"]
    report = run.report
    assert report.startswith("# Colegios — Chamberí, Madrid")
    assert "2 colegios de 6 encontrados: concertado, bilingüe, con comedor, por como mucho " \
           "300 €/mes." in report
    assert re.search(r"\| 1 \| Colegio Santa Isabel \| 180 €/mes \[1\] \| 4,6/5 \[1\] \| sí \| "
                     r"no consta \|", report)
    # a school that states no fee says so, never a guess
    assert re.search(r"\| 2 \| Colegio Sagrado Corazón \| no consta \| 4,3/5 \[2\] \| sí \|", report)
    own = re.sub(r"`[^`]*`", " ", _own_words(report, MADRID))  # less the mission's id
    for english in ("Shortlist", "Sources", "What you asked", "not stated", "unknown",
                    "school", "charter"):
        assert english not in own, english
    assert not re.search(r"\d/10\b", report)


def test_curriculum_age_and_bus_in_english(runs):
    run, queries = runs["valencia"]
    task = run.artifact("task")
    assert task["lang"] == "en" and task["values"]["age"] == 7
    assert _names(run) == ["British School of Valencia", "Mas Camarena"]
    assert _excluded(run) == {
        "Little Oaks Nursery": ["teaches children up to 3 years of age"],
        "American School of Valencia": ["does not say it teaches the British curriculum"],
        "Caxton College": ["over the monthly fee cap"],
        "Valencia Bilingual Academy": ["no school bus stated"],
    }
    assert queries[0] == "British school in Valencia school bus"


def test_an_english_request_gets_an_english_report(runs):
    run, _ = runs["valencia"]
    report = run.report
    assert report.startswith("# Schools — Valencia")
    assert "2 schools out of 6 found: British curriculum, with a school bus, for a child of " \
           "7, for at most 900 EUR/month." in report
    assert "| 1 | British School of Valencia | 750 EUR/month [1] | 4.7/5 [1] | not stated | yes |" \
        in report
    # "Annual tuition 8,100 EUR" is 675 a month
    assert re.search(r"\| 2 \| Mas Camarena \| ~675 EUR/month \(8,100 EUR/year as stated\) \[\d+\] \| 4\.4/5 \[\d+\] \|", report)
    assert "| curriculum | British | query |" in report
    own = _own_words(report, VALENCIA)
    for spanish in ("Selección", "Fuentes", "colegio", "no consta", "valoración", "británico"):
        assert spanish not in own, spanish
    assert not re.search(r"\d/10\b", report)


def test_ib_private_and_a_rating_floor_out_of_5(runs):
    run, _ = runs["malaga"]
    task = run.artifact("task")
    assert task["values"]["curriculum"] == "ib" and task["values"]["funding"] == "private"
    assert task["values"]["min_rating"] == 9.0
    assert _names(run) == ["British College Benalmádena", "Sunny View School"]
    assert _excluded(run) == {
        "Colegio Novaschool Añoreta": ["rated 4.2/5"],
        "Colegio Público Miraflores": ["not said to be private",
                                       "does not say it teaches the IB curriculum"],
    }
    assert "IB curriculum" in run.report


def test_the_report_cites_its_sources(runs):
    for key, (run, _) in runs.items():
        assert_cites_sources(run, RUNS[key][1], key)


# words of other kinds: lodging, tickets, jobs, wine, clinics, the price period of a stay
OTHER_KINDS = re.compile(r"(?i)\b(hotels?|nights?|noches?|habitaci[oó]n(es)?|rooms?|stay|"
                         r"guests?|huéspedes|salary|salario|tickets?|entradas|bottles?|"
                         r"botellas?|vintage|añada|clinics?|clínicas?|/night|/noche|"
                         r"per night|la noche)\b")


def test_the_reports_say_nothing_of_other_kinds(runs):
    for key, (run, _) in runs.items():
        assert_says_nothing_of(OTHER_KINDS, run.report, RUNS[key][1], key)


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch)


def test_plan_shows_the_request_as_read(capsys, monkeypatch, tmp_path):
    out = plan_output(PROJECT, "pipelines/schools.yaml",
                      "colegios privados con bachillerato internacional en Málaga, "
                      "4,5 estrellas o más",
                      tmp_path, capsys, monkeypatch)
    for words in ["curriculum", "Bachillerato Internacional", "min_rating", "F0", "R1", "F6"]:
        assert words in out, words
