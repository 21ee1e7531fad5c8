"""The HTTP API's mission state says what to do about a mission that did not succeed, as
``scout status --format json`` and MCP's ``status`` do: which input a blocked phase waits
for and how to give it, raising the cap of one its cost cap stopped, in the request's
language; nothing for one that succeeded. A real uvicorn on 127.0.0.1 and httpx; the
run dirs are written here."""

from __future__ import annotations

import json
from pathlib import Path

import httpx

from scout.orchestrator.state_store import StateStore
from tests.ops.live import LiveServer


def _mission(runs: Path, mission: str, lang: str, phase: dict, end: dict) -> None:
    run = runs / mission
    run.mkdir(parents=True)
    with StateStore(run, mission_id=mission, durability="off") as st:
        st.append({"ev": "mission", "status": "running", "mission_id": mission})
        st.append({"ev": "phase", "phase": "A", "status": "succeeded", "attempt": 1})
        st.append({"ev": "phase", "phase": "B", **phase})
        st.append({"ev": "mission", **end})
    (run / "task.json").write_text(json.dumps({"task": {"lang": lang}}), encoding="utf-8")


def test_the_mission_state_carries_the_hint_in_the_requests_language(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    blocked = {"status": "blocked_missing_input",
               "reason": "needs 'a' from A, which failed; needs input 'fecha', which has "
                         "no value; needs input 'ciudad', which has no value"}
    failed = {"status": "failed", "exit_code": 1, "reason": "B blocked (missing input)"}
    _mission(runs, "sin-fecha", "es", blocked, failed)
    _mission(runs, "no-date", "en", blocked, failed)
    _mission(runs, "capped", "en", {"status": "failed_retryable", "attempt": 1},
             {"status": "stopped_budget", "exit_code": 4, "reason": "max_cost reached"})
    _mission(runs, "fine", "es", {"status": "succeeded", "attempt": 1},
             {"status": "succeeded", "exit_code": 0})
    with LiveServer(tmp_path, {}) as live, httpx.Client(base_url=live.url, timeout=30) as c:
        es = c.get("/api/missions/sin-fecha").json()
        assert es["hint"] == ("añádelo a la petición, o fíjalo directamente con "
                              "--set fecha=… --set ciudad=…")
        en = c.get("/api/missions/no-date").json()
        assert en["hint"] == ("say it in the request, or set it directly with "
                              "--set fecha=… --set ciudad=…")
        capped = c.get("/api/missions/capped").json()
        assert capped["status"] == "stopped_budget" and "max_cost" in capped["hint"]
        assert c.get("/api/missions/fine").json()["hint"] is None
        schema = c.get("/openapi.json").json()["components"]["schemas"]["MissionState"]
        assert "hint" in schema["properties"]
