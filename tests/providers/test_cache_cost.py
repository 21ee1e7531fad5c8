"""Cache (persistent TTL, no_cache, zero cost hits) and cost arithmetic / estimates."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scout.config.settings import Tariff
from scout.config.models import ChainLink
from scout.errors import BudgetExceeded
from scout.adapters.contract import SearchRequest, Usage
from scout.providers.cost import BudgetTracker, compute_cost, estimate_cost
from scout.providers.in_doubt import in_doubt_of
from scout.providers.journal import read_journal
from scout.schemas.sources import Source
from scout.spec.models import Pipeline
from tests.providers.fakes import ScriptedAdapter, make_config, settings

Q = SearchRequest(query="hotels in Barcelona", limit=5)


def test_cost_arithmetic() -> None:
    t = Tariff(per_request=0.005, per_credit=0.008, per_1k_input_tokens=0.001,
               per_1k_output_tokens=0.015)
    c = compute_cost(Usage(requests=1, credits=2, input_tokens=3000, output_tokens=500), t)
    assert c.usd == pytest.approx(0.005 + 0.016 + 0.003 + 0.0075)
    assert c.basis == "tariff:request+credit+input_tokens+output_tokens"
    assert compute_cost(Usage(credits=1), Tariff(per_credit=0.008)).to_dict() == \
        {"usd": 0.008, "basis": "tariff:credit"}
    assert compute_cost(Usage(), Tariff()).basis == "free"
    reported = compute_cost(Usage(input_tokens=10**6, reported_usd=0.005),
                            Tariff(per_1k_input_tokens=1.0))
    assert (reported.usd, reported.basis) == (0.005, "reported")


@pytest.mark.parametrize("bad", [-1000.0, float("nan"), float("inf"), float("-inf")])
def test_a_reported_cost_or_count_that_is_no_amount_is_priced_by_the_tariff(bad: float) -> None:
    """A hostile or broken body's "total_cost": -1000 gave a mission's budget room (it
    was added to what was spent), NaN never compared over a cap, inf stopped every later
    call: each is no figure, and the tariff prices the call."""
    tariff = Tariff(per_request=0.005, per_1k_output_tokens=0.015)
    c = compute_cost(Usage(requests=1, output_tokens=1000, reported_usd=bad), tariff)
    assert (c.usd, c.basis) == (pytest.approx(0.02), "tariff:request+output_tokens")
    counted = compute_cost(Usage(requests=1, credits=bad), Tariff(per_request=0.005,
                                                                  per_credit=1.0))
    assert (counted.usd, counted.basis) == (pytest.approx(0.005), "tariff:request")
    tracker = BudgetTracker(0.05, scope="m")  # the spend counts, so the cap still holds
    tracker.add(c)
    assert tracker.spent == pytest.approx(0.02)
    with pytest.raises(BudgetExceeded):
        tracker.reserve("a", 0.04)


def _rt(make_runtime, **kw):
    cfg = make_config({"a": settings(cache_ttl="1h", tariff={"per_request": 0.01})},
                      {"web": ["a"]})
    ad = ScriptedAdapter("a", cfg.adapters["a"])
    return make_runtime(cfg, {"a": ad}, **kw), ad


def test_cache_hit_is_free_typed_journaled_and_persists(tmp_path: Path, make_runtime,
                                                        clock) -> None:
    rt, ad = _rt(make_runtime)
    first = rt.gateway("F1", "web").call(Q)
    rt.close()
    # a new runtime (a resumed mission) over the same runtime/ folder
    rt2, ad2 = _rt(make_runtime, mission_id="m-2")
    again = rt2.gateway("F1", "web").call(SearchRequest(query="hotels in Barcelona", limit=5))
    assert again.from_cache and again.cost_usd == 0.0 and not ad2.calls
    assert isinstance(again.value[0], Source) and again.value == first.value
    lines = read_journal(tmp_path / "runtime").entries
    assert [x["result"] for x in lines] == ["sent", "ok", "cache_hit"]  # sent: a paid call
    assert lines[2]["cost"] == {"usd": 0.0, "basis": "cache"}
    assert lines[2]["chain"]["answered_by"] == "a"
    # past the TTL the adapter is called again
    clock.advance(3601)
    assert not rt2.gateway("F1", "web").call(Q).from_cache and len(ad2.calls) == 1
    # a different request is a different key
    rt2.gateway("F1", "web").call(SearchRequest(query="hotels in Barcelona", limit=6))
    assert len(ad2.calls) == 2


def test_no_cache_turns_it_off(tmp_path: Path, make_runtime) -> None:
    rt, ad = _rt(make_runtime, no_cache=True)
    gw = rt.gateway("F1", "web")
    gw.call(Q)
    gw.call(Q)
    assert len(ad.calls) == 2 and rt.budget.spent == pytest.approx(0.02)


def test_estimate_cost_uses_tariffs_fanout_and_available_links() -> None:
    cfg = make_config({
        "paid": settings(credentials={"env": "PAID_KEY"}, tariff={"per_credit": 0.008}),
        "free": settings(),
        "llm": settings("fake_synth", tariff={"per_request": 0.005,
                                              "per_1k_input_tokens": 0.001,
                                              "per_1k_output_tokens": 0.001}),
    }, {"web": ["paid?", "free"], "synthesis": ["llm"]})
    pipe = Pipeline.model_validate({
        "apiVersion": "scout/v1", "name": "p",
        "phases": {
            "F1": {"uses": "search", "chain": "web", "produces": ["cands"],
                   "with": {"query": "x", "limit": 20}},
            "F2": {"uses": "search", "chain": "web", "needs": ["cands"], "for_each": "cands",
                   "produces": ["reviews"], "with": {"query": "y"}},
            "P3": {"uses": "synthesize", "chain": "synthesis", "needs": ["reviews"],
                   "produces": ["syn"]},
        }})
    est = estimate_cost(pipe, cfg, available=lambda a: a != "paid")
    rows = {p.phase: p for p in est.phases}
    assert rows["F1"].adapter == "free" and rows["F1"].usd == 0.0
    assert rows["F2"].calls == 20  # the limit of the phase that produced the list
    # a msgid `scout plan` says in the request's language ("item(s)" was English there);
    # the list keeps the name the pipeline gives it
    from scout.i18n.messages import localize
    assert rows["F2"].note == "for_each cands: 20 items"
    assert localize(rows["F2"].note, "es") == "for_each cands: 20 elementos"
    # an adapter priced by tokens is estimated by tokens, whatever its type: never at 0
    # (12000 chars / 4 + 200 = 3200 input tokens, 800 output, plus the request fee)
    assert rows["P3"].usd_per_call == pytest.approx(0.005 + 3.2 * 0.001 + 0.8 * 0.001)
    est2 = estimate_cost(pipe, cfg)  # every key present: the paid link answers
    by_phase = {p.phase: p for p in est2.phases}
    assert by_phase["F2"].adapter == "paid"
    # priced by credits, of a type that says nothing of them: one credit a call
    assert by_phase["F2"].usd_per_call == pytest.approx(0.008)
    assert "assumptions:" in est.render() and est.to_dict()["total_usd"] == est.total_usd
    assert ChainLink.parse("paid?").when_configured


def test_estimate_prices_tavily_credits_and_perplexity_tokens() -> None:
    from scout.config.adaptertypes import settings_for
    cfg = make_config({
        "tavily": settings_for("tavily", {"type": "tavily", "search_depth": "advanced",
                                          "credentials": {"env": "TAVILY_API_KEY"},
                                          "tariff": {"per_credit": 0.008}}),
        "perplexity": settings_for("perplexity", {
            "type": "perplexity", "context_budget_chars": 8000, "max_tokens": 800,
            "tariff": {"per_request": 0.005, "per_1k_input_tokens": 0.001,
                       "per_1k_output_tokens": 0.001}}),
    }, {"web": ["tavily?"], "synthesis": ["perplexity"]})
    pipe = Pipeline.model_validate({"apiVersion": "scout/v1", "name": "p", "phases": {
        "F1": {"uses": "search", "chain": "web", "produces": ["c"], "with": {"query": "x"}},
        "P3": {"uses": "synthesize", "chain": "synthesis", "needs": ["c"], "produces": ["s"]}}})
    rows = {p.phase: p for p in estimate_cost(pipe, cfg).phases}
    assert rows["F1"].usd_per_call == pytest.approx(0.016)  # advanced = 2 credits
    # 8000 chars / 4 + 200 = 2200 input tokens, 800 output, plus the request fee
    assert rows["P3"].usd_per_call == pytest.approx(0.005 + 2.2 * 0.001 + 0.8 * 0.001)


class _Killed(BaseException):
    """Stands for SIGKILL: nothing after the point where it is raised happens."""


def _die_on(monkeypatch: pytest.MonkeyPatch, obj: object, name: str, when=lambda *a: True):
    real = getattr(obj, name)

    def dying(*args: object, **kw: object) -> object:
        if when(*args):
            raise _Killed()
        return real(*args, **kw)

    monkeypatch.setattr(obj, name, dying)


def test_an_answer_is_cached_before_it_is_journaled(tmp_path: Path, make_runtime,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A process killed right after caching an answer, before its 'ok' journal line:
    the resumed run neither pays for it again (the cache used to be written after the
    line, so a kill between the two asked the provider twice) nor loses the line (the
    answer carries it until it is written: the next run writes it). tests/chaos found
    both."""
    rt, ad = _rt(make_runtime)
    _die_on(monkeypatch, rt.journal, "append", lambda entry: entry["result"] == "ok")
    with pytest.raises(_Killed):
        rt.gateway("F1", "web").call(Q)
    # only the 'sent' line: the request left, its answer is not journaled yet
    assert len(ad.calls) == 1
    assert [x["result"] for x in read_journal(tmp_path / "runtime").entries] == ["sent"]
    # the resumed process, over the same runtime/ folder (the killed one is gone)
    monkeypatch.setattr("scout.providers.answers._alive", lambda pid: False)
    rt2, ad2 = _rt(make_runtime, mission_id="m-1")
    again = rt2.gateway("F1", "web").call(Q)
    assert again.from_cache and not ad2.calls
    lines = read_journal(tmp_path / "runtime").entries
    assert [x["result"] for x in lines] == ["sent", "ok", "cache_hit"]
    assert lines[1]["cost"]["usd"] == 0.01 and rt2.budget.spent == pytest.approx(0.01)
    # the recovered line answers the 'sent' one: nothing is in doubt
    assert in_doubt_of(lines).calls == 0
    # written once: a third run finds nothing pending
    rt3, _ = _rt(make_runtime, mission_id="m-1")
    rt3.gateway("F1", "web").call(Q)
    assert [x["result"] for x in read_journal(tmp_path / "runtime").entries] == \
        ["sent", "ok", "cache_hit", "cache_hit"]


def test_a_line_written_before_the_kill_is_not_written_again(
        tmp_path: Path, make_runtime, monkeypatch: pytest.MonkeyPatch) -> None:
    rt, ad = _rt(make_runtime)
    _die_on(monkeypatch, rt.cache, "settle")  # killed after the line, before settling
    with pytest.raises(_Killed):
        rt.gateway("F1", "web").call(Q)
    monkeypatch.setattr("scout.providers.answers._alive", lambda pid: False)
    rt2, ad2 = _rt(make_runtime, mission_id="m-1")
    assert rt2.gateway("F1", "web").call(Q).from_cache and not ad2.calls
    assert [x["result"] for x in read_journal(tmp_path / "runtime").entries] == \
        ["sent", "ok", "cache_hit"]


def test_a_pending_line_of_a_live_writer_is_left_to_it(tmp_path: Path, make_runtime,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    import subprocess
    import sys

    from scout.providers.answers import _alive

    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    assert _alive(os.getpid()) and not _alive(int(done.stdout))
    rt, ad = _rt(make_runtime)
    _die_on(monkeypatch, rt.journal, "append", lambda entry: entry["result"] == "ok")
    with pytest.raises(_Killed):
        rt.gateway("F1", "web").call(Q)
    # this process wrote it and is alive: another thread about to journal it, for all
    # the reader knows; it must not write the line in that thread's place
    rt2, _ = _rt(make_runtime, mission_id="m-1")
    assert rt2.gateway("F1", "web").call(Q).from_cache
    lines = read_journal(tmp_path / "runtime").entries
    assert [x["result"] for x in lines] == ["sent", "cache_hit"]
    assert in_doubt_of(lines).calls == 1  # its answer is not journaled (yet): in doubt
