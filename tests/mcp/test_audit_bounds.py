"""The MCP audit's bounds on a trail's phases (scout/mcp/tools.py ``_bound_phases``): a
pipeline of thousands of phases, or a fan-out of thousands of failing items, gives a
trail an agent can read, which says what it left out. Through the real client:
tests/mcp/test_stdio.py (``phases``)."""

from __future__ import annotations

from typing import Any

from scout.mcp.tools import AUDIT_ITEM_ERRORS, _bound_phases


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
    _bound_phases(trail, 4)
    assert [p["phase"] for p in trail["phases"]] == ["P0", "P1", "P321", "P450"]
    assert trail["phases_count"] == 500 and "4 of 500" in trail["phases_note"]


def test_a_trail_within_the_bound_is_whole_and_says_no_note() -> None:
    phases = [_phase(f"P{i}", "succeeded") for i in range(3)]
    trail: dict[str, Any] = {"phases": list(phases)}
    _bound_phases(trail, 3)
    assert trail["phases"] == phases and trail["phases_count"] == 3
    assert "phases_note" not in trail


def test_item_errors_of_a_huge_fan_out_are_cut_and_counted() -> None:
    trail: dict[str, Any] = {"phases": [_phase("F1", "failed_terminal", errors=5000),
                                        _phase("F2", "succeeded_partial", errors=3)]}
    _bound_phases(trail, 100)
    big, small = (p["items"] for p in trail["phases"])
    assert len(big["errors"]) == AUDIT_ITEM_ERRORS and big["errors"]["0"] == "boom 0"
    assert big["errors_left_out"] == 5000 - AUDIT_ITEM_ERRORS and big["failed"] == 5000
    assert len(small["errors"]) == 3 and "errors_left_out" not in small
