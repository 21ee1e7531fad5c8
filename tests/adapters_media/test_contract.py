"""The media adapters honour the adapter contract and the registered impl paths."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scout.adapters.prompt import build_prompt
from scout.config.adaptertypes import ADAPTER_TYPES
from scout.adapters.contract import Adapter, EvidenceItem, FetchRequest, PageAdapter, \
    SynthesisAdapter, SynthesisRequest, TranscriptAdapter, VideoAdapter

MEDIA = {
    "yt_dlp": VideoAdapter,
    "youtube_transcripts": TranscriptAdapter,
    "perplexity": SynthesisAdapter,
    "extractive": SynthesisAdapter,
    "page": PageAdapter,
}


@pytest.mark.parametrize("type_name,base", sorted(MEDIA.items()))
def test_registered_impl_loads_and_matches(type_name: str, base: type) -> None:
    t = ADAPTER_TYPES[type_name]
    cls = t.load()
    assert issubclass(cls, base) and issubclass(cls, Adapter)
    assert cls.type_name == type_name
    assert cls.capability == t.capability
    settings = t.settings.model_validate({"type": type_name})
    adapter = cls(type_name, settings, None)  # the providers layer's construction
    assert adapter.name == type_name and adapter.settings.type == type_name
    assert repr(adapter) == f"{cls.__name__}(name={type_name!r})"


def test_only_perplexity_is_keyed() -> None:
    assert {n for n in MEDIA if ADAPTER_TYPES[n].keyed} == {"perplexity"}


def test_adapters_reject_the_wrong_request_type() -> None:
    page = ADAPTER_TYPES["page"].load()("page", ADAPTER_TYPES["page"].settings(type="page"))
    with pytest.raises(TypeError, match="FetchRequest"):
        page.call(SynthesisRequest(question="q"))
    ex = ADAPTER_TYPES["extractive"]
    with pytest.raises(TypeError, match="SynthesisRequest"):
        ex.load()("extractive", ex.settings(type="extractive")).call(FetchRequest(url="x"))


_text = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=400)


@settings(max_examples=150, deadline=None)
@given(question=_text, candidates=st.lists(_text, max_size=5),
       evidence=st.lists(st.builds(EvidenceItem, url=st.just("https://e.example/"),
                                   title=_text, text=_text), max_size=8),
       budget=st.integers(min_value=1, max_value=5000))
def test_prompt_never_exceeds_its_budget(question: str, candidates: list[str],
                                         evidence: list[EvidenceItem], budget: int) -> None:
    prompt = build_prompt(question, {"query": question}, candidates, evidence, budget)
    assert len(prompt.user) <= budget
    assert prompt.evidence_used + prompt.evidence_dropped == len(evidence)
