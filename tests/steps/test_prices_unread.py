"""Money a kind asks for that no record is held to (a mortgage's loan amount, beside
rates its ranking reads with ``stated('%')``): rank says it read no price
(``Shortlist.prices_unread``), and the keyless synthesis then names no price missing and
no budget unchecked. Found writing the mortgages kind, whose report said of every offer
"no price was found, so the budget could not be checked"."""

from __future__ import annotations

import datetime as dt

from scout.adapters.contract import EvidenceItem, SubjectBrief, SynthesisRequest
from scout.adapters.extractive import ExtractiveAdapter
from scout.config.settings import ExtractiveSettings
from scout.schemas.records import Candidate, Candidates, Evidence
from scout.spec.models import InputSpec
from scout.steps import rank
from scout.stepkit.params import RankParams
from scout.task.build import build_task
from tests.steps.test_extract_rank import _ctx

INPUTS = {"loan": InputSpec(type="money"), "max_rate": InputSpec(type="number", aliases=["APR"])}
RATE = ["task.max_rate is none or o | stated('%', of=['APR']) is none "
        "or o | stated('%', of=['APR']) <= task.max_rate"]


def _offer(key: str, text: str) -> Candidate:
    return Candidate(key=key, name=key, url=f"https://bank.test/{key}", evidence=[
        Evidence(id=key, kind="snippet", subject=key, url=f"https://bank.test/{key}", text=text)])


def _rank(where: list[str], order_by: list[str]):
    task = build_task("borrow £280k under 4.5% APR", INPUTS, today=dt.date(2026, 12, 7))
    params = RankParams(items="candidates", as_="o", where=where, order_by=order_by)
    offers = [_offer("harbour", "Harbour: 3.39% fixed, 4.2% APR."),
              _offer("northern", "Northern: 3.29% fixed, 6.8% APR.")]
    return rank.run(_ctx(params, {"candidates": Candidates(items=offers)}, task))


def test_a_ranking_that_reads_no_price_says_so() -> None:
    short = _rank(RATE, ["o | stated('%', of=['APR'])"])
    assert [i.candidate.key for i in short.items] == ["harbour"]
    assert short.prices_unread is True
    assert "prices_unread" in short.model_dump()


def test_a_ranking_that_reads_a_price_or_a_stated_amount_does_not() -> None:
    for where, order in ((RATE, ["o.price.amount if o.price else none"]),
                         (RATE + ["task.loan is none or o.price is none "
                                  "or o.price.amount <= task.loan.amount"], []),
                         (RATE, ["o | stated('£/month')"])):
        short = _rank(where, order)
        assert short.prices_unread is False, (where, order)
        assert "prices_unread" not in short.model_dump()   # dumped as before


def _notes(prices_unread: bool) -> list[str]:
    req = SynthesisRequest(
        question="Which mortgage?", task={"loan": {"amount": 280000.0, "currency": "GBP",
                                                   "comparator": "<="}},
        task_types={"loan": "money"}, candidates=["Harbour"],
        subjects=[SubjectBrief(key="harbour", name="Harbour", rank=1)],
        evidence=[EvidenceItem(url="https://bank.test/harbour", title="Harbour",
                               subject="harbour", kind="snippet",
                               text="Harbour: 3.39% fixed until 2031. Apply online.")],
        prices_unread=prices_unread)
    syn = ExtractiveAdapter("extractive", ExtractiveSettings(type="extractive")).call(req).value
    return [f.text for c in syn.candidates for f in c.facts]


def test_the_synthesis_speaks_of_no_budget_where_no_price_was_read() -> None:
    assert any("budget could not be checked" in n for n in _notes(False))
    assert not any("price" in n or "budget" in n for n in _notes(True)), _notes(True)
