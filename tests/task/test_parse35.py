"""Misreads found this session: a count before a word that begins like a month's name
("3 mayores") read as a date; a list an author's pattern finds in several places read from
its first place only; Spain's cities the gazetteer knows by name gave no currency's country;
a place's cue after a bare amount ("under 950 near ...") left the amount unread."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task

TODAY = dt.date(2026, 12, 7)

OUTING = {"town": InputSpec(type="place"), "on": InputSpec(type="date")}
AGES = (r"(?:\bde|\baged)\s+(?P<value>\d{1,2}(?:\s*(?:,|\by\b|\band\b)\s*\d{1,2})*)"
        r"\s*(?:años|years)")
COVER = {"town": InputSpec(type="place"),
         "insured": InputSpec(type="integer", aliases=["personas", "people", "adultos", "adults"]),
         "ages": InputSpec(type="list", items="integer", pattern=AGES)}
FLAT = {"city": InputSpec(type="place"), "rent": InputSpec(type="money")}


def _task(inputs: dict[str, InputSpec], query: str):  # type: ignore[no-untyped-def]
    return build_task(query, inputs, today=TODAY)


@pytest.mark.parametrize("query", [
    "entradas para 3 mayores en Sevilla",
    "tickets para 2 mayores de 70 años en Bilbao",
    "museo en Granada con 4 mayores y 2 niños",
    "2 marzipans and a tour in Toledo",
])
def test_a_count_before_a_word_like_a_month_is_no_date(query: str) -> None:
    assert _task(OUTING, query).values.get("on") is None


@pytest.mark.parametrize("query, day", [
    ("entradas en Sevilla el 3 mayo", dt.date(2027, 5, 3)),
    ("tickets in Leeds on 2 May.", dt.date(2027, 5, 2)),
])
def test_a_month_ending_its_word_is_still_read(query: str, day: dt.date) -> None:
    got = _task(OUTING, query).values["on"]
    assert getattr(got, "start", got) == day


@pytest.mark.parametrize("query, ages", [
    ("seguro para 2 adultos de 40 y 42 años y 2 niños de 8 y 11 años", [40, 42, 8, 11]),
    ("cover for my parents aged 67 and 70 years and my son aged 12 years", [67, 70, 12]),
    ("seguro de 35 años para mí", [35]),
])
def test_a_list_pattern_reads_every_place_it_is_said(query: str, ages: list[int]) -> None:
    task = _task(COVER, query)
    assert task.values["ages"] == ages
    assert not any("not ask" in n or "no las pide" in n for n in task.notes)


@pytest.mark.parametrize("query", [
    "piso en Bilbao por menos de 900",
    "flat in Seville under 900",
    "piso en Zaragoza hasta 700",
])
def test_a_bare_amount_in_a_spanish_city_names_the_euro(query: str) -> None:
    notes = " ".join(_task(FLAT, query).notes)
    assert "EUR" in notes and ("España" in notes or "Spain" in notes)


def test_a_city_named_in_two_countries_names_no_currency() -> None:
    notes = " ".join(_task(FLAT, "piso en Valencia por menos de 900").notes)
    assert "España" not in notes and "Venezuela" not in notes


@pytest.mark.parametrize("query, amount", [
    ("flat under 950 near the university", "950"),
    ("piso por menos de 800 cerca de la playa", "800"),
    ("studio below 700 close to the station", "700"),
])
def test_a_place_cue_after_a_bare_amount_keeps_the_no_currency_note(query: str, amount: str,
                                                                    ) -> None:
    notes = _task(FLAT, query).notes
    assert any(amount in n and ("currency" in n or "moneda" in n) for n in notes), notes
    assert not any("could not read" in n or "no se ha podido" in n for n in notes), notes


@pytest.mark.parametrize("query", [
    "piso en Belgrano, CABA",
    "piso en belgrano, caba",
    "departamento en Palermo, CABA por 2 meses",
    "flat in Palermo, BS AS",
    "piso en Palermo, Bs As",
])
def test_a_neighbourhood_and_its_city_short_name_in_any_case(query: str) -> None:
    assert _task(FLAT, query).values["city"] == "Buenos Aires"


def test_a_city_after_a_neighbourhood_written_out_stays() -> None:
    assert _task(FLAT, "piso en Salamanca, Madrid").values["city"] == "Madrid"


PLACE = {"place": InputSpec(type="place")}


@pytest.mark.parametrize("query, place", [
    ("various jobs around the house in Leeds", "Leeds"),
    ("odd jobs around the garden in Bristol", "Bristol"),
    ("help with things around the flat in York", "York"),
    # a landmark typed as a name still is one
    ("parking near the Sagrada Familia in Barcelona", "Sagrada Familia"),
    ("parking cerca del Museo del Prado en Madrid", "Museo del Prado"),
])
def test_a_thing_in_lower_case_after_around_is_no_landmark(query: str, place: str) -> None:
    assert _task(PLACE, query).values["place"] == place


TRADES = {"place": InputSpec(type="place"), "job": InputSpec(type="subject"),
          "items": InputSpec(type="integer", aliases=["sockets", "enchufes", "taps", "grifos",
                                                       "radiators", "radiadores"])}


@pytest.mark.parametrize("query, items", [
    ("electrician in Leeds to install 3 new sockets", 3),
    ("plumber in York to replace 2 leaking taps", 2),
    ("fontanero en Bilbao para cambiar 2 grifos viejos", 2),
    ("electricista en Sevilla para poner 4 nuevos enchufes", 4),
    ("fit 5 extra radiators in Leeds", 5),
    ("handyman in Leeds for 3 hours fitting sockets", None),
])
def test_an_adjective_between_a_count_and_its_noun(query: str, items: int | None) -> None:
    assert _task(TRADES, query).values.get("items") == items


CRUISES = {"region": InputSpec(type="place", aliases=["por el", "around"]),
           "port": InputSpec(type="place", aliases=["from", "desde"])}


@pytest.mark.parametrize("query, region", [
    ("cruceros bálticos desde Kiel", "Báltico"),
    ("cruceros mediterráneos desde Barcelona", "Mediterráneo"),
    ("crucero báltico desde Kiel", "Báltico"),
    ("Baltic cruise from Kiel", "Baltic"),
])
def test_a_region_adjective_is_read_as_the_region_name(query: str, region: str) -> None:
    got = build_task(query, CRUISES, today=TODAY, kind="cruises",
                     nouns=("cruise", "cruises", "crucero", "cruceros")).values
    assert got["region"] == region


COVER_TERM = {**COVER, "term": InputSpec(type="duration", aliases=["contrato", "contract"])}


@pytest.mark.parametrize("query, ages", [
    ("seguro para mi pareja y yo de 30 y 32 años, contrato de 2 años", [30, 32]),
    ("cover for us aged 40 and 45 years, contract of 2 years", [40, 45]),
    ("seguro, contrato de 3 años, para 2 adultos de 50 y 52 años y un niño de 9 años",
     [50, 52, 9]),
])
def test_a_length_labelled_is_no_age_of_the_list(query: str, ages: list[int]) -> None:
    assert _task(COVER_TERM, query).values["ages"] == ages
