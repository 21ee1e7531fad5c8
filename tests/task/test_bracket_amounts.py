"""Amounts that say when a price applies, never what it is (scout/task/bracketprice.py): a
fee bracket's bound ("Envíos hasta 500 €: 4,99 €", "over £1,000 are free") and a share's
floor ("1 % (mín. 3 €)"), in both languages, on remittance, courier and shop pages; a
"from" price's colon ("a partir de 89 €: desayuno 10 €") and a page whose only amount is a
bound keep their price."""

from __future__ import annotations

import pytest

from scout.steps.extract import find_price


@pytest.mark.parametrize(("text", "amount"), [
    ("Envíos hasta 500 €: 4,99 €", 4.99),
    ("Comisión: hasta 500 €: 4,99 €; de 500 a 1.000 €: 7,99 €; gratis a partir de 1.000 €.",
     4.99),
    ("Fee: up to £500: £2.99; over £500: free", 2.99),
    ("Transfers over £1,000 are free. Otherwise £3.50 fee.", 3.5),
    ("Envío gratis a partir de 50 €. Envío estándar 4,95 €", 4.95),
    ("Free delivery on orders over £50. Standard delivery £3.99", 3.99),
    ("Menos de 100 €: gratis el envío. Producto 60 €", 60),
    # a "from" price is no bound, whatever follows its colon
    ("Habitaciones a partir de 89 €: desayuno 10 €", 89),
    ("Hotel desde 89 €: desayuno gratis. Parking 12 €", 89),
    ("Precio: hasta 120 €", 120),
    ("Desde 500 €: envío gratis", 500),  # the page's only amount
])
def test_a_brackets_bound_is_no_price(text: str, amount: float) -> None:
    price = find_price(text)
    assert price is not None and price.amount == amount


@pytest.mark.parametrize("text", ["Comisión 1 % (mín. 3 €)", "Fee 0.5% (min. $2)",
                                  "Comisión del 1,5 %, mínimo 3 €",
                                  "1% fee, minimum £1.50"])
def test_a_shares_floor_is_no_price(text: str) -> None:
    assert find_price(text) is None


def test_a_floor_beside_no_share_stays() -> None:
    price = find_price("Consulta 60 €, mínimo 1 hora")
    assert price is not None and price.amount == 60
