"""An answer written in the other of scout's languages than the request's (a model that
ignored the instruction) is asked for once more, inside the same call, with a firmer
instruction; the second answer is used when it is in the request's language, with a
note saying the model was asked twice, and both answers are counted (requests, tokens,
any price the server reports). A second answer in the wrong language is not used: a
ParseError says why in the reader's language and carries what both answers cost
(``ProviderError.paid``), so the providers layer charges it and the local synthesis
stands in (scout/adapters/chat_resend.py). Both adapters, both languages.
"""

from __future__ import annotations

import json

import httpx
import pytest

from scout.adapters.contract import Secret
from scout.adapters.perplexity import PerplexityAdapter
from scout.config.adaptertypes import settings_for
from scout.errors import ParseError
from scout.i18n.messages import localize
from tests.adapters.helpers import FIXTURES
from tests.adapters_media.test_openai import KEY, adapter, request
from tests.fakes.openai import answer_with

ENGLISH = [
    "Casa Bonay is the best rated of the three, at 8.9/10 [E1], and it sits in the "
    "Eixample. Praktik Rambla is cheaper, with rooms from 120 EUR a night [E2].",
    "If you want the rooftop and the higher rating, choose Casa Bonay [E1]. For the lowest "
    "price the better pick is Praktik Rambla, which starts at 120 EUR [E2]. Generator has "
    "private rooms in Gracia [E3].",
]
SPANISH = [
    "Casa Bonay es la mejor valorada de las tres, con un 8,9/10 [E1], y está en el "
    "Eixample. Praktik Rambla es más barato, con habitaciones desde 120 EUR la noche [E2].",
    "Si buscas la azotea y la mejor nota, elige Casa Bonay [E1]. Para pagar menos, la "
    "mejor opción es Praktik Rambla, que empieza en 120 EUR [E2]. Generator tiene "
    "habitaciones privadas en Gràcia [E3].",
]
WRONG = {"es": ENGLISH, "en": SPANISH}
RIGHT = {"es": SPANISH, "en": ENGLISH}
NOTE = {"es": "el modelo respondió primero en inglés, no en español, el idioma de la "
              "petición: se le pidió una vez más, con firmeza, que respondiera en español, "
              "y las dos respuestas cuentan en los costes",
        "en": "the model first answered in Spanish, not in English, the language of the "
              "request: it was asked once more, firmly, to answer in English, and both "
              "answers are counted in the costs"}


class Answers:
    """Answers each request with the next body; the last one repeats."""

    def __init__(self, *bodies: bytes) -> None:
        self.bodies = list(bodies)
        self.sent: list[dict] = []

    def __call__(self, req: httpx.Request) -> httpx.Response:
        self.sent.append(json.loads(req.content))
        body = self.bodies.pop(0) if len(self.bodies) > 1 else self.bodies[0]
        return httpx.Response(200, content=body, headers={"content-type": "application/json"})


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("i", [0, 1])
def test_an_answer_in_the_other_language_is_asked_for_again(lang: str, i: int) -> None:
    server = Answers(answer_with(WRONG[lang][i]), answer_with(RIGHT[lang][i]))
    reply = adapter(server).call(request(lang=lang), KEY)
    assert len(server.sent) == 2
    first, second = server.sent
    said = second["messages"][0]["content"]
    assert said.startswith(first["messages"][0]["content"])
    assert "Your previous answer was written in" in said
    assert second["messages"][1]["content"].endswith(said[len(first["messages"][0]["content"]):]
                                                     .strip())
    assert reply.value.text.startswith(RIGHT[lang][i][:20])
    assert NOTE[lang] in reply.value.notes
    # both answers are counted: the captured body's usage is 54 in, 79 out
    assert reply.usage.requests == 2
    assert (reply.usage.input_tokens, reply.usage.output_tokens) == (108, 158)
    assert reply.meta["sends"] == 2


@pytest.mark.parametrize("lang", ["es", "en"])
def test_an_answer_in_the_request_language_is_sent_once(lang: str) -> None:
    server = Answers(answer_with(RIGHT[lang][0]))
    reply = adapter(server).call(request(lang=lang), KEY)
    assert len(server.sent) == 1 and reply.usage.requests == 1
    assert NOTE[lang] not in reply.value.notes and reply.meta["sends"] == 1


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_second_answer_in_the_wrong_language_is_not_used_and_is_charged(lang: str) -> None:
    server = Answers(answer_with(WRONG[lang][0]), answer_with(WRONG[lang][1]))
    with pytest.raises(ParseError) as err:
        adapter(server).call(request(lang=lang), KEY)
    assert len(server.sent) == 2
    message = err.value.args[0]
    assert "twice" in message
    spanish = localize(message, "es")
    assert "dos veces" in spanish and "no se usa" in spanish
    assert err.value.paid.requests == 2 and err.value.paid.input_tokens == 108


def test_a_refused_second_answer_is_charged_with_the_first() -> None:
    """The second answer cites nothing: refused as any such answer is, but the first
    answer was paid for too."""
    server = Answers(answer_with(ENGLISH[0]), answer_with(
        "Casa Bonay es una opción excelente para alojarse en el centro de la ciudad. "
        "Praktik Rambla también es buena para quien quiere pagar menos cada noche."))
    with pytest.raises(ParseError, match="cites none of the evidence") as err:
        adapter(server).call(request(lang="es"), KEY)
    assert err.value.paid.requests == 2


SONAR = json.loads((FIXTURES / "perplexity" /
                    "chat-completions-sonar-repo-rate-india.json").read_text(encoding="utf-8"))


def sonar(content: str) -> bytes:
    data = json.loads(json.dumps(SONAR))
    data["choices"][0]["message"]["content"] = content.replace("[E", "[")
    return json.dumps(data).encode()


@pytest.mark.parametrize("lang", ["es", "en"])
def test_perplexity_asks_again_too_and_counts_both_prices(lang: str) -> None:
    server = Answers(sonar(WRONG[lang][0]), sonar(RIGHT[lang][0]))
    px = PerplexityAdapter("perplexity", settings_for("perplexity", {"type": "perplexity"}),
                           httpx.Client(transport=httpx.MockTransport(server)))
    reply = px.call(request(lang=lang), Secret("PERPLEXITY_API_KEY", "pplx-k"))
    assert len(server.sent) == 2 and NOTE[lang] in reply.value.notes
    once = SONAR["usage"]["cost"]["total_cost"]
    assert reply.usage.reported_usd == pytest.approx(2 * once)
    assert reply.usage.requests == 2
