"""A price per another period than the budget's: ``rank`` converts it when both state a
period that converts (a weekly rent against a monthly budget), flags it approximate and
says so in the shortlist's notes; one that cannot convert (per person against a month) is
never compared — ``<as>.price`` is none, it is flagged, the notes say so — and the keyless
synthesis does not check the budget against it either. Listings as UK and Spanish
portals write them."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.adapters.contract import SubjectBrief
from scout.adapters.structured import Builder
from scout.adapters.subjects import Constraints, Subject
from scout.config.models import CurrencyTable
from scout.i18n.messages import localize
from scout.i18n.values import format_money
from scout.schemas.records import Candidate, Candidates, Evidence
from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.steps import rank, rank_enrich
from scout.steps.rank_peers import peer_period
from scout.stepkit.params import RankParams
from scout.task.build import build_task
from scout.units import PERIOD_DAYS
from tests.steps.test_extract_rank import _ctx

INPUTS = {"city": InputSpec(type="place"), "rent": InputSpec(type="money")}
WHERE = ["task.rent is none or flat.price is none or flat.price.amount <= task.rent.amount"]
MONTH_PER_WEEK = PERIOD_DAYS["month"] / PERIOD_DAYS["week"]


def _flat(key: str, *prices: tuple[str, Money]) -> Candidate:
    return Candidate(key=key, name=key, url=f"https://homes.test/{key}", evidence=[
        Evidence(id=f"{key}{i}", kind="snippet", subject=key, url=url, price=price)
        for i, (url, price) in enumerate(prices)])


def _gbp(amount: float, per: str | None) -> Money:
    return Money(amount=amount, currency="GBP", comparator="=", per=per)


def _rank(query: str, *flats: Candidate):
    task = build_task(query, INPUTS, today=dt.date(2026, 12, 2))
    params = RankParams(items="candidates", as_="flat", where=WHERE,
                        order_by=["flat.price.amount if flat.price else none"],
                        descending=False)
    return rank.run(_ctx(params, {"candidates": Candidates(items=list(flats))}, task))


def test_a_weekly_rent_is_compared_as_a_monthly_one() -> None:
    short = _rank("flat in london under £2,000 pcm",
                  _flat("hackney", ("https://homes.test/hackney", _gbp(425, "week"))),
                  _flat("islington", ("https://homes.test/islington", _gbp(480, "week"))),
                  _flat("stratford", ("https://homes.test/stratford", _gbp(1950, "month"))))
    # 425 a week is ~1,848 a month: in; 480 a week is ~2,087: over the 2,000 budget (the
    # weekly amounts compared as they were, 425 and 480, were both "under 2,000")
    assert [i.candidate.key for i in short.items] == ["hackney", "stratford"]
    [(out, reasons)] = short.excluded
    assert out.key == "islington" and reasons == [WHERE[0]]
    hackney = short.items[0].candidate
    assert hackney.price == _gbp(425, "week")                       # as stated
    assert hackney.price_converted == _gbp(round(425 * MONTH_PER_WEEK, 2), "month")
    assert hackney.flags == ["price per week converted to per month (approximate)"]
    assert out.price_converted.amount == pytest.approx(480 * MONTH_PER_WEEK, abs=0.01)
    assert short.items[1].candidate.price_converted is None         # nothing to convert
    assert short.notes == ["2 prices per week were converted to prices per month "
                           "(approximate) to compare them with the budget"]
    assert localize(short.notes[0], "es") == (
        "2 precios por semana se han convertido a precios por mes (aproximados) para "
        "compararlos con el presupuesto")


def test_a_price_per_person_is_never_compared_with_a_monthly_budget() -> None:
    short = _rank("piso en Madrid por menos de 1.200 € al mes",
                  _flat("tetuan", ("https://pisos.test/tetuan",
                                   Money(amount=450, currency="EUR", comparator="=",
                                         per="person"))))
    [item] = short.items  # kept: its price says nothing about the monthly budget
    assert item.candidate.price_converted is None
    flag = "price per person cannot be compared with a budget per month"
    assert item.candidate.flags == [flag]
    assert localize(flag, "es") == \
        "el precio por persona no se puede comparar con un presupuesto por mes"
    [note] = short.notes
    assert localize(note, "es") == (
        "1 precio por persona no se ha podido comparar con el presupuesto por mes, así que "
        "no se ha comprobado el presupuesto")
    # what the where saw: no price, not 450 against 1,200
    view = rank.CandidateView(item.candidate, "month")
    assert view.price is None and rank.CandidateView(item.candidate, None).price is not None


def test_a_source_stating_the_budgets_period_wins_over_one_per_person() -> None:
    # one portal gives the room's share, another the whole flat's monthly rent
    flat = _flat("brixton", ("https://a.test/brixton", _gbp(900, "person")),
                 ("https://b.test/brixton", _gbp(2400, "month")))
    short = _rank("flat in london under £2,000 pcm", flat)
    assert short.items == [] and short.excluded[0][0].price == _gbp(2400, "month")
    assert short.notes == []


def test_the_conservative_price_compares_sources_in_one_period() -> None:
    # 480 a week (~2,087 a month) is the higher rent, though 480 < 1,950 as numbers
    flat = _flat("bow", ("https://a.test/bow", _gbp(480, "week")),
                 ("https://b.test/bow", _gbp(1950, "month")))
    (out,), _ = rank_enrich.enrich([flat], [], "GBP", None, per="month")
    assert out.price == _gbp(480, "week")
    assert out.price_converted is not None and out.price_converted.per == "month"


def test_a_budget_without_a_period_is_read_per_the_listings_one_and_said() -> None:
    flat = _flat("leeds", ("https://a.test/leeds", _gbp(425, "week")))
    short = _rank("flat in leeds under £2,000", flat)   # the budget states no period
    # nothing to convert, but the report says what the budget was taken to be per
    assert short.items[0].candidate.price_converted is None
    assert short.items[0].candidate.flags == []
    assert short.notes == ["the budget states no period: 1 price compared is stated per "
                           "week, so the budget was read per the same period"]


def test_currency_and_period_convert_together() -> None:
    flat = _flat("lisbon", ("https://a.test/lisbon",
                            Money(amount=300, currency="USD", comparator="=", per="week")))
    table = CurrencyTable(base="EUR", as_of="2026-11-01", rates={"USD": 1.08})
    (out,), converted = rank_enrich.enrich([flat], [], "EUR", table, frozenset({"price"}),
                                    per="month")
    assert converted
    assert out.price_converted == Money(
        amount=round(round(300 / 1.08, 2) * MONTH_PER_WEEK, 2), currency="EUR",
        comparator="=", per="month")
    assert out.flags == ["price converted from USD (approximate)",
                         "price per week converted to per month (approximate)"]


@pytest.mark.parametrize("checked,ok", [
    (Money(amount=1900, currency="GBP", per="month"), True),
    (Money(amount=2100, currency="GBP", per="month"), False),
    (Money(amount=450, currency="GBP", per="week"), None),     # rank did not convert it
    (Money(amount=900, currency="GBP", per="person"), None),   # never comparable
    (Money(amount=1900, currency="GBP"), True),                # states no period
])
def test_the_keyless_synthesis_checks_the_budget_in_its_period_only(checked, ok) -> None:
    limits = Constraints(budget=Money(amount=2000, currency="GBP", per="month"))
    subject = Subject(brief=SubjectBrief(key="f", name="F"), checked=checked)
    builder = type("B", (), {"limits": limits})()  # price_ok reads only the limits
    assert Builder.price_ok(builder, subject) is ok  # type: ignore[arg-type]


@pytest.mark.parametrize("query,amount,currency", [
    ("piso en Madrid por 12.000 € al año", 12000, "EUR"),
    ("piso en Madrid, 12.000 euros anuales", 12000, "EUR"),
    ("piso en Sevilla por 9.000 € por año", 9000, "EUR"),
    ("piso en Sevilla, alquiler de 9000 euros/año", 9000, "EUR"),
    ("flat in London £30k a year", 30000, "GBP"),
    ("office in London, £30,000 per annum", 30000, "GBP"),
    ("flat in Leeds £18,000 per year", 18000, "GBP"),
    ("flat in Leeds £18k p.a.", 18000, "GBP"),
    ("flat in Leeds for £18k yearly", 18000, "GBP"),
])
def test_a_price_per_year_is_read_with_its_period(query: str, amount: float,
                                                 currency: str) -> None:
    # "12.000 € al año" was read with no period, so rank compared it with a monthly
    # budget as it was; the year's words were read as the city ("Anuales", "Yearly")
    task = build_task(query, INPUTS, today=dt.date(2026, 12, 2))
    rent = task.values["rent"]
    assert (rent.amount, rent.currency, rent.per) == (amount, currency, "year")
    assert task.values["city"] in ("Madrid", "Sevilla", "London", "Leeds")


def test_pa_alone_is_not_a_year_for_chat_spanish_writes_it_for_para() -> None:
    task = build_task("cena en Madrid, 200 € pa dos", INPUTS, today=dt.date(2026, 12, 2))
    assert task.values["rent"].per is None


def test_a_yearly_rent_is_compared_as_a_monthly_one_in_both_languages() -> None:
    assert PERIOD_DAYS["year"] / PERIOD_DAYS["month"] == pytest.approx(12)
    eur = Money(amount=13200, currency="EUR", comparator="=", per="year")   # 1,100 a month
    dear = Money(amount=15600, currency="EUR", comparator="=", per="year")  # 1,300 a month
    short = _rank("piso en Madrid por menos de 1.200 € al mes",
                  _flat("lavapies", ("https://pisos.test/lavapies", eur)),
                  _flat("salamanca", ("https://pisos.test/salamanca", dear)))
    # compared as they were, 13,200 and 15,600 were both over 1,200: both left out
    assert [i.candidate.key for i in short.items] == ["lavapies"]
    assert short.excluded[0][0].key == "salamanca"
    kept = short.items[0].candidate
    assert kept.price_converted == Money(amount=1100, currency="EUR", comparator="=",
                                         per="month")
    assert kept.flags == ["price per year converted to per month (approximate)"]
    assert localize(kept.flags[0], "es") == "precio por año convertido a precio por mes (aproximado)"
    assert localize(short.notes[0], "es") == (
        "2 precios por año se han convertido a precios por mes (aproximados) para "
        "compararlos con el presupuesto")
    # a monthly rent against a yearly budget: "£30k a year" is 2,500 a month
    short = _rank("flat in london, £30k a year",
                  _flat("hackney", ("https://homes.test/hackney", _gbp(2400, "month"))),
                  _flat("soho", ("https://homes.test/soho", _gbp(2600, "month"))))
    assert [i.candidate.key for i in short.items] == ["hackney"]
    assert short.items[0].candidate.price_converted == _gbp(28800, "year")
    assert short.notes == ["2 prices per month were converted to prices per year "
                           "(approximate) to compare them with the budget"]


def test_a_yearly_price_reads_in_the_readers_words() -> None:
    year = Money(amount=12000, currency="EUR", per="year")
    assert format_money(year, "es") == "12.000 €/año"
    assert format_money(year, "en") == "12,000 EUR/year"
    task = build_task("piso en Madrid por 12.000 € al año", INPUTS, today=dt.date(2026, 12, 2))
    assert "rent: se ha leído «12.000 €/año» de «12.000 € al año»" in task.notes


@pytest.mark.parametrize("text,amount,per", [
    ("Salario: 38.000 € brutos al año.", 38000, "year"),
    ("Salary: £38,000 gross per annum", 38000, "year"),
    ("45,000 EUR gross a year, hybrid", 45000, "year"),
    ("2.000 € netos al mes", 2000, "month"),
    ("1.800 € brutas mensuales", 1800, "month"),
    ("£30k gross p.a.", 30000, "year"),
    ("Pay: 40.000 € brutos, full time", 40000, None),   # no period stated: none read
])
def test_gross_or_net_between_a_pay_and_its_period(text: str, amount: float,
                                                   per: str | None) -> None:
    # a pay's "brutos" / "gross" stood between the amount and "al año": the period was
    # lost, so a yearly salary was compared as it was with a monthly one
    from scout.steps.extract import find_price

    price = find_price(text)
    assert price is not None and (price.amount, price.per) == (amount, per)
    task = build_task(f"piso en Madrid, {text}", INPUTS, today=dt.date(2026, 12, 2))
    assert (task.values["rent"].amount, task.values["rent"].per) == (amount, per)


def test_with_no_money_asked_listings_are_compared_per_the_period_most_state() -> None:
    """No budget to compare with: the listings are compared with each other, per the
    period most of them state (700 a week is 100 a night, cheaper than 120 a night; as
    raw numbers it sorted last)."""
    short = _rank("holiday flats in London",
                  _flat("soho", ("https://homes.test/soho", _gbp(150, "night"))),
                  _flat("bow", ("https://homes.test/bow", _gbp(700, "week"))),
                  _flat("leyton", ("https://homes.test/leyton", _gbp(120, "night"))),
                  _flat("kew", ("https://homes.test/kew", _gbp(90, "person"))))
    assert [i.candidate.key for i in short.items] == ["bow", "leyton", "soho", "kew"]
    bow, kew = short.items[0].candidate, short.items[3].candidate
    assert bow.price == _gbp(700, "week") and bow.price_converted == _gbp(100, "night")
    assert bow.flags == ["price per week converted to per night to compare it with the "
                         "others (approximate)"]
    # a price per person cannot be put per night: not compared (ranked as unknown), said
    assert short.items[3].score == [None] and kew.price_converted is None
    assert kew.flags == ["price per person cannot be compared with the others' prices "
                         "per night"]
    assert [localize(n, "es") for n in short.notes] == [
        "1 precio por semana se ha convertido a precio por noche (aproximado) para "
        "compararlo con los demás",
        "1 precio por persona no se ha podido expresar en los mismos términos que los "
        "precios por noche de los demás, así que no se ha comparado con ellos"]
    assert localize(bow.flags[0], "es") == ("precio por semana convertido a precio por "
                                            "noche para compararlo con los demás (aproximado)")


def test_the_period_most_listings_state_is_the_footing() -> None:
    # two yearly salaries and one monthly: compared per year; 3,500 a month is 42,000 a
    # year, above 40,000 (as raw numbers it was the lowest)
    flats = [_flat("a", ("https://jobs.test/a", _gbp(40000, "year"))),
             _flat("b", ("https://jobs.test/b", _gbp(3500, "month"))),
             _flat("c", ("https://jobs.test/c", _gbp(38000, "year")))]
    assert peer_period(flats, []) == "year"
    short = _rank("jobs in London", *flats)
    assert [i.candidate.key for i in short.items] == ["c", "a", "b"]
    assert short.items[2].candidate.price_converted == _gbp(42000, "year")


def test_listings_in_one_period_are_compared_as_they_are() -> None:
    short = _rank("holiday flats in London",
                  _flat("soho", ("https://homes.test/soho", _gbp(150, "night"))),
                  _flat("kew", ("https://homes.test/kew", _gbp(90, None))))
    assert [i.candidate.key for i in short.items] == ["kew", "soho"]
    assert short.notes == [] and all(not i.candidate.flags for i in short.items)


# --- a budget for the whole of the dates asked ("600 € en total para las tres noches")
STAY = {"city": InputSpec(type="place"), "dates": InputSpec(type="date"),
        "budget": InputSpec(type="money")}
WHOLE_WHERE = ["task.budget is none or hotel.price is none or "
               "hotel.price.amount <= task.budget.amount"]


def _eur(amount: float, per: str | None) -> Money:
    return Money(amount=amount, currency="EUR", comparator="=", per=per)


def _stay(query: str, *hotels: Candidate):
    task = build_task(query, STAY, today=dt.date(2026, 12, 2))
    params = RankParams(items="candidates", as_="hotel", where=WHOLE_WHERE,
                        order_by=["hotel.price.amount if hotel.price else none"],
                        descending=False)
    return task, rank.run(_ctx(params, {"candidates": Candidates(items=list(hotels))}, task))


@pytest.mark.parametrize("query", [
    "hotel en Sevilla del 3 al 6 de marzo de 2027, 600 € en total para las tres noches",
    "hotel in Seville from 3 to 6 March 2027, under 600 euros total",
    "hotel en Sevilla del 3 al 6 de marzo de 2027, presupuesto total de 600 €",
])
def test_a_total_budget_is_compared_with_the_nightly_price_times_the_nights(query) -> None:
    """Three nights at 180 €/night are 540 €, within 600 € in all; at 220 €/night, 660 €,
    over it — each per-night price passed a 600 € cap compared as it was."""
    task, short = _stay(query,
                        _flat("alfonso", ("https://hotels.test/a", _eur(220, "night"))),
                        _flat("triana", ("https://hotels.test/t", _eur(180, "night"))),
                        _flat("suite", ("https://hotels.test/s", _eur(590, None))))
    assert task.values["budget"].per == "total"
    assert format_money(task.values["budget"], "es") == "600 € en total"
    assert format_money(task.values["budget"], "en") == "600 EUR in total"
    assert [i.candidate.key for i in short.items] == ["triana", "suite"]
    [(out, _)] = short.excluded
    assert out.key == "alfonso" and out.price_converted == _eur(660, "total")
    triana = short.items[0].candidate
    assert triana.price_converted == _eur(540, "total")
    assert triana.flags == ["price per night times 3 for the dates asked, to compare it "
                            "with the total budget"]
    assert localize(triana.flags[0], "es") == (
        "precio por noche multiplicado por 3 para las fechas pedidas, para compararlo con "
        "el presupuesto total")
    assert short.notes == ["2 prices per night were multiplied by the length of the dates "
                           "asked to compare them with the total budget"]


@pytest.mark.parametrize("query", [
    "coworking en Lisboa del 7 al 13 de diciembre de 2026, menos de 20 € al día",
    "coworking in Lisbon from 7 to 13 December 2026, under 20 euros a day",
])
def test_a_period_longer_than_the_dates_asked_is_paid_in_full(query: str) -> None:
    """A desk at 150 € a month for 7–13 December costs the month: 150 € over its 7 days of
    use, ~21,43 € a day, over 20 € a day (its pro rata share, ~4,93 €, passed). A week's
    price for a week asked is its share per day as before (the dates fill its period)."""
    task, short = _stay(query,
                        _flat("monthly", ("https://desks.test/m", _eur(150, "month"))),
                        _flat("weekly", ("https://desks.test/w", _eur(90, "week"))),
                        _flat("daily", ("https://desks.test/d", _eur(18, "day"))))
    assert [i.candidate.key for i in short.items] == ["weekly", "daily"]
    [(out, _)] = short.excluded
    assert out.key == "monthly" and out.price_converted == _eur(21.43, "day")
    assert out.flags == ["price per month paid in full for the shorter dates asked, put per "
                         "day to compare it"]
    assert localize(out.flags[0], "es") == ("precio por mes pagado entero para las fechas "
                                            "pedidas, más cortas, y puesto por día para "
                                            "compararlo")
    assert short.items[0].candidate.price_converted == _eur(12.86, "day")
    assert "1 price per month was paid in full for the shorter dates asked and put per day " \
           "to compare it" in short.notes


@pytest.mark.parametrize("query,price,times", [
    # a desk or a car per day is used each day of the dates, both ends included
    ("coworking en Lisboa del 7 al 13 de diciembre de 2026, 130 € en total",
     _eur(18, "day"), 7),
    ("car hire in Lisbon from 7 to 13 December 2026, under 130 euros total",
     _eur(18, "day"), 7),
    ("sala en Madrid del 7 al 8 de diciembre de 2026, 1.300 € en total",
     _eur(300, "half day"), 4),
    # a room per night is paid for the nights between them
    ("hotel en Lisboa del 7 al 13 de diciembre de 2026, 130 € en total",
     _eur(18, "night"), 6),
])
def test_a_range_is_counted_in_days_of_use_for_a_price_per_day(query, price, times) -> None:
    """7–13 December is 6 nights of a stay, 7 days of a desk's or a car's use: 18 € a day
    times 7 is 126 € against 130 € in all (times 6, 108 €, passed under any budget
    between them)."""
    _, short = _stay(query, _flat("one", ("https://desks.test/one", price)))
    [item] = short.items
    assert item.candidate.price_converted == _eur(price.amount * times, "total")
    assert item.candidate.flags == [f"price per {price.per} times {times} for the dates "
                                    "asked, to compare it with the total budget"]


@pytest.mark.parametrize("query", [
    "velero en Ibiza del 10 al 17 de agosto de 2027, máximo 4.000 € en total",
    "sailboat in Ibiza from 10 to 17 August 2027, under 4,000 euros total",
])
def test_a_price_for_exactly_the_dates_asked_is_the_whole(query: str) -> None:
    """A week's price for the seven nights asked is the whole charter or stay, times 1: it
    is compared with the total budget (9.800 € over 4.000 €, out) and shown as the total,
    never left per week, unchecked, as if it could not be put on the budget's footing."""
    _, short = _stay(query,
                     _flat("dear", ("https://boats.test/d", _eur(9800, "week"))),
                     _flat("fair", ("https://boats.test/f", _eur(3500, "week"))))
    assert [i.candidate.key for i in short.items] == ["fair"]
    [(out, _)] = short.excluded
    assert out.key == "dear" and out.price_converted == _eur(9800, "total")
    fair = short.items[0].candidate
    assert fair.price_converted == _eur(3500, "total")
    assert fair.flags == ["price per week times 1 for the dates asked, to compare it with "
                          "the total budget"]


def test_without_dates_a_longer_period_is_its_share() -> None:
    _, short = _stay("coworking in Lisbon, under 20 euros a day",
                     _flat("monthly", ("https://desks.test/m", _eur(140, "month"))))
    desk = short.items[0].candidate  # nothing says how long it is paid for
    assert desk.price_converted == _eur(4.6, "day")


def test_a_total_budget_without_dates_is_not_compared_with_a_nightly_price() -> None:
    _, short = _stay("hotel en Sevilla, 600 € en total",
                     _flat("alfonso", ("https://hotels.test/a", _eur(220, "night"))))
    hotel = short.items[0].candidate  # kept, its price not compared: nothing to multiply by
    assert hotel.flags == ["price per night cannot be compared with a total budget without "
                           "dates or a length it states"]
    assert short.notes == ["1 price per night could not be compared with the total budget: "
                           "neither the request's dates nor its listing say how long to "
                           "multiply it by"]


@pytest.mark.parametrize("text,amount", [
    ("Turno de julio: 650 € la quincena, pensión completa.", 650),
    ("650 € por quincena", 650),
    ("Precio: 650 € por dos semanas", 650),
    ("Two-week camp, £1,450 per fortnight", 1450),
    ("Paid £1,200 fortnightly", 1200),
    ("Salario: 900 € quincenales", 900),
])
def test_a_price_for_two_weeks_is_read_as_one_per_fortnight(text: str, amount: float) -> None:
    # "650 € la quincena" was read with no period, so rank compared a camp's two weeks
    # with a budget a week as it was (left out at 650 against 400 a week)
    from scout.steps.extract import find_price

    price = find_price(text)
    assert price is not None and (price.amount, price.per) == (amount, "fortnight")
    assert format_money(price, "es").endswith("/quincena")
    assert format_money(price, "en").endswith("/fortnight")


def test_a_price_a_fortnight_is_compared_with_a_budget_a_week() -> None:
    assert PERIOD_DAYS["fortnight"] == 2 * PERIOD_DAYS["week"]
    short = _rank("campamento en Madrid por menos de 400 € por semana",
                  _flat("sierra", ("https://camps.test/sierra",
                                   Money(amount=650, currency="EUR", comparator="=",
                                         per="fortnight"))),           # 325 a week
                  _flat("costa", ("https://camps.test/costa",
                                  Money(amount=900, currency="EUR", comparator="=",
                                        per="fortnight"))))            # 450 a week
    assert [i.candidate.key for i in short.items] == ["sierra"]
    kept = short.items[0].candidate
    assert kept.price_converted == Money(amount=325, currency="EUR", comparator="=", per="week")
    assert localize(kept.flags[0], "es") == (
        "precio por quincena convertido a precio por semana (aproximado)")


@pytest.mark.parametrize("text,amount,per", [
    ("Sala Goya: 400 € la media jornada, 700 € la jornada completa", 400, "half day"),
    ("Meeting room hire: €250 per half day", 250, "half day"),
    ("Boardroom £300 per half-day, catering extra", 300, "half day"),
    ("Auditorio: 1.200 € la jornada completa", 1200, "day"),
    ("Guía oficial, 180 € por jornada", 180, "day"),
    ("Private guide, €320 per full day", 320, "day"),
])
def test_a_half_day_or_a_full_day_is_the_period_it_says(text: str, amount: float,
                                                         per: str) -> None:
    # "400 € la media jornada" was read with no period and compared with a budget a day
    # as it stood: a half day's rate is half a day's
    from scout.steps.extract import find_price

    price = find_price(text)
    assert price is not None and (price.amount, price.per) == (amount, per)


def test_a_price_a_half_day_is_compared_with_a_budget_a_day() -> None:
    assert PERIOD_DAYS["half day"] * 2 == PERIOD_DAYS["day"]
    short = _rank("sala en Madrid por menos de 700 € al día",
                  _flat("goya", ("https://rooms.test/goya",
                                 Money(amount=300, currency="EUR", comparator="=",
                                       per="half day"))),             # ~600 a day
                  _flat("prado", ("https://rooms.test/prado",
                                  Money(amount=400, currency="EUR", comparator="=",
                                        per="half day"))))            # ~800 a day
    assert [i.candidate.key for i in short.items] == ["goya"]
    kept = short.items[0].candidate
    assert kept.price_converted == Money(amount=600, currency="EUR", comparator="=", per="day")
    assert format_money(Money(amount=300, currency="EUR", per="half day"), "es").endswith(
        "/media jornada")
    assert localize(kept.flags[0], "es") == (
        "precio por media jornada convertido a precio por día (aproximado)")


@pytest.mark.parametrize("text, days", [
    ("Campamento urbano de lunes a viernes, 9:00-14:00, 45 € al día", 5),
    ("Day camp, Monday to Friday, €45 per day", 5),
    ("Curso intensivo lun. a vie.", 5),
    ("Open Mon-Sat, €45 a day", 6),
    ("Campus 5 días a la semana", 5),
    ("Weekdays only", 5),
    ("Hotel stays from Friday to Sunday, €90 a night", None),  # a stay, not a week
    ("Open 7 days a week", None),
    ("Camp in July, €45 per day", None),
])
def test_the_days_a_listings_week_holds(text: str, days: int | None) -> None:
    from scout.steps.weekdays import week_days

    assert week_days(text) == days


def test_a_price_a_day_of_what_runs_on_weekdays_is_five_of_them_a_week() -> None:
    # "45 € al día" de lunes a viernes was compared as 315 € a week (seven days), over a
    # budget of 250 € a week it fits at 225 €; a camp that says nothing is counted at seven
    day = Money(amount=45, currency="EUR", comparator="=", per="day")
    weekdays = _flat("urbano", ("https://camps.test/urbano", day))
    weekdays.evidence[0].text = "Campamento urbano de lunes a viernes, 45 € al día"
    every_day = _flat("sierra", ("https://camps.test/sierra", day))
    short = _rank("campamento en Madrid por menos de 250 € por semana", weekdays, every_day)
    assert [i.candidate.key for i in short.items] == ["urbano"]
    assert short.items[0].candidate.price_converted == Money(
        amount=225, currency="EUR", comparator="=", per="week")
    assert short.excluded[0][0].price_converted.amount == 315


def test_a_weeks_price_for_fewer_days_stays_its_share() -> None:
    """A week's price is as often a rate as a block (a car's weekly rate): four days of
    245 € a week are 35 € a day, under 40, never the whole week's 61,25 € a day. Only a
    month or a year is paid whole."""
    _, short = _stay("coworking in Lisbon from 7 to 11 December 2026, under 40 euros a day",
                     _flat("weekly", ("https://desks.test/w", _eur(245, "week"))))
    [item] = short.items
    assert item.candidate.price_converted == _eur(35, "day")


def test_a_price_the_phase_never_reads_is_not_put_on_the_budgets_period() -> None:
    """A kind that works out its own cost (an energy tariff: its rate per kWh times the
    kWh asked, in a ``where`` that reads no ``price``) checked the budget a month itself:
    its rates per kWh are neither converted nor flagged "cannot be compared", and the notes
    do not say the budget went unchecked. A phase that reads the price still gets both."""
    rate = Money(amount=0.129, currency="GBP", comparator="=", per="kWh")
    tariff = _flat("octopus", ("https://energy.test/octopus", rate))
    (unread,), _ = rank_enrich.enrich([tariff], [], "GBP", None, frozenset(), per="month")
    assert unread.price == rate and unread.price_converted is None and unread.flags == []
    periods: dict = {}
    (read,), _ = rank_enrich.enrich([tariff], [], "GBP", None, frozenset({"price"}), per="month",
                             periods=periods)
    assert read.flags == ["price per kWh cannot be compared with a budget per month"]
    assert periods


@pytest.mark.parametrize("query", [
    "barco en Dénia el sábado 5 de diciembre de 2026, máximo 300 € en total",
    "car hire in Lisbon on 5 December 2026, under 300 euros total",
])
def test_a_single_day_asked_is_one_day_of_use_against_a_total_budget(query: str) -> None:
    """One day asked is one day of a price per day (240 € in, 390 € over 300 € in all),
    never "cannot be compared without dates"; a price per night holds no night in one day
    and stays not compared, as before."""
    _, short = _stay(query,
                     _flat("fair", ("https://boats.test/f", _eur(240, "day"))),
                     _flat("dear", ("https://boats.test/d", _eur(390, "day"))),
                     _flat("inn", ("https://boats.test/i", _eur(90, "night"))))
    assert [i.candidate.key for i in short.items] == ["fair", "inn"]
    [(out, _)] = short.excluded
    assert out.key == "dear" and out.price_converted == _eur(390, "total")
    fair, inn = (i.candidate for i in short.items)
    assert fair.price_converted == _eur(240, "total")
    assert fair.flags == ["price per day times 1 for the dates asked, to compare it with the "
                          "total budget"]
    assert inn.price_converted is None
    assert inn.flags == ["price per night cannot be compared with a total budget without dates "
                         "or a length it states"]


@pytest.mark.parametrize("query", [
    "coche en Lisboa a partir del 5 de enero de 2027, máximo 300 € en total",
    "car hire in Lisbon from 5 January 2027 onwards, under 300 euros total",
])
def test_dates_with_an_open_end_are_no_length_to_pay_for(query: str) -> None:
    """"From 5 January" has no end: a price per day is not multiplied by the days to the end
    of time (millions of euros, every listing over any budget); it is not compared, as
    with no dates, and flagged so."""
    task, short = _stay(query, _flat("car", ("https://cars.test/c", _eur(40, "day"))))
    assert task.values["dates"].end == dt.date.max
    [item] = short.items
    assert item.candidate.price_converted is None
    assert item.candidate.flags == ["price per day cannot be compared with a total budget "
                                    "without dates or a length it states"]
