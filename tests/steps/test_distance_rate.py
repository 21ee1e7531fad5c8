"""A rate per km or mile beside a page's price ("desplazamiento 0,30 €/km"): times the
distance the request gives against a budget for the whole job, else said to be on top
of the price, in both languages (scout.steps.distancerate)."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.i18n.messages import localize
from scout.schemas.records import Candidates
from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.steps import rank
from scout.steps.distancerate import distance_rate
from scout.stepkit.params import RankParams
from scout.task.build import build_task
from tests.steps.test_extract_rank import _ctx
from tests.steps.test_rank_periods import _flat

WHERE = ["task.budget is none or v.price is none or v.price.amount <= task.budget.amount"]
INPUTS = {"purpose": InputSpec(type="subject"), "budget": InputSpec(type="money"),
          "distance": InputSpec(type="length", aliases=["a", "desplazamiento", "travel"])}


@pytest.mark.parametrize("text, price, rate", [
    ("Sesión de fotos 250 €, desplazamiento 0,30 €/km", 250, (0.3, "km")),
    ("Session £250, mileage £0.45 per mile", 250, (0.45, "mi")),
    ("Mudanza 300 €; 1,20 € por km recorrido", 300, (1.2, "km")),
    ("Hotel 90 € la noche, a 2 km de la playa", 90, None),     # a distance, no rate
    ("Sesión 250 €, a 15 km del centro", 250, None),
])
def test_the_rate_beside_a_price(text: str, price: float, rate: tuple | None) -> None:
    currency = "GBP" if "£" in text else "EUR"
    said = distance_rate(Money(amount=price, currency=currency), text)
    assert ((said[0].amount, said[1]) if said else None) == rate


def _run(query: str, volume: dict[str, str], *pages: tuple[str, str, float]):
    task = build_task(query, INPUTS, today=dt.date(2026, 12, 7))
    cands = []
    for key, text, amount in pages:
        c = _flat(key, (f"https://{key}.test/", Money(amount=amount, currency="EUR",
                                                      comparator="=")))
        c.evidence[0].text = text
        cands.append(c)
    params = RankParams(items="candidates", as_="v", where=WHERE, volume=volume)
    ctx = _ctx(params, {"candidates": Candidates(items=cands)}, task)
    return task, {i.candidate.key: i.candidate for i in rank.run(ctx).items}


@pytest.mark.parametrize("query", [
    "fotógrafo para una boda a 100 km, menos de 300 €",
    "wedding photographer, travel 100 km, under 300 EUR",
])
def test_the_rate_is_times_the_distance_asked(query: str) -> None:
    task, kept = _run(query, {"km": "distance"},
                      ("near", "Reportaje 250 €, desplazamiento 0,30 €/km", 250),   # 280
                      ("far", "Reportaje 220 €, desplazamiento 1 €/km", 220),       # 320
                      ("flat", "Reportaje 290 €, desplazamiento incluido", 290))
    assert task.values["distance"] == 100_000
    assert set(kept) == {"near", "flat"}
    assert kept["near"].price_converted is not None
    assert kept["near"].price_converted.amount == 280
    flag = "0.3 EUR per km added for the 100 km asked"
    assert kept["near"].flags == [flag]
    assert localize(flag, "es") == "0.3 EUR por km sumados por los 100 km pedidos"
    assert not kept["flat"].flags


@pytest.mark.parametrize("query", ["fotógrafo de bodas, menos de 300 €",
                                   "wedding photographer under 300 EUR"])
def test_with_no_distance_asked_the_report_says_it_is_extra(query: str) -> None:
    _task, kept = _run(query, {"km": "distance"},
                       ("near", "Reportaje 250 €, desplazamiento 0,30 €/km", 250))
    near = kept["near"]
    assert near.price_converted is None
    flag = "plus 0.3 EUR per km, not included in the price"
    assert near.flags == [flag]
    assert localize(flag, "es") == "más 0.3 EUR por km, no incluido en el precio"
