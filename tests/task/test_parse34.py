"""Requests the authors of new kinds (cruises, trades) found misread: a party said as a
total and then a part of it, a region before the kind's noun, a job's object as its
subject, an adjective after a topic as no place."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task

TODAY = dt.date(2026, 12, 7)

PARTY = {"adults": InputSpec(type="integer", aliases=["adults", "adultos", "personas", "people"]),
         "children": InputSpec(type="integer", aliases=["children", "niños", "kids"]),
         "seniors": InputSpec(type="integer", aliases=["seniors", "jubilados"])}


def _read(inputs: dict[str, InputSpec], query: str, nouns: tuple[str, ...] = ()) -> dict:
    return build_task(query, inputs, today=TODAY, kind="k", nouns=nouns).values


@pytest.mark.parametrize("query, adults, children, seniors", [
    # a total said first and a part of it after: one party (the seniors among the adults)
    ("tickets for 5 people, 2 seniors", 5, None, 2),
    ("entradas para 6 personas, 3 jubilados", 6, None, 3),
    ("somos 5, dos de ellos son niños", 3, 2, None),
    ("we are 4, two of them kids", 2, 2, None),
    ("6 passengers including 2 children", 4, 2, None),
    ("somos 4 personas, entre ellas un bebé", 3, 1, None),
    ("7 of us including 2 children and 1 senior", 5, 2, 1),
    ("para 5, de los cuales 2 son niños", 3, 2, None),
    # members listed one by one still add up
    ("4 adults and 2 seniors", 6, None, 2),
    ("4 adults, 2 kids", 4, 2, None),
    ("2 adultos y 3 niños", 2, 3, None),
])
def test_a_total_then_a_part_is_one_party(query, adults, children, seniors) -> None:
    got = _read(PARTY, query)
    assert (got.get("adults"), got.get("children"), got.get("seniors")) == \
        (adults, children, seniors)


CRUISES = {"region": InputSpec(type="place", aliases=["por el", "por los", "around", "in the",
                                                     "to the"]),
           "port": InputSpec(type="place", aliases=["from", "desde", "departing from"]),
           "month": InputSpec(type="month")}
CRUISE_NOUNS = ("cruise", "cruises", "crucero", "cruceros")


@pytest.mark.parametrize("query, region, port", [
    # a sea, an archipelago or a region of land before the kind's noun, at the opening
    ("Baltic cruise from Copenhagen in June", "Baltic", "Copenhagen"),
    ("Adriatic cruise departing from Venice", "Adriatic", "Venice"),
    ("Patagonia cruise from Punta Arenas", "Patagonia", "Punta Arenas"),
    ("Galápagos cruise from Guayaquil", "Galápagos", "Guayaquil"),
    ("Azores cruise from Lisbon", "Azores", "Lisbon"),
    ("Mediterranean cruise in August", "Mediterranean", None),
    # after it, the Spanish order, with the noun's capital or in lower case
    ("Crucero Galápagos desde Guayaquil", "Galápagos", "Guayaquil"),
    ("Crucero Patagonia desde Ushuaia", "Patagonia", "Ushuaia"),
    ("crucero mediterráneo desde Barcelona", "Mediterráneo", "Barcelona"),
    ("cruceros por el Báltico desde Kiel", "Báltico", "Kiel"),
    # an ordinary word there is no region
    ("River cruise from Budapest", None, "Budapest"),
    ("Family cruise from Miami", None, "Miami"),
    ("Sunset cruise from Lagos", None, "Lagos"),
    ("Luxury cruise from Southampton", None, "Southampton"),
    ("Crucero familiar desde Valencia", None, "Valencia"),
])
def test_a_region_beside_the_kinds_noun(query, region, port) -> None:
    got = _read(CRUISES, query, CRUISE_NOUNS)
    assert (got.get("region"), got.get("port")) == (region, port)


JOBS = {"trade": InputSpec(type="string", enum=["plumber", "electrician", "handyman"],
                           synonyms={"plumber": ["fontanero"], "electrician": ["electricista"],
                                     "handyman": ["manitas"]}),
        "job": InputSpec(type="subject"),
        "place": InputSpec(type="place"),
        "items": InputSpec(type="integer", aliases=["sockets", "enchufes", "taps", "grifos",
                                                    "radiators", "radiadores"])}


@pytest.mark.parametrize("query, job, items", [
    # a bare verb's object, claimed by the count, is what the job is on
    ("electrician to fit 6 sockets in Leeds", "sockets", 6),
    ("fontanero para cambiar un grifo en Madrid", "grifo", 1),
    ("electricista para instalar cuatro enchufes en Valencia", "enchufes", 4),
    ("plumber needed to replace two radiators in York", "radiators", 2),
    # an object the verb keeps stays with it
    ("fontanero en Málaga para cambiar el termo", "cambiar el termo", None),
    # "valve" is no slip of "value"
    ("plumber to replace a boiler valve in Bristol", "replace a boiler valve", None),
    ("plumber in Leeds, radiator valve replacement", "radiator valve replacement", None),
    # how many sorts or how big, said of work in general, is no job
    ("handyman for odd jobs in York", None, None),
    ("manitas para pequeños trabajos en Madrid", None, None),
])
def test_a_jobs_subject_is_what_it_is_on(query, job, items) -> None:
    got = _read(JOBS, query)
    assert (got.get("job"), got.get("items")) == (job, items)


TUTORS = {"subject": InputSpec(type="subject"),
          "weekly_hours": InputSpec(type="duration"),
          "place": InputSpec(type="place")}


@pytest.mark.parametrize("query, subject", [
    # how often is no topic: the time of a rate after the word for what is counted
    ("Two 1-hour lessons a week of chemistry", "chemistry"),
    ("three lessons per week of physics", "physics"),
    ("tres clases a la semana de física", "física"),
])
def test_how_often_is_no_topic(query, subject) -> None:
    assert _read(TUTORS, query).get("subject") == subject


COURSES = {"topic": InputSpec(type="subject"), "place": InputSpec(type="place"),
           "free": InputSpec(type="boolean", aliases=["gratis", "free"]),
           "format": InputSpec(type="string", enum=["online", "in person"],
                               synonyms={"online": ["a distancia"]})}


@pytest.mark.parametrize("query, topic, place", [
    # a Spanish adjective agreeing with the topic's noun is the topic's, no town
    ("curso gratis de estadística bayesiana, a distancia", "estadística bayesiana", None),
    ("curso de estadística aplicada", "estadística aplicada", None),
    ("cursos de modelos bayesianos", "modelos bayesianos", None),
    ("curso de física cuántica", "física cuántica", None),
    # a town after a noun it does not agree with is still the place
    ("curso de cocina girona", "cocina", "Girona"),
])
def test_an_adjective_after_a_topic_is_no_place(query, topic, place) -> None:
    got = _read(COURSES, query)
    assert (got.get("topic"), got.get("place")) == (topic, place)


# a kind whose request names who is asked, and the procedure as its subject
OFFICES = {"service": InputSpec(type="string", enum=["lawyer", "notary"],
                                synonyms={"lawyer": ["abogado", "solicitor"],
                                          "notary": ["notario", "notaría"]}),
           "procedure": InputSpec(type="subject"), "place": InputSpec(type="place"),
           "budget": InputSpec(type="money")}


@pytest.mark.parametrize("inputs, name, query, want", [
    # a bare verb and what it is done to after "un" / "una", as after "el" / "a": one
    # subject, never the verb alone
    (OFFICES, "procedure", "abogado en Madrid para revisar un contrato", "revisar un contrato"),
    (OFFICES, "procedure", "abogado para reclamar una deuda en Sevilla, menos de 900 €",
     "reclamar una deuda"),
    (OFFICES, "procedure", "notario en Bilbao para firmar una hipoteca", "firmar una hipoteca"),
    (OFFICES, "procedure", "solicitor in Leeds to check a tenancy agreement",
     "check a tenancy agreement"),
    (OFFICES, "procedure", "abogado en Valencia para recurrir una multa de tráfico",
     "recurrir una multa de tráfico"),
    # another kind's: a job on a thing no count reads
    (JOBS, "job", "fontanero en Málaga para cambiar un termo", "cambiar un termo"),
    (JOBS, "job", "electricista para revisar una instalación en Vigo", "revisar una instalación"),
    # a count still reads its thing: the job is on it
    (JOBS, "job", "fontanero para cambiar un grifo en Madrid", "grifo"),
])
def test_a_verb_keeps_what_it_is_done_to(inputs, name, query, want) -> None:
    assert _read(inputs, query).get(name) == want


@pytest.mark.parametrize("query", [
    "notario en Bilbao para una herencia, ¿cuánto cuesta?",
    "notaría en Sevilla, ¿cuánto cobran?",
    "abogado en Madrid ¿cuánto cuestan los honorarios?",
])
def test_the_price_asked_is_no_subject(query) -> None:
    inputs = {**OFFICES, "topic": InputSpec(type="string", enum=["inheritance"],
                                            synonyms={"inheritance": ["herencia"]})}
    assert _read(inputs, query).get("procedure") is None
