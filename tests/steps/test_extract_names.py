"""Which fan-out results are about a candidate (scout.steps.extract: names_candidate,
evidence_shared): whole words, the words that tell candidates apart, and its aliases."""

from __future__ import annotations

from scout.schemas.records import Candidate
from scout.schemas.sources import Source
from scout.stepkit.params import ExtractRules
from scout.steps.extract import evidence_shared, names_candidate, others_words, to_evidence

PRICE = ExtractRules(record="price")


def _src(title: str, url: str, snippet: str = "") -> Source:
    return Source(title=title, url=url, snippet=snippet, adapter="duckduckgo")


def test_a_word_inside_another_word_is_no_mention() -> None:
    # "ave" (the Spanish high-speed train) was found in "travel", "arts" in "martes"
    assert not names_candidate("AVE Madrid", "Travel deals from Madrid", frozenset({"madrid"}))
    assert names_candidate("AVE Madrid", "El AVE sale a las 9", frozenset({"madrid"}))
    assert not names_candidate("Arts Hotel", "abierto los martes")
    # a plural is still the word
    assert names_candidate("Alfama apartment", "Apartments in the old town",
                           frozenset({"alfama"}))


def test_listings_of_one_route_do_not_take_each_other_s_price() -> None:
    # every trip of "trenes de Madrid a Lisboa en marzo" shares the cities and the month:
    # the overnight bus's price (25 €) was evidence for "Madrid Lisboa marzo", whose words
    # the bus page also said
    names = ["Madrid Lisboa marzo", "Tren Lusitania Madrid Lisboa", "FlixBus Madrid Lisboa"]
    texts = ["Madrid - Lisboa, marzo", "Tren nocturno Madrid Lisboa", "Autobús Madrid Lisboa"]
    shared = evidence_shared(names, texts, "trenes de Madrid a Lisboa en marzo")
    assert {"madrid", "lisboa", "marzo"} <= shared and "flixbus" not in shared
    trip = Candidate(key="t", name=names[0])
    bus = _src("FlixBus Madrid Lisboa", "https://bus.test/mad-lis",
               "Madrid → Lisboa, 12 marzo, 25 €")
    own = _src("Madrid Lisboa marzo: horarios", "https://trips.test/mad-lis-marzo",
               "Madrid Lisboa marzo desde 48 €")
    others = others_words(names, trip, shared)
    assert others == {"tren", "lusitania", "flixbus"}
    got, dropped = to_evidence([bus, own], PRICE, kind="price", subject=trip, adapter="x",
                               phase="F2", shared=shared, others=others)
    assert [e.url for e in got] == ["https://trips.test/mad-lis-marzo"] and dropped == 1
    # the bus itself is named by its own word
    flix = Candidate(key="f", name=names[2])
    got, _ = to_evidence([bus, own], PRICE, kind="price", subject=flix, adapter="x",
                         phase="F2", shared=shared, others=others_words(names, flix, shared))
    assert [e.url for e in got] == ["https://bus.test/mad-lis"]


def test_a_candidate_is_named_by_its_aliases_too() -> None:
    # listed as "Lusitania Trenhotel" on one site and "Tren Lusitania" on another: a
    # page that says only the other title is about it
    shared = frozenset({"madrid", "lisboa", "tren"})
    trip = Candidate(key="l", name="Tren Madrid Lisboa nocturno",
                     aliases=["Trenhotel Lusitania"])
    page = _src("Trenhotel Lusitania: precios", "https://rail.test/th", "desde 60 €")
    got, _ = to_evidence([page], PRICE, kind="price", subject=trip, adapter="x",
                         phase="F2", shared=shared)
    assert len(got) == 1
    alone = Candidate(key="l", name="Tren Madrid Lisboa nocturno")
    got, dropped = to_evidence([page], PRICE, kind="price", subject=alone, adapter="x",
                               phase="F2", shared=shared)
    assert got == [] and dropped == 1
