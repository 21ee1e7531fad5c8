"""Amounts in millions, as funders, the press and price lists write them: a number in
words or an "M" after the number, with the currency before or after it. A listing's price
is read whatever its size (a grant of millions of euros, a flat in millions of pesos), and
a request's money likewise."""

from __future__ import annotations

import pytest

from scout.spec.models import InputSpec
from scout.steps.extract import find_price
from scout.task.build import build_task


@pytest.mark.parametrize(("text", "amount", "currency"), [
    ("ERC Starting Grants: up to €1.5 million for 5 years.", 1_500_000, "EUR"),
    ("Funding of EUR 2.5 million per project", 2_500_000, "EUR"),
    ("$3 million over five years", 3_000_000, "USD"),
    ("Hasta 1,5 millones de euros por proyecto", 1_500_000, "EUR"),
    ("Presupuesto: 2,5 M€", 2_500_000, "EUR"),
    ("Awards of £1.2m", 1_200_000, "GBP"),
    ("USD 1.2M in total", 1_200_000, "USD"),
    ("Casa en venta: 250 millones de pesos colombianos", 250_000_000, "COP"),
])
def test_a_listing_states_millions(text, amount, currency):
    price = find_price(text)
    assert price is not None, text
    assert (price.amount, price.currency) == (amount, currency)


@pytest.mark.parametrize(("text", "amount"), [("Beach 100 m away, rooms 50 €", 50),
                                              ("1.200 €/m2, 240.000 €", 240_000)])
def test_an_m_that_is_a_length_is_no_million(text, amount):
    price = find_price(text)
    assert price is not None and price.amount == amount


@pytest.mark.parametrize(("query", "amount"), [
    ("research grants over €1.5 million", 1_500_000),
    ("ayudas de más de 2 M€", 2_000_000),
    ("grants of at least EUR 2.5 million", 2_500_000),
])
def test_a_request_asks_for_millions(query, amount):
    inputs = {"min_amount": InputSpec(type="money")}
    task = build_task(query, inputs)
    money = task.values["min_amount"]
    assert money is not None, task.notes
    assert (money.amount, money.currency, money.comparator) == (amount, "EUR", ">=")


@pytest.mark.parametrize(("text", "amount"), [
    ("Maximum grant: EUR 1 500 000 per project", 1_500_000),
    ("Budget up to 2 500 000 EUR", 2_500_000),
    ("Dotación de 150 000 € por proyecto", 150_000),
    ("€ 25 000 a year", 25_000),
    ("1 500 000,50 € in total", 1_500_000.5),
])
def test_thousands_grouped_by_spaces(text, amount):
    price = find_price(text)
    assert price is not None and price.amount == amount, price


def test_a_count_before_an_amount_is_no_thousands_group():
    # "para 4 200 euros": four people, 200 euros; one digit before one group is no amount
    price = find_price("Cena para 4 200 euros")
    assert price is not None and price.amount == 200


@pytest.mark.parametrize(("text", "amount", "currency"), [
    # a rate under one unit of currency is a price when its unit follows it
    ("Traducción jurada inglés-español: 0,08 € por palabra, entrega en 2 días.", 0.08, "EUR"),
    ("Spanish transcription, $0.90 per audio minute, GDPR compliant.", 0.9, "USD"),
    ("Tarifa de luz: 0,15 €/kWh", 0.15, "EUR"),
])
def test_a_listing_states_a_rate_under_one(text, amount, currency):
    price = find_price(text)
    assert price is not None, text
    assert (price.amount, price.currency) == (amount, currency)


@pytest.mark.parametrize("text", ["Descuento de 0,50 € en tu primera compra.",
                                  "Only $0.99!"])
def test_a_fraction_said_alone_is_no_price(text):
    assert find_price(text) is None


def test_a_rate_under_one_beside_a_whole_price_is_not_the_price():
    price = find_price("Tarifa Móvil 20 GB: llamadas a 0,01 €/min, 10 €/mes.")
    assert price is not None and price.amount == 10
