"""scout.api is the one wiring point: its docstring call runs the real providers layer,
and the seed's names in scout.orchestrator.mission_runner are thin re-exports of it."""

from __future__ import annotations

import functools

import pytest

from tests.e2e.world import QUERY, ROOT, World, adapter_factory

PIPELINE = str(ROOT / "pipelines" / "hotel_research.yaml")


@pytest.fixture
def fake_youtube(monkeypatch: pytest.MonkeyPatch) -> None:
    """YouTube's two adapters are not HTTP: replace them as tests/e2e/harness.py does;
    every other adapter is the real one, pointed at the fake server by the world's env."""
    import scout.providers.hook as hook

    monkeypatch.setattr(hook, "ProviderOptions", functools.partial(
        hook.ProviderOptions, adapter_factory=adapter_factory()))


def test_the_docstring_call_builds_the_providers_layer(world: World, fake_youtube) -> None:
    from scout import api

    result = api.apply(PIPELINE, query=QUERY, mission_id="doc")
    assert result.exit_code == 0, result.reason
    assert result.report_path == world.run_dir("doc") / "report.md"
    assert result.report_path.read_text().startswith("# Hotels in Barcelona")
    paid = [e for e in world.journal() if e["result"] == "ok"]
    assert {e["adapter"] for e in paid} >= {"tavily", "perplexity"}
    assert result.phases["F1"].answered_by == {"tavily": 1}


def test_without_providers_search_phases_fail(world: World) -> None:
    from scout import api

    result = api.apply(PIPELINE, query=QUERY, mission_id="bare", providers=False)
    assert result.exit_code == 1 and result.phases["F1"].status == "failed_terminal"
    assert world.journal() == []


def test_seed_names_are_thin_reexports(world: World, fake_youtube) -> None:
    from scout.orchestrator import mission_runner as seed

    path = seed.run_mission("seed-api", QUERY, world.runs, pipeline=PIPELINE)
    assert path == world.run_dir("seed-api") / "report.md" and path.is_file()
    state = seed.get_mission_state("seed-api", world.runs)
    assert state["phases"]["F6"]["status"] == "succeeded"
    assert seed.get_mission_artifacts("seed-api", world.runs)["task"].destination


def test_run_mission_raises_phase_execution_error(world: World) -> None:
    from scout.errors import PhaseExecutionError
    from scout.orchestrator import mission_runner as seed

    with pytest.raises(PhaseExecutionError) as err:
        seed.run_mission("seed-bad", QUERY, world.runs, pipeline=PIPELINE, providers=False)
    assert "F1" in err.value.phases and err.value.exit_code == 1
    assert err.value.code == "RUN001"
