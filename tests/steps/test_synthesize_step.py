"""The synthesize step hands the request's language (Task.lang) to the synthesis chain."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.config.loader import load_config
from scout.adapters.contract import ChainOutcome, SynthesisRequest
from scout.schemas.sources import Synthesis
from scout.spec.loader import load_pipeline
from scout.steps import synthesize
from scout.stepkit.context import StepContext
from scout.stepkit.params import SynthesizeParams
from scout.task.build import build_task

ROOT = Path(__file__).resolve().parents[2]


class Gateway:
    def __init__(self) -> None:
        self.requests: list[SynthesisRequest] = []

    def call(self, request: SynthesisRequest) -> ChainOutcome:
        self.requests.append(request)
        return ChainOutcome(value=Synthesis(text="ok"), answered_by="fake", chain="synthesis")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_task_language_reaches_the_synthesis_request(tmp_path: Path, lang: str) -> None:
    pipe = load_pipeline(ROOT / "pipelines/hotel_research.yaml").model
    task = build_task("hotels in Barcelona under 200 EUR", pipe.inputs,
                      today=dt.date(2026, 11, 29)).model_copy(update={"lang": lang})
    phase = pipe.phases["P3"]
    gw = Gateway()
    ctx = StepContext(mission_id="m1", phase_id="P3", phase=phase, pipeline=pipe,
                      params=SynthesizeParams(**phase.with_), inputs={},
                      config=load_config(ROOT / "config/adapters.yaml"), root=ROOT,
                      run_dir=tmp_path, today=dt.date(2026, 11, 29), task=task, gateway=gw,
                      render=lambda s: s)
    out = synthesize.run(ctx)
    assert out.adapter == "fake"
    assert gw.requests[0].lang == lang


def test_the_inputs_other_words_reach_the_synthesis_request(tmp_path: Path) -> None:
    """An input's aliases (online → remote) and an enum value's synonyms travel with the
    input names, so the keyless synthesis does not read what one may ask for as a con; a
    kind that declares none sends the request it sent before (cached answers match)."""
    pipe = load_pipeline(ROOT / "pipelines/hotel_research.yaml").model
    bare = {n: s.model_copy(update={"aliases": [], "synonyms": {}}) for n, s in pipe.inputs.items()}
    inputs = {**bare,
              "online": pipe.inputs["destination"].model_validate(
                  {"type": "boolean", "aliases": ["remote", "virtual"]}),
              "lang_talks": pipe.inputs["destination"].model_validate(
                  {"type": "string", "enum": ["english"], "synonyms": {"english": ["inglés"]}})}
    task = build_task("hotels in Barcelona", pipe.inputs, today=dt.date(2026, 11, 29))
    phase = pipe.phases["P3"]
    sent = []
    for spec in (pipe.model_copy(update={"inputs": bare}),
                 pipe.model_copy(update={"inputs": inputs})):
        gw = Gateway()
        synthesize.run(StepContext(
            mission_id="m1", phase_id="P3", phase=phase, pipeline=spec,
            params=SynthesizeParams(**phase.with_), inputs={},
            config=load_config(ROOT / "config/adapters.yaml"), root=ROOT, run_dir=tmp_path,
            today=dt.date(2026, 11, 29), task=task, gateway=gw, render=lambda s: s))
        sent.append(gw.requests[0])
    plain, declared = sent
    assert "input_aliases" not in plain.model_dump() and "input_synonyms" not in plain.model_dump()
    assert declared.input_aliases == {"online": ["remote", "virtual"]}
    assert declared.input_synonyms == {"lang_talks": {"english": ["inglés"]}}
