"""A page's "$" is the request's pesos where the page never says the US dollar, read so by
a "$" unit (scout/spec/statedmoney.py): also where the author names the code beside the sign
(``stated('€', '$', 'USD', 'COP')``, to read "25 USD" elsewhere), never the pesos' "$25.000"
read as 25,000 dollars and converted (150 million pesos)."""

from __future__ import annotations

import pytest

from scout.spec.stated import stated
from scout.spec.statedmoney import stated_in

RATES = {"EUR": 1.0, "USD": 1.08, "COP": 4400.0, "MXN": 19.8}


def _read(text: str, units: tuple[str, ...], target: str) -> object:
    return stated_in(stated, {"name": "x", "evidence": [{"text": text}]}, units,
                     (target, RATES), {"of": ["corte"], "pick": "max"}, local_dollar=True)


@pytest.mark.parametrize("units", [("€", "$"), ("€", "$", "USD"), ("£", "$", "USD", "COP")])
def test_a_pesos_dollar_sign_is_the_requests_money(units):
    assert _read("Corte caballero $25.000. Barba $12.000.", units, "COP") == 25000


def test_a_page_that_says_the_us_dollar_is_read_in_dollars():
    got = _read("Corte caballero 25 USD. Barba 12 USD.", ("€", "$", "USD"), "MXN")
    assert got == pytest.approx(25 / 1.08 * 19.8, rel=1e-3)
