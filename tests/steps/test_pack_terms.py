"""A page's list of packs or terms of time (scout/steps/packterm.py): with the length the
request asks known, the price compared is the cheapest term covering it ("Pack 8 h: 800
€" for 8 hours, "semana 90 €" for 5 days), or a first term plus the extra units the page
itself prices ("£40 first day, £20 each extra day"); a line stating one price, two prices
for one length, or no term long enough is left to the readings before."""

from __future__ import annotations

import pytest

from scout.i18n.messages import localize
from scout.schemas.records import Candidate, Evidence
from scout.schemas.task import Money
from scout.steps.packterm import cheapest, for_terms, terms
from scout.steps.rank_enrich import enrich
from scout.steps.staylength import Span
from scout.steps.workbasis import Work


def _listing(text: str, amount: float, currency: str = "EUR",
             per: str | None = None) -> Candidate:
    ev = Evidence(id="e1", kind="price", url="https://shop.example/", title="Shop", text=text,
                  subject="c", price=Money(amount=amount, currency=currency, comparator="=",
                                           per=per))
    return Candidate(key="c", name="Shop", url="https://shop.example/", price=ev.price,
                     evidence=[ev])


@pytest.mark.parametrize("text, currency, unit, asked, amount", [
    # packs of hours, the label before the amount
    ("Pack 4 h: 450 €, Pack 8 h: 800 €", "EUR", "hour", 8, 800),
    ("Pack 4 h: 450 €, Pack 8 h: 800 €", "EUR", "hour", 3, 450),
    ("Reportaje: 3 horas 390 €; 6 horas 690 €; 10 horas 990 €", "EUR", "hour", 7, 990),
    ("Session rates - 2 hrs £300, 5 hrs £600, 9 hrs £950", "GBP", "hour", 5, 600),
    ("Media jornada (4 horas) 300 €, jornada completa 8 horas 520 €, hora extra 70 €",
     "EUR", "hour", 6, 440),                      # 300 + 2 × 70 beats 520
    ("4 hours £650, 8 hours £1,050, additional hours £120 each", "GBP", "hour", 7, 1010),
    # terms of days, said in words
    ("1 día 30 €, fin de semana 45 €, semana 90 €", "EUR", "day", 5, 90),
    ("1 día 30 €, fin de semana 45 €, semana 90 €", "EUR", "day", 2, 45),
    ("Daily £25 - 1 day £25, weekend £35, week £75", "GBP", "day", 1, 25),
    ("Tarifas: 1 día 40 €, 3 días 100 €, 2 semanas 250 €", "EUR", "day", 10, 250),
    # the label after the amount, a first day and each extra one
    ("£40 first day, £20 each extra day", "GBP", "day", 5, 120),
    ("25 € el primer día y 10 € cada día adicional", "EUR", "day", 3, 45),
    ("$60 for the first day, then $35 per additional day", "USD", "day", 4, 165),
    # a rate per its period is paid as often as the length needs: the page says so
    ("Generador: 45 € al día, 250 € a la semana", "EUR", "day", 5, 225),
    ("Generador: 45 € al día, 250 € a la semana", "EUR", "day", 6, 250),
    ("Generador: 45 € al día, 250 € a la semana", "EUR", "day", 14, 500),
    ("Mixer £30 per day or £120 per week", "GBP", "day", 10, 240),
])
def test_the_cheapest_term_covering_the_length(text, currency, unit, asked, amount) -> None:
    best = cheapest(terms(text, currency), unit, asked)
    assert best is not None and best.amount == amount


@pytest.mark.parametrize("text, currency, unit, asked", [
    ("Tarifa de día completo 650 €", "EUR", "day", 2),          # one price is no list
    ("Proyector 1 día 30 €, pantalla 1 día 15 €", "EUR", "day", 1),  # two things a day
    ("1 día 30 €, fin de semana 45 €, semana 90 €", "EUR", "day", 10),  # none covers
    ("1 día 30 €, fin de semana 45 €, semana 90 €", "EUR", "hour", 8),  # another unit
    ("Pack 4 h: 450 €, Pack 8 h: 800 €", "EUR", "day", 2),
    ("Hire: 1 day £20, 3-day week £60", "GBP", "day", 5),       # a week priced as days
    ("Clases de 2 horas a la semana, 80 €", "EUR", "hour", 2),  # how often, one price
    ("Pack 4 h: 450 €, Pack 8 h: 800 €", "USD", "hour", 8),     # another currency
    ("Pista 1 hora 14 €, 2 horas 24 €", "EUR", "hour", 3),     # packs summed: not said
    ("Pack 0 h: 10 €, Pack 00 h: 20 €", "EUR", "hour", 2),     # no length at all
    ("Pack 4 h: 1e308 €, Pack 8 h: 1e309 €", "EUR", "hour", 8),
    ("Socios: 16 €/hora. No socios: 28 €/hora.", "EUR", "hour", 2),  # two rates, one length
])
def test_no_list_of_terms_to_read(text, currency, unit, asked) -> None:
    assert cheapest(terms(text, currency), unit, asked) is None


def test_a_budget_for_the_whole_compares_the_pack_asked_and_says_so() -> None:
    c = _listing("Fotografía de boda. Pack 4 h: 450 €, Pack 8 h: 800 €.", 450)
    for_terms(c, None, Work(volume={"hour": 8.0}, whole=True), None)
    assert c.price_converted is not None and c.price_converted.amount == 800.0
    assert localize(c.flags[0], "es") == ("comparado con la más barata de las tarifas de la "
                                          "página que cubre las 8 horas pedidas: Pack 8 h: "
                                          "800 €")


def test_the_days_asked_from_dates_pick_the_week() -> None:
    c = _listing("Altavoces: 1 día 30 €, fin de semana 45 €, semana 90 €", 30, per="day")
    # 4 nights of dates are 5 days of use
    for_terms(c, "total", None, Span(nights=4))
    assert c.price_converted is not None
    assert (c.price_converted.amount, c.price_converted.per) == (90.0, "total")
    assert c.flags == ["compared at the cheapest of the page's terms that covers the 5 days "
                       "asked: semana 90 €"]


def test_a_first_day_and_each_extra_day_in_english() -> None:
    c = _listing("Projector hire: £40 first day, £20 each extra day.", 40, "GBP")
    for_terms(c, "total", None, Span(nights=3, said=True))
    assert c.price_converted is not None and c.price_converted.amount == 80.0
    assert c.flags == ["compared at the cheapest of the page's terms for the 3 days asked: "
                       "£40 first day, plus 2 × £20 each extra day"]
    assert localize(c.flags[0], "es").startswith("comparado con la más barata de las "
                                                 "tarifas de la página para los 3 días")


def test_a_converted_price_keeps_its_rate() -> None:
    c = _listing("Pack 4 h: 450 €, Pack 8 h: 800 €", 450)
    c.price_converted = Money(amount=900.0, currency="USD", comparator="=")  # 2 USD a €
    for_terms(c, None, Work(volume={"hour": 8.0}, whole=True), None)
    assert c.price_converted.amount == 1600.0 and c.price_converted.currency == "USD"


def test_a_court_pack_is_shared_by_the_players_through_rank() -> None:
    c = _listing("Pista de pádel: 1 hora 14 €, 2 horas 24 €", 14)
    [out], _ = enrich([c], [], "EUR", None, per="person", people=4,
                      work=Work(volume={"hour": 1.5}))
    assert out.price_converted is not None
    assert (out.price_converted.amount, out.price_converted.per) == (6.0, "person")
    assert "that price divided by 4 people, to compare it with the budget per person" \
        in out.flags
    assert not any(f.startswith("price for a slot") for f in out.flags)  # no slot twice


@pytest.mark.parametrize("text, amount, per, work, span", [
    # no length asked
    ("Pack 4 h: 450 €, Pack 8 h: 800 €", 450, None, None, None),
    # a budget per hour: packprice divides the pack, not this
    ("Pack 4 h: 450 €, Pack 8 h: 800 €", 450, "hour", Work(volume={"hour": 8.0}), None),
    # the price compared is none of the listed terms (another line's)
    ("Pack 4 h: 450 €, Pack 8 h: 800 €", 300, None, Work(volume={"hour": 8.0}, whole=True),
     None),
])
def test_left_as_it_was(text, amount, per, work, span) -> None:
    c = _listing(text, amount)
    for_terms(c, per, work, span)
    assert c.price_converted is None and c.flags == []
