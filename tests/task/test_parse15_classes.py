"""Classes of phrasing the parser misread (parse15), each probed on the example kinds as
their authors wrote them (read as ``scout apply`` reads them: the kind's name, nouns and
catalogs), in both languages, with guards for what must stay. The clock is injected
(today is Sunday 6 December 2026)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from tests.kinds import parse_request

TODAY = dt.date(2026, 12, 6)  # a Sunday
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def read(kind: str, query: str) -> dict[str, object]:
    """The values ``query`` gives the example kind ``kind``."""
    return dict(parse_request(EXAMPLES / kind / "pipelines" / f"{kind}.yaml", query, TODAY).values)


# ------------------------------ a job title typed with capitals is no role and a town
@pytest.mark.parametrize("query, role, city", [
    ("Data Engineer, startup", "Data Engineer", None),
    ("Product Manager, remote", "Product Manager", None),
    ("Data Analyst", "Data Analyst", None),
    ("Director of Operations", "Director of Operations", None),
    ("Responsable de Marketing Digital", "Responsable de Marketing Digital", None),
    ("Responsable de Marketing Digital en Madrid", "Responsable de Marketing Digital", "Madrid"),
    ("Ingeniera de Datos", "Ingeniera de Datos", None),
    ("Técnico de Laboratorio", "Técnico de Laboratorio", None),
    ("Jefa de Proyecto en Bilbao", "Jefa de Proyecto", "Bilbao"),
    # "trabajar de" / "trabajar como" asks for the job: the verb is no role
    ("Quiero trabajar de Ingeniero de Software", "Ingeniero de Software", None),
    ("Quiero trabajar como enfermera en Sevilla", "enfermera", "Sevilla"),
    ("I want to work as a Data Engineer in Berlin", "Data Engineer", "Berlin"),
    # guards: a town the gazetteer does not know, after a dish or a job, is still the town
    ("Ramen Sóller", "Ramen", "Sóller"),
    ("ramen de Lyon", "ramen", "Lyon"),
    ("cocinero en Ronda", "cocinero", "Ronda"),
])
def test_job_title_in_capitals_keeps_its_words(query: str, role: str, city: str | None) -> None:
    values = read("jobs", query)
    assert (values["role"], values["city"]) == (role, city)


RESTAURANTS = {"city": "place", "dish": "subject", "budget": "money"}


def read_inputs(types: dict[str, str], query: str, **kw: object) -> dict[str, object]:
    """The values ``query`` gives a kind written here with inputs of ``types``."""
    from scout.spec.models import InputSpec
    from scout.task.parser import parse_query

    inputs = {name: InputSpec(type=t) for name, t in types.items()}  # type: ignore[arg-type]
    return dict(parse_query(query, inputs, today=TODAY, **kw).values)  # type: ignore[arg-type]


# ------------------------------ a booking for a party is no dish
@pytest.mark.parametrize("query, dish, city", [
    ("Mesa para 8 en Madrid", None, "Madrid"),
    ("mesa para dos, ramen en Lyon", "ramen", "Lyon"),
    ("Mesa para 8 el viernes en Valencia, paella", "paella", "Valencia"),
    ("a table for 4 people in Lyon", None, "Lyon"),
    ("reserva para seis en Sevilla", None, "Sevilla"),
    # guards: a dish for a number of people is the dish
    ("pizza para 4 en Madrid", "pizza", "Madrid"),
    ("paella for two in Valencia", "paella", "Valencia"),
])
def test_a_party_booking_is_no_dish(query: str, dish: str | None, city: str) -> None:
    values = read_inputs(RESTAURANTS, query)
    assert (values.get("dish"), values.get("city")) == (dish, city)


# ------------------------------ the work done is no part of what it is on
@pytest.mark.parametrize("query, topic", [
    ("proyectos de física de partículas en España", "física de partículas"),
    ("ayudas para proyectos de física de partículas", "física de partículas"),
    ("investigación de física de partículas", "física de partículas"),
    ("grants for particle physics projects", "particle physics"),
    ("funding for projects on particle physics", "particle physics"),
    ("research projects", None),
    ("proyectos de investigación", None),
    ("ayudas para neurociencia", "neurociencia"),  # guard
])
def test_work_noun_leaves_the_topic(query: str, topic: str | None) -> None:
    assert read("grants", query)["topic"] == topic


# ------------------------------ a body's initials are no country
@pytest.mark.parametrize("query, country", [
    ("grants at UAB for neuroscience", None),
    ("Hola, soy predoc en la UAB. Busco becas para investigar biología computacional", None),
    # guards: a country written short stays the country
    ("grants in the US for neuroscience", "US"),
    ("grants in NZ", "NZ"),
    ("ayudas en EE. UU.", "EE. UU."),
    ("grants in the UK", "UK"),
])
def test_unknown_initials_are_no_country(query: str, country: str | None) -> None:
    assert read("grants", query)["country"] == country


# ------------------------------ a flag's word that starts a field's name is no flag
@pytest.mark.parametrize("query, topic, online", [
    ("remote sensing conferences in Europe", "remote sensing", None),
    ("conferences on remote sensing in Europe in June", "remote sensing", None),
    ("congresos de remote sensing en 2027", "remote sensing", None),
    ("virtual computing conferences", "virtual computing", None),
    # guards: the flag said of the thing sought, or by another word, is the flag
    ("remote conferences on NLP", "NLP", True),
    ("online conferences on remote sensing", "remote sensing", True),
    ("congresos de lingüística en remoto", "lingüística", True),
])
def test_flag_word_in_a_field_name_is_no_flag(query: str, topic: str, online: bool | None) -> None:
    values = read("conferences", query)
    assert (values["topic"], values["online"]) == (topic, online)


def test_flag_word_before_its_own_verb_stays_the_flag() -> None:
    # "remote working": the gerund is the flag's own alias's verb ("work from home")
    assert read("jobs", "remote working data engineer")["remote"] is True


# ------------------------------ car rental: pick-up and drop-off places, each its own
@pytest.mark.parametrize("query, city, dropoff", [
    # a name after the drop-off's own cue is the drop-off's, known city or not
    ("car hire in Faro, drop off in Seville", "Faro", "Seville"),
    ("alquiler de coche en Faro, devolución en Sevilla", "Faro", "Sevilla"),
    ("drop off in Faro, pick up in Seville", "Seville", "Faro"),
    # a cue written without its preposition, as notes write it
    ("pick-up Faro airport, return in Lisbon", "Faro", "Lisbon"),
    ("recogida Málaga aeropuerto, devolución Sevilla", "Málaga", "Sevilla"),
    # who sells at a price is no second place
    ("alquiler de coche en Tenerife; en Rentalcars sale a 65 € al día", "Tenerife", None),
    ("car hire in Faro; at Sixt it costs 40 EUR a day", "Faro", None),
    # guards: a place priced alone is the place
    ("car hire in Faro is 40 EUR a day", "Faro", None),
    ("en Faro sale a 40 € al día", "Faro", None),
])
def test_rental_places(query: str, city: str, dropoff: str | None) -> None:
    values = read_rental(query)
    assert (values["city"], values["dropoff"]) == (city, dropoff)


def read_rental(query: str) -> dict[str, object]:
    """The values ``query`` gives the car-rental example kind (its file is car_rental)."""
    return dict(parse_request(EXAMPLES / "carrental" / "pipelines" / "car_rental.yaml", query,
                              TODAY).values)
