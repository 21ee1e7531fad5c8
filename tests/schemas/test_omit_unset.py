"""Fields left out of the JSON while they hold their default (``Money.min``,
``Candidate.video``, ``CandidateNotes.moments``, ``SubjectBrief.is_video``): artifacts,
content hashes and reply-cache keys of everything that does not use them stay exactly as
they were before the field existed. One helper (scout.schemas.omit) does it for all four;
the dumps below are what each model wrote before it, key for key and byte for byte."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import BaseModel

from scout.adapters.contract import SubjectBrief, SynthesisRequest
from scout.schemas.records import Candidate, RankedItem, Shortlist
from scout.schemas.sources import CandidateNotes, Moment, Synthesis, Video
from scout.schemas.task import Money

VIDEO = Video(id="rustAsync01", url="https://www.youtube.com/watch?v=rustAsync01",
              title="Async Rust", adapter="yt_dlp")
VIDEO_DUMP = {"id": "rustAsync01", "url": "https://www.youtube.com/watch?v=rustAsync01",
              "title": "Async Rust", "channel": None, "duration": None, "view_count": None,
              "upload_date": None, "adapter": "yt_dlp"}
CANDIDATE = {"key": "k", "name": "N", "url": "", "domain": "", "adapter": "", "aliases": [],
             "sources": [], "rating": None, "rating_count": None, "price": None,
             "price_converted": None, "evidence": [], "flags": [], "relevance": None}
NOTES = {"key": "k", "name": "N", "rank": None, "pros": [], "cons": [], "review_count": None,
         "published": None, "retrieved": None, "facts": []}
MOMENT = {"at": 75.0, "quote": "Futures are lazy.", "citations": [1]}
BRIEF = {"key": "k", "name": "N", "rank": None, "excluded": [], "rating": None,
         "rating_count": None, "price": None, "price_checked": None}

CASES: list[tuple[str, BaseModel, dict[str, Any]]] = [
    ("money", Money(amount=200, currency="EUR"),
     {"amount": 200.0, "currency": "EUR", "comparator": "<=", "per": None}),
    # a range from 0 keeps its min: 0 is a value, not "unset"
    ("money from 0", Money(amount=120, min=0, currency="EUR", per="night"),
     {"amount": 120.0, "currency": "EUR", "comparator": "<=", "per": "night", "min": 0.0}),
    ("money range", Money(amount=120, min=80, currency="USD"),
     {"amount": 120.0, "currency": "USD", "comparator": "<=", "per": None, "min": 80.0}),
    ("candidate", Candidate(key="k", name="N"), CANDIDATE),
    ("candidate with a price range",
     Candidate(key="k", name="N", price=Money(amount=120, min=80, currency="EUR")),
     {**CANDIDATE, "price": {"amount": 120.0, "currency": "EUR", "comparator": "<=",
                             "per": None, "min": 80.0}}),
    ("video candidate", Candidate(key="video:rustAsync01", name="N", video=VIDEO),
     {**CANDIDATE, "key": "video:rustAsync01", "video": VIDEO_DUMP}),
    ("notes", CandidateNotes(key="k", name="N"), NOTES),
    ("notes with moments",
     CandidateNotes(key="k", name="N", moments=[Moment(at=75, quote="Futures are lazy.",
                                                       citations=[1])]),
     {**NOTES, "moments": [MOMENT]}),
    ("brief", SubjectBrief(key="k", name="N"), BRIEF),
    ("video brief", SubjectBrief(key="k", name="N", is_video=True), {**BRIEF, "is_video": True}),
]


@pytest.mark.parametrize("label,model,expected", CASES, ids=[c[0] for c in CASES])
def test_dumps_are_what_they_were(label: str, model: BaseModel, expected: dict) -> None:
    assert model.model_dump(mode="json") == expected
    # the same keys in the same order: stored JSON and hashes are byte-identical
    assert model.model_dump_json() == json.dumps(expected, separators=(",", ":"))
    python = model.model_dump()
    assert list(python) == list(expected)
    assert type(model).model_validate(python) == model  # and it reads back


def test_nested_models_omit_their_unset_fields_too() -> None:
    short = Shortlist(items=[RankedItem(candidate=Candidate(
        key="k", name="N", price=Money(amount=90, currency="EUR")), rank=1)])
    item = short.model_dump(mode="json")["items"][0]["candidate"]
    assert "video" not in item and "min" not in item["price"]
    syn = Synthesis(text="t", candidates=[CandidateNotes(key="k", name="N")])
    assert "moments" not in syn.model_dump(mode="json")["candidates"][0]
    request = SynthesisRequest(question="q", subjects=[SubjectBrief(key="k", name="N"),
                                                       SubjectBrief(key="v", name="V",
                                                                    is_video=True)])
    subjects = request.model_dump(mode="json")["subjects"]
    assert "is_video" not in subjects[0] and subjects[1]["is_video"] is True


def test_an_explicit_exclude_or_include_still_works() -> None:
    money = Money(amount=120, min=80, currency="EUR")
    assert money.model_dump(exclude={"min"}) == {"amount": 120.0, "currency": "EUR",
                                                  "comparator": "<=", "per": None}
    assert money.model_dump(include={"min"}) == {"min": 80.0}
    assert Money(amount=1, currency="EUR").model_dump(include={"min", "amount"}) == \
        {"amount": 1.0}


def test_the_helper_on_a_model_of_ones_own() -> None:
    from pydantic import Field

    from scout.schemas.omit import omit_unset

    class Row(BaseModel):
        name: str
        level: int = 3
        tags: list[str] = Field(default_factory=list)
        note: str | None = None
        _omit = omit_unset("level", "tags")

    assert Row(name="a", note=None).model_dump() == {"name": "a", "note": None}
    assert Row(name="a", level=0, tags=["x"]).model_dump(mode="json") == \
        {"name": "a", "level": 0, "tags": ["x"], "note": None}
    with pytest.raises(TypeError, match="name at least one field"):
        omit_unset()


def test_a_rating_scale_left_unset_leaves_evidence_dumps_as_they_were() -> None:
    from scout.adapters.contract import EvidenceItem
    from scout.schemas.records import Evidence

    ev = Evidence(id="e", kind="snippet", url="u", rating=8.4)
    assert "rating_scale" not in ev.model_dump() and "rating_scale" not in ev.model_dump_json()
    assert Evidence(id="e", kind="snippet", url="u", rating=8.4,
                    rating_scale=5).model_dump()["rating_scale"] == 5
    item = EvidenceItem(url="u", rating=8.4)
    assert "rating_scale" not in item.model_dump_json()
    assert EvidenceItem(url="u", rating=8.4, rating_scale=5).model_dump()["rating_scale"] == 5
