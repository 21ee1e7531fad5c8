"""Without the ml extra every ML feature fails with ML001 and says how to enable itself.

These run in every install: torch is hidden even where it is installed.
"""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

import pytest

from scout.config.loader import load_config
from scout.errors import ConfigError, MLUnavailable
from scout.ml import available
from scout.adapters.contract import ChainOutcome
from scout.schemas.records import Candidate, Candidates
from scout.schemas.sources import Source
from scout.spec.models import Phase, Pipeline
from scout.steps import rank, search
from scout.stepkit.context import StepContext
from scout.stepkit.params import ExtractRules, RankParams, SearchParams

ROOT = Path(__file__).resolve().parents[2]
ENABLE = 'pip install "scout[ml]"'


@pytest.fixture
def no_ml(monkeypatch):
    # a None entry in sys.modules makes `import torch` raise ImportError
    for mod in ("torch", "sentence_transformers", "numpy"):
        monkeypatch.setitem(sys.modules, mod, None)
    monkeypatch.setattr("scout.ml.embed._EMBEDDERS", {}, raising=False)


def _ctx(params, inputs, tmp_path, outcome=None) -> StepContext:
    phase = Phase(uses="search")

    class GW:
        def call(self, request):
            return outcome

    return StepContext(
        mission_id="m", phase_id="F1", phase=phase,
        pipeline=Pipeline(apiVersion="scout/v1", name="t", phases={"F1": phase}),
        params=params, inputs=inputs, config=load_config(ROOT / "config/adapters.yaml"),
        root=tmp_path, run_dir=tmp_path, today=dt.date(2026, 11, 29), task=None,
        gateway=GW(), render=lambda text: text,
    )


def _assert_enable_hint(err: MLUnavailable, feature: str) -> None:
    assert isinstance(err, ConfigError) and err.code == "ML001" and err.exit_code == 3
    assert feature in err.message or "ml extra" in err.message
    assert ENABLE in (err.hint or "")


def test_available_is_false_without_torch(no_ml) -> None:
    assert available() is False


def test_search_dedup_semantic_says_how_to_enable(no_ml, tmp_path) -> None:
    results = [Source(title="Hotel Arts Barcelona", url="https://a.example/"),
               Source(title="Arts Barcelona – Ritz-Carlton", url="https://b.example/")]
    params = SearchParams(query="hotels in Barcelona", dedup="semantic",
                          extract=ExtractRules(record="candidate"))
    ctx = _ctx(params, {}, tmp_path, ChainOutcome(value=results, answered_by="x", chain="web"))
    with pytest.raises(MLUnavailable) as info:
        search.run(ctx)
    _assert_enable_hint(info.value, "local model")
    # the default dedup needs no torch
    out = search.run(_ctx(params.model_copy(update={"dedup": "name_domain"}), {}, tmp_path,
                          ChainOutcome(value=results, answered_by="x", chain="web")))
    assert len(out.items) == 2


def test_rank_method_embedding_says_how_to_enable(no_ml, tmp_path) -> None:
    inputs = {"candidates": Candidates(items=[Candidate(key="a", name="A")])}
    params = RankParams(items="candidates", method="embedding", query="quiet hotel")
    with pytest.raises(MLUnavailable) as info:
        rank.run(_ctx(params, inputs, tmp_path))
    _assert_enable_hint(info.value, "local model")
    lexical = rank.run(_ctx(params.model_copy(update={"method": "lexical"}), inputs, tmp_path))
    assert [i.candidate.name for i in lexical.items] == ["A"]


def test_semantic_merge_fails_even_with_nothing_to_merge(no_ml, tmp_path) -> None:
    from scout.steps.dedup import semantic_merge

    with pytest.raises(MLUnavailable) as info:
        semantic_merge([], threshold=0.85, root=tmp_path)
    assert ENABLE in (info.value.hint or "")


def test_backend_selection_says_how_to_enable(no_ml) -> None:
    from scout.ml.backends import select_backend

    with pytest.raises(MLUnavailable) as info:
        select_backend()
    assert ENABLE in (info.value.hint or "")


def test_cli_renders_the_hint_not_a_traceback(no_ml, tmp_path, capsys) -> None:
    from scout.cli.render import render_error

    params = RankParams(items="candidates", method="embedding", query="quiet hotel")
    with pytest.raises(MLUnavailable) as info:
        rank.run(_ctx(params, {"candidates": Candidates()}, tmp_path))
    render_error(info.value)
    err = capsys.readouterr().err
    assert "ML001" in err and ENABLE in err and "Traceback" not in err


def test_preflight_names_the_phases_that_need_the_extra(no_ml) -> None:
    from scout.ml import ml_phases, preflight
    from scout.spec.models import Phase

    pipe = Pipeline(apiVersion="scout/v1", name="t", phases={
        "F1": Phase(uses="search", **{"with": {"query": "q", "dedup": "semantic"}}),
        "R1": Phase(uses="rank", **{"with": {"items": "candidates", "method": "embedding"}}),
        "R2": Phase(uses="rank", **{"with": {"items": "candidates"}}),
    })
    assert ml_phases(pipe) == [("F1", "dedup: semantic"), ("R1", "method: embedding")]
    with pytest.raises(MLUnavailable) as info:
        preflight(pipe)
    assert "F1 (dedup: semantic)" in info.value.message and "R1" in info.value.message
    assert ENABLE in (info.value.hint or "")
    plain = Pipeline(apiVersion="scout/v1", name="t", phases={"R2": pipe.phases["R2"]})
    preflight(plain)  # nothing needs the extra: no error
