"""Classes of phrasing the parser misread (parse13), each probed on the example kinds'
inputs as their authors wrote them (or a kind written here with a place, a subject and
money), in both languages, with guards for what must stay. The clock is injected (today
is Sunday 6 December 2026)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.schemas.task import Money
from scout.spec.loader import load_spec
from scout.spec.models import InputSpec
from scout.task.parser import parse_query

TODAY = dt.date(2026, 12, 6)  # a Sunday
ROOT = Path(__file__).resolve().parents[2]


def kind_inputs(name: str) -> dict[str, InputSpec]:
    """The inputs of an example kind as its author wrote them."""
    loaded, _ = load_spec(str(ROOT / "examples" / name / "pipelines" / f"{name}.yaml"))
    assert loaded is not None
    return dict(loaded.model.inputs)


JOBS = kind_inputs("jobs")
COURSES = kind_inputs("courses")
# a kind someone else wrote: a place, what is sought, a budget (no kind name in requests)
SHOP = {"place": InputSpec(type="place"), "what": InputSpec(type="subject"),
        "budget": InputSpec(type="money")}


# ------------------------------ an approximate amount with no currency is no subject
@pytest.mark.parametrize("kind, query, subject, amount", [
    (JOBS, "cocinero alrededor de 150 mil", "cocinero", "150 mil"),
    (JOBS, "chef around 40k", "chef", "40k"),
    (JOBS, "chef roughly 40k", "chef", "40k"),
    (JOBS, "chef about 40k", "chef", "40k"),
    (JOBS, "cocinero, aproximadamente 30 mil al año", "cocinero", "30 mil"),
    (JOBS, "cocinero en torno a 30 mil", "cocinero", "30 mil"),
    (JOBS, "cocinero sobre 150 mil", "cocinero", "150 mil"),  # "sobre" before thousands
    (COURSES, "curso de python alrededor de 200", "python", "200"),
    (SHOP, "piso alrededor de 900", "piso", "900"),
])
def test_approximate_bare_amount_leaves_subject_and_place(kind: dict[str, InputSpec], query: str,
                                                          subject: str, amount: str) -> None:
    got = parse_query(query, kind, today=TODAY)
    subjects = [v for n, v in got.values.items() if kind[n].type == "subject"]
    assert subjects == [subject], got.values
    assert not any(kind[n].type == "place" for n in got.values), got.values
    assert any(amount in n for n in got.notes), got.notes  # said as missing its currency


@pytest.mark.parametrize("query, amount", [
    ("chef around 40k EUR", 40000), ("cocinero alrededor de 30.000 euros", 30000),
])
def test_approximate_amount_with_currency_still_read(query: str, amount: float) -> None:
    got = parse_query(query, JOBS, today=TODAY).values
    assert isinstance(got.get("min_salary"), Money) and got["min_salary"].amount == amount, got


CLINICS = kind_inputs("clinics")
PHONEPLANS = kind_inputs("phoneplans")
WINES = kind_inputs("wines")
RESTAURANT = {"city": InputSpec(type="place"), "dish": InputSpec(type="subject"),
              "budget": InputSpec(type="money")}


# ------------------------------ a neighbourhood, then its city: both, each to its input
@pytest.mark.parametrize("query, city, area", [
    ("dentist near Sants, Barcelona", "Barcelona", "Sants"),
    ("dentista cerca de Sants, Barcelona", "Barcelona", "Sants"),
    ("dentista cerca de sants, barcelona", "Barcelona", "Sants"),
    ("physio near Chamberí, Madrid", "Madrid", "Chamberí"),
    ("dentista en Coyoacán CDMX", "CDMX", "Coyoacán"),
    ("dentist near Brooklyn NYC", "NYC", "Brooklyn"),
    ("dentista en Sants, Barcelona", "Barcelona", "Sants"),  # already read: stays
])
def test_neighbourhood_then_city_gives_both(query: str, city: str, area: str) -> None:
    got = parse_query(query, CLINICS, today=TODAY).values
    assert (got.get("city"), got.get("area")) == (city, area), got


def test_a_country_after_the_comma_is_no_city() -> None:
    got = parse_query("dentist near Barcelona, Spain", CLINICS, today=TODAY).values
    assert got.get("city") != "Spain", got


@pytest.mark.parametrize("query, place", [
    ("tacos en Coyoacan CDMX", "Coyoacan"),
    ("donde comer tacos de canasta en coyoacan cdmx barato", "Coyoacan"),
    ("pizza in Brooklyn NYC", "Brooklyn"),
    ("tapas en Gràcia BCN", "Gràcia"),
    ("HOTEL IN NEW YORK CITY IN MAY", "New York City"),  # all capitals: one name
])
def test_city_written_short_after_a_name_ends_it(query: str, place: str) -> None:
    assert parse_query(query, RESTAURANT, today=TODAY).values.get("city") == place


# ------------------------------ a bare "pesos" is the currency of the place's country
@pytest.mark.parametrize("query, currency", [
    ("cena en Palermo por 5000 pesos", "ARS"),
    ("parrilla en Recoleta hasta 40 mil pesos", "ARS"),
    ("en Palermo Soho, hasta 50 mil pesos por persona", "ARS"),
    ("tacos en Polanco 500 pesos", "MXN"),
    ("ceviche en Miraflores hasta 80 soles", "PEN"),
    ("pizza in Palermo under 20 euros", "EUR"),
])
def test_bare_currency_word_follows_the_neighbourhood(query: str, currency: str) -> None:
    got = parse_query(query, RESTAURANT, today=TODAY).values
    assert isinstance(got.get("budget"), Money) and got["budget"].currency == currency, got


# ------------------------------ a country or city written short at the end is the place
@pytest.mark.parametrize("query, country", [
    ("SIM only plan UK", "UK"),
    ("sim only plan uk", "UK"),
    ("prepaid plan USA", "USA"),
    ("tarifa móvil EE. UU.", "EE. UU."),
    ("plan para EE.UU.", "EE.UU."),
    ("SIM only plan UK, under £10", "UK"),
])
def test_abbreviation_at_the_end_is_the_place(query: str, country: str) -> None:
    assert parse_query(query, PHONEPLANS, today=TODAY).values.get("country") == country


def test_a_pronoun_is_no_country() -> None:
    assert "country" not in parse_query("help us find a plan", PHONEPLANS, today=TODAY).values


# ------------------------------ short Spanish requests full of loanwords are Spanish
@pytest.mark.parametrize("query, lang", [
    ("champán francés", "es"), ("tarifa móvil EE. UU.", "es"), ("jamón ibérico", "es"),
    ("menú degustación", "es"), ("portátil gaming", "es"),
    ("café Berlin", "en"), ("crème brûlée", "en"), ("rosé wine", "en"),
    ("pintxos San Sebastián", "en"), ("Sóller", "en"),
])
def test_short_request_language(query: str, lang: str) -> None:
    assert parse_query(query, WINES, today=TODAY).lang == lang


# ------------------------------ a word that is no town is no place
@pytest.mark.parametrize("kind, query, subject", [
    (JOBS, "UX Designer, creative team", "UX Designer"),
    (JOBS, "Junior Data Analyst Madrid", "Junior Data Analyst"),
    (SHOP, "gaming laptop under 1000 EUR", "gaming laptop"),
    (SHOP, "Gaming Laptop under 1000 EUR", "Gaming Laptop"),
    (SHOP, "wireless headphones under 100 EUR", "wireless headphones"),
    (SHOP, "mechanical keyboard 100€", "mechanical keyboard"),
    (COURSES, "Data Science online", "Data Science"),
    (COURSES, "data science online", "data science"),
    (COURSES, "curso de Ciencia de Datos online", "Ciencia de Datos"),
    (COURSES, "curso de gestión de proyectos online", "gestión de proyectos"),
])
def test_common_noun_after_subject_is_no_place(kind: dict[str, InputSpec], query: str,
                                               subject: str) -> None:
    got = parse_query(query, kind, today=TODAY).values
    assert [v for n, v in got.items() if kind[n].type == "subject"] == [subject], got
    assert all(got.get(n) in (None, "Madrid") for n in kind if kind[n].type == "place"), got


@pytest.mark.parametrize("query, subject, place", [
    ("sushi Sóller", "sushi", "Sóller"), ("Ramen Sóller", "Ramen", "Sóller"),
    ("ramen ronda barato", "ramen", "Ronda"), ("tapas ronda 20€", "tapas", "Ronda"),
    ("casa rural Zugarramurdi", "casa rural", "Zugarramurdi"),
    ("tortilla de betanzos barata", "tortilla", "Betanzos"),
    ("hotels in Sóller", None, "Sóller"), ("cerca de Zugarramurdi", None, "Zugarramurdi"),
])
def test_unknown_towns_stay(query: str, subject: str | None, place: str) -> None:
    got = parse_query(query, SHOP, today=TODAY).values
    assert (got.get("what"), got.get("place")) == (subject, place), got


# ------------------------------ a promotion's first months are no count, its budget is the later price
@pytest.mark.parametrize("query, budget", [
    ("primeros 6 meses gratis, después 20€", 20),
    ("first 3 months free, then £10", 10),
])
def test_promotion_months_are_no_commitment(query: str, budget: float) -> None:
    got = parse_query(query, PHONEPLANS, today=TODAY).values
    assert "max_commitment_months" not in got, got
    assert isinstance(got.get("budget"), Money) and got["budget"].amount == budget, got


@pytest.mark.parametrize("query, months", [
    ("tarifa con permanencia máxima de 6 meses", 6), ("plan with at most 12 months contract", 12),
    ("las primeras 2 semanas gratis, 12 meses de permanencia como máximo", 12),
])
def test_commitment_months_still_read(query: str, months: int) -> None:
    assert parse_query(query, PHONEPLANS, today=TODAY).values.get("max_commitment_months") == months
