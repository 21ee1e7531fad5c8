"""A listing stating a price for each season (scout/steps/seasonprice.py): the price read
is the page's first amount, whichever season's; rank compares the dearest season's, of
the same period, flagged in both languages; a page naming one season or none is left. A
mid season ("temporada media", "mid season", "shoulder season") is a season of its own."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.i18n.messages import localize
from scout.schemas.records import Candidate, Evidence
from scout.steps.listprice import find_price
from scout.steps.rank_enrich import enrich
from scout.schemas.task import DateRange
from scout.spec.datesaid import asked_span
from scout.spec.models import InputSpec
from scout.steps.seasonprice import DATED_FLAG, SEASON_FLAG, asked_dates, season_amounts
from scout.task.build import build_task


@pytest.mark.parametrize("text, high, mid, low", [
    ("Habitación doble: temporada alta 60 €, baja 45 €", [60], [], [45]),
    ("Forfait: temporada baja 45 €, temporada alta 60 €", [60], [], [45]),
    ("Peak season £120 per night, off-peak £80 per night", [120], [], [80]),
    ("High season (Dec 20–Jan 6): €60/day; low season €45/day", [60], [], [45]),
    # a season between them is one of its own, never the high's nor the low's
    ("Habitación doble: temporada alta 60 €, media 52 €, baja 45 €", [60], [52], [45]),
    ("Forfait: temporada media 52 €, temporada alta 60 €", [60], [52], []),
    ("Mid season £100 per night, peak £120 per night, off-peak £80 per night",
     [120], [100], [80]),
    ("Shoulder season £100, peak season £120", [120], [100], []),
    ("Mid-season: €70; low season: €50", [], [70], [50]),
])
def test_each_seasons_amount(text: str, high: list[float], mid: list[float],
                             low: list[float]) -> None:
    assert season_amounts(text) == (high, mid, low)


@pytest.mark.parametrize("text", [
    "Precio 45 €",
    "Menú alta cocina 60 €, menú del día 15 €",   # no season named
    "Temporada alta: 60 €",                       # one season only
    "Temporada alta 60 €, media pensión 20 €",    # half board is no season
    "Peak season: £120. Mid-range rooms £80",     # a range of rooms is no season
])
def test_no_seasons(text: str) -> None:
    assert season_amounts(text) is None


def _listing(text: str) -> Candidate:
    price = find_price(text)
    assert price is not None
    ev = Evidence(id="e", kind="price", subject="c", url="https://x.example/", text=text,
                  price=price)
    return Candidate(key="c", name="X", url="https://x.example/", price=price, evidence=[ev])


@pytest.mark.parametrize("text, amount, per", [
    ("Forfait: temporada baja 45 €, temporada alta 60 €", 60, None),  # read 45 before
    ("Off-peak £80 per night, peak season £120 per night", 120, "night"),
    ("Habitación doble: temporada alta 60 €, baja 45 €", 60, None),   # already the dearer
    # the mid season's price read first is no price the high season would pay
    ("Mid season £100 per night, peak £120 per night, off-peak £80 per night", 120, "night"),
    ("Temporada media 52 €, temporada baja 45 €", 52, None),
])
def test_rank_compares_the_dearest_seasons_price(text: str, amount: float,
                                                 per: str | None) -> None:
    ranked, _ = enrich([_listing(text)], [], None, None, checks=frozenset({"price"}))
    got = ranked[0]
    assert got.price is not None and (got.price.amount, got.price.per) == (amount, per)
    assert got.flags == [SEASON_FLAG]
    assert localize(SEASON_FLAG, "es") == (
        "el precio de la temporada más cara de las que indica la página, comparado así "
        "porque las fechas pedidas pueden caer en ella")


def test_a_page_of_one_price_is_left() -> None:
    ranked, _ = enrich([_listing("Forfait de día 45 €")], [], None, None,
                       checks=frozenset({"price"}))
    assert ranked[0].price is not None and ranked[0].price.amount == 45
    assert ranked[0].flags == []


HOTEL = ("Habitación doble. Temporada alta (del 1 de julio al 31 de agosto): 90 €/noche; "
         "temporada baja: 60 €/noche")
PASS = "Ski pass. High season (Dec 20 - Jan 6): €60/day; low season €45/day"
THREE = ("Habitación doble. Temporada alta (del 1 de julio al 31 de agosto): 90 €/noche; "
         "temporada media (del 1 al 30 de junio): 75 €/noche; temporada baja: 60 €/noche")


@pytest.mark.parametrize("text, start, end, amount", [
    (HOTEL, dt.date(2027, 7, 10), dt.date(2027, 7, 14), 90),    # in the high season
    (HOTEL, dt.date(2027, 3, 10), dt.date(2027, 3, 14), 60),    # outside it: the low's
    (PASS, dt.date(2026, 12, 27), dt.date(2026, 12, 30), 60),
    (PASS, dt.date(2027, 2, 10), dt.date(2027, 2, 12), 45),
    (THREE, dt.date(2027, 6, 10), dt.date(2027, 6, 14), 75),   # in the mid season
    (THREE, dt.date(2027, 7, 10), dt.date(2027, 7, 14), 90),
    (THREE, dt.date(2027, 3, 10), dt.date(2027, 3, 14), 60),   # neither: the low's
])
def test_the_season_of_the_dates_asked(text: str, start: dt.date, end: dt.date,
                                       amount: float) -> None:
    ranked, _ = enrich([_listing(text)], [], None, None, checks=frozenset({"price"}),
                       dates=DateRange(start=start, end=end))
    got = ranked[0]
    assert got.price is not None and got.price.amount == amount
    assert got.flags == [DATED_FLAG]
    assert localize(DATED_FLAG, "es") == ("el precio de la temporada en la que caen las "
                                          "fechas pedidas, según las fechas que la página "
                                          "da a sus temporadas")


def test_dates_that_rule_out_one_season_of_three_are_the_dearest_left() -> None:
    # the high season dated and missed, the mid and the low undated: either may be the
    # dates', so the dearer of the two, flagged as such (no season is the dates' for sure)
    text = ("Temporada alta (del 1 de julio al 31 de agosto): 90 €/noche; temporada media: "
            "75 €/noche; temporada baja: 60 €/noche")
    ranked, _ = enrich([_listing(text)], [], None, None, checks=frozenset({"price"}),
                       dates=DateRange(start=dt.date(2027, 3, 10), end=dt.date(2027, 3, 14)))
    assert ranked[0].price is not None and ranked[0].price.amount == 75
    assert ranked[0].flags == [SEASON_FLAG]


def test_undated_seasons_with_dates_asked_are_the_dearest() -> None:
    ranked, _ = enrich([_listing("Forfait: temporada baja 45 €, temporada alta 60 €")], [],
                       None, None, checks=frozenset({"price"}),
                       dates=DateRange(start=dt.date(2027, 2, 1), end=dt.date(2027, 2, 3)))
    assert ranked[0].price is not None and ranked[0].price.amount == 60
    assert ranked[0].flags == [SEASON_FLAG]


def test_the_dates_a_task_asks() -> None:
    task = build_task("hotel en Madrid del 3 al 6 de marzo",
                      {"city": InputSpec(type="place"), "dates": InputSpec(type="date")},
                      today=dt.date(2026, 12, 6))
    assert asked_span(asked_dates(task)) == (dt.date(2027, 3, 3), dt.date(2027, 3, 6))
