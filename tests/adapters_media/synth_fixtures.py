"""Synthesis inputs built the way a run builds them, from the e2e world's captured content.

The e2e world (tests/e2e/world.py) serves search results, review and price snippets, a
real JSON-LD page and a real timedtext transcript. Here the same content goes through the
real steps' pure parts — ``to_candidates`` / ``to_evidence`` with the shipped pipeline's
extract rules, the page adapter's parser on the Casa Bonay page, ``find_mentions`` on the
transcript, ``rank.run`` with the shipped R1 phase — and then through
``synthesize.run`` with a gateway that calls the extractive adapter. ``edit`` hooks let a
test change one hotel's snippets or add a source, to make the evidence call for a
conflict, a near miss or a freshness line.
"""

from __future__ import annotations

import copy
import datetime as dt
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import yaml

from scout.adapters.extractive import ExtractiveAdapter
from scout.config.settings import ExtractiveSettings
from scout.config.loader import load_config
from scout.adapters.contract import ChainOutcome, LinkAttempt, SynthesisRequest
from scout.schemas.records import Candidates, Evidence, EvidenceSet, Shortlist
from scout.schemas.sources import Segment, Source, Synthesis, Transcript, Video
from scout.spec.models import InputSpec, Phase, Pipeline
from scout.spec.templating import make_env
from scout.steps import rank, synthesize
from scout.stepkit.context import StepContext
from scout.steps.extract import to_candidates, to_evidence
from scout.stepkit.params import ExtractRules, RankParams, SynthesizeParams
from scout.steps.transcripts import find_mentions
from scout.task.build import build_task
from tests.e2e import world

ROOT = Path(__file__).resolve().parents[2]
TODAY = dt.date(2026, 11, 29)
RETRIEVED = dt.datetime(2026, 12, 1, 9, 30, tzinfo=dt.timezone.utc)


def _spec(name: str) -> dict[str, Any]:
    return yaml.safe_load((ROOT / "pipelines" / name).read_text())


def _inputs(spec: dict[str, Any]) -> dict[str, InputSpec]:
    return {k: InputSpec(**v) for k, v in spec["inputs"].items()}


def _ctx(spec: dict[str, Any], phase_id: str, params: Any, inputs: dict[str, Any],
         task: Any, gateway: Any = None) -> StepContext:
    phase = Phase(uses=spec["phases"][phase_id]["uses"])
    pipe = Pipeline(apiVersion="scout/v1", name=spec["name"], phases={phase_id: phase})

    def render(text: str) -> str:
        return make_env().from_string(text).render(task=task)

    return StepContext(
        mission_id="m", phase_id=phase_id, phase=phase, pipeline=pipe, params=params,
        inputs=inputs, config=load_config(ROOT / "config/adapters.yaml"), root=ROOT,
        run_dir=ROOT, today=TODAY, task=task, gateway=gateway, render=render)


def _src(title: str, url: str, snippet: str, published: str | None = None) -> Source:
    return Source(title=title, url=url, snippet=snippet, adapter="duckduckgo",
                  published=published, retrieved_at=RETRIEVED)


def _page_evidence(cand: Any, url: str) -> Evidence:
    """What F3 makes of the Casa Bonay page: the page adapter reading the real JSON-LD
    capture (through httpx.MockTransport), then the fetch step's ``page_evidence``."""
    import httpx

    from scout.adapters.page import PageAdapter
    from scout.adapters.contract import FetchRequest
    from scout.steps.fetch import page_evidence

    html = world.casa_bonay_page(url).encode()
    transport = httpx.MockTransport(lambda req: httpx.Response(
        200, content=html, headers={"content-type": "text/html; charset=utf-8"}))
    settings = load_config(ROOT / "config/adapters.yaml").adapters["page"]
    settings = settings.model_copy(update={"allow_hosts": ["127.0.0.1"]})
    adapter = PageAdapter("page", settings, httpx.Client(transport=transport),
                          resolver=world.resolve_test_hosts)
    page = adapter.call(FetchRequest(url=url)).value
    ev = page_evidence(page, cand.key, adapter="page", phase="F3",
                       wanted=["jsonld", "opengraph", "text"])
    return ev.model_copy(update={"retrieved_at": RETRIEVED})


class Fixture:
    """The hotel (or restaurant) mission's artifacts, up to the synthesis request."""

    def __init__(self, kind: str = "hotels", query: str | None = None,
                 items: dict[str, dict[str, str]] | None = None,
                 extra: dict[str, list[tuple[str, str, str, str | None]]] | None = None,
                 published: dict[str, str] | None = None, lang: str | None = None) -> None:
        self.kind = kind
        self.spec = _spec("hotel_research.yaml" if kind == "hotels"
                          else "restaurant_research.yaml")
        base = world.HOTELS if kind == "hotels" else world.RESTAURANTS
        self.items = copy.deepcopy(items if items is not None else base)
        self.extra = extra or {}
        self.published = published or {}
        query = query or (world.QUERY if kind == "hotels" else world.RAMEN_QUERY)
        self.task = build_task(query, _inputs(self.spec), today=TODAY)
        if lang is not None:
            self.task = self.task.model_copy(update={"lang": lang})

    def url(self, name: str) -> str:
        slug = world._slug(name)
        return f"http://{slug}.test/{slug}"

    def artifacts(self) -> dict[str, Any]:
        f1 = self.spec["phases"]["F1"]["with"]["extract"]
        rows = [_src(*world.AGGREGATOR)] + [
            _src(h["title"], self.url(n), h["snippet"]) for n, h in self.items.items()]
        cands, _ = to_candidates(rows, ExtractRules(**f1), adapter="duckduckgo", phase="F1")
        by_name = {c.name: c for c in cands}
        reviews: list[Evidence] = []
        prices: list[Evidence] = []
        for name, h in self.items.items():
            cand = by_name[name]
            review_src = [_src(f"{name} - guest reviews", self.url(name) + "/reviews",
                               h["review"], self.published.get(name))]
            price_src = [_src(f"{name} - rooms and rates", self.url(name) + "/rates",
                              h["price"])]
            for title, url, text, kind in self.extra.get(name, []):
                (review_src if kind == "review" else price_src).append(_src(title, url, text))
            reviews += to_evidence(review_src, ExtractRules(record="review"), kind="review",
                                   subject=cand, adapter="duckduckgo", phase="F2")[0]
            prices += to_evidence(price_src, ExtractRules(record="price"), kind="price",
                                  subject=cand, adapter="duckduckgo", phase="F4")[0]
        pages: list[Evidence] = []
        if "Casa Bonay" in by_name:
            pages.append(_page_evidence(by_name["Casa Bonay"], self.url("Casa Bonay")))
        videos = self._video_evidence(cands)
        task = self.task
        out: dict[str, Any] = {
            "task": task, "candidates": Candidates(items=cands),
            "reviews": EvidenceSet(items=reviews), "prices": EvidenceSet(items=prices),
            "pages": EvidenceSet(items=pages), "video_evidence": EvidenceSet(items=videos)}
        r1 = self.spec["phases"]["R1"]
        rank_inputs = {k.rstrip("?"): out[k.rstrip("?")] for k in r1["needs"]
                       if k.rstrip("?") in out and k != "task"}
        out["shortlist"] = rank.run(_ctx(self.spec, "R1", RankParams(**r1["with"]),
                                         rank_inputs, task))
        return out

    def _video_evidence(self, cands: list[Any]) -> list[Evidence]:
        if self.kind != "hotels":
            return []
        root = ET.fromstring(world.TRANSCRIPT)
        segs = [Segment(text=t.text or "", start=float(t.get("start", 0)),
                        duration=float(t.get("dur", 0))) for t in root.iter("text")]
        video = Video(id="bcnHotels01", url="https://www.youtube.com/watch?v=bcnHotels01",
                      title="Where to stay in Barcelona: 5 hotels we loved")
        found = find_mentions(Transcript(video_id="bcnHotels01", segments=segs), cands,
                              video=video, window_s=30.0, place_words={"barcelona"},
                              adapter="youtube_transcripts", phase="Y2")
        return [e.model_copy(update={"retrieved_at": RETRIEVED}) for e in found]

    def synthesize(self, settings: ExtractiveSettings | None = None,
                   links: list[LinkAttempt] | None = None
                   ) -> tuple[Synthesis, SynthesisRequest, dict[str, Any]]:
        """``links``: what the chain's links above extractive did (skipped, refused)."""
        arts = self.artifacts()
        p3 = self.spec["phases"]["P3"]
        adapter = ExtractiveAdapter("extractive",
                                    settings or ExtractiveSettings(type="extractive"))
        seen: list[SynthesisRequest] = []

        class Gateway:
            def call(self, request: SynthesisRequest) -> ChainOutcome:
                seen.append(request)
                return ChainOutcome(value=adapter.call(request).value,
                                    answered_by="extractive", chain="synthesis",
                                    links=[*(links or []), LinkAttempt("extractive", "ok")])

        inputs = {k.rstrip("?"): arts[k.rstrip("?")] for k in p3["needs"]
                  if k.rstrip("?") in arts and k != "task"}
        syn = synthesize.run(_ctx(self.spec, "P3", SynthesizeParams(**p3.get("with", {})),
                                  inputs, self.task, Gateway()))
        return syn, seen[0], arts


def shortlist_names(arts: dict[str, Any]) -> list[str]:
    short: Shortlist = arts["shortlist"]
    return [i.candidate.name for i in short.items]


def all_text(syn: Synthesis) -> str:
    return "\n".join(s.text for s in syn.sentences)
