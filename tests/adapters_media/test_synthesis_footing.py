"""The keyless synthesis never compares a price each (``per`` person) with a price that
states no ``per`` (a private tour's 240 € for the whole group): neither is "the cheapest"
and the top two are not said to cost more or less than each other. Found writing
examples/tours; checked for any kind."""

from __future__ import annotations

from scout.adapters.contract import EvidenceItem, SubjectBrief, SynthesisRequest
from scout.adapters.extractive import ExtractiveAdapter
from scout.config.settings import ExtractiveSettings
from scout.schemas.task import Money


def _text(offers: list[tuple[str, float, str | None, float]]) -> str:
    subjects, evidence = [], []
    for rank, (name, amount, per, rating) in enumerate(offers, 1):
        key = name.lower().replace(" ", "-")
        subjects.append(SubjectBrief(key=key, name=name, rank=rank, rating=rating,
                                     price=Money(amount=amount, currency="EUR", per=per)))
        evidence.append(EvidenceItem(url=f"https://tours.test/{key}", title=name, subject=key,
                                     kind="snippet", text=f"{name}: {amount:g} EUR."))
    req = SynthesisRequest(
        question="q", task={"budget": {"amount": 80, "currency": "EUR", "per": "person"}},
        task_types={"budget": "money", "min_rating": "rating"}, lang="en", evidence=evidence,
        candidates=[o[0] for o in offers], subjects=subjects)
    syn = ExtractiveAdapter("extractive", ExtractiveSettings(type="extractive")).call(req).value
    return " ".join(s.text for s in syn.sentences)


def test_a_group_price_and_a_price_each_are_not_compared():
    text = _text([("Private tour", 240, None, 9.8), ("Shared tour", 65, "person", 9.4)])
    assert "Between the top two, Private tour is rated higher than Shared tour " \
           "(9.8/10 against 9.4/10)." in text
    assert "cheapest" not in text and "more (" not in text


def test_prices_each_are_still_compared():
    text = _text([("Private tour", 70, "person", 9.8), ("Shared tour", 65, "person", 9.4)])
    assert "Shared tour is the cheapest option that fits your request" in text
    assert "but costs 5 EUR/person more" in text


def test_prices_with_no_per_are_still_compared():
    text = _text([("Boat A", 240, None, 9.8), ("Boat B", 200, None, 9.4)])
    assert "Boat B is the cheapest option that fits your request" in text
