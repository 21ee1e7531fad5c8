"""Fixtures for orchestrator tests: a throwaway framework root with its own config,
pipelines written from YAML text, and a calls file every test step appends to."""

from __future__ import annotations

import json
import os
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from scout import api
from scout.orchestrator.state_store import LOG_NAME, load_state

STEPS = "python:tests.orchestrator.steps"


@dataclass
class Workspace:
    root: Path
    calls_file: Path
    sleeps: list[float] = field(default_factory=list)

    @property
    def runs(self) -> Path:
        return self.root / "runs"

    @property
    def config(self) -> Path:
        return self.root / "config" / "adapters.yaml"

    def pipeline(self, body: str, name: str = "p.yaml", *, pipeline_name: str = "test") -> Path:
        text = f"apiVersion: scout/v1\nkind: Pipeline\nname: {pipeline_name}\n" + \
            textwrap.dedent(body).replace("STEPS", STEPS)
        path = self.root / name
        path.write_text(text)
        return path

    def apply(self, path: Path, **kw: Any) -> api.MissionResult:
        kw.setdefault("mission_id", "m1")
        kw.setdefault("query", "test query")
        if "sleep" not in kw:  # a fake clock: sleeping moves it, nothing really waits
            kw["sleep"], kw["clock"] = self._sleep, self._clock
        elif kw["sleep"] is None:
            del kw["sleep"]  # real time
        return api.apply(path, runs_dir=self.runs, root=self.root, config=self.config, **kw)

    def _clock(self) -> float:
        return 1000.0 + sum(self.sleeps)

    def _sleep(self, seconds: float) -> None:
        self.sleeps.append(round(seconds, 9))

    def plan(self, path: Path, **kw: Any) -> api.MissionPlan:
        kw.setdefault("mission_id", "m1")
        kw.setdefault("query", "test query")
        return api.plan(path, runs_dir=self.runs, root=self.root, config=self.config, **kw)

    def calls(self) -> list[dict[str, Any]]:
        if not self.calls_file.exists():
            return []
        return [json.loads(line) for line in self.calls_file.read_text().splitlines() if line]

    def count(self, phase: str, item: int | None = None) -> int:
        return sum(1 for c in self.calls() if c["phase"] == phase
                   and (item is None or c["item"] == item))

    def reset_calls(self) -> None:
        self.calls_file.unlink(missing_ok=True)

    def run_dir(self, mission_id: str = "m1") -> Path:
        return self.runs / mission_id

    def log_records(self, mission_id: str = "m1") -> list[dict[str, Any]]:
        path = self.run_dir(mission_id) / LOG_NAME
        return [json.loads(line) for line in path.read_text().splitlines() if line]

    def statuses_seen(self, mission_id: str = "m1") -> set[str]:
        return {r["status"] for r in self.log_records(mission_id) if r.get("ev") == "phase"}

    def state(self, mission_id: str = "m1"):
        return load_state(self.run_dir(mission_id))


@pytest.fixture(autouse=True)
def _restore_step_registry():
    """Tests register handlers; leave the global registry as it was (the JSON Schema
    generated from it is checked by another test)."""
    from scout.stepkit import registry

    saved = dict(registry.STEP_KINDS)
    loaded = registry._entry_points_loaded  # noqa: SLF001
    yield
    registry.STEP_KINDS.clear()
    registry.STEP_KINDS.update(saved)
    registry._entry_points_loaded = loaded  # noqa: SLF001


@pytest.fixture
def ws(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Workspace:
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "adapters.yaml").write_text(
        "apiVersion: scout/v1\nkind: Config\nmax_workers: 16\n")
    (tmp_path / "templates").mkdir()
    calls = tmp_path / "calls.jsonl"
    monkeypatch.setenv("SCOUT_TEST_CALLS", str(calls))
    monkeypatch.delenv("SCOUTE_RUNS_DIR", raising=False)
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    return Workspace(tmp_path, calls)


@pytest.fixture
def sub_env(subprocess_env: dict[str, str], ws: Workspace) -> dict[str, str]:
    env = dict(subprocess_env)
    env["SCOUT_TEST_CALLS"] = str(ws.calls_file)
    env["SCOUTE_RESEARCH_ROOT"] = str(ws.root)
    env.pop("SCOUTE_RUNS_DIR", None)
    return env


__all__ = ["Workspace", "STEPS", "os"]
