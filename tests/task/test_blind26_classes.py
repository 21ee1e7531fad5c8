"""Classes of phrasing blind set 26 found (tests/task/corpus/blind26.yaml's header), each
probed here with kinds written for the test and phrasings the corpus does not hold, in both
languages, with guards for what must stay as it was:

- a slot that runs past midnight ("de 22 a 3", "9pm to 2am") was no length, and its
  "22h" a length of 22 hours; a slot beside a second length the kind's own words name
  ("entrega en 72 h") took that one instead;
- a weekday before a month and its day, the English order ("Saturday Dec 4th", "Thu,
  January 6"), left the date to the weekday alone;
- day.month.year with dots ("03.12.27", "15.1.2028") was not read;
- a numeric date after a bound's cue with no article ("by 10/12", "hasta 5/12") was no
  date, and no bound;
- Spain's apostrophe decimal ("12'5 kg", "9'90 €") and minute ("una sesión de 90'");
- "el próximo puente", "el siguiente puente": the next puente;
- Uruguay's "$U";
- an age after "de" went on with where or with what ("mi abuela de 90 en Montevideo");
- an American's numeric dates ("on 12/5" in Newark, "1/7" in Boston) were day first;
- of two numeric dates of one form the longer-digited won ("el 5/12 ... vuelta el 19/12");
- "1,000 megas" from a Mexican writer was 1.0;
- a day alone before the hour's bound ("el lunes 29 antes de las 12") was no day, and
  "después de las 17h" a length of 17 hours;
- a bare "$" beside a currency code the request writes ("budget USD 150") took the
  dollar of the other place named (Toronto's);
- a weekday range said as a schedule ("de lunes a viernes", "Mon-Sat") counted no days
  for an input that counts days a week.
"""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.parser import parse_query

TODAY = dt.date(2027, 11, 24)  # a Wednesday


def kind(**inputs: dict[str, object]) -> dict[str, InputSpec]:
    return {n: InputSpec(**spec) for n, spec in inputs.items()}


def read(query: str, inputs: dict[str, InputSpec], today: dt.date = TODAY) -> dict[str, str]:
    from scout.schemas.task import DateRange, Money

    out: dict[str, str] = {}
    for name, value in parse_query(query, inputs, today=today).values.items():
        if isinstance(value, DateRange):
            a, b = value.start.isoformat(), value.end.isoformat()
            out[name] = a if a == b else f"{a}..{b}"
        elif isinstance(value, Money):
            out[name] = f"{value.amount:g} {value.currency}" + (f"/{value.per}" if value.per else "")
        else:
            out[name] = str(value)
    return out


SLOT = kind(city={"type": "place"}, day={"type": "date"},
            length={"type": "duration", "from_times": True})
TWO_LENGTHS = kind(city={"type": "place"}, day={"type": "date"},
                   length={"type": "duration", "from_times": True},
                   turnaround={"type": "duration", "aliases": ["entrega", "delivery", "delivered"]})
NO_SLOT = kind(city={"type": "place"}, day={"type": "date"}, length={"type": "duration"})


@pytest.mark.parametrize("query, seconds", [
    ("karaoke en Zaragoza el viernes de 22 a 3", 5 * 3600),
    ("DJ booth hire in Bristol on Saturday from 9pm to 2am", 5 * 3600),
    ("sala en Bilbao el sábado de 23h a 1h", 2 * 3600),
    ("sala en Bilbao el sábado de 11 a 1", 2 * 3600),  # past noon, as before
])
def test_a_slot_past_midnight_is_its_length(query, seconds):
    assert read(query, SLOT)["length"] == str(seconds)


def test_a_slot_past_midnight_is_no_length_of_its_first_hour():
    # a kind that reads no slot: "de 22h a 3h" is no 22 hours long
    assert read("karaoke en Zaragoza el viernes de 22h a 3h", SLOT)["length"] == str(5 * 3600)


@pytest.mark.parametrize("query, length, turnaround", [
    ("fotos del congreso en Cádiz el 2 de diciembre de 10 a 13, entrega en 48 h", 3 * 3600, 2 * 86400),
    ("event shoot in York on Friday 2-6pm, photos delivered within 5 days", 4 * 3600, 5 * 86400),
])
def test_a_slot_leaves_the_other_length_to_its_own_words(query, length, turnaround):
    got = read(query, TWO_LENGTHS)
    assert (got.get("length"), got.get("turnaround")) == (str(length), str(turnaround))


@pytest.mark.parametrize("query, day", [
    ("plumber in Denver on Saturday Dec 4th", "2027-12-04"),
    ("plumber in Leeds, Thu, January 6", "2028-01-06"),
    ("plumber in Leeds on Mon. Feb 14 please", "2028-02-14"),
    ("fontanero en Vigo el sábado 4 de diciembre", "2027-12-04"),  # as before
])
def test_a_weekday_before_a_month_and_day_keeps_the_day(query, day):
    assert read(query, SLOT)["day"] == day


@pytest.mark.parametrize("query, day", [
    ("imprenta en Bilbao para el 03.12.27", "2027-12-03"),
    ("print shop in Munich, due 15.1.2028", "2028-01-15"),
    ("entrega en Lugo el 7.12.2027 sin falta", "2027-12-07"),
])
def test_a_date_with_dots_and_a_year_is_day_month_year(query, day):
    assert read(query, SLOT)["day"] == day


@pytest.mark.parametrize("query", [
    "versión 3.12.27 del programa en Lugo",  # a version: no date
    "sala en Lugo, 12.500 € máximo",
    "sala en Lugo con nota 8.5",
])
def test_dots_without_a_year_or_after_a_word_are_no_date(query):
    assert "day" not in read(query, SLOT)


@pytest.mark.parametrize("query, want", [
    ("print 40 posters in Leeds by 10/12", "2027-11-24..2027-12-10"),
    ("copies in Hull, need them no later than 3/12", "2027-11-24..2027-12-03"),
    ("carteles en Soria, hasta 5/12 como mucho", "2027-11-24..2027-12-05"),
])
def test_a_numeric_date_after_a_bound_is_the_bound(query, want):
    deadline = kind(city={"type": "place"}, deadline={"type": "date"})
    assert read(query, deadline)["deadline"] == want


def test_apostrophe_decimal_and_minutes_in_spanish():
    parcel = kind(origin={"type": "place"}, weight={"type": "weight"},
                  budget={"type": "money"}, slot={"type": "duration"})
    got = read("un paquete de 3'5 kg desde Lugo, máximo 9'90 €", parcel)
    assert (got["weight"], got["budget"]) == ("3.5", "9.9 EUR")
    assert read("una clase de 45' en Lugo", parcel)["slot"] == "2700"
    assert read("una clase de 120’ en Lugo", parcel)["slot"] == "7200"


def test_apostrophes_in_english_stay_feet():
    room = kind(city={"type": "place"}, slot={"type": "duration"})
    assert "slot" not in read("a 20' container in Leeds", room)


@pytest.mark.parametrize("query", [
    "casa rural en Teruel para el próximo puente",
    "apartamento en Cádiz el siguiente puente",
])
def test_the_next_puente(query):
    stay = kind(city={"type": "place"}, stay={"type": "month"})
    assert read(query, stay)["stay"] == "2027-12-04..2027-12-08"


def test_a_bridge_over_a_river_is_still_no_puente():
    stay = kind(city={"type": "place"}, stay={"type": "month"})
    assert "stay" not in read("hotel en Sevilla con vistas al puente", stay)


def test_uruguay_sign():
    care = kind(city={"type": "place"}, budget={"type": "money"})
    assert read("cuidadora en Salto, hasta $U 38.500 al mes", care)["budget"] == "38500 UYU/month"
    assert read("care in Montevideo, up to $U30,000 a month", care)["budget"] == "30000 UYU/month"


@pytest.mark.parametrize("query, age", [
    ("residencia para mi abuelo de 93 en Lleida", "93"),
    ("centro de día para mi madre de 79 con alzhéimer", "79"),
    ("care home for my dad who is 84 in Leeds", "84"),
])
def test_an_age_after_de_goes_on_with_where(query, age):
    care = kind(city={"type": "place"}, age={"type": "integer", "aliases": ["años", "aged"]})
    assert read(query, care)["age"] == age


@pytest.mark.parametrize("query, day", [
    ("shuttle from Newark to Hoboken on 12/6, 3 of us, $90", "2027-12-06"),
    ("limo in Chicago on 1/8, budget $400", "2028-01-08"),
    ("hotel in Miami from 2/3, under $200 a night", "2028-02-03"),
])
def test_an_american_writes_month_first(query, day):
    assert read(query, SLOT)["day"] == day


@pytest.mark.parametrize("query, day", [
    ("traslado en Miami el 5/12, máximo 90 dólares", "2027-12-05"),  # Spanish: day first
    ("transfer in Boston on 5/12, £90", "2027-12-05"),  # a Briton's pounds: day first
    ("shuttle in Sydney on 5/12, $90", "2027-12-05"),  # Australia: day first
    ("shuttle in Chicago on 13/12", "2027-12-13"),  # only day first can read it
])
def test_day_first_where_the_writer_is_no_american(query, day):
    assert read(query, SLOT)["day"] == day


@pytest.mark.parametrize("query, day", [
    ("remis en Rosario el 6/12, vuelta el 20/12", "2027-12-06"),
    ("taxi in Dublin on 3 December, back on 17 December", "2027-12-03"),
])
def test_of_two_dates_of_one_form_the_first_said(query, day):
    assert read(query, SLOT)["day"] == day


def test_a_mexican_thousand_in_spanish():
    line = kind(city={"type": "place"}, speed={"type": "number", "aliases": ["megas", "Mbps"]})
    assert read("internet de 2,500 Mbps en Lima", line)["speed"] == "2500.0"
    assert read("internet de 1,5 Mbps en Lugo", line)["speed"] == "1.5"  # a decimal


@pytest.mark.parametrize("query, day", [
    ("envío a Lugo que llegue el jueves 2 antes de las 10", "2027-12-02"),
    ("parcel to York, arriving on the 29th before 10am", "2027-11-29"),
    ("paquete a Soria que llegue el 3 después de las 16h", "2027-12-03"),
])
def test_a_day_before_an_hours_bound(query, day):
    got = read(query, NO_SLOT)
    assert got["day"] == day
    assert "length" not in got  # "después de las 16h" is no 16 hours long


@pytest.mark.parametrize("query, want", [
    ("courier Seattle to Vancouver, insured for $900, budget USD 70", "900 USD"),
    ("courier Seattle to Vancouver, insured for $900, budget CAD 80", "900 CAD"),
    ("paquetería Detroit a Windsor, valor declarado $1,200, presupuesto USD 90", "1200 USD"),
])
def test_a_code_written_says_whose_dollar_the_sign_is(query, want):
    parcel = kind(origin={"type": "place"}, destination={"type": "place"},
                  budget={"type": "money"},
                  declared_value={"type": "money", "aliases": ["insured for", "valor declarado"]})
    assert read(query, parcel)["declared_value"] == want


WEEKLY = kind(city={"type": "place"}, days={"type": "integer", "aliases": ["días por semana",
                                                                         "days a week"]},
              start={"type": "date"})


@pytest.mark.parametrize("query, days", [
    ("centro de día en Huesca para mi tía, de lunes a sábado", "6"),
    ("day care in Bristol for dad, Mon-Fri", "5"),
    ("centro de día en Huesca 3 días por semana", "3"),  # a count said wins
])
def test_a_schedule_counts_the_days_a_week(query, days):
    assert read(query, WEEKLY)["days"] == days


def test_one_weeks_days_are_dates_not_a_count():
    got = read("centro de día en Huesca del lunes al viernes de la semana que viene", WEEKLY)
    assert "days" not in got and got["start"] == "2027-11-29..2027-12-03"


def test_a_schedule_counts_nothing_for_other_counts():
    rooms = kind(city={"type": "place"}, rooms={"type": "integer", "aliases": ["rooms"]})
    assert "rooms" not in read("office in Leeds, Mon-Fri", rooms)


@pytest.mark.parametrize("query, speed", [
    ("internet de 1,000 megas en Puebla", "1000.0"),
    ("fibra de 1.000 megas en Lugo con 20 gigas de datos", "1000.0"),
    ("full fibre 2,000 Mbps in Leeds with 100 GB data", "2000.0"),
])
def test_a_grouped_thousand_in_a_speeds_unit_is_the_speed(query, speed):
    line = kind(city={"type": "place"},
                speed={"type": "number", "aliases": ["megas", "Mbps", "Mb"]},
                data={"type": "data_size", "aliases": ["datos", "data", "gigas"]})
    got = read(query, line)
    assert got["speed"] == speed
    assert got.get("data") in (None, "20.0", "100.0")  # the data said, never the speed
