"""Failover chains: zero results is an answer, real errors advance, who answered, breaker."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scout.errors import (ChainFailed, AuthError, ParseError, RateLimited, Rejected,
                          Unavailable)
from scout.adapters.contract import Reply, SearchRequest, Usage
from scout.providers.journal import read_journal
from tests.providers.fakes import ScriptedAdapter, make_config, settings, sources

Q = SearchRequest(query="hotels in Barcelona", limit=5)


def three(make_runtime, scripts: dict[str, list[Any]], **kw: Any):
    cfg = make_config({n: settings(breaker_cooldown="10m", cache_ttl="0s") for n in "abc"},
                      {"web": ["a", "b", "c"]})
    ads = {n: ScriptedAdapter(n, cfg.adapters[n], script=scripts.get(n, [])) for n in "abc"}
    return make_runtime(cfg, ads, **kw), ads


def journal(tmp_path: Path) -> list[dict[str, Any]]:
    return read_journal(tmp_path / "runtime").entries


def test_zero_results_is_an_answer_and_never_fails_over(tmp_path: Path, make_runtime) -> None:
    rt, ads = three(make_runtime, {"a": [Reply([], status=200)]})
    out = rt.gateway("F1", "web").call(Q)
    assert out.value == [] and out.answered_by == "a"
    assert not ads["b"].calls and not ads["c"].calls
    assert [x["result"] for x in journal(tmp_path)] == ["ok"]
    assert journal(tmp_path)[0]["response_summary"]["items"] == 0


def test_a_parse_error_fails_over_and_the_chain_records_who_answered(
        tmp_path: Path, make_runtime) -> None:
    rt, ads = three(make_runtime, {"a": [ParseError("unknown markup")]})
    out = rt.gateway("F2", "web").call(Q)
    assert out.answered_by == "b" and out.chain == "web"
    assert [(x.adapter, x.result, x.error) for x in out.links] == \
        [("a", "error", "parse_error"), ("b", "ok", None)]
    assert len(ads["a"].calls) == 1  # a parse error is not retried
    lines = journal(tmp_path)
    assert [(x["adapter"], x["result"]) for x in lines] == [("a", "error"), ("b", "ok")]
    assert lines[0]["chain"] == {"name": "web", "position": 0, "answered_by": None}
    assert lines[1]["chain"] == {"name": "web", "position": 1, "answered_by": "b"}
    assert lines[0]["error"]["kind"] == "parse_error" and lines[0]["phase"] == "F2"


@pytest.mark.parametrize("exc", [Unavailable("503", status=503), AuthError("401", status=401),
                                 RateLimited("429", status=429)])
def test_real_errors_advance_after_retries(tmp_path: Path, make_runtime, exc) -> None:
    rt, ads = three(make_runtime, {"a": [exc] * 5})
    out = rt.gateway("F1", "web").call(Q)
    assert out.answered_by == "b"
    expected_tries = 1 if isinstance(exc, AuthError) else 3
    assert len(ads["a"].calls) == expected_tries
    results = [x["result"] for x in journal(tmp_path)]
    assert results == ["retry"] * (expected_tries - 1) + ["error", "ok"]


def test_a_rejected_request_does_not_fail_over(tmp_path: Path, make_runtime) -> None:
    rt, ads = three(make_runtime, {"a": [Rejected("HTTP 400", status=400)]})
    with pytest.raises(ChainFailed) as ei:
        rt.gateway("F1", "web").call(Q)
    assert isinstance(ei.value.cause, Rejected)
    assert not ads["b"].calls and len(ads["a"].calls) == 1
    assert [a.adapter for a in ei.value.links] == ["a"]


def test_every_link_failing_raises_the_last_retryable_error_naming_all(
        tmp_path: Path, make_runtime) -> None:
    rt, _ = three(make_runtime, {"a": [Unavailable("down")] * 3, "b": [ParseError("bad")],
                                 "c": [AuthError("401", status=401)]})
    with pytest.raises(ChainFailed) as ei:
        rt.gateway("F1", "web").call(Q)
    assert isinstance(ei.value.cause, Unavailable)
    msg = ei.value.message
    assert "a: unavailable" in msg and "b: parse_error" in msg and "c: auth_error" in msg
    assert ei.value.retryable  # trying later could help: the phase is failed_retryable


def test_circuit_breaker_skips_a_rate_limited_adapter_for_its_cooldown(
        tmp_path: Path, make_runtime, clock) -> None:
    rt, ads = three(make_runtime, {"a": [RateLimited("202 challenge")] * 3})
    gw = rt.gateway("F1", "web")
    assert gw.call(Q).answered_by == "b"
    assert len(ads["a"].calls) == 3
    out = gw.call(SearchRequest(query="second"))
    assert out.answered_by == "b" and len(ads["a"].calls) == 3  # not called again
    assert out.links[0].result == "circuit_open"
    clock.advance(601)  # after breaker_cooldown (10m) the adapter is tried again
    assert gw.call(SearchRequest(query="third")).answered_by == "a"
    results = [(x["adapter"], x["result"]) for x in journal(tmp_path)]
    assert ("a", "circuit_open") in results
    assert results[-1] == ("a", "ok")


def test_when_every_link_is_cooling_down_the_error_is_rate_limited(
        tmp_path: Path, make_runtime) -> None:
    cfg = make_config({"a": settings(cache_ttl="0s", retry={"attempts": 1})}, {"web": ["a"]})
    ad = ScriptedAdapter("a", cfg.adapters["a"], script=[RateLimited("challenge")])
    rt = make_runtime(cfg, {"a": ad})
    gw = rt.gateway("F1", "web")
    with pytest.raises(ChainFailed) as first:
        gw.call(Q)
    assert isinstance(first.value.cause, RateLimited)
    with pytest.raises(ChainFailed, match="cooling down") as ei:
        gw.call(Q)
    assert isinstance(ei.value.cause, RateLimited)
    assert ei.value.retry_after == pytest.approx(300.0)


def test_an_adapter_bug_becomes_a_parse_error_and_fails_over(tmp_path: Path, make_runtime) -> None:
    rt, _ = three(make_runtime, {"a": [KeyError("results")]})
    out = rt.gateway("F1", "web").call(Q)
    assert out.answered_by == "b" and out.links[0].error == "parse_error"


def test_phase_retry_overrides_the_adapter_policy(tmp_path: Path, make_runtime) -> None:
    from scout.spec.basics import RetryPolicy
    rt, ads = three(make_runtime, {"a": [Unavailable("x")] * 9})
    rt.gateway("F1", "web", retry=RetryPolicy(attempts=5)).call(Q)
    assert len(ads["a"].calls) == 5


def test_rate_cap_applies_before_every_request_and_waits_are_recorded(
        tmp_path: Path, make_runtime, clock) -> None:
    cfg = make_config({"a": settings(rate={"per_minute": 60, "burst": 2}, cache_ttl="0s")},
                      {"web": ["a"]})
    rt = make_runtime(cfg, {"a": ScriptedAdapter("a", cfg.adapters["a"])})
    gw = rt.gateway("F1", "web")
    for i in range(5):
        gw.call(SearchRequest(query=f"q{i}"))
    waits = [x["response_summary"]["rate_wait_ms"] for x in journal(tmp_path)]
    assert waits == [0, 0, 1000, 1000, 1000]  # burst 2, then one per second
    assert clock.sleeps == [1.0, 1.0, 1.0]
    assert rt.summary()["rate_waits"][0]["waits"] == 3


def test_provider_reported_cost_wins_and_is_journaled(tmp_path: Path, make_runtime) -> None:
    cfg = make_config({"a": settings(cache_ttl="0s", tariff={"per_request": 0.5})},
                      {"web": ["a"]})
    ad = ScriptedAdapter("a", cfg.adapters["a"],
                         default=Reply(sources(1), Usage(reported_usd=0.0051), 200))
    rt = make_runtime(cfg, {"a": ad})
    assert rt.gateway("F1", "web").call(Q).cost_usd == pytest.approx(0.0051)
    sent, answer = journal(tmp_path)  # a paid call: 'sent' first, then the answer
    assert sent["result"] == "sent" and sent["cost"]["usd"] == 0
    assert answer["cost"] == {"usd": 0.0051, "basis": "reported"}


def test_failure_status_of_errors() -> None:
    from scout.providers.chain import failure_status
    assert failure_status(Unavailable("x")) == "failed_retryable"
    assert failure_status(Rejected("x")) == "failed_terminal"
    assert failure_status(ParseError("x")) == "failed_terminal"


def test_gateway_factory_resolves_chains_inline_links_and_defaults(make_runtime) -> None:
    from scout.spec.models import Phase
    cfg = make_config({"a": settings(), "b": settings(), "s": settings("fake_synth")},
                      {"web": ["a", "b"], "synthesis": ["s"]})
    rt = make_runtime(cfg, {n: ScriptedAdapter(n, cfg.adapters[n]) for n in "abs"})
    factory = rt.gateway_factory()
    by_chain = factory("F1", Phase.model_validate({"uses": "search", "chain": "web"}))
    assert by_chain.chain_name == "web" and [lk.adapter for lk in by_chain.links] == ["a", "b"]
    inline = factory("F2", Phase.model_validate({"uses": "search", "adapters": ["b?", "a"]}))
    assert inline.chain_name is None and [str(lk) for lk in inline.links] == ["b?", "a"]
    assert inline.call(Q).answered_by == "b"
    # a step that calls no adapters gets no gateway; one without a chain gets the default
    assert factory("F0", Phase.model_validate({"uses": "task"})) is None
    default = factory("P3", Phase.model_validate({"uses": "synthesize"}))
    assert default.chain_name == "synthesis"
    # call_retry drives each call's tries; retry counts phase attempts (issue 15 §7)
    retry = Phase.model_validate({"uses": "search", "chain": "web",
                                  "call_retry": {"attempts": 7}, "retry": {"attempts": 2}})
    assert factory("F3", retry).retry.attempts == 7
    phase_only = Phase.model_validate({"uses": "search", "chain": "web",
                                       "retry": {"attempts": 5}})
    assert factory("F3", phase_only).retry is None  # the adapters' own retry


def test_gateway_is_safe_under_threads(tmp_path: Path, make_runtime) -> None:
    import threading
    cfg = make_config({"a": settings(cache_ttl="1h", tariff={"per_request": 0.001})},
                      {"web": ["a"]})
    ad = ScriptedAdapter("a", cfg.adapters["a"])
    rt = make_runtime(cfg, {"a": ad})
    gw = rt.gateway("F2", "web")
    errors: list[BaseException] = []

    def work(t: int) -> None:
        try:
            for i in range(20):
                gw.call(SearchRequest(query=f"q{t}-{i % 10}"))
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    ts = [threading.Thread(target=work, args=(t,)) for t in range(8)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert not errors
    lines = journal(tmp_path)
    assert len([x for x in lines if x["result"] != "sent"]) == 160
    assert sum(x["result"] == "sent" for x in lines) == 80  # one per paid try
    assert sum(x["result"] == "ok" for x in lines) == len(ad.calls) == 80
    assert rt.budget.spent == pytest.approx(0.08)


def test_an_adapter_that_cannot_be_loaded_is_a_config_error(make_runtime) -> None:
    from scout.config.settings import AdapterSettings
    from scout.config.adaptertypes import ADAPTER_TYPES, AdapterType
    from scout.errors import ConfigError
    ADAPTER_TYPES["fake_missing"] = AdapterType("fake_missing", "search", AdapterSettings,
                                                "scout.adapters.not_there:Nope", False, "x")
    try:
        cfg = make_config({"m": settings("fake_missing")}, {"web": ["m"]})
        rt = make_runtime(cfg)
        with pytest.raises(ConfigError, match="cannot be loaded") as ei:
            rt.gateway("F1", "web").call(Q)
        assert ei.value.code == "CFG017" and ei.value.exit_code == 3
    finally:
        ADAPTER_TYPES.pop("fake_missing")


def test_the_default_chain_follows_the_injected_step_lookup(make_runtime) -> None:
    """The providers layer reads no step registry: which chain a phase without chain:
    or adapters: uses comes from the capability lookup its builder passes in."""
    from scout.spec.models import Phase
    cfg = make_config({"a": settings(), "s": settings("fake_synth")},
                      {"web": ["a"], "synthesis": ["s"]})
    phase = Phase.model_validate({"uses": "my_kind"})
    asked: list[str] = []

    def lookup(uses: str) -> str | None:
        asked.append(uses)
        return "synthesize"

    rt = make_runtime(cfg, {n: ScriptedAdapter(n, cfg.adapters[n]) for n in "as"},
                      step_capability=lookup)
    assert rt.gateway_for_phase("P1", phase).chain_name == "synthesis" and asked == ["my_kind"]
    bare = make_runtime(cfg, {n: ScriptedAdapter(n, cfg.adapters[n]) for n in "as"},
                        step_capability=None)
    assert bare.gateway_for_phase("P1", Phase.model_validate({"uses": "search"})) is None
    assert bare.gateway_for_phase("P2", Phase.model_validate(
        {"uses": "search", "chain": "web"})).chain_name == "web"
