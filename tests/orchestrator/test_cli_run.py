"""`scout apply/plan/status`, Mission documents, and the seed-compatible entry points."""

from __future__ import annotations

import json
import subprocess
import sys

from click.testing import CliRunner

from scout.cli import cli, main

REPORT_PIPE = """
    inputs:
      city: {type: place}
      min_rating: {type: rating, default: 8.0}
    phases:
      F0: {uses: STEPS:echo, needs: [city, min_rating], produces: [task]}
      F6: {uses: STEPS:read_template, needs: [task], with: {template: templates/r.md.j2}, produces: [report]}
"""


def _report_ws(ws):
    (ws.root / "templates" / "r.md.j2").write_text("report for {{ task.inputs }}\n")
    return ws.pipeline(REPORT_PIPE)


def _run(scout_cmd, args, ws, env, **kw):
    return subprocess.run(scout_cmd + args, env=env, cwd=ws.root, capture_output=True,
                          text=True, timeout=120, **kw)


def test_apply_prints_report_path_then_converges(ws, sub_env, scout_cmd):
    p = _report_ws(ws)
    args = ["apply", str(p), "--query", "hotels in Rome", "--set", "city=Rome",
            "--mission-id", "rome", "--runs-dir", str(ws.runs), "--config", str(ws.config)]
    out = _run(scout_cmd, args, ws, sub_env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == str(ws.runs / "rome" / "report.md")
    assert "F6 succeeded" in out.stderr  # plain progress lines (not a TTY) on stderr
    out2 = _run(scout_cmd, args, ws, sub_env)
    assert out2.returncode == 0 and "F0 reused" in out2.stderr
    assert ws.count("F0") == 1 and ws.count("F6") == 1


def test_apply_mission_document(ws, sub_env, scout_cmd):
    p = _report_ws(ws)
    (ws.root / "missions").mkdir()
    m = ws.root / "missions" / "rome.yaml"
    m.write_text(f"apiVersion: scout/v1\nkind: Mission\nmission_id: rome-doc\n"
                 f"pipeline: ../{p.name}\nquery: hotels in Rome\n"
                 f"inputs: {{city: Rome, min_rating: 8.5}}\n")
    out = _run(scout_cmd, ["apply", str(m), "--runs-dir", str(ws.runs), "--config",
                           str(ws.config), "--format", "json"], ws, sub_env)
    assert out.returncode == 0, out.stderr
    res = json.loads(out.stdout)
    assert res["mission_id"] == "rome-doc" and res["status"] == "succeeded"
    task = json.loads((ws.runs / "rome-doc" / "task.json").read_text())
    assert task["query"] == "hotels in Rome"
    assert task["inputs"] == {"city": "Rome", "min_rating": 8.5}
    assert task["input_sources"] == {"city": "mission", "min_rating": "mission"}
    # --set overrides the document; the changed input reruns what reads it
    out = _run(scout_cmd, ["apply", str(m), "--runs-dir", str(ws.runs), "--config",
                           str(ws.config), "--set", "min_rating=9"], ws, sub_env)
    assert out.returncode == 0, out.stderr
    assert ws.count("F0") == 2
    task = json.loads((ws.runs / "rome-doc" / "task.json").read_text())
    assert task["input_sources"]["min_rating"] == "set"


def test_apply_failure_prints_state_and_exit_code(ws, sub_env, scout_cmd):
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:echo, produces: [a]}
          B: {uses: STEPS:fail, needs: [a], produces: [b]}
    """)
    out = _run(scout_cmd, ["apply", str(p), "--query", "q", "--mission-id", "m1", "--runs-dir",
                           str(ws.runs), "--config", str(ws.config), "--progress", "none"],
               ws, sub_env)
    assert out.returncode == 1
    assert "mission m1: failed (exit 1)" in out.stdout
    assert "B  failed_terminal" in out.stdout and "this step always fails" in out.stdout
    st = _run(scout_cmd, ["status", "m1", "--runs-dir", str(ws.runs)], ws, sub_env)
    assert st.returncode == 0 and "mission m1: failed (exit 1)" in st.stdout
    assert "A  succeeded" in st.stdout
    js = _run(scout_cmd, ["status", "m1", "--runs-dir", str(ws.runs), "--format", "json"],
              ws, sub_env)
    assert json.loads(js.stdout)["phases"]["B"]["status"] == "failed_terminal"


def test_apply_json_of_a_failed_mission_says_what_to_do(ws, monkeypatch):
    """`--format json` carries the `hint` the text output's "hint:" line and the MCP
    `apply` give (the failed phase's advice), beside its `reason`."""
    from scout.report.failure import what_to_do

    monkeypatch.chdir(ws.root)
    p = ws.pipeline(PIPE_SHORT)
    res = CliRunner().invoke(cli, ["apply", str(p), "--query", "q", "--mission-id", "m1",
                                   "--runs-dir", str(ws.runs), "--config", str(ws.config),
                                   "--format", "json"])
    assert res.exit_code == 1, res.output
    said = json.loads(res.output)
    assert said["reason"] and said["hint"] == what_to_do(said["phases"]["A"]["error"])
    ok = CliRunner().invoke(cli, ["apply", str(_report_ws(ws)), "--set", "city=Paris",
                                  "--mission-id", "m2", "--runs-dir", str(ws.runs),
                                  "--config", str(ws.config), "--format", "json"])
    assert ok.exit_code == 0 and json.loads(ok.output)["hint"] is None, ok.output


def test_status_cuts_a_long_reason_and_says_where_the_full_text_is(ws, monkeypatch):
    """A provider's error page in a reason is cut in the middle on the text lines (its
    start and end stay), with one note naming the command that has it in full."""
    monkeypatch.chdir(ws.root)
    page = "HTTP 500 <html>" + "x" * 5000 + "</html> END"
    p = ws.pipeline(f"""
        phases:
          A: {{uses: STEPS:echo, produces: [a]}}
          B: {{uses: STEPS:fail, needs: [a], with: {{message: "{page}"}}, produces: [b]}}
    """)
    assert ws.apply(p, mission_id="m1").exit_code == 1
    res = CliRunner().invoke(cli, ["status", "m1", "--runs-dir", str(ws.runs)])
    assert res.exit_code == 0, res.output
    assert len(res.output) < 2000 and "HTTP 500 <html>" in res.output and "END" in res.output
    assert "`scout status m1 --format json` has them in full" in res.output
    js = CliRunner().invoke(cli, ["status", "m1", "--runs-dir", str(ws.runs), "--format", "json"])
    assert page in json.loads(js.output)["phases"]["B"]["error"]["message"]
    ws.apply(ws.pipeline(PIPE_SHORT, "q.yaml"), mission_id="m2")
    short = CliRunner().invoke(cli, ["status", "m2", "--runs-dir", str(ws.runs)])
    assert "in full" not in short.output  # nothing cut, nothing said


PIPE_SHORT = """
    phases:
      A: {uses: STEPS:fail, produces: [a]}
"""


def test_status_of_unknown_or_unsafe_mission(ws, monkeypatch):
    monkeypatch.chdir(ws.root)
    res = CliRunner().invoke(cli, ["status", "nope", "--runs-dir", str(ws.runs)],
                             standalone_mode=False)
    assert res.exception is not None and getattr(res.exception, "code", "") == "USE003"
    assert main(["status", "../../etc", "--runs-dir", str(ws.runs)]) == 2


def test_plan_json(ws, monkeypatch):
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:echo, produces: [a]}
    """)
    monkeypatch.chdir(ws.root)
    res = CliRunner().invoke(cli, ["plan", str(p), "--query", "q", "--mission-id", "m1",
                                   "--runs-dir", str(ws.runs), "--config", str(ws.config),
                                   "--format", "json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["exists"] is False and data["phases"][0]["action"] == "run"


def test_apply_without_request_is_a_usage_error(ws):
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:echo, produces: [a]}
    """)
    assert main(["apply", str(p), "--runs-dir", str(ws.runs), "--config", str(ws.config)]) == 2


def test_research_cli_run_prints_report_path(ws, sub_env):
    p = _report_ws(ws)
    out = subprocess.run(
        [sys.executable, "-m", "scout.tools.research_cli", "run", "--mission-id", "seed1",
         "--query", "hotels in Rome", "--runs-dir", str(ws.runs), "--pipeline", str(p),
         "--config", str(ws.config), "--set", "city=Rome"],
        env=sub_env, cwd=ws.root, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == str(ws.runs / "seed1" / "report.md")
    st = subprocess.run([sys.executable, "-m", "scout.tools.research_cli", "status",
                         "--mission-id", "seed1", "--runs-dir", str(ws.runs)],
                        env=sub_env, cwd=ws.root, capture_output=True, text=True, timeout=60)
    assert json.loads(st.stdout)["phases"]["F6"]["status"] == "succeeded"


def test_run_research_and_shell_wrapper(ws, sub_env, root):
    p = _report_ws(ws)
    out = subprocess.run(
        [sys.executable, "-m", "scout.tools.run_research", "seed2", "hotels in Rome",
         "--runs-dir", str(ws.runs), "--pipeline", str(p), "--config", str(ws.config),
         "--set", "city=Rome"],
        env=sub_env, cwd=ws.root, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert any(ln.startswith("F0 started") for ln in lines)  # full logging on stdout
    assert lines[-1] == str(ws.runs / "seed2" / "report.md")
    env = dict(sub_env, PYTHON=sys.executable)
    env.pop("PYTHONPATH")
    sh = subprocess.run(
        ["bash", str(root / "scout" / "tools" / "run_research.sh"), "seed3", "hotels in Rome",
         "--runs-dir", str(ws.runs), "--pipeline", str(p), "--config", str(ws.config),
         "--set", "city=Rome"],
        env=env, cwd=ws.root, capture_output=True, text=True, timeout=120)
    assert sh.returncode == 0, sh.stderr
    assert sh.stdout.splitlines()[-1] == str(ws.runs / "seed3" / "report.md")
