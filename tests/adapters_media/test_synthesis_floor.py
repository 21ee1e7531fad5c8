"""The keyless synthesis for a kind whose money is a floor, an amount the reader wants
more of (a salary, a grant): asked as a minimum ("more than 40,000 EUR a year") or held
by an input named ``min_...``. Its lowest amount is the worst paid, never "the cheapest
option", no amount is a budget, and the top two are not compared on what they "cost"."""

from __future__ import annotations

from scout.adapters.contract import EvidenceItem, SubjectBrief, SynthesisRequest
from scout.adapters.extractive import ExtractiveAdapter
from scout.adapters.subjects import Constraints
from scout.config.settings import ExtractiveSettings
from scout.schemas.task import Money

OFFERS = [("Data Scientist, Acme", 52000, 8.4), ("Data Scientist, Nube", 45000, 9.1)]


def _request(money_input: str, value: dict | None, *, rated: bool = False) -> SynthesisRequest:
    types = {"role": "subject", money_input: "money"}
    task: dict = {"role": "data scientist", money_input: value}
    if rated:
        types["min_rating"] = "rating"
    subjects, evidence = [], []
    for rank, (name, pay, rating) in enumerate(OFFERS, 1):
        key = name.lower().replace(", ", "-").replace(" ", "-")
        subjects.append(SubjectBrief(key=key, name=name, rank=rank,
                                     rating=rating if rated else None,
                                     price=Money(amount=pay, currency="EUR", per="year")))
        evidence.append(EvidenceItem(url=f"https://jobs.test/{key}", title=name, subject=key,
                                     kind="snippet", text=f"{name}: {pay} EUR a year."))
    return SynthesisRequest(question="q", task=task, task_types=types, lang="en",
                            evidence=evidence, candidates=[n for n, _, _ in OFFERS],
                            subjects=subjects)


def _text(req: SynthesisRequest) -> str:
    syn = ExtractiveAdapter("extractive", ExtractiveSettings(type="extractive")).call(req).value
    return " ".join(s.text for s in syn.sentences)


def test_a_salary_asked_as_a_minimum_is_no_cheapest_option():
    text = _text(_request("salary", {"amount": 40000, "currency": "EUR", "comparator": ">=",
                                     "per": "year"}))
    assert "cheapest" not in text
    # the table's order, which the kind's ranking set: a request ranks nothing
    assert ("Data Scientist, Acme comes first of the 2 options that fit your request, in the "
            "shortlist's order.") in text


def test_the_same_request_with_a_cap_still_names_the_cheapest():
    text = _text(_request("salary", {"amount": 60000, "currency": "EUR", "comparator": "<=",
                                     "per": "year"}))
    assert "Data Scientist, Nube is the cheapest option that fits your request" in text


def test_an_input_named_min_is_a_floor_asked_or_not():
    for value in (None, {"amount": 40000, "currency": "EUR", "per": "year"}):
        limits = Constraints.of({"min_salary": value}, {"min_salary": "money"})
        assert limits.floor and limits.budget is None
        assert "cheapest" not in _text(_request("min_salary", value))


def test_the_top_two_are_compared_on_rating_not_on_what_they_cost():
    text = _text(_request("min_salary", None, rated=True))
    assert "Between the top two, Data Scientist, Nube is rated higher than Data Scientist, " \
           "Acme (9.1/10 against 8.4/10)." in text
    assert "cost" not in text and "cheapest" not in text


def test_an_offer_with_no_salary_and_the_caveat_use_no_price_words_in_both_languages():
    req = _request("min_salary", None)
    briefs = list(req.subjects)
    briefs[1] = briefs[1].model_copy(update={"price": None})
    evidence = [e if e.subject != briefs[1].key else e.model_copy(update={"text": "Remote."})
                for e in req.evidence]
    for lang, words in (("en", ("Data Scientist, Nube states no amount.",
                                "Amounts are what the sources stated")),
                        ("es", ("Data Scientist, Nube no indica ninguna cantidad.",
                                "Las cantidades son las que daban las fuentes"))):
        one = req.model_copy(update={"subjects": briefs, "evidence": evidence, "lang": lang})
        syn = ExtractiveAdapter("extractive",
                                ExtractiveSettings(type="extractive")).call(one).value
        text = " ".join(s.text for s in syn.sentences) + " ".join(
            n.text for c in syn.candidates for n in c.facts) + " ".join(
            c.text for c in syn.caveats)
        for w in words:
            assert w in text, (w, text)
        assert not any(p in text.lower() for p in ("price", "precio", "budget", "presupuesto"))


def test_a_floor_declared_beside_its_cap_is_no_budget():
    # a tender's estimated value asked as a window: min_budget and max_budget, the cap
    # sorting first; the kind still asks for amounts it wants more of
    types = {"subject": "subject", "min_budget": "money", "max_budget": "money"}
    cap = {"amount": 200000, "currency": "EUR", "comparator": "<="}
    for values in ({"max_budget": cap},
                   {"max_budget": cap, "min_budget": {"amount": 50000, "currency": "EUR",
                                                      "comparator": ">="}}):
        limits = Constraints.of({"values": values}, types)
        assert limits.floor and limits.budget is None, values
    # a cap alone, no floor declared: the budget, as before
    only = Constraints.of({"values": {"max_budget": cap}},
                          {"subject": "subject", "max_budget": "money"})
    assert not only.floor and only.budget is not None
