"""An outside-author kind: banks' mortgage offers (examples/mortgages), written from the
docs alone. An offer is compared by the rate the request caps (the TAE / APR unless it
says TIN; without the bank's bonuses unless it says "bonificado"), the spread over
Euríbor, the monthly payment for the amount and term asked (worked out from the TIN, as
banks quote it), the opening fee and compulsory linked products. The requests are typed as
the lab types them, in both languages; three run end to end offline with scout.testing
(module-scoped: one run each), and the reports are checked for their language, their
citations, and for words that do not belong to a mortgage."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from scout.testing import Result
from tests.kinds import (
    LODGING_PAY_STOCK,
    assert_cites_sources,
    assert_read_as,
    assert_says_nothing_of,
    assert_validates,
    excluded_reasons as _excluded,
    own_words as _own_words,
    parse_request,
    plan_output,
    run_each,
    shortlist_names as _names,
    words_of,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "mortgages"
KIND = PROJECT / "pipelines" / "mortgages.yaml"
TODAY = dt.date(2026, 12, 7)
YEARS = 31_557_600  # a duration input's year, in seconds


def _money(amount: float, currency: str = "EUR", per: str | None = None) -> dict:
    return {"amount": amount, "currency": currency, "comparator": "<=", "per": per}


# request → (lang, the values it states that this test checks; others may be read)
REQUESTS = {
    "hipoteca fija de 250.000 € para un piso de 320.000 € a 30 años, TAE por debajo del "
    "3 %, sin comisión de apertura":
        ("es", {"loan": _money(250000), "home_price": _money(320000), "term": 30 * YEARS,
                "rate_type": "fixed", "max_rate": 3.0, "opening_fee": False,
                "max_payment": None}),
    "borrow £280k, 10% deposit, 25-year term, fixed rate under 4.5% APR, monthly "
    "repayments under £1,400":
        ("en", {"loan": _money(280000, "GBP"), "deposit": 10.0, "term": 25 * YEARS,
                "rate_type": "fixed", "max_rate": 4.5, "rate_basis": "apr",
                "max_payment": _money(1400, "GBP")}),
    "hipoteca variable, Euríbor + 0,6 como mucho, plazo de veinte años, cuota de menos de "
    "1.100 € al mes, sin vinculaciones":
        ("es", {"rate_type": "variable", "max_spread": 0.6, "term": 20 * YEARS,
                "max_payment": _money(1100, per="month"), "linked_products": False,
                "loan": None}),
    # a percentage after its label, across the comparison and the article it is said with
    "financiar el 80% de un piso de 300.000 €, hipoteca mixta, TIN máximo 2,5%, para "
    "menores de 35":
        ("es", {"financing": 80.0, "home_price": _money(300000), "rate_type": "mixed",
                "max_rate": 2.5, "rate_basis": "nominal", "young": True, "loan": None}),
    "tracker mortgage for first-time buyers, online application, no arrangement fee":
        ("en", {"rate_type": "variable", "young": True, "online": True,
                "opening_fee": False, "max_rate": None}),
    "busco hipoteca sin seguro de vida obligatorio, a 25 años, TAE máxima del 2,8%":
        ("es", {"linked_products": False, "term": 25 * YEARS, "max_rate": 2.8,
                "rate_basis": "apr"}),
    "mortgage of €200,000 over 30 years, variable rate, under 4.5% APR":
        ("en", {"loan": _money(200000), "term": 30 * YEARS, "rate_type": "variable",
                "max_rate": 4.5}),
    "necesito 180.000 € a 25 años, cuota máxima 800 € al mes, TIN bonificado":
        ("es", {"loan": _money(180000), "term": 25 * YEARS, "rate_basis": "nominal",
                "max_payment": _money(800, per="month"), "bonused": True}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(query):
    lang, want = REQUESTS[query]
    assert_read_as(parse_request(KIND, query, TODAY), lang, want, every=False)


MADRID = [
    Result("Hipoteca Fija Naranja", "https://bancos.test/naranja-fija",
           "Hipoteca Fija Naranja: TIN 2,45% y TAE 2,67% con bonificaciones; sin bonificar "
           "TIN 2,95% (TAE 3,21%). Sin comisión de apertura. Plazo hasta 30 años. Ejemplo: "
           "para 150.000 € a 25 años, cuota de 650 €."),
    Result("Hipoteca Fija Azul", "https://bancos.test/azul-fija",
           "Hipoteca Fija Azul: tipo fijo, TIN 2,30%, TAE 2,52%. Sin comisión de apertura. "
           "Seguro de vida opcional; 100% online."),
    Result("Hipoteca Fija Sol", "https://bancos.test/sol-fija",
           "Hipoteca Fija Sol: tipo fijo, TIN 2,20%, TAE 2,41%. Comisión de apertura del "
           "0,5%."),
    Result("Hipoteca Fija Plus", "https://bancos.test/plus-fija",
           "Hipoteca Fija Plus: tipo fijo, TIN 3,10%, TAE 3,40%, sin comisión de apertura."),
    Result("Hipoteca Mixta Sol", "https://bancos.test/sol-mixta",
           "Hipoteca Mixta Sol: 2,10% TIN fijo los 10 primeros años, después Euríbor + "
           "0,60%. TAE variable 3,45%. Sin comisión de apertura."),
]

RUNS = {
    "madrid": ("hipoteca fija de 250.000 € para un piso de 320.000 € a 30 años, TAE por "
               "debajo del 3 %, sin comisión de apertura", MADRID),
}


def _own_pages(fake, listings):
    for r in listings:      # each offer's conditions: its own page, not every listing
        fake.search("^" + re.escape(r.title) + " ", [r])
