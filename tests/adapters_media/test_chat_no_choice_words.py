"""A 200 that holds no answer says why in the report's language, through the real
``openai`` adapter: a choice-less body whose reason is elsewhere (Gemini's
``promptFeedback.blockReason`` with no candidate, "PROHIBITED_CONTENT": Oaklight/llm-rosetta
PR #436, tested against the live API; LiteLLM passed such an answer on as ``choices: []``,
BerriAI/litellm PR #40864 — no whole body was published, so the body here holds only the
fields those threads name), a content filter that withheld the answer (a real captured
body), and OpenRouter's ``finish_reason: "error"`` (a real captured body, streamed and
not). Their words were English f-strings, so a Spanish report's note said them in English.
"""

from __future__ import annotations

import json

import pytest

from scout.errors import ParseError, ProviderError, Unavailable
from scout.i18n.messages import localize
from tests.adapters_media.test_openai import KEY, Capture, adapter, request
from tests.fakes.media import FIXTURES

OPENAI = FIXTURES / "openai"


def failure(body: bytes, lang: str, ctype: str = "application/json") -> ProviderError:
    capture = Capture(body=body, headers={"content-type": ctype})
    with pytest.raises(ProviderError) as caught:
        adapter(capture).call(request(lang=lang), KEY)
    return caught.value


@pytest.mark.parametrize(("body", "es", "en"), [
    ({"choices": [], "promptFeedback": {"blockReason": "PROHIBITED_CONTENT"}},
     "openai: el proveedor bloqueó el prompt (PROHIBITED_CONTENT): no respondió ninguna opción",
     "openai: the provider blocked the prompt (PROHIBITED_CONTENT): it answered no choice"),
    ({"choices": [], "prompt_feedback": {"block_reason": "SAFETY"}, "usage": {}},
     "openai: el proveedor bloqueó el prompt (SAFETY): no respondió ninguna opción",
     "openai: the provider blocked the prompt (SAFETY): it answered no choice"),
    ({"choices": [], "finish_reason": "length"},
     "openai: la respuesta no tiene choices (una lista vacía; finish_reason 'length')",
     "openai: the response has no choices (an empty list; finish_reason 'length')"),
    ({"choices": []},
     "openai: la respuesta no tiene choices (una lista vacía)",
     "openai: the response has no choices (an empty list)"),
])
def test_a_body_with_no_choice_says_why_it_has_none(body: dict, es: str, en: str) -> None:
    error = failure(json.dumps(body).encode(), "es")
    assert isinstance(error, ParseError)
    assert localize(error.message, "es") == es
    assert localize(error.message, "en") == error.message == en


@pytest.mark.parametrize(("name", "ctype", "kind", "es"), [
    ("openai-gpt-3.5-content-filter-empty-content.json", "application/json", ParseError,
     "openai: el filtro de contenido del proveedor retuvo la respuesta (finish_reason "
     "'content_filter')"),
    ("openrouter-200-finish-reason-error-ctrl-token.json", "application/json", Unavailable,
     "openai: el modelo falló mientras respondía (finish_reason 'error': "
     "MALFORMED_FUNCTION_CALL)"),
    ("openrouter-stream-finish-reason-error-chunk.txt", "text/event-stream", Unavailable,
     "openai: el modelo falló mientras respondía (finish_reason 'error': "
     "MALFORMED_FUNCTION_CALL)"),
])
def test_a_withheld_or_failed_answer_is_said_in_spanish(name: str, ctype: str, kind: type,
                                                       es: str) -> None:
    error = failure((OPENAI / name).read_bytes(), "es", ctype)
    assert isinstance(error, kind)
    assert localize(error.message, "es") == es
    assert "traceback" not in error.message.lower()


def test_the_filtered_categories_are_named_in_both_languages() -> None:
    body = json.loads((OPENAI / "azure-gpt-4o-content-filter-results.json").read_text())
    body["choices"][0].update(finish_reason="content_filter",
                              message={"role": "assistant", "content": None})
    body["choices"][0]["content_filter_results"] = {"violence": {"filtered": True,
                                                                 "severity": "medium"}}
    error = failure(json.dumps(body).encode(), "es")
    assert localize(error.message, "es") == (
        "openai: el filtro de contenido del proveedor retuvo la respuesta (finish_reason "
        "'content_filter') (filtrado: violence (medium))")
    assert error.message.endswith("(finish_reason 'content_filter') (filtered: violence "
                                  "(medium))")
