"""Round 24's money on a page: pence set apart by a comma after a whole price are a rate
of their own ("£45, 90p per mile" was read 45.90 GBP), a price paid in two parts is their
sum ("Señal 300 €, resto 900 €" was priced at 900 €), and an extra said in brackets in
the price's clause is read ("45 € (suplemento nocturno 20 %)" was never added). Any kind:
taxis, van hire, photographers, venues; both languages; phrasings beside the reported."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.schemas.records import Candidates
from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.steps import rank
from scout.steps.distancerate import distance_rate
from scout.steps.extracharge import Asked, page_extras
from scout.steps.listprice import find_price
from scout.stepkit.params import RankParams
from scout.task.amounts import find_amounts
from scout.task.build import build_task
from tests.steps.test_extract_rank import _ctx
from tests.steps.test_rank_periods import _flat


@pytest.mark.parametrize("text, whole, rate", [
    ("£45, 90p per mile", 45, 0.9),
    ("Van hire £60, 35p a mile over 100 miles", 60, 0.35),
    ("Minibus £120, 80 pence per mile", 120, 0.8),
    ("Taxi 30 €, 20 % suplemento nocturno", 30, None),
])
def test_pence_after_a_comma_are_no_cents(text: str, whole: float, rate: float | None) -> None:
    found = [m.amount for m, _ in find_amounts(text)]
    assert found[0] == whole
    if rate is not None:
        assert rate in found
        said = distance_rate(Money(amount=whole, currency="GBP", comparator="="), text)
        assert said is not None and said[0].amount == rate


@pytest.mark.parametrize("text", ["£45,90", "€12, 50 al mes"])
def test_cents_still_join(text: str) -> None:
    assert find_amounts(text)[0][0].amount in (45.9, 12.5)


@pytest.mark.parametrize("text, amount", [
    ("Señal 300 €, resto 900 €", 1200),
    ("Reportaje de boda: señal 250 €; pendiente 950 € el día de la boda", 1200),
    ("Anticipo del 30 %: 450 €; resto 1.050 € a la entrega", 1500),
    ("Deposit £200, balance £650 due on the day", 850),
    ("Pay a £100 booking deposit now and £400 remaining on arrival", 500),
    ("A 50% deposit of £300, balance £300 two weeks before", 600),
])
def test_a_price_paid_in_two_parts_is_their_sum(text: str, amount: float) -> None:
    price = find_price(text, "EUR")
    assert price is not None and price.amount == amount


@pytest.mark.parametrize("text, amount", [
    # a deposit held against the price is no part of it
    ("Fianza 300 €, resto del alquiler 900 €", 900),
    ("Security deposit £500, balance of the hire £1,200", 1200),
    # a price beside a deposit, no balance said, stays the price
    ("Boda completa 1.200 €, señal 300 €", 1200),
])
def test_what_is_no_sum(text: str, amount: float) -> None:
    price = find_price(text, "EUR")
    assert price is not None and price.amount == amount


ASKED = Asked("taxi del aeropuerto a las 23:30", 23 * 60 + 30, None, ())


@pytest.mark.parametrize("text, percent, amount", [
    ("Traslado 45 € (suplemento nocturno 20 %)", 20, None),
    ("Airport taxi £60 (night surcharge 25%, 10pm-6am)", 25, None),
    ("Taxi al aeropuerto 45 € [suplemento nocturno 5 €]", None, 5),
])
def test_an_extra_in_brackets_in_the_prices_clause(text: str, percent: float | None,
                                                   amount: float | None) -> None:
    price = find_price(text, "EUR")
    assert price is not None
    extras = [x for x in page_extras(text, price, ASKED) if x.applies]
    assert len(extras) == 1
    assert extras[0].percent == percent
    assert (extras[0].amount.amount if extras[0].amount else None) == amount


def test_no_extra_in_a_bracket_that_names_none() -> None:
    text = "Traslado 45 € (IVA incluido), 4 plazas"
    price = find_price(text, "EUR")
    assert price is not None and page_extras(text, price, ASKED) == []


WHERE = ["task.budget is none or v.price is none or v.price.amount <= task.budget.amount"]
INPUTS = {"purpose": InputSpec(type="subject"), "budget": InputSpec(type="money"),
          "distance": InputSpec(type="length", aliases=["a", "desplazamiento", "travel"])}


@pytest.mark.parametrize("query", ["van hire for a 100 mile move, under £150",
                                   "furgoneta para una mudanza de 100 millas, menos de 150 libras"])
def test_pence_after_a_comma_times_the_miles_asked(query: str) -> None:
    task = build_task(query, INPUTS, today=dt.date(2026, 12, 7))
    text = "Van £45, 90p per mile"
    price = find_price(text, "GBP")
    assert price is not None and price.amount == 45
    c = _flat("pence", ("https://pence.test/", Money(amount=45, currency="GBP", comparator="=")))
    c.evidence[0].text = text
    params = RankParams(items="candidates", as_="v", where=WHERE, volume={"mi": "distance"})
    out = rank.run(_ctx(params, {"candidates": Candidates(items=[c])}, task))
    kept = {i.candidate.key: i.candidate for i in out.items}
    assert kept["pence"].price_converted is not None
    assert kept["pence"].price_converted.amount == 135  # 45 + 0.90 × 100
