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
#: OpenAI's real 401 for a wrong key (SOURCES.md), its echo of the key masked
UNAUTHORIZED_BODY = (FIXTURES / "openai" / "openai-error-401-invalid-api-key.json").read_bytes()


def answer_with(content: str, capture: Any = OPENAI_ANSWER) -> bytes:
    """The real captured body with only ``choices[0].message.content`` replaced."""
    data = json.loads(capture.read_text(encoding="utf-8"))
    data["choices"][0]["message"]["content"] = content
    return json.dumps(data).encode()


@dataclass
class ChatLog:
    key_names: list[str | None] = field(default_factory=list)  # None: no Authorization
    bodies: list[dict[str, Any]] = field(default_factory=list)
    #: each request's headers (lower-cased names) and query
    headers: list[dict[str, str]] = field(default_factory=list)
    queries: list[dict[str, list[str]]] = field(default_factory=list)


def openai_route(srv: FakeServer, *, prefix: str = "/v1", keys: dict[str, str] | None = None,
                 answer: bytes | None = None, key_header: str | None = None,
                 refused: tuple[int, bytes] = (401, UNAUTHORIZED_BODY)) -> ChatLog:
    """Route ``POST {prefix}/chat/completions``; ``keys`` maps accepted key VALUES to names
    (None: a local server that needs no key). ``key_header``: the header the server reads
    the bare key from (Azure's deployments: ``api-key``) instead of a Bearer
    ``Authorization``; ``refused``: the status and body of a refused key."""
    log = ChatLog()

    def handler(req: Req) -> Reply:
        headers = {k.lower(): v for k, v in req.headers.items()}
        log.headers.append(headers)
        log.queries.append(req.query)
        if key_header is not None:
            auth = headers.get(key_header.lower())
            value = auth
        else:
            auth = headers.get("authorization")
            value = auth[len("Bearer "):] if auth and auth.startswith("Bearer ") else None
        log.key_names.append(None if auth is None else
                             (keys or {}).get(value or "", "<unknown>"))
        log.bodies.append(req.json())
        if keys is not None and value not in keys:
            return Reply(refused[0], refused[1])
        return Reply(200, answer if answer is not None else OPENAI_ANSWER.read_bytes())

    srv.route("POST", f"{prefix}/chat/completions", handler)
    return log
