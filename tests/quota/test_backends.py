"""Each quota backend (memory, local SQLite, a real redis-server) on an injected clock."""

from __future__ import annotations

import threading
import time

import pytest

from scout.errors import ConfigError
from scout.quota.base import gcra
from scout.quota.factory import make_quota
from scout.quota.local import LocalQuota
from scout.quota.memory import MemoryQuota


class Clock:
    def __init__(self, t: float = 1_000_000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


@pytest.fixture(params=["memory", "local", "redis"])
def backend(request, tmp_path):
    clock = Clock()

    def make(headroom: float = 1.0):
        if request.param == "memory":
            return MemoryQuota(clock=clock, headroom=headroom)
        if request.param == "local":
            return LocalQuota(tmp_path / "runtime", clock=clock, headroom=headroom)
        url = request.getfixturevalue("redis_url")
        from scout.quota.redis import RedisQuota
        return RedisQuota(url, clock=clock, headroom=headroom)

    return make, clock


def test_gcra_is_a_token_bucket_that_reserves():
    tat, waits = None, []
    for _ in range(4):
        w, tat = gcra(tat, 100.0, per_minute=60, burst=2)
        waits.append(round(w, 6))
    assert waits == [0.0, 0.0, 1.0, 2.0]


def test_rate_burst_then_one_per_interval(backend):
    make, clock = backend
    q = make()
    waits = [round(q.reserve_rate("tavily", 60, 2), 3) for _ in range(4)]
    assert waits == [0.0, 0.0, 1.0, 2.0]
    clock.t += 10  # the reservations are served; the burst refills
    assert [round(q.reserve_rate("tavily", 60, 2), 3) for _ in range(3)] == [0.0, 0.0, 1.0]
    assert q.reserve_rate("other", 60, 1) == 0.0  # one cap per key


def test_headroom_stretches_the_interval(backend):
    make, clock = backend
    q = make(headroom=0.5)
    assert [round(q.reserve_rate("a", 60, 1), 3) for _ in range(3)] == [0.0, 2.0, 4.0]


def test_breaker_later_end_wins_and_expires(backend):
    make, clock = backend
    q = make()
    assert q.cooldown_left("ddg") == 0.0
    q.trip("ddg", 600)
    q.trip("ddg", 10)  # a shorter trip does not shorten the cool-down
    assert q.cooldown_left("ddg") == pytest.approx(600, abs=0.01)
    clock.t += 599
    assert q.cooldown_left("ddg") == pytest.approx(1, abs=0.01)
    clock.t += 2
    assert q.cooldown_left("ddg") == 0.0


def test_budget_reserve_then_settle(backend):
    make, clock = backend
    q = make()
    q.budget_seed("m", 0.2)
    q.budget_seed("m", 0.1)  # seeding never lowers what was spent
    assert q.budget_spent("m") == pytest.approx(0.2)
    a = q.budget_reserve("m", 0.4, 1.0)
    b = q.budget_reserve("m", 0.4, 1.0)  # 0.2 + 0.4 < 1.0
    assert a.ok and b.ok
    c = q.budget_reserve("m", 0.4, 1.0)  # 0.2 + 0.8 held >= 1.0: refused
    assert not c.ok and c.reserved == pytest.approx(0.8)
    q.budget_settle("m", a.id, 0.1)
    q.budget_settle("m", b.id, 0.0)  # a failed request costs nothing
    assert q.budget_spent("m") == pytest.approx(0.3)
    assert q.budget_reserve("m", 0.4, 1.0).ok
    assert q.budget_reserve("m", 5.0, None).ok  # no cap: never refused
    assert q.budget_spent("other") == 0.0


def test_budget_reservation_of_a_dead_process_expires(backend):
    make, clock = backend
    q = make()
    assert q.budget_reserve("m", 1.0, 1.0).ok
    assert not q.budget_reserve("m", 0.1, 1.0).ok
    clock.t += 901  # nobody settled it: the lease ran out
    assert q.budget_reserve("m", 0.1, 1.0).ok


def test_claim_one_holder_release_and_takeover(backend):
    make, clock = backend
    q = make()
    # long leases while a claim must hold (redis expires keys on its own clock, which a
    # loaded machine could carry past a short one between two lines)
    assert q.claim("k", "w1", 30).holder is None
    assert q.claim("k", "w2", 30).holder == "w1"
    assert q.claim("k", "w1", 30).holder is None  # the owner renews
    q.release("k", "w2")  # not its claim: nothing happens
    assert q.claim("k", "w2", 30).holder == "w1"
    q.release("k", "w1")
    got = q.claim("k", "w2", 0.3)
    assert got.holder is None and not got.taken_over  # released, not taken over
    # w2 "dies": its lease runs out unreleased, w3 takes the claim over
    clock.t += 1
    time.sleep(0.35)  # redis expires keys on its own clock (waiting longer only helps)
    got = q.claim("k", "w3", 5)
    assert got.holder is None and got.taken_over


def test_shared_doc_updates_are_atomic(backend, tmp_path):
    make, _ = backend
    q = make()
    doc = q.doc("pool", tmp_path / "state.json")

    def bump() -> None:
        for _ in range(25):
            doc.update(lambda d: d.__setitem__("n", d.get("n", 0) + 1))

    threads = [threading.Thread(target=bump) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert doc.read()["n"] == 100


def test_local_state_survives_a_new_process(tmp_path):
    clock = Clock()
    first = LocalQuota(tmp_path, clock=clock)
    first.trip("duckduckgo", 600)
    first.reserve_rate("duckduckgo", 60, 1)
    first.close()
    second = LocalQuota(tmp_path, clock=clock)  # the next `scout apply`
    assert second.cooldown_left("duckduckgo") == pytest.approx(600)
    assert second.reserve_rate("duckduckgo", 60, 1) == pytest.approx(1.0)
    first.trip("x", 1)  # a closed backend reopens for a thread still finishing
    assert second.cooldown_left("x") == pytest.approx(1.0)


def test_local_database_that_is_not_sqlite_is_a_clear_error(tmp_path):
    (tmp_path / "quota.sqlite3").write_bytes(b"not a database at all" * 100)
    with pytest.raises(ConfigError) as info:
        LocalQuota(tmp_path)
    assert info.value.code == "CFG042"


def test_unknown_backend_from_env_says_did_you_mean(tmp_path):
    with pytest.raises(ConfigError) as info:
        make_quota("local", tmp_path, env={"SCOUTE_QUOTA_URL": "lcoal"})
    assert info.value.code == "CFG040"
    assert "SCOUTE_QUOTA_URL" in info.value.message and "'local'" in info.value.message


def test_unreachable_redis_is_a_clear_error_without_the_password(tmp_path):
    pytest.importorskip("redis")
    from tests.ports import closed_port

    with closed_port() as port:
        url = f"redis://:hunter2secret@127.0.0.1:{port}/0"
        quota = make_quota(url, tmp_path, env={})  # lazy: nothing connects until it is used
        with pytest.raises(ConfigError) as info:
            quota.cooldown_left("tavily")
    assert info.value.code == "CFG041"
    text = info.value.message + (info.value.hint or "")
    assert "unreachable" in text and "hunter2" not in text


def test_default_is_local(tmp_path):
    q = make_quota("local", tmp_path, env={})
    assert q.name == "local" and (tmp_path / "quota.sqlite3").is_file()


def test_config_quota_section_is_validated_with_did_you_mean(tmp_path):
    from scout.config.loader import check_config

    path = tmp_path / "adapters.yaml"
    path.write_text("apiVersion: scout/v1\nkind: Config\nquota:\n  backend: redsi\n"
                    "  headroom: 0.95\n", encoding="utf-8")
    cfg, problems = check_config(path)
    assert cfg is None
    text = " ".join(p.message + (p.hint or "") for p in problems)
    assert "unknown quota backend 'redsi'" in text and "redis" in text
    assert problems[0].location.line == 4
    path.write_text("apiVersion: scout/v1\nkind: Config\nquota:\n"
                    "  backend: redis://127.0.0.1:6379/2\n  headroom: 0.95\n", encoding="utf-8")
    cfg, problems = check_config(path)
    assert cfg is not None and cfg.quota.backend == "redis://127.0.0.1:6379/2"
    assert cfg.quota.headroom == 0.95


def test_rate_wait_is_cut_short_by_cancel():
    """Ctrl-C / close(): a caller waiting for its rate slot wakes at once."""
    from scout.config.settings import RateCap
    from scout.providers.ratelimit import RateLimiters

    cancel = threading.Event()
    lim = RateLimiters({"a": RateCap(per_minute=1, burst=1)}, cancel=cancel)
    lim.acquire("a")  # the burst
    threading.Timer(0.2, cancel.set).start()
    t0 = time.monotonic()
    waited = lim.acquire("a")  # would wait 60 s
    assert waited == pytest.approx(60, abs=1) and time.monotonic() - t0 < 5


def test_a_breaker_cool_down_survives_the_next_apply(tmp_path):
    """Two ProviderRuntimes on one root (two applies): the second still skips the link."""
    from scout.config.loader import load_config
    from scout.providers.runtime import ProviderRuntime
    from tests.dist.test_shared_quota import setup_root

    cfg = load_config(setup_root(tmp_path, "local"))
    with ProviderRuntime(cfg, tmp_path, "m1", env={}) as first:
        assert first.quota.name == "local"
        first.breaker.trip("tavily", 600)
    with ProviderRuntime(cfg, tmp_path, "m2", env={}) as second:
        assert 590 < second.breaker.remaining("tavily") <= 600
    with ProviderRuntime(cfg, tmp_path, "m3", env={"SCOUTE_QUOTA_URL": "memory"}) as third:
        assert third.breaker.remaining("tavily") == 0.0  # memory: this process only


def test_claims_wait_for_the_payer_and_take_over_from_a_dead_local_one():
    import socket
    import subprocess
    import sys

    from scout.quota.claims import Claims

    q = MemoryQuota()
    cancel = threading.Event()
    naps: list[float] = []
    answers: list[object] = [None, None, "the answer"]
    claims = Claims(q, 300, cancel, sleep=naps.append)
    assert q.claim("k", f"{socket.gethostname()}:{__import__('os').getpid()}:x", 300).holder \
        is None  # a live payer (this very process, another thread)
    claim, answer = claims.acquire("k", lambda: answers.pop(0))
    assert claim is None and answer == "the answer" and len(naps) == 2  # waited, paid 0
    assert claims.shared == 1
    # a payer that died on this machine: no waiting out its lease
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    q.claim("k2", f"{socket.gethostname()}:{dead.pid}:y", 300)
    claim, answer = claims.acquire("k2", lambda: None)
    assert claim is not None and claim.taken_over and answer is None
    claims.release(claim)
    assert q.claim("k2", "someone", 1).holder is None
