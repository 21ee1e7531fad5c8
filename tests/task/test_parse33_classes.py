"""Classes of misreading found by the kinds' inputs (ages, a party, synonyms, a pattern's
capital, a neighbourhood's city, a bare amount), each probed with inputs written here (an
outside author's kinds) in both languages, with guards for what must stay as it was:

- a party's ages belong to the noun they follow: "2 adultos de 40 y 42 años y 2 niños de 8
  y 11 años" gave a kind counting children apart the adults' ages as the children's;
- a party noun is never a place: "seguro para un niño de 8 y 2 adultos" read "Niño";
- an enum synonym written as one capitalised word is a name: "the first lesson is free"
  set the exam "First";
- "el mayor de 13 años" is the eldest's age, no count of "mayores";
- an author's pattern that asks for a capital reads a request typed in lower case: "no
  ryanair";
- a neighbourhood's city written by the table's short name ("palermo, bs as") or in
  lower case ("salamanca, madrid");
- an amount with no currency in a place that pays in one: the note names it.
"""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task

TODAY = dt.date(2026, 12, 7)  # a Monday

SKI = {"resort": InputSpec(type="place"),
       "adults": InputSpec(type="integer", aliases=["adultos", "adults"]),
       "kids": InputSpec(type="integer", aliases=["niños", "niñas", "kids", "children"]),
       "age": InputSpec(type="integer", aliases=["años", "aged", "edad"]),
       "max_age": InputSpec(type="integer", aliases=["años", "aged", "edad"])}
PARK = {**SKI, "seniors": InputSpec(type="integer", aliases=["mayores", "jubilados",
                                                             "seniors", "pensioners"])}
PEOPLE = {"town": InputSpec(type="place"),
          "people": InputSpec(type="integer", aliases=["personas", "people", "adultos",
                                                       "adults"])}
EXAMS = {"topic": InputSpec(type="subject"), "town": InputSpec(type="place"),
         "exam": InputSpec(type="string", enum=["cambridge-first", "cambridge-advanced", "ielts"],
                           synonyms={"cambridge-first": ["First", "B2 First", "el First"],
                                     "cambridge-advanced": ["Advanced", "C1 Advanced"],
                                     "ielts": ["IELTS"]})}
REGIONS = {"topic": InputSpec(type="subject"),
           "region": InputSpec(type="string", enum=["eu", "asia"],
                               synonyms={"eu": ["Europa", "Europe", "Alemania"],
                                         "asia": ["Japón", "Japan"]})}
TRIP = {"leaving": InputSpec(type="place", aliases=["from", "desde", "de"]),
        "going": InputSpec(type="place", aliases=["to", "a", "hasta"]),
        "stops": InputSpec(type="integer", aliases=["escalas", "stops"]),
        "bag": InputSpec(type="boolean", aliases=["maleta facturada", "checked bag"]),
        "not_with": InputSpec(
            type="list", items="string",
            pattern=r"(?:\bno|\bsin|\bnot|\bexcept)\s+(?P<value>(?-i:[A-Z])[\w-]+"
                    r"(?:\s*(?:,|\bni\b|\bor\b|\bo\b)\s*(?-i:[A-Z])[\w-]+)*)")}
FOOD = {"city": InputSpec(type="place"), "what": InputSpec(type="subject")}
GYM = {"town": InputSpec(type="place"),
       "fee": InputSpec(type="money", aliases=["cuota", "mensualidad", "fee"])}


def _task(query: str, inputs: dict[str, InputSpec]):
    return build_task(query, inputs, today=TODAY)


def _values(query: str, inputs: dict[str, InputSpec]) -> dict:
    return _task(query, inputs).values


@pytest.mark.parametrize("query, adults, kids, ages", [
    ("forfait en Cerler para 2 adultos de 44 y 47 años y 2 niñas de 6 y 9 años", 2, 2, (6, 9)),
    ("lift passes in Zermatt, 2 adults aged 39 and 41 and 3 kids aged 5, 7 and 12", 2, 3,
     (5, 12)),
    ("forfait en Baqueira, somos 2 adultos (45 y 47 años) y 3 niños de 4, 9 y 12 años", 2, 3,
     (4, 12)),
    ("passes in Verbier for 2 adults (50, 52) and 2 kids (10 and 13)", 2, 2, (10, 13)),
    # the children first, the adults' ages after them
    ("una niña de 7 y otra de 10 y 2 adultos de 38 y 40 años, forfait en Astún", 2, 2, (7, 10)),
    # as before: the children's ages alone
    ("forfait en Formigal para 2 adultos y 2 niños de 8 y 11 años", 2, 2, (8, 11)),
])
def test_ages_belong_to_the_noun_they_follow(query: str, adults: int, kids: int,
                                             ages: tuple[int, int]) -> None:
    values = _values(query, SKI)
    assert (values["adults"], values["kids"]) == (adults, kids)
    assert (values.get("age"), values.get("max_age")) == ages


@pytest.mark.parametrize("query", [
    "forfait en Candanchú para 2 adultos de 40 y 42 años y 2 niños",
    "ski passes in Andorra, 2 adults aged 40 and 42 and 2 kids",
])
def test_the_adults_ages_are_no_childs(query: str) -> None:
    values = _values(query, SKI)
    assert (values["adults"], values["kids"]) == (2, 2)
    assert values.get("age") is None and values.get("max_age") is None


def test_a_kind_counting_everyone_still_reads_every_age() -> None:
    ages = {**PEOPLE, "age": InputSpec(type="integer", aliases=["años", "aged"]),
            "max_age": InputSpec(type="integer", aliases=["años", "aged"])}
    values = _values("seguro para 2 adultos de 40 y 42 años y 2 niños, en Bilbao", ages)
    assert (values["people"], values["age"], values["max_age"]) == (4, 40, 42)


@pytest.mark.parametrize("query, people", [
    ("seguro para un niño de 8 y 2 adultos", 3),
    ("2 adultos y una niña de 5, seguro", 3),
    ("insurance for a child of 8 and 2 adults", 3),
    ("cover for a toddler of 2 and 2 adults", 3),
    ("seguro para un bebé de 1 y 2 adultos", 3),
])
def test_a_party_noun_is_never_a_place(query: str, people: int) -> None:
    values = _values(query, PEOPLE)
    assert values["people"] == people
    assert values.get("town") is None


def test_a_party_noun_beside_a_place_leaves_the_place() -> None:
    values = _values("seguro para un niño de 8 y 2 adultos en Valencia", PEOPLE)
    assert (values["town"], values["people"]) == ("Valencia", 3)


@pytest.mark.parametrize("query", [
    "maths tutor in Leeds, the first lesson is free",
    "clases de inglés en Cádiz, la primera es gratis, y first aid si puede ser",
    "advanced maths tutor in York",
    "piano lessons in Bath, first thing in the morning",
])
def test_a_capitalised_synonym_typed_in_lower_case_is_the_ordinary_word(query: str) -> None:
    assert _values(query, EXAMS).get("exam") is None


@pytest.mark.parametrize("query, exam", [
    ("english tutor in Leeds for the First", "cambridge-first"),
    ("profe de inglés para preparar el First en Sevilla", "cambridge-first"),
    ("profe de inglés para el first en Sevilla", "cambridge-first"),  # longer: any case
    ("tutor for b2 first in Bath", "cambridge-first"),
    ("clases para el Advanced en Vigo", "cambridge-advanced"),
    ("preparación del ielts en Murcia", "ielts"),  # a code: any case
])
def test_a_capitalised_synonym_as_a_name(query: str, exam: str) -> None:
    assert _values(query, EXAMS)["exam"] == exam


@pytest.mark.parametrize("query, region", [
    ("gpus h100 en europa", "eu"),
    ("gpu instances in japan", "asia"),
    ("servidores en alemania", "eu"),
])
def test_a_place_the_gazetteer_knows_is_read_in_any_case(query: str, region: str) -> None:
    assert _values(query, REGIONS)["region"] == region


@pytest.mark.parametrize("query, kids, ages", [
    ("parque de atracciones en Madrid, 2 adultos y 2 niños, el mayor de 13 años", 2,
     (None, 13)),
    ("zoo en Valencia para 2 adultos y 3 niños, la mayor de 12 años y el pequeño de 4", 3,
     (4, 12)),
    ("theme park in Paris, 2 adults and 2 kids, the eldest is 13", 2, (None, 13)),
    ("aquarium in Lisbon, 2 adults and 2 kids, the youngest is 3 and the oldest is 9", 2,
     (3, 9)),
])
def test_the_eldest_is_no_count_of_seniors(query: str, kids: int,
                                           ages: tuple[int | None, int]) -> None:
    values = _values(query, PARK)
    assert values.get("seniors") is None
    assert (values["adults"], values["kids"]) == (2, kids)
    assert (values.get("age"), values.get("max_age")) == ages


def test_a_lone_age_input_still_reads_the_eldests() -> None:
    lone = {"town": InputSpec(type="place"),
            "kids": InputSpec(type="integer", aliases=["niños", "kids"]),
            "seniors": InputSpec(type="integer", aliases=["mayores", "jubilados"]),
            "age": InputSpec(type="integer", aliases=["años", "edad"])}
    values = _values("museo en Madrid con 2 niños, el mayor de 13 años", lone)
    assert (values["kids"], values.get("seniors"), values["age"]) == (2, None, 13)


@pytest.mark.parametrize("query, seniors", [
    ("museo en Bilbao con 2 jubilados y 2 adultos", 2),
    ("entradas para 2 adultos y 2 mayores en Toledo", 2),
    ("tickets in York for 2 adults and 2 seniors", 2),
])
def test_seniors_counted_as_before(query: str, seniors: int) -> None:
    assert _values(query, PARK)["seniors"] == seniors


@pytest.mark.parametrize("query, ruled_out", [
    ("vuelo madrid londres no ryanair", ["Ryanair"]),
    ("vuelo de bilbao a paris sin vueling ni iberia", ["Vueling", "Iberia"]),
    ("flight from london to rome, not easyjet or wizz", ["Easyjet", "Wizz"]),
    ("Vuelo de sevilla a roma, no ryanair porfa", ["Ryanair"]),  # a phone's first capital
    ("vuelo de Madrid a Roma, no Ryanair", ["Ryanair"]),  # as before, with capitals
])
def test_a_pattern_that_asks_for_a_capital_reads_lower_case_typing(query: str,
                                                                    ruled_out: list[str]) -> None:
    assert _values(query, TRIP)["not_with"] == ruled_out


@pytest.mark.parametrize("query", [
    "vuelo de madrid a roma sin escalas",  # another input's word
    "vuelo de madrid a roma sin maleta facturada",
    "vuelo de madrid a roma, no quiero escalas",  # a request's word
    "flight from london to rome, not too early",  # a word before another: a phrase
    "vuelo de madrid a roma, no low cost",
    "flight from london to rome, no overnight flights",
    "vuelo de Madrid a Roma sin escalas y no muy caro",  # typed with capitals: as typed
])
def test_lower_case_words_that_are_no_names(query: str) -> None:
    assert _values(query, TRIP).get("not_with") is None


@pytest.mark.parametrize("query, city", [
    ("parrilla en palermo, bs as", "Buenos Aires"),
    ("empanadas en belgrano, caba, algo barato", "Buenos Aires"),
    ("bife en palermo, bsas", "Buenos Aires"),
    ("tacos en roma, cdmx", "Ciudad de México"),
    ("tacos en roma norte, cdmx", "Roma Norte"),  # a neighbourhood no other city names: kept
    ("cevichería en miraflores, lima", "Miraflores"),
    ("tapas en salamanca, madrid", "Madrid"),
    ("tapas en Triana, Sevilla", "Sevilla"),  # as before
    ("steak in Palermo, Buenos Aires", "Buenos Aires"),
])
def test_a_neighbourhoods_city_by_the_tables_short_name(query: str, city: str) -> None:
    assert _values(query, FOOD)["city"] == city


@pytest.mark.parametrize("query", ["pizza en palermo", "arancini in Palermo, Sicily"])
def test_palermo_alone_stays(query: str) -> None:
    assert _values(query, FOOD)["city"] == "Palermo"


@pytest.mark.parametrize("query, said", [
    # the place's language differs from the request's: a traveller may count in their own
    ("gym in Lima under 120 a month",
     "if it is in Peruvian soles (PEN), the currency of Peru, write it as 120 PEN"),
    ("gimnasio en Leeds, cuota de menos de 30 al mes",
     "si son libras esterlinas (GBP), la moneda de Reino Unido, escríbelo como 30 GBP"),
    ("gym in Madrid, fee under 40 a month",
     "if it is in euros (EUR), the currency of Spain, write it as 40 EUR"),
])
def test_a_bare_amount_note_names_the_places_currency(query: str, said: str) -> None:
    task = _task(query, GYM)
    assert task.values.get("fee") is None  # still not guessed
    assert any(said in n for n in task.notes), task.notes


@pytest.mark.parametrize("query, code, said", [
    # the request in the place's own language: read in its currency, and said so
    # (parse38, scout/task/localamount.py)
    ("gimnasio en Medellín, mensualidad máx 150 mil", "COP",
     "se ha leído en pesos colombianos (COP), la moneda de Colombia"),
    ("gimnasio en Madrid, cuota de menos de 40 al mes", "EUR",
     "se ha leído en euros (EUR), la moneda de España"),
    ("gym in Leeds, fee under 30 a month", "GBP",
     "it was read in British pounds (GBP), the currency of United Kingdom"),
])
def test_a_bare_amount_in_the_places_language_is_read_in_its_currency(
        query: str, code: str, said: str) -> None:
    task = _task(query, GYM)
    assert task.values["fee"].currency == code
    assert any(said in n for n in task.notes), task.notes


@pytest.mark.parametrize("query", [
    "gimnasio en Cartagena por menos de 100 mil al mes",  # Spain's and Colombia's
    "gym in Panama City under 50 a month",  # a country that pays in two
    "gimnasio barato, cuota de menos de 40 al mes",  # no place
])
def test_a_bare_amount_with_no_one_currency_keeps_the_general_note(query: str) -> None:
    notes = _task(query, GYM).notes
    assert any("EUR" in n and "USD" in n for n in notes), notes


@pytest.mark.parametrize("query", [
    "plan para 2 niños de 8 y 11 años en Madrid",
    "cover for 2 adults of 40 and 42 years in Leeds",
    "seguro para 3 personas de 30, 31 y 35 años",
])
def test_the_last_age_of_a_list_is_no_length(query: str) -> None:
    lasting = {**PEOPLE, "term": InputSpec(type="duration")}
    assert _values(query, lasting).get("term") is None


def test_a_length_in_years_beside_a_party_is_still_one() -> None:
    lasting = {**PEOPLE, "term": InputSpec(type="duration")}
    assert _values("seguro para 2 adultos durante 3 años", lasting)["term"] == 3 * 31557600
