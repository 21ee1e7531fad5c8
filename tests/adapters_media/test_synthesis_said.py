"""The keyless synthesis on a candidate no pro or con speaks about (a congress's dates and
deadline, a flat's rooms, a car's mileage): it quotes what the candidate's own sources say,
cited, instead of claiming "the evidence says nothing about it beyond its price"; a
sentence that only restates the price is not quoted, nor one about another candidate."""

from __future__ import annotations

import pytest

from scout.adapters.contract import EvidenceItem, SubjectBrief, SynthesisRequest
from scout.adapters.extractive import ExtractiveAdapter
from scout.config.settings import ExtractiveSettings
from scout.schemas.task import Money


def _request(texts: list[str], lang: str = "en", others: list[SubjectBrief] = ()) -> SynthesisRequest:
    evidence = [EvidenceItem(url=f"https://conf.example/{i}", title="SEPLN 2027",
                             subject="sepln-2027", kind="snippet", text=t)
                for i, t in enumerate(texts)]
    return SynthesisRequest(
        question="q", task={"budget": {"amount": 300, "currency": "EUR"}},
        task_types={"budget": "money"}, lang=lang, evidence=evidence,
        candidates=["SEPLN 2027", *[o.name for o in others]],
        subjects=[SubjectBrief(key="sepln-2027", name="SEPLN 2027", rank=1,
                               price=Money(amount=250, currency="EUR")), *others])


def _facts(req: SynthesisRequest) -> list[str]:
    syn = ExtractiveAdapter("extractive", ExtractiveSettings(type="extractive")).call(req).value
    return [f.text for f in syn.candidates[0].facts]


def test_what_the_sources_say_is_quoted_not_denied():
    facts = _facts(_request(["Congreso SEPLN 2027 en Granada, del 14 al 16 de abril de 2027. "
                             "Inscripción 250 €. Plazo de envío de artículos: 15 de enero."]))
    # one page's two statements: "The sources say:" once, both quotes with their source
    assert facts == [
        "The sources say: “Congreso SEPLN 2027 en Granada, del 14 al 16 de abril de 2027.” "
        "“Plazo de envío de artículos: 15 de enero.”"]


def test_each_source_keeps_its_own_quote():
    req = _request(["Congreso SEPLN 2027 en Granada, del 14 al 16 de abril de 2027.",
                    "Plazo de envío de artículos: 15 de enero."], "es")
    syn = ExtractiveAdapter("extractive", ExtractiveSettings(type="extractive")).call(req).value
    facts = syn.candidates[0].facts
    assert [f.text for f in facts] == [
        "Las fuentes dicen: «Congreso SEPLN 2027 en Granada, del 14 al 16 de abril de 2027.»",
        "Las fuentes dicen: «Plazo de envío de artículos: 15 de enero.»"]
    urls = {c.index: c.url for c in syn.citations}
    assert [[urls[n] for n in f.citations] for f in facts] == [
        ["https://conf.example/0"], ["https://conf.example/1"]]


def test_in_spanish():
    facts = _facts(_request(["SEPLN 2027 se celebra en Granada del 14 al 16 de abril."], "es"))
    assert facts == ["Las fuentes dicen: «SEPLN 2027 se celebra en Granada del 14 al 16 de "
                     "abril.»"]


@pytest.mark.parametrize("texts", [
    ["Inscripción 250 €.", "Registration fee 250 EUR."],     # only the price, said anyway
    ["SEPLN 2027 reviews: 4.5/5 from 950 reviews."],          # its name, rating and count
    [],                                                        # nothing at all
])
def test_nothing_beyond_the_price_still_says_so(texts):
    assert _facts(_request(texts)) == ["The evidence says nothing about it beyond its price."]


def test_a_sentence_about_another_candidate_is_not_quoted():
    other = SubjectBrief(key="lrec-2027", name="LREC 2027", excluded=["over budget"])
    facts = _facts(_request(["LREC 2027 is held in Lisbon on May 20-25, 2027."], others=[other]))
    assert facts == ["The evidence says nothing about it beyond its price."]


# --- the price caveat: "depends on your dates" only for a kind whose request has dates
def _caveats(req: SynthesisRequest) -> list[str]:
    syn = ExtractiveAdapter("extractive", ExtractiveSettings(type="extractive")).call(req).value
    return [c.text for c in syn.caveats]


def test_a_kind_without_dates_is_not_told_prices_depend_on_its_dates():
    req = _request(["Inscripción 250 €."])          # a laptop, a car, a fee: no date input
    assert _caveats(req) == ["Prices are what the sources stated; they may have changed since."]
    assert _caveats(req.model_copy(update={"lang": "es"})) == [
        "Los precios son los que daban las fuentes; pueden haber cambiado desde entonces."]


def test_a_fee_with_no_date_asked_does_not_depend_on_dates_the_request_never_gave():
    """A course kind takes a start date; a request that gave none, for a one-off fee, was
    told "what you pay depends on your dates": it has none, and a fee does not move with
    them. Said in both languages."""
    req = _request(["Inscripción 250 €."])
    req = req.model_copy(update={"task_types": {**req.task_types, "start": "date"}})
    assert _caveats(req) == ["Prices are what the sources stated; they may have changed since."]
    assert not any("fechas" in c for c in _caveats(req.model_copy(update={"lang": "es"})))


@pytest.mark.parametrize("per, dated", [
    ("night", True), ("day", True), ("week", True),   # a stay, a hire: more dates, more to pay
    (None, False), ("total", False), ("person", False),  # a fee, a ticket: the same whenever
])
def test_with_no_date_given_a_price_by_the_night_still_depends_on_the_dates(per, dated):
    req = _request(["Precio 90 €."])
    req = req.model_copy(update={
        "task_types": {**req.task_types, "dates": "date"},
        "subjects": [b.model_copy(update={"price": Money(amount=90, currency="EUR", per=per)})
                     for b in req.subjects]})
    said = _caveats(req)
    assert ("depends on your dates" in said[0]) is dated, said
    es = _caveats(req.model_copy(update={"lang": "es"}))
    assert ("fechas" in es[0]) is dated, es


def test_a_date_given_is_still_named_in_the_caveat():
    req = _request(["Inscripción 250 €."])
    req = req.model_copy(update={"task": {**req.task, "start": {"year": 2027, "month": 1}},
                                 "task_types": {**req.task_types, "start": "month"}})
    assert _caveats(req) == ["Prices are what the sources stated; what you pay depends on "
                             "your dates (January 2027) and on availability."]


@pytest.mark.parametrize("per, dated", [
    ("month", False), ("year", False),                 # a rent, a salary, a year's fee
    ("night", True), ("day", True), ("week", True),    # a stay, a car hire, a week's let
])
def test_prices_by_the_month_do_not_depend_on_the_dates(per, dated):
    """A rent with a move-in month is no stay: its price does not move with the dates as
    a night's or a day's does. The budget's period says so, else the prices' own."""
    said = ("Prices are what the sources stated; what you pay depends on your dates "
            "(March 2027) and on availability.")
    plain = "Prices are what the sources stated; they may have changed since."
    req = _request(["Alquiler 900 €."])
    month = {"year": 2027, "month": 3}
    asked = req.model_copy(update={
        "task": {"budget": {"amount": 1000, "currency": "EUR", "per": per}, "move_in": month},
        "task_types": {"budget": "money", "move_in": "month"}})
    assert _caveats(asked) == [said if dated else plain]
    # no budget asked: the listings' stated periods decide
    listed = asked.model_copy(update={
        "task": {"move_in": month},
        "subjects": [b.model_copy(update={"price": Money(amount=900, currency="EUR", per=per)})
                     for b in req.subjects]})
    assert _caveats(listed) == [said if dated else plain]


# --- a number alone names no candidate ------------------------------------------------------
def _laptops(texts: list[tuple[str, str | None]]) -> list[list[str]]:
    """Each laptop's quoted facts, from ``texts`` (each with the subject it was found for,
    or None: a source about neither in particular)."""
    names = ["ThinkPad X1 Carbon Gen 11", "ThinkPad X1 Carbon Gen 12"]
    keys = ["gen-11", "gen-12"]
    evidence = [EvidenceItem(url=f"https://laptops.example/{i}", title="ThinkPad X1 Carbon",
                             subject=subject, kind="snippet", text=text)
                for i, (text, subject) in enumerate(texts)]
    req = SynthesisRequest(
        question="q", task={}, task_types={}, lang="en", evidence=evidence, candidates=names,
        subjects=[SubjectBrief(key=k, name=n, rank=i + 1)
                  for i, (k, n) in enumerate(zip(keys, names))])
    syn = ExtractiveAdapter("extractive", ExtractiveSettings(type="extractive")).call(req).value
    return [[f.text for f in c.facts] for c in syn.candidates]


def test_a_number_alone_does_not_tie_a_sentence_to_the_candidate_it_ends_the_name_of():
    # "11" is all Gen 11's name has of its own: a Gen 12 source's "11 hours" was read as
    # naming Gen 11, so it was not quoted for the Gen 12 it is about
    gen11, gen12 = _laptops([("Its battery lasts 11 hours in our video test.", "gen-12")])
    assert not any("11 hours" in f for f in gen11)
    assert any("11 hours" in f for f in gen12)


def test_a_number_said_beside_its_name_word_still_names_it():
    gen11, gen12 = _laptops([("The Gen 11 keyboard is the best ThinkPad keyboard yet.", None)])
    assert any("Gen 11 keyboard" in f for f in gen11)
    assert not any("Gen 11 keyboard" in f for f in gen12)
