"""`scout validate`, `scout graph`, `scout schema` through the real click group."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from scout.cli import cli, main

ROOT = Path(__file__).resolve().parent.parent.parent
INVALID = ROOT / "tests" / "spec" / "invalid"
CONFIG = ROOT / "tests" / "spec" / "fixtures" / "adapters.yaml"
HOTEL = ROOT / "pipelines" / "hotel_research.yaml"


def run(*args: str) -> tuple[int, str, str]:
    """Call the console-script entry point (main) and capture what it prints."""
    runner = CliRunner()
    with runner.isolation() as (out, err, _):
        code = main(list(args))
    return code, out.getvalue().decode(), err.getvalue().decode()


@pytest.fixture(autouse=True)
def _project_root(monkeypatch):
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("SCOUT_TRACEBACK", raising=False)
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(ROOT))


# --- validate -----------------------------------------------------------------------


def test_validate_shipped_folder_exits_0() -> None:
    code, out, err = run("validate", "pipelines/")
    assert code == 0, out + err
    shipped = list((ROOT / "pipelines").rglob("*.yaml"))
    assert len(shipped) >= 3
    assert out.strip() == f"{len(shipped)} file(s) valid"


def test_validate_text_points_at_the_line_with_a_caret_and_hint() -> None:
    code, out, _ = run("validate", "--config", str(CONFIG), str(INVALID / "needs_not_produced.yaml"))
    assert code == 2
    lines = out.splitlines()
    assert lines[0].endswith("needs_not_produced.yaml:15:19: error SPEC021: phase 'F2' needs "
                             "'candidate', which no phase produces and no input declares")
    assert lines[1] == "  15 |     needs: [task, candidate]"
    assert lines[2] == "     |                   ^"
    assert lines[3] == "  hint: did you mean 'candidates'?"
    assert lines[-1] == "1 problem(s) in 1 of 1 file(s)"


def test_validate_quiet_prints_problems_only() -> None:
    code, out, _ = run("validate", "-q", "--config", str(CONFIG), str(INVALID / "cycle.yaml"))
    assert code == 2 and "problem(s) in" not in out and "F2 -> F4 -> F2" in out


def test_validate_json_format() -> None:
    code, out, _ = run("validate", "--format", "json", "--config", str(CONFIG),
                       str(INVALID / "cycle.yaml"), "pipelines/hotel_research.yaml")
    assert code == 2
    data = json.loads(out)
    assert data["ok"] is False
    bad, good = data["files"]
    assert bad["ok"] is False and good["ok"] is True and good["kind"] == "Pipeline"
    (p,) = bad["problems"]
    assert p == {"code": "SPEC022", "severity": "error",
                 "message": "dependency cycle: F2 -> F4 -> F2",
                 "hint": "a phase cannot need, directly or through others, what it produces",
                 "file": str(INVALID / "cycle.yaml"), "line": 15, "col": 12}


def test_validate_github_format() -> None:
    code, out, _ = run("validate", "--format", "github", "--config", str(CONFIG),
                       "tests/spec/invalid/unknown_chain.yaml")
    assert code == 2
    assert out == (
        "::error file=tests/spec/invalid/unknown_chain.yaml,line=11,col=12,title=SPEC040::"
        f"phase 'F1' uses chain 'webb', which {CONFIG} does not define "
        "(hint: did you mean 'web'?)\n"
    )


def test_github_format_escapes_and_warnings(tmp_path) -> None:
    spec = tmp_path / "a,b.yaml"
    spec.write_text("apiVersion: scout/v1\nname: w\ninputs:\n  d: {type: place, required: true, "
                    "default: Rome}\nphases:\n  F0: {uses: task, produces: [task]}\n")
    code, out, _ = run("validate", "--format", "github", "--config", str(CONFIG), str(spec))
    assert code == 0
    assert out.startswith("::warning file=" + str(spec).replace(",", "%2C") + ",line=4,")


def test_validate_folder_of_invalid_specs_reports_every_file() -> None:
    code, out, _ = run("validate", "-q", "--format", "json", "--config", str(CONFIG),
                       "tests/spec/invalid")
    assert code == 2
    doc = json.loads(out)
    files = doc["files"]
    # a folder holds scout files and other YAML: the ones that declare nothing scout's
    # (empty, a bare scalar, ...) are skipped, and listed as skipped
    from scout.spec.discover import declares_scout

    ours = [p for p in INVALID.glob("*.yaml") if declares_scout(p)]
    assert len(files) == len(ours)
    assert sorted(Path(s).name for s in doc["skipped"]) == [
        "empty.yaml", "missing_api_version.yaml", "not_a_mapping_list.yaml",
        "not_a_mapping_scalar.yaml"]
    assert all(not f["ok"] for f in files)


def test_validate_missing_path_is_a_located_problem_not_a_traceback() -> None:
    code, out, err = run("validate", "no/such/file.yaml")
    assert code == 2
    assert "no/such/file.yaml: error USE010: no such file or folder" in out
    assert "Traceback" not in out + err


def test_validate_bad_yaml_is_not_a_traceback() -> None:
    code, out, err = run("validate", str(INVALID / "yaml_tab.yaml"))
    assert code == 2 and "SPEC001" in out and "Traceback" not in out + err


def test_bad_option_value_is_a_usage_error() -> None:
    code, _, err = run("validate", "--format", "xml", "pipelines")
    assert code == 2 and "'xml' is not one of" in err


@pytest.mark.parametrize("args, words", [
    (["validate", "--format", "xml", "pipelines"], "Invalid value for '--format'"),
    (["apply", "--bogus"], "No such option '--bogus'"), (["graph"], "Missing argument"),
    (["nosuchcmd"], "No such command 'nosuchcmd'")])
def test_clicks_own_usage_errors_carry_scouts_code(args, words) -> None:
    """An unknown option, a value not among the choices, a missing argument: USE001 with
    the command's --help as the hint, like every other error (click printed them in its
    own shape, without a code)."""
    code, out, err = run(*args)
    assert code == 2 and out == ""
    assert err.startswith("error USE001: ") and words in err
    assert "hint: see 'scout" in err and "--help'" in err


def test_runner_invoke_on_the_group_gets_the_exit_code_too() -> None:
    result = CliRunner().invoke(cli, ["validate", "--config", str(CONFIG),
                                      str(INVALID / "cycle.yaml")])
    assert result.exit_code == 2
    assert CliRunner().invoke(cli, ["validate", "pipelines"]).exit_code == 0


# --- graph --------------------------------------------------------------------------


def test_graph_mermaid_default() -> None:
    code, out, _ = run("graph", str(HOTEL))
    assert code == 0
    assert out.startswith("flowchart TD\n")
    assert "F0 -->|task| F1" in out
    assert "subgraph group_1 [parallel group 1]" in out


def test_graph_dot_and_json() -> None:
    code, out, _ = run("graph", str(HOTEL), "--format", "dot")
    assert code == 0 and out.startswith('digraph "hotel-research" {')
    assert '"Y1" -> "Y2" [label="videos"];' in out
    code, out, _ = run("graph", str(HOTEL), "--format", "json")
    data = json.loads(out)
    assert data["order"][0] == "F0" and data["order"][-2:] == ["F6", "E7"]
    assert data["waves"][0] == ["F0"]
    assert {"from": "P3", "to": "F6", "artifacts": ["synthesis"]} in data["edges"]


def test_graph_of_a_mission_draws_its_pipeline() -> None:
    code, out, _ = run("graph", "pipelines/missions/hotel-barcelona-2026-09.yaml", "--format",
                       "json")
    assert code == 0 and json.loads(out)["pipeline"] == "hotel-research"


@pytest.mark.parametrize(
    "target, words",
    [("pipelines", "is a folder"), ("nope.yaml", "no such file: nope.yaml"),
     ("/dev/null", "/dev/null is a character device, not a pipeline file")],
)
def test_graph_user_mistakes_are_short_errors(target, words) -> None:
    code, out, err = run("graph", target)
    assert code == 2
    assert "USE001" in err and words in err
    assert "Traceback" not in out + err


def test_graph_of_a_fifo_says_what_it_is_without_opening_it(tmp_path) -> None:
    import os

    fifo = tmp_path / "p.yaml"
    os.mkfifo(fifo)  # opening it would wait for a writer forever
    code, _, err = run("graph", str(fifo))
    assert code == 2 and f"{fifo} is a named pipe (FIFO), not a pipeline file" in err


def test_graph_of_an_invalid_pipeline_lists_its_problems() -> None:
    code, out, err = run("graph", "--config", str(CONFIG), str(INVALID / "cycle.yaml"))
    assert code == 2 and out == ""
    assert "SPEC022" in err and "F2 -> F4 -> F2" in err and "Traceback" not in err
    assert err.rstrip().endswith("1 problem(s); see docs/errors.md for each code")


def test_traceback_flag_shows_one() -> None:
    code, _, err = run("--traceback", "graph", "--config", str(CONFIG), str(INVALID / "cycle.yaml"))
    assert code == 2
    assert "Traceback (most recent call last)" in err and "SpecInvalid" in err
    assert "SPEC022" in err  # the rendered error still follows


def test_internal_errors_are_reported_as_bugs(monkeypatch) -> None:
    import scout.cli.spec_cmds as cmds

    def boom(*a, **k):
        raise KeyError("oops")

    monkeypatch.setattr(cmds, "validate_paths", boom)
    code, _, err = run("validate", "pipelines")
    assert code == 70
    assert "internal error: KeyError" in err and "--traceback" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("flag", [(), ("--traceback",)])
def test_an_internal_error_quoting_a_key_shows_its_name_not_its_value(
        monkeypatch, flag: tuple[str, ...]) -> None:
    """A library's exception may quote what it was given (a header, a URL): the message
    and the traceback are scrubbed of every key the deployment knows, as the HTTP API is."""
    import scout.cli.spec_cmds as cmds

    key = "sk-SENTINEL-7f3e2a9b1c4d"
    monkeypatch.setenv("OPENAI_API_KEY", key)

    def boom(*a, **k):
        raise ValueError(f"Illegal header value b'Bearer {key}' ({key.upper()[:14]})")

    monkeypatch.setattr(cmds, "validate_paths", boom)
    code, _, err = run(*flag, "validate", "pipelines")
    assert code == 70 and "[secret:OPENAI_API_KEY]" in err
    assert key not in err and key.upper()[:14] not in err
    assert ("Traceback (most recent call last)" in err) == bool(flag)


# --- schema -------------------------------------------------------------------------


def test_schema_check_passes_on_the_committed_files() -> None:
    code, out, _ = run("schema", "--check")
    assert code == 0 and "up to date" in out


def test_schema_write_then_check_then_stale(tmp_path) -> None:
    code, out, _ = run("schema", "--dir", str(tmp_path))
    assert code == 0 and out.count("wrote ") == 2
    assert run("schema", "--check", "--dir", str(tmp_path))[0] == 0
    target = tmp_path / "pipeline.schema.json"
    target.write_text(target.read_text().replace('"maximum": 20', '"maximum": 21'))
    code, _, err = run("schema", "--check", "--dir", str(tmp_path))
    assert code == 2
    assert "pipeline.schema.json is stale or missing; run 'scout schema'" in err
    (tmp_path / "config.schema.json").unlink()
    code, _, err = run("schema", "--check", "--dir", str(tmp_path))
    assert code == 2 and "config.schema.json is stale" in err


def test_console_script_in_a_subprocess(scout_cmd, subprocess_env, tmp_path) -> None:
    bad = tmp_path / "bad.yaml"
    shutil.copy(INVALID / "unquoted_jinja.yaml", bad)
    out = subprocess.run(scout_cmd + ["validate", "--config", str(CONFIG), str(bad)], cwd=ROOT,
                         env=subprocess_env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert "SPEC005" in out.stdout and "Traceback" not in out.stdout + out.stderr


@pytest.mark.parametrize("args,name", [
    (["validate", ""], "A path in PATHS"), (["validate", "pipelines", ""], "A path in PATHS"),
    (["graph", ""], "PIPELINE"), (["plan", ""], "FILE"), (["apply", "", "--query", "x"], "FILE"),
    (["batch", "apply", ""], "SOURCE"), (["runs", "--runs-dir", ""], "--runs-dir"),
    (["status", "m1", "--runs-dir", ""], "--runs-dir"),
    (["apply", str(HOTEL), "--query", "x", "--config", ""], "--config")])
def test_an_empty_path_is_a_usage_error_not_the_current_folder(tmp_path, monkeypatch,
                                                                args, name) -> None:
    """`scout validate ''` (an unset "$DIR") validated the current folder, and `scout apply
    ''` applied every Mission in it: an empty path is USE001, naming the parameter."""
    (tmp_path / "m.yaml").write_text("apiVersion: scout/v1\nkind: Mission\n")
    monkeypatch.chdir(tmp_path)  # nothing here may be read or run
    code, out, err = run(*args)
    assert code == 2, (out, err)
    assert f"error USE001: {name} is empty" in err and out == ""
    assert list(tmp_path.iterdir()) == [tmp_path / "m.yaml"]  # nothing written (no runs/)


@pytest.mark.parametrize(("option", "kind", "what"), [
    ("--runs-dir", "fifo", "a named pipe (FIFO)"), ("--runs-dir", "file", "a file"),
    ("--replay", "fifo", "a named pipe (FIFO)"), ("--replay", "file", "a file"),
    ("--record", "file", "a file")])
def test_a_folder_option_given_something_else_says_what_it_is(tmp_path, option, kind,
                                                               what) -> None:
    """``--runs-dir`` of a FIFO went on to a run-time RUN023 (exit 3) naming a run dir
    inside it, and ``--replay`` of one said "no such folder": a usage error saying what
    the path is, before anything runs."""
    import os

    path = tmp_path / "thing"
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.write_text("x")
    code, out, err = run("apply", str(HOTEL), "--query", "hotel in rome", option, str(path))
    assert code == 2, (out, err)
    assert f"error USE001: {option} {path} is {what}, not a folder" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["thing"]


def test_status_of_an_empty_mission_id_is_not_the_current_folder(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "phase.json").write_text("{}")  # "." looks like a run dir
    code, _, err = run("status", "")
    assert code == 2 and "USE002: mission id is empty" in err


@pytest.mark.parametrize("args", [
    ["apply", "\udcfe.yaml", "--query", "x"], ["validate", "pipelines", "\udcfe.yaml"],
    ["apply", str(HOTEL), "--query", "x", "--runs-dir", "runs-\udcff"]])
def test_a_path_that_is_not_utf8_is_use045_not_an_internal_error(tmp_path, monkeypatch,
                                                                   args) -> None:
    """Bytes that are not UTF-8 in a path (a Latin-1 file name) reach Python as lone
    surrogates; `scout apply` wrote them into task.json and stopped with "internal error:
    UnicodeEncodeError" half-way through the run dir. Refused up front, with the bytes."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pipelines").mkdir()
    code, out, err = run(*args)
    assert code == 2 and "USE045" in err and "is not valid UTF-8 text" in err, err
    assert "\\x" in err and "internal error" not in err
    assert not (tmp_path / "runs").exists()


def test_a_mission_with_a_name_that_is_not_utf8_in_a_folder_is_use045(tmp_path,
                                                                      monkeypatch) -> None:
    """Found by walking a folder, not typed: `scout apply FOLDER` stopped with an internal
    UnicodeEncodeError writing its name into the run dir."""
    import os

    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "missions"
    folder.mkdir()
    name = os.fsencode(str(folder)) + b"/\xe9.yaml"
    with open(name, "w") as fh:
        fh.write(f"apiVersion: scout/v1\nkind: Mission\nmission_id: m1\n"
                 f"pipeline: {HOTEL}\nquery: hotels in Rome\n")
    code, out, err = run("apply", "missions", "--runs-dir", str(tmp_path / "runs"))
    assert code == 2 and "USE045" in out + err and "internal error" not in out + err
    assert not (tmp_path / "runs" / "m1").exists()


def test_an_empty_folder_is_not_counted_as_a_valid_file(tmp_path) -> None:
    (tmp_path / "empty").mkdir()
    code, out, _ = run("validate", str(tmp_path / "empty"))
    assert code == 0 and "USE010" in out
    assert "no spec files to check" in out and "1 file(s) valid" not in out
    code, out, _ = run("validate", str(tmp_path / "empty"), str(HOTEL))
    assert code == 0 and "1 file(s) valid" in out
