"""Which error stopped a mission travels as its code, end to end: the scheduler's outcome,
``MissionResult`` (and its ``to_dict``), the final state-log record, the folded state
(``scout status``, the HTTP API's and MCP's models). RUN004 is the mission's own cap,
RUN008 its batch's; a mission that stopped for any other reason carries none, and a
state log written before the field existed still loads."""

from __future__ import annotations

import json
from typing import Any

import pytest

from scout.cli import main
from scout.errors import BatchBudgetExceeded, BudgetExceeded
from scout.orchestrator.state import MissionState, apply_record
from scout.orchestrator.state_store import LOG_NAME, SNAPSHOT_NAME, load_state
from scout.stepkit.context import StepContext

HERE = "python:tests.orchestrator.test_stop_code"


def mission_cap(ctx: StepContext) -> Any:
    raise BudgetExceeded("budget cap reached: spent $0.5000 of max_cost $0.5000")


def batch_cap(ctx: StepContext) -> Any:
    # the human message says "the batch's budget cap is reached"; only the class counts
    raise BatchBudgetExceeded("the batch's budget cap is reached: batch b1 has spent "
                              "$0.0400 of its max_cost $0.0400")


def item_batch_cap(ctx: StepContext) -> Any:
    if ctx.item["n"] == 2:
        raise BatchBudgetExceeded("the batch's budget cap is reached before calling x")
    return {"n": ctx.item["n"]}


def _end(ws) -> dict[str, Any]:
    return [r for r in ws.log_records() if r.get("ev") == "mission"][-1]


@pytest.mark.parametrize("step, code", [("mission_cap", "RUN004"), ("batch_cap", "RUN008")])
def test_a_budget_stop_carries_its_code_in_the_result_and_the_state_log(ws, step, code):
    p = ws.pipeline(f"""
        phases:
          A: {{uses: STEPS:echo, produces: [a]}}
          B: {{uses: "{HERE}:{step}", needs: [a], produces: [b]}}
    """)
    r = ws.apply(p)
    assert r.status == "stopped_budget" and r.exit_code == 4
    assert r.stop_code == code
    assert r.to_dict()["stop_code"] == code
    end = _end(ws)
    assert end["status"] == "stopped_budget" and end["stop_code"] == code
    assert ws.state().stop_code == code  # what `scout status` and the API read
    assert MissionState.from_dict(ws.state().to_dict()).stop_code == code  # the snapshot


def test_a_budget_stop_inside_a_fanout_carries_the_items_code(ws):
    p = ws.pipeline(f"""
        phases:
          A: {{uses: STEPS:items, with: {{n: 5}}, produces: [things]}}
          B: {{uses: "{HERE}:item_batch_cap", needs: [things], for_each: things,
              max_parallel: 1, produces: [out]}}
    """)
    r = ws.apply(p)
    assert r.status == "stopped_budget" and r.stop_code == "RUN008"
    assert _end(ws)["stop_code"] == "RUN008"


def test_a_mission_stopped_for_another_reason_has_no_code(ws):
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:fail, produces: [a]}
    """)
    r = ws.apply(p)
    assert r.status == "failed" and r.stop_code is None and r.to_dict()["stop_code"] is None
    assert "stop_code" not in _end(ws)  # the record reads as before the field existed
    assert ws.state().stop_code is None


def test_a_rerun_clears_the_code(ws):
    p = ws.pipeline(f"""
        phases:
          B: {{uses: "{HERE}:mission_cap", produces: [b]}}
    """)
    assert ws.apply(p).stop_code == "RUN004"
    p.write_text(p.read_text().replace(f"{HERE}:mission_cap",
                                       "python:tests.orchestrator.steps:echo"))
    r = ws.apply(p)
    assert r.status == "succeeded" and r.stop_code is None
    assert ws.state().status == "succeeded" and ws.state().stop_code is None


def test_an_old_state_log_without_the_code_still_loads(ws, capsys):
    p = ws.pipeline(f"""
        phases:
          B: {{uses: "{HERE}:batch_cap", produces: [b]}}
    """)
    ws.apply(p)
    run_dir = ws.run_dir()
    log = run_dir / LOG_NAME
    # what an older scout wrote: no stop_code anywhere, log or snapshot
    lines = [json.loads(line) for line in log.read_text().splitlines() if line]
    for rec in lines:
        rec.pop("stop_code", None)
    log.write_text("".join(json.dumps(r) + "\n" for r in lines))
    (run_dir / SNAPSHOT_NAME).unlink(missing_ok=True)
    state = load_state(run_dir)
    assert state.status == "stopped_budget" and state.exit_code == 4
    assert state.stop_code is None
    old_snapshot = state.to_dict()
    del old_snapshot["stop_code"]
    assert MissionState.from_dict(old_snapshot).status == "stopped_budget"
    assert main(["status", str(run_dir), "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["status"] == "stopped_budget" and doc["stop_code"] is None


def test_a_malformed_code_read_from_disk_is_dropped():
    state = MissionState()
    apply_record(state, {"ev": "mission", "status": "stopped_budget", "exit_code": 4,
                         "stop_code": ["RUN008"]})
    assert state.status == "stopped_budget" and state.stop_code is None
    apply_record(state, {"ev": "mission", "status": "stopped_budget", "stop_code": "RUN 8;"})
    assert state.stop_code is None
    assert MissionState.from_dict({"status": "x", "stop_code": {"a": 1}}).stop_code is None


def test_status_views_show_the_code(ws):
    from scout.mcp.models import ApplyResult
    from scout.server.models import MissionState as StateOut

    p = ws.pipeline(f"""
        phases:
          B: {{uses: "{HERE}:batch_cap", produces: [b]}}
    """)
    r = ws.apply(p)
    # the HTTP API's response model forbids unknown keys: it must know this one (the
    # endpoint adds how many phases there are, as it bounds them)
    served = {**ws.state().to_dict(), "phases_count": 1}
    assert StateOut.model_validate(served).stop_code == "RUN008"
    out = ApplyResult(mission_id=r.mission_id, status=r.status, exit_code=r.exit_code,
                      reason=r.reason, stop_code=r.stop_code, cost_usd=0.0)
    assert out.model_dump()["stop_code"] == "RUN008"
    # `scout runs`, the dashboard and GET /api/missions list it too
    from scout.audit.runs import list_runs

    rows = {row.mission_id: row for row in list_runs(r.run_dir.parent, use_index=False)}
    assert rows[r.mission_id].stop_code == "RUN008"


def test_scout_apply_json_shows_the_code(ws, capsys):
    p = ws.pipeline(f"""
        phases:
          B: {{uses: "{HERE}:mission_cap", produces: [b]}}
    """)
    code = main(["apply", str(p), "--query", "q", "--mission-id", "m1", "--runs-dir",
                 str(ws.runs), "--config", str(ws.config), "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 4 and doc["status"] == "stopped_budget" and doc["stop_code"] == "RUN004"
