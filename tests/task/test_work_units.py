"""The unit of work a price is per (a word, a page, an audio minute, an hour, an item),
read in requests and listings in both languages for any kind: "menos de 0,10 € por
palabra" kept the 0,10 € and dropped the word without a note, and "15 EUR/page" read a
place "Page" (scout.task.moneyunits, scout.units.WORK_UNITS)."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.steps.extract import find_price
from scout.task.build import build_task
from scout.task.moneyunits import period_of
from scout.units import WORK_UNITS

TODAY = dt.date(2026, 12, 6)
# a kind written here, not one of the examples: a service priced per unit of work
KIND = {"service": InputSpec(type="subject"), "place": InputSpec(type="place"),
        "budget": InputSpec(type="money")}


@pytest.mark.parametrize("query, amount, currency, per", [
    ("traductor jurado en Madrid, menos de 0,10 € por palabra", 0.10, "EUR", "word"),
    ("EN>PT-BR proofreading, 40 pages, max 15 EUR/page", 15, "EUR", "page"),
    ("transcription of interviews, under $1.50 per audio minute", 1.50, "USD", "minute"),
    ("transcripción de entrevistas por menos de 2 € por minuto de audio", 2, "EUR", "minute"),
    ("tutor de matemáticas en Sevilla, €45/h como mucho", 45, "EUR", "hour"),
    ("sworn translation of certificates, under 30 EUR per document", 30, "EUR", "item"),
    ("corrección de textos, 3 €/pág. máximo", 3, "EUR", "page"),
    # no unit said: none read
    ("traducción de un artículo, menos de 800 €", 800, "EUR", None),
])
def test_a_request_keeps_the_unit_of_work(query: str, amount: float, currency: str,
                                          per: str | None) -> None:
    task = build_task(query, KIND, today=TODAY)
    budget = task.values["budget"]
    assert isinstance(budget, Money)
    assert (budget.amount, budget.currency, budget.per) == (amount, currency, per)


@pytest.mark.parametrize("query", ["EN>PT-BR proofreading, 40 pages, max 15 EUR/page",
                                   "proofreading in Lisbon under 15 EUR/page"])
def test_a_unit_of_work_is_no_place(query: str) -> None:
    place = build_task(query, KIND, today=TODAY).values.get("place")
    assert place is None or "page" not in str(place).lower()


@pytest.mark.parametrize("text, amount, per", [
    ("Traducción jurada de chino: 1,20 €/palabra, revisión incluida.", 1.20, "word"),
    # a rate under 1 that states its unit is the listing's price (a fraction alone is not)
    ("Tarifas: 0,08 €/palabra, revisión incluida.", 0.08, "word"),
    ("Transcription from $0.90 per audio minute.", 0.90, "minute"),
    ("Transcription from $1.50 per audio minute, timestamps included.", 1.50, "minute"),
    ("Audio transcription: $66 per audio hour.", 66, "hour"),
    ("Traducción jurada: 25 € por documento.", 25, "item"),
    ("Proofreading 15 EUR/page, delivered in 3 days.", 15, "page"),
])
def test_a_listing_states_its_unit_of_work(text: str, amount: float, per: str) -> None:
    price = find_price(text)
    assert price is not None and (price.amount, price.per) == (amount, per)


def test_every_unit_word_names_a_unit_of_work() -> None:
    said = ["palabras", "words", "paginas", "folios", "minutos", "mins",
            "audio minute", "video hours", "unidades", "documentos", "items", "h", "kwh", "mwh",
            "visitas", "visits", "paseos", "walks", "wp", "kwp", "watts", "vatios pico"]
    assert {period_of(w) for w in said} == WORK_UNITS
    # the periods a price is for stay what they were
    assert [period_of(w) for w in ("noche", "hora", "mes")] == ["night", "hour", "month"]


# a kind that also names the basis as an enum of its own words, as an outside author does
BASIS_KIND = {**KIND, "basis": InputSpec(type="string", enum=["word", "page", "minute", "total"],
                                         synonyms={"word": ["por palabra", "per word"],
                                                   "page": ["per page", "/page"],
                                                   "minute": ["per minute", "por minuto"]})}


@pytest.mark.parametrize("query, basis, per", [
    ("traducción jurada, menos de 0,10 € por palabra", "word", "word"),
    ("proofreading, max 15 EUR/page", "page", "page"),
    ("transcripción, menos de 1 € por minuto", "minute", "minute"),
])
def test_a_kinds_basis_enum_still_reads_the_unit_the_money_read(query: str, basis: str,
                                                                 per: str) -> None:
    values = build_task(query, BASIS_KIND, today=TODAY).values
    assert values.get("basis") == basis and values["budget"].per == per


def test_a_unit_of_work_is_written_in_the_request_language() -> None:
    from scout.i18n.values import format_money

    rate = Money(amount=0.08, currency="EUR", per="word")
    assert (format_money(rate, "es"), format_money(rate, "en")) == ("0,08 €/palabra",
                                                                     "0.08 EUR/word")
    pay = Money(amount=14, currency="EUR", per="hour")  # was "14 €/hour" in Spanish
    assert format_money(pay, "es") == "14 €/hora"



@pytest.mark.parametrize("query, amount", [
    ("cat sitter in Bristol, under £15 a visit", 15),
    ("cuidadora de gatos en Sevilla, menos de 15 € por visita", 15),
    ("dog walker in Leeds, under £12 a walk", 12),
    ("paseador de perros en Madrid, máximo 10 € por paseo", 10),
])
def test_a_requests_occasion_is_read_with_its_amount_and_no_unit(query: str, amount: float) -> None:
    """A request's "a visit" states no unit: the listings a budget is checked against
    mostly state none ("Consulta: 60 €"), and a budget per a unit of work leaves every
    such price unchecked. Its words are the amount's, no place or subject."""
    task = build_task(query, KIND, today=TODAY)
    budget = task.values["budget"]
    assert isinstance(budget, Money) and (budget.amount, budget.per) == (amount, None)
    assert not any(w in str(task.values.get(k) or "").lower()
                   for k in ("place", "service") for w in ("a visit", "a walk", "por visita",
                                                            "por paseo"))


@pytest.mark.parametrize("text, amount, per", [
    ("Cat sitting in Bristol: £12 per visit, fully insured.", 12, "visit"),
    ("Visitas a domicilio: 14 € por visita.", 14, "visit"),
    ("Dog walks £11 a walk, insured.", 11, "walk"),
    ("Paseos de una hora, 12 € por paseo.", 12, "walk"),
    ("Home boarding £30 per night.", 30, "night"),      # a period stays one
])
def test_a_listing_states_the_occasion_its_price_is_for(text: str, amount: float, per: str) -> None:
    """"£12 per visit" read as 12 GBP per nothing, and was then compared with a budget a
    night as if both were one basis: the occasion is the unit the price is per."""
    price = find_price(text)
    assert price is not None and (price.amount, price.per) == (amount, per)
