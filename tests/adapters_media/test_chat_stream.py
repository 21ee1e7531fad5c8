"""A streamed answer (Server-Sent Events) where ``"stream": false`` was asked, read as the
completion its chunks add up to (scout/adapters/chat_stream.py), from real llama.cpp chunk
lines (tests/fixtures/providers/SOURCES.md, openai/): the answer's text without the model's
thinking, its finish reason and usage; a stream that failed gives its error."""

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
    """The real second chunk with its delta replaced (no capture holds a whole stream)."""
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
    reply = adapter(Capture(200, body, SSE)).call(request(), KEY)
    assert reply.value.text == "Casa Bonay [E1]." and "recommend" not in reply.value.text


def test_a_stream_of_thinking_alone_says_so() -> None:
    body = stream(ROLE, chunk(reasoning="We"), LAST, "data: [DONE]")
    with pytest.raises(ParseError, match="holds no text"):
        adapter(Capture(200, body, SSE)).call(request(), KEY)


def test_an_error_chunk_is_the_answer() -> None:
    # OpenRouter's documented mid-stream error: a chunk with an "error" and its status code
    error = {"code": 429, "message": "Provider returned error"}
    body = stream(ROLE, chunk("Casa"), "data: " + json.dumps({"error": error}))
    with pytest.raises(RateLimited, match="in the body of an HTTP 200 answer"):
        adapter(Capture(200, body, SSE)).call(request(), KEY)


@pytest.mark.parametrize("text", ["", "not json", "data:", "data: [DONE]",
                                  "data: [1, 2]\n\ndata: nope"])
def test_what_is_not_a_stream_of_chunks_is_none(text: str) -> None:
    assert assemble(text) is None


def test_a_body_that_is_neither_json_nor_a_stream_is_still_not_json() -> None:
    with pytest.raises(ParseError, match="not JSON"):
        adapter(Capture(200, b"<html>login</html>", {"content-type": "text/html"})).call(
            request(), KEY)
