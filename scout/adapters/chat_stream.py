"""A chat answer's body, read once (:func:`answer_json`): JSON, or a streamed completion
read as the one answer it adds up to (:func:`assemble`).

scout asks for ``"stream": false``, yet a gateway or server may stream anyway (Server-Sent
Events: ``data: {chunk}`` lines, ``data: [DONE]`` at the end). Each chunk is a
``chat.completion.chunk`` whose ``choices[0].delta`` carries a piece of the answer
(``content``) or of the model's thinking (``reasoning_content`` / ``reasoning``, never
kept); the last chunks carry ``finish_reason`` and, on servers that send it, ``usage``
(llama.cpp, vLLM with ``stream_options``). :func:`assemble` gives the completion body the
chunks add up to, so the answer is read like any other: its text, its finish reason, its
usage, or the ``error`` a chunk carried.
"""

from __future__ import annotations

import weakref
from typing import Any

import httpx

from scout.adapters.contract.jsontext import loads
from scout.adapters.search_http import load_json

#: chunks read at most: a chat answer is a few thousand, and a hostile stream is cut here
MAX_CHUNKS = 20_000


def assemble(text: str) -> dict[str, Any] | None:
    """The completion a Server-Sent Events body adds up to; None when ``text`` is not such
    a stream (then it is no JSON at all, and the caller says so)."""
    lines = [ln[5:].strip() for ln in text.splitlines() if ln.startswith("data:")]
    if not lines:
        return None
    content: list[str] = []
    out: dict[str, Any] = {}
    finish: str | None = None
    native: str | None = None  # OpenRouter's upstream reason, beside finish_reason "error"
    read = 0
    for line in lines[:MAX_CHUNKS]:
        if line == "[DONE]":
            break
        try:
            chunk = loads(line)
        except (ValueError, RecursionError):
            continue  # a keep-alive comment or a broken line: the others still count
        if not isinstance(chunk, dict):
            continue
        read += 1
        if isinstance(chunk.get("error"), (dict, str)):
            return {"error": chunk["error"]}  # the stream failed: that is the answer
        for key in ("id", "model"):
            if isinstance(chunk.get(key), str) and key not in out:
                out[key] = chunk[key]
        if isinstance(chunk.get("usage"), dict):
            out["usage"] = chunk["usage"]
        choices = chunk.get("choices")
        choice = choices[0] if isinstance(choices, list) and choices else None
        if not isinstance(choice, dict):
            continue
        delta = choice.get("delta")
        if isinstance(delta, dict) and isinstance(delta.get("content"), str):
            content.append(delta["content"])
        if isinstance(choice.get("finish_reason"), str) and choice["finish_reason"]:
            finish = choice["finish_reason"]
        if isinstance(choice.get("native_finish_reason"), str):
            native = choice["native_finish_reason"]
    if not read:
        return None
    out["choices"] = [{"index": 0, "message": {"role": "assistant", "content": "".join(content)},
                       "finish_reason": finish}]
    if native:
        out["choices"][0]["native_finish_reason"] = native
    return out


#: each answer's body parsed once: in_band_error reads it for an error, read_completion for
#: the answer (a long answer parsed twice is time and memory spent for nothing); weak, so
#: an answer's parse goes with the answer
_PARSED: weakref.WeakKeyDictionary[httpx.Response, Any] = weakref.WeakKeyDictionary()


def answer_json(response: httpx.Response) -> Any:
    """The body parsed as JSON (:func:`load_json`, whose errors it raises), or a streamed
    body as the completion it adds up to (:mod:`scout.adapters.chat_stream`), once per
    answer."""
    if response in _PARSED:
        return _PARSED[response]
    try:
        data = load_json(response)
    except ValueError:
        # streamed although "stream": false was asked: the answer the chunks add up to
        data = assemble(response.content.decode("utf-8", errors="replace"))
        if data is None:
            raise
    _PARSED[response] = data
    return data
