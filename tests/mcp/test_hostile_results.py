"""What a mission wrote, read back by an agent through the SDK's client over ``scout
mcp``: a mission of thousands of phases, a report of megabytes and an artifact of
thousands of rows come back bounded, saying what they left out and where the rest is;
a damaged artifact, hostile filters and a path outside the root are coded errors that
name no path of the machine. The run dir is written here (no mission runs)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scout.audit.limits import ARTIFACT_MAX_CHARS, AUDIT_PHASES, REPORT_PART_CHARS
from scout.orchestrator.artifact_store import ArtifactStore
from scout.orchestrator.state_store import StateStore
from tests.mcp.conftest import DEMO_QUERY, demo_root, scout_mcp, text_of

pytestmark = pytest.mark.anyio
PIPELINE = "pipelines/hotel_research.yaml"
PHASES = 3000
ARTIFACTS = 250


def _huge_run(root: Path) -> None:
    run = root / "runs" / "huge"
    run.mkdir(parents=True)
    with StateStore(run, mission_id="huge", durability="off") as st:
        st.append({"ev": "mission", "status": "running", "mission_id": "huge"})
        for i in range(PHASES):
            st.append({"ev": "phase", "phase": f"P{i}", "status": "succeeded", "attempt": 1})
        st.append({"ev": "phase", "phase": "P1234", "status": "failed_terminal",
                   "attempt": 1})
    store = ArtifactStore(run, fsync=False)
    store.write("rows", [{"name": f"hotel {i}", "notes": "n" * 300} for i in range(5000)])
    for i in range(ARTIFACTS):
        store.write(f"out{i}", {"n": i})
    (store.dir / "torn.json").write_text("{not json")
    (run / "report.md").write_text("# Report\n\n## Shortlist\n"
                                   + "".join(f"- hotel {i}\n" for i in range(100_000)))


async def test_a_huge_mission_reads_back_bounded_and_damage_names_no_machine_path(
        tmp_path: Path) -> None:
    root = demo_root(tmp_path / "root")
    _huge_run(root)
    async with scout_mcp(root) as client:
        status = await client.call_tool("status", {"mission_id": "huge"})
        more = await client.call_tool("status", {"mission_id": "huge", "phases": 5000})
        audit = await client.call_tool("audit", {"mission_id": "huge"})
        report = [(await client.read_resource(uri)).contents[0].text for uri in (
            "scout://missions/huge/report", "scout://missions/huge/report/2")]
        past = [await _resource_error(client, f"scout://missions/huge/report/{part}")
                for part in ("999999", "x" * 10_000)]
        rows = json.loads((await client.read_resource(
            "scout://missions/huge/artifacts/rows")).contents[0].text)
        torn = await _resource_error(client, "scout://missions/huge/artifacts/torn")
        refused = [await client.call_tool(tool, args) for tool, args in [
            ("journal", {"mission": "m" * 1_000_000}),
            ("cost", {"mission": "c" * 100_000}),
            ("status", {"mission_id": "huge", "phases": 0}),
            ("plan", {"file": "/etc/passwd", "query": DEMO_QUERY}),
            ("plan", {"file": "../../etc/passwd", "query": DEMO_QUERY}),
            # a bidi override and a NUL the caller sent come back as escapes
            ("plan", {"file": PIPELINE, "query": DEMO_QUERY, "set": {"\u202ekey\x00": "1"}}),
            ("journal", {"since": "\u202e2h"})]]
    # status: the failed phase first, the rest counted, all of it when asked
    got = status.structured_content
    assert not status.is_error and got["phases_count"] == PHASES
    assert len(got["state"]["phases"]) == AUDIT_PHASES and "P1234" in got["state"]["phases"]
    assert f"{AUDIT_PHASES} of {PHASES}" in got["phases_note"]
    assert len(text_of(status)) < 200_000  # it was 1.2 MB
    assert len(more.structured_content["state"]["phases"]) == PHASES
    assert more.structured_content["phases_note"] is None
    trail = audit.structured_content["trail"]
    assert len(trail["phases"]) == AUDIT_PHASES and len(trail["artifacts"]) == AUDIT_PHASES
    # the artifact that does not verify (torn) is among those kept
    assert "torn" in [a["name"] for a in trail["artifacts"]]
    assert trail["artifacts_left_out"] == ARTIFACTS + 2 - AUDIT_PHASES
    # the report: parts, each naming the next
    assert all(len(part) <= REPORT_PART_CHARS + 200 for part in report)
    assert report[0].startswith("# Report") and "scout://missions/huge/report/2" in report[0]
    assert report[1].startswith("- hotel ") and "scout://missions/huge/report/3" in report[1]
    assert "USE001" in past[0] and "part" in past[0]
    assert "USE001" in past[1] and len(past[1]) < 500
    # the artifact: cut to fit, saying where it is whole (relative to the root)
    assert len(json.dumps(rows)) <= ARTIFACT_MAX_CHARS
    assert rows["items"][0] == {"name": "hotel 0", "notes": "n" * 300}
    assert "runs/huge/artifacts/rows.json" in rows["_left_out"]
    # damage and hostile arguments: coded, short, and no path of the machine
    assert "RUN005" in torn and "runs/huge/artifacts/torn.json" in torn
    texts = [r.content[0].text for r in refused]
    assert all(r.is_error for r in refused), texts
    assert all("USE001" in t and len(t) < 600 for t in texts[:3]), [t[:300] for t in texts]
    assert all("USE040" in t for t in texts[3:5]), texts
    assert "has no input '\\u202ekey\\u0000'" in texts[5], texts[5]
    assert "since '\\u202e2h'" in texts[6], texts[6]
    assert not any("\u202e" in t or "\x00" in t for t in texts), texts
    for text in [torn, *past, *texts, text_of(status)]:
        assert str(tmp_path) not in text, text[:500]


async def _resource_error(client: object, uri: str) -> str:
    from mcp.shared.exceptions import MCPError

    with pytest.raises(MCPError) as info:
        await client.read_resource(uri)  # type: ignore[attr-defined]
    return str(info.value)
