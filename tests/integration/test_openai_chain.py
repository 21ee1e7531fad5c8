"""The ``openai`` link of the synthesis chain through the REAL providers layer
(ProviderRuntime, gateway, retrier, rate cap, journal, cost) against a local fake
OpenAI-compatible server on 127.0.0.1 serving real captured bodies.

The shipped adapter settings are used (config/adapters.yaml: tariff, rate, retry); the
adapter is pointed at the fake server with ``SCOUTE_OPENAI_BASE_URL`` exactly as an
Ollama or vLLM deployment would be. Waits go through an injected fake clock.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from scout.adapters.contract import SynthesisRequest
from scout.providers.runtime import ProviderRuntime
from tests.fakes.openai import ChatLog, answer_with, openai_route
from tests.fakes.server import Fault, FakeServer, Reply
from tests.integration.helpers import KEY_VARS, find_leaks, journal, steps, write_config
from tests.integration.test_perplexity_pool import EVIDENCE, TASK
from tests.providers.fakes import FakeClock

KEY = "sk-SENTINEL-openai-3b7d91e0c4a2"  # made up; must appear nowhere scout writes
PATH = "/v1/chat/completions"
CITED = answer_with("Hotel Arts sits on the beach at about 180 EUR [E1]. Casa Fuster has "
                    "excellent reviews [E2]. Both are in Barcelona [E5].")


def request(lang: str = "en") -> SynthesisRequest:
    return SynthesisRequest(question="Which hotels in Barcelona are good value?", task=TASK,
                            candidates=["Hotel Arts", "Casa Fuster"], evidence=EVIDENCE,
                            lang=lang)


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeServer]:
    """A fresh server per test (its routes are the test's own); no key of any kind set."""
    for var in KEY_VARS:
        monkeypatch.delenv(var, raising=False)
    with FakeServer() as srv:
        yield srv


def runtime(root: Path, clock: FakeClock) -> ProviderRuntime:
    config = write_config(root, {"synthesis": ["openai?", "extractive"]})
    return ProviderRuntime(config, root, "m-openai", clock=clock, sleep=clock.sleep)


def local(srv: FakeServer, monkeypatch: pytest.MonkeyPatch, *, answer: bytes = CITED,
          keys: dict[str, str] | None = None) -> ChatLog:
    log = openai_route(srv, keys=keys, answer=answer)
    monkeypatch.setenv("SCOUTE_OPENAI_BASE_URL", srv.url + "/v1")
    return log


def test_a_keyless_local_server_answers_with_no_authorization(
        env: FakeServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    log = local(env, monkeypatch)
    clock = FakeClock()
    with runtime(tmp_path, clock) as rt:
        av = rt.credentials.availability("openai")
        assert av.ok and av.source == "none"
        out = rt.gateway("P3", "synthesis").call(request("es"))
    assert out.answered_by == "openai"
    assert log.key_names == [None]  # no Authorization header at all
    assert "Spanish" in log.bodies[0]["messages"][0]["content"]
    syn = out.value
    assert [s.citations for s in syn.sentences] == [[1], [2], []]
    assert syn.sentences[2].uncited
    assert [c.url for c in syn.citations] == [EVIDENCE[0].url, EVIDENCE[1].url]
    assert any("[E5]" in n for n in syn.notes)
    (line,) = [e for e in journal(tmp_path) if e["adapter"] == "openai"]
    assert line["result"] == "ok" and line["chain"]["answered_by"] == "openai"
    # the shipped tariff prices the captured usage (54 in, 79 out)
    assert line["cost"]["usd"] == pytest.approx(54 / 1000 * 0.00015 + 79 / 1000 * 0.0006)
    assert out.cost_usd == pytest.approx(line["cost"]["usd"])


def test_with_a_key_it_is_sent_as_bearer_and_written_nowhere(
        env: FakeServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    log = local(env, monkeypatch, keys={KEY: "OPENAI_API_KEY"})
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    with runtime(tmp_path, FakeClock()) as rt:
        assert rt.credentials.availability("openai").source == "env"
        out = rt.gateway("P3", "synthesis").call(request())
    assert out.answered_by == "openai" and log.key_names == ["OPENAI_API_KEY"]
    (line,) = [e for e in journal(tmp_path) if e["adapter"] == "openai"]
    assert line["token_name"] == "OPENAI_API_KEY"
    assert find_leaks([KEY, KEY[:16]], [tmp_path / "runtime"],
                      synthesis=out.value.model_dump_json()) == {}


def test_a_model_that_repeats_its_key_in_the_answer_leaks_it_nowhere(
        env: FakeServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A hostile (or echoing) server writes the key it was sent into its answer: the
    synthesis, the answer cache and the journal hold it replaced, the rest of the answer
    stays, cited."""
    echo = answer_with(f"Your key is {KEY}. Hotel Arts is on the beach [E1]. "
                       f"Casa Fuster {KEY[3:20]} has good reviews [E2].")
    local(env, monkeypatch, keys={KEY: "OPENAI_API_KEY"}, answer=echo)
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    with runtime(tmp_path, FakeClock()) as rt:
        out = rt.gateway("P3", "synthesis").call(request())
    assert out.answered_by == "openai"
    assert find_leaks([KEY, KEY[3:20]], [tmp_path / "runtime"],
                      synthesis=out.value.model_dump_json()) == {}
    assert "[secret:OPENAI_API_KEY]" in out.value.text
    assert [s.citations for s in out.value.sentences][1:] == [[1], [2]]


def test_a_wrong_key_fails_over_to_extractive_without_leaking_it(
        env: FakeServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    local(env, monkeypatch, keys={"sk-the-right-one": "OPENAI_API_KEY"})
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    with runtime(tmp_path, FakeClock()) as rt:
        out = rt.gateway("P3", "synthesis").call(request())
    assert out.answered_by == "extractive"
    assert [(a.adapter, a.result) for a in out.links] == [("openai", "error"),
                                                          ("extractive", "ok")]
    assert find_leaks([KEY], [tmp_path / "runtime"],
                      messages=" ".join(str(a.message) for a in out.links)) == {}


def test_429_with_retry_after_is_honoured_then_the_answer_is_used(
        env: FakeServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    log = local(env, monkeypatch)
    env.fault(PATH, Fault.status(429, {"error": {"message": "Rate limit reached",
                                                 "type": "requests"}},
                                 headers={"Retry-After": "7"}))
    clock = FakeClock()
    with runtime(tmp_path, clock) as rt:
        out = rt.gateway("P3", "synthesis").call(request())
    assert out.answered_by == "openai" and len(log.bodies) == 1  # the 429 was the fault
    assert 7.0 in clock.sleeps
    served = [e for e in env.log if e.path == PATH]
    assert [e.status for e in served][:2] == [429, 200]
    lines = [e for e in journal(tmp_path) if e["adapter"] == "openai"]
    assert steps(lines) == [("openai", "retry", "rate_limited", None),
                            ("openai", "ok", None, "openai")]
    assert lines[0]["response_summary"]["wait_ms"] == 7000
    assert lines[1]["response_summary"]["attempt"] == 2
    assert lines[1]["response_summary"]["tokens"] == {"input": 54, "output": 79}


def test_a_malformed_answer_is_a_clear_error_and_the_chain_moves_on(
        env: FakeServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    env.route("POST", PATH, lambda req: Reply(200, "<html>upstream error</html>", "text/html"))
    monkeypatch.setenv("SCOUTE_OPENAI_BASE_URL", env.url + "/v1")
    with runtime(tmp_path, FakeClock()) as rt:
        out = rt.gateway("P3", "synthesis").call(request())
    assert out.answered_by == "extractive" and out.value.sentences
    failed = out.links[0]
    assert failed.adapter == "openai" and failed.result == "error"
    assert "not JSON" in (failed.message or "")
    lines = [e for e in journal(tmp_path) if e["adapter"] == "openai"]
    assert lines and lines[-1]["result"] == "error"


def test_neither_key_nor_base_url_skips_openai_visibly(env: FakeServer,
                                                       tmp_path: Path) -> None:
    with runtime(tmp_path, FakeClock()) as rt:
        out = rt.gateway("P3", "synthesis").call(request())
    assert out.answered_by == "extractive"
    assert out.links[0].adapter == "openai" and out.links[0].result == "skipped"
    assert out.links[0].message == "neither OPENAI_API_KEY nor SCOUTE_OPENAI_BASE_URL is set"
    assert not [e for e in env.log if e.path == PATH]


def _fixture(name: str) -> bytes:
    from tests.adapters.helpers import FIXTURES

    return (FIXTURES / "openai" / name).read_bytes()


@pytest.mark.parametrize(("base", "path", "status", "body", "said"), [
    # a base URL pasted without /v1: OpenAI's own 404 for an unknown URL
    ("", "/chat/completions", 404, "openai-error-404-unknown-url.json",
     "no chat endpoint at this base_url: it usually ends at /v1"),
    # Ollama asked for a model it never pulled
    ("/v1", PATH, 404, "ollama-openai-error-404-model-not-found.json",
     "the model named in config/adapters.yaml is not on this server"),
    # vLLM's prompt over the model's context window
    ("/v1", PATH, 400, "vllm-error-400-max-context-length.json",
     "the request is larger than this model accepts"),
])
def test_a_misconfigured_model_link_still_gets_a_report_and_says_what_to_change(
        env: FakeServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, base: str,
        path: str, status: int, body: str, said: str) -> None:
    """A wrong base URL, model name or context window stopped the whole synthesis (a
    Rejected ends the chain): now the keyless synthesis answers, and the note the report
    shows names the setting, in the request's language."""
    from scout.i18n.messages import localize

    env.route("POST", path, lambda req: Reply(status, _fixture(body)))
    monkeypatch.setenv("SCOUTE_OPENAI_BASE_URL", env.url + base)
    with runtime(tmp_path, FakeClock()) as rt:
        out = rt.gateway("P3", "synthesis").call(request("es"))
    assert out.answered_by == "extractive" and out.value.sentences
    failed = out.links[0]
    assert (failed.adapter, failed.result) == ("openai", "error")
    assert f"HTTP {status} ({said})" in (failed.message or "")
    assert "(" + said + ")" not in localize(failed.message or "", "es")  # said in Spanish
    assert len([e for e in env.log if e.path == path]) == 1  # no retry can fix it


def test_a_server_that_wants_a_key_when_none_is_set_says_so(
        env: FakeServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    local(env, monkeypatch, keys={"sk-the-right-one": "VLLM_API_KEY"})
    with runtime(tmp_path, FakeClock()) as rt:
        out = rt.gateway("P3", "synthesis").call(request())
    assert out.answered_by == "extractive"
    assert "the server asks for a key and none was sent" in (out.links[0].message or "")
