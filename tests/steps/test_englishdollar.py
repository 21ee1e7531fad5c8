"""A "$" price whose period is written in English ("$6.99/mo", "$79.95 per month") is a US
page's, in US dollars, even for a request in pesos or another dollar: a Mexican or Chilean
lab reads US hosts, SaaS and cloud prices (scout/steps/listprice.py, ``local_dollar``); a
page that names the local currency, or writes its period in Spanish, keeps the local one."""

from __future__ import annotations

import pytest

from scout.steps.listprice import local_dollar


@pytest.mark.parametrize("text", [
    "KVM 2: $6.99/mo for 24 months, renews at $14.99/mo.",
    "Snappy 2000 $79.95 per month, billed annually",
    "Business plan $120/yr",
    "GPU instance $2.50 an hour",
    "Starter $9 monthly",
])
@pytest.mark.parametrize("currency", ["MXN", "CLP", "CAD"])
def test_an_english_period_keeps_the_us_dollar(text, currency):
    assert not local_dollar(text, currency)


@pytest.mark.parametrize("text, currency", [
    ("VPS Básico $249 MXN al mes + IVA", "MXN"),
    ("Plan $249/mes", "MXN"),
    ("semi cama $4.500", "CLP"),
    ("Plan $12/mo, precios en pesos chilenos", "CLP"),
    ("Gym membership $45/month CAD", "CAD"),
])
def test_a_local_dollar_stays_local(text, currency):
    assert local_dollar(text, currency)
