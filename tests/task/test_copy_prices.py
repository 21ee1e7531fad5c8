"""A price per one of what a shop sells, as print and copy shops (and any shop) write it:
"18 €/ud", "35 € por ejemplar", "£2.50 per copy", "1,50 € por copia", "£1.20 per print"
is one item's (``Money.per`` "item", a unit of work), no whole price: the unit was dropped,
so a kind could not tell a thesis's 35 € a copy from 35 € for the order
(scout/task/moneyunits.py)."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.task.amounts import listed_amounts
from scout.task.build import build_task

TODAY = dt.date(2026, 12, 7)


@pytest.mark.parametrize(("text", "amount", "per"), [
    ("Encuadernación tapa dura 18 €/ud.", 18.0, "item"),
    ("Tesis encuadernadas desde 35 € por ejemplar.", 35.0, "item"),
    ("Hardback thesis binding £2.50 per copy", 2.5, "item"),
    ("Fotocopias en color a 1,50 € por copia", 1.5, "item"),
    ("Photo prints £1.20 per print, A4", 1.2, "item"),
    ("Chapas personalizadas 0,90 € la ud.", 0.9, "item"),
    ("Libro de firmas 45 € el ejemplar, IVA incluido", 45.0, "item"),
    # a count of copies is no unit: the order's price
    ("Pack 4 copias encuadernadas 150 €", 150.0, None),
    ("250 flyers £29", 29.0, None),
])
def test_a_price_per_copy_is_one_items(text: str, amount: float, per: str | None) -> None:
    found = [m for m, _ in listed_amounts(text)]
    assert [(m.amount, m.per) for m in found][-1:] == [(amount, per)], found


@pytest.mark.parametrize(("query", "amount", "per"), [
    ("imprimir tesis en Granada, máximo 20 € por ejemplar", 20.0, "item"),
    ("poster printing in Leeds, under £3 per copy", 3.0, "item"),
    ("fotocopias en Sevilla a menos de 0,10 € por copia", 0.10, "item"),
    ("photo prints in York under £40", 40.0, None),
])
def test_a_request_says_its_budget_per_copy(query: str, amount: float, per: str | None) -> None:
    kind = {"place": InputSpec(type="place"), "budget": InputSpec(type="money")}
    budget = build_task(query, kind, today=TODAY).values["budget"]
    assert isinstance(budget, Money)
    assert (budget.amount, budget.per) == (amount, per)
