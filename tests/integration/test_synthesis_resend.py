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

from scout.adapters.contract import SynthesisRequest
from scout.i18n.messages import localize
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
    # fee included), which the cost record and the budget take as the provider's word
    assert line["response_summary"]["items"] == 1
    reported = json.loads(SONAR_ANSWER.read_text())["usage"]["cost"]["total_cost"]
    assert line["cost"]["usd"] == pytest.approx(reported)
    assert spent == pytest.approx(line["cost"]["usd"])


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
