"""Token pool: strategies, quota/error marking, state file, mode 0600, no value leaks."""

from __future__ import annotations

import json
import multiprocessing as mp
import os
from collections import Counter
from pathlib import Path

import pytest

from scout.errors import ChainFailed, AuthError, ConfigError, PoolExhausted, RateLimited, Unavailable
from scout.adapters.contract import Reply
from scout.providers.chain import failure_status
from scout.providers.pool_config import load_pool_config
from scout.providers.pool import TokenPool
from scout.adapters.contract import SearchRequest
from tests.providers.fakes import FakeClock, ScriptedAdapter, make_config, settings, sources

VALUES = {"alpha": "tok-ALPHA-7f3c9e1d", "beta": "tok-BETA-0b8a4422", "gamma": "tok-GAMMA-55d0aa"}


def write_pool(path: Path, strategy: str, weights: dict[str, int] | None = None,
               values: dict[str, str] | None = None, mode: int = 0o600, **extra: object) -> Path:
    values = values or VALUES
    tokens = [{"name": n, "value": v, "weight": (weights or {}).get(n, 1)}
              for n, v in values.items()]
    path.write_text(json.dumps({"pools": {"p": {"strategy": strategy, "tokens": tokens,
                                                **extra}}}))
    path.chmod(mode)
    return path


def make_pool(tmp_path: Path, strategy: str, clock: FakeClock | None = None, **kw: object
              ) -> TokenPool:
    cfg = write_pool(tmp_path / "token_pool_config.json", strategy, **kw)  # type: ignore[arg-type]
    return TokenPool(load_pool_config(cfg, {}), tmp_path / "runtime" / "token_pool_state.json",
                     clock=clock or FakeClock(), durable=False)


def picks(pool: TokenPool, n: int) -> list[str]:
    return [pool.pick("p").name for _ in range(n)]


def test_round_robin(tmp_path: Path) -> None:
    assert picks(make_pool(tmp_path, "round-robin"), 7) == \
        ["alpha", "beta", "gamma", "alpha", "beta", "gamma", "alpha"]


def test_weighted_round_robin_is_smooth_and_exact_over_600(tmp_path: Path) -> None:
    pool = make_pool(tmp_path, "weighted-round-robin", weights={"alpha": 3, "beta": 2, "gamma": 1})
    seq = picks(pool, 600)
    assert Counter(seq) == {"alpha": 300, "beta": 200, "gamma": 100}
    # smooth (nginx): the heavy token is spread out, never three in a row
    assert seq[:6] == ["alpha", "beta", "alpha", "gamma", "beta", "alpha"]
    assert all(seq[i:i + 3] != ["alpha"] * 3 for i in range(len(seq) - 2))


def test_weighted_is_the_default_strategy(tmp_path: Path) -> None:
    p = tmp_path / "c.json"
    p.write_text(json.dumps({"pools": {"p": {"tokens": [{"name": "a", "value": "x" * 8}]}}}))
    p.chmod(0o600)
    assert load_pool_config(p, {})["p"].strategy == "weighted-round-robin"


def test_least_used_balances_by_request_count(tmp_path: Path) -> None:
    pool = make_pool(tmp_path, "least-used")
    first = pool.pick("p")
    pool.attempt(first)
    pool.attempt(first)  # alpha now has 3 requests
    seq = picks(pool, 4)
    assert seq == ["beta", "gamma", "beta", "gamma"]
    counts = {n: s["requests"] for n, s in pool.state()["pools"]["p"]["tokens"].items()}
    assert counts == {"alpha": 3, "beta": 2, "gamma": 2}
    # ties go to the earlier token; alpha waits until the others catch up
    assert picks(pool, 3) == ["beta", "gamma", "alpha"]


def test_failover_always_uses_the_first_usable_token(tmp_path: Path) -> None:
    pool = make_pool(tmp_path, "failover")
    assert picks(pool, 3) == ["alpha"] * 3
    lease = pool.pick("p")
    pool.failed(lease, "auth_error", "401", "quota_exhausted")
    assert picks(pool, 2) == ["beta", "beta"]


def test_marked_tokens_rest_then_come_back_and_all_exhausted_raises(tmp_path: Path) -> None:
    clock = FakeClock()
    pool = make_pool(tmp_path, "round-robin", clock, quota_cooldown="1h", error_cooldown="5m")
    for name, mark in [("alpha", "quota_exhausted"), ("beta", "error"), ("gamma", "error")]:
        lease = pool.pick("p")
        assert lease.name == name
        pool.failed(lease, "x", "boom", mark)  # type: ignore[arg-type]
    with pytest.raises(PoolExhausted) as ei:
        pool.pick("p")
    exc = ei.value
    assert exc.retryable and exc.exit_code == 3
    assert "alpha: quota_exhausted" in exc.message and "beta: error" in exc.message
    assert exc.retry_after == pytest.approx(300.0)
    clock.advance(301)  # the errored tokens are back, the exhausted one still rests
    assert sorted(picks(pool, 2)) == ["beta", "gamma"]
    clock.advance(3600)
    assert "alpha" in picks(pool, 3)


def test_state_file_is_the_source_of_truth_and_holds_no_values(tmp_path: Path) -> None:
    pool = make_pool(tmp_path, "round-robin")
    lease = pool.pick("p")
    pool.failed(lease, "auth_error", "HTTP 401", "quota_exhausted")
    pool.succeeded(pool.pick("p"))
    # a new process (a new TokenPool over the same files) continues from the file
    again = make_pool(tmp_path, "round-robin")
    assert again.pick("p").name == "gamma"
    state = json.loads((tmp_path / "runtime" / "token_pool_state.json").read_text())
    toks = state["pools"]["p"]["tokens"]
    assert toks["alpha"]["status"] == "quota_exhausted"
    assert toks["alpha"]["last_error"]["kind"] == "auth_error"
    assert toks["beta"]["last_success"] is not None
    assert toks["alpha"]["requests"] == 1 and toks["alpha"]["errors"] == 1
    raw = (tmp_path / "runtime" / "token_pool_state.json").read_text()
    assert not any(v in raw for v in VALUES.values())


def test_pool_config_must_be_mode_0600(tmp_path: Path) -> None:
    cfg = write_pool(tmp_path / "token_pool_config.json", "failover", mode=0o644)
    with pytest.raises(ConfigError) as ei:
        load_pool_config(cfg, {})
    assert ei.value.hint == f"chmod 600 {cfg}"
    assert ei.value.exit_code == 3 and "0644" in ei.value.message


def test_env_values_and_no_value_in_errors_or_reprs(tmp_path: Path) -> None:
    cfg = tmp_path / "c.json"
    cfg.write_text(json.dumps({"pools": {"p": {"tokens": [
        {"name": "a", "value": "env:POOL_A"}, {"name": "b", "value": "env:POOL_B"},
        {"name": "c", "value": "tok-LITERAL-9999", "weight": "not-a-number"}]}}}))
    cfg.chmod(0o600)
    with pytest.raises(ConfigError) as ei:
        load_pool_config(cfg, {"POOL_A": "tok-FROM-ENV-1234"})
    assert "tok-LITERAL-9999" not in str(ei.value) and "weight" in str(ei.value)
    cfg.write_text(json.dumps({"pools": {"p": {"tokens": [
        {"name": "a", "value": "env:POOL_A"}, {"name": "b", "value": "env:POOL_B"}]}}}))
    defs = load_pool_config(cfg, {"POOL_A": "tok-FROM-ENV-1234"})
    assert defs["p"].missing_env() == ["POOL_B"]
    assert "tok-FROM-ENV-1234" not in repr(defs)
    pool = TokenPool(defs, tmp_path / "s.json", durable=False)
    lease = pool.pick("p")
    assert lease.name == "a" and lease.secret.reveal() == "tok-FROM-ENV-1234"
    assert "tok-FROM-ENV-1234" not in repr(lease)
    pool.failed(lease, "auth_error", "401", "quota_exhausted")
    with pytest.raises(PoolExhausted, match="POOL_B not set"):
        pool.pick("p")


# --- through the gateway: the seed rules ------------------------------------------------


def pooled_runtime(tmp_path: Path, make_runtime, script: list, strategy: str = "round-robin"):
    write_pool(tmp_path / "token_pool_config.json", strategy)
    cfg = make_config({"pp": settings(credentials={"pool": "p"})}, {"c": ["pp"]},
                      path=str(tmp_path / "adapters.yaml"))
    ad = ScriptedAdapter("pp", cfg.adapters["pp"], script=script)
    rt = make_runtime(cfg, {"pp": ad})
    return rt, ad


def test_401_moves_to_the_next_token_without_retrying(tmp_path: Path, make_runtime) -> None:
    rt, ad = pooled_runtime(tmp_path, make_runtime,
                            [AuthError("HTTP 401", status=401), Reply(sources(1))])
    out = rt.gateway("F1", "c").call(SearchRequest(query="q"))
    assert [c[1] for c in ad.calls] == ["alpha", "beta"]
    assert out.answered_by == "pp" and out.links[-1].token_name == "beta"
    state = rt.credentials.token_pool().state()["pools"]["p"]["tokens"]
    assert state["alpha"]["status"] == "quota_exhausted"
    lines = [json.loads(x) for x in (tmp_path / "runtime" / "request_journal.jsonl").open()]
    assert [(x["token_name"], x["result"]) for x in lines] == \
        [("alpha", "token_rotated"), ("beta", "ok")]


def test_429_and_5xx_retry_the_same_token_then_mark_it(tmp_path: Path, make_runtime) -> None:
    rl = [RateLimited("429", status=429, retry_after=1) for _ in range(3)]
    un = [Unavailable("503", status=503) for _ in range(3)]
    rt, ad = pooled_runtime(tmp_path, make_runtime, rl + un + [Reply(sources(1))])
    out = rt.gateway("F1", "c").call(SearchRequest(query="q"))
    assert [c[1] for c in ad.calls] == ["alpha"] * 3 + ["beta"] * 3 + ["gamma"]
    state = rt.credentials.token_pool().state()["pools"]["p"]["tokens"]
    assert state["alpha"]["status"] == "quota_exhausted"
    assert state["beta"]["status"] == "error"
    assert state["alpha"]["requests"] == 3 and state["gamma"]["requests"] == 1
    assert out.links[-1].tries == 7


def test_all_tokens_exhausted_is_pool_exhausted_and_retryable(tmp_path: Path, make_runtime) -> None:
    rt, ad = pooled_runtime(tmp_path, make_runtime,
                            [AuthError("HTTP 401", status=401) for _ in range(3)])
    with pytest.raises(ChainFailed) as ei:
        rt.gateway("F1", "c").call(SearchRequest(query="q"))
    assert isinstance(ei.value.cause, PoolExhausted)
    # retryable: the phase ends failed_retryable
    assert ei.value.retryable and ei.value.kind == "pool_exhausted"
    assert failure_status(ei.value) == "failed_retryable"
    assert [c[1] for c in ad.calls] == ["alpha", "beta", "gamma"]
    assert [a.result for a in ei.value.links] == ["error"]


# --- several processes share one pool ---------------------------------------------------


def _pick_many(cfg: str, state: str, n: int, q: "mp.Queue[list[str]]") -> None:
    pool = TokenPool(load_pool_config(cfg, {}), state, durable=False)
    q.put([pool.pick("p").name for _ in range(n)])


def test_processes_share_one_consistent_pool(tmp_path: Path) -> None:
    cfg = write_pool(tmp_path / "c.json", "round-robin")
    state = tmp_path / "s.json"
    ctx = mp.get_context("spawn")
    q = ctx.Queue()
    procs = [ctx.Process(target=_pick_many, args=(str(cfg), str(state), 30, q)) for _ in range(3)]
    for p in procs:
        p.start()
    got = [q.get(timeout=60) for _ in procs]
    for p in procs:
        p.join(30)
    total = Counter(n for seq in got for n in seq)
    # a global round robin over 90 picks: exactly 30 each, however the processes interleave
    assert total == {"alpha": 30, "beta": 30, "gamma": 30}
    saved = json.loads(state.read_text())["pools"]["p"]["tokens"]
    assert sum(s["requests"] for s in saved.values()) == 90
    assert os.stat(state).st_size > 0


def test_the_shipped_example_pool_config_is_valid(tmp_path: Path, root: Path) -> None:
    import shutil
    p = tmp_path / "token_pool_config.json"
    shutil.copy(root / "config" / "token_pool_config.example.json", p)
    p.chmod(0o600)
    defs = load_pool_config(p, {"PERPLEXITY_KEY_MAIN": "pplx-1234567"})
    assert defs["perplexity"].strategy == "weighted-round-robin"
    assert defs["perplexity"].missing_env() == ["PERPLEXITY_KEY_SPARE"]
    assert defs["tavily"].strategy == "failover"
