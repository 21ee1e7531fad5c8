"""Citations credit each source to the adapter and phase that found it."""

from __future__ import annotations

from types import SimpleNamespace

from scout.report.citations import Citations, provenance
from scout.schemas.records import Candidate, Candidates, Evidence, EvidenceSet
from scout.schemas.sources import Citation, Synthesis

PIPE = SimpleNamespace(phases={
    "F1": SimpleNamespace(produces=["candidates"]),
    "Y2": SimpleNamespace(produces=["video_evidence"]),
    "P3": SimpleNamespace(produces=["synthesis"]),
})


def _artifacts() -> dict:
    cand = Candidate(key="a", name="A", url="https://a.test/", adapter="duckduckgo")
    video = Evidence(id="v", kind="video", url="https://yt.test/watch?v=1&t=12s",
                     adapter="youtube_transcripts", phase="Y2")
    synth = Synthesis(adapter="extractive", citations=[
        Citation(index=1, url=video.url), Citation(index=2, url="https://a.test/"),
        Citation(index=3, url="https://only-the-model.test/")])
    # given out of pipeline order: the order of the pipeline's phases decides
    return {"synthesis": synth, "video_evidence": EvidenceSet(items=[video]),
            "candidates": Candidates(items=[cand])}


def test_sources_first_cited_in_the_synthesis_keep_their_finder() -> None:
    prov = provenance(PIPE, _artifacts())
    assert prov["https://yt.test/watch?v=1&t=12s"] == ("youtube_transcripts", "Y2")
    assert prov["https://a.test/"] == ("duckduckgo", "F1")  # the phase that produced it
    # a URL only the synthesiser brought (a web-searching model) is credited to it
    assert prov["https://only-the-model.test/"] == ("extractive", "P3")


def test_cite_numbers_once_and_uses_provenance() -> None:
    c = Citations(provenance(PIPE, _artifacts()))
    assert c.cite("https://yt.test/watch?v=1&t=12s", "video") == 1
    assert c.cite("https://a.test/", "A", "page", "F3") == 2  # the caller knows better
    assert c.cite("https://yt.test/watch?v=1&t=12s") == 1
    assert c.cite("https://nowhere.test/") == 3
    assert [(i["adapter"], i["phase"]) for i in c.items] == [
        ("youtube_transcripts", "Y2"), ("page", "F3"), ("", "")]


def test_a_source_cited_without_a_title_is_named_by_the_record_that_holds_it() -> None:
    # a model's citations are bare URLs: the sources list printed a flat's URL as its
    # title though the candidates artifact names it
    from scout.report.citations import titles

    c = Citations(provenance(PIPE, _artifacts()), titles(_artifacts()))
    c.cite("https://a.test/")                      # the synthesis cites it with no title
    c.cite("https://only-the-model.test/")         # no record names it: its URL
    assert [i["title"] for i in c.items] == ["A", "https://only-the-model.test/"]
    # an adapter that gives the URL as the title has given no title
    c = Citations(provenance(PIPE, _artifacts()), titles(_artifacts()))
    c.cite("https://a.test/", "https://a.test/")
    assert c.items[0]["title"] == "A"
