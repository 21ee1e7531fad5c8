"""``scout runs``, ``audit``, ``pool status``, ``cost`` and ``journal replay`` on the runs
dir and journal of two real missions (see conftest)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scout.cli import main
from tests.ops.conftest import SECRETS, OpsWorld
from tests.ops.test_cli_journal import jrun, run


def sums(entries: list[dict[str, Any]], key: str) -> dict[Any, float]:
    out: dict[Any, float] = {}
    for e in entries:
        out[e[key]] = round(out.get(e[key], 0.0) + e["cost"]["usd"], 6)
    return out


# --- runs --------------------------------------------------------------------------------


def test_runs(ops_env: OpsWorld, capsys) -> None:
    data = jrun(capsys, "runs")
    by_id = {r["mission_id"]: r for r in data["runs"]}
    assert set(by_id) == {"bcn", "bcn-degraded"}
    cost = sums(ops_env.entries(), "mission_id")
    for mid, row in by_id.items():
        assert row["pipeline"] == "hotel-research"
        assert row["status"] == "succeeded" and row["exit_code"] == 0 and row["runs"] == 1
        assert row["duration_s"] > 0 and row["started_at"] < row["finished_at"]
        assert row["cost_usd"] == pytest.approx(cost[mid])
        # E7: no notify_email; P6: no download_photos
        assert row["phases"] == {"succeeded": 11, "skipped": 2}
    # Tavily + Perplexity + one Brave image search per shortlisted hotel (P5)
    assert by_id["bcn"]["cost_usd"] == pytest.approx(9 * 0.008 + 0.005 + 2 * 0.005)
    # DuckDuckGo is free: Perplexity's fee + the two Brave image searches of P5
    assert by_id["bcn-degraded"]["cost_usd"] == pytest.approx(0.005 + 2 * 0.005)
    # newest first
    assert [r["mission_id"] for r in data["runs"]] == ["bcn-degraded", "bcn"]
    rc, out, _ = run(capsys, "runs")
    assert rc == 0 and "hotel-research" in out and "$0.0870" in out and "11 ok" in out


def test_runs_ignores_what_is_not_a_run_dir(ops_copy: Path, capsys) -> None:
    (ops_copy / "runs" / "Not A Slug").mkdir()
    (ops_copy / "runs" / "empty-dir").mkdir()
    (ops_copy / "runs" / "stray.txt").write_text("x")
    data = jrun(capsys, "runs")
    assert sorted(r["mission_id"] for r in data["runs"]) == ["bcn", "bcn-degraded"]


# --- audit -------------------------------------------------------------------------------


def test_audit_json(ops_env: OpsWorld, capsys) -> None:
    t = jrun(capsys, "audit", "bcn", "--format", "json")
    run_dir = ops_env.world.run_dir("bcn")
    task = json.loads((run_dir / "task.json").read_text())
    assert t["request"]["query"] == task["query"] and t["task"] == task["task"]
    assert t["task"]["values"]["destination"] == "Barcelona"
    state = json.loads((run_dir / "phase.json").read_text())["state"]
    assert [p["phase"] for p in t["phases"]] == list(state["phases"])
    p3 = next(p for p in t["phases"] if p["phase"] == "P3")
    assert p3["status"] == "succeeded" and p3["answered_by"] == {"perplexity": 1}
    assert p3["fingerprint"] == state["phases"]["P3"]["fingerprint"]
    assert p3["attempts"] == 1 and p3["duration_s"] > 0
    # artifacts: every output hash of every phase is there and verified
    outputs = {n: h for p in state["phases"].values() for n, h in p["outputs"].items()}
    arts = {a["name"]: a for a in t["artifacts"]}
    assert set(arts) == set(outputs)
    assert all(arts[n]["hash"] == h and arts[n]["verified"] for n, h in outputs.items())
    # the mission's journal lines, and their cost
    mine = [e for e in ops_env.entries() if e["mission_id"] == "bcn"]
    assert [e["id"] for e in t["journal"]["entries"]] == [e["id"] for e in mine]
    assert t["cost"]["total"]["usd"] == pytest.approx(sum(e["cost"]["usd"] for e in mine))
    by_phase = {r["key"]: r["usd"] for r in t["cost"]["by_phase"]}
    assert by_phase["P3"] == pytest.approx(0.005) and by_phase["F2"] == pytest.approx(0.032)
    assert [r["status"] for r in t["runs"]] == ["succeeded"]
    assert set(t["reports"]) == {"report.md", "report.html"}


def test_audit_markdown(ops_env: OpsWorld, capsys) -> None:
    rc, out, _ = run(capsys, "audit", "bcn-degraded")
    assert rc == 0
    for section in ("# Audit trail: bcn-degraded", "## Request", "### Parsed task", "## Runs",
                    "## Phases", "## Artifacts", "## Journal (", "## Cost", "### By adapter"):
        assert section in out, section
    assert "| F1 | succeeded | 1 |" in out and "duckduckgo x1" in out
    assert "| tavily | 18 | 0 | 18 | 0 | 0.0000 |" in out  # 9 retries + 9 errors, all free


def test_audit_refuses_unsafe_and_unknown_ids(ops_env: OpsWorld, capsys) -> None:
    rc, _, err = run(capsys, "audit", "../../etc")
    assert rc == 2 and "USE002" in err
    rc, _, err = run(capsys, "audit", "no-such-mission")
    assert rc == 2 and "USE003" in err


# --- pool status -------------------------------------------------------------------------


def test_pool_status(ops_env: OpsWorld, capsys) -> None:
    data = jrun(capsys, "pool", "status")
    assert data["configured"] is True
    toks = {t["name"]: t for t in data["tokens"]}
    main_, spare = toks["pplx-main"], toks["pplx-spare"]
    assert main_["strategy"] == spare["strategy"] == "failover"
    assert main_["status"] == "quota_exhausted" and main_["until"] is not None
    assert (main_["requests"], main_["errors"]) == (1, 1)
    assert main_["last_error"]["kind"] == "auth_error" and main_["last_success"] is None
    assert main_["value_from"] == "literal"
    assert spare["status"] == "active" and (spare["requests"], spare["errors"]) == (2, 0)
    assert spare["last_success"] is not None and spare["value_from"] == "env:OPS_PPLX_SPARE"
    rc, table, _ = run(capsys, "pool", "status")
    assert rc == 0 and "quota_exhausted" in table and "pplx-spare" in table
    for value in SECRETS:
        assert value not in json.dumps(data) + table


def test_pool_status_without_a_pool(tmp_path: Path, monkeypatch, capsys) -> None:
    (tmp_path / "config").mkdir()
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.delenv("SCOUTE_TOKEN_POOL_CONFIG", raising=False)
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    data = jrun(capsys, "pool", "status")
    assert data["configured"] is False and data["tokens"] == []


def test_pool_status_refuses_an_unsafe_pool_file(ops_copy: Path, capsys) -> None:
    (ops_copy / "config" / "token_pool_config.json").chmod(0o644)
    rc, out, err = run(capsys, "pool", "status")
    assert rc == 3 and "CFG011" in err and "chmod 600" in err
    for value in SECRETS:
        assert value not in out + err


# --- cost --------------------------------------------------------------------------------


@pytest.mark.parametrize("by,field", [("mission", "mission_id"), ("adapter", "adapter"),
                                      ("token", "token_name"), ("phase", "phase")])
def test_cost_by(ops_env: OpsWorld, capsys, by: str, field: str) -> None:
    expected = sums(ops_env.entries(), field)
    data = jrun(capsys, "cost", "--by", by)
    got = {r["key"]: r["usd"] for r in data[f"by_{by}"]}
    assert got == pytest.approx(expected)
    # 'sent' lines announce paid calls and are not counted as calls
    assert data["total"]["calls"] == len([e for e in ops_env.entries()
                                          if e["result"] != "sent"])
    cold = jrun(capsys, "cost", "--by", by, "--no-index")
    assert cold["source"] == "scan" and cold[f"by_{by}"] == data[f"by_{by}"]


def test_cost_filters_and_table(ops_env: OpsWorld, capsys) -> None:
    data = jrun(capsys, "cost", "--by", "adapter", "--mission", "bcn-degraded")
    rows = {r["key"]: r for r in data["by_adapter"]}
    assert rows["tavily"]["failed"] == 18 and rows["tavily"]["usd"] == 0
    assert rows["duckduckgo"]["ok"] == 9 and rows["perplexity"]["usd"] == pytest.approx(0.005)
    assert jrun(capsys, "cost", "--since", "2999-01-01")["total"]["calls"] == 0
    rc, out, _ = run(capsys, "cost", "--by", "token")
    assert rc == 0 and "TAVILY_API_KEY" in out and "pplx-spare" in out and "total" in out
    assert "calls" in out and "lines" not in out  # the JSON's word for the same count
    rc, _, _ = run(capsys, "cost", "--by", "planet")
    assert rc == 2


# --- journal replay ----------------------------------------------------------------------


def _entry(ops_world: OpsWorld, runtime: Path, **match: Any) -> dict[str, Any]:
    return next(e for e in ops_world.entries(runtime)
                if all(e.get(k) == v for k, v in match.items()))


def test_replay_an_answered_search(ops_world: OpsWorld, ops_copy: Path, capsys) -> None:
    runtime = ops_copy / "runtime"
    old = _entry(ops_world, runtime, mission_id="bcn", phase="F1", adapter="tavily",
                 result="ok")
    asked = len(ops_world.world.providers.queries("tavily"))
    data = jrun(capsys, "journal", "replay", old["id"][:8])
    assert data["entry"] == old["id"] and data["ok"] is True
    assert ops_world.world.providers.queries("tavily")[asked:] == [old["request"]["query"]]
    assert data["old"]["result"] == data["new"]["result"] == "ok"
    assert data["old"]["items"] == data["new"]["items"] == 5 and data["new"]["status"] == 200
    assert data["new"]["cost_usd"] == pytest.approx(0.008) and data["new"]["tries"] == 1
    # the new line is in the journal, under the pseudo mission _replay, same phase
    # a paid adapter: a 'sent' line before the request, then its answer
    sent_id, new_id = data["new_entries"]
    assert _entry(ops_world, runtime, id=sent_id)["result"] == "sent"
    new = _entry(ops_world, runtime, id=new_id)
    assert new["mission_id"] == "_replay" and new["phase"] == "F1"
    assert new["request"] == old["request"]
    # side by side, as a table
    rc, out, _ = run(capsys, "journal", "replay", old["id"])
    assert rc == 0 and "old " + old["id"][:12] in out and "result" in out


def test_replay_a_failed_request(ops_world: OpsWorld, ops_copy: Path, capsys) -> None:
    runtime = ops_copy / "runtime"
    old = _entry(ops_world, runtime, mission_id="bcn-degraded", adapter="tavily",
                 result="error")
    data = jrun(capsys, "journal", "replay", old["id"])
    assert data["old"]["status"] == 500 and data["old"]["error"].startswith("unavailable")
    assert data["new"]["status"] == 200 and data["new"]["result"] == "ok" and data["ok"]
    ops_world.world.providers.fail("tavily", 500, times=10)
    try:
        rc, out, _ = run(capsys, "journal", "replay", old["id"], "--json")
        text_rc, table, err = run(capsys, "journal", "replay", old["id"])
    finally:
        ops_world.world.providers.failures.clear()
    again = json.loads(out)
    assert rc == 3 and again["ok"] is False and again["error"]["kind"] == "unavailable"
    assert again["new"]["result"] == "error" and again["new"]["tries"] == 2  # one retry
    assert "hint" in again["error"]  # what to do, beside the code, where there is a hint
    # the table, then the error as every command says one: code and message (and hint)
    assert text_rc == 3 and "new " in table
    assert err.startswith(f"error {again['error']['code']}: {again['error']['message']}")
    assert ("hint: " in err) == bool(again["error"]["hint"])


def test_replay_refuses_a_redacted_request(ops_world: OpsWorld, ops_copy: Path,
                                           capsys) -> None:
    runtime = ops_copy / "runtime"
    synth = _entry(ops_world, runtime, mission_id="bcn", adapter="perplexity", result="ok")
    assert synth["request"]["question"].keys() == {"keywords"}
    before = len(ops_world.world.perplexity.bodies)
    rc, _, err = run(capsys, "journal", "replay", synth["id"])
    assert rc == 2 and "USE021" in err and "redacted" in err and "keywords" in err
    assert "evidence" in err and "question" in err and "--force P3" in err
    assert len(ops_world.world.perplexity.bodies) == before  # nothing was sent


def test_replay_unknown_and_malformed_ids(ops_copy: Path, capsys) -> None:
    rc, _, err = run(capsys, "journal", "replay", "0123456789abcdef")
    assert rc == 2 and "USE020" in err and "no journal entry" in err
    rc, _, err = run(capsys, "journal", "replay", "xyz")
    assert rc == 2 and "USE020" in err and "hex" in err


def test_no_secret_in_any_cli_output(ops_env: OpsWorld, capsys) -> None:
    outs = []
    for args in (["runs", "--json"], ["runs"], ["audit", "bcn"], ["audit", "bcn", "--json"],
                 ["cost", "--by", "token"], ["cost", "--json"], ["pool", "status"],
                 ["journal", "-n", "0", "--json"]):
        capsys.readouterr()
        assert main(args) == 0
        out, err = capsys.readouterr()
        outs.append(out + err)
    blob = "\n".join(outs)
    assert "pplx-spare" in blob and "TAVILY_API_KEY" in blob  # names are shown
    for value in SECRETS:
        assert value not in blob
