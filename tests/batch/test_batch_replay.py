"""The real path end to end: `scout batch apply DIR --replay` on the shipped demo cassette
(run_mission_job → scout.api.apply), re-run converges, `scout batch status --json`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scout.cli import main

ROOT = Path(__file__).resolve().parents[2]


def test_batch_of_mission_files_on_the_cassette_converges(project_copy: Path,
                                                          capsys: pytest.CaptureFixture) -> None:
    argv = ["batch", "apply", "pipelines/missions", "--progress", "none",
            "--replay", str(ROOT / "examples" / "hotel-barcelona" / "cassette")]
    assert main(argv) == 0
    assert main(argv) == 0  # converges: reuses the finished mission
    capsys.readouterr()
    assert main(["batch", "status", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["state"] == "completed" and doc["runs"] == 2 and doc["totals"]["done"] == 1
    (row,) = doc["missions"]
    assert row["mission_id"] == "hotel-barcelona-2026-09"
    assert Path(row["report_path"]).is_file()
