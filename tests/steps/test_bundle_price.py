"""A price for several of the kind's unit (an 8-GPU instance, a pack of 10 classes, a case
of 6 bottles) is compared per one: rank's ``bundle`` divides it by the count its line
states, keeps the count (``Candidate.bundle``) and flags it in both languages
(scout.steps.packprice)."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.i18n.messages import localize
from scout.schemas.records import Candidates
from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.steps import rank
from scout.steps.packprice import bundle_count
from scout.stepkit.params import RankParams
from scout.task.build import build_task
from tests.steps.test_extract_rank import _ctx
from tests.steps.test_rank_periods import _flat

GPU = ["GPUs", "GPU", "x"]
CLASSES = ["clases", "classes", "sesiones", "sessions"]
BOTTLES = ["botellas", "bottles"]


@pytest.mark.parametrize("text, words, count", [
    ("Lambda: 8x NVIDIA H100 80GB SXM $23.92/hr (8 GPUs). Per-minute billing.", GPU, 8),
    ("Vast.ai: 4x RTX 4090 24GB instance, $1.60/hr", GPU, 4),
    ("Bono de 10 clases por 180 €", CLASSES, 10),
    ("5-class pass: £60", CLASSES, 5),
    ("Caja de 6 botellas: 54 €", BOTTLES, 6),
    ("Pack of 12, £90", BOTTLES, 12),
    ("£54 the 6-pack", BOTTLES, 6),
    # a price per one, said so, is never divided, whatever the node holds
    ("8x H100 SXM nodes, $2.00 per GPU-hour on-demand", GPU, None),
    ("H100 SXM5 80GB, $2.19/GPU/hr", GPU, None),
    ("RTX 4090 24GB, 0,35 $/h por GPU", GPU, None),
    ("Clase suelta: 20 € por clase", CLASSES, None),
    # one, or none counted: the price as it stands
    ("Scaleway: 1x H100 €2.73/h", GPU, None),
    ("A100 SXM 80GB, $1.64/hr", GPU, None),
])
def test_how_many_units_one_price_is_for(text: str, words: list[str],
                                         count: int | None) -> None:
    assert bundle_count(text, words) == count


INPUTS = {"purpose": InputSpec(type="subject"), "budget": InputSpec(type="money")}
WHERE = ["task.budget is none or v.price is none or v.price.amount <= task.budget.amount"]


def _offer(key: str, text: str, amount: float, per: str | None = None):
    c = _flat(key, (f"https://{key}.test/", Money(amount=amount, currency="EUR",
                                                  comparator="=", per=per)))
    c.evidence[0].text = text
    return c


@pytest.mark.parametrize("query", ["yoga classes under 20 euros a class",
                                   "clases de yoga por menos de 20 € la clase"])
def test_a_pack_is_compared_per_unit_and_ordered_by_it(query: str) -> None:
    task = build_task(query, INPUTS, today=dt.date(2026, 12, 6))
    offers = [_offer("single", "Clase suelta: 19 €", 19),
              _offer("pack", "Bono de 10 clases por 150 €", 150),       # 15 a class
              _offer("dear", "Bono 5 clases: 125 €", 125)]              # 25 a class
    params = RankParams(items="candidates", as_="v", where=WHERE,
                        order_by=["v.price.amount if v.price else none"], descending=False,
                        bundle={"unit": "class", "words": CLASSES})
    short = rank.run(_ctx(params, {"candidates": Candidates(items=offers)}, task))
    assert [i.candidate.key for i in short.items] == ["pack", "single"]
    assert [c.key for c, _ in short.excluded] == ["dear"]
    pack = short.items[0].candidate
    assert pack.bundle == 10 and pack.price is not None and pack.price.amount == 150
    assert pack.price_converted is not None and pack.price_converted.amount == 15
    flag = "price of a bundle of 10, divided by them to compare it per class"
    assert pack.flags == [flag] and not pack.unchecked_flags
    assert localize(flag, "es") == "precio de un lote de 10, dividido entre 10 para compararlo por class"
    single = short.items[1].candidate
    assert single.bundle is None and single.price_converted is None
    assert "bundle" not in single.model_dump()  # artifacts of other kinds unchanged


def test_no_bundle_declared_leaves_a_pack_whole() -> None:
    task = build_task("yoga classes under 20 euros", INPUTS, today=dt.date(2026, 12, 6))
    params = RankParams(items="candidates", as_="v", where=WHERE)
    short = rank.run(_ctx(params, {"candidates": Candidates(items=[
        _offer("pack", "Bono de 10 clases por 150 €", 150)])}, task))
    assert short.items == [] and short.excluded[0][0].bundle is None


def test_a_bundle_names_its_words() -> None:
    with pytest.raises(ValueError, match="words"):
        RankParams(items="candidates", bundle={"unit": "GPU", "words": []})


@pytest.mark.parametrize("lang, said", [
    ("en", "23.92 USD/hour (2.99 USD/hour each, the bundle's price divided by 8)"),
    ("es", "23,92 US$/hora (2,99 US$/hora cada uno: el precio del lote entre 8)")])
def test_the_synthesis_says_the_bundle_s_price_and_one_s(lang: str, said: str) -> None:
    from scout.adapters.contract import EvidenceItem, SubjectBrief, SynthesisRequest
    from scout.adapters.extractive import ExtractiveAdapter
    from scout.config.settings import ExtractiveSettings

    def usd(amount: float) -> Money:
        return Money(amount=amount, currency="USD", comparator="=", per="hour")

    subjects = [SubjectBrief(key="node", name="Lambda 8x H100", rank=1, price=usd(23.92),
                             price_checked=usd(2.99), bundle=8),
                SubjectBrief(key="one", name="RunPod H100", rank=2, price=usd(3.2))]
    evidence = [EvidenceItem(url=f"https://{s.key}.test/", title=s.name, subject=s.key,
                             kind="snippet", text=f"{s.name}: ${s.price.amount}/hr.")
                for s in subjects if s.price is not None]
    req = SynthesisRequest(question="q", task={}, task_types={}, lang=lang,
                           evidence=evidence, candidates=[s.name for s in subjects],
                           subjects=subjects)
    syn = ExtractiveAdapter("extractive", ExtractiveSettings(type="extractive")).call(req).value
    text = " ".join(s.text for s in syn.sentences)
    assert said in text and "≈" not in text
