"""A price list's period written as the amount's label at the start of its clause ("Semana:
3.500 €", "Weekly: €3,500", "Half day: €600", "Día completo: 290 €") is the price's period,
as "3.500 € a la semana" is: left with none, a charter's week was compared as the whole of
any dates asked and per person as if it were a day's. Found writing examples/boats;
checked for any kind (scout/steps/pricewords.py, labelled_period)."""

from __future__ import annotations

import pytest

from scout.steps.listprice import find_price


@pytest.mark.parametrize("text,per", [
    ("Velero Bavaria 46. Con patrón. Semana: 3.500 €. Combustible no incluido.", "week"),
    ("Lagoon 42 catamaran. Weekly: €9,800, skipper optional.", "week"),
    ("Temporada alta, semana: 4.000 €", "week"),
    ("Nautitech 46 day trips. Half day: €600. Full day: €1,000.", "half day"),
    ("Lancha sin licencia. Medio día: 180 €. Día completo: 290 €.", "half day"),
    ("Día completo: 290 €", "day"),
    ("Trastero 5 m². Mes: 80 €.", "month"),
    ("Quincena: 1.200 €", "fortnight"),
])
def test_a_period_label_before_the_amount_is_its_period(text: str, per: str) -> None:
    price = find_price(text)
    assert price is not None and price.per == per


@pytest.mark.parametrize("text", [
    "Limpieza final: 150 €",          # a label that is no period
    "Precio: 3.500 €",
    "Fianza semana 1: 500 €",         # the word inside a clause, a number after it
    "Cuota al mes de la piscina, pagada aparte; total: 30 €",
])
def test_other_labels_state_no_period(text: str) -> None:
    price = find_price(text)
    assert price is not None and price.per is None
