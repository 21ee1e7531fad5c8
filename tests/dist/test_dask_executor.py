"""Fan-out items on a real Dask LocalCluster of worker processes: the same results as
threads, the items ran in other processes, and the scheduler wrote the state log."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

pytest.importorskip("distributed", reason="the dist extra is not installed "
                    "(pip install 'scout[dist]')")

from scout.errors import ConfigError  # noqa: E402
from scout.orchestrator.dask_executor import parse_address  # noqa: E402
from scout.orchestrator.executor import make_executor  # noqa: E402
from tests.dist.cluster import apply, config, pipeline  # noqa: E402

FANOUT = """
phases:
  L: {uses: STEPS:items, with: {n: 6}, produces: [things]}
  S: {uses: STEPS:square, needs: [things], for_each: things, as: item,
      with: {calls: CALLS}, produces: [squares]}
"""


def _run(root: Path, executor: str) -> tuple[object, list[dict]]:
    config(root, executor)
    calls = root / "calls.jsonl"
    p = pipeline(root, FANOUT.replace("CALLS", str(calls)))
    result = apply(root, p, providers=False)
    from scout import api

    art = api.get_mission_artifacts("m1", root / "runs")["squares"]
    lines = [json.loads(x) for x in calls.read_text().splitlines()]
    return result, [art, lines]


def test_fanout_on_worker_processes_matches_threads(tmp_path: Path) -> None:
    local, (art_local, calls_local) = _run(tmp_path / "local", "{kind: local}")
    dask, (art_dask, calls_dask) = _run(tmp_path / "dask",
                                        "{kind: dask, address: 'local:2'}")
    assert local.exit_code == dask.exit_code == 0
    assert art_dask == art_local and len(art_dask) == 6
    assert art_dask[5] == {"n": 5, "sq": 25, "label": "item5"}
    pids = {c["pid"] for c in calls_dask}
    assert os.getpid() not in pids and len(calls_dask) == 6
    assert {c["pid"] for c in calls_local} == {os.getpid()}
    # the scheduler recorded every item in the state log (resume reads it): a second
    # apply reuses them all, nothing runs again
    from scout.orchestrator.state_store import LOG_NAME

    log = (tmp_path / "dask" / "runs" / "m1" / LOG_NAME).read_text().splitlines()
    assert sum(1 for x in log if '"item"' in x and '"S"' in x) >= 6
    again = apply(tmp_path / "dask", tmp_path / "dask" / "p.yaml", providers=False)
    assert again.exit_code == 0
    assert len((tmp_path / "dask" / "calls.jsonl").read_text().splitlines()) == 6


def test_bad_address_is_a_config_error() -> None:
    with pytest.raises(ConfigError) as exc:
        parse_address("localhost:8786")
    assert exc.value.code == "CFG051"
    assert parse_address("local:3") == ("local", 3)
    assert parse_address("tcp://10.0.0.5:8786") == ("remote", "tcp://10.0.0.5:8786")


def test_unreachable_scheduler_is_clear(tmp_path: Path) -> None:
    import socket

    from tests.ports import closed_port

    with closed_port() as port, pytest.raises(ConfigError) as exc:  # nobody listens there
        make_executor("dask", 2, {"address": f"tcp://127.0.0.1:{port}",
                                  "connect_timeout": 1})
    assert exc.value.code == "CFG052" and f"127.0.0.1:{port}" in exc.value.message
    assert exc.value.exit_code == 3


def test_config_rejects_a_bad_address_before_anything_runs(tmp_path: Path) -> None:
    from scout.config.loader import load_config
    from scout.errors import SpecInvalid

    path = config(tmp_path, "{kind: dask, address: 'localhost:8786'}")
    with pytest.raises(SpecInvalid) as exc:
        load_config(path)
    assert "executor.address" in str(exc.value) and "local:N" in str(exc.value)
    assert ":4:" in str(exc.value)  # located at its line
    ok = config(tmp_path, "{kind: dask, address: 'local:2', threads_per_worker: 2}")
    assert load_config(ok).executor.options() == {"address": "local:2",
                                                   "threads_per_worker": 2}
