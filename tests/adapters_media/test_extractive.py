"""Extractive synthesis: deterministic, cites only what it was given, scores by the Task."""

from __future__ import annotations

import socket

import pytest

from scout.adapters.extractive import ExtractiveAdapter, request_terms
from scout.adapters.settings import ExtractiveSettings
from scout.adapters.text import split_sentences
from scout.providers.contract import EvidenceItem, SynthesisRequest

TASK = {
    "query": "find hotels in Barcelona for September 2026 under 200 EUR with good reviews",
    "values": {"destination": "Barcelona", "month": {"year": 2026, "month": 9},
               "budget": {"amount": 200.0, "currency": "EUR", "comparator": "<="}},
    "types": {"destination": "place"},
}

EVIDENCE = [
    EvidenceItem(url="https://reviews.example/arts", title="Hotel Arts review",
                 subject="Hotel Arts",
                 text="Hotel Arts Barcelona sits right on the beach. Rooms cost about 180 EUR "
                      "per night in September. The staff were friendly. I liked it a lot."),
    EvidenceItem(url="https://guide.example/fuster", title="Casa Fuster",
                 text="Casa Fuster is a luxury hotel in Gracia, Barcelona. Guests give it "
                      "excellent reviews, 9.1 out of 10. Parking nearby is expensive."),
    EvidenceItem(url="https://blog.example/qubits", title="Quantum things",
                 text="Quantum computers use qubits to compute things very quickly indeed."),
    EvidenceItem(url="https://forum.example/t/1", title="Budget tips",
                 text="Most hotels in Barcelona raise prices in September because of "
                      "conferences. Booking early keeps the price under 200 EUR."),
]


def run(evidence: list[EvidenceItem] = EVIDENCE, max_sentences: int = 5, **kw: object):
    req = SynthesisRequest(question="Which hotels are good value?", task=TASK,
                           candidates=["Hotel Arts", "Casa Fuster"], evidence=evidence, **kw)
    adapter = ExtractiveAdapter("extractive",
                                ExtractiveSettings(type="extractive", max_sentences=max_sentences))
    return adapter.call(req)


def test_identical_output_across_two_runs() -> None:
    first, second = run(), run()
    assert first.value.model_dump_json() == second.value.model_dump_json()
    assert first.meta == second.meta
    # and in a fresh adapter with the evidence given as equal but distinct objects
    copy = [EvidenceItem(**e.model_dump()) for e in EVIDENCE]
    assert run(copy).value.model_dump_json() == first.value.model_dump_json()


def test_cites_only_the_sources_it_was_given_and_every_sentence_is_cited() -> None:
    syn = run().value
    given = {e.url: e for e in EVIDENCE}
    assert syn.sentences, "expected at least one sentence"
    assert {c.url for c in syn.citations} <= set(given)
    index = {c.index: c for c in syn.citations}
    for sentence in syn.sentences:
        assert len(sentence.citations) == 1
        cited = given[index[sentence.citations[0]].url]
        # the sentence really comes from the evidence item it cites
        assert sentence.text in " ".join(cited.text.split())
    assert [c.index for c in syn.citations] == list(range(1, len(syn.citations) + 1))
    assert all(c.title == given[c.url].title for c in syn.citations)
    assert syn.adapter == "extractive" and syn.sources == []


def test_unrelated_evidence_is_not_used() -> None:
    syn = run().value
    assert "https://blog.example/qubits" not in {c.url for c in syn.citations}
    assert not any("qubits" in s.text for s in syn.sentences)


def test_scores_against_the_task_terms() -> None:
    texts = [s.text for s in run(max_sentences=8).value.sentences]
    # every chosen sentence shares a term with the request; a sentence with none is left out
    assert "The staff were friendly." not in texts
    assert "Parking nearby is expensive." not in texts
    # more (and rarer) request terms rank higher
    ranked = [EvidenceItem(url="https://x.example/", title="X",
                           text="Barcelona has many parks and old streets. "
                                "Hotels in Barcelona cost under 200 EUR in September.")]
    order = [s.text for s in run(ranked).value.sentences]
    assert order == ["Hotels in Barcelona cost under 200 EUR in September.",
                     "Barcelona has many parks and old streets."]


def test_naming_a_candidate_and_holding_a_number_add_to_the_score() -> None:
    plain = EvidenceItem(url="https://p.example/", title="P",
                         text="This hotel near Barcelona beach is lovely.")
    named = EvidenceItem(url="https://n.example/", title="N",
                         text="The Casa Fuster near Barcelona beach is lovely.")
    numbered = EvidenceItem(url="https://d.example/", title="D",
                            text="A hotel near Barcelona beach costs 150.")
    order = [run([plain, named]).value.citations[0].url,
             run([plain, numbered]).value.citations[0].url]
    assert order == ["https://n.example/", "https://d.example/"]


def test_max_sentences_and_per_source_cap() -> None:
    many = [EvidenceItem(url="https://one.example/", title="One",
                         text=" ".join(f"Barcelona hotel number {i} costs {100 + i} EUR."
                                       for i in range(30)))]
    syn = run(many + [EVIDENCE[1]], max_sentences=6).value
    from_one = [s for s in syn.sentences if syn.citations[s.citations[0] - 1].url ==
                "https://one.example/"]
    # one source supplies at most half of max_sentences, even when it could fill them all
    assert len(from_one) == 3
    assert len(syn.sentences) == 5  # + the two matching sentences of the other source
    assert len(run(many, max_sentences=2).value.sentences) == 1
    assert len(run(many + EVIDENCE, max_sentences=4).value.sentences) == 4


def test_duplicate_sentences_are_chosen_once() -> None:
    dup = [EvidenceItem(url="https://a.example/", title="A",
                        text="Hotel Arts in Barcelona costs 180 EUR in September."),
           EvidenceItem(url="https://b.example/", title="B",
                        text="Hotel Arts in Barcelona costs 180 EUR in September.")]
    syn = run(dup).value
    assert len(syn.sentences) == 1 and syn.citations[0].url == "https://a.example/"


def test_no_evidence_gives_an_empty_synthesis_with_a_note() -> None:
    syn = run([]).value
    assert syn.sentences == [] and syn.citations == [] and syn.text == ""
    assert syn.notes == ["no evidence was collected, so there is nothing to summarise"]
    syn = run([EVIDENCE[2]]).value
    assert syn.sentences == [] and "no evidence sentence" in syn.notes[0]


def test_text_joins_sentences_with_their_markers() -> None:
    syn = run(max_sentences=2).value
    expected = " ".join(f"{s.text} [{s.citations[0]}]" for s in syn.sentences)
    assert syn.text == expected


def test_needs_no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_network(*a: object, **k: object) -> None:
        raise AssertionError("extractive must not touch the network")

    monkeypatch.setattr(socket, "socket", no_network)
    monkeypatch.setattr(socket, "getaddrinfo", no_network)
    assert run().value.sentences
    assert ExtractiveAdapter.uses_http is False


def test_request_terms_come_from_question_task_values_and_candidates() -> None:
    req = SynthesisRequest(question="Good value?", task=TASK, candidates=["Casa Fuster"])
    words = request_terms(req)
    for w in ("barcelona", "september", "2026", "200", "eur", "casa", "fuster", "value"):
        assert w in words
    assert "place" not in words  # Task bookkeeping (types/sources) is not a request term
    assert len(words) == len(set(words))


@pytest.mark.parametrize("text,expected", [
    ("One sentence. Two sentence! Three?", ["One sentence.", "Two sentence!", "Three?"]),
    ("Rate is 5.50% now. Next one.", ["Rate is 5.50% now.", "Next one."]),
    ("Cuts came[1][3]. Then more[2].", ["Cuts came[1][3].", "Then more[2]."]),
    ("- item one\n- item two", ["item one", "item two"]),
    ("e.g. lowercase after a dot stays", ["e.g. lowercase after a dot stays"]),
])
def test_split_sentences(text: str, expected: list[str]) -> None:
    assert split_sentences(text) == expected
