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
