"""A minimum order, spend or booking is a condition, never a price
(scout/task/minimumspend.py): "Pedido mínimo 300 €. Menú 25 €/persona" is priced 25, in
both languages, the minimum said before its amount or after it; a minimum charge, a
share's floor and a minimum count of people are left as they were."""

from __future__ import annotations

import pytest

from scout.steps.listprice import _find_price
from scout.task.amounts import find_amounts
from scout.task.minimumspend import minimum_spend


@pytest.mark.parametrize("text, currency, price", [
    ("Pedido mínimo 300 €. Menú 25 €/persona", "EUR", 25),
    ("Consumo mínimo 15 €, entrada 10 €", "EUR", 10),
    ("300 € de pedido mínimo; bandeja de canapés 35 €", "EUR", 35),
    ("40 € mínimo de compra. Tarta de cumpleaños 32 €", "EUR", 32),
    ("Reserva mínima de 200 €. Alquiler de sala 80 €/hora", "EUR", 80),
    ("Importe mínimo de pedido: 60 €. Caja de 12 cupcakes 30 €", "EUR", 30),
    ("Minimum spend £500. Set menu £45 per person", "GBP", 45),
    ("£40 minimum order. Platters from £28", "GBP", 28),
    ("Private room: minimum spend of £1,500; dinner £65 per head", "GBP", 65),
    ("min. order $50, sandwich trays $35", "USD", 35),
    ("$800 minimum booking, DJ set $120 an hour", "USD", 120),
])
def test_a_minimum_order_is_no_price_beside_one(text, currency, price) -> None:
    found = _find_price(text, currency)
    assert found is not None and found.amount == price


@pytest.mark.parametrize("text", [
    "Pedido mínimo 300 €",
    "Minimum spend £2,000 for exclusive hire",
    "Consumo mínimo por persona 20 €",
])
def test_a_page_stating_only_a_minimum_states_no_price(text) -> None:
    assert _find_price(text, "EUR") is None


@pytest.mark.parametrize("text, price", [
    ("Cargo mínimo 60 €, después 40 €/hora", 40),       # a minimum charge is paid
    ("Minimum charge £45", 45),
    ("Menú 25 €. Mínimo 10 personas", 25),             # a count, no money
    ("Catering desde 1.200 € (pedido mínimo 20 personas)", 1200),
    ("Tarta 45 €, mínimo 2 unidades", 45),
])
def test_what_is_no_minimum_spend_stays(text, price) -> None:
    found = _find_price(text, "EUR" if "€" in text else "GBP")
    assert found is not None and found.amount == price


def test_the_minimum_is_read_at_its_own_amount_only() -> None:
    text = "Pedido mínimo 300 €. Menú 25 €/persona"
    said = [minimum_spend(text, span) for _m, span in find_amounts(text)]
    assert said == [True, False]
