"""A listing's price per a noun no unit names ("€45 per headshot", "90 € por sesión"),
where the kind counts that noun: the count times it against a budget for all of them,
flagged ``N × price`` in both languages (scout.steps.nounprice)."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.i18n.messages import localize
from scout.schemas.records import Candidates
from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.steps import rank
from scout.steps.nounprice import noun_after
from scout.stepkit.params import RankParams
from scout.task.build import build_task
from tests.steps.test_extract_rank import _ctx
from tests.steps.test_rank_periods import _flat

WHERE = ["task.budget is none or v.price is none or v.price.amount <= task.budget.amount"]


def _eur(amount: float) -> Money:
    return Money(amount=amount, currency="EUR", comparator="=")


@pytest.mark.parametrize("text, noun", [
    ("Studio portraits: €45 per headshot, retouching included", "headshot"),
    ("Sesión de fotos: 90 € por sesión", "sesión"),
    ("Left luggage £12 a bag", "bag"),
    ("Impresión de etiquetas 3 € por cada etiqueta", "etiqueta"),
    ("Retratos desde 45 €/retrato", "retrato"),
    ("Fotógrafa de estudio: 90 € la sesión", "sesión"),
    ("Retocado 45 € por el retrato", "retrato"),
    ("Cakes from £30, delivery included", None),   # no noun it is per
])
def test_the_noun_a_price_is_per(text: str, noun: str | None) -> None:
    amount = 3 if "etiqueta" in text else 12 if "£12" in text else 30 if "£30" in text \
        else 90 if "90" in text else 45
    said = noun_after(Money(amount=amount, currency="EUR"), text)
    assert (said[0] if said else None) == noun


def _run(query: str, inputs: dict[str, InputSpec], *pages: tuple[str, str, float]):
    task = build_task(query, inputs, today=dt.date(2026, 12, 7))
    cands = []
    for key, text, amount in pages:
        c = _flat(key, (f"https://{key}.test/", _eur(amount)))
        c.evidence[0].text = text
        cands.append(c)
    params = RankParams(items="candidates", as_="v", where=WHERE)
    ctx = _ctx(params, {"candidates": Candidates(items=cands)}, task)
    ctx.pipeline.inputs.update(inputs)
    return task, rank.run(ctx)


HEADSHOTS = {"purpose": InputSpec(type="subject"), "budget": InputSpec(type="money"),
             "headshots": InputSpec(type="integer", aliases=["retratos", "fotos"])}


@pytest.mark.parametrize("query", [
    "team headshots for 8 people, 8 headshots, under 400 EUR in total",
    "necesitamos 8 retratos corporativos por menos de 400 €",
])
def test_a_price_per_headshot_is_times_the_headshots_asked(query: str) -> None:
    task, short = _run(query, HEADSHOTS,
                       ("dear", "Corporate headshots: €60 per headshot", 60),     # 480
                       ("fair", "Retratos profesionales: 45 € por retrato", 45),  # 360
                       ("flat", "Team session, all photos: 380 €", 380))
    assert task.values["headshots"] == 8 and task.values["budget"].each is None
    kept = {i.candidate.key: i.candidate for i in short.items}
    assert set(kept) == {"fair", "flat"}
    fair = kept["fair"]
    assert fair.price_converted is not None and fair.price_converted.amount == 360
    flag = "8 × 45 EUR per retrato, the number asked"
    assert fair.flags == [flag]
    assert localize(flag, "es") == "8 × 45 EUR por retrato, el número pedido"
    assert kept["flat"].price_converted is None


def test_a_budget_per_one_compares_the_price_as_it_is() -> None:
    task, short = _run("8 headshots, under 50 EUR per headshot", HEADSHOTS,
                       ("fair", "€45 per headshot", 45), ("dear", "€60 per headshot", 60))
    assert task.values["budget"].each == "unit"
    assert [i.candidate.key for i in short.items] == ["fair"]
    assert short.items[0].candidate.price_converted is None


def test_a_noun_the_request_does_not_count_is_left_as_it_is() -> None:
    inputs = {"purpose": InputSpec(type="subject"), "budget": InputSpec(type="money"),
              "bags": InputSpec(type="integer", aliases=["maletas"])}
    _task, short = _run("guardar 3 maletas, menos de 40 €", inputs,
                        ("sessions", "Consigna: 30 € por sesión", 30),     # no bag counted
                        ("bags", "Left luggage £12 per bag", 12))          # 3 × 12 = 36
    kept = {i.candidate.key: i.candidate for i in short.items}
    assert kept["sessions"].price_converted is None and not kept["sessions"].flags
    assert kept["bags"].price_converted.amount == 36


def test_a_kind_that_costs_the_count_itself_is_left_to_it() -> None:
    # labservices' ``per_sample * n``: the price already times the count would be twice it
    task = build_task("8 headshots, under 400 EUR", HEADSHOTS, today=dt.date(2026, 12, 7))
    c = _flat("fair", ("https://fair.test/", _eur(45)))
    c.evidence[0].text = "€45 per headshot"
    own = ["task.budget is none or v.price is none or "
           "v.price.amount * (task.headshots or 1) <= task.budget.amount"]
    params = RankParams(items="candidates", as_="v", where=own)
    ctx = _ctx(params, {"candidates": Candidates(items=[c])}, task)
    ctx.pipeline.inputs.update(HEADSHOTS)
    short = rank.run(ctx)
    kept = short.items[0].candidate
    assert kept.price_converted is None and not kept.flags
