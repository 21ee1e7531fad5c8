"""The keyless synthesis writes ratings on the kind's scale (SynthesisRequest.rating_scale,
from its rating input's ``scale``): a wine's conflict and near miss in critics' points
("93/100"), an app's in stars ("4,5/5"), a hotel's as before ("9.3/10"); the values it
reasons with stay 0-10."""

from __future__ import annotations

import re

import pytest

from scout.adapters.contract import EvidenceItem, SubjectBrief, SynthesisRequest
from scout.adapters.extractive import ExtractiveAdapter
from scout.config.settings import ExtractiveSettings


def _request(lang: str, scale: int | None) -> SynthesisRequest:
    """Two bottles: Alta's sources disagree (9.3, 8.8), Baja is just under the minimum."""
    evidence = [
        EvidenceItem(url="https://a.example/1", title="Alta", subject="alta", kind="rating",
                     text="Alta Crianza.", rating=9.3),
        EvidenceItem(url="https://a.example/2", title="Alta", subject="alta", kind="rating",
                     text="Alta Crianza.", rating=8.8),
        EvidenceItem(url="https://b.example/1", title="Baja", subject="baja", kind="rating",
                     text="Baja Joven.", rating=8.8),
    ]
    extra = {} if scale is None else {"rating_scale": scale}
    return SynthesisRequest(
        question="q", task={"min_score": 9.0}, task_types={"min_score": "rating"},
        lang=lang, evidence=evidence, candidates=["Alta", "Baja"],
        subjects=[SubjectBrief(key="alta", name="Alta", rank=1),
                  SubjectBrief(key="baja", name="Baja")], **extra)


def _run(req: SynthesisRequest):
    return ExtractiveAdapter("extractive", ExtractiveSettings(type="extractive")).call(req).value


@pytest.mark.parametrize(("lang", "scale", "low", "high", "minimum"), [
    ("en", 100, "88/100", "93/100", "90/100"),
    ("es", 100, "88/100", "93/100", "90/100"),
    ("en", 5, "4.4/5", "4.7/5", "4.5/5"),
    ("es", 5, "4,4/5", "4,7/5", "4,5/5"),
    ("en", None, "8.8/10", "9.3/10", "9.0/10"),   # a kind on the default scale: as before
    ("es", None, "8,8/10", "9,3/10", "9,0/10"),
])
def test_conflicts_and_near_misses_speak_the_kinds_scale(lang, scale, low, high, minimum):
    syn = _run(_request(lang, scale))
    (conflict,) = syn.conflicts
    assert sorted(v.value for v in conflict.values) == sorted([low, high])
    assert conflict.used == low
    assert low in conflict.sentence.text and high in conflict.sentence.text
    (near,) = syn.near_misses
    assert (near.value, near.limit) == (low, minimum)
    text = " ".join([conflict.sentence.text, near.sentence.text]
                    + [s.text for s in syn.sentences])
    shown = set(re.findall(r"/(\d+)\b", text))
    assert shown == {str(scale or 10)}, text


def test_the_default_scale_is_left_out_of_the_request():
    """A kind on 0-10 sends the request it sent before (its cache and replay keys)."""
    assert "rating_scale" not in _request("en", None).model_dump()
    assert _request("en", 100).model_dump()["rating_scale"] == 100


@pytest.mark.parametrize(("lang", "stated"), [
    ("en", "84/100 (stated 4.2/5)"),
    ("es", "84/100 (según la fuente, 4,2/5)"),
])
def test_a_rating_stated_on_another_scale_is_shown_as_the_source_stated_it(lang, stated):
    from scout.schemas.records import Evidence
    from scout.steps.extract import stated_rating
    from scout.steps.synthesize import evidence_item

    rating, _count, scale = stated_rating("Alta Crianza, rated 4.2/5 by buyers")
    assert (rating, scale) == (8.4, 5.0)
    carried = evidence_item(Evidence(id="x", kind="snippet", subject="alta", url="https://c.example/1",
                                     title="Alta", text="Alta Crianza, rated 4.2/5.",
                                     rating=rating, rating_scale=scale))
    req = _request(lang, 100)
    req = req.model_copy(update={"evidence": [req.evidence[0], carried, req.evidence[2]]})
    (conflict,) = _run(req).conflicts
    assert sorted(v.value for v in conflict.values) == sorted([stated, "93/100"])
    assert stated in conflict.sentence.text
    assert conflict.used == "84/100"  # the check's value, on the kind's scale
