"""A third outside-author kind: used cars (examples/used-cars), products with specs rather
than places. No place, no month: a total budget, a mileage cap and a first year written as
people write them ("100,000 km", "80.000 km"), a fuel and required features (a list).
Run end to end offline with scout.testing in English and Spanish; R1 filters on specs the
listings state (the ``stated`` and ``mentions`` filters), not on typed fields."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scout.testing import FakeProviders, Result, run_pipeline
from tests.kinds import run_kind

KIND = Path(__file__).resolve().parents[2] / "examples" / "used-cars" / "pipelines" / "used_cars.yaml"

LISTINGS = [
    Result("Toyota C-HR 1.8 Hybrid Advance - AutoScout24", "https://cars.test/chr-2020",
           "2020 Toyota C-HR hybrid, automatic gearbox, navigation, 62.000 km, año 2020, 16.900 €."),
    Result("Toyota Corolla 1.8 Hybrid Active", "https://cars.test/corolla-2019",
           "Toyota Corolla hybrid, year 2019, 85,000 km, automatic, navigation. 14.500 €."),
    Result("Toyota Auris Hybrid 140H", "https://cars.test/auris-2016",
           "Toyota Auris hybrid automatic with navigation, año 2016, 98.000 km, 9.900 €."),
    Result("Toyota RAV4 220D", "https://cars.test/rav4-diesel",
           "Toyota RAV4 diesel, automatic, navigation, 2019, 70.000 km, 17.500 €."),
    Result("Toyota Yaris Hybrid City", "https://cars.test/yaris-km",
           "Toyota Yaris hybrid, automatic, navigation, año 2021, 140.000 km, 11.000 €."),
    Result("Toyota Prius Plus", "https://cars.test/prius-nonav",
           "Toyota Prius hybrid, automatic, year 2020, 40,000 km, 15.000 €."),
    # a Spanish listing: its fuel and features are the enum's synonyms (híbrido,
    # automático, navegador), found for 'hybrid', 'automatic', 'navigation' (mentions)
    Result("Toyota Corolla Touring Sports 125H", "https://coches.test/corolla-ts",
           "Toyota Corolla Touring Sports HÍBRIDO, cambio Automático, Navegador, año 2020, "
           "30.000 km, 17.200 €."),
]
# the template's and the shared sections' own words (the listings' quotes stay as written);
# the kind's Spanish words come from its own catalog (examples/used-cars/locales)
WORDS = {"es": ["3 coches de 7 anuncios", "## Los anuncios", "## Lo que pediste", "| coche |",
                "| año |", "con cambio automático, navegador."],
         "en": ["3 cars out of 7 listings", "## The listings", "## What you asked", "| car |",
                "| year |", "with automatic, navigation."]}


def _run(tmp_path: Path, query: str):
    # the per-car searches get the whole dealer page too: each car keeps only the
    # results that name it by its own words (not "Toyota", "Hybrid", shared by all)
    return run_kind(KIND, tmp_path, query, LISTINGS, seed=_second_source)


def _second_source(fake, listings):
    # the per-car search confirms one listing's mileage in a second source
    fake.search(r"Corolla .*(specs|ficha)", [Result(
        "Toyota Corolla 1.8 Hybrid Active: ficha", "https://specs.test/corolla",
        "Toyota Corolla 1.8 Hybrid Active, matriculado en 2019, 85.000 km, cambio automático.")])


@pytest.mark.parametrize("query,lang,budget,heading,budget_text", [
    ("used Toyota hybrid under 18,000 EUR with less than 100,000 km, year 2019 or newer, "
     "automatic with navigation", "en", 18000, "## Shortlist", "18,000 EUR"),
    ("Toyota híbrido de segunda mano por menos de 18.000 euros con menos de 100.000 km, "
     "año 2019 o posterior, con cambio automático y navegador", "es", 18000, "## Selección", "18.000 €"),
    ("Toyota híbrido de segunda mano del 2019 en adelante, por menos de 18.000 euros y con menos "
     "de 100.000 km, con cambio automático y navegador", "es", 18000, "## Selección", "18.000 €"),
])
def test_used_cars_end_to_end(tmp_path, query, lang, budget, heading, budget_text):
    run, queries = _run(tmp_path, query)
    task = run.artifact("task")
    assert task["lang"] == lang
    values = task["values"]
    assert values["budget"]["amount"] == budget and values["budget"]["currency"] == "EUR"
    assert values["max_km"] == 100000          # not 0: "100,000" / "100.000" is one number
    assert values["min_year"] == 2019
    assert values["fuel"] == "hybrid" and values["make"] == "toyota"  # híbrido: a synonym
    # a list, every word named, Spanish words read as the enum's values
    assert values["features"] == ["automatic", "navigation"]
    assert any("100000 km" in q and "2019" in q for q in queries)  # the search used the Task

    names = [i["candidate"]["name"] for i in run.artifact("shortlist")["items"]]
    # fewest km first, within every constraint; the Spanish listing is found by synonyms
    assert names == ["Toyota Corolla Touring Sports 125H", "Toyota C-HR 1.8 Hybrid Advance",
                     "Toyota Corolla 1.8 Hybrid Active"]
    excluded = {c["name"] for c, _reasons in run.artifact("shortlist")["excluded"]}
    assert {"Toyota Auris Hybrid 140H",   # too old
            "Toyota RAV4 220D",           # diesel
            "Toyota Yaris Hybrid City",   # too many km
            "Toyota Prius Plus"} <= excluded  # no navigation

    report = run.report
    assert heading in report
    # counts agree with their nouns: "7 anuncios", not "7 anuncio(s)"
    assert not re.search(r"\w\((s|es)\)", report), re.search(r".{30}\w\((s|es)\)", report)
    assert budget_text in report                  # money as the request's language writes it
    assert ("62.000" if lang == "es" else "62,000") in report   # km column, localised
    assert re.search(r"\[\d+\]\(https://cars\.test/chr-2020\)", report)   # cited
    other = "en" if lang == "es" else "es"
    assert all(w in report for w in WORDS[lang]), [w for w in WORDS[lang] if w not in report]
    assert not any(w in report for w in WORDS[other]), [w for w in WORDS[other] if w in report]
    # a car left out says why in the request's language, not as the where expression
    assert ("más de 140000 km" if lang == "es" else "over 140000 km") in report
    assert "stated(" not in report
    # min_year is a year: written 2019 in the summary, the table and "What you asked"
    assert "2.019" not in report and "2,019" not in report and "| 2019 |" in report
    assert ("de 2019 o posterior" if lang == "es" else "from 2019 or later") in report
    assert run.report_html and "<html" in run.report_html.lower()


def test_the_shared_report_sections_name_no_research_kind() -> None:
    # the built-in sections serve every kind: a photo note said "the hotels' own photos"
    # in a laptop or car report
    import scout.report

    builtin = Path(scout.report.__file__).resolve().parent / "builtin"
    kind_words = re.compile(r"(?i)\b(hotels?|restaurants?|dish|destination|per night)\b")
    for template in sorted(builtin.glob("*.j2")):
        code = re.sub(r"\{#.*?#\}", "", template.read_text(), flags=re.S)  # comments may
        for line in code.splitlines():                                    # give examples
            assert not kind_words.search(line), f"{template.name}: {line.strip()}"


@pytest.mark.parametrize("query,lead", [
    ("Toyota híbrido de segunda mano por menos de 18.000 euros",
     "**Ningún coche cumple la petición**: no se encontró ningún anuncio."),
    ("used Toyota hybrid under 18,000 EUR", "**No car fits the request**: no listing was found."),
])
def test_no_listing_found_is_not_all_left_out(tmp_path, query, lead):
    """"0 anuncios encontrados, todos descartados (motivos abajo)" when nothing was found."""
    with FakeProviders() as fake:
        run = run_pipeline(KIND, fake=fake, workdir=tmp_path, query=query)
    assert run.exit_code == 0, run.result.reason
    assert run.report.split("\n\n")[1] == lead


@pytest.mark.parametrize("text, year, kept", [
    ("Toyota Corolla hybrid, año 2020, 1 año de garantía, 60.000 km", 2020, True),
    ("Toyota Corolla hybrid, matriculado en 2017, garantía de 1 año", 2017, False),
    ("Toyota Prius, first registered 03/2021, 1 year warranty", 2021, True),
    ("Toyota Yaris, 12 months or 1 year warranty included", None, True),  # could not check
])
def test_the_first_year_is_a_year_the_listing_states(text: str, year: int | None,
                                                     kept: bool) -> None:
    """R1 checks a car's year against the year its listing states, never against another
    number next to the word: "1 año de garantía" is a warranty, not a car from year 1
    left out as "del año 1"."""
    from scout.schemas.records import Candidate, Evidence
    from scout.spec.loader import load_pipeline
    from scout.spec.templating import make_env

    rank = load_pipeline(KIND).model.phases["R1"].with_
    criterion = next(w for w in rank["where"] if "min_year" in w)
    car = Candidate(key="c", name="Toyota", url="https://cars.test/c", evidence=[Evidence(
        id="e", kind="snippet", text=text, url="https://cars.test/c")])
    env = make_env()
    check = env.compile_expression(criterion)
    assert check(car=car, task={"min_year": 2019}) is kept
    # a year read is compared (a later first year leaves it out); none read is no year
    assert check(car=car, task={"min_year": 2030}) is (year is None)
    if not kept:
        said = env.from_string(rank["reasons"][rank["where"].index(criterion)])
        assert said.render(car=car, task={"min_year": 2019, "lang": "es"}) == f"del año {year}"
