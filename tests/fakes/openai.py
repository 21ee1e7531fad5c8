"""A fake OpenAI-compatible server route (OpenAI, Ollama, vLLM, llama.cpp, LM Studio).

:func:`openai_route` answers ``POST {prefix}/chat/completions`` on the FakeServer with a
real captured body (``tests/fixtures/providers/openai/``, SOURCES.md) whose
``choices[0].message.content`` a test may replace. With ``keys`` it behaves like OpenAI
(401 for a missing or unknown Bearer key); without, like a keyless local server. Each
request is logged with the NAME of the key it carried (never its value), whether it
carried an ``Authorization`` header at all, and its JSON body.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from tests.fakes.media import FIXTURES
from tests.fakes.server import FakeServer, Reply, Req

OPENAI_ANSWER = FIXTURES / "openai" / "chat-completions-gpt-4o-mini-weather.json"
OLLAMA_ANSWER = FIXTURES / "openai" / "ollama-chat-completions-qwen3-8b.json"
#: made up from OpenAI's documented error object (no real 401 body was captured)
UNAUTHORIZED_BODY = {"error": {"message": "Incorrect API key provided.",
                               "type": "invalid_request_error", "code": "invalid_api_key"}}


def answer_with(content: str, capture: Any = OPENAI_ANSWER) -> bytes:
    """The real captured body with only ``choices[0].message.content`` replaced."""
    data = json.loads(capture.read_text(encoding="utf-8"))
    data["choices"][0]["message"]["content"] = content
    return json.dumps(data).encode()


@dataclass
class ChatLog:
    key_names: list[str | None] = field(default_factory=list)  # None: no Authorization
    bodies: list[dict[str, Any]] = field(default_factory=list)


def openai_route(srv: FakeServer, *, prefix: str = "/v1", keys: dict[str, str] | None = None,
                 answer: bytes | None = None) -> ChatLog:
    """Route ``POST {prefix}/chat/completions``; ``keys`` maps accepted key VALUES to names
    (None: a local server that needs no key)."""
    log = ChatLog()

    def handler(req: Req) -> Reply:
        headers = {k.lower(): v for k, v in req.headers.items()}
        auth = headers.get("authorization")
        value = auth[len("Bearer "):] if auth and auth.startswith("Bearer ") else None
        log.key_names.append(None if auth is None else
                             (keys or {}).get(value or "", "<unknown>"))
        log.bodies.append(req.json())
        if keys is not None and value not in keys:
            return Reply(401, UNAUTHORIZED_BODY)
        return Reply(200, answer if answer is not None else OPENAI_ANSWER.read_bytes())

    srv.route("POST", f"{prefix}/chat/completions", handler)
    return log
