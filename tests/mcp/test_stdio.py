"""``scout mcp`` over stdio, driven by the official MCP SDK's client: the tool list and
schemas, located validation problems, plan and apply on the offline demo cassette with
progress notifications, resources, the read-only tools, and path confinement."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.mcp.conftest import DEMO_QUERY, demo_root, scout_mcp

pytestmark = pytest.mark.anyio

TOOLS = {"kinds", "validate", "plan", "apply", "status", "runs", "audit", "journal",
         "pool_status", "cost"}
PIPELINE = "pipelines/hotel_research.yaml"
CASSETTE = "examples/hotel-barcelona/cassette"


async def test_tools_are_listed_with_input_and_output_schemas(tmp_path: Path) -> None:
    async with scout_mcp(demo_root(tmp_path)) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        templates = (await client.list_resource_templates()).resource_templates
    assert set(tools) == TOOLS
    for tool in tools.values():
        assert tool.description, tool.name
        assert tool.input_schema["type"] == "object", tool.name
        assert tool.output_schema and tool.output_schema.get("properties"), tool.name
    # a model reads what to pass from the schema: every argument says it, not just a type
    for tool in tools.values():
        for arg, schema in tool.input_schema["properties"].items():
            assert len(schema.get("description", "")) > 15, (tool.name, arg)
    assert "kinds" in tools["plan"].input_schema["properties"]["file"]["description"]
    assert "path" in tools["validate"].input_schema["required"]
    assert {"file"} <= set(tools["apply"].input_schema["required"])
    assert {"query", "set", "max_cost", "replay"} <= set(tools["apply"].input_schema["properties"])
    assert {"mission_id", "status", "cost_usd", "report_path", "answer"} <= set(
        tools["apply"].output_schema["properties"])
    # where a mission that did not succeed says why, and what to do: added, all optional
    # (a client that knows only the fields above reads every result as before)
    added = {"stopped_report", "stopped_report_html", "hint"}
    assert added <= set(tools["apply"].output_schema["properties"])
    assert not added & set(tools["apply"].output_schema.get("required", []))
    # each listed run is described field by field (the HTTP API's RunRow), not "object"
    runs = tools["runs"].output_schema
    row = runs["$defs"][runs["properties"]["runs"]["items"]["$ref"].rsplit("/", 1)[-1]]
    assert {"mission_id", "status", "cost_usd", "started_at"} <= set(row["properties"])
    assert {t.uri_template for t in templates} == {
        "scout://missions/{mission_id}/report",
        "scout://missions/{mission_id}/report/{part}",
        "scout://missions/{mission_id}/artifacts/{name}"}


async def test_validate_returns_located_problems(tmp_path: Path) -> None:
    root = demo_root(tmp_path)
    broken = (root / PIPELINE).read_text().replace("needs: [task]", "needs: [tsk]", 1)
    (root / "pipelines" / "broken.yaml").write_text(broken)
    async with scout_mcp(root) as client:
        bad = await client.call_tool("validate", {"path": "pipelines/broken.yaml"})
        good = await client.call_tool("validate", {"path": "pipelines"})
    assert not bad.is_error
    out = bad.structured_content
    assert out["ok"] is False
    errors = [p for p in out["problems"] if p["severity"] == "error"]
    assert errors, out
    first = errors[0]
    assert first["file"] == "pipelines/broken.yaml"
    assert first["line"] and first["col"] and first["code"]
    assert "tsk" in first["message"] and "task" in (first["hint"] or "")
    # the folder holds the broken file too: it is found, the shipped ones are clean
    assert {p["file"] for p in good.structured_content["problems"]
            if p["severity"] == "error"} == {"pipelines/broken.yaml"}


@pytest.mark.parametrize("query, shown", [
    ("hoteles en Barcelona en septiembre de 2026 por menos de 200 € la noche",
     {"month": "septiembre de 2026", "budget": "200 €/noche", "download_photos": "no",
      "min_rating": "8,0/10"}),
    ("hotels in Barcelona in September 2026 under 200 EUR a night",
     {"month": "September 2026", "budget": "200 EUR/night", "download_photos": "no",
      "min_rating": "8.0/10"}),
])
async def test_plan_shows_the_request_in_its_language(tmp_path: Path, query: str,
                                                      shown: dict[str, str]) -> None:
    """An agent quotes the plan's request to its reader: each value written as the
    request's report writes it (as `scout plan` does), not the Task's JSON."""
    async with scout_mcp(demo_root(tmp_path)) as client:
        plan = await client.call_tool("plan", {"file": PIPELINE, "query": query})
    assert not plan.is_error, plan.content
    request = plan.structured_content["request"]
    assert request["values"]["budget"]["amount"] == 200  # the typed values stay as they were
    assert shown.items() <= request["shown"].items(), request["shown"]
    assert request["shown"]["destination"] == "Barcelona"


async def test_plan_then_apply_the_demo_with_progress(tmp_path: Path) -> None:
    root = demo_root(tmp_path)
    progress: list[tuple[float, float | None, str | None]] = []

    async def on_progress(done: float, total: float | None, message: str | None) -> None:
        progress.append((done, total, message))

    async with scout_mcp(root) as client:
        plan = await client.call_tool("plan", {"file": PIPELINE, "query": DEMO_QUERY})
        applied = await client.call_tool(
            "apply", {"file": PIPELINE, "query": DEMO_QUERY, "replay": CASSETTE},
            progress_callback=on_progress)
        mission = applied.structured_content["mission_id"]
        report = await client.read_resource(f"scout://missions/{mission}/report")
        shortlist = await client.read_resource(
            f"scout://missions/{mission}/artifacts/shortlist")
        again = await client.call_tool("plan", {"file": PIPELINE, "query": DEMO_QUERY})

    assert not plan.is_error, plan.content
    p = plan.structured_content
    assert p["exists"] is False and p["to_run"] == len(p["phases"]) > 3
    assert p["request"]["values"]["destination"] == "Barcelona"
    assert p["request"]["values"]["budget"]["amount"] == 200
    est = p["cost_estimate"]
    assert est["total_usd"] == 0.0  # keyless: the paid links are skipped
    assert {row["phase"] for row in est["phases"]} >= {"F1", "P3"}

    assert not applied.is_error, applied.content
    a = applied.structured_content
    assert a["status"] == "succeeded" and a["exit_code"] == 0
    assert a["report_path"] == f"runs/{mission}/report.md"
    assert (root / a["report_path"]).is_file()
    assert "Casa Bonay" in a["answer"]
    assert a["cost_usd"] == 0.0  # keyless providers, replayed

    # progress: notifications arrived during apply, never went backwards, ended at total
    assert len(progress) >= 5
    values = [d for d, _t, _m in progress]
    assert values == sorted(values)
    done, total, _ = progress[-1]
    assert total is not None and done == total == len(p["phases"])
    assert any(m and "item" in m for _d, _t, m in progress)  # fan-out items reported

    md = report.contents[0].text
    assert md == (root / a["report_path"]).read_text()
    items = json.loads(shortlist.contents[0].text)["items"]
    assert items[0]["candidate"]["name"] == "Casa Bonay"
    # re-planning after the run plans an apply without `replay`: every phase the cassette
    # answered runs again, live, and says why
    phases = {ph["phase"]: ph for ph in again.structured_content["phases"]}
    assert phases["F1"]["action"] == "run" and "recording" in phases["F1"]["reason"]
    assert {ph["action"] for ph in phases.values()} <= {"run", "skip"}


async def test_read_only_tools_after_a_run(tmp_path: Path) -> None:
    root = demo_root(tmp_path)
    async with scout_mcp(root) as client:
        applied = await client.call_tool(
            "apply", {"file": PIPELINE, "query": DEMO_QUERY, "replay": CASSETTE})
        mid = applied.structured_content["mission_id"]
        status = await client.call_tool("status", {"mission_id": mid})
        runs = await client.call_tool("runs", {})
        audit = await client.call_tool("audit", {"mission_id": mid})
        short = await client.call_tool("audit", {"mission_id": mid, "journal_lines": 3})
        few = await client.call_tool("audit", {"mission_id": mid, "phases": 2})
        journal = await client.call_tool("journal", {"mission": mid, "limit": 500})
        by_adapter = await client.call_tool("cost", {"by": "adapter"})
        pool = await client.call_tool("pool_status", {})
        unknown = await client.call_tool("status", {"mission_id": "no-such-mission"})
        bad_by = await client.call_tool("cost", {"by": "colour"})
        listed = (await client.list_resources()).resources
        with pytest.raises(Exception) as no_artifact:
            await client.read_resource(f"scout://missions/{mid}/artifacts/shortlst")
    assert status.structured_content["status"] == "succeeded"
    # files are named as the tools take them, relative to the root, never the server's
    # own layout (a state's pipeline, an audit's run_dir, a run's pipeline_path)
    for said in (applied, status, runs, audit):
        assert str(root.resolve()) not in said.content[0].text
    assert runs.structured_content["runs"][0]["pipeline_path"] == PIPELINE
    assert [r["mission_id"] for r in runs.structured_content["runs"]] == [mid]
    trail = audit.structured_content["trail"]
    assert trail["mission_id"] == mid and trail["phases"]
    # a trail repeats the journal's last lines only as far as asked, saying how many exist
    every = trail["journal"]["entries"]
    cut = short.structured_content["trail"]["journal"]
    assert len(every) > 3 and cut["entries"] == every[-3:]
    assert cut["count"] == len(every) and "journal" in cut["note"]
    assert len(short.content[0].text) < len(audit.content[0].text)
    # and its phases only as far as asked, saying how many there are and how to see more
    cut_trail = few.structured_content["trail"]
    assert trail["phases_count"] == len(trail["phases"]) and "phases_note" not in trail
    assert cut_trail["phases_count"] == len(trail["phases"]) > 2
    assert cut_trail["phases"] == trail["phases"][:2]  # all fine: the pipeline's first two
    assert "audit's phases" in cut_trail["phases_note"]
    entries = journal.structured_content["entries"]
    assert entries and {e["mission_id"] for e in entries} == {mid}
    adapters = {r["key"] for r in by_adapter.structured_content["rows"]}
    assert "duckduckgo" in adapters
    assert pool.structured_content["configured"] is False
    assert unknown.is_error and "USE003" in unknown.content[0].text
    assert bad_by.is_error and "colour" in bad_by.content[0].text
    # the report is listed as a resource too (a client may read only resources/list)
    assert [str(r.uri) for r in listed] == [f"scout://missions/{mid}/report"]
    # a mistyped artifact name is told the names there are, not the server's folders
    said = str(no_artifact.value)
    assert "shortlst" in said and "shortlist" in said and "candidates" in said
    assert str(root) not in said


OUTSIDE = [
    ("validate", {"path": "/etc/passwd"}),
    ("validate", {"path": "../"}),
    ("plan", {"file": "../outside.yaml"}),
    ("apply", {"file": "/etc/hostname"}),
    ("apply", {"file": PIPELINE, "query": DEMO_QUERY, "replay": "/tmp"}),
    ("validate", {"path": "pipelines/escape.yaml"}),  # a symlink leaving the root
    ("plan", {"file": "pipelines/escape.yaml", "query": DEMO_QUERY}),
]


async def test_paths_outside_the_root_are_refused(tmp_path: Path) -> None:
    root = demo_root(tmp_path / "root")
    outside = tmp_path / "outside.yaml"
    outside.write_text((root / PIPELINE).read_text())
    (root / "pipelines" / "escape.yaml").symlink_to(outside)
    async with scout_mcp(root) as client:
        results = [(tool, args, await client.call_tool(tool, args)) for tool, args in OUTSIDE]
    for tool, args, result in results:
        assert result.is_error, (tool, args)
        assert "USE040" in result.content[0].text, (tool, args, result.content)
    assert not (root / "runs").exists()


async def test_a_path_the_system_refuses_is_a_located_tool_error(tmp_path: Path) -> None:
    """A 100 KB path (ENAMETOOLONG) or a symlink loop: the tool's error says USE004 with
    the path clipped, as the CLI does (it said only "Error executing tool validate")."""
    root = demo_root(tmp_path)
    (root / "loop1").symlink_to(root / "loop2")
    (root / "loop2").symlink_to(root / "loop1")
    calls = [("validate", {"path": "x" * 100_000}),
             ("plan", {"file": "x" * 5000, "query": DEMO_QUERY}),
             ("validate", {"path": "loop1"})]
    async with scout_mcp(root) as client:
        results = [(tool, await client.call_tool(tool, args)) for tool, args in calls]
    for tool, result in results:
        text = result.content[0].text
        assert result.is_error and "USE004" in text, (tool, text[:300])
        # the shape docs/agents.md gives: the SDK's prefix, then scout's code
        assert text.startswith(f"Error executing tool {tool}: USE004: "), text[:300]
        assert len(text) < 1000, tool


async def test_hostile_arguments_get_short_coded_errors(tmp_path: Path) -> None:
    """A folder given as a file is called a folder (it said "no such file"), and a 60 kB
    mission id is quoted cut, not echoed back whole."""
    root = demo_root(tmp_path)
    # a kind written by someone else, whose input's description is 100 kB of prose
    kind = (root / PIPELINE).read_text().replace(
        'description: "city or area to stay in"', 'description: "' + "area " * 20_000 + '"')
    (root / "pipelines" / "wordy.yaml").write_text(kind.replace("name: hotel-research",
                                                               "name: wordy"))
    calls = [("plan", {"file": "pipelines", "query": DEMO_QUERY}),
             ("status", {"mission_id": "a" * 60_000}),
             ("audit", {"mission_id": "../" * 20_000}),
             # wrong JSON types: scout's code, the argument and the type it got (it was
             # pydantic's text with an errors.pydantic.dev link)
             ("validate", {"path": ["pipelines"]}), ("validate", {}),
             ("plan", {"file": PIPELINE, "query": DEMO_QUERY, "set": {"budget": {"x": 1}}}),
             ("journal", {"limit": "SECRET-ish value"}),
             # names the caller gave, 100 kB long: quoted cut, as the CLI quotes them
             ("plan", {"file": PIPELINE, "query": DEMO_QUERY, "set": {"k" * 100_000: "1"}}),
             ("cost", {"by": "b" * 100_000}),
             ("plan", {"file": "pipelines/wordy.yaml", "query": "hotels for September"})]
    async with scout_mcp(root) as client:
        results = [await client.call_tool(tool, args) for tool, args in calls]
    texts = [r.content[0].text for r in results]
    assert all(r.is_error for r in results)
    assert "USE001: file 'pipelines' is a folder, not a file" in texts[0]
    assert all("USE002" in t and len(t) < 600 for t in texts[1:3]), [t[:200] for t in texts]
    typed = texts[3:]
    assert "USE001: tool validate: path: Input should be a valid string (got a list)" in typed[0]
    assert "USE001: tool validate: path: Field required" in typed[1]
    # a value of a type `set` does not take is said once, with the types it takes
    assert ("set.budget: expected text or true/false or a number or a list (got an object)"
            in typed[2]), typed[2]
    assert "limit:" in typed[3] and "SECRET-ish" not in typed[3]  # the value is not echoed
    assert "USE065" in texts[-1] and "area area" in texts[-1] and len(texts[-1]) < 3000
    long_names = texts[-3:-1]
    assert "has no input 'kkk" in long_names[0] and "cannot group costs by 'bbb" in long_names[1]
    assert all(len(t) < 1000 for t in long_names), [len(t) for t in long_names]
    assert not any("pydantic" in t for t in typed), typed
    assert not (root / "runs").exists()


async def test_a_failed_apply_says_where_its_stopped_report_is(tmp_path: Path) -> None:
    # an empty cassette answers no provider call: the search phase fails, offline
    root = demo_root(tmp_path)
    (root / "empty-cassette").mkdir()
    async with scout_mcp(root) as client:
        applied = await client.call_tool(
            "apply", {"file": PIPELINE, "query": DEMO_QUERY, "replay": "empty-cassette"})
    assert not applied.is_error, applied.content  # a failed mission is a result, not an error
    a = applied.structured_content
    assert a["status"] == "failed" and a["exit_code"] != 0
    assert a["stopped_report"] == f"runs/{a['mission_id']}/report.md"
    page = (root / a["stopped_report"]).read_text()
    assert page.startswith(f"# Mission {a['mission_id']} stopped")
    assert a["stopped_report_html"] == f"runs/{a['mission_id']}/report.html"
    assert (root / a["stopped_report_html"]).is_file()
    # why, and what to do next, in a line each: the page's own advice
    assert a["reason"] and a["hint"]
    assert a["hint"].split(";")[0] in page
