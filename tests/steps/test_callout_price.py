"""A call-out fee a tradesperson, a technician or a service states beside its rate or its
job's price is no price (scout/steps/pricewords.py ``fixed_fee``, scout/steps/listprice.py):
"salida 30 € + 35 €/hora" is priced 35 €/hora, "£60 call-out, then £45/hour" £45 an hour,
as a taxi's flag-fall is none beside its rate per km. A page stating only the fee states
its price so, and "precio de salida" (an auction's or a sale's starting price) is a price."""

from __future__ import annotations

import pytest

from scout.steps.listprice import find_price


@pytest.mark.parametrize("text, amount, currency, per", [
    # Spanish: "salida" and "desplazamiento" with a rate per hour, a "+" or a comma between
    ("Fontanería Retiro: salida 30 € + 35 €/hora, IVA incluido.", 35, "EUR", "hour"),
    ("Electricista en Zaragoza. Desplazamiento 18 €, mano de obra 32 € la hora.", 32, "EUR", "hour"),
    ("Salida: 25 €. Hora de trabajo: 28 €/h.", 28, "EUR", "hour"),
    ("Gastos de desplazamiento 12 €; cada hora 30 €/hora", 30, "EUR", "hour"),
    # beside a job's own price, the fee is none either
    ("Desplazamiento 15 €. Cambio de grifo desde 45 €.", 45, "EUR", None),
    ("Cerrajero 24h: salida 40 €, apertura de puerta 70 €", 70, "EUR", None),
    # English: a bare "call-out" said before or after its amount, and its fee or charge
    ("£60 call-out includes the first hour, then £45/hour.", 45, "GBP", "hour"),
    ("Call-out: £49, labour £38 per hour", 38, "GBP", "hour"),
    ("Emergency plumber: £80 call-out, £55 an hour after that", 55, "GBP", "hour"),
    ("Callout charge $95, then $110 per hour", 110, "USD", "hour"),
    ("Boiler service £75, call-out fee £30", 75, "GBP", None),
])
def test_a_call_out_fee_beside_a_rate_or_a_price_is_no_price(
        text: str, amount: float, currency: str, per: str | None) -> None:
    price = find_price(text)
    assert price is not None
    assert (price.amount, price.currency, price.per) == (amount, currency, per)


@pytest.mark.parametrize("text, amount", [
    ("Salida 15 €", 15),                       # the fee alone: the price it states
    ("Call-out £45 within the M25", 45),
    ("Subasta: precio de salida 80.000 €, 5.000 € de depósito", 80000),  # a starting price
    ("Precio de salida 100.000 €, comunidad 60 €/mes", 100000),
    ("Excursión: salida 9:00, 45 € por persona", 45),  # a tour's departure is no fee
    ("Salidas diarias desde Málaga, 35 €", 35),
    ("Taxi: bajada de bandera 2,50 €, 1,20 €/km", 1.2),  # as before
])
def test_what_is_no_call_out_fee_beside_a_price_stays_as_it_was(text: str, amount: float) -> None:
    price = find_price(text)
    assert price is not None and price.amount == amount
