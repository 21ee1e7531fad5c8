"""Helpers of the Dask tests: a workspace (framework root, config naming the executor)
and a pipeline with a fan-out, written from text."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

from scout import api

STEPS = "python:tests.dist.steps"


def config(root: Path, executor: str, extra: str = "") -> Path:
    path = root / "config" / "adapters.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("apiVersion: scout/v1\nkind: Config\nmax_workers: 4\n"
                    f"executor: {executor}\n" + extra)
    return path


def pipeline(root: Path, body: str, name: str = "p.yaml") -> Path:
    text = "apiVersion: scout/v1\nkind: Pipeline\nname: dist-test\n" + \
        textwrap.dedent(body).replace("STEPS", STEPS)
    path = root / name
    path.write_text(text)
    return path


def apply(root: Path, path: Path, **kw: Any) -> api.MissionResult:
    kw.setdefault("mission_id", "m1")
    kw.setdefault("query", "test query")
    return api.apply(path, runs_dir=root / "runs", root=root,
                     config=root / "config" / "adapters.yaml", **kw)
