"""Classes of phrasing the parser misread (parse21: leftovers earlier helpers saw), each
probed on the example kinds as their authors wrote them (read as ``scout apply`` reads
them), in both languages, with guards for what must stay. The clock is injected (today
is Sunday 6 December 2026)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.schemas.task import DateRange, Month
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


# ------------------------------ 1. a start and a length in months: the stay's days
@pytest.mark.parametrize("query, start, end", [
    ("residence in Salamanca from January 2027 for 6 months", (2027, 1, 1), (2027, 6, 30)),
    ("room in Madrid for six months starting 1 February", (2027, 2, 1), (2027, 7, 31)),
    ("residence in Madrid from September for a month", (2027, 9, 1), (2027, 9, 30)),
    ("residencia en Salamanca 3 meses desde el 15 de enero", (2027, 1, 15), (2027, 4, 15)),
    ("residencia en Madrid a partir de marzo durante 10 meses", (2027, 3, 1), (2027, 12, 31)),
    ("residencia en Granada desde el 31 de octubre por 4 meses", (2027, 10, 31), (2028, 2, 29)),
])
def test_start_and_months_is_the_stay(query: str, start: tuple[int, int, int],
                                      end: tuple[int, int, int]) -> None:
    got = read("residences", query)
    assert got["stay"] == DateRange(start=dt.date(*start), end=dt.date(*end))


def test_months_still_read_by_a_length_input() -> None:
    # the kind's contract length reads the same months: the stay does not take them away
    got = read("residences", "residencia en Salamanca 3 meses desde el 15 de enero")
    assert got["contract"] == 3 * 2629800


@pytest.mark.parametrize("kind, query, name, want", [
    # a month input says when, not a stay: it keeps its month
    ("rentals", "flat in Madrid available from March for 12 months", "available_from",
     Month(year=2027, month=3)),
    # "in 3 months" is when, not how long
    ("residences", "residencia en Madrid en 3 meses", "stay",
     DateRange(start=dt.date(2027, 3, 1), end=dt.date(2027, 3, 31))),
    # weeks from a day are nights, as before
    ("hotel", "hotel in Paris from March 4 for 2 weeks", "month",
     DateRange(start=dt.date(2027, 3, 4), end=dt.date(2027, 3, 18))),
])
def test_months_guards(kind: str, query: str, name: str, want: object) -> None:
    assert read(kind, query)[name] == want


# ------------------------------ 5. one letter left out of a big city's name
@pytest.mark.parametrize("kind, query, name, want, typed", [
    ("hotel", "Barclona hotel in March", "destination", "Barcelona", "Barclona"),
    ("hotel", "hotel in Manchster next week", "destination", "Manchester", "Manchster"),
    ("hotel", "hotel in Amsterdm", "destination", "Amsterdam", "Amsterdm"),
    ("restaurant", "pizza en Zaragza", "city", "Zaragoza", "Zaragza"),
    ("hotel", "hotel en Salamnca en marzo", "destination", "Salamanca", "Salamnca"),
    # the last letter, from seven letters (parse22): a big city is what is meant
    ("hotel", "hotel in Edinburg", "destination", "Edinburgh", "Edinburg"),
])
def test_a_letter_left_out_of_a_big_city_is_corrected_and_said(
        kind: str, query: str, name: str, want: str, typed: str) -> None:
    task = parse_request(kind_path(kind), query, TODAY)
    assert task.values[name] == want
    assert any(typed in n and want in n for n in task.notes), task.notes


@pytest.mark.parametrize("kind, query, name, want", [
    ("hotel", "hotel en Madri", "destination", "Madri"),        # under six letters
    ("hotel", "hotel in Hamburg", "destination", "Hamburg"),    # a known name itself
])
def test_no_correction_where_the_word_may_be_its_own_place(
        kind: str, query: str, name: str, want: str) -> None:
    assert read(kind, query)[name] == want


# ------------------------------ 7. a country's own currency sign, after or before a figure
@pytest.mark.parametrize("query, amount, code", [
    ("hotel in Prague under 2000 Kč", 2000, "CZK"),
    ("hotel en Sofía por menos de 150 лв.", 150, "BGN"),
    ("hotel en Moscú por menos de 5000 ₽", 5000, "RUB"),
    # two Latin letters are the currency where the place pays in it
    ("hotel in Budapest under 20000 Ft", 20000, "HUF"),
    ("hotel in Jakarta under Rp 500000", 500000, "IDR"),
    ("hotel en Kuala Lumpur por menos de RM 200", 200, "MYR"),
    # a currency word that is also an everyday one, where the place pays in it
    ("hotel in Bucharest under 300 lei", 300, "RON"),
    ("hotel en Tirana por menos de 5000 lek", 5000, "ALL"),
    # written abbreviations CLDR lacks: Russia's and Ukraine's, the Gulf's in its place
    ("hotel in Moscow under 5000 руб.", 5000, "RUB"),
    ("hotel en Kiev por menos de 2000 грн", 2000, "UAH"),
    ("hotel in Kuwait City under 50 KD", 50, "KWD"),
])
def test_a_countrys_own_sign_is_its_currency(query: str, amount: int, code: str) -> None:
    money = read("hotel", query)["budget"]
    assert (money.amount, money.currency) == (amount, code)  # type: ignore[attr-defined]


@pytest.mark.parametrize("query", [
    "hotel in New York, a room of 300 Ft",  # feet where forints are no money
    "hotel en Madrid, habitación de 300 Ft",
    "hotel in Madrid under 300 lei",  # lei are Romania's, not Madrid's: not guessed
    "hotel in Madrid under 50 KD",
])
def test_two_letters_elsewhere_are_no_currency(query: str) -> None:
    assert "budget" not in read("hotel", query)


# ------------------------------ 2. an institution's name holds its city
@pytest.mark.parametrize("query, place, campus", [
    ("room near King's College London", "London", "King's College London"),
    ("residencia cerca de la Universidad de Salamanca", "Salamanca", "Universidad de Salamanca"),
    ("residencia cerca de la Universidad Politécnica de Madrid", "Madrid",
     "Universidad Politécnica de Madrid"),
    # guards: a country is no city; a city said is kept; initials name none
    ("residencia cerca de la Universidad de Chile", None, "Universidad de Chile"),
    ("residencia en Madrid cerca de la Universidad de Salamanca", "Madrid",
     "Universidad de Salamanca"),
    ("student room near UCL", None, "UCL"),
])
def test_an_institutions_city_is_the_city(query: str, place: str | None, campus: str) -> None:
    got = read("residences", query)
    assert (got.get("place"), got.get("campus")) == (place, campus)


@pytest.mark.parametrize("kind, query, city, area", [
    ("clinics", "dentista cerca del Hospital Clínico de Valencia", "Valencia",
     "Hospital Clínico de Valencia"),
    ("clinics", "physio near King's College London", "London", "King's College London"),
    ("schools", "colegio cerca de la Universidad de Salamanca", "Salamanca",
     "Universidad de Salamanca"),
    # guards: a town's own name read after "en" stays the city's
    ("clinics", "dentista en Villanueva de la Serena", "Villanueva de la Serena", None),
    ("clinics", "dentista en Alcalá de Henares", "Alcalá de Henares", None),
])
def test_an_institution_near_which_gives_city_and_area(kind: str, query: str, city: str,
                                                       area: str | None) -> None:
    got = read(kind, query)
    assert (got.get("city"), got.get("area")) == (city, area)


def test_city_in_a_name() -> None:
    from scout.task.institutioncity import city_in

    assert city_in("Hospital Universitario de Sevilla") == "Sevilla"
    assert city_in("University of Texas at Austin") == "Austin"
    assert city_in("Barcelona") is None  # all of it: no institution
    assert city_in("Universidad de México") is None  # a country


# ------------------------------ 6. a verb and a count of results; places listed with "y"
@pytest.mark.parametrize("kind, query, name, want", [
    ("camps", "compare 5 day camps in Madrid", "activity", None),
    ("camps", "compara 3 campamentos de verano en Madrid", "activity", None),
    ("camps", "find 4 football camps in Madrid", "activity", "football"),
    ("camps", "dame 3 campamentos de inglés en Madrid", "activity", "inglés"),
    ("restaurant", "compare 4 sushi places in Madrid", "dish", "sushi"),
])
def test_a_count_of_results_is_no_subject(kind: str, query: str, name: str,
                                          want: str | None) -> None:
    got = read(kind, query)
    assert got.get(name) == want and got["place" if kind == "camps" else "city"] == "Madrid"


def test_results_wanted_leaves_a_kinds_own_count() -> None:
    from scout.spec.models import InputSpec
    from scout.task.itemcount import results_wanted

    counted = {"quantity": InputSpec(type="integer", description="how many")}
    assert results_wanted("compare 5 day camps", {}) == (0, len("compare 5"))
    assert results_wanted("find 3 pipettes", counted) is None
    assert results_wanted("camps for 5 year olds", {}) is None  # no verb opens it


@pytest.mark.parametrize("query, place, listed", [
    ("tour en Madrid y Barcelona", "Madrid", "Barcelona"),
    ("free tour en Sevilla y Córdoba el sábado", "Sevilla", "Córdoba"),
])
def test_places_joined_after_a_cue_are_listed_no_origin(query: str, place: str,
                                                         listed: str) -> None:
    task = parse_request(kind_path("tours"), query, TODAY)
    assert task.values["place"] == place and task.values.get("origin") is None
    assert any(listed in n for n in task.notes), task.notes


def test_a_route_between_two_places_stays_a_route() -> None:
    got = read("trips", "viaje entre Madrid y Barcelona")
    assert (got["origin"], got["destination"]) == ("Madrid", "Barcelona")


# ------------------------------ 3. what the thing has is no place
@pytest.mark.parametrize("kind, query, name", [
    ("hotel", "hotel con personal que hable en alemán", "destination"),
    ("hotel", "hotel con piscina que tenga parking", "destination"),
    ("restaurant", "restaurante con terraza y menú del día", "city"),
    ("hotel", "hotel with pool and free parking", "destination"),
])
def test_a_feature_after_con_is_no_place(kind: str, query: str, name: str) -> None:
    from scout.task.build import TaskIncomplete

    with pytest.raises(TaskIncomplete, match=name):  # the place is asked for, not guessed
        parse_request(kind_path(kind), query, TODAY)


@pytest.mark.parametrize("kind, query, name, want", [
    ("hotel", "hotel con piscina lisboa", "destination", "lisboa"),  # a known name stays
    ("restaurant", "restaurante con terraza en malasaña", "city", "malasaña"),
    ("hotel", "hotel con personal que hable alemán en Berlín", "destination", "Berlín"),
])
def test_a_place_after_a_feature_is_still_read(kind: str, query: str, name: str,
                                               want: str) -> None:
    assert str(read(kind, query)[name]).lower() == want.lower()


@pytest.mark.parametrize("kind, query, name, want", [
    ("restaurant", "tapas en Triana, Sevilla", "city", "Sevilla"),
    ("restaurant", "tapas in Triana, Seville", "city", "Seville"),
    ("restaurant", "ramen en Malasaña, Madrid", "city", "Madrid"),
    ("hotel", "hotel en Triana, Sevilla en marzo", "destination", "Sevilla"),
    # guards: places offered as either, a country after the comma, a neighbourhood alone,
    # a name the gazetteer does not know (a town, then its island; a quarter searched as
    # written: the corpora's reading)
    ("hotel", "hotel en Sóller, Mallorca", "destination", "Sóller"),
    ("restaurant", "dim sum in Chinatown, San Francisco", "city", "Chinatown"),
    ("restaurant", "tapas en Madrid, Barcelona o Valencia", "city", "Madrid"),
    ("restaurant", "tapas en Sevilla, España", "city", "Sevilla"),
    ("restaurant", "tapas en Triana", "city", "Triana"),
])
def test_a_neighbourhood_then_its_city_is_the_city(kind: str, query: str, name: str,
                                                   want: str) -> None:
    assert read(kind, query)[name] == want


def test_a_kind_with_a_neighbourhood_input_keeps_both() -> None:
    got = read("clinics", "dentista en Triana, Sevilla")
    assert (got["city"], got["area"]) == ("Sevilla", "Triana")


# ------------------------------ 4. a "-free" suffix rules out the word it ends
@pytest.mark.parametrize("kind, query, name, want", [
    ("rentals", "pet-free flat in Madrid", "pets", False),
    ("rentals", "piso pet-free en Madrid", "pets", False),
    ("events", "gluten-free food fair in Madrid", "free", None),  # no free entry
    ("tours", "car-free walking tour in Madrid", "free", None),
    ("events", "free events in Madrid", "free", True),  # guard: "free" alone is
    ("rentals", "pet-friendly flat in Madrid", "pets", True),  # a compound it opens
])
def test_a_free_suffix_negates_its_word(kind: str, query: str, name: str,
                                        want: bool | None) -> None:
    assert read(kind, query).get(name) is want


def test_a_free_suffix_is_no_subjects_cut() -> None:
    # the subject keeps the compound whole: "gluten-free", not "gluten"
    assert read("events", "gluten-free food fair in Madrid")["genre"] == "gluten-free food fair"


@pytest.mark.parametrize("text, word, named", [
    ("Gluten-free menu", "free", False),
    ("Gluten-free menu, free entry", "free", True),
    ("Car-free old town", "car", False),
    ("Free entry", "free", True),
])
def test_mentions_reads_a_free_suffix(text: str, word: str, named: bool) -> None:
    from scout.spec.evidence import mentions

    assert mentions(text, word) is named


@pytest.mark.parametrize("query, country", [
    ("SIM Card Japan", "Japan"),
    ("Prepaid SIM Card Japan 10GB", "Japan"),
    ("Tarjeta SIM Prepago Japón", "Japón"),
    ("Prepaid SIM for Spain", "Spain"),  # guard: a cue's country as before
])
def test_a_country_ending_the_kinds_capitalised_words(query: str, country: str) -> None:
    assert read("phoneplans", query)["country"] == country
