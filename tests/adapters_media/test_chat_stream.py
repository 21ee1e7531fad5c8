"""A streamed answer (Server-Sent Events) where ``"stream": false`` was asked, read as the
completion its chunks add up to (scout/adapters/chat_stream.py), from real llama.cpp chunk
lines and a whole api.openai.com stream (tests/fixtures/providers/SOURCES.md, openai/):
the answer's text without the model's thinking, its finish reason and usage; a stream
that failed gives its error."""

from __future__ import annotations

import json

import pytest

from scout.adapters.chat_stream import assemble
from scout.errors import ParseError, RateLimited
from tests.adapters.helpers import FIXTURES
from tests.adapters_media.test_openai import KEY, Capture, adapter, request

CHUNKS = (FIXTURES / "openai" / "llamacpp-stream-gpt-oss-chunks.txt").read_text(
    encoding="utf-8").strip().split("\n\n")
ROLE, FIRST, LAST = CHUNKS
SSE = {"content-type": "text/event-stream"}


def chunk(content: str | None = None, reasoning: str | None = None) -> str:
    """The real second llama.cpp chunk with its delta replaced (Harmony and reasoning
    deltas: the whole OpenAI stream below has neither)."""
    data = json.loads(FIRST[len("data: "):])
    data["choices"][0]["delta"] = {k: v for k, v in (("content", content),
                                                     ("reasoning_content", reasoning)) if v}
    return "data: " + json.dumps(data)


def stream(*lines: str) -> bytes:
    return ("\n\n".join(lines) + "\n\n").encode()


def test_a_harmony_stream_adds_up_to_its_final_answer_and_usage() -> None:
    body = stream(ROLE, FIRST, chunk("analysis<|message|>The user wants a hotel."),
                  chunk("<|start|>assistant<|channel|>final<|message|>Casa Bonay "),
                  chunk("has a rooftop bar [E1]."), LAST, "data: [DONE]")
    reply = adapter(Capture(200, body, SSE)).call(request(), KEY)
    assert reply.value.text == "Casa Bonay has a rooftop bar [E1]."
    assert reply.value.sentences[0].citations == [1]
    assert reply.meta["reasoning_removed"] is True and reply.meta["finish_reason"] == "stop"
    assert (reply.usage.input_tokens, reply.usage.output_tokens) == (892, 332)
    assert reply.value.model == "gpt-oss:20b"


def test_reasoning_deltas_never_reach_the_answer() -> None:
    body = stream(ROLE, chunk(reasoning="We should recommend"), chunk("Casa Bonay [E1]."),
                  LAST)
    reply = adapter(Capture(200, body, SSE)).call(request(evidence=[]), KEY)
    assert reply.value.text == "Casa Bonay [E1]." and "recommend" not in reply.value.text


def test_a_stream_of_thinking_alone_says_so() -> None:
    body = stream(ROLE, chunk(reasoning="We"), LAST, "data: [DONE]")
    with pytest.raises(ParseError, match="answered with empty text"):
        adapter(Capture(200, body, SSE)).call(request(evidence=[]), KEY)


def test_an_error_chunk_is_the_answer() -> None:
    # OpenRouter's documented mid-stream error: a chunk with an "error" and its status code
    error = {"code": 429, "message": "Provider returned error"}
    body = stream(ROLE, chunk("Casa"), "data: " + json.dumps({"error": error}))
    with pytest.raises(RateLimited, match="in the body of an HTTP 200 answer"):
        adapter(Capture(200, body, SSE)).call(request(evidence=[]), KEY)


@pytest.mark.parametrize("text", ["", "not json", "data:", "data: [DONE]",
                                  "data: [1, 2]\n\ndata: nope"])
def test_what_is_not_a_stream_of_chunks_is_none(text: str) -> None:
    assert assemble(text) is None


def test_a_body_that_is_neither_json_nor_a_stream_is_still_not_json() -> None:
    with pytest.raises(ParseError, match="not JSON"):
        adapter(Capture(200, b"<html>login</html>", {"content-type": "text/html"})).call(
            request(evidence=[]), KEY)


def test_a_whole_real_openai_stream_is_its_answer_finish_and_usage() -> None:
    # api.openai.com's whole stream (pydantic-ai's cassette): an empty first content, one
    # word a chunk, an "obfuscation" field on each, the finish in a chunk with an empty
    # delta, then the usage alone in a chunk whose choices are []
    body = (FIXTURES / "openai" / "openai-stream-gpt-4o-mini-whole-sse.txt").read_bytes()
    cap = Capture(200, body, {"content-type": "text/event-stream; charset=utf-8"})
    reply = adapter(cap).call(request(evidence=[]), KEY)
    assert reply.value.text == "The capital of the UK is London."
    assert reply.meta["finish_reason"] == "stop"
    assert (reply.usage.input_tokens, reply.usage.output_tokens) == (78, 9)
    assert reply.value.model == "gpt-4o-mini-2024-07-18"


def test_a_real_stream_cut_before_its_end_still_reads_what_came() -> None:
    # derived: the same stream cut after " London" (a proxy timing out mid-answer)
    text = (FIXTURES / "openai" / "openai-stream-gpt-4o-mini-whole-sse.txt").read_text()
    cut = text[:text.index('{"content":"."}')].rsplit("\n\n", 1)[0] + "\n\n"
    completion = assemble(cut)
    assert completion is not None
    assert completion["choices"][0]["message"]["content"] == "The capital of the UK is London"
