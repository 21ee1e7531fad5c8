"""Why a model's answer was not used, in the reader's language: the report's note on the
synthesis link that failed ("openai error: …") is localised whole, so a Spanish report
does not say "the answer holds no text" when the local synthesis stands in for an empty,
reasoning-only or refused answer. Each answer goes through the real adapter."""

from __future__ import annotations

import json

import pytest

from scout.errors import ParseError
from scout.i18n.messages import localize
from tests.adapters_media.test_openai import KEY, Capture, adapter, request
from tests.fakes.openai import answer_with


def failure(content: str, **message: object) -> str:
    body = json.loads(answer_with(content))
    body["choices"][0]["message"].update(message)
    with pytest.raises(ParseError) as err:
        adapter(Capture(body=json.dumps(body).encode())).call(request(lang="es"), KEY)
    return str(err.value.args[0] if err.value.args else err.value)


@pytest.mark.parametrize(("content", "message", "english", "spanish"), [
    (" \n\t ", {}, "the model answered with empty text",
     "el modelo respondió con un texto vacío"),
    ("<think>Casa Bonay looks best [E1]</think>", {},
     "the answer holds only the model's reasoning",
     "la respuesta solo contiene el razonamiento del modelo"),
    ("", {"reasoning_content": "Casa Bonay [E1]"},
     "the answer holds only the model's reasoning",
     "la respuesta solo contiene el razonamiento del modelo"),
    ("", {"refusal": "Lo siento, no puedo ayudar con eso."}, "the model refused to answer",
     "el modelo se negó a responder: Lo siento"),
])
def test_a_failed_answer_is_said_in_spanish_in_the_reports_note(
        content: str, message: dict, english: str, spanish: str) -> None:
    said = failure(content, **message)
    assert english in said
    note = localize(f"openai error: {said}", "es")
    assert spanish in note and english not in note, note


def failed_body(body: dict) -> str:
    with pytest.raises(ParseError) as err:
        adapter(Capture(body=json.dumps(body).encode())).call(request(lang="es"), KEY)
    return str(err.value.args[0])


def with_choice(**choice: object) -> dict:
    body = json.loads(answer_with("x"))
    body["choices"][0].update(choice)
    return body


@pytest.mark.parametrize(("body", "english", "spanish"), [
    # tool calls instead of an answer (content null): OpenAI's, vLLM's, Ollama's shape
    (with_choice(message={"role": "assistant", "content": None, "tool_calls": [
        {"id": "call_1", "type": "function",
         "function": {"name": "web_search", "arguments": "{\"q\": \"hoteles\"}"}}]},
        finish_reason="tool_calls"),
     "the model called tools instead of answering in text",
     "el modelo llamó a herramientas en vez de responder con texto"),
    # no choice at all (a gateway's answer when the upstream produced nothing)
    ({**json.loads(answer_with("x")), "choices": []},
     "the response has no choices (an empty list)",
     "la respuesta no tiene choices (una lista vacía)"),
    # content neither text nor parts
    (with_choice(message={"role": "assistant", "content": {"text": 1}}),
     "message content is not text", "el contenido del mensaje no es texto"),
    # no message, an error's words beside it (a server's 200 carrying an error string)
    ({"choices": [{"index": 0}], "error": "upstream overloaded"},
     "the response has no choices[0].message.content (",
     "la respuesta no tiene choices[0].message.content ("),
])
def test_a_body_without_an_answer_is_said_in_spanish_too(body: dict, english: str,
                                                         spanish: str) -> None:
    said = failed_body(body)
    assert english in said
    note = localize(f"openai error: {said}", "es")
    assert spanish in note and english not in note, note
