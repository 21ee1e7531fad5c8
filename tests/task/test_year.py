"""The ``year`` input type: read from requests in both languages, checked when given,
shown as written (2019, never 2,019 / 2.019) wherever a Task value is shown."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.i18n.values import format_value
from scout.spec.models import InputSpec
from scout.task.parser import parse_query
from scout.task.values import coerce

TODAY = dt.date(2026, 12, 1)
CARS = {"min_year": InputSpec(type="year"), "max_km": InputSpec(type="integer", aliases=["km"]),
        "budget": InputSpec(type="money")}


def _year(query: str, inputs: dict[str, InputSpec] | None = None) -> int | None:
    return parse_query(query, inputs or CARS, today=TODAY).values.get("min_year")


@pytest.mark.parametrize("query,year", [
    ("coche de segunda mano del 2019 en adelante por menos de 15.000 euros", 2019),
    ("Toyota de 2018 o posterior con menos de 80.000 km", 2018),
    ("coches de 2015 o más nuevos", 2015),
    ("a partir de 2020, automático", 2020),
    ("año 2017, cambio automático", 2017),
    ("modelo 2016 con navegador", 2016),
    ("matriculado en 2021", 2021),
    ("used Toyota 2019 or newer under 100,000 km", 2019),
    ("hybrid from 2019 with navigation", 2019),
    ("cars since 2014.", 2014),
    ("model year 2022 under 20,000 EUR", 2022),
    ("2019+ hybrid", 2019),
    ("2020 onwards, diesel", 2020),
    ("min year 2013", 2013),                      # the input's own name
])
def test_a_year_is_read_in_either_language(query: str, year: int) -> None:
    assert _year(query) == year


@pytest.mark.parametrize("query", [
    "desde 2000 euros", "from 2000 EUR", "de 2000 km al mes", "menos de 20.190 km",
    "hotel para 2 personas", "posted 2019 reviews", "1500 euros",
])
def test_numbers_that_are_not_years_are_not_read_as_one(query: str) -> None:
    only_year = {"min_year": InputSpec(type="year")}
    assert _year(query, only_year) is None


def test_the_year_does_not_take_the_other_numbers() -> None:
    got = parse_query("del 2019 en adelante, menos de 100.000 km y 18.000 euros", CARS,
                      today=TODAY).values
    assert got["min_year"] == 2019 and got["max_km"] == 100000 and got["budget"].amount == 18000


def test_an_aliased_year_reads_next_to_its_word() -> None:
    inputs = {"built": InputSpec(type="year", aliases=["construido"])}
    assert parse_query("piso construido 1998 en Madrid", inputs, today=TODAY).values == \
        {"built": 1998}


@pytest.mark.parametrize("value,year", [(2019, 2019), ("2019", 2019), (" 1850 ", 1850),
                                        (2019.0, 2019)])
def test_given_years(value: object, year: int) -> None:
    assert coerce("year", value) == year


@pytest.mark.parametrize("value,words", [(19, "between 1000 and 2999"),
                                         ("20190", "between 1000 and 2999"),
                                         ("2019-05", "four digits"), (True, "boolean"),
                                         (2019.5, "four digits")])
def test_wrong_years_say_how_to_write_one(value: object, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        coerce("year", value)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_year_is_shown_as_written(lang: str) -> None:
    assert format_value(2019, "year", lang) == "2019"
    assert format_value(100000, "integer", lang) == ("100,000" if lang == "en" else "100.000")


PAPERS = {"topic": InputSpec(type="subject", aliases=["on"]), "since": InputSpec(type="year")}


@pytest.mark.parametrize("query,year,topic", [
    ("artículos de aprendizaje por refuerzo de los últimos tres años", 2023, None),
    ("artículos sobre cambio climático y salud de los últimos 5 años", 2021,
     "cambio climático y salud"),
    ("artículos sobre IA en los dos últimos años", 2024, "IA"),
    ("papers on LLM hallucination from the last two years", 2024, "LLM hallucination"),
    ("papers on protein folding in the past 10 years", 2016, "protein folding"),
])
def test_a_window_back_from_today_names_its_first_year(query, year, topic) -> None:
    task = parse_query(query, PAPERS, today=TODAY)
    assert task.values["since"] == year
    if topic is not None:                  # the window is no part of what is asked about
        assert task.values["topic"] == topic


def test_a_named_year_wins_over_a_window_and_a_window_needs_years() -> None:
    assert parse_query("papers since 2020 from the last two years", PAPERS,
                       today=TODAY).values["since"] == 2020
    for query in ["papers on the last two chapters", "los últimos tres días",
                  "in the last 100 years"]:
        assert parse_query(query, PAPERS, today=TODAY).values.get("since") is None, query


@pytest.mark.parametrize("query,year", [
    ("artículos desde 2019 hasta 2021 sobre redes neuronales", 2019),
    ("papers from 2019 to 2021 on transformers", 2019),
    ("artículos de 2019 a 2021", 2019),
    ("papers published after 2020 about climate models", 2021),  # after 2020: 2021 on
    ("artículos desde 2018 sobre ética", 2018),
])
def test_a_year_before_the_other_end_of_a_span_or_the_topic(query, year) -> None:
    assert parse_query(query, PAPERS, today=TODAY).values["since"] == year


@pytest.mark.parametrize("query", ["de 1500 a 2000 euros", "from 2000 to 3000 EUR",
                                   "desde 1200 hasta 1500 km"])
def test_a_range_of_amounts_is_no_span_of_years(query) -> None:
    assert parse_query(query, PAPERS, today=TODAY).values.get("since") is None
