"""Re-apply converges: reuse what is unchanged, rerun what is stale, and explain why."""

from __future__ import annotations

import json
import subprocess

from scout.stepkit.registry import register_phase_handler
from tests.orchestrator import steps

REPORTISH = """
    phases:
      F1: {uses: STEPS:items, with: {n: 3}, produces: [candidates]}
      F2: {uses: STEPS:per_item, needs: [candidates], for_each: candidates, as: item, produces: [reviews]}
      F3: {uses: STEPS:echo, needs: [candidates], produces: [prices]}
      F6: {uses: test_report, needs: [candidates, reviews, prices], with: {template: templates/report.md.j2}, produces: [report]}
"""


def _register_report() -> None:
    register_phase_handler("test_report", steps.read_template,
                           files_read=lambda params, root: [params.template])


def test_reapply_reuses_everything_unchanged(ws):
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:items, with: {n: 4}, produces: [things]}
          B: {uses: STEPS:per_item, needs: [things], for_each: things, as: item, produces: [sq]}
          C: {uses: STEPS:echo, needs: [sq], produces: [c]}
    """)
    assert ws.apply(p).exit_code == 0
    ws.reset_calls()
    events = []
    r = ws.apply(p, subscribers=[events.append])
    assert r.exit_code == 0 and ws.calls() == []
    assert [e.phase for e in events if e.kind == "phase_reused"] == ["A", "B", "C"]
    plan = ws.plan(p)
    assert [(x.phase, x.action, x.reason) for x in plan.phases] == [
        ("A", "reuse", "unchanged"), ("B", "reuse", "unchanged"), ("C", "reuse", "unchanged")]


def test_template_only_change_reruns_only_the_report(ws):
    _register_report()
    tpl = ws.root / "templates" / "report.md.j2"
    tpl.write_text("# {{ candidates | length }} candidates\n")
    p = ws.pipeline(REPORTISH)
    r = ws.apply(p)
    assert r.exit_code == 0 and r.report_path == ws.run_dir() / "report.md"
    assert (ws.run_dir() / "report.md").read_text() == "# 3 candidates\n"

    tpl.write_text("# Report: {{ candidates | length }} candidates\n")
    plan = ws.plan(p)
    by = {x.phase: x for x in plan.phases}
    assert by["F6"].action == "run"
    assert by["F6"].reason == "stale: template templates/report.md.j2 changed"
    assert all(by[x].action == "reuse" and not by[x].tentative for x in ("F1", "F2", "F3"))

    ws.reset_calls()
    r = ws.apply(p)
    assert r.exit_code == 0
    assert [c["phase"] for c in ws.calls()] == ["F6"]
    assert (ws.run_dir() / "report.md").read_text() == "# Report: 3 candidates\n"
    stale = [x for x in ws.log_records() if x.get("status") == "stale"]
    assert [(x["phase"], x["reason"]) for x in stale] == [
        ("F6", "template templates/report.md.j2 changed")]


def test_cli_plan_explains_template_change(ws, sub_env, scout_cmd):
    _register_report()  # in-process for apply; the subprocess registers it via the plugin below
    (ws.root / "templates" / "report.md.j2").write_text("v1 {{ prices }}\n")
    (ws.root / "plug.py").write_text(
        "from scout.stepkit.registry import register_phase_handler\n"
        "from tests.orchestrator import steps\n"
        "register_phase_handler('test_report', steps.read_template,\n"
        "                       files_read=lambda params, root: [params.template])\n")
    p = ws.pipeline(REPORTISH)
    assert ws.apply(p).exit_code == 0
    (ws.root / "templates" / "report.md.j2").write_text("v2 {{ prices }}\n")
    code = ("import sys, plug; from scout.cli import main; sys.exit(main(sys.argv[1:]))")
    env = dict(sub_env, PYTHONPATH=f"{ws.root}:{sub_env['PYTHONPATH']}")
    out = subprocess.run(
        [scout_cmd[0], "-c", code, "plan", str(p), "--mission-id", "m1", "--query", "test query",
         "--runs-dir", str(ws.runs), "--config", str(ws.config)],
        env=env, cwd=ws.root, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    lines = {ln.split()[0]: ln for ln in out.stdout.splitlines() if ln.startswith("  ")}
    assert "run" in lines["F6"] and "template templates/report.md.j2 changed" in lines["F6"]
    assert "reuse" in lines["F1"] and "unchanged" in lines["F1"]
    assert "1 to run, 3 to reuse, 0 to skip" in out.stdout


def test_upstream_rerun_with_same_output_does_not_rerun_downstream(ws):
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:constant, with: {tag: one}, produces: [a]}
          B: {uses: STEPS:echo, needs: [a], produces: [b]}
    """)
    assert ws.apply(p).exit_code == 0
    p.write_text(p.read_text().replace("tag: one", "tag: two"))  # A's spec changes...
    plan = {x.phase: x for x in ws.plan(p).phases}
    assert plan["A"].action == "run" and plan["A"].reason == "stale: its spec changed"
    assert plan["B"].action == "reuse" and plan["B"].tentative
    assert plan["B"].label == "reuse?"
    ws.reset_calls()
    r = ws.apply(p)
    assert r.exit_code == 0
    assert [c["phase"] for c in ws.calls()] == ["A"]  # ...but its output is identical


def test_upstream_output_change_reruns_downstream_with_reason(ws):
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:items, with: {n: 2}, produces: [things]}
          B: {uses: STEPS:echo, needs: [things], produces: [b]}
          C: {uses: STEPS:echo, produces: [c]}
    """)
    assert ws.apply(p).exit_code == 0
    p.write_text(p.read_text().replace("n: 2", "n: 3"))
    ws.reset_calls()
    events = []
    ws.apply(p, subscribers=[events.append])
    assert sorted(c["phase"] for c in ws.calls()) == ["A", "B"]
    stale = {e.phase: e.reason for e in events if getattr(e, "status", "") == "stale"}
    assert stale == {"A": "its spec changed", "B": "input 'things' changed"}


def test_force_reruns_phase_and_everything_downstream(ws):
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:echo, produces: [a]}
          B: {uses: STEPS:echo, needs: [a], produces: [b]}
          C: {uses: STEPS:echo, needs: [b], produces: [c]}
          D: {uses: STEPS:echo, needs: [a], produces: [d]}
    """)
    assert ws.apply(p).exit_code == 0
    plan = {x.phase: (x.action, x.reason) for x in ws.plan(p, force=["B"]).phases}
    assert plan == {"A": ("reuse", "unchanged"), "B": ("run", "forced by --force B"),
                    "C": ("run", "downstream of --force B"), "D": ("reuse", "unchanged")}
    # `scout plan` in Spanish says why in Spanish, the phase named as the pipeline names it
    from scout.cli.plan_view import reason_said
    assert [reason_said(plan[x][1], "es") for x in "BC"] == [
        "forzada con --force B", "posterior a B, forzada con --force"]
    ws.reset_calls()
    ws.apply(p, force=["B"])
    assert [c["phase"] for c in ws.calls()] == ["B", "C"]


def test_request_change_reruns_root_phase_only_when_it_reads_the_request(ws):
    p = ws.pipeline("""
        inputs:
          city: {type: place}
        phases:
          F0: {uses: STEPS:echo, produces: [task]}
          F1: {uses: STEPS:constant, needs: [task], produces: [x]}
          F2: {uses: STEPS:echo, needs: [city], produces: [y]}
    """)
    assert ws.apply(p, sets=["city=Rome"]).exit_code == 0
    ws.reset_calls()
    ws.apply(p, sets=["city=Paris"])
    # F0 has no needs: the request is its input. Its output did not change, so F1 is
    # reused; F2 reads the city input, which changed.
    assert sorted(c["phase"] for c in ws.calls()) == ["F0", "F2"]


def test_damaged_artifact_is_restored_from_the_log(ws):
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:items, with: {n: 2}, produces: [things]}
          B: {uses: STEPS:echo, needs: [things], produces: [b]}
    """)
    assert ws.apply(p).exit_code == 0
    path = ws.run_dir() / "artifacts" / "things.json"
    good = json.loads(path.read_text())
    path.write_text(path.read_text().replace('"item1"', '"tampered"'))
    (ws.run_dir() / "artifacts" / "b.json").unlink()
    assert [x.action for x in ws.plan(p).phases] == ["reuse", "reuse"]
    ws.reset_calls()
    r = ws.apply(p)
    assert r.exit_code == 0 and ws.calls() == []  # the recorded content came back, no rerun
    assert json.loads(path.read_text())["data"] == good["data"]
    assert (ws.run_dir() / "artifacts" / "b.json").exists()


def test_damaged_large_artifact_reruns_its_phase(ws, monkeypatch):
    from scout.orchestrator import results as runner
    monkeypatch.setattr(runner, "INLINE_MAX", 0)  # no payload in the log: files only
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:items, with: {n: 2}, produces: [things]}
          B: {uses: STEPS:echo, needs: [things], produces: [b]}
    """)
    assert ws.apply(p).exit_code == 0
    path = ws.run_dir() / "artifacts" / "things.json"
    path.write_text(path.read_text().replace('"item1"', '"tampered"'))
    plan = {x.phase: x for x in ws.plan(p).phases}
    assert plan["A"].action == "run" and "missing or damaged" in plan["A"].reason
    ws.reset_calls()
    r = ws.apply(p)
    assert r.exit_code == 0 and [c["phase"] for c in ws.calls()] == ["A"]


def test_failed_phase_reruns_on_reapply_and_plan_says_why(ws):
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:echo, produces: [a]}
          B: {uses: STEPS:fail, needs: [a], produces: [b]}
    """)
    assert ws.apply(p).exit_code == 1
    plan = {x.phase: x for x in ws.plan(p).phases}
    assert plan["A"].action == "reuse"
    assert plan["B"].action == "run"
    assert plan["B"].reason == "it failed before: this step always fails"


def test_new_mission_plan_is_all_run_and_creates_nothing(ws):
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:echo, produces: [a]}
    """)
    plan = ws.plan(p, mission_id="fresh")
    assert not plan.exists and [(x.action, x.reason) for x in plan.phases] == [("run", "new")]
    assert not (ws.runs / "fresh").exists()
