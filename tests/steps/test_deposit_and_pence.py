"""What a page pays ahead of its price is never its price, and a rate in pence after a
whole price is read (scout.task.amounts, scout.task.money): "Señal 50 € para reservar",
"deposit £100 to secure your date" alone state no price (it was shown and compared as
one); "£45 plus 90p per mile" and "25p a mile" are a rate per mile beside the price (the
pence were dropped, so the rate was never added). Photographers, venues, van hire, taxis;
both languages."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.schemas.records import Candidates
from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.steps import rank
from scout.steps.distancerate import distance_rate
from scout.steps.listprice import find_price
from scout.stepkit.params import RankParams
from scout.task.amounts import find_amounts
from scout.task.build import build_task
from tests.steps.test_extract_rank import _ctx
from tests.steps.test_rank_periods import _flat


@pytest.mark.parametrize("text", [
    "Señal 50 € para reservar la fecha",
    "Reserva con 30 € de señal",
    "Fotógrafo de bodas: señal de 300 € y el resto el día de la boda",
    "Deposit £100 to secure your date",
    "A £250 booking deposit secures the venue",
    "Anticipo 80 € al confirmar",
])
def test_a_deposit_alone_is_no_price(text: str) -> None:
    assert find_price(text, "EUR") is None


@pytest.mark.parametrize("text, amount", [
    ("Boda completa 1.200 €, señal 300 €", 1200),
    ("Deposit £100, full day coverage £1,150", 1150),
    ("Piso 900 €/mes, fianza 1.800 €", 900),
    ("Matrícula 450 €", 450),          # a fee alone is still a price
    ("Advance £15, door £20", 15),      # advance tickets are a price
])
def test_a_price_beside_a_deposit_is_the_price(text: str, amount: float) -> None:
    price = find_price(text, "EUR")
    assert price is not None and price.amount == amount


@pytest.mark.parametrize("text, rate, unit", [
    ("£45 plus 90p per mile", 0.9, "mi"),
    ("Van hire £45. Mileage 25p a mile", 0.25, "mi"),
    ("Session £250, travel 45p per mile", 0.45, "mi"),
    ("Taxi: 45 € + 0,90 €/km", 0.9, "km"),
    ("Salida 45 € y 0,90 € por km", 0.9, "km"),
])
def test_a_rate_under_one_after_a_whole_price(text: str, rate: float, unit: str) -> None:
    whole = next(m for m, _ in find_amounts(text) if m.amount >= 1)
    said = distance_rate(whole, text)
    assert said is not None and (said[0].amount, said[1]) == (rate, unit)


@pytest.mark.parametrize("text, amount, per", [
    ("Calls 35p per minute", 0.35, "minute"),
    ("Charging 12p/kWh, membership £8 a month", 8, "month"),
    ("Unit rate 24.5p/kWh", 0.245, "kWh"),
])
def test_pence_rates_keep_their_unit(text: str, amount: float, per: str) -> None:
    price = find_price(text, "GBP")
    assert price is not None and (price.amount, price.currency, price.per) == (amount, "GBP", per)


WHERE = ["task.budget is none or v.price is none or v.price.amount <= task.budget.amount"]
INPUTS = {"purpose": InputSpec(type="subject"), "budget": InputSpec(type="money"),
          "distance": InputSpec(type="length", aliases=["a", "desplazamiento", "travel"])}


@pytest.mark.parametrize("query", ["van hire for a 100 mile move, under £150",
                                   "furgoneta para una mudanza de 100 millas, menos de 150 libras"])
def test_pence_per_mile_times_the_miles_asked(query: str) -> None:
    task = build_task(query, INPUTS, today=dt.date(2026, 12, 7))
    cands = []
    for key, text in (("pence", "Van £45 plus 90p per mile"), ("flat", "Van £140 all in")):
        price = find_price(text, "GBP")
        assert price is not None
        c = _flat(key, (f"https://{key}.test/", Money(amount=price.amount, currency="GBP",
                                                      comparator="=")))
        c.evidence[0].text = text
        cands.append(c)
    params = RankParams(items="candidates", as_="v", where=WHERE, volume={"mi": "distance"})
    ctx = _ctx(params, {"candidates": Candidates(items=cands)}, task)
    out = rank.run(ctx)
    kept = {i.candidate.key: i.candidate for i in out.items}
    # 45 + 0.90 × 100 = 135: under 150, and dearer than it stated alone
    assert kept["pence"].price_converted is not None
    assert kept["pence"].price_converted.amount == 135
