"""A thing's year typed bare beside its name (scout.task.year): before a place's cue ("un
Versa 2019 en Monterrey"), after a name another input read (a kind's own pattern read
"Seat León"), and, as English writes it, between an article and the name ("a 2015 Ford
Focus"); never a count's or a measure's number ("a 2000 word essay")."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.parser import parse_query

TODAY = dt.date(2026, 12, 7)
CARS = {"model": InputSpec(type="subject"), "place": InputSpec(type="place"),
        "year": InputSpec(type="year"), "budget": InputSpec(type="money")}
# a kind whose own pattern reads the car: the year beside it is still the year's
# a kind whose own pattern reads the car (its match ends before the year, or starts after
# it): the year beside the name it read is still the year input's
PATTERNED = {**CARS, "car": InputSpec(
    type="string", pattern=r"(?:(?:para|for|de|of)\s+(?:un|una|a|an|my|mi)\s+|(?<=\d{4}\s))"
                           r"(?P<value>(?-i:[A-Z])\w+\s+(?-i:[A-Z])\w+)")}
BOOKS = {"topic": InputSpec(type="subject"), "year": InputSpec(type="year"),
         "length": InputSpec(type="length")}


def year(query: str, inputs: dict[str, InputSpec] = CARS) -> int | None:
    got = parse_query(query, inputs, today=TODAY).values.get("year")
    return None if got is None else int(got)


@pytest.mark.parametrize("query, want", [
    ("afinación mayor para un Versa 2019 en Monterrey", 2019),
    ("revisión de un Ibiza 2017 en Málaga, hasta 200 €", 2017),
    ("brake pads for a Corolla 2016 in Leeds", 2016),
    ("service on a Qashqai 2020 near Bristol", 2020),
    ("taller en Sevilla para un Golf 2029 en Triana", None),   # later than next year
    ("hotel 2019 en Madrid", 2019),                           # any kind's bare year alike
])
def test_a_bare_year_before_a_place(query: str, want: int | None) -> None:
    assert year(query) == want


@pytest.mark.parametrize("query, want", [
    ("MOT for a 2015 Ford Focus in Bristol, under £250", 2015),
    ("clutch replacement on my 2012 honda civic in Leeds", 2012),
    ("full service for our 2019 Nissan Juke", 2019),
    ("an essay of a 2000 word length", None),
    ("a 1500 km road trip in Spain", None),
    ("a 2000 euros budget for a car service", None),
    ("the 2030 Renault", None),                               # later than next year
])
def test_english_puts_the_year_before_the_name(query: str, want: int | None) -> None:
    assert year(query) == want


@pytest.mark.parametrize("query, car, want", [
    ("pastillas de freno para un Seat León 2018, máximo 150 €", "Seat León", 2018),
    ("embrague de un Renault Clio 2014 en Valencia", "Renault Clio", 2014),
    ("MOT for a 2015 Ford Focus in Bristol", "Ford Focus", 2015),
    ("brake discs for my 2011 Vauxhall Astra, under £300", "Vauxhall Astra", 2011),
])
def test_a_name_another_input_read_keeps_its_year(query: str, car: str, want: int) -> None:
    """An author's pattern reads the car; the year beside it is the year input's."""
    got = parse_query(query, PATTERNED, today=TODAY).values
    assert (str(got.get("car")), int(got["year"])) == (car, want)


@pytest.mark.parametrize("query, want", [
    # a model's number or code between the name and its year
    ("Peugeot 208 2020", 2020),
    ("iPhone 13 2021", 2021),
    ("cambio de aceite de un Peugeot 208 2020 en Getafe", 2020),
    ("frenos para un Mazda CX-5 2018, hasta 200 €", 2018),
    ("timing belt for an Audi A4 2016 in Leeds", 2016),
    ("batería de un Seat Ibiza 6J 2012", 2012),
    ("Galaxy S21 2021 con 128 GB", 2021),
    # an engine's size (one digit, a mark, one digit) may stand between too; a price's
    # decimals or a long number (an order's) may not
    ("Ford Focus 1.6 2015", 2015),
    ("Golf 2,0 2019", 2019),
    ("pizza 12,50 2019", None),
    ("pedido 123456 2019", None),
    ("un Clio 4 2031 en Sevilla", None),                      # later than next year
])
def test_a_year_after_a_model_s_number(query: str, want: int | None) -> None:
    assert year(query) == want


def test_a_count_or_a_length_is_no_year() -> None:
    assert year("curso de 2000 palabras en Madrid", BOOKS) is None
    assert year("a 2000 page book about Rome", BOOKS) is None
