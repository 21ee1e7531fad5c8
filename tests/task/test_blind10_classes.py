"""Classes of phrasing blind set 10 (tests/task/corpus/blind10.yaml: hotels and restaurants
as a Latin American and an Indian / British / American lab writes them, jobs, courses,
corrected constraints) found the parser missing, each probed with requests beyond the
corpus line, and guards for what must stay as it was. The clock is injected (today is
Sunday 6 December 2026)."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.schemas.task import DateRange, Money, Month
from scout.spec.models import InputSpec
from scout.task.corrections import restated, segments
from scout.task.others import other_parts
from scout.task.parser import parse_query

TODAY = dt.date(2026, 12, 6)  # a Sunday
HOTEL = {"destination": InputSpec(type="place", required=True), "month": InputSpec(type="month"),
         "budget": InputSpec(type="money"), "min_rating": InputSpec(type="rating", default=8.0)}
FOOD = {"city": InputSpec(type="place", required=True), "dish": InputSpec(type="subject"),
        "budget": InputSpec(type="money"), "min_rating": InputSpec(type="rating", default=8.0)}
JOBS = {"role": InputSpec(type="subject", aliases=["as", "como"]),
        "city": InputSpec(type="place"),
        "min_salary": InputSpec(type="money", aliases=["salary", "salario", "sueldo"]),
        "contract": InputSpec(type="string", enum=["full-time", "part-time", "internship"],
                              synonyms={"full-time": ["jornada completa", "tiempo completo"],
                                        "part-time": ["media jornada", "part time"]}),
        "max_experience": InputSpec(type="integer", aliases=[
            "years of experience", "years experience", "años de experiencia", "experiencia"])}
COURSES = {"topic": InputSpec(type="subject"),
           "place": InputSpec(type="place"),
           "start": InputSpec(type="date"),
           "budget": InputSpec(type="money"),
           "max_length": InputSpec(type="duration"),
           "certificate": InputSpec(type="boolean", aliases=["certificado", "certificate",
                                                             "certification"])}


def read(query: str, inputs: dict[str, InputSpec], name: str) -> object:
    return parse_query(query, inputs, today=TODAY).values.get(name)


def money(query: str, inputs: dict[str, InputSpec] = HOTEL, name: str = "budget") -> tuple:
    got = read(query, inputs, name)
    assert isinstance(got, Money), (query, got)
    return got.amount, got.currency, got.comparator, got.per


# ------------------------------------------ Latin American and South Asian money words
@pytest.mark.parametrize("query, want", [
    ("hotel en Medellín, máximo medio palo por noche", (500000, "COP", "<=", "night")),
    ("hotel en Bogotá por menos de 2 palos", (2000000, "COP", "<=", None)),
    ("hotel en Santiago de Chile, hasta un palo la noche", (1000000, "CLP", "<=", "night")),
    ("hotel en Santiago de Chile, media luca", (500, "CLP", "<=", None)),
    ("hotel en Cancún, menos de 900 varos la noche", (900, "MXN", "<=", "night")),
    ("hotel in Jaipur, total budget 1.5 lakh rupees", (150000, "INR", "<=", None)),
    ("hotel in Mumbai under 2 lakh", (200000, "INR", "<=", None)),
    ("hotel in Goa, budget Rs 8,000 per night", (8000, "INR", "<=", "night")),
    ("hotel in Delhi under Rs. 5000", (5000, "INR", "<=", None)),
    ("hotel in Pune, entre 1 y 2 lakh", (200000, "INR", "<=", None)),
])
def test_money_words_that_scale_or_name_the_currency(query: str, want: tuple) -> None:
    assert money(query) == want


def test_a_range_of_scaled_words_scales_both_ends() -> None:
    got = read("hotel en Medellín entre 1 y 2 palos", HOTEL, "budget")
    assert isinstance(got, Money) and (got.min, got.amount) == (1000000, 2000000)


@pytest.mark.parametrize("query", [
    "hotel in Rome with a palo santo scent shop, under 200 euros",  # a wood, no amount
    "Rs and Ps of marketing courses",
])
def test_the_words_alone_are_no_amount(query: str) -> None:
    got = read(query, HOTEL, "budget")
    assert got is None or (got.amount, got.currency) == (200, "EUR")


@pytest.mark.parametrize("query, want", [
    ("tacos en Monterrey, como 200 varos por persona", (200, "MXN", "~", "person")),
    ("hotel en Guadalajara como mil quinientos pesos la noche máximo",
     (1500, "MXN", "<=", "night")),
    ("pintxos in Donostia, around 25 euros each", (25, "EUR", "~", "person")),
])
def test_about_with_como_and_a_cap_after_it(query: str, want: tuple) -> None:
    assert money(query, FOOD if "hotel" not in query else HOTEL) == want


@pytest.mark.parametrize("query, want", [
    ("research assistant jobs in Edinburgh paying at least £14 an hour", (14, "GBP", ">=", "hour")),
    ("camarero en Madrid, sueldo mínimo 10 € la hora", (10, "EUR", ">=", "hour")),
    ("nurse jobs in Phoenix, $65k/yr minimum", (65000, "USD", ">=", "year")),
    ("Java developer in Bangalore, CTC at least 12 lakh per annum", (1200000, "INR", ">=", "year")),
    ("backend en Bogotá, sueldo mínimo 6 palos al mes", (6000000, "COP", ">=", "month")),
])
def test_pay_per_hour_and_year_abbreviated(query: str, want: tuple) -> None:
    assert money(query, JOBS, "min_salary") == want


# ------------------------------------------ inflected and abbreviated multi-word names
@pytest.mark.parametrize("query, want", [
    ("lab technician in Valencia, máximo un año de experiencia", 1),
    ("nurse in Phoenix, at most 1 year of experience", 1),
    ("Java developer in Pune, 3 yrs experience max", 3),
    ("analista en Lima, como máximo 2 años de experiencia", 2),
    ("data engineer in Leeds, max 4 years of experience", 4),
])
def test_experience_in_the_singular_or_abbreviated(query: str, want: int) -> None:
    assert read(query, JOBS, "max_experience") == want


# ------------------------------------------ frame words: vocatives, voseo, job slang
@pytest.mark.parametrize("query, inputs, name, want", [
    ("che, dónde puedo comer un buen asado en Rosario?", FOOD, "dish", "asado"),
    ("hey google find me ramen in london", FOOD, "dish", "ramen"),
    ("oye siri, dónde comer pozole en Guadalajara", FOOD, "dish", "pozole"),
    ("Alexa, best tacos in Austin", FOOD, "dish", "tacos"),
    ("buscame un taller de fotografía en Córdoba", COURSES, "topic", "fotografía"),
    ("busco chamba de diseñador UX en Monterrey", JOBS, "role", "diseñador UX"),
    ("laburo de community manager en Rosario", JOBS, "role", "community manager"),
    ("data engineer roles in Berlin", JOBS, "role", "data engineer"),
    ("Kindly suggest data science courses in Pune, duration max 60 hours", COURSES, "topic",
     "data science"),
])
def test_words_said_to_the_agent_are_no_subject(query: str, inputs: dict[str, InputSpec],
                                                name: str, want: str) -> None:
    assert read(query, inputs, name) == want


@pytest.mark.parametrize("query, want", [
    ("curry in Shoreditch under 25 quid a head", "curry"),      # no slip of "curro"
    ("lobster rolls in Boston", "lobster rolls"),               # no slip of "roles"
])
def test_slang_words_are_no_typo_targets(query: str, want: str) -> None:
    assert read(query, FOOD, "dish") == want


# ------------------------------------------ corrected constraints
@pytest.mark.parametrize("query, name, want", [
    ("hotel en Granada en marzo, no, mejor en abril", "month", Month(year=2027, month=4)),
    ("hotel in Rome in May, sorry, in June", "month", Month(year=2027, month=6)),
    ("Hotel en Sevilla, perdón, en Córdoba, en febrero", "destination", "Córdoba"),
    ("hotel in Leeds, I mean York, in March", "destination", "York"),
    ("hotel en Quito para el 12 de enero, digo el 13", "month",
     DateRange(start=dt.date(2027, 1, 13), end=dt.date(2027, 1, 13))),
    ("hotel in Dublin, rated 9 or above, ok 8.5 is fine too", "min_rating", 8.5),
    ("hotel en Roma con 4,5 estrellas, bueno, 4 también vale", "min_rating", 8.0),
])
def test_the_corrected_value_is_the_one_meant(query: str, name: str, want: object) -> None:
    assert read(query, HOTEL, name) == want


@pytest.mark.parametrize("query, want", [
    ("hotel en Bilbao, máximo 100 euros... bueno, 120 si hace falta", (120, "EUR", "<=", None)),
    ("hotel in Austin under $150 a night, well, $180 max", (180, "USD", "<=", "night")),
    ("sushi in Seattle, under $60 a head, actually make that $80", (80, "USD", "<=", "person")),
    ("hotel en Lima, 300 soles, o sea, 350 como mucho", (350, "PEN", "<=", None)),
])
def test_a_corrected_amount_keeps_its_currency_and_unit(query: str, want: tuple) -> None:
    assert money(query, FOOD if "sushi" in query else HOTEL) == want


def test_a_correction_claims_the_value_it_corrects() -> None:
    """The corrected amount is not left over for a note that says it was not read."""
    result = parse_query("hotel en Bilbao, máximo 100 euros... bueno, 120", HOTEL, today=TODAY)
    assert not any("100" in n for n in result.notes), result.notes


@pytest.mark.parametrize("query, name, want", [
    ("hotel en Madrid, bueno y barato, en marzo", "month", Month(year=2027, month=3)),
    ("Bueno, necesito un hotel en Madrid para marzo", "destination", "Madrid"),
    ("hotel en Valencia entre 80 y 120 euros", "budget",
     Money(amount=120, min=80, currency="EUR", comparator="<=")),
    ("hotel en Bilbao, máximo 100 euros, bueno, si hace falta", "destination", "Bilbao"),
    ("hotel in Paris, well rated, under 200 euros", "budget",
     Money(amount=200, currency="EUR", comparator="<=")),
])
def test_no_correction_where_nothing_is_corrected(query: str, name: str, want: object) -> None:
    assert read(query, HOTEL, name) == want


def test_correction_spans_and_restated_values() -> None:
    folded = "hotel en granada en marzo, no, mejor en abril, hasta 90 euros"
    (new, old), = segments(folded)
    assert folded[new[0]:new[1]] == "en abril" and old == (0, folded.index("no, mejor"))
    assert segments("hotel en madrid en marzo") == []
    day = DateRange(start=dt.date(2027, 1, 12), end=dt.date(2027, 1, 12))
    assert restated(day, "el 12 de enero", 13) == DateRange(start=dt.date(2027, 1, 13),
                                                           end=dt.date(2027, 1, 13))
    february = DateRange(start=dt.date(2027, 2, 12), end=dt.date(2027, 2, 12))
    assert restated(february, "el 12 de febrero", 31) is None  # no 31 February
    assert restated(9.0, "4,5 estrellas", 4.0) == 8.0
    assert restated("Sevilla", "Sevilla", 3.0) is None


# ------------------------------------------ a second request for another kind of thing
@pytest.mark.parametrize("query, inputs, want", [
    ("Quiero cenar mole en Puebla y también buscar hotel para esa noche, algo de 1.200 pesos",
     FOOD, None),
    ("find me a hotel in Rome in May and also somewhere to eat carbonara, about 30 euros a head",
     HOTEL, None),
    ("hotel en Oaxaca por menos de 2000 pesos y también dónde comer tlayudas", HOTEL,
     Money(amount=2000, currency="MXN", comparator="<=")),
    ("hotel in Rome under 200 euros, also near restaurants", HOTEL,
     Money(amount=200, currency="EUR", comparator="<=")),
    ("hotel in Rome and also a pool, under 200 euros", HOTEL,
     Money(amount=200, currency="EUR", comparator="<=")),
])
def test_another_requests_amount_is_not_this_budget(query: str, inputs: dict[str, InputSpec],
                                                    want: object) -> None:
    assert read(query, inputs, "budget") == want


def test_the_shared_place_and_dates_are_kept() -> None:
    result = parse_query("Busca un hotel en Oaxaca para enero y también dónde comer tlayudas",
                         HOTEL, today=TODAY)
    assert result.values["destination"] == "Oaxaca"
    assert result.values["month"] == Month(year=2027, month=1)
    assert other_parts("hotel en lima y tambien un vuelo a cusco") != []
    assert other_parts("hotel en lima y tambien con piscina") == []


# ------------------------------------------ numeric dates: one order, the week of one
@pytest.mark.parametrize("query, want", [
    ("hotel in Austin 1/11-1/14", ("2027-01-11", "2027-01-14")),
    ("hotel en Madrid del 11/1 al 14/1", ("2027-01-11", "2027-01-14")),
    ("hotel in Boston 12/28-1/3", ("2026-12-28", "2027-01-03")),
    ("hotel in Austin the week of 15/1", ("2027-01-11", "2027-01-17")),
    ("hotel en Lima la semana del 11/1", ("2027-01-11", "2027-01-17")),
])
def test_numeric_ranges_and_weeks(query: str, want: tuple[str, str]) -> None:
    got = read(query, HOTEL, "month")
    assert isinstance(got, DateRange), got
    assert (got.start.isoformat(), got.end.isoformat()) == want


# ------------------------------------------ a flag said not to matter
@pytest.mark.parametrize("query, want", [
    ("python course, no certificate needed", None),
    ("python course, certificate optional", None),
    ("curso de python, no hace falta certificado", None),
    ("curso de python, el certificado no es necesario", None),
    ("python course, I don't need a certificate", None),
    ("python course without a certificate", False),
    ("curso de python sin certificado", False),
    ("python course with a certificate", True),
    ("curso de python con certificado", True),
])
def test_a_flag_said_not_to_matter_is_unset(query: str, want: object) -> None:
    assert read(query, COURSES, "certificate") == want


def test_palos_of_something_are_sticks_not_millions() -> None:
    """A page's "3 palos de golf" is no price of three million pesos (the same reader
    finds prices in snippets)."""
    from scout.task.amounts import find_amounts

    assert [m.amount for m, _ in find_amounts("Set de 3 palos de golf por 120 euros")] == [120]
    assert [m.amount for m, _ in find_amounts("Sueldo: 6 palos al mes")] == [6000000]
