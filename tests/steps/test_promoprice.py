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
    from scout.steps.rank import _flag_promotion

    text = "£12 a month for 6 months then £22 a month"
    c = Candidate(key="three", name="Three", price=find_price(text),
                  evidence=[Evidence(id="e", kind="snippet", text=text, url="https://t.test",
                                     price=find_price(text))])
    _flag_promotion(c)
    _flag_promotion(c)          # ranked again: said once
    assert c.flags == ["promotional price, compared at the price after it: "
                       "“£12 a month for 6 months then £22 a month”"]
    assert localize(c.flags[0], "es").startswith("precio promocional, comparado")


def test_a_promotion_said_before_its_price_is_quoted():
    from scout.steps.promoprice import promotion

    assert promotion("Primeros 6 meses a 9,99 €/mes, después 20 €/mes") \
        == "6 meses a 9,99 €/mes, después 20 €/mes"
