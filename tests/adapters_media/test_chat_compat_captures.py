"""More Chat Completions answers recorded from live servers by other people (Azure OpenAI,
Cerebras, Heroku's Claude, Snowflake Cortex, vLLM; OpenAI's content filter; Azure's
content-filter refusals; a CDN's HTML error page; provenance in
tests/fixtures/providers/SOURCES.md, openai/) through the real ``openai`` adapter: the
answer and its usage read whatever extra fields each server adds, and a provider's
content filter or a proxy's page becomes a clear typed error, never a traceback."""

from __future__ import annotations

import json

import httpx
import pytest

from scout.adapters.perplexity import PerplexityAdapter
from scout.adapters.contract import Secret
from scout.config.adaptertypes import settings_for
from scout.errors import AuthError, ParseError, ProviderError, RateLimited, Unavailable
from tests.adapters.helpers import FIXTURES
from tests.adapters_media.test_openai import KEY, KEY_VALUE, Capture, adapter, request

OPENAI = FIXTURES / "openai"


def call(name: str | bytes, status: int = 200, **headers: str):
    raw = (OPENAI / name).read_bytes() if isinstance(name, str) else name
    # captured for prompts with no evidence: none is sent (an answer citing none of the
    # evidence it was given is refused)
    return adapter(Capture(status, raw, headers)).call(request(evidence=[]), KEY)


# --- answers with each server's extra fields -----------------------------------------------


@pytest.mark.parametrize(("name", "model", "text", "tokens"), [
    # Azure: prompt_filter_results and choices[].content_filter_results, all "safe"
    ("azure-gpt-4o-content-filter-results.json", "gpt-4o-2024-11-20",
     "The capital of France is **Paris**.", (14, 9)),
    # Cerebras: time_info beside usage
    ("cerebras-llama-3.3-70b-time-info.json", "llama-3.3-70b", "2 + 2 = 4.", (43, 9)),
    # Heroku's inference API serving Claude over Chat Completions
    ("heroku-claude-3-7-sonnet.json", "claude-3-7-sonnet",
     "The capital of France is Paris. It's not only the political capital", (14, 51)),
    # Snowflake Cortex: empty strings where others send null (id, refusal, finish_reason)
    ("snowflake-cortex-empty-finish-reason-refusal.json", "claude-sonnet-4-6", "4", (22, 5)),
    # vLLM: stop_reason, token_ids, kv_transfer_params, reasoning* null, tool_calls []
    ("vllm-ascend-qwen3-vl-null-extras.json", "Qwen/Qwen3-VL-32B-Instruct",
     "The text in the illustration is:", (73, 16)),
])
def test_each_servers_answer_is_read(name: str, model: str, text: str,
                                     tokens: tuple[int, int]) -> None:
    reply = call(name)
    assert reply.value.text.startswith(text)
    assert reply.value.model == model and reply.meta["model"] == model
    assert (reply.usage.input_tokens, reply.usage.output_tokens) == tokens
    assert reply.meta["finish_reason"] in ("stop", None)


def test_snowflakes_empty_strings_read_as_absent() -> None:
    reply = call("snowflake-cortex-empty-finish-reason-refusal.json")
    assert reply.meta["finish_reason"] is None  # "" is no reason, as null is
    assert reply.value.text == "4"  # refusal "" is no refusal


def test_llama_cpp_answer_cut_at_the_token_limit_keeps_its_text_and_says_why() -> None:
    # llama.cpp's server: timings beside usage, no refusal/logprobs, its default model
    # alias "gpt-3.5-turbo" and a build number as system_fingerprint
    reply = call("llamacpp-server-length-timings.json")
    assert reply.value.text.startswith("Okay, here are the 3 main tourist attractions in Paris")
    assert reply.meta["finish_reason"] == "length"
    assert reply.meta["model"] == "gpt-3.5-turbo"
    assert (reply.usage.input_tokens, reply.usage.output_tokens) == (28, 30)


def test_llama_cpp_reasoning_model_out_of_tokens_before_answering() -> None:
    # content "" and the thought in reasoning_content: nothing to cite, and the hint says
    # how to get an answer (more max_tokens), not that the server is broken
    with pytest.raises(ParseError, match="ran out of tokens before answering") as err:
        call("llamacpp-gemma4-empty-content-reasoning-length.json")
    assert err.value.hint and "max_tokens" in err.value.hint


# --- a provider's content filter ----------------------------------------------------------


def test_an_answer_withheld_by_the_content_filter_says_so() -> None:
    # real gpt-3.5-turbo answer: content "", finish_reason content_filter, usage counted
    with pytest.raises(ParseError) as err:
        call("openai-gpt-3.5-content-filter-empty-content.json")
    assert "content filter withheld the answer" in err.value.message
    assert "next link" in (err.value.hint or "")


def test_azures_filtered_categories_are_named() -> None:
    # the real Azure answer with its answer withheld the way Azure reports it (the
    # finish_reason and one category's verdict changed; no such capture was found whole)
    data = json.loads((OPENAI / "azure-gpt-4o-content-filter-results.json").read_bytes())
    choice = data["choices"][0]
    choice.update(finish_reason="content_filter")
    choice["message"]["content"] = None
    choice["content_filter_results"]["violence"] = {"filtered": True, "severity": "high"}
    with pytest.raises(ParseError, match=r"withheld the answer .*\(filtered: violence \(high\)\)"):
        call(json.dumps(data).encode())


@pytest.mark.parametrize(("name", "categories"), [
    ("azure-error-400-content-filter-prompt.json", ""),
    ("azure-error-400-content-filter-innererror.json", " (filtered: violence (medium))"),
])
def test_azure_refusing_the_prompt_fails_over_instead_of_stopping_the_chain(
        name: str, categories: str) -> None:
    # a Rejected would end the synthesis at once; the next link (another model, the
    # extractive synthesis) can answer what this provider's policy refused
    with pytest.raises(ParseError) as err:
        call(name, 400)
    message = err.value.message
    assert f"HTTP 400: the provider's content filter refused the prompt{categories}" in message
    assert "content_filter: The response was filtered due to the prompt triggering" in message
    assert err.value.status == 400 and KEY_VALUE not in str(err.value)


def test_perplexity_reads_a_content_filter_refusal_the_same_way() -> None:
    raw = (OPENAI / "azure-error-400-content-filter-innererror.json").read_bytes()
    s = settings_for("perplexity", {"type": "perplexity"})
    px = PerplexityAdapter("perplexity", s, httpx.Client(
        transport=httpx.MockTransport(lambda r: httpx.Response(400, content=raw))))
    with pytest.raises(ParseError, match="content filter refused the prompt"):
        px.call(request(), Secret("PERPLEXITY_API_KEY", "pplx-k"))


# --- error bodies that are not JSON --------------------------------------------------------


def test_a_cdns_html_error_page_gives_its_title_not_its_markup() -> None:
    # Cloudflare's 502 page as a user pasted it (partial: the closing tags are missing)
    with pytest.raises(Unavailable) as err:
        call("cloudflare-502-bad-gateway-html-partial.html", 502,
             **{"content-type": "text/html"})
    assert err.value.message == "openai: HTTP 502 (server error): 502 Bad Gateway"


@pytest.mark.parametrize(("body", "ctype", "said"), [
    # the title Cloudflare's 524 pages carry (quoted in many projects' tests), trimmed page
    (b"<!DOCTYPE html><html><head><title>api.example.com | 524: A timeout occurred"
     b"</title></head><body>Error code 524</body></html>", "text/html",
     ": api.example.com | 524: A timeout occurred"),
    (b"Internal Server Error", "text/plain; charset=utf-8", ": Internal Server Error"),
    (b"<html><body><h1>no title</h1></body></html>", "text/html", ""),
    (b"\x89PNG\r\n\x1a\n\x00\x00", "image/png", ""),
])
def test_plain_and_html_error_bodies(body: bytes, ctype: str, said: str) -> None:
    with pytest.raises(Unavailable) as err:
        call(body, 503, **{"content-type": ctype})
    assert err.value.message == f"openai: HTTP 503 (server error){said}"
    assert "<" not in err.value.message


def test_a_plain_error_body_echoing_the_key_is_scrubbed() -> None:
    with pytest.raises(Unavailable) as err:
        call(f"upstream refused key {KEY_VALUE}".encode(), 502,
             **{"content-type": "text/plain"})
    assert KEY_VALUE not in str(err.value) and "REDACTED" in err.value.message


def _azure_without_choices(filtered: bool) -> bytes:
    # the real Azure answer with its choices emptied (and, for the filtered case, one
    # prompt category's verdict changed): the shape Azure gives a filtered prompt
    data = json.loads((OPENAI / "azure-gpt-4o-content-filter-results.json").read_bytes())
    data["choices"] = []
    if filtered:
        data["prompt_filter_results"][0]["content_filter_results"]["jailbreak"] = {
            "filtered": True, "detected": True}
    return json.dumps(data).encode()


def test_no_choices_says_so() -> None:
    with pytest.raises(ParseError, match=r"the response has no choices \(an empty list\)$"):
        call(_azure_without_choices(False))


def test_no_choices_because_the_prompt_was_filtered_names_the_category() -> None:
    with pytest.raises(ParseError, match=r"content filter withheld the answer .*"
                                         r"\(filtered: jailbreak\)"):
        call(_azure_without_choices(True))


# --- what the server says it charged ------------------------------------------------------


def test_openrouters_usage_cost_is_the_reported_price() -> None:
    reply = call("openrouter-usage-cost-gpt-4.1-mini.json")
    assert reply.value.text.startswith("The main content of this document appears to be")
    assert reply.value.model == "openai/gpt-4.1-mini"
    assert (reply.usage.input_tokens, reply.usage.output_tokens) == (23, 48)
    assert reply.usage.reported_usd == pytest.approx(8.6e-05)


def test_bring_your_own_key_adds_the_upstream_bill() -> None:
    # the real answer with OpenRouter's BYOK fields as its google/gemini-2.5-flash
    # capture carries them (is_byok true, cost 0, the upstream's cost in cost_details)
    data = json.loads((OPENAI / "openrouter-usage-cost-gpt-4.1-mini.json").read_bytes())
    data["usage"].update(is_byok=True, cost=0)
    data["usage"]["cost_details"]["upstream_inference_cost"] = 0.0003253
    assert call(json.dumps(data).encode()).usage.reported_usd == pytest.approx(0.0003253)


@pytest.mark.parametrize("cost", ["0.01", None, -1, True, {"total_cost": 0.01}])
def test_a_cost_that_is_not_a_price_is_not_reported(cost: object) -> None:
    data = json.loads((OPENAI / "openrouter-usage-cost-gpt-4.1-mini.json").read_bytes())
    data["usage"]["cost"] = cost
    assert call(json.dumps(data).encode()).usage.reported_usd is None


# --- other providers' real error bodies (their shapes reach any OpenAI-compatible proxy) ----


@pytest.mark.parametrize(("name", "status", "said"), [
    # Cohere: a top-level "message" beside an "id"
    ("cohere-error-404-model-not-found.json", 404,
     "openai: HTTP 404 (the model named in config/adapters.yaml is not on this server): "
     "model 'nonexistent' not found, make sure the "
     "correct model ID was used"),
    # Anthropic: {"type": "error", "error": {"type", "message"}, "request_id"}
    ("anthropic-error-404-not-found-error.json", 404,
     "openai: HTTP 404 (the model named in config/adapters.yaml is not on this server): "
     "not_found_error: model: claude-sonet-4-5"),
    # Voyage AI (a FastAPI server): "detail" as a long string, cut to a readable length
    ("voyageai-error-400-detail-string.json", 400,
     "openai: HTTP 400 (the model named in config/adapters.yaml is not on this server): "
     "Model nonexistent is not supported. Supported "
     "models are ['g2-20250421-0156pm-voyage-2-series-preloading',"),
])
def test_other_providers_error_bodies_give_their_words(name: str, status: int,
                                                       said: str) -> None:
    with pytest.raises(ProviderError) as err:
        call(name, status)
    assert err.value.message.startswith(said) and err.value.status == status
    assert len(err.value.message) < 300  # the provider's words, cut, never the whole body


@pytest.mark.parametrize("code", [[], [1], {"a": 1}, 429, None])
def test_an_error_code_of_any_type_still_gives_the_status_error(code: object) -> None:
    # the real OpenAI error body with its code replaced: a list or an object there made
    # the content-filter check raise TypeError out of the adapter
    data = json.loads((OPENAI / "openai-error-400-unsupported-value.json").read_bytes())
    data["error"]["code"] = code
    with pytest.raises(ProviderError) as err:
        call(json.dumps(data).encode(), 400)
    assert err.value.message.startswith("openai: HTTP 400 (the server refused the request)")


@pytest.mark.parametrize("status", [429, 403])
def test_openais_spent_quota_moves_on_instead_of_waiting(status: int) -> None:
    # OpenAI says "You exceeded your current quota" with HTTP 429: no wait brings credit
    # back, so the pool takes the next key and the chain the next link (as for a 402)
    with pytest.raises(AuthError) as err:
        call("openai-error-429-insufficient-quota.json", status)
    assert "quota used up" in err.value.message
    assert "insufficient_quota: You exceeded your current quota" in err.value.message
    assert err.value.hint and "top up the account" in err.value.hint



GEMINI_PER_MINUTE = "gemini-error-429-per-minute-free-tier-retry-info.json"
GEMINI_PER_DAY = "gemini-error-429-per-day-quota-retry-info.json"


def test_gemini_per_minute_quota_waits_the_delay_google_gives() -> None:
    with pytest.raises(RateLimited) as err:
        call(GEMINI_PER_MINUTE, 429)
    assert err.value.retry_after == 4.0  # RetryInfo.retryDelay "4s"; no Retry-After sent
    assert "RESOURCE_EXHAUSTED: You exceeded your current quota" in err.value.message


def test_a_retry_after_header_wins_over_the_body() -> None:
    with pytest.raises(RateLimited) as err:
        call(GEMINI_PER_MINUTE, 429, **{"retry-after": "30"})
    assert err.value.retry_after == 30.0


#: OpenAI's rate-limit headers with the values open-webui issue #3743 quotes from a real
#: answer (remaining 499 requests, 29996 tokens; resets "120ms", "8ms")
OPENAI_LIMITS = {"x-ratelimit-limit-requests": "500", "x-ratelimit-limit-tokens": "30000",
                 "x-ratelimit-remaining-requests": "499",
                 "x-ratelimit-remaining-tokens": "29996",
                 "x-ratelimit-reset-requests": "120ms", "x-ratelimit-reset-tokens": "8ms"}
RATE_BODY = json.dumps({"error": {"message": "Rate limit reached", "type": "requests"}})


@pytest.mark.parametrize(("headers", "wait"), [
    # the limit the headers say is used up is the one to wait for
    ({**OPENAI_LIMITS, "x-ratelimit-remaining-tokens": "0",
      "x-ratelimit-reset-tokens": "6m0s"}, 360.0),
    ({**OPENAI_LIMITS, "x-ratelimit-remaining-requests": "0"}, 0.12),
    # both used up: the later reset
    ({**OPENAI_LIMITS, "x-ratelimit-remaining-requests": "0",
      "x-ratelimit-remaining-tokens": "0", "x-ratelimit-reset-tokens": "1.5s"}, 1.5),
    # some of each left: these limits did not refuse the call, so no wait is read there
    (OPENAI_LIMITS, None),
    # Retry-After and retry-after-ms come first
    ({**OPENAI_LIMITS, "x-ratelimit-remaining-tokens": "0", "retry-after": "7"}, 7.0),
    ({"retry-after-ms": "2500"}, 2.5),
    # a reset that is not a duration is no wait
    ({"x-ratelimit-remaining-tokens": "0", "x-ratelimit-reset-tokens": "soon"}, None),
])
def test_a_429_waits_for_the_limit_its_headers_say_is_used_up(
        headers: dict[str, str], wait: float | None) -> None:
    with pytest.raises(RateLimited) as err:
        call(RATE_BODY.encode(), 429, **headers)
    assert err.value.retry_after == pytest.approx(wait) if wait is not None \
        else err.value.retry_after is None


@pytest.mark.parametrize("listed", [False, True])
def test_gemini_per_day_quota_moves_on_instead_of_waiting_hours(listed: bool) -> None:
    # retryDelay 68405s (19 hours): the key is spent for today. Gemini's OpenAI-compatible
    # endpoint wraps its errors in a list (gemini-openai-error-400-list.json); the
    # recorded native body is served that way too
    raw = (OPENAI / GEMINI_PER_DAY).read_bytes()
    body = b"[" + raw + b"]" if listed else raw
    with pytest.raises(AuthError) as err:
        call(body, 429)
    assert "daily quota used up" in err.value.message
    assert err.value.hint and "used its queries for today" in err.value.hint


def test_a_request_too_large_for_the_model_fails_over_instead_of_stopping_the_chain() -> None:
    # Groq's 413 for a request over the plan's tokens-per-minute limit: a Rejected would
    # stop the chain, yet a larger model or the extractive synthesis can still answer
    with pytest.raises(ParseError) as err:
        call("groq-error-413-request-too-large-tpm.json", 413)
    assert "larger than this model accepts" in err.value.message
    assert "Request too large for model `llama-3.3-70b-versatile`" in err.value.message
    assert err.value.hint and "max_tokens" in err.value.hint


def test_a_context_window_overflow_fails_over_too() -> None:
    # OpenAI's code for a prompt over the model's context window, written into its real
    # 400 body (only "code" changed): the same decision as Groq's 413
    data = json.loads((OPENAI / "openai-error-400-unsupported-value.json").read_bytes())
    data["error"]["code"] = "context_length_exceeded"
    with pytest.raises(ParseError, match="larger than this model accepts"):
        call(json.dumps(data).encode(), 400)


def test_an_empty_anthropic_balance_moves_on_instead_of_stopping_the_chain() -> None:
    # a 400 invalid_request_error whose words say the account has no credit: Rejected
    # would stop the chain for good; it is the key's account, so the pool and chain move on
    with pytest.raises(AuthError) as err:
        call("anthropic-error-400-credit-balance-too-low.json", 400)
    assert "quota used up" in err.value.message
    assert "Your credit balance is too low to access the Anthropic API" in err.value.message
    assert "req_011CZv3GcSceqNVJF4ZRcyLt" not in err.value.message
