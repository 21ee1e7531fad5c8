"""``scout status``'s resume hint resumes a mission as it was started: the options of the
apply (a --replay above all: without it the resume makes live, paid calls; --config,
--runs-dir, --max-cost, --set, --record) are kept in task.json and named again, with
absolute paths, and a Mission file's --query / --mission-id overrides too."""

from __future__ import annotations

import json
import shlex

from scout.audit.runs import resume_command, resume_hint
from scout.orchestrator.state_store import load_state
from scout.providers.hook import ProviderOptions

PIPE = """
    inputs:
      note: {type: string}
    phases:
      A: {uses: STEPS:echo, produces: [a]}
"""


def test_the_hint_names_every_option_the_apply_was_started_with(ws, monkeypatch):
    p = ws.pipeline(PIPE)
    replay = ws.root / "cassette"
    replay.mkdir()
    r = ws.apply(p, sets=["note=por la tarde"], max_cost=0.25,
                 provider_options=ProviderOptions(replay_dir=replay, no_cache=True))
    assert r.exit_code == 0
    monkeypatch.chdir(ws.root.parent)  # the hint works from another folder
    command, complete = resume_command(load_state(r.run_dir), r.run_dir)
    assert complete
    argv = shlex.split(command)
    assert argv[:3] == ["scout", "apply", str(p.resolve())]
    pairs = dict(zip(argv[3::1], argv[4::1]))
    assert pairs["--query"] == "test query" and pairs["--mission-id"] == "m1"
    assert pairs["--replay"] == str(replay.resolve())
    assert pairs["--config"] == str(ws.config.resolve())
    assert pairs["--runs-dir"] == str(ws.runs.resolve())
    assert pairs["--set"] == "note=por la tarde" and float(pairs["--max-cost"]) == 0.25
    assert "--no-cache" in argv and "--force" not in argv
    said = resume_hint(load_state(r.run_dir), r.run_dir, "es")
    assert said.startswith("reanúdala tal como se inició: ") and command in said
    r = ws.apply(p, mission_id="m2", provider_options=ProviderOptions(record_dir=ws.root / "rec"))
    argv = shlex.split(resume_command(load_state(r.run_dir), r.run_dir)[0])
    assert argv[argv.index("--record") + 1] == str((ws.root / "rec").resolve())
    assert "--replay" not in argv and "--set" not in argv


def test_a_mission_files_hint_names_only_what_the_command_line_changed(ws):
    ws.pipeline(PIPE)
    mission = ws.root / "m.yaml"
    mission.write_text("apiVersion: scout/v1\nkind: Mission\nmission_id: from-file\n"
                       "pipeline: p.yaml\nquery: find notes\n")
    r = ws.apply(mission, mission_id=None, query=None)
    assert r.exit_code == 0
    argv = shlex.split(resume_command(load_state(r.run_dir), r.run_dir)[0])
    assert argv[2] == str(mission.resolve())
    assert "--query" not in argv and "--mission-id" not in argv and "--replay" not in argv
    r = ws.apply(mission, mission_id="other", query="find other notes")
    argv = shlex.split(resume_command(load_state(r.run_dir), r.run_dir)[0])
    assert argv[argv.index("--query") + 1] == "find other notes"
    assert argv[argv.index("--mission-id") + 1] == "other"


def test_a_run_dir_from_before_says_its_set_options_are_not_named(ws):
    p = ws.pipeline(PIPE)
    r = ws.apply(p, sets=["note=x"])
    doc = json.loads((r.run_dir / "task.json").read_text())
    for key in ("apply_file", "apply_args"):  # what an older scout wrote
        del doc[key]
    (r.run_dir / "task.json").write_text(json.dumps(doc))
    command, complete = resume_command(load_state(r.run_dir), r.run_dir)
    assert not complete and "--set" not in command
    assert "--set options" in resume_hint(load_state(r.run_dir), r.run_dir)
