"""Classes of phrasing the parser misread (parse22: leftovers earlier helpers saw), each
probed on the example kinds as their authors wrote them (read as ``scout apply`` reads
them) and on kinds written here as another author might, in both languages, with guards
for what must stay. The clock is injected (today is Sunday 6 December 2026)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.spec.models import InputSpec
from scout.task.parser import parse_query
from tests.kinds import parse_request

TODAY = dt.date(2026, 12, 6)  # a Sunday
ROOT = Path(__file__).resolve().parents[2]


def kind_path(kind: str) -> Path:
    """The pipeline file of an example kind, or of the two built-in ones."""
    if kind in ("hotel", "restaurant"):
        return ROOT / "pipelines" / f"{kind}_research.yaml"
    return next((ROOT / "examples" / kind / "pipelines").glob("*.yaml"))


def read(kind: str, query: str) -> dict[str, object]:
    """The values ``query`` gives ``kind``, those read only."""
    return {k: v for k, v in parse_request(kind_path(kind), query, TODAY).values.items()
            if v is not None}


# ------------------------------ 1. a party said by relation: everyone counted
@pytest.mark.parametrize("query, people", [
    ("walking tour in Toledo with my wife and 2 children", 4),
    ("tour of the Alhambra for 2 adults and 2 kids", 4),
    ("tour en Toledo para mí y mi pareja", 2),
    ("tour en Sevilla para mi mujer, yo y los dos niños", 4),
    ("private tour in Rome for my husband and me", 2),
    ("visita guiada en Roma con mi madre", 2),
    ("tour en Roma para 2 adultos y un niño", 3),
    ("food tour in Lisbon with my parents", 3),
])
def test_a_party_said_by_relation_counts_everyone(query: str, people: int) -> None:
    assert read("tours", query).get("people") == people


@pytest.mark.parametrize("query, adults, children", [
    ("flights Madrid to Rome for me, my wife and 2 kids", 2, 2),
    ("vuelo Madrid-Lima, mi mujer, yo y los dos niños", 2, 2),
    ("vuelo de Madrid a Roma para mí y mi pareja", 2, None),
    ("vuelo de Madrid a Lima con mi hijo", 1, 1),
    ("flights London to Rome with my two kids", 1, 2),
    ("flights London to Rome with two kids", None, 2),  # the adults are not said
])
def test_adults_and_children_apart_where_the_kind_counts_both(
        query: str, adults: int | None, children: int | None) -> None:
    got = read("flights", query)
    assert (got.get("adults"), got.get("children")) == (adults, children)


def test_another_authors_kind_counts_the_party_by_its_own_inputs() -> None:
    inputs = {"travellers": InputSpec(type="integer", aliases=["viajeros"]),
              "place": InputSpec(type="place")}
    got = parse_query("casa rural en Asturias para mi novia, yo y tres amigos", inputs,
                      today=TODAY)
    assert got.values.get("travellers") == 5
    both = {"guests": InputSpec(type="integer"), "kids": InputSpec(type="integer")}
    got = parse_query("cabin for my sister, her 2 kids and me", both, today=TODAY)
    assert (got.values.get("guests"), got.values.get("kids")) == (2, 2)


@pytest.mark.parametrize("query", [
    "tour por Madrid con mis hijos",  # how many is not said
    "food tour in Lisbon with friends",
    "tour in Rome for my wife",  # one named, no list and no "with": whom it is for
])
def test_a_party_without_its_number_counts_no_one(query: str) -> None:
    assert "people" not in read("tours", query)


def test_a_count_after_with_is_no_party_with_the_speaker() -> None:
    assert read("venues", "venue in Madrid for a wedding with 100 guests").get("capacity") == 100
    assert "people" not in read(
        "insurance", "seguro de salud para una familia con dos niños de 4 y 7 años")


# ------------------------------ 2. weekdays said as a schedule: no dates
@pytest.mark.parametrize("kind, query", [
    ("coworking", "coworking en Madrid de lunes a viernes"),
    ("coworking", "coworking Monday to Friday in Berlin"),
    ("coworking", "coworking in Berlin, Mon-Fri, weekdays only"),
    ("coworking", "coworking en Madrid los fines de semana"),
    ("events", "events in Madrid on weekends"),
    ("events", "conciertos en Madrid todos los sábados"),
])
def test_weekdays_said_as_a_schedule_give_no_date(kind: str, query: str) -> None:
    got = read(kind, query)
    assert "dates" not in got
    assert not any("week" in str(v).lower() or "semana" in str(v).lower() for v in got.values())


@pytest.mark.parametrize("kind, query, start, end", [
    ("coworking", "coworking en Madrid del lunes al viernes", (2026, 12, 7), (2026, 12, 11)),
    ("events", "conciertos en Madrid de viernes a domingo", (2026, 12, 11), (2026, 12, 13)),
    ("events", "eventos en Madrid este fin de semana", (2026, 12, 12), (2026, 12, 13)),
    ("coworking", "coworking en Madrid de lunes a viernes, desde el 1 de febrero",
     (2027, 2, 1), None),
])
def test_one_weeks_days_and_a_date_beside_a_schedule_are_still_read(
        kind: str, query: str, start: tuple[int, int, int],
        end: tuple[int, int, int] | None) -> None:
    got = read(kind, query)["dates"]
    first = getattr(got, "start", got)
    assert first == dt.date(*start)
    if end is not None:
        assert getattr(got, "end", None) == dt.date(*end)


def test_an_inputs_own_schedule_words_stay_its_own() -> None:
    assert read("clinics", "dentista en Madrid abierto los fines de semana").get("weekend") is True


# ------------------------------ 3. a month ahead, and a deadline within a month
@pytest.mark.parametrize("query", [
    "eventos en Madrid en un mes", "events in Madrid in a month",
    "events in Madrid a month from now", "eventos en Madrid dentro de un mes",
])
def test_a_month_ahead_is_that_calendar_month(query: str) -> None:
    got = read("events", query)["dates"]
    assert (got.start, got.end) == (dt.date(2027, 1, 1), dt.date(2027, 1, 31))


@pytest.mark.parametrize("query, end", [
    ("events in Madrid within a month", (2027, 1, 6)),
    ("eventos en Madrid en menos de un mes", (2027, 1, 6)),
    ("events in Madrid within two weeks", (2026, 12, 20)),
    ("eventos en Madrid en un plazo de 10 días", (2026, 12, 16)),
])
def test_a_deadline_is_today_to_that_day(query: str, end: tuple[int, int, int]) -> None:
    got = read("events", query)["dates"]
    assert (got.start, got.end) == (TODAY, dt.date(*end))


def test_n_weeks_from_now_is_that_week() -> None:
    got = read("events", "events in Madrid 3 weeks from now")["dates"]
    assert (got.start, got.end) == (dt.date(2026, 12, 27), dt.date(2027, 1, 2))


# ------------------------------ 4. a length and a feast: that long from the feast's first day
@pytest.mark.parametrize("query, start, end", [
    ("hotel in Rome for 10 days over Christmas", (2026, 12, 24), (2027, 1, 3)),
    ("hotel en Roma 10 días en Navidad", (2026, 12, 24), (2027, 1, 3)),
    ("hotel in Rome for 3 nights at Christmas", (2026, 12, 24), (2026, 12, 27)),
    ("hotel in Rome for a week at Easter", (2027, 3, 26), (2027, 4, 2)),
    ("hotel en Roma una semana en Semana Santa", (2027, 3, 21), (2027, 3, 28)),
])
def test_a_length_with_a_feast_is_a_stay_from_its_first_day(
        query: str, start: tuple[int, int, int], end: tuple[int, int, int]) -> None:
    got = read("hotel", query)["month"]
    assert (got.start, got.end) == (dt.date(*start), dt.date(*end))


def test_a_weekend_with_a_length_is_no_feast() -> None:
    got = read("hotel", "hotel en Madrid este finde, 3 noches")["month"]
    assert (got.start, got.end) == (dt.date(2026, 12, 12), dt.date(2026, 12, 13))


# ------------------------------ 5. places: a route "between", a thing's "de"
@pytest.mark.parametrize("kind, query, origin, destination", [
    ("trips", "viaje entre Madrid y Barcelona en tren", "Madrid", "Barcelona"),
    ("trips", "trip between Madrid and Barcelona by train", "Madrid", "Barcelona"),
    ("flights", "flights between London and Rome", "London", "Rome"),
])
def test_a_route_between_two_places_reads_both_and_notes_nothing(
        kind: str, query: str, origin: str, destination: str) -> None:
    got = parse_request(kind_path(kind), query, TODAY)
    assert (got.values.get("origin"), got.values.get("destination")) == (origin, destination)
    assert not any(destination in n for n in got.notes)


@pytest.mark.parametrize("query", ["plan de móvil con 20 GB", "plan de prepago con 20 GB",
                                   "tarifa de teléfono con 20 GB"])
def test_what_the_kinds_thing_is_of_is_no_country(query: str) -> None:
    assert "country" not in read("phoneplans", query)


def test_a_known_place_after_the_kinds_de_is_still_the_place() -> None:
    assert read("hotel", "hoteles de madrid en marzo").get("destination") == "Madrid"


@pytest.mark.parametrize("query", ["tour of the Alhambra in Granada",
                                   "visita guiada a la Alhambra en Granada"])
def test_a_place_within_the_tours_place_is_no_day_trips_origin(query: str) -> None:
    got = read("tours", query)
    assert got.get("place") == "Alhambra" and "origin" not in got


def test_a_day_trips_origin_by_its_own_word_stays() -> None:
    got = read("tours", "day trip from Lisbon to Sintra")
    assert (got.get("origin"), got.get("place")) == ("Lisbon", "Sintra")


# ------------------------------ 5. places the gazetteer knows: capitals, nations, slips
def test_every_country_whose_time_zone_names_no_city_has_its_capital_listed() -> None:
    from babel import Locale
    from babel.core import get_global

    from scout.task import gazetteer

    names = Locale.parse("en").territories
    zones: dict[str, list[str]] = {}
    for zone, terr in get_global("zone_territories").items():
        zones.setdefault(terr, []).append(zone.rsplit("/", 1)[1].replace("_", " ").lower())
    unnamed = {t for t, cities in zones.items()
               if all(c == names.get(t, "").lower() for c in cities)}
    assert unnamed and unnamed <= set(gazetteer._CAPITALS)


@pytest.mark.parametrize("city, territory", [("Doha", "QA"), ("Manama", "BH"),
                                             ("Kuwait City", "KW"), ("Valletta", "MT")])
def test_a_capital_without_a_time_zone_of_its_own_is_a_known_place(
        city: str, territory: str) -> None:
    from scout.task.gazetteer import territory_of
    from scout.task.placecase import known_name

    assert known_name(city) and territory_of(city.lower()) == territory
    assert not known_name("male")  # the Maldives' capital is also an English word


def test_a_big_citys_last_letter_left_out_is_that_city() -> None:
    assert read("hotel", "hotel in Edinburg in March").get("destination") == "Edinburgh"
    assert read("hotel", "hotel en Barcelon en marzo").get("destination") == "Barcelona"


@pytest.mark.parametrize("kind, field", [("grants", "country"), ("jobs", "city")])
def test_a_nation_listed_after_the_place_is_noted_and_no_topic(kind: str, field: str) -> None:
    got = parse_request(kind_path(kind), "research grants in England and Wales"
                        if kind == "grants" else "data scientist jobs in England and Wales", TODAY)
    assert got.values.get(field) == "England"
    assert "Wales" not in [str(v) for v in got.values.values()]
    assert any("Wales" in n for n in got.notes)
