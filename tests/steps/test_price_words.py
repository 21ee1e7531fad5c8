"""Which of a listing's amounts is its price (scout.steps.pricewords): a rate per m² or
per m³ is never the price, and an amount labelled as the price wins over a running cost stated
before it. Both read a home for sale as its price: before, "3.632 €/m² · 345.000 €" cost
3.632 € and "Comunidad: 60 €/mes. Precio: 210.000 €" 60 €, each then the cheapest."""

from __future__ import annotations

import pytest

from scout.steps.extract import find_price
from scout.units import per_factor


@pytest.mark.parametrize(("text", "amount", "currency"), [
    ("3.632 €/m² · 345.000 €", 345_000, "EUR"),
    ("Precio 345.000 € (3.632 €/m²)", 345_000, "EUR"),
    ("4.000 € el m2 y 300.000 €", 300_000, "EUR"),
    ("EUR 3,500/sqm, EUR 350,000", 350_000, "EUR"),
    ("£6,750 per sq ft, £540,000", 540_000, "GBP"),
    ("2.900 € por metro cuadrado. 232.000 euros", 232_000, "EUR"),
    ("Comunidad: 60 €/mes. Precio: 210.000 €", 210_000, "EUR"),
    ("Gastos de comunidad 90 €/mes. Precio de venta: 345.000 €", 345_000, "EUR"),
    ("Service charge £1,800 a year. Asking price £425,000", 425_000, "GBP"),
    ("IBI 420 € al año, se vende por 289.000 €", 289_000, "EUR"),
])
def test_a_homes_price_is_not_its_rate_per_m2_nor_its_running_costs(text, amount, currency):
    price = find_price(text)
    assert price is not None, text
    assert (price.amount, price.currency) == (amount, currency)


def test_a_listing_that_states_only_a_rate_per_m2_states_no_whole_price():
    # priced per m², which compares with no budget for the whole (scout.units.per_factor)
    price = find_price("Solo 3.500 €/m², a reformar")
    assert price is not None and (price.amount, price.per) == (3500, "m2")
    assert per_factor(price.per, None) is None and per_factor(price.per, "month") is None


@pytest.mark.parametrize(("text", "amount", "currency"), [
    # a mover's or a storage unit's rate per m³ beside the whole job's price
    ("35 €/m³. Mudanza completa de 25 m³: 950 €", 950, "EUR"),
    ("Desde 30 € el m3, piso de 3 habitaciones 1.400 €", 1_400, "EUR"),
    ("£4 per cubic foot, or £2,400 for a 2-bedroom flat", 2_400, "GBP"),
    ("40 € por metro cúbico; guardamuebles 90 €/mes", 90, "EUR"),
    ("USD 120/cbm, door to door USD 3,600", 3_600, "USD"),
])
def test_a_rate_per_unit_of_volume_is_not_the_price(text, amount, currency):
    price = find_price(text)
    assert price is not None, text
    assert (price.amount, price.currency) == (amount, currency)


def test_a_listing_that_states_only_a_rate_per_m3_states_it_per_m3():
    # a rate for rank to multiply by the m³ asked (its volume), never a whole price
    price = find_price("Madrid - Valencia, 35 €/m³ con seguro incluido")
    assert price is not None and (price.amount, price.per) == (35, "m3")


def test_a_listing_that_states_only_a_rate_per_cubic_foot_states_no_price():
    assert find_price("Storage from £3.50 per cubic foot a month") is None


@pytest.mark.parametrize(("text", "amount"), [
    # a stay's price per night comes first, as before; no label: the first amount
    ("Hotel 120 € per night, price: 30 € breakfast", 120),
    ("Piso 289.000 €. Gastos de comunidad 90 €/mes", 289_000),
    ("Beach 300 m away, rooms 50 €", 50),
])
def test_other_listings_read_as_before(text, amount):
    price = find_price(text)
    assert price is not None and price.amount == amount


@pytest.mark.parametrize("text, amount", [
    ("Cuota trimestral 90 €, sin matrícula.", 90.0),   # the fee's own noun says the period
    ("Membership £75 per quarter, no contract.", 75.0),
    ("Pago: 105 € al trimestre.", 105.0),
])
def test_a_fee_a_quarter_is_per_quarter(text, amount):
    # a gym's, a school's or a club's quarterly fee: rank puts it on a month's footing
    # (scout.units.PERIOD_DAYS) against a budget a month, never compares it as one month's
    price = find_price(text)
    assert price is not None and (price.amount, price.per) == (amount, "quarter")
