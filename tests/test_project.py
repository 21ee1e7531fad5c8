"""The project's own promises: README quick start == CI, schemas fresh, specs valid."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from scout.validate.jsonschema import stale_schemas
from scout.validate import validate_paths

ROOT = Path(__file__).resolve().parent.parent


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    quick = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```bash\n(.+?)\n```", quick, re.S)


def test_readme_quick_start_is_two_commands() -> None:
    cmds = _readme_commands()
    assert len(cmds) == 2
    assert all("\n" not in c for c in cmds), "each quick-start command is one line"


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    test_cmd = _readme_commands()[1]
    assert "pytest" in test_cmd
    ci_lines = [ln for ln in (ROOT / ".ci/run").read_text().splitlines()
                if ln and not ln.startswith("#")]
    assert test_cmd in ci_lines


def test_committed_schemas_are_fresh() -> None:
    assert stale_schemas(ROOT / "schemas") == [], "run 'scout schema' and commit"


def test_shipped_pipelines_validate() -> None:
    result = validate_paths([ROOT / "pipelines"], config=ROOT / "config" / "adapters.yaml")
    assert result.ok, [str(p.location) + " " + p.message for p in result.problems]
    kinds = {f.kind for f in result.files}
    assert kinds == {"Pipeline", "Mission"}


def test_gitignore_covers_runtime_dirs() -> None:
    ignored = (ROOT / ".gitignore").read_text().split()
    for entry in ("runs/", "runtime/", ".venv/"):
        assert entry in ignored


def test_cli_validate_subprocess(scout_cmd, subprocess_env) -> None:
    out = subprocess.run(scout_cmd + ["validate", "pipelines/"], cwd=ROOT, env=subprocess_env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "valid" in out.stdout
