"""The bounds on what one MCP result carries (scout/audit/limits.py): a pipeline of
thousands of phases, or a fan-out of thousands of failing items, gives a trail (and a
status) an agent can read, which says what it left out; a report of megabytes comes in
parts, an artifact of megabytes cut to fit. Through the real client:
tests/mcp/test_stdio.py (``phases``), tests/mcp/test_hostile_results.py."""

from __future__ import annotations

import json
from typing import Any

import pytest

from scout.errors import UsageError
from scout.audit.limits import (ARTIFACT_MAX_CHARS, AUDIT_ITEM_ERRORS, REPORT_PART_CHARS,
                              bound_artifact, bound_phases, bound_state, bound_trail,
                              cut_rows, cut_texts, report_part)


def _phase(pid: str, status: str, errors: int = 0) -> dict[str, Any]:
    items = {"total": errors, "ok": 0, "failed": errors,
             "errors": {str(i): f"boom {i}" for i in range(errors)}} if errors else None
    return {"phase": pid, "status": status, "items": items}


def test_phases_that_did_not_succeed_are_kept_first_in_pipeline_order() -> None:
    phases = [_phase(f"P{i}", "succeeded") for i in range(500)]
    phases[7]["status"] = "skipped"
    phases[321] = _phase("P321", "failed_terminal")
    phases[450] = _phase("P450", "succeeded_partial")
    trail: dict[str, Any] = {"phases": phases}
    bound_phases(trail, 4)
    assert [p["phase"] for p in trail["phases"]] == ["P0", "P1", "P321", "P450"]
    assert trail["phases_count"] == 500 and "4 of 500" in trail["phases_note"]


def test_a_trail_within_the_bound_is_whole_and_says_no_note() -> None:
    phases = [_phase(f"P{i}", "succeeded") for i in range(3)]
    trail: dict[str, Any] = {"phases": list(phases)}
    bound_phases(trail, 3)
    assert trail["phases"] == phases and trail["phases_count"] == 3
    assert "phases_note" not in trail


def test_item_errors_of_a_huge_fan_out_are_cut_and_counted() -> None:
    trail: dict[str, Any] = {"phases": [_phase("F1", "failed_terminal", errors=5000),
                                        _phase("F2", "succeeded_partial", errors=3)]}
    bound_phases(trail, 100)
    big, small = (p["items"] for p in trail["phases"])
    assert len(big["errors"]) == AUDIT_ITEM_ERRORS and big["errors"]["0"] == "boom 0"
    assert big["errors_left_out"] == 5000 - AUDIT_ITEM_ERRORS and big["failed"] == 5000
    assert len(small["errors"]) == 3 and "errors_left_out" not in small


# --- status, the report and artifacts (scout/audit/limits.py) ------------------------------


def test_a_state_of_thousands_of_phases_keeps_the_failed_first_and_counts_them() -> None:
    state: dict[str, Any] = {"phases": {f"P{i}": _phase(f"P{i}", "succeeded")
                                        for i in range(3000)}}
    state["phases"]["P2999"] = _phase("P2999", "failed_terminal", errors=900)
    count, note = bound_state(state, 3)
    assert count == 3000 and note is not None and "3 of 3000" in note
    assert list(state["phases"]) == ["P0", "P1", "P2999"]
    assert len(state["phases"]["P2999"]["items"]["errors"]) == AUDIT_ITEM_ERRORS
    small: dict[str, Any] = {"phases": {"A": _phase("A", "succeeded")}}
    assert bound_state(small, 3) == (1, None) and list(small["phases"]) == ["A"]


def test_a_long_report_comes_in_parts_each_naming_the_next() -> None:
    lines = [f"line {i} " + "x" * 50 for i in range(REPORT_PART_CHARS // 20)]
    text = "\n".join(lines)
    uri = "scout://missions/m/report"
    parts = []
    while True:
        part = report_part(text, len(parts) + 1, uri)
        parts.append(part)
        if f"{uri}/{len(parts) + 1}]" not in part:
            break
    assert len(parts) > 1 and all(len(p) <= REPORT_PART_CHARS + 200 for p in parts)
    # every line is in exactly one part, whole: the parts put back are the report
    body = "".join(p.split("\n\n[… part", 1)[0] for p in parts)
    assert body == text
    assert report_part("short", 1, uri) == "short"
    with pytest.raises(UsageError, match="has 1 part"):
        report_part("short", 2, uri)


@pytest.mark.parametrize("value", [
    [{"name": f"hotel {i}", "notes": "n" * 500} for i in range(50_000)],
    {"candidates": [{"title": "t" * 1_000_000}], "n": 1},
    {"deep": [[[[["x" * 10_000] * 100] * 100]]]},
])
def test_an_artifact_past_the_bound_is_cut_to_fit_and_says_where_it_is_whole(
        value: Any) -> None:
    out = bound_artifact(value, "runs/m/artifacts/a.json")
    assert len(json.dumps(out, ensure_ascii=False)) <= ARTIFACT_MAX_CHARS
    assert "runs/m/artifacts/a.json" in out["_left_out"]


def test_an_artifact_within_the_bound_is_as_written() -> None:
    assert bound_artifact({"a": [1, 2]}, "x") == {"a": [1, 2]}
    assert bound_artifact([1, 2], "x") == {"items": [1, 2]}


def test_a_trails_other_lists_are_cut_as_its_phases_keeping_what_matters() -> None:
    n = 500
    trail: dict[str, Any] = {
        "phases": [_phase(f"P{i}", "succeeded") for i in range(n)],
        "artifacts": [{"name": f"a{i}", "verified": i != 400} for i in range(n)],
        "runs": [{"run": i + 1} for i in range(n)],
        "journal": {"entries": [], "torn": [{"line": i} for i in range(n)]},
        "cost": {"total": {"usd": 1.0}, "by_phase": [{"key": f"P{i}"} for i in range(n)],
                 "by_adapter": [{"key": "tavily"}]}}
    bound_trail(trail, 10)
    assert len(trail["phases"]) == 10 and trail["phases_count"] == n
    # the artifact that does not verify is kept; the newest applies are
    assert "a400" in [a["name"] for a in trail["artifacts"]]
    assert len(trail["artifacts"]) == 10 and trail["artifacts_left_out"] == n - 10
    assert [r["run"] for r in trail["runs"]] == list(range(n - 9, n + 1))
    assert len(trail["journal"]["torn"]) == 10 and trail["journal"]["torn_left_out"] == n - 10
    assert len(trail["cost"]["by_phase"]) == 10 and trail["cost"]["by_adapter"] == [
        {"key": "tavily"}]
    assert "by_adapter_left_out" not in trail["cost"]


def test_cut_rows_keeps_the_rows_picked_first_in_their_order() -> None:
    plan: dict[str, Any] = {"phases": [{"phase": f"P{i}", "action": "reuse" if i % 7 else "run"}
                                       for i in range(300)]}
    cut_rows(plan, "phases", 100, first=lambda p: p["action"] == "run")
    kept = plan["phases"]
    assert len(kept) == 100 and plan["phases_left_out"] == 200
    runs = [p for p in kept if p["action"] == "run"]
    assert len(runs) == 43 and kept == sorted(kept, key=lambda p: int(p["phase"][1:]))
    few: dict[str, Any] = {"phases": [1, 2]}
    cut_rows(few, "phases", 100)
    assert few == {"phases": [1, 2]}


def test_a_kind_of_hundreds_of_inputs_lists_the_required_first_and_counts_the_rest() -> None:
    """A kind written by someone else: 300 inputs, each with a 100 kB default."""
    from scout.mcp.kinds import MAX_INPUTS, _inputs
    from scout.spec.models import Pipeline

    inputs: dict[str, Any] = {f"opt{i}": {"type": "string", "default": "d" * 100_000}
                              for i in range(300)}
    inputs["must"] = {"type": "string", "required": True}
    pipeline = Pipeline.model_validate({
        "apiVersion": "scout/v1", "kind": "Pipeline", "name": "p", "inputs": inputs,
        "phases": {"F0": {"uses": "task", "produces": ["task"]}}})
    listed, left_out = _inputs(pipeline)
    assert len(listed) == MAX_INPUTS and left_out == 301 - MAX_INPUTS
    assert listed[-1].name == "must" and listed[0].name == "opt0"  # the author's order
    assert all(len(str(i.default)) <= 300 for i in listed)
    small = Pipeline.model_validate({
        "apiVersion": "scout/v1", "kind": "Pipeline", "name": "p",
        "inputs": {"opt": {"type": "integer", "default": 5}, "must": inputs["must"]},
        "phases": {"F0": {"uses": "task", "produces": ["task"]}}})
    listed, left_out = _inputs(small)
    assert [i.name for i in listed] == ["opt", "must"] and left_out is None
    assert listed[0].default == 5


def test_applys_warnings_are_cut_in_number_and_width() -> None:
    naming_all = "optional phase(s) did not succeed: " + ", ".join(
        f"P{i}" for i in range(5000))
    cut = cut_texts([naming_all] + ["partial results: F1"] * 100)
    assert len(cut) == 50 and len(cut[0]) <= 2000 and cut[0].startswith("optional phase")
    assert cut[1] == "partial results: F1"
