"""The composite GitHub Action's steps and the pre-commit hook, run locally."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.author.helpers import ROOT

BAD = ROOT / "tests" / "spec" / "invalid" / "needs_not_produced.yaml"


def _expand(cmd: str, values: dict[str, str]) -> str:
    """GitHub's ${{ }} for the expressions action.yml uses (inputs, github.action_path)."""
    def one(m: re.Match[str]) -> str:
        expr = m.group(1).strip()
        if expr.startswith("inputs.config &&"):
            return f"--config {values['config']}" if values.get("config") else ""
        return values[expr.split(".", 1)[1]]
    return re.sub(r"\$\{\{(.*?)\}\}", one, cmd)


def _steps() -> list[dict]:
    action = yaml.safe_load((ROOT / "action.yml").read_text())
    assert action["runs"]["using"] == "composite"
    return action["runs"]["steps"]


def test_action_installs_scout_then_validates_with_github_annotations() -> None:
    steps = _steps()
    assert steps[0]["uses"].startswith("actions/setup-python@")
    runs = [s for s in steps if "run" in s]
    assert all(s["shell"] == "bash" for s in runs)
    assert "pip install" in runs[0]["run"] and "github.action_path" in runs[0]["run"]
    assert "scout validate --format github" in runs[1]["run"]


def test_action_validate_step_runs_locally(tmp_path: Path) -> None:
    # the validate step's command in a temp repo (scout is installed here already; the
    # install step needs the network for setup-python, so only its command is checked)
    (tmp_path / "pipelines").mkdir()
    shutil.copy(BAD, tmp_path / "pipelines" / "bad.yaml")
    (tmp_path / ".github" / "workflows").mkdir(parents=True)
    (tmp_path / ".github" / "workflows" / "ci.yml").write_text("on: push\njobs: {}\n")
    values = {"paths": ".", "config": str(ROOT / "tests" / "spec" / "fixtures" / "adapters.yaml"),
              "action_path": str(ROOT), "python-version": "3.12"}
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
    proc = subprocess.run(["bash", "-c", _expand(_steps()[2]["run"], values)], cwd=tmp_path,
                          capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "::error file=pipelines/bad.yaml,line=15,col=19,title=SPEC021::" in proc.stdout
    assert "::notice title=scout::skipped 1 YAML file(s)" in proc.stdout
    (tmp_path / "pipelines" / "bad.yaml").unlink()
    shutil.copy(ROOT / "pipelines" / "restaurant_research.yaml", tmp_path / "pipelines")
    values["config"] = str(ROOT / "config" / "adapters.yaml")
    proc = subprocess.run(["bash", "-c", _expand(_steps()[2]["run"], values)], cwd=tmp_path,
                          capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_pre_commit_hook_definition() -> None:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    [hook] = [h for h in hooks if h["id"] == "scout-validate"]
    assert hook["language"] == "python" and hook["entry"] == "scout validate"


@pytest.mark.timeout(900)  # pre-commit builds a virtualenv and pip-installs scout into it
@pytest.mark.skipif(shutil.which("git") is None, reason="git is needed")
def test_pre_commit_try_repo(tmp_path: Path) -> None:
    pre_commit = Path(sys.executable).parent / "pre-commit"
    if not pre_commit.exists():
        pytest.skip("pre-commit is not installed (pip install -e '.[dev]')")
    repo = tmp_path / "repo"
    (repo / "pipelines").mkdir(parents=True)
    (repo / "config").mkdir()
    shutil.copy(ROOT / "config" / "adapters.yaml", repo / "config")
    shutil.copy(BAD, repo / "pipelines" / "bad.yaml")
    git = ["git", "-c", "user.email=t@t", "-c", "user.name=t"]
    subprocess.run(git + ["init", "-q"], cwd=repo, check=True)
    subprocess.run(git + ["add", "-A"], cwd=repo, check=True)
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache"),
           "SCOUTE_RESEARCH_ROOT": str(repo)}
    proc = subprocess.run([str(pre_commit), "try-repo", str(ROOT), "scout-validate",
                           "--all-files"], cwd=repo, capture_output=True, text=True, env=env,
                          timeout=900)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 1, out  # the hook ran and failed: the spec is invalid
    assert "SPEC021" in out


def test_shell_completion_completes_commands_and_choices() -> None:
    # docs/authoring.md "Shell completion": click's completion through the real script
    scout = Path(sys.executable).parent / "scout"
    env = {**os.environ, "_SCOUT_COMPLETE": "bash_complete", "COMP_WORDS": "scout validate --format ",
           "COMP_CWORD": "3"}
    out = subprocess.run([str(scout)], capture_output=True, text=True, env=env, timeout=60).stdout
    assert "plain,sarif" in out.splitlines() and "plain,github" in out.splitlines()
    env.update(COMP_WORDS="scout in", COMP_CWORD="1")
    out = subprocess.run([str(scout)], capture_output=True, text=True, env=env, timeout=60).stdout
    assert "plain,init" in out.splitlines()
