"""Custom phases (python:, register_phase_handler, entry points), the Task in templates,
and the progress displays."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from importlib import metadata

from rich.console import Console

from scout.orchestrator import events as E
from scout.orchestrator.progress import LiveProgress, PlainProgress, make_progress
from scout.schemas.task import Task
from scout.stepkit import registry
from scout.stepkit.registry import register_phase_handler


def make_task(ctx):
    return Task(query=ctx.extras["query"], values={"destination": "Rome", **ctx.extras["overrides"]})


def test_task_artifact_feeds_templates_and_task_json(ws):
    register_phase_handler("test_task", make_task, reads_request=True)
    p = ws.pipeline("""
        inputs:
          destination: {type: place}
          budget: {type: integer}
        phases:
          F0: {uses: test_task, produces: [task]}
          F1:
            uses: STEPS:echo
            needs: [task]
            with: {value: "hotels in {{ task.destination }} under {{ task.budget }} ({{ task.query }})"}
            produces: [q]
    """)
    r = ws.apply(p, query="cheap hotels", sets=["budget=150"])
    assert r.exit_code == 0
    from scout import api
    arts = api.get_mission_artifacts("m1", ws.runs)
    assert isinstance(arts["task"], Task)
    assert arts["q"] == "hotels in Rome under 150 (cheap hotels)"
    doc = json.loads((ws.run_dir() / "task.json").read_text())
    assert doc["query"] == "cheap hotels" and doc["task"]["values"]["destination"] == "Rome"
    assert doc["inputs"] == {"budget": 150} and doc["input_sources"] == {"budget": "set"}


def test_missing_template_name_fails_loudly(ws):
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:items, with: {n: 1}, produces: [things]}
          B: {uses: STEPS:per_item, needs: [things], for_each: things, as: item, with: {label: "{{ item.nope }}"}, produces: [b]}
    """)
    r = ws.apply(p)
    assert r.exit_code == 1
    assert "nope" in r.phases["B"].items.errors["0"]


def test_entry_point_step_kind(ws, monkeypatch):
    class EP:
        name = "plugged"
        group = "scout.steps"

        def load(self):
            return lambda ctx: {"from": "entry point", "phase": ctx.phase_id}

    monkeypatch.setattr(metadata, "entry_points",
                        lambda group=None: [EP()] if group == "scout.steps" else [])
    monkeypatch.setattr(registry, "_entry_points_loaded", False)
    monkeypatch.delitem(registry.STEP_KINDS, "plugged", raising=False)
    p = ws.pipeline("""
        phases:
          A: {uses: plugged, produces: [a]}
    """)
    r = ws.apply(p)
    assert r.exit_code == 0
    from scout import api
    assert api.get_mission_artifacts("m1", ws.runs)["a"] == {"from": "entry point", "phase": "A"}


def _events():
    return [
        E.MissionStarted("m", "/runs/m", ("F1", "F2")),
        E.PhaseStarted("F1", 1, "search"),
        E.PhaseFinished("F1", "succeeded", duration_s=1.5, answered_by=("duckduckgo",)),
        E.PhaseStarted("F2", 1, "search", items_total=20, items_reused=5),
        *[E.ItemDone("F2", i, True, 5 + i + 1, 20, answered_by="tavily") for i in range(8)],
        E.ItemDone("F2", 13, False, 14, 20, error="boom"),
        E.PhaseRetried("F2", 1, 2.0, "429"),
        E.Notice("tavily? skipped: no key", level="warning"),
    ]


def test_plain_progress_lines():
    buf = io.StringIO()
    prog = PlainProgress(buf)
    for ev in _events():
        prog(ev)
    out = buf.getvalue().splitlines()
    assert out[0] == "starting mission m (2 phases) in /runs/m"
    assert "F1 succeeded in 1.50s, answered by duckduckgo" in out
    assert "F2 items 12/20" in out  # progress at most every 10%, not every item
    assert "F2 items 13/20" not in out
    assert "F2 items 14/20 (item 13 failed: boom)" in out
    assert any(line.startswith("F2 attempt 1 failed (429); retrying in 2.00s") for line in out)
    assert len([x for x in out if x.startswith("F2 items")]) < 9


def test_live_table_shows_status_items_elapsed_and_who_answered():
    buf = io.StringIO()
    console = Console(file=buf, force_terminal=True, width=140, color_system=None)
    prog = LiveProgress(console)
    for ev in _events()[:-1]:
        prog(ev)
    console.print(prog.board.table())
    text = buf.getvalue()
    assert "F1" in text and "succeeded" in text and "1.5s" in text and "duckduckgo" in text
    assert "14/20" in text and "failed_retryable" in text and "tavily" in text


def test_make_progress_picks_plain_when_not_a_tty():
    assert isinstance(make_progress("auto", io.StringIO()), PlainProgress)
    assert isinstance(make_progress("live", io.StringIO()), LiveProgress)


def test_benchmark_script_runs_and_prints_one_json_object(root, subprocess_env):
    out = subprocess.run([sys.executable, str(root / "benchmarks" / "overhead.py"), "--repeats",
                          "1", "--no-strict", "--json"], env=subprocess_env, cwd=root,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert out.stdout.count("\n") == 1
    for key in ("io50_ratio", "chain200_ms_per_phase", "fanout1000_ms_per_item"):
        assert isinstance(data[key], float)
    assert data["io50_ratio"] > 0.9  # 50 x 0.2 s at 10 wide cannot take less than ~1 s
    assert set(data["targets_met"]) == {"io50_ratio", "chain200_ms_per_phase",
                                        "fanout1000_ms_per_item"}


def test_a_plugin_that_fails_to_load_is_recorded_and_shown_by_doctor(ws, monkeypatch):
    from click.testing import CliRunner

    from scout.cli import cli

    class Broken:
        name = "broken_kind"
        group = "scout.steps"
        value = "broken_pkg.steps:run"

        def load(self):
            raise ImportError("No module named 'broken_pkg'")

    monkeypatch.setattr(metadata, "entry_points",
                        lambda group=None: [Broken()] if group == "scout.steps" else [])
    monkeypatch.setattr(registry, "_entry_points_loaded", False)
    monkeypatch.setattr(registry, "PLUGIN_FAILURES", {})
    assert registry.plugin_failures() == {
        "broken_kind": "broken_pkg.steps:run: ImportError: No module named 'broken_pkg'"}
    res = CliRunner().invoke(cli, ["doctor", "--config", str(ws.config)])
    assert "[warn] plug-in broken_kind: did not load: broken_pkg.steps:run: ImportError" \
        in res.output, res.output
