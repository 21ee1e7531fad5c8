"""The keyless synthesis never compares prices per different units of work (66 USD an
hour against 1.20 USD a minute, a price per word against one stating no unit) as if they
were one: "costs 64.80 USD more (66 USD against 1.20 USD)". Prices rank put on one basis
are compared, said with their unit in the request's language."""

from __future__ import annotations

from scout.adapters.contract import EvidenceItem, SubjectBrief, SynthesisRequest
from scout.adapters.extractive import ExtractiveAdapter
from scout.config.settings import ExtractiveSettings
from scout.schemas.task import Money

Offer = tuple[str, float, "str | None", float, "Money | None"]


def _text(offers: list[Offer], lang: str = "en",
          budget: dict | None = None) -> str:
    subjects, evidence = [], []
    for rank, (name, amount, per, rating, checked) in enumerate(offers, 1):
        key = name.lower().replace(" ", "-")
        subjects.append(SubjectBrief(key=key, name=name, rank=rank, rating=rating,
                                     price=Money(amount=amount, currency="USD", per=per),
                                     price_checked=checked))
        evidence.append(EvidenceItem(url=f"https://lang.test/{key}", title=name, subject=key,
                                     kind="snippet", text=f"{name}: {amount:g} USD."))
    req = SynthesisRequest(
        question="q", task={"budget": budget or {"amount": 2, "currency": "USD",
                                                 "per": "minute"}},
        task_types={"budget": "money", "min_rating": "rating"}, lang=lang, evidence=evidence,
        candidates=[o[0] for o in offers], subjects=subjects)
    syn = ExtractiveAdapter("extractive", ExtractiveSettings(type="extractive")).call(req).value
    return " ".join(s.text for s in syn.sentences)


def test_an_hour_and_a_minute_are_not_compared_unconverted() -> None:
    offers: list[Offer] = [("Studio A", 66, "hour", 9.6, None),
                           ("Studio B", 1.2, "minute", 9.1, None)]
    text = _text(offers)
    assert "Between the top two, Studio A is rated higher than Studio B (9.6/10 against " \
           "9.1/10); their prices are on different bases (66 USD/hour against 1.20 " \
           "USD/minute), so neither is called cheaper." in text
    assert "cheapest" not in text and "more (" not in text and "less (" not in text
    assert "sus precios están en bases distintas (66 US$/hora frente a 1,20 US$/minuto)" \
        in _text(offers, lang="es")


def test_a_price_per_word_and_one_stating_no_unit_are_not_compared() -> None:
    text = _text([("Agency", 25, None, 9.0, None), ("Freelance", 0.08, "word", 9.0, None)],
                 budget={"amount": 0.1, "currency": "USD", "per": "word"})
    assert "Between the top two, the prices of Agency and Freelance are on different " \
           "bases (25 USD against 0.08 USD/word), so neither is called cheaper." in text
    assert "cheapest" not in text and "more (" not in text and "less (" not in text


def test_prices_rank_put_on_one_basis_are_compared_with_their_unit() -> None:
    per_minute = Money(amount=1.1, currency="USD", comparator="=", per="minute")
    offers: list[Offer] = [("Studio A", 66, "hour", 9.6, per_minute),
                           ("Studio B", 1.2, "minute", 9.1, None)]
    text = _text(offers)
    assert "Studio A is both the best rated and the cheapest option that fits your " \
           "request: 9.6/10, 66 USD/hour (≈ 1.10 USD/minute)." in text
    es = _text(offers, lang="es")
    assert "66 US$/hora (≈ 1,10 US$/minuto)" in es and "1,20 US$/minuto" in es
    # the difference is per minute too: 0.10 USD a minute is no 0.10 USD in all
    assert "also costs 0.10 USD/minute less (66 USD/hour" in text
    assert "cuesta 0,10 US$/minuto menos" in es


def test_prices_equal_once_on_one_basis_are_neither_cheaper() -> None:
    # 27 USD a page is ≈ 0.11 USD a word (250 words a page), as is 0.11 USD a word: the
    # rated one is not "the cheapest", and their difference is no "0 USD"
    per_word = Money(amount=0.11, currency="USD", comparator="=", per="word")
    offers: list[Offer] = [("Agency", 0.11, "word", 9.8, None),
                           ("Freelance", 27, "page", None, per_word)]  # type: ignore[list-item]
    budget = {"amount": 0.2, "currency": "USD", "per": "word"}
    text = _text(offers, budget=budget)
    assert "cheapest" not in text and "less (" not in text
    assert "Agency is the best rated option that fits your request: 9.8/10." in text
    assert "Between the top two, Agency and Freelance cost the same (0.11 USD/word); the " \
           "rating of Freelance is not known." in text
    assert "Agency y Freelance cuestan lo mismo (0,11 US$/palabra)" \
        in _text(offers, lang="es", budget=budget)


def test_two_options_at_the_cheapest_price_are_both_named() -> None:
    # neither is "the cheapest" alone: the best rated costs more, the two others the same
    per_word = Money(amount=0.11, currency="USD", comparator="=", per="word")
    offers: list[Offer] = [("Agency", 0.2, "word", 9.8, None),
                           ("Freelance", 0.11, "word", 9.0, None),
                           ("Studio", 27, "page", 8.0, per_word)]
    budget = {"amount": 0.3, "currency": "USD", "per": "word"}
    text = _text(offers, budget=budget)
    assert "Freelance and Studio are the cheapest options that fit your request, at the " \
           "same price: 0.11 USD/word." in text
    assert "is the cheapest option" not in text
    assert "Freelance y Studio son las opciones más baratas que encajan con tu petición, " \
           "al mismo precio: 0,11 US$/palabra." in _text(offers, lang="es", budget=budget)
