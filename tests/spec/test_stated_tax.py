"""A stated amount of money on the tax basis rank compares on (scout.spec.stated,
``tax=``; rank's TAX_VAR): "mano de obra 45 €/h + IVA" is 54,45 € an hour against a budget
with the VAT in it, as a price "129 € + IVA" is 156,09 €; an amount with no basis said,
or one said on the basis compared, is read as written. Any kind's: a workshop's labour, a
plumber's call-out, a translator's rate, a caterer's delivery."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest

from scout.schemas.records import Candidate, Candidates, Evidence
from scout.spec.models import InputSpec
from scout.spec.stated import stated
from scout.stepkit.params import RankParams
from scout.steps import rank
from scout.steps.rank import basis_said
from scout.task.build import build_task
from tests.steps.test_extract_rank import _ctx

INCLUDED = ("included", 21.0, basis_said)


@pytest.mark.parametrize("text, units, kw, want", [
    ("Mano de obra 45 €/h + IVA", ("€/h",), {}, 54.45),
    ("Salida 30 € + IVA, hora 40 €", ("€",), {"of": ["salida"]}, 36.3),
    ("Call-out £60 plus VAT", ("£",), {"of": ["call-out"]}, 72.6),
    ("Traducción 0,08 €/palabra sin IVA", ("€/palabra",), {}, 0.0968),
    ("Todos nuestros precios sin IVA. Entrega en Valencia: 40 €", ("€",), {"of": ["entrega"]},
     48.4),
])
def test_an_amount_said_before_tax_gets_it(text, units, kw, want) -> None:
    assert stated(text, *units, tax=INCLUDED, **kw) == pytest.approx(want)
    assert stated(text, *units, **kw) == pytest.approx(want / 1.21)   # no basis asked


@pytest.mark.parametrize("text, units", [
    ("Mano de obra 45 €/h IVA incluido", ("€/h",)),
    ("Labour £45 per hour", ("£/h",)),                       # no basis said: as written
    ("Diagnosis 40 €, gratis si reparas con nosotros", ("€",)),
])
def test_an_amount_on_the_basis_compared_is_as_written(text, units) -> None:
    assert stated(text, *units, tax=INCLUDED) == stated(text, *units)


def test_a_request_before_tax_takes_the_tax_out() -> None:
    assert stated("Salida 36,30 € IVA incluido", "€", of=["salida"],
                  tax=("excluded", 21.0, basis_said)) == pytest.approx(30.0)


INPUTS = {"job": InputSpec(type="subject"), "place": InputSpec(type="place"),
          "hours": InputSpec(type="integer", aliases=["horas", "hours"]),
          "budget": InputSpec(type="money")}


def _pro(key: str, text: str) -> Candidate:
    return Candidate(key=key, name=key, url=f"https://pros.test/{key}", evidence=[
        Evidence(id=f"{key}0", kind="snippet", subject=key, url=f"https://pros.test/{key}",
                 text=text)])


@pytest.mark.parametrize("query", ["fontanero en Valencia, 2 horas, máximo 120 €",
                                   "plumber in Valencia for 2 hours, under 120 EUR"])
def test_rank_values_compare_labour_with_the_vat_in_it(query: str) -> None:
    """A rate said before VAT and one said with it, on one basis: 2 h × 45 € + IVA is
    108,90 €, dearer than 2 h × 50 € IVA incluido; 2 h × 55 € + IVA is over 120 €."""
    task = build_task(query, INPUTS, today=dt.date(2026, 12, 7))
    pros = [_pro("aguas", "Fontanería Aguas: 45 €/h + IVA."),
            _pro("grifo", "El Grifo: 50 €/h IVA incluido."),
            _pro("tubo", "Tubos Turia: mano de obra 55 €/h + IVA.")]
    params = RankParams(items="candidates", as_="p",
                        values={"rate": "p | stated('€/h')",
                                "cost": "rate * task.hours if rate is not none else none"},
                        where=["cost is none or cost <= task.budget.amount"],
                        order_by=["cost"], descending=False)
    ctx = _ctx(params, {"candidates": Candidates(items=pros)}, task)
    ctx.config = dataclasses.replace(ctx.config, tax_rates={"EUR": 21.0})
    short = rank.run(ctx)
    assert [(i.candidate.key, i.values["cost"]) for i in short.items] == \
        [("grifo", 100), ("aguas", pytest.approx(108.9))]
    assert [c.key for c, _ in short.excluded] == ["tubo"]
