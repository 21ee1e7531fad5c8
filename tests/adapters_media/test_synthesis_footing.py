"""The keyless synthesis never compares a price each (``per`` person) with a price that
states no ``per`` (a private tour's 240 € for the whole group): neither is "the cheapest"
and the top two are not said to cost more or less than each other. Found writing
examples/tours; checked for any kind."""

from __future__ import annotations

from scout.adapters.contract import EvidenceItem, SubjectBrief, SynthesisRequest
from scout.adapters.extractive import ExtractiveAdapter
from scout.adapters.localefmt import Formatter
from scout.config.settings import ExtractiveSettings
from scout.i18n import translations
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


def _shared(lang: str) -> str:
    """A half day's price and a day's, each shared by 2 (scout.steps.rank_heads): one head's
    per half day and per day, the period kept beside the head."""
    def eur(amount: float, per: str, each: str | None = None) -> Money:
        return Money(amount=amount, currency="EUR", per=per, each=each)  # type: ignore[arg-type]
    subjects = [SubjectBrief(key="half", name="Half boat", rank=1, rating=9.0,
                             price=eur(150, "half day"), price_checked=eur(75, "half day", "person")),
                SubjectBrief(key="day", name="Day boat", rank=2, rating=8.0,
                             price=eur(180, "day"), price_checked=eur(90, "day", "person"))]
    evidence = [EvidenceItem(url=f"https://boats.test/{s.key}", title=s.name, subject=s.key,
                             kind="snippet", text=f"{s.name}.") for s in subjects]
    req = SynthesisRequest(
        question="q", task={"budget": {"amount": 100, "currency": "EUR", "per": "person"}},
        task_types={"budget": "money"}, lang=lang, evidence=evidence,
        candidates=["Half boat", "Day boat"], subjects=subjects)
    syn = ExtractiveAdapter("extractive", ExtractiveSettings(type="extractive")).call(req).value
    return " ".join(s.text for s in syn.sentences)


def test_shares_on_different_periods_are_not_compared():
    """75 € a head for a half day is not cheaper than 90 € a head for a day: neither is the
    cheapest, nor cheaper than the other; a share is written with its head and its period."""
    text = _shared("en")
    assert "Half boat is rated higher than Day boat" in text
    assert "cheapest" not in text and " less (" not in text and " more (" not in text
    es = _shared("es")
    assert "Half boat tiene mejor valoración" in es
    assert "más barat" not in es and " menos (" not in es and " más (" not in es
    share = Money(amount=75, currency="EUR", per="half day", each="person")
    assert Formatter("es", translations("es")).money(share) == "75 €/persona/media jornada"
    assert Formatter("en", translations("en")).money(share) == "75 EUR/person/half day"
