"""Errors that arrive in the body of an HTTP 200, through the real ``openai`` adapter.

OpenRouter sends its 200 before the upstream model runs; a failure after that rides the
body (its API reference: check for ``error`` even on a 200). No 200 of that kind was
recorded whole (SOURCES.md, openai/), so these tests serve OpenRouter's recorded error
body (a 429, tests/fixtures/providers/openai/openrouter-error-429-provider-returned-error.json)
with status 200 and say so; the code inside decides the kind of error, as the status
would have."""

from __future__ import annotations

import json

import pytest

from scout.errors import AuthError, ParseError, ProviderError, RateLimited, Unavailable
from tests.adapters.helpers import FIXTURES
from tests.adapters_media.test_openai import KEY, KEY_VALUE, Capture, adapter, request

RECORDED = FIXTURES / "openai" / "openrouter-error-429-provider-returned-error.json"


def fails(body: bytes, **headers: str) -> ProviderError:
    with pytest.raises(ProviderError) as err:
        adapter(Capture(200, body, headers)).call(request(), KEY)
    assert KEY_VALUE not in str(err.value) and KEY_VALUE not in (err.value.hint or "")
    return err.value


def test_a_rate_limit_in_a_200_waits_and_retries_like_a_429() -> None:
    error = fails(RECORDED.read_bytes(), **{"retry-after": "7"})
    assert isinstance(error, RateLimited) and error.retry_after == 7.0
    assert "HTTP 429" in error.message and "in the body of an HTTP 200 answer" in error.message
    assert "Provider returned error (Google: google/gemini-2.0-flash-exp:free is " \
        "temporarily rate-limited upstream" in error.message


@pytest.mark.parametrize(("code", "kind"), [
    (401, AuthError), (402, AuthError), ("502", Unavailable), (503, Unavailable),
])
def test_the_code_in_the_body_decides_the_kind(code: object, kind: type) -> None:
    body = json.loads(RECORDED.read_bytes())
    body["error"]["code"] = code  # the recorded body, another code (a string, too)
    error = fails(json.dumps(body).encode())
    assert type(error) is kind and error.status == int(str(code))


def test_an_error_on_the_first_choice_is_read_too() -> None:
    # OpenRouter's documented form for a failure after some output: finish_reason "error"
    # and the error on the choice; the recorded error object is put there
    recorded = json.loads(RECORDED.read_bytes())["error"]
    body = {"choices": [{"index": 0, "finish_reason": "error", "error": recorded,
                         "message": {"role": "assistant", "content": "Casa Bon"}}]}
    error = fails(json.dumps(body).encode())
    assert isinstance(error, RateLimited) and "Provider returned error" in error.message


def test_a_key_echoed_in_the_error_is_scrubbed() -> None:
    body = json.loads(RECORDED.read_bytes())
    body["error"]["code"] = 401
    body["error"]["metadata"]["raw"] = f"Invalid API key: {KEY_VALUE}"
    error = fails(json.dumps(body).encode())
    assert isinstance(error, AuthError) and "Invalid API key: REDACTED" in error.message


def test_an_error_without_a_status_code_stays_a_parse_error() -> None:
    body = json.loads(RECORDED.read_bytes())
    body["error"]["code"] = "model_not_found"  # no status in it: nothing to map
    error = fails(json.dumps(body).encode())
    assert isinstance(error, ParseError) and "model_not_found" in error.message


@pytest.mark.parametrize("code", [
    "Infinity", "1e400", '"4\u00b29"', '"\u0664\u0662\u0669"', '"429abc"', '"' + "4" * 5000 + '"',
    "999", "-1", "[429]", "true",
])
def test_a_code_that_is_no_status_is_left_to_the_answer_reader(code: str) -> None:
    # JSON lets a body write Infinity or a huge number, and a string of any digits: none
    # is a status, so none may crash the call (int() of them raised) or be mapped as one
    body = RECORDED.read_text(encoding="utf-8")
    body = json.loads(body)
    text = json.dumps(body).replace('"code": 429', '"code": ' + code)
    assert ('"code": ' + code) in text
    error = fails(text.encode())
    assert isinstance(error, ParseError) and "in the body of an HTTP 200" not in error.message


def test_token_counts_past_any_int_are_unknown_not_a_crash() -> None:
    from scout.adapters.chat import token_usage

    usage = token_usage({"prompt_tokens": float("inf"), "completion_tokens": float("nan")})
    assert usage.input_tokens is None and usage.output_tokens is None
    assert token_usage({"prompt_tokens": 12, "completion_tokens": -4}).input_tokens == 12


@pytest.mark.parametrize(("error", "kind"), [
    # an upstream's empty balance, relayed with its status as the code: the next key or
    # link, as over HTTP (check_status alone made the 400 a Rejected, which stops the chain)
    ({"code": 400, "message": "Your credit balance is too low to access the Anthropic API"},
     AuthError),
    ({"code": "429", "type": "insufficient_quota", "message": "You exceeded your quota"},
     AuthError),
    # a setting this server refuses: this link's setup, so the chain moves on (as over HTTP)
    ({"code": 400, "message": "Invalid value for temperature"}, ParseError),
])
def test_an_in_band_error_is_classified_as_over_http(error: dict, kind: type) -> None:
    failure = fails(json.dumps({"error": error}).encode(), **{"content-encoding": "identity"})
    assert type(failure) is kind
    assert "in the body of an HTTP 200 answer" in failure.message


def test_an_answer_s_body_is_parsed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # in_band_error looks for an error in every 200 and read_completion then reads the
    # answer: both read one parse of the body (a long answer was parsed twice)
    import scout.adapters.chat_stream as chat_stream  # where an answer's body is read

    parsed: list[int] = []

    def counting(response: object) -> object:
        parsed.append(1)
        return real(response)

    real = chat_stream.load_json
    monkeypatch.setattr(chat_stream, "load_json", counting)
    reply = adapter(Capture(200)).call(request(), KEY)  # the recorded gpt-4o-mini body
    assert reply.value.sentences and len(parsed) == 1
