"""One unit's price written once: an amount per unit (``each`` "unit", a quantity kind's
"300 € cada una") that is also per item ("120 €/unidad" on a listing) reads "120 €/unidad" /
"120 EUR/item", never "120 €/unidad/unidad"; a unit beside a period keeps both."""

from __future__ import annotations

import pytest

from scout.i18n.values import format_money
from scout.schemas.task import Money


@pytest.mark.parametrize(("money", "es", "en"), [
    (Money(amount=120, currency="EUR", per="item", each="unit"), "120 €/unidad", "120 EUR/item"),
    (Money(amount=80, currency="EUR", each="unit"), "80 €/unidad", "80 EUR/unit"),
    (Money(amount=30, currency="EUR", each="unit", per="month"), "30 €/unidad/mes",
     "30 EUR/unit/month"),
    (Money(amount=12, currency="GBP", per="item"), "12 GBP/unidad", "12 GBP/item"),
])
def test_a_units_price_is_said_once(money: Money, es: str, en: str) -> None:
    assert format_money(money, "es") == es
    assert format_money(money, "en") == en
