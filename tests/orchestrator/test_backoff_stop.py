"""A stop never waits out a retry's back-off: a phase's (the scheduler waiting for a
retry that is due in ten minutes) nor a provider call's (a 429's Retry-After). A batch's
SIGTERM reaches a mission on a pool thread as a message on its scheduler's queue
(scout.orchestrator.stoprequest): the scheduler slept its back-off with ``time.sleep``,
deaf to it, so the stop (and ``docker stop``'s 10 s) waited for the retry. A provider's
back-off slept on a worker thread the same way, holding the process's exit after
Ctrl-C. Both now wait on what a stop sets, with the real clock, on real threads."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest

from scout.errors import Cancelled, RateLimited
from scout.errors.interrupt import SIGTERM, Terminated
from scout.orchestrator import stoprequest
from scout.orchestrator.mission_result import MissionInterrupted
from scout.providers.retry import Retrier
from scout.spec.basics import RetryPolicy
from tests.dist.cluster import apply, config

#: how long the waits under test would last: a test that waited them out fails its join
BACKOFF_S = 600
JOIN_S = 60.0


def _states(run_dir: Path) -> list[str]:
    try:
        lines = (run_dir / "state.log.jsonl").read_text(encoding="utf-8").splitlines()
    except OSError:
        return []
    out = []
    for line in lines:
        try:
            rec = json.loads(line)
        except ValueError:
            continue  # the line being written
        if rec.get("phase") == "A" and rec.get("status"):
            out.append(rec["status"])
    return out


@pytest.mark.timeout(120)
def test_a_batch_stop_ends_a_phases_retry_back_off(tmp_path: Path) -> None:
    config(tmp_path, "{kind: local}")
    path = tmp_path / "p.yaml"
    path.write_text(f"""apiVersion: scout/v1
kind: Pipeline
name: backoff-stop
phases:
  A:
    uses: "python:tests.orchestrator.steps:flaky"
    with: {{ok_on: 99}}
    retry: {{attempts: 3, backoff: {{initial: {BACKOFF_S}s, factor: 1, max: {BACKOFF_S}s, jitter: none}}}}
    produces: [a]
""", encoding="utf-8")
    got: dict[str, Any] = {}
    backing_off = threading.Event()

    def mission() -> None:
        try:
            got["result"] = apply(tmp_path, path, mission_id="m1")
        except BaseException as exc:  # noqa: BLE001 - what the thread ended with
            got["error"] = exc

    thread = threading.Thread(target=mission)
    thread.start()
    try:
        run_dir = tmp_path / "runs" / "m1"
        for _ in range(int(JOIN_S / 0.02)):  # until its first try failed: the back-off
            if "failed_retryable" in _states(run_dir):
                backing_off.set()
                break
            thread.join(0.02)
        assert backing_off.is_set(), got
        assert stoprequest.stop_running(Terminated) == 1  # as a batch's SIGTERM does
        thread.join(JOIN_S)
        assert not thread.is_alive(), "the stop waited for the phase's back-off"
    finally:
        stoprequest.clear()
        if thread.is_alive():  # let the test end: the stop request stays posted
            thread.join(BACKOFF_S)
    exc = got.get("error")
    assert isinstance(exc, MissionInterrupted), got
    assert _states(run_dir).count("running") == 1  # no second try started
    ends = [json.loads(x) for x in (run_dir / "state.log.jsonl").read_text().splitlines()
            if '"ev": "mission"' in x or '"ev":"mission"' in x]
    assert ends[-1]["status"] == "interrupted" and ends[-1]["reason"] == SIGTERM


@pytest.mark.timeout(120)
@pytest.mark.parametrize("retry_after", [None, float(BACKOFF_S)], ids=["backoff", "retry-after"])
def test_a_stopping_run_ends_a_provider_calls_back_off(retry_after: float | None) -> None:
    policy = RetryPolicy.model_validate(
        {"attempts": 3, "backoff": {"initial": f"{BACKOFF_S}s", "factor": 1,
                                    "max": f"{BACKOFF_S}s", "jitter": "none"}})
    closed = threading.Event()
    retrier = Retrier(policy, retry_after_max=BACKOFF_S * 2, cancel=closed)
    tries: list[int] = []
    waits: list[float] = []
    got: dict[str, BaseException] = {}

    def call(attempt: int) -> None:
        tries.append(attempt)
        raise RateLimited("429 from fake", adapter="fake", retry_after=retry_after)

    def run() -> None:
        try:
            retrier.run(call, on_retry=lambda ev: waits.append(ev.wait))
        except BaseException as exc:  # noqa: BLE001
            got["error"] = exc

    thread = threading.Thread(target=run)
    thread.start()
    for _ in range(int(JOIN_S / 0.02)):
        if waits:
            break
        thread.join(0.02)
    assert waits == [float(BACKOFF_S)]  # it is waiting the whole back-off now
    closed.set()  # the run closes its providers (Ctrl-C, SIGTERM, a batch's stop)
    thread.join(JOIN_S)
    try:
        assert not thread.is_alive(), "the back-off held the stopping run"
    finally:
        if thread.is_alive():
            thread.join(BACKOFF_S * 2)
    assert isinstance(got.get("error"), Cancelled) and tries == [1]
