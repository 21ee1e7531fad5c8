"""A Redis lease whose holder is provably dead on this machine is taken over at once
(real redis-server): SIGKILLed (reaped or still a zombie), or its pid reused by another
process. Never a live holder's, never one recorded on another host, boot or pid
namespace, never one of the older format without those fields (those wait, RUN003);
and of two takers of one dead lease exactly one wins (the Lua compare-and-set)."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scout.errors import MissionLocked
from scout.orchestrator import lease as lease_mod
from scout.orchestrator.lease import RedisLease
from scout.orchestrator.liveness import identity
from scout.orchestrator.locks import MissionLock

HOLD = """
import sys, time
from scout.orchestrator.lease import RedisLease
RedisLease(sys.argv[1], sys.argv[2], ttl_ms=30_000).acquire()
print("held", flush=True)
time.sleep(120)
"""
KEY = "scout:lease:mission:{}"


@pytest.fixture
def r(redis_url: str) -> Iterator[Any]:
    import redis

    client = redis.Redis.from_url(redis_url)
    yield client
    client.close()


def _holder(redis_url: str, mid: str) -> subprocess.Popen[str]:
    """A process holding the lease of ``mid`` (30 s ttl), started and confirmed."""
    proc = subprocess.Popen([sys.executable, "-c", HOLD, redis_url, mid],
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
    return proc


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def _plant(r: Any, mid: str, **fields: Any) -> bytes:
    """A lease value as another holder would have written it (30 s ttl)."""
    value = json.dumps({"token": "t-" + mid, **fields, "mission_id": mid,
                        "since": time.time()}).encode()
    r.set(KEY.format(mid), value, px=30_000)
    return value


@pytest.mark.parametrize("reap", [True, False], ids=["reaped", "zombie"])
def test_a_sigkilled_holders_lease_is_taken_over_at_once(
        redis_url: str, r: Any, reap: bool, caplog: pytest.LogCaptureFixture) -> None:
    proc = _holder(redis_url, "m1")
    held = json.loads(r.get(KEY.format("m1")))
    assert held["pid"] == proc.pid and held["boot_id"] == identity()["boot_id"]
    proc.kill()
    if reap:
        proc.wait()
    else:  # killed, not yet reaped by its parent (us): a zombie until wait()
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and \
                Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z":
            time.sleep(0.01)
    try:
        # the dead holder's lease still runs (its 30 s ttl): what acquire then gets, it
        # took over, never waited out. A condition, not the wall clock: a loaded machine
        # (the old "< 10 s") tells nothing, and acquire never waits for a ttl anyway
        assert r.pttl(KEY.format("m1")) > 0 and r.get(KEY.format("m1")) is not None
        with caplog.at_level(logging.INFO, logger="scout.lease"):
            lease = RedisLease(redis_url, "m1").acquire()
        assert lease.took_over is not None and lease.took_over["pid"] == proc.pid
        assert lease.took_over["token"] == held["token"]  # the dead holder's, not a later one
        assert f"took over the lease of mission 'm1' from dead pid {proc.pid}" in caplog.text
        now = json.loads(r.get(KEY.format("m1")))
        assert now["token"] == lease.token != held["token"]
        assert 25_000 < r.pttl(KEY.format("m1")) <= 30_000  # a fresh ttl, ours
        assert lease.renew()
        lease.release()
        assert not r.exists(KEY.format("m1"))
    finally:
        proc.wait()


def test_a_live_holders_lease_is_not_taken(redis_url: str, r: Any) -> None:
    proc = _holder(redis_url, "m1")
    try:
        before = r.get(KEY.format("m1"))
        with pytest.raises(MissionLocked) as exc:
            RedisLease(redis_url, "m1").acquire()
        assert exc.value.code == "RUN003" and f"pid {proc.pid}" in exc.value.message
        assert r.get(KEY.format("m1")) == before
        # this very process holding it (another thread's apply) is alive too
        mine = RedisLease(redis_url, "m2").acquire()
        with pytest.raises(MissionLocked):
            RedisLease(redis_url, "m2").acquire()
        mine.release()
    finally:
        proc.kill()
        proc.wait()


def test_a_reused_pid_is_a_dead_holder_a_matching_one_is_not(redis_url: str, r: Any) -> None:
    me = identity()
    # our own pid, recorded with another start time: the pid was reused (by us)
    _plant(r, "m1", **dict(me, pid_start=me["pid_start"] - 1))
    lease = RedisLease(redis_url, "m1").acquire()
    assert lease.took_over is not None and "reused" in lease.took_over["reason"]
    lease.release()
    planted = _plant(r, "m2", **me)  # the same start time: the holder is alive (us)
    with pytest.raises(MissionLocked):
        RedisLease(redis_url, "m2").acquire()
    assert r.get(KEY.format("m2")) == planted


@pytest.mark.parametrize("field,value", [
    ("host", "another-host"),
    ("boot_id", "00000000-0000-0000-0000-000000000000"),
    ("pid_ns", "pid:[1]"),
    ("pid_start", None),  # the older lease format: token, host, pid, since only
    ("boot_id", None),
])
def test_a_dead_pid_recorded_elsewhere_or_in_the_old_format_waits(
        redis_url: str, r: Any, field: str, value: Any) -> None:
    record = dict(identity(), pid=_dead_pid())
    if value is None:
        record.pop(field)
        if field == "pid_start":
            record = {k: record[k] for k in ("host", "pid")}
    else:
        record[field] = value
    planted = _plant(r, "m1", **record)
    with pytest.raises(MissionLocked) as exc:
        RedisLease(redis_url, "m1").acquire()
    assert exc.value.code == "RUN003"
    assert r.get(KEY.format("m1")) == planted  # untouched
    # the same record with this machine's identity is taken over: the test can fail
    _plant(r, "m3", **dict(identity(), pid=record["pid"]))
    RedisLease(redis_url, "m3").acquire().release()


def test_two_takers_of_one_dead_lease_one_wins(redis_url: str, r: Any,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    real = lease_mod.dead_reason
    for round_ in range(5):
        mid = f"race{round_}"
        _plant(r, mid, **dict(identity(), pid=_dead_pid()))
        both_judged = threading.Barrier(2, timeout=10)

        def judged(info: Any) -> str | None:
            reason = real(info)
            if reason is not None:
                both_judged.wait()  # both have read the dead value before either swaps
            return reason

        monkeypatch.setattr(lease_mod, "dead_reason", judged)
        won: list[RedisLease] = []
        lost: list[BaseException] = []

        def take() -> None:
            try:
                won.append(RedisLease(redis_url, mid).acquire())
            except MissionLocked as exc:
                lost.append(exc)

        threads = [threading.Thread(target=take) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(20)
        assert len(won) == 1 and len(lost) == 1, (won, lost)
        assert json.loads(r.get(KEY.format(mid)))["token"] == won[0].token
        won[0].release()


def test_mission_lock_records_the_takeover(redis_url: str, r: Any, tmp_path: Path) -> None:
    proc = _holder(redis_url, "m1")
    proc.kill()
    proc.wait()
    lock = MissionLock(tmp_path / "m1", "m1", lease=RedisLease(redis_url, "m1")).acquire()
    try:
        assert lock.notices and f"dead pid {proc.pid}" in lock.notices[0]
        info = json.loads((tmp_path / "m1" / "lock.json").read_text())
        assert info["took_over"]["pid"] == proc.pid
    finally:
        lock.release()


def test_an_apply_takes_over_a_killed_holders_lease_and_logs_it(
        redis_url: str, r: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.dist.cluster import apply, config, pipeline

    monkeypatch.setenv("SCOUTE_QUOTA_URL", redis_url)
    config(tmp_path, "{kind: local}")
    p = pipeline(tmp_path, """
        phases:
          L: {uses: STEPS:items, with: {n: 2}, produces: [things]}
    """)
    proc = _holder(redis_url, "m1")  # an apply of m1 killed while it held the lease
    proc.kill()
    proc.wait()
    # the dead holder's lease still stands when the apply starts: its takeover (the log
    # line below) is what lets the apply run, not the ttl running out. This is what a
    # wall-time bound (< 20 s) stood for, and a loaded machine stretched it; a lease
    # waited out would leave no takeover to log, a dead holder not seen would fail it
    held = r.get(KEY.format("m1"))
    assert held is not None and json.loads(held)["pid"] == proc.pid
    assert r.pttl(KEY.format("m1")) > 20_000
    assert apply(tmp_path, p, providers=False).exit_code == 0
    text = (tmp_path / "runs" / "m1" / "mission.log").read_text()
    assert f"took over the lease of mission 'm1' from dead pid {proc.pid}" in text
    assert not r.exists(KEY.format("m1"))  # released at the end
