"""Issue 6, Perplexity through the token pool: the REAL ProviderRuntime, token pool,
retrier, journal and Perplexity adapter against the real ``sonar`` answer served by
``perplexity_route`` on the local fake server.

The pool file (mode 0600, next to config/adapters.yaml) holds two tokens with
distinctive values, one literal and one ``env:``; the fake server accepts only the key
values a test lists. Waits (Retry-After, backoff, rate cap) go through an injected fake
clock: nothing here really sleeps.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scout.errors import ChainFailed, PoolExhausted
from scout.providers.chain import failure_status
from scout.adapters.contract import EvidenceItem, SynthesisRequest
from scout.providers.pool_config import POOL_CONFIG_NAME
from scout.providers.pool import POOL_STATE_NAME
from scout.providers.runtime import ProviderRuntime
from tests.fakes.media import RATE_LIMIT_BODY, SONAR_ANSWER, PerplexityLog, perplexity_route
from tests.fakes.server import Fault, FakeServer
from tests.integration.helpers import journal, steps, write_config
from tests.providers.fakes import FakeClock

MAIN = "PPLX-SENTINEL-MAIN-7c1e04b9d2"  # literal in the pool file
SPARE = "PPLX-SENTINEL-SPARE-e5a83f1062"  # from the environment (env:PPLX_SPARE_KEY)
TOKEN_VALUES = (MAIN, SPARE)
PATH = "/chat/completions"

TASK = {"destination": "Barcelona", "month": {"year": 2026, "month": 9},
        "budget": {"amount": 200.0, "currency": "EUR", "comparator": "<="}}
EVIDENCE = [
    EvidenceItem(url="https://reviews.example/arts", title="Hotel Arts review",
                 subject="Hotel Arts",
                 text="Hotel Arts Barcelona sits on the beach. Rooms cost about 180 EUR in "
                      "September. Call +34 932 211 000 or write to desk@hotelarts.example."),
    EvidenceItem(url="https://guide.example/fuster", title="Casa Fuster", subject="Casa Fuster",
                 text="Casa Fuster is a luxury hotel in Gracia with excellent reviews."),
]


def request(question: str = "Which hotels in Barcelona are good value?") -> SynthesisRequest:
    return SynthesisRequest(question=question, task=TASK,
                            candidates=["Hotel Arts", "Casa Fuster"], evidence=EVIDENCE)


class Perplexity:
    """The fake Perplexity: which key values it accepts, and what it saw."""

    def __init__(self, srv: FakeServer) -> None:
        self.srv = srv
        self.accepted: dict[str, str] = {}  # value → name; perplexity_route reads it live
        self.log: PerplexityLog = perplexity_route(srv, self.accepted)

    def accept(self, **names: str) -> None:
        self.accepted.clear()
        self.accepted.update({v: k for k, v in names.items()})

    def reset(self) -> None:
        self.accepted.clear()
        self.log.key_names.clear()
        self.log.bodies.clear()
        with self.srv.lock:
            self.srv.log.clear()
            self.srv.faults.clear()

    def fault_429(self, times: int, retry_after: str = "7") -> None:
        self.srv.fault(PATH, *[Fault.status(429, RATE_LIMIT_BODY,
                                            headers={"Retry-After": retry_after})] * times)


@pytest.fixture(scope="module")
def _server() -> Iterator[Perplexity]:
    with FakeServer() as srv:
        yield Perplexity(srv)


@pytest.fixture
def pplx(_server: Perplexity, monkeypatch: pytest.MonkeyPatch) -> Perplexity:
    _server.reset()
    monkeypatch.setenv("SCOUTE_PERPLEXITY_BASE_URL", _server.srv.url)
    monkeypatch.setenv("PPLX_SPARE_KEY", SPARE)
    monkeypatch.delenv("PERPLEXITY_API_KEY", raising=False)
    monkeypatch.delenv("SCOUTE_TOKEN_POOL_CONFIG", raising=False)
    return _server


def write_pool(root: Path, strategy: str = "failover") -> Path:
    path = root / "config" / POOL_CONFIG_NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"pools": {"perplexity": {
        "strategy": strategy, "quota_cooldown": "24h", "error_cooldown": "5m",
        "tokens": [{"name": "pplx-main", "value": MAIN},
                   {"name": "pplx-spare", "value": "env:PPLX_SPARE_KEY"}]}}}))
    path.chmod(0o600)
    return path


def make_runtime(root: Path, clock: FakeClock, chain: list[str] | None = None,
                 **kw: Any) -> ProviderRuntime:
    config = write_config(root, {"synthesis": chain or ["perplexity"]},
                          {"perplexity": {"credentials": {"pool": "perplexity"}}})
    write_pool(root)
    return ProviderRuntime(config, root, "m-pplx", clock=clock, sleep=clock.sleep, **kw)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def rt(tmp_path: Path, pplx: Perplexity, clock: FakeClock) -> Iterator[ProviderRuntime]:
    runtime = make_runtime(tmp_path, clock)
    yield runtime
    runtime.close()


def pool_state(root: Path) -> dict[str, Any]:
    data = json.loads((root / "runtime" / POOL_STATE_NAME).read_text())
    return data["pools"]["perplexity"]["tokens"]


def tokens(entries: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return [(e["result"], e["token_name"], e["response_summary"].get("status"))
            for e in entries]


def test_first_token_401_then_the_second_answers(rt: ProviderRuntime, pplx: Perplexity,
                                                 clock: FakeClock) -> None:
    pplx.accept(**{"pplx-spare": SPARE})  # the main key is refused (401)

    out = rt.gateway("P3", "synthesis").call(request())

    assert out.answered_by == "perplexity"
    assert out.value.text.startswith("The current repo rate in India is **5.50%**")
    assert [c.index for c in out.value.citations] == [1, 2, 3, 4, 5]
    assert pplx.log.key_names == ["<unknown>", "pplx-spare"]  # main was sent, then spare
    assert out.links[0].token_name == "pplx-spare" and out.links[0].result == "ok"
    assert clock.sleeps == []  # a 401 switches token at once, no backoff
    lines = journal(rt.root)
    assert tokens(lines) == [("token_rotated", "pplx-main", 401), ("ok", "pplx-spare", 200)]
    assert lines[0]["error"]["kind"] == "auth_error"
    # the real 401 is openresty's HTML page: its title is quoted, not the markup
    assert "401 Authorization Required" in lines[0]["error"]["message"]
    assert "<" not in lines[0]["error"]["message"]
    assert lines[1]["chain"]["answered_by"] == "perplexity"
    state = pool_state(rt.root)
    assert state["pplx-main"]["status"] == "quota_exhausted"
    assert state["pplx-main"]["last_error"]["kind"] == "auth_error"
    assert state["pplx-spare"]["status"] == "active"
    assert state["pplx-spare"]["last_success"] == clock.t

    # the refused token rests: the next call goes straight to the spare
    rt.gateway("P3", "synthesis").call(request("And which is closest to the beach?"))
    assert pplx.log.key_names == ["<unknown>", "pplx-spare", "pplx-spare"]


def test_429_twice_then_200_on_the_same_token_honours_retry_after(
        rt: ProviderRuntime, pplx: Perplexity, clock: FakeClock) -> None:
    pplx.accept(**{"pplx-main": MAIN, "pplx-spare": SPARE})
    pplx.fault_429(2, retry_after="7")

    out = rt.gateway("P3", "synthesis").call(request())

    assert out.answered_by == "perplexity"
    assert [e.status for e in pplx.srv.requests_to(PATH)] == [429, 429, 200]
    assert pplx.log.key_names == ["pplx-main"]  # the 429s were served before the handler
    lines = journal(rt.root)
    assert tokens(lines) == [("retry", "pplx-main", 429), ("retry", "pplx-main", 429),
                             ("ok", "pplx-main", 200)]
    assert [e["response_summary"]["wait_ms"] for e in lines[:2]] == [7000, 7000]
    assert [e["response_summary"]["attempt"] for e in lines] == [1, 2, 3]
    assert clock.sleeps == [7.0, 7.0]  # the server's Retry-After, through the injected sleep
    assert out.links[0].tries == 3 and out.links[0].token_name == "pplx-main"
    state = pool_state(rt.root)
    assert state["pplx-main"]["status"] == "active" and state["pplx-main"]["requests"] == 3
    assert state["pplx-spare"]["requests"] == 0


def test_429_past_the_retries_marks_the_token_and_the_next_one_answers(
        rt: ProviderRuntime, pplx: Perplexity, clock: FakeClock) -> None:
    pplx.accept(**{"pplx-main": MAIN, "pplx-spare": SPARE})
    attempts = rt.config.adapters["perplexity"].retry.attempts
    pplx.fault_429(attempts, retry_after="2")

    out = rt.gateway("P3", "synthesis").call(request())

    assert out.answered_by == "perplexity" and out.links[0].token_name == "pplx-spare"
    assert tokens(journal(rt.root)) == [("retry", "pplx-main", 429)] * (attempts - 1) + [
        ("token_rotated", "pplx-main", 429), ("ok", "pplx-spare", 200)]
    assert clock.sleeps == [2.0] * (attempts - 1)
    assert pool_state(rt.root)["pplx-main"]["status"] == "quota_exhausted"
    assert pool_state(rt.root)["pplx-main"]["last_error"]["kind"] == "rate_limited"


def test_every_token_exhausted_is_failed_retryable(rt: ProviderRuntime, pplx: Perplexity,
                                                   clock: FakeClock) -> None:
    pplx.accept()  # both keys refused

    with pytest.raises(ChainFailed) as info:
        rt.gateway("P3", "synthesis").call(request())

    assert isinstance(info.value.cause, PoolExhausted)
    exc = info.value
    assert failure_status(exc) == "failed_retryable"
    assert exc.code == "PRV006" and exc.exit_code == 3
    assert exc.retry_after == pytest.approx(24 * 3600)  # when the first token comes back
    assert "pplx-main: quota_exhausted" in str(exc) and "pplx-spare: quota_exhausted" in str(exc)
    assert [(a.adapter, a.result, a.error) for a in exc.links] == [
        ("perplexity", "error", "pool_exhausted")]
    assert pplx.log.key_names == ["<unknown>", "<unknown>"]
    lines = journal(rt.root)
    assert tokens(lines) == [("token_rotated", "pplx-main", 401),
                             ("token_rotated", "pplx-spare", 401), ("error", None, None)]
    assert lines[-1]["error"]["kind"] == "pool_exhausted"
    assert lines[-1]["cost"] == {"usd": 0.0, "basis": "failed"}

    # while the tokens rest, a call fails at once without sending anything
    with pytest.raises(ChainFailed) as chain_220:
        rt.gateway("P3", "synthesis").call(request("again"))
    assert isinstance(chain_220.value.cause, PoolExhausted)
    assert len(pplx.srv.requests_to(PATH)) == 2
    # a day later they are back
    clock.advance(24 * 3600 + 1)
    pplx.accept(**{"pplx-spare": SPARE})
    assert rt.gateway("P3", "synthesis").call(request("later")).answered_by == "perplexity"


def test_an_exhausted_pool_fails_over_to_extractive(tmp_path: Path, pplx: Perplexity,
                                                    clock: FakeClock) -> None:
    pplx.accept()
    with make_runtime(tmp_path, clock, ["perplexity", "extractive"]) as rt:
        out = rt.gateway("P3", "synthesis").call(request())
    assert out.answered_by == "extractive"
    assert [(a.adapter, a.result, a.error) for a in out.links] == [
        ("perplexity", "error", "pool_exhausted"), ("extractive", "ok", None)]
    assert {c.url for c in out.value.citations} <= {e.url for e in EVIDENCE}
    assert steps(journal(tmp_path))[-1] == ("extractive", "ok", None, "extractive")


def test_cost_comes_from_usage_and_lands_in_the_journal(rt: ProviderRuntime,
                                                        pplx: Perplexity) -> None:
    pplx.accept(**{"pplx-main": MAIN})
    out = rt.gateway("P3", "synthesis").call(request())

    ok = journal(rt.root)[-1]
    # the sonar answer reports usage.cost.total_cost = 0.005 (the request fee): it wins
    assert ok["cost"] == {"usd": 0.005, "basis": "reported"}
    assert ok["response_summary"]["tokens"] == {"input": 9, "output": 163}
    assert out.cost_usd == 0.005
    assert rt.summary()["cost_usd"] == 0.005 and rt.budget.spent == 0.005


def test_without_a_reported_cost_the_tariff_prices_the_tokens(rt: ProviderRuntime,
                                                              pplx: Perplexity) -> None:
    answer = json.loads(SONAR_ANSWER.read_text(encoding="utf-8"))
    del answer["usage"]["cost"]
    pplx.srv.fault(PATH, Fault.body(answer, 200, "application/json"))
    rt.gateway("P3", "synthesis").call(request())
    ok = journal(rt.root)[-1]
    # shipped tariff: $0.005/request + $0.001/1k input + $0.001/1k output; 9 in, 163 out
    assert ok["cost"]["basis"] == "tariff:request+input_tokens+output_tokens"
    assert ok["cost"]["usd"] == pytest.approx(0.005 + 9 * 1e-6 + 163 * 1e-6)


def test_the_prompt_is_journaled_as_keywords_only(rt: ProviderRuntime, pplx: Perplexity) -> None:
    pplx.accept(**{"pplx-main": MAIN})
    rt.gateway("P3", "synthesis").call(request())
    sent = json.dumps(pplx.log.bodies[-1])
    assert "desk@hotelarts.example" in sent  # the provider did get the evidence...
    raw = (rt.root / "runtime" / "request_journal.jsonl").read_text()
    # ...the journal keeps keywords, not the text, the e-mail address or the phone number
    assert "Hotel Arts Barcelona sits on the beach" not in raw
    assert "desk@hotelarts" not in raw and "932 211" not in raw
    line = journal(rt.root)[-1]
    assert "barcelona" in json.dumps(line["request"]).lower()
