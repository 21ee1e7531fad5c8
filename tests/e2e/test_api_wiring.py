"""scout.api is the one wiring point: its docstring call runs the real providers layer,
and the seed's names in scout.orchestrator.mission_runner are thin re-exports of it."""

from __future__ import annotations

import functools
import json

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


def test_a_failing_link_is_tried_at_most_three_times_per_item(tmp_path, monkeypatch,
                                                               fake_youtube) -> None:
    """One retry vocabulary (issue 15 §7): with the shipped pipeline and every search
    link answering 500, each link is tried 3 times per query (its adapter's retry) as the
    chain moves on; the phase loop does not rerun the chain (before: 3 x 3 = 9)."""
    from scout import api
    from tests.e2e.world import build_world
    from tests.fakes.server import Fault, FakeServer

    fast = {"attempts": 3, "backoff": {"initial": "1ms", "factor": 2, "max": "5ms"}}
    with FakeServer() as srv:
        world = build_world(tmp_path, srv, root_options={"adapters": {"tavily": {"retry": fast}}})
        for key in ("TAVILY_API_KEY", "PERPLEXITY_API_KEY", "GOOGLE_API_KEY", "GOOGLE_CSE_ID",
                    "BRAVE_API_KEY", "SEARXNG_URL", "SCOUTE_CONFIG", "SCOUTE_RUNS_DIR"):
            monkeypatch.delenv(key, raising=False)
        for k, v in world.env().items():
            monkeypatch.setenv(k, v)
        monkeypatch.chdir(world.root)
        srv.fault_rate(1.0, [Fault.status(500, {"error": "down"}).only(
            "/search", "/lite", "/html", "/customsearch", "/res/v1")])
        result = api.apply(PIPELINE, query=QUERY, mission_id="down")
        tries: dict[tuple[str, str], int] = {}
        for e in world.journal():
            if e["result"] in ("retry", "error"):
                key = (e["adapter"], e["phase"], json.dumps(e.get("request"), sort_keys=True))
                tries[key] = tries.get(key, 0) + 1
    assert {k[0] for k in tries} >= {"tavily", "duckduckgo"}, tries
    assert max(tries.values()) == 3, tries
    assert result.phases["F1"].status == "failed_terminal" and result.exit_code == 1, (result.phases["F1"].answered_by, [k[:2] + (v,) for k, v in sorted(tries.items())])
