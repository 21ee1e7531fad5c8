"""The keyless synthesis never says an option "fits your request" when the ranking kept
it without checking all the request asks ("could not check: people": a venue stating only
its standing capacity, when seats are asked): it names it as the shortlist's best rated
or cheapest, says it may not fit and why, in the request's language; the rest as before.
The subject's ``unchecked`` is left out of the request's dump when empty (cache keys)."""

from __future__ import annotations

import pytest

from scout.adapters.contract import EvidenceItem, SubjectBrief, SynthesisRequest
from scout.adapters.extractive import ExtractiveAdapter
from scout.config.settings import ExtractiveSettings
from scout.schemas.records import Candidate
from scout.schemas.task import Money
from scout.steps.synthesize import _brief

# a word scout's catalog translates stands for the criterion (a kind's own is in its catalog)
VENUES = [("Auditori Sant Pau", 7500, 9.6, []), ("Fabra Nau", 3500, None,
                                                  ["could not check: price"])]


def _text(lang: str, venues=VENUES) -> str:
    subjects, evidence = [], []
    for rank, (name, price, rating, unchecked) in enumerate(venues, 1):
        key = name.lower().replace(" ", "-")
        subjects.append(SubjectBrief(key=key, name=name, rank=rank, rating=rating,
                                     price=Money(amount=price, currency="EUR", per="day"),
                                     unchecked=unchecked))
        evidence.append(EvidenceItem(url=f"https://venues.test/{key}", title=name, subject=key,
                                     kind="snippet", text=f"{name}: {price} EUR per day."))
    req = SynthesisRequest(
        question="q", task={"budget": None, "min_rating": None},
        task_types={"budget": "money", "min_rating": "rating"}, lang=lang, evidence=evidence,
        candidates=[v[0] for v in venues], subjects=subjects)
    syn = ExtractiveAdapter("extractive", ExtractiveSettings(type="extractive")).call(req).value
    return " ".join(s.text for s in syn.sentences)


@pytest.mark.parametrize(("lang", "said", "never"), [
    ("en", ["Auditori Sant Pau is the best rated option that fits your request",
            "Fabra Nau is the cheapest option on the shortlist, though it may not fit your "
            "request (could not check: price): 3,500 EUR/day."],
     "Fabra Nau is the cheapest option that fits"),
    ("es", ["Fabra Nau es la opción más barata de la selección, aunque puede que no encaje "
            "con tu petición (no se pudo comprobar: precio): 3.500 €/día."],
     "Fabra Nau es la opción más barata que encaja"),
])
def test_an_option_not_checked_in_full_is_not_said_to_fit(lang, said, never) -> None:
    text = _text(lang)
    for words in said:
        assert words in text, text
    assert never not in text


def test_the_only_option_not_checked_in_full_is_not_said_to_fit() -> None:
    text = _text("en", VENUES[1:])
    assert text.startswith("Fabra Nau is the only option on the shortlist, though it may not "
                           "fit your request (could not check: price): 3,500 EUR/day."), text


def test_a_brief_carries_the_unchecked_flags_and_dumps_as_before_without() -> None:
    c = Candidate(key="nau", name="Fabra Nau", url="https://venues.test/nau",
                  flags=["rating unknown", "could not check: price"])
    assert _brief(c, 1, []).unchecked == ["could not check: price"]
    checked = _brief(c.model_copy(update={"flags": ["rating unknown"]}), 1, [])
    assert "unchecked" not in checked.model_dump()
