"""A local server (LM Studio, llama.cpp's server) answering HTTP 200 with nothing in it —
an empty body, or ``choices[0].message.content: ""`` with no reason beside it — through
the REAL providers layer against the local fake server: the local synthesis stands in,
and the note the synthesis step writes says why in the request's language, with a hint
that points at the server's log and the prompt's size instead of at base_url (an empty
body used to read "the response is not JSON" with the base URL's hint).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from scout.i18n.messages import localize
from scout.providers.runtime import ProviderRuntime
from scout.steps.synthesize import _LINK_NOTES
from tests.fakes.openai import OPENAI_ANSWER
from tests.fakes.server import FakeServer, Reply
from tests.integration.helpers import KEY_VARS, journal, write_config
from tests.integration.test_synthesis_resend import request
from tests.providers.fakes import FakeClock


def body_with(**message: object) -> bytes:
    data = json.loads(OPENAI_ANSWER.read_text(encoding="utf-8"))
    data["choices"][0]["message"] = {"role": "assistant", **message}
    data["choices"][0]["finish_reason"] = "stop"
    return json.dumps(data).encode()


@pytest.fixture
def srv(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeServer]:
    for var in KEY_VARS:
        monkeypatch.delenv(var, raising=False)
    with FakeServer() as server:
        yield server


@pytest.mark.parametrize(("reply", "en", "es"), [
    (Reply(200, b"", "application/json"),
     "openai: the server answered HTTP 200 with an empty body, no answer",
     "openai: el servidor respondió HTTP 200 con un cuerpo vacío, sin respuesta"),
    (Reply(200, b"\n", "text/plain"),
     "openai: the server answered HTTP 200 with an empty body, no answer",
     "openai: el servidor respondió HTTP 200 con un cuerpo vacío, sin respuesta"),
    (Reply(200, body_with(content="")),
     "openai: the model answered with empty text",
     "openai: el modelo respondió con un texto vacío"),
    (Reply(200, body_with(content=None)),   # LM Studio's null content
     "openai: the model answered with empty text",
     "openai: el modelo respondió con un texto vacío"),
    (Reply(200, body_with(content="  \n ", reasoning_content="")),
     "openai: the model answered with empty text",
     "openai: el modelo respondió con un texto vacío"),
])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_an_empty_answer_falls_back_and_says_why(
        srv: FakeServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, reply: Reply,
        en: str, es: str, lang: str) -> None:
    srv.route("POST", "/v1/chat/completions", lambda req: reply)
    monkeypatch.setenv("SCOUTE_OPENAI_BASE_URL", srv.url + "/v1")
    config = write_config(tmp_path, {"synthesis": ["openai?", "extractive"]})
    clock = FakeClock()
    with ProviderRuntime(config, tmp_path, "m-empty", clock=clock, sleep=clock.sleep) as rt:
        out = rt.gateway("P3", "synthesis").call(request(lang))
    assert out.answered_by == "extractive"
    (failed,) = [a for a in out.links if a.adapter == "openai"]
    assert failed.message == en
    note = _LINK_NOTES["error"].format(adapter="openai", result="error", reason=failed.message)
    said = localize(note, lang)
    assert said.endswith(es if lang == "es" else en)
    assert "base_url" not in said
    (line,) = [e for e in journal(tmp_path) if e["adapter"] == "openai"]
    assert line["result"] == "error" and line["error"]["code"] == "PRV005"
