"""Prices per a unit of work on one footing in ``rank`` (scout/steps/workbasis.py,
rank_periods): a price per page against a budget per word through the kind's ``units``
(a page is 250 words), an hour as 60 minutes for any kind, a price per word against a
budget for the whole job times the work asked (rank's ``volume``), and a cap per word
checked against prices on that unit only. Written with a kind of its own, not one of
the examples."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from pydantic import ValidationError

from scout.i18n.messages import localize
from scout.schemas.records import Candidate, Candidates, Evidence
from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.stepkit.params import RankParams
from scout.steps import rank
from scout.task.build import build_task
from tests.steps.test_extract_rank import _ctx

TODAY = dt.date(2026, 12, 6)
KIND = {"service": InputSpec(type="subject"), "words": InputSpec(type="integer",
        aliases=["palabras", "words"]), "length": InputSpec(type="duration",
        aliases=["hours of", "horas de"]), "budget": InputSpec(type="money")}
WHERE = "task.budget is none or p.price is none or p.price.amount <= task.budget.amount"


def _offer(key: str, amount: float, currency: str, per: str | None) -> Candidate:
    url = f"https://lang.test/{key}"
    return Candidate(key=key, name=key, url=url, evidence=[Evidence(
        id=key, kind="snippet", subject=key, url=url, text=f"{key}: {amount:g} {currency}",
        price=Money(amount=amount, currency=currency, comparator="=", per=per))])


def _rank(query: str, offers: list[Candidate], **with_: object):
    task = build_task(query, KIND, today=TODAY)
    params = RankParams(items="candidates", as_="p", where=[WHERE], order_by=["p.price.amount if p.price else none"],
                        descending=False, **with_)
    short = rank.run(_ctx(params, {"candidates": Candidates(items=offers)}, task))
    return short, {i.candidate.key: i.candidate for i in short.items}


def test_a_price_per_page_is_compared_with_a_cap_per_word_on_the_kinds_basis() -> None:
    short, kept = _rank("traducción, menos de 0,10 € por palabra", [
        _offer("pages", 20, "EUR", "page"),     # 0,08 a word
        _offer("dear", 30, "EUR", "page"),      # 0,12 a word: over
        _offer("words", 0.09, "EUR", "word"),
        _offer("bare", 25, "EUR", None)], units={"page": "250 words"})
    assert [c.key for c, _ in short.excluded] == ["dear"]
    assert kept["pages"].price_converted == Money(amount=0.08, currency="EUR",
                                                  comparator="=", per="word")
    # a price stating no unit is no price per word: kept, not compared, said so
    assert kept["bare"].flags == ["price states no unit, so it cannot be compared with a "
                                  "budget per word"]
    note = "compared on one basis: a page counted as 250 words"
    assert note in short.notes
    assert localize(note, "es") == \
        "comparados en una misma base: una página cuenta como 250 palabras"
    # a run stored before this wording still reads in Spanish
    assert localize("compared on one basis: 1 page = 250 × word", "es") == (
        "comparados en una misma base: 1 página = 250 × palabra")


def test_without_the_kinds_basis_a_page_is_not_compared_with_a_word() -> None:
    short, kept = _rank("traducción, menos de 0,10 € por palabra",
                        [_offer("pages", 20, "EUR", "page"), _offer("words", 0.09, "EUR", "word")])
    assert not short.excluded
    assert kept["pages"].flags == ["price per page cannot be compared with a budget per word"]
    assert [i.candidate.key for i in short.items][0] == "words"  # the one price compared


def test_an_hour_is_sixty_minutes_for_any_kind() -> None:
    short, kept = _rank("transcription, under $1.50 per audio minute", [
        _offer("hourly", 66, "USD", "hour"), _offer("dear", 120, "USD", "hour"),
        _offer("minute", 1.2, "USD", "minute")])
    assert [c.key for c, _ in short.excluded] == ["dear"]   # 2 USD a minute
    assert kept["hourly"].price_converted.amount == pytest.approx(1.1)
    assert "compared on one basis: an hour counted as 60 minutes" in short.notes


@pytest.mark.parametrize("query, over, times", [
    # 8000 words: 0,08 € a word is 640 €, 0,12 € is 960 €, over 800 €
    ("traducción de un artículo de 8000 palabras, menos de 800 €", "dear", 8000),
    ("transcription of 20 hours of interviews, under 2000 EUR", "dear", 1200),
])
def test_a_budget_for_the_whole_job_is_compared_with_prices_times_the_work_asked(
        query: str, over: str, times: int) -> None:
    per = "word" if times == 8000 else "minute"
    cheap, dear = (0.08, 0.12) if per == "word" else (1.5, 1.8)
    short, kept = _rank(query, [_offer("cheap", cheap, "EUR", per),
                                _offer("dear", dear, "EUR", per),
                                _offer("flat", 700, "EUR", None)],
                        volume={"word": "words", "minute": "length"})
    assert [c.key for c, _ in short.excluded] == [over]
    assert kept["cheap"].price_converted.amount == pytest.approx(cheap * times)
    # a length of audio is a length asked, as a court's hours are: said so
    assert kept["cheap"].flags == ([f"price per {per} times {times} for the work asked, to "
                                    "compare it with the budget for the whole job"]
                                   if per == "word" else
                                   [f"price per {per} times {times} for the length asked, to "
                                    "compare it with the total budget"])
    assert kept["flat"].price_converted is None and not kept["flat"].flags


def test_a_budget_for_the_whole_job_without_the_work_asked_compares_no_rate() -> None:
    short, kept = _rank("traducción de un artículo, menos de 800 €",
                        [_offer("rate", 0.08, "EUR", "word"), _offer("flat", 700, "EUR", None)],
                        volume={"word": "words"})
    assert not short.excluded
    assert kept["rate"].flags == ["price per word cannot be compared with a budget for the "
                                  "whole job without the amount of work asked"]
    assert localize(kept["rate"].flags[0], "es") == (
        "el precio por palabra no se puede comparar con un presupuesto para todo el encargo "
        "sin saber cuánto trabajo se pide")


@pytest.mark.parametrize("with_", [{"units": {"page": "250 wordz"}}, {"units": {"page": "0 words"}},
                                   {"units": {"leaf": "2 pages"}}, {"volume": {"palabra": "words"}}])
def test_a_unit_that_is_no_unit_of_work_is_refused(with_: dict) -> None:
    with pytest.raises(ValidationError, match="unit of work"):
        RankParams(items="candidates", **with_)


WORK_INPUTS = """\
inputs:
  words: {type: integer}
  length: {type: duration}
  service: {type: string, enum: [translation, transcription]}
  distance: {type: length}
  cubic: {type: number}
  floor: {type: area}
"""


@pytest.mark.parametrize(("volume", "said"), [
    ("{word: word}", "did you mean 'words'?"),
    ("{word: length}", "an integer input"),       # a length counts no words
    ("{page: service}", "name the input that says how much work is asked"),
    # a measure: a number or the type measuring it, never another measure's
    ("{km: floor}", "or a number or length input"),
    ("{m3: distance}", "or a number or volume input"),
])
def test_volume_names_an_input_that_counts_the_work(tmp_path: Path, volume: str,
                                                    said: str) -> None:
    """SPEC080: the work asked is an integer input's count, or a duration's minutes."""
    from scout.validate import validate_paths
    from tests.spec.test_rank_items import CONFIG, HEAD

    head = HEAD.replace("phases:\n", WORK_INPUTS + "phases:\n")
    path = tmp_path / "p.yaml"
    rank_ = ("  R1: {uses: rank, needs: [candidates], produces: [shortlist], "
             "with: {items: candidates, units: {page: 250 words}, volume: %s}}\n")
    path.write_text(head + rank_ % "{word: words, minute: length, km: distance, m3: cubic, "
                    "m2: floor}")
    assert [p.code for p in validate_paths([path], config=CONFIG).files[0].errors] == []
    path.write_text(head + rank_ % volume)
    [p] = validate_paths([path], config=CONFIG).files[0].errors
    assert p.code == "SPEC080" and said in p.message + (p.hint or "")


def test_every_unit_of_work_has_its_words_in_a_basis_note() -> None:
    """The basis note says each unit of work once ("a page", "an hour") and counted
    ("words"), in English and in Spanish: a unit added to scout.units without them fails
    here (its note would fall back to "1 page = 250 × word")."""
    from scout.i18n import translations
    from scout.steps.periodnotes import UNIT_WORDS, basis_note
    from scout.units import WORK_UNITS

    assert set(UNIT_WORDS) == set(WORK_UNITS)
    es = translations("es")
    for unit, (one, many) in UNIT_WORDS.items():
        assert es.pgettext("work unit, one", one) != one or one[2:] == unit, unit
        assert es.pgettext("work unit, many", many) != many or many == unit, unit
    for big, small in ((a, b) for a in WORK_UNITS for b in WORK_UNITS if a != b):
        said = localize(basis_note(big, 3, small), "es")
        assert said.startswith("comparados en una misma base: ") and " cuenta como 3 " in said
        assert " counted " not in said and "×" not in said, said

