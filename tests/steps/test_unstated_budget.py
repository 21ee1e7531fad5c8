"""A budget said with no period ("máximo 60 €", "under £100") against prices stated per one:
rank reads it per the period most of the prices compared state (a storage unit's month),
puts the others on it (a year's price as a month's, a week's as a month's), and the
shortlist's notes say how it compared; where most prices state none (a laptop's), a
price per month is compared as it is, flagged and noted, never silently. Kinds someone
else wrote (examples/storage, examples/laptops, examples/gyms), both languages."""

from __future__ import annotations

import pytest

from scout.i18n.messages import localize
from scout.steps.unstatedbudget import AS_IS_FLAG
from tests.steps.kindrank import kept, left_out, rank_kind

VALENCIA = {
    "centro": "Trasteros Valencia Centro: trastero de 5 m² en Valencia por 55 €/mes.",
    "turia": "Guardamuebles Turia, Valencia: trastero de 6 m² a 49 € al mes.",
    "boxplus": "BoxPlus Valencia: trastero 5 m², 720 € al año.",
    "ruzafa": "Ruzafa Box, Valencia: trastero de 5 m² por 900 € al año.",
}


@pytest.mark.parametrize("query", ["trastero en Valencia de 5 m2, máximo 60 €",
                                   "busco trastero en Valencia 5 m2 que no pase de 60 euros"])
def test_a_yearly_price_is_put_per_month_where_the_listings_are_monthly(query: str) -> None:
    short = rank_kind("storage", query, VALENCIA)
    # 720 € a year is 60 € a month: in; 900 € a year is 75 € a month: over (as a one-off
    # amount, 720 and 900 were both "over 60", and 55 €/mes beside them nothing)
    assert set(kept(short)) == {"centro", "turia", "boxplus"}
    assert set(left_out(short)) == {"ruzafa"}
    box = kept(short)["boxplus"]
    assert box.price_converted is not None and box.price_converted.per == "month"
    assert box.price_converted.amount == pytest.approx(60, abs=0.01)
    assert box.flags == ["price per year converted to per month (approximate)"]
    said = [localize(n, "es") for n in short.notes]
    assert said[0] == ("el presupuesto no dice periodo: 2 de los precios comparados se indican "
                       "por mes, así que el presupuesto se ha leído por el mismo periodo")
    assert said[1] == ("2 precios por año se han convertido a precios por mes (aproximados) "
                       "para compararlos con el presupuesto")


def test_a_weekly_price_among_monthly_ones_is_a_months_in_english() -> None:
    short = rank_kind("storage", "storage unit in Leeds, 50 sq ft, max 100 GBP", {
        "self": "Leeds Self Store: 50 sq ft unit in Leeds, £85 per month.",
        "kirkstall": "Kirkstall Storage, Leeds: 50 sq ft £25 per week.",
        "boxes": "City Boxes Leeds: 50 sq ft for £95 a month."})
    # £25 a week is ~£108.70 a month: over the £100 the asker pays a month
    assert set(left_out(short)) == {"kirkstall"}
    assert short.notes[0] == ("the budget states no period: 2 of the prices compared are "
                              "stated per month, so the budget was read per the same period")


def test_a_budget_with_its_own_period_says_nothing_of_one_it_lacks() -> None:
    short = rank_kind("storage", "trastero en Valencia de 5 m2, máximo 60 € al mes", VALENCIA)
    assert set(kept(short)) == {"centro", "turia", "boxplus"}
    assert not any("no period" in n for n in short.notes)


@pytest.mark.parametrize("query", ["portátil ligero máximo 900 €",
                                   "light laptop, budget 900 euros tops"])
def test_a_monthly_price_among_one_off_ones_is_compared_as_it_is_and_said(query: str) -> None:
    short = rank_kind("laptops", query, {
        "thinkpad": "Lenovo ThinkPad X1 Carbon: 899 €",
        "macbook": "MacBook Air M3 13'': 1.199 €",
        "xps": "Dell XPS 13 desde 45 €/mes",
        "yoga": "Lenovo Yoga Slim 7: 849 €"})
    # the one-off prices are the basis: no note says the budget was taken per month
    assert not any("compared as a budget per" in n for n in short.notes)
    xps = kept(short)["xps"]
    assert xps.price_converted is None
    assert xps.flags == [AS_IS_FLAG.format(per="month")]
    assert localize(xps.flags[0], "es") == (
        "precio por mes comparado tal cual con un presupuesto que no dice periodo, "
        "clasificado detrás de los precios que no dicen ninguno")
    assert localize(short.notes[0], "es") == (
        "1 precio por mes se ha comparado tal cual con el presupuesto, que no dice periodo, "
        "y se ha clasificado detrás de los demás")
    assert "macbook" in left_out(short)
    # its 45 a month is no cheaper than a 849 € laptop: ranked after the one-off prices
    assert list(kept(short)) == ["yoga", "thinkpad", "xps"]


@pytest.mark.parametrize("kind, query, listings, order", [
    ("laptops", "portátil para el laboratorio", {
        "asus": "ASUS Zenbook 14: 999 €", "hp": "HP EliteBook 840: 1.099 €",
        "surface": "Surface Laptop 7 por 39,99 €/mes en renting"},
     ["asus", "hp", "surface"]),
    ("laptops", "a light laptop for travel, under 1,200 euros", {
        "air": "MacBook Air 13: €1,149", "swift": "Acer Swift Go 14: €799",
        "x13": "Lenovo ThinkPad X13 from €29 a month", "xps": "Dell XPS 13 €52 per month"},
     ["swift", "air", "x13", "xps"]),
    ("labequipment", "balanza analítica de 0,1 mg", {
        "ohaus": "OHAUS Explorer balanza analítica 0,1 mg: 3.450 €",
        "mettler": "Mettler Toledo MS balanza analítica 0,1 mg en alquiler, 120 € al mes",
        "sart": "Sartorius Quintix balanza analítica 0,1 mg: 2.990 €"},
     ["sart", "ohaus", "mettler"]),
])
def test_a_price_per_a_period_among_one_off_ones_ranks_after_them(kind, query, listings,
                                                                  order) -> None:
    """A rental's or a financing plan's amount a month among one-off prices, with a
    budget stating no period or with no money asked, is no cheaper than them: it is ranked
    after them, flagged and noted in both languages, never first by its small figure."""
    short = rank_kind(kind, query, listings)
    assert list(kept(short)) == order
    last = kept(short)[order[-1]]
    assert any("ranked after" in f for f in last.flags)
    assert any("ranked after" in n for n in short.notes)
    assert all("clasificado detrás" in localize(n, "es") for n in short.notes
               if "ranked after" in n)


def test_a_day_pass_among_monthly_fees_is_a_months_at_a_gym() -> None:
    short = rank_kind("gyms", "gimnasio en Bilbao por menos de 50 euros", {
        "fit": "FitBilbao: cuota mensual 39,90 €. Bilbao.",
        "iron": "Iron Gym Bilbao: 45 € al mes, sin permanencia.",
        "pass": "Crossbox Bilbao: 12 € por día."})
    # 12 € a day is no 12 € against a budget a month
    assert set(left_out(short)) == {"pass"}
    assert left_out(short)["pass"].price_converted.per == "month"
    assert "stated per month, so the budget was read per the same period" in short.notes[0]


def test_one_price_per_each_period_reads_the_budget_per_the_shorter() -> None:
    # a tie: the shorter period, as listings compared with each other are
    short = rank_kind("storage", "storage in Bristol under £30", {
        "week": "Bristol Boxes: locker £20 per week, Bristol.",
        "month": "Avon Storage, Bristol: locker £80 a month."})
    assert short.notes[0].startswith("the budget states no period: 1 price compared is stated per "
                                     "week")
    assert set(kept(short)) == {"week", "month"}  # £80 a month is ~£18.40 a week
