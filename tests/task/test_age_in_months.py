"""An integer input that counts a baby's age in months (its name or an alias says an age
and months: `age_months`, `edad_meses`, aliases `meses`, `month-old`) reads the age in
months as said ("10 meses", "an 18-month-old"), and an age said in years as its months
("2 años" is 24, "2 años y medio" 30, "año y medio" 18, "a 2-year-old" 24): before, the
years' forms every age input reads made "2 años" an age of 2 months. An age in years and
any other count stay as they were."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.parser import parse_query
from scout.task.personage import counts_months, years_as_months

TODAY = dt.date(2026, 12, 2)
MONTHS = {"age_months": InputSpec(type="integer", aliases=["meses", "month-old", "months old"]),
          "city": InputSpec(type="place", aliases=["in", "en"])}
# the same age in months, named only by its Spanish words
MESES = {"edad": InputSpec(type="integer", aliases=["meses"]),
         "city": InputSpec(type="place", aliases=["in", "en"])}
YEARS = {"age": InputSpec(type="integer", aliases=["años", "year-old", "years old"]),
         "city": InputSpec(type="place", aliases=["in", "en"])}
# a contract's months: no age
CONTRACT = {"months": InputSpec(type="integer", aliases=["meses"])}


def _age(query: str, inputs: dict[str, InputSpec], name: str = "age_months") -> object:
    return parse_query(query, inputs, today=TODAY).values.get(name)


@pytest.mark.parametrize("query, months", [
    ("guardería en Chamberí para un bebé de 10 meses", 10),
    ("nursery in Madrid for my 18-month-old, mornings only", 18),
    ("escuela infantil bilingüe en Valencia, niña de 2 años", 24),
    ("guardería pública en Sevilla para mi hijo de 2 años y medio", 30),
    ("escuela infantil para un niño de año y medio en Madrid", 18),
    ("guardería para mi hija de un año y medio en Granada", 18),
    ("guardería para mi hija de un año en Vigo", 12),
    ("nursery for a 2 and a half year old in Bilbao", 30),
    ("nursery in Leeds for my toddler, 2.5 years old", 30),
    ("nursery in Barcelona for a 1-year-old starting January", 12),
    ("daycare in York for a one year old", 12),
    ("nursery for my son, a year and a half old, in York", 18),
])
def test_an_age_in_months_reads_years_as_months(query: str, months: int) -> None:
    assert _age(query, MONTHS) == months


def test_an_age_named_by_months_alone_counts_months() -> None:
    assert counts_months("edad", ["meses"]) and counts_months("age_months", [])
    assert _age("guardería en Murcia para una niña de 2 años", MESES, "edad") == 24
    assert _age("guardería en Murcia para un bebé de 7 meses", MESES, "edad") == 7


def test_a_length_of_time_is_no_age() -> None:
    # "durante un año" says how long; the baby's months are the age
    assert _age("guardería en Vigo durante un año para mi bebé de 9 meses", MONTHS) == 9
    assert years_as_months("durante un ano") is None


def test_a_range_of_ages_is_what_a_nursery_takes_not_the_child_s_age() -> None:
    # the nursery's cycle, said as a range, is no age of the child's
    assert _age("escuela infantil de 0 a 3 años en Madrid", MONTHS) is None
    assert _age("nursery for ages 0-3 years in Leeds", MONTHS) is None
    assert _age("escuela infantil de 0 a 3 años en Madrid para mi hija de 2 años", MONTHS) == 24


def test_an_age_in_years_and_other_months_stay() -> None:
    assert _age("colegio en Valencia para mi hija de 7 años", YEARS, "age") == 7
    assert _age("for a 7-year-old in Valencia", YEARS, "age") == 7
    assert not counts_months("months", ["meses"])  # a contract's length counts no age
    assert _age("contrato de 6 meses", CONTRACT, "months") == 6
    assert _age("contrato de 2 años", CONTRACT, "months") is None
