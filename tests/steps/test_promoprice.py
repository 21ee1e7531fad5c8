"""A promotional price that rises after some months is read as the later, regular price
(scout/steps/promoprice.py), in both languages; other texts with two amounts are not."""

from __future__ import annotations

import pytest

from scout.steps.extract import find_price


@pytest.mark.parametrize("text, amount, currency, per", [
    ("Simyo 100 GB por 9 €/mes durante 6 meses, luego 14 €/mes. Sin permanencia.",
     14, "EUR", "month"),
    ("unlimited data, £12 a month for 6 months then £22 a month, 24 month contract",
     22, "GBP", "month"),
    ("Fibra 20 €/mes los 3 primeros meses, después 35 €/mes", 35, "EUR", "month"),
    ("Gym: $10 per month for the first 2 months, thereafter $30 per month", 30, "USD", "month"),
    # the promotion said before its price
    ("Primeros 6 meses a 9,99 €/mes, después 20 €/mes", 20, "EUR", "month"),
    ("Los 3 primeros meses por 10 €/mes, luego 25 €/mes", 25, "EUR", "month"),
    ("First 6 months £12 a month, then £22 a month", 22, "GBP", "month"),
    ("50% off the first year: $15/mo, then $30/mo", 30, "USD", "month"),
    ("el primer año 5 €/mes y después 15 €/mes", 15, "EUR", "month"),
])
def test_a_promotion_that_rises_is_read_at_its_later_price(text, amount, currency, per):
    price = find_price(text)
    assert price is not None
    assert (price.amount, price.currency, price.per) == (amount, currency, per)


@pytest.mark.parametrize("text, amount", [
    ("Lowi 70 GB por 12 €/mes, sin permanencia; antes 15 €/mes", 12),
    ("Rooms from 120 € per night, 6 months ago 90 €", 120),
    ("Hotel 120 € per night and 90 € per person", 120),
    ("Plan 10 €/mes, permanencia de 12 meses y 50 € de alta", 10),
    ("2 weeks 500 €, then 300 € per extra week", 500),  # a stay's weeks are no promotion
    ("Rooms 120 €, then 80 € for the second night", 120),
    ("Fibra 300Mb 25 €/mes. Móvil 10 €/mes", 25),
])
def test_two_amounts_without_a_promotion_keep_the_first(text, amount):
    price = find_price(text)
    assert price is not None and price.amount == amount


def test_the_promotion_is_quoted_for_the_reader():
    from scout.steps.promoprice import promotion

    assert promotion("Simyo 100 GB por 9 €/mes durante 6 meses, luego 14 €/mes. Sin "
                     "permanencia.") == "9 €/mes durante 6 meses, luego 14 €/mes"
    assert promotion("Lowi 70 GB por 12 €/mes, sin permanencia") is None


def test_rank_flags_a_promotional_price_in_the_readers_language():
    from scout.i18n.messages import localize
    from scout.schemas.records import Candidate, Evidence
    from scout.steps.rank_enrich import _flag_promotion

    text = "£12 a month for 6 months then £22 a month"
    c = Candidate(key="three", name="Three", price=find_price(text),
                  evidence=[Evidence(id="e", kind="snippet", text=text, url="https://t.test",
                                     price=find_price(text))])
    _flag_promotion(c)
    _flag_promotion(c)          # ranked again: said once
    assert c.flags == ["promotional price, compared at the price after it: "
                       "“£12 a month for 6 months then £22 a month”"]
    assert c.intro_offer is None  # a price that rises is no first months' offer
    assert localize(c.flags[0], "es").startswith("precio promocional, comparado")


def test_a_promotion_said_before_its_price_is_quoted():
    from scout.steps.promoprice import promotion

    assert promotion("Primeros 6 meses a 9,99 €/mes, después 20 €/mes") \
        == "6 meses a 9,99 €/mes, después 20 €/mes"


@pytest.mark.parametrize("text, words, amount", [
    ("Trasteros Centro: 59 €/mes. Primer mes gratis.", "Primer mes gratis", 59),
    ("First month free, then £42.50 per month.", "First month free", 42.50),
    ("Guarda Fácil: 70 €/mes, 50% dto. 2 meses.", "50% dto. 2 meses", 70),
    ("50% off the first 8 weeks. 60 sq ft units, £48 per month.",
     "50% off the first 8 weeks", 48),
    ("Primeros 2 meses gratis, 45 €/mes", "Primeros 2 meses gratis", 45),
    ("Half price for the first 3 months: £30 a month", "Half price for the first 3 months",
     30),
    # the offer's own amount is the first month's, never the price: the later one is
    ("First month £1. Then £42.50 a month.", "First month £1", 42.50),
    ("£42.50 per month, first month £1", "first month £1", 42.50),
])
def test_an_offer_for_the_first_months_is_quoted_never_the_price(text, words, amount):
    from scout.steps.promoprice import first_months

    assert first_months(text) == words
    price = find_price(text)
    assert price is not None and price.amount == amount


@pytest.mark.parametrize("text", [
    "contrato de 12 meses, 30 €/mes",          # a term, no offer
    "Estancia mínima 1 mes a 40 €",
    "Wifi free, 3 months minimum stay",
    "Precio 45 €/mes. 2 meses de fianza. Wifi gratis",
    "3 months of free cancellation, £40 a month",
])
def test_a_length_beside_a_price_is_no_offer(text):
    from scout.steps.promoprice import first_months

    assert first_months(text) is None


@pytest.mark.parametrize("lang, text, said", [
    ("es", "Trasteros Centro: 59 €/mes. Primer mes gratis.", "oferta solo para los primeros "
     "meses, comparada con el precio posterior: «Primer mes gratis»"),
    ("en", "Big Yellow: £42.50 per month. First month free.", "offer for the first months "
     "only, compared at the price after it: “First month free”"),
])
def test_rank_flags_a_first_months_offer_in_the_readers_language(lang, text, said):
    from scout.i18n.messages import localize
    from scout.schemas.records import Candidate, Evidence
    from scout.steps.rank_enrich import _flag_promotion

    c = Candidate(key="u", name="U", price=find_price(text),
                  evidence=[Evidence(id="e", kind="snippet", text=text, url="https://t.test",
                                     price=find_price(text))])
    _flag_promotion(c)
    _flag_promotion(c)          # ranked again: said once
    assert [localize(f, lang) for f in c.flags] == [said]
    assert c.price is not None and c.price.amount in (59, 42.50)
    # what a template asks, in any language: the offer's words, not the flag's English
    assert c.intro_offer == ("Primer mes gratis" if lang == "es" else "First month free")


def test_an_offer_s_own_amount_is_no_price():
    from scout.schemas.records import Candidate, Evidence
    from scout.steps.rank_enrich import _flag_promotion

    text = "Trastero 5 m²: primer mes por 1 €"
    c = Candidate(key="u", name="U", price=find_price(text),
                  evidence=[Evidence(id="e", kind="snippet", text=text, url="https://t.test",
                                     price=find_price(text))])
    assert c.price is not None and c.price.amount == 1
    _flag_promotion(c)
    assert c.price is None and c.flags


@pytest.mark.parametrize("text, words", [
    ("Gimnasio Sol: desde 30 €/mes los primeros 3 meses", "30 €/mes los primeros 3 meses"),
    ("Storage unit: £1 for the first month", "£1 for the first month"),
    ("Box 9 € al mes los 3 primeros meses", "9 € al mes los 3 primeros meses"),
    ("Plan $5/mo for the first 2 months", "$5/mo for the first 2 months"),
])
def test_an_offer_said_after_its_amount_is_quoted_and_no_price(text, words):
    from scout.schemas.records import Candidate, Evidence
    from scout.steps.promoprice import first_months
    from scout.steps.rank_enrich import _flag_promotion

    assert first_months(text) == words
    c = Candidate(key="u", name="U", price=find_price(text),
                  evidence=[Evidence(id="e", kind="snippet", text=text, url="https://t.test",
                                     price=find_price(text))])
    _flag_promotion(c)
    # the offer's amount is the first months', unknown what is paid after it
    assert c.price is None and c.flags


@pytest.mark.parametrize("text, amount", [
    ("First month £1, £42.50 per month after", 42.50),
    ("£1 for the first month, then £42.50 a month", 42.50),
    ("Trastero: 1 € el primer mes, 39 €/mes", 39),
    ("desde 30 €/mes los primeros 3 meses y 45 €/mes a partir del cuarto", 45),
])
def test_the_price_after_an_offer_is_the_price(text, amount):
    price = find_price(text)
    assert price is not None and price.amount == amount


@pytest.mark.parametrize("lang, text, said", [
    ("en", "Storage: First month £1, then £42.50/month.", "offer for the first months only, "
     "compared at the price after it: “First month £1, then £42.50/month”"),
    ("es", "Trastero: primer mes 1 €, después 42,50 €/mes.", "oferta solo para los primeros "
     "meses, comparada con el precio posterior: «primer mes 1 €, después 42,50 €/mes»"),
])
def test_a_first_months_offer_with_its_later_price_says_it_is_one(lang, text, said):
    """An offer followed by the price after it was flagged with the generic promotional
    words; it is a first months' offer, quoted with both amounts, compared at the later."""
    from scout.i18n.messages import localize
    from scout.schemas.records import Candidate, Evidence
    from scout.steps.rank_enrich import _flag_promotion

    c = Candidate(key="u", name="U", price=find_price(text),
                  evidence=[Evidence(id="e", kind="snippet", text=text, url="https://t.test",
                                     price=find_price(text))])
    _flag_promotion(c)
    _flag_promotion(c)          # ranked again: said once
    assert [localize(f, lang) for f in c.flags] == [said]
    assert c.price is not None and c.price.amount == 42.50
    assert c.intro_offer is not None and c.intro_offer in said
