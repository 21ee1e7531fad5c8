"""A prompt over the model's context window (scout/adapters/openai.py): sent once more
with less evidence, cut to what the window leaves where the server's error says the
window and the prompt's tokens, else to half; a note says so in the request's language.
Where no smaller prompt can be answered (max_tokens fills the window, no evidence would
fit, the second one is refused too), a ParseError says why, so the local synthesis
stands in with that reason. The error bodies are each server's documented shape:

* OpenAI: ``code: context_length_exceeded``, "This model's maximum context length is 4097
  tokens. However, your messages resulted in 4294 tokens" (chathub-dev/chathub#126);
* vLLM: "… However, you requested 122946 tokens (112946 in the messages, 10000 in the
  completion)" (vllm-project/vllm#20409), and since 2026 "your request has 8 input tokens
  plus 2045 'max_tokens'" with ``type: BadRequestError`` (vllm-project/vllm#33425);
* llama.cpp's server: ``type: exceed_context_size_error`` with ``n_prompt_tokens`` and
  ``n_ctx`` beside words that hold no number, as a 400 (ggml-org/llama.cpp#15780,
  oobabooga/textgen#7257) or, from older builds and forks, a 500
  (ikawrakow/ik_llama.cpp#2420);
* DeepSeek and OpenRouter relay OpenAI's words (truefoundry/models#873).
"""

from __future__ import annotations

import json

import httpx
import pytest

from scout.adapters.contract import EvidenceItem
from scout.errors import ParseError
from scout.i18n.messages import localize
from tests.adapters_media.test_openai import KEY, adapter, request
from tests.fakes.openai import answer_with

EVIDENCE = [EvidenceItem(url=f"https://h{i}.example/", title=f"Hotel Nou {i}",
                         subject=f"Hotel Nou {i}",
                         text=f"Hotel Nou {i} in Eixample, rooms from 1{i}0 EUR. " * 30)
            for i in range(8)]
ANSWER = answer_with("Hotel Nou 0 has rooms from 100 EUR [E1]. Hotel Nou 1 costs 110 EUR "
                     "[E2].")


def error(message: str, **fields: object) -> bytes:
    return json.dumps({"error": {"message": message, **fields}}).encode()


OPENAI = error("This model's maximum context length is 2000 tokens. However, your messages "
               "resulted in 4000 tokens. Please reduce the length of the messages.",
               type="invalid_request_error", param="messages", code="context_length_exceeded")
VLLM = error("This model's maximum context length is 3000 tokens. However, you requested "
             "4800 tokens (4000 in the messages, 800 in the completion). Please reduce the "
             "length of the messages or completion.", type="BadRequestError", code=400)
LLAMA_CPP = error("the request exceeds the available context size. try increasing the "
                  "context size or enable context shift", type="exceed_context_size_error",
                  code=400, n_prompt_tokens=14429, n_ctx=8192)
LLAMA_CPP_TOKENS = error("request (4000 tokens) exceeds the available context size (3000 "
                         "tokens), try increasing it", type="exceed_context_size_error",
                         code=400, n_prompt_tokens=4000, n_ctx=3000)
VLLM_MAX_TOKENS = error("This model's maximum context length is 2048 tokens. However, your "
                        "request has 8 input tokens plus 2045 'max_tokens'. Please reduce "
                        "one or the other.", type="BadRequestError", code=400)


class Server:
    """Answers each request with the next (status, body); the last one repeats."""

    def __init__(self, *replies: tuple[int, bytes]) -> None:
        self.replies = list(replies)
        self.sizes: list[int] = []

    def __call__(self, req: httpx.Request) -> httpx.Response:
        self.sizes.append(len(json.loads(req.content)["messages"][1]["content"]))
        status, body = self.replies.pop(0) if len(self.replies) > 1 else self.replies[0]
        return httpx.Response(status, content=body, headers={"content-type": "application/json"})


def ask(server: Server, lang: str = "en", **settings: object):
    return adapter(server, **settings).call(
        request(evidence=EVIDENCE, candidates=["Hotel Nou 0", "Hotel Nou 1"], lang=lang), KEY)


@pytest.mark.parametrize(("body", "status", "share"), [
    (OPENAI, 400, 0.255),      # 0.85 × (2000 − 800 for the answer) / 4000
    (VLLM, 400, 0.4675),       # 0.85 × (3000 − 800) / 4000
    (LLAMA_CPP, 400, 0.5),     # no number in its words: half
    (LLAMA_CPP, 500, 0.5),     # older builds say it with a 500
    (LLAMA_CPP_TOKENS, 400, 0.4675),  # 0.85 × (3000 − 800) / 4000
])
def test_a_prompt_over_the_window_is_sent_again_smaller_and_noted(
        body: bytes, status: int, share: float) -> None:
    server = Server((status, body), (200, ANSWER))
    reply = ask(server)
    first, second = server.sizes
    assert second <= first * share + 60  # the prompt's head is kept whole
    assert second < first
    assert reply.meta["evidence_shrunk"] is True
    assert reply.value.sentences and not any(s.uncited for s in reply.value.sentences)
    (note,) = [n for n in reply.value.notes if "context window" in n]
    assert f"cut from {first:,} to {second:,} characters" in note


def test_the_note_is_in_the_requests_language() -> None:
    reply = ask(Server((400, OPENAI), (200, ANSWER)), lang="es")
    assert any(n.startswith("el prompt superaba la ventana de contexto del modelo: se envió "
                            "de nuevo con su evidencia recortada de 11.") for n in reply.value.notes)


def test_a_prompt_refused_twice_says_so_and_is_not_sent_a_third_time() -> None:
    server = Server((400, OPENAI))
    with pytest.raises(ParseError) as err:
        ask(server)
    assert len(server.sizes) == 2
    message = err.value.args[0]
    assert message.startswith("openai: HTTP 400 (the request is larger than this model "
                              "accepts)")
    assert "maximum context length is 2000 tokens" in message  # the server's words
    assert "; sent again with its evidence cut to" in message
    assert localize(message, "es").startswith(
        "openai: HTTP 400 (la petición es mayor de lo que admite este modelo)")
    assert "enviada de nuevo con su evidencia recortada a" in localize(message, "es")
    assert err.value.hint and "context_budget_chars" in err.value.hint


@pytest.mark.parametrize("max_tokens", [2045, 300])  # the server's words say 2045 too
def test_max_tokens_that_fill_the_window_are_named_and_nothing_is_sent_again(
        max_tokens: int) -> None:
    server = Server((400, VLLM_MAX_TOKENS))
    with pytest.raises(ParseError) as err:
        ask(server, max_tokens=max_tokens)
    assert len(server.sizes) == 1
    assert "max_tokens (2045) leaves no room" in err.value.args[0]
    assert "no deja sitio para el prompt" in localize(err.value.args[0], "es")


def test_a_window_too_small_for_any_evidence_is_said() -> None:
    server = Server((400, OPENAI))
    many = [f"Hotel Candidato Número {i} de Barcelona" for i in range(250)]
    with pytest.raises(ParseError) as err:
        adapter(server).call(request(evidence=EVIDENCE, candidates=many), KEY)
    assert len(server.sizes) == 1
    assert "; a smaller request would hold none of the evidence" in err.value.args[0]
    assert "una petición más pequeña no contendría" in localize(err.value.args[0], "es")


@pytest.mark.parametrize("body", [
    error("Invalid value for 'temperature'", type="invalid_request_error"),
    error("max_tokens must be at least 1, got 0.", type="BadRequestError", code=400),
])
def test_other_refusals_are_not_sent_again(body: bytes) -> None:
    server = Server((400, body))
    with pytest.raises(ParseError):
        ask(server)
    assert len(server.sizes) == 1


def perplexity(server: Server):
    from scout.adapters.contract import Secret
    from scout.adapters.perplexity import PerplexityAdapter
    from scout.config.adaptertypes import settings_for

    return PerplexityAdapter("perplexity", settings_for("perplexity", {"type": "perplexity"}),
                             httpx.Client(transport=httpx.MockTransport(server))), \
        Secret("PERPLEXITY_API_KEY", "pplx-k")


SPANISH_ANSWER = answer_with("Hotel Nou 0 tiene habitaciones desde 100 EUR [E1]. Hotel Nou 1 "
                             "cuesta 110 EUR [E2].")


@pytest.mark.parametrize(("lang", "answer", "said"), [
    ("en", ANSWER, "the prompt was larger than the model's context window"),
    ("es", SPANISH_ANSWER, "el prompt superaba la ventana de contexto del modelo"),
])
@pytest.mark.parametrize("body", [OPENAI, VLLM, LLAMA_CPP])
def test_perplexity_sends_a_prompt_over_the_window_again_smaller(
        lang: str, answer: bytes, said: str, body: bytes) -> None:
    """As the openai adapter does: inside the one call, counted as two requests."""
    server = Server((400, body), (200, answer))
    px, key = perplexity(server)
    reply = px.call(request(evidence=EVIDENCE, candidates=["Hotel Nou 0", "Hotel Nou 1"],
                            lang=lang), key)
    first, second = server.sizes
    assert second < first
    assert reply.meta["evidence_shrunk"] is True and reply.meta["sends"] == 2
    assert reply.usage.requests == 2
    assert any(n.startswith(said) for n in reply.value.notes)


def test_perplexity_refused_twice_says_so_and_counts_both() -> None:
    server = Server((400, OPENAI))
    px, key = perplexity(server)
    with pytest.raises(ParseError) as err:
        px.call(request(evidence=EVIDENCE, candidates=["Hotel Nou 0"], lang="es"), key)
    assert len(server.sizes) == 2
    assert "enviada de nuevo con su evidencia recortada a" in localize(err.value.args[0], "es")
    assert err.value.paid.requests == 2
