"""A synthesis sent again inside one call, through the REAL providers layer (runtime,
gateway, retrier, journal, cost, budget) against the local fake server on 127.0.0.1:

* Perplexity over the model's context window: sent once more with less evidence, as the
  ``openai`` adapter does; the journal's ``ok`` line says ``sends: 2`` and
  ``evidence_shrunk``; the usage counts both requests (a tariff's request fee is charged
  for each), and a price the provider reports is its word for the cost;
* an ``openai`` model answering in the other language twice: its answers are not used,
  the local synthesis stands in and says why in the request's language, and the
  journal's ``error`` line carries what both answers cost, as the budget does.

The context-window error is the OpenAI-shaped body Perplexity's API answers errors with
(``{"error": {"message", "type", "code"}}``) holding OpenAI's words, which the shared
classifier reads (scout/adapters/chat_config.py); no capture of Perplexity's own words
for it is stored.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scout.adapters.contract import SynthesisRequest, usage_bound
from scout.audit.cost import cost_summary
from scout.i18n.messages import localize
from scout.providers.cost import compute_cost
from scout.providers.runtime import ProviderRuntime
from tests.fakes.media import SONAR_ANSWER
from tests.fakes.openai import answer_with
from tests.fakes.server import FakeServer, Req, Reply
from tests.integration.helpers import KEY_VARS, journal, write_config
from tests.integration.test_perplexity_pool import EVIDENCE, TASK
from tests.providers.fakes import FakeClock

TOO_LONG = {"error": {"message": "This model's maximum context length is 2000 tokens. "
                                 "However, your messages resulted in 4000 tokens. Please "
                                 "reduce the length of the messages.",
                      "type": "invalid_request_error", "code": 400}}


def request(lang: str = "en") -> SynthesisRequest:
    return SynthesisRequest(question="Which hotels in Barcelona are good value?", task=TASK,
                            candidates=["Hotel Arts", "Casa Fuster"], evidence=EVIDENCE,
                            lang=lang)


class Replies:
    """Answers each request with the next reply (the last repeats); keeps the bodies."""

    def __init__(self, *replies: Reply) -> None:
        self.replies = list(replies)
        self.bodies: list[dict[str, Any]] = []

    def __call__(self, req: Req) -> Reply:
        self.bodies.append(req.json())
        return self.replies.pop(0) if len(self.replies) > 1 else self.replies[0]


@pytest.fixture
def srv(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeServer]:
    for var in KEY_VARS:
        monkeypatch.delenv(var, raising=False)
    with FakeServer() as server:
        yield server


def test_perplexity_over_the_window_is_sent_again_smaller_and_both_are_charged(
        srv: FakeServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    replies = Replies(Reply(400, TOO_LONG), Reply(200, SONAR_ANSWER.read_bytes()))
    srv.route("POST", "/chat/completions", replies)
    monkeypatch.setenv("SCOUTE_PERPLEXITY_BASE_URL", srv.url)
    monkeypatch.setenv("PERPLEXITY_API_KEY", "pplx-SENTINEL-7f1e")
    config = write_config(tmp_path, {"synthesis": ["perplexity", "extractive"]})
    clock = FakeClock()
    with ProviderRuntime(config, tmp_path, "m-resend", clock=clock, sleep=clock.sleep,
                         max_cost=1.0) as rt:
        # the sonar capture is English: an English request, or it would be asked again
        out = rt.gateway("P3", "synthesis").call(request("en"))
        spent = rt.budget.spent
    assert out.answered_by == "perplexity"
    first, second = (len(b["messages"][1]["content"]) for b in replies.bodies)
    assert second < first
    assert any(n.startswith("the prompt was larger than the model's context window")
               for n in out.value.notes)
    (line,) = [e for e in journal(tmp_path) if e["adapter"] == "perplexity"]
    assert line["result"] == "ok"
    assert line["response_summary"]["sends"] == 2
    assert line["response_summary"]["evidence_shrunk"] is True
    # both requests are counted; the sonar capture reports its own price (its request
    # fee included), the refused first request is priced by the tariff's request fee
    # beside it: a reported price never hides a request that left
    assert line["response_summary"]["items"] == 1
    reported = json.loads(SONAR_ANSWER.read_text())["usage"]["cost"]["total_cost"]
    assert line["cost"] == {"usd": pytest.approx(reported + 0.005),
                            "basis": "reported+tariff:request"}
    assert spent == pytest.approx(line["cost"]["usd"])
    _agree(tmp_path, spent)


def _agree(root: Path, spent: float) -> None:
    """``scout cost`` (with and without its index) says what the budget spent."""
    for use_index in (False, True):
        summary = cost_summary(root / "runtime", ["adapter"], use_index=use_index)
        assert summary.total.usd == pytest.approx(spent)


SPANISH = ("El tipo repo de la India es del 5,50 % desde el 6 de agosto de 2025, y el banco "
           "central lo mantiene estable tras tres recortes seguidos en el año [1][3]. La "
           "decisión se tomó en la reunión de política monetaria de agosto, que es la que "
           "fija el tipo para todos los bancos del país [4][5].")


def _sonar(content: str, *, priced: bool) -> bytes:
    """The sonar capture with its answer replaced; without its own price (``usage.cost``)
    where not ``priced``, as a body that does not say it."""
    data = json.loads(SONAR_ANSWER.read_text())
    data["choices"][0]["message"]["content"] = content
    if not priced:
        del data["usage"]["cost"]
    return json.dumps(data).encode()


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_priced_answer_in_the_wrong_language_and_an_unpriced_one_are_both_charged(
        srv: FakeServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, lang: str) -> None:
    # the first answer in the other language, with Perplexity's own price; the second,
    # asked for firmly, in the request's language with no price said: the tariff prices it
    english = SONAR_ANSWER.read_bytes()
    first, second = (english, _sonar(SPANISH, priced=False)) if lang == "es" else (
        _sonar(SPANISH, priced=True), _sonar(json.loads(english)["choices"][0]["message"]
                                             ["content"], priced=False))
    replies = Replies(Reply(200, first), Reply(200, second))
    srv.route("POST", "/chat/completions", replies)
    monkeypatch.setenv("SCOUTE_PERPLEXITY_BASE_URL", srv.url)
    monkeypatch.setenv("PERPLEXITY_API_KEY", "pplx-SENTINEL-7f1e")
    config = write_config(tmp_path, {"synthesis": ["perplexity", "extractive"]})
    clock = FakeClock()
    with ProviderRuntime(config, tmp_path, "m-mixed", clock=clock, sleep=clock.sleep,
                         max_cost=1.0) as rt:
        out = rt.gateway("P3", "synthesis").call(request(lang))
        spent = rt.budget.spent
    assert len(replies.bodies) == 2 and out.answered_by == "perplexity"
    (line,) = [e for e in journal(tmp_path) if e["adapter"] == "perplexity"]
    assert line["response_summary"]["sends"] == 2
    usage = json.loads(english)["usage"]
    # the shipped tariff: $0.005 a request, $1 / 1M tokens either way
    unpriced = 0.005 + (usage["prompt_tokens"] + usage["completion_tokens"]) / 1e6
    assert line["cost"]["usd"] == pytest.approx(usage["cost"]["total_cost"] + unpriced)
    assert spent == pytest.approx(line["cost"]["usd"])
    _agree(tmp_path, spent)


ENGLISH = answer_with("Hotel Arts sits on the beach and is the best option for a sea view "
                      "[E1]. Casa Fuster has excellent reviews and a quiet terrace [E2].")


def test_an_answer_in_the_wrong_language_twice_falls_back_and_is_charged(
        srv: FakeServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    replies = Replies(Reply(200, ENGLISH))
    srv.route("POST", "/v1/chat/completions", replies)
    monkeypatch.setenv("SCOUTE_OPENAI_BASE_URL", srv.url + "/v1")
    config = write_config(tmp_path, {"synthesis": ["openai?", "extractive"]})
    clock = FakeClock()
    with ProviderRuntime(config, tmp_path, "m-lang", clock=clock, sleep=clock.sleep,
                         max_cost=1.0) as rt:
        out = rt.gateway("P3", "synthesis").call(request("es"))
        spent = rt.budget.spent
    assert len(replies.bodies) == 2
    assert out.answered_by == "extractive"
    (failed,) = [a for a in out.links if a.adapter == "openai"]
    assert "dos veces en inglés" in localize(failed.message or "", "es")
    (line,) = [e for e in journal(tmp_path) if e["adapter"] == "openai"]
    assert line["result"] == "error"
    # the shipped tariff on the captured usage (54 in, 79 out), twice
    once = 54 / 1000 * 0.00015 + 79 / 1000 * 0.0006
    assert line["cost"]["usd"] == pytest.approx(2 * once)
    assert spent == pytest.approx(2 * once)


def _full_answers(content: bytes, bodies: list[dict[str, Any]]) -> Any:
    """An answer whose usage is what its request could cost at most: the prompt's tokens
    as the estimate counts them, and every token of ``max_tokens``."""
    def handler(req: Req) -> Reply:
        body = req.json()
        bodies.append(body)
        chars = sum(len(m["content"]) for m in body["messages"])
        data = json.loads(content)
        data["usage"] = {"prompt_tokens": chars // 3, "completion_tokens": body["max_tokens"],
                         "total_tokens": chars // 3 + body["max_tokens"]}
        return Reply(200, json.dumps(data).encode())
    return handler


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_resend_never_takes_the_mission_past_max_cost(
        srv: FakeServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, lang: str) -> None:
    # a model answering in the other language each time, each answer as dear as its
    # request may be: the call's two answers cost twice what one request is estimated at
    other = ENGLISH if lang == "es" else answer_with(SPANISH.replace("[1][3]", "[E1]")
                                                     .replace("[4][5]", "[E2]"))
    bodies: list[dict[str, Any]] = []
    srv.route("POST", "/v1/chat/completions", _full_answers(other, bodies))
    monkeypatch.setenv("SCOUTE_OPENAI_BASE_URL", srv.url + "/v1")
    config = write_config(tmp_path, {"synthesis": ["openai?", "extractive"]},
                          {"openai": {"max_tokens": 2000}})
    clock = FakeClock()
    with ProviderRuntime(config, tmp_path, "m-cap", clock=clock, sleep=clock.sleep,
                         max_cost=1.0) as probe:
        adapter = probe.adapters.get("openai")
        one = usage_bound(*_messages(adapter, request(lang)), 2000)
        settings = probe.config.adapters["openai"]
    single = compute_cost(one, settings.tariff).usd
    # room for one request's estimate, not for two answers
    cap = 1.5 * single
    with ProviderRuntime(config, tmp_path, "m-cap", clock=clock, sleep=clock.sleep,
                         max_cost=cap) as rt:
        out = rt.gateway("P3", "synthesis").call(request(lang))
        spent = rt.budget.spent
    # the hold covers every request the call may send: it does not fit, nothing leaves,
    # and the local synthesis answers; the cost records stay within max_cost
    assert out.answered_by == "extractive" and bodies == []
    lines = journal(tmp_path)
    assert [e["result"] for e in lines if e["adapter"] == "openai"] == ["budget_exceeded"]
    assert spent <= cap
    assert sum(float(e["cost"]["usd"]) for e in lines) <= cap
    _agree(tmp_path, spent)

    # with room for the worst case, the call is made and both answers are charged, still
    # within the cap
    roomy = 3 * single
    with ProviderRuntime(config, tmp_path, "m-roomy", clock=clock, sleep=clock.sleep,
                         max_cost=roomy) as rt:
        rt.gateway("P3", "synthesis").call(request(lang))
        spent = rt.budget.spent
    assert len(bodies) == 2
    assert single * 1.9 < spent <= roomy


def _messages(adapter: Any, req: SynthesisRequest) -> tuple[list[str]]:
    _, prompt = adapter._prompt(req)
    return ([prompt.system, prompt.user],)
