"""Classes of phrasing the request parser misread for kinds other than the built-in ones
(examples/conferences, examples/video-talks, examples/events, a `scout init` kind), read
through those kinds' real inputs, each probed beyond the line that found it, both
languages, with guards for what must stay as it was. The clock is injected (today is
Wednesday 9 February 2028)."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

import pytest

from scout.schemas.task import DateRange, Month
from scout.spec.loader import load_pipeline
from scout.spec.models import InputSpec
from scout.task.parser import parse_query

TODAY = dt.date(2028, 2, 9)
ROOT = Path(__file__).resolve().parents[2]


def _inputs(path: str) -> dict[str, InputSpec]:
    return dict(load_pipeline(ROOT / path).model.inputs)


CONFERENCES = _inputs("examples/conferences/pipelines/conferences.yaml")
TALKS = _inputs("examples/video-talks/pipelines/video_talks.yaml")
EVENTS = _inputs("examples/events/pipelines/events.yaml")
RESTAURANT = _inputs("pipelines/restaurant_research.yaml")
HOTEL = _inputs("pipelines/hotel_research.yaml")
# what `scout init` writes for a kind it knows nothing of: a subject and a place
INIT = {"topic": InputSpec(type="subject"), "place": InputSpec(type="place")}


def read(query: str, inputs: dict[str, InputSpec]) -> dict[str, Any]:
    return {k: (str(v) if not isinstance(v, (DateRange, Month, bool)) else v)
            for k, v in parse_query(query, inputs, today=TODAY).values.items()}


def span(value: Any) -> str:
    if isinstance(value, DateRange):
        return str(value.start) if value.start == value.end else f"{value.start}..{value.end}"
    if isinstance(value, Month):
        return f"{value.year}-{value.month:02d}"
    return str(value)


def test_the_kinds_read_here_are_the_examples() -> None:
    assert CONFERENCES["topic"].type == "subject" and CONFERENCES["place"].type == "place"
    assert "online" in CONFERENCES and "online" not in TALKS
    assert RESTAURANT["dish"].type == "subject" and HOTEL["destination"].type == "place"


# ------------------------------------- the word for what is searched for is no place
@pytest.mark.parametrize("inputs", [CONFERENCES, INIT], ids=["conferences", "init"])
@pytest.mark.parametrize("query, topic, place", [
    ("computer vision conferences", "computer vision", None),
    ("conferences", None, None),
    ("Conferences", None, None),
    ("congresos", None, None),
    ("jornadas de economía online, gratis", "economía", None),
    ("charlas online de lingüística en 2027", "lingüística", None),
    ("Webinars on climate policy", "climate policy", None),
    ("webinarios", None, None),
    ("deep learning workshops in Berlin", "deep learning", "Berlin"),
    ("Deep learning workshops in Berlin", "Deep learning", "Berlin"),
    ("talleres de robótica en Valencia", "robótica", "Valencia"),
    ("meetups de Python en Madrid", "Python", "Madrid"),
    ("NLP meetups barcelona", "NLP", "Barcelona"),
    ("hackathons de blockchain", "blockchain", None),
    ("congresos de medicina madrid", "medicina", "Madrid"),
    ("seminarios de historia Valencia", "historia", "Valencia"),
    ("Jornadas de Economía en Bilbao", "Economía", "Bilbao"),
    ("ponencias sobre ética médica", "ética médica", None),
    ("bootcamps de programación en Lisboa", "programación", "Lisboa"),
])
def test_a_kind_word_is_neither_the_place_nor_the_subject(
        inputs: dict[str, InputSpec], query: str, topic: str | None, place: str | None) -> None:
    got = read(query, inputs)
    assert (got.get("topic"), got.get("place")) == (topic, place)


@pytest.mark.parametrize("query, inputs, name, want", [
    ("hotels", HOTEL, "destination", None),
    ("hoteles", HOTEL, "destination", None),
    ("restaurantes", RESTAURANT, "city", None),
    ("conciertos de jazz en Madrid", EVENTS, "city", "Madrid"),
    ("teatro online para niños", EVENTS, "city", None),
    # a place is still read where it is one
    ("conferences in Santa Cruz", CONFERENCES, "place", "Santa Cruz"),
    ("congresos en Las Palmas de Gran Canaria", CONFERENCES, "place", "Las Palmas de Gran Canaria"),
    ("ramen barcelona", RESTAURANT, "city", "Barcelona"),
])
def test_what_is_searched_for_or_how_is_no_place(
        query: str, inputs: dict[str, InputSpec], name: str, want: str | None) -> None:
    assert read(query, inputs).get(name) == want


# --------------------------------------- a word no input takes does not glue the topic
@pytest.mark.parametrize("query, topic", [
    ("charlas online de lingüística en 2027", "lingüística"),
    ("conferencias gratis de física", "física"),
    ("charlas gratuitas sobre nutrición", "nutrición"),
    ("charlas presenciales de historia del arte", "historia del arte"),
    ("virtual talks on robotics", "robotics"),
    ("charlas online", None),
    # the same word next to the topic with nothing between is the topic's
    ("online marketing talks", "online marketing"),
    ("charlas de marketing online", "marketing online"),
    ("remote work talks", "remote work"),
    ("virtual reality talks", "virtual reality"),
    ("streaming de videojuegos", "streaming de videojuegos"),
])
def test_how_one_takes_part_is_no_topic_unless_it_qualifies_it(query: str, topic: str | None) -> None:
    assert read(query, TALKS).get("topic") == topic


# ------------------- an English field in -ics is no slip of a Spanish word in -icos
@pytest.mark.parametrize("query, inputs, topic", [
    ("economics conferences", CONFERENCES, "economics"),
    ("economics workshops online", CONFERENCES, "economics"),
    ("economics talks online", TALKS, "economics"),
    ("electronics talks", TALKS, "electronics"),
    ("charlas de economía", TALKS, "economía"),
])
def test_a_field_in_ics_is_the_topic(query: str, inputs: dict[str, InputSpec], topic: str) -> None:
    got = read(query, inputs)
    assert got.get("topic") == topic and got.get("place") is None


def test_a_slip_of_the_spanish_adjective_is_still_one() -> None:
    from scout.task.subjectslips import near

    assert near("ecnomicos") == "economicos" and near("economics") is None


def test_an_input_that_reads_online_still_reads_it() -> None:
    got = read("charlas online de lingüística en 2027", CONFERENCES)
    assert got["online"] is True and got["topic"] == "lingüística"
    assert span(got["dates"]) == "2027-01-01..2027-12-31"


# -------------------------------------------------- a feast that names a meal or a dish
@pytest.mark.parametrize("query, dish", [
    ("cena de Acción de Gracias en Madrid", "cena de Acción de Gracias"),
    ("cena de accion de gracias en madrid", "cena de accion de gracias"),
    ("Thanksgiving dinner in New York", "Thanksgiving dinner"),
    ("Christmas Eve dinner in London", "Christmas Eve dinner"),
    ("New Year's Eve dinner in Paris", "New Year's Eve dinner"),
    ("cena de Navidad en Sevilla", "cena de Navidad"),
    ("cena de Nochebuena en Sevilla", "cena de Nochebuena"),
    ("comida de Año Nuevo en Madrid", "comida de Año Nuevo"),
    ("almuerzo de Pascua en Sevilla", "almuerzo de Pascua"),
    ("menú de Nochevieja en Barcelona", "menú de Nochevieja"),
    ("roscón de Reyes en Madrid", "roscón de Reyes"),
    ("cena navideña en Sevilla", "cena navideña"),
    # the feast alone is when, not what
    ("dónde cenar en Nochevieja en Madrid", None),
    ("dinner for Thanksgiving in Boston", None),
    ("dónde comer el día de Navidad en Madrid", None),
    ("where to have dinner in Madrid", None),
    ("una cena barata en Madrid", None),
    ("sunday roast in London", "sunday roast"),
    ("brunch on sunday in London", "brunch"),
    ("menú del día en Madrid", "menú del día"),
])
def test_a_feast_names_the_meal_it_is_of(query: str, dish: str | None) -> None:
    assert read(query, RESTAURANT).get("dish") == dish


# -------------------------------------- a feast word inside a known place's name
@pytest.mark.parametrize("query, place, when", [
    ("hotel in Christmas Island", "Christmas Island", None),
    ("hotel christmas island", "Christmas Island", None),
    ("christmas island hotel for christmas", "Christmas Island", "2028-12-24..2028-12-26"),
    ("hotel en Isla de Navidad", "Isla de Navidad", None),
    ("hotel en isla de navidad en diciembre", "Isla de Navidad", "2028-12"),
    ("hotel en la Isla de Pascua", "Isla de Pascua", None),
    ("hotel in Easter Island in March", "Easter Island", "2028-03"),
    ("hotel en Isla de Pascua para Navidad", "Isla de Pascua", "2028-12-24..2028-12-26"),
    ("hotel en Isla de Pascua en Semana Santa", "Isla de Pascua", "2028-04-09..2028-04-16"),
    # a geographic noun written with capitals opens or ends the name
    ("hotel en Isla Navidad", "Isla Navidad", None),
    ("hotel en Puerto Navidad en agosto", "Puerto Navidad", "2028-08"),
    ("hotel in Christmas Cove", "Christmas Cove", None),
    # the feast alone is still the date, and a longer name is still read whole
    ("hotel en la playa en agosto", None, "2028-08"),
    ("hotel en San Sebastián en Navidad", "San Sebastián", "2028-12-24..2028-12-26"),
    ("hotel in Madrid for Christmas", "Madrid", "2028-12-24..2028-12-26"),
    ("hotel en Madrid en Pascua", "Madrid", "2028-04-14..2028-04-17"),
    ("hotel in new york city in december", "New York City", "2028-12"),
])
def test_a_feast_in_a_place_name_is_the_place(query: str, place: str, when: str | None) -> None:
    got = read(query, HOTEL)
    assert got.get("destination") == place
    assert (span(got["month"]) if "month" in got else None) == when


# ------------------------------------------------- "X or Y" of the Christmas season
@pytest.mark.parametrize("query, when", [
    ("hotel en Madrid para Navidad o Reyes", "2028-12-24..2029-01-06"),
    ("hotel en Madrid para Reyes o Navidad", "2028-12-24..2029-01-06"),
    ("hotel in Madrid for Christmas or New Year", "2028-12-24..2029-01-01"),
    ("hotel en Madrid en Nochevieja u Año Nuevo", "2028-12-31..2029-01-01"),
    ("hotel Madrid Año Nuevo o Reyes", "2029-01-01..2029-01-06"),
    ("hotel en Madrid Reyes y Navidad", "2028-12-24..2029-01-06"),
    # joined as before
    ("hotel en Madrid de Navidad a Reyes", "2028-12-24..2029-01-06"),
    ("hotel in Rome between Christmas and New Year", "2028-12-24..2029-01-01"),
])
def test_either_of_two_season_days_is_the_span_that_holds_both(query: str, when: str) -> None:
    assert span(read(query, HOTEL)["month"]) == when


# ------------------------------------------------ the kind's own name is no subject
@pytest.mark.parametrize("kind, query, topic, place", [
    ("escape-rooms", "escape rooms in Madrid", None, "Madrid"),
    ("escape-rooms", "Escape Rooms in Madrid", None, "Madrid"),
    ("escape-rooms", "horror escape room madrid", "horror", "Madrid"),
    ("escape-rooms", "escape rooms de terror en Madrid", "terror", "Madrid"),
    ("coworking-spaces", "coworking spaces madrid", None, "Madrid"),
    ("summer-schools", "summer schools on NLP in Lisbon", "NLP", "Lisbon"),
    ("wine-tastings", "wine tasting in Rioja", None, "Rioja"),
    ("conferences", "conferences", None, None),
    # a kind named after a place leaves the place to be read
    ("hotels-lisbon", "cheap hotels in lisbon", None, "Lisbon"),
    # without the kind's name, the same words are the request's subject
    ("", "escape rooms in Madrid", "escape rooms", "Madrid"),
    # a name of short or function words claims nothing
    ("a", "pulpo a la gallega en Lugo", "pulpo a la gallega", "Lugo"),
    ("the-best", "the best pizza in Rome", "pizza", "Rome"),
])
def test_the_kind_s_own_name_is_neither_subject_nor_place(
        kind: str, query: str, topic: str | None, place: str | None) -> None:
    got = parse_query(query, INIT, today=TODAY, kind=kind).values
    assert (got.get("topic"), got.get("place")) == (topic, place)


def test_a_word_of_the_kind_s_name_an_input_reads_is_left_to_it() -> None:
    inputs = {**INIT, "online": InputSpec(type="boolean", aliases=["virtual"])}
    got = parse_query("online courses on python", inputs, today=TODAY, kind="online-courses")
    assert got.values == {"online": True, "topic": "python"}
    got = parse_query("virtual courses on python", inputs, today=TODAY, kind="virtual-courses")
    assert got.values == {"online": True, "topic": "python"}


def test_a_run_passes_the_pipeline_s_name_to_the_parser(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Through `scout init` and `scout plan`, as an author meets it: the request names the
    kind and the task reads no subject from it."""
    from scout import api
    from tests.author.helpers import run

    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    assert run("init", "escape-rooms", "--dir", str(tmp_path), "--input", "topic:subject",
               "--input", "city:place")[0] == 0
    plan = api.plan(tmp_path / "pipelines" / "escape_rooms.yaml",
                    query="horror escape rooms in Madrid", root=tmp_path,
                    runs_dir=tmp_path / "runs", today=TODAY)
    assert plan.task is not None, plan.task_error
    assert plan.task["values"]["topic"] == "horror" and plan.task["values"]["city"] == "Madrid"


@pytest.mark.parametrize("query, topic, place", [
    # a job search names what it searches for (jobs, ofertas, vacantes, puestos): no
    # part of the role, never the place ("busco trabajo de ..." read the place "Trabajo")
    ("data scientist jobs in Madrid", "data scientist", "Madrid"),
    ("postdoc positions in Edinburgh", "postdoc", "Edinburgh"),
    ("lab technician vacancies in Leeds", "lab technician", "Leeds"),
    ("ofertas de trabajo de enfermera en Sevilla", "enfermera", "Sevilla"),
    ("empleo de camarero en Málaga", "camarero", "Málaga"),
    ("vacantes de profesor de matemáticas en Bilbao", "profesor de matemáticas", "Bilbao"),
    ("puestos de investigador postdoctoral en Granada", "investigador postdoctoral", "Granada"),
    ("busco trabajo de fontanero", "fontanero", None),
])
def test_what_a_job_search_asks_for_is_neither_the_role_nor_the_place(
        query: str, topic: str | None, place: str | None) -> None:
    got = read(query, INIT)
    assert (got.get("topic"), got.get("place")) == (topic, place)


@pytest.mark.parametrize("query, inputs, topic", [
    # "datos" is one letter from "danos" (give us), a request word: after "de" inside a
    # subject it is the word itself ("ciencia de datos" read "ciencia")
    ("artículos sobre ciencia de datos", {"topic": InputSpec(type="subject")}, "ciencia de datos"),
    ("cursos de minería de datos en Madrid", INIT, "minería de datos"),
    ("analista de datos en Madrid", INIT, "analista de datos"),
    # right after the subject's cue it starts as written ("bases" is no slip of "bares")
    ("artículos sobre bases de datos desde 2020", {"topic": InputSpec(type="subject"),
                                                  "since": InputSpec(type="year")},
     "bases de datos"),
    ("charlas sobre casas pasivas", INIT, "casas pasivas"),
    # a slip still ends a subject where it stands alone
    ("ramen dnde en Lyon", INIT, "ramen"),
])
def test_a_word_joined_to_a_subject_is_no_slip_of_a_frame_word(
        query: str, inputs: dict[str, InputSpec], topic: str) -> None:
    assert read(query, inputs).get("topic") == topic


@pytest.mark.parametrize("query, amount", [
    # a thousands "k" or a period after the amount hid it: the note said only "could not
    # read: '30k'", not what was missing nor how to write it
    ("research jobs in Leeds, at least 30k a year", "30k"),
    # (a place in another language than the request's: parse38 reads it where they agree)
    ("piso en Londres por menos de 900 al mes", "900"),
    ("hotel in Seville under 300", "300"),
])
def test_an_amount_with_no_currency_says_so_and_how_to_write_it(query: str, amount: str) -> None:
    inputs = {**INIT, "budget": InputSpec(type="money")}
    notes = parse_query(query, inputs, today=TODAY).notes
    # how to write it: with a currency code (the place's where it pays in one: Leeds's GBP)
    assert any(n.startswith((f"budget: {amount} ", f"presupuesto: {amount} "))
               and re.search(rf"{amount} [A-Z]{{3}}\b", n) for n in notes), notes
    assert parse_query(query, inputs, today=TODAY).values.get("budget") is None


@pytest.mark.parametrize("query, topic, place", [
    # with no place named, the last word before an amount was taken for the place even
    # when what is searched for stood between them ("python developer jobs" → "Developer")
    ("python developer jobs 120k USD", "python developer", None),
    ("remote python developer jobs, at least $120k per year", "remote python developer", None),
    ("data engineer positions, 60k EUR", "data engineer", None),
    # a place after what is searched for is still the place; chat's "dish city price" too
    ("NLP meetups barcelona 20€", "NLP", "Barcelona"),
    ("ramen ronda 20€", "ramen", "Ronda"),
])
def test_what_is_searched_for_ends_the_subject_before_an_amount(
        query: str, topic: str | None, place: str | None) -> None:
    got = read(query, {**INIT, "budget": InputSpec(type="money")})
    assert (got.get("topic"), got.get("place")) == (topic, place)
