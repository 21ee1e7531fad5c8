"""A mission's ``max_cost`` is a hard cap: each paid request holds its estimate before it
leaves, beside every call in flight, and is refused when it would not fit; a free link
still answers; the refusal is journaled with its estimate and told in the reader's
language. Unit tests on the tracker and the gateway (fake adapters, fake clocks, the
``openai`` adapter behind httpx.MockTransport)."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from scout.adapters.contract import (EvidenceItem, Reply, SearchRequest, SynthesisRequest,
                                     Usage)
from scout.config.adaptertypes import settings_for
from scout.errors import BatchBudgetExceeded, BudgetExceeded, Unavailable
from scout.i18n.messages import localize
from scout.providers.cost import FREE, BudgetTracker, Cost, usd_text
from scout.providers.journal import read_journal
from scout.quota.base import BatchBudget
from scout.quota.local import LocalQuota
from scout.quota.memory import MemoryQuota
from scout.report.context import summarise_journal
from tests.fakes.openai import answer_with
from tests.providers.fakes import ScriptedAdapter, make_config, settings, sources

Q = SearchRequest(query="hotels in Barcelona", limit=5)


def journal(root: Path) -> list[dict[str, Any]]:
    return read_journal(root / "runtime").entries


# --- the tracker ----------------------------------------------------------------------


def test_a_request_that_would_cross_the_cap_is_refused_before_it_leaves() -> None:
    b = BudgetTracker(0.05, scope="m")
    first = b.reserve("a", 0.02)
    second = b.reserve("a", 0.02)  # 0.04 held: fits
    with pytest.raises(BudgetExceeded) as ei:
        b.reserve("a", 0.02)  # 0.06 > 0.05: today's rule let it go
    assert ei.value.code == "RUN004" and ei.value.exit_code == 4
    assert ei.value.refused == {"estimate_usd": 0.02, "left_usd": 0.01, "cap_usd": 0.05,
                                "spent_usd": 0.0, "held_usd": 0.04}
    assert "about $0.02" in ei.value.message and "$0.01 of the $0.05 cap" in ei.value.message
    b.add(Cost(0.015, "tariff:request"), first)  # the real cost replaces the estimate
    b.release(second)  # a failed request costs nothing
    assert b.spent == pytest.approx(0.015)
    assert b.reserve("a", 0.035) is not None  # 0.015 + 0.035 = 0.05: exactly fits
    with pytest.raises(BudgetExceeded):
        b.reserve("a", 0.0001)


def test_a_free_request_is_never_refused_and_holds_nothing() -> None:
    b = BudgetTracker(0.01, scope="m", spent=0.01)  # an earlier apply spent it all
    assert b.reserve("duckduckgo", 0.0) is None
    b.add(FREE)
    with pytest.raises(BudgetExceeded):
        b.reserve("tavily", 0.008)
    unlimited = BudgetTracker(None, scope="n")
    assert unlimited.reserve("tavily", 99.0) is None  # no cap: nothing to hold


def test_what_earlier_applies_spent_counts(tmp_path: Path) -> None:
    """Resume: the spend the journal shows seeds the shared budget."""
    q = LocalQuota(tmp_path)
    try:
        BudgetTracker(0.05, scope="m", spent=0.03, quota=q)
        again = BudgetTracker(0.05, scope="m", spent=0.03, quota=q)  # a second apply
        assert again.reserve("a", 0.02) is not None
        with pytest.raises(BudgetExceeded) as ei:
            again.reserve("a", 0.001)
        assert ei.value.refused["spent_usd"] == pytest.approx(0.03)
    finally:
        q.close()


def test_the_batch_cap_refuses_by_the_same_rule() -> None:
    b = BudgetTracker(None, scope="m-b", batch=BatchBudget("hardcap-b", 0.03))
    assert b.reserve("a", 0.02) is not None
    with pytest.raises(BatchBudgetExceeded) as ei:
        b.reserve("a", 0.02)
    assert ei.value.code == "RUN008" and ei.value.refused["batch"] == "hardcap-b"


@pytest.mark.parametrize("backend", ["memory", "local"])
def test_many_workers_never_charge_past_the_cap(backend: str, tmp_path: Path) -> None:
    """32 workers reserve, wait (in flight), settle at or under the estimate; together
    they never spend more than the cap, and they spend nearly all of it."""
    cap, price = 0.1, 0.007
    quota = MemoryQuota() if backend == "memory" else LocalQuota(tmp_path)
    trackers = [BudgetTracker(cap, scope="m-threads", quota=quota) for _ in range(4)]
    charged: list[float] = []
    lock = threading.Lock()
    start = threading.Barrier(32)

    def worker(i: int) -> None:
        b = trackers[i % 4]  # several trackers on one backend: several processes' view
        start.wait()
        for n in range(10):
            try:
                hold = b.reserve("a", price)
            except BudgetExceeded:
                return
            time.sleep(0.001)
            cost = price if (i + n) % 3 else price / 2  # some answers cost less
            with lock:
                charged.append(cost)
            b.add(Cost(cost, "tariff:request"), hold)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(32)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    try:
        assert sum(charged) <= cap + 1e-9
        assert sum(charged) > cap - 2 * price  # refused only when it would not fit
        assert quota.budget_spent("budget:m-threads") == pytest.approx(sum(charged))
    finally:
        quota.close()


def test_amounts_are_written_to_the_cent_or_finer() -> None:
    assert usd_text(0.03) == "0.03" and usd_text(0.0016) == "0.0016"
    assert usd_text(0.000125) == "0.000125" and usd_text(2) == "2.00"
    assert usd_text(0.1 + 0.2) == "0.30" and usd_text(-1e-12) == "0.00"


# --- the gateway ----------------------------------------------------------------------


def test_the_cap_stops_the_call_that_would_cross_it(tmp_path: Path, make_runtime) -> None:
    cfg = make_config({"a": settings(cache_ttl="0s", tariff={"per_request": 0.02})},
                      {"web": ["a"]})
    ad = ScriptedAdapter("a", cfg.adapters["a"])
    rt = make_runtime(cfg, {"a": ad}, max_cost=0.05)
    gw = rt.gateway("F1", "web")
    for i in range(2):
        assert gw.call(SearchRequest(query=f"q{i}")).cost_usd == pytest.approx(0.02)
    with pytest.raises(BudgetExceeded) as ei:
        gw.call(SearchRequest(query="q2"))
    assert ei.value.exit_code == 4 and len(ad.calls) == 2
    assert rt.budget.spent == pytest.approx(0.04)
    last = journal(tmp_path)[-1]
    assert last["result"] == "budget_exceeded" and last["error"]["code"] == "RUN004"
    assert last["response_summary"]["estimate_usd"] == pytest.approx(0.02)
    assert last["response_summary"]["left_usd"] == pytest.approx(0.01)


def test_a_refused_paid_link_fails_over_to_a_free_one(tmp_path: Path, make_runtime) -> None:
    cfg = make_config({"paid": settings(cache_ttl="0s", tariff={"per_request": 0.03}),
                       "free": settings(cache_ttl="0s")}, {"web": ["paid", "free"]})
    ads = {n: ScriptedAdapter(n, cfg.adapters[n]) for n in ("paid", "free")}
    rt = make_runtime(cfg, ads, max_cost=0.04)
    gw = rt.gateway("F1", "web")
    assert gw.call(SearchRequest(query="q0")).answered_by == "paid"
    out = gw.call(SearchRequest(query="q1"))  # $0.03 more would cross $0.04
    assert out.answered_by == "free" and out.cost_usd == 0.0
    assert [(x.adapter, x.result) for x in out.links] == [("paid", "budget_exceeded"),
                                                           ("free", "ok")]
    assert len(ads["paid"].calls) == 1 and rt.budget.spent == pytest.approx(0.03)
    # the report says what was refused and why; the Spanish reader reads it in Spanish
    _, notices = summarise_journal(journal(tmp_path), ["F1"])
    refusal = [n for n in notices if "not called" in n]
    assert refusal == ["paid was not called: it would have cost about $0.03 and $0.01 of "
                       "the $0.04 cap was left"]
    es = localize(refusal[0], "es")
    assert es.startswith("paid no se llamó: habría costado unos 0,03 US$") and "0,01 US$" in es


def test_a_failed_try_gives_its_hold_back_before_the_retry(tmp_path: Path,
                                                           make_runtime) -> None:
    cfg = make_config({"a": settings(cache_ttl="0s", tariff={"per_request": 0.03})},
                      {"web": ["a"]})
    ad = ScriptedAdapter("a", cfg.adapters["a"], script=[Unavailable("503", status=503)])
    rt = make_runtime(cfg, {"a": ad}, max_cost=0.04)  # room for one call, not two
    out = rt.gateway("F1", "web").call(Q)
    assert out.answered_by == "a" and len(ad.calls) == 2
    assert [x["result"] for x in journal(tmp_path)] == ["sent", "retry", "sent", "ok"]
    assert rt.budget.spent == pytest.approx(0.03)
    assert rt.quota.budget_spent("budget:m-1") == pytest.approx(0.03)


def test_workers_of_one_gateway_never_overshoot(tmp_path: Path, make_runtime) -> None:
    price = 0.01

    def slow(request: Any, secret: Any) -> Reply[Any]:
        time.sleep(0.002)  # every worker's call is in flight at once
        return Reply(sources(1), Usage(requests=1), 200)

    cfg = make_config({"a": settings(cache_ttl="0s", tariff={"per_request": price})},
                      {"web": ["a"]})
    ad = ScriptedAdapter("a", cfg.adapters["a"], default=slow)
    rt = make_runtime(cfg, {"a": ad}, max_cost=0.055)
    gw = rt.gateway("F2", "web")
    refused: list[BudgetExceeded] = []

    def work(t: int) -> None:
        for i in range(4):
            try:
                gw.call(SearchRequest(query=f"q{t}-{i}"))
            except BudgetExceeded as exc:
                refused.append(exc)

    ts = [threading.Thread(target=work, args=(t,)) for t in range(8)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert len(ad.calls) == 5 and len(refused) == 32 - 5
    assert rt.budget.spent == pytest.approx(0.05)
    paid = sum(float(e["cost"]["usd"]) for e in journal(tmp_path))
    assert paid == pytest.approx(0.05)


# --- a chat model's estimate: its prompt and its max_tokens ---------------------------

EVIDENCE = [EvidenceItem(url=f"https://example.org/{i}", title=f"Hotel {i}",
                         text="Rooms from 120 EUR, rated 8.6/10, near the beach. " * 20)
            for i in range(6)]
SYNTH = SynthesisRequest(question="¿Qué hotel reservo en Barcelona?", evidence=EVIDENCE,
                         lang="es")


def _synth_runtime(make_runtime, max_cost: float, calls: list[httpx.Request]):
    def handler(req: httpx.Request) -> httpx.Response:
        calls.append(req)
        # the real body (54 + 79 tokens), its answer citing the evidence it was sent
        return httpx.Response(200, content=answer_with("El Hotel 1 está cerca de la playa [E2]."),
                              headers={"content-type": "application/json"})

    tariff = {"per_1k_input_tokens": 0.01, "per_1k_output_tokens": 0.03}
    cfg = make_config({
        "llm": settings_for("openai", {"type": "openai", "base_url": "http://127.0.0.1:9/v1",
                                       "max_tokens": 500, "cache_ttl": "0s",
                                       "tariff": tariff}),
        "extractive": settings_for("extractive", {"type": "extractive"}),
    }, {"synthesis": ["llm", "extractive"]})
    return make_runtime(cfg, max_cost=max_cost, transport=httpx.MockTransport(handler))


def test_a_chat_models_estimate_is_its_prompt_and_max_tokens(make_runtime) -> None:
    rt = _synth_runtime(make_runtime, 1.0, [])
    adapter = rt.adapters.get("llm")
    usage = adapter.estimate_usage(SYNTH)
    prompt = adapter._prompt(SYNTH)[1]
    chars = len(prompt.system) + len(prompt.user)
    # the worst case of the call's requests together (scout.adapters.chat_resend): a
    # first one refused for the context window, then two answered at max_tokens (the
    # second asked again firmly, its prompt longer by the firmer instruction)
    assert usage.requests == 3
    assert usage.output_tokens == 2 * 500  # the max_tokens each answered request sends
    assert 2 * chars / 3 < usage.input_tokens <= 2 * chars / 3 + 200
    fewer = SynthesisRequest(question="x", evidence=EVIDENCE[:1], lang="es")
    assert adapter.estimate_usage(fewer).input_tokens < usage.input_tokens
    assert rt.adapters.estimate("llm", SYNTH) == pytest.approx(
        usage.input_tokens / 1000 * 0.01 + 2 * 500 / 1000 * 0.03)
    assert rt.adapters.estimate("extractive", SYNTH) == 0.0


def test_a_synthesis_over_what_is_left_gives_way_to_the_extractive_one(
        tmp_path: Path, make_runtime) -> None:
    calls: list[httpx.Request] = []
    rt = _synth_runtime(make_runtime, 0.02, calls)  # 500 output tokens alone: $0.015
    out = rt.gateway("P3", "synthesis").call(SYNTH)
    assert out.answered_by == "extractive" and not calls  # nothing left for the model
    refused = [e for e in journal(tmp_path) if e["result"] == "budget_exceeded"]
    assert len(refused) == 1 and refused[0]["adapter"] == "llm"
    assert refused[0]["response_summary"]["estimate_usd"] > 0.02
    assert refused[0]["cost"]["usd"] == 0

    roomy = _synth_runtime(make_runtime, 0.5, calls)
    done = roomy.gateway("P3", "synthesis").call(SYNTH)
    assert done.answered_by == "llm" and len(calls) == 1
    sent = [e for e in journal(tmp_path) if e["result"] == "sent"][-1]
    # the real cost (54 + 79 tokens) replaced the hold: well under the estimate
    assert 0 < done.cost_usd < sent["response_summary"]["estimate_usd"]
    assert roomy.quota.budget_spent("budget:m-1") == pytest.approx(done.cost_usd)
