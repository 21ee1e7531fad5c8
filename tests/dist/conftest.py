"""tests/dist: several processes sharing one quota backend (real redis-server, SQLite), and
:func:`dask_batch`, the ``scout batch apply`` on Dask worker processes that the stop tests
(SIGTERM, Ctrl-C) signal."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.dist.redis_server import redis_server, redis_url  # noqa: F401
from tests.dist.test_batch_budget import BODY, TAVILY
from tests.fakes.providers import FakeProviders
from tests.fakes.server import FakeServer

ROOT = Path(__file__).resolve().parents[2]
#: how long the missions after the first wait on each search: longer than any test waits
#: for the batch to stop, so a batch that waited for its workers' missions fails the test
SLOW_SEARCH_S = 120.0


def records(run_dir: Path) -> list[dict]:
    """A run's state log, the line being written left out."""
    try:
        text = (run_dir / "state.log.jsonl").read_text(encoding="utf-8")
    except OSError:
        return []
    out = []
    for line in text.splitlines():
        try:
            out.append(json.loads(line))
        except ValueError:
            pass  # the line being written
    return out


def searching(runs: Path) -> list[str]:
    """The missions whose fan-out (S) runs now."""
    return [d.name for d in runs.iterdir() if d.is_dir() and not d.name.startswith(".")
            and any(r.get("phase") == "S" and r.get("status") == "running"
                    for r in records(d))] if runs.is_dir() else []


@dataclass
class DaskBatch:
    """A started ``scout batch apply`` on ``local:2`` Dask workers (:func:`dask_batch`)."""

    proc: subprocess.Popen[bytes]
    args: list[str]
    env: dict[str, str]
    runs: Path
    pids: Path
    record_path: Path
    queries: list[str]
    fake: FakeProviders

    def record(self) -> dict[str, Any] | None:
        try:
            return json.loads(self.record_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None

    def wait_until_busy(self, timeout: float = 120.0) -> set[int]:
        """Wait until the first mission succeeded and two others are searching (the
        slow searches hold them); the worker processes' pids."""
        deadline = time.monotonic() + timeout
        while len(searching(self.runs)) < 2 or not any(
                r["status"] == "succeeded" for r in (self.record() or {}).get("missions", [])):
            assert self.proc.poll() is None, self.proc.communicate()
            assert time.monotonic() < deadline, "the missions never reached their searches"
            time.sleep(0.05)
        workers = {json.loads(x)["pid"] for x in self.pids.read_text().splitlines()}
        assert workers and os.getpid() not in workers and self.proc.pid not in workers
        return workers

    def searches_answer_now(self) -> None:
        """Every search answers at once (for the run that resumes the batch)."""
        for query in self.queries:
            for i in range(3):
                self.fake.slow(f"{query} {i}", 0.0)


@contextlib.contextmanager
def dask_batch(tmp_path: Path, queries: list[str], batch_id: str,
               **popen: Any) -> Iterator[DaskBatch]:
    """``scout batch apply`` of ``queries`` (the test pipeline's fan-out, each of its three
    searches per query answered by a fake Tavily) on a Dask ``local:2`` cluster, started
    with ``popen`` (e.g. its own session), 3 missions at a time: the first query's searches
    answer at once, the others' only after :data:`SLOW_SEARCH_S`, so a stop finds the first
    mission done and two searching. The fake provider server lives as long as the block."""
    with FakeServer() as srv:
        fake = FakeProviders(srv)
        cfg = tmp_path / "config" / "adapters.yaml"
        cfg.parent.mkdir(parents=True)
        cfg.write_text("apiVersion: scout/v1\nkind: Config\nmax_workers: 4\n"
                       "executor: {kind: dask, address: 'local:2'}\n"
                       + TAVILY.format(backend="local", url=fake.server.url))
        pids = tmp_path / "pids.jsonl"
        pipe = tmp_path / "p.yaml"
        pipe.write_text(BODY.replace("CALLS", str(pids)))
        listing = tmp_path / "q.yaml"
        listing.write_text("".join(f"- {q}\n" for q in queries), encoding="utf-8")
        fake.slow(f"{queries[0]} 0", 0.0)
        for query in queries[1:]:
            for i in range(3):
                fake.slow(f"{query} {i}", SLOW_SEARCH_S)
        runs = tmp_path / "runs"
        args = [sys.executable, "-m", "scout", "batch", "apply", str(pipe), "--queries",
                str(listing), "--batch-id", batch_id, "--runs-dir", str(runs),
                "--config", str(cfg), "--parallel", "3", "--progress", "none"]
        env = {**os.environ, "PYTHONPATH": str(ROOT), "SCOUTE_RESEARCH_ROOT": str(tmp_path),
               "TAVILY_API_KEY": fake.keys["tavily"]}
        env.pop("SCOUTE_QUOTA_URL", None)
        proc = subprocess.Popen(args, cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, **popen)
        try:
            yield DaskBatch(proc, args, env, runs, pids, runs / ".batches" / f"{batch_id}.json",
                            list(queries), fake)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.communicate()
