"""The scheduler's collaborators on their own: decide(), the failure policy, the work
pool (work stealing), and completion derived from outputs (a deleted report reruns)."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest

from scout.errors import RateLimited, StepError
from scout.orchestrator import policy
from scout.orchestrator.decide import WILL_NOT_SUCCEED, Prepared, decide, missing_needs
from scout.orchestrator.executor import LocalExecutor, make_executor
from scout.orchestrator.fanout import FanoutRun, WorkPool
from scout.orchestrator.outcomes import classify
from scout.orchestrator.phase_run import PhaseRun
from scout.orchestrator.state import PhaseState
from scout.spec.basics import MinSuccess, RetryPolicy
from scout.spec.models import Defaults, Phase
from scout.stepkit.context import ItemOutcome



def _ok(fp: str = "fp1", **kw: Any) -> PhaseState:
    return PhaseState(status="succeeded", fingerprint=fp, fp_parts={"spec": "a"},
                      outputs={"x": "h"}, **kw)


class Calls:
    def __init__(self, result: Prepared | Exception) -> None:
        self.result, self.n = result, 0

    def __call__(self) -> Prepared:
        self.n += 1
        if isinstance(self.result, Exception):
            raise self.result
        return self.result


# --- decide() -------------------------------------------------------------------------


def test_decide_blocked_before_anything_is_prepared():
    prep = Calls(Prepared("fp1"))
    d = decide(missing=["needs 'a' from A, which failed"], forced=None,
               prev=_ok(), prepare=prep, damage=lambda p: None)
    assert (d.action, d.reason, prep.n) == ("blocked",
                                            "needs 'a' from A, which failed", 0)


@pytest.mark.parametrize("state,words", [
    ("failed_terminal", "which failed"), ("failed_retryable", "which failed"),
    ("skipped", "which was skipped"), ("blocked_missing_input", "which is blocked itself"),
    (WILL_NOT_SUCCEED, "which will not succeed"), ("some_new_state", "which did not succeed")])
def test_a_missing_need_says_its_producers_state_in_words(state, words):
    """"needs 'x' from A, which failed", never the state's name ("which is
    failed_terminal"): the reason is read by people, and localised as a whole sentence."""
    phase = Phase(uses="task", needs=["x", "y?"])
    got = missing_needs(phase, {"x": "A", "y": "B"}, (), lambda src: state)
    assert got == [f"needs 'x' from A, {words}"]  # an optional need blocks nothing
    assert missing_needs(phase, {"x": "A"}, (), lambda src: None) == []


def test_decide_reuses_only_same_fingerprint_with_intact_outputs():
    same = decide(missing=[], forced=None, prev=_ok(), prepare=Calls(Prepared("fp1")),
                  damage=lambda p: None)
    assert same.action == "reused" and not same.stale
    damaged = decide(missing=[], forced=None, prev=_ok(), prepare=Calls(Prepared("fp1")),
                     damage=lambda p: "its output file report.md is missing")
    assert (damaged.action, damaged.stale, damaged.reason) == (
        "run", True, "its output file report.md is missing")
    changed = decide(missing=[], forced=None, prev=_ok(),
                     prepare=Calls(Prepared("fp2", {"spec": "b"})), damage=lambda p: None)
    assert changed.action == "run" and changed.stale and "spec" in changed.reason


def test_decide_skip_force_and_new():
    skip = decide(missing=[], forced="forced by --force A", prev=_ok(),
                  prepare=Calls(Prepared(skip="if: false is false")), damage=lambda p: None)
    assert (skip.action, skip.reason) == ("skipped", "if: false is false")
    forced = decide(missing=[], forced="forced by --force A", prev=_ok(),
                    prepare=Calls(Prepared("fp1")), damage=lambda p: None)
    assert (forced.action, forced.stale, forced.reason) == ("run", True, "forced by --force A")
    new = decide(missing=[], forced=None, prev=None, prepare=Calls(Prepared("fp1")),
                 damage=lambda p: None)
    assert (new.action, new.stale, new.reason) == ("run", False, "new")


def test_decide_prepare_error_is_an_error_or_dry_a_run():
    boom = Calls(StepError("bad with:"))
    wet = decide(missing=[], forced=None, prev=_ok(), prepare=boom, damage=lambda p: None,
                 errors=(StepError,))
    assert wet.action == "error" and isinstance(wet.error, StepError)
    dry = decide(missing=[], forced=None, prev=_ok(), prepare=boom, damage=lambda p: None,
                 errors=(StepError,), dry=True)
    assert dry.action == "run" and dry.reason.startswith("cannot be checked before running")
    with pytest.raises(KeyError):  # not a preparation error: it propagates
        decide(missing=[], forced=None, prev=_ok(), prepare=Calls(KeyError("x")),
               damage=lambda p: None, errors=(StepError,))


def test_decide_dry_does_not_prepare_what_runs_anyway():
    prep = Calls(Prepared("fp1"))
    failed = PhaseState(status="failed_terminal", error={"message": "boom"})
    d = decide(missing=[], forced=None, prev=failed, prepare=prep, damage=lambda p: None,
               dry=True)
    assert (d.action, d.reason, prep.n) == ("run", "it failed before: boom", 0)


def test_decide_dry_rechecks_a_phase_its_condition_skipped_before():
    skipped = PhaseState(status="skipped", reason="if: task.notify_email is false")
    still = decide(missing=[], forced=None, prev=skipped, dry=True, damage=lambda p: None,
                   prepare=Calls(Prepared(skip="if: task.notify_email is false")))
    assert (still.action, still.reason) == ("skipped", "if: task.notify_email is false")
    now = decide(missing=[], forced=None, prev=skipped, dry=True, damage=lambda p: None,
                 prepare=Calls(Prepared("fp1")))
    assert (now.action, now.reason) == ("run", "its condition now holds")
    unknown = decide(missing=[], forced=None, prev=skipped, dry=True, errors=(StepError,),
                     prepare=Calls(StepError("upstream not there")), damage=lambda p: None)
    assert (unknown.action, unknown.reason) == ("run", "it was skipped before")


# --- the failure policy ------------------------------------------------------------------


def _failure(exc: BaseException):
    return classify(exc)


def test_policy_retries_with_backoff_then_gives_up():
    retry = RetryPolicy.model_validate({"attempts": 3, "backoff": {"initial": "1s", "factor": 2,
                                                                   "max": "30s", "jitter": "none"}})
    f = _failure(RateLimited("429", adapter="x"))
    first = policy.after_failure(f, retry, 1, stopping=False, rng=random.Random(0))
    second = policy.after_failure(f, retry, 2, stopping=False, rng=random.Random(0))
    assert first.retry and first.delay == 1.0 and second.delay == 2.0
    assert "attempt 1 of 3 failed" in first.reason
    last = policy.after_failure(f, retry, 3, stopping=False, rng=random.Random(0))
    assert (last.retry, last.reason) == (False, "gave up after 3 attempts")
    stopping = policy.after_failure(f, retry, 1, stopping=True, rng=random.Random(0))
    assert not stopping.retry


def test_policy_retry_on_and_not_retryable():
    only_timeouts = RetryPolicy.model_validate({"attempts": 3, "on": ["timeout"]})
    v = policy.after_failure(_failure(RateLimited("429", adapter="x")), only_timeouts, 1,
                             stopping=False, rng=random.Random(0))
    assert (v.retry, v.reason) == (False, "'rate_limited' is not in retry.on")
    bug = policy.after_failure(_failure(ZeroDivisionError()), only_timeouts, 1,
                               stopping=False, rng=random.Random(0))
    assert (bug.retry, bug.reason) == (False, "not retryable")


def test_policy_fanout_allowance_and_timeouts():
    fails = [_failure(StepError("no")), _failure(RateLimited("429", adapter="x"))]
    strict = policy.fanout_failure(10, 2, fails, MinSuccess(min_success=1.0))
    assert strict is not None and strict.retryable and strict.kind == "rate_limited"
    assert "2 of 10 items failed" in strict.message
    assert policy.fanout_failure(10, 2, fails, MinSuccess(min_success=0.8)) is None
    assert policy.fanout_failure(10, 3, fails, MinSuccess(min_success=0.8)) is not None
    phase = Phase.model_validate({"uses": "x", "timeout": "5s", "optional": True})
    assert policy.timeout_of(phase, Defaults()) == 5
    assert not policy.stops_mission(phase)
    assert "5s" in str(policy.timeout_error("A", 5))


# --- the work pool ----------------------------------------------------------------------


def _fanout(pid: str, index: int, n: int, limit: int) -> FanoutRun:
    run = PhaseRun(pid, Phase.model_validate({"uses": "x"}), index, 0)
    fr = FanoutRun(run, list(range(n)))
    fr.begin(run.token, limit)
    return fr


def test_work_pool_moves_workers_to_the_phase_with_work_left():
    """4 workers; A has 4 items (at most 2 at once), B 16: once A is done every worker
    runs B's items, and no phase ever exceeds its max_parallel.

    B's items hold their worker until four run B at once (or 10 s pass): only workers
    that A frees can make four, so the pool is seen moving them, however a loaded machine
    schedules the threads (overlapping sleeps could miss it)."""
    executor = LocalExecutor(4)
    posted: list[tuple[Any, ...]] = []
    done = threading.Event()
    lock = threading.Lock()
    four_on_b = threading.Event()
    running: dict[str, int] = {"A": 0, "B": 0}
    peak: dict[str, int] = {"A": 0, "B": 0}
    threads: dict[str, set[int]] = {"A": set(), "B": set()}
    a, b = _fanout("A", 0, 4, 2), _fanout("B", 1, 16, 4)

    def post(msg: tuple[Any, ...]) -> None:
        posted.append(msg)
        if len(posted) == 2:
            done.set()

    pool = WorkPool(executor, post, threading.Event())

    def work(fr: FanoutRun, i: int) -> bool:
        pid = fr.run.pid
        with lock:
            running[pid] += 1
            peak[pid] = max(peak[pid], running[pid])
            threads[pid].add(threading.get_ident())
            if running["B"] == 4:
                four_on_b.set()
        if pid == "B" and not four_on_b.wait(10):
            four_on_b.set()  # it never came: the rest need not wait too (peak says so)
        with lock:
            running[pid] -= 1
        with pool.lock:
            fr.record(ItemOutcome(i, fr.items[i], True, i * i), None)
        return False

    pool.add(a, work)
    pool.add(b, work)
    pool.top_up()
    assert done.wait(60)
    executor.shutdown(wait=True, cancel=False)
    assert sorted(m[1] for m in posted) == ["A", "B"]
    assert peak["A"] <= 2 and peak["B"] == 4
    assert threads["A"] & threads["B"], "no worker moved between the phases"
    assert [b.results[i].value for i in range(16)] == [i * i for i in range(16)]
    assert pool.busy == 0


def test_work_pool_gives_a_phase_narrower_than_the_pool_its_width_first():
    """A (max_parallel 2 of 4 workers) needs less time at its width than B (max_parallel
    4) but gets a free worker first while below its width: a lane A loses it cannot make
    up later, B takes whatever the others free at the end; at its width, B gets it."""
    pool = WorkPool(LocalExecutor(4), lambda msg: None, threading.Event())
    a, b = _fanout("A", 0, 2, 2), _fanout("B", 1, 8, 4)
    for fr in (a, b):  # both phases' items took 1 s so far
        fr.seconds, fr.timed = 1.0, 1
        pool.add(fr, lambda f, i: False)
    # A: 2 items x 1 s / 2 lanes = 1 s left at its width; B: 8 x 1 s / 4 = 2 s
    assert pool._pick() is a
    a.inflight = 2
    assert pool._pick() is b
    a.inflight, b.limit = 0, 2  # both narrower than the pool: the most time left
    assert pool._pick() is b
    pool.executor.shutdown(wait=True, cancel=False)


def test_a_released_slot_is_taken_by_a_queued_item_at_once():
    """A one-call phase held one of 2 slots while the fan-out started: when it releases
    the slot (after the scheduler's last top_up), a second worker starts on the queued
    items without waiting for the scheduler."""
    executor = LocalExecutor(2)
    lock = threading.Lock()
    running, peak = [0], [0]
    done, two = threading.Event(), threading.Event()
    fr = _fanout("A", 0, 6, 2)
    pool = WorkPool(executor, lambda msg: done.set(), threading.Event())

    def work(f: FanoutRun, i: int) -> bool:
        with lock:
            running[0] += 1
            peak[0] = max(peak[0], running[0])
            if running[0] == 2:
                two.set()
        # the first worker's item waits for the second worker (10 s at most): without the
        # released slot it would never come, and peak stays 1
        if not two.wait(10):
            two.set()
        with lock:
            running[0] -= 1
        with pool.lock:
            f.record(ItemOutcome(i, f.items[i], True, i), None)
        return False

    pool.reserve()  # the one-call phase
    pool.add(fr, work)
    pool.top_up()  # one worker: the other slot is held
    pool.release()  # the phase is done; the scheduler does not top up again
    assert done.wait(60)
    executor.shutdown(wait=True, cancel=False)
    assert peak[0] == 2 and pool.busy == 0


def test_work_pool_stop_puts_the_item_back_and_posts():
    executor = LocalExecutor(2)
    posted: list[tuple[Any, ...]] = []
    stop = threading.Event()
    got = threading.Event()
    fr = _fanout("A", 0, 5, 2)

    def post(msg: tuple[Any, ...]) -> None:
        posted.append(msg)
        got.set()

    pool = WorkPool(executor, post, stop)

    def work(f: FanoutRun, i: int) -> bool:
        stop.set()  # e.g. the budget: this item is not done
        return True

    pool.add(fr, work)
    pool.top_up()
    assert got.wait(5)
    executor.shutdown(wait=True, cancel=False)
    assert posted == [("fanout", "A", fr.token)]
    assert 0 in fr.pending and not fr.results and pool.busy == 0


def test_unknown_executor_kind_is_a_config_error():
    from scout.errors import ConfigError
    with pytest.raises(ConfigError, match="unknown executor kind 'lokal'") as err:
        make_executor("lokal", 2)
    assert "local" in (err.value.hint or "")


# --- completion derives from outputs ----------------------------------------------------


@pytest.fixture
def report_pipeline(ws):
    templates = ws.root / "templates"
    templates.mkdir(exist_ok=True)
    (templates / "r.md.j2").write_text("# {{ title }}\n\n{{ items | length }} items\n")
    return ws.pipeline("""
        phases:
          A: {uses: STEPS:items, with: {n: 3}, produces: [items]}
          R: {uses: report, needs: [items], with: {template: r.md.j2, formats: [md, html],
              title: "T"}, produces: [report]}
    """)


@pytest.mark.parametrize("name", ["report.md", "report.html"])
@pytest.mark.parametrize("how", ["deleted", "edited"])
def test_a_deleted_or_edited_report_file_is_regenerated(ws, report_pipeline, name, how):
    assert ws.apply(report_pipeline).exit_code == 0
    path = ws.run_dir() / name
    original = path.read_bytes()
    plan = {p.phase: p for p in ws.plan(report_pipeline).phases}
    assert plan["R"].action == "reuse"
    if how == "deleted":
        path.unlink()
    else:
        path.write_text("tampered")
    plan = {p.phase: p for p in ws.plan(report_pipeline).phases}
    assert plan["R"].action == "run" and name in plan["R"].reason
    assert plan["A"].action == "reuse"
    r = ws.apply(report_pipeline)
    assert r.exit_code == 0 and r.phases["R"].status == "succeeded"
    assert path.read_bytes() == original
    stale = [rec for rec in ws.log_records() if rec.get("phase") == "R"
             and rec.get("status") == "stale"]
    assert stale and name in stale[-1]["reason"]
    assert {p.phase: p.action for p in ws.plan(report_pipeline).phases}["R"] == "reuse"
