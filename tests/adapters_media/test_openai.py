"""The ``openai`` adapter (any Chat Completions server) at the adapter level, through
httpx.MockTransport: real captured bodies (OpenAI gpt-4o-mini, Ollama qwen3), the request
it sends (key only when configured, the request's language, labelled evidence), status
mapping, malformed answers, labels mapped back to the evidence.

Retries, Retry-After, journal, cost and failover belong to the providers layer and are
tested against a real local server in tests/integration/test_openai_chain.py.
"""

from __future__ import annotations

import json

import httpx
import pytest

from scout.adapters.openai import OpenAIAdapter
from scout.config.settings import OpenAISettings
from scout.errors import AuthError, ParseError, RateLimited, Unavailable
from scout.adapters.contract import EvidenceItem, Secret, SynthesisRequest
from tests.fakes.openai import OLLAMA_ANSWER, OPENAI_ANSWER, answer_with

KEY_VALUE = "sk-TEST-openai-8d1f0c2b9e"  # made up; must never show up in any output
KEY = Secret("OPENAI_API_KEY", KEY_VALUE)

EVIDENCE = [
    EvidenceItem(url="https://casabonay.example/hotel", title="Casa Bonay", subject="Casa Bonay",
                 text="Casa Bonay in Eixample: rooftop bar, rooms from 145 EUR, rated 8.9/10."),
    EvidenceItem(url="https://praktik.example/rambla", title="Praktik Rambla",
                 subject="Hotel Praktik Rambla",
                 text="Hotel Praktik Rambla: tiled modernista rooms from 120 EUR, 8.6/10."),
    EvidenceItem(url="https://generator.example/bcn", title="Generator", subject="Generator",
                 text="Generator Barcelona is a design hostel in Gracia with private rooms."),
]


#: an answer that cites the evidence, as the prompt asks
CITED = "Casa Bonay has a rooftop bar and rooms from 145 EUR [E1]. Praktik costs 120 EUR [E2]."


def request(**kw: object) -> SynthesisRequest:
    base: dict[str, object] = dict(
        question="Which hotel should I book?",
        task={"query": "hoteles en Barcelona por menos de 200 euros",
              "values": {"destination": "Barcelona"}},
        candidates=["Casa Bonay", "Hotel Praktik Rambla"], evidence=EVIDENCE)
    base.update(kw)
    return SynthesisRequest(**base)


class Capture:
    def __init__(self, status: int = 200, body: bytes | None = None,
                 headers: dict[str, str] | None = None) -> None:
        self.status = status
        # the real gpt-4o-mini body, its content an answer citing the evidence: the
        # captured one answered a prompt with none, and an answer citing nothing of the
        # evidence it was given is refused (test_an_answer_citing_none_of_its_evidence_...)
        self.body = answer_with(CITED) if body is None else body
        self.headers = headers or {}
        self.requests: list[httpx.Request] = []

    def __call__(self, req: httpx.Request) -> httpx.Response:
        self.requests.append(req)
        return httpx.Response(self.status, content=self.body,
                              headers={"content-type": "application/json", **self.headers})

    def body_json(self, i: int = -1) -> dict:
        return json.loads(self.requests[i].content)


def adapter(handler, name: str = "openai", **settings: object) -> OpenAIAdapter:
    cfg = OpenAISettings(**{"type": "openai", "base_url": "http://127.0.0.1:11434/v1",
                            **settings})
    return OpenAIAdapter(name, cfg, httpx.Client(transport=httpx.MockTransport(handler)))


# --- the real captured bodies ---------------------------------------------------------------


def test_the_real_openai_answer_becomes_a_synthesis() -> None:
    # captured for a prompt with no evidence: it cites none, and none was sent
    reply = adapter(Capture(body=OPENAI_ANSWER.read_bytes())).call(request(evidence=[]), KEY)
    syn = reply.value
    assert syn.adapter == "openai" and syn.model == "gpt-4o-mini-2024-07-18"
    assert syn.text.startswith("On Tuesday, we can expect a chilly day")
    assert [s.text for s in syn.sentences][1] == "The average temperature for the day " \
        "stands at a cool 5°C."
    assert len(syn.sentences) == 4 and [b.kind for b in syn.blocks] == ["paragraph"]
    # the captured answer cites nothing: every sentence is marked, and the note says so
    assert all(s.uncited and s.citations == [] for s in syn.sentences)
    assert syn.citations == []
    assert any("cites none of the evidence" in n for n in syn.notes)
    assert reply.usage.input_tokens == 54 and reply.usage.output_tokens == 79
    assert reply.usage.requests == 1
    assert reply.meta["id"] == "chatcmpl-AZvnAqepiNWh0HdS4B023X7hpoGzU"
    assert reply.meta["finish_reason"] == "stop"


def test_the_real_ollama_answer_parses_without_created_and_with_tool_calls() -> None:
    reply = adapter(Capture(body=OLLAMA_ANSWER.read_bytes())).call(request(evidence=[]))
    assert reply.value.model == "qwen3:8b-q8_0"
    assert reply.value.sentences[0].text == "Hello, John!"
    assert reply.usage.input_tokens == 164 and reply.usage.output_tokens == 188
    assert reply.meta["finish_reason"] == "tool_calls"


# --- the request --------------------------------------------------------------------------


def test_a_keyless_local_server_gets_no_authorization_header() -> None:
    cap = Capture()
    adapter(cap).call(request(), None)
    sent = cap.requests[0]
    assert str(sent.url) == "http://127.0.0.1:11434/v1/chat/completions"
    assert "authorization" not in {k.lower() for k in sent.headers}


def test_the_key_is_sent_as_bearer_only_when_configured() -> None:
    cap = Capture()
    reply = adapter(cap).call(request(), KEY)
    assert cap.requests[0].headers["authorization"] == f"Bearer {KEY_VALUE}"
    dumped = reply.value.model_dump_json() + json.dumps(reply.meta, default=str)
    assert KEY_VALUE not in dumped and KEY_VALUE[:12] not in dumped


def test_the_body_carries_model_evidence_labels_and_the_request_language() -> None:
    cap = Capture()
    adapter(cap, model="llama3.1:8b", max_tokens=500, temperature=0.1).call(
        request(lang="es"))
    body = cap.body_json()
    assert body["model"] == "llama3.1:8b" and body["stream"] is False
    assert body["max_tokens"] == 500 and body["temperature"] == 0.1
    system, user = body["messages"][0], body["messages"][1]
    assert system["role"] == "system" and "Spanish" in system["content"]
    assert "[E1]" in system["content"]  # told to cite the labels
    assert user["role"] == "user"
    for k, item in enumerate(EVIDENCE, 1):
        assert f"[E{k}] {item.title} ({item.url})" in user["content"]
    assert "Request: hoteles en Barcelona por menos de 200 euros" in user["content"]


def test_english_by_default_and_reasoning_models_token_parameter() -> None:
    cap = Capture()
    adapter(cap, max_tokens_param="max_completion_tokens").call(request())
    body = cap.body_json()
    assert "English" in body["messages"][0]["content"]
    assert body["max_completion_tokens"] == 800 and "max_tokens" not in body
    assert "temperature" not in body  # the server's default unless configured


def test_the_base_url_is_overridden_by_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOUTE_LOCAL_LLM_BASE_URL", "http://127.0.0.1:8080/v1/")
    cap = Capture()
    adapter(cap, name="local_llm").call(request())
    assert str(cap.requests[0].url) == "http://127.0.0.1:8080/v1/chat/completions"


# --- answers ------------------------------------------------------------------------------


def test_labels_map_back_to_the_evidence_and_unknown_ones_are_dropped_and_noted() -> None:
    content = ("Casa Bonay is the best rated at 8.9/10 [E1]. Praktik Rambla is cheaper "
               "at 120 EUR [2]. A fourth hotel is closer to the beach [E7]. "
               "Book early.")
    syn = adapter(Capture(body=answer_with(content))).call(request()).value
    assert [(s.text, s.citations, s.uncited) for s in syn.sentences] == [
        ("Casa Bonay is the best rated at 8.9/10.", [1], False),
        ("Praktik Rambla is cheaper at 120 EUR.", [2], False),
        ("A fourth hotel is closer to the beach.", [], True),
        ("Book early.", [], True),
    ]
    assert [(c.index, c.url, c.title) for c in syn.citations] == [
        (1, EVIDENCE[0].url, "Casa Bonay"), (2, EVIDENCE[1].url, "Praktik Rambla")]
    assert syn.notes == ["citation [E7] dropped: it points at nothing the model was given "
                         "(evidence [E1], [E2], [E3])"]


def test_a_label_whose_evidence_did_not_fit_the_prompt_does_not_resolve() -> None:
    many = [EvidenceItem(url=f"https://e{i}.example/", title=f"Item {i}", text="word " * 400)
            for i in range(1, 41)]
    cap = Capture(body=answer_with("First [E1]. Last [E40]."))
    reply = adapter(cap, context_budget_chars=1500).call(request(evidence=many))
    sent = cap.body_json()["messages"][1]["content"]
    # items that get no fair share of the budget are left out (the first ones here)
    assert "[E1]" not in sent and "[E40]" in sent and reply.meta["evidence_dropped"] > 0
    assert [s.citations for s in reply.value.sentences] == [[], [40]]
    assert "[E1]" in reply.value.notes[0]
    assert reply.value.citations[0].url == "https://e40.example/"


def test_think_blocks_are_removed_before_parsing() -> None:
    content = ("<think>\nThe user writes Spanish. Hotel Arts is [E9] maybe.\n</think>\n\n"
               "Casa Bonay es la mejor opción [E1].")
    reply = adapter(Capture(body=answer_with(content, OLLAMA_ANSWER))).call(request(lang="es"))
    assert [s.text for s in reply.value.sentences] == ["Casa Bonay es la mejor opción."]
    assert "think" not in reply.value.text and "Hotel Arts" not in reply.value.text
    assert reply.value.notes == [] and reply.meta["reasoning_removed"] is True


def test_tables_and_lists_become_blocks() -> None:
    content = ("| Hotel | Price |\n|---|---|\n| Casa Bonay | 145 EUR [E1] |\n"
               "| Praktik Rambla | 120 EUR [E2] |\n\n- Casa Bonay: rooftop [E1]\n"
               "- Generator: hostel [E3]")
    syn = adapter(Capture(body=answer_with(content))).call(request()).value
    assert [b.kind for b in syn.blocks] == ["table", "list"]
    assert [r.cells for r in syn.blocks[0].rows] == [["Casa Bonay", "145 EUR"],
                                                     ["Praktik Rambla", "120 EUR"]]
    assert [s.text for s in syn.sentences] == ["Casa Bonay: rooftop", "Generator: hostel"]
    assert {c.index for c in syn.citations} == {1, 2, 3}


@pytest.mark.parametrize("body, message", [
    (b"<html>Bad gateway</html>", "not JSON"),
    (json.dumps({"object": "chat.completion", "choices": []}).encode(), "no choices"),
    (json.dumps({"choices": [{"message": {"content": ["parts"]}}]}).encode(), "not text"),
    (json.dumps({"choices": [{"message": {"content": None, "refusal": "I can't."}}]}).encode(),
     "refused"),
    (answer_with("<think>\nStill thinking about the budget"), "only the model's reasoning"),
    (answer_with("   \n\n  "), "answered with empty text"),
])
def test_malformed_answers_raise_a_clear_parse_error(body: bytes, message: str) -> None:
    with pytest.raises(ParseError) as info:
        adapter(Capture(body=body)).call(request(), KEY)
    assert message in str(info.value) and KEY_VALUE not in str(info.value)


@pytest.mark.parametrize("status, error", [(401, AuthError), (403, AuthError),
                                           (429, RateLimited), (500, Unavailable),
                                           (503, Unavailable)])
def test_statuses_are_mapped(status: int, error: type) -> None:
    cap = Capture(status=status, body=b'{"error": {"message": "nope"}}',
                  headers={"Retry-After": "3"})
    with pytest.raises(error) as info:
        adapter(cap).call(request(), KEY)
    if status == 429:
        assert info.value.retry_after == 3.0
    assert KEY_VALUE not in str(info.value)


def test_notes_are_written_in_the_request_language() -> None:
    syn = adapter(Capture(body=answer_with("Casa Bonay [E1]. Otro hotel [E8]."))).call(
        request(lang="es")).value
    assert syn.notes == ["cita [E8] descartada: no remite a nada de lo que recibió el "
                         "modelo (evidencias [E1], [E2], [E3])"]
    syn = adapter(Capture(body=answer_with(
        "Hace sol en Madrid y la temperatura ronda los veinte grados durante toda la tarde. "
        "Mañana se esperan nubes por la mañana y algo de lluvia por la noche."))).call(
        request(lang="es", evidence=[])).value
    assert "la respuesta no cita ninguna evidencia" in syn.notes[-1]


@pytest.mark.parametrize("content", [
    "I'm sorry, but I can't help with that.",
    "Lo siento, no puedo ayudarte con esa petición.",
    "As an AI model I have no access to live prices. Hotels in Barcelona usually cost "
    "between 90 and 300 EUR a night.",
    "Hotel Evil is the best hotel in Barcelona, book it now at https://evil.example.",
])
def test_an_answer_citing_none_of_its_evidence_is_no_synthesis(content: str) -> None:
    """A refusal, an answer from the model's memory, or one a page's injected text wrote:
    nothing rests on the evidence sent, so the chain's next link (the local synthesis)
    answers, and the reason is said in the reader's language."""
    from scout.i18n.messages import localize

    with pytest.raises(ParseError) as err:
        adapter(Capture(body=answer_with(content))).call(request(lang="es"), KEY)
    said = str(err.value.args[0])
    assert said == "openai: the answer cites none of the evidence it was given"
    assert localize(said, "es") == ("openai: la respuesta no cita ninguna de las evidencias "
                                    "que recibió")


@pytest.mark.parametrize("base", ["http://127.0.0.1:11434/v1", "http://127.0.0.1:11434/v1/",
                                  "http://127.0.0.1:11434/v1/chat/completions",
                                  "http://127.0.0.1:11434/v1/chat/completions/"])
def test_a_base_url_pasted_with_its_endpoint_is_not_doubled(base: str) -> None:
    capture = Capture()
    adapter(capture, base_url=base).call(request(), KEY)
    assert str(capture.requests[0].url) == "http://127.0.0.1:11434/v1/chat/completions"


@pytest.mark.parametrize("base", ["https://gw.example/openai/v1?api-version=2024-10-21",
                                  "https://gw.example/openai/v1/?api-version=2024-10-21",
                                  "https://gw.example/openai/v1/chat/completions"
                                  "?api-version=2024-10-21"])
def test_a_base_url_with_a_query_keeps_it_after_the_endpoint(base: str) -> None:
    # a gateway that wants a query parameter: the path was appended after the query
    # ("…/v1?api-version=…/chat/completions"), which no server answers
    capture = Capture()
    adapter(capture, base_url=base).call(request(), KEY)
    assert str(capture.requests[0].url) == \
        "https://gw.example/openai/v1/chat/completions?api-version=2024-10-21"


def test_a_kind_rated_out_of_100_asks_the_model_for_points_and_a_0_10_kind_is_unchanged() -> None:
    # wines: critics' points; the model must not write "9.3/10" beside the report's 93/100
    cap = Capture()
    adapter(cap).call(request(rating_scale=100, lang="es"), None)
    system = cap.body_json()["messages"][0]["content"]
    assert "out of 100 (e.g. 93/100)" in system and "0-10 scale" in system
    adapter(cap).call(request(rating_scale=5), None)
    assert "out of 5 (e.g. 4.5/5)" in cap.body_json()["messages"][0]["content"]
    # a 0-10 kind's message, and so its cache and replay key, is what it was
    adapter(cap).call(request(), None)
    assert "out of" not in cap.body_json()["messages"][0]["content"]
    from scout.adapters.prompt import system_prompt
    assert cap.body_json()["messages"][0]["content"] == system_prompt("en", web=False)
