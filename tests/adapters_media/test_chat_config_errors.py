"""A chat server's error that says this link is set up wrong (scout/adapters/chat_config.py),
read from real bodies captured from OpenAI, Ollama, vLLM, llama.cpp and DeepSeek
(tests/fixtures/providers/SOURCES.md, openai/): the wrong model, a base URL without its
``/v1``, a prompt over the context window, no key sent, a setting the server refuses.

Each is a ParseError, so the synthesis chain moves on to its next link and the report is
still written; its one line names the setting to change, in the reader's language."""

from __future__ import annotations

import json

import pytest

from scout.adapters.chat_config import classify
from scout.errors import AuthError, ParseError, RateLimited, Unavailable
from scout.i18n.messages import localize
from tests.adapters.helpers import FIXTURES
from tests.adapters_media.test_openai import KEY, KEY_VALUE, Capture, adapter, request

OPENAI = FIXTURES / "openai"
MODEL = "the model named in config/adapters.yaml is not on this server"
URL = "no chat endpoint at this base_url: it usually ends at /v1"
LARGE = "the request is larger than this model accepts"
REFUSED = "the server refused the request"


def fails(name: str | bytes, status: int, model: str = "gpt-4o-mini", keyed: bool = True,
          **headers: str) -> Exception:
    raw = (OPENAI / name).read_bytes() if isinstance(name, str) else name
    with pytest.raises(Exception) as err:
        adapter(Capture(status, raw, headers), model=model).call(request(),
                                                                 KEY if keyed else None)
    return err.value


@pytest.mark.parametrize(("name", "status", "model", "what", "said"), [
    # Ollama's OpenAI-compatible endpoint and its native API: a model never pulled
    ("ollama-openai-error-404-model-not-found.json", 404, "ollama", MODEL,
     'model "ollama" not found, try pulling it first'),
    ("ollama-native-error-404-model-not-found.json", 404, "llama3", MODEL,
     "model 'llama3' not found"),
    # the name as the server wrote it back, tag added: the words still say "model"
    ("ollama-native-error-404-model-not-found.json", 404, "llama3:8b", MODEL, "llama3"),
    # vLLM's flat error for a model it does not serve, as curl printed it
    ("vllm-error-404-model-does-not-exist.json", 404, "Qwen3-32B", MODEL,
     "The model `Qwen3-32B` does not exist."),
    # a base URL without /v1: OpenAI's two wordings of "no such endpoint"
    ("openai-error-404-unknown-url.json", 404, "gpt-4o-mini", URL,
     "unknown_url: Unknown request URL: POST /chat/completions"),
    ("openai-error-404-invalid-url.json", 404, "gpt-4o-mini", URL,
     "Invalid URL (POST /chat/completions)"),
    # over the context window: by code (OpenAI, llama.cpp) or by the words alone (vLLM's
    # top-level error, DeepSeek's code that names no reason)
    ("openai-error-400-context-length-exceeded.json", 400, "gpt-3.5-turbo", LARGE,
     "maximum context length is 4097 tokens"),
    ("llamacpp-error-400-exceed-context-size.json", 400, "gpt-4o-mini", LARGE,
     "the request exceeds the available context size"),
    ("llamacpp-error-400-exceed-context-size-tokens.json", 400, "gpt-4o-mini", LARGE,
     "request (25837 tokens) exceeds the available context size (25088 tokens)"),
    ("vllm-error-400-max-context-length.json", 400, "meta-llama/Llama-3.1-8B", LARGE,
     "maximum context length is 6048 tokens"),
    ("deepseek-error-400-context-length-invalid-request-error.json", 400, "deepseek-chat",
     LARGE, "maximum context length is 131072 tokens"),
    # a value the server refuses: vLLM's top-level error object
    ("vllm-error-400-max-tokens-negative.json", 400, "gpt-4o-mini", REFUSED,
     "max_tokens must be at least 1, got -186."),
])
def test_a_servers_error_names_the_setting_and_moves_the_chain_on(
        name: str, status: int, model: str, what: str, said: str) -> None:
    err = fails(name, status, model)
    assert type(err) is ParseError  # the chain's next link answers; no Rejected stop
    assert err.message.startswith(f"openai: HTTP {status} ({what})")
    assert said in err.message and err.status == status
    assert err.hint  # what to change, for `scout doctor` and the CLI
    assert "\n" not in err.message  # one line


def test_the_same_error_inside_a_200_is_read_the_same_way() -> None:
    # the llama.cpp body carries its status as "code": a proxy that answers 200 with it
    err = fails("llamacpp-error-400-exceed-context-size.json", 200)
    assert type(err) is ParseError and LARGE in err.message
    assert "in the body of an HTTP 200 answer" in err.message


def test_lm_studios_200_for_a_path_without_v1_names_the_base_url() -> None:
    # LM Studio answers an unknown path with HTTP 200 and an error quoting it
    raw = (OPENAI / "lmstudio-200-unexpected-endpoint.json").read_bytes()
    cap = Capture(200, raw, {"content-type": "application/json; charset=utf-8"})
    with pytest.raises(ParseError) as err:
        adapter(cap, base_url="http://127.0.0.1:1234").call(request(), None)
    assert str(cap.requests[0].url) == "http://127.0.0.1:1234/chat/completions"
    assert err.value.message.startswith(f"openai: HTTP 200 ({URL}) (in the body of an HTTP "
                                        "200 answer): Unexpected endpoint or method.")
    assert err.value.hint and "/v1" in err.value.hint


@pytest.mark.parametrize("status", [200, 404])
def test_a_server_that_echoes_the_key_in_its_error_never_shows_it(status: int) -> None:
    # LM Studio's recorded words with the key a proxy wrote beside them
    said = f"Unexpected endpoint or method. (POST /chat/completions) for {KEY_VALUE}"
    cap = Capture(status, json.dumps({"error": said}).encode())
    with pytest.raises(ParseError) as err:
        adapter(cap, base_url="http://127.0.0.1:1234").call(request(), KEY)
    assert URL in err.value.message and "REDACTED" in err.value.message
    assert KEY_VALUE not in str(err.value) and KEY_VALUE not in repr(err.value.__dict__)


def test_an_error_in_a_200_that_names_no_cause_is_left_to_the_answer_reader() -> None:
    body = json.dumps({"error": "something went wrong upstream"}).encode()
    err = fails(body, 200)
    assert type(err) is ParseError and "no choices[0].message.content" in err.message
    assert "something went wrong upstream" in err.message


def test_a_context_overflow_sent_as_a_server_error_is_not_retried() -> None:
    # llama.cpp sent this error with code 500 before it used 400 (ggml-org/llama.cpp PR
    # 15780): a retry sends the same prompt, so it is no Unavailable to retry
    data = json.loads((OPENAI / "llamacpp-error-400-exceed-context-size.json").read_bytes())
    data["error"]["code"] = 500
    err = fails(json.dumps(data).encode(), 500)
    assert type(err) is ParseError and LARGE in err.message


def test_a_401_when_no_key_was_sent_says_to_configure_one() -> None:
    # OpenAI's body for a wrong key (its message as widely quoted; no capture was found)
    body = json.dumps({"error": {"message": "You didn't provide an API key.",
                                 "type": "invalid_request_error", "code": None}}).encode()
    err = fails(body, 401, keyed=False)
    assert type(err) is AuthError
    assert "the server asks for a key and none was sent" in err.message
    assert err.hint and "credentials" in err.hint
    sent = fails(body, 401, keyed=True)  # a key was sent and refused: the usual words
    assert type(sent) is AuthError and "none was sent" not in sent.message


@pytest.mark.parametrize(("status", "kind"), [(429, RateLimited), (503, Unavailable),
                                              (402, AuthError), (403, AuthError)])
def test_statuses_a_wait_or_another_key_fixes_keep_their_kind(status: int, kind: type) -> None:
    # a model name in the words changes nothing here: the status decides
    body = json.dumps({"error": {"message": "model gpt-4o-mini not found"}}).encode()
    assert type(fails(body, status)) is kind


@pytest.mark.parametrize("words", [
    "Unsupported value: 'messages[0].role' does not support 'system' with this model.",
    "Web search options not supported with this model.",
    "'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
])
def test_a_refused_setting_that_mentions_the_model_is_not_a_missing_model(words: str) -> None:
    err = classify(400, words, ("invalid_request_error",), "openai", "o1-mini", True)
    assert isinstance(err, ParseError) and REFUSED in err.message


def test_the_words_are_said_in_spanish() -> None:
    # the note the report shows for a failed link, localised piece by piece
    for what, spanish in [(MODEL, "el modelo indicado en config/adapters.yaml no está en "
                                  "este servidor"),
                          (URL, "no hay endpoint de chat en esta base_url: suele terminar "
                                "en /v1"),
                          (REFUSED, "el servidor rechazó la petición")]:
        note = f"openai error: openai: HTTP 404 ({what}): Not Found"
        assert localize(note, "es") == f"openai falló: openai: HTTP 404 ({spanish}): Not Found"
