"""A paid request of a batch's mission reserves against two budgets at once: its
mission's and its batch's (``BudgetScope(..., whole=True)``). On every backend the two
are one decision (held in both or in neither), the batch scope refuses a request that
would take it past its cap, and concurrent holders (threads; processes on the local
SQLite backend) never get more than the cap between them."""

from __future__ import annotations

import multiprocessing
import threading
import uuid
from pathlib import Path

import pytest

from scout.quota.base import BatchBudget, BudgetScope, refuses
from scout.quota.local import LocalQuota
from scout.quota.memory import MemoryQuota
from tests.quota.test_backends import Clock, backend  # noqa: F401 - the fixture

PRICE = 0.01


def batch_scope() -> str:
    """A scope no other test uses (the memory backend shares batch scopes process-wide)."""
    return "batch:" + uuid.uuid4().hex[:8]


def test_the_whole_rule():
    batch = BudgetScope("batch:b", 0.03, whole=True)
    mission = BudgetScope("budget:m", 0.03)
    assert not refuses(batch, 0.02, 0.0, PRICE)  # 0.02 + 0.01 fits 0.03 exactly
    assert refuses(batch, 0.02, 0.005, PRICE)  # would cross the cap
    assert not refuses(mission, 0.02, 0.005, PRICE)  # a mission's call may cross it once
    assert refuses(mission, 0.03, 0.0, PRICE)
    assert not refuses(BudgetScope("x", None, whole=True), 9.0, 9.0, 9.0)
    assert BatchBudget("b", 1.0).scope == "batch:b"


def test_two_scopes_are_held_together_or_not_at_all(backend):  # noqa: F811
    make, clock = backend
    q = make()
    bs = batch_scope()
    scopes = [BudgetScope("budget:m1", 1.0), BudgetScope(bs, 0.05, whole=True)]
    a = q.budget_hold(scopes, 0.02)
    b = q.budget_hold(scopes, 0.02)
    assert a.ok and b.ok and a.refused_by is None
    c = q.budget_hold(scopes, 0.02)  # 0.04 held + 0.02 > 0.05
    assert not c.ok and c.refused_by == bs and c.reserved == pytest.approx(0.04)
    # the refused request held nothing in the mission's scope either
    probe = q.budget_hold([BudgetScope("budget:m1", 0.04 + 1e-6)], 0.0)
    assert probe.ok and probe.reserved == pytest.approx(0.04)
    q.budget_release([s.name for s in scopes], a.id, 0.01)  # cheaper than its estimate
    q.budget_release([s.name for s in scopes], b.id, 0.0)  # failed: cost nothing
    assert q.budget_spent("budget:m1") == pytest.approx(0.01)
    assert q.budget_spent(bs) == pytest.approx(0.01)
    # another mission of the batch shares its scope, not the first mission's
    other = [BudgetScope("budget:m2", None), BudgetScope(bs, 0.05, whole=True)]
    held = [q.budget_hold(other, PRICE) for _ in range(5)]
    assert [h.ok for h in held] == [True, True, True, True, False]  # 0.01 + 4 x 0.01
    assert q.budget_spent("budget:m2") == 0.0


def test_the_mission_scope_refuses_first_and_names_itself(backend):  # noqa: F811
    make, clock = backend
    q = make()
    bs = batch_scope()
    q.budget_seed("budget:m", 0.1)
    q.budget_seed(bs, 0.1)
    q.budget_seed(bs, 0.05)  # a seed never lowers it
    scopes = [BudgetScope("budget:m", 0.1), BudgetScope(bs, 1.0, whole=True)]
    res = q.budget_hold(scopes, PRICE)
    assert not res.ok and res.refused_by == "budget:m"
    assert q.budget_spent(bs) == pytest.approx(0.1)
    assert q.budget_hold([BudgetScope(bs, 0.11 + 1e-6, whole=True)], PRICE).ok


def test_a_dead_holders_batch_reservation_expires(backend):  # noqa: F811
    make, clock = backend
    q = make()
    bs = batch_scope()
    scopes = [BudgetScope(bs, 0.02, whole=True)]
    assert q.budget_hold(scopes, 0.02).ok
    assert not q.budget_hold(scopes, PRICE).ok
    clock.t += 901  # nobody settled it
    assert q.budget_hold(scopes, PRICE).ok


def test_memory_backends_of_one_process_share_batch_scopes_only():
    a, b = MemoryQuota(), MemoryQuota()  # two missions' providers layers
    bs = batch_scope()
    a.budget_release([bs, "budget:m"], "x", 0.3)
    assert b.budget_spent(bs) == pytest.approx(0.3)
    assert b.budget_spent("budget:m") == 0.0


def _hold_until_refused(make, scopes, out: list[int]) -> None:
    q = make()
    n = 0
    while q.budget_hold(scopes, PRICE).ok:  # never settled: every hold stays counted
        n += 1
    out.append(n)


@pytest.mark.parametrize("kind", ["memory", "local"])
def test_threads_never_hold_more_than_the_cap(kind, tmp_path):
    shared = MemoryQuota()
    make = (lambda: shared) if kind == "memory" else \
        (lambda: LocalQuota(tmp_path / "runtime"))
    got: list[int] = []
    bs = batch_scope()
    threads = [threading.Thread(target=_hold_until_refused, args=(
        make, [BudgetScope(f"budget:m{i}", None), BudgetScope(bs, 0.25, whole=True)], got))
        for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sum(got) == 25  # 25 x $0.01 fit $0.25; a racy check-then-write gives more


def _process_holds(runtime: str, start, i: int) -> int:
    q = LocalQuota(runtime)
    start.wait()
    n = 0
    scopes = [BudgetScope(f"budget:p{i}", None), BudgetScope("batch:procs", 0.3, whole=True)]
    while q.budget_hold(scopes, PRICE).ok:
        n += 1
    res = q.budget_hold(scopes, PRICE)
    q.close()
    assert res.refused_by == "batch:procs"
    return n


def test_processes_on_the_local_backend_never_hold_more_than_the_cap(tmp_path: Path):
    ctx = multiprocessing.get_context("spawn")
    runtime = str(tmp_path / "runtime")
    LocalQuota(runtime).close()  # the schema exists before they race
    with ctx.Manager() as mgr:
        start = mgr.Event()
        with ctx.Pool(4) as pool:
            pending = [pool.apply_async(_process_holds, (runtime, start, i)) for i in range(4)]
            start.set()
            counts = [p.get(timeout=60) for p in pending]
    assert sum(counts) == 30  # $0.30 / $0.01, whichever process got them
