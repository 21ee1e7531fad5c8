"""A yearly price rise a plan's page states ("sube 2 € al año", "price rises each April by
£3", "CPI + 3.9%") was left out of rank's ``term_cost`` average, and "sube 2 € al año" was
even read as the plan's price (2 € a year). A stated amount or share is added to the
months after each rise (the first in the month the page names after the request's today,
else a year in); a rise by an index the page does not state is flagged, never invented
(scout/steps/pricerise.py, scout/steps/termcost.py)."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.i18n.messages import localize
from scout.schemas.task import Money
from scout.steps.extract import find_price
from scout.steps.pricerise import INDEX_FLAG, RISE_FLAG, rises_by, yearly_rise
from tests.steps.kindrank import kept, left_out, rank_kind


def _m(amount: float, currency: str = "EUR") -> Money:
    return Money(amount=amount, currency=currency, comparator="=", per="month")


@pytest.mark.parametrize("text, currency, amount, share, month, index", [
    ("Fibra 30 €/mes. El precio sube 2 € al año.", "EUR", 2, 0, None, False),
    ("Tarifa 25 €/mes; se incrementa en 1,50 € cada año", "EUR", 1.5, 0, None, False),
    ("£30 a month. Price rises each April by £3.", "GBP", 3, 0, 4, False),
    ("£28 a month, £3.50 a month more every April", "GBP", 3.5, 0, 4, False),
    ("Cuota 40 €/mes, con una subida anual del 5 %", "EUR", 0, 0.05, None, False),
    ("$50/mo; rates increase 3% every January", "USD", 0, 0.03, 1, False),
    ("£30 a month. Prices rise each April by CPI + 3.9%.", "GBP", 0, 0, 4, True),
    ("35 €/mes, revisión anual según IPC + 2 %", "EUR", 0, 0, None, True),
])
def test_a_yearly_rise_as_pages_say_it(text, currency, amount, share, month, index):
    rise = yearly_rise(text, _m(30 if currency != "USD" else 50, currency))
    assert rise is not None
    assert (rise.amount, rise.share, rise.month, rise.index) == (amount, share, month, index)


@pytest.mark.parametrize("text", [
    "Fibra 25 €/mes los 6 primeros meses, después sube a 35 €/mes",   # a promotion's later price
    "Rises to £42 after 18 months",
    "Fibra 600 Mb 30 €/mes, permanencia 12 meses",
])
def test_no_yearly_rise(text):
    assert yearly_rise(text, _m(30)) is None


@pytest.mark.parametrize("text, price", [
    ("Fibra Sol: fibra 600 Mb por 30 €/mes, permanencia 24 meses. El precio sube 2 € al año.", 30),
    ("Aire Fibre: £30 a month, 24-month contract. Price rises each April by £3.", 30),
    ("Plan 25 € al mes; se incrementa en 1,50 € cada año", 25),
])
def test_what_a_price_rises_by_is_no_price(text, price):
    assert find_price(text).amount == price


def test_the_first_rise_comes_in_the_month_named_after_the_start():
    rise = yearly_rise("£30 a month. Price rises each April by £3.", _m(30, "GBP"))
    # from December: April is the contract's fifth month (index 4), then each April
    assert [rises_by(rise, k, 12) for k in (0, 3, 4, 15, 16)] == [0, 0, 1, 1, 2]
    # no month named: a year in
    plain = yearly_rise("Fibra 30 €/mes. El precio sube 2 € al año.", _m(30))
    assert [rises_by(plain, k, 12) for k in (0, 11, 12, 24)] == [0, 0, 1, 2]


def test_broadband_averages_the_rise_it_states_in_spanish():
    short = rank_kind("broadband", "fibra 600 Mb en Madrid, máximo 30,75 € al mes", {
        "sol": "Fibra Sol: fibra 600 Mb por 30 €/mes, permanencia 24 meses. El precio sube "
               "2 € al año.",
        "luna": "Fibra Luna: fibra 600 Mb por 30,50 €/mes, permanencia 24 meses."},
        today=dt.date(2026, 12, 7))
    # 12 months at 30 €, 12 at 32 €: 31 € a month, over the 30,50 € of the other
    assert list(kept(short)) == ["luna"]
    sol = left_out(short)["sol"]
    assert sol.price.amount == 31 and sol.term.rise_added.amount == 24
    flag = RISE_FLAG.format(words="El precio sube 2 € al año")
    assert flag in sol.flags
    assert localize(flag, "es").startswith("incluye la subida de precio anual")


def test_broadband_in_april_and_by_an_index_in_english():
    short = rank_kind("broadband", "broadband in Leeds, at least 500Mb, under £40 a month", {
        "aire": "Aire Fibre: 500Mb for £30 a month, 24-month contract. Price rises each "
                "April by £3.",
        "moor": "Moor Net: 500Mb for £30 a month, 24-month contract. Prices rise each April "
                "by CPI + 3.9%."}, today=dt.date(2026, 12, 7))
    got = kept(short)
    # from December: +£3 from April (months 5-16), +£6 from the next (17-24): £84 more
    assert got["aire"].price.amount == 33.5
    # an index the page does not state: no rise invented, and the reader is told
    assert got["moor"].price.amount == 30 and got["moor"].term.rise_added is None
    flag = INDEX_FLAG.format(words="Prices rise each April by CPI + 3.9%")
    assert flag in got["moor"].flags
    assert localize(flag, "es").startswith("no incluye la subida anual")


def test_another_kind_declaring_term_cost_gets_it_too():
    # phone plans with a term_cost of their own: a share a year, compounded
    short = rank_kind("phoneplans", "tarifa móvil con 50 GB, menos de 15,50 € al mes", {
        "x": "MovilX: 50 GB por 15 €/mes, permanencia 24 meses, sube un 10 % cada año."},
        term_cost={"fees": ["alta"], "months": 12})
    [c] = left_out(short).values()
    assert c.price.amount == pytest.approx(15.75)  # 12 × 15 + 12 × 16,50, over 24
