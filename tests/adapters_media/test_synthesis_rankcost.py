"""The keyless synthesis's "cheapest" is the ranking's: rank records the amount its
``order_by`` compared each option by (a set of three at 690 € against one pipette at
285 €, 855 € for the three asked) and the synthesis calls cheapest, cheaper and dearer
by it, saying the compared amount beside a price it differs from; a kind whose order
reads no price, or wants the dearest first, records none."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.adapters.contract import EvidenceItem, SubjectBrief, SynthesisRequest
from scout.adapters.extractive import ExtractiveAdapter
from scout.adapters.prompt import build_prompt, compared
from scout.config.settings import ExtractiveSettings
from scout.schemas.records import Candidates
from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.steps import rank
from scout.steps.synthesize import collect_subjects
from scout.stepkit.params import RankParams
from scout.task.build import build_task
from tests.steps.test_extract_rank import _ctx
from tests.steps.test_rank_periods import _flat


def _eur(amount: float) -> Money:
    return Money(amount=amount, currency="EUR", comparator="=")


def _text(offers: list[tuple[str, float, float | None, float | None]], lang: str = "en",
          cost_per: str | None = None) -> str:
    subjects, evidence = [], []
    for i, (name, amount, cost, rating) in enumerate(offers, 1):
        key = name.lower().replace(" ", "-")
        subjects.append(SubjectBrief(key=key, name=name, rank=i, price=_eur(amount),
                                     cost=cost, rating=rating,
                                     cost_per=cost_per if cost is not None else None))
        evidence.append(EvidenceItem(url=f"https://lab.test/{key}", title=name, subject=key,
                                     kind="snippet", text=f"{name}: {amount:g} EUR."))
    req = SynthesisRequest(
        question="q", task={"budget": {"amount": 900, "currency": "EUR"}},
        task_types={"budget": "money", "min_rating": "rating"}, lang=lang, evidence=evidence,
        candidates=[o[0] for o in offers], subjects=subjects)
    syn = ExtractiveAdapter("extractive", ExtractiveSettings(type="extractive")).call(req).value
    return " ".join(s.text for s in syn.sentences)


def test_the_cheapest_is_the_ranking_s_compared_amount_not_a_unit_s_price() -> None:
    text = _text([("Set of three", 690, 690, None), ("One pipette", 285, 855, None)])
    assert "Set of three is the cheapest option that fits your request: 690 EUR." in text
    assert "One pipette is the cheapest" not in text


def test_the_trade_off_compares_and_says_the_compared_amounts() -> None:
    text = _text([("Set of three", 690, 690, 8.0), ("One pipette", 285, 855, 9.0)])
    assert "One pipette is rated higher than Set of three (9.0/10 against 8.0/10) but " \
           "costs 165 EUR more (855 EUR as the ranking compares it (285 EUR as stated) " \
           "against 690 EUR)." in text
    es = _text([("Set of three", 690, 690, 8.0), ("One pipette", 285, 855, 9.0)], lang="es")
    assert "855 € tal como lo compara la clasificación (285 € según la fuente)" in es


def test_the_compared_amount_says_what_it_is_for() -> None:
    # a kind's yearly estimate divided by 12 (rank's cost_per: month): never a bare amount
    offers = [("Tariff A", 0.13, 44.69, 8.0), ("Tariff B", 0.12, 52.1, 9.0)]
    text = _text(offers, cost_per="month")
    # what the ranking compared opens, the page's price after it
    assert "44.69 EUR/month as the ranking compares it (0.13 EUR as stated)" in text
    # the difference is a month's too
    assert "costs 7.41 EUR/month more" in text
    es = _text(offers, lang="es", cost_per="month")
    assert "44,69 €/mes tal como lo compara la clasificación (0,13 € según la fuente)" in es
    assert "44.69 EUR (as the ranking" not in _text(offers)  # none said: bare, as before


def test_rank_carries_the_period_its_kind_declares() -> None:
    task = build_task("pipette, 3 units, under 900 EUR", INPUTS, today=dt.date(2026, 12, 6))
    items = [_flat("unit", ("https://a.test/", _eur(285))),
             _flat("set", ("https://b.test/", _eur(690)))]
    params = RankParams(items="candidates", as_="v", order_by=[SET_TIMES], descending=False,
                        cost_per="total")
    short = rank.run(_ctx(params, {"candidates": Candidates(items=items)}, task))
    assert [(i.cost, i.cost_per) for i in short.items] == [(690.0, "total"), (855.0, "total")]
    assert [b.cost_per for b in collect_subjects({"short": short})][:2] == ["total", "total"]
    unordered = _ranked(["v.key"]).items[0]
    assert unordered.cost_per is None and "cost_per" not in unordered.model_dump()
    with pytest.raises(ValueError, match="cost_per"):
        RankParams(items="candidates", cost_per="fortnightly")


def test_without_compared_amounts_the_price_decides_as_before() -> None:
    text = _text([("Set of three", 690, None, None), ("One pipette", 285, None, None)])
    assert "One pipette is the cheapest option that fits your request: 285 EUR." in text


INPUTS = {"quantity": InputSpec(type="integer", aliases=["units"]),
          "budget": InputSpec(type="money")}
#: the kind's arithmetic: a unit's price times the quantity, a set's as it is
SET_TIMES = ("v.price.amount * (task.quantity if task.quantity and 'set' not in v.key "
             "else 1) if v.price else none")


def _ranked(order_by: list[str], descending: bool = False):
    task = build_task("pipette, 3 units, under 900 EUR", INPUTS, today=dt.date(2026, 12, 6))
    items = [_flat("unit", ("https://a.test/", _eur(285))),
             _flat("set", ("https://b.test/", _eur(690)))]
    params = RankParams(items="candidates", as_="v", order_by=order_by, descending=descending)
    return rank.run(_ctx(params, {"candidates": Candidates(items=items)}, task))


def test_rank_records_what_its_order_compared_and_the_synthesis_gets_it() -> None:
    short = _ranked([SET_TIMES])
    assert [(i.candidate.key, i.cost) for i in short.items] == [("set", 690.0),
                                                                 ("unit", 855.0)]
    briefs = collect_subjects({"short": short})
    assert [(b.key, b.cost) for b in briefs] == [("set", 690.0), ("unit", 855.0)]


def test_a_descending_order_on_the_negated_price_is_the_price() -> None:
    short = _ranked(["-(v.price.amount) if v.price else none"], descending=True)
    assert [(i.candidate.key, i.cost) for i in short.items] == [("unit", 285.0),
                                                                 ("set", 690.0)]
    # the amounts are the prices: nothing travels to the synthesis (its dump unchanged)
    briefs = collect_subjects({"short": short})
    assert all(b.cost is None for b in briefs) and "cost" not in briefs[0].model_dump()


def test_no_order_on_the_price_or_one_wanting_the_dearest_records_none() -> None:
    assert all(i.cost is None for i in _ranked(["v.key"]).items)
    assert all(i.cost is None for i in _ranked(["-(v.price.amount)"]).items)
    assert "cost" not in _ranked(["v.key"]).items[0].model_dump()


def test_a_model_s_prompt_carries_the_compared_amounts() -> None:
    subjects = [SubjectBrief(key="set", name="Set of three", rank=1, price=_eur(690),
                             cost=690),
                SubjectBrief(key="one", name="One pipette", rank=2, price=_eur(285),
                             cost=855),
                SubjectBrief(key="out", name="Left out", price=_eur(9), cost=9)]
    costs = compared(subjects)
    assert costs == {"Set of three": "690 EUR", "One pipette": "855 EUR"}
    user = build_prompt("q", {}, ["Set of three", "One pipette"], [], 4000,
                        costs=costs).user
    assert "- One pipette (855 EUR)" in user and "not by a unit's price" in user
    monthly = SubjectBrief(key="t", name="Tariff", rank=1, price=_eur(0.13), cost=44.69,
                           cost_per="month")
    assert compared([monthly]) == {"Tariff": "44.69 EUR/month"}
    # none compared: the prompt is as it was
    assert build_prompt("q", {}, ["A"], [], 4000).user.startswith(
        "Question: q\n\nCandidates:\n- A\n")


@pytest.mark.parametrize("lang,said,never", [
    ("en", "One pipette is the cheapest option", "Cheap kit is the cheapest"),
    ("es", "One pipette es la opción más barata", "Cheap kit es la opción más barata"),
])
def test_a_record_the_ranking_could_not_cost_is_no_cheapest_by_its_page(lang, said,
                                                                         never) -> None:
    # the order works every cost out as the price itself but one it cannot (a filing asked
    # that the page prices nowhere: examples/accountants' "could not check: cost"): the
    # amounts equal the prices, so none travelled, and the page's 100 EUR was "the
    # cheapest" of options the ranking had put at 285 and 690
    query = "pipette, under 900 EUR" if lang == "en" else "pipeta, menos de 900 €"
    task = build_task(query, INPUTS, today=dt.date(2026, 12, 6))
    items = [_flat("unit", ("https://a.test/", _eur(285))),
             _flat("set", ("https://b.test/", _eur(690))),
             _flat("kit", ("https://c.test/", _eur(100)))]
    params = RankParams(items="candidates", as_="v", descending=False,
                        values={"cost": "none if 'kit' in v.key else v.price.amount"},
                        where=["task.budget is none or cost is none or "
                               "cost <= task.budget.amount"],
                        reasons=["over budget"], order_by=["cost"])
    short = rank.run(_ctx(params, {"candidates": Candidates(items=items)}, task))
    briefs = collect_subjects({"short": short})
    kit = next(i.candidate for i in short.items if i.candidate.key == "kit")
    assert "could not check: cost" in kit.flags
    assert {b.key: b.cost for b in briefs}["kit"] is None
    assert {b.key: b.cost for b in briefs}["unit"] == 285.0
    names = {"unit": "One pipette", "set": "Set of three", "kit": "Cheap kit"}
    briefs = [b.model_copy(update={"name": names[b.key]}) for b in briefs]
    evidence = [EvidenceItem(url=f"https://lab.test/{b.key}", title=b.name, subject=b.key,
                             kind="snippet", text=f"{b.name}: {b.price.amount:g} EUR.")
                for b in briefs]
    req = SynthesisRequest(
        question="q", task={"budget": {"amount": 900, "currency": "EUR"}},
        task_types={"budget": "money"}, lang=lang, evidence=evidence,
        candidates=[b.name for b in briefs], subjects=briefs)
    syn = ExtractiveAdapter("extractive", ExtractiveSettings(type="extractive")).call(req).value
    text = " ".join(s.text for s in syn.sentences)
    assert said in text and never not in text, text


@pytest.mark.parametrize("lang, words", [
    ("en", "Notaría Pérez is the cheapest option that fits your request: 120,000 CLP as the "
           "ranking works it out."),
    ("es", "Notaría Pérez es la opción más barata que encaja con tu petición: 120.000 CLP "
           "según el cálculo de la clasificación."),
])
def test_an_unpriced_record_the_kind_costed_says_its_amount(lang: str, words: str) -> None:
    """A page that states no price (a notary's 0.1 % of the property's value): the amount
    the kind worked out is said, never an empty "the cheapest: ."."""
    clp = Money(amount=120000, currency="CLP", comparator="=")
    subjects = [SubjectBrief(key="perez", name="Notaría Pérez", rank=1, price=None,
                             price_checked=clp, cost=120000, cost_per="total"),
                SubjectBrief(key="prov", name="Notaría Providencia", rank=2,
                             price=Money(amount=150000, currency="CLP", comparator="="),
                             cost=150000, cost_per="total")]
    evidence = [EvidenceItem(url=f"https://notaria.test/{s.key}", title=s.name, subject=s.key,
                             kind="snippet", text=f"{s.name}: 0,1% del valor.")
                for s in subjects]
    req = SynthesisRequest(question="q", task={}, task_types={"amount": "money"}, lang=lang,
                           evidence=evidence, candidates=[s.name for s in subjects],
                           subjects=subjects)
    syn = ExtractiveAdapter("extractive", ExtractiveSettings(type="extractive")).call(req).value
    text = " ".join(s.text for s in syn.sentences)
    assert words in text, text
    assert ": ." not in text


def test_a_left_out_records_compared_amount_is_given_where_it_differs() -> None:
    """A print shop left out over budget on its whole order (164 EUR against 0.06 EUR a
    page) has that amount in the prompt, as a shortlisted one does; one compared at its
    own price adds nothing."""
    subjects = [SubjectBrief(key="copiasur", name="Copiasur", rank=1,
                             price=Money(amount=0.04, currency="EUR", per="page"),
                             cost=93.5, cost_per="total"),
                SubjectBrief(key="printa", name="Printa", rank=None, excluded=["over budget"],
                             price=Money(amount=0.06, currency="EUR", per="page"),
                             cost=164, cost_per="total"),
                SubjectBrief(key="reprobox", name="Reprobox", rank=None,
                             excluded=["over budget"], price=_eur(210), cost=210)]
    costs = compared(subjects)
    assert costs == {"Copiasur": "93.5 EUR", "Printa": "164 EUR"}
    prompt = build_prompt("q", {}, ["Copiasur", "Printa", "Reprobox"], [], 4000, costs=costs)
    assert '"Printa" (164 EUR)' in prompt.user or "Printa (164 EUR)" in prompt.user, prompt.user
