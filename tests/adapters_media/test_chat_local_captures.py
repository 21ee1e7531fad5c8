"""Answers of local OpenAI-compatible servers and of Perplexity recorded by other people
(LM Studio serving Qwen2.5-Coder, a DeepSeek-R1 distill and Gemma 4; Moonshot's Kimi;
Perplexity's sonar with a search result whose date is null, and with snippet/source fields;
provenance in tests/fixtures/providers/SOURCES.md)
through the real adapters.

What they showed: Gemma 4 through LM Studio leaves its thinking in ``content``, ended by
``<channel|>`` (its opening ``<|channel>thought`` already eaten by the template), and the
report showed that thinking as the answer; and a sentence of Perplexity's answer ("the
current world No. 1 according to ATP rankings") was cut in two at "No.", as "Dr.",
"approx. 50" and "Avda." were, so its citations landed on a fragment."""

from __future__ import annotations

import json

import pytest

from scout.adapters.answer import parse_answer
from scout.errors import ParseError, Unavailable
from tests.adapters.helpers import FIXTURES
from tests.adapters_media.test_openai import KEY, Capture, adapter, request
from tests.adapters_media.test_perplexity import Capture as PplxCapture
from tests.adapters_media.test_perplexity import adapter as pplx_adapter
from tests.adapters_media.test_perplexity import KEY as PPLX_KEY, request as pplx_request

OPENAI = FIXTURES / "openai"
GEMMA = "lmstudio-gemma-4-channel-close-in-content-trimmed.json"


def call(name: str | bytes, status: int = 200):
    raw = (OPENAI / name).read_bytes() if isinstance(name, str) else name
    # a capture answers a prompt of its own, not ours: sent no evidence to cite (an
    # answer citing none of the evidence it was sent is refused: synthcheck)
    return adapter(Capture(status, raw, {})).call(request(evidence=[]), KEY)


def with_content(name: str, content: str | None) -> bytes:
    """The recorded body with only ``choices[0].message.content`` replaced."""
    data = json.loads((OPENAI / name).read_bytes())
    data["choices"][0]["message"]["content"] = content
    return json.dumps(data).encode()


# --- LM Studio ---------------------------------------------------------------------------


def test_lm_studio_answer_with_its_extra_fields_is_read() -> None:
    # "reasoning_content": "", "tool_calls": [] on every answer, "stats": {}, the model's
    # name as system_fingerprint
    reply = call("lmstudio-qwen2.5-coder-prose-empty-reasoning.json")
    assert reply.value.text == ("Waves crash on shore,\nSeagulls cry in the breeze,\n"
                                "Ocean's vast embrace.")
    assert reply.value.model == "qwen2.5.1-coder-7b-instruct"
    assert (reply.usage.input_tokens, reply.usage.output_tokens) == (212, 20)
    assert reply.meta["finish_reason"] == "stop" and reply.meta["reasoning_removed"] is False


def test_lm_studio_reasoning_content_stays_out_of_the_answer() -> None:
    reply = call("lmstudio-deepseek-r1-distill-reasoning-content.json")
    text = reply.value.text
    assert text.startswith("To determine the weather in Paris in Celsius, we can use")
    assert "Okay, so I need to figure out" not in text  # reasoning_content
    assert reply.usage.output_tokens == 324


def test_lm_studio_refusing_a_request_says_its_own_words() -> None:
    # LM Studio's error is a bare string under "error" (HTTP 400)
    with pytest.raises(ParseError) as err:
        call("lmstudio-error-400-string.json", 400)
    assert err.value.message.startswith("openai: HTTP 400 (the server refused the request)")
    assert "'messages' field is required" in err.value.message and err.value.hint


def test_moonshot_kimi_answer_with_cached_tokens_inside_usage() -> None:
    # api.moonshot.ai: no system_fingerprint, usage.cached_tokens beside the three counts
    reply = call("moonshot-kimi-k2-usage-cached-tokens.json")
    assert reply.value.text == "The 1992 Olympics were held in **Barcelona, Spain**."
    assert reply.value.model == "kimi-k2-0711-preview"
    assert (reply.usage.input_tokens, reply.usage.output_tokens) == (16, 15)


def test_an_answer_without_usage_reads_no_figures() -> None:
    # derived: the LM Studio capture with its usage block removed
    data = json.loads((OPENAI / "lmstudio-qwen2.5-coder-prose-empty-reasoning.json").read_bytes())
    del data["usage"]
    reply = call(json.dumps(data).encode())
    assert reply.value.text.startswith("Waves crash on shore,")
    assert (reply.usage.input_tokens, reply.usage.output_tokens) == (None, None)


# --- OpenRouter: the upstream model failed after the 200 ----------------------------------


def test_finish_reason_error_is_no_answer_whatever_text_came_with_it() -> None:
    # Gemini through OpenRouter: a control token as content, finish_reason "error"
    with pytest.raises(Unavailable) as err:
        call("openrouter-200-finish-reason-error-ctrl-token.json")
    assert "finish_reason 'error': MALFORMED_FUNCTION_CALL" in err.value.message
    assert "<ctrl46>" not in err.value.message and err.value.hint


@pytest.mark.parametrize("content", ["La tarifa doble es de 120 € y", "", None])
def test_half_an_answer_cut_by_an_upstream_failure_is_not_shown(content: str | None) -> None:
    # derived: the recorded body with its content replaced by a cut sentence or nothing
    with pytest.raises(Unavailable) as err:
        call(with_content("openrouter-200-finish-reason-error-ctrl-token.json", content))
    assert "120" not in err.value.message


def test_a_stream_that_ends_with_finish_reason_error_is_no_answer_either() -> None:
    raw = (OPENAI / "openrouter-stream-finish-reason-error-chunk.txt").read_bytes()
    cap = Capture(200, raw, {"content-type": "text/event-stream"})
    with pytest.raises(Unavailable) as err:
        adapter(cap).call(request(), KEY)
    assert "MALFORMED_FUNCTION_CALL" in err.value.message


# --- Gemma 4's channel markers -----------------------------------------------------------


def test_gemma_4_thinking_ended_by_channel_close_is_not_the_answer() -> None:
    reply = call(GEMMA)
    text = reply.value.text
    assert text == "KB/TOOLS USED:\nTRIED TEST ACCOUNT:N/A\nTS STEPS:"
    assert "Image Parser" not in text and "<channel|>" not in text
    assert reply.meta["reasoning_removed"] is True


@pytest.mark.parametrize(("content", "answer"), [
    # the whole block, then Gemma's end-of-turn token
    ("<|channel>thought\nThe user asks for a cheap hotel. Check prices.\n<channel|>"
     "Hotel Sol costs 90 EUR a night.<turn|>", "Hotel Sol costs 90 EUR a night."),
    # an empty thought block (thinking off)
    ("<|channel>thought\n<channel|>El hotel cuesta 90 € la noche.", "El hotel cuesta 90 € la noche."),
    # only the closing marker left, at the start
    ("<channel|>La habitación doble cuesta 120 €.", "La habitación doble cuesta 120 €."),
    # the turn's opening marker echoed too
    ("<|turn>model\n<|channel>thought\nCompare both.<channel|>Precio: 75 € por noche.<turn|>",
     "Precio: 75 € por noche."),
    # a <thought> tag, as other Gemma builds write it
    ("<thought>They want Lisbon.</thought>Lisbon has three hotels under 150 EUR.",
     "Lisbon has three hotels under 150 EUR."),
])
def test_gemma_4_marker_variants_keep_only_the_answer(content: str, answer: str) -> None:
    # derived: the recorded Gemma 4 body with its content replaced
    reply = call(with_content(GEMMA, content))
    assert reply.value.text == answer


@pytest.mark.parametrize("content", [
    "thought\n<channel|>",  # the model closed its thinking and wrote nothing
    "<|channel>thought\nStill comparing the two hotels when the tokens ran out",
])
def test_gemma_4_thinking_alone_is_no_answer_and_says_so(content: str) -> None:
    with pytest.raises(ParseError) as err:
        call(with_content(GEMMA, content))
    assert "reasoning" in err.value.message
    assert "Still comparing" not in err.value.message


def test_harmony_channels_are_not_mistaken_for_gemma_markers() -> None:
    # gpt-oss's "<|channel|>" has a bar on each side; its final channel is the answer
    content = ("<|channel|>analysis<|message|>User wants a price.<|end|><|start|>assistant"
               "<|channel|>final<|message|>It costs 80 EUR.")
    assert call(with_content(GEMMA, content)).value.text == "It costs 80 EUR."


# --- Perplexity: a search result without a date --------------------------------------------


def test_perplexity_search_result_with_null_date_is_kept_undated() -> None:
    raw = (FIXTURES / "perplexity/chat-completions-sonar-search-results-null-date-2025-08.json"
           ).read_bytes()
    reply = pplx_adapter(PplxCapture(body=raw)).call(pplx_request(), PPLX_KEY)
    syn = reply.value
    assert [c.index for c in syn.citations] == [1, 2, 3, 4, 5]
    tnt = syn.sources[2]
    assert tnt.url == "https://www.tntsports.co.uk/tennis/atp/standings.shtml"
    assert tnt.title == "ATP 2025 World Ranking - Tennis" and tnt.published is None
    assert syn.sources[0].published == "2025-08-11"
    by_text = {s.text: s.citations for s in syn.sentences}
    # one sentence, not "...world No." and "1 according to..."
    assert by_text["Additional context: Jannik Sinner is the current world No. 1 according to "
                   "ATP rankings and has recently ascended to the top spot, ahead of Carlos "
                   "Alcaraz and Alexander Zverev."] == [1, 2, 3]
    assert reply.usage.reported_usd == 0.005


def test_perplexity_search_results_with_snippet_and_source_fields() -> None:
    # the 2025-10 shape: each search result also carries "snippet" and "source": "web";
    # one is titled by its own address; the answer ends in a markdown table
    raw = (FIXTURES / "perplexity/chat-completions-sonar-search-results-snippet-source-2025-10"
                      ".json").read_bytes()
    syn = pplx_adapter(PplxCapture(body=raw)).call(pplx_request(), PPLX_KEY).value
    assert len(syn.citations) == 11 and len(syn.sources) == 11
    llms = syn.sources[1]
    assert llms.title == llms.url == "https://markwatson.com/llms.txt"
    assert llms.snippet.startswith("Mark Watson's hobbies are cooking, photography")
    assert llms.published is None and llms.meta["last_updated"] == "2025-10-05"
    [table] = [b for b in syn.blocks if b.kind == "table"]
    assert table.header == ["Aspect", "Details"] and len(table.rows) == 4
    assert table.rows[3].cells == ["Musical Instruments Played",
                                   "Guitar, didgeridoo, American Indian flute"]
    cited = {s.text: s.citations for s in syn.sentences}
    assert cited["Regarding musical instruments, Mark Watson plays the guitar, didgeridoo, "
                 "and American Indian flute as part of his hobbies."] == [2]


# --- sentences: a period that ends an abbreviation ends no sentence ----------------------


@pytest.mark.parametrize(("text", "sentences"), [
    ("Ask for Dr. Vidal at reception. Breakfast is included.",
     ["Ask for Dr. Vidal at reception.", "Breakfast is included."]),
    ("The flat measures approx. 45 m². It has a balcony.",
     ["The flat measures approx. 45 m².", "It has a balcony."]),
    ("Ranked No. 3 of 250 hotels in Porto. Rooms from 95 EUR.",
     ["Ranked No. 3 of 250 hotels in Porto.", "Rooms from 95 EUR."]),
    ("El hotel está en la Avda. Diagonal 640. Tiene piscina.",
     ["El hotel está en la Avda. Diagonal 640.", "Tiene piscina."]),
    ("Cuesta aprox. 90 € la noche. El desayuno se paga aparte.",
     ["Cuesta aprox. 90 € la noche.", "El desayuno se paga aparte."]),
    ("Está en la pág. 12 del folleto. Reserva antes del viernes.",
     ["Está en la pág. 12 del folleto.", "Reserva antes del viernes."]),
    # "No." as an answer still ends its sentence
    ("Would I stay again? No. The street was noisy.",
     ["Would I stay again?", "No.", "The street was noisy."]),
    ("¿Volvería? No. El ruido no dejaba dormir.",
     ["¿Volvería?", "No.", "El ruido no dejaba dormir."]),
])
def test_abbreviations_do_not_split_a_sentence(text: str, sentences: list[str]) -> None:
    parsed = parse_answer(text, lambda kind, number: None)
    assert [s.text for s in parsed.sentences] == sentences


def test_a_citation_after_an_abbreviation_still_ends_the_sentence() -> None:
    # "… approx. [1] 50 …" never happens; a mark after the period is a sentence's end
    parsed = parse_answer("It is ranked No.[1] Other hotels are cheaper.",
                          lambda kind, number: 1 if str(number) == "1" else None)
    assert [s.text for s in parsed.sentences] == ["It is ranked No.", "Other hotels are cheaper."]
    assert parsed.sentences[0].citations == [1]
