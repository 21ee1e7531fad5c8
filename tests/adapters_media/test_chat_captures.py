"""Chat Completions answers recorded from live servers by other people (DeepSeek, Groq,
Hugging Face's router, Ollama Cloud, OpenRouter, Crusoe, OpenAI; provenance in
tests/fixtures/providers/SOURCES.md, openai/) run through the real ``openai`` and
``perplexity`` adapters: reasoning kept out of the report, the cases where a model gave no
answer said plainly, and every error body's own explanation in the typed error, never the
key. Also hostile bodies derived from them (truncated, wrong types, other charsets)."""

from __future__ import annotations

import json

import httpx
import pytest

from scout.adapters.contract import Secret
from scout.adapters.perplexity import PerplexityAdapter
from scout.config.adaptertypes import settings_for
from scout.errors import AuthError, ParseError, ProviderError, RateLimited
from tests.adapters.helpers import FIXTURES
from tests.adapters_media.test_openai import KEY, KEY_VALUE, Capture, adapter, request

OPENAI = FIXTURES / "openai"


def body(name: str) -> bytes:
    return (OPENAI / name).read_bytes()


def call(name: str | bytes, status: int = 200, **headers: str):
    raw = body(name) if isinstance(name, str) else name
    # captured for prompts with no evidence: none is sent (an answer citing none of the
    # evidence it was given is refused)
    return adapter(Capture(status, raw, headers)).call(request(evidence=[]), KEY)


# --- answers -----------------------------------------------------------------------------


def test_deepseek_reasoner_answer_without_its_reasoning_content() -> None:
    reply = call("deepseek-reasoner-reasoning-content.json")
    text = reply.value.text
    assert text.startswith("Crossing the street safely involves careful observation")
    assert "stay alert until you've fully crossed" in text
    assert "Let me think about how to approach this" not in text  # reasoning_content
    assert reply.value.model == "deepseek-reasoner"
    assert (reply.usage.input_tokens, reply.usage.output_tokens) == (12, 789)
    assert reply.meta["finish_reason"] == "stop"


def test_groq_think_block_in_content_is_removed() -> None:
    reply = call("groq-think-block-in-content.json")
    assert reply.value.text.startswith("To make Uruguayan alfajores, follow these organized")
    assert "<think>" not in reply.value.text and "I want to make Uruguayan" not in reply.value.text
    assert reply.meta["reasoning_removed"] is True
    assert reply.usage.output_tokens == 1414


#: gpt-oss's raw Harmony output as a server without its reasoning parser returns it in
#: ``content`` (johnbean393/Sidekick issue #75, llama-server; SOURCES.md)
HARMONY = ('<|channel|>analysis<|message|>User says "hi". Likely they want to start '
           'conversation. We should reply politely.<|end|><|start|>assistant<|channel|>'
           'final<|message|>Hello Armando! How can I help you today?')


#: the same from another llama-server, which strips <|end|> (g0t4/ask-openai.nvim NOTES.md)
HARMONY_NO_END = ('<|channel|>analysis<|message|>User wrote "test". Likely just a test '
                  'message. They might want ChatGPT to respond? We should respond politely. '
                  'Maybe just say "Hello! How can I help?"<|start|>assistant<|channel|>final'
                  '<|message|>Hello! 👋 How can I assist you today?')


@pytest.mark.parametrize(("content", "answer"), [
    (HARMONY, "Hello Armando! How can I help you today?"),
    (HARMONY_NO_END, "Hello! 👋 How can I assist you today?")])
def test_gpt_oss_harmony_channels_keep_only_the_final_answer(content: str, answer: str) -> None:
    from tests.fakes.openai import answer_with

    reply = call(answer_with(content))
    assert reply.value.text == answer
    assert "respond politely" not in reply.value.text and "reply politely" not in \
        reply.value.text and "<|" not in reply.value.text
    assert reply.meta["reasoning_removed"] is True


def test_gpt_oss_cut_off_in_its_analysis_channel_holds_only_reasoning() -> None:
    from tests.fakes.openai import answer_with

    cut = HARMONY.split("<|end|>")[0]  # no final channel: the model never answered
    with pytest.raises(ParseError, match="holds only the model's reasoning"):
        call(answer_with(cut))


def test_a_chat_templates_stray_end_token_is_not_shown() -> None:
    from tests.fakes.openai import answer_with

    reply = adapter(Capture(body=answer_with("Casa Bonay has a rooftop bar [E1].<|im_end|>"))
                    ).call(request(), KEY)
    assert reply.value.text == "Casa Bonay has a rooftop bar [E1]."
    assert reply.value.sentences[0].citations == [1]


def test_openrouter_answer_with_reasoning_and_reasoning_details() -> None:
    reply = call("openrouter-reasoning-details.json")
    data = json.loads(body("openrouter-reasoning-details.json"))
    reasoning = data["choices"][0]["message"]["reasoning"]
    assert reply.value.text.startswith("Of course. This is an excellent question")
    assert reasoning and reasoning[:40] not in reply.value.text
    assert (reply.usage.input_tokens, reply.usage.output_tokens) == (24, 2801)


def test_cut_off_while_thinking_says_so_and_how_to_fix_it() -> None:
    # DeepSeek-R1 through Hugging Face's router, max_tokens 100: '<think>' never closed
    with pytest.raises(ParseError, match="ran out of tokens") as err:
        call("huggingface-deepseek-r1-length-inside-think.json")
    assert "only the model's reasoning" in err.value.message
    assert "max_tokens" in (err.value.hint or "")


def test_reasoning_content_only_cut_at_length_is_the_same_clear_error() -> None:
    # the DeepSeek capture with the model stopped before answering (content "" and
    # finish_reason "length", as DeepSeek sends when max_tokens runs out while reasoning)
    data = json.loads(body("deepseek-reasoner-reasoning-content.json"))
    data["choices"][0]["message"]["content"] = ""
    data["choices"][0]["finish_reason"] = "length"
    with pytest.raises(ParseError, match="ran out of tokens") as err:
        call(json.dumps(data).encode())
    assert "max_tokens" in (err.value.hint or "")


@pytest.mark.parametrize("name", ["crusoe-null-content-tool-calls.json",
                                  "ollama-cloud-empty-content-tool-calls.json"])
def test_tool_calls_instead_of_text_is_a_parse_error_that_says_so(name: str) -> None:
    # content null (Crusoe) or "" (Ollama Cloud) with finish_reason tool_calls
    with pytest.raises(ParseError, match="called tools instead of answering"):
        call(name)


def test_an_answer_only_in_the_reasoning_field_is_never_shown_and_says_why() -> None:
    # the recorded Crusoe (vLLM-style) body without its tool call: content null, the text in
    # "reasoning" alone, as a server whose reasoning parser took the answer sends it
    data = json.loads(body("crusoe-null-content-tool-calls.json"))
    choice = data["choices"][0]
    choice["message"]["tool_calls"], choice["finish_reason"] = None, "stop"
    with pytest.raises(ParseError, match="holds only the model's reasoning") as err:
        call(json.dumps(data).encode())
    assert "weather in Paris" not in err.value.message  # the reasoning is not quoted
    assert err.value.hint and "reasoning parser" in err.value.hint


def test_a_refusal_is_quoted() -> None:
    # the real gpt-4o-mini body with the model refusing (content null, refusal text),
    # the shape OpenAI documents for refusals
    data = json.loads(body("chat-completions-gpt-4o-mini-weather.json"))
    data["choices"][0]["message"].update(content=None, refusal="I can't help with that.")
    with pytest.raises(ParseError, match="refused to answer: I can't help with that"):
        call(json.dumps(data).encode())


# --- error bodies ------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "status", "error", "said"), [
    # a synthesis model's 4xx is this link's setup, not the question: the chain moves on
    ("openai-error-400-unsupported-value.json", 400, ParseError,
     "unsupported_value: Unsupported value: 'messages[0].role' does not support 'system'"),
    ("openai-error-400-null-code.json", 400, ParseError,
     "invalid_request_error: Web search options not supported with this model."),
    ("groq-error-404-model-not-found.json", 404, ParseError,
     "model_not_found: The model `non-existent` does not exist"),
    ("openrouter-error-429-provider-returned-error.json", 429, RateLimited,
     "Provider returned error (Google: google/gemini-2.0-flash-exp:free is temporarily "
     "rate-limited upstream."),
    ("gemini-openai-error-400-list.json", 400, ParseError,  # Google's error inside a list
     'INVALID_ARGUMENT: Invalid JSON payload received. Unknown name "web_search_options"'),
])
def test_error_bodies_keep_the_servers_explanation(name: str, status: int,
                                                    error: type, said: str) -> None:
    with pytest.raises(error) as err:
        call(name, status)
    assert said in err.value.message and f"HTTP {status}" in err.value.message


def test_an_error_that_echoes_the_key_never_shows_it() -> None:
    # the real OpenAI error body shape, its message naming the key as OpenAI does for a
    # wrong one ("Incorrect API key provided: sk-…")
    data = json.loads(body("openai-error-400-unsupported-value.json"))
    data["error"].update(message=f"Incorrect API key provided: {KEY_VALUE}.",
                         code="invalid_api_key")
    with pytest.raises(AuthError) as err:
        call(json.dumps(data).encode(), 401)
    assert "Incorrect API key provided: REDACTED" in err.value.message
    assert KEY_VALUE not in str(err.value) and KEY_VALUE not in repr(err.value.__dict__)


def test_payment_required_is_an_auth_error_so_a_pool_moves_on() -> None:
    # OpenRouter and DeepSeek answer 402 when the account has no credit left
    data = {"error": {"message": "Insufficient Balance", "type": "unknown_error"}}
    with pytest.raises(AuthError, match="HTTP 402 .*out of credit.*Insufficient Balance"):
        call(json.dumps(data).encode(), 402)


@pytest.mark.parametrize(("raw", "said"), [
    (b'{"error": "model \\"qwen3:8b\\" not found, try pulling it first"}',
     'model "qwen3:8b" not found'),          # a bare string under "error"
    (b'{"detail": "Not authenticated"}', "Not authenticated"),
    (b'{"detail": [{"loc": ["body", "model"], "msg": "field required"}]}', "field required"),
])
def test_other_error_body_shapes_are_read(raw: bytes, said: str) -> None:
    # one-line bodies written here (no real capture found): Ollama's bare-string error
    # with its usual message, and a FastAPI server's detail (string, validation list)
    with pytest.raises(ProviderError) as err:
        call(raw, 400)
    assert said in err.value.message


def test_perplexity_error_bodies_keep_their_explanation_too() -> None:
    raw = body("openai-error-400-null-code.json")
    s = settings_for("perplexity", {"type": "perplexity"})
    px = PerplexityAdapter("perplexity", s, httpx.Client(
        transport=httpx.MockTransport(lambda r: httpx.Response(400, content=raw))))
    with pytest.raises(ParseError, match="Web search options not supported"):
        px.call(request(), Secret("PERPLEXITY_API_KEY", "pplx-k"))


# --- hostile bodies built from the captures ------------------------------------------------


@pytest.mark.parametrize("cut", [1, 100, 2000, -2])
def test_a_truncated_answer_is_a_parse_error(cut: int) -> None:
    raw = body("deepseek-reasoner-reasoning-content.json")
    with pytest.raises(ParseError, match="not JSON"):
        call(raw[:cut])


@pytest.mark.parametrize("change", [
    lambda d: d.update(choices={"0": d["choices"][0]}),
    lambda d: d.update(choices=[]),
    lambda d: d["choices"][0].update(message="text"),
    lambda d: d["choices"][0]["message"].update(content=["a", "list"]),
    lambda d: d["choices"][0]["message"].update(content=42),
])
def test_wrong_types_are_parse_errors(change) -> None:
    data = json.loads(body("deepseek-reasoner-reasoning-content.json"))
    change(data)
    with pytest.raises(ParseError):
        call(json.dumps(data).encode())


def test_wrong_types_in_usage_and_model_cost_nothing_but_the_figures() -> None:
    data = json.loads(body("deepseek-reasoner-reasoning-content.json"))
    data["usage"] = {"prompt_tokens": "12", "completion_tokens": None}
    data["model"] = ["not", "a", "name"]
    data["choices"][0]["finish_reason"] = 7
    reply = call(json.dumps(data).encode())
    assert reply.value.text.startswith("Crossing the street")
    assert reply.usage.input_tokens is None and reply.meta["finish_reason"] is None


def test_html_where_json_was_expected_is_a_parse_error() -> None:
    page = b"<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>"
    with pytest.raises(ParseError, match="not JSON") as err:
        call(page, **{"content-type": "text/html"})
    # a page in a 200 is most often the server's site, not its API: say where to look
    assert err.value.hint and "base_url" in err.value.hint and "/v1" in err.value.hint


def test_a_body_in_the_charset_its_content_type_declares_is_read() -> None:
    # the real answer with a Spanish sentence, sent as ISO-8859-1 as declared
    data = json.loads(body("chat-completions-gpt-4o-mini-weather.json"))
    data["choices"][0]["message"]["content"] = "El martes hará frío en Málaga, señora."
    raw = json.dumps(data, ensure_ascii=False).encode("iso-8859-1")
    with pytest.raises(UnicodeDecodeError):
        raw.decode("utf-8")
    reply = call(raw, **{"content-type": "application/json; charset=iso-8859-1"})
    assert reply.value.text == "El martes hará frío en Málaga, señora."


def test_a_non_utf8_body_without_a_charset_is_a_parse_error() -> None:
    data = json.loads(body("chat-completions-gpt-4o-mini-weather.json"))
    data["choices"][0]["message"]["content"] = "Málaga"
    raw = json.dumps(data, ensure_ascii=False).encode("iso-8859-1")
    with pytest.raises(ParseError, match="not JSON"):
        call(raw)


def _perplexity(raw: bytes):
    s = settings_for("perplexity", {"type": "perplexity"})
    px = PerplexityAdapter("perplexity", s, httpx.Client(transport=httpx.MockTransport(
        lambda r: httpx.Response(200, content=raw,
                                 headers={"content-type": "application/json"}))))
    return px.call(request(), Secret("PERPLEXITY_API_KEY", "pplx-k"))


def test_perplexity_fields_of_the_wrong_type_read_as_absent() -> None:
    # the real sonar answer with its citation list turned into a string and its
    # search results' fields into other types
    raw = (FIXTURES / "perplexity" / "chat-completions-sonar-repo-rate-india.json").read_bytes()
    data = json.loads(raw)
    first = data["citations"][0]
    data["citations"] = first
    for r in data["search_results"]:
        r.update(title={"t": 1}, date=["2025"], last_updated=None)
    reply = _perplexity(json.dumps(data).encode())
    urls = [c.url for c in reply.value.citations]
    assert "h" not in urls  # not one citation per character
    assert all("{" not in s.title and "[" not in (s.published or "")
               for s in reply.value.sources)
    assert reply.value.sources and reply.value.sources[0].title == reply.value.sources[0].url


# --- content as parts (Mistral's reasoning models) ----------------------------------------


def test_mistral_magistral_answer_is_its_text_parts_without_the_thinking() -> None:
    reply = call("mistral-magistral-content-chunks.json")
    text = reply.value.text
    assert text.startswith("Crossing a river is quite different from crossing a street")
    assert "Stay safe!" in text
    assert "Analogizing crossing a river" not in text  # the thinking part
    assert reply.value.model == "magistral-medium-latest"
    assert (reply.usage.input_tokens, reply.usage.output_tokens) == (664, 747)


def _mistral_with(parts: list, finish: str = "stop") -> bytes:
    data = json.loads(body("mistral-magistral-content-chunks.json"))
    data["choices"][0]["message"]["content"] = parts
    data["choices"][0]["finish_reason"] = finish
    return json.dumps(data).encode()


def test_mistral_thinking_alone_says_the_answer_holds_only_reasoning() -> None:
    data = json.loads(body("mistral-magistral-content-chunks.json"))
    thinking = data["choices"][0]["message"]["content"][:1]
    with pytest.raises(ParseError, match="only the model's reasoning"):
        call(_mistral_with(thinking))
    with pytest.raises(ParseError, match="ran out of tokens"):
        call(_mistral_with(thinking, finish="length"))


def test_text_parts_are_joined_in_order_and_odd_parts_are_not_text() -> None:
    reply = call(_mistral_with([{"type": "text", "text": "First half, "},
                                {"type": "reference", "reference_ids": [1]},
                                {"type": "text", "text": "second half."}]))
    assert reply.value.text.startswith("First half, second half.")
    with pytest.raises(ParseError, match="not text"):
        call(_mistral_with(["a bare string part", {"type": "text", "text": "x"}]))
