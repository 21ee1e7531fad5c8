"""Through the MCP SDK's client against ``scout mcp``: the ``cost`` tool bounded as the
other tools are (the costliest ``limit`` rows, ``left_out``, a note naming the call that
gives more; the total sums them all), ``status`` of a mission blocked on an input nobody
gave saying which input and how to give it (MCP's ``set``) in the request's language,
and ``apply`` saying that a request's control characters were read as spaces. Run dirs
and the journal are written here; the mission ``apply`` runs uses the orchestrator
tests' steps (no network)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scout.audit.limits import RUNS_LIMIT
from scout.orchestrator.state_store import StateStore
from scout.providers.journal import Journal
from tests.mcp.conftest import scout_mcp
from tests.ops.test_index import line

MISSIONS = RUNS_LIMIT + 25


def _blocked(root: Path, mission: str, lang: str, inputs: list[str]) -> None:
    """A run dir whose mission failed with one phase blocked on ``inputs``."""
    run = root / "runs" / mission
    run.mkdir(parents=True)
    reason = "; ".join(f"needs input '{n}', which has no value" for n in inputs)
    with StateStore(run, mission_id=mission, durability="off") as st:
        st.append({"ev": "mission", "status": "running", "mission_id": mission})
        st.append({"ev": "phase", "phase": "A", "status": "succeeded", "attempt": 1})
        st.append({"ev": "phase", "phase": "B", "status": "blocked_missing_input",
                   "reason": reason})
        st.append({"ev": "mission", "status": "failed", "exit_code": 1,
                   "reason": "B blocked (missing input)"})
    (run / "task.json").write_text(json.dumps({"task": {"lang": lang}}), encoding="utf-8")


@pytest.fixture
def lab(tmp_path: Path) -> Path:
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "adapters.yaml").write_text(
        "apiVersion: scout/v1\nkind: Config\nmax_workers: 4\n")
    (tmp_path / "templates").mkdir()
    with Journal(tmp_path / "runtime") as journal:
        for i in range(MISSIONS):
            journal.append(line(i, mission_id=f"night-{i:04d}", result="ok", error=None,
                                cost={"usd": 0.001 * (i + 1)}))
    _blocked(tmp_path, "es-one", "es", ["zona"])
    _blocked(tmp_path, "en-two", "en", ["origin", "month"])
    (tmp_path / "p.yaml").write_text(
        "apiVersion: scout/v1\nkind: Pipeline\nname: easy\n"
        "phases:\n  A: {uses: 'python:tests.orchestrator.steps:echo', "
        "with: {value: one}, produces: [a]}\n")
    (tmp_path / "blocked.yaml").write_text(
        "apiVersion: scout/v1\nkind: Pipeline\nname: blocked\n"
        "inputs:\n  district: {type: place}\n"
        "phases:\n  A: {uses: 'python:tests.orchestrator.steps:echo', "
        "with: {value: one}, produces: [a]}\n"
        "  B: {uses: 'python:tests.orchestrator.steps:echo', needs: [a, district], "
        "produces: [b]}\n")
    return tmp_path


async def _call(client: Any, tool: str, **args: Any) -> Any:
    result = await client.call_tool(tool, args)
    assert not result.is_error, result.content
    return result.structured_content


@pytest.mark.anyio
async def test_cost_status_and_apply_through_the_client(lab: Path) -> None:
    async with scout_mcp(lab, {"SCOUT_TEST_CALLS": str(lab / "calls.jsonl")}) as client:
        cost = await _call(client, "cost")
        assert len(cost["rows"]) == RUNS_LIMIT and cost["left_out"] == MISSIONS - RUNS_LIMIT
        assert cost["rows"][0]["key"] == f"night-{MISSIONS - 1:04d}"
        assert cost["total"]["calls"] == MISSIONS
        assert f"the costliest {RUNS_LIMIT} of {MISSIONS}" in cost["rows_note"]
        assert "cost(by, limit)" in cost["rows_note"]
        every = await _call(client, "cost", limit=10000)
        assert len(every["rows"]) == MISSIONS and every["left_out"] == 0
        assert every["rows_note"] is None
        few = await _call(client, "cost", by="adapter", limit=2)
        assert len(few["rows"]) == 2 and few["left_out"] == 1
        refused = await client.call_tool("cost", {"limit": 0})
        assert refused.is_error and "limit" in refused.content[0].text

        es = await _call(client, "status", mission_id="es-one")
        assert es["status"] == "failed"
        assert es["hint"] == ('añádelo a la petición, o fíjalo directamente con '
                              'set {"zona": "…"}')
        en = await _call(client, "status", mission_id="en-two")
        assert en["hint"] == ('say it in the request, or set it directly with '
                              'set {"origin": "…", "month": "…"}')

        applied = await _call(client, "apply", file="p.yaml",
                              query="hotels\x00near\x00the beach\x07")
        assert applied["exit_code"] == 0 and applied["hint"] is None
        assert any("control characters (U+0000, U+0007)" in w for w in applied["warnings"])

        # apply's hint words the fix as this door takes it (its `set` argument), in the
        # request's language
        blocked = await _call(client, "apply", file="blocked.yaml",
                              query="algo que investigar, por favor", set={"lang": "es"})
        assert blocked["exit_code"] == 1
        assert blocked["hint"] == ('añádelo a la petición, o fíjalo directamente con '
                                   'set {"district": "…"}')
        fixed = await _call(client, "apply", file="blocked.yaml",
                            query="algo que investigar, por favor",
                            set={"lang": "es", "district": "Gràcia"})
        assert fixed["exit_code"] == 0 and fixed["hint"] is None
