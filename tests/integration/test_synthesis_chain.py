"""Issue 6, the synthesis chain ``[perplexity?, openai?, extractive]`` without any key.

The shipped config and the shipped hotel pipeline, with no key set at all: preflight
marks ``perplexity`` and ``openai`` skipped (visibly: report lines, journal, skip notes),
the P3 gateway goes straight to the local ``extractive`` adapter, and the journal shows
each skip once.
The same chain with ``perplexity`` required fails at preflight instead (exit 3).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from scout.errors import ConfigError
from scout.adapters.contract import SynthesisRequest
from scout.providers.runtime import ProviderRuntime
from scout.spec.models import Pipeline
from scout.validate import load_valid_pipeline
from tests.integration.helpers import (KEY_VARS, SHIPPED_CONFIG, SHIPPED_PIPELINE, journal,
                                       steps, write_config)
from tests.integration.test_perplexity_pool import EVIDENCE, TASK
from tests.providers.fakes import FakeClock


@pytest.fixture
def no_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in KEY_VARS:
        monkeypatch.delenv(var, raising=False)
    # were anything to reach for Perplexity, it would find nothing listening here
    monkeypatch.setenv("SCOUTE_PERPLEXITY_BASE_URL", "http://127.0.0.1:9")


@pytest.fixture
def pipeline() -> Pipeline:
    spec, _config = load_valid_pipeline(SHIPPED_PIPELINE, config=SHIPPED_CONFIG)
    assert isinstance(spec.model, Pipeline)
    return spec.model


@pytest.fixture
def rt(tmp_path: Path, no_keys: None) -> Iterator[ProviderRuntime]:
    clock = FakeClock()
    runtime = ProviderRuntime(write_config(tmp_path), tmp_path, "m-syn", clock=clock,
                              sleep=clock.sleep)
    yield runtime
    runtime.close()


def synthesis_request() -> SynthesisRequest:
    return SynthesisRequest(question="Which hotels in Barcelona are good value?", task=TASK,
                            candidates=["Hotel Arts", "Casa Fuster"], evidence=EVIDENCE)


def test_no_key_preflight_skips_perplexity_and_extractive_answers(
        rt: ProviderRuntime, pipeline: Pipeline) -> None:
    assert [str(x) for x in rt.config.chains["synthesis"]] == ["perplexity?", "openai?",
                                                                "extractive"]

    report = rt.preflight(pipeline)  # no key at all is a valid setup: nothing raised

    assert report.ok
    skipped = {(c.chain, c.adapter): c for c in report.skipped}
    pplx = skipped[("synthesis", "perplexity")]
    assert pplx.phases == ["P3"] and pplx.missing_env == ("PERPLEXITY_API_KEY",)
    assert any(line.startswith("[skip] chain synthesis: perplexity") and "P3" in line
               for line in report.lines())
    assert any(line.startswith("[ok  ] chain synthesis: extractive") for line in report.lines())
    assert "perplexity skipped: PERPLEXITY_API_KEY not set" in rt.skip_notes()
    oa = skipped[("synthesis", "openai")]
    assert oa.missing_env == ("OPENAI_API_KEY",)
    assert "openai skipped: neither OPENAI_API_KEY nor SCOUTE_OPENAI_BASE_URL is set" \
        in rt.skip_notes()

    gw = rt.gateway_for_phase("P3", pipeline.phases["P3"])
    assert gw is not None and gw.chain_name == "synthesis"
    out = gw.call(synthesis_request())

    assert out.answered_by == "extractive" and out.value.adapter == "extractive"
    assert [(a.adapter, a.result) for a in out.links] == [("perplexity", "skipped"),
                                                          ("openai", "skipped"),
                                                          ("extractive", "ok")]
    assert out.links[0].message == "PERPLEXITY_API_KEY not set"
    assert out.value.sentences and {c.url for c in out.value.citations} <= {
        e.url for e in EVIDENCE}
    assert out.cost_usd == 0.0

    p3 = [e for e in journal(rt.root) if e["phase"] == "P3"]
    # the skip is journaled once for the phase (at preflight), then extractive answers
    assert steps(p3) == [("perplexity", "skipped", None, None),
                         ("openai", "skipped", None, None),
                         ("extractive", "ok", None, "extractive")]
    skip = p3[0]
    assert skip["response_summary"]["reason"] == "PERPLEXITY_API_KEY not set"
    assert skip["chain"] == {"name": "synthesis", "position": 0, "answered_by": None}
    assert skip["action"] == "synthesize" and skip["cost"]["usd"] == 0
    assert p3[1]["chain"]["position"] == 1
    assert p3[2]["chain"]["position"] == 2 and p3[2]["cost"]["basis"] == "free"


def test_the_other_keyed_links_are_skipped_the_same_way(rt: ProviderRuntime,
                                                        pipeline: Pipeline) -> None:
    report = rt.preflight(pipeline)
    # (smtp: the hotel pipeline's e-mail phase, skipped the same way without SCOUTE_SMTP_URL)
    # (the image-search links of the optional photos phase P5, skipped the same way)
    assert {c.adapter for c in report.skipped} == {"tavily", "brave", "google", "perplexity",
                                                   "openai", "smtp", "brave_images",
                                                   "google_images", "searxng_images"}
    skipped_lines = [e for e in journal(rt.root) if e["result"] == "skipped"]
    web_phases = sorted(p for p, ph in pipeline.phases.items() if ph.chain == "web")
    assert web_phases  # the shipped pipeline searches the web
    assert sorted((e["adapter"], e["phase"]) for e in skipped_lines) == sorted(
        [("perplexity", "P3"), ("openai", "P3"), ("smtp", "E7")]
        + [(a, "P5") for a in ("brave_images", "google_images", "searxng_images")]
        + [(a, p) for a in ("tavily", "brave", "google") for p in web_phases])


def test_a_required_perplexity_without_a_key_fails_at_preflight(
        tmp_path: Path, no_keys: None, pipeline: Pipeline) -> None:
    config = write_config(tmp_path, {**_shipped_chains(), "synthesis": ["perplexity",
                                                                       "extractive"]})
    with ProviderRuntime(config, tmp_path, "m-syn", env=None) as rt:
        with pytest.raises(ConfigError) as info:
            rt.preflight(pipeline)
    assert info.value.exit_code == 3 and info.value.code == "CFG010"
    assert "PERPLEXITY_API_KEY" in str(info.value)
    assert "export PERPLEXITY_API_KEY=" in (info.value.hint or "")
    assert "perplexity?" in (info.value.hint or "")


def _shipped_chains() -> dict[str, list[str]]:
    import yaml
    return yaml.safe_load(SHIPPED_CONFIG.read_text(encoding="utf-8"))["chains"]
