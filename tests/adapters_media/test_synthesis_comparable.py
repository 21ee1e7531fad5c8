"""One option whose price cannot be compared with the others' (another currency with no
rate, a price each among prices for the whole group, a rate per hour among prices for the
job) no longer keeps the keyless synthesis from naming the cheapest of the others: it is
the cheapest of those compared, and the one left apart is named with its price. Two
groups as large as each other still name no cheapest. Any kind; both languages."""

from __future__ import annotations

from scout.adapters.contract import EvidenceItem, SubjectBrief, SynthesisRequest
from scout.adapters.extractive import ExtractiveAdapter
from scout.config.settings import ExtractiveSettings
from scout.schemas.task import Money

Offer = tuple[str, float, str, str | None, float | None]


def _text(offers: list[Offer], lang: str = "en", budget: dict | None = None) -> str:
    subjects, evidence = [], []
    for rank, (name, amount, currency, per, rating) in enumerate(offers, 1):
        key = name.lower().replace(" ", "-")
        subjects.append(SubjectBrief(key=key, name=name, rank=rank, rating=rating,
                                     price=Money(amount=amount, currency=currency,
                                                 per=per)))  # type: ignore[arg-type]
        evidence.append(EvidenceItem(url=f"https://shop.test/{key}", title=name, subject=key,
                                     kind="snippet", text=f"{name}: {amount:g} {currency}."))
    req = SynthesisRequest(
        question="q", task={"budget": budget or {"amount": 500, "currency": "EUR"}},
        task_types={"budget": "money", "min_rating": "rating"}, lang=lang,
        evidence=evidence, candidates=[o[0] for o in offers], subjects=subjects)
    syn = ExtractiveAdapter("extractive", ExtractiveSettings(type="extractive")).call(req).value
    return " ".join(s.text for s in syn.sentences)


# a lab service: three quotes for the job in EUR, one in USD no rate converted
LABS = [("Lab A", 420, "EUR", None, 9.1), ("Lab B", 380, "EUR", None, 8.7),
        ("Lab C", 300, "USD", None, 8.2), ("Lab D", 450, "EUR", None, 8.0)]
# tours: three prices a head, one a private group's
TOURS = [("Walk one", 30, "EUR", "person", None), ("Private walk", 120, "EUR", None, None),
         ("Walk two", 25, "EUR", "person", None), ("Walk three", 28, "EUR", "person", None)]


def test_another_currency_is_named_apart_in_english():
    text = _text(LABS)
    assert "Lab B is the cheapest among the options whose prices could be compared " \
           "(380 EUR); the price of Lab C (300 USD) could not be compared with theirs." \
        in text, text


def test_a_group_price_among_prices_each_in_spanish():
    text = _text(TOURS, "es", {"amount": 40, "currency": "EUR", "per": "person"})
    assert "Walk two es la más barata entre las opciones cuyos precios se pueden comparar " \
           "(25 €/persona); el precio de Private walk (120 €) no se ha podido comparar " \
           "con los suyos." in text, text


def test_a_rate_per_hour_among_prices_for_the_job():
    text = _text([("Fixer", 35, "GBP", "hour", 9.0), ("Builder one", 900, "GBP", None, 8.0),
                  ("Builder two", 850, "GBP", None, 7.5)], "en",
                 {"amount": 1000, "currency": "GBP"})
    assert "Builder two is the cheapest among the options whose prices could be compared " \
           "(850 GBP); the price of Fixer (35 GBP/hour) could not be compared" in text, text


def test_two_groups_alike_in_size_still_name_no_cheapest():
    text = _text([("Lab A", 420, "EUR", None, 9.1), ("Lab B", 380, "EUR", None, 8.7),
                  ("Lab C", 300, "USD", None, 8.2), ("Lab D", 250, "USD", None, 8.0)])
    assert "cheapest" not in text, text


def test_all_comparable_is_said_as_before():
    text = _text([o for o in LABS if o[2] == "EUR"])
    assert "Lab B is the cheapest option that fits your request: 380 EUR." in text, text
