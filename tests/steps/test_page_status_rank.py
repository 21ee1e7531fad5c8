"""A candidate its own page says is cancelled, or offered until a day gone, is left out
whatever the ``where``; one postponed, rescheduled or moved online is kept and flagged
(scout/steps/pagestatus.py, scout/steps/rank.py); the report says why in both languages."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.i18n.messages import localize
from scout.schemas.records import Candidate, Candidates, Evidence, EvidenceSet
from scout.spec.models import InputSpec
from scout.stepkit.params import RankParams
from scout.steps import rank
from scout.task.build import build_task
from tests.steps.test_extract_rank import _ctx

INPUTS = {"budget": InputSpec(type="money"), "month": InputSpec(type="month")}
TODAY = dt.date(2026, 12, 2)


def _rank(*pages: dict, kind: str = "page", query: str = "something under 20 EUR"):
    task = build_task(query, INPUTS, today=TODAY)
    params = RankParams(items="candidates", as_="c", where=["c.rating is none or c.rating > 1"])
    cands = [Candidate(key=f"k{i}", name=f"Thing {i}") for i in range(len(pages))]
    evidence = [Evidence(id=f"e{i}", kind=kind, subject=f"k{i}", url=f"https://t{i}.example/",
                         **said) for i, said in enumerate(pages)]
    ctx = _ctx(params, {"candidates": Candidates(items=cands),
                        "pages": EvidenceSet(items=evidence)}, task)
    return rank.run(ctx)


def test_a_cancelled_event_is_left_out_with_its_reason() -> None:
    short = _rank({"event_status": "cancelled"}, {})
    assert [i.candidate.key for i in short.items] == ["k1"]
    assert [(c.key, reasons) for c, reasons in short.excluded] == [
        ("k0", ["cancelled, its own page says"])]


@pytest.mark.parametrize("until, out", [("2026-12-01", True), ("2026-12-02", False),
                                        ("2027-01-15", False)])
def test_an_offer_past_its_last_day_is_left_out(until: str, out: bool) -> None:
    short = _rank({"valid_through": until})
    assert [c.key for c, _ in short.excluded] == (["k0"] if out else [])
    if out:
        assert short.excluded[0][1] == [f"no longer offered: its own page says until {until}"]


@pytest.mark.parametrize("status", ["postponed", "rescheduled", "moved online"])
def test_a_changed_event_is_kept_and_flagged(status: str) -> None:
    short = _rank({"event_status": status})
    assert not short.excluded
    assert [f for f in short.items[0].candidate.flags if status in f]


def test_only_the_thing_s_own_page_is_believed() -> None:
    # a snippet's status field is never set by search; were it, it says nothing here
    assert not _rank({"event_status": "cancelled"}, kind="snippet").excluded


@pytest.mark.parametrize("english, spanish", [
    ("cancelled, its own page says", "cancelado, según su propia página"),
    ("no longer offered: its own page says until 2026-12-01",
     "ya no se ofrece: su propia página dice que hasta el 2026-12-01"),
    ("postponed, its own page says: check the new date",
     "aplazado, según su propia página: compruebe la nueva fecha"),
])
def test_the_reasons_read_in_spanish(english: str, spanish: str) -> None:
    assert localize(english, "es") == spanish


@pytest.mark.parametrize("availability, reason", [
    ("sold out", "sold out, its own page says"),
    ("out of stock", "out of stock, its own page says"),
    ("discontinued", "discontinued, its own page says"),
    ("reserved", "reserved, its own page says: not available"),
])
def test_what_cannot_be_had_is_left_out_with_its_reason(availability: str, reason: str) -> None:
    short = _rank({"availability": availability}, {})
    assert [(c.key, reasons) for c, reasons in short.excluded] == [("k0", [reason])]


@pytest.mark.parametrize("availability", ["pre-order", "back order", "limited availability",
                                          "made to order", "presale"])
def test_what_is_had_later_or_in_part_is_kept_and_flagged(availability: str) -> None:
    short = _rank({"availability": availability})
    assert not short.excluded
    assert [f for f in short.items[0].candidate.flags if availability in f]


@pytest.mark.parametrize("day, out", [("2026-12-01", True), ("2026-12-02", False),
                                      ("2027-03-01", False)])
def test_an_event_already_past_on_the_run_s_date_is_left_out(day: str, out: bool) -> None:
    # the run's date (TODAY) is the request's; the wall clock is never read
    short = _rank({"event_end": day})
    assert [(c.key, r) for c, r in short.excluded] == (
        [("k0", [f"already past: its own page dates it {day}"])] if out else [])


@pytest.mark.parametrize("query, day, out", [
    # asked about the past on purpose: what took place then is not past to the request
    ("conciertos en septiembre de 2025", "2025-09-20", False),
    ("concerts in September 2025", "2025-08-31", True),
    # asked about what is to come: a date gone is past
    ("concerts in January 2027", "2026-11-30", True),
])
def test_an_event_is_past_to_the_first_day_the_request_asks_about(query: str, day: str,
                                                                   out: bool) -> None:
    short = _rank({"event_end": day}, query=query)
    assert [c.key for c, _ in short.excluded] == (["k0"] if out else [])


@pytest.mark.parametrize("english, spanish", [
    ("sold out, its own page says", "agotado, según su propia página"),
    ("already past: its own page dates it 2015-10-31",
     "ya pasó: su propia página lo fecha el 2015-10-31"),
    ("only on pre-order, its own page says: not yet available",
     "solo en preventa, según su propia página: aún no está disponible"),
    ("reserved, its own page says: not available",
     "reservado, según su propia página: no está disponible"),
    ("made to order, its own page says: allow time to make it",
     "hecho por encargo, según su propia página: cuente con el tiempo de fabricación"),
])
def test_the_new_reasons_read_in_spanish(english: str, spanish: str) -> None:
    assert localize(english, "es") == spanish
