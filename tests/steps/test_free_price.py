"""A listing that says getting in is free has price 0; "free" features are no price."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.adapters.contract import ChainOutcome
from scout.schemas.records import Candidates
from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.stepkit.params import ExtractRules, RankParams, SearchParams
from scout.steps import rank, rank_enrich, search
from scout.steps.extract import find_price
from scout.steps.fetch import price_from_range
from scout.steps.freeprice import says_free
from scout.task.build import build_task

from tests.steps.test_extract_rank import S, _ctx

FREE = [
    "Museo Sorolla - Free admission",
    "Free entry to the permanent collection",
    "Admission is free of charge",
    "Admission: free",
    "Entry free for everyone",
    "Tickets: Free",
    "Price: free",
    "No admission fee. Open daily 10-18h",
    "Free walking tour of the Gothic Quarter",
    "Entrada gratuita al museo",
    "ENTRADA LIBRE hasta completar aforo",
    "Concierto de jazz. Entrada libre.",
    "Acceso gratuito a la colección permanente",
    "Precio: gratis",
    "La entrada es gratuita",
    "Exposición: entrada gratis para todos",
    # what one attends or enrols in is what is paid for (found writing examples/courses)
    "Free online course: Python basics",
    "Free Python course by the university",
    "Free yoga class in the park",
    "Curso online gratuito de Excel avanzado",
    "Taller de cerámica gratis",
    "Curso de Excel gratis, 20 horas",
    "Charlas gratuitas sobre nutrición",
    "Free webinar on data privacy",
    # "for"/"para" naming who it is meant for is no condition: an audience
    "Free online course for beginners",
    "Free concerts for the whole family in the park",
    "Free yoga class for all levels",
    "Free workshop for everyone, all ages welcome",
    "Curso online gratuito para principiantes",
    "Taller de cerámica gratis para toda la familia",
    "Concierto gratuito para todos los públicos",
    # software is used, not attended: a free app, tool or plan costs nothing to use
    # (found writing examples/software)
    "Zotero: free and open source reference manager",
    "Zotero: free, open-source reference manager",
    "JabRef: gestor de referencias gratuito y de código abierto",
    "Free plan: 25 responses a month",
    "Herramienta gratuita de encuestas",
    "Plan gratuito hasta 3 usuarios",
    "Aplicación gratuita para Android",
    "A free app for iOS and Android",
]

NOT_FREE = [
    "Hotel Arts - free cancellation, free wifi",
    "Gluten-free bakery in Gràcia",
    "Panadería sin gluten, opciones veganas",
    "Cancelación gratuita. Wifi gratis",
    "Desayuno gratis y parking gratuito",
    "Free breakfast and free parking",
    "Sugar-free desserts, smoke-free rooms",
    "Step-free entrance and barrier-free access",
    "Entrada libre de barreras arquitectónicas",
    "Free entry for children under 12",
    "Free admission on Sundays",
    "Entrada gratuita los domingos",
    "Entrada gratuita para menores de 18 años",
    "Free entry with the Barcelona Card",
    "Free entry to the spa for hotel guests",
    "Acceso gratuito a internet y a la piscina",
    "Feel free to ask about our rooms",
    "Duty-free shop at the airport",
    "Free shipping on laptops",
    "Free cancellation on courses",
    "Free wifi during classes",
    "Curso gratuito para desempleados",
    "Clases gratis con la matrícula anual",
    "Free coffee at every workshop",
    "Free admission on the first Sunday of the month",
    "Free entry on presentation of your ticket",
    # a group that alone gets it free is a condition, even on what one attends
    "Free course for students",
    "Free workshops for members only",
    "Curso gratis para desempleados",
    "Taller gratuito para socios",
    # a trial, updates or a service are no free software; a free plan for a group is a
    # condition
    "Free trial for 14 days",
    "Free updates for a year",
    "Free plan for students",
    "Free shuttle service to the airport",
    "Open source, contact sales for pricing",
]


@pytest.mark.parametrize("text", FREE)
def test_a_free_listing_reads_as_price_zero_in_the_context_currency(text: str) -> None:
    assert says_free(text)
    assert find_price(text, "EUR") == Money(amount=0, currency="EUR", comparator="=")
    assert find_price(text, "USD") == Money(amount=0, currency="USD", comparator="=")
    # no currency to say 0 in: no price rather than a made-up one
    assert find_price(text) is None


@pytest.mark.parametrize("text", NOT_FREE)
def test_free_features_and_conditions_are_no_price(text: str) -> None:
    assert not says_free(text)
    assert find_price(text, "EUR") is None


def test_a_stated_amount_wins_over_free() -> None:
    # a wrong 0 would pass every budget: an amount in the text is the price
    assert find_price("Rooms from 120 € per night. Free admission to the beach club",
                      "EUR") == Money(amount=120, currency="EUR", comparator="=", per="night")
    assert find_price("Entrada general 15 €. Entrada gratuita los domingos",
                      "USD") == Money(amount=15, currency="EUR", comparator="=")


def test_a_page_whose_price_range_is_free_costs_nothing() -> None:
    assert price_from_range("Free", "EUR") == Money(amount=0, currency="EUR", comparator="=")
    assert price_from_range("Gratis", "EUR") == Money(amount=0, currency="EUR",
                                                      comparator="=")
    assert price_from_range("Free", None) is None
    assert price_from_range("$$", "EUR") is None


def test_a_free_museum_passes_the_budget_and_a_free_wifi_hotel_stays_unknown() -> None:
    inputs = {"destination": InputSpec(type="place", required=True),
              "budget": InputSpec(type="money")}
    task = build_task("museos en Madrid por menos de 20 euros", inputs,
                      today=dt.date(2026, 11, 29))
    results = [S("Museo Sorolla", "https://museosorolla.example/", "Entrada gratuita al museo"),
               S("Hotel Uno", "https://hoteluno.example/", "Wifi gratis, cancelación gratuita"),
               S("Museo del Prado", "https://prado.example/", "Entrada general 25 €")]
    params = SearchParams(query="museos {{ task.destination }}",
                          extract=ExtractRules(record="candidate"))
    ctx = _ctx(params, {}, task, outcome=ChainOutcome(value=results, answered_by="duckduckgo",
                                                      chain="web"))
    cands = search.run(ctx)
    assert isinstance(cands, Candidates)
    price = {c.name: c.price for c in cands.items}
    assert price["Museo Sorolla"] == Money(amount=0, currency="EUR", comparator="=")
    assert price["Hotel Uno"] is None
    ranked = rank.run(_ctx(RankParams(
        items="candidates", as_="m",
        where=["m.price is none or m.price.amount <= task.budget.amount"]),
        {"candidates": cands}, task))
    kept = {i.candidate.name: i.candidate for i in ranked.items}
    assert sorted(kept) == ["Hotel Uno", "Museo Sorolla"]
    assert [c.name for c, _ in ranked.excluded] == ["Museo del Prado"]  # 25 € > 20 €
    assert "price unknown" not in kept["Museo Sorolla"].flags
    assert "price unknown" in kept["Hotel Uno"].flags


def test_free_converts_to_any_currency_without_a_rate() -> None:
    zero = Money(amount=0, currency="EUR", comparator="=")
    assert rank_enrich.convert(zero, "JPY", None) == Money(amount=0, currency="JPY", comparator="=")
    assert rank_enrich.convert(Money(amount=5, currency="EUR"), "JPY", None) is None
