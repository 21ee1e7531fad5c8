"""An outside-author kind: research datasets (examples/datasets), written from
the docs alone as a lab that looks for data to work with would: a topic, the region the
data cover, the years they must cover (two `year` inputs: "de 2015 a 2023" gives both),
file formats (a list enum), a licence (an enum) and whether it allows commercial use, at
least N rows, at most a size, free access, how often the data are updated and their
language — and no price, no rating. Requests are typed as the lab types them, in both
languages. Runs end to end offline with scout.testing (three missions, module-scoped):
the report must be in the request's language only, cite its sources, say when a
dataset's years or licence are not stated, and never speak of prices or "the cheapest"."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from scout.testing import Result
from tests.kinds import (
    assert_cites_sources,
    assert_read_as,
    assert_says_nothing_of,
    assert_validates,
    excluded_reasons as _excluded,
    parse_request,
    plan_output,
    run_each,
    shortlist_names as _names,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "datasets"
KIND = PROJECT / "pipelines" / "datasets.yaml"
TODAY = dt.date(2026, 12, 6)

# request → (lang, the values it states; every other input must stay empty)
REQUESTS = {
    "open datasets of Spanish-language tweets about elections, at least 100k rows, CC-BY":
        ("en", {"topic": "elections", "licence": "cc-by", "min_rows": 100000,
                "language": "spanish"}),
    "encuestas de hogares de América Latina con microdatos descargables, gratis, desde 2010":
        ("es", {"topic": "encuestas de hogares", "region": "América Latina",
                "from_year": 2010, "free": True}),
    # after the kind's noun and its "of" the topic starts: no region "Mediterranean"
    "a labelled image dataset of Mediterranean plant species under 10 GB, research use":
        ("en", {"topic": "Mediterranean plant species", "licence": "research-only",
                "max_size": 10.0}),
    # the words before the kind's noun are the topic, no place "Tweets" / "Image"
    "election tweets datasets in Parquet":
        ("en", {"topic": "election tweets", "formats": ["parquet"]}),
    "labelled plant image datasets under 10 GB":
        ("en", {"topic": "labelled plant image", "max_size": 10.0}),
    "datasets de accidentes de tráfico gratis, que permitan uso comercial":
        ("es", {"topic": "accidentes de tráfico", "free": True, "commercial_use": True}),
    "I need open data on bike sharing trips in Barcelona, 2019-2022, parquet, free":
        ("en", {"topic": "bike sharing trips", "region": "Barcelona", "from_year": 2019,
                "to_year": 2022, "formats": ["parquet"], "free": True}),
    "datasets on road accidents in Spain 2019-2022 in CSV or Parquet":
        ("en", {"topic": "road accidents", "region": "Spain", "from_year": 2019,
                "to_year": 2022, "formats": ["csv", "parquet"]}),
    "conjuntos de datos sobre desempleo en Andalucía entre 2015 y 2023, en Excel, CC0":
        ("es", {"topic": "desempleo", "region": "Andalucía", "from_year": 2015,
                "to_year": 2023, "formats": ["excel"], "licence": "cc0"}),
    # "France" is no language "francés"; "updated daily" the frequency
    "free datasets of road accidents in France since 2010, updated daily, ODbL":
        ("en", {"topic": "road accidents", "region": "France", "from_year": 2010,
                "licence": "odbl", "free": True, "frequency": "daily"}),
    # "en formato CSV" is the format's label, no place "Formato"
    "microdatos del censo de población de España en formato CSV, de más de 10.000 registros":
        ("es", {"topic": "censo de población", "region": "España", "formats": ["csv"],
                "min_rows": 10000}),
    "corpus de noticias en catalán con licencia CC-BY-SA, de menos de 5 GB":
        ("es", {"topic": "noticias", "licence": "cc-by-sa", "max_size": 5.0,
                "language": "catalan"}),
    # a quality or a price word is the topic's noun here, not how good or cheap
    "datos abiertos de calidad del aire en Madrid por horas de 2015 a 2023, en CSV, con "
    "licencia que permita uso comercial":
        ("es", {"topic": "calidad del aire", "region": "Madrid", "from_year": 2015,
                "to_year": 2023, "formats": ["csv"], "commercial_use": True,
                "frequency": "hourly"}),
    "series temporales de precios de la vivienda por municipio en España, actualizadas "
    "mensualmente":
        ("es", {"topic": "precios de la vivienda por municipio", "region": "España",
                "frequency": "monthly"}),
    "air pollution data for Madrid from 2015 to 2023 in CSV with a licence that allows "
    "commercial use":
        ("en", {"topic": "air pollution", "region": "Madrid", "from_year": 2015,
                "to_year": 2023, "formats": ["csv"], "commercial_use": True}),
    "water quality datasets in Portugal":
        ("en", {"topic": "water quality", "region": "Portugal"}),
    # what opens the request before "sobre" is what the topic is of, no place
    "tweets en español sobre elecciones, al menos 100.000 filas, CC-BY":
        ("es", {"topic": "elecciones", "licence": "cc-by", "min_rows": 100000,
                "language": "spanish"}),
    # a plural participle typed last is no place
    "dataset de imágenes de plantas mediterráneas etiquetadas, menos de 10 GB":
        ("es", {"topic": "imágenes de plantas mediterráneas etiquetadas", "max_size": 10.0}),
    "datos de paro en España hasta 2022 actualizados mensualmente":
        ("es", {"topic": "paro", "region": "España", "to_year": 2022,
                "frequency": "monthly"}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(query):
    lang, want = REQUESTS[query]
    assert_read_as(parse_request(KIND, query, TODAY), lang, want,
                   money=None, false_unasked=True)


# ---------------------------------------------------------------- end to end, offline
# data portals, repositories and a paper that publishes its data, as search engines show
# them; coverage, licence, formats and rows written as those pages write them
LISTINGS = [
    Result("Calidad del aire: datos horarios - Portal de datos abiertos de Madrid",
           "https://datos.madrid.test/calidad-aire",
           "Mediciones horarias de las estaciones de Madrid. Cobertura: 2001-2024. Formatos "
           "CSV y JSON. Licencia CC-BY 4.0. Actualización diaria. 12.500.000 registros."),
    Result("Air quality e-reporting: hourly data for Spain",
           "https://eea.test/aq-spain",
           "European Environment Agency. Coverage: 2013-2023. Hourly measurements in "
           "Parquet and CSV. Licence: ODbL. 40,000,000 rows. Free download."),
    Result("Madrid air quality 2001-2018", "https://kaggle.test/madrid-air",
           "Hourly air quality readings of Madrid's stations. Years: 2001-2018. CSV. Licence: "
           "CC-BY-NC-SA 4.0, non-commercial use only. 3,800,000 rows."),
    Result("Spanish election tweets (2019 general elections)",
           "https://zenodo.test/record/4412",
           "250,000 rows of Spanish-language tweets about the 2019 general elections, CSV and "
           "JSON. Licence: CC-BY 4.0."),
    Result("Tweets de las elecciones andaluzas 2022", "https://hf.test/datasets/tw-and",
           "Corpus en español: 40.000 filas de tweets sobre las elecciones andaluzas. "
           "Licencia CC-BY. Periodo: 2022."),
    Result("Election tweets corpus (multilingual)", "https://papers.test/etc",
           "Tweets about elections in 12 languages, Spanish included, from our paper. "
           "300,000 rows. JSON."),
]
NAMES = [r.title for r in LISTINGS]

# shopping and hotel words a report on datasets has no business saying, in either language
FOREIGN = re.compile(r"(?i)\b(price|prices|budget|cheapest|rating|rated|per night|"
                     r"availability|hotels?|precios?|presupuesto|m[aá]s barat[oa]|"
                     r"valoraci[oó]n|por noche|disponibilidad)\b")
ENGLISH = re.compile(r"\b(Shortlist|Synthesis|datasets?|rows|licence|years covered|found|"
                     r"What you asked|Sources|not stated|query|not given|comes first)\b")
SPANISH = re.compile(r"\b(Selección|Síntesis|conjuntos? de datos|filas|licencia|"
                     r"años cubiertos|encontrados?|Fuentes|no indicado|consulta|"
                     r"va primero)\b")

QUERIES = {
    "es": ("datos abiertos de calidad del aire en Madrid por horas de 2015 a 2023, en CSV, "
           "con licencia que permita uso comercial", LISTINGS),
    "en": ("open datasets of Spanish-language tweets about elections, at least 100k rows, "
           "CC-BY", LISTINGS),
    "none": ("conjuntos de datos de polen en Sevilla desde 2010", []),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_each(KIND, QUERIES, tmp_path_factory, today=TODAY)


def test_spanish_covers_the_years_asked_allows_commercial_use_most_recent_first(runs):
    run, queries = runs["es"]
    # both cover 2015 to 2023 ("Cobertura: 2001-2024", "Coverage: 2013-2023"), hourly,
    # in CSV, with a licence that allows commercial use: the most recent data first
    assert _names(run) == [NAMES[0], NAMES[1]]
    excluded = _excluded(run)
    assert "cubre hasta 2018, antes de 2023" in excluded[NAMES[2]]
    assert "su licencia no permite uso comercial" in excluded[NAMES[2]]
    assert queries[0].startswith("datos abiertos dataset")


def test_spanish_report_speaks_spanish_of_data_and_cites(runs):
    run, _ = runs["es"]
    report = run.report
    for words in ["# Conjuntos de datos: calidad del aire en Madrid, 2015–2023", "## Selección",
                  "| # | conjunto de datos | años cubiertos | licencia | filas | enlace |",
                  f"| {NAMES[0]} | 2001–2024 | CC-BY | 12.500.000 |",
                  "2 de 6 conjuntos de datos encontrados encajan: calidad del aire, Madrid, "
                  "que cubran de 2015 a 2023, CSV, uso comercial permitido",
                  "| formatos | CSV | consulta |", "| uso comercial | sí | consulta |"]:
        assert words in report, words
    assert_says_nothing_of(ENGLISH, report, LISTINGS, "es", ids=True)
    assert_says_nothing_of(FOREIGN, report, LISTINGS, "es")
    assert_cites_sources(run, LISTINGS, "es")


def test_english_at_least_the_rows_in_the_licence_and_language(runs):
    run, _ = runs["en"]
    assert _names(run) == [NAMES[3]]
    excluded = _excluded(run)
    assert "40,000 rows, fewer than 100,000" in excluded[NAMES[4]]
    # the licence asked is written as English writes it (locales/en), not as the enum value
    assert excluded[NAMES[5]] == ["not said to be under CC-BY"]
    # CC-BY-NC-SA is no CC-BY
    assert "not said to be under CC-BY" in excluded[NAMES[2]]


def test_english_report_speaks_english_of_data_and_cites(runs):
    run, _ = runs["en"]
    report = run.report
    for words in ["# Datasets: elections", "## Shortlist",
                  "| # | dataset | years covered | licence | rows | link |",
                  f"| {NAMES[3]} | not stated | CC-BY | 250,000 |",
                  "1 of 6 datasets found fits: elections, CC-BY, at least 100,000 rows, in "
                  "Spanish.", "| licence | CC-BY | query |"]:
        assert words in report, words
    assert_says_nothing_of(SPANISH, report, LISTINGS, "en", ids=True)
    assert_says_nothing_of(FOREIGN, report, LISTINGS, "en")
    assert_cites_sources(run, LISTINGS, "en")
    assert run.report_html and "<html" in run.report_html.lower()


def test_no_dataset_is_the_cheapest_when_none_has_a_price(runs):
    for key in ("es", "en"):
        synthesis = runs[key][0].report.split("##")[2]
        assert not re.search(r"(?i)cheapest|m[aá]s barat|price|precio", synthesis), key


def test_nothing_found_says_so_in_the_request_language(runs):
    run, _ = runs["none"]
    assert "no se encontró ningún conjunto de datos." in run.report


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch, "pipelines/datasets.yaml")


def test_plan_shows_the_request_as_read(capsys, monkeypatch, tmp_path):
    out = plan_output(PROJECT, "pipelines/datasets.yaml",
                      "conjuntos de datos sobre desempleo en Andalucía entre 2015 y 2023, en "
                      "Excel, CC0", tmp_path, capsys, monkeypatch)
    for words in ["desempleo", "Andalucía", "2015", "2023", "F0", "R1", "F6"]:
        assert words in out, words
