"""benchmarks/cost_summary.py runs and prints one JSON object (tiny size here)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def test_cost_summary_benchmark_json(subprocess_env) -> None:
    out = subprocess.run([sys.executable, "benchmarks/cost_summary.py", "--json", "--lines",
                          "3000", "--rotate-mb", "0.3"], cwd=ROOT, env=subprocess_env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["lines"] == 3000 and data["files"] >= 3
    assert data["answers_identical"] is True
    assert set(data["cost_summary_s"]) == {"cold", "index_build", "index_warm",
                                           "index_after_1000_more"}
    assert data["total_usd"] > 0
