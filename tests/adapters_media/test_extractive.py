"""Extractive synthesis: deterministic, cites only what it was given, needs no network.

The structured content (recommendation, pros/cons, conflicts, ...) is tested on the e2e
world's evidence in test_synthesis_structured.py; these tests hold the adapter's contract.
"""

from __future__ import annotations

import socket

import pytest

from scout.adapters.extractive import ExtractiveAdapter
from scout.config.settings import ExtractiveSettings
from scout.adapters.text import split_sentences
from scout.adapters.contract import EvidenceItem, SubjectBrief, SynthesisRequest
from scout.schemas.task import Money

TASK = {"destination": "Barcelona", "month": {"year": 2026, "month": 9},
        "budget": {"amount": 200.0, "currency": "EUR", "comparator": "<="}, "min_rating": 8.0}
TYPES = {"destination": "place", "month": "month", "budget": "money", "min_rating": "rating"}

EVIDENCE = [
    EvidenceItem(url="https://reviews.example/arts", title="Hotel Arts review",
                 subject="hotel-arts", kind="review", rating=8.8,
                 price=Money(amount=180, currency="EUR", per="night"),
                 text="Hotel Arts Barcelona sits right on the beach. Rooms cost about 180 EUR "
                      "per night in September. The staff were friendly. I liked it a lot."),
    EvidenceItem(url="https://guide.example/fuster", title="Casa Fuster", subject="casa-fuster",
                 kind="review", rating=9.1,
                 text="Casa Fuster is a luxury hotel in Gracia, Barcelona. Guests give it "
                      "excellent reviews, 9.1 out of 10. Parking nearby is expensive."),
    EvidenceItem(url="https://blog.example/qubits", title="Quantum things",
                 text="Quantum computers use qubits to compute things very quickly indeed."),
    EvidenceItem(url="https://forum.example/t/1", title="Budget tips",
                 text="Most hotels in Barcelona raise prices in September because of "
                      "conferences. Booking early keeps the price under 200 EUR."),
]
SUBJECTS = [
    SubjectBrief(key="casa-fuster", name="Casa Fuster", rank=1, rating=9.1),
    SubjectBrief(key="hotel-arts", name="Hotel Arts", rank=2, rating=8.8,
                 price=Money(amount=180, currency="EUR", per="night")),
]


def run(evidence: list[EvidenceItem] = EVIDENCE, subjects: list[SubjectBrief] = SUBJECTS,
        **kw: object):
    req = SynthesisRequest(question="Which hotels are good value?", task=TASK,
                           task_types=TYPES, candidates=[s.name for s in subjects],
                           subjects=subjects, evidence=evidence, **kw)
    adapter = ExtractiveAdapter("extractive", ExtractiveSettings(type="extractive"))
    return adapter.call(req)


def test_identical_output_across_two_runs() -> None:
    first, second = run(), run()
    assert first.value.model_dump_json() == second.value.model_dump_json()
    assert first.meta == second.meta
    # and in a fresh adapter with the evidence given as equal but distinct objects
    copy = [EvidenceItem(**e.model_dump()) for e in EVIDENCE]
    assert run(copy).value.model_dump_json() == first.value.model_dump_json()


def test_cites_only_the_sources_it_was_given() -> None:
    syn = run().value
    given = {e.url: e for e in EVIDENCE}
    assert syn.sentences, "expected at least one sentence"
    assert {c.url for c in syn.citations} <= set(given)
    assert [c.index for c in syn.citations] == list(range(1, len(syn.citations) + 1))
    assert all(c.title == given[c.url].title for c in syn.citations)
    known = {c.index for c in syn.citations}
    assert all(set(s.citations) <= known for s in syn.sentences)
    assert syn.adapter == "extractive" and syn.sources == []


def test_quotes_come_from_the_evidence_item_they_cite() -> None:
    syn = run().value
    by_index = {c.index: c.url for c in syn.citations}
    texts = {e.url: " ".join(e.text.split()) for e in EVIDENCE}
    notes = [n for c in syn.candidates for n in c.pros + c.cons]
    assert notes, "expected pros or cons"
    for note in notes:
        assert len(note.citations) == 1
        assert note.quote in texts[by_index[note.citations[0]]]
    arts = next(c for c in syn.candidates if c.name == "Hotel Arts")
    assert [n.quote for n in arts.pros] == ["The staff were friendly."]
    fuster = syn.candidates[0]
    assert [n.aspect for n in fuster.cons] == ["value"]  # "Parking nearby is expensive."


def test_unrelated_evidence_is_not_used() -> None:
    syn = run().value
    assert "https://blog.example/qubits" not in {c.url for c in syn.citations}
    assert not any("qubits" in s.text for s in syn.sentences)


def test_recommendation_uses_the_subjects_values() -> None:
    rec = [s.text for s in run().value.recommendation]
    assert rec[0] == "Casa Fuster is the best rated option that fits your request: 9.1/10."
    # the only known price of the top options: no "cheapest" (the others may cost less)
    assert rec[1] == ("Hotel Arts is the only option that fits your request with a known price: "
                      "180 EUR/night.")
    # a price unknown for one of the top two is said, not guessed
    assert rec[2] == ("Between the top two, Casa Fuster is rated higher than Hotel Arts "
                      "(9.1/10 against 8.8/10); the price of Casa Fuster is not known.")
    fuster = run().value.candidates[0]
    assert [f.text for f in fuster.facts] == [
        "No price was found for Casa Fuster, so the budget could not be checked."]


def test_max_sentences_bounds_the_quotes_per_candidate() -> None:
    many = [EvidenceItem(url="https://one.example/", title="One", subject="hotel-arts",
                         text=" ".join(f"Room {i} was clean, the staff {i} friendly, the "
                                       f"breakfast {i} great, the wifi {i} fast."
                                       for i in range(10)))]
    adapter = ExtractiveAdapter("extractive", ExtractiveSettings(
        type="extractive", max_sentences=2, max_pros=5))
    req = SynthesisRequest(question="q", task=TASK, task_types=TYPES, subjects=SUBJECTS,
                           evidence=many)
    arts = next(c for c in adapter.call(req).value.candidates if c.name == "Hotel Arts")
    assert len(arts.pros) + len(arts.cons) <= 2
    # one quote per sentence, and a sentence only when it adds an aspect
    assert len({n.quote for n in arts.pros}) == len(arts.pros)


def test_duplicate_sentences_are_quoted_once() -> None:
    dup = [EvidenceItem(url=u, title="T", subject="hotel-arts",
                        text="The staff at Hotel Arts were friendly.")
           for u in ("https://a.example/", "https://b.example/")]
    syn = run(dup).value
    arts = next(c for c in syn.candidates if c.name == "Hotel Arts")
    assert len(arts.pros) == 1 and syn.citations[0].url == "https://a.example/"


def test_nothing_found_says_so_in_the_synthesis_itself() -> None:
    """No candidate at all: the section answers in a sentence (an empty section under
    its heading reads as a fault), citing nothing, and says it once (no note)."""
    syn = run([], []).value
    assert [s.text for s in syn.recommendation] == [
        "The searches found no candidate, so there is nothing to recommend."]
    assert syn.citations == [] and syn.notes == []


def test_candidates_with_no_evidence_get_a_note() -> None:
    syn = run([]).value
    assert syn.citations == []
    assert syn.notes == ["no evidence was collected, so there is nothing to summarise"]


def test_text_joins_sentences_with_their_markers() -> None:
    syn = run().value
    expected = " ".join(s.text + "".join(f" [{n}]" for n in s.citations)
                        for s in syn.sentences)
    assert syn.text == expected


def test_needs_no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_network(*a: object, **k: object) -> None:
        raise AssertionError("extractive must not touch the network")

    monkeypatch.setattr(socket, "socket", no_network)
    monkeypatch.setattr(socket, "getaddrinfo", no_network)
    assert run().value.sentences
    assert ExtractiveAdapter.uses_http is False


@pytest.mark.parametrize("text,expected", [
    ("One sentence. Two sentence! Three?", ["One sentence.", "Two sentence!", "Three?"]),
    ("Rate is 5.50% now. Next one.", ["Rate is 5.50% now.", "Next one."]),
    ("Cuts came[1][3]. Then more[2].", ["Cuts came[1][3].", "Then more[2]."]),
    ("- item one\n- item two", ["item one", "item two"]),
    ("e.g. lowercase after a dot stays", ["e.g. lowercase after a dot stays"]),
])
def test_split_sentences(text: str, expected: list[str]) -> None:
    assert split_sentences(text) == expected


def test_a_source_naming_the_more_specific_look_alike_is_about_it_alone() -> None:
    # "Iberia evening MAD–JFK" says every word of "Iberia MAD–JFK": a page naming the
    # evening flight was read as naming both, so its sentences went to neither (a loose
    # page) or to the morning flight too (its own pages' quotes)
    subjects = [SubjectBrief(key="am", name="Iberia MAD–JFK", rank=1),
                SubjectBrief(key="pm", name="Iberia evening MAD–JFK", rank=2)]
    page = EvidenceItem(url="https://blog.example/iberia", title="Flying to New York",
                        text="The Iberia evening MAD–JFK crew were friendly and helpful.")
    own = EvidenceItem(url="https://flights.example/am", title="Iberia MAD–JFK", subject="am",
                       text="The Iberia evening MAD–JFK crew were friendly and helpful. "
                            "Iberia MAD–JFK boarding was quick and well organised.")
    syn = run([page, own], subjects).value
    quotes = {c.name: [n.quote for n in c.pros + c.cons] for c in syn.candidates}
    assert any("evening" in q for q in quotes["Iberia evening MAD–JFK"]), quotes
    assert not any("evening" in q for q in quotes["Iberia MAD–JFK"]), quotes


def test_prices_on_different_footings_are_not_called_unknown() -> None:
    """Options that each state a price, per day, per week, per half day, that rank could
    not put on one footing (no dates for a total budget): no "cheapest", and never "no
    option has a known price", which the shortlist's own prices would contradict (found
    writing examples/boats)."""
    day, week = Money(amount=1100, currency="EUR", per="day"), \
        Money(amount=9800, currency="EUR", per="week")
    subjects = [SubjectBrief(key="lagoon", name="Lagoon 42", rank=1, price=day),
                SubjectBrief(key="bali", name="Bali 4.5", rank=2, price=week)]
    evidence = [EvidenceItem(url="https://charter.example/lagoon", title="Lagoon 42",
                             subject="lagoon", kind="review", price=day,
                             text="Lagoon 42 catamaran, up to 10 guests, 1,100 EUR per day."),
                EvidenceItem(url="https://charter.example/bali", title="Bali 4.5",
                             subject="bali", kind="review", price=week,
                             text="Bali 4.5 catamaran, up to 10 guests, 9,800 EUR per week.")]
    req = SynthesisRequest(question="Which boat?", task={
        "area": "Corfu", "budget": {"amount": 5000.0, "currency": "EUR", "comparator": "<=",
                                    "per": "total"}}, task_types={"area": "place",
                                                                  "budget": "money"},
        candidates=[s.name for s in subjects], subjects=subjects, evidence=evidence)
    adapter = ExtractiveAdapter("extractive", ExtractiveSettings(type="extractive"))
    rec = [s.text for s in adapter.call(req).value.recommendation]
    assert rec[0] == ("The options that fit your request state prices that could not be "
                      "compared on one footing, so none is recommended over the others.")


@pytest.mark.parametrize("lang,said", [
    ("en", "No option that fits your request has a known rating, and the prices they state "
           "could not be compared on one footing, so none is recommended over the others."),
    ("es", "Ninguna opción que encaje con tu petición tiene una valoración conocida, y los "
           "precios que dan no se han podido comparar en una misma base, así que no se "
           "recomienda ninguna sobre las demás."),
])
def test_unrated_options_with_prices_on_different_footings(lang: str, said: str) -> None:
    """A kind that asks a rating, whose options have none, and whose prices rank could not
    put on one footing (a cleaner's fixed 180 GBP beside another's 18 GBP an hour, no hours
    asked for a budget for the whole job): once "no option has a known rating or price",
    which the shortlist's own prices contradicted (found writing examples/cleaning)."""
    whole, hourly = Money(amount=180, currency="GBP"), \
        Money(amount=18, currency="GBP", per="hour")
    subjects = [SubjectBrief(key="clifton", name="Clifton Clean Co", rank=1, price=whole),
                SubjectBrief(key="redland", name="Redland Maids", rank=2, price=hourly)]
    evidence = [EvidenceItem(url="https://clifton.example/", title="Clifton Clean Co",
                             subject="clifton", kind="review", price=whole,
                             text="Clifton Clean Co: end of tenancy clean, 2 bedrooms £180."),
                EvidenceItem(url="https://redland.example/", title="Redland Maids",
                             subject="redland", kind="review", price=hourly,
                             text="Redland Maids: £18/hr, 2 hour minimum.")]
    req = SynthesisRequest(question="Which cleaner?", task={
        "place": "Bristol", "min_rating": 7.0,
        "budget": {"amount": 250.0, "currency": "GBP", "comparator": "<=", "per": None}},
        task_types={"place": "place", "budget": "money", "min_rating": "rating"}, lang=lang,
        candidates=[s.name for s in subjects], subjects=subjects, evidence=evidence)
    adapter = ExtractiveAdapter("extractive", ExtractiveSettings(type="extractive"))
    rec = [s.text for s in adapter.call(req).value.recommendation]
    assert rec[0] == said
